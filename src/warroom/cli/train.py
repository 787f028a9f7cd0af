"""`warroom train`: a `learned` bot trained with MaskablePPO (the optional extra `train`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from warroom.cli.common import SEED_MAX, cannot_write, check_writable, fail, parse_options


def train(
    mode: Annotated[str, typer.Argument(help="Game mode id (see 'warroom games').")],
    out: Annotated[
        Path, typer.Option(help="Weights file to write (.npz); the curve and report go beside it.")
    ],
    players: Annotated[int, typer.Option(help="Number of players.")] = 2,
    opponent: Annotated[str, typer.Option(help="Bot tier the other seats play in training.")] = (
        "random"
    ),
    minutes: Annotated[float, typer.Option(help="Training time (wall clock).")] = 15.0,
    timesteps: Annotated[
        int | None,
        typer.Option(
            help="Stop after this many environment steps (tokens) if sooner than --minutes: "
            "a budget the machine's speed does not change, so a seed trains the same weights."
        ),
    ] = None,
    eval_games: Annotated[int, typer.Option(help="Games against each of random and greedy.")] = (
        200
    ),
    seed: Annotated[
        int, typer.Option(min=0, max=SEED_MAX, help="Seed of training (games and network).")
    ] = 0,
    option: Annotated[list[str] | None, typer.Option(help="Mode option NAME=VALUE.")] = None,
) -> None:
    """Train a policy for seat 0 against a bot tier, then measure it against random and greedy.

    The measures come with 95% intervals. Play the policy with the tier `learned:PATH`.
    """
    from warroom.core import WarroomError
    from warroom.rl.train import MOST_TIMESTEPS, check_training
    from warroom.rl.train import train as run_training  # refuses, saying why, without `train`

    # Checked before the training, which takes minutes (after it, a bad value lost the run),
    # and before the folders for its files are made (a refused run left them behind).
    if out.suffix != ".npz":
        raise fail(f"--out names the weights file, ending in .npz, not {out.name!r}")
    steps = MOST_TIMESTEPS if timesteps is None else timesteps
    try:
        opts: dict[str, object] = dict(parse_options(option or []))
        check_training(mode, players, opponent, minutes, steps, opts, eval_games)
    except WarroomError as exc:
        raise fail(str(exc)) from None
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise cannot_write(out, exc) from None
    for path in (out, out.with_suffix(".json"), out.with_suffix(".png")):  # weights, report, curve
        check_writable(path)

    try:
        run_training(
            mode,
            out,
            players=players,
            opponent=opponent,
            minutes=minutes,
            timesteps=steps,
            options=opts,
            seed=seed,
            eval_games=eval_games,
        )
    except WarroomError as exc:
        raise fail(str(exc)) from None


def register(app: typer.Typer) -> None:
    app.command("train")(train)
