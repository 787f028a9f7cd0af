"""The automatic board layout: deterministic, inside the drawing, and legible."""

from __future__ import annotations

import itertools
import math

import pytest

from warroom import data
from warroom.web.layout import HEIGHT, WIDTH, force_layout, positions


@pytest.mark.parametrize("board_id", ["classic-world", "ancient-earth"])
def test_layout_is_deterministic_inside_and_spread(board_id: str) -> None:
    board = data.board(board_id)
    pts = positions(board)
    assert pts == positions(board)
    assert (force_layout(board) == force_layout(board)).all()
    assert all(0 <= x <= WIDTH and 0 <= y <= HEIGHT for x, y in pts)
    closest = min(math.dist(a, b) for a, b in itertools.combinations(pts, 2))
    assert closest > 40  # room for a marker and its label
