"""Dice card games on one core: `python benchmarks/dice_bench.py [GAMES] [--runs N]`.

Not a test. For each mode (War Assets, Guardians), random and greedy bots at 2 and 4
players play GAMES games through the rules, every decision through the calls an interface
makes (to_move, legal_actions, observe, apply): finished games and actions per second of this
process's CPU time. Then, for the greedy, `lookahead` and `mcts:50` tiers playing greedy, how
close their choices come to the exact within-turn optimum (expectimax over the turn's rolls,
which the odds solver computes): over every target decision, (1) the exact chance of
completing the card chosen (after its first row) against the best chance among the legal
targets; (2) the turn's expected gain in share of the win, P(complete) x worth (greedy's
`claim_worth`), of the card chosen against the best on offer: the within-turn optimum for that
valuation; (3) how often the attempts aimed at completion did complete, against the mean
exact chance at selection (inside an attempt every tier plays the solver's optimal action, so
these agree up to dice luck). The search's iterations per second and the lookahead's
decisions per second come with them. Each run measures everything once; the medians of the
runs are reported. The solver's caches are warmed by a first game, untimed.
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass, field

from warroom.bots import make_bot
from warroom.bots.dice_cards import score_targets
from warroom.bots.search import MctsBot
from warroom.games import get_mode
from warroom.games.dice_cards.rules import DiceCardsGame
from warroom.games.dice_cards.state import TARGET

MODES = ("mass-effect-war-assets", "mcu-guardians")
SEARCH = "mcts:50"
TIERS = ("greedy", "lookahead", SEARCH)


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


@dataclass
class Closeness:
    """A tier's target decisions against the within-turn optimum."""

    chosen: list[float] = field(default_factory=list)  # P(complete) of the card chosen
    best: list[float] = field(default_factory=list)  # the best P(complete) on offer
    gain: list[float] = field(default_factory=list)  # P x worth of the card chosen
    best_gain: list[float] = field(default_factory=list)  # the best P x worth on offer
    completed: list[bool] = field(default_factory=list)  # attempts aimed at completion
    expected: list[float] = field(default_factory=list)  # their chance at selection
    seconds: float = 0.0  # CPU time of the tier's target decisions
    iterations: int = 0  # search iterations in them

    def figures(self) -> tuple[float, ...]:
        decisions = len(self.chosen)
        return (
            statistics.fmean(self.chosen) / statistics.fmean(self.best),
            sum(self.gain) / sum(self.best_gain),
            statistics.fmean(self.completed),
            statistics.fmean(self.expected),
            decisions / self.seconds,
            self.iterations / self.seconds,
            decisions,
        )


def closeness(mode: str, tier: str, decisions: int, seed: int) -> tuple[float, ...]:
    """`Closeness.figures` over up to `decisions` target decisions of `tier` (seat 0) in
    two-player games against greedy."""
    game = _game(mode)
    found = Closeness()
    while len(found.chosen) < decisions:
        st = game.new_game(2, seed, {})
        bots = [make_bot(tier, mode, seed), make_bot("greedy", mode, seed + 1)]
        seed += 1
        aiming: float | None = None  # the chance of the attempt under way, when aimed at
        card = -1
        while st.outcome is None and len(found.chosen) < decisions:
            seat = game.to_move(st)[0]
            legal = game.legal_actions(st, seat)
            start = time.process_time()
            action = bots[seat].choose(seat, game.observe(st, seat), legal)
            spent = time.process_time() - start
            if seat == 0 and st.phase == TARGET and action.kind == "target":
                scored = {s.action: s for s in score_targets(game, st, seat)}
                mine = scored[action]
                found.chosen.append(mine.chance)
                found.best.append(max(s.chance for s in scored.values()))
                found.gain.append(max(mine.score, 0.0))
                found.best_gain.append(max(0.0, *(s.score for s in scored.values())))
                found.seconds += spent
                bot = bots[0]
                if isinstance(bot, MctsBot):
                    found.iterations += bot.stats.iterations
                aiming = mine.chance if mine.worth >= 0 else None
                named = st.cards.card(str(action.args[0]))
                assert named is not None  # a legal target names one of the cards
                card = named
            before = st.turn
            st, _ = game.apply(st, seat, action)
            if seat == 0 and aiming is not None and (st.turn != before or st.outcome):
                found.completed.append(st.owner[card] == 0)
                found.expected.append(aiming)
                aiming = None
    return found.figures()


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
            for tier in TIERS:
                rows.setdefault(f"closeness {tier}", []).append(
                    closeness(mode, tier, args.decisions, 500 + 10 * run)
                )
        print(f"{mode} (medians of {args.runs} runs, {args.games} games each, one core)")
        for label, found in rows.items():
            median = [statistics.median(x[k] for x in found) for k in range(len(found[0]))]
            if label.startswith("closeness"):
                tier = label.split()[1]
                extra = f", {median[5]:,.0f} iterations/s" if tier == SEARCH else ""
                print(
                    f"  {tier} ({median[6]:.0f} target decisions a run): completion chance "
                    f"{median[0]:.1%} of the best on offer, within-turn gain {median[1]:.1%} "
                    f"of the optimum; attempts completed {median[2]:.3f} against "
                    f"{median[3]:.3f} exact; {median[4]:,.1f} decisions/s{extra}"
                )
            else:
                print(
                    f"  {label}: {median[0]:.2f} games/s, {median[1]:,.0f} actions/s, "
                    f"median {median[2]:.0f} turns"
                )


if __name__ == "__main__":
    main()
