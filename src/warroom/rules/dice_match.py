"""Matching rows of target numbers with dice: the core of RISK Mass Effect's War Assets (and
its Galaxy at War planet scanning) and of the MCU Guardians of the Galaxy card game.

A die is `(sides, face)`: d6 and d8 are told apart because a player chooses which kind to set
aside (W4/Q6). A row is one of three kinds, written as text on the cards and in logs:

- `exact(values)` ("7", "2 4"): one die per listed value showing exactly it (ME124, MCU86);
- `sum_low(n)` ("6+"): dice showing only 1, 2 or 3 whose total is at least n; any valid
  subset, a d8 showing 1-3 included (ME125, MCU86, W5);
- `steal6` ("6 steal"): the extra coloured/circled row for taking an owned card, matched by
  exactly one die showing 6 (ME126, MCU87, W6).

Nothing here knows a game: `ways` lists the distinct placements of a row, `feasible` says
whether rows can still all be matched by some outcome (W3/Q7), which is what an exact odds
solver or a greedy bot builds on.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

Die = tuple[int, int]  # (sides, face)
RowKind = Literal["exact", "sum_low", "steal6"]

LOW_FACES = (1, 2, 3)  # the faces a sum row may use (ME125)
STEAL_FACE = 6  # ME126/MCU87
STEAL_TEXT = "6 steal"


@dataclass(frozen=True, slots=True)
class Row:
    """One row of target numbers: `values` for an exact row, `total` for a sum row."""

    kind: RowKind
    values: tuple[int, ...] = ()
    total: int = 0

    def text(self) -> str:
        """The row as cards print it, short: "7", "2 4", "6+" or "6 steal"."""
        if self.kind == "exact":
            return " ".join(str(v) for v in self.values)
        if self.kind == "sum_low":
            return f"{self.total}+"
        return STEAL_TEXT

    def targets(self) -> tuple[int, ...]:
        """The exact faces the row needs, one die each (empty for a sum row)."""
        if self.kind == "steal6":
            return (STEAL_FACE,)
        return self.values

    def dice_needed(self) -> int:
        """The fewest dice that can match the row: a sum row at best uses 3s."""
        if self.kind == "sum_low":
            return max(1, -(-self.total // LOW_FACES[-1]))
        return len(self.targets())

    def high_needed(self) -> int:
        """How many of its dice must be d8s (targets above 6)."""
        return sum(1 for v in self.targets() if v > 6)


def exact(*values: int) -> Row:
    return Row("exact", tuple(sorted(values)))


def sum_low(total: int) -> Row:
    return Row("sum_low", total=total)


def steal6() -> Row:
    return Row("steal6")


def parse_row(text: str) -> Row:
    """The text form back to a row; ValueError with the reason for anything else."""
    words = text.split()
    if words == STEAL_TEXT.split():
        return steal6()
    if len(words) == 1 and words[0].endswith("+") and words[0][:-1].isdigit():
        total = int(words[0][:-1])
        if total < 1:
            raise ValueError(f"row {text!r}: a sum row needs a total of at least 1")
        return sum_low(total)
    if words and all(w.isdigit() and w.isascii() for w in words):
        return exact(*(int(w) for w in words))
    raise ValueError(f"row {text!r}: not 'N', 'N M', 'N+' or '{STEAL_TEXT}'")


def matches(row: Row, dice: Sequence[Die], chosen: Sequence[int]) -> bool:
    """Whether the dice at indices `chosen` (distinct) match `row` exactly as ME124-126 say."""
    if len(set(chosen)) != len(chosen) or not all(0 <= i < len(dice) for i in chosen):
        return False
    faces = [dice[i][1] for i in chosen]
    if row.kind == "sum_low":
        return bool(faces) and all(f in LOW_FACES for f in faces) and sum(faces) >= row.total
    return sorted(faces) == sorted(row.targets())


def ways(row: Row, dice: Sequence[Die], free: Sequence[int]) -> list[tuple[int, ...]]:
    """Every distinct way to match `row` from the dice at indices `free`, as sorted index
    tuples; ways using the same kinds and faces of dice are one way (the lowest indices), since
    what is left to roll is then the same. W5: any valid subset of a sum row counts."""
    return grouped_ways(row, group_dice(dice, free))


ByFace = dict[int, list[list[int]]]
"""Dice by the face they show: each kind's (d6's, d8's) indices, ascending."""


def group_dice(dice: Sequence[Die], free: Sequence[int]) -> ByFace:
    """The dice at `free` by face, then kind: what `grouped_ways` reads, built once when a
    roll is matched against many rows. By face, since a row asks for faces: a face no die
    shows rules a row out at one lookup."""
    by_die: dict[Die, list[int]] = {}
    for i in sorted(free):
        by_die.setdefault(dice[i], []).append(i)
    by_face: ByFace = {}
    for die in sorted(by_die):
        by_face.setdefault(die[1], []).append(by_die[die])
    return by_face


def grouped_ways(row: Row, by_face: ByFace) -> list[tuple[int, ...]]:
    """`ways` from dice grouped by `group_dice`. Distinct multisets of dice are distinct index
    sets, so the ways are built directly as index tuples, face by face (an exact row) or kind
    by kind with the totals that can no longer reach the row's dropped (a sum row)."""
    if row.kind == "sum_low":
        return _sum_ways(row.total, by_face)
    partial: list[tuple[int, ...]] = [()]
    targets = row.targets()
    for face in set(targets):  # the ways are sorted at the end: no order is needed here
        kinds = by_face.get(face)
        if kinds is None:
            return []
        need = targets.count(face)
        if need == 1:
            picks = [indices[:1] for indices in kinds]
        else:
            picks = [
                [i for indices, k in zip(kinds, split, strict=True) for i in indices[:k]]
                for split in _splits(need, [len(indices) for indices in kinds])
            ]
        partial = [(*done, *pick) for done in partial for pick in picks]
    return sorted(tuple(sorted(way)) for way in partial)


def _sum_ways(total: int, by_face: ByFace) -> list[tuple[int, ...]]:
    """A sum row's ways: every nonempty choice of counts of the low kinds reaching `total`."""
    low = [(face, indices) for face in LOW_FACES for indices in by_face.get(face, ())]
    reach = [0] * (len(low) + 1)  # the most the kinds from k on can add
    for k in range(len(low) - 1, -1, -1):
        reach[k] = reach[k + 1] + low[k][0] * len(low[k][1])
    partial: list[tuple[int, tuple[int, ...]]] = [(0, ())]
    for k, (face, indices) in enumerate(low):
        partial = [
            (reached + face * n, chosen + tuple(indices[:n]))
            for reached, chosen in partial
            for n in range(len(indices) + 1)
            if reached + face * n + reach[k + 1] >= total
        ]
    return sorted(tuple(sorted(chosen)) for _, chosen in partial if chosen)


def _splits(total: int, limits: list[int]) -> Iterator[tuple[int, ...]]:
    """Ways to write `total` as a sum of counts, each within its limit."""
    if not limits:
        if total == 0:
            yield ()
        return
    for k in range(min(total, limits[0]) + 1):
        for rest in _splits(total - k, limits[1:]):
            yield (k, *rest)


def feasible(rows: Sequence[Row], sides: Sequence[int]) -> bool:
    """Whether dice with these `sides` can match every row of `rows` in some outcome (W3/Q7).

    Rows use disjoint dice and each may take any roll of its own, so the best faces decide:
    a target above 6 needs a d8 (W3), every other target and a sum row's 3s can be shown by
    any die, and a sum row of n needs ceil(n/3) dice. The rows fit exactly when there are
    enough d8s for the high targets and enough dice in all.
    """
    top = max(sides, default=0)  # asked once, not once per target: every placement asks
    if any(v > top for r in rows for v in r.targets()):
        return False
    high = sum(r.high_needed() for r in rows)
    return high <= sum(1 for s in sides if s > 6) and sum(r.dice_needed() for r in rows) <= len(
        sides
    )


def of_a_kind(faces: Sequence[int]) -> int:
    """The most dice showing one value."""
    return max((list(faces).count(f) for f in set(faces)), default=0)
