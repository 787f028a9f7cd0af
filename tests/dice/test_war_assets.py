"""War Assets (ME120-ME132), one test per rule, the readings that change behaviour (W#) and
the worked examples E16/E17. Dice are numbered 1-5 (d6) and 6-7 (d8).

Cards used (reconstructed data): Sur'Kesh (Citadel Council Systems, value 2: 7 / 5 / 3+),
Palaven (3: 8 / 4 4 / 6+), Thessia (4), Dekuuna (1: 4 / 2 2), Horizon (1: 3 / 4+)."""

from __future__ import annotations

import copy

import pytest

from tests.dice.conftest import WAR_ASSETS as GAME
from tests.dice.conftest import all_owned_but, do, legal, owner_of, play, position
from warroom.core import IllegalAction, MalformedAction, Match, WarroomError
from warroom.core.shortform import complete
from warroom.games.dice_cards.state import MATCH, NOBODY, OVER, TARGET

NEXT_TURN = [(1, 1, 1, 1, 1), (1, 1)]  # any first roll of the next player
CLAIM_SUR_KESH = (
    [(5, 1, 2, 4, 4), (7, 8)],  # first roll: die 6 shows 7
    [(5, 1, 2, 4, 4), (8,)],  # dice 1-5 and 7 rolled again: die 1 shows 5
    [(1, 2, 4, 4), (8,)],  # dice 2-5 and 7: dice 2 and 3 show 1 and 2
)
SUR_KESH_MOVES = ("target sur-kesh 1 6", "match 2 1", "match 3 2 3")


def flat(*rolls: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    return [faces for roll in rolls for faces in roll]


def test_me120_seven_dice_five_d6_two_d8_and_18_cards() -> None:
    st = GAME.new_game(3, 1)
    assert st.sides == [6] * 5 + [8] * 2 and len(st.cards.cards) == 18


def test_me121_every_planet_unclaimed_and_a_random_start_player() -> None:
    starts = {GAME.new_game(4, seed).current for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    assert set(GAME.new_game(4, 1).owner) == {NOBODY}


def test_me122_me132_region_value_replaces_its_cards_and_most_points_wins() -> None:
    owner = all_owned_but(GAME.new_game(2, 1), "sur-kesh", seat=1)
    owner |= {"palaven": 0, "thessia": 0}
    st = position(GAME, flat(*CLAIM_SUR_KESH), players=2, owner=owner)
    st = play(GAME, st, *SUR_KESH_MOVES)
    scores = GAME.scores(st)
    assert scores[0] == 12  # Citadel Council Systems' value, not 2 + 3 + 4
    assert scores[1] == 8 + 12 + 9 + 8 + 9
    assert st.outcome is not None and st.outcome.winners == (1,)


def test_me123_only_a_card_whose_row_the_first_roll_completely_matches() -> None:
    st = position(GAME, [(4, 4, 4, 4, 4), (4, 4)], owner={"antibaar": 1})
    targets = {a.split()[1] for a in legal(GAME, st)}
    assert "dekuuna" in targets  # row 4
    assert "antibaar" not in targets  # 5, 3 and the steal row's 6: none is rolled
    assert "horizon" not in targets  # neither 3 nor 4+ in low dice
    with pytest.raises(IllegalAction):
        GAME.apply(st, 0, GAME.parse(st, 0, "target horizon 1 1"))
    st = position(GAME, [(4, 4, 4, 4, 6), (4, 4)], owner={"antibaar": 1})
    assert "target antibaar steal 5" in legal(GAME, st)  # an opponent's card may be selected


def test_me124_an_exact_row_needs_exactly_its_numbers() -> None:
    st = position(GAME, [(4, 5, 1, 1, 1), (1, 1)])
    assert not any(a.startswith("target palaven 2") for a in legal(GAME, st))
    st = position(GAME, [(4, 4, 1, 1, 1), (1, 1)])
    assert "target palaven 2 1 2" in legal(GAME, st)


def test_me125_e16_a_sum_row_is_ones_twos_threes_reaching_the_total() -> None:
    st = position(GAME, [(2, 2, 3, 4, 5), (4, 5)])
    assert "target palaven 3 1 2 3" in legal(GAME, st)  # 6+ from 2, 2, 3
    st = position(GAME, [(2, 2, 4, 4, 5), (4, 5)])
    assert not any(a.startswith("target palaven 3") for a in legal(GAME, st))


def test_me126_an_owned_planet_also_needs_the_steal_row() -> None:
    rolls = [*flat(*CLAIM_SUR_KESH), (6, 4), (8,), *NEXT_TURN]
    st = position(GAME, rolls, owner={"sur-kesh": 1})
    st = play(GAME, st, *SUR_KESH_MOVES)
    assert st.phase == MATCH and owner_of(st, "sur-kesh") == 1  # the steal row is open
    st = play(GAME, st, "match steal 4")
    assert owner_of(st, "sur-kesh") == 0 and st.current == 1


def test_me127_one_row_per_roll_placed_dice_stay_the_rest_roll_again() -> None:
    st = position(GAME, [(5, 1, 2, 4, 4), (7, 8), (5, 1, 2, 4, 4), (8,)])
    st, events = do(GAME, st, "target sur-kesh 1 6")
    assert st.faces[5] == 7 and st.slot[5] == 0
    assert events[-1].reveals and [d[0] for d in events[-1].data["dice"]] == [1, 2, 3, 4, 5, 7]
    # Dice 1, 2 and 3 match rows 2 and 3 together, but only one row may be matched.
    with pytest.raises(WarroomError):
        GAME.apply(st, 0, GAME.parse(st, 0, "match 2 1 2 3"))
    assert sorted(legal(GAME, st)) == ["match 2 1", "match 3 2 3"]


def test_me127_later_rolls_stay_on_the_same_planet() -> None:
    """Once a planet is selected the later rolls match its rows only: no other planet is
    selected mid-attempt (Antibaar's 5 shows), and the first roll sets no die aside."""
    st = position(GAME, [(4, 4, 4, 4, 4), (4, 4)])
    with pytest.raises(IllegalAction, match="only after a roll of an attempt"):
        GAME.apply(st, 0, GAME.parse(st, 0, "aside 1"))
    st = position(GAME, [(5, 1, 2, 4, 4), (7, 8), (5, 4, 4, 4, 4), (8,)])
    st = play(GAME, st, "target sur-kesh 1 6")
    assert legal(GAME, st) == ["match 2 1"]
    with pytest.raises(IllegalAction, match="selected on the first roll of a turn, not a later"):
        GAME.apply(st, 0, GAME.parse(st, 0, "target antibaar 1 1"))


def test_me127_a_matched_row_and_its_placed_dice_are_done_for_the_turn() -> None:
    """Placed dice stay: a matched row is not matched again (die 7 rolls the 7 once more),
    and a placed die is not placed again (die 1, on the steal row, shows the 6 row 1 asks)."""
    st = position(GAME, [(5, 1, 2, 4, 4), (7, 8), (5, 1, 2, 4, 4), (7,)])
    st = play(GAME, st, "target sur-kesh 1 6")
    with pytest.raises(IllegalAction, match="already matched"):
        GAME.apply(st, 0, GAME.parse(st, 0, "match 1 7"))
    st = position(GAME, [(6, 4, 4, 4, 4), (8, 8), (4, 4, 4, 4), (8, 8)], owner={"elysium": 1})
    st = play(GAME, st, "target elysium steal 1")
    assert legal(GAME, st) == ["aside 2", "aside 6"]  # no 6 and no 2 5 among dice 2-7
    with pytest.raises(IllegalAction, match="not among the dice just rolled"):
        GAME.apply(st, 0, GAME.parse(st, 0, "match 1 1"))


def test_me128_a_roll_that_matches_nothing_costs_one_die() -> None:
    rolls = [(5, 1, 2, 4, 4), (7, 8), (4, 4, 4, 4, 4), (8,), (4, 4, 4, 4), (8,)]
    st = position(GAME, rolls)
    st = play(GAME, st, "target sur-kesh 1 6")
    assert legal(GAME, st) == ["aside 1", "aside 7"]
    st = play(GAME, st, "aside 1")
    assert st.slot[0] == -2 and st.phase == MATCH and len(st.unplaced()) == 5


def test_me128_no_die_is_set_aside_after_a_roll_that_matches_a_row() -> None:
    """R (ME128, 'whenever you fail to match a row'): a roll that can match a row is matched;
    setting a die aside instead is refused, not only left unlisted."""
    st = position(GAME, [(5, 1, 2, 4, 4), (7, 8), (5, 1, 2, 4, 4), (8,)])
    st = play(GAME, st, "target sur-kesh 1 6")
    assert not any(a.startswith("aside") for a in legal(GAME, st))
    for die in (1, 4, 7):
        with pytest.raises(IllegalAction, match="a row can be matched"):
            GAME.apply(st, 0, GAME.parse(st, 0, f"aside {die}"))


def test_me129_matching_every_row_claims_the_planet() -> None:
    st = position(GAME, flat(*CLAIM_SUR_KESH) + NEXT_TURN)
    st, _events = do(GAME, st, SUR_KESH_MOVES[0])
    st = play(GAME, st, *SUR_KESH_MOVES[1:])
    assert owner_of(st, "sur-kesh") == 0 and st.current == 1 and st.phase == TARGET


def test_me130_w8_a_whole_region_is_locked_to_everyone_else() -> None:
    owner = {"sur-kesh": 1, "palaven": 1, "thessia": 1}
    st = position(GAME, [(5, 1, 2, 6, 6), (7, 8)], owner=owner)
    assert not any("sur-kesh" in a or "palaven" in a for a in legal(GAME, st))
    with pytest.raises(IllegalAction, match="group is locked: one player holds all of it"):
        GAME.apply(st, 0, GAME.parse(st, 0, "target sur-kesh 1 6"))
    assert GAME.view(st, 0)["cards"][0]["locked"] is True


def test_me131_after_a_failure_the_next_player_rolls_all_seven() -> None:
    rolls = [(5, 1, 2, 4, 4), (8, 8), (4, 4, 4, 4), (8, 8), (4, 4, 4, 4), (8,), *NEXT_TURN]
    st = position(GAME, rolls)
    st = play(GAME, st, "target sur-kesh 2 1", "aside 6")
    st, events = do(GAME, st, "aside 7")  # W3: no d8 is left for the 7
    assert [e.kind for e in events][:2] == ["aside", "fail"]
    assert owner_of(st, "sur-kesh") == NOBODY and st.current == 1 and st.unplaced() == [*range(7)]


def test_w2_a_first_roll_matching_nothing_ends_the_turn() -> None:
    owner = all_owned_but(GAME.new_game(2, 1), "horizon", seat=0)
    st = position(GAME, [(4, 4, 4, 4, 4), (4, 4), *NEXT_TURN], owner=owner)
    assert legal(GAME, st) == ["pass"]  # Horizon needs a 3 or 4+ in low dice
    st = play(GAME, st, "pass")
    assert st.current == 1 and st.turn == 2
    # A roll that matches a card is not passed: the card must be selected (ME123).
    st = position(GAME, [(3, 4, 4, 4, 4), (4, 4)], owner=owner)
    assert legal(GAME, st) == ["target horizon 1 1"]
    with pytest.raises(IllegalAction, match="pass only"):
        GAME.apply(st, 0, GAME.parse(st, 0, "pass"))


def test_w3_the_attempt_fails_once_no_outcome_can_match_the_rows() -> None:
    # Thessia's 7 8 needs both d8s: with one placed on its 3+, no roll can match it.
    st = position(GAME, [(5, 1, 1, 4, 4), (3, 8), *NEXT_TURN])
    st, events = do(GAME, st, "target thessia 3 6")
    assert [e.kind for e in events][:3] == ["match", "fail", "turn"]
    assert owner_of(st, "thessia") == NOBODY and st.current == 1
    # The 5 instead: both d8s are still unplaced, so the attempt rolls on.
    st = position(GAME, [(5, 1, 1, 4, 4), (3, 8), (1, 1, 1, 1), (7, 8)])
    st = play(GAME, st, "target thessia 2 1")
    assert st.phase == MATCH and "match 1 6 7" in legal(GAME, st)


def test_w4_the_player_chooses_a_d6_or_a_d8_to_set_aside() -> None:
    rolls = [(5, 1, 2, 4, 4), (7, 8), (4, 4, 4, 4, 4), (8,), (4, 4, 4, 4, 4), *NEXT_TURN]
    st = position(GAME, rolls)
    st = play(GAME, st, "target sur-kesh 1 6")
    st, events = do(GAME, st, "aside 7")  # the last d8: 7 is matched, so it is not needed
    assert st.slot[6] == -2 and events[-1].kind == "roll"


def test_w6_e17_the_steal_row_may_be_matched_by_the_first_roll() -> None:
    first = [(5, 1, 2, 6, 6), (7, 3)]  # E17: 7 (d8), 5, 1, 2, 6, 6, 3
    st = position(GAME, first)
    options = [a for a in legal(GAME, st) if "sur-kesh" in a]
    assert "target sur-kesh 1 6" in options and "target sur-kesh 2 1" in options
    assert "target sur-kesh 3 2 3" in options and "target sur-kesh 3 7" in options
    assert not any("steal" in a for a in options)  # unclaimed: no steal row
    st = position(GAME, first, owner={"sur-kesh": 1})
    options = [a for a in legal(GAME, st) if "sur-kesh" in a]
    assert "target sur-kesh steal 4" in options and "target sur-kesh steal 5" not in options
    st = position(GAME, [*first, (5, 1, 2, 6), (7, 3)], owner={"sur-kesh": 1})
    st = play(GAME, st, "target sur-kesh steal 5")  # any equivalent die is accepted
    assert st.slot[4] == 3 and len(st.unplaced()) == 6


def _tied_but_sur_kesh() -> dict[str, int]:
    """Every card owned but Sur'Kesh: three regions Player 2's, the rest Player 1's, so that
    Player 2 claiming Sur'Kesh ties the points at 29."""
    owner = {c.id: 0 for c in GAME.new_game(2, 1).cards.cards}
    for region in ("earth-central-systems", "perseus-veil", "terminus-systems"):
        for c in GAME.edition().cards:
            if GAME.edition().groups[c.group].id == region:
                owner[c.id] = 1
    del owner["sur-kesh"]
    return owner


def test_w7_the_last_claim_ends_the_game_at_once_and_ties_are_shared() -> None:
    st = position(GAME, flat(*CLAIM_SUR_KESH), players=2, owner=_tied_but_sur_kesh())
    st = play(GAME, st, *SUR_KESH_MOVES)
    assert st.phase == OVER and GAME.scores(st) == [29, 29]
    assert st.outcome is not None and st.outcome.winners == (0, 1)


def test_w9_nobody_targets_their_own_planet() -> None:
    st = position(GAME, [(5, 1, 2, 6, 6), (7, 3)], owner={"sur-kesh": 0})
    assert not any("sur-kesh" in a for a in legal(GAME, st))
    # the refusal says why: the card is the seat's own (it said only "cannot be targeted")
    own = r"is yours already \(W9/MCU84 \[WA How to Play 1; GotG 1\]"
    with pytest.raises(IllegalAction, match=own):
        GAME.apply(st, 0, GAME.parse(st, 0, "target sur-kesh 1 6"))


def test_the_log_names_a_matched_row_by_its_number_and_what_it_asks() -> None:
    """A row's printed text alone read as row numbers ("Sur'Kesh's row 5", "row 6 steal"):
    the log says the row's number and, in brackets, what it asks; a refusal names the dice."""
    rolls = [*flat(*CLAIM_SUR_KESH), (6, 4), (8,), *NEXT_TURN]
    st = position(GAME, rolls, owner={"sur-kesh": 1})
    lines = []
    for text in (*SUR_KESH_MOVES, "match steal 4"):
        if text == "match 2 1":
            with pytest.raises(IllegalAction, match=r"^die 2 \(showing 1\) does not match "):
                do(GAME, st, "match 2 2")
        st, events = do(GAME, st, text)
        lines += [e.text for e in events if e.kind == "match"]
    assert lines == [
        "Player 1 matches Sur'Kesh's row 1 (7) with 7",
        "Player 1 matches Sur'Kesh's row 2 (5) with 5",
        "Player 1 matches Sur'Kesh's row 3 (3+) with 1 2",
        "Player 1 matches Sur'Kesh's steal row (a 6) with 6",
    ]


def test_the_log_ends_saying_who_won() -> None:
    """The game's last log line is a sentence naming the winners (it was the outcome's reason
    alone: "every card is claimed; ...", no winner named), each score a count of points."""
    tie = _tied_but_sur_kesh()
    one = all_owned_but(GAME.new_game(2, 1), "sur-kesh")
    for owner, line in (
        (
            tie,
            "Player 1 and Player 2 win: every card is claimed; Player 1 has 29 points, "
            "Player 2 has 29 points",
        ),
        (one, "Player 2 wins: every card is claimed; Player 2 has "),
    ):
        st = position(GAME, flat(*CLAIM_SUR_KESH), players=2, owner=owner)
        st = play(GAME, st, *SUR_KESH_MOVES[:-1])
        st, events = do(GAME, st, SUR_KESH_MOVES[-1])
        assert st.phase == OVER
        assert next(e.text for e in events if e.kind == "game-over").startswith(line)


def test_a_typed_target_without_its_dice_is_completed_only_when_one_way_fits() -> None:
    """A trailing number left off fills in the most armies elsewhere; here the numbers say
    which dice, so a short form with several ways to finish it is refused, naming them, and
    leaves the turn as it was; with one way it is that way."""
    match = Match.start(GAME.id, 3, 1)
    # d6s 2 1 3 2 4, d8s 6 4: Dekuuna's row 1 (a 4) fits die 5 or die 7; Horizon's row 1 (a
    # 3) fits die 3 only
    match.state = position(GAME, [(2, 1, 3, 2, 4), (6, 4)])
    before = copy.deepcopy(match.state)
    with pytest.raises(
        MalformedAction, match=r"which dice\? \(target dekuuna 1 5, target dekuuna 1 7\)"
    ):
        complete(match, 0, "target dekuuna 1", [])
    assert match.state == before and match.record == []
    assert complete(match, 0, "target horizon 1", []).text() == "target horizon 1 3"
    # A row of several dice, one way to fill it: every die added, the card's name shortened
    # ("target eden 3" was "no card 'eden'", probed with one die added).
    ways = [a for a in match.legal(0) if a.kind == "target" and len(a.args) > 3]
    fits = {a.args[:2]: [w for w in ways if w.args[:2] == a.args[:2]] for a in ways}
    head, (whole,) = next((h, w) for h, w in fits.items() if len(w) == 1)
    typed = f"target {str(head[0])[:4]} {head[1]}"
    assert complete(match, 0, typed, []) == whole, typed
