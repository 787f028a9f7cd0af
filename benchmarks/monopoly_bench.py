"""Finished bot games per second on one core: `python benchmarks/monopoly_bench.py [GAMES]
[--runs N] [--public PATH]`.

Not a test. Four players, random and greedy bots, with `turn_limit` 1000 so that games of
bots that never go bankrupt still end; the report says how many ended by the rules (the
last player with money) and how many by the limit. Each tier plays GAMES games through the
rules, every decision through the calls an interface makes (to_move, legal_actions,
observe, apply), and FAST_FACTOR times as many through the compiled fast path
(`warroom.fast`), which plays the same games move for move: the first GAMES must come out
the same.

`--public PATH` also times, in the same runs, the fastest public Python Monopoly simulator
(gamescomputersplay/monopoly, checked out at PATH outside this repository; see
docs/monopoly.md): its own one-game function `monopoly_game` in a loop, four standard
players, its default settings but with its game log off. The runs are interleaved (each
run measures every engine once) and the medians reported, so a busy machine slows all
alike. Rates are per second of this process's CPU time, so per core.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable

from warroom import fast
from warroom.bots import make_bot
from warroom.games.monopoly_avengers import GAME
from warroom.sim.runner import DEFAULT_ACTION_CAP

LIMIT = 1000
FAST_FACTOR = 50
Result = tuple[int, int, bool]  # actions, turns, ended by the rules


def bot_seeds(seed: int) -> list[int]:
    return [seed * 10 + s for s in range(4)]


def play(tier: str, seed: int) -> Result:
    """One four-player game through the rules."""
    st = GAME.new_game(4, seed, {"turn_limit": LIMIT})
    bots = [make_bot(tier, GAME.id, s) for s in bot_seeds(seed)]
    actions = 0
    while st.outcome is None:
        seat = GAME.to_move(st)[0]
        action = bots[seat].choose(seat, GAME.observe(st, seat), GAME.legal_actions(st, seat))
        st, _ = GAME.apply(st, seat, action)
        actions += 1
    return actions, st.turn, "last player" in st.outcome.reason


def play_fast(tier: str, seed: int) -> Result:
    """The same game through the fast path, as the simulation runner calls it."""
    options = {"turn_limit": LIMIT}
    done = fast.play(GAME.id, 4, seed, [tier] * 4, bot_seeds(seed), options, DEFAULT_ACTION_CAP)
    if done is None:
        raise SystemExit("warroom.fast._monopoly_avengers is not built: run ./run setup")
    assert done.turns is not None and done.reason is not None
    return done.actions, done.turns, "last player" in done.reason


def public_player(path: str) -> Callable[[int], None]:
    """The public simulator's one-game function, game log off, for game number `n`."""
    sys.path.insert(0, path)
    from monopoly.core.game import monopoly_game  # type: ignore[import-not-found]
    from monopoly.log_settings import LogSettings  # type: ignore[import-not-found]

    LogSettings.KEEP_GAME_LOG = False
    master = random.Random(0)  # as its scripts/simulate.py seeds its games
    seeds = [master.getrandbits(32) for _ in range(100_000)]

    def one(n: int) -> None:
        monopoly_game((n + 1, seeds[n]))

    return one


def measure(how: Callable[[int], object], games: int) -> tuple[list[object], float]:
    """Results of games 0..GAMES-1 and games per CPU-second."""
    start = time.process_time()
    results = [how(seed) for seed in range(games)]
    return results, games / (time.process_time() - start)


def summary(results: list[Result]) -> str:
    games = len(results)
    turns = sum(r[1] for r in results)
    actions = sum(r[0] for r in results)
    by_rules = sum(r[2] for r in results)
    return (
        f"mean {turns / games:.0f} turns, {actions / games:.0f} actions; "
        f"{by_rules}/{games} ended by the rules"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", type=int, nargs="?", default=20)
    parser.add_argument("--runs", type=int, default=1, help="interleaved runs; medians shown")
    parser.add_argument("--public", help="a checkout of gamescomputersplay/monopoly")
    args = parser.parse_args()
    engines: dict[str, tuple[Callable[[int], object], int]] = {}
    for tier in ("greedy", "random"):
        engines[f"{tier} rules"] = (lambda seed, tier=tier: play(tier, seed), args.games)
        engines[f"{tier} fast"] = (
            lambda seed, tier=tier: play_fast(tier, seed),
            args.games * FAST_FACTOR,
        )
    if args.public:
        engines["public simulator"] = (public_player(args.public), args.games * 5)
    rates: dict[str, list[float]] = {name: [] for name in engines}
    results: dict[str, list[object]] = {}
    for run in range(args.runs):
        for name, (how, games) in engines.items():
            results[name], rate = measure(how, games)
            rates[name].append(rate)
        print(f"run {run + 1}: " + ", ".join(f"{n} {r[-1]:.1f}" for n, r in rates.items()))
    print(f"medians of {args.runs} interleaved runs, games per CPU-second on one core:")
    for name, (_, games) in engines.items():
        line = f"{name:>17}: {statistics.median(rates[name]):9.1f} games/s ({games} games"
        if name != "public simulator":
            line += "; " + summary(results[name])  # type: ignore[arg-type]
        print(line + ")")
    for tier in ("greedy", "random"):
        rules, quick = results[f"{tier} rules"], results[f"{tier} fast"]
        same = "the same games" if quick[: len(rules)] == rules else "DIFFERENT GAMES"
        ratio = statistics.median(rates[f"{tier} fast"]) / statistics.median(rates[f"{tier} rules"])
        print(f"{tier:>7} fast / rules: {ratio:.0f}x ({same})")
    if args.public:
        public = statistics.median(rates["public simulator"])
        greedy = statistics.median(rates["greedy rules"])
        print(f" greedy rules / public simulator: {greedy / public:.2f}x")


if __name__ == "__main__":
    main()
