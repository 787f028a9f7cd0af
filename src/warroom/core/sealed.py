"""Sealed simultaneous bids: every bidder decides at once, nobody sees another's amount until
a single reveal, and ties are settled by dice.

A mode keeps one `SealedBids` in its state while bidding is open: `to_move` returns
`waiting()` (every bidder who has not bid, so all of them at first), an action calls `bid`,
`observe` keeps `masked(seat)` (the others' amounts become `HIDDEN`, but that they have bid
stays public), and `resample_hidden` keeps `resampled(seat, rng)` (the others' unrevealed bids
redrawn within their limits). Once `complete`, the mode emits `reveal_event` (the one event
with `reveals=True`) and ranks the bidders with `rank`, whose die rolls break ties.

The contract suite plays `to_move()[0]` first, so a bid's event says only that a seat bid; the
amount is its secret.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from warroom.core.errors import IllegalAction
from warroom.core.events import Event
from warroom.core.rng import Rng

Seat = int
HIDDEN = -1
"""The amount of a bid that was made but that the observing seat may not see."""


@dataclass(frozen=True, slots=True)
class SealedBids:
    """Bidders in order, the most each may bid (public), and their bids (None: not yet)."""

    bidders: tuple[Seat, ...]
    limits: tuple[int, ...]
    bids: tuple[int | None, ...]

    @staticmethod
    def open(bidders: Sequence[Seat], limits: Sequence[int]) -> SealedBids:
        if len(bidders) != len(limits) or not bidders:
            raise ValueError("every bidder needs a limit, and a bid needs bidders")
        if len(set(bidders)) != len(bidders) or min(limits) < 0:
            raise ValueError("bidders must differ and limits cannot be negative")
        return SealedBids(tuple(bidders), tuple(limits), (None,) * len(bidders))

    def waiting(self) -> tuple[Seat, ...]:
        """The bidders still to bid, in bidding order: all of them decide at once."""
        return tuple(s for s, b in zip(self.bidders, self.bids, strict=True) if b is None)

    @property
    def complete(self) -> bool:
        return all(b is not None for b in self.bids)

    def limit(self, seat: Seat) -> int:
        return self.limits[self.bidders.index(seat)]

    def bid(self, seat: Seat, amount: int) -> SealedBids:
        """The bids with `seat`'s amount sealed in; IllegalAction says why not."""
        if seat not in self.bidders:
            raise IllegalAction("you are not bidding")
        i = self.bidders.index(seat)
        if self.bids[i] is not None:
            raise IllegalAction("you have already bid")
        if not 0 <= amount <= self.limits[i]:
            raise IllegalAction(f"a bid is from 0 to {self.limits[i]}, not {amount}")
        return replace(self, bids=(*self.bids[:i], amount, *self.bids[i + 1 :]))

    def masked(self, seat: Seat | None) -> SealedBids:
        """What `seat` may know (None: a spectator): its own bid, and only whether others bid."""
        return replace(
            self,
            bids=tuple(
                b if b is None or s == seat else HIDDEN
                for s, b in zip(self.bidders, self.bids, strict=True)
            ),
        )

    def resampled(self, seat: Seat, rng: Rng) -> SealedBids:
        """A set of bids `seat` cannot tell from this one: every other bid made is redrawn."""
        return replace(
            self,
            bids=tuple(
                b if b is None or s == seat else rng.below(limit + 1)
                for s, b, limit in zip(self.bidders, self.bids, self.limits, strict=True)
            ),
        )

    def bid_event(self, seat: Seat, name: str, unit: str = "", plural: bool = False) -> Event:
        """The event of `seat`'s bid: public that it bid, its amount secret to it; `plural`
        for a name that is one ("Greeks have bid", "Greeks bid 2 faith")."""
        amount = self.bids[self.bidders.index(seat)]
        return Event(
            "bid",
            f"{name} {'have' if plural else 'has'} bid",
            {"seat": seat},
            known_to=frozenset((seat,)),
            secret={"amount": amount},
            secret_text=f"{name} {'bid' if plural else 'bids'} {amount}{unit}",
        )

    def reveal_event(self, names: Sequence[str]) -> Event:
        """The single reveal of every bid (ends the right to undo)."""
        if not self.complete:
            raise ValueError("bids are revealed only once everyone has bid")
        shown = ", ".join(f"{names[s]} {b}" for s, b in zip(self.bidders, self.bids, strict=True))
        return Event(
            "bids-revealed",
            f"Bids revealed: {shown}",
            {"bids": {str(s): b for s, b in zip(self.bidders, self.bids, strict=True)}},
            reveals=True,
        )

    def rank(self, rng: Rng) -> tuple[tuple[Seat, ...], list[tuple[Seat, int]]]:
        """Bidders from the highest bid down, and the die rolls that broke ties."""
        if not self.complete:
            raise ValueError("bids are ranked only once everyone has bid")
        values = [b if b is not None else 0 for b in self.bids]
        return rank_with_rolls(self.bidders, values, rng)


def rank_with_rolls(
    seats: Sequence[Seat], values: Sequence[int], rng: Rng
) -> tuple[tuple[Seat, ...], list[tuple[Seat, int]]]:
    """Seats from the highest value down; seats with equal values roll a die each, the higher
    roll first, and those still tied roll again. Only tied seats roll, and the order of the
    others does not change (Godstorm A26). Returns the order and every roll, in order."""
    rolls: list[tuple[Seat, int]] = []
    order: list[Seat] = []
    for value in sorted(set(values), reverse=True):
        order += _settle([s for s, v in zip(seats, values, strict=True) if v == value], rng, rolls)
    return tuple(order), rolls


def _settle(tied: list[Seat], rng: Rng, rolls: list[tuple[Seat, int]]) -> list[Seat]:
    if len(tied) < 2:
        return tied
    faces = [rng.die() for _ in tied]
    rolls += zip(tied, faces, strict=True)
    out: list[Seat] = []
    for face in sorted(set(faces), reverse=True):
        out += _settle([s for s, f in zip(tied, faces, strict=True) if f == face], rng, rolls)
    return out
