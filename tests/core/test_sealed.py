"""Sealed simultaneous bids (core/sealed.py): all bidders decide at once, amounts stay hidden
until one reveal, redrawing hides nothing, and dice break ties among the tied only."""

from __future__ import annotations

import pytest

from warroom.core.errors import IllegalAction
from warroom.core.rng import Rng, Script, ScriptedRng
from warroom.core.sealed import HIDDEN, SealedBids, rank_with_rolls


def test_every_bidder_moves_at_once_and_bids_are_checked() -> None:
    bids = SealedBids.open((0, 1, 2), (3, 5, 0))
    assert bids.waiting() == (0, 1, 2) and not bids.complete
    bids = bids.bid(1, 4)
    assert bids.waiting() == (0, 2)
    with pytest.raises(IllegalAction, match="already bid"):
        bids.bid(1, 2)
    with pytest.raises(IllegalAction, match="from 0 to 3, not 4"):
        bids.bid(0, 4)
    with pytest.raises(IllegalAction, match="not bidding"):
        bids.bid(7, 0)
    bids = bids.bid(0, 3).bid(2, 0)
    assert bids.complete and bids.waiting() == ()


def test_a_bid_is_hidden_from_the_others_until_the_reveal() -> None:
    bids = SealedBids.open((0, 1), (4, 4)).bid(0, 2)
    assert bids.masked(0).bids == (2, None)
    assert bids.masked(1).bids == (HIDDEN, None)
    assert bids.masked(None).bids == (HIDDEN, None)
    event = bids.bid_event(0, "Ann")
    assert event.for_seat(1) == {"kind": "bid", "text": "Ann has bid", "seat": 0}
    assert event.for_seat(0)["amount"] == 2 and not event.reveals
    done = bids.bid(1, 4)
    reveal = done.reveal_event(["Ann", "Bob"])
    assert reveal.reveals and reveal.data["bids"] == {"0": 2, "1": 4}


def test_resampling_redraws_only_what_the_seat_cannot_see() -> None:
    bids = SealedBids.open((0, 1, 2), (9, 9, 9)).bid(0, 1).bid(1, 2)
    seen = {bids.resampled(0, Rng(seed)).bids for seed in range(40)}
    assert all(b[0] == 1 and b[2] is None and 0 <= (b[1] or 0) <= 9 for b in seen)
    assert len({b[1] for b in seen}) > 1
    assert all(bids.resampled(0, Rng(s)).masked(0) == bids.masked(0) for s in range(5))


def test_ties_are_rolled_off_among_the_tied_only() -> None:
    # Seats 1 and 2 tie on 3; they roll 4 and 4 (still tied), then 2 and 5.
    rng = ScriptedRng(Script((3, 3, 1, 4)))
    order, rolls = rank_with_rolls((0, 1, 2, 3), (5, 3, 3, 0), rng)
    assert order == (0, 2, 1, 3)
    assert rolls == [(1, 4), (2, 4), (1, 2), (2, 5)]
    bids = SealedBids.open((0, 1), (3, 3)).bid(0, 1).bid(1, 3)
    assert bids.rank(ScriptedRng(Script(()))) == ((1, 0), [])
