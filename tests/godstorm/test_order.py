"""Epochs and turn order (G23-G29, A26, A27)."""

from __future__ import annotations

import pytest

from warroom.core.errors import IllegalAction
from warroom.core.rng import Rng
from warroom.core.sealed import HIDDEN
from warroom.games.godstorm.losses import eliminate
from warroom.games.godstorm.order import (
    choose_marker,
    current,
    end_epoch,
    next_turn,
    open_bids,
    place_bid,
)

from .conftest import table
from .dice import scripted


def test_g24_every_player_bids_at_once_up_to_their_faith_in_secret() -> None:
    state = table(3)
    state.faith = [3, 5, 0]
    open_bids(state)
    assert state.bids is not None and state.bids.waiting() == (0, 1, 2)
    with pytest.raises(IllegalAction, match="from 0 to 3"):
        place_bid(state, 0, 4)
    events = place_bid(state, 1, 5)
    name = state.names[1]  # a pantheon's name is a plural: "Celts have bid"
    assert events[0].for_seat(0)["text"] == f"{name} have bid" and not events[0].reveals
    assert events[0].for_seat(1)["text"] == f"{name} bid 5 faith"
    assert state.bids.masked(0).bids[1] == HIDDEN and state.faith[1] == 5  # nothing paid yet


def test_g25_g27_g28_bids_revealed_all_paid_highest_chooses_any_marker() -> None:
    state = table(3)
    state.faith = [3, 5, 2]
    open_bids(state)
    place_bid(state, 0, 1)
    place_bid(state, 1, 4)
    events = place_bid(state, 2, 0)
    assert [e.kind for e in events] == ["bid", "bids-revealed"] and events[1].reveals
    assert state.faith == [2, 1, 2]  # G27: every bid goes to the pool
    assert state.bid_rank == [1, 0, 2]
    with pytest.raises(IllegalAction, match="not your choice"):
        choose_marker(state, 0, 1)
    choose_marker(state, 1, 3)  # G25: not necessarily marker 1
    with pytest.raises(IllegalAction, match="free marker: 1, 2"):
        choose_marker(state, 0, 3)
    choose_marker(state, 0, 1)
    choose_marker(state, 2, 2)
    assert state.markers == [0, 2, 1] and current(state) == 0  # G28: marker 1 first
    assert next_turn(state) and current(state) == 2
    assert next_turn(state) and current(state) == 1
    assert not next_turn(state)


def test_g26_a26_ties_are_broken_by_dice_among_the_tied() -> None:
    state = table(3)
    state.faith = [2, 2, 2]
    state.rng = scripted(1, 5)  # seats 0 and 2 tie on 2: they roll 2 and 6
    open_bids(state)
    place_bid(state, 0, 2)
    place_bid(state, 1, 1)
    events = place_bid(state, 2, 2)
    assert state.bid_rank == [2, 0, 1] and events[-1].kind == "tie-rolls"


def test_g23_g29_five_epochs_then_scoring() -> None:
    state = table(2)
    state.rng = Rng(4)
    epochs = [state.epoch]
    while end_epoch(state):
        epochs.append(state.epoch)
    assert epochs == [1, 2, 3, 4, 5]


def test_a27_markers_for_survivors_and_lost_turns() -> None:
    state = table(3)
    eliminate(state, 1)
    open_bids(state)
    assert state.bids is not None and state.bids.bidders == (0, 2) and len(state.markers) == 2
    state.markers = [0, 2]
    eliminate(state, 2)  # out partway through the epoch: the turn not yet taken is lost
    assert not next_turn(state)
