"""RISK Mass Effect Basic Training: one test per rule of shared/specs/mass-effect.md section 1.2
(ME1-ME32), the rulebook's worked examples E1-E7 (section 1.6) as golden tests, and the
readings A1-A7 that change what happens."""

from __future__ import annotations

import re

import pytest

from warroom.bots import make_bot
from warroom.core import Action, IllegalAction, MalformedAction, WarroomError
from warroom.games.mass_effect.basic import SET_ALIKE, SET_MIXED, STARTING_UNITS, set_value
from warroom.games.risk_classic import (
    ATTACK,
    CLAIM,
    DEFEND,
    FORTIFY,
    OCCUPY,
    OVER,
    REINFORCE,
    SETUP_PLACE,
)
from warroom.rules.reinforcement import territory_armies

from ..risk.table import play_a_turn_counting_units
from .conftest import GAME, ScriptedRng, Table


def of_class(table: Table, ship_class: str, count: int, skip: int = 0) -> list[str]:
    """`count` card ids of one ship class (whatever the reconstructed split makes them)."""
    c = table.state.cards
    ids = [c.card_ids[k] for k in range(len(c.card_ids)) if c.ship_class[k] == ship_class]
    return ids[skip : skip + count]


def claim_all(table: Table) -> None:
    """Every seat claims the first free planet in turn until none is left (ME5)."""
    while table.state.phase == CLAIM:
        seat = table.state.current
        free = next(
            n for t, n in enumerate(table.state.board.territories) if table.state.owner[t] < 0
        )
        table.do(seat, f"claim {Action('x', (free,)).text()[2:]}")


def place_all(table: Table) -> None:
    """Setup placement: each seat puts its one unit a round on its first planet (ME7)."""
    while table.state.phase == SETUP_PLACE:
        seat = table.state.current
        mine = table.state.owner.index(seat)
        table.act(seat, Action("place", (table.state.board.territories[mine], 1)))


# -- setup -------------------------------------------------------------------------------------
def test_me1_a5_basic_training_uses_the_board_cards_and_six_sided_dice_only() -> None:
    st = GAME.new_game(3, 1, {})
    assert len(st.board) == 42 and st.board.id == "mass-effect-galaxy"
    assert len(st.deck) == 81
    # No Galaxy at War piece is ever offered: a whole random game's actions are Basic Training's.
    kinds = set()
    bots = [make_bot("random", GAME.id, s) for s in range(3)]
    while GAME.outcome(st) is None and st.turn < 60:
        seat = GAME.to_move(st)[0]
        action = bots[seat].choose(seat, GAME.observe(st, seat), GAME.legal_actions(st, seat))
        kinds.add(action.kind)
        st = GAME.play(st, seat, action)
    basic = {"claim", "place", "trade", "attack", "defend", "move", "end", "fortify"}
    assert {"claim", "place", "attack", "defend"} <= kinds <= basic
    table = Table()
    table.give(0, 4, "Ontarom")
    table.give(1, 2, "Antibaar")
    table.turn_of(0, ATTACK)
    table.dice((6, 5, 4, 3, 2))
    rng = table.state.rng
    assert isinstance(rng, ScriptedRng)
    table.do(0, "attack Ontarom Antibaar 3")
    table.do(1, "defend 2")
    assert rng.sides == [6] * 5  # no d8 in Basic Training


def test_me2_all_81_faction_cards_are_shuffled_into_one_deck() -> None:
    one, two = GAME.new_game(3, 1, {}), GAME.new_game(3, 2, {})
    assert sorted(one.deck) == list(range(81))
    assert {one.cards.faction[c] for c in one.deck} == {0, 1, 2}
    assert one.deck != two.deck


def test_me3_a1_starting_units_35_for_three_and_30_for_four_players_only() -> None:
    assert STARTING_UNITS == {3: 35, 4: 30}
    assert GAME.new_game(3, 1, {}).reserve == [35] * 3
    assert GAME.new_game(4, 1, {}).reserve == [30] * 4
    for players in (2, 5):  # A1: no other count is printed
        with pytest.raises(WarroomError):
            GAME.new_game(players, 1, {})


def test_me4_a2_highest_roll_claims_first_ties_reroll_then_clockwise() -> None:
    # Seats 0 and 2 tie on 6 and roll again; seat 2's 5 beats seat 0's 3 (A2).
    st = GAME.setup(
        3, ScriptedRng([], dies=[6, 4, 6, 3, 5]), {"defender_dice": "choose", "turn_limit": 0}
    )
    assert st.first == st.current == 2
    table = Table()
    table.state = st
    table.do(2, "claim Earth")
    assert table.state.current == 0
    table.do(0, "claim Mars")
    assert table.state.current == 1


def test_me5_a_claim_puts_one_unit_on_an_empty_planet_until_all_42_are_claimed() -> None:
    table = Table(players=4)
    first = table.state.first
    table.do(first, "claim Palaven")
    assert table.units("Palaven") == 1 and table.owner("Palaven") == first
    assert table.state.reserve[first] == 29
    with pytest.raises(IllegalAction, match="already claimed"):
        table.do(table.state.current, "claim Palaven")
    claim_all(table)
    # 42 over 4 players is uneven, which is fine: 11, 11, 10, 10.
    assert sorted(table.state.owner.count(p) for p in range(4)) == [10, 10, 11, 11]
    assert set(table.state.armies) == {1}


def test_me6_no_planet_is_ever_unclaimed_after_claiming() -> None:
    table = Table(seed=3)
    claim_all(table)
    place_all(table)
    assert -1 not in table.state.owner
    table.give(0, 4, "Ontarom")
    table.give(1, 1, "Antibaar")
    table.turn_of(0, ATTACK)
    table.dice((6, 5))
    table.do(0, "attack Ontarom Antibaar 1")
    table.do(1, "defend 1")
    assert table.owner("Antibaar") == 0 and -1 not in table.state.owner  # control changed hands
    state = table.state
    state.owner[table.t("Earth")] = -1
    assert GAME.invariants(state)


@pytest.mark.parametrize("players", [3, 4])
def test_me7_setup_reinforcement_is_one_unit_a_round_on_own_planets(players: int) -> None:
    table = Table(players=players, seed=4)
    claim_all(table)
    st = table.state
    # The first claimer reinforces first, however many planets each claimed (42 over 4
    # players ends the claims two seats after the first claimer's).
    assert st.phase == SETUP_PLACE and st.current == st.first
    seat = st.first
    theirs = st.board.territories[st.owner.index((seat + 1) % players)]
    with pytest.raises(IllegalAction):
        table.act(seat, Action("place", (theirs, 1)))
    mine = st.board.territories[st.owner.index(seat)]
    with pytest.raises(IllegalAction):
        table.act(seat, Action("place", (mine, 2)))  # one unit a round
    table.act(seat, Action("place", (mine, 1)))
    assert table.state.current == (seat + 1) % players  # to the left, in claiming order
    place_all(table)
    assert table.state.phase == REINFORCE and table.state.current == table.state.first


@pytest.mark.parametrize("players", [3, 4])
def test_me7_me8_the_first_claimer_takes_the_first_turn(players: int) -> None:
    """Reading ("the turn order continues as above"): after the setup rounds, the first turn
    is the first claimer's, whoever placed the last setup unit."""
    table = Table(players=players, seed=4)
    claim_all(table)
    place_all(table)
    st = table.state
    assert st.phase == REINFORCE and st.current == st.first and st.turn == 1


def test_me8_a_turn_is_deploy_invade_fortify_then_draw() -> None:
    table = Table()
    table.give(0, 6, "Ontarom")
    table.give(1, 1, "Antibaar")
    table.turn_of(0, REINFORCE, pending=3)
    table.do(0, "place Ontarom 3")
    assert table.state.phase == ATTACK
    table.dice((6, 1))
    table.do(0, "attack Ontarom Antibaar 1")
    table.do(1, "defend 1")
    table.do(0, "move 1")
    table.do(0, "end")
    # Unlike Classic, no card at the end of invading: the fortification comes first.
    assert table.state.phase == FORTIFY and table.state.hands[0] == []
    table.do(0, "end")
    assert len(table.state.hands[0]) == 1 and table.state.current == 1


@pytest.mark.parametrize(
    ("planets", "units"),
    [(1, 3), (11, 3), (12, 4), (14, 4), (15, 5), (38, 12), (39, 13), (41, 13)],
)
def test_me9_e5_base_reinforcements_are_planets_over_three_never_below_three(
    planets: int, units: int
) -> None:
    assert territory_armies(planets) == units
    table = Table()
    st = table.state
    # Seat 0 holds `planets` planets, none making a whole region, the rest are seat 1's.
    ordered = sorted(range(42), key=lambda t: (st.board.region_of[t], t))
    leave_out = {st.board.region_members[r][0] for r in range(6)}
    mine = [t for t in ordered if t not in leave_out][:planets] if planets <= 36 else None
    if mine is None:
        mine = [t for t in ordered if t != st.board.region_members[0][0]][:planets]
    for t in range(42):
        st.owner[t], st.armies[t] = (0 if t in mine else 1), 1
    bonus = sum(
        b
        for b, m in zip(st.board.region_bonus, st.board.region_members, strict=True)
        if all(st.owner[t] == 0 for t in m)
    )
    st.alive[2], st.out_order = False, [2]  # two players left
    table.turn_of(1, FORTIFY)
    table.do(1, "end")
    assert table.state.current == 0 and table.state.pending == units + bonus


def test_me10_e5_a_region_held_whole_adds_its_bonus_earth_central_two() -> None:
    table = Table()
    st = table.state
    ecs = st.board.regions.index("Earth Central Systems")
    for t in range(42):
        st.owner[t], st.armies[t] = (0 if st.board.region_of[t] == ecs else 1), 1
    st.alive[2], st.out_order = False, [2]  # two players left
    table.turn_of(1, FORTIFY)
    table.do(1, "end")
    assert table.state.pending == 3 + 2
    assert "Earth Central Systems" in table.events[-1].text


def test_me11_e6_a3_sets_are_worth_fixed_amounts_that_never_escalate() -> None:
    assert set_value(["cruiser"] * 3) == 4
    assert set_value(["carrier"] * 3) == 5
    assert set_value(["dreadnought"] * 3) == 6
    assert set_value(["cruiser", "carrier", "dreadnought"]) == 7
    assert set_value(["cruiser", "cruiser", "carrier"]) is None  # E6: not a set
    assert (SET_ALIKE, SET_MIXED) == ({"cruiser": 4, "carrier": 5, "dreadnought": 6}, 7)
    table = Table()
    table.turn_of(0, REINFORCE, pending=3)
    cruisers = of_class(table, "cruiser", 6)
    table.hand(0, *cruisers)
    with pytest.raises(IllegalAction, match="named twice"):
        table.do(0, f"trade {cruisers[0]} {cruisers[0]} {cruisers[1]}")
    with pytest.raises(IllegalAction, match="you hold no card 'nobody-01'"):
        table.do(0, f"trade {cruisers[0]} {cruisers[1]} nobody-01")
    table.do(0, "trade " + " ".join(cruisers[:3]))
    table.do(0, "trade " + " ".join(cruisers[3:]))
    assert table.state.pending == 3 + 4 + 4  # A3: a second set a turn, worth the same


def test_me12_traded_sets_go_out_of_play_not_back_to_the_deck() -> None:
    table = Table()
    table.turn_of(0, REINFORCE, pending=3)
    mixed = of_class(table, "cruiser", 1) + of_class(table, "carrier", 1)
    mixed += of_class(table, "dreadnought", 1)
    table.hand(0, *mixed)
    deck = len(table.state.deck)
    table.do(0, "trade " + " ".join(mixed))
    assert table.state.pending == 3 + 7
    assert len(table.state.deck) == deck and table.hand_ids(0) == []
    assert sorted(table.state.cards.card_ids[c] for c in table.state.out_of_play) == sorted(mixed)
    assert len(GAME.view(table.state, 1)["out_of_play"]) == 3  # public


def test_me13_no_card_gives_a_planet_bonus() -> None:
    table = Table()
    table.give(0, 1, "Earth")
    table.turn_of(0, REINFORCE, pending=3)
    cards = of_class(table, "carrier", 3)
    table.hand(0, *cards)
    trades = [a for a in GAME.legal_actions(table.state, 0) if a.kind == "trade"]
    assert trades and all(len(a.args) == 3 for a in trades)
    with pytest.raises(MalformedAction):
        table.do(0, "trade " + " ".join(cards) + " Earth")
    table.do(0, "trade " + " ".join(cards))
    assert table.units("Earth") == 1 and table.state.pending == 3 + 5


def test_me13_a_set_may_be_traded_between_placements() -> None:
    """Reading of "at this point": a trade is offered while any of the Deploy's units remain
    to place, not only before the first."""
    table = Table()
    table.give(0, 1, "Earth")
    table.turn_of(0, REINFORCE, pending=3)
    cards = of_class(table, "carrier", 3)
    table.hand(0, *cards)
    table.do(0, "place Earth 2")
    assert any(a.kind == "trade" for a in GAME.legal_actions(table.state, 0))
    table.do(0, "trade " + " ".join(cards))
    assert table.state.pending == 1 + 5 and table.state.phase == REINFORCE


def test_me14_five_cards_force_a_trade_before_placing() -> None:
    table = Table()
    table.give(0, 1, "Earth")
    table.turn_of(0, REINFORCE, pending=3)
    five = of_class(table, "cruiser", 2) + of_class(table, "carrier", 2)
    five += of_class(table, "dreadnought", 1)
    table.hand(0, *five)
    assert {a.kind for a in GAME.legal_actions(table.state, 0)} == {"trade"}
    with pytest.raises(IllegalAction, match="must trade"):
        table.do(0, "place Earth 3")
    mixed = [five[0], five[2], five[4]]
    table.do(0, "trade " + " ".join(mixed))
    table.do(0, "place Earth 10")
    assert table.state.phase == ATTACK
    # With 4 cards, trading is allowed but not forced.
    table2 = Table()
    table2.turn_of(0, REINFORCE, pending=3)
    table2.hand(0, *five[:4])
    assert "place" in {a.kind for a in GAME.legal_actions(table2.state, 0)}


def test_me15_every_unit_is_placed_on_own_planets() -> None:
    table = Table()
    table.give(0, 1, "Earth", "Mars")
    table.give(1, 1, "Benning")
    table.turn_of(0, REINFORCE, pending=5)
    with pytest.raises(IllegalAction, match="do not occupy"):
        table.do(0, "place Benning 1")
    with pytest.raises(IllegalAction):
        table.do(0, "plac Earth 6")
    table.do(0, "place Earth 2")
    assert table.state.phase == REINFORCE  # 3 still to place: invading waits
    with pytest.raises(IllegalAction):
        table.do(0, "end")
    table.do(0, "place Mars 3")
    assert table.state.phase == ATTACK and (table.units("Earth"), table.units("Mars")) == (3, 4)


def test_me16_the_unit_supply_is_unlimited() -> None:
    table = Table()
    table.give(0, 200, "Earth")
    table.turn_of(0, REINFORCE, pending=300)
    table.do(0, "place Earth 300")
    assert table.units("Earth") == 500


# -- invading ------------------------------------------------------------------------------
def test_me17_invading_is_optional_and_may_stop_any_time() -> None:
    table = Table()
    table.give(0, 9, "Ontarom")
    table.give(1, 3, "Antibaar")
    table.turn_of(0, ATTACK)
    assert "end" in table.legal(0)
    table.dice((1, 6))
    table.do(0, "attack Ontarom Antibaar 1")
    table.do(1, "defend 1")
    assert "end" in table.legal(0)
    table.do(0, "end")
    assert table.state.phase == FORTIFY


def test_me18_invade_an_adjacent_opponent_planet_across_a_border_or_a_relay() -> None:
    table = Table()
    table.give(0, 5, "Palaven")
    table.give(1, 2, "Benning", "Lesuss", "Sur'Kesh")
    table.give(0, 2, "Irune")
    table.turn_of(0, ATTACK)
    legal = table.legal(0)
    assert "attack Palaven Benning 3" in legal  # Mass Relay
    assert "attack Palaven Lesuss 3" in legal  # border
    assert not any("Sur" in a and a.startswith("attack Palaven") for a in legal)
    with pytest.raises(IllegalAction, match="does not border"):
        table.do(0, "attack Palaven Sur'Kesh 3")
    with pytest.raises(IllegalAction, match="yours already"):
        table.do(0, "attack Palaven Irune 1")


def test_me19_e2_the_source_keeps_one_unit_and_sends_one_to_three() -> None:
    table = Table()
    table.give(0, 2, "Thessia")  # E2: 2 Alliance units on Thessia
    table.give(1, 2, "Zorya")
    table.give(0, 1, "Sur'Kesh")
    table.give(0, 10, "Digeris")
    table.give(1, 1, "Lusia")
    table.turn_of(0, ATTACK)
    legal = table.legal(0)
    assert [a for a in legal if a.startswith("attack Thessia Zorya")] == ["attack Thessia Zorya 1"]
    with pytest.raises(IllegalAction, match=r"from Thessia you may roll 1 die \("):
        table.do(0, "attack Thessia Zorya 2")
    assert not any(a.startswith("attack 'Sur") for a in legal)  # 1 unit: cannot attack
    assert "attack Digeris Lusia 3" in legal and "attack Digeris Lusia 4" not in legal


def test_me20_the_defender_chooses_one_or_two_never_more_than_it_has() -> None:
    table = Table()
    table.give(0, 5, "Ontarom")
    table.give(1, 3, "Antibaar")
    table.turn_of(0, ATTACK)
    table.do(0, "attack Ontarom Antibaar 3")
    assert GAME.to_move(table.state) == (1,)
    assert table.legal(1) == ["defend 1", "defend 2"]
    table.state.armies[table.t("Antibaar")] = 1
    assert table.legal(1) == ["defend 1"]


def test_me21_one_die_per_committed_unit_on_each_side() -> None:
    table = Table()
    table.give(0, 5, "Ontarom")
    table.give(1, 3, "Antibaar")
    table.turn_of(0, ATTACK)
    table.dice((6, 5, 2))
    rng = table.state.rng
    assert isinstance(rng, ScriptedRng)
    table.do(0, "attack Ontarom Antibaar 2")
    table.do(1, "defend 1")
    assert len(rng.sides) == 3  # 2 attacking dice and 1 defending die


def test_me22_e3_dice_pair_high_to_low_ties_go_to_the_defender() -> None:
    """E3 [Resolving the Dice]: 8 Alliance units on Ontarom invade Antibaar; 6-4-1 against
    5-4: the Reapers lose 1 (6 > 5), the Alliance loses 1 (4 = 4), the 1 is ignored."""
    table = Table()
    table.give(0, 8, "Ontarom")
    table.give(1, 4, "Antibaar")
    table.turn_of(0, ATTACK)
    table.dice((1, 6, 4, 4, 5))  # faces in any order: each side is sorted high to low
    table.do(0, "attack Ontarom Antibaar 3")
    table.do(1, "defend 2")
    assert (table.units("Ontarom"), table.units("Antibaar")) == (7, 3)
    battle = next(e for e in table.events if e.kind == "battle")
    assert battle.data["attack"] == [6, 4, 1] and battle.data["defend"] == [5, 4]
    assert table.state.phase == ATTACK  # the Alliance may go on or call it off


def test_me23_after_any_battle_the_attacker_may_call_off_and_invade_elsewhere() -> None:
    table = Table()
    table.give(0, 9, "Ontarom")
    table.give(1, 3, "Antibaar", "Klendagon")
    table.turn_of(0, ATTACK)
    table.dice((1, 6), (6, 1), (6, 1))
    table.do(0, "attack Ontarom Antibaar 1")
    table.do(1, "defend 1")
    table.do(0, "attack Ontarom Klendagon 1")  # a new planet
    table.do(1, "defend 1")
    table.do(0, "attack Ontarom Antibaar 1")  # back to one attacked earlier
    table.do(1, "defend 1")
    assert (table.units("Antibaar"), table.units("Klendagon")) == (2, 2)


def test_me24_the_invasion_may_go_on_from_another_adjacent_planet() -> None:
    table = Table()
    table.give(0, 4, "Ontarom", "Klendagon")
    table.give(1, 2, "Antibaar")
    table.turn_of(0, ATTACK)
    table.dice((6, 1), (6, 1))
    table.do(0, "attack Ontarom Antibaar 1")
    table.do(1, "defend 1")
    table.do(0, "attack Klendagon Antibaar 1")
    table.do(1, "defend 1")
    assert table.owner("Antibaar") == 0 and table.units("Antibaar") == 1
    assert table.units("Klendagon") == 3  # one battle's units all from one planet


def test_me25_the_winning_units_move_in_and_more_may_follow_before_the_next_invasion() -> None:
    table = Table()
    table.give(0, 8, "Ontarom")
    table.give(1, 1, "Antibaar")
    table.give(1, 1, "Klendagon")
    table.turn_of(0, ATTACK)
    table.dice((6, 5, 4, 1))
    table.do(0, "attack Ontarom Antibaar 3")
    table.do(1, "defend 1")
    assert table.state.phase == OCCUPY and table.owner("Antibaar") == 0
    assert table.legal(0) == [f"move {k}" for k in range(3, 8)]  # 3 rolled, 1 stays behind
    with pytest.raises(IllegalAction):
        table.do(0, "attack Ontarom Klendagon 1")  # the move-in comes first
    table.do(0, "move 7")
    assert (table.units("Ontarom"), table.units("Antibaar")) == (1, 7)


def test_me26_eliminating_a_player_hands_their_cards_to_the_eliminator() -> None:
    table = Table()
    table.turn_of(0, ATTACK, rest=[1])  # seat 2 holds only Antibaar
    table.give(0, 5, "Ontarom")
    table.give(2, 1, "Antibaar")
    theirs = of_class(table, "cruiser", 2)
    table.hand(2, *theirs)
    table.dice((6, 1))
    table.do(0, "attack Ontarom Antibaar 1")
    table.do(2, "defend 1")
    assert not table.state.alive[2] and table.hand_ids(2) == []
    assert table.hand_ids(0) == theirs
    elim = next(e for e in table.events if e.kind == "eliminated")
    assert elim.known_to == {0}  # the card names are told to the eliminator only
    table.do(0, "move 1")
    assert table.state.phase == ATTACK  # 2 cards: no forced trade


def _eliminating_antibaar(mine: list[str], theirs: list[str]) -> Table:
    """Seat 0 (holding `mine`) takes Antibaar, seat 2's last planet (holding `theirs`), and
    moves in: the cards change hands."""
    table = Table()
    table.turn_of(0, ATTACK, rest=[1])
    table.give(0, 5, "Ontarom")
    table.give(0, 1, "Earth")
    table.give(2, 1, "Antibaar")
    table.hand(0, *mine)
    table.hand(2, *theirs)
    table.dice((6, 1))
    table.do(0, "attack Ontarom Antibaar 1")
    table.do(2, "defend 1")
    table.do(0, "move 1")  # A6: after the mandatory move-in
    return table


def test_me27_a7_five_or_more_after_an_elimination_trade_at_once_down_to_four() -> None:
    cards = Table()
    mine = of_class(cards, "cruiser", 3) + of_class(cards, "carrier", 1)
    theirs = of_class(cards, "dreadnought", 3) + of_class(cards, "carrier", 2, skip=1)
    table = _eliminating_antibaar(mine, theirs)  # 4 + 5 = 9 cards: two forced trades
    assert table.state.phase == REINFORCE and table.state.pending == 0
    assert {a.kind for a in GAME.legal_actions(table.state, 0)} == {"trade"}
    table.do(0, "trade " + " ".join(theirs[:3]))  # 3 Dreadnoughts: 6
    assert table.state.pending == 6 and len(table.state.hands[0]) == 6
    with pytest.raises(IllegalAction, match="must trade"):
        table.do(0, "place Earth 6")
    table.do(0, "trade " + " ".join(mine[:3]))  # 3 Cruisers: 4; 3 cards left
    assert not any(a.kind == "trade" for a in GAME.legal_actions(table.state, 0))
    table.do(0, "place Earth 10")
    assert table.state.phase == ATTACK and table.units("Earth") == 11


def test_me27_down_to_four_after_an_elimination_trading_stops_even_holding_a_set() -> None:
    """Reading of "when you have 4 or fewer cards, continue your turn": the forced trades stop
    at 4, and a set still in hand is not traded (sets are traded in Deploy)."""
    cards = Table()
    mine = of_class(cards, "cruiser", 3) + of_class(cards, "carrier", 1)
    theirs = of_class(cards, "dreadnought", 3)
    # 7 cards: one forced trade leaves 4, three Cruisers among them
    table = _eliminating_antibaar(mine, theirs)
    table.do(0, "trade " + " ".join(theirs))
    assert len(table.state.hands[0]) == 4 and set_value(["cruiser"] * 3) is not None
    assert not any(a.kind == "trade" for a in GAME.legal_actions(table.state, 0))
    with pytest.raises(IllegalAction, match="stop trading"):
        table.do(0, "trade " + " ".join(mine[:3]))
    table.do(0, "place Earth 6")
    assert table.state.phase == ATTACK


def test_me27_a7_exactly_five_cards_after_an_elimination_force_a_trade_four_do_not() -> None:
    """ME27's boundary: "5 or more" forces the trade at exactly 5 (Classic waits for 6), and 4
    cards let the turn go on."""
    cards = Table()
    mine = of_class(cards, "cruiser", 2) + of_class(cards, "carrier", 1)
    theirs = of_class(cards, "cruiser", 1, skip=2) + of_class(cards, "dreadnought", 1)
    table = _eliminating_antibaar(mine, theirs)  # 3 + 2 = 5 cards
    assert len(table.state.hands[0]) == 5
    assert table.state.phase == REINFORCE and table.state.pending == 0
    assert {a.kind for a in GAME.legal_actions(table.state, 0)} == {"trade"}
    table.do(0, "trade " + " ".join([*mine[:2], theirs[0]]))  # 3 Cruisers: 4
    assert table.state.pending == 4 and len(table.state.hands[0]) == 2
    table.do(0, "place Earth 4")
    assert table.state.phase == ATTACK
    table = _eliminating_antibaar(mine, of_class(cards, "dreadnought", 1))  # 3 + 1 = 4 cards
    assert len(table.state.hands[0]) == 4 and table.state.phase == ATTACK
    assert not any(a.kind == "trade" for a in GAME.legal_actions(table.state, 0))


def test_a6_the_elimination_trade_comes_after_the_move_in() -> None:
    """A6 [BT Eliminating Another Player]: "stop immediately" and trade comes after the
    mandatory move-in (the winning battle's units are already in), and the optional extra
    units may follow before the trade, as in Classic."""
    table = Table()
    table.turn_of(0, ATTACK, rest=[1])
    table.give(0, 5, "Ontarom")
    table.give(0, 1, "Earth")
    table.give(2, 1, "Antibaar")
    mine = of_class(table, "cruiser", 3) + of_class(table, "carrier", 1)
    theirs = of_class(table, "dreadnought", 3)
    table.hand(0, *mine)
    table.hand(2, *theirs)
    table.dice((6, 5, 1))
    table.do(0, "attack Ontarom Antibaar 2")
    table.do(2, "defend 1")
    assert not table.state.alive[2] and len(table.state.hands[0]) == 7  # a trade is due
    assert table.state.phase == OCCUPY and table.units("Antibaar") == 2  # the 2 rolled are in
    assert table.legal(0) == ["move 2", "move 3", "move 4"]  # no trade before the move-in
    with pytest.raises(IllegalAction):
        table.do(0, "trade " + " ".join(theirs))
    table.do(0, "move 4")  # the extra units go in before the trade
    assert (table.units("Ontarom"), table.units("Antibaar")) == (1, 4)
    assert {a.kind for a in GAME.legal_actions(table.state, 0)} == {"trade"}
    table.do(0, "trade " + " ".join(theirs))
    assert table.state.pending == set_value(["dreadnought"] * 3)


# -- fortify, draw, winning ---------------------------------------------------------------------
def test_me28_e4_one_fortification_along_a_chain_of_own_planets() -> None:
    """E4 [Step 3 - Fortify]: Cerberus moves 4 of its 6 units from Noveria through Earth to
    Benning (Noveria does not touch Benning)."""
    table = Table()
    table.give(2, 6, "Noveria")
    table.give(2, 1, "Earth")
    table.give(2, 2, "Benning")
    table.turn_of(2, FORTIFY)
    assert not table.state.board.adjacent(table.t("Noveria"), table.t("Benning"))
    assert "fortify Noveria Benning 4" in table.legal(2)
    assert "fortify Noveria Benning 6" not in table.legal(2)  # 1 stays behind
    table.do(2, "fortify Noveria Benning 4")
    assert (table.units("Noveria"), table.units("Benning")) == (2, 6)
    assert table.state.current == 0 and table.state.phase == REINFORCE  # only one move
    # It is optional.
    table2 = Table()
    table2.turn_of(1, FORTIFY)
    table2.do(1, "end")
    assert table2.state.current == 2


def test_me29_a_fortification_cannot_pass_through_an_opponents_planet() -> None:
    table = Table()
    table.give(2, 6, "Noveria")
    table.give(0, 1, "Earth", "Eden Prime")  # the way to Benning is the Alliance's
    table.give(2, 2, "Benning")
    table.turn_of(2, FORTIFY)
    assert not any(a.startswith("fortify Noveria Benning") for a in table.legal(2))
    with pytest.raises(IllegalAction, match="no chain of your own planets"):
        table.do(2, "fortify Noveria Benning 4")
    with pytest.raises(IllegalAction, match="must control both"):
        table.do(2, "fortify Noveria Earth 4")  # and it is not an attack


def test_me30_one_card_after_a_turn_with_a_conquest_however_many() -> None:
    table = Table()
    table.give(0, 9, "Ontarom")
    table.give(1, 1, "Antibaar")
    table.give(2, 1, "Klendagon")
    table.turn_of(0, ATTACK)
    table.dice((6, 1), (6, 1))
    table.do(0, "attack Ontarom Antibaar 1")
    table.do(1, "defend 1")
    table.do(0, "move 1")
    table.do(0, "attack Ontarom Klendagon 1")
    table.do(2, "defend 1")
    table.do(0, "move 1")
    deck = len(table.state.deck)
    table.do(0, "end")
    table.do(0, "end")
    assert len(table.state.hands[0]) == 1 and len(table.state.deck) == deck - 1
    # No conquest, no card.
    quiet = Table()
    quiet.turn_of(0, ATTACK)
    quiet.do(0, "end")
    quiet.do(0, "end")
    assert quiet.state.hands[0] == []


def test_a4_an_empty_deck_gives_no_card() -> None:
    table = Table()
    table.give(0, 9, "Ontarom")
    table.give(1, 1, "Antibaar")
    table.turn_of(0, ATTACK)
    table.state.out_of_play = table.state.deck[:]
    table.state.deck = []
    table.dice((6, 1))
    table.do(0, "attack Ontarom Antibaar 1")
    table.do(1, "defend 1")
    table.do(0, "move 1")
    table.do(0, "end")
    table.do(0, "end")
    assert table.state.hands[0] == [] and table.state.deck == []


def test_me31_the_last_player_standing_controls_all_42_and_wins() -> None:
    table = Table()
    table.turn_of(0, ATTACK, rest=[0])
    table.give(1, 1, "Antibaar")
    table.give(2, 1, "Klendagon")
    table.give(0, 9, "Ontarom")
    table.dice((6, 1), (6, 1))
    table.do(0, "attack Ontarom Antibaar 1")
    table.do(1, "defend 1")
    table.do(0, "move 1")
    assert table.state.outcome is None
    table.do(0, "attack Ontarom Klendagon 1")
    table.do(2, "defend 1")
    outcome = table.state.outcome
    assert outcome is not None and outcome.winners == (0,) and table.state.phase == OVER
    assert table.state.owner.count(0) == 42
    assert outcome.ranking == (0, 2, 1)


def test_me32_the_attacker_is_whose_turn_it_is_and_the_defender_owns_the_target() -> None:
    table = Table()
    table.give(0, 5, "Ontarom")
    table.give(2, 2, "Antibaar")
    table.turn_of(0, ATTACK)
    table.do(0, "attack Ontarom Antibaar 2")
    assert table.state.phase == DEFEND and GAME.to_move(table.state) == (2,)
    with pytest.raises(WarroomError):
        table.do(1, "defend 1")
    view = GAME.view(table.state, 1)
    assert view["battle"] == {"from": "Ontarom", "to": "Antibaar", "dice": 2}


# -- worked examples that are not rules above ---------------------------------------------------
def test_e1_palaven_attacks_and_is_attacked_along_all_five_connections() -> None:
    neighbours = ("Lesuss", "Dekuuna", "Tuchanka", "Irune", "Benning")
    table = Table()
    table.give(0, 4, "Palaven")
    table.give(1, 4, *neighbours)
    table.give(1, 4, "Sur'Kesh")
    table.turn_of(0, ATTACK)
    targets = {a.split()[2] for a in table.legal(0) if a.startswith("attack Palaven")}
    assert targets == set(neighbours)
    table.turn_of(1, ATTACK)
    sources = {
        a.split()[1] for a in table.legal(1) if a.startswith("attack") and a.split()[2] == "Palaven"
    }
    assert sources == set(neighbours)


def test_e7_setup_places_105_or_120_units_after_claiming_all_42() -> None:
    for players, total in ((3, 105), (4, 120)):
        table = Table(players=players, seed=players)
        claim_all(table)
        assert table.state.phase == SETUP_PLACE and sum(table.state.armies) == 42
        place_all(table)
        assert sum(table.state.armies) == total and table.state.phase == REINFORCE
        assert table.state.reserve == [0] * players


def test_typed_names_with_apostrophes_are_read() -> None:
    """Spec 1.7 item 8: "Sur'Kesh" typed unquoted (twice in one line, too)."""
    table = Table()
    table.give(0, 5, "Sur'Kesh", "Thessia")
    table.turn_of(0, FORTIFY)
    table.do(0, "fortify sur'kesh thessia 2")
    assert table.units("Thessia") == 7
    assert GAME.parse(table.state, 0, "fortify Sur'Kesh Intai'sei 2").args[:2] == (
        "Sur'Kesh",
        "Intai'sei",
    )


# -- texts -------------------------------------------------------------------------------------
def test_the_shared_handlers_texts_count_units_as_the_rulebook_does() -> None:
    """The rulebook calls the pieces units ("Place Units"): the log and the refusals that
    Classic's handlers write for Basic Training say so (they said armies), and a choice of one
    count reads as one ("1 die", not "1 to 1 dice")."""
    table = Table()
    claim_all(table)
    seat = table.state.current
    mine = table.state.board.territories[table.state.owner.index(seat)]
    with pytest.raises(IllegalAction, match=r"^place 1 unit in this setup turn$"):
        table.act(seat, Action("place", (mine, 2)))
    table = Table()
    play_a_turn_counting_units(table, "Ontarom", "Antibaar", "fortify")
    turn = [e.text for e in table.events if e.kind == "turn"]
    assert len(turn) == 1 and re.fullmatch(r"Turn 6: Player 2 receives \d+ units.*", turn[0])
    assert not [e.text for e in table.events if re.search(r"\barm(y|ies)\b", e.text)]
