"""Classic RISK on the rules path (the Python rules and bots, no compiled kernel), with pyrisk
side by side in the same run. Not a test; results go in docs/simulation.md and the README.

    python benchmarks/classic_bench.py [--games N] [--repeats R] [--pyrisk DIR]

Games go through the runner's own loop (`play_game`, engine "python": bots get observations
and the legal actions) with the default simulation options (turn_limit 300). Every figure is
CPU seconds of one process (`time.process_time`), so one core; each row is the median of R
rounds, and the rounds interleave the rows and pyrisk so that a busy machine slows them alike.
`--pyrisk DIR` names a checkout of pyrisk (github.com/chronitis/pyrisk) outside this
repository, driven as in benchmarks/fast_bench.py: four StupidAIs, no cards, no display.
pyrisk rolls the defender's dice itself, so one row plays 4 greedy bots with
`defender_dice=auto` as well: the same games (the greedy defender always rolls the most dice
it may, which is what `auto` rolls), without asking the defender at every roll.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from fast_bench import pyrisk_run
from warroom.sim.runner import SimConfig, play_game, resolve_options

Row = tuple[str, int, str]  # bots, players, defender_dice
ROWS: tuple[Row, ...] = (
    ("greedy", 4, "choose"),
    ("greedy", 4, "auto"),
    ("greedy", 2, "choose"),
    ("random", 4, "choose"),
    ("random", 2, "choose"),
)


def rules_round(bots: str, players: int, dice: str, games: int) -> tuple[float, float]:
    """(games/s, actions/s) for one round of `games` games on the rules path."""
    config = SimConfig(
        "risk-classic",
        games,
        (bots,),
        players,
        seed=1,
        engine="python",
        options={"defender_dice": dice},
    )
    options = resolve_options(config)
    start = time.process_time()
    actions = sum(play_game(config, i, options).actions for i in range(games))
    seconds = time.process_time() - start
    return games / seconds, actions / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20, help="games per row and round")
    parser.add_argument("--repeats", type=int, default=3, help="rounds; rows report medians")
    parser.add_argument("--pyrisk", type=Path, help="a pyrisk checkout to measure alongside")
    parser.add_argument("--pyrisk-games", type=int, default=200)
    args = parser.parse_args()
    rates: dict[Row, list[tuple[float, float]]] = {row: [] for row in ROWS}
    pyrisk_rates: list[float] = []
    for _ in range(args.repeats):
        for row in ROWS:
            rates[row].append(rules_round(*row, args.games))
        if args.pyrisk:
            pyrisk_rates.append(pyrisk_run(args.pyrisk, args.pyrisk_games)["games_per_second"])
    print(f"Classic RISK, rules path, one core, median of {args.repeats} rounds")
    print("| bots | players | defender_dice | games/s | actions/s |")
    print("| --- | ---: | --- | ---: | ---: |")
    for row in ROWS:
        games_s = statistics.median(r[0] for r in rates[row])
        actions_s = statistics.median(r[1] for r in rates[row])
        print(f"| {row[0]} | {row[1]} | {row[2]} | {games_s:,.1f} | {actions_s:,.0f} |")
    if pyrisk_rates:
        theirs = statistics.median(pyrisk_rates)
        rounds = len(pyrisk_rates)
        print(f"pyrisk, 4 StupidAI, no cards: {theirs:,.1f} games/s (median of {rounds})")
        for dice in ("choose", "auto"):
            ours = statistics.median(r[0] for r in rates["greedy", 4, dice])
            print(f"4 greedy, rules path, defender_dice={dice} / pyrisk: {ours / theirs:.2f}")


if __name__ == "__main__":
    main()
