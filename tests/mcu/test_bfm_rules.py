"""RISK MCU Battle for Manhattan: one test per rule of shared/specs/mcu.md section 2.2
(MCU30-MCU74), the worked examples E6-E8 as golden tests, and readings that change play."""

from __future__ import annotations

from dataclasses import replace

import pytest
from typer.testing import CliRunner

from warroom.cli.main import app
from warroom.core import Action, IllegalAction, WarroomError
from warroom.games.mcu.components import FACTIONS, Objective
from warroom.games.mcu.manhattan import (
    FACTION,
    HULK,
    HYDRA,
    UNKNOWN,
    _roll_order,
)
from warroom.games.mcu.skirmish import MANEUVER
from warroom.games.risk_classic import ATTACK, CLAIM, DEFEND, OCCUPY, OVER, REINFORCE
from warroom.rules.pieces import HELD, OFF_BOARD

from .bfm import CA, GAME, IRON_MAN, THOR, ULTRON, WS, Bfm, Dice, picked


def claim_all(table: Bfm) -> None:
    while table.state.phase == CLAIM:
        seat = table.state.current
        free = next(
            n for t, n in enumerate(table.state.board.territories) if table.state.owner[t] < 0
        )
        table.do(seat, f"claim {free}")


def hand_over(table: Bfm, seat: int, to: int) -> None:
    """Every territory of `seat` held by `to` instead (the test then gives `seat` its last)."""
    owner = table.state.owner
    for t, held in enumerate(owner):
        if held == seat:
            owner[t] = to


def take_the_last(table: Bfm, seat: int, source: str, victim: int, sector: str) -> None:
    """`seat` (its turn, attacking) takes `sector`, `victim`'s last territory and army, from
    `source` with one die that wins; `victim`'s other territories were handed over first."""
    table.give(victim, 1, sector)
    table.give(seat, 5, source)
    table.dice((6, 1))
    table.do(seat, f"attack {source} {sector} 1")
    table.do(victim, "defend 1")


def attack_ready(seat: int = THOR, **kw: object) -> Bfm:
    table = Bfm(**kw)  # type: ignore[arg-type]
    table.turn_of(seat, ATTACK)
    return table


# -- MCU30-MCU41: the game and its set-up --------------------------------------------------
def test_mcu30_three_to_five_players_and_skirmish_rules_apply() -> None:
    assert (GAME.min_players, GAME.max_players) == (3, 5)
    for wrong in (2, 6):
        with pytest.raises(WarroomError):
            GAME.new_game(wrong, 1, {})
    table = Bfm()
    table.turn_of(CA, REINFORCE, pending=3)
    table.hand(CA, "CA01", "CA03")  # 3 symbols: the Skirmish Recruitment chart
    table.do(CA, "trade CA01 CA03")
    assert table.state.pending == 3 + table.state.chart.price(3)


def test_mcu31_first_to_complete_their_objective_wins() -> None:
    table = attack_ready(THOR)
    st = table.state
    st.scepter, st.loki = HELD, st.loki[1:]
    table.give(THOR, 5, "Sector_48")
    table.give(5 + 1, 1, "Sector_50")  # the Dark Elves, down to one
    table.dice((6,), (1,))
    table.do(THOR, "attack Sector_48 Sector_50 1")
    table.do(CA, "defend 1")  # the next seat after Thor (round to the first) decides (B8)
    assert table.state.phase == OVER and table.state.outcome is not None
    assert table.state.outcome.winners == (THOR,)
    assert "scepter" in table.state.outcome.reason


def test_mcu32_roll_then_pick_in_descending_order_then_sit_in_faction_order() -> None:
    rng = Dice([], dies=[2, 5, 5, 1, 6])  # seats 1 and 2 tie on 5 and roll again: 1 then 6
    assert _roll_order(rng, 3) == (2, 1, 0)
    st = GAME.new_game(3, 3, {})
    assert st.phase == FACTION and GAME.to_move(st) == (st.pickers[0],)
    first, second, third = st.pickers
    for seat, faction in ((first, "thor"), (second, "iron-man"), (third, "captain-america")):
        if seat == second:
            taken = r"is taken, or would leave no valid set \(B2 \[BfM Set Up; 5 Player Turn"
            with pytest.raises(IllegalAction, match=taken):
                GAME.apply(st, seat, Action("faction", ("thor",)))
        st, _ = GAME.apply(st, seat, Action("faction", (faction,)))
    assert st.order == (third, second, first)  # Captain America, Iron Man, Thor
    assert st.phase == CLAIM and st.current == third


def test_mcu33_own_deck_allies_and_the_helicarrier_beside_the_board() -> None:
    st = picked()
    for f, pile in enumerate(st.piles):
        assert pile and {st.decks.faction[c] for c in pile} == {f}
    assert st.allies.where == (OFF_BOARD,) * 15
    heli = [st.board.index[t] for t in st.manhattan.helicarrier]
    assert all(st.owner[t] == st.players for t in heli)  # S.H.I.E.L.D., not a player


def test_mcu34_five_player_turn_order_follows_the_factions() -> None:
    table = Bfm(factions=[THOR, WS, CA, ULTRON, IRON_MAN])
    st = table.state
    assert [st.factions[p] for p in st.order] == [CA, ULTRON, IRON_MAN, WS, THOR]
    table.turn_of(st.order[0], ATTACK)
    table.do(st.order[0], "end")
    table.do(st.order[0], "end")
    assert table.state.current == st.order[1]


def test_mcu35_starting_cards_from_own_decks() -> None:
    table = Bfm()
    claim_all(table)
    st = table.state
    assert [len(st.hands[p]) for p in st.order] == [1, 1, 1, 2, 2]
    for p in range(5):
        assert {st.decks.faction[c] for c in st.hands[p]} == {st.factions[p]}


def test_mcu36_ten_resource_chips_on_the_chart_sectors() -> None:
    st = picked()
    m = st.manhattan
    assert len(st.chips.where) == 10
    assert sorted(st.board.territories[t] for t in st.chips.where) == sorted(
        n for k, n in enumerate(m.board.territories) if m.resource[k]
    )


def test_mcu37_three_dark_elves_hold_asgard() -> None:
    st = picked()
    asgard = st.board.index["Sector_50"]
    assert st.owner[asgard] == st.players + 1 and st.armies[asgard] == 3
    assert "claim Sector_50" not in [a.text() for a in GAME.legal_actions(st, st.current)]


def test_mcu38_hulk_starts_at_the_bottom_of_the_meter() -> None:
    st = picked()
    assert st.hulk == OFF_BOARD and st.rage == 0


def test_mcu39_shield_operatives_on_every_section() -> None:
    st = picked()
    for k, name in enumerate(st.manhattan.helicarrier):
        t = st.board.index[name]
        assert st.armies[t] == st.manhattan.operatives[k] >= 1


def test_mcu40_loki_tokens_placed_unseen_after_deployment() -> None:
    table = Bfm()
    assert table.state.loki == ()
    claim_all(table)
    st = table.state
    assert len(st.loki) == 8 and st.scepter in st.loki
    for seat in range(5):
        assert GAME.observe(st, seat).scepter == UNKNOWN  # not even Thor knows
        assert "scepter" not in str(GAME.view(st, seat)["loki"]["face_down"])


def test_mcu41_reinforce_allies_invade_maneuver_draw() -> None:
    table = Bfm()
    table.turn_of(THOR, REINFORCE, pending=3)
    table.give(THOR, 2, "Sector_48")
    table.hand(THOR, "TH01")
    assert any(a.startswith("ally TH01") for a in table.legal(THOR))
    table.do(THOR, "place Sector_48 3")
    assert table.state.phase == ATTACK
    table.do(THOR, "end")
    assert table.state.phase == MANEUVER
    before = len(table.state.hands[THOR])
    table.state.conquered = True
    table.do(THOR, "end")
    assert len(table.state.hands[THOR]) == before + 1  # the draw comes last


# -- MCU42-MCU49: reinforcement and Allies ---------------------------------------------------
def test_mcu42_b6_reinforcements_count_helicarrier_sections() -> None:
    table = Bfm()
    table.turn_of(THOR, MANEUVER)
    st = table.state
    hand_over(table, CA, ULTRON)
    table.give(CA, 1, *[f"Sector_{n:02d}" for n in range(2, 26, 2)])  # 12, no whole region
    table.give(CA, 1, *st.manhattan.helicarrier)  # B6: 3 territories more, bonus 0
    table.do(THOR, "end")
    assert table.state.current == CA and table.state.pending == 15 // 3


def test_mcu43_one_card_for_its_ally_besides_a_unit_trade() -> None:
    table = Bfm()
    table.turn_of(CA, REINFORCE, pending=3)
    table.hand(CA, "CA01", "CA02", "CA03")
    table.do(CA, "trade CA02 CA03")
    pending = table.state.pending
    table.give(CA, 1, "Sector_02")
    table.do(CA, "ally CA01 Sector_02")
    assert table.state.pending == pending  # an Ally gives no units
    assert table.ally_at("CA-ALLY1") is not None
    assert "CA01" not in [table.state.decks.card_ids[c] for c in table.state.hands[CA]]
    # The card spent, its sector typed by number (no ally left to list): the card is why
    with pytest.raises(IllegalAction, match="you hold no card 'CA01'"):
        table.do(CA, "ally CA01 2")


def test_b15_an_ally_is_named_by_its_faction_and_number_and_its_dice_in_words() -> None:
    """The Hero cards are lost (reconstructed), so an Ally has no printed name: people read its
    faction, its place on the Hero card and its dice in words; typed actions keep its id."""
    table = Bfm()
    table.turn_of(CA, REINFORCE, pending=3)
    table.give(CA, 1, "Sector_02")
    table.hand(CA, "CA01")
    view = GAME.describe(GAME.observe(table.state, CA), CA)
    assert view["hand"][0]["ally"] == "CA-ALLY1"
    named = {row["ally"]: (row["name"], row["power"]) for row in view["allies"]}
    assert named["CA-ALLY1"] == ("Captain America's Ally 1", "1 attack die is a d8")
    assert named["CA-ALLY2"] == ("Captain America's Ally 2", "1 defence die is a d8")
    assert named["TH-ALLY3"] == ("Thor's Ally 3", "+1 on the highest die, attacking or defending")
    events = table.do(CA, "ally CA01 Sector_02")
    assert events[-1].text.endswith(
        "turns in CA01 for Captain America's Ally 1 (1 attack die is a d8), on Sector_02"
    )
    assert "CA-ALLY" not in " ".join(e.text for e in events)


def test_mcu65_an_ally_move_names_the_allies_in_the_log() -> None:
    table = Bfm()
    table.turn_of(THOR, MANEUVER)
    table.give(THOR, 2, "Sector_24", "Sector_31")
    st = table.state
    for ally in ("TH-ALLY1", "TH-ALLY2"):
        st.allies = st.allies.placed(st.battle.ally_ids.index(ally), table.t("Sector_24"))
    events = table.do(THOR, "allies Sector_24 Sector_31")
    assert events[-1].text.endswith(
        "moves Thor's Ally 1, Thor's Ally 2 from Sector_24 to Sector_31"
    )


def test_b17_a_card_of_another_factions_deck_gives_units_but_no_ally() -> None:
    """B17: cards taken from an eliminated player come from another faction's deck: they
    trade for units, but their Ally piece is not on the taker's Hero card."""
    table = Bfm()
    table.turn_of(CA, REINFORCE, pending=3)
    table.give(CA, 1, "Sector_02")
    table.hand(CA, "TH01", "TH03")
    assert not any(a.startswith("ally") for a in table.legal(CA))
    # the refusal names the reading's sections, not its bare number
    refusal = (
        r"another faction's deck gives no Ally \(B17 \[BfM Faction Cards; Acquiring Allies\]\)"
    )
    with pytest.raises(IllegalAction, match=refusal):
        table.do(CA, "ally TH01 Sector_02")
    table.do(CA, "trade TH01 TH03")
    assert table.state.pending > 3


def test_b17_a_taken_card_s_power_is_played_unless_the_option_says_units_only() -> None:
    """B17, recommended: a card from another faction's deck gives its one-time power too;
    the option `taken_cards=units` (the spec's alternative) keeps it to units."""
    table = Bfm()
    table.turn_of(CA, REINFORCE, pending=3)
    table.give(CA, 1, "Sector_02")
    table.hand(CA, "TH01")  # Thor's deck: units (count 2)
    assert "power TH01" in table.legal(CA)
    table.state.options = {**table.state.options, "taken_cards": "units"}
    assert "power TH01" not in table.legal(CA)
    with pytest.raises(
        IllegalAction, match=r"units only \(option taken_cards=units, B17 \[BfM Faction Cards\]\)"
    ):
        table.do(CA, "power TH01")
    table.state.options = {**table.state.options, "taken_cards": "powers"}
    table.do(CA, "power TH01")
    assert table.state.pending == 5


def test_mcu44_all_units_deployed_ally_anywhere_own() -> None:
    table = Bfm()
    table.turn_of(CA, REINFORCE, pending=4)
    table.give(CA, 2, "Sector_02", "Sector_40")
    table.hand(CA, "CA01")
    table.do(CA, "place Sector_02 3")
    assert table.state.phase == REINFORCE  # one unit left to deploy
    table.do(CA, "ally CA01 Sector_40")
    with pytest.raises(WarroomError):
        table.do(CA, "place Sector_50 1")
    table.do(CA, "place Sector_02 1")
    assert table.state.phase == ATTACK and table.ally_at("CA-ALLY1") == "Sector_40"


def test_mcu45_three_allies_per_faction_on_the_hero_cards() -> None:
    st = picked()
    bat = st.battle
    assert len(bat.ally_ids) == 15
    for f in range(5):
        assert [bat.ally_faction(a) for a in range(3 * f, 3 * f + 3)] == [f] * 3
        assert {
            bat.card_ally[c] for c in range(len(st.decks.card_ids)) if st.decks.faction[c] == f
        } == {3 * f, 3 * f + 1, 3 * f + 2}


def test_mcu46_an_ally_is_no_unit_but_gives_a_combat_bonus() -> None:
    table = attack_ready(THOR)
    table.give(THOR, 4, "Sector_12")
    table.give(ULTRON, 3, "Sector_13")
    st = table.state
    st.allies = st.allies.placed(st.battle.ally_ids.index("TH-ALLY1"), table.t("Sector_12"))
    rng = table.dice((5,), (3, 2), (4, 4))
    table.do(THOR, "attack Sector_12 Sector_13 3")
    table.do(ULTRON, "defend 2")
    assert rng.sides == [8, 6, 6, 6, 6]  # TH-ALLY1: one attack d8
    assert table.units("Sector_12") == 3 and table.units("Sector_13") == 2


@pytest.mark.parametrize(
    ("ally", "rolls", "sides"),
    [
        # UL-ALLY2: one defence d8, whose 7 beats the attack's 6.
        ("UL-ALLY2", [(6, 6, 2), (7,), (1,)], [6, 6, 6, 8, 6]),
        # UL-ALLY3: +1 on the highest defence die, so 5 ties the attack's 6 and holds.
        ("UL-ALLY3", [(6, 3, 1), (5, 2)], [6, 6, 6, 6, 6]),
    ],
)
def test_mcu46_a_defending_ally_gives_its_bonus_to_the_units_it_sits_with(
    ally: str, rolls: list[tuple[int, ...]], sides: list[int]
) -> None:
    """MCU46 "when they fight" takes in defending: the Ally in the attacked sector changes
    the defence dice, so the first pair goes to the defender instead of the attacker."""
    table = attack_ready(THOR)
    table.give(THOR, 4, "Sector_12")
    table.give(ULTRON, 3, "Sector_13")
    st = table.state
    st.allies = st.allies.placed(st.battle.ally_ids.index(ally), table.t("Sector_13"))
    rng = table.dice(*rolls)
    table.do(THOR, "attack Sector_12 Sector_13 3")
    table.do(ULTRON, "defend 2")
    assert rng.sides == sides
    # Without the Ally, Ultron would lose both units (4 and 1 left).
    assert table.units("Sector_12") == 3 and table.units("Sector_13") == 2
    assert table.ally_at(ally) == "Sector_13"


def test_mcu47_an_ally_is_removed_when_its_sector_is_conquered() -> None:
    table = attack_ready(THOR)
    table.give(THOR, 4, "Sector_12")
    table.give(ULTRON, 1, "Sector_13")
    st = table.state
    st.allies = st.allies.placed(st.battle.ally_ids.index("UL-ALLY1"), table.t("Sector_13"))
    table.dice((6, 5, 4, 1))
    table.do(THOR, "attack Sector_12 Sector_13 3")
    events = table.do(ULTRON, "defend 1")
    assert table.ally_at("UL-ALLY1") is None
    assert any(e.text.endswith("; Ultron's Ally 1 removed") for e in events)


def test_mcu48_an_ally_is_never_lost_attacking_and_moves_in_on_conquest() -> None:
    table = attack_ready(THOR)
    table.give(THOR, 6, "Sector_12")
    table.give(ULTRON, 2, "Sector_13")
    st = table.state
    st.allies = st.allies.placed(st.battle.ally_ids.index("TH-ALLY2"), table.t("Sector_12"))
    table.dice((1, 1, 1, 6, 6))  # TH-ALLY2 defends only: plain attack dice
    table.do(THOR, "attack Sector_12 Sector_13 3")
    table.do(ULTRON, "defend 2")
    assert table.units("Sector_12") == 4 and table.ally_at("TH-ALLY2") == "Sector_12"
    table.dice((6, 6, 6, 1, 1))
    table.do(THOR, "attack Sector_12 Sector_13 3")
    table.do(ULTRON, "defend 2")
    assert table.ally_at("TH-ALLY2") == "Sector_13"


def test_mcu49_a_removed_ally_returns_only_by_another_card() -> None:
    table = Bfm()
    table.turn_of(ULTRON, REINFORCE, pending=3)
    table.hand(ULTRON, "UL04")  # shows UL-ALLY1, which is off the board
    assert table.ally_at("UL-ALLY1") is None
    sector = table.state.board.territories[table.state.owner.index(ULTRON)]
    table.do(ULTRON, f"ally UL04 {sector}")
    assert table.ally_at("UL-ALLY1") == sector
    table.hand(ULTRON, "UL01")  # the same Ally: the piece is on the board (B15)
    assert not any(a.startswith("ally") for a in table.legal(ULTRON))
    with pytest.raises(IllegalAction, match=r"one Ally a turn \(B15 \[Acquiring Allies\]\)"):
        table.do(ULTRON, f"ally UL01 {sector}")


# -- MCU50-MCU64: invading ---------------------------------------------------------------------
def test_mcu50_skirmish_invasion_rules_hold() -> None:
    table = attack_ready(THOR)
    table.give(THOR, 1, "Sector_12")
    table.give(ULTRON, 1, "Sector_13")
    assert not any(a.startswith("attack Sector_12") for a in table.legal(THOR))  # MCU17
    table.give(THOR, 3, "Sector_12")
    assert "attack Sector_12 Sector_13 2" in table.legal(THOR)
    assert "attack Sector_12 Sector_13 3" not in table.legal(THOR)


def test_mcu50_the_dice_refusal_names_the_dice_allowed() -> None:
    """MCU18: 1 to 3 dice, one unit staying behind: the refusal said "roll 1 to 5 dice" from
    6 units (the units to spare, not the dice) and "1 to 1 dice" from 2."""
    table = attack_ready(THOR)
    table.give(THOR, 6, "Sector_12")
    table.give(ULTRON, 1, "Sector_13")
    with pytest.raises(IllegalAction, match=r"^from Sector_12 you may roll 1 to 3 dice \("):
        table.do(THOR, "attack Sector_12 Sector_13 4")
    table.give(THOR, 2, "Sector_12")
    with pytest.raises(IllegalAction, match=r"^from Sector_12 you may roll 1 die \(at least"):
        table.do(THOR, "attack Sector_12 Sector_13 2")


def test_mcu51_a_resource_stays_when_another_faction_conquers() -> None:
    table = attack_ready(THOR)
    table.give(THOR, 4, "Sector_12")
    table.give(ULTRON, 1, "Sector_13")
    table.dice((6, 1))
    table.do(THOR, "attack Sector_12 Sector_13 1")
    table.do(ULTRON, "defend 1")
    assert table.t("Sector_13") in table.state.chips.where


def test_mcu52_iron_man_collects_the_chip_he_conquers() -> None:
    table = attack_ready(IRON_MAN)
    table.give(IRON_MAN, 4, "Sector_12")
    table.give(ULTRON, 1, "Sector_13")
    table.dice((6, 1))
    table.do(IRON_MAN, "attack Sector_12 Sector_13 1")
    table.do(ULTRON, "defend 1")
    assert table.t("Sector_13") not in table.state.chips.where
    assert table.state.chips.count(HELD) == 1
    assert table.state.chips_this_turn == 1  # counted for the option resources=turn (B3 b)


def test_mcu53_foundations_at_the_end_of_iron_mans_turn_without_sector_25() -> None:
    table = Bfm()
    table.turn_of(IRON_MAN, MANEUVER)
    st = table.state
    st.chips = st.chips.placed(0, HELD).placed(1, HELD).placed(2, HELD)
    table.give(CA, 2, "Sector_25")
    assert st.tower == 0
    table.do(IRON_MAN, "end")
    assert table.state.tower == 1  # 3 chips: one pair spent, one kept (B3 a)


def test_b3_the_option_resources_turn_builds_only_from_this_turn_s_pairs() -> None:
    """B3 (b), the option `resources=turn`: chips kept from earlier turns build nothing; each
    pair collected this turn builds a stage. The pool (a, the default) builds from all."""
    for option, this_turn, held, built in (
        ("pool", 1, 2, 1),  # a pair held, one chip of it new: the pool builds
        ("turn", 1, 2, 0),  # only one chip this turn: nothing
        ("turn", 2, 3, 1),  # a pair this turn, one chip kept from before
        ("turn", 4, 5, 2),
    ):
        table = Bfm()
        table.turn_of(IRON_MAN, MANEUVER)
        st = table.state
        st.options = {**st.options, "resources": option}
        for chip in range(held):
            st.chips = st.chips.placed(chip, HELD)
        st.chips_this_turn = this_turn
        table.give(CA, 2, "Sector_25")
        table.do(IRON_MAN, "end")
        assert table.state.tower == built, (option, this_turn, held)


def test_mcu54_the_helicarrier_is_invaded_from_a_dock_into_the_access_point() -> None:
    table = attack_ready(CA)
    table.give(CA, 4, "Sector_02", "Sector_03")
    legal = table.legal(CA)
    assert "attack Sector_02 Helicarrier_Access 3" in legal
    assert not any(
        "Helicarrier_Bridge" in a or a.startswith("attack Sector_03 Heli") for a in legal
    )


def test_mcu55_shield_rolls_d8s_decided_by_the_next_seat_and_loses_operatives() -> None:
    table = attack_ready(CA)
    table.give(CA, 4, "Sector_02")
    table.do(CA, "attack Sector_02 Helicarrier_Access 3")
    assert table.state.phase == DEFEND and GAME.to_move(table.state) == (ULTRON,)
    rng = table.dice((6, 6, 5), (7, 2))
    (battle,) = [e for e in table.do(ULTRON, "defend 2") if e.kind == "battle"]
    assert rng.sides == [6, 6, 6, 8, 8]
    assert table.units("Helicarrier_Access") == 2 and table.state.operatives_lost == 1
    # in words, as the Allies' are (it read '(d8s: defence all)'), not the count 99 for 'all'
    assert battle.text.endswith("(every defence die is a d8)"), battle.text


def test_mcu56_winter_soldier_flips_hydra_agents_on_four_or_more() -> None:
    table = attack_ready(WS)
    table.give(WS, 4, "Sector_02")
    table.do(WS, "attack Sector_02 Helicarrier_Access 3")
    table.dice((6, 6, 5), (2, 1), dies=[4, 3])
    table.do(THOR, "defend 2")
    assert table.state.phase == HYDRA and table.legal(WS) == ["hydra 0", "hydra 1"]
    table.do(WS, "hydra 1")
    st = table.state
    assert st.hydra_flipped == 1 and st.operatives_lost == 1
    assert table.units("Sector_02") == 5 and st.phase == ATTACK


def test_mcu57_attacks_out_of_the_helicarrier_need_all_of_it() -> None:
    table = attack_ready(CA)
    table.give(CA, 4, "Helicarrier_Access")
    table.give(ULTRON, 1, "Sector_09")
    assert not any(a.startswith("attack Helicarrier_Access Sector_09") for a in table.legal(CA))
    table.give(CA, 1, "Helicarrier_Bridge", "Helicarrier_Deck")
    assert "attack Helicarrier_Access Sector_09 3" in table.legal(CA)


def test_mcu58_b9_a_loki_sector_defends_with_d8s() -> None:
    table = attack_ready(ULTRON)
    table.give(ULTRON, 4, "Sector_25")
    table.give(CA, 2, "Sector_26")
    rng = table.dice((6, 6, 6), (1, 1))
    table.do(ULTRON, "attack Sector_25 Sector_26 3")
    table.do(CA, "defend 2")
    assert rng.sides == [6, 6, 6, 8, 8]


def test_mcu59_the_token_stays_when_another_faction_conquers() -> None:
    table = attack_ready(ULTRON)
    table.state.scepter = table.t("Sector_26")
    table.give(ULTRON, 4, "Sector_25")
    table.give(CA, 1, "Sector_26")
    table.dice((6,), (1,))
    table.do(ULTRON, "attack Sector_25 Sector_26 1")
    table.do(CA, "defend 1")
    assert table.owner("Sector_26") == ULTRON
    assert table.t("Sector_26") in table.state.loki and table.state.scepter == table.t("Sector_26")


def test_mcu60_thor_reveals_illusions_and_wins_on_the_scepter_holding_asgard() -> None:
    table = attack_ready(THOR)
    st = table.state
    st.scepter = table.t("Sector_36")
    table.give(THOR, 6, "Sector_25", "Sector_50")
    table.give(CA, 1, "Sector_26")
    table.dice((6,), (1,))
    table.do(THOR, "attack Sector_25 Sector_26 1")
    table.do(CA, "defend 1")
    assert table.state.illusions_boxed == 1 and table.t("Sector_26") not in table.state.loki
    assert table.state.phase == OCCUPY
    table.state.scepter = table.t("Sector_36")
    nb = [
        table.state.board.territories[u] for u in table.state.board.neighbors[table.t("Sector_36")]
    ]
    table.give(THOR, 4, nb[0])
    table.give(CA, 1, "Sector_36")
    table.do(THOR, "move 1")
    table.dice((6,), (1,))
    table.do(THOR, f"attack {nb[0]} Sector_36 1")
    table.do(CA, "defend 1")
    assert table.state.phase == OVER and table.state.outcome.winners == (THOR,)  # type: ignore[union-attr]


def test_mcu61_dark_elves_defend_with_d8s_and_thor_must_take_asgard() -> None:
    table = attack_ready(THOR)
    st = table.state
    st.scepter, st.loki = HELD, st.loki[1:]
    table.give(THOR, 5, "Sector_48")
    table.do(THOR, "attack Sector_48 Sector_50 3")
    assert GAME.to_move(table.state) == (CA,)  # B8: the next living seat after Thor
    rng = table.dice((6, 6, 6), (1, 1))
    table.do(CA, "defend 2")
    assert rng.sides == [6, 6, 6, 8, 8]
    assert table.state.phase == ATTACK and table.units("Sector_50") == 1  # not yet his


def test_mcu62_each_conquest_moves_hulk_up_the_meter() -> None:
    table = attack_ready(THOR)
    table.give(THOR, 6, "Sector_12")
    table.give(ULTRON, 1, "Sector_13")
    table.dice((6, 1))
    table.do(THOR, "attack Sector_12 Sector_13 1")
    table.do(ULTRON, "defend 1")
    assert table.state.rage == 1


def test_mcu63_hulk_at_the_top_joins_the_player_and_must_attack() -> None:
    table = attack_ready(THOR)
    st = table.state
    st.rage = st.battle.rage_meter - 1
    table.give(THOR, 6, "Sector_12", "Sector_24")
    table.give(ULTRON, 1, "Sector_13")
    table.dice((6, 1))
    table.do(THOR, "attack Sector_12 Sector_13 1")
    table.do(ULTRON, "defend 1")
    table.do(THOR, "move 1")
    assert table.state.phase == HULK and "hulk Sector_24" in table.legal(THOR)
    table.do(THOR, "hulk Sector_24")
    legal = table.legal(THOR)
    assert "end" not in legal and all(a.startswith("attack Sector_24") for a in legal)
    rng = table.dice((6, 6), (6,), (1,))  # two d8s, then the third die a d6
    target = legal[0].split()[2]
    table.do(THOR, f"attack Sector_24 {target} 3")
    if table.state.phase == DEFEND:
        table.do(GAME.to_move(table.state)[0], "defend 1")
    # Hulk: attack d8s (reconstructed), but only the box's two attack d8s ([Avengers Components])
    assert rng.sides[:3] == [8, 8, 6]


def test_mcu64_hulk_moves_in_with_the_conquerors_and_calms_at_the_end() -> None:
    table = attack_ready(THOR)
    st = table.state
    st.hulk, st.hulk_forced, st.rage = table.t("Sector_12"), True, st.battle.rage_meter
    table.give(THOR, 6, "Sector_12")
    table.give(ULTRON, 1, "Sector_13")
    table.dice((6,), (1,))
    table.do(THOR, "attack Sector_12 Sector_13 1")
    table.do(ULTRON, "defend 1")
    assert table.state.hulk == table.t("Sector_13")
    table.do(THOR, "move 1")
    table.do(THOR, "end")
    table.do(THOR, "end")
    assert table.state.hulk == OFF_BOARD and table.state.rage == 0


# -- MCU65-MCU67: maneuver and cards ----------------------------------------------------------
def test_mcu65_one_maneuver_one_ally_move_and_card_powers() -> None:
    table = Bfm()
    table.turn_of(THOR, MANEUVER)
    table.give(THOR, 5, "Sector_24", "Sector_31", "Sector_32")
    st = table.state
    st.allies = st.allies.placed(st.battle.ally_ids.index("TH-ALLY1"), table.t("Sector_24"))
    table.do(THOR, "maneuver Sector_24 Sector_32 2")  # E4's chain
    assert not any(a.startswith("maneuver") for a in table.legal(THOR))
    table.do(THOR, "allies Sector_24 Sector_31")
    assert table.ally_at("TH-ALLY1") == "Sector_31"
    table.hand(THOR, "TH02")  # an extra maneuver
    table.do(THOR, "power TH02")
    table.do(THOR, "maneuver Sector_31 Sector_24 1")
    table.state.allies = table.state.allies.placed(
        table.state.battle.ally_ids.index("TH-ALLY1"), OFF_BOARD
    )
    table.give(ULTRON, 1, "Sector_31")
    table.state.maneuvers_left = 1
    assert "maneuver Sector_24 Sector_32 1" not in table.legal(THOR)
    table.hand(THOR, "TH04")  # through opponents' sectors
    table.do(THOR, "power TH04")
    assert "maneuver Sector_24 Sector_32 1" in table.legal(THOR)


def test_mcu65_any_or_all_allies_move_to_a_sector_connected_through_own_ones() -> None:
    """MCU65: "any or all Allies in one sector to another connected sector", connected as the
    Skirmish maneuver defines it (MCU24: every sector between is the mover's own)."""
    table = Bfm()
    table.turn_of(THOR, MANEUVER)
    table.give(THOR, 2, "Sector_24", "Sector_31", "Sector_32")
    table.give(ULTRON, 1, "Sector_19", "Sector_23", "Sector_25", "Sector_28", "Sector_34")
    st = table.state
    for ally in ("TH-ALLY1", "TH-ALLY2"):
        st.allies = st.allies.placed(st.battle.ally_ids.index(ally), table.t("Sector_24"))
    legal = table.legal(THOR)
    assert "allies Sector_24 Sector_32" in legal  # two steps, through Thor's Sector_31
    assert "allies Sector_24 Sector_32 TH-ALLY2" in legal  # or only some of them
    table.do(THOR, "allies Sector_24 Sector_32 TH-ALLY2")
    assert table.ally_at("TH-ALLY2") == "Sector_32" and table.ally_at("TH-ALLY1") == "Sector_24"
    assert not any(a.startswith("allies") for a in table.legal(THOR))  # one Ally move a turn
    table.state.ally_move_left = True
    table.give(ULTRON, 1, "Sector_31")  # the chain is cut: an opponent's sector between
    assert not any(a.startswith("allies Sector_24") for a in table.legal(THOR))
    with pytest.raises(IllegalAction):
        table.do(THOR, "allies Sector_24 Sector_32")


def test_mcu66_b18_a_conquest_draws_from_the_own_deck_neutral_ones_too() -> None:
    table = attack_ready(CA)
    table.give(CA, 6, "Sector_02")
    table.shield("Helicarrier_Access", 1)
    table.do(CA, "attack Sector_02 Helicarrier_Access 1")
    table.dice((6,), (1,))
    table.do(ULTRON, "defend 1")
    table.do(CA, "move 1")
    table.do(CA, "end")
    before = len(table.state.piles[CA])
    hand = len(table.state.hands[CA])
    table.do(CA, "end")
    assert len(table.state.hands[CA]) == hand + 1 and len(table.state.piles[CA]) == before - 1


def test_mcu67_a_card_for_its_power_then_discarded() -> None:
    table = Bfm()
    table.turn_of(THOR, REINFORCE, pending=3)
    table.hand(THOR, "TH01")  # units (count 2)
    table.do(THOR, "power TH01")
    assert table.state.pending == 5 and table.state.decks.card("TH01") in table.state.discard
    table.hand(THOR, "TH03")  # attack d8s: not a reinforcement power (B21)
    assert "power TH03" not in table.legal(THOR)
    with pytest.raises(IllegalAction, match=r"not for this step \(B21 \[BfM Faction Cards\]\)"):
        table.do(THOR, "power TH03")


def test_mcu67_a_power_is_told_in_words_in_the_hand_and_the_log() -> None:
    """No card face survives, so a power's words are made from its primitive, not its name
    and parameters as written ("units (count 2)")."""
    table = Bfm()
    table.turn_of(THOR, REINFORCE, pending=3)
    table.hand(THOR, "TH01")
    hand = GAME.describe(GAME.observe(table.state, THOR), THOR)["hand"]
    assert [row["power"] for row in hand] == ["2 more units to place"]
    events = table.do(THOR, "power TH01")
    assert events[-1].text.endswith("plays TH01: 2 more units to place")


# -- MCU68-MCU74: winning ---------------------------------------------------------------------
def _docks(table: Bfm, seat: int, count: int) -> None:
    docks = ["Sector_02", "Sector_09", "Sector_15", "Sector_19", "Sector_25", "Sector_27"]
    table.give(seat, 2, *docks[:count])


def test_mcu68_captain_america_wins_with_the_helicarrier_and_five_docks() -> None:
    table = attack_ready(CA)
    _docks(table, CA, 5)
    table.give(CA, 2, "Helicarrier_Bridge", "Helicarrier_Deck")
    table.give(CA, 4, "Sector_02")
    table.shield("Helicarrier_Access", 1)
    table.do(CA, "attack Sector_02 Helicarrier_Access 1")
    table.dice((6,), (1,))
    table.do(ULTRON, "defend 1")
    assert table.state.outcome is not None and table.state.outcome.winners == (CA,)


def test_mcu68_the_docks_needed_are_read_from_the_hero_card_data() -> None:
    """An owner's transcription of the Hero card plays without a change to the code: with
    the card saying 4 Docking Stations, 4 win; with the packaged 5, they do not."""
    for docks, wins in ((5, False), (4, True)):
        table = attack_ready(CA)
        st = table.state
        goals = list(st.battle.objectives)
        goals[FACTIONS.index("Captain America")] = Objective("helicarrier", docks=docks)
        st.battle = replace(st.battle, objectives=tuple(goals))
        _docks(table, CA, 4)
        table.give(CA, 2, "Helicarrier_Bridge", "Helicarrier_Deck")
        table.shield("Helicarrier_Access", 1)
        table.dice((6,), (1,))
        table.do(CA, "attack Sector_02 Helicarrier_Access 1")
        table.do(ULTRON, "defend 1")
        won = table.state.outcome is not None and table.state.outcome.winners == (CA,)
        assert won == wins, docks
        if wins:
            assert "Helicarrier and 4 Docking Station sectors" in table.state.outcome.reason


def test_mcu69_b4_sector_25_dock_closes_after_phase_two() -> None:
    table = attack_ready(CA)
    table.give(CA, 4, "Sector_25")
    assert "attack Sector_25 Helicarrier_Access 3" in table.legal(CA)
    table.state.tower = 2
    table.state.chips = (
        table.state.chips.placed(0, HELD).placed(1, HELD).placed(2, HELD).placed(3, HELD)
    )
    assert not any(a.startswith("attack Sector_25 Heli") for a in table.legal(CA))
    s25, access = table.t("Sector_25"), table.t("Helicarrier_Access")
    with pytest.raises(IllegalAction, match="does not border"):  # and no odds for it
        GAME.attack_rule(table.state, s25, access)


def test_mcu70_ultron_wins_when_a_third_party_eliminates_iron_man() -> None:
    table = attack_ready(THOR)
    hand_over(table, IRON_MAN, CA)
    table.give(ULTRON, 2, "Sector_40")
    take_the_last(table, THOR, "Sector_12", IRON_MAN, "Sector_13")
    assert table.state.outcome is not None and table.state.outcome.winners == (ULTRON,)


def test_mcu71_iron_man_wins_with_the_tower_sector_25_and_malibu() -> None:
    table = attack_ready(IRON_MAN)
    st = table.state
    for k in range(6):
        st.chips = st.chips.placed(k, HELD)
    st.tower = 3
    table.give(IRON_MAN, 3, "Sector_25")
    table.give(IRON_MAN, 4, "Sector_04")
    table.give(CA, 1, "Sector_01")
    table.dice((6, 1))
    table.do(IRON_MAN, "attack Sector_04 Sector_01 1")
    table.do(CA, "defend 1")
    assert table.state.outcome is not None and table.state.outcome.winners == (IRON_MAN,)


def test_mcu72_winter_soldier_wins_when_a_third_party_eliminates_captain_america() -> None:
    table = attack_ready(THOR)
    hand_over(table, CA, ULTRON)
    table.give(WS, 2, "Sector_30")
    take_the_last(table, THOR, "Sector_12", CA, "Sector_13")
    assert table.state.outcome is not None and table.state.outcome.winners == (WS,)


def test_mcu73_b11_thor_keeps_the_scepter_and_wins_when_he_takes_asgard() -> None:
    table = attack_ready(THOR)
    table.state.scepter = table.t("Sector_26")
    table.give(THOR, 4, "Sector_25")
    table.give(CA, 1, "Sector_26")
    table.dice((6,), (1,))
    table.do(THOR, "attack Sector_25 Sector_26 1")
    table.do(CA, "defend 1")
    assert table.state.scepter == HELD and table.state.phase == OCCUPY  # no Asgard yet
    table.do(THOR, "move 1")
    table.give(THOR, 5, "Sector_48")
    table.give(5 + 1, 1, "Sector_50")
    table.dice((6,), (1,))
    table.do(THOR, "attack Sector_48 Sector_50 1")
    table.do(CA, "defend 1")
    assert table.state.outcome is not None and table.state.outcome.winners == (THOR,)


def test_mcu74_nine_docking_stations() -> None:
    st = picked()
    assert sum(st.manhattan.docking) == 9
    access = st.board.index["Helicarrier_Access"]
    assert (
        len(
            [
                u
                for u in st.board.neighbors[access]
                if u
                not in {st.board.index["Helicarrier_Bridge"], st.board.index["Helicarrier_Deck"]}
            ]
        )
        == 9
    )


# -- worked examples -----------------------------------------------------------------------------
def test_e6_five_player_order_and_starting_hands() -> None:
    table = Bfm(factions=[WS, THOR, CA, IRON_MAN, ULTRON])
    claim_all(table)
    st = table.state
    assert [st.factions[p] for p in st.order] == [CA, ULTRON, IRON_MAN, WS, THOR]
    assert [len(st.hands[p]) for p in st.order] == [1, 1, 1, 2, 2]


@pytest.mark.parametrize("preset", ["mcu-loki", "mcu-shield", "mcu-dark-elves"])
def test_e7_three_d6_against_two_d8(preset: str) -> None:
    out = CliRunner().invoke(app, ["odds", "4", "2", "--preset", preset])
    assert out.exit_code == 0, out.output
    assert "1445/6912" in out.output and "4771/13824" in out.output and "6163/13824" in out.output


def test_e8_b5_iron_man_builds_over_turns_and_wins() -> None:
    table = Bfm()
    table.turn_of(IRON_MAN, MANEUVER)
    table.give(CA, 2, "Sector_25")
    st = table.state
    for k in range(2):
        st.chips = st.chips.placed(k, HELD)
    events = table.do(IRON_MAN, "end")
    built = [GAME.words(table.state, e.text) for e in events if e.kind == "build"]
    assert table.state.tower == 1 and table.owner("Sector_25") == CA  # Foundation 1
    # as a player reads it: the stage in words, the sector as the map captions it
    assert built == ["Iron Man places the first Foundation piece on Sector 25"]
    table.state.phase, table.state.current = MANEUVER, IRON_MAN
    for k in range(2, 4):
        table.state.chips = table.state.chips.placed(k, HELD)
    table.do(IRON_MAN, "end")
    assert table.state.tower == 2 and table.state.outcome is None
    view = GAME.view(table.state, CA)
    assert view["chips"]["dock_25_closed"]  # B4 (a)
    table.state.phase, table.state.current = MANEUVER, IRON_MAN
    for k in range(4, 6):
        table.state.chips = table.state.chips.placed(k, HELD)
    table.do(IRON_MAN, "end")
    assert table.state.tower == 3 and table.state.outcome is None
    table.turn_of(IRON_MAN, ATTACK)
    table.give(IRON_MAN, 3, "Sector_01", "Sector_26")
    table.give(CA, 1, "Sector_25")
    table.dice((6, 1))
    table.do(IRON_MAN, "attack Sector_26 Sector_25 1")
    table.do(CA, "defend 1")
    assert table.state.outcome is not None and table.state.outcome.winners == (IRON_MAN,)


def test_views_redraw_hands_by_faction_and_the_scepter() -> None:
    table = Bfm()
    claim_all(table)
    st = table.state
    from warroom.core.rng import Rng

    other = GAME.resample_hidden(st, THOR, Rng(3))
    assert GAME.observe(other, THOR) == GAME.observe(st, THOR)
    seen = {GAME.resample_hidden(st, THOR, Rng(k)).scepter for k in range(30)}
    assert len(seen) > 2 and seen <= set(st.loki)


def test_e3_skirmish_invasion_example_holds_in_battle_for_manhattan() -> None:
    table = attack_ready(THOR)
    table.give(THOR, 7, "Sector_12")
    table.give(ULTRON, 2, "Sector_13")
    table.dice((6, 4, 1, 5, 4), (6, 5, 4, 3))
    table.do(THOR, "attack Sector_12 Sector_13 3")
    table.do(ULTRON, "defend 2")
    assert (table.units("Sector_12"), table.units("Sector_13")) == (6, 1)
    table.do(THOR, "attack Sector_12 Sector_13 3")
    table.do(ULTRON, "defend 1")
    with pytest.raises(WarroomError):
        table.do(THOR, "move 2")
    with pytest.raises(WarroomError):
        table.do(THOR, "move 6")
    table.do(THOR, "move 5")
    assert (table.units("Sector_13"), table.units("Sector_12")) == (5, 1)


def test_b1_deployment_claims_three_units_a_sector_until_every_free_sector_is_held() -> None:
    """B1 (the deployment chart is missing): Skirmish's claim, 3 units on a free sector in
    turn order, until no sector is free; the neutral pieces stay where set-up put them."""
    table = Bfm()
    st = table.state
    held = {t: (st.owner[t], st.armies[t]) for t in range(len(st.owner)) if st.owner[t] >= 0}
    first = st.current
    free = next(n for t, n in enumerate(st.board.territories) if st.owner[t] < 0)
    table.do(first, f"claim {free}")
    assert (table.state.owner[table.t(free)], table.state.armies[table.t(free)]) == (first, 3)
    assert table.state.current != first
    claim_all(table)
    st = table.state
    assert st.phase != CLAIM and -1 not in st.owner
    assert all((st.owner[t], st.armies[t]) == was for t, was in held.items())
    claimed = [t for t in range(len(st.owner)) if t not in held]
    assert all(st.owner[t] < st.players and st.armies[t] == 3 for t in claimed)


def test_b19_two_objectives_met_by_one_conquest_the_active_players_wins() -> None:
    """B19: Thor, holding the scepter, takes Asgard from Iron Man's last army: his objective
    and Ultron's (Iron Man eliminated by a third party, Sokovia held) are met at once; the
    active player's wins."""
    table = attack_ready(THOR)
    st = table.state
    st.scepter, st.loki = HELD, st.loki[1:]
    hand_over(table, IRON_MAN, CA)
    table.give(ULTRON, 2, "Sector_40")
    take_the_last(table, THOR, "Sector_48", IRON_MAN, "Sector_50")
    outcome = table.state.outcome
    assert outcome is not None and outcome.winners == (THOR,), outcome


def test_b20_a_target_eliminated_earlier_wins_when_the_sector_is_taken_later() -> None:
    """B20: Iron Man is already out and Ultron does not hold Sokovia; the win comes when
    Ultron takes it, since both conditions then hold."""
    table = attack_ready(ULTRON)
    st = table.state
    hand_over(table, IRON_MAN, CA)
    st.alive[IRON_MAN], st.out_order = False, [IRON_MAN]
    table.give(CA, 1, "Sector_40")
    table.give(ULTRON, 4, "Sector_35")
    assert table.state.outcome is None
    table.dice((6, 1))
    table.do(ULTRON, "attack Sector_35 Sector_40 1")
    table.do(CA, "defend 1")
    outcome = table.state.outcome
    assert outcome is not None and outcome.winners == (ULTRON,), outcome


def test_b12_conquests_while_hulk_is_out_bring_no_second_hulk() -> None:
    """B12: the meter stands still while Hulk is on the board; a conquest from another sector
    leaves him where he is (no second Hulk step)."""
    table = attack_ready(THOR)
    st = table.state
    st.hulk, st.rage = table.t("Sector_24"), st.battle.rage_meter
    table.give(THOR, 6, "Sector_24", "Sector_12")
    table.give(ULTRON, 1, "Sector_13")
    table.dice((6, 1))
    table.do(THOR, "attack Sector_12 Sector_13 1")
    table.do(ULTRON, "defend 1")
    table.do(THOR, "move 1")
    assert table.state.phase == ATTACK and table.state.hulk == table.t("Sector_24")
    assert table.state.rage == st.battle.rage_meter


def test_b13_hulk_with_nowhere_to_smash_calms_at_once() -> None:
    """B13: at the top of the meter with no own sector of 2+ units that can attack, Hulk goes
    back to the bottom and the turn goes on."""
    table = attack_ready(THOR)
    st = table.state
    st.rage = st.battle.rage_meter - 1
    table.give(THOR, 2, "Sector_12")
    table.give(ULTRON, 1, "Sector_13")
    table.dice((6, 1))
    table.do(THOR, "attack Sector_12 Sector_13 1")
    table.do(ULTRON, "defend 1")
    events = table.do(THOR, "move 1")  # 1 unit in each: nowhere for Hulk
    assert table.state.phase == ATTACK and table.state.hulk == OFF_BOARD
    assert table.state.rage == 0 and any(e.kind == "hulk" for e in events)
    assert "end" in table.legal(THOR)


def test_b23_after_the_dock_closes_captain_america_needs_five_open_docks() -> None:
    """B23/MCU69: once Sector_25's dock is closed it no longer counts; 5 of the other 8 do."""
    table = attack_ready(CA)
    st = table.state
    st.tower = 2
    for k in range(4):
        st.chips = st.chips.placed(k, HELD)
    _docks(table, CA, 5)  # four open docks and Sector_25's closed one
    table.give(CA, 2, "Helicarrier_Bridge", "Helicarrier_Deck")
    table.give(CA, 4, "Sector_02")
    table.shield("Helicarrier_Access", 1)
    table.do(CA, "attack Sector_02 Helicarrier_Access 1")
    table.dice((6,), (1,))
    table.do(ULTRON, "defend 1")
    assert table.state.outcome is None and table.owner("Helicarrier_Access") == CA
    table.do(CA, "move 1")
    table.give(CA, 2, "Sector_27")  # a fifth open dock
    table.do(CA, "end")
    assert table.state.outcome is not None and table.state.outcome.winners == (CA,)


def test_b24_an_empty_own_deck_is_the_factions_discards_shuffled() -> None:
    """B24: Thor's deck is empty; his faction's discarded cards become his deck, and the
    other factions' discards stay where they are."""
    table = Bfm()
    table.turn_of(THOR, MANEUVER)
    st = table.state
    ca_card = st.piles[CA].pop()
    st.discard, st.piles[THOR] = [*st.piles[THOR], ca_card], []
    st.conquered = True
    table.do(THOR, "end")
    st = table.state
    assert len(st.hands[THOR]) == 1 and st.decks.faction[st.hands[THOR][0]] == THOR
    assert st.discard == [ca_card] and len(st.piles[THOR]) == 11
    assert any(e.kind == "reshuffle" for e in table.events)


def test_b2_three_and_four_players_keep_the_order_the_cards_and_the_pairs() -> None:
    """B2 [BfM Set Up; 5 Player Turn Order]: with 3 or 4 players the factions sit in the
    5-player order, the factions after the 3rd start with 2 cards and the others with 1, and
    Ultron plays only with Iron Man, Winter Soldier only with Captain America (the pairs are
    data, `setup.requires`: emptied, any set may play)."""
    for players, factions in ((4, [THOR, IRON_MAN, WS, CA]), (3, [IRON_MAN, THOR, ULTRON])):
        table = Bfm(players=players, factions=factions)
        st = table.state
        assert [st.factions[p] for p in st.order] == sorted(factions)
        claim_all(table)
        hands = [len(table.state.hands[p]) for p in table.state.order]
        assert hands == [1 if position < 3 else 2 for position in range(players)]
    st = GAME.new_game(3, 3, {})
    first, second, _ = st.pickers
    st, _ = GAME.apply(st, first, Action("faction", ("ultron",)))
    offered = [a.text() for a in GAME.legal_actions(st, second)]
    # Winter Soldier would need Captain America and Iron Man in the one seat left
    assert offered == ["faction captain-america", "faction iron-man", "faction thor"]
    st, _ = GAME.apply(st, second, Action("faction", ("thor",)))
    assert [a.text() for a in GAME.legal_actions(st, st.pickers[2])] == ["faction iron-man"]
    relaxed = GAME.new_game(3, 3, {})
    relaxed.battle = replace(relaxed.battle, requires={})
    relaxed, _ = GAME.apply(relaxed, first, Action("faction", ("ultron",)))
    assert "faction winter-soldier" in [a.text() for a in GAME.legal_actions(relaxed, second)]


def test_b7_units_maneuver_between_the_access_point_and_a_dock_without_all_of_it() -> None:
    """B7 [BfM Maneuver; Invading the Helicarrier]: a maneuver follows any connection between
    own territories, the access point's lines to the docks included, though invading out of
    the access point needs the whole Helicarrier (MCU57)."""
    table = Bfm()
    table.turn_of(CA, MANEUVER)
    table.give(CA, 4, "Helicarrier_Access")
    table.give(CA, 2, "Sector_09")
    assert table.owner("Helicarrier_Bridge") != CA  # not the whole Helicarrier
    legal = table.legal(CA)
    assert "maneuver Helicarrier_Access Sector_09 3" in legal
    assert "maneuver Sector_09 Helicarrier_Access 1" in legal
    table.do(CA, "maneuver Helicarrier_Access Sector_09 3")
    assert (table.units("Helicarrier_Access"), table.units("Sector_09")) == (1, 5)


def test_b8_the_next_living_seat_decides_the_neutrals_dice_or_they_roll_the_most() -> None:
    """B8 [Invading the Helicarrier; Invading Sector_50 (Asgard)]: the next living seat after
    the attacker chooses S.H.I.E.L.D.'s dice (one out of the game is passed over); with the
    option `neutral_defence=auto` nobody is asked and they roll the most dice."""
    table = attack_ready(CA)
    st = table.state
    hand_over(table, ULTRON, IRON_MAN)
    st.alive[ULTRON], st.out_order = False, [ULTRON]
    table.give(CA, 4, "Sector_02")
    table.do(CA, "attack Sector_02 Helicarrier_Access 3")
    assert table.state.phase == DEFEND and GAME.to_move(table.state) == (IRON_MAN,)
    assert table.legal(IRON_MAN) == ["defend 1", "defend 2"]
    table = attack_ready(CA, neutral_defence="auto")
    table.give(CA, 4, "Sector_02")
    rng = table.dice((6, 6, 5), (7, 2))
    table.do(CA, "attack Sector_02 Helicarrier_Access 3")
    assert table.state.phase == ATTACK  # rolled at once
    assert rng.sides == [6, 6, 6, 8, 8]  # two defence dice, the most with 3 operatives
    assert (table.units("Sector_02"), table.units("Helicarrier_Access")) == (3, 2)


def test_b10_one_hydra_die_per_operative_removed_and_agents_count_as_units() -> None:
    """B10 [Invading the Helicarrier]: Winter Soldier rolls one d6 for each operative removed
    in the battle; each 4+ may add a unit to the attacking sector, where it counts as his own
    units do (here, for the move-in)."""
    table = attack_ready(WS)
    table.give(WS, 4, "Sector_02")
    table.shield("Helicarrier_Access", 2)
    table.do(WS, "attack Sector_02 Helicarrier_Access 3")
    rng = table.dice((6, 6, 5), (2, 1), dies=[4, 6])
    table.do(THOR, "defend 2")
    assert rng.sides == [6, 6, 6, 8, 8] + [6] * 2  # a Hydra d6 for each of the 2 removed
    assert table.state.phase == HYDRA and table.legal(WS) == ["hydra 0", "hydra 1", "hydra 2"]
    table.do(WS, "hydra 2")
    st = table.state
    assert st.hydra_flipped == 2 and st.owner[table.t("Helicarrier_Access")] == WS
    # 4 units and 2 agents, 3 dice rolled, one unit stays behind
    assert table.legal(WS) == [f"move {k}" for k in range(3, 4 + 2)]


def test_b14_hulk_is_no_unit_and_is_never_lost_attacking() -> None:
    """B14 [Invading with Hulk]: Hulk adds no unit (the attack dice count the units only) and
    stays with the attacking units whatever they lose."""
    table = attack_ready(THOR)
    st = table.state
    st.hulk, st.hulk_forced, st.rage = table.t("Sector_12"), True, st.battle.rage_meter
    table.give(THOR, 3, "Sector_12")
    table.give(ULTRON, 3, "Sector_13")
    legal = table.legal(THOR)
    assert "attack Sector_12 Sector_13 2" in legal and "attack Sector_12 Sector_13 3" not in legal
    table.dice((1, 1), (6, 6))  # Hulk's two attack d8s lose both pairs
    table.do(THOR, "attack Sector_12 Sector_13 2")
    table.do(ULTRON, "defend 2")
    assert table.units("Sector_12") == 1 and table.state.hulk == table.t("Sector_12")


def test_b21_powers_only_on_the_own_turn_in_the_steps_their_timing_names() -> None:
    """B21 [BfM Faction Cards]: a one-time power is played on its holder's own turn only, in
    the steps its (reconstructed) timing names: Thor's attack d8s while he invades, not while
    he maneuvers, and no power at all while he defends on another's turn."""
    table = attack_ready(ULTRON)
    table.give(ULTRON, 4, "Sector_12")
    table.give(THOR, 2, "Sector_13")
    table.hand(THOR, "TH01", "TH03")  # 2 more units (reinforce); attack d8s (attack)
    table.do(ULTRON, "attack Sector_12 Sector_13 3")
    assert table.legal(THOR) == ["defend 1", "defend 2"]
    with pytest.raises(IllegalAction):
        table.do(THOR, "power TH03")
    table = attack_ready(THOR)
    table.give(THOR, 4, "Sector_12")
    table.hand(THOR, "TH03")
    assert "power TH03" in table.legal(THOR)
    table.do(THOR, "end")
    assert table.state.phase == MANEUVER and "power TH03" not in table.legal(THOR)
    with pytest.raises(IllegalAction, match=r"not for this step \(B21 \[BfM Faction Cards\]\)"):
        table.do(THOR, "power TH03")


def test_b22_a_chip_on_a_sector_iron_man_claims_stays_there() -> None:
    """B22 [Invading a Sector with a Resource]: Iron Man collects a chip only by conquest: the
    chips on the sectors he claims at set-up stay there and build nothing at his turn's end."""
    table = Bfm()
    resources = ["Sector_11", "Sector_13"]
    while table.state.phase == CLAIM:
        st, seat = table.state, table.state.current
        free = [n for t, n in enumerate(st.board.territories) if st.owner[t] < 0]
        if seat == IRON_MAN and set(resources) & set(free):
            pick = next(n for n in resources if n in free)
        else:
            pick = next(n for n in free if n not in resources)
        table.do(seat, f"claim {pick}")
    for name in resources:
        assert table.owner(name) == IRON_MAN and table.t(name) in table.state.chips.where
    table.turn_of(IRON_MAN, MANEUVER)
    table.do(IRON_MAN, "end")
    assert table.state.chips.count(HELD) == 0 and table.state.tower == 0
