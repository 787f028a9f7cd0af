"""Game components shipped as validated data files inside the package."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Self

from warroom.core.board import Board, SourceFile
from warroom.core.errors import BoardError, WarroomError


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
    return parse_file(path, BoardError)


def parse_file(path: Path, error: type[WarroomError]) -> Any:
    """A JSON file a user gives (data file or save), parsed; anything that stops it is an
    `error` naming the file. A byte-order mark is allowed (Windows editors write one); a key
    given twice in one object is refused, since JSON would silently keep only the last."""
    try:
        with path.open("rb") as file:
            raw = file.read(MOST_BYTES + 1)  # /dev/zero, or a huge file, read without end
        if len(raw) > MOST_BYTES:
            raise error(
                f"{path}: larger than {MOST_BYTES // 2**20} MB (no board, card file or save "
                "comes near it)"
            )
        text = raw.decode("utf-8-sig")
    except OSError as exc:
        raise error(f"{path}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise error(f"{path}: not UTF-8 text (byte {exc.start}); save it as UTF-8") from None
    try:
        return json.loads(text, object_pairs_hook=_unique_keys, parse_int=_whole_number)
    except json.JSONDecodeError as exc:
        raise error(f"{path}: not valid JSON: {exc}") from None
    except _LongNumber as exc:
        raise error(
            f"{path}: a number of {exc.args[0]} digits (at most {MOST_DIGITS}: no board, card "
            "or save holds a longer one)"
        ) from None
    except _RepeatedKey as exc:
        raise error(
            f"{path}: key {exc.args[0]!r} is given twice in one object "
            "(JSON would keep only the last)"
        ) from None
    except RecursionError:
        raise error(f"{path}: lists or objects nested too deeply to read") from None


MOST_BYTES = 64 * 2**20
"""The largest file read as a board, card file or save: a save's record of a game stopped at
the served games' longest (50,000 actions) is a few MB; a device or a runaway file is not
read to its end, or to the memory's."""


class _RepeatedKey(ValueError):
    """A key given twice in one JSON object (its argument)."""


MOST_DIGITS = 100
"""The longest whole number a file may hold: a served game's 256-bit seed has 78 digits.
Python converts at most 4,300, and refused more with a message about `sys`."""


class _LongNumber(ValueError):
    """A whole number of more than MOST_DIGITS digits (its argument: how many)."""


def _whole_number(digits: str) -> int:
    """A JSON integer, refused where it is longer than any file needs."""
    count = len(digits.lstrip("-"))
    if count > MOST_DIGITS:
        raise _LongNumber(count)
    return int(digits)


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """One JSON object, refused where a key repeats."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _RepeatedKey(key)
        out[key] = value
    return out


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


class Shared:
    """Components loaded once and never changed: a state's deep copy shares them."""

    __slots__ = ()

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        return self


def data_error(source: str, problems: Sequence[tuple[str, str]]) -> BoardError:
    """Every (entry, problem) a data file's own checks found, one a line, as
    `core.board.validate` reports the structural ones."""
    return BoardError("\n".join(f"{source}: {entry}: {problem}" for entry, problem in problems))


def provenance_of(parts: Iterable[tuple[str, Mapping[str, SourceFile]]]) -> dict[str, str]:
    """Where each value of a data file comes from, flat ("<part>.<field>": "<kind>: <source>"
    for each part's fields, in order), as the browser and `warroom show` list it."""
    return {
        f"{part}.{field}": f"{s.kind}: {s.source}"
        for part, fields in parts
        for field, s in fields.items()
    }


class CardIndex(Shared):
    """Cards numbered in file order (`card_ids`), found by id as given or in lower case
    (`index` holds both spellings)."""

    __slots__ = ()
    card_ids: tuple[str, ...]
    index: dict[str, int]

    def card(self, text: str) -> int | None:
        found = self.index.get(text)
        return found if found is not None else self.index.get(text.lower())
