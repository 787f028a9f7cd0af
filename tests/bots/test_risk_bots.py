"""RISK bots: legal choices, determinization that matches the observation and ignores hidden
truth."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from tests.risk.conftest import Table
from warroom.bots import make_bot, risk, search
from warroom.bots.risk import GreedyRiskBot, determinize, greedy_action
from warroom.bots.search import MctsBot, SearchKit, search_kit
from warroom.core.errors import WarroomError
from warroom.games import risk_classic as rc
from warroom.games.risk_classic import GAME, RiskState

MODE = "risk-classic"


def _states(players: int, seed: int, options: dict[str, Any], every: int = 7) -> list[RiskState]:
    """States along a random game, one every few actions (setup, play, battles)."""
    st = GAME.new_game(players, seed, {"turn_limit": 40, **options})
    bots = [make_bot("random", MODE, seed * 10 + s) for s in range(players)]
    out = []
    k = 0
    while GAME.outcome(st) is None:
        seat = GAME.to_move(st)[0]
        if k % every == 0:
            out.append(st)
        action = bots[seat].choose(seat, GAME.observe(st, seat), GAME.legal_actions(st, seat))
        st, _ = GAME.apply(st, seat, action)
        k += 1
    return out


def _hide(st: RiskState, seat: int, rng: random.Random) -> RiskState:
    """The same state with everything `seat` cannot see reshuffled: other hands and deck."""
    other = st.copy()
    pool = [c for p, h in enumerate(st.hands) if p != seat for c in h] + st.deck
    rng.shuffle(pool)
    for p, h in enumerate(st.hands):
        if p != seat:
            other.hands[p] = sorted(pool[: len(h)])
            del pool[: len(h)]
    other.deck = pool
    other.rng = type(st.rng)(rng.getrandbits(64))
    return other


@pytest.mark.parametrize(("players", "options"), [(2, {}), (3, {"setup": "deal"}), (4, {})])
def test_determinization_agrees_with_the_observation(players: int, options: dict[str, Any]) -> None:
    for st in _states(players, 3, options):
        for seat in GAME.to_move(st):
            seen = GAME.observe(st, seat)
            sample = determinize(seen, seat, random.Random(1))
            assert GAME.observe(sample, seat) == seen
            assert sample.hands[seat] == st.hands[seat]
            assert [len(h) for h in sample.hands] == [len(h) for h in st.hands]
            cards = sorted(c for h in sample.hands for c in h) + sorted(sample.deck)
            assert sorted(cards) == list(range(len(st.board) + st.board.wild_cards))


def test_determinization_never_uses_hidden_truth() -> None:
    rng = random.Random(5)
    checked = 0
    for st in _states(3, 8, {"setup": "deal"}, every=3):
        seat = GAME.to_move(st)[0]
        twin = _hide(st, seat, rng)
        assert GAME.view(twin, seat) == GAME.view(st, seat)
        a = determinize(GAME.observe(st, seat), seat, random.Random(2))
        b = determinize(GAME.observe(twin, seat), seat, random.Random(2))
        assert (a.hands, a.deck, a.rng.seed) == (b.hands, b.deck, b.rng.seed)
        checked += any(st.hands[p] != twin.hands[p] for p in range(3) if p != seat)
    assert checked > 5  # the hidden parts really differed in many of the pairs


def test_determinization_samples_the_hidden_cards() -> None:
    st = next(s for s in _states(3, 8, {"setup": "deal"}, every=3) if s.phase == "attack")
    seat = GAME.to_move(st)[0]
    seen = GAME.observe(st, seat)
    decks = {tuple(determinize(seen, seat, random.Random(k)).deck) for k in range(5)}
    assert len(decks) == 5


@pytest.mark.parametrize("tier", ["random", "greedy"])
@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {}),
        (3, {"defender_dice": "choose"}),
        (4, {"setup": "deal"}),
        (5, {"map": "classic-world"}),
    ],
)
def test_bots_only_choose_legal_actions(tier: str, players: int, options: dict[str, Any]) -> None:
    for seed in range(3):
        st = GAME.new_game(players, seed, {"turn_limit": 60, **options})
        bots = [make_bot(tier, MODE, seed * 7 + s) for s in range(players)]
        while GAME.outcome(st) is None:
            seat = GAME.to_move(st)[0]
            legal = GAME.legal_actions(st, seat)
            action = bots[seat].choose(seat, GAME.observe(st, seat), legal)
            assert action in legal
            st, _ = GAME.apply(st, seat, action)


def test_greedy_policy_is_legal_on_full_states() -> None:
    for st in _states(4, 11, {"defender_dice": "choose"}, every=2):
        for seat in GAME.to_move(st):
            assert greedy_action(st, seat) in GAME.legal_actions(st, seat)


@pytest.mark.parametrize(("players", "options"), [(2, {}), (4, {"map": "classic-world"})])
def test_greedy_caches_agree_with_a_fresh_count(players: int, options: dict[str, Any]) -> None:
    """Targets kept across steps (attack scores rescored where armies changed, front
    distances) equal those counted afresh, all along greedy games."""
    for seed in range(3):
        st = GAME.new_game(players, seed, options)
        checked = 0
        while GAME.outcome(st) is None:
            seat = GAME.to_move(st)[0]
            if st.phase in (rc.REINFORCE, rc.ATTACK, rc.FORTIFY):
                kept = risk._targets(st, seat)
                fresh = risk._Targets(st, seat)
                card = risk.CARD_VALUE if st.deck and not st.conquered else 0.0
                assert kept.attack_scores(st.armies, card) == fresh.attack_scores(st.armies, card)
                assert kept.pairs == fresh.pairs
                assert kept.front_distance() == risk._front_distance(st, seat)
                assert [kept.value(t) for t in range(len(st.owner))] == [
                    fresh.value(t) for t in range(len(st.owner))
                ]
                checked += 1
            st = GAME.play(st, seat, greedy_action(st, seat))
        assert checked > 50


def test_targets_kept_by_owners_while_searching_agree_with_a_fresh_count() -> None:
    """Once a search is under way, targets come back for owners met before (as other lists,
    with other armies): the same game played twice meets every owner list again, and each
    answer equals one counted afresh."""
    risk.searching()
    for _ in range(2):
        st = GAME.new_game(2, 4, {})
        while GAME.outcome(st) is None:
            seat = GAME.to_move(st)[0]
            if st.phase in (rc.REINFORCE, rc.ATTACK, rc.FORTIFY):
                kept = risk._targets(st, seat)
                fresh = risk._Targets(st, seat)
                card = risk.CARD_VALUE if st.deck and not st.conquered else 0.0
                assert kept.attack_scores(st.armies, card) == fresh.attack_scores(st.armies, card)
                assert kept.pairs == fresh.pairs
                assert kept.front_distance() == risk._front_distance(st, seat)
                assert [kept.value(t) for t in range(len(st.owner))] == [
                    fresh.value(t) for t in range(len(st.owner))
                ]
            st = GAME.play(st, seat, greedy_action(st, seat))
    assert risk._kept  # the second game met owners again


def test_play_owned_plays_as_play_and_leaves_observations_as_they_were() -> None:
    """A step in place (`play_owned`, what search and the simulation runner use) gives the
    state `play` gives, and an observation taken before it does not change."""
    st = GAME.new_game(4, 9, {"turn_limit": 30})
    bots = [make_bot("greedy", MODE, s) for s in range(4)]
    steps = 0
    while GAME.outcome(st) is None:
        seat = GAME.to_move(st)[0]
        observation = GAME.observe(st, seat)
        before = observation.copy()
        action = bots[seat].choose(seat, observation, GAME.legal_actions(st, seat))
        copied = GAME.play(st, seat, action)
        owned = GAME.play_owned(st, seat, action)
        assert owned is st
        assert [getattr(owned, f.name) for f in dataclasses.fields(owned)] == [
            getattr(copied, f.name) for f in dataclasses.fields(copied)
        ]
        assert [getattr(observation, f.name) for f in dataclasses.fields(observation)] == [
            getattr(before, f.name) for f in dataclasses.fields(before)
        ]
        steps += 1
    assert steps > 500


def test_rollouts_roll_the_defenders_dice_at_once_and_search_the_same() -> None:
    """Rollouts play on with `defender_dice=auto`, the policy's own choice drawing the same
    dice: the search chooses exactly as it does when they ask the defender."""
    kit = search_kit(MODE)
    assert kit is not None
    st = next(s for s in _states(2, 6, {}) if s.phase == "attack")
    assert kit.rollout_start(st).options["defender_dice"] == "auto"
    assert st.options["defender_dice"] == "choose"  # the leaf itself is untouched
    asking = dataclasses.replace(kit, rollout_start=lambda state: state)
    _searches_decide_alike(kit, asking, game_seed=3, bot_seed=1)


def _searches_decide_alike(
    kit: SearchKit[RiskState], other: SearchKit[RiskState], game_seed: int, bot_seed: int
) -> None:
    """Searches with the two kits (same seed, 20 iterations) choose the same move at every
    decision of a short 2-player game that one of them plays."""
    game = GAME.new_game(2, game_seed, {"turn_limit": 5})
    bots = [MctsBot(kit, bot_seed, iterations=20), MctsBot(other, bot_seed, iterations=20)]
    while GAME.outcome(game) is None:
        seat = GAME.to_move(game)[0]
        seen, legal = GAME.observe(game, seat), GAME.legal_actions(game, seat)
        action = bots[0].choose(seat, seen, legal)
        assert bots[1].choose(seat, seen, legal) == action
        game = GAME.play(game, seat, action)


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {"defender_dice": "auto"}),
        (2, {}),
        (4, {"map": "classic-world"}),
        (5, {"setup": "deal"}),
    ],
)
def test_greedy_play_plays_as_the_greedy_action_checked(
    players: int, options: dict[str, Any]
) -> None:
    """The rollouts' step (`greedy_play`: attacks, move-ins, fortifying and placing by
    territory numbers, unchecked) leaves the state the greedy action played by the rules
    leaves."""
    for seed in range(2):
        st = GAME.new_game(players, seed, options)
        kinds: set[str] = set()
        while GAME.outcome(st) is None:
            seat = GAME.to_move(st)[0]
            action = greedy_action(st, seat)
            kinds.add(action.kind)
            checked = GAME.play(st, seat, action)
            played = risk.greedy_play(GAME, st.copy(), seat)
            assert [getattr(played, f.name) for f in dataclasses.fields(played)] == [
                getattr(checked, f.name) for f in dataclasses.fields(checked)
            ]
            st = checked
        assert {"attack", "move", "fortify", "end", "place"} <= kinds


@pytest.mark.parametrize(("players", "options"), [(2, {}), (4, {"map": "classic-world"})])
def test_candidates_start_with_the_greedy_action(players: int, options: dict[str, Any]) -> None:
    """The search's candidates (an attack step's ranked once for the greedy's choice and the
    rest) list the greedy action first, each action once, all of them legal."""
    for seed in range(2):
        st = GAME.new_game(players, seed, options)
        while GAME.outcome(st) is None:
            seat = GAME.to_move(st)[0]
            action = greedy_action(st, seat)
            listed = risk.candidates(st, seat)
            assert listed[0] == action
            assert len(set(listed)) == len(listed)
            assert all(a in GAME.legal_actions(st, seat) for a in listed)
            st = GAME.play(st, seat, action)


def test_search_with_the_unchecked_rollout_step_chooses_the_same() -> None:
    """Rollouts through `policy_play` make the decisions rollouts through the checked
    `play_owned` of the policy's actions make."""
    kit = search_kit(MODE)
    assert kit is not None and kit.policy_play is not None
    checked = dataclasses.replace(kit, policy_play=None)
    _searches_decide_alike(kit, checked, game_seed=8, bot_seed=2)


def test_mcts_is_legal_and_within_its_budget() -> None:
    kit = search_kit(MODE)
    assert kit is not None
    st = GAME.new_game(2, 4, {"turn_limit": 6})
    bots = [MctsBot(kit, 1, iterations=6), make_bot("greedy", MODE, 2)]
    searched = 0
    while GAME.outcome(st) is None:
        seat = GAME.to_move(st)[0]
        legal = GAME.legal_actions(st, seat)
        action = bots[seat].choose(seat, GAME.observe(st, seat), legal)
        assert action in legal
        if seat == 0 and bots[0].stats.iterations:  # type: ignore[attr-defined]
            searched += 1
            assert bots[0].stats.iterations == 6  # type: ignore[attr-defined]
        st, _ = GAME.apply(st, seat, action)
    assert searched > 3


def test_mcts_spends_exactly_its_budget_whatever_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """No time cap: a clock that jumps a minute between readings (a busy machine) changes
    neither the iterations spent nor the move, so a seeded game replays exactly."""
    st = next(s for s in _states(2, 6, {}) if s.phase == "attack")
    seat = GAME.to_move(st)[0]
    seen, legal = GAME.observe(st, seat), GAME.legal_actions(st, seat)
    calm = make_bot("mcts:40", MODE, 3)
    assert isinstance(calm, MctsBot)
    move = calm.choose(seat, seen, legal)
    assert calm.stats.iterations == 40
    ticks = iter(range(0, 10**9, 60))
    monkeypatch.setattr(search.time, "perf_counter", lambda: float(next(ticks)))
    busy = make_bot("mcts:40", MODE, 3)
    assert isinstance(busy, MctsBot)
    assert busy.choose(seat, seen, legal) == move
    assert busy.stats.iterations == 40


def test_tier_specs() -> None:
    bot = make_bot("mcts:7", MODE, 0)
    assert isinstance(bot, MctsBot) and bot.iterations == 7
    for spec in ("mcts:x", "mcts:²", "mcts:٣", "mcts:-3", "mcts:" + "9" * 5000):
        with pytest.raises(WarroomError, match="positive whole number"):
            make_bot(spec, MODE, 0)
    with pytest.raises(Exception, match="takes no argument"):
        make_bot("greedy:3", MODE, 0)
    for spec in ("mcts:", "learned:", "greedy:"):  # was the default, reported as typed
        with pytest.raises(WarroomError, match=f"'{spec}': say what follows the ':'"):
            make_bot(spec, MODE, 0)
    with pytest.raises(Exception, match="'mcts' does not play monopoly-avengers"):
        make_bot("mcts", "monopoly-avengers", 0)  # no search kit: no search tier


def test_greedy_stops_trading_when_an_elimination_trade_is_down_to_four_cards() -> None:
    """Mid elimination trade, with armies already pending from the first set, four cards
    that still hold a set must be kept: the view says the trade is forced, not optional."""
    table = Table(4, seed=7)
    table.give(0, 3, "Hibernia", "Thule", "Alemannia")
    table.turn_of(0, rc.REINFORCE, pending=6)
    table.hand(0, "Hibernia", "Thule", "Alemannia", "wild")  # any two and a wild: a set
    table.state.elimination_trade = True
    legal = rc.GAME.legal_actions(table.state, 0)
    assert all(a.kind == "place" for a in legal)  # trading must stop at 4 cards
    bot = GreedyRiskBot(3)
    choice = bot.choose(0, rc.GAME.observe(table.state, 0), legal)
    assert choice in legal and choice.kind == "place"
    assert bot.fallback.rng.counter == 0  # chosen by the heuristic, not by its random stand-in
