"""RISK Strike bots: greedy plays legal moves from its observation alone and beats random;
the determinizer agrees with the observation and never reads hidden truth; the search plays."""

from __future__ import annotations

import random

from tests.strike.conftest import GAME, position
from warroom.bots import make_bot, tiers_for
from warroom.bots.search import MctsBot, search_kit
from warroom.bots.strike import determinize, greedy_action
from warroom.core.rng import Rng
from warroom.games.strike.state import UNSEEN, StrikeState
from warroom.sim import stats
from warroom.sim.runner import SimConfig, run

MODE = "risk-strike"


def _states(players: int, seed: int, tier: str = "random", every: int = 5) -> list[StrikeState]:
    """States along a game, one every few actions (draws, battles, windows, chains)."""
    st = GAME.new_game(players, seed, {"turn_limit": 40})
    bots = [make_bot(tier, MODE, seed * 10 + s) for s in range(players)]
    out = []
    k = 0
    while GAME.outcome(st) is None:
        seat = GAME.to_move(st)[0]
        if k % every == 0:
            out.append(st)
        action = bots[seat].choose(seat, GAME.observe(st, seat), GAME.legal_actions(st, seat))
        st = GAME.play(st, seat, action)
        k += 1
    return out


def test_tiers_offered() -> None:
    assert {"random", "greedy", "mcts"} <= set(tiers_for(MODE))


def test_greedy_is_legal_everywhere_without_its_fallback() -> None:
    for players in (2, 3, 5):
        for st in _states(players, players, every=1):
            seat = GAME.to_move(st)[0]
            action = greedy_action(GAME.observe(st, seat), seat)
            assert action in GAME.legal_actions(st, seat), (st.phase, action)


def test_greedy_uses_only_the_observation() -> None:
    """The same choice when everything the seat cannot see is resampled."""
    rng = Rng(3)
    for st in _states(3, 4):
        seat = GAME.to_move(st)[0]
        other = GAME.resample_hidden(st, seat, rng)
        assert greedy_action(GAME.observe(st, seat), seat) == greedy_action(
            GAME.observe(other, seat), seat
        )


def test_greedy_takes_the_surrendered_card_that_wins() -> None:
    """One coin held and one card short of a second: the surrendered card wins at once."""
    st = position(
        players=2,
        claimed={0: {"south-america": 3, "australia": 2}, 1: {"asia": 4}},
        surrendered={"australia": 1},
        phase="draw",
    )
    st.draws_left = 2
    assert greedy_action(GAME.observe(st, 0), 0).text() == "take australia"


def test_determinization_agrees_with_the_observation() -> None:
    for players in (2, 4):
        for st in _states(players, 6, every=3):
            seat = GAME.to_move(st)[0]
            seen = GAME.observe(st, seat)
            sample = determinize(seen, seat, random.Random(1))
            assert GAME.observe(sample, seat) == seen
            assert not GAME.invariants(sample)
            cards = [k for hand in sample.hands for k in hand] + sample.tactics_deck
            assert UNSEEN not in cards
            in_play = sample.side_troops(0) + sample.side_troops(1)
            chain = len(sample.chain.plays) if sample.chain is not None else 0
            assert len(cards) + len(sample.discard) + in_play + chain == sum(st.cards.kind_counts)
            assert sorted(sample.continent_deck) == sorted(st.continent_deck)


def test_determinization_never_uses_hidden_truth() -> None:
    rng = Rng(5)
    differed = 0
    for st in _states(3, 8, every=3):
        seat = GAME.to_move(st)[0]
        twin = GAME.resample_hidden(st, seat, rng)
        a = determinize(GAME.observe(st, seat), seat, random.Random(2))
        b = determinize(GAME.observe(twin, seat), seat, random.Random(2))
        assert (a.hands, a.tactics_deck, a.continent_deck) == (
            b.hands,
            b.tactics_deck,
            b.continent_deck,
        )
        differed += st.hands != twin.hands
    assert differed > 5


def test_search_plays_legal_moves_within_its_budget() -> None:
    kit = search_kit(MODE)
    assert kit is not None
    bot = MctsBot(kit, seed=1, iterations=20)
    for st in _states(2, 9, every=11)[:8]:
        seat = GAME.to_move(st)[0]
        legal = GAME.legal_actions(st, seat)
        assert bot.choose(seat, GAME.observe(st, seat), legal) in legal
        assert bot.stats.iterations <= 20


def test_paired_search_tries_each_root_move_alike_and_repeats_from_its_seed() -> None:
    kit = search_kit(MODE)
    assert kit is not None and kit.paired
    checked = 0
    for st in _states(2, 4, every=3):
        seat = GAME.to_move(st)[0]
        seen, legal = GAME.observe(st, seat), GAME.legal_actions(st, seat)
        bots = [MctsBot(kit, seed=5, iterations=24, seconds=1e9) for _ in range(2)]
        picks = [bot.choose(seat, seen, legal) for bot in bots]
        visits = {n for n, _ in bots[0].stats.values.values()}
        if len(bots[0].stats.values) < 2:
            continue
        checked += 1
        assert picks[0] == picks[1] and bots[0].stats.values == bots[1].stats.values
        # Round robin over the root's moves: their visit counts differ by one at most.
        assert max(visits) - min(visits) <= 1
    assert checked >= 3


def test_twelve_greedy_games_finish_through_the_runner() -> None:
    results = run(SimConfig(MODE, 12, ("greedy",), 2, seed=1), workers=1)
    assert len(results) == 12
    assert all(r.ending == "rulebook" and r.winners for r in results)


def test_greedy_beats_random() -> None:
    """Wilson's 95% interval for greedy's share lies wholly above an even share."""
    results = run(SimConfig(MODE, 30, ("greedy", "random"), 2, seed=3), workers=1)
    rate = next(r for r in stats.by_bot(results) if r.label == "greedy")
    assert rate.interval[0] > 0.5, rate
