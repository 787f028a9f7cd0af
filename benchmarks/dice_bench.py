"""Dice card games on one core: `python benchmarks/dice_bench.py [GAMES] [--runs N]`.

Not a test. For each mode (War Assets, Guardians), random and greedy bots at 2 and 4
players play GAMES games through the rules, every decision through the calls an interface
makes (to_move, legal_actions, observe, apply): finished games and actions per second of this
process's CPU time. Then the search tier's iterations per second (`mcts:50` decisions at the
target choice of greedy games), and how close the greedy and search bots' chosen cards come
to the best completion chance on offer: over every target decision, the mean exact chance of
completing the card chosen (after its first row) against the mean of the best chance among
the legal targets (the solver's optimum for one card). Each run measures everything once; the
medians of the runs are reported. The solver's caches are warmed by a first game, untimed.
"""

from __future__ import annotations

import argparse
import statistics
import time

from warroom.bots import make_bot
from warroom.bots.dice_cards import score_targets
from warroom.bots.search import MctsBot
from warroom.games import get_mode
from warroom.games.dice_cards.rules import DiceCardsGame
from warroom.games.dice_cards.state import TARGET

MODES = ("mass-effect-war-assets", "mcu-guardians")
SEARCH = "mcts:50"


def _game(mode: str) -> DiceCardsGame:
    game = get_mode(mode)
    assert isinstance(game, DiceCardsGame)
    return game


def play(mode: str, tier: str, players: int, seed: int) -> tuple[int, int]:
    """One game through the rules: (actions, turns)."""
    game = _game(mode)
    st = game.new_game(players, seed, {})
    bots = [make_bot(tier, mode, seed * 10 + s) for s in range(players)]
    actions = 0
    while st.outcome is None:
        seat = game.to_move(st)[0]
        action = bots[seat].choose(seat, game.observe(st, seat), game.legal_actions(st, seat))
        st, _ = game.apply(st, seat, action)
        actions += 1
    return actions, st.turn


def rates(mode: str, tier: str, players: int, games: int, run: int) -> tuple[float, float, float]:
    """(games/s, actions/s, median turns) over `games` games of CPU time."""
    start = time.process_time()
    done = [play(mode, tier, players, 1000 * run + g) for g in range(games)]
    seconds = time.process_time() - start
    actions = sum(a for a, _ in done)
    return games / seconds, actions / seconds, statistics.median(t for _, t in done)


def closeness(mode: str, tier: str, decisions: int, seed: int) -> tuple[float, float, float]:
    """(mean chosen chance, mean best chance, search iterations/s) at target decisions of a
    two-player game of `tier` against greedy, up to `decisions` of them."""
    game = _game(mode)
    st = game.new_game(2, seed, {})
    bots = [make_bot(tier, mode, seed), make_bot("greedy", mode, seed + 1)]
    chosen: list[float] = []
    best: list[float] = []
    iterations, seconds = 0, 0.0
    while st.outcome is None and len(chosen) < decisions:
        seat = game.to_move(st)[0]
        legal = game.legal_actions(st, seat)
        start = time.process_time()
        action = bots[seat].choose(seat, game.observe(st, seat), legal)
        spent = time.process_time() - start
        if seat == 0 and st.phase == TARGET and action.kind == "target":
            scored = {s.action: s.chance for s in score_targets(game, st, seat)}
            chosen.append(scored[action])
            best.append(max(scored.values()))
            bot = bots[0]
            if isinstance(bot, MctsBot) and bot.stats.iterations:
                iterations += bot.stats.iterations
                seconds += spent
        st, _ = game.apply(st, seat, action)
    rate = iterations / seconds if seconds else 0.0
    return statistics.fmean(chosen), statistics.fmean(best), rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=4)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--decisions", type=int, default=60)
    args = parser.parse_args()
    for mode in MODES:
        play(mode, "greedy", 2, 999)  # warm the solver's caches
        rows: dict[str, list[tuple[float, ...]]] = {}
        for run in range(args.runs):
            for tier in ("random", "greedy"):
                for players in (2, 4):
                    rows.setdefault(f"{tier} {players}p", []).append(
                        rates(mode, tier, players, args.games, run)
                    )
            for tier in ("greedy", SEARCH):
                rows.setdefault(f"closeness {tier}", []).append(
                    closeness(mode, tier, args.decisions, 500 + run)
                )
        print(f"{mode} (medians of {args.runs} runs, {args.games} games each, one core)")
        for label, found in rows.items():
            median = [statistics.median(x[k] for x in found) for k in range(len(found[0]))]
            if label.startswith("closeness"):
                tier = label.split()[1]
                extra = f", {median[2]:,.0f} iterations/s" if tier == SEARCH else ""
                print(
                    f"  {tier}: chosen card's completion chance {median[0]:.3f}, "
                    f"best on offer {median[1]:.3f} ({median[0] / median[1]:.1%}){extra}"
                )
            else:
                print(
                    f"  {label}: {median[0]:.2f} games/s, {median[1]:,.0f} actions/s, "
                    f"median {median[2]:.0f} turns"
                )


if __name__ == "__main__":
    main()
