"""Finished bot games per second on one core: `python benchmarks/monopoly_bench.py [GAMES]`.

Not a test. Four players, random and greedy bots, with `turn_limit` 1000 so that games of
bots that never go bankrupt still end; the report says how many ended by the rules (the
last player with money) and how many by the limit. Each tier plays GAMES games through the
rules, every decision through the calls an interface makes (to_move, legal_actions, view,
apply), and FAST_FACTOR times as many through the compiled fast path (`warroom.fast`),
which plays the same games move for move: the first GAMES must come out the same.
Rates are per second of this process's CPU time, so per core even on a busy machine.
"""

from __future__ import annotations

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


def measure(
    how: Callable[[str, int], Result], tier: str, games: int
) -> tuple[list[Result], float, str]:
    start = time.process_time()
    results = [how(tier, seed) for seed in range(games)]
    elapsed = time.process_time() - start
    actions = sum(r[0] for r in results)
    turns = sum(r[1] for r in results)
    by_rules = sum(r[2] for r in results)
    line = (
        f"{games / elapsed:9.1f} games/s {turns / elapsed:10.0f} turns/s "
        f"{actions / elapsed:11.0f} actions/s  mean {turns / games:.0f} turns, "
        f"{actions / games:.0f} actions; {by_rules}/{games} ended by the rules"
    )
    return results, games / elapsed, line


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    for tier in ("random", "greedy"):
        rules, rules_rate, line = measure(play, tier, games)
        print(f"{tier:>7} rules: {line}")
        quick, fast_rate, line = measure(play_fast, tier, games * FAST_FACTOR)
        print(f"{tier:>7}  fast: {line}")
        same = "the same games" if quick[:games] == rules else "DIFFERENT GAMES"
        print(f"{tier:>7}  fast / rules: {fast_rate / rules_rate:.0f}x ({same})")


if __name__ == "__main__":
    main()
