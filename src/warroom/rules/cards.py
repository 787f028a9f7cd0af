"""Territory-card sets, shared by the RISK editions that trade cards for armies.

Classic RISK ("Risk Cards", "Trading Cards In for Armies"): a set is three of one design,
one of each of three designs, or any two plus a wild card; the n-th set traded in the
whole game is worth 4, 6, 8, 10, 12, 15, then 5 more for each set after the sixth.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

WILD = "wild"
CLASSIC_SET_VALUES = (4, 6, 8, 10, 12, 15)
CLASSIC_STEP_AFTER = 5


def set_value(
    number: int, values: Sequence[int] = CLASSIC_SET_VALUES, step: int = CLASSIC_STEP_AFTER
) -> int:
    """Armies for the `number`-th set traded in the game (1-based)."""
    if number < 1:
        raise ValueError("sets are counted from 1")
    if number <= len(values):
        return values[number - 1]
    return values[-1] + step * (number - len(values))


def is_set(designs: Sequence[str]) -> bool:
    """Three cards of one design, one of each of three designs, or two plus a wild."""
    if len(designs) != 3:
        return False
    wilds = sum(1 for d in designs if d == WILD)
    plain = {d for d in designs if d != WILD}
    if wilds >= 1:
        # Two designs plus a wild ("any 2 designs plus a wild card"); two wilds also match.
        return True
    return len(plain) in (1, 3)


def sets_in(hand: Sequence[int], design_of: Sequence[str]) -> list[tuple[int, int, int]]:
    """Every set (as sorted card ids) that can be made from `hand`."""
    return [
        (a, b, c)
        for a, b, c in combinations(sorted(hand), 3)
        if is_set((design_of[a], design_of[b], design_of[c]))
    ]
