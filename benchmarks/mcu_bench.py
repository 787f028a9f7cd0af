"""RISK MCU Skirmish or Battle for Manhattan on the rules path, one core:
`python benchmarks/mcu_bench.py [GAMES] [--runs N] [--iterations N] [--mode MODE]`.

Not a test. Random and greedy bots, three and five players, play GAMES games each through
the calls an interface makes (to_move, legal_actions, observe, apply); the report gives
finished games and actions per second of this process's CPU time (`time.process_time`, so
per core), with the median game length in rounds (turns / players). Random games rarely
reach 20 sectors and end at the simulation runner's turn limit; greedy games end by the
rules. Skirmish has no compiled fast path (new modes get none), so the simulation runner
plays these same games. `--mode mcu-battle-for-manhattan` times Battle for Manhattan the same
way (factions dealt at random; greedy games end by objectives). Then the search bot's
iterations per second, from positions along greedy three-player games. The runs are
interleaved (each run measures every line once) and the medians reported, so a busy machine
slows all alike.
"""

from __future__ import annotations

import argparse
import statistics
import time

from warroom.bots import make_bot
from warroom.bots.search import MctsBot, search_kit
from warroom.core import get_mode
from warroom.games.mcu.skirmish import McuSkirmish, McuState
from warroom.sim.runner import DEFAULT_TURN_LIMIT

GAME: McuSkirmish = McuSkirmish()
OPTIONS: dict[str, object] = {}  # the mode's options besides the turn limit
LIMIT = DEFAULT_TURN_LIMIT  # as `warroom simulate` plays them
Result = tuple[int, int]  # actions, turns


def play(tier: str, players: int, seed: int) -> Result:
    """One game through the rules, every decision from the seat's observation."""
    st = GAME.new_game(players, seed, {"turn_limit": LIMIT, **OPTIONS})
    bots = [make_bot(tier, GAME.id, seed * 10 + s) for s in range(players)]
    actions = 0
    while st.outcome is None:
        seat = GAME.to_move(st)[0]
        action = bots[seat].choose(seat, GAME.observe(st, seat), GAME.legal_actions(st, seat))
        st, _ = GAME.apply(st, seat, action)
        actions += 1
    return actions, st.turn


def search_positions(count: int) -> list[tuple[McuState, int]]:
    """Positions where the search has a real choice (more than one candidate), along greedy
    three-player games."""
    kit = search_kit(GAME.id)
    assert kit is not None
    out: list[tuple[McuState, int]] = []
    seed = 0
    while len(out) < count:
        st = GAME.new_game(3, seed, {"turn_limit": LIMIT, **OPTIONS})
        bots = [make_bot("greedy", GAME.id, s) for s in range(3)]
        while st.outcome is None and len(out) < count:
            seat = GAME.to_move(st)[0]
            seen = GAME.observe(st, seat)
            if len(kit.candidates(st, seat)) > 1:
                out.append((seen, seat))
            st = GAME.play(st, seat, bots[seat].choose(seat, seen, GAME.legal_actions(st, seat)))
        seed += 1
    return out


def mcts_rate(positions: list[tuple[McuState, int]], iterations: int) -> float:
    """Search iterations per CPU-second over the positions (no time cap binds)."""
    kit = search_kit(GAME.id)
    assert kit is not None
    bot = MctsBot(kit, seed=1, iterations=iterations, seconds=1e9)
    done = 0
    start = time.process_time()
    for seen, seat in positions:
        bot.choose(seat, seen, GAME.legal_actions(seen, seat))
        done += bot.stats.iterations
    return done / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", type=int, nargs="?", default=20)
    parser.add_argument("--runs", type=int, default=3, help="interleaved runs; medians shown")
    parser.add_argument("--iterations", type=int, default=200, help="per search decision")
    parser.add_argument("--positions", type=int, default=10, help="search decisions timed")
    parser.add_argument(
        "--mode", default="mcu-skirmish", choices=("mcu-skirmish", "mcu-battle-for-manhattan")
    )
    args = parser.parse_args()
    global GAME, OPTIONS
    mode = get_mode(args.mode)
    assert isinstance(mode, McuSkirmish)
    GAME = mode
    if args.mode == "mcu-battle-for-manhattan":
        OPTIONS = {"factions": "random"}
    lines = [(tier, players) for tier in ("random", "greedy") for players in (3, 5)]
    games: dict[tuple[str, int], list[float]] = {line: [] for line in lines}
    actions: dict[tuple[str, int], list[float]] = {line: [] for line in lines}
    rounds: dict[tuple[str, int], float] = {}
    searches: list[float] = []
    positions = search_positions(args.positions)
    for run in range(args.runs):
        for tier, players in lines:
            start = time.process_time()
            results = [play(tier, players, seed) for seed in range(args.games)]
            seconds = time.process_time() - start
            games[tier, players].append(args.games / seconds)
            actions[tier, players].append(sum(a for a, _ in results) / seconds)
            rounds[tier, players] = statistics.median(t / players for _, t in results)
        searches.append(mcts_rate(positions, args.iterations))
        print(
            f"run {run + 1}: "
            + ", ".join(f"{t} {p}p {games[t, p][-1]:.0f}" for t, p in lines)
            + f", mcts {searches[-1]:.0f} it/s",
            flush=True,
        )
    print(
        f"{args.mode}: medians of {args.runs} interleaved runs, per CPU-second on one core "
        "(rules path):"
    )
    for tier, players in lines:
        print(
            f"{tier:>7} {players}p: {statistics.median(games[tier, players]):8.1f} games/s, "
            f"{statistics.median(actions[tier, players]):9.0f} actions/s; "
            f"median {rounds[tier, players]:.1f} rounds ({args.games} games)"
        )
    print(
        f"   mcts 3p: {statistics.median(searches):8.0f} iterations/s "
        f"({args.positions} decisions of {args.iterations} iterations, greedy rollouts)"
    )


if __name__ == "__main__":
    main()
