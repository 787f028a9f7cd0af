"""Finished bot games per second on one core: `python benchmarks/monopoly_bench.py [GAMES]`.

Not a test. Four players, random and greedy bots, each game played to its end through the
same calls an interface makes (to_move, legal_actions, view, apply), with `turn_limit`
1000 so that games of bots that never go bankrupt still end; the report says how many
ended by the rules (the last player with money) and how many by the limit.
"""

from __future__ import annotations

import sys
import time

from warroom.bots import make_bot
from warroom.games.monopoly_avengers import GAME

LIMIT = 1000


def play(tier: str, seed: int) -> tuple[int, int, bool]:
    """(actions, turns, ended by the rules) for one four-player game."""
    st = GAME.new_game(4, seed, {"turn_limit": LIMIT})
    bots = [make_bot(tier, GAME.id, seed * 10 + s) for s in range(4)]
    actions = 0
    while st.outcome is None:
        seat = GAME.to_move(st)[0]
        action = bots[seat].choose(GAME.view(st, seat), GAME.legal_actions(st, seat))
        st, _ = GAME.apply(st, seat, action)
        actions += 1
    return actions, st.turn, "last player" in st.outcome.reason


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    for tier in ("random", "greedy"):
        start = time.perf_counter()
        results = [play(tier, seed) for seed in range(games)]
        elapsed = time.perf_counter() - start
        actions = sum(r[0] for r in results)
        turns = sum(r[1] for r in results)
        by_rules = sum(r[2] for r in results)
        print(
            f"{tier:>7}: {games / elapsed:7.2f} games/s  {turns / elapsed:8.0f} turns/s  "
            f"{actions / elapsed:8.0f} actions/s  mean {turns / games:.0f} turns, "
            f"{by_rules}/{games} ended by the rules"
        )


if __name__ == "__main__":
    main()
