"""Reinforcements at the start of a turn, shared by the RISK editions.

Classic RISK ("Getting and Placing New Armies"): territories occupied divided by 3,
fractions ignored, never fewer than 3; plus each continent's bonus for continents
controlled whole at the start of the turn.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from operator import itemgetter

from warroom.core.board import Board

Owners = Callable[[Sequence[int]], tuple[int, ...]]


def territory_armies(territories: int, divisor: int = 3, minimum: int = 3) -> int:
    return max(minimum, territories // divisor)


@cache
def region_owners(board: Board) -> tuple[Owners, ...]:
    """Per region, a function from the owner list to its members' owners, in one C call (the
    rules and the bots ask who holds each region at every turn and every evaluation)."""
    return tuple(owners_of(members) for members in board.region_members)


def owners_of(places: tuple[int, ...]) -> Owners:
    """A function from the owner list to the owners of `places`, always a tuple."""
    if len(places) == 1:
        (t,) = places
        return lambda owner: (owner[t],)
    return itemgetter(*places)


def controlled_regions(board: Board, owner: Sequence[int], side: int) -> list[int]:
    return [
        r
        for r, members in enumerate(region_owners(board))
        if (owners := members(owner)).count(side) == len(owners)
    ]


def reinforcements(board: Board, owner: Sequence[int], side: int) -> tuple[int, list[int]]:
    """(armies, regions controlled) for `side` at the start of its turn."""
    count = owner.count(side)
    regions = controlled_regions(board, owner, side)
    return territory_armies(count) + sum(board.region_bonus[r] for r in regions), regions
