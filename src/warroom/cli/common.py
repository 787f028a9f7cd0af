"""What every `warroom` command shares: one-line errors and NAME=VALUE options."""

from __future__ import annotations

from collections.abc import Sequence

import typer

from warroom.core.errors import WarroomError


def fail(message: str) -> typer.Exit:
    """Print a clear one-line error (no traceback) and give the exit to raise."""
    from rich.console import Console  # only when there is an error to show

    Console(stderr=True, soft_wrap=True).print(f"[bold red]error:[/] {message}", highlight=False)
    return typer.Exit(code=2)


def parse_options(pairs: Sequence[str]) -> dict[str, str]:
    """--option NAME=VALUE pairs from the command line."""
    out: dict[str, str] = {}
    for pair in pairs:
        name, eq, value = pair.partition("=")
        if not eq or not name.strip():
            raise WarroomError(f"--option takes NAME=VALUE, not {pair!r}")
        out[name.strip()] = value.strip()
    return out
