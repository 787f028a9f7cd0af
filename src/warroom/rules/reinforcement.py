"""Reinforcements at the start of a turn, shared by the RISK editions.

Classic RISK ("Getting and Placing New Armies"): territories occupied divided by 3,
fractions ignored, never fewer than 3; plus each continent's bonus for continents
controlled whole at the start of the turn.
"""

from __future__ import annotations

from collections.abc import Sequence

from warroom.core.board import Board


def territory_armies(territories: int, divisor: int = 3, minimum: int = 3) -> int:
    return max(minimum, territories // divisor)


def controlled_regions(board: Board, owner: Sequence[int], side: int) -> list[int]:
    return [
        r
        for r, members in enumerate(board.region_members)
        if all(owner[t] == side for t in members)
    ]


def reinforcements(board: Board, owner: Sequence[int], side: int) -> tuple[int, list[int]]:
    """(armies, regions controlled) for `side` at the start of its turn."""
    count = sum(1 for o in owner if o == side)
    regions = controlled_regions(board, owner, side)
    return territory_armies(count) + sum(board.region_bonus[r] for r in regions), regions
