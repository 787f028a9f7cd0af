"""Simulation speed on one core: finished games and actions per second by bot tier, for every
mode, and MCTS iterations per second. Not a test; results go in docs/simulation.md.

    python benchmarks/sim_bench.py [--games N] [--seconds S] [--profile TIER --mode MODE]

Each measurement plays whole games through the runner's own loop (`play_game`: bots get
observations and the legal actions, as in `warroom simulate --engine python`), in this one
process.
benchmarks/fast_bench.py measures the compiled fast paths.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time

import warroom.games as games
from warroom.bots import make_bot
from warroom.bots.search import MctsBot, search_kit
from warroom.core.errors import WarroomError
from warroom.core.game import OptionValue
from warroom.sim.runner import SimConfig, play_game, resolve_options


def bench(mode: str, tier: str, players: int, games_: int, options: dict[str, OptionValue]) -> str:
    config = SimConfig(mode, games_, (tier,), players, seed=1, options=options, engine="python")
    opts = resolve_options(config)
    start = time.perf_counter()
    results = [play_game(config, i, opts) for i in range(games_)]
    dt = time.perf_counter() - start
    actions = sum(r.actions for r in results)
    turns = sum(r.turns or 0 for r in results)
    ended = sum(r.ending == "rulebook" for r in results)
    return (
        f"| {mode} | {tier} | {players} | {', '.join(f'{k}={v}' for k, v in options.items())} "
        f"| {games_ / dt:.1f} | {actions / dt:,.0f} | {turns / dt:,.0f} | {turns / games_:.1f} "
        f"| {ended}/{games_} |"
    )


def mcts_rate(mode: str, seconds: float) -> str:
    """Iterations per second over the search bot's decisions in a game against greedy."""
    kit = search_kit(mode)
    if kit is None:
        return f"{mode}: no search kit"
    game = kit.game
    capped = {"turn_limit": 30} if "turn_limit" in {o.name for o in game.options} else {}
    state = game.new_game(max(2, game.min_players), 5, capped)
    bot = MctsBot(kit, 1, iterations=10**9, seconds=0.25)
    other = make_bot("greedy", mode, 2)
    iterations, spent = 0, 0.0
    while game.outcome(state) is None and spent < seconds:
        seat = game.to_move(state)[0]
        player = bot if seat == 0 else other
        action = player.choose(seat, game.observe(state, seat), game.legal_actions(state, seat))
        if player is bot:
            iterations += bot.stats.iterations
            spent += bot.stats.seconds
        state, _ = game.apply(state, seat, action)
    if not iterations:  # greedy won before the search's seat had a decision it searches
        return f"{mode}: the game ended before the search decided anything (no figure)"
    return f"{mode}: {iterations / spent:,.0f} MCTS iterations per second"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=10.0, help="MCTS measuring time")
    parser.add_argument("--profile", help="profile this tier's games instead (cProfile)")
    parser.add_argument("--mode", default="risk-classic")
    args = parser.parse_args()
    if args.profile:
        config = SimConfig(
            args.mode, args.games, (args.profile,), 2, 1, {"defender_dice": "auto"}, engine="python"
        )
        opts = resolve_options(config)
        prof = cProfile.Profile()
        prof.enable()
        for i in range(args.games):
            play_game(config, i, opts)
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(25)
        return
    print(
        "| mode | bots | players | options | games/s | actions/s | turns/s | turns/game "
        "| rulebook endings |"
    )
    print("| --- | --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |")
    for game in games.modes():
        for tier in ("random", "greedy"):
            for players in sorted({max(2, game.min_players), min(4, game.max_players)}):
                for options in ({}, {"defender_dice": "auto"}):
                    if options and "defender_dice" not in {o.name for o in game.options}:
                        continue
                    try:
                        print(bench(game.id, tier, players, args.games, options), flush=True)
                    except WarroomError as exc:
                        print(f"| {game.id} | {tier} | {players} | | {exc} |")
    for game in games.modes():
        try:
            print(mcts_rate(game.id, args.seconds), flush=True)
        except WarroomError as exc:
            print(f"{game.id}: {exc}")


if __name__ == "__main__":
    main()
