"""RISK Godstorm's rules, one test per numbered rule of shared/specs/godstorm.md that the
package implements so far, and the worked examples of its section 6 as golden tests."""

from __future__ import annotations

from collections import Counter

import pytest

from warroom.core.rng import Rng
from warroom.games.godstorm.battle import (
    battle_rule,
    defender_losses_cause,
    godswar_round,
)
from warroom.games.godstorm.economy import (
    build_temple,
    buy,
    income,
    purchase_problem,
    raisable,
    summon,
    summon_problem,
    take_from_reserve,
    temple_problem,
)
from warroom.games.godstorm.invasion import declare
from warroom.games.godstorm.losses import (
    eliminate,
    plague_losses,
    remove_armies,
    send_dead,
    suffer_plague,
)
from warroom.games.godstorm.rules import ATTACK, DEFEND, Godstorm
from warroom.games.godstorm.scoring import final_outcome, score
from warroom.games.godstorm.setup import (
    choosing_order,
    deal,
    place_plague,
    starting_armies,
    territory_deck,
)
from warroom.games.godstorm.state import BANISHED, DEATH, MAGIC, NEUTRAL, NOBODY, SKY, WAR
from warroom.games.godstorm.underworld import death_labor, revive_problem
from warroom.rules.battle import EVERY_DIE, PRESETS
from warroom.rules.reinforcement import territory_armies

from .conftest import counts, hold, space, table, turn_of
from .dice import roll_draw, scripted

EUROPA = (
    "Dacia", "Thracia", "Dalmatia", "Liguria", "Roma", "Apulia", "Corsica", "Sicilia",
    "Graecia", "Minoa", "Ionia", "Anatolia",
)  # fmt: skip


def t(state: object, name: str) -> int:
    return state.parts.earth.territory(name)  # type: ignore[attr-defined, no-any-return]


# Setup


def test_g12_four_plague_lands_at_setup() -> None:
    state = table()
    lands = place_plague(state)
    assert len(set(lands)) == 4 and sum(state.plague) == 4
    assert all(state.plague[land] for land in lands)


def test_g14_pantheon_choice_from_the_highest_roll_ties_reroll() -> None:
    # Rolls 3, 5, 5: seat 1 and 2 tie and reroll 2 then 6.
    order, rolls = choosing_order(scripted(2, 4, 4, 1, 5), 3)
    assert order == (2, 1, 0)
    assert rolls == [(0, 3), (1, 5), (2, 5), (1, 2), (2, 6)]


@pytest.mark.parametrize(("players", "forces"), [(2, 30), (3, 35), (4, 30), (5, 25)])
def test_g15_starting_forces(players: int, forces: int) -> None:
    assert starting_armies(table(players)) == forces


@pytest.mark.parametrize(("players", "hands"), [(4, [11, 11, 10, 10]), (5, [9, 9, 8, 8, 8])])
def test_g16_all_42_cards_dealt_from_the_first_chooser(players: int, hands: list[int]) -> None:
    state = table(players)
    last = deal(state, first=0)
    held = Counter(state.owner)
    assert [held[s] for s in range(players)] == hands
    assert set(state.armies) == {1} and last == (41 % players)
    forces = starting_armies(state)
    for s in range(players):
        assert state.to_place[s] == forces - hands[s]
        assert state.reserve[s] == 110 - forces  # A2: the rest stays in the reserve


# General


def test_g10_control_needs_an_army() -> None:
    state = table()
    hold(state, 0, {"Roma": 1, "Apulia": 0})
    assert state.territories_of(0) == [t(state, "Roma")]


def test_g7_g73_e1_e2_e6_plague_halves_rounding_down_never_the_last() -> None:
    assert [plague_losses(n) for n in (1, 2, 3, 5)] == [0, 1, 1, 2]
    state = table()
    hold(state, 0, {"Egypt": 3, "Nubia": 1, "Kush": 5})
    for name in ("Egypt", "Nubia", "Kush"):
        state.plague[t(state, name)] = True
    suffer_plague(state, 0)
    assert [state.armies[t(state, n)] for n in ("Egypt", "Nubia", "Kush")] == [2, 1, 3]  # E1, E6
    suffer_plague(state, 0)  # E2: a single army holds a plague land indefinitely
    assert state.armies[t(state, "Nubia")] == 1 and state.owner[t(state, "Nubia")] == 0


def test_g74_g75_a3_plague_banishes_gods_and_sends_the_dead_to_heaven() -> None:
    state = table()
    hold(state, 0, {"Egypt": 4})
    egypt = t(state, "Egypt")
    state.plague[egypt] = True
    state.gods[0][WAR] = egypt
    suffer_plague(state, 0)
    assert state.gods[0][WAR] == BANISHED
    assert state.heaven[0] == 2 and state.armies[egypt] == 2  # A3: to the heaven


# §1 Raise armies and gather faith


def test_g31_g32_g34_income_from_territories_continents_and_temples() -> None:
    state = table()
    hold(state, 0, {name: 1 for name in EUROPA})  # 12 territories, Europa (7)
    hold(state, 0, {"Egypt": 1, "Nubia": 1})  # 14 territories
    state.temple[t(state, "Egypt")] = True
    got = income(state, 0)
    assert got.territories == 14
    assert got.armies == 14 // 3 + 7  # M1/A1 reconstruction: Classic's table, plus Europa
    assert got.faith == 14 // 3 + 7 + 1  # the same for faith, plus 1 per temple
    assert got.temples == (t(state, "Egypt"),)
    few = table()
    hold(few, 1, {"Roma": 1})
    assert income(few, 1).armies == 3 and income(few, 1).faith == 3  # the minimum of 3


def test_g37_a39_an_empty_territory_breaks_the_continent() -> None:
    state = table()
    hold(state, 0, {name: 1 for name in EUROPA})
    assert income(state, 0).regions
    remove_armies(state, t(state, "Roma"), 1, "earth")
    assert state.owner[t(state, "Roma")] == NOBODY and income(state, 0).regions == ()


def test_a2_a34_the_reserve_is_finite() -> None:
    state = table()
    state.reserve[0] = 2
    assert take_from_reserve(state, 0, 5) == 2 and state.reserve[0] == 0
    # A2's alternative, the option armies=unlimited: all come, and no reserve is counted,
    # so the view shows none running down (the table read "reserve 10" as a limit).
    state.options = {**state.options, "armies": "unlimited"}
    state.reserve[0] = 2
    assert take_from_reserve(state, 0, 5) == 5 and state.reserve[0] == 2
    assert raisable(state, 0, 500) == 500
    assert [p["reserve"] for p in Godstorm().view(state, 0)["players"]] == [None] * state.players


# §2 Summon gods and build temples


def test_g39_summoning_costs_3_faith_needs_armies_and_a_god_not_in_play() -> None:
    state = table()
    hold(state, 0, {"Roma": 2})
    roma = t(state, "Roma")
    state.faith[0] = 5
    assert summon_problem(state, 0, SKY, t(state, "Egypt")) is not None
    assert summon_problem(state, 0, SKY, roma) is None
    summon(state, 0, SKY, roma)
    assert state.gods[0][SKY] == roma and state.faith[0] == 2
    assert summon_problem(state, 0, SKY, roma) == "that god is already in play"
    assert "costs 3 faith" in (summon_problem(state, 0, MAGIC, roma) or "")
    # A banished god may be summoned again.
    state.gods[0][SKY] = BANISHED
    state.faith[0] = 3
    assert summon_problem(state, 0, SKY, roma) is None


def test_g40_gods_are_banished_with_the_last_army() -> None:
    state = table()
    hold(state, 0, {"Roma": 2})
    state.gods[0][MAGIC] = t(state, "Roma")
    remove_armies(state, t(state, "Roma"), 1, "earth")
    assert state.gods[0][MAGIC] == t(state, "Roma")
    remove_armies(state, t(state, "Roma"), 1, "earth")
    assert state.gods[0][MAGIC] == BANISHED


def test_g45_a21_a_god_summoned_into_a_plague_land_is_banished_at_once() -> None:
    state = table()
    hold(state, 0, {"Egypt": 2})
    state.plague[t(state, "Egypt")] = True
    state.faith[0] = 3
    assert summon_problem(state, 0, DEATH, t(state, "Egypt")) is None
    summon(state, 0, DEATH, t(state, "Egypt"))
    assert state.gods[0][DEATH] == BANISHED and state.faith[0] == 0  # the faith is lost


def test_g42_g43_temples_cost_5_one_per_territory_12_on_the_board() -> None:
    state = table()
    hold(state, 0, {name: 1 for name in EUROPA})
    state.faith[0] = 100
    roma = t(state, "Roma")
    assert temple_problem(state, 0, t(state, "Egypt")) is not None
    build_temple(state, 0, roma)
    assert state.faith[0] == 95 and temple_problem(state, 0, roma) is not None
    for name in EUROPA[:11]:
        if name != "Roma":
            build_temple(state, 0, t(state, name))
    assert sum(state.temple) == 11 and temple_problem(state, 0, t(state, "Anatolia")) is None
    build_temple(state, 0, t(state, "Anatolia"))
    hold(state, 0, {"Egypt": 1})
    assert "at most 12 temples" in (temple_problem(state, 0, t(state, "Egypt")) or "")


def test_g44_a_temple_belongs_to_whoever_holds_its_territory() -> None:
    state = table()
    hold(state, 0, {"Roma": 1})
    state.temple[t(state, "Roma")] = True
    assert state.temples_of(0) == [t(state, "Roma")]
    hold(state, 1, {"Roma": 3})
    assert state.temples_of(0) == [] and state.temples_of(1) == [t(state, "Roma")]


# Battles


def test_g46_the_god_of_war_attacking_wins_ties_defending_does_nothing() -> None:
    state = table()
    hold(state, 0, {"Roma": 5})
    hold(state, 1, {"Apulia": 3})
    assert battle_rule(state, [WAR], t(state, "Apulia")).attacker_wins_ties
    state.gods[1][WAR] = t(state, "Apulia")
    assert not battle_rule(state, [], t(state, "Apulia")).attacker_wins_ties


@pytest.mark.parametrize("defender", [1, 0])
def test_g47_a5_a33_the_goddess_of_magic_rerolls_ones_once_on_her_side(defender: int) -> None:
    """A33: a defending goddess rerolls her side's 1s, whichever seat defends (seat 0 too:
    a seat-0 test catches a `defender > 0` that drops the first player's goddess)."""
    state = table()
    hold(state, defender, {"Apulia": 3})
    apulia = t(state, "Apulia")
    assert battle_rule(state, [MAGIC], apulia).attacker.reroll_once
    assert not battle_rule(state, [MAGIC], apulia).defender.reroll_once
    state.gods[defender][MAGIC] = apulia
    assert battle_rule(state, [], apulia).defender.reroll_once


@pytest.mark.parametrize("defender", [1, 0])
def test_g51_a_temple_rerolls_the_defenders_ones_until_none_is_left(defender: int) -> None:
    """The defender's temple, whichever seat holds it (seat 0 included)."""
    state = table()
    hold(state, defender, {"Apulia": 3})
    state.temple[t(state, "Apulia")] = True
    rule = battle_rule(state, [MAGIC, WAR], t(state, "Apulia"))
    assert rule.defender.reroll_until == EVERY_DIE and rule.attacker.reroll_until == 0


def test_g49_g93_a4_the_god_of_death_sends_defenders_to_their_reserve() -> None:
    assert defender_losses_cause([DEATH, WAR]) == "death-god"
    assert defender_losses_cause([WAR]) == "earth"
    state = table()
    send_dead(state, 1, 2, "death-god")
    send_dead(state, 0, 1, "earth")  # the attacker's own losses still go to its heaven
    assert state.reserve[1] == 112 and state.heaven[0] == 1


def test_g92_g107_a23_where_dead_armies_go() -> None:
    state = table()
    send_dead(state, 0, 3, "earth")
    send_dead(state, 0, 2, "underworld")
    assert state.heaven[0] == 3 and state.reserve[0] == 112
    # A23: neutral armies that die leave the game, in battle or to a god of death: no seat's
    # heaven or reserve gains them (the neutral's -2 must not index a real seat's).
    send_dead(state, NEUTRAL, 4, "earth")
    send_dead(state, NEUTRAL, 2, "death-god")
    assert state.heaven == [3, 0, 0] and state.reserve == [112, 110, 110]


@pytest.mark.parametrize("defender", [1, 0])
def test_g48_g84_g108_godswar_dice_sky_and_altars(defender: int) -> None:
    """The defending side's sky god and altars add dice whichever seat defends (seat 0 too)."""
    attacker = 1 - defender
    state = table()
    hold(state, attacker, {"Roma": 6})
    hold(state, defender, {"Apulia": 2})
    apulia = t(state, "Apulia")
    state.gods[defender][SKY] = apulia
    space(state, attacker, "East Altar")
    space(state, attacker, "West Altar")
    result = godswar_round(state, Rng(3), attacker, [WAR], 4, apulia)
    assert result.attack_dice == 5 and result.defend_dice == 4  # 3 + 2 altars; 3 + sky
    assert result.roll.attack_total == sum(result.roll.attack.final) + 4  # type: ignore[union-attr]
    assert result.roll.defend_total == sum(result.roll.defend.final) + 2  # type: ignore[union-attr]
    # G108: altars count for the side defending too, one die each.
    space(state, defender, "Deep Altar")
    defended = godswar_round(state, Rng(3), attacker, [WAR], 4, apulia)
    assert defended.attack_dice == 5 and defended.defend_dice == 5  # 3 + sky + 1 altar


def test_g50_every_god_in_the_force_lends_its_power_though_one_is_at_stake() -> None:
    state = table()
    hold(state, 0, {"Roma": 6})
    hold(state, 1, {"Apulia": 3})
    apulia = t(state, "Apulia")
    # Attacker 4 dice (5, 4, 2, 1) + 2 armies = 14; defender (5, 4, 2) + 3 armies = 14.
    draws = (roll_draw(5, 4, 2, 1), roll_draw(5, 4, 2))
    both = godswar_round(state, scripted(*draws), 0, [WAR, SKY], 2, apulia)
    assert both.attack_dice == 4 and both.roll.attacker_wins  # the sky's die, war's tie
    sky_only = godswar_round(state, scripted(*draws), 0, [SKY], 2, apulia)
    assert sky_only.attack_dice == 4 and not sky_only.roll.attacker_wins


def test_g86_godswar_ties_go_to_the_defender_unless_the_god_of_war_attacks() -> None:
    state = table()
    hold(state, 0, {"Roma": 6})
    hold(state, 1, {"Apulia": 3})
    apulia = t(state, "Apulia")
    # Attacker 3 dice (6, 4, 2) + 2 armies = 14; defender (5, 4, 2) + 3 armies = 14.
    draws = (roll_draw(6, 4, 2), roll_draw(5, 4, 2))
    assert not godswar_round(state, scripted(*draws), 0, [DEATH], 2, apulia).roll.attacker_wins
    tie = godswar_round(state, scripted(*draws), 0, [WAR], 2, apulia)
    assert tie.attack_dice == 3 and tie.roll.attacker_wins


def test_g89_a7_a_triple_in_godswar_is_reported_for_the_magic_labor() -> None:
    state = table()
    hold(state, 0, {"Roma": 6})
    hold(state, 1, {"Apulia": 3})
    result = godswar_round(
        state, scripted(roll_draw(3, 3, 3), roll_draw(6, 5, 2)), 0, [WAR], 2, t(state, "Apulia")
    )
    assert result.attack_triple and not result.defend_triple


# §3 Miracle cards


def test_g53_g54_g55_g61_buying_miracles() -> None:
    state = table()
    state.faith[0] = 20
    assert "god of war in play" in (purchase_problem(state, 0, {"War": 1}) or "")
    hold(state, 0, {"Roma": 3})
    state.gods[0][WAR] = state.gods[0][MAGIC] = t(state, "Roma")
    assert "at most 4" in (purchase_problem(state, 0, {"War": 3, "Magic": 2}) or "")
    assert purchase_problem(state, 0, {"War": 3, "Magic": 1}) is None
    drawn = buy(state, 0, {"War": 3, "Magic": 1})
    assert state.faith[0] == 12 and len(drawn) == 4
    # G71: the Magic card is a relic in play at once; the War cards are held.
    assert len(state.relics[0]) == 1 and len(state.hands[0]) == 3
    assert all(state.parts.cards[c].deck == "War" for c in state.hands[0])
    state.decks["War"] = state.decks["War"][:1]
    assert "holds only 1" in (purchase_problem(state, 0, {"War": 2}) or "")
    state.faith[0] = 3
    assert "cost 4 faith" in (purchase_problem(state, 0, {"War": 2}) or "")


# Elimination and scoring


@pytest.mark.parametrize("seat", [1, 0])
def test_g98_a30_an_eliminated_player_loses_cards_relics_underworld_and_heaven(seat: int) -> None:
    """Any seat, the first player's included."""
    state = table()
    war, relic = state.decks["War"].pop(), state.decks["Magic"].pop()
    state.hands[seat], state.relics[seat] = [war], [relic]
    state.heaven[seat] = 4
    space(state, seat, "Gate of Horn", 3)
    eliminate(state, seat)
    assert state.eliminated == [seat] and state.hands[seat] == state.relics[seat] == []
    assert (
        state.heaven[seat] == 0
        and state.space_armies[state.parts.underworld.territory("Gate of Horn")] == 0
    )
    assert state.discards == [relic] and state.buried == [war]  # the held card face down


def test_g113_e4_score_territories_continents_underworld_and_relics() -> None:
    state = table()
    hold(state, 0, {name: 1 for name in EUROPA})
    hold(state, 0, {"Anglia": 1})
    space(state, 0, "North Crypt")
    space(state, 0, "East Altar")
    space(state, 0, "Gate of Bone")  # a gate scores nothing
    stonehenge = next(i for i, c in enumerate(state.parts.cards) if c.title == "Stonehenge")
    state.relics[0] = [stonehenge]
    result = score(state, 0)
    assert (result.territories, result.continents, result.underworld, result.relics) == (
        13, 7, 2, 1,
    )  # fmt: skip
    assert result.points == 23


def test_g72_a_relic_scores_its_point_only_with_its_territory() -> None:
    state = table()
    hold(state, 0, {"Anglia": 1, "Roma": 1})
    state.relics[0] = [next(i for i, c in enumerate(state.parts.cards) if c.title == "Stonehenge")]
    assert score(state, 0).relics == 1
    hold(state, 1, {"Anglia": 1})
    assert score(state, 0).relics == 0


def test_a29_sunken_atlantis_scores_nothing() -> None:
    state = table()
    hold(state, 0, {"Hesperide": 2, "Tritonis": 1, "Poseidonis": 1, "Oricalcos": 1})
    assert score(state, 0).points == 4 + 3
    state.sunk = True
    assert score(state, 0).points == 0


def test_g114_tie_breaks_faith_temples_gods_armies_then_a_shared_win() -> None:
    state = table()
    hold(state, 0, {"Roma": 2, "Liguria": 1})
    hold(state, 1, {"Egypt": 2, "Nubia": 1})
    hold(state, 2, {"Sumer": 1})
    state.faith = [4, 4, 9]  # seat 2 has fewer points: faith does not matter for it
    state.temple[t(state, "Roma")] = True
    outcome = final_outcome(state)
    assert outcome.winners == (0,) and outcome.ranking == (0, 1, 2)
    assert outcome.reason == "highest score (2, tied), then most temples"
    state.temple[t(state, "Egypt")] = True
    state.gods[1][SKY] = t(state, "Egypt")
    assert final_outcome(state).winners == (1,)
    assert final_outcome(state).reason == "highest score (2, tied), then most gods in play"
    state.gods[0][SKY] = t(state, "Roma")
    shared = final_outcome(state)
    assert shared.winners == (0, 1)  # equal on everything: a shared win
    assert shared.reason == (
        "shared win after the fifth epoch (2 points each, equal on every tie-break)"
    )
    state.armies[t(state, "Egypt")] = 3
    assert final_outcome(state).winners == (1,)
    assert final_outcome(state).reason == (
        "highest score (2, tied), then most armies on Ancient Earth"
    )
    state.faith = [4, 5, 9]
    assert final_outcome(state).reason == "highest score (2, tied), then most faith"
    hold(state, 0, {"Roma": 2, "Liguria": 1, "Gaul": 1})
    assert final_outcome(state).reason == "highest score (3 against 2)"


def test_a24_eliminated_players_rank_below_survivors_last_out_highest() -> None:
    state = table(4)
    hold(state, 0, {"Roma": 1})
    hold(state, 3, {"Egypt": 1, "Nubia": 1})
    eliminate(state, 1)
    eliminate(state, 2)
    assert final_outcome(state).ranking == (3, 0, 2, 1)


# Rules that change nothing but what is counted, or that fall back on Classic


def test_g3_a2_an_elephant_counts_five_armies_in_the_reserve() -> None:
    state = table()
    assert state.reserve[0] == 60 + 10 * 5  # army value, not the 70 pieces
    assert take_from_reserve(state, 0, 75) == 75


def test_g8_with_nothing_godstorm_adds_the_battle_and_income_are_classic() -> None:
    state = table()
    hold(state, 0, {"Roma": 4, "Dacia": 1, "Gaul": 1, "Iberia": 1, "Egypt": 1, "Sumer": 1})
    hold(state, 1, {"Apulia": 2})
    assert battle_rule(state, [], t(state, "Apulia"), 0) == PRESETS["classic"]
    state.invasion = declare(state, 0, t(state, "Roma"), t(state, "Apulia"), 3, [])
    assert counts(turn_of(state, 0, ATTACK), 0, "roll") == [1, 2, 3]  # Classic's 3 and 2 dice
    assert counts(turn_of(state, 0, DEFEND), 1, "defend") == [1, 2]
    for held in (2, 12, 13, 20):  # M1/A1: Classic's reference card, ⌊T/3⌋ and at least 3
        other = table()
        hold(other, 0, {other.parts.earth.territories[k]: 1 for k in range(0, 2 * held, 2)})
        got = income(other, 0)
        assert got.regions == () and got.armies == territory_armies(held)


def test_g9_g66_the_territory_deck_is_42_cards_and_every_draw_goes_back() -> None:
    state = table()
    assert state.parts.earth.wild_cards == 2
    assert sorted(territory_deck(state)) == list(range(42))  # no wild card
    lands = place_plague(state)  # G12: drawn from the top...
    again = territory_deck(state)
    assert sorted(again) == list(range(42)) and set(lands) <= set(again)  # ...and returned


def test_g97_g113_each_territory_a_point_and_whole_continents_their_bonus() -> None:
    state = table()
    hold(state, 0, {"Rus": 1, "Scythia": 1, "Cimmeria": 1, "Sarmatia": 1})  # Hyrkania, +2
    hold(state, 1, {"Roma": 1, "Gaul": 1, "Egypt": 1, "Sumer": 1, "Thule": 1})
    assert (score(state, 0).points, score(state, 1).points) == (6, 5)
    assert final_outcome(state).winners == (0,)
    hold(state, 2, {"Iberia": 1, "Anglia": 1, "Hibernia": 1, "Caledonia": 1, "Galicia": 1,
                    "Alemannia": 1, "Dacia": 1})  # fmt: skip
    assert final_outcome(state).winners == (2,)


def test_g109_crypts_revive_earn_the_death_labor_and_score() -> None:
    state = table()
    hold(state, 0, {"Roma": 1})
    roma = t(state, "Roma")
    state.temple[roma] = True
    state.gods[0][DEATH] = roma
    field = space(state, 0, "Ashen Field", 3)  # a plain space does none of it
    assert "crypt" in (revive_problem(state, 0, field, roma) or "")
    assert death_labor(state, 0) == [] and score(state, 0).underworld == 0
    crypt = space(state, 0, "North Crypt", 3)
    assert revive_problem(state, 0, crypt, roma) is None
    assert score(state, 0).underworld == 1
    assert death_labor(state, 0) and len(state.hands[0]) == 1
