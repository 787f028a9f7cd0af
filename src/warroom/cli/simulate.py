"""`warroom simulate`, `warroom ladder` and `ladder-data`: many bot games, their statistics, files
and plots, and a ladder's table as the app's data."""

from __future__ import annotations

import shlex
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from warroom.cli.common import (
    SEED_MAX,
    cannot_write,
    check_png,
    check_writable,
    fail,
    make_console,
    parse_options,
)
from warroom.core.errors import WarroomError

if TYPE_CHECKING:  # the simulator (every mode's rules and bots) and Rich load when a command runs
    from rich.console import Console
    from rich.progress import Progress
    from rich.table import Table

    from warroom.sim.runner import GameResult
    from warroom.sim.stats import Rate


def _progress(console: Console) -> Progress:
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        # Where nobody watches it live (a pipe, a file) a bar shows nothing, but Rich ends it
        # with a blank line, which came before an error's one line.
        disable=not console.is_interactive,
    )


def _rate_table(title: str, rates: Sequence[Rate], even: float, unit: str = "seat-games") -> Table:
    from rich.table import Table

    table = Table(title=title)
    for col in ("", unit, "wins", "win rate", "95% interval"):
        table.add_column(col, justify="left" if not col else "right")
    for r in rates:
        lo, hi = r.interval
        mark = "" if lo <= even <= hi else (" ▲" if lo > even else " ▼")
        interval = f"{lo:.3f}–{hi:.3f}{mark}"
        table.add_row(r.label, str(r.games), _count(r.wins), f"{r.rate:.3f}", interval)
    return table


def _count(value: float) -> str:
    """A count in full (`:g` wrote a million wins as 1e+06), a share or a half to 2 places."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def report(console: Console, results: Sequence[GameResult], players: int) -> None:
    from rich.table import Table

    from warroom.sim import stats

    even = 1 / players
    console.print(_rate_table("Win rate by bot", stats.by_bot(results), even))
    console.print(_rate_table("Win rate by seat", stats.by_seat(results), even))
    positions = stats.by_position(results)
    if positions:
        console.print(_rate_table("Win rate by turn position", positions, even))
    factions = stats.by_faction(results)
    if factions:
        console.print(_rate_table("Win rate by faction", factions, even))
    teams = stats.by_team(results)
    if teams:  # games, not seat-games: a team wins together
        per_game = 1 / max(len(set(r.teams)) for r in results)
        console.print(_rate_table("Win rate by team", teams, per_game, "games"))
    table = Table(title="Game length")
    for col in ("", "mean", "median", "min", "max"):
        table.add_column(col, justify="right")
    for label, values in (
        ("turns", [r.turns for r in results if r.turns is not None]),
        ("actions", [r.actions for r in results]),
    ):
        ls = stats.lengths(values)
        if ls is not None:
            table.add_row(label, f"{ls.mean:.1f}", _count(ls.median), str(ls.low), str(ls.high))
    console.print(table)
    ends = Table(title="How games ended")
    for col in ("ending", "reason", "games"):
        ends.add_column(col)
    for ending, why, n in stats.endings(results):
        ends.add_row(ending, why, str(n))
    console.print(ends)
    seconds = sum(r.seconds for r in results)
    console.print(
        f"{len(results)} games, {sum(r.actions for r in results)} actions, "
        f"{seconds:.1f} s of play ({len(results) / max(seconds, 1e-9):.1f} games per core-second)"
    )


def simulate(
    mode: Annotated[str, typer.Argument(help="Game mode id (see `warroom games`).")],
    games: Annotated[int, typer.Option("--games", "-n", help="Games to play.")] = 100,
    bots: Annotated[
        str,
        typer.Option(
            help="Bot tiers by seat, comma-separated (one for all seats); "
            "seats rotate between games. Tiers: random, greedy, mcts or mcts:N (every mode but "
            "Monopoly), lookahead in the dice games, learned (Classic RISK and War Assets, the "
            "weights that ship) and learned:PATH (weights from 'warroom train')."
        ),
    ] = "random",
    seed: Annotated[
        int, typer.Option(min=0, max=SEED_MAX, help="Master seed: same seed, same results.")
    ] = 0,
    players: Annotated[
        int | None, typer.Option(help="Players (default: one per bot given, at least 2).")
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Mode option NAME=VALUE.")
    ] = None,
    workers: Annotated[
        int | None, typer.Option(help="Worker processes (default: all cores).")
    ] = None,
    backend: Annotated[str, typer.Option(help="process (one machine) or ray.")] = "process",
    ray_address: Annotated[
        str | None, typer.Option(help="Ray cluster address (default: RAY_ADDRESS or local).")
    ] = None,
    out: Annotated[
        Path | None, typer.Option(help="Write one row per game (.csv, or .parquet).")
    ] = None,
    plot_file: Annotated[Path | None, typer.Option("--plot", help="Write a PNG summary.")] = None,
    no_rotate: Annotated[
        bool, typer.Option("--no-rotate", help="Keep each bot in its seat.")
    ] = False,
    engine: Annotated[
        str,
        typer.Option(
            help="auto: the compiled fast path where one plays these bots (same results, "
            "sooner); python: always the rules code; fast: the fast path or an error."
        ),
    ] = "auto",
) -> None:
    """Play many games between bots and report who wins, from which seat, and how."""

    from warroom.core.registry import get_mode
    from warroom.games import set_aside
    from warroom.sim.output import plot, table_format, write_table
    from warroom.sim.runner import SimConfig, resolve_options, run

    console = make_console()
    if plot_file is not None:
        check_png(plot_file, "--plot")
    for path in (out, plot_file):
        if path is not None:
            check_writable(path)
    if ray_address is not None and backend != "ray":
        raise fail("--ray-address goes with --backend ray: add it, or leave the address out")
    if ray_address is not None and not ray_address.strip():
        raise fail("--ray-address is empty: give host:port, ray://host:port or auto")
    if out is not None:
        try:
            table_format(out)
        except WarroomError as exc:
            raise fail(str(exc)) from None
    try:
        tiers = bot_list(bots, "--bots")
        n_players = max(len(tiers), get_mode(mode).min_players, 2) if players is None else players
        config = SimConfig(
            mode,
            games,
            tiers,
            n_players,
            seed,
            parse_options(option or []),
            rotate=not no_rotate,
            engine=engine,
        )
        typed = {name.replace("-", "_") for name in config.options}
        for note in set_aside(get_mode(mode), n_players, resolve_options(config), typed):
            console.print(note, markup=False)
        with _progress(console) as progress:
            task = progress.add_task(f"{mode}", total=games)
            results = run(
                config,
                workers,
                backend,
                on_result=lambda _: progress.advance(task),
                ray_address=ray_address,
            )
        report(console, results, n_players)
        if out is not None:
            _write(console, out, lambda: write_table(results, out))
        if plot_file is not None:
            title = f"{mode}: {games} games, bots {','.join(tiers)}, seed {seed}"
            _write(console, plot_file, lambda: plot(results, plot_file, title))
    except WarroomError as exc:
        raise fail(str(exc)) from None


def _write(console: Console, path: Path, write: Callable[[], object]) -> None:
    """Write a file and say so; a failure now (a full disk) is one line, not a traceback."""
    try:
        write()
    except OSError as exc:
        raise cannot_write(path, exc) from None
    console.print(f"wrote {path}", markup=False, highlight=False)


def default_ladder(mode: str) -> list[str]:
    """A mode's ladder when none is given: random, greedy, then its search tier, if any."""
    from warroom.bots import tiers_for
    from warroom.core.registry import get_mode

    offered = tiers_for(get_mode(mode).id)  # an unknown mode is refused by name here
    if "lookahead" in offered:  # the dice games: the exact solver's replies
        return ["random", "greedy", "lookahead"]
    return ["random", "greedy", "mcts:50"] if "mcts" in offered else ["random", "greedy"]


def ladder(
    mode: Annotated[str, typer.Argument(help="Game mode id.")],
    games: Annotated[int, typer.Option("--games", "-n", help="Games per pairing.")] = 100,
    tiers: Annotated[
        str | None,
        typer.Option(
            help="Tiers, weakest first (default: random, greedy and the mode's search tier: "
            "lookahead in the dice games, mcts:50 where MCTS plays, none in Monopoly)."
        ),
    ] = None,
    players: Annotated[int, typer.Option(help="Players per game.")] = 2,
    seed: Annotated[int, typer.Option(min=0, max=SEED_MAX, help="Master seed.")] = 0,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Mode option NAME=VALUE.")
    ] = None,
    workers: Annotated[int | None, typer.Option(help="Worker processes.")] = None,
    out: Annotated[Path | None, typer.Option(help="Write the table as Markdown.")] = None,
    data: Annotated[
        Path | None,
        typer.Option(help="Also write the table as JSON for the app (warroom/data/ladders/)."),
    ] = None,
    all_pairs: Annotated[
        bool,
        typer.Option("--all-pairs", help="Play every pair, not only neighbours on the ladder."),
    ] = False,
) -> None:
    """Play each tier against the next (or all pairs) and show if they are strictly ordered."""

    from warroom.sim.ladder import ladder_options, markdown, play_ladder

    console = make_console()
    try:
        names = list(bot_list(tiers, "--tiers")) if tiers is not None else default_ladder(mode)
        twice = sorted({name for name in names if names.count(name) > 1})
        if twice:  # a tier against itself is no step of a ladder
            raise WarroomError(f"--tiers: {', '.join(twice)} given twice; each tier once")
    except WarroomError as exc:
        raise fail(str(exc)) from None
    if out is not None and data is not None and _same_file(out, data):
        raise fail(f"--out and --data both name {out}: the Markdown and the JSON need a file each")
    for path in (out, data):
        if path is not None:
            check_writable(path)
    try:
        opts = parse_options(option or [])
        pairs = len(names) * (len(names) - 1) // 2 if all_pairs else len(names) - 1
        total = games * pairs
        with _progress(console) as progress:
            task = progress.add_task(f"{mode} ladder", total=total)
            pairings = play_ladder(
                mode,
                names,
                games,
                players,
                seed,
                opts,
                workers,
                lambda _: progress.advance(task),
                all_pairs,
            )
        words = ["ladder", mode, "--games", str(games), "--tiers", ",".join(names)]
        words += ["--players", str(players), "--seed", str(seed)]
        for pair in option or []:
            words += ["--option", pair]
        if all_pairs:
            words.append("--all-pairs")
        command = "warroom " + shlex.join(words)
        text = markdown(mode, pairings, command, players, ladder_options(mode, opts, players))
        console.print(text, highlight=False, markup=False)
        if out is not None:
            _write(console, out, lambda: out.write_text(text, encoding="utf-8"))
        if data is not None:
            _write_data(console, text, str(out or ""), data)
    except WarroomError as exc:
        raise fail(str(exc)) from None


def _write_data(console: Console, text: str, doc: str, data: Path) -> None:
    """The ladder's JSON, read back from its Markdown: a doc edited by hand later converts the
    same way (`ladder-data`), so the app's figures and the doc's table cannot differ."""
    from warroom.sim.ladder import record_from_markdown

    record = record_from_markdown(text, doc)
    _write(console, data, lambda: data.write_text(record.model_dump_json(indent=2) + "\n"))


def _same_file(first: Path, second: Path) -> bool:
    """Whether two paths name one file, however typed (links and `..` resolved)."""
    return first.resolve() == second.resolve()


def ladder_data(
    doc: Annotated[Path, typer.Argument(help="A ladder's Markdown (docs/ladder*.md).")],
    out: Annotated[Path, typer.Option(help="The JSON to write (warroom/data/ladders/MODE.json).")],
) -> None:
    """Convert a ladder doc's table to the JSON the app reads (after editing or re-measuring)."""
    if _same_file(doc, out):
        raise fail(f"--out {out} is the doc itself: writing the JSON would replace the Markdown")
    check_writable(out)
    try:
        text = doc.read_text(encoding="utf-8")
    except OSError as exc:
        raise fail(f"{doc}: cannot read: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        raise fail(f"{doc}: not UTF-8 text (byte {exc.start}); a ladder doc is Markdown") from None
    # As the app's data names it, however the path was typed: docs/ladder.md.
    named = f"docs/{doc.name}" if doc.resolve().parent.name == "docs" else doc.as_posix()
    try:
        _write_data(make_console(), text, named, out)
    except WarroomError as exc:
        raise fail(str(exc)) from None


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate)
    app.command("ladder")(ladder)
    app.command("ladder-data")(ladder_data)


def bot_list(text: str, what: str) -> tuple[str, ...]:
    """Bot tiers written comma-separated; an empty one ("greedy,,random") is refused rather
    than dropped, which would seat fewer bots than were written."""
    names = tuple(name.strip() for name in text.split(","))
    if not all(names):
        raise WarroomError(f"{what}: a bot tier is missing between commas in {text!r}")
    return names
