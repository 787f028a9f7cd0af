"""What every `warroom` command shares: one-line errors, files to write, NAME=VALUE options."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from warroom.core.errors import WarroomError
from warroom.core.game import is_data_file

if TYPE_CHECKING:
    from rich.console import Console

# The width of output sent to a file or a pipe: Rich would otherwise wrap it at 80 columns,
# cutting Markdown table rows and long lines in two. Tables are as wide as their cells.
PIPED_WIDTH = 10_000


def make_console() -> Console:
    """Where a command prints: wrapped to the terminal's width, or not wrapped at all when
    the output goes to a file or a pipe (unless COLUMNS says how wide to make it)."""
    import os

    from rich.console import Console

    shown = Console()
    if shown.is_terminal or "COLUMNS" in os.environ:
        return shown
    return Console(width=PIPED_WIDTH, soft_wrap=True)


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def printable(text: str) -> str:
    """`text` with control characters written as escapes ("\\x1b"): a message may quote a
    file's or a line's text, and raw escape codes would drive the terminal."""
    return _CONTROL.sub(lambda m: repr(m.group())[1:-1], text)


def fail(message: str) -> typer.Exit:
    """Print a clear one-line error (no traceback) and give the exit to raise.

    The message is escaped: it quotes user text and names like 'warroom[ray]', which Rich
    would otherwise read as markup and drop.
    """
    from rich.console import Console  # only when there is an error to show
    from rich.markup import escape

    Console(stderr=True, soft_wrap=True).print(
        f"[bold red]error:[/] {escape(printable(message))}", highlight=False
    )
    return typer.Exit(code=2)


def cannot_write(path: Path, exc: OSError) -> typer.Exit:
    """The one-line error for a file that could not be written."""
    return fail(f"cannot write {path}: {exc.strerror or exc}")


def check_writable(path: Path) -> None:
    """Refuse a file that cannot be written before the work that fills it (games can take
    hours): open it for appending, which leaves an existing file as it was, and remove it
    again if it is new."""
    existed = path.exists()
    try:
        with path.open("ab"):
            pass
        if not existed:
            path.unlink()
    except OSError as exc:
        raise cannot_write(path, exc) from None


def check_png(path: Path, option: str) -> None:
    """Refuse a picture name matplotlib would turn down (by its extension) after the work."""
    if path.suffix.lower() != ".png":
        raise fail(f"{option} writes a PNG: give a file name ending in .png, not {path.name!r}")


def parse_options(pairs: Sequence[str]) -> dict[str, str]:
    """--option NAME=VALUE pairs from the command line."""
    out: dict[str, str] = {}
    for pair in pairs:
        name, eq, value = pair.partition("=")
        if not eq or not name.strip():
            raise WarroomError(f"--option takes NAME=VALUE, not {pair!r}")
        key = name.strip().replace("-", "_")  # turn-limit and turn_limit are one option
        if key in {k.replace("-", "_") for k in out}:
            raise WarroomError(f"--option {name.strip()} is given twice: give it once")
        out[name.strip()] = value.strip()
    return absolute_files(out)


def absolute_files(options: dict[str, str]) -> dict[str, str]:
    """Data-file option values (`map=my-board.json`) as absolute paths, so a save made here
    loads from any folder; whether the option takes files is the rules' check."""
    return {
        name: str(Path(value).resolve()) if is_data_file(value) else value
        for name, value in options.items()
    }


SEED_MAX = 2**64 - 1
"""The largest seed a command takes: SplitMix64 reads 64 bits, so a larger or negative seed
would be the same game as another one (-1 as 2**64 - 1), silently."""
