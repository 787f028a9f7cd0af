"""The bot ladder: every pair of tiers plays head to head, seats rotated, with intervals.

Tiers are strictly ordered when, for each pair, the stronger tier's 95% interval lies
wholly above an even share (1 / players), so the order is not a fluke of the sample.

Where a tier holds several seats, a game is one trial for all of them (`stats.Rate`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, pairwise

from warroom.core.errors import WarroomError
from warroom.core.game import OptionValue
from warroom.games import option_text
from warroom.sim import stats
from warroom.sim.runner import GameResult, SimConfig, resolve_options, run


@dataclass(frozen=True)
class Pairing:
    stronger: str
    weaker: str
    rate: stats.Rate  # the stronger tier's
    even: float
    mean_turns: float | None
    seconds: float

    @property
    def separated(self) -> bool:
        return self.rate.interval[0] > self.even


def play_ladder(
    mode: str,
    tiers: Sequence[str],
    games: int,
    players: int = 2,
    seed: int = 0,
    options: Mapping[str, OptionValue] | None = None,
    workers: int | None = None,
    on_result: Callable[[GameResult], None] | None = None,
    all_pairs: bool = False,
) -> list[Pairing]:
    """Neighbours on the ladder (or every pair), listed weakest first, play `games` games
    each, with seats rotated. One tier has no pair to play: refused, not an empty ladder
    reported as strictly ordered."""
    if len(tiers) < 2:
        raise WarroomError(
            f"a ladder needs at least 2 tiers, weakest first (e.g. random,greedy), not {len(tiers)}"
        )
    pairs = list(combinations(tiers, 2)) if all_pairs else list(pairwise(tiers))
    out = []
    for k, (weak, strong) in enumerate(pairs):
        lineup = tuple((strong, weak)[s % 2] for s in range(players))
        config = SimConfig(mode, games, lineup, players, seed + k, dict(options or {}))
        start = time.perf_counter()
        results = run(config, workers, on_result=on_result)
        rate = next(r for r in stats.by_bot(results) if r.label == strong)
        turns = [r.turns for r in results if r.turns is not None]
        out.append(
            Pairing(
                strong,
                weak,
                rate,
                1 / players,
                sum(turns) / len(turns) if turns else None,
                time.perf_counter() - start,
            )
        )
    return out


def markdown(
    mode: str,
    pairings: Sequence[Pairing],
    command: str,
    players: int,
    options: Mapping[str, OptionValue],
    note: str = "",
) -> str:
    lines = [
        f"# Bot ladder: {mode}",
        "",
        f"Regenerate with `{command}`.",
        "",
        f"Settings: {players} players; options "
        + ", ".join(f"`{k}={option_text(v)}`" for k, v in options.items())
        + "; seats rotated (each tier sits first in half the games); a shared win counts "
        'as a share. A game is one trial: "stronger wins" counts the games the stronger '
        "tier's seats won together, and its win rate a seat is that over the games and its "
        "seats, with a 95% Wilson interval over games (at most one of its seats wins a game, "
        "so its seats are not independent trials); "
        f"an even share is {1 / players:.2f} a seat.",
        "",
        "| stronger | weaker | games | its seats | stronger wins | win rate a seat | "
        "95% interval | separated | mean turns | wall time |",
        "| --- | --- | ---: | ---: | ---: | ---: | --- | --- | ---: | ---: |",
    ]
    for p in pairings:
        lo, hi = p.rate.interval
        turns = "" if p.mean_turns is None else f"{p.mean_turns:.1f}"
        lines.append(
            f"| {p.stronger} | {p.weaker} | {p.rate.games // p.rate.seats} | {p.rate.seats} | "
            f"{p.rate.wins:g} | "
            f"{p.rate.rate:.3f} | [{lo:.3f}, {hi:.3f}] | {'yes' if p.separated else 'no'} | "
            f"{turns} | {p.seconds:.0f} s |"
        )
    order = all(p.separated for p in pairings)
    lines += [
        "",
        "Strictly ordered (every interval above an even share): "
        + ("**yes**" if order else "**no**"),
    ]
    if note:
        lines += ["", note]
    return "\n".join(lines) + "\n"


def ladder_options(mode: str, options: Mapping[str, OptionValue]) -> dict[str, OptionValue]:
    """The options the games really used (the simulation's turn cap included)."""
    return resolve_options(SimConfig(mode, 1, ("random",), 2, 0, dict(options)))
