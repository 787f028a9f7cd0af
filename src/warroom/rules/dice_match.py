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
    by_die: dict[Die, list[int]] = {}
    for i in sorted(free):
        by_die.setdefault(dice[i], []).append(i)
    out: list[tuple[int, ...]] = []
    for counts in _multisets(row, by_die):
        chosen = sorted(i for die, n in counts for i in by_die[die][:n])
        out.append(tuple(chosen))
    return sorted(out)


def _multisets(row: Row, by_die: dict[Die, list[int]]) -> Iterator[tuple[tuple[Die, int], ...]]:
    """The distinct multisets of dice (as (die, count) pairs) that match `row`."""
    if row.kind != "sum_low":
        need: dict[int, int] = {}
        for v in row.targets():
            need[v] = need.get(v, 0) + 1
        # Per target face, each split of its count between the d6s and d8s showing it.
        options: list[list[tuple[tuple[Die, int], ...]]] = []
        for face, n in sorted(need.items()):
            kinds = [d for d in sorted(by_die) if d[1] == face]
            splits = [
                tuple((d, k) for d, k in zip(kinds, split, strict=True) if k)
                for split in _splits(n, [len(by_die[d]) for d in kinds])
            ]
            if not splits:
                return
            options.append(splits)
        yield from (tuple(p for part in pick for p in part) for pick in _product(options))
        return
    low = [d for d in sorted(by_die) if d[1] in LOW_FACES]
    for counts in _counts([len(by_die[d]) for d in low]):
        if sum(counts) and sum(d[1] * k for d, k in zip(low, counts, strict=True)) >= row.total:
            yield tuple((d, k) for d, k in zip(low, counts, strict=True) if k)


def _splits(total: int, limits: list[int]) -> Iterator[tuple[int, ...]]:
    """Ways to write `total` as a sum of counts, each within its limit."""
    if not limits:
        if total == 0:
            yield ()
        return
    for k in range(min(total, limits[0]) + 1):
        for rest in _splits(total - k, limits[1:]):
            yield (k, *rest)


def _counts(limits: list[int]) -> Iterator[tuple[int, ...]]:
    """Every tuple of counts from 0 up to each limit."""
    if not limits:
        yield ()
        return
    for k in range(limits[0] + 1):
        for rest in _counts(limits[1:]):
            yield (k, *rest)


def _product(
    options: list[list[tuple[tuple[Die, int], ...]]],
) -> Iterator[tuple[tuple[tuple[Die, int], ...], ...]]:
    if not options:
        yield ()
        return
    for first in options[0]:
        for rest in _product(options[1:]):
            yield (first, *rest)


def feasible(rows: Sequence[Row], sides: Sequence[int]) -> bool:
    """Whether dice with these `sides` can match every row of `rows` in some outcome (W3/Q7).

    Rows use disjoint dice and each may take any roll of its own, so the best faces decide:
    a target above 6 needs a d8 (W3), every other target and a sum row's 3s can be shown by
    any die, and a sum row of n needs ceil(n/3) dice. The rows fit exactly when there are
    enough d8s for the high targets and enough dice in all.
    """
    high = sum(r.high_needed() for r in rows)
    if any(v > max(sides, default=0) for r in rows for v in r.targets()):
        return False
    return high <= sum(1 for s in sides if s > 6) and sum(r.dice_needed() for r in rows) <= len(
        sides
    )


def any_way(rows: Sequence[Row], dice: Sequence[Die], free: Sequence[int]) -> bool:
    """Whether some row of `rows` can be matched from the dice at `free` now."""
    return any(ways(row, dice, free) for row in rows)


def of_a_kind(faces: Sequence[int]) -> int:
    """The most dice showing one value."""
    return max((list(faces).count(f) for f in set(faces)), default=0)
