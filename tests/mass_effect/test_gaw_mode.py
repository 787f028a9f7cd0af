"""Galaxy at War played through the mode (`galaxy_at_war.GalaxyAtWar`): the turn, set-up and
team rules of shared/specs/mass-effect.md 2.2 as the game applies them, one test per rule (the
rules that are functions are tested in test_gaw_rules.py too), and short random games holding
every invariant and the contract's knowledge checks (secrets reach the whole team; a redraw for
a seat keeps its team's views)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from warroom.core import Action, Event, IllegalAction, Rng
from warroom.games.mass_effect import galaxy_at_war as gw
from warroom.games.mass_effect import gaw_rules as gr
from warroom.games.mass_effect.gaw_components import ALLIANCE, CERBERUS, REAPER
from warroom.games.risk_classic import (
    ATTACK,
    CLAIM,
    DEFEND,
    FORTIFY,
    OCCUPY,
    OVER,
    REINFORCE,
    SETUP_PLACE,
    take_card,
)
from warroom.rules.battle import EVERY_DIE
from warroom.rules.pieces import HELD, OFF_BOARD, UNKNOWN_FACE

from ..contract.knowledge import check_redraw, check_secrets
from .conftest import ScriptedRng

GAME = gw.GAME
SETUP = (CLAIM, SETUP_PLACE, gw.PLACE_HARBINGER)


def act(st: gw.GawState, text: str) -> tuple[gw.GawState, list[Any]]:
    seat = GAME.to_move(st)[0]
    new, events = GAME.apply(st, seat, GAME.parse(st, seat, text))
    assert isinstance(new, gw.GawState)
    return new, events


def started(players: int, seed: int = 1) -> gw.GawState:
    """Set-up played with the first legal action each time: Player 1's first turn."""
    st = GAME.new_game(players, seed)
    while st.phase in SETUP:
        seat = GAME.to_move(st)[0]
        st = GAME.apply(st, seat, GAME.legal_actions(st, seat)[0])[0]
    assert isinstance(st, gw.GawState)
    return st


def planet(st: gw.GawState, name: str) -> int:
    return st.board.territory(name)


def holding(
    st: gw.GawState, holders: dict[str, tuple[int, int]], seat: int, phase: str
) -> gw.GawState:
    """A copy with the named planets given (owner, units), `seat` to act in `phase`."""
    out = st.copy()
    for name, (owner, units) in holders.items():
        out.owner[planet(out, name)] = owner
        out.armies[planet(out, name)] = units
    out.current, out.phase, out.pending = seat, phase, 0
    return out


def card_of(st: gw.GawState, kind: str, faction: int, region: str | None = None) -> int:
    return next(
        c
        for c, d in enumerate(st.directives.by_card)
        if d.kind == kind
        and st.cards.faction[c] == faction
        and (region is None or d.region() == region)
    )


def give(st: gw.GawState, seat: int, card: int) -> None:
    for pile in (*st.piles, *st.discards):
        if card in pile:
            pile.remove(card)
    st.hands[seat] = sorted([*st.hands[seat], card])


# -- set-up ------------------------------------------------------------------------------------
def test_me40_three_faction_decks_each_shuffled_on_its_own() -> None:
    one, two = GAME.new_game(3, 1), GAME.new_game(3, 2)
    for f in range(3):
        assert sorted(one.piles[f]) == [c for c in range(81) if one.cards.faction[c] == f]
    assert one.piles != two.piles


def test_me41_me43_momentum_at_start_vanguards_stacked_face_down() -> None:
    st = GAME.new_game(2, 5)
    assert st.momentum == st.galaxy.momentum_start
    assert st.vanguards.where == (OFF_BOARD,) * 5
    assert sorted(st.faces.faces) == [0, 0, 0, 0, 1]
    assert all(not known for known in st.faces.known_to)


def test_me42_the_d8s_are_in_use() -> None:
    st = started(2)
    st.vanguards = st.vanguards.placed(0, planet(st, "Noveria"))
    st.owner[planet(st, "Noveria")] = 1
    st.attack_to, st.attack_ships = planet(st, "Noveria"), (0, 0, 1)
    rule = gw.battle_rule(st)
    assert rule.attacker.d8 == 1 and rule.defender.d8 >= EVERY_DIE  # ships and Vanguards


def test_me44_me45_g27_seats_follow_the_chart() -> None:
    st = GAME.new_game(5, 1)
    assert GAME.seat_names(st) == [
        "Alliance (light blue)",
        "Reaper (red)",
        "Cerberus (orange)",
        "Alliance (dark blue)",
        "Reaper (burgundy)",
    ]
    assert GAME.to_move(st) == (0,)  # G27: Player 1, no roll


def test_me46_me47_e9_g24_a_seat_claims_for_cerberus_after_its_own_claim() -> None:
    st = GAME.new_game(2, 1)
    kinds = []
    while st.phase == CLAIM:
        seat = GAME.to_move(st)[0]
        action = GAME.legal_actions(st, seat)[0]
        kinds.append((seat, action.kind))
        st = GAME.apply(st, seat, action)[0]
    assert kinds[:4] == [(0, "claim"), (0, "cerberus"), (1, "claim"), (1, "cerberus")]
    assert [k for _, k in kinds].count("cerberus") == 7
    assert [st.owner.count(side) for side in range(3)] == [15, 20, 7]


def test_me48_the_first_reaper_places_harbinger_on_a_reaper_planet() -> None:
    st = GAME.new_game(4, 1)
    while st.phase == CLAIM:
        seat = GAME.to_move(st)[0]
        st = GAME.apply(st, seat, GAME.legal_actions(st, seat)[0])[0]
    assert st.phase == gw.PLACE_HARBINGER and GAME.to_move(st) == (1,)
    spots = {a.args[0] for a in GAME.legal_actions(st, 1)}
    assert spots == {st.board.territories[t] for t in range(42) if st.owner[t] in (1, 3)}
    assert isinstance(st, gw.GawState)
    with pytest.raises(IllegalAction):
        act(st, f"harbinger {st.board.territories[st.owner.index(0)]}")


def test_me49_me50_setup_units_with_cerberus_after_each_seat() -> None:
    st = GAME.new_game(4, 1)
    while st.phase != SETUP_PLACE:
        seat = GAME.to_move(st)[0]
        st = GAME.apply(st, seat, GAME.legal_actions(st, seat)[0])[0]
    kinds = []
    while st.phase == SETUP_PLACE:
        seat = GAME.to_move(st)[0]
        action = GAME.legal_actions(st, seat)[0]
        kinds.append((seat, action.kind))
        st = GAME.apply(st, seat, action)[0]
    assert kinds[:4] == [(0, "place"), (0, "cerberus"), (1, "place"), (1, "cerberus")]
    assert [k for _, k in kinds].count("cerberus") == 17  # E8: 25 - 8
    assert st.reserve == [0] * 5 and st.current == 0 and st.phase == REINFORCE


# -- the turn ----------------------------------------------------------------------------------
def test_me53_me54_a_reaper_turn_starts_with_a_vanguard() -> None:
    st = started(2).copy()
    st.current = 1
    gw._start_turn(GAME, st, None)
    assert st.phase == gw.VANGUARD
    target = next(a for a in GAME.legal_actions(st, 1))
    st, events = act(st, target.text())
    assert st.phase == REINFORCE and st.vanguards.count(planet(st, str(target.args[0]))) == 1
    peek = next(e for e in events if e.kind == "vanguard-peek")
    assert peek.known_to == {1} and "face" not in peek.for_seat(0)


def test_me55_a_vanguard_avoids_a_planet_with_a_token() -> None:
    st = started(2).copy()
    st.current = 1
    gw._start_turn(GAME, st, None)
    st, _ = act(st, GAME.legal_actions(st, 1)[0].text())
    st.phase = gw.VANGUARD
    taken = st.vanguards.where[0]
    assert st.board.territories[taken] not in {a.args[0] for a in GAME.legal_actions(st, 1)}


def test_me56_g28_the_team_sees_its_tokens_and_hands_the_others_do_not() -> None:
    st = started(4).copy()
    st.current = 1
    gw._start_turn(GAME, st, None)
    st, events = act(st, GAME.legal_actions(st, 1)[0].text())
    token = st.vanguards.where.index(next(t for t in st.vanguards.where if t >= 0))
    assert GAME.observe(st, 3).faces.faces[token] == st.faces.faces[token]
    assert GAME.observe(st, 0).faces.faces[token] == UNKNOWN_FACE
    give(st, 1, card_of(st, "units", REAPER))
    assert GAME.observe(st, 3).hands[1] == st.hands[1]
    assert GAME.observe(st, 0).hands[1] != st.hands[1]
    check_secrets(GAME, st, events, 4)
    for seat in range(4):
        check_redraw(GAME, st, seat, Rng(seat))


def test_g28_a_teammate_reads_whose_draw_it_was() -> None:
    """A draw is told to the drawer's team (G28), with one secret text for all of them: it
    said "You draw ..." to the teammate too, who had drawn nothing; it names the drawer."""
    st = started(4).copy()
    card = st.piles[REAPER][0]
    events: list[Event] = []
    take_card(GAME, st, 1, card, events)
    (draw,) = events
    mate = next(s for s in GAME.known_to(st, 1) if s != 1)
    other = next(s for s in range(4) if s not in GAME.known_to(st, 1))
    name = GAME.seat_names(st)[1]
    assert draw.for_seat(mate)["text"].startswith(f"{name} draws {GAME._card_name(st, card)} ")
    assert draw.for_seat(1)["text"] == draw.for_seat(mate)["text"]
    assert draw.for_seat(mate)["card"] == draw.for_seat(1)["card"]
    assert draw.for_seat(other)["text"] == f"{name} draws a card"
    assert "card" not in draw.for_seat(other)


def test_me57_reinforcements_count_planets_and_regions() -> None:
    """Planets / 3 plus each whole region's printed bonus, in numbers: Earth Central Systems (4
    planets, +2) and Human Colonial Systems (8, +4) held make 12 // 3 + 2 + 4."""
    st = started(3).copy()
    board = st.board
    regions = ("Earth Central Systems", "Human Colonial Systems")
    mine = {t for r in regions for t in board.region_members[board.regions.index(r)]}
    st.owner = [0 if t in mine else 2 for t in range(len(board))]
    turn = st.copy()
    gw._start_turn(GAME, turn, None)
    assert turn.pending == 4 + 2 + 4
    st.owner[planet(st, "Mars")] = 2  # Earth Central Systems no longer whole: 11 // 3 + 4
    turn = st.copy()
    gw._start_turn(GAME, turn, None)
    assert turn.pending == 3 + 4
    st.owner[planet(st, "Mars")] = gr.NO_OWNER  # ME90: devastated, the rest counts as whole
    turn = st.copy()
    gw._start_turn(GAME, turn, None)
    assert turn.pending == 3 + 2 + 4


def test_me58_g33_sets_trade_for_the_fixed_values() -> None:
    st = started(3).copy()
    cruisers = [c for c in st.piles[ALLIANCE] if st.cards.ship_class[c] == "cruiser"][:3]
    for c in cruisers:
        give(st, 0, c)
    before = st.pending
    st, _ = act(st, "trade " + " ".join(st.cards.card_ids[c] for c in cruisers))
    assert st.pending == before + 4 and set(cruisers) <= set(st.out_of_play)


def test_me59_me61_one_ship_built_a_turn_placed_after_the_units() -> None:
    st = started(3).copy()
    cards = [c for c in st.piles[ALLIANCE] if st.cards.ship_class[c] == "carrier"][:2]
    for c in cards:
        give(st, 0, c)
    st, _ = act(st, f"build {st.cards.card_ids[cards[0]]}")
    assert cards[0] in st.discards[ALLIANCE]
    assert not any(a.kind == "build" for a in GAME.legal_actions(st, 0))
    mine = st.board.territories[st.owner.index(0)]
    st, _ = act(st, f"place {mine} {st.pending}")
    assert st.phase == gw.PLACE_SHIP
    st, _ = act(st, f"ship {mine}")
    assert st.phase == ATTACK and gw._ships_on(st, planet(st, mine)) == (0, 1, 0)


def test_me60_no_fourth_ship_of_a_class() -> None:
    st = started(3).copy()
    mine = st.owner.index(0)
    for k in (9 * ALLIANCE, 9 * ALLIANCE + 1, 9 * ALLIANCE + 2):  # the 3 Alliance cruisers
        st.ships = st.ships.placed(k, mine)
    card = next(c for c in st.piles[ALLIANCE] if st.cards.ship_class[c] == "cruiser")
    give(st, 0, card)
    assert not any(a.kind == "build" for a in GAME.legal_actions(st, 0))


def _invasion(players: int = 3) -> gw.GawState:
    """Alliance (seat 0) on Thessia with 10 units, the Reapers (last seat) on Zorya with 1."""
    st = started(players, 3)
    reapers = st.faction_of.index(REAPER)
    st = holding(st, {"Thessia": (0, 10), "Zorya": (reapers, 1)}, 0, ATTACK)
    st.options = {**st.options, "defender_dice": "auto"}
    return st


def _capture(st: gw.GawState, text: str, seat: int = 0) -> gw.GawState:
    return _captured(st, text, seat)[0]


def _captured(st: gw.GawState, text: str, seat: int = 0) -> tuple[gw.GawState, list[Event]]:
    """The first of 100 seeded rolls in which `seat` takes Zorya, with its events."""
    for seed in range(100):
        trial = st.copy()
        trial.rng = Rng(seed)
        out, events = act(trial, text)
        if out.owner[planet(out, "Zorya")] == seat:
            return out, events
    raise AssertionError("no capture in 100 rolls")


def test_me62_me67_me69_chosen_ships_attack_and_must_move_in() -> None:
    st = _invasion()
    thessia, zorya = planet(st, "Thessia"), planet(st, "Zorya")
    for k in (9 * ALLIANCE, 9 * ALLIANCE + 3):  # a cruiser and a carrier
        st.ships = st.ships.placed(k, thessia)
    st.ships = st.ships.placed(9 * REAPER + 6, zorya)  # a defending dreadnought
    legal = {a.text() for a in GAME.legal_actions(st, 0)}
    assert "attack Thessia Zorya 3 1 0 0" in legal and "attack Thessia Zorya 3 1 1 0" in legal
    out = _capture(st, "attack Thessia Zorya 3 1 0 0")
    assert gw._ships_on(out, zorya) == (1, 0, 0)  # the cruiser moved in
    assert gw._ships_on(out, thessia) == (0, 1, 0)  # the carrier stayed home
    assert out.ships.where[9 * REAPER + 6] == OFF_BOARD  # the defender's ship destroyed
    assert out.phase == OCCUPY


def test_me69_more_ships_may_follow_the_units_into_the_conquered_planet() -> None:
    """[Winning an Invasion] GaW: the ships that attacked move in, "then move any additional
    units and ships onto the planet as well": ships that stayed home may follow."""
    st = _invasion()
    thessia, zorya = planet(st, "Thessia"), planet(st, "Zorya")
    for k in (9 * ALLIANCE, 9 * ALLIANCE + 3, 9 * ALLIANCE + 4):  # a cruiser, two carriers
        st.ships = st.ships.placed(k, thessia)
    out = _capture(st, "attack Thessia Zorya 3 1 0 0")
    legal = {a.text() for a in GAME.legal_actions(out, 0)}
    assert {"move 3", "move 5", "move 3 0 1 0", "move 5 0 2 0"} <= legal
    assert "move 3 1 0 0" not in legal  # the cruiser is in Zorya already
    with pytest.raises(IllegalAction):
        act(out, "move 3 0 3 0")
    assert Action("move", (4, 0, 1, 0)) in GAME.legal_actions(out, 0)
    assert Action("move", (4, 1, 0, 0)) not in GAME.legal_actions(out, 0)
    moved, events = act(out, "move 4 0 1 0")
    assert events[-1].text == "Alliance (blue) moves 1 ship from Thessia to Zorya"
    assert gw._ships_on(moved, zorya) == (1, 1, 0) and gw._ships_on(moved, thessia) == (0, 1, 0)
    assert moved.armies[zorya] == 4 and moved.phase == ATTACK
    stay, _ = act(out, "move 4")  # the extra ships are optional
    assert gw._ships_on(stay, thessia) == (0, 2, 0)


def test_me63_ships_are_not_units() -> None:
    st = _invasion()
    thessia = planet(st, "Thessia")
    st.armies[thessia] = 2
    st.ships = st.ships.placed(9 * ALLIANCE, thessia)
    dice = {
        a.args[2]
        for a in GAME.legal_actions(st, 0)
        if a.kind == "attack" and a.args[0] == "Thessia"
    }
    assert dice == {1}  # 2 units: 1 attacks, 1 stays, whatever the ships


def test_g4_defending_ships_join_by_themselves_and_the_attacker_picks_its_own() -> None:
    """G4 [Using Ships]: every ship on the defending planet counts, with no choice of the
    defender's (who picks only 1 or 2 dice), and helps no more dice than it rolls; the attacker
    chooses which of its ships join."""
    st = _invasion()
    st.options = {**st.options, "defender_dice": "choose"}
    thessia, zorya = planet(st, "Thessia"), planet(st, "Zorya")
    st.armies[zorya] = 2
    st.ships = st.ships.placed(9 * ALLIANCE + 6, thessia)  # a dreadnought
    for k in (9 * REAPER + 3, 9 * REAPER + 4):  # two defending carriers
        st.ships = st.ships.placed(k, zorya)
    legal = {a.text() for a in GAME.legal_actions(st, 0)}
    assert {"attack Thessia Zorya 3", "attack Thessia Zorya 3 0 0 1"} <= legal
    st, _ = act(st, "attack Thessia Zorya 3")
    defends = sorted(a.args for a in GAME.legal_actions(st, 2) if a.kind == "defend")
    assert defends == [(1,), (2,)]  # the dice only: no ship is chosen
    assert gw.battle_rule(st).defender == gr.ship_side(gw._ships_on(st, zorya))
    assert gw.battle_rule(st).attacker == gr.ship_side(gw.NO_SHIPS)  # the dreadnought stayed out
    st.rng = ScriptedRng([(), (4, 3, 2), (), (5,)])
    _, events = act(st, "defend 1")
    battle = next(e for e in events if e.kind == "battle")
    assert battle.data["defend"] == [5 + 1]  # two carriers, one die: +1 once


def test_g5_ship_effects_apply_d8s_then_cruiser_rerolls_then_carriers() -> None:
    """G5 [Using Ships]: Dreadnoughts make d8s before the roll; a Cruiser then rerolls a 1, a
    d8's first (it rerolls higher); Carriers then add +1 to the highest dice, rerolled ones
    included."""
    st = _invasion()
    thessia = planet(st, "Thessia")
    for k in (9 * ALLIANCE, 9 * ALLIANCE + 3, 9 * ALLIANCE + 6):  # cruiser, carrier, dreadnought
        st.ships = st.ships.placed(k, thessia)
    st.armies[planet(st, "Zorya")] = 3
    # The d8 and one d6 show 1; the Cruiser's reroll (a d8) shows 5; the defender rolls 6, 2.
    rng = ScriptedRng([(1,), (1, 3), (), (6, 2)], dies=[5])
    st.rng = rng
    _, events = act(st, "attack Thessia Zorya 3 1 1 1")
    assert rng.sides == [8, 6, 6, 8, 6, 6]  # the d8 first; the 1 rerolled is the d8's
    battle = next(e for e in events if e.kind == "battle")
    assert battle.data["attack"] == [5 + 1, 3, 1]  # the Carrier's +1 on the rerolled highest


def test_g6_a_vanguard_s_d8s_hold_for_every_battle_of_the_invasion_and_are_logged() -> None:
    """G6 [Invading a Reaper Vanguard]: the defender's d8s hold for the whole invasion; as they
    dominate d6s the engine takes them without asking (the defender picks only 1 or 2 dice),
    and the log says so."""
    st = _invasion()
    st.options = {**st.options, "defender_dice": "choose"}
    zorya = planet(st, "Zorya")
    st.armies[zorya] = 3
    st.vanguards = st.vanguards.placed(0, zorya)
    rng = ScriptedRng([(), (6, 5, 4), (2, 1), (), (), (6, 5, 4), (7,), ()])
    st.rng = rng
    st, _ = act(st, "attack Thessia Zorya 3")
    assert sorted(a.args for a in GAME.legal_actions(st, 2) if a.kind == "defend") == [(1,), (2,)]
    st, first = act(st, "defend 2")
    assert st.armies[zorya] == 1 and st.phase == ATTACK
    st, _ = act(st, "attack Thessia Zorya 3")
    st, second = act(st, "defend 1")
    assert rng.sides == [6, 6, 6, 8, 8, 6, 6, 6, 8]  # every defence die a d8, both battles
    for events in (first, second):
        battle = next(e for e in events if e.kind == "battle")
        assert battle.text.endswith("(every defence die is a d8)")


def test_me70_a_vanguard_s_defender_rolls_d8s() -> None:
    st = _invasion()
    st.vanguards = st.vanguards.placed(0, planet(st, "Zorya"))
    st.attack_to = planet(st, "Zorya")
    assert gw.battle_rule(st).defender.d8 == EVERY_DIE


@pytest.mark.parametrize("players", [4])
def test_me73_me100_the_catalyst_wins_for_the_whole_alliance(players: int) -> None:
    st = _invasion(players)
    catalyst = st.faces.faces.index(gr.CATALYST)
    st.vanguards = st.vanguards.placed(catalyst, planet(st, "Zorya"))
    out = _capture(st, "attack Thessia Zorya 3")
    assert out.phase == OVER and out.outcome is not None
    assert set(out.outcome.winners) == {0, 2}
    assert out.vanguards.where[catalyst] == HELD


def test_me71_me73_g9_the_catalyst_and_a_reaper_token_stacked_on_one_planet() -> None:
    """The Alliance takes a planet where the Catalyst and a Reaper token stand together: the
    Catalyst wins at once, and the token beside it is destroyed with it, face up to every
    seat, not left on an Alliance planet (random play reached that end; its final state
    broke the Vanguard invariant)."""
    st = _invasion(4)
    faces = sorted(st.faces.faces, key=lambda face: face != gr.CATALYST)
    st.faces = gr.FaceDown(tuple(faces), st.faces.known_to)  # the Catalyst is token 0
    catalyst, other = 0, 1
    zorya = planet(st, "Zorya")
    st.vanguards = st.vanguards.placed(catalyst, zorya).placed(other, zorya)
    assert st.vanguards.at(zorya)[0] == catalyst  # the Catalyst met first
    out = _capture(st, "attack Thessia Zorya 3")
    assert out.phase == OVER and out.outcome is not None and set(out.outcome.winners) == {0, 2}
    assert out.vanguards.where[catalyst] == out.vanguards.where[other] == HELD
    assert out.faces.known_to[other] == frozenset(range(4))
    assert GAME.invariants(out) == []


def test_me73_me80_g31_the_catalyst_on_a_reaper_s_last_planet_also_eliminates_it() -> None:
    """The capture that takes the Catalyst ends the game at once; when it also takes a
    Reaper player's last planet, that player is out too (ME80): the final state and the log
    say so, though the game ends before its turn would have come."""
    st = _invasion(4)
    victim, teammate = (s for s in range(4) if st.faction_of[s] == REAPER)
    st.owner = [teammate if o == victim else o for o in st.owner]
    st.owner[planet(st, "Zorya")] = victim
    catalyst = st.faces.faces.index(gr.CATALYST)
    st.vanguards = st.vanguards.placed(catalyst, planet(st, "Zorya"))
    card = st.piles[REAPER][0]
    give(st, victim, card)
    out, events = _captured(st, "attack Thessia Zorya 3")
    assert out.phase == OVER and out.outcome is not None and set(out.outcome.winners) == {0, 2}
    assert "Catalyst" in out.outcome.reason
    assert not out.alive[victim] and out.out_order == [victim] and out.alive[teammate]
    assert out.hands[victim] == [] and card in out.discards[REAPER]  # ME80
    kinds = [e.kind for e in events]
    assert kinds.index("vanguard") < kinds.index("eliminated") < kinds.index("game-over")
    # the log's line is a sentence (it began 'the Alliance wins'), the reason as outcomes are
    assert events[-1].text == "The Alliance wins: the Catalyst is taken", events[-1].text
    assert out.outcome.reason == "the Alliance wins: the Catalyst is taken"
    assert GAME.invariants(out) == []


def test_me73_a_plain_token_leaves_and_momentum_moves_to_the_alliance() -> None:
    st = _invasion()
    plain = st.faces.faces.index(gr.REAPER_TOKEN)
    st.vanguards = st.vanguards.placed(plain, planet(st, "Zorya"))
    out = _capture(st, "attack Thessia Zorya 3")
    assert out.vanguards.where[plain] == HELD and out.momentum == st.momentum + 1
    assert all(out.faces.knows(seat, plain) for seat in range(3))  # public in effect


def test_me72_cerberus_destroys_a_token_which_the_reapers_place_again() -> None:
    st = started(3, 3)  # Cerberus is seat 1
    st = holding(st, {"Thessia": (1, 10), "Zorya": (2, 1), "Earth": (2, 3)}, 1, ATTACK)
    st.options = {**st.options, "defender_dice": "auto"}
    st.vanguards = st.vanguards.placed(0, planet(st, "Zorya"))
    out, events = _captured(st, "attack Thessia Zorya 3", seat=1)
    assert out.phase == gw.RELOCATE and GAME.to_move(out) == (2,)
    told = next(e for e in events if e.kind == "vanguard")
    assert told.known_to == {1} and out.faces.knows(1, 0) and not out.faces.knows(0, 0)
    out, _ = act(out, "vanguard Earth")
    assert out.vanguards.where[0] == planet(out, "Earth") and out.phase == OCCUPY
    assert out.outcome is None  # no win, even for the Catalyst


def test_g8_option_public_shows_everyone_a_token_cerberus_destroys() -> None:
    """G8 (b), the option `vanguard_reveal=public`: "the token is revealed" to the whole
    table; it still goes back face down, and Cerberus still gets no win from it."""
    st = started(3, 3)  # Cerberus is seat 1
    st = holding(st, {"Thessia": (1, 10), "Zorya": (2, 1), "Earth": (2, 3)}, 1, ATTACK)
    st.options = {**st.options, "defender_dice": "auto", "vanguard_reveal": "public"}
    st.vanguards = st.vanguards.placed(0, planet(st, "Zorya"))
    out, events = _captured(st, "attack Thessia Zorya 3", seat=1)
    told = next(e for e in events if e.kind == "vanguard")
    face = "the Catalyst" if out.faces.faces[0] == gr.CATALYST else "a Reaper token"
    assert told.known_to == frozenset() and told.text.endswith(f": {face}")
    assert all(out.faces.knows(seat, 0) for seat in range(3))
    for seat in range(3):  # every view shows it, the Alliance's too
        assert GAME.view(out, seat)["vanguards"][0]["face"] is not None
    out, _ = act(out, "vanguard Earth")
    assert out.vanguards.where[0] == planet(out, "Earth") and out.outcome is None
    assert all(out.faces.knows(seat, 0) for seat in range(3))


def test_g9_g12_the_last_reaper_planet_taken_with_two_tokens_on_it() -> None:
    """Cerberus takes the Reapers' last planet, where two Vanguards stand (G9): no Reaper
    planet is left to put them back on, so both leave the board, and the Alliance wins
    (G12: no Reaper unit is left)."""
    st = started(3, 3)
    others = {name: (0, 1) for name in st.board.territories}
    st = holding(st, others | {"Thessia": (1, 10), "Zorya": (2, 1)}, 1, ATTACK)
    st.options = {**st.options, "defender_dice": "auto"}
    st.harbinger = gw.GONE
    st.vanguards = st.vanguards.placed(0, planet(st, "Zorya")).placed(1, planet(st, "Zorya"))
    out = _capture(st, "attack Thessia Zorya 3", seat=1)
    assert out.outcome is not None and out.outcome.winners == (0,)
    assert out.vanguards.where[:2] == (HELD, HELD)
    assert GAME.invariants(out) == []


def test_me74_me101_no_attack_on_harbinger_s_planet_nor_a_teammate() -> None:
    st = started(4, 3)
    st = holding(st, {"Thessia": (0, 10), "Zorya": (1, 2)}, 0, ATTACK)
    zorya = planet(st, "Zorya")
    st.harbinger = zorya
    targets = {a.args[1] for a in GAME.legal_actions(st, 0) if a.kind == "attack"}
    assert "Zorya" not in targets
    st.owner[zorya] = 2  # the teammate's
    st.harbinger = gw.GONE
    assert "Zorya" not in {a.args[1] for a in GAME.legal_actions(st, 0) if a.kind == "attack"}


def test_me75_me78_g10_attacking_harbinger() -> None:
    st = started(3, 3)
    st = holding(st, {"Thessia": (0, 10), "Zorya": (2, 2)}, 0, ATTACK)
    st.harbinger = planet(st, "Zorya")
    assert "strike Thessia 3" in {a.text() for a in GAME.legal_actions(st, 0)}
    results = set()
    for seed in range(400):
        trial = st.copy()
        trial.rng = Rng(seed)
        out, _ = act(trial, "strike Thessia 3")
        if out.harbinger == gw.GONE:  # ME77/ME78
            assert out.momentum == st.momentum + 1 and out.armies[planet(out, "Thessia")] == 10
            results.add("destroyed")
        else:  # G10: the 3 committed units die
            assert out.armies[planet(out, "Thessia")] == 7 and out.momentum == st.momentum
            results.add("failed")
        assert out.phase == ATTACK  # ME77: attack again or stop
    assert results == {"destroyed", "failed"}
    # ME78: Cerberus may destroy Harbinger too, and the Meter does not move.
    cerberus = holding(st, {"Thessia": (1, 10)}, 1, ATTACK)
    for seed in range(400):
        trial = cerberus.copy()
        trial.rng = Rng(seed)
        out, _ = act(trial, "strike Thessia 3")
        if out.harbinger == gw.GONE:
            assert out.momentum == st.momentum
            break
    else:
        raise AssertionError("Cerberus never destroyed Harbinger in 400 rolls")


def test_g10_a_strike_says_its_dice_the_total_needed_and_the_units_lost() -> None:
    """The log reads a strike on Harbinger as a table would: the dice, the total against the
    18 needed, and on a miss the committed units taken off (not a bare total)."""
    st = started(3, 3)
    st = holding(st, {"Thessia": (0, 10), "Zorya": (2, 2)}, 0, ATTACK)
    st.harbinger = planet(st, "Zorya")
    seen = set()
    for seed in range(60):
        trial = st.copy()
        trial.rng = Rng(seed)
        out, events = act(trial, "strike Thessia 3")
        strike = next(e for e in events if e.kind == "strike")
        dice = strike.data["dice"]
        assert len(dice) == 3 and sum(dice) == strike.data["total"]  # no bonus here
        assert f"{'-'.join(map(str, dice))}, total {sum(dice)} (18 needed)" in strike.text
        said = [e.text for e in events if e.kind == "harbinger"]
        if out.harbinger == gw.GONE:
            assert said == ["Harbinger is destroyed"]
        else:
            assert said == ["Harbinger holds: 3 units lost on Thessia"]
        seen.add(out.harbinger == gw.GONE)
    assert seen == {True, False}


def test_me76_the_reapers_roll_no_dice_against_a_strike() -> None:
    st = started(3, 3)
    st = holding(st, {"Thessia": (0, 10), "Zorya": (2, 2)}, 0, ATTACK)
    st.harbinger = planet(st, "Zorya")
    out, events = act(st, "strike Thessia 3")
    assert out.phase == ATTACK and not any(e.kind == "battle" for e in events)


def test_me80_an_eliminated_hand_goes_to_the_discards() -> None:
    st = _invasion()
    reapers = 2
    st.owner = [0 if o == reapers else o for o in st.owner]
    st.owner[planet(st, "Zorya")] = reapers
    card = card_of(st, "units", REAPER)
    give(st, reapers, card)
    out = _capture(st, "attack Thessia Zorya 3")
    assert not out.alive[reapers] and out.hands[reapers] == [] and card in out.discards[REAPER]
    assert card not in out.hands[0]


def _end_turn(st: gw.GawState) -> gw.GawState:
    """The current seat moves in where it must and ends each step until the turn passes."""
    seat = st.current
    while st.current == seat and st.phase != OVER:
        st, _ = act(st, "move 3" if st.phase == OCCUPY else "end")
    return st


def test_me80_an_eliminated_seat_s_turns_are_skipped() -> None:
    """ME80 "his turn is skipped from this point on": with Cerberus (seat 1) out, the Alliance's
    turn is followed by the Reapers' (seat 2), not by the Alliance's again."""
    st = _invasion()
    cerberus = st.faction_of.index(CERBERUS)
    assert cerberus == 1
    st.owner = [0 if o == cerberus else o for o in st.owner]
    st.owner[planet(st, "Zorya")] = cerberus  # Cerberus's last planet
    out = _capture(st, "attack Thessia Zorya 3")
    assert not out.alive[cerberus] and out.phase != OVER
    out = _end_turn(out)
    assert out.current == 2 and out.alive[2]


def test_me81_me83_fortify_through_a_teammate_s_planet() -> None:
    st = started(4, 3)
    others = {name: (1, 1) for name in st.board.territories}
    st = holding(st, others | {"Noveria": (0, 5), "Earth": (2, 2), "Benning": (0, 1)}, 0, FORTIFY)
    legal = {a.text() for a in GAME.legal_actions(st, 0)}
    assert "fortify Noveria Benning 4" in legal
    assert not any(a.args[1] == "Earth" for a in GAME.legal_actions(st, 0) if a.kind == "fortify")


def test_me82_g26_one_ship_move_after_the_units() -> None:
    st = started(3, 3)
    others = {name: (2, 1) for name in st.board.territories}
    st = holding(st, others | {"Noveria": (0, 5), "Earth": (0, 2), "Omega": (0, 1)}, 0, FORTIFY)
    st.ships = st.ships.placed(9 * ALLIANCE, planet(st, "Noveria"))
    st, _ = act(st, "end")
    assert st.phase == gw.SHIP_MOVE
    # ME82/G26: Omega is the Alliance's, but no chain of its planets joins it to Noveria.
    far = "ships Noveria Omega 1 0 0"
    assert far not in {a.text() for a in GAME.legal_actions(st, 0)}
    assert GAME.parse(st, 0, far) not in GAME.legal_actions(st, 0)
    assert GAME.parse(st, 0, "ships Noveria Earth 1 0 0") in GAME.legal_actions(st, 0)
    with pytest.raises(IllegalAction, match="no chain of your team's planets"):
        act(st, "ships Noveria Omega 1 0 0")
    st, events = act(st, "ships Noveria Earth 1 0 0")
    assert gw._ships_on(st, planet(st, "Earth")) == (1, 0, 0)
    assert events[0].text == "Alliance (blue) moves 1 ship from Noveria to Earth"
    assert st.current == 1  # the Alliance has no Harbinger step: the turn passed on


def test_me85_me89_e11_harbinger_moves_and_devastates() -> None:
    st = started(3, 3)
    region = st.board.regions[st.board.region_of[planet(st, "Ontarom")]]
    st = holding(st, {"Haestrom": (2, 3), "Ontarom": (1, 4)}, 2, gw.HARBINGER)
    st.harbinger = planet(st, "Haestrom")
    card = card_of(st, "devastate", REAPER, region)
    give(st, 2, card)
    said = {}
    for seed in range(50):
        trial = st.copy()
        trial.rng = Rng(seed)
        rolled, events = act(trial, "roll")
        said[rolled.harbinger_roll] = events[0].text
        if rolled.harbinger_roll == 2 and 1 in said:
            break
    assert said[1] == "Harbinger may move up to 1 planet"
    assert said[2] == "Harbinger may move up to 2 planets"
    assert {"Pragia", "Ontarom", "Haestrom"} <= {a.args[0] for a in GAME.legal_actions(rolled, 2)}
    stepped, _ = act(rolled, "step Ontarom")
    assert stepped.phase == gw.DEVASTATE
    out, _ = act(stepped, f"devastate {st.cards.card_ids[card]}")
    ontarom = planet(out, "Ontarom")
    assert out.owner[ontarom] == gr.NO_OWNER and out.armies[ontarom] == 0
    assert out.devastation_left == 2 and out.momentum == st.momentum - 1
    assert card in out.discards[REAPER]


def test_g17_harbinger_may_stay_unless_the_strict_option_asks_for_a_step() -> None:
    """G17 [Step 5]: 0 steps is a move by default; with `harbinger_move=strict` ("after
    moving it" read as at least one step) its own planet is neither offered nor taken."""
    st = started(3, 3)
    st = holding(st, {"Haestrom": (2, 3), "Ontarom": (1, 4)}, 2, gw.HARBINGER)
    st.harbinger = planet(st, "Haestrom")
    rolled, _ = act(st, "roll")
    steps = {a.args[0] for a in GAME.legal_actions(rolled, 2)}
    assert "Haestrom" in steps and "Ontarom" in steps
    strict = st.copy()
    strict.options = {**st.options, "harbinger_move": "strict"}
    said = act(strict, "roll")[1][0].text  # the log says it must move ("may" before)
    roll = rolled.harbinger_roll
    assert said == (
        f"Harbinger must move 1 to {roll} planets" if roll > 1 else "Harbinger must move 1 planet"
    )
    rolled.options = {**rolled.options, "harbinger_move": "strict"}
    assert {a.args[0] for a in GAME.legal_actions(rolled, 2)} == steps - {"Haestrom"}
    with pytest.raises(IllegalAction, match="it must move: harbinger_move=strict"):
        act(rolled, "step Haestrom")
    assert act(rolled, "step Ontarom")[0].harbinger == planet(rolled, "Ontarom")


def test_me94_me95_cards_by_faction_plus_the_meter() -> None:
    st = started(3, 3).copy()
    st.conquered_from = (REAPER, REAPER, CERBERUS)
    before = len(st.hands[0])
    extra = gr.extra_cards(st.galaxy, st.momentum, st.owner, 0, ALLIANCE)
    gw._finish_turn(GAME, st, 0, None)
    assert len(st.hands[0]) == before + 2 + extra
    assert all(st.cards.faction[c] == ALLIANCE for c in st.hands[0])  # ME96


def _takes(st: gw.GawState, text: str, target: str) -> gw.GawState:
    """The first of 100 seeded rolls in which seat 0's `text` takes `target`, moved in."""
    for seed in range(100):
        trial = st.copy()
        trial.rng = Rng(seed)
        out, _ = act(trial, text)
        if out.owner[planet(out, target)] == 0:
            return act(out, "move 3")[0] if out.phase == OCCUPY else out
    raise AssertionError(f"no capture of {target} in 100 rolls")


def test_me94_cards_for_planets_taken_from_both_factions_through_the_rules() -> None:
    """What a capture records is what Step 6 counts: the Alliance takes a Reaper planet and a
    Cerberus planet and draws 2 cards, with the Meter at its start giving the Alliance none
    (ME95); taking two planets of one faction only draws 1."""
    st = _invasion()
    cerberus = st.faction_of.index(CERBERUS)
    st = holding(st, {"Lusia": (cerberus, 1), "Digeris": (2, 1)}, 0, ATTACK)
    assert st.galaxy.momentum[st.momentum].side == "reaper"
    before = len(st.hands[0])
    both = _takes(_takes(st, "attack Thessia Zorya 3", "Zorya"), "attack Thessia Lusia 3", "Lusia")
    both = _end_turn(both)
    assert len(both.hands[0]) == before + 2
    assert all(st.cards.faction[c] == ALLIANCE for c in both.hands[0])  # ME96
    one = _takes(st, "attack Thessia Zorya 3", "Zorya")
    one = _end_turn(_takes(one, "attack Thessia Digeris 3", "Digeris"))
    assert len(one.hands[0]) == before + 1


def test_me79_g13_the_meter_s_modifier_joins_an_alliance_strike_only() -> None:
    """A strike's total is its dice plus the Meter's modifier for the Alliance: +3 at the
    Alliance's end, -3 at the Reapers'; Cerberus's strike gets none (G13)."""
    base = started(3, 3)
    base = holding(base, {"Thessia": (0, 10), "Zorya": (2, 2)}, 0, ATTACK)
    base.harbinger = planet(base, "Zorya")
    end = len(base.galaxy.momentum) - 1
    for seat, position, bonus in ((0, end, 3), (0, 0, -3), (1, end, 0)):
        st = holding(base, {"Thessia": (seat, 10)}, seat, ATTACK)
        st.momentum = position
        _, events = act(st, "strike Thessia 3")
        strike = next(e for e in events if e.kind == "strike")
        assert strike.data["total"] == sum(strike.data["dice"]) + bonus
        assert (f" {bonus:+d}, total" in strike.text) == (bonus != 0)


def test_me98_me99_neutral_cerberus_never_moves_and_an_opponent_rolls_for_it() -> None:
    st = started(4, 3)
    neutral = st.neutral
    assert neutral == 4
    st = holding(st, {"Thessia": (0, 10), "Zorya": (neutral, 2)}, 0, ATTACK)
    out, _ = act(st, "attack Thessia Zorya 3")
    assert out.phase == DEFEND and GAME.to_move(out) == (1,)  # the next Reaper seat
    assert gw.battle_rule(out).defender.plain


def test_me102_the_reapers_win_when_no_alliance_unit_is_left() -> None:
    st = _invasion()
    st.owner = [2 if o == 0 else o for o in st.owner]
    st.owner[planet(st, "Thessia")] = 0
    st.armies[planet(st, "Thessia")] = 2
    st.armies[planet(st, "Zorya")] = 5
    for seed in range(100):
        trial = st.copy()
        trial.rng = Rng(seed)
        out, _ = act(trial, "attack Thessia Zorya 1")
        if out.armies[planet(out, "Thessia")] == 1:
            break
    assert out.outcome is None  # one unit is left
    gone = out.copy()
    gone.owner[planet(gone, "Thessia")] = 2
    out, _ = act(gone, "end")
    assert out.outcome is not None and out.outcome.winners == (2,)


def test_me104_g34_cerberus_wins_at_ten_resource_planets() -> None:
    st = started(3, 3)
    resources = [t for t, r in enumerate(st.galaxy.resource) if r]
    st = st.copy()
    for t in resources[:10]:
        st.owner[t] = 1
    st.current, st.phase = 1, ATTACK
    out, _ = act(st, "end")
    assert out.outcome is not None and out.outcome.winners == (1,)


def test_me104_a_tenth_resource_planet_with_a_vanguard_ends_the_game_at_once() -> None:
    """Cerberus's 10th resource planet holds a Vanguard: Cerberus wins the moment it is taken
    (ME104), with the destroyed token left where it fell (no Reaper turn to put it back)."""
    st = started(3, 3).copy()
    resources = [t for t, r in enumerate(st.galaxy.resource) if r]
    target = resources[9]
    source = next(n for n in st.board.neighbors[target] if not st.galaxy.resource[n])
    for t in range(len(st.owner)):
        st.owner[t], st.armies[t] = 2, 2
    for t in resources[:9]:
        st.owner[t] = 1
    st.owner[source], st.armies[source] = 1, 10
    st.armies[target] = 1
    st.owner[next(t for t in range(len(st.owner)) if st.owner[t] == 2 and t != target)] = 0
    st.vanguards = st.vanguards.placed(0, target)
    st.current, st.phase, st.harbinger = 1, ATTACK, gw.GONE
    st.options = {**st.options, "defender_dice": "auto"}
    names = st.board.territories
    for seed in range(100):
        trial = st.copy()
        trial.rng = Rng(seed)
        out, _ = act(trial, f"attack {Action('x', (names[source], names[target])).text()[2:]} 3")
        if out.owner[target] == 1:
            break
    assert out.outcome is not None and out.outcome.winners == (1,)
    assert GAME.invariants(out) == []


def test_me65_carriers_add_one_to_the_highest_dice() -> None:
    st = _invasion()
    st.attack_to, st.attack_ships = planet(st, "Zorya"), (0, 2, 0)
    assert gw.battle_rule(st).attacker.plus_one == 2


def test_me68_an_attack_directive_helps_the_next_battle_and_is_discarded() -> None:
    st = _invasion()
    card = card_of(st, "attack_d8", ALLIANCE)
    give(st, 0, card)
    st, _ = act(st, f"play {st.cards.card_ids[card]}")
    assert card in st.discards[ALLIANCE] and st.attack_boost.d8 == 1
    st.attack_to = planet(st, "Zorya")
    assert gw.battle_rule(st).attacker.d8 == 1
    out, _ = act(st, "attack Thessia Zorya 3")
    assert out.attack_boost.d8 == 0  # spent on that battle


def test_me68_the_defender_plays_a_defence_directive_before_the_roll() -> None:
    st = _invasion()
    st.options = {**st.options, "defender_dice": "choose"}
    card = card_of(st, "defence_plus_one", REAPER)
    give(st, 2, card)
    st, _ = act(st, "attack Thessia Zorya 3")
    assert st.phase == DEFEND and f"play {st.cards.card_ids[card]}" in {
        a.text() for a in GAME.legal_actions(st, 2)
    }
    st, _ = act(st, f"play {st.cards.card_ids[card]}")
    assert gw.battle_rule(st).defender.plus_one == 1 and st.phase == DEFEND


def test_me77_a_harbinger_bonus_card_adds_to_the_strike_total() -> None:
    st = started(3, 3)
    st = holding(st, {"Thessia": (0, 10), "Zorya": (2, 2)}, 0, ATTACK)
    st.harbinger = planet(st, "Zorya")
    card = card_of(st, "harbinger_bonus", ALLIANCE)
    give(st, 0, card)
    plus = st.directives.by_card[card].number("plus")
    st, _ = act(st, f"play {st.cards.card_ids[card]}")
    plain = st.copy()
    plain.strike_bonus = 0
    _, with_card = act(st, "strike Thessia 3")
    _, without = act(plain, "strike Thessia 3")
    total = next(e.data["total"] for e in with_card if e.kind == "strike")
    assert total == next(e.data["total"] for e in without if e.kind == "strike") + plus


def test_me84_g22_g32_a_change_of_command_needs_the_teammate_s_consent() -> None:
    st = started(4, 3)
    others = {name: (1, 2) for name in st.board.territories}
    st = holding(
        st, others | {"Noveria": (0, 5), "Earth": (2, 1), "Benning": (2, 3)}, 0, gw.SHIP_MOVE
    )
    st, _ = act(st, "end")
    assert st.phase == gw.COMMAND
    assert [a.text() for a in GAME.legal_actions(st, 0)] == ["end", "command Earth"]
    asked, _ = act(st, "command Earth")
    assert GAME.to_move(asked) == (2,)
    accepted, _ = act(asked, "accept")
    earth = planet(st, "Earth")
    assert accepted.owner[earth] == 0 and accepted.armies[earth] == 1
    declined, _ = act(asked, "decline")
    assert declined.owner[earth] == 2
    assert declined.phase != gw.COMMAND  # at most one a turn
    ship = st.copy()
    ship.ships = ship.ships.placed(9 * ALLIANCE, earth)
    assert gw._handovers(ship, 0) == []  # G32: not with a ship on it


def test_me91_g20_either_reaper_moves_the_one_harbinger() -> None:
    st = started(4, 3)
    st = holding(
        st, {name: (st.owner[t], 2) for t, name in enumerate(st.board.territories)}, 0, ATTACK
    )
    for reaper in (1, 3):  # no planet of one unit: no change of command comes first
        turn = holding(st, {}, reaper, gw.SHIP_MOVE)
        turn.harbinger = turn.owner.index(reaper)
        out, _ = act(turn, "end")
        assert out.phase == gw.HARBINGER
    alliance = holding(st, {}, 0, gw.SHIP_MOVE)
    alliance.harbinger = alliance.owner.index(1)
    out, _ = act(alliance, "end")
    assert out.phase not in (gw.HARBINGER, gw.HARBINGER_STEP)


def test_me92_g19_resurrecting_harbinger_moves_momentum_to_the_reapers() -> None:
    st = started(3, 3)
    st = holding(st, {}, 2, REINFORCE)
    st.pending, st.harbinger = 3, gw.GONE
    card = card_of(st, "resurrect", REAPER)
    give(st, 2, card)
    spot = st.board.territories[st.owner.index(2)]
    out, _ = act(st, f"play {st.cards.card_ids[card]} {spot}")
    assert out.harbinger == planet(out, spot) and out.momentum == st.momentum - 1
    assert not any(a.kind == "play" for a in GAME.legal_actions(out, 2) if len(a.args) == 2)


def test_me93_a_momentum_card_moves_the_meter_toward_its_player_s_side() -> None:
    for seat, faction, step in ((0, ALLIANCE, 1), (2, REAPER, -1)):  # 3 players
        st = holding(started(3, 3), {}, seat, REINFORCE)
        st.pending = 3
        card = card_of(st, "momentum", faction)
        give(st, seat, card)
        spaces = st.directives.by_card[card].number("spaces")
        out, events = act(st, f"play {st.cards.card_ids[card]}")
        assert out.momentum == st.momentum + step * spaces and card in out.discards[faction]
        name = GAME.seat_names(st)[seat]
        assert f"({name} plays {st.cards.card_ids[card]})" in events[-1].text


def test_me97_a_card_serves_in_a_set_for_a_ship_or_for_its_directive() -> None:
    st = started(3, 3)
    st = holding(st, {}, 0, REINFORCE)
    st.pending = 3
    card = card_of(st, "units", ALLIANCE)
    give(st, 0, card)
    uses = {a.kind for a in GAME.legal_actions(st, 0) if st.cards.card_ids[card] in a.args}
    assert uses == {"build", "play"}
    out, _ = act(st, f"play {st.cards.card_ids[card]}")
    assert out.pending == 3 + st.directives.by_card[card].number("count")


# -- planet scanning (the option) ---------------------------------------------------------------
def _scanning(seed: int = 3) -> gw.GawState:
    st = GAME.new_game(3, seed, {"scanning": True})
    while st.phase in SETUP:
        seat = GAME.to_move(st)[0]
        st = GAME.apply(st, seat, GAME.legal_actions(st, seat)[0])[0]
    assert isinstance(st, gw.GawState)
    st = st.copy()
    st.owner[planet(st, "Sur'Kesh")] = 0
    return st


def _wa(name: str) -> int:
    return next(k for k, c in enumerate(gw.war_assets().cards) if c.name == name)


def test_me52_me110_a_war_assets_card_goes_with_its_planet() -> None:
    st = _scanning()
    assert "Sur'Kesh" in {a.args[0] for a in GAME.legal_actions(st, 0) if a.kind == "scan"}
    st.owner[planet(st, "Sur'Kesh")] = 2
    assert "Sur'Kesh" not in {a.args[0] for a in GAME.legal_actions(st, 0) if a.kind == "scan"}
    plain = started(3, 3)
    assert not any(a.kind == "scan" for a in GAME.legal_actions(plain, 0))  # the option is off


def test_g25_a_neutral_planet_s_card_waits_for_whoever_takes_it() -> None:
    """G25 [Planet Scanning]: the War Assets card of a neutral Cerberus planet is set aside, held
    by no seat, and goes to whoever takes the planet (ME110), who may scan it."""
    st = GAME.new_game(2, 3, {"scanning": True})
    while st.phase in SETUP:
        seat = GAME.to_move(st)[0]
        st = GAME.apply(st, seat, GAME.legal_actions(st, seat)[0])[0]
    assert isinstance(st, gw.GawState)
    surkesh = planet(st, "Sur'Kesh")
    source = st.board.territories[st.board.neighbors[surkesh][0]]
    st = holding(st, {"Sur'Kesh": (st.neutral, 1), source: (0, 5)}, 0, REINFORCE)
    for seat in (0, 1):
        turn = holding(st, {}, seat, REINFORCE)
        turn.pending = 3
        assert "Sur'Kesh" not in {
            a.args[0] for a in GAME.legal_actions(turn, seat) if a.kind == "scan"
        }
    st.phase, st.pending = ATTACK, 0
    st.options = {**st.options, "defender_dice": "auto"}
    attack = Action("attack", (source, "Sur'Kesh", 3)).text()
    for seed in range(100):
        trial = st.copy()
        trial.rng = Rng(seed)
        out, _ = act(trial, attack)
        if out.owner[surkesh] == 0:
            break
    else:
        raise AssertionError("no capture in 100 rolls")
    assert not out.scanned[_wa("Sur'Kesh")]  # not spent: set aside for the taker
    later = out.copy()
    gw._start_turn(GAME, later, None)
    assert later.current == 0 and later.phase == REINFORCE
    assert "Sur'Kesh" in {a.args[0] for a in GAME.legal_actions(later, 0) if a.kind == "scan"}


def test_me105_me106_one_scan_a_turn_rolling_five_d6_and_two_d8() -> None:
    st, events = act(_scanning(), "scan Sur'Kesh")
    assert st.phase == gw.SCAN and sorted(d[0] for d in st.scan_dice) == [6] * 5 + [8] * 2
    assert any(e.kind == "scan-roll" and e.reveals for e in events)
    assert st.scanned_this_turn


def test_me105_cards_are_turned_in_before_the_scan_not_after() -> None:
    """ME105: the scan comes after the sets and the ship's card are turned in, so once the
    turn's scan is rolled neither a set nor a ship's card is offered or taken."""
    st = _scanning()
    st.hands[0] = []
    hand = [c for c in st.piles[ALLIANCE] if st.cards.ship_class[c] == "cruiser"][:3]
    for c in hand:
        give(st, 0, c)
    ids = [st.cards.card_ids[c] for c in hand]
    assert {"trade", "build", "scan"} <= {a.kind for a in GAME.legal_actions(st, 0)}
    scanned = st.copy()
    scanned.scanned_this_turn = True  # the scan is over (won or failed), units still to place
    kinds = {a.kind for a in GAME.legal_actions(scanned, 0)}
    assert "trade" not in kinds and "build" not in kinds and "place" in kinds
    for text in (f"trade {' '.join(ids)}", f"build {ids[0]}"):
        assert Action.parse(text) not in GAME.legal_actions(scanned, 0)
        with pytest.raises(IllegalAction):
            GAME.apply(scanned, 0, Action.parse(text))


def test_me108_e13_a_completed_scan_adds_the_asset_value() -> None:
    st = _scanning()
    st.phase, st.scanning, st.scanned_this_turn = gw.SCAN, _wa("Sur'Kesh"), True
    # E13: "7", "5" matched already; a 1 and a 2 complete "3+ from 1s, 2s and 3s".
    st.scan_dice = ((6, 1), (6, 2), (6, 5), (6, 4), (6, 6), (8, 7), (8, 3))
    st.scan_place = (gw.UNPLACED, gw.UNPLACED, 1, gw.ASIDE, gw.ASIDE, 0, gw.ASIDE)
    before = st.pending
    assert "match 3 1 2" in {a.text() for a in GAME.legal_actions(st, 0)}
    out, _ = act(st, "match 3 1 2")
    assert out.pending == before + 2 and out.scanned[_wa("Sur'Kesh")] and out.phase == REINFORCE
    assert "Sur'Kesh" not in {a.args[0] for a in GAME.legal_actions(out, 0) if a.kind == "scan"}


def test_me107_me109_no_match_sets_a_die_aside_and_a_failed_scan_may_be_retried() -> None:
    st = _scanning()
    st.phase, st.scanning, st.scanned_this_turn = gw.SCAN, _wa("Sur'Kesh"), True
    st.scan_dice = ((6, 6), (6, 6), (6, 4), (6, 4), (6, 6), (8, 8), (8, 8))
    st.scan_place = (gw.UNPLACED,) * 7
    assert {a.kind for a in GAME.legal_actions(st, 0)} == {"aside"}
    out, _ = act(st, "aside 6")  # one d8 out: "7" still possible with the other
    assert out.phase == gw.SCAN and out.scan_place[5] == gw.ASIDE
    st.scan_place = (gw.UNPLACED,) * 6 + (gw.ASIDE,)
    failed, events = act(st, "aside 6")  # no d8 left for "7": the scan fails at once (W3)
    assert failed.phase == REINFORCE and not failed.scanned[_wa("Sur'Kesh")]
    assert any("fails" in e.text for e in events)
    later = failed.copy()
    gw._start_turn(GAME, later, None)
    assert later.current == 0 and "scan" in {a.kind for a in GAME.legal_actions(later, 0)}


def test_me111_nothing_to_scan_when_every_card_is_scanned() -> None:
    st = _scanning()
    st.scanned = tuple(True for _ in st.scanned)
    assert not any(a.kind == "scan" for a in GAME.legal_actions(st, 0))


def test_scanning_games_keep_every_invariant() -> None:
    rnd = random.Random(8)
    st = GAME.new_game(3, 8, {"turn_limit": 20, "scanning": True})
    scans = 0
    while GAME.outcome(st) is None:
        seat = GAME.to_move(st)[0]
        legal = GAME.legal_actions(st, seat)
        kinds = [a for a in legal if a.kind in ("scan", "match", "aside")]
        action = kinds[0] if kinds and rnd.random() < 0.8 else legal[rnd.randrange(len(legal))]
        scans += action.kind == "scan"
        st, events = GAME.apply(st, seat, action)
        check_secrets(GAME, st, events, 3)
        assert not GAME.invariants(st)
    assert scans > 0


# -- whole games -------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_every_invariant_and_secret(players: int) -> None:
    rnd = random.Random(players)
    st = GAME.new_game(players, players, {"turn_limit": 30})
    steps = 0
    while GAME.outcome(st) is None:
        seat = GAME.to_move(st)[0]
        legal = GAME.legal_actions(st, seat)
        action = legal[rnd.randrange(len(legal))]
        st, events = GAME.apply(st, seat, action)
        check_secrets(GAME, st, events, players)
        assert not GAME.invariants(st), (action, GAME.invariants(st))
        steps += 1
        if steps % 97 == 0:
            for s in range(players):
                check_redraw(GAME, st, s, Rng(steps))
    assert steps > 100


def test_bad_actions_change_nothing() -> None:
    st = started(3)
    before = st.copy()
    for text in ("build nothing", "place Earth 99", "attack Earth", "fly", "strike Earth 3"):
        with pytest.raises(Exception) as caught:
            GAME.apply(st, 0, Action.parse(text))
        assert str(caught.value)
    assert st == before


def test_me102_g12_a_devastation_that_ends_the_alliance_ends_the_game_at_once() -> None:
    """The Reapers win the moment the Alliance's last unit goes (ME102), a devastation
    included (G12): no cards drawn and no next turn after it, so a turn limit due at that next
    turn cannot hand the game to the faction holding most planets instead."""
    st = started(3, 3).copy()
    ontarom = planet(st, "Ontarom")
    region = st.board.regions[st.board.region_of[ontarom]]
    for t in range(len(st.owner)):
        st.owner[t], st.armies[t] = (1 if t % 4 else 2), 2  # Cerberus holds the most planets
    st.owner[ontarom], st.armies[ontarom] = 0, 4  # the Alliance's last units
    st.vanguards = st.vanguards.moved(OFF_BOARD, OFF_BOARD)
    st.harbinger, st.current, st.phase = ontarom, 2, gw.DEVASTATE
    st.options = {**st.options, "turn_limit": st.turn}
    card = card_of(st, "devastate", REAPER, region)
    give(st, 2, card)
    hand = len(st.hands[2])
    out, events = act(st, f"devastate {st.cards.card_ids[card]}")
    assert out.outcome is not None and out.outcome.winners == (2,)
    # Then by planets held (`_ranked`): Cerberus, holding most, above the Alliance's none.
    assert out.outcome.ranking == (2, 1, 0)
    assert out.turn == st.turn and len(out.hands[2]) == hand - 1
    assert [e.kind for e in events if e.kind in ("draw", "turn")] == []


def test_a_directive_is_told_in_words_in_the_hand_and_the_log() -> None:
    """No card face survives, so a directive's words are made from its primitive: what it does
    and when it is played, not the primitive's name, parameters and timing as written
    ("harbinger bonus (plus 3) [harbinger_attack]")."""
    st = _invasion()
    card = card_of(st, "attack_d8", ALLIANCE)
    give(st, 0, card)
    hand = GAME.describe(GAME.observe(st, 0), 0)["hands"]["0"]
    assert [c["directive"] for c in hand if c["card"] == st.cards.card_ids[card]] == [
        "1 attack die is a d8; played as you attack, before the roll"
    ]
    _, events = act(st, f"play {st.cards.card_ids[card]}")
    assert f"plays {st.cards.card_ids[card]}: 1 attack die is a d8" in events[-1].text
    for directive in st.directives.by_card:
        assert not set(directive.text()) & set("_[]{}"), directive.text()


def test_me101_a_teammate_s_planet_is_refused_by_name_and_gets_no_odds() -> None:
    """An attack on a teammate's planet was refused as "may not be invaded", and the odds
    before it (terminal and page alike, `attack_rule`) said 100%: both now give the reason."""
    st = started(4).copy()
    seat = st.current
    mate = next(s for s in GAME.known_to(st, seat) if s != seat)
    board = st.board
    source, target = next(
        (s, t)
        for s in range(len(board))
        for t in board.neighbors[s]
        if st.owner[s] == seat and st.owner[t] == mate
    )
    st.armies[source] = 5
    st.phase = ATTACK
    words = f"{board.territories[target]} is held by {GAME.side_name(st, mate)}, a teammate"
    with pytest.raises(IllegalAction, match=re.escape(words)):
        act(st, f'attack "{board.territories[source]}" "{board.territories[target]}" 3')
    with pytest.raises(IllegalAction, match=re.escape(words)):
        GAME.attack_rule(st, source, target)
    st.owner[target] = seat  # now the seat's own
    with pytest.raises(IllegalAction, match="are both"):
        GAME.attack_rule(st, source, target)


# -- Readings of shared/specs/mass-effect.md 2.5 with no rule test of their own -------------------
def test_g1_the_three_ships_of_a_class_are_the_faction_s_teammates_share_them() -> None:
    """G1 [Step 2 Play Cards for Units/Ships] (a): at most 3 ships of a class a faction, so a
    teammate's three cruisers leave none to build."""
    st = started(4).copy()
    teammate = next(s for s in range(1, 4) if st.faction_of[s] == st.faction_of[0])
    card = next(c for c in st.piles[ALLIANCE] if st.cards.ship_class[c] == "cruiser")
    give(st, 0, card)
    assert any(a.kind == "build" for a in GAME.legal_actions(st, 0))
    for k in range(3):  # the Alliance's three cruisers, on the teammate's planet
        st.ships = st.ships.placed(9 * ALLIANCE + k, st.owner.index(teammate))
    assert not any(a.kind == "build" for a in GAME.legal_actions(st, 0))


def test_g2_g3_any_number_of_sets_a_deploy_and_no_forced_trade() -> None:
    """G2 [Step 2 Play Cards for Units/Ships]: any number of sets in one Deploy; G3 [BT Play
    Cards for Units]: Basic Training's trade forced at five cards is not Galaxy at War's."""
    st = started(3).copy()
    cruisers = [c for c in st.piles[ALLIANCE] if st.cards.ship_class[c] == "cruiser"][:6]
    for c in cruisers:
        give(st, 0, c)
    assert len(st.hands[0]) >= 6 and "place" in {a.kind for a in GAME.legal_actions(st, 0)}
    before = st.pending
    for trio in (cruisers[:3], cruisers[3:]):
        st, _ = act(st, "trade " + " ".join(st.cards.card_ids[c] for c in trio))
    assert st.pending == before + 4 + 4


def test_g11_a_harbinger_strike_commits_one_to_three_units_leaving_one() -> None:
    """G11 [Attacking Harbinger]: 1 to 3 units, and at most all but one of the source's."""
    st = started(3, 3)
    st = holding(st, {"Thessia": (0, 3), "Zorya": (2, 2)}, 0, ATTACK)
    st.harbinger = planet(st, "Zorya")
    strikes = {a.text() for a in GAME.legal_actions(st, 0) if a.text().startswith("strike Thessia")}
    assert strikes == {"strike Thessia 1", "strike Thessia 2"}
    st.armies[planet(st, "Thessia")] = 10
    strikes = {a.text() for a in GAME.legal_actions(st, 0) if a.text().startswith("strike Thessia")}
    assert strikes == {"strike Thessia 1", "strike Thessia 2", "strike Thessia 3"}


def test_g14_the_meter_s_extra_cards_come_without_a_conquest() -> None:
    """G14 [Step 6; Momentum Meter]: the Meter's extra cards are drawn whether or not the turn
    conquered anything."""
    st = started(3, 3).copy()
    reaper = st.faction_of.index(REAPER)
    st.momentum, st.conquered_from = 0, ()  # the Reapers' end of the Meter, no conquest
    extra = gr.extra_cards(st.galaxy, st.momentum, st.owner, reaper, REAPER)
    assert extra > 0
    before = len(st.hands[reaper])
    gw._finish_turn(GAME, st, reaper, None)
    assert len(st.hands[reaper]) == before + extra
