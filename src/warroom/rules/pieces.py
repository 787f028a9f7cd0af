"""Pieces that are not units: named tokens each in one place, and the sides that are no seat.

Editions put pieces on the board that neither count as units nor hold a territory (RISK MCU's
Allies, Hulk and resource chips; Mass Effect's assets): each piece is in exactly one place at
a time, so a conservation check is free and a move is one replaced tuple (states share it
between copies). `Tokens` holds where each is; the mode names them.

`FaceDown` holds what is on the other side of face-down pieces (Mass Effect's Reaper Vanguard
tokens: one hides the Catalyst) and which seats know each face: a face is known to a set of
seats (the side that placed it, and who destroyed it), the same notion as `Event.known_to`.

`NeutralSide` is a side that holds territories with units but has no seat (S.H.I.E.L.D. on the
Helicarrier, the Dark Elves on Asgard): its own defence dice, and a seat chosen to decide for it
(`decider`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from warroom.core.rng import Rng
from warroom.rules.battle import BattleRule

OFF_BOARD = -1  # in the box or waiting beside the board (Allies not acquired, Hulk on his meter)
HELD = -2  # taken by a player and kept off the board (collected chips, a found scepter)


@dataclass(frozen=True, slots=True)
class Tokens:
    """Where each of a fixed set of pieces is: a territory index, `OFF_BOARD` or `HELD`."""

    where: tuple[int, ...]

    def at(self, place: int) -> tuple[int, ...]:
        """The pieces at `place`, in piece order."""
        return tuple(k for k, p in enumerate(self.where) if p == place)

    def count(self, place: int) -> int:
        return self.where.count(place)

    def placed(self, piece: int, place: int) -> Tokens:
        where = list(self.where)
        where[piece] = place
        return Tokens(tuple(where))

    def moved(self, source: int, target: int, pieces: Sequence[int] | None = None) -> Tokens:
        """Every piece at `source` (or those of `pieces` there) now at `target`."""
        chosen = set(self.at(source) if pieces is None else pieces)
        return Tokens(tuple(target if k in chosen else p for k, p in enumerate(self.where)))

    def problems(
        self, territories: int, total: int, allowed: Callable[[int, int], bool] | None = None
    ) -> list[str]:
        """What breaks conservation (`total` pieces, each in a real place), or `allowed(piece,
        territory)` for a piece on the board."""
        out = []
        if len(self.where) != total:
            out.append(f"{len(self.where)} pieces where there are {total}")
        for k, p in enumerate(self.where):
            if not (p in (OFF_BOARD, HELD) or 0 <= p < territories):
                out.append(f"piece {k} is nowhere ({p})")
            elif p >= 0 and allowed is not None and not allowed(k, p):
                out.append(f"piece {k} may not stand on territory {p}")
        return out


UNKNOWN_FACE = -1  # a face its seat does not know, in `FaceDown.seen`


@dataclass(frozen=True, slots=True)
class FaceDown:
    """The faces of face-down pieces (indexed like the pieces' `Tokens`), each with the seats
    that know it. Which faces exist is public (the box says so); which piece shows which is
    known only to `known_to`."""

    faces: tuple[int, ...]
    known_to: tuple[frozenset[int], ...]

    @classmethod
    def shuffled(cls, faces: Sequence[int], rng: Rng) -> FaceDown:
        """Faces mixed face down (the Vanguard stack, ME43): nobody knows any."""
        mixed = list(faces)
        rng.shuffle(mixed)
        return cls(tuple(mixed), (frozenset(),) * len(mixed))

    def knows(self, seat: int | None, piece: int) -> bool:
        return seat is not None and seat in self.known_to[piece]

    def seen(self, seat: int | None) -> tuple[int, ...]:
        """Each face as `seat` may see it: `UNKNOWN_FACE` where it does not know it."""
        return tuple(
            face if self.knows(seat, k) else UNKNOWN_FACE for k, face in enumerate(self.faces)
        )

    def told(self, piece: int, seats: frozenset[int]) -> FaceDown:
        """`seats` now know `piece`'s face too (a peek, a reveal to a side)."""
        known = list(self.known_to)
        known[piece] = known[piece] | seats
        return FaceDown(self.faces, tuple(known))

    def redrawn(self, seats: frozenset[int], rng: Rng) -> FaceDown:
        """Every face that none of `seats` knows redrawn among those pieces, the others kept:
        a position the seats cannot tell from this one (`Game.resample_hidden`)."""
        hidden = [k for k, known in enumerate(self.known_to) if not known & seats]
        mixed = [self.faces[k] for k in hidden]
        rng.shuffle(mixed)
        faces = list(self.faces)
        for k, face in zip(hidden, mixed, strict=True):
            faces[k] = face
        return FaceDown(tuple(faces), self.known_to)


@dataclass(frozen=True, slots=True)
class NeutralSide:
    """A side with units but no seat: its name and how its dice defend."""

    name: str
    defence: BattleRule


def decider(
    active: int, order: Sequence[int], alive: Sequence[bool], allies: Collection[int] = ()
) -> int:
    """The seat that decides for a neutral side when `active` attacks it: the next living seat
    after `active` in turn order that is not one of its `allies` (RISK MCU B8, "any opposing
    player may roll"; Mass Effect ME99, "one of your opponents", read in team play as the next
    seat of the other team, spec G23). `active` itself where no such seat is left."""
    at = order.index(active)
    for step in range(1, len(order) + 1):
        seat = order[(at + step) % len(order)]
        if alive[seat] and seat != active and seat not in allies:
            return seat
    return active
