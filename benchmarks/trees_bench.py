"""Two source trees side by side on the rules path: `python benchmarks/trees_bench.py --before DIR`.

Not a test; results go in docs/simulation.md. `DIR` is another tree's `src` (say main's, from
`git archive main src | tar -x -C /tmp/before`, with the built `src/warroom/fast/*.so` copied
in); `--after` defaults to this checkout's `src`. Each workload runs in fresh processes,
alternating the two trees ROUNDS times each (5), pinned to one core (`taskset -c 0` where
there is one), and prints the median rate of each and their ratio. Rates are per second of
the process's CPU time. Both trees must play the same games (same actions, turns and results,
or the same search decisions): a difference is reported.

Workloads: `risk-mcts`, the `mcts_rate` game of benchmarks/sim_bench.py (2 players,
`turn_limit` 30, MCTS seat 0 against greedy) with 250 iterations a decision until 6,000,
timing only the search's decisions; whole games through the runner's `play_game` with
`engine="python"` and the simulation defaults (as `warroom simulate --engine python` and
benchmarks/classic_bench.py play them): Classic RISK with 4 and 2 greedy bots and 4 random
bots, Monopoly: Marvel Avengers with 4 greedy and with 4 random bots. Imports and the first
game's set-up costs (odds tables, board files) are paid before the clock starts.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORKLOADS = {  # name: (size, what the rate counts)
    "risk-mcts": (6000, "iterations/s"),
    "risk-greedy-4": (20, "games/s"),
    "risk-greedy-2": (20, "games/s"),
    "risk-random-4": (6, "games/s"),
    "monopoly-greedy-4": (10, "games/s"),
    "monopoly-random-4": (4, "games/s"),
}


def work(name: str, size: int) -> dict[str, object]:
    """Run one workload in this process."""
    if name == "risk-mcts":
        return _mcts(size)
    from warroom.sim.runner import SimConfig, play_game, resolve_options

    mode, tier, players = name.rsplit("-", 2)
    mode = {"risk": "risk-classic", "monopoly": "monopoly-avengers"}[mode]
    config = SimConfig(mode, size + 1, (tier,), int(players), seed=1, engine="python")
    options = resolve_options(config)
    play_game(config, size, options)  # one more game first: the tables it builds on the way
    start = time.process_time()
    results = [play_game(config, i, options) for i in range(size)]
    seconds = time.process_time() - start
    check = [(r.actions, r.turns, r.winners, r.reason) for r in results]
    digest = hashlib.sha256(repr(check).encode()).hexdigest()[:16]
    return {"rate": size / seconds, "check": digest}


def _mcts(size: int) -> dict[str, object]:
    from warroom.bots import make_bot
    from warroom.bots.search import MctsBot, search_kit

    kit = search_kit("risk-classic")
    assert kit is not None
    game = kit.game
    state = game.new_game(2, 5, {"turn_limit": 30})
    bot = MctsBot(kit, 1, iterations=250)
    other = make_bot("greedy", "risk-classic", 2)
    iterations, seconds = 0, 0.0
    moves = []
    while game.outcome(state) is None and iterations < size:
        seat = game.to_move(state)[0]
        player = bot if seat == 0 else other
        observation, legal = game.observe(state, seat), game.legal_actions(state, seat)
        start = time.process_time()
        action = player.choose(seat, observation, legal)
        spent = time.process_time() - start
        if player is bot:
            iterations += bot.stats.iterations
            seconds += spent
        moves.append(str(action))
        state, _ = game.apply(state, seat, action)
    digest = hashlib.sha256(repr(moves).encode()).hexdigest()[:16]
    return {"rate": iterations / seconds, "check": digest}


def run(src: Path, name: str, size: int) -> dict[str, object]:
    env = dict(os.environ, PYTHONPATH=str(src))
    pin = ["taskset", "-c", "0"] if shutil.which("taskset") else []
    cmd = [*pin, sys.executable, __file__, "--work", name, "--size", str(size)]
    out = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True).stdout
    return json.loads(out)  # type: ignore[no-any-return]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--before", type=Path, required=False, help="the other tree's src")
    ap.add_argument("--after", type=Path, default=ROOT / "src")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every workload's size")
    ap.add_argument("--only", help="comma-separated workloads")
    ap.add_argument("--work", help=argparse.SUPPRESS)
    ap.add_argument("--size", type=int, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.work:
        print(json.dumps(work(args.work, args.size)))
        return
    if args.before is None:
        ap.error("--before DIR is required")
    names = args.only.split(",") if args.only else list(WORKLOADS)
    print("| workload | unit | before | after | after / before |")
    print("| --- | --- | ---: | ---: | ---: |")
    for name in names:
        size, unit = WORKLOADS[name]
        size = max(1, round(size * args.scale))
        rates: dict[str, list[float]] = {"before": [], "after": []}
        for _ in range(args.rounds):
            pair = {"before": run(args.before, name, size), "after": run(args.after, name, size)}
            if pair["before"]["check"] != pair["after"]["check"]:
                print(f"| {name} | DIFFERENT GAMES before and after |", flush=True)
            for tree, result in pair.items():
                rates[tree].append(float(result["rate"]))  # type: ignore[arg-type]
        before, after = statistics.median(rates["before"]), statistics.median(rates["after"])
        spread = ", ".join(f"{tree} {min(r):,.1f}-{max(r):,.1f}" for tree, r in rates.items())
        print(
            f"| {name} | {unit} | {before:,.1f} | {after:,.1f} | {after / before:.2f}x |"
            f" <!-- {spread} -->",
            flush=True,
        )


if __name__ == "__main__":
    main()
