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


def map_board(value: str, maps: dict[str, str]) -> Board:
    """The board a `map` option names: a packaged one by its choice, or a user's board file
    (a `.json` path, as `Option.files` allows). A file is read again when it changes, so a
    save replays against the file as it is now; a replay that no longer fits is refused."""
    if value in maps:
        return board(maps[value])
    path = Path(value)
    try:
        stamp = path.stat()
    except OSError as exc:
        raise BoardError(f"{value}: cannot read: {exc.strerror}") from None
    return _file_board(str(path.resolve()), stamp.st_mtime_ns, stamp.st_size)


@cache
def _file_board(path: str, mtime_ns: int, size: int) -> Board:
    """A board file, read once for each version of it (simulations start thousands of games)."""
    return board_from_file(Path(path))
