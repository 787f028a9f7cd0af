"""Classic RISK simulation speed: the compiled fast path against the Python rules, with pyrisk
side by side. Not a test; results go in docs/simulation.md.

    python benchmarks/fast_bench.py [--games N] [--python-games N] [--pyrisk DIR]

Every figure is CPU seconds of this one process (`time.process_time`), so one core; pin it
(`taskset -c 0`) on a shared machine. Games go through the runner's own `play_game` with the
default simulation options (turn_limit 300), with engine "fast" and with engine "python"; the
games both play are checked to have the same results. `--pyrisk DIR` names a checkout of
pyrisk (github.com/chronitis/pyrisk) outside this repository: a small driver (below) imports
its engine from there and plays four StupidAIs, no cards, no display, no log output.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

from warroom.sim.runner import GameResult, SimConfig, play_game, resolve_options

PYRISK_DRIVER = """
import json, random, sys, time
sys.path.insert(0, sys.argv[1])
from game import Game
from world import AREAS, CONNECT, KEY, MAP
from ai.stupid import StupidAI
games = int(sys.argv[2])
random.seed(1)
turns = 0
start = time.process_time()
for _ in range(games):
    g = Game(curses=False, color=False, delay=0, connect=CONNECT, areas=AREAS, cmap=MAP, ckey=KEY)
    for name in ("ALPHA", "BRAVO", "CHARLIE", "DELTA"):
        g.add_player(name, StupidAI)
    g.play()
    turns += g.turn
seconds = time.process_time() - start
print(json.dumps({"games": games, "seconds": seconds, "turns": turns}))
"""


def timed(config: SimConfig, games: int) -> tuple[list[GameResult], float]:
    options = resolve_options(config)
    play_game(config, 0, options)  # the first game builds the kernel's board and odds memo
    start = time.process_time()
    results = [play_game(config, i, options) for i in range(games)]
    return results, time.process_time() - start


def row(bots: str, players: int, fast_games: int, python_games: int) -> str:
    config = SimConfig("risk-classic", fast_games, (bots,), players, seed=1, engine="fast")
    fast, fast_s = timed(config, fast_games)
    python, python_s = timed(
        SimConfig("risk-classic", python_games, (bots,), players, seed=1, engine="python"),
        python_games,
    )

    def result(r: GameResult) -> tuple[object, ...]:
        return r.winners, r.reason, r.turns, r.actions

    agree = all(result(a) == result(b) for a, b in zip(fast, python, strict=False))
    fast_rate, python_rate = fast_games / fast_s, python_games / python_s
    return (
        f"| {bots} | {players} | {fast_rate:,.0f} | {sum(r.actions for r in fast) / fast_s:,.0f} "
        f"| {python_rate:,.1f} | {sum(r.actions for r in python) / python_s:,.0f} "
        f"| {fast_rate / python_rate:,.0f}x | {sum(r.actions for r in fast) / fast_games:,.0f} "
        f"| {'yes' if agree else 'NO'} |"
    )


def pyrisk_run(directory: Path, games: int) -> dict[str, float]:
    """One run of the pyrisk driver: games, CPU seconds, turns, and games per second."""
    out = subprocess.run(
        [sys.executable, "-c", PYRISK_DRIVER, str(directory), str(games)],
        check=True,
        capture_output=True,
        text=True,
    )
    r: dict[str, float] = json.loads(out.stdout)
    return {**r, "games_per_second": r["games"] / r["seconds"]}


def pyrisk(directory: Path, games: int) -> str:
    r = pyrisk_run(directory, games)
    return (
        f"pyrisk, 4 StupidAI, no cards: {r['games_per_second']:,.0f} games/s, "
        f"{r['turns'] / r['seconds']:,.0f} turns/s, {r['turns'] / r['games']:.0f} turns a game "
        f"({r['games']:.0f} games)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000, help="games per fast-path row")
    parser.add_argument("--python-games", type=int, default=20, help="games per Python row")
    parser.add_argument("--pyrisk", type=Path, help="a pyrisk checkout to measure alongside")
    parser.add_argument("--pyrisk-games", type=int, default=500)
    args = parser.parse_args()
    print(
        "| bots | players | fast games/s | fast actions/s | python games/s | python actions/s "
        "| speed-up | actions/game | same results |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    for bots in ("random", "greedy"):
        for players in (2, 4):
            print(row(bots, players, args.games, args.python_games), flush=True)
    if args.pyrisk:
        print(pyrisk(args.pyrisk, args.pyrisk_games))


if __name__ == "__main__":
    main()
