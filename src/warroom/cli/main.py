"""The `warroom` command. Each feature area adds its commands from its own module."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

import warroom.games as games
from warroom.cli.common import fail, parse_options
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


@app.command()
def play(
    mode: Annotated[
        str, typer.Argument(help="Game mode id (see 'warroom games').")
    ] = "risk-classic",
    players: Annotated[int, typer.Option(help="Number of players.")] = 4,
    humans: Annotated[
        int, typer.Option(help="Human seats (the first ones); the rest are bots.")
    ] = 1,
    bots: Annotated[
        str | None, typer.Option(help="Bot tier for the other seats (default: greedy if offered).")
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            help="Seed, for a game you can repeat (SplitMix64). Default: a 256-bit seed from "
            "the operating system and the keyed generator, so no draw can be predicted."
        ),
    ] = None,
    map_: Annotated[
        str | None, typer.Option("--map", help="Board, where the mode has one.")
    ] = None,
    option: Annotated[list[str] | None, typer.Option(help="Mode option NAME=VALUE.")] = None,
    load: Annotated[Path | None, typer.Option(help="Resume a saved game.")] = None,
) -> None:
    """Play in the terminal against bots (any mix of human and bot seats)."""
    import secrets

    from warroom.bots import make_bot, tiers_for
    from warroom.cli.play import Terminal, load_match
    from warroom.core import Match

    try:
        if load is not None:
            match = load_match(load)
        else:
            opts: dict[str, object] = dict(parse_options(option or []))
            if map_ is not None:
                opts["map"] = map_
            if seed is None:
                match = Match.start(mode, players, secrets.randbits(256), opts, generator="blake2b")
            else:
                match = Match.start(mode, players, seed, opts)
        if not 0 <= humans <= match.players:
            raise WarroomError(f"--humans must be 0 to {match.players}")
        offered = tiers_for(match.game.id)
        tier = bots or ("greedy" if "greedy" in offered else "random")
        # A repeatable game gets repeatable bots; otherwise their seeds are drawn too.
        seat_bots = {
            s: make_bot(
                tier, match.game.id, secrets.randbits(64) if seed is None else seed * 10 + s
            )
            for s in range(match.players)
        }
    except WarroomError as exc:
        raise fail(str(exc)) from None
    # Human seats keep a bot too: it answers the 'auto' command.
    Terminal(match, set(range(humans)), seat_bots, Console(), input).run()


from warroom.cli import odds as _odds  # noqa: E402  (registers after `app` exists)

_odds.register(app)

from warroom.cli import serve as _serve  # noqa: E402

_serve.register(app)

from warroom.cli.monopoly import monopoly_app  # noqa: E402

app.add_typer(monopoly_app, name="monopoly")

from warroom.cli import simulate as _simulate  # noqa: E402

_simulate.register(app)
