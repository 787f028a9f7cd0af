"""The `warroom` command. Each feature area adds its commands from its own module."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

import warroom.games as games
from warroom.core.errors import WarroomError
from warroom.data import board_from_file

app = typer.Typer(
    help="warroom: play, study and simulate RISK and Monopoly editions.",
    no_args_is_help=True,
    add_completion=False,
)
board_app = typer.Typer(help="Work with board data files.", no_args_is_help=True)
app.add_typer(board_app, name="board")
console = Console()


def fail(message: str) -> typer.Exit:
    """Print a clear error (no traceback) and give the exit to raise."""
    Console(stderr=True).print(f"[bold red]error:[/] {message}", highlight=False)
    return typer.Exit(code=2)


@app.command("games")
def list_games(
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable.")] = False,
) -> None:
    """List the registered game modes with their ids and player counts."""
    rows: list[dict[str, Any]] = [
        {
            "id": g.id,
            "title": g.title,
            "min_players": g.min_players,
            "max_players": g.max_players,
            "options": {
                o.name: {"default": o.default, "choices": list(o.choices), "help": o.help}
                for o in g.options
            },
        }
        for g in games.modes()
    ]
    if as_json:
        print(json.dumps(rows, indent=2))
        return
    table = Table(title="Game modes")
    table.add_column("id")
    table.add_column("game")
    table.add_column("players")
    table.add_column("options")
    for r in rows:
        opts = ", ".join(f"{k}={v['default']}" for k, v in r["options"].items())
        table.add_row(r["id"], r["title"], f"{r['min_players']}-{r['max_players']}", opts)
    console.print(table)


@board_app.command("check")
def board_check(file: Path) -> None:
    """Validate a board file (for example one transcribed from your own copy of a game)."""
    try:
        b = board_from_file(file)
    except WarroomError as exc:
        raise fail(str(exc)) from None
    edges = sum(len(n) for n in b.neighbors) // 2
    console.print(
        f"[green]ok[/] {file}: {b.name}: {len(b)} territories, {len(b.regions)} regions, "
        f"{edges} connections"
    )


from warroom.cli import odds as _odds  # noqa: E402  (registers after `app` exists)

_odds.register(app)

from warroom.cli import simulate as _simulate  # noqa: E402

_simulate.register(app)
