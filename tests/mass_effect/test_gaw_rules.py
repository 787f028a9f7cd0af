"""Galaxy at War's rules (games/mass_effect/gaw_rules.py), one test per rule of
shared/specs/mass-effect.md 2.2 that the module implements, and the rulebook's worked examples
(E8-E15) as golden tests. The set-up chart's rules (ME44-ME47) are tested with its data
(test_gaw_components.py)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from warroom.core.board import reachable
from warroom.core.rng import Rng
from warroom.games.mass_effect import gaw_rules as gr
from warroom.games.mass_effect.components import galaxy
from warroom.games.mass_effect.gaw_components import (
    ALLIANCE,
    CERBERUS,
    REAPER,
    claim_order,
    directives,
    pieces,
)
from warroom.odds.dice import harbinger_odds, roll_distribution
from warroom.rules.battle import PLAIN, SideRule, roll
from warroom.rules.pieces import OFF_BOARD, UNKNOWN_FACE, FaceDown, Tokens, decider

G = galaxy()
B = G.board
P = len(B)
# Four players: seats 0 and 2 Alliance, 1 and 3 Reapers, neutral Cerberus is side 4.
FACTION_OF = (ALLIANCE, REAPER, ALLIANCE, REAPER, CERBERUS)
A1, R1, A2, R2, NEUTRAL = range(5)


def planet(name: str) -> int:
    return B.territory(name)


def board_with(holders: dict[str, int], rest: int = R1) -> list[int]:
    owner = [rest] * P
    for name, side in holders.items():
        owner[planet(name)] = side
    return owner


# -- set-up ----------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 4])
def test_me50_neutral_cerberus_units_go_after_each_seat_s_own(players: int) -> None:
    row = pieces().chart[players]
    left = [
        spec.troops - claimed for spec, claimed in zip(row.sides(), _claimed(players), strict=True)
    ]
    order = gr.reinforce_order(row, left)
    neutral = len(row.seats)
    assert [side for _, side in order].count(neutral) == left[neutral]
    for k, (seat, side) in enumerate(order):
        if side == neutral:  # placed by the seat that has just placed its own unit
            assert order[k - 1] == (seat, seat)
    assert all(seat != neutral for seat, _ in order)


def _claimed(players: int) -> list[int]:
    row = pieces().chart[players]
    order = claim_order(row)
    return [order.count(s) for s in range(len(row.sides()))]


def test_me49_setup_reinforcement_goes_one_unit_a_round_in_chart_order() -> None:
    row = pieces().chart[3]
    order = gr.reinforce_order(row, [2, 1, 2])
    assert order == [(0, 0), (1, 1), (2, 2), (0, 0), (2, 2)]


def test_me48_harbinger_goes_on_a_reaper_planet() -> None:
    owner = board_with({"Noveria": R2, "Earth": A1}, rest=A2)
    spots = gr.harbinger_spots(owner, FACTION_OF)
    assert spots == [planet("Noveria")]


def test_me51_the_strategic_meter_counts_cerberus_resource_planets() -> None:
    resources = [t for t, r in enumerate(G.resource) if r]
    owner = [A1] * P
    for t in resources[:5]:
        owner[t] = NEUTRAL
    assert gr.resources_held(G, owner, NEUTRAL) == 5
    assert gr.extra_cards(G, 0, owner, NEUTRAL, CERBERUS) == G.strategic_cards[5]


# -- teams, attacking, fortifying ----------------------------------------------------------
def test_me100_teams_share_a_faction_and_cerberus_plays_alone() -> None:
    assert gr.same_team(FACTION_OF, A1, A2) and gr.same_team(FACTION_OF, R1, R2)
    assert not gr.same_team(FACTION_OF, A1, R1) and not gr.same_team(FACTION_OF, A1, NEUTRAL)


def test_me101_teammates_never_attack_each_other() -> None:
    owner = board_with({"Thessia": A1, "Zorya": A2})
    assert not gr.may_attack(owner, FACTION_OF, A1, planet("Zorya"), None)
    owner[planet("Zorya")] = R1
    assert gr.may_attack(owner, FACTION_OF, A1, planet("Zorya"), None)


def test_me83_g21_a_team_fortifies_through_the_teammate_s_planets() -> None:
    owner = board_with({"Noveria": A1, "Earth": A2, "Benning": A1}, rest=R1)
    through = gr.team_passable(owner, {A1, A2})
    assert planet("Benning") in reachable(B.neighbors, planet("Noveria"), through)
    alone = gr.team_passable(owner, {A1})  # Earth is the teammate's: alone, no way through
    assert planet("Benning") not in reachable(B.neighbors, planet("Noveria"), alone)


def test_me88_a_devastated_planet_cannot_be_attacked_or_passed() -> None:
    owner = board_with({"Noveria": A1, "Earth": gr.NO_OWNER, "Benning": A1})
    assert not gr.may_attack(owner, FACTION_OF, R1, planet("Earth"), None)
    assert not gr.team_passable(owner, {A1, A2})(planet("Earth"))


def test_me84_a_change_of_command_takes_a_lone_unit_without_ship_or_token() -> None:
    owner = board_with({"Earth": A2})
    armies = [3] * P
    armies[planet("Earth")] = 1
    none = Tokens((OFF_BOARD,) * 3)
    assert gr.may_hand_over(owner, armies, none, none, planet("Earth"), A2)
    assert not gr.may_hand_over(
        owner, armies, none.placed(0, planet("Earth")), none, planet("Earth"), A2
    )
    assert not gr.may_hand_over(
        owner, armies, none, none.placed(1, planet("Earth")), planet("Earth"), A2
    )
    armies[planet("Earth")] = 2
    assert not gr.may_hand_over(owner, armies, none, none, planet("Earth"), A2)


def test_me99_neutral_cerberus_defends_plain_and_an_opponent_rolls_for_it() -> None:
    rule = gr.invasion_rule([gr.ship_side((1, 1, 1))], [])
    assert rule.defender == PLAIN
    assert decider(A1, [0, 1, 2, 3], [True] * 4, allies={A1, A2}) == R1


# -- meters ------------------------------------------------------------------------------------
def test_me78_me89_g29_momentum_moves_toward_a_side_and_stops_at_the_end() -> None:
    meter = G.momentum
    start = G.momentum_start
    assert gr.momentum_moved(start, ALLIANCE, 1, meter) == start + 1  # ME73/ME78
    assert gr.momentum_moved(start, REAPER, 1, meter) == start - 1  # ME89/ME92
    assert gr.momentum_moved(start, REAPER, 99, meter) == 0  # G29
    assert gr.momentum_moved(start, ALLIANCE, 99, meter) == len(meter) - 1
    with pytest.raises(ValueError, match="Cerberus"):
        gr.momentum_moved(start, CERBERUS, 1, meter)


def test_me93_momentum_cards_move_the_meter_by_their_spaces() -> None:
    spaces = {d.number("spaces") for d in directives().by_card if d.kind == "momentum"}
    for n in spaces:
        assert gr.momentum_moved(4, ALLIANCE, n, G.momentum) == min(4 + n, len(G.momentum) - 1)


def test_me79_g13_the_momentum_modifier_is_for_alliance_harbinger_attacks_only() -> None:
    end = len(G.momentum) - 1
    assert gr.harbinger_modifier(G.momentum, end, ALLIANCE) == G.momentum[end].harbinger_mod == 3
    assert gr.harbinger_modifier(G.momentum, end, CERBERUS) == 0  # G13
    assert gr.harbinger_modifier(G.momentum, G.momentum_start, ALLIANCE) >= 0  # spec 0.1


def test_me95_extra_cards_follow_the_meters() -> None:
    owner = [A1] * P
    reaper_end, alliance_end = 0, len(G.momentum) - 1
    assert gr.extra_cards(G, reaper_end, owner, R1, REAPER) == G.momentum[0].extra_cards > 0
    assert gr.extra_cards(G, reaper_end, owner, A1, ALLIANCE) == 0
    assert gr.extra_cards(G, alliance_end, owner, A1, ALLIANCE) > 0
    balanced = next(k for k, s in enumerate(G.momentum) if s.side == "balanced")
    assert gr.extra_cards(G, balanced, owner, A1, ALLIANCE) == 0
    assert gr.extra_cards(G, balanced, owner, R1, REAPER) == 0


# -- cards -------------------------------------------------------------------------------------
def test_me94_e12_cards_for_conquests_count_factions_not_players() -> None:
    # E12: 3 Reaper planets (of both Reaper players) and 1 neutral Cerberus planet: 2 cards.
    assert gr.cards_earned(ALLIANCE, [REAPER, REAPER, REAPER, CERBERUS]) == 2
    assert gr.cards_earned(ALLIANCE, [REAPER, REAPER]) == 1
    assert gr.cards_earned(REAPER, []) == 0


def test_me96_g30_a_faction_draws_its_own_deck_then_its_reshuffled_discards() -> None:
    card, deck, discard = gr.draw([3, 4, 5], [9], Rng(1))
    assert (card, deck, discard) == (5, [3, 4], [9])
    card, deck, discard = gr.draw([], [7, 8], Rng(1))
    assert card in (7, 8) and sorted([card, *deck]) == [7, 8] and discard == []
    assert gr.draw([], [], Rng(1)) == (None, [], [])


def test_me80_an_eliminated_hand_goes_to_the_discard_pile() -> None:
    assert gr.eliminated_cards([4, 5], [1]) == [1, 4, 5]


# -- ships and dice ----------------------------------------------------------------------------
def test_me63_me66_ships_set_dice_modifiers() -> None:
    assert gr.ship_side((2, 0, 0)) == SideRule(reroll_until=2)  # Cruisers
    assert gr.ship_side((0, 3, 0)) == SideRule(plus_one=3)  # Carriers
    assert gr.ship_side((0, 0, 1)) == SideRule(d8=1)  # Dreadnought


def test_me64_a_cruiser_never_lets_its_die_stay_a_one() -> None:
    side = gr.ship_side((3, 0, 0))
    for seed in range(200):
        result = roll(Rng(seed), 3, 1, gr.invasion_rule([side], []))
        assert 1 not in result.attack


def test_me66_dreadnoughts_roll_d8s() -> None:
    side = gr.ship_side((0, 0, 3))
    faces = {
        f for seed in range(300) for f in roll(Rng(seed), 3, 2, gr.invasion_rule([side], [])).attack
    }
    assert faces == set(range(1, 9))


def test_me60_at_most_three_ships_of_a_class() -> None:
    assert gr.may_build((2, 3, 0), 0) and not gr.may_build((2, 3, 0), 1)


def test_me68_card_battle_directives_add_to_the_ships() -> None:
    card = next(d for d in directives().by_card if d.kind == "attack_d8").side()
    assert card is not None
    rule = gr.invasion_rule([gr.ship_side((0, 0, 1)), card[1]], [])
    assert rule.attacker.d8 == 2


def test_me70_e15_g7_a_vanguard_defends_with_d8s_for_the_invasion() -> None:
    rule = gr.invasion_rule([], [], vanguard_d8s=True)
    odds = roll_distribution(rule, 3, 2)
    assert odds[(0, 2)] == Fraction(1445, 6912)
    assert odds[(1, 1)] == Fraction(4771, 13824)
    assert odds[(2, 0)] == Fraction(6163, 13824)
    assert roll_distribution(rule, 3, 1)[(0, 1)] == Fraction(95, 192)
    with_ships = gr.invasion_rule([], [gr.ship_side((0, 1, 0))], vanguard_d8s=True)  # G7
    assert with_ships.defender.plus_one == 1 and with_ships.defender.d8 >= 2


# -- Harbinger ---------------------------------------------------------------------------------
def test_me74_me75_e10_attacking_harbinger_on_noveria() -> None:
    noveria = planet("Noveria")
    owner = board_with(
        {"Noveria": R1, "Eden Prime": NEUTRAL, "Earth": A1, "Elysium": A2, "Horizon": R2}
    )
    faction_of = (ALLIANCE, REAPER, ALLIANCE, REAPER, CERBERUS)
    armies = [3] * P
    assert not gr.may_attack(owner, faction_of, A1, noveria, noveria)  # ME74
    assert gr.harbinger_sources(B, owner, armies, faction_of, noveria, A1) == [planet("Earth")]
    assert gr.harbinger_sources(B, owner, armies, faction_of, noveria, A2) == [planet("Elysium")]
    # Eden Prime is Cerberus's (a playing Cerberus, 3 or 5 players): it may attack too.
    assert gr.harbinger_sources(B, owner, armies, faction_of, noveria, NEUTRAL) == [
        planet("Eden Prime")
    ]
    assert gr.harbinger_sources(B, owner, armies, faction_of, noveria, R2) == []
    # Harbinger destroyed: Noveria may be attacked.
    assert gr.may_attack(owner, faction_of, A1, noveria, None)


def test_me75_g16_harbinger_on_a_planet_of_another_side_protects_nothing() -> None:
    earth = planet("Earth")
    owner = board_with({"Earth": A1, "Noveria": A2})
    assert not gr.harbinger_protects(owner, FACTION_OF, earth, earth)
    assert gr.may_attack(owner, FACTION_OF, R1, earth, earth)
    armies = [3] * P
    assert earth in gr.harbinger_sources(B, owner, armies, FACTION_OF, earth, A1)


def test_me77_e14_harbinger_falls_at_18() -> None:
    assert gr.harbinger_destroyed(18, pieces().harbinger_target)
    assert not gr.harbinger_destroyed(17, pieces().harbinger_target)
    assert harbinger_odds(3) == Fraction(1, 216)
    assert (
        harbinger_odds(3, bonus=3) == Fraction(5, 54) == harbinger_odds(3, gr.ship_side((0, 3, 0)))
    )
    assert harbinger_odds(3, gr.ship_side((0, 0, 3))) == Fraction(21, 128)
    assert harbinger_odds(3, bonus=-1) == 0 and harbinger_odds(2) == 0


def test_me85_me86_e11_harbinger_steps_through_anything() -> None:
    haestrom, ontarom = planet("Haestrom"), planet("Ontarom")
    two = gr.harbinger_reach(B, haestrom, 2)
    assert planet("Pragia") in two and ontarom in two and haestrom in two  # G17: 0 steps
    one = set(gr.harbinger_reach(B, haestrom, 1))
    assert one == {haestrom, *B.neighbors[haestrom]}
    assert len(gr.harbinger_reach(B, haestrom, 6)) > len(one)


def test_g15_harbinger_on_a_devastated_planet_is_attacked_from_its_neighbours() -> None:
    """G15 [Step 5; Attacking Harbinger]: Harbinger standing on a devastated planet may be
    attacked from the planets next to it; nothing attacks from the devastated planet."""
    noveria = planet("Noveria")
    owner = board_with({"Noveria": gr.NO_OWNER, "Earth": A1, "Elysium": A2})
    armies = [3] * P
    armies[noveria] = 0
    faction_of = (ALLIANCE, REAPER, ALLIANCE, REAPER, CERBERUS)
    assert gr.harbinger_sources(B, owner, armies, faction_of, noveria, A1) == [planet("Earth")]
    assert gr.harbinger_sources(B, owner, armies, faction_of, noveria, A2) == [planet("Elysium")]


def test_me87_me88_e11_g18_devastating_ontarom_with_its_region_s_card() -> None:
    ontarom = planet("Ontarom")
    owner = board_with({"Ontarom": NEUTRAL})
    region = B.regions[B.region_of[ontarom]]
    assert gr.may_devastate(B, owner, FACTION_OF, ontarom, region, 3)
    assert not gr.may_devastate(B, owner, FACTION_OF, ontarom, "Terminus Systems", 3)
    assert not gr.may_devastate(B, owner, FACTION_OF, ontarom, region, 0)  # 3 tokens at most
    owner[ontarom] = R2
    assert not gr.may_devastate(B, owner, FACTION_OF, ontarom, region, 3)  # G18
    owner[ontarom] = gr.NO_OWNER
    assert not gr.may_devastate(B, owner, FACTION_OF, ontarom, region, 3)
    # E11: then Momentum moves 1 toward the Reapers (ME89).
    assert gr.momentum_moved(G.momentum_start, REAPER, 1, G.momentum) == G.momentum_start - 1


def test_me90_a_region_counts_without_its_devastated_planet() -> None:
    earth_central = B.regions.index("Earth Central Systems")
    members = B.region_members[earth_central]
    owner = [R1] * P
    for t in members:
        owner[t] = A1
    assert gr.region_bonus(B, owner, A1) == 2
    owner[members[0]] = gr.NO_OWNER
    assert gr.region_bonus(B, owner, A1) == 2
    owner[members[1]] = R2
    assert gr.region_bonus(B, owner, A1) == 0


# -- Vanguards ---------------------------------------------------------------------------------
def test_me54_me55_a_vanguard_goes_on_a_free_reaper_planet() -> None:
    owner = board_with({"Noveria": R1, "Earth": R2}, rest=A1)
    none = Tokens((OFF_BOARD,) * 5)
    assert gr.vanguard_spots(owner, {R1, R2}, none) == sorted([planet("Noveria"), planet("Earth")])
    one = none.placed(0, planet("Noveria"))
    assert gr.vanguard_spots(owner, {R1, R2}, one) == [planet("Earth")]
    both = one.placed(1, planet("Earth"))  # G9: no free one: any Reaper planet
    assert gr.vanguard_spots(owner, {R1, R2}, both) == sorted([planet("Noveria"), planet("Earth")])


def test_me56_the_reaper_team_knows_a_token_the_others_do_not() -> None:
    faces = FaceDown.shuffled([gr.CATALYST, *[gr.REAPER_TOKEN] * 4], Rng(3))
    faces, event = gr.vanguard_peek(faces, 0, frozenset({R1, R2}), "Player 2")
    assert faces.seen(R2)[0] == faces.faces[0] and faces.seen(A1)[0] == UNKNOWN_FACE
    assert event.known_to == {R1, R2} and "face" in event.for_seat(R2)
    assert "face" not in event.for_seat(A1) and "face" not in event.for_seat(None)


def test_me71_me73_the_alliance_takes_the_catalyst_or_removes_a_token() -> None:
    catalyst_first = FaceDown((gr.CATALYST, gr.REAPER_TOKEN), (frozenset(), frozenset()))
    _, result = gr.vanguard_destroyed(catalyst_first, 0, ALLIANCE, frozenset({A1, A2}))
    assert result == gr.VANGUARD_ALLIANCE_WINS
    seen, result = gr.vanguard_destroyed(catalyst_first, 1, ALLIANCE, frozenset({A1, A2}))
    assert result == gr.VANGUARD_REMOVED and seen.knows(A2, 1)


def test_me72_g8_cerberus_sees_a_token_it_destroys_which_goes_back() -> None:
    faces = FaceDown((gr.CATALYST, gr.REAPER_TOKEN), (frozenset({1}), frozenset({1})))
    seen, result = gr.vanguard_destroyed(faces, 0, CERBERUS, frozenset({4}))
    assert result == gr.VANGUARD_RELOCATED  # even the Catalyst: no win, no Momentum
    assert seen.knows(4, 0) and not seen.knows(0, 0) and seen.knows(1, 0)


def test_a_vanguard_redraw_keeps_what_the_seat_s_side_knows() -> None:
    faces = FaceDown.shuffled([gr.CATALYST, *[gr.REAPER_TOKEN] * 4], Rng(5))
    faces = faces.told(0, frozenset({R1, R2})).told(1, frozenset({R1, R2, NEUTRAL}))
    for k in range(20):
        for_cerberus = faces.redrawn(frozenset({NEUTRAL}), Rng(k))
        assert for_cerberus.faces[1] == faces.faces[1]
        assert sorted(for_cerberus.faces) == sorted(faces.faces)
        assert faces.redrawn(frozenset({R1, R2}), Rng(k)).faces[:2] == faces.faces[:2]
    alliance_sees = {faces.redrawn(frozenset({A1, A2}), Rng(k)).faces for k in range(30)}
    assert len(alliance_sees) > 1


# -- winning -----------------------------------------------------------------------------------
def test_me102_the_reapers_win_when_no_alliance_unit_is_left() -> None:
    assert gr.winning_faction((5, 0, 3), 0, False, False) == REAPER


def test_me103_the_alliance_wins_with_the_catalyst_or_no_reaper_unit() -> None:
    assert gr.winning_faction((0, 4, 3), 0, False, False) == ALLIANCE
    assert gr.winning_faction((9, 4, 3), 0, False, True) == ALLIANCE
    assert gr.winning_faction((9, 0, 3), 0, False, True) == ALLIANCE  # G31


def test_me104_a_playing_cerberus_wins_at_10_resource_planets() -> None:
    assert gr.winning_faction((9, 4, 3), 10, True, False) == CERBERUS
    assert gr.winning_faction((9, 4, 3), 9, True, False) is None
    assert gr.winning_faction((9, 4, 3), 10, False, False) is None  # a neutral never wins
