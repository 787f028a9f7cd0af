"""Board drawing positions, from the file or automatic: deterministic, inside, legible."""

from __future__ import annotations

import copy
import itertools
import math

import pytest

from warroom import data
from warroom.core.board import Board
from warroom.web.layout import HEIGHT, WIDTH, force_layout, positions


def _without_coordinates(board_id: str) -> Board:
    raw = copy.deepcopy(data.read_json(f"boards/{board_id}.json"))
    for t in raw["territories"].values():
        t.pop("xy", None)
    return Board.from_dict(raw, board_id)


@pytest.mark.parametrize("board_id", ["classic-world", "ancient-earth"])
@pytest.mark.parametrize("drawn", [True, False], ids=["file-coordinates", "automatic"])
def test_layout_is_deterministic_inside_and_spread(board_id: str, drawn: bool) -> None:
    board = data.board(board_id) if drawn else _without_coordinates(board_id)
    assert all(p is not None for p in board.xy) is drawn
    pts = positions(board)
    assert pts == positions(board)
    assert (force_layout(board) == force_layout(board)).all()
    assert all(0 <= x <= WIDTH and 0 <= y <= HEIGHT for x, y in pts)
    closest = min(math.dist(a, b) for a, b in itertools.combinations(pts, 2))
    assert closest > 40  # room for a marker and its label
