"""The other setups: the 2-player game with its neutral (G21, G22, A23) and the non-random
setup (G20), through the game's own decisions."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Any

from warroom.core import get_mode
from warroom.core.actions import Action
from warroom.core.rng import Rng, ScriptedRng
from warroom.games.godstorm.miracles import target_problem
from warroom.games.godstorm.order import open_bids
from warroom.games.godstorm.rules import (
    ATTACK,
    BEGIN,
    BID,
    CLAIM,
    DEFEND,
    INVADE,
    OCCUPY,
    PANTHEON,
    PILE,
    PLACE,
    Godstorm,
)
from warroom.games.godstorm.setup import territory_deck
from warroom.games.godstorm.state import NEUTRAL, WAR, GodstormState

from .conftest import hold, table
from .dice import roll_draw, scripted

GAME: Godstorm = get_mode("risk-godstorm")  # type: ignore[assignment]


def t(state: GodstormState, name: str) -> int:
    return state.parts.earth.territory(name)


def choose_pantheons(state: GodstormState, last_rng: ScriptedRng | None = None) -> GodstormState:
    """Every player takes the first pantheon offered; `last_rng` replaces the generator before
    the last choice (what the step after it rolls)."""
    while state.phase == PANTHEON:
        seat = GAME.to_move(state)[0]
        if last_rng is not None and len(state.queue) == 1:
            state.rng = last_rng
        state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    return state


def piles(state: GodstormState, seat: int) -> set[int]:
    return {int(a.args[0]) for a in GAME.legal_actions(state, seat) if a.kind == "pile"}


def test_g21_a23_two_players_take_face_down_piles_in_turn_and_the_third_is_neutral() -> None:
    state = choose_pantheons(GAME.setup(2, Rng(4), {}))
    first, second = state.first, 1 - state.first
    assert state.phase == PILE and GAME.to_move(state) == (first,)  # A23
    assert piles(state, first) == {1, 2, 3}
    assert state.neutral_pantheon not in state.pantheon  # A23: one neither chose
    state, _ = GAME.apply(state, first, Action("pile", (2,)))
    assert GAME.to_move(state) == (second,) and piles(state, second) == {1, 3}
    cards = territory_deck(state.copy())  # what the deal will draw
    state, events = GAME.apply(state, second, Action("pile", (3,)))
    assert events[-1].reveals
    assert {state.owner[c] for c in cards[14:28]} == {first}
    assert {state.owner[c] for c in cards[28:]} == {second}
    assert {state.owner[c] for c in cards[:14]} == {NEUTRAL}
    assert {state.armies[c] for c in cards[:14]} == {3} and {
        state.armies[c] for c in cards[14:]
    } == {1}
    assert state.to_place == [16, 16] and state.reserve == [80, 80]  # 30 each (G15)
    # A22: placement begins after the last to take a pile, 3 at a time (G17).
    assert state.phase == PLACE and GAME.to_move(state) == (first,)
    legal = GAME.legal_actions(state, first)
    assert max(int(a.args[1]) for a in legal) == 3
    assert all(state.owner[t(state, str(a.args[0]))] == first for a in legal)
    assert GAME.view(state, None)["neutral"] == state.parts.pantheons[state.neutral_pantheon]


def test_g21_two_players_take_piles_whatever_the_setup_option() -> None:
    state = choose_pantheons(GAME.setup(2, Rng(5), {"setup": "claim"}))
    assert state.phase == PILE


def _neutral_table() -> GodstormState:
    """Seat 0's turn in a 2-player game: Roma (6) next to neutral Apulia (3); seat 1 holds a
    Sky card and Graecia."""
    state = table(2)
    hold(state, 0, {"Roma": 6})
    hold(state, 1, {"Graecia": 2})
    hold(state, NEUTRAL, {"Apulia": 3})
    state.gods[0][WAR] = t(state, "Roma")
    state.hands[1] = [state.decks["Sky"].pop()]
    state.faith = [0, 20]
    state.markers, state.turn, state.phase = [0, 1], 0, INVADE
    return state


def test_g22_a23_the_neutral_defends_its_dice_chosen_by_the_opponent() -> None:
    state = _neutral_table()
    state, _ = GAME.apply(state, 0, Action("invade", ("Roma", "Apulia", "war", 5)))
    # No Sky window (nobody is attacked, A12) and no godswar (the neutral has no gods, G22).
    assert state.phase == ATTACK
    state, _ = GAME.apply(state, 0, Action("roll", (3,)))
    assert state.phase == DEFEND and GAME.to_move(state) == (1,)  # A23
    assert max(int(a.args[0]) for a in GAME.legal_actions(state, 1)) == 2
    state.rng = scripted(roll_draw(6, 5, 4, 3, 2))
    state, _ = GAME.apply(state, 1, Action("defend", (2,)))
    assert state.armies[t(state, "Apulia")] == 1
    # A23: neutral dead leave the game; they reach no heaven or reserve.
    assert state.heaven == [0, 0] and state.reserve == [110, 110]
    state, _ = GAME.apply(state, 0, Action("roll", (3,)))
    state.rng = scripted(roll_draw(6, 5, 4, 1))
    state, _ = GAME.apply(state, 1, Action("defend", (1,)))
    assert state.phase == OCCUPY
    state, _ = GAME.apply(state, 0, Action("move", (3,)))
    assert state.owner[t(state, "Apulia")] == 0 and state.conquests == 1  # A23: War Labor
    assert GAME.outcome(state) is None


def test_g22_the_neutral_never_bids_is_named_by_a_card_or_grows() -> None:
    state = _neutral_table()
    open_bids(state)
    state.phase = BID
    assert GAME.to_move(state) == (0, 1) and len(state.markers) == 2
    assert target_problem(state, 0, "player", NEUTRAL) is not None
    assert GAME.invariants(state) == []
    state.armies[t(state, "Apulia")] = 4  # neutral armies never grow
    assert GAME.invariants(state)


def test_a23_a24_the_last_player_standing_wins_though_neutrals_remain() -> None:
    state = table(2)
    hold(state, 0, {"Roma": 6})
    hold(state, 1, {"Apulia": 1})
    hold(state, NEUTRAL, {"Sicilia": 3, "Graecia": 3})
    state.markers, state.turn, state.phase = [0, 1], 0, INVADE
    state, _ = GAME.apply(state, 0, Action("invade", ("Roma", "Apulia", "-", 5)))
    state, _ = GAME.apply(state, 0, Action("roll", (3,)))
    state.rng = scripted(roll_draw(6, 5, 4, 1))
    state, _ = GAME.apply(state, 1, Action("defend", (1,)))
    state, _ = GAME.apply(state, 0, Action("move", (3,)))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,) and outcome.ranking == (0, 1)


def test_g20_non_random_setup_claims_one_army_at_a_time_from_the_highest_roll() -> None:
    # Rolls 3, 6, 5, 1: seat 1 claims first.
    state = choose_pantheons(GAME.setup(4, Rng(6), {"setup": "claim"}), scripted(2, 5, 4, 0))
    assert state.phase == CLAIM and GAME.to_move(state) == (1,)
    plague_land = state.parts.earth.territories[state.plague.index(True)]
    claims = {a.args[0] for a in GAME.legal_actions(state, 1)}
    assert len(claims) == 42 and plague_land in claims  # plague lands too
    state, _ = GAME.apply(state, 1, Action("claim", ("Roma",)))
    assert GAME.to_move(state) == (2,)  # clockwise
    assert "Roma" not in {a.args[0] for a in GAME.legal_actions(state, 2)}
    assert [a.kind for a in GAME.legal_actions(state, 2)] == ["claim"] * 41  # one at a time
    while state.phase == CLAIM:
        seat = GAME.to_move(state)[0]
        state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    held = Counter(state.owner)
    assert [held[s] for s in range(4)] == [10, 11, 11, 10] and set(state.armies) == {1}
    assert state.to_place == [20, 19, 19, 20]  # 30 each (G15), then 3 at a time (G17)
    # A22: the last claim was seat 2's (the 42nd from seat 1), so seat 3 places first.
    assert state.phase == PLACE and GAME.to_move(state) == (3,)


def test_a22_placing_starts_after_the_last_card_and_the_gods_after_the_last_placer() -> None:
    """A22 [Setup §3]: "continuing with the next player": the seat after the one dealt the
    42nd card places first; once every army is down, the seat after the last placer puts
    down its god of war and temple first."""
    for players, seed in ((3, 2), (4, 3), (5, 4)):
        state = choose_pantheons(GAME.setup(players, Rng(seed), {}))
        last_card = (state.first + 41) % players  # dealt one at a time from the first chooser
        assert state.phase == PLACE and GAME.to_move(state) == ((last_card + 1) % players,)
        placer = last_card
        while state.phase == PLACE:
            placer = GAME.to_move(state)[0]
            state, _ = GAME.apply(state, placer, GAME.legal_actions(state, placer)[-1])
        assert state.phase == BEGIN and GAME.to_move(state) == ((placer + 1) % players,)


def _played_after_choosing(players: int, pick: int, decisions: int) -> list[Any]:
    """A seeded game whose players each take the `pick`-th pantheon offered, then make the
    same choices by position among the legal actions: what happened, step by step, in every
    field but the pantheons themselves."""
    state = GAME.setup(players, Rng(11), {})
    while state.phase == PANTHEON:
        seat = GAME.to_move(state)[0]
        state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[pick])
    chooser = random.Random(5)
    seen = []
    for _ in range(decisions):
        if state.phase == "over":
            break
        seat = GAME.to_move(state)[0]
        legal = GAME.legal_actions(state, seat)
        action = legal[chooser.randrange(len(legal))]
        state, _ = GAME.apply(state, seat, action)
        fields = {f.name: getattr(state, f.name) for f in dataclasses.fields(state)}
        seen.append((action.text(), {k: v for k, v in fields.items() if k not in COSMETIC}))
    return seen


COSMETIC = ("parts", "pantheon")  # the box's data, and which pantheon each seat leads


def test_a40_the_pantheon_chosen_changes_no_rule() -> None:
    """A40 [Setup §2], G2: pantheons differ in names, colours and heavens only. The same seeded
    game with every player leading another pantheon makes the same moves with the same
    results, far into the epochs."""
    first = _played_after_choosing(3, 0, 700)
    last = _played_after_choosing(3, -1, 700)
    assert len(first) == 700 and {"summon", "invade", "cast"} <= {a.split()[0] for a, _ in first}
    assert first == last
