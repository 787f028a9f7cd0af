"""The contract every registered mode passes: pgx-style, one API test run on every game.

Random, greedy and mixed (greedy and random seats in turn) legal play from many seeds finishes
with invariants held after every action; save, load and replay give the identical game; a
secret reaches exactly the seats that share it (`Game.known_to`: a seat, or a team that sees
each other's secrets), and a redraw of what is hidden from a seat changes no view of it or of
its team (tests/contract/knowledge.py); no view shows what its seat may not know, nor anything
that depends on the generator's seed (so no view helps predict a later draw), and neither does
what a learning agent observes (`warroom.rl`); illegal and malformed actions leave the state
exactly as it was. Some games draw from the keyed generator that served games use, the others
from SplitMix64.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from typing import Any

import numpy as np
import pytest

import warroom.games as games
from warroom.bots import make_bot, tiers_for
from warroom.core import Action, Game, HiddenRng, KeyedRng, Match, Rng, WarroomError
from warroom.core.errors import MalformedAction
from warroom.rl.encoding import Features, seat_features

from .knowledge import check_redraw, check_secrets

MODES = [g.id for g in games.modes()]
SEEDS = [104_729 + 7_919 * k for k in range(6)]
KEYED_SEEDS = SEEDS[4:]  # these games draw from the keyed generator, with 256-bit seeds
# Greedy play (a second or more per game at 5 players in the dice modes): one game from each
# generator, on seeds whose games are no longer than most.
GREEDY_SEEDS = [SEEDS[3], SEEDS[5]]
MIXED_SEEDS = [SEEDS[1]]  # greedy and random seats in turn: one game a player count
MAX_ACTIONS = 20_000


def sim_options(game: Game[Any]) -> dict[str, object]:
    """Options that make a random game end in reasonable time, where the mode offers them."""
    names = {o.name for o in game.options}
    opts: dict[str, object] = {}
    if "turn_limit" in names:
        opts["turn_limit"] = 60
    return opts


def player_counts(game: Game[Any]) -> list[int]:
    return sorted({game.min_players, game.max_players})


def seat_tier(tier: str, seat: int) -> str:
    """A seat's bot: "mixed" seats greedy and random bots in turn, so that one side often
    crushes another and the endings a lopsided game reaches (a last territory taken in a
    side's win, a player out at the moment the game ends) are played too."""
    if tier != "mixed":
        return tier
    return "greedy" if seat % 2 == 0 else "random"


def play_match(mode: str, players: int, seed: int, tier: str) -> tuple[Match, list[Any]]:
    """A finished match of bots of one tier, with the state before every step."""
    game = games.get_mode(mode)
    if seed in KEYED_SEEDS:
        key = Rng(seed).next_u64() << 192 | Rng(seed, 1).next_u64()
        match = Match.start(mode, players, key, sim_options(game), generator="blake2b")
    else:
        match = Match.start(mode, players, seed, sim_options(game))
    bots = [make_bot(seat_tier(tier, s), mode, seed * 100 + s) for s in range(players)]
    states = []
    while match.outcome() is None:
        assert len(match.record) < MAX_ACTIONS, "game did not finish"
        seat = match.to_move()[0]
        legal = match.legal(seat)
        assert legal, f"seat {seat} must move but has no legal action"
        states.append(match.state)
        events = match.act(seat, bots[seat].choose(seat, match.observe(seat), legal))
        check_secrets(game, match.state, events, players)
        problems = game.invariants(match.state)
        assert not problems, f"after {match.record[-1]}: {problems}"
    return match, states


def _cases() -> list[tuple[str, int, int, str]]:
    """Random play from many seeds; greedy play (where a mode has it) from a few."""
    out = []
    for mode in MODES:
        game = games.get_mode(mode)
        for tier, seeds in (("random", SEEDS), ("greedy", GREEDY_SEEDS), ("mixed", MIXED_SEEDS)):
            if seat_tier(tier, 0) in tiers_for(mode):
                out += [(mode, p, s, tier) for p in player_counts(game) for s in seeds]
    return out


@pytest.fixture(scope="module", params=_cases(), ids=lambda x: f"{x[0]}-{x[3]}-{x[1]}p-{x[2]}")
def played(request: pytest.FixtureRequest) -> tuple[Match, list[Any]]:
    return play_match(*request.param)


def test_play_finishes_with_invariants(played: tuple[Match, list[Any]]) -> None:
    match, _ = played
    outcome = match.outcome()
    assert outcome is not None and outcome.winners and outcome.reason
    assert set(outcome.winners) <= set(range(match.players))
    assert match.to_move() == ()


def test_save_load_replay_identical(played: tuple[Match, list[Any]]) -> None:
    match, _ = played
    text = json.dumps(match.to_save())
    loaded = Match.from_save(json.loads(text))
    for seat in [None, *range(match.players)]:
        assert loaded.view(seat) == match.view(seat)
    assert loaded.state == match.state


WIDE_SEEDS = range(1000, 1040)


@pytest.mark.sweep
@pytest.mark.parametrize("mode", MODES)
def test_wide_play_keeps_the_contract(mode: str) -> None:
    """`./run test -m sweep`: every player count, every tier and 40 more seeds (5,160 games
    in all, about 25 minutes of one core), each finished with its invariants held after every
    action and replayed from its save to the identical state."""
    game = games.get_mode(mode)
    for players in range(game.min_players, game.max_players + 1):
        for tier in ("random", "greedy", "mixed"):
            if seat_tier(tier, 0) not in tiers_for(mode):
                continue
            for seed in WIDE_SEEDS:
                match, _ = play_match(mode, players, seed, tier)
                test_play_finishes_with_invariants((match, []))
                loaded = Match.from_save(json.loads(json.dumps(match.to_save())))
                assert loaded.state == match.state, (players, tier, seed)


def test_views_leak_nothing(played: tuple[Match, list[Any]]) -> None:
    match, states = played
    game = match.game
    rng = Rng(7)
    features = Features()
    sampled = states[:: max(1, len(states) // 40)]
    for index, state in enumerate(sampled):
        for seat in range(match.players):
            view = game.view(state, seat)
            blob = json.dumps(view)
            assert "rng" not in view and "seed" not in view and "deck" not in view
            assert str(state.rng.seed) not in blob
            # What a bot reads: the chance to come is hidden, and nothing hidden shows.
            seen = game.observe(state, seat)
            assert isinstance(seen.rng, HiddenRng)
            # Everything hidden from the seat redrawn: what it and those who share its
            # secrets (a team) observe and see is the same.
            other = check_redraw(game, state, seat, rng)
            # Another key for the generator: every later draw differs, no observation or
            # view does.
            rekeyed = copy.copy(state)
            rekeyed.rng = KeyedRng(rng.next_u64(), state.rng.counter)
            assert game.observe(rekeyed, seat) == seen
            assert game.view(rekeyed, seat) == view
            # What a learning agent observes is its view's features (`seat_features`), so
            # equal views above give equal features; they are compared too, at every fifth
            # state sampled (an encoding costs about twice a view).
            if index % 5 == 0:
                learner_sees = seat_features(features, game, state, seat)
                assert np.array_equal(features.encode(view, seat), learner_sees)
                for same in (other, rekeyed):
                    if same is not None:
                        assert np.array_equal(
                            seat_features(features, game, same, seat), learner_sees
                        )


def test_a_count_of_choices_said_public_is_public(played: tuple[Match, list[Any]]) -> None:
    """Where `choices_public` says every seat can tell how many actions the mover has (so a
    page may send a forced one at once), a redraw of what any other seat cannot see leaves
    that count as it is: the speed of a forced answer tells nobody what the mover holds."""
    match, states = played
    game = match.game
    rng = Rng(11)
    for state in states[:: max(1, len(states) // 40)]:
        for seat in game.to_move(state):
            if not game.choices_public(state, seat):
                continue
            count = len(game.legal_actions(state, seat))
            for other in range(match.players):
                if other in game.known_to(state, seat):
                    continue
                for _ in range(2):
                    redrawn = game.resample_hidden(state, other, rng)
                    if redrawn is None:
                        break
                    assert len(game.legal_actions(redrawn, seat)) == count, (
                        f"seat {seat} in {getattr(state, 'phase', '')!r}: its count of "
                        f"choices is said public, but a redraw for seat {other} changes it"
                    )


def test_legal_actions_apply_and_round_trip(played: tuple[Match, list[Any]]) -> None:
    match, states = played
    game = match.game
    for state in states[:: max(1, len(states) // 25)]:
        seat = game.to_move(state)[0]
        before = copy.deepcopy(state)
        for action in game.legal_actions(state, seat)[:60]:
            assert Action.parse(action.text()) == action
            assert game.parse(state, seat, action.text()) == action
            # The step without events (search, simulation) is the same step.
            assert game.play(state, seat, action) == game.apply(state, seat, action)[0]
        assert state == before, "apply changed the state it was given"


def _mutations(action: Action, rnd: random.Random) -> list[Action]:
    junk: list[str | int] = ["", "Nowhere", -1, 0, 999, "wild", "Alaska"]
    out = [
        Action(action.kind, action.args[:-1]),
        Action(action.kind, (*action.args, 1)),
        Action("fly", action.args),
        Action(action.kind.upper(), action.args),
    ]
    for i in range(len(action.args)):
        args = list(action.args)
        args[i] = rnd.choice(junk)
        out.append(Action(action.kind, tuple(args)))
    return out


def test_illegal_actions_change_nothing(played: tuple[Match, list[Any]]) -> None:
    match, states = played
    game = match.game
    rnd = random.Random(1)
    for state in states[:: max(1, len(states) // 25)]:
        movers = game.to_move(state)
        seat = movers[0]
        legal = game.legal_actions(state, seat)
        legal_set = set(legal)
        before = copy.deepcopy(state)
        for action in _mutations(rnd.choice(legal), rnd):
            try:
                game.apply(state, seat, action)
            except WarroomError as exc:
                assert str(exc)
            else:
                # Accepted: it must be a legal action written another way (cards in
                # another order, an optional argument left out).
                assert action.kind in {a.kind for a in legal_set}
        for wrong in range(match.players):
            if wrong not in movers:
                with pytest.raises(WarroomError):
                    game.apply(state, wrong, legal[0])
        # A kind no mode has is malformed, and the refusal names what the seat may do now.
        with pytest.raises(MalformedAction, match=r"^unknown action 'no-such-kind'") as refused:
            game.apply(state, seat, Action("no-such-kind"))
        offered = ", ".join(sorted({a.kind for a in legal_set}))
        assert str(refused.value).endswith(f"now you may: {offered}")
        assert state == before


def test_a_state_copy_shares_no_list_with_its_original(played: tuple[Match, list[Any]]) -> None:
    """`copy` names each part by hand (for speed); a list it forgot would be shared, and a
    step changing it would change the state it was given."""
    match, states = played
    for state in (states[0], states[len(states) // 2], match.state):
        twin = state.copy()
        assert twin == state and twin.rng is not state.rng
        for part in dataclasses.fields(state):
            value = getattr(state, part.name)
            if isinstance(value, list):
                assert getattr(twin, part.name) is not value, part.name
                for index, item in enumerate(value):
                    if isinstance(item, list):
                        assert getattr(twin, part.name)[index] is not item, part.name
