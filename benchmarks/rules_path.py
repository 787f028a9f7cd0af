"""What the rules-path benchmarks of the newer modes share (`strike_bench.py`, `mcu_bench.py`):
bot games through the calls an interface makes, search positions, and the interleaved runs
with their medians. Not a benchmark itself."""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from warroom.bots import make_bot
from warroom.bots.search import MctsBot, search_kit
from warroom.core import Game

Result = tuple[int, int]  # actions, turns
Turns = Callable[[Any], int]  # turns played by the end of a game, from its last state


def state_turn(st: Any) -> int:
    """The turns a mode counts in its state's `turn` (most modes)."""
    return int(st.turn)


def play(
    game: Game[Any],
    tier: str,
    players: int,
    seed: int,
    options: dict[str, object],
    turns: Turns = state_turn,
) -> Result:
    """One game through the rules, every decision from the seat's observation."""
    st = game.new_game(players, seed, options)
    bots = [make_bot(tier, game.id, seed * 10 + s) for s in range(players)]
    actions = 0
    while game.outcome(st) is None:
        seat = game.to_move(st)[0]
        action = bots[seat].choose(seat, game.observe(st, seat), game.legal_actions(st, seat))
        st, _ = game.apply(st, seat, action)
        actions += 1
    return actions, turns(st)


def search_positions(
    game: Game[Any], count: int, players: int, options: dict[str, object]
) -> list[tuple[Any, int]]:
    """Observations where the search has a real choice (more than one candidate), along
    greedy games."""
    kit = search_kit(game.id)
    assert kit is not None
    out: list[tuple[Any, int]] = []
    seed = 0
    while len(out) < count:
        st = game.new_game(players, seed, options)
        bots = [make_bot("greedy", game.id, s) for s in range(players)]
        while game.outcome(st) is None and len(out) < count:
            seat = game.to_move(st)[0]
            seen = game.observe(st, seat)
            if len(kit.candidates(st, seat)) > 1:
                out.append((seen, seat))
            st = game.play(st, seat, bots[seat].choose(seat, seen, game.legal_actions(st, seat)))
        seed += 1
    return out


def mcts_rate(game: Game[Any], positions: list[tuple[Any, int]], iterations: int) -> float:
    """Search iterations per CPU-second over the positions."""
    kit = search_kit(game.id)
    assert kit is not None
    bot = MctsBot(kit, seed=1, iterations=iterations)
    done = 0
    start = time.process_time()
    for seen, seat in positions:
        bot.choose(seat, seen, game.legal_actions(seen, seat))
        done += bot.stats.iterations
    return done / (time.process_time() - start)


def arguments(description: str, games: int) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("games", type=int, nargs="?", default=games)
    parser.add_argument("--runs", type=int, default=3, help="interleaved runs; medians shown")
    parser.add_argument("--iterations", type=int, default=200, help="per search decision")
    parser.add_argument("--positions", type=int, default=10, help="search decisions timed")
    return parser


def report(
    game: Game[Any],
    args: argparse.Namespace,
    player_counts: tuple[int, int],
    options: dict[str, object],
    turns: Turns = state_turn,
) -> None:
    """Random and greedy games at both player counts and the search's speed, run after run
    (each run measures every line once, so a busy machine slows all alike), then medians."""
    lines = [(tier, players) for tier in ("random", "greedy") for players in player_counts]
    games: dict[tuple[str, int], list[float]] = {line: [] for line in lines}
    actions: dict[tuple[str, int], list[float]] = {line: [] for line in lines}
    rounds: dict[tuple[str, int], float] = {}
    searches: list[float] = []
    search_players = player_counts[0]
    positions = search_positions(game, args.positions, search_players, options)
    for run in range(args.runs):
        for tier, players in lines:
            start = time.process_time()
            results = [
                play(game, tier, players, seed, options, turns) for seed in range(args.games)
            ]
            seconds = time.process_time() - start
            games[tier, players].append(args.games / seconds)
            actions[tier, players].append(sum(a for a, _ in results) / seconds)
            rounds[tier, players] = statistics.median(t / players for _, t in results)
        searches.append(mcts_rate(game, positions, args.iterations))
        print(
            f"run {run + 1}: "
            + ", ".join(f"{t} {p}p {games[t, p][-1]:.0f}" for t, p in lines)
            + f", mcts {searches[-1]:.0f} it/s",
            flush=True,
        )
    print(
        f"{game.id}: medians of {args.runs} interleaved runs, per CPU-second on one core "
        "(rules path):"
    )
    for tier, players in lines:
        print(
            f"{tier:>7} {players}p: {statistics.median(games[tier, players]):8.1f} games/s, "
            f"{statistics.median(actions[tier, players]):9.0f} actions/s; "
            f"median {rounds[tier, players]:.1f} rounds ({args.games} games)"
        )
    print(
        f"   mcts {search_players}p: {statistics.median(searches):8.0f} iterations/s "
        f"({args.positions} decisions of {args.iterations} iterations, greedy rollouts)"
    )
