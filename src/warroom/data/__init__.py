"""Game components shipped as validated data files inside the package."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from warroom.core.board import Board
from warroom.core.errors import BoardError


def read_json(relative: str) -> Any:
    """A packaged data file, parsed; a broken file is a BoardError naming it."""
    ref = resources.files("warroom.data").joinpath(relative)
    try:
        return json.loads(ref.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BoardError(f"{relative}: no such data file in the package") from None
    except json.JSONDecodeError as exc:
        raise BoardError(f"{relative}: not valid JSON: {exc}") from None


@cache
def board(board_id: str) -> Board:
    return Board.from_dict(read_json(f"boards/{board_id}.json"), f"boards/{board_id}.json")


def read_file(path: Path) -> Any:
    """A user's data file, parsed; unreadable or broken JSON is a BoardError naming it."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise BoardError(f"{path}: cannot read: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise BoardError(f"{path}: not valid JSON: {exc}") from None


def board_from_file(path: Path) -> Board:
    """Validate a board a user transcribed; every problem is a BoardError naming the file."""
    return Board.from_dict(read_file(path), str(path))
