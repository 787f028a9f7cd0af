"""RISK MCU Skirmish: one test per rule of shared/specs/mcu.md section 1.2 (MCU1-MCU26), the
worked examples E1-E5 as golden tests, and the readings S1-S10 that change what happens."""

from __future__ import annotations

import re

import pytest

from warroom.core import Action, IllegalAction, MalformedAction, WarroomError
from warroom.games.mcu.skirmish import MANEUVER
from warroom.games.risk_classic import ATTACK, CLAIM, DEFEND, OCCUPY, OVER, REINFORCE

from ..risk.table import play_a_turn_counting_units
from .conftest import GAME, ScriptedRng, Table


def claim_all(table: Table) -> None:
    """Every seat claims the lowest free sector in turn until none is left (MCU5)."""
    while table.state.phase == CLAIM:
        seat = table.state.current
        free = next(
            n for t, n in enumerate(table.state.board.territories) if table.state.owner[t] < 0
        )
        table.do(seat, f"claim {free}")


def test_mcu1_three_to_five_players_on_manhattan() -> None:
    assert (GAME.min_players, GAME.max_players) == (3, 5)
    with pytest.raises(WarroomError):
        GAME.new_game(2, 1, {})
    with pytest.raises(WarroomError):
        GAME.new_game(6, 1, {})
    st = GAME.new_game(3, 1, {})
    assert len(st.board) == 50 and st.board.id == "mcu-manhattan"


def test_mcu2_only_d6_and_no_helicarrier() -> None:
    table = Table()
    assert "Helicarrier_Access" not in table.state.board.index  # MCU2: it stays in the box
    table.give(0, 4, "Sector_12")
    table.give(1, 2, "Sector_13")
    table.turn_of(0, ATTACK)
    table.dice((6, 5, 4, 3, 2))
    rng = table.state.rng
    assert isinstance(rng, ScriptedRng)
    table.do(0, "attack Sector_12 Sector_13 3")
    table.do(1, "defend 2")
    assert rng.sides == [6] * 5


def test_mcu3_one_combined_deck_only_symbols_count() -> None:
    st = GAME.new_game(3, 4, {})
    factions = {st.decks.faction[c] for c in st.deck}
    assert len(st.deck) == 60 and factions == {0, 1, 2, 3, 4}
    # Cards of different factions trade together: only the symbols count.
    table = Table()
    table.turn_of(0, REINFORCE, pending=3)
    table.hand(0, "CA01", "TH01")
    table.do(0, "trade CA01 TH01")
    assert table.state.pending == 3 + 4


def test_mcu4_s2_highest_roll_goes_first_ties_reroll_then_clockwise() -> None:
    # Seats 0 and 1 tie on 6 and roll again; seat 1's 5 beats seat 0's 3 (S2).
    rng = ScriptedRng([], dies=[6, 6, 2, 3, 5])
    st = GAME.setup(
        3,
        rng,
        {"factions": "in-order", "sectors_to_win": 20, "defender_dice": "choose", "turn_limit": 0},
    )
    assert st.first == st.current == 1
    table = Table()
    table.state = st
    table.do(1, "claim Sector_02")
    assert table.state.current == 2
    table.do(2, "claim Sector_03")
    assert table.state.current == 0


def test_mcu5_s1_each_claim_places_three_until_every_sector_is_occupied() -> None:
    table = Table(players=3)
    first = table.state.first
    table.do(first, "claim Sector_25")
    # MCU5 [Sk Set Up]: "places 3 units", the rulebook's number rather than the code's constant.
    assert table.units("Sector_25") == 3 and table.owner("Sector_25") == first
    claim_all(table)
    # S1: claiming runs until all 50 are taken: 17, 17, 16 sectors, 3 units on each.
    counts = sorted(table.state.owner.count(p) for p in range(3))
    assert counts == [16, 17, 17]
    assert set(table.state.armies) == {3}
    assert table.state.phase == REINFORCE and table.state.current == first


def test_mcu6_no_sector_is_held_by_two_factions() -> None:
    table = Table()
    first = table.state.first
    table.do(first, "claim Sector_40")
    with pytest.raises(IllegalAction, match="already occupied"):
        table.do(table.state.current, "claim Sector_40")


@pytest.mark.parametrize(("players", "with_cards"), [(3, []), (4, [3]), (5, [3, 4])])
def test_mcu7_s9_fourth_and_fifth_players_start_with_one_card(
    players: int, with_cards: list[int]
) -> None:
    table = Table(players=players, seed=11)
    claim_all(table)
    st = table.state
    # S9: counted in turn order from the first player.
    sizes = {(p - st.first) % players: len(st.hands[p]) for p in range(players)}
    assert sizes == {pos: (1 if pos in with_cards else 0) for pos in range(players)}
    assert len(st.deck) == 60 - len(with_cards)


def test_e5_starting_cards_are_hidden_from_the_others() -> None:
    table = Table(players=4, seed=2)
    claim_all(table)
    st = table.state
    fourth = (st.first + 3) % 4
    mine = GAME.view(st, fourth)
    other = GAME.view(st, (fourth + 1) % 4)
    assert len(mine["hand"]) == 1
    assert mine["hand"][0]["card"] not in str(other)
    assert other["hand_sizes"][fourth] == 1


def test_mcu8_reinforce_invade_maneuver_then_draw() -> None:
    table = Table()
    table.give(0, 5, "Sector_12")
    table.give(1, 1, "Sector_13")
    table.turn_of(0, REINFORCE, pending=3)
    table.do(0, "place Sector_12 3")
    assert table.state.phase == ATTACK
    table.dice((6, 6, 6, 1))
    table.do(0, "attack Sector_12 Sector_13 3")
    table.do(1, "defend 1")
    table.do(0, "move 3")
    cards = len(table.state.hands[0])
    table.do(0, "end")
    assert table.state.phase == MANEUVER and len(table.state.hands[0]) == cards  # no card yet
    table.do(0, "end")
    assert len(table.state.hands[0]) == cards + 1  # MCU25: the card comes after the maneuver
    assert table.state.current == 1 and table.state.phase == REINFORCE


@pytest.mark.parametrize(("sectors", "units"), [(2, 3), (10, 3), (11, 3), (12, 4), (17, 5)])
def test_mcu9_sectors_over_three_at_least_three(sectors: int, units: int) -> None:
    table = Table()
    # Sectors outside any region this seat could complete: a spread over the lower island.
    mine = [
        f"Sector_{n:02d}" for n in (2, 4, 7, 10, 12, 15, 18, 21, 22, 24, 26, 27, 29, 33, 36, 38, 42)
    ][:sectors]
    table.give(0, 1, *mine)
    table.turn_of(1, MANEUVER, rest=[1, 2])
    table.do(1, "end")
    assert table.state.current == 2
    table.state.phase = MANEUVER
    table.do(2, "end")
    assert table.state.current == 0 and table.state.pending == units


def test_e1_ten_sectors_give_three_two_give_three() -> None:
    test_mcu9_sectors_over_three_at_least_three(10, 3)
    test_mcu9_sectors_over_three_at_least_three(2, 3)


def test_mcu10_region_bonus_added_for_whole_regions() -> None:
    b = Table().state.board
    r = b.regions.index("Midtown")
    table = Table()
    table.give(0, 1, *[b.territories[t] for t in b.region_members[r]])
    table.turn_of(1, MANEUVER, rest=[1, 2])
    table.do(1, "end")
    table.state.phase = MANEUVER
    table.do(2, "end")
    assert table.state.pending == 3 + b.region_bonus[r]  # 9 sectors: 3, plus Midtown's bonus


def test_e2_south_central_gives_four() -> None:
    b = Table().state.board
    r = b.regions.index("South Central")
    members = [b.territories[t] for t in b.region_members[r]]
    assert len(members) == 4 and b.region_bonus[r] == 4
    table = Table()
    table.give(0, 1, *members)
    table.turn_of(1, MANEUVER, rest=[1, 2])
    table.do(1, "end")
    table.state.phase = MANEUVER
    table.do(2, "end")
    assert table.state.pending == 3 + 4
    assert "South Central" in table.events[-1].text


def test_mcu11_cards_totalling_two_or_more_trade_by_the_chart() -> None:
    table = Table()
    table.turn_of(0, REINFORCE, pending=3)
    table.hand(0, "CA01")  # one symbol: nothing to trade
    assert not any(a.startswith("trade") for a in table.legal(0))
    with pytest.raises(IllegalAction, match="those cards show 1 symbol: "):
        table.do(0, "trade CA01")
    table.hand(0, "CA03", "UL03")  # 1 + 2 + 2 symbols in hand
    trades = [a for a in table.legal(0) if a.startswith("trade")]
    # One per mix of 1- and 2-symbol cards: 2, 1+2, 2+2, 1+2+2 symbols.
    assert trades == ["trade CA03", "trade CA01 CA03", "trade CA03 UL03", "trade CA01 CA03 UL03"]
    with pytest.raises(IllegalAction, match="named twice"):
        table.do(0, "trade CA03 ca03")
    with pytest.raises(IllegalAction, match="you hold no card 'CA02'"):
        table.do(0, "trade CA01 CA02")
    table.do(0, "trade UL03 CA01 CA03")  # any order, any cards of the mix
    chart = table.state.chart
    assert table.state.pending == 3 + chart.price(5) == 3 + 8


def test_mcu12_s4_at_most_ten_symbols_a_turn() -> None:
    table = Table()
    table.turn_of(0, REINFORCE, pending=3)
    table.hand(0, "CA03", "CA06", "CA09", "CA12", "UL03", "UL06")  # 12 symbols
    with pytest.raises(IllegalAction, match="12 symbols"):
        table.do(0, "trade CA03 CA06 CA09 CA12 UL03 UL06")
    # S4: no forced trade, and a subset of 10 or fewer may go in.
    assert any(a.startswith("place") for a in table.legal(0))
    table.do(0, "trade CA03 CA06 CA09 CA12 UL03")
    assert table.state.pending == 3 + 18 and table.hand_ids(0) == ["UL06"]


def test_mcu13_s3_trade_at_the_start_once_to_a_faceup_discard() -> None:
    table = Table()
    table.give(0, 1, "Sector_02")
    table.turn_of(0, REINFORCE, pending=3)
    table.hand(0, "CA01", "CA02", "CA04", "CA05")
    table.do(0, "trade CA01 CA02")
    assert [table.state.decks.card_ids[c] for c in table.state.discard] == ["CA01", "CA02"]
    assert GAME.view(table.state, 1)["discard"][0]["card"] == "CA01"  # public
    once = r"once a turn, before placing units \(MCU13 \[Faction Cards\], S3 \[Reinforcement\]\)"
    with pytest.raises(IllegalAction, match=once):  # S3: one turn-in a turn
        table.do(0, "trade CA04 CA05")
    table2 = Table()
    table2.give(0, 1, "Sector_02")
    table2.turn_of(0, REINFORCE, pending=3)
    table2.hand(0, "CA01", "CA02")
    table2.do(0, "place Sector_02 1")
    with pytest.raises(IllegalAction, match="before placing"):  # "at the start of the turn"
        table2.do(0, "trade CA01 CA02")


def test_mcu14_all_reinforcements_into_own_sectors_split_freely() -> None:
    table = Table()
    table.give(0, 1, "Sector_02", "Sector_03")
    table.give(1, 1, "Sector_04")
    table.turn_of(0, REINFORCE, pending=5)
    with pytest.raises(IllegalAction, match="do not occupy"):
        table.do(0, "place Sector_04 1")
    with pytest.raises(IllegalAction):
        table.do(0, "attack Sector_03 Sector_07 1")  # every unit first
    table.do(0, "place Sector_02 2")
    table.do(0, "place Sector_03 3")
    assert (table.units("Sector_02"), table.units("Sector_03")) == (3, 4)
    assert table.state.phase == ATTACK


def test_mcu15_invading_optional_and_several_invasions() -> None:
    table = Table()
    table.give(0, 4, "Sector_12", "Sector_24")
    table.give(1, 3, "Sector_13", "Sector_31")
    table.turn_of(0, ATTACK)
    assert "end" in table.legal(0)
    table.dice((6, 1), (6, 1))
    table.do(0, "attack Sector_12 Sector_13 1")
    table.do(1, "defend 1")
    table.do(0, "attack Sector_24 Sector_31 1")  # another invasion, from another sector
    table.do(1, "defend 1")
    assert table.units("Sector_13") == 2 and table.units("Sector_31") == 2


def test_mcu16_target_an_opponent_across_a_border_or_line() -> None:
    table = Table()
    table.give(0, 4, "Sector_04", "Sector_02")
    table.give(1, 1, "Sector_01", "Sector_49")
    table.turn_of(0, ATTACK)
    legal = table.legal(0)
    assert "attack Sector_04 Sector_01 3" in legal  # a connection line to Malibu
    assert not any(a.startswith("attack Sector_04 Sector_02") for a in legal)  # own
    with pytest.raises(IllegalAction, match="does not border"):
        table.do(0, "attack Sector_04 Sector_49 1")
    with pytest.raises(IllegalAction, match="yours already"):
        table.do(0, "attack Sector_04 Sector_02 1")


def test_mcu17_source_needs_two_one_stays() -> None:
    table = Table()
    table.give(0, 1, "Sector_12")
    table.give(0, 3, "Sector_24")
    table.give(1, 1, "Sector_13", "Sector_31")
    table.turn_of(0, ATTACK)
    legal = table.legal(0)
    assert not any(a.startswith("attack Sector_12") for a in legal)
    assert [a for a in legal if a.startswith("attack Sector_24 Sector_31")] == [
        "attack Sector_24 Sector_31 1",
        "attack Sector_24 Sector_31 2",
    ]
    with pytest.raises(IllegalAction):
        table.do(0, "attack Sector_24 Sector_31 3")


def test_mcu18_attacker_commits_then_defender_one_or_two() -> None:
    table = Table()
    table.give(0, 9, "Sector_12")
    table.give(1, 6, "Sector_13")
    table.turn_of(0, ATTACK)
    table.do(0, "attack Sector_12 Sector_13 3")
    assert table.state.phase == DEFEND and GAME.to_move(table.state) == (1,)
    assert table.legal(1) == ["defend 1", "defend 2"]  # even with 6 units there
    with pytest.raises(IllegalAction):
        table.do(1, "defend 3")
    table.dice((5, 4, 3, 6))
    table.do(1, "defend 1")
    assert (table.units("Sector_12"), table.units("Sector_13")) == (8, 6)


def test_mcu19_pairs_high_to_low_ties_to_the_defender() -> None:
    table = Table()
    table.give(0, 9, "Sector_12")
    table.give(1, 6, "Sector_13")
    table.turn_of(0, ATTACK)
    table.dice((3, 3, 6, 3, 2))  # 6-3 to the attacker, 3-2 to the attacker, the 3 unused
    table.do(0, "attack Sector_12 Sector_13 3")
    table.do(1, "defend 2")
    assert (table.units("Sector_12"), table.units("Sector_13")) == (9, 4)
    table.dice((4, 1, 4, 4))  # 4-4 to the defender, 1-4 to the defender
    table.do(0, "attack Sector_12 Sector_13 2")
    table.do(1, "defend 2")
    assert (table.units("Sector_12"), table.units("Sector_13")) == (7, 4)


def test_mcu20_fight_on_or_stop_and_go_elsewhere() -> None:
    table = Table()
    table.give(0, 9, "Sector_12")
    table.give(1, 6, "Sector_13", "Sector_11")
    table.turn_of(0, ATTACK)
    table.dice((6, 1), (6, 1))
    table.do(0, "attack Sector_12 Sector_13 1")
    table.do(1, "defend 1")
    assert table.state.phase == ATTACK
    table.do(0, "attack Sector_12 Sector_11 1")  # S7: each battle names its source
    table.do(1, "defend 1")
    assert (table.units("Sector_13"), table.units("Sector_11")) == (5, 5)


def test_e3_invasion_golden() -> None:
    table = Table(players=5, factions="in-order")  # seat 1 is Ultron, seat 4 Thor
    thor, ultron = 4, 1
    assert GAME.seat_names(table.state)[thor] == "Thor"
    table.give(thor, 7, "Sector_12")
    table.give(ultron, 2, "Sector_13")
    table.turn_of(thor, ATTACK)
    table.dice((6, 4, 1, 5, 4), (6, 5, 4, 1))
    table.do(thor, "attack Sector_12 Sector_13 3")
    table.do(ultron, "defend 2")
    # 6 beats 5; the 4-4 tie goes to the defender; Thor's third die is unused.
    assert (table.units("Sector_12"), table.units("Sector_13")) == (6, 1)
    table.do(thor, "attack Sector_12 Sector_13 3")
    table.do(ultron, "defend 1")
    assert table.state.phase == OCCUPY
    for wrong in ("move 2", "move 6"):  # fewer than the dice, or Sector_12 left empty
        with pytest.raises(IllegalAction):
            table.do(thor, wrong)
    table.do(thor, "move 5")  # all 3 attackers and 2 more
    assert (table.units("Sector_13"), table.units("Sector_12")) == (5, 1)
    assert table.owner("Sector_13") == thor


def test_mcu21_survivors_move_in_and_more_may_follow() -> None:
    table = Table()
    table.give(0, 6, "Sector_12")
    table.give(1, 1, "Sector_13")
    table.turn_of(0, ATTACK)
    table.dice((6, 2, 1))
    table.do(0, "attack Sector_12 Sector_13 2")
    table.do(1, "defend 1")
    # The 2 dice rolled are in already (the attacker lost none); up to 5 may be there.
    assert table.units("Sector_13") == 2 and table.legal(0) == [f"move {k}" for k in range(2, 6)]
    table.do(0, "move 2")
    assert (table.units("Sector_12"), table.units("Sector_13")) == (4, 2)


def test_mcu22_no_limit_on_invasions_or_battles() -> None:
    table = Table()
    table.give(0, 30, "Sector_12")
    table.give(1, 12, "Sector_13")
    table.turn_of(0, ATTACK)
    table.dice(*[(6, 5, 4, 3, 1)] * 6)
    for _ in range(5):
        table.do(0, "attack Sector_12 Sector_13 3")
        table.do(1, "defend 2")
    assert table.units("Sector_13") == 2
    table.do(0, "attack Sector_12 Sector_13 3")
    table.do(1, "defend 2")
    assert table.owner("Sector_13") == 0


def _eliminating_seat_2(theirs: list[str], mine: list[str]) -> Table:
    """Seat 0 (holding `mine`) takes Sector_13, the last sector of seat 2 (holding `theirs`),
    and is asked to move in."""
    table = Table()
    table.give(0, 5, "Sector_12")
    table.turn_of(0, ATTACK)
    st = table.state
    for t in range(len(st.board)):  # seat 2 holds only Sector_13
        if st.owner[t] == 2:
            st.owner[t] = 1
    table.give(2, 1, "Sector_13")
    table.hand(2, *theirs)
    table.hand(0, *mine)
    table.dice((6, 1))
    table.do(0, "attack Sector_12 Sector_13 1")
    table.do(2, "defend 1")
    return table


def test_mcu23_eliminated_player_cards_go_to_the_eliminator() -> None:
    table = _eliminating_seat_2(["UL01", "UL03"], ["CA01"])
    assert not table.state.alive[2] and table.state.hands[2] == []
    assert table.hand_ids(0) == ["CA01", "UL01", "UL03"]  # S8: no forced trade
    assert table.state.phase == OCCUPY


def test_mcu24_one_maneuver_along_own_sectors() -> None:
    table = Table()
    table.give(0, 3, "Sector_24", "Sector_31", "Sector_32")
    table.give(0, 4, "Sector_12")
    table.give(1, 1, "Sector_13", "Sector_25", "Sector_23", "Sector_28", "Sector_26")
    table.turn_of(0, MANEUVER)
    legal = table.legal(0)
    assert "maneuver Sector_24 Sector_32 2" in legal
    assert not any(a.startswith("maneuver Sector_12 Sector_24") for a in legal)
    with pytest.raises(IllegalAction, match="no chain"):  # only through enemy sectors
        table.do(0, "maneuver Sector_12 Sector_24 1")
    with pytest.raises(IllegalAction, match="one stays"):
        table.do(0, "maneuver Sector_24 Sector_32 3")
    table.do(0, "maneuver Sector_24 Sector_32 2")
    assert (table.units("Sector_24"), table.units("Sector_32")) == (1, 5)
    assert table.state.current == 1  # one maneuver, and the turn is over


def test_mcu24_a_maneuver_may_follow_a_connection_line() -> None:
    """Reading [Maneuver]: sectors joined by a connection line are connected for a maneuver
    as for an invasion (Sector_04's line to Malibu's Sector_01)."""
    table = Table()
    table.give(0, 4, "Sector_04")
    table.give(0, 1, "Sector_01")
    table.turn_of(0, MANEUVER)
    assert "maneuver Sector_04 Sector_01 3" in table.legal(0)
    table.do(0, "maneuver Sector_04 Sector_01 3")
    assert (table.units("Sector_04"), table.units("Sector_01")) == (1, 4)


def test_e4_maneuver_two_from_24_to_32() -> None:
    table = Table(players=5, factions="in-order")
    thor = 4
    table.give(thor, 3, "Sector_24", "Sector_31", "Sector_32")
    table.turn_of(thor, MANEUVER)
    assert "maneuver Sector_24 Sector_32 2" in table.legal(thor)
    table.do(thor, "maneuver Sector_24 Sector_32 2")
    assert table.units("Sector_32") == 5 and table.units("Sector_31") == 3


def test_mcu25_one_card_for_any_conquests() -> None:
    table = Table()
    table.give(0, 9, "Sector_12")
    table.give(1, 1, "Sector_13", "Sector_11")
    table.turn_of(0, ATTACK)
    table.dice((6, 1), (6, 1))
    table.do(0, "attack Sector_12 Sector_13 1")
    table.do(1, "defend 1")
    table.do(0, "move 1")
    table.do(0, "attack Sector_12 Sector_11 1")
    table.do(1, "defend 1")
    table.do(0, "move 1")
    table.do(0, "end")
    table.do(0, "end")
    assert len(table.state.hands[0]) == 1  # two sectors, one card
    table.state.phase = MANEUVER
    table.do(1, "end")
    assert len(table.state.hands[1]) == 0  # no conquest, no card


def test_mcu26_s6_first_to_twenty_sectors_wins_mid_turn() -> None:
    table = Table()
    b = table.state.board
    mine = [n for n in b.territories if n not in ("Sector_13",)][:19]
    assert "Sector_12" in mine
    table.give(0, 2, *mine)
    table.give(1, 1, "Sector_13")
    table.turn_of(0, ATTACK)
    table.dice((6, 1))
    table.do(0, "attack Sector_12 Sector_13 1")
    table.do(1, "defend 1")
    # S6: checked right after the minimum move-in; the game ends mid-turn.
    assert table.state.phase == OVER
    outcome = GAME.outcome(table.state)
    assert outcome is not None and outcome.winners == (0,) and "20 sectors" in outcome.reason


def test_mcu26_the_target_is_an_option() -> None:
    assert next(o for o in GAME.options if o.name == "sectors_to_win").default == 20
    table = Table(players=5, sectors_to_win=11)
    table.give(0, 3, *[f"Sector_{n:02d}" for n in range(3, 13)])  # 10 sectors
    table.give(1, 1, "Sector_13")
    table.turn_of(0, ATTACK)
    table.dice((6, 1))
    table.do(0, "attack Sector_12 Sector_13 1")
    table.do(1, "defend 1")
    assert table.state.phase == OVER and "11 sectors" in table.events[-1].text


@pytest.mark.parametrize(("players", "least"), [(3, 18), (4, 14), (5, 11)])
def test_mcu26_a_target_the_setup_claims_reach_is_refused(players: int, least: int) -> None:
    """MCU26 with S1: the claims share out all 50 sectors (17, 13 or 10 for the largest
    share), so a smaller target would be met before the first turn; it is refused."""
    with pytest.raises(WarroomError, match="sectors_to_win"):
        GAME.new_game(players, 1, {"sectors_to_win": least - 1})
    assert GAME.new_game(players, 1, {"sectors_to_win": least}).phase == CLAIM


def test_s5_empty_deck_is_the_shuffled_discard() -> None:
    table = Table()
    table.give(0, 5, "Sector_12")
    table.give(1, 1, "Sector_13")
    table.turn_of(0, ATTACK)
    st = table.state
    st.discard, st.deck = st.deck, []
    table.dice((6, 1))
    table.do(0, "attack Sector_12 Sector_13 1")
    table.do(1, "defend 1")
    table.do(0, "move 1")
    table.do(0, "end")
    table.do(0, "end")
    assert len(table.state.hands[0]) == 1 and len(table.state.deck) == 59
    assert table.state.discard == []
    assert any(e.kind == "reshuffle" for e in table.events)


def test_s7_each_battle_names_its_source_so_another_source_is_another_invasion() -> None:
    """S7 [Invasions and Battles continued]: a battle from another sector on the same target
    is a new invasion; each battle names its source, as in Classic, with no step between."""
    table = Table()
    table.give(0, 4, "Sector_12", "Sector_14")
    table.give(1, 3, "Sector_13")
    table.turn_of(0, ATTACK)
    table.dice((6, 1), (6, 1))
    table.do(0, "attack Sector_12 Sector_13 1")
    table.do(1, "defend 1")
    assert table.state.phase == ATTACK and table.units("Sector_13") == 2
    legal = table.legal(0)
    assert "attack Sector_12 Sector_13 3" in legal and "attack Sector_14 Sector_13 3" in legal
    table.do(0, "attack Sector_14 Sector_13 1")
    table.do(1, "defend 1")
    assert (table.units("Sector_12"), table.units("Sector_14"), table.units("Sector_13")) == (
        4,
        4,
        1,
    )


def test_s8_cards_won_by_elimination_force_no_trade_and_the_cap_holds() -> None:
    """S8 [Invasions and Battles continued]: the eliminator takes the loser's cards with no
    forced trade (Classic's 6 cards would force one); a later turn-in is still 10 symbols at
    most."""
    won = ["CA03", "CA06", "CA09", "CA12", "UL03", "UL06"]  # 6 cards, 12 symbols
    table = _eliminating_seat_2(won, [])
    assert len(table.state.hands[0]) >= GAME.elimination_trade_at
    table.do(0, "move 1")
    assert table.state.phase == ATTACK and not table.state.elimination_trade
    assert table.hand_ids(0) == sorted(won)
    table.turn_of(0, REINFORCE, pending=3)
    assert any(a.startswith("place") for a in table.legal(0))
    with pytest.raises(IllegalAction, match="12 symbols"):
        table.do(0, "trade " + " ".join(won))
    table.do(0, "trade " + " ".join(won[:5]))
    assert table.state.pending == 3 + table.state.chart.price(10)


def test_s10_asgard_and_the_battle_sectors_are_ordinary_sectors() -> None:
    """S10 [Sk Set Up]: Sector_50 (Asgard) is claimed like any sector, with no Dark Elves, and
    a sector that holds a Loki token in Battle for Manhattan defends with plain d6s."""
    table = Table()
    first = table.state.first
    assert "claim Sector_50" in table.legal(first)
    table.do(first, "claim Sector_50")
    assert table.owner("Sector_50") == first and table.units("Sector_50") == 3
    table = Table()
    table.give(0, 4, "Sector_48", "Sector_25")
    table.give(1, 2, "Sector_50", "Sector_26")
    table.turn_of(0, ATTACK)
    rng = table.dice((6, 6, 6, 1, 1), (6, 6, 6, 1, 1))
    for source, target in (("Sector_48", "Sector_50"), ("Sector_25", "Sector_26")):
        table.do(0, f"attack {source} {target} 3")
        table.do(1, "defend 2")
        table.do(0, "move 3")
        assert table.owner(target) == 0
    assert rng.sides == [6] * 10


def test_malformed_and_illegal_trades_change_nothing() -> None:
    table = Table()
    table.turn_of(0, REINFORCE, pending=3)
    table.hand(0, "CA01", "CA02")
    before = table.state.copy()
    for text in ("trade", "trade CA01 CA01", "trade CA01 TH02", "trade 3"):
        with pytest.raises((IllegalAction, MalformedAction)):
            GAME.apply(table.state, 0, Action.parse(text))
    assert table.state == before


# -- texts -------------------------------------------------------------------------------------
def test_the_shared_handlers_texts_count_units_as_the_rulebook_does() -> None:
    """MCU's rulebook calls the pieces units (MCU5, MCU17): the log and the refusals that
    Classic's handlers write for Skirmish say so (they said armies), and a choice of one count
    reads as one ("1 die", not "1 to 1 dice")."""
    table = Table()
    play_a_turn_counting_units(table, "Sector_12", "Sector_13", "maneuver")
    turn = [e.text for e in table.events if e.kind == "turn"]
    assert len(turn) == 1 and re.fullmatch(r"Turn 6: \D+ receives \d+ units.*", turn[0])
    assert not [e.text for e in table.events if re.search(r"\barm(y|ies)\b", e.text)]
