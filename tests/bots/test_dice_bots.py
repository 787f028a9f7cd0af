"""Dice card bots: legal and reproducible choices, the solver's optimal play inside an
attempt, seeded games through the runner, and greedy beating random."""

from __future__ import annotations

import random

import pytest

from warroom.bots import make_bot, tiers_for
from warroom.bots.dice_cards import (
    chance,
    claim_worth,
    determinize,
    first_roll_chance,
    greedy_action,
    keep_chance,
    lookahead_worth,
    shares,
)
from warroom.bots.search import MctsBot
from warroom.games import get_mode
from warroom.games.dice_cards.rules import DiceCardsGame
from warroom.games.dice_cards.state import MATCH, NOBODY, DiceCardsState
from warroom.rules.dice_match import Row
from warroom.sim import stats
from warroom.sim.runner import SimConfig, run

MODES = ["mass-effect-war-assets", "mcu-guardians"]


def _game(mode: str) -> DiceCardsGame:
    game = get_mode(mode)
    assert isinstance(game, DiceCardsGame)
    return game


def _states(mode: str, seed: int, most: int = 150) -> list[DiceCardsState]:
    """States along a game of greedy bots."""
    game = _game(mode)
    st = game.new_game(2, seed, {})
    bots = [make_bot("greedy", mode, seed * 10 + s) for s in range(2)]
    out = []
    while game.outcome(st) is None and len(out) < most:
        seat = game.to_move(st)[0]
        out.append(st)
        action = bots[seat].choose(seat, game.observe(st, seat), game.legal_actions(st, seat))
        st, _ = game.apply(st, seat, action)
    return out


@pytest.mark.parametrize("mode", MODES)
def test_tiers(mode: str) -> None:
    assert tiers_for(mode)[:4] == ["random", "greedy", "mcts", "lookahead"]


@pytest.mark.parametrize("mode", MODES)
def test_greedy_plays_each_roll_optimally(mode: str) -> None:
    """Inside an attempt on a card worth having, no legal match or set-aside leaves a better
    chance of completing it than the greedy one (the exact solver's values)."""
    game = _game(mode)
    checked = 0
    for st in _states(mode, 5):
        seat = st.current
        if st.phase != MATCH or st.rerolls:
            continue
        chosen = greedy_action(game, st, seat)
        options = {}
        for action in game.legal_actions(st, seat):
            after, _ = game.apply(st, seat, action)
            done = after.target == -1 or after.current != seat
            options[action] = (
                after.owner[st.target] == seat
                if done
                else chance([after.rows()[k] for k in after.open_slots()], *_counts(after))
            )
        best = max(float(v) for v in options.values())
        if shares(game, st)[seat] < 0.99:  # a claim worth less than nothing aims to fail
            assert float(options[chosen]) >= best - 1e-9 or best == 1.0
        checked += 1
    assert checked > 10


def _counts(st: DiceCardsState) -> tuple[int, int]:
    free = st.unplaced()
    d8 = sum(1 for i in free if st.sides[i] == 8)
    return len(free) - d8, d8


@pytest.mark.parametrize("mode", MODES)
def test_choices_are_legal_and_reproducible(mode: str) -> None:
    game = _game(mode)
    for st in _states(mode, 2, most=60)[::5]:
        seat = game.to_move(st)[0]
        legal = game.legal_actions(st, seat)
        seen = game.observe(st, seat)
        for tier in ("greedy", "mcts:4"):
            a = make_bot(tier, mode, 3).choose(seat, seen, legal)
            b = make_bot(tier, mode, 3).choose(seat, seen, legal)
            assert a in legal and a == b


@pytest.mark.parametrize("mode", MODES)
def test_determinization_agrees_with_the_observation(mode: str) -> None:
    game = _game(mode)
    for st in _states(mode, 3, most=40)[::7]:
        seen = game.observe(st, st.current)
        sample = determinize(seen, st.current, random.Random(1))
        assert game.observe(sample, st.current) == seen


@pytest.mark.parametrize("mode", MODES)
def test_search_spends_its_budget_on_the_card(mode: str) -> None:
    game = _game(mode)
    bot = make_bot("mcts:6", mode, 1)
    assert isinstance(bot, MctsBot)
    st = next(s for s in _states(mode, 4) if len(game.legal_actions(s, s.current)) > 3)
    bot.choose(st.current, game.observe(st, st.current), game.legal_actions(st, st.current))
    assert bot.stats.iterations in (0, 6)


@pytest.mark.parametrize(
    "mode, games",
    [(m, 4) for m in MODES] + [pytest.param(m, 24, marks=pytest.mark.sweep) for m in MODES],
)
def test_seeded_greedy_games_finish_through_the_runner(mode: str, games: int) -> None:
    """A few greedy games in the default run (each takes a second or two); more in the sweep."""
    results = run(SimConfig(mode, games, ("greedy",), 2, seed=1), workers=1)
    assert len(results) == games
    assert all(r.ending == "rulebook" for r in results)


@pytest.mark.parametrize("mode", MODES)
def test_greedy_beats_random(mode: str) -> None:
    """12 games: greedy wins nearly all (120 of 120 in the ladders), so 12 separate it from an
    even share; the ladders hold the larger samples."""
    results = run(SimConfig(mode, 12, ("greedy", "random"), 2, seed=7), workers=1)
    rate = next(r for r in stats.by_bot(results) if r.label == "greedy")
    assert rate.interval[0] > 0.5


def test_lookahead_counts_a_gain_only_while_the_card_is_kept() -> None:
    """War Assets, two players: Player 2 may take Dekuuna (rows 4 / 2 2) back with the steal
    row, so claiming it is worth greedy's gain times the chance that Player 2 does not; with
    Irune and Tuchanka Player 1's, Dekuuna locks the Attican Traverse: nothing to take back;
    the last card ends the game (W7): no reply to fear."""
    game = _game("mass-effect-war-assets")
    st = game.new_game(2, 3, {})
    cards = st.cards
    dekuuna, irune, tuchanka = (cards.card(n) for n in ("dekuuna", "irune", "tuchanka"))
    assert dekuuna is not None and irune is not None and tuchanka is not None
    st.owner[irune] = 1
    back = first_roll_chance((*cards.cards[dekuuna].rows, Row("steal6")), 5, 2)
    assert 0 < back < 1 and keep_chance(game, st, 0, dekuuna) == pytest.approx(1 - back)
    gain = claim_worth(game, st, 0, dekuuna)
    assert gain > 0 and lookahead_worth(game, st, 0, dekuuna) == pytest.approx(gain * (1 - back))
    st.owner[irune] = st.owner[tuchanka] = 0
    assert keep_chance(game, st, 0, dekuuna) == 1.0
    st.owner = [1] * len(cards.cards)
    st.owner[dekuuna] = NOBODY
    assert lookahead_worth(game, st, 0, dekuuna) == claim_worth(game, st, 0, dekuuna)
