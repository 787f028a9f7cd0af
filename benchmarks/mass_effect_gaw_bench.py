"""RISK Mass Effect Galaxy at War on the rules path, one core:
`python benchmarks/mass_effect_gaw_bench.py [GAMES] [--runs N]`.

Not a test. Random and greedy bots, two and five players, play GAMES games each through the
calls an interface makes (to_move, legal_actions, observe, apply); the report gives finished
games and actions per second of this process's CPU time (`time.process_time`, so per core),
with the median game length in rounds (turns / players). Random games mostly end at the
simulation runner's turn limit; greedy games end by the rules. The runs are interleaved (each
run measures every line once) and the medians reported, so a busy machine slows all alike.
The search tier (`mcts:N`) takes seconds a game and is measured by its ladder
(docs/ladder-mass-effect-gaw.md), not here.
"""

from __future__ import annotations

import statistics
import time

from rules_path import arguments, play
from warroom.core import get_mode
from warroom.sim.runner import DEFAULT_TURN_LIMIT


def main() -> None:
    args = arguments(__doc__.split("\n\n")[0], games=10).parse_args()
    game = get_mode("mass-effect-galaxy-at-war")
    options: dict[str, object] = {"turn_limit": DEFAULT_TURN_LIMIT}  # as `warroom simulate`
    lines = [(tier, players) for tier in ("random", "greedy") for players in (2, 5)]
    games: dict[tuple[str, int], list[float]] = {line: [] for line in lines}
    actions: dict[tuple[str, int], list[float]] = {line: [] for line in lines}
    rounds: dict[tuple[str, int], float] = {}
    for run in range(args.runs):
        for tier, players in lines:
            start = time.process_time()
            results = [play(game, tier, players, seed, options) for seed in range(args.games)]
            seconds = time.process_time() - start
            games[tier, players].append(args.games / seconds)
            actions[tier, players].append(sum(a for a, _ in results) / seconds)
            rounds[tier, players] = statistics.median(t / players for _, t in results)
        print(f"run {run + 1}: " + ", ".join(f"{t} {p}p {games[t, p][-1]:.1f}" for t, p in lines))
    print(f"{game.id}: medians of {args.runs} interleaved runs, per CPU-second on one core:")
    for tier, players in lines:
        print(
            f"{tier:>7} {players}p: {statistics.median(games[tier, players]):8.1f} games/s, "
            f"{statistics.median(actions[tier, players]):9.0f} actions/s; "
            f"median {rounds[tier, players]:.1f} rounds ({args.games} games)"
        )


if __name__ == "__main__":
    main()
