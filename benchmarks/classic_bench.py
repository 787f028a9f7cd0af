"""Classic RISK engine speed: random-bot games and actions per second on one core.

Run: .venv/bin/python benchmarks/classic_bench.py [--games N] [--players P] [--turns T]
Random play rarely ends by conquest, so games are capped at T turns (the mode's
turn_limit option); the figure counts games played to that end, stated with the cap.
"""

from __future__ import annotations

import argparse
import time

from warroom.bots import RandomBot
from warroom.games.risk_classic import GAME


def play(seed: int, players: int, turns: int, defender: str) -> tuple[int, int, bool]:
    state = GAME.new_game(
        players, seed, {"turn_limit": turns, "defender_dice": defender, "setup": "deal"}
    )
    bots = [RandomBot(seed * 10 + s) for s in range(players)]
    actions = 0
    while state.outcome is None:
        seat = GAME.to_move(state)[0]
        action = bots[seat].choose(seat, None, GAME.legal_actions(state, seat))
        state, _ = GAME.apply(state, seat, action)
        actions += 1
    conquest = "turn limit" not in state.outcome.reason
    return actions, state.turn, conquest


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--turns", type=int, default=100)
    ap.add_argument("--defender", choices=("choose", "auto"), default="choose")
    args = ap.parse_args()
    start = time.perf_counter()
    actions = turns = conquests = 0
    for seed in range(args.games):
        a, t, c = play(seed, args.players, args.turns, args.defender)
        actions, turns, conquests = actions + a, turns + t, conquests + c
    secs = time.perf_counter() - start
    print(f"{args.games} random-bot games, {args.players} players, full card rules, "
          f"cap {args.turns} turns, defender_dice={args.defender}")
    print(f"  {args.games / secs:8.1f} games/s   {actions / secs:10.0f} actions/s   "
          f"{turns / secs:8.0f} turns/s   ({conquests} ended by conquest)")


if __name__ == "__main__":
    main()
