"""The `warroom` command. Each feature area adds its commands from its own module.

Commands import what they need (rules, Rich, numpy...) when they run, so a command loads only
its own share; the console script (`warroom.cli.run`) answers `warroom games` without this module.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from warroom.cli.common import SEED_MAX, absolute_files, fail, make_console, parse_options

if TYPE_CHECKING:
    from warroom.core import Match

app = typer.Typer(
    help="warroom: play, study and simulate RISK and Monopoly editions.",
    no_args_is_help=True,
    add_completion=False,
)
board_app = typer.Typer(help="Work with board data files.", no_args_is_help=True)
app.add_typer(board_app, name="board")


@app.command("games")
def list_games(
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable.")] = False,
) -> None:
    """List the registered game modes with their ids and player counts."""
    from warroom.cli.games import list_modes

    list_modes(as_json)


# The kinds of file are listed in the argument's help, which wraps: Typer's Rich mode keeps a
# docstring's line breaks, in the command list too.
@board_app.command("check")
def board_check(
    file: Annotated[
        Path,
        typer.Argument(
            help="A RISK map (with the stated facts its `facts` names, e.g. Godstorm's "
            "Underworld), a Monopoly board, RISK Strike's cards, a dice-matching game's cards "
            "(War Assets, Guardians), RISK MCU's board, charts or decks, RISK Mass Effect's "
            "galaxy, faction cards or Galaxy at War's pieces and directives, or RISK Godstorm's "
            "gods and miracle cards, told apart by the file's `format` field."
        ),
    ],
) -> None:
    """Validate a data file, for example one transcribed from your own copy of a game."""
    from rich.markup import escape

    from warroom.core.board import BOARD_FORMAT
    from warroom.core.errors import WarroomError
    from warroom.data import board_from_file, read_file
    from warroom.games.dice_cards import cards as dice_cards
    from warroom.games.godstorm import components as godstorm
    from warroom.games.mass_effect import components as mass_effect_components
    from warroom.games.mass_effect import gaw_components
    from warroom.games.mcu import components as mcu_components
    from warroom.games.strike.cards import FORMAT as STRIKE_FORMAT
    from warroom.games.strike.cards import cards_from_file
    from warroom.rules import monopoly

    try:
        data = read_file(file)
        if isinstance(data, dict) and data.get("format") == STRIKE_FORMAT:
            cards = cards_from_file(file)
            make_console().print(
                f"[green]ok[/] {escape(str(file))}: {escape(cards.name)}: {sum(cards.cards)} "
                f"continent cards in {len(cards.cards)} continents, {sum(cards.kind_counts)} "
                "tactics cards"
            )
            return
        if isinstance(data, dict) and data.get("format") == dice_cards.FORMAT:
            dice = dice_cards.cards_from_file(file)
            make_console().print(
                f"[green]ok[/] {escape(str(file))}: {escape(dice.name)}: {len(dice.cards)} "
                f"cards in {len(dice.groups)} groups, {dice.d6} d6 and {dice.d8} d8"
            )
            return
        if isinstance(data, dict) and data.get("format") in mcu_components.FORMATS:
            summary = mcu_components.check_file(file)
            make_console().print(f"[green]ok[/] {escape(str(file))}: {escape(summary)}")
            return
        if isinstance(data, dict) and data.get("format") in gaw_components.FORMATS:
            summary = gaw_components.check_file(file)
            make_console().print(f"[green]ok[/] {escape(str(file))}: {escape(summary)}")
            return
        if isinstance(data, dict) and data.get("format") in mass_effect_components.FORMATS:
            summary = mass_effect_components.check_file(file)
            make_console().print(f"[green]ok[/] {escape(str(file))}: {escape(summary)}")
            return
        if isinstance(data, dict) and data.get("format") == godstorm.FORMAT:
            summary = godstorm.check_file(file)
            make_console().print(f"[green]ok[/] {escape(str(file))}: {escape(summary)}")
            return
        if isinstance(data, dict) and data.get("format") == monopoly.FORMAT:
            mono = monopoly.board_from_dict(data, str(file))
            make_console().print(
                f"[green]ok[/] {escape(str(file))}: {escape(mono.name)}: {len(mono)} spaces, "
                f"{len(mono.ownable)} heroes, {len(mono.sets)} sets"
            )
            return
        if isinstance(data, dict) and data.get("format") != BOARD_FORMAT:
            known = (
                BOARD_FORMAT,
                monopoly.FORMAT,
                STRIKE_FORMAT,
                dice_cards.FORMAT,
                *mcu_components.FORMATS,
                *mass_effect_components.FORMATS,
                *gaw_components.FORMATS,
                godstorm.FORMAT,
            )
            said = data.get("format")
            what = "no 'format' field" if said is None else f"format {said!r} is unknown"
            raise WarroomError(
                f"{file}: {what}: not a warroom data file, which names its format, one of "
                f"{', '.join(known)}"
            )
        b = board_from_file(file)
        godstorm.board_fact_problems(b, str(file))
    except WarroomError as exc:
        raise fail(str(exc)) from None
    from warroom.games.risk_classic import players_for

    edges = sum(len(n) for n in b.neighbors) // 2
    counts = players_for(b)
    span = counts == list(range(counts[0], counts[-1] + 1)) if counts else False
    said = f"{counts[0]}-{counts[-1]}" if span else ", ".join(map(str, counts))
    fits = (
        f"as a Classic RISK map: {said} players"
        if counts
        else "too small or too large for any game of Classic RISK"
    )
    make_console().print(
        f"[green]ok[/] {escape(str(file))}: {escape(b.name)}: {len(b)} territories, "
        f"{len(b.regions)} regions, {edges} connections; {fits}"
    )


@app.command()
def play(
    ctx: typer.Context,
    mode: Annotated[
        str, typer.Argument(help="Game mode id (see 'warroom games').")
    ] = "risk-classic",
    players: Annotated[int, typer.Option(help="Number of players.")] = 4,
    humans: Annotated[
        int,
        typer.Option(
            help="Human seats (the first ones); the rest are bots. With none, a mode with a "
            "turn limit stops at turn 300 unless --option turn_limit=N is given."
        ),
    ] = 1,
    bots: Annotated[
        str | None, typer.Option(help="Bot tier for the other seats (default: greedy if offered).")
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            min=0,
            max=SEED_MAX,
            help="Seed, for a game you can repeat (SplitMix64). Default: a 256-bit seed from "
            "the operating system and the keyed generator, so no draw can be predicted.",
        ),
    ] = None,
    map_: Annotated[
        str | None,
        typer.Option(
            "--map",
            help="Board, where the mode has one: a choice (see 'warroom games') or your own "
            "board file, checked by 'warroom board check'.",
        ),
    ] = None,
    option: Annotated[list[str] | None, typer.Option(help="Mode option NAME=VALUE.")] = None,
    load: Annotated[
        Path | None,  # read by load_game, whose refusals are one line (not Typer's box)
        typer.Option(help="Resume a saved game.", readable=False),
    ] = None,
) -> None:
    """Play in the terminal against bots (any mix of human and bot seats)."""
    import secrets
    import sys

    from rich.console import Console

    from warroom.bots import make_bot, tiers_for
    from warroom.cli.play import Terminal, load_game
    from warroom.core import Match, WarroomError
    from warroom.games import set_aside

    typed: set[str] = set()  # the options given on the command line, by their names
    standing: dict[int, set[str]] = {}  # a save's seats' standing choices
    plans: dict[int, dict[str, Any]] = {}  # and their plans for the moment
    try:
        if load is not None:
            # The save says what game it is: what is typed beside it would be dropped.
            given = [
                shown
                for name, shown in (
                    ("mode", "MODE"),
                    ("players", "--players"),
                    ("seed", "--seed"),
                    ("map_", "--map"),
                    ("option", "--option"),
                )
                if getattr(ctx.get_parameter_source(name), "name", "") == "COMMANDLINE"
            ]
            if given:
                raise WarroomError(
                    f"--load resumes the saved game as it was: leave out {', '.join(given)} "
                    "(--humans and --bots still say who plays which seat)"
                )
            match, standing, plans = load_game(load)
        else:
            opts: dict[str, object] = dict(parse_options(option or []))
            typed = {name.replace("-", "_") for name in opts}
            if map_ is not None:
                if "map" in opts:  # which one was meant? the --option silently lost
                    raise WarroomError("--map and --option map= both name a board: give one")
                opts.update(absolute_files({"map": map_}))
            if humans == 0:  # bots alone: a game of random bots may never end without a cap
                from warroom.sim.runner import with_turn_cap

                opts = with_turn_cap(mode, opts)
            if seed is None:
                match = Match.start(mode, players, secrets.randbits(256), opts, generator="blake2b")
            else:
                match = Match.start(mode, players, seed, opts)
        if not 0 <= humans <= match.players:
            raise WarroomError(f"--humans must be 0 to {match.players}")
        offered = tiers_for(match.game.id)
        tier = bots or ("greedy" if "greedy" in offered else "random")
        seat_bots = {
            s: make_bot(tier, match.game.id, _bot_seed(match, seed, s, load is not None))
            for s in range(match.players)
        }
    except WarroomError as exc:
        raise fail(str(exc)) from None
    # Human seats keep a bot too: it answers the 'auto' command.
    terminal = Terminal(match, set(range(humans)), seat_bots, Console(), input)
    terminal.standing = standing
    terminal.plans = plans
    if load is not None:  # saving back to the file it came from asks nothing
        terminal.own_saves.add(load.resolve())
    for note in set_aside(match.game, match.players, match.options, typed):
        terminal.say(note)
    if humans == 0 and match.options.get("turn_limit") == 0:  # a save of a game with none
        terminal.say(
            "(bots alone, and this game has no turn limit: it may never end; Ctrl-C stops)"
        )
    if sys.stdin.isatty():
        from warroom.cli.line import tty_reader

        terminal.read = tty_reader(terminal.words)
    terminal.run()


def _bot_seed(match: Match, seed: int | None, seat: int, loaded: bool) -> int:
    """A repeatable game gets repeatable bots; otherwise their seeds are drawn too. A game
    started with --seed is repeatable, and so is its save: resumed at the same point, its bots
    play on as they did (their seeds from the game's seed and how far the record goes), while
    a game seeded by the system keeps its bots unpredictable."""
    import secrets

    from warroom.core.match import DEFAULT_GENERATOR
    from warroom.core.rng import Rng

    if seed is not None:
        return seed * 10 + seat
    if loaded and match.generator == DEFAULT_GENERATOR:
        return Rng(match.seed * 10 + seat, len(match.record)).next_u64()
    return secrets.randbits(64)


from warroom.cli import odds as _odds  # noqa: E402  (registers after `app` exists)

_odds.register(app)

from warroom.cli import serve as _serve  # noqa: E402

_serve.register(app)

from warroom.cli.monopoly import monopoly_app  # noqa: E402

app.add_typer(monopoly_app, name="monopoly")

from warroom.cli import simulate as _simulate  # noqa: E402

_simulate.register(app)

from warroom.cli import train as _train  # noqa: E402

_train.register(app)
