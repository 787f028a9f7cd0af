"""Epochs and turn order (G23-G29, A26 [Start of an Epoch], A27
[Start of an Epoch; Eliminating a Player]): a sealed faith bid before every epoch, every bid paid,
the bidders choosing turn-order markers from the highest bid down."""

from __future__ import annotations

from warroom.core.errors import IllegalAction
from warroom.core.events import Event
from warroom.core.game import Seat
from warroom.core.sealed import SealedBids
from warroom.games.godstorm.state import NOBODY, GodstormState


def open_bids(state: GodstormState) -> None:
    """G24, A27 [Start of an Epoch; Eliminating a Player]: every surviving player bids, from 0 to
    their whole faith; as many markers as surviving players."""
    alive = [s for s in range(state.players) if state.alive(s)]
    state.bids = SealedBids.open(alive, [state.faith[s] for s in alive])
    state.markers = [NOBODY] * len(alive)
    state.bid_rank = []
    state.turn = 0


def place_bid(state: GodstormState, seat: Seat, amount: int) -> list[Event]:
    """A sealed bid; once the last is in, the single reveal, every bid paid to the pool (G27),
    and die rolls among tied bidders only (G26, A26 [Start of an Epoch])."""
    if state.bids is None:
        raise IllegalAction("no bid is being held")
    state.bids = state.bids.bid(seat, amount)
    plural = state.pantheon[seat] >= 0  # a pantheon's name is a plural ("Greeks have bid")
    events = [state.bids.bid_event(seat, state.names[seat], " faith", plural)]
    if not state.bids.complete:
        return events
    events.append(state.bids.reveal_event(state.names))
    for bidder, paid in zip(state.bids.bidders, state.bids.bids, strict=True):
        state.faith[bidder] -= paid or 0
    rank, rolls = state.bids.rank(state.rng)
    if rolls:
        shown = ", ".join(f"{state.names[s]} {face}" for s, face in rolls)
        events.append(Event("tie-rolls", f"Ties rolled off: {shown}", reveals=True))
    state.bid_rank = list(rank)
    state.bids = None
    return events


def choose_marker(state: GodstormState, seat: Seat, marker: int) -> None:
    """G25: the highest remaining bidder takes any remaining marker (1 is first)."""
    if not state.bid_rank or state.bid_rank[0] != seat:
        raise IllegalAction("it is not your choice of turn-order marker")
    if not 1 <= marker <= len(state.markers) or state.markers[marker - 1] != NOBODY:
        free = [m + 1 for m, s in enumerate(state.markers) if s == NOBODY]
        raise IllegalAction(f"choose a free marker: {', '.join(map(str, free))}")
    state.markers[marker - 1] = seat
    state.bid_rank.pop(0)


def current(state: GodstormState) -> Seat:
    """G28: the holder of the marker whose turn it is."""
    return state.markers[state.turn]


def active(state: GodstormState) -> Seat:
    """The player whose turn it is, or NOBODY between turns (bids, setup, game over)."""
    if 0 <= state.turn < len(state.markers):
        return state.markers[state.turn]
    return NOBODY


def next_turn(state: GodstormState) -> bool:
    """G29, A27 [Start of an Epoch; Eliminating a Player]: the next surviving marker holder's turn;
    False when the epoch is over (a player eliminated partway through loses the turn not yet
    taken)."""
    state.turn += 1
    while state.turn < len(state.markers) and not state.alive(state.markers[state.turn]):
        state.turn += 1
    return state.turn < len(state.markers)


def end_epoch(state: GodstormState) -> bool:
    """G29: the epoch marker advances; False after the fifth (the game is scored)."""
    if state.epoch >= state.parts.constants["epochs"]:
        return False
    state.epoch += 1
    open_bids(state)
    return True
