"""Guardians of the Galaxy card game (MCU80-MCU95), the readings that change behaviour (Q#),
the examples E9/E10 and the reconstructed Set powers. Dice are numbered 1-5 (d6), 6-7 (d8).

Cards used (reconstructed data): Morag (Orb, reroll, 9): Star-Lord, Korath, Walkman (1:
2 6 / 3+); Knowhere (reroll, 10): Cosmo (1: 6 / 1 3); Xandar (ignore_steal, 9); The Kyln
(extra_die, 16)."""

from __future__ import annotations

import pytest

from tests.dice.conftest import GUARDIANS as GAME
from tests.dice.conftest import all_owned_but, do, legal, owner_of, play, position
from warroom.core import Action, IllegalAction
from warroom.games.dice_cards.chances import completion_chance, has_chance
from warroom.games.dice_cards.state import MATCH, NOBODY, OVER, DiceCardsState
from warroom.odds.dice_match import completion_float
from warroom.rules.dice_match import sum_low

NEXT_TURN = [(4, 4, 4, 4, 4), (4, 4)]
CLAIM_WALKMAN = [(2, 6, 4, 4, 4), (5, 5), (1, 2, 4), (5, 5)]  # then: match 2 3 4
STEAL_COSMO = [(6, 1, 3, 6, 2), (5, 5), (1, 3, 4, 4), (5, 5), (6, 2), (5, 5)]
COSMO_MOVES = ("target cosmo 1 1", "match 2 2 3", "match steal 4")
MORAG = {"star-lord": 0, "korath": 0}


def group_cards(name: str) -> list[str]:
    cards = GAME.edition()
    group = next(g for g in cards.groups if g.name == name)
    return [cards.cards[c].id for c in group.cards]


def test_q5_a_first_roll_matching_nothing_ends_the_turn_and_costs_no_die() -> None:
    # Every card but Korath (7 / 3 4) locked in Player 2's whole sets or the player's own:
    # a roll of fives matches none of Korath's rows.
    owner = {card.id: 1 for card in GAME.edition().cards if card.id != "korath"}
    owner["star-lord"] = owner["walkman"] = 0  # Korath's set-mates, not targetable
    st = position(GAME, [(5, 5, 5, 5, 5), (5, 5), (1,) * 7, (1, 1)], owner=owner)
    assert legal(GAME, st) == ["pass"]
    st, events = do(GAME, st, "pass")
    assert [e.kind for e in events][:2] == ["no-match", "turn"]
    assert st.current == 1 and st.turn == 2 and st.target == NOBODY


def test_q6_the_player_chooses_which_die_to_set_aside() -> None:
    rolls = [(5, 1, 2, 4, 4), (8, 7), (6, 6, 6, 6, 6), (6,), (1, 1, 1, 1, 1), *NEXT_TURN]
    st = play(GAME, position(GAME, rolls), "target star-lord 1 6")  # die 6 shows the 8
    assert legal(GAME, st) == ["aside 1", "aside 7"]  # no 5 5, no 4+: a d6 or the d8
    st, events = do(GAME, st, "aside 7")
    assert st.slot[6] == -2 and [e.kind for e in events] == ["aside", "roll"]


def test_q7_the_attempt_fails_once_no_outcome_can_match_the_rows() -> None:
    # Nova Prime's 7 7 needs both d8s: with one of them on its 6+, no roll can match it.
    st = position(GAME, [(3, 5, 5, 4, 4), (3, 8), *NEXT_TURN])
    st, events = do(GAME, st, "target nova-prime 2 1 6")
    assert [e.kind for e in events][:3] == ["match", "fail", "turn"]
    assert owner_of(st, "nova-prime") == NOBODY and st.current == 1


def test_mcu81_five_d6_two_d8_six_sets_nineteen_assets() -> None:
    st = GAME.new_game(2, 1)
    assert st.sides == [6] * 5 + [8] * 2
    assert len(st.cards.groups) == 6 and len(st.cards.cards) == 19 and st.orb == NOBODY


def test_mcu82_every_card_face_up_and_a_random_start_player() -> None:
    assert {GAME.new_game(3, seed).current for seed in range(30)} == {0, 1, 2}
    assert set(GAME.new_game(3, 1).owner) == {NOBODY}


def test_mcu83_mcu84_a_first_roll_row_selects_an_unclaimed_or_opponents_card() -> None:
    st = position(GAME, [(2, 6, 4, 4, 4), (5, 5)], owner={"cosmo": 1})
    options = legal(GAME, st)
    assert "target walkman 1 1 2" in options and "target cosmo 1 2" in options
    assert "target cosmo steal 2" in options


def test_mcu85_rows_may_be_matched_in_any_order() -> None:
    st = position(GAME, [(1, 2, 4, 4, 4), (5, 5), (2, 6, 4), (5, 5), *NEXT_TURN])
    st = play(GAME, st, "target walkman 2 1 2", "match 1 3 4")
    assert owner_of(st, "walkman") == 0


def test_mcu86_e9_only_a_one_two_three_row_may_exceed_its_value() -> None:
    st = position(GAME, [(3, 3, 4, 5, 5), (5, 5)])
    # Walkman's 3+ takes 3 3 (a subset) but never the 4 (E9).
    assert "target walkman 2 1 2" in legal(GAME, st) and "target walkman 2 1" in legal(GAME, st)
    with pytest.raises(IllegalAction):
        GAME.apply(st, 0, GAME.parse(st, 0, "target walkman 2 1 2 3"))
    # Exact rows take no more: Cosmo's 1 3 is not matched by 3 3.
    assert not any(a.startswith("target cosmo 2") for a in legal(GAME, st))


def test_mcu87_an_owned_card_needs_the_circled_six_too() -> None:
    st = position(GAME, STEAL_COSMO + NEXT_TURN, owner={"cosmo": 1})
    st = play(GAME, st, *COSMO_MOVES[:2])
    assert st.phase == MATCH and owner_of(st, "cosmo") == 1
    st = play(GAME, st, COSMO_MOVES[2])
    assert owner_of(st, "cosmo") == 0


def test_mcu88_one_row_per_roll_and_a_miss_costs_a_die() -> None:
    st = position(GAME, [(2, 6, 4, 4, 4), (5, 5), (4, 4, 4), (5, 5), (4, 4), (5, 5)])
    st = play(GAME, st, "target walkman 1 1 2")
    assert legal(GAME, st) == ["aside 3", "aside 6"]
    st = play(GAME, st, "aside 3")
    assert len(st.unplaced()) == 4 and st.phase == MATCH


def test_mcu89_a_failure_returns_the_card_and_passes_the_dice() -> None:
    rolls = [(6, 4, 4, 4, 4), (5, 5), (4, 4, 4, 4), (5, 5), (4, 4, 4, 4), (5,), (4, 4, 4, 4)]
    rolls += [(4, 4, 4), *NEXT_TURN]
    st = position(GAME, rolls, owner={"cosmo": 1})
    st = play(GAME, st, "target cosmo 1 1", "aside 6", "aside 7", "aside 2")
    st, events = do(GAME, st, "aside 3")  # two dice left for 1 3 and the circled 6
    assert "fail" in [e.kind for e in events]
    assert owner_of(st, "cosmo") == 1 and st.current == 1 and len(st.unplaced()) == 7


def test_mcu90_a_success_collects_the_card() -> None:
    st = position(GAME, CLAIM_WALKMAN + NEXT_TURN)
    st = play(GAME, st, "target walkman 1 1 2", "match 2 3 4")
    assert owner_of(st, "walkman") == 0 and GAME.view(st, None)["players"][0]["cards"] == [
        "walkman"
    ]


def test_mcu91_a_whole_set_brings_its_power_protection_and_value() -> None:
    owner = dict.fromkeys(group_cards("Xandar"), 1) | {"cosmo": 2}
    # Protection, seen by another seat: this roll's 1 and 6 would take the Nova Corps Pilot
    # (row 1 is "1") from a Set that is not whole, and take nothing from a whole one.
    roll = STEAL_COSMO[:2]
    loose = position(GAME, roll, owner=owner | {"nova-prime": 2}, current=2)
    assert "target nova-pilot 1 2" in legal(GAME, loose)
    st = position(GAME, roll, owner=owner, current=2)
    assert not any("nova" in a or "rhomann" in a for a in legal(GAME, st))
    with pytest.raises(IllegalAction):
        GAME.apply(st, 2, GAME.parse(st, 2, "target nova-pilot 1 2"))
    st = position(GAME, STEAL_COSMO[:4] + NEXT_TURN, owner=owner, current=1)
    st = play(GAME, st, "target cosmo 1 1", "match 2 2 3")  # ignore_steal: no circled 6
    assert owner_of(st, "cosmo") == 1
    assert GAME.scores(st)[1] == 9 + 1  # the Set value, not 3 + 2 + 1


def test_mcu92_completing_morag_brings_the_orb_into_play() -> None:
    st = position(GAME, CLAIM_WALKMAN + NEXT_TURN, owner=MORAG)
    st, events = do(GAME, st, "target walkman 1 1 2")
    st, events = do(GAME, st, "match 2 3 4")
    assert st.orb == 0 and "orb" in [e.kind for e in events]
    assert GAME.view(st, 1)["orb"] == {"holder": 0}


@pytest.mark.parametrize(("orb_roll", "taken"), [((3, 3, 1, 2, 3), True), ((1, 2, 3, 4, 5), False)])
def test_mcu93_q3_stealing_from_the_orb_holder_earns_a_roll_for_it(
    orb_roll: tuple[int, ...], taken: bool
) -> None:
    rolls = [*STEAL_COSMO, orb_roll, (7, 7), *NEXT_TURN]  # Q3: the d8s' 7 7 is only a pair
    st = position(GAME, rolls, owner={"cosmo": 1}, orb=1)
    st, events = do(GAME, st, COSMO_MOVES[0])
    st = play(GAME, st, COSMO_MOVES[1])
    st, events = do(GAME, st, COSMO_MOVES[2])
    roll = next(e for e in events if e.kind == "orb-roll")
    assert roll.reveals and st.orb == (0 if taken else 1)


def test_mcu93_a_steal_from_a_player_without_the_orb_earns_no_roll() -> None:
    """The Orb is in play with Player 3; Player 1 steals Cosmo from Player 2: no Orb roll
    (the next seven dice, all fours, would have taken it), and Player 2 rolls them."""
    st = position(GAME, [*STEAL_COSMO, *NEXT_TURN], owner={"cosmo": 1}, orb=2)
    st = play(GAME, st, *COSMO_MOVES[:2])
    st, events = do(GAME, st, COSMO_MOVES[2])
    assert "orb-roll" not in [e.kind for e in events]
    assert owner_of(st, "cosmo") == 0 and st.orb == 2 and st.current == 1
    assert st.faces == [4] * 7


def test_mcu94_q1_a_last_chance_round_of_steals_from_the_next_player_to_the_taker() -> None:
    owner = all_owned_but(GAME.new_game(3, 1), "walkman", seat=2)
    nothing = [(4, 4, 4, 4, 4), (4, 5)]  # matches none of the cards that can be stolen
    seven = [(4,) * 7, (4, 5)]  # seat 2 holds two extra_die Sets
    st = position(GAME, CLAIM_WALKMAN + nothing + seven + nothing, owner=owner)
    st, events = do(GAME, st, "target walkman 1 1 2")
    st, events = do(GAME, st, "match 2 3 4")
    assert "last-chance" in [e.kind for e in events] and st.final == [1, 2, 0] and st.current == 1
    assert GAME.view(st, 1)["final_round"] == [1, 2, 0]
    for seat in (1, 2, 0):
        assert st.current == seat and legal(GAME, st)[0] == "pass"
        st = play(GAME, st, "pass")
    assert st.phase == OVER and st.outcome is not None and st.outcome.winners == (2,)


def test_q1_only_steals_in_the_last_chance_round_and_protected_sets_stay() -> None:
    owner = all_owned_but(GAME.new_game(3, 1), "walkman", seat=2)
    st = position(GAME, [*CLAIM_WALKMAN, (2, 6, 6, 4, 4), (7, 5)], owner=owner)
    st = play(GAME, st, "target walkman 1 1 2", "match 2 3 4")
    targets = {a.split()[1] for a in legal(GAME, st) if a.startswith("target")}
    assert targets == {"walkman", "star-lord", "korath"}  # Morag is the only Set not whole


def test_q4_the_orb_roll_happens_in_the_last_chance_round_too() -> None:
    owner = all_owned_but(GAME.new_game(3, 1), seat=2) | {"cosmo": 1}
    rolls = [*STEAL_COSMO, (2, 2, 2, 1, 1), (7, 8), *NEXT_TURN]
    st = position(GAME, rolls, owner=owner, orb=1)
    st.final = [0, 1, 2]
    st = play(GAME, st, *COSMO_MOVES)
    assert st.orb == 0 and st.current == 1 and st.final == [1, 2]


def test_q10_the_orb_enters_only_on_morags_first_completion() -> None:
    st = position(GAME, CLAIM_WALKMAN + NEXT_TURN, owner=MORAG, orb=2)
    st = play(GAME, st, "target walkman 1 1 2", "match 2 3 4")
    assert st.orb == 2


def test_mcu95_e10_a_set_value_plus_a_loose_card_plus_five_for_the_orb() -> None:
    st = position(GAME, NEXT_TURN, owner=dict.fromkeys(group_cards("Morag"), 0) | {"cosmo": 0})
    st.orb = 0
    # MCU95 [GotG end]: "The Orb holder scores +5", the rulebook's number, not the code's.
    assert GAME.scores(st)[0] == 9 + 1 + 5


def test_q2_a_tie_is_a_shared_win() -> None:
    """Player 1 takes the last card, Cosmo, to draw level at 33: Knowhere 10, The Kyln 16,
    Rhomann Dey 2 and the Orb 5, against Morag 9, Dark Aster 11, Sanctuary 9, Nova Prime 3 and
    the Nova Corps Pilot 1; in the last-chance round no roll matches a card left to steal."""
    cards = dict.fromkeys(group_cards("Knowhere") + group_cards("The Kyln"), 0)
    for name in ("Morag", "Dark Aster", "Sanctuary"):
        cards |= dict.fromkeys(group_cards(name), 1)
    cards |= {"rhomann-dey": 0, "nova-prime": 1, "nova-pilot": 1}
    del cards["cosmo"]
    fours = (4, 4, 4, 4, 4, 4)
    # Each has an extra d6 (The Kyln, Dark Aster), rolled with the d6s.
    rolls = [(6, 1, 3, 4, 4, 4), (5, 5), (1, 3, 4, 4, 4), (5, 5), fours, (4, 4), fours, (4, 4)]
    st = position(GAME, rolls, players=2, owner=cards, orb=0)
    st = play(GAME, st, "target cosmo 1 1", "match 2 2 3")
    for seat in (1, 0):  # Morag's and Knowhere's rerolls are theirs, but nothing is stealable
        assert st.current == seat and legal(GAME, st) == ["pass", "reroll"]
        st = play(GAME, st, "pass")
    assert GAME.scores(st) == [33, 33]
    assert st.outcome is not None and st.outcome.winners == (0, 1)


def test_q8_extra_die_power_rolls_an_eighth_die() -> None:
    owner = dict.fromkeys(group_cards("The Kyln"), 0)
    st = position(GAME, [(4, 4, 4, 4, 4, 3), (4, 4)], owner=owner)
    assert st.sides == [6] * 5 + [8] * 2 + [6] and "target walkman 2 8" in legal(GAME, st)


def test_q8_reroll_power_rerolls_the_unplaced_dice_once_a_turn() -> None:
    owner = dict.fromkeys(group_cards("Knowhere"), 0)
    st = position(GAME, [(4, 4, 4, 4, 4), (4, 4), (2, 6, 4, 4, 4), (5, 5)], owner=owner)
    assert legal(GAME, st)[-1] == "reroll"
    st = play(GAME, st, "reroll")
    assert st.rerolls == 0 and "reroll" not in legal(GAME, st)
    assert "target walkman 1 1 2" in legal(GAME, st)


def knowhere_reroll_at_a_miss() -> DiceCardsState:
    """Seat 0 holds Knowhere (one reroll a turn), has staged Walkman on its "2 6" row with
    dice 1 and 2, and the next roll (4 4 4 and 5 5) misses the open "3+" row."""
    owner = dict.fromkeys(group_cards("Knowhere"), 0)
    st = position(GAME, [(2, 6, 4, 4, 4), (5, 5), (4, 4, 4), (5, 5)], owner=owner)
    return play(GAME, st, "target walkman 1 1 2")


def test_q8_each_choice_s_chance_counts_the_reroll_left_and_a_reroll_has_its_own() -> None:
    """The chance beside each choice is the solver's with the rerolls still to come this turn:
    setting a die aside keeps the reroll for later, rerolling spends it; before a card is
    staged a reroll has no card to give a chance for."""
    owner = dict.fromkeys(group_cards("Knowhere"), 0)
    first = position(GAME, [(2, 6, 4, 4, 4), (5, 5)], owner=owner)
    assert first.rerolls == 1 and not has_chance(first, Action("reroll"))
    three_up = [sum_low(3)]
    staged = completion_chance(GAME, first, 0, Action("target", ("walkman", 1, 1, 2)))
    assert staged == completion_float(three_up, 3, 2, rerolls=1)[0]
    assert staged > completion_float(three_up, 3, 2)[0]  # the reroll left is worth something
    st = knowhere_reroll_at_a_miss()
    assert st.phase == MATCH and legal(GAME, st) == ["aside 3", "aside 6", "reroll"]
    chance = {a.text(): completion_chance(GAME, st, 0, a) for a in GAME.legal_actions(st, 0)}
    assert chance == {
        "aside 3": completion_float(three_up, 2, 2, rerolls=1)[0],
        "aside 6": completion_float(three_up, 3, 1, rerolls=1)[0],
        "reroll": completion_float(three_up, 3, 2)[0],
    }
    assert max(chance, key=lambda a: chance[a]) == "reroll"
