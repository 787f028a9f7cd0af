"""Exact odds of dice-matching cards (War Assets, Guardians): hand-computed cases, an
independent brute force over ordered rolls built on the rules module, Monte Carlo of the
optimal policy, the spec's worked examples, and the `warroom odds --match` command."""

from __future__ import annotations

import itertools
import json
import math
import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache

import pytest
from typer.testing import CliRunner

from warroom.cli.main import app
from warroom.odds.dice_match import (
    Match,
    SetAside,
    actions,
    actions_exact,
    best_match,
    best_match_exact,
    can_complete,
    card_odds,
    card_odds_float,
    completion,
    completion_float,
)
from warroom.rules.dice_match import Die, Row, exact, matches, steal6, sum_low, ways

runner = CliRunner()
SCAN = [exact(7), exact(5), sum_low(3)]  # E13/E17: the scan example card (value 2)
# E17 marks only the 7 as a d8; a first roll has two (ME120): the 3 is read as the other.
E17_ROLL: list[Die] = [(8, 7), (6, 5), (6, 1), (6, 2), (6, 6), (6, 6), (8, 3)]


# -- hand-computed ---------------------------------------------------------------------------


def test_one_six_with_one_die_is_one_sixth() -> None:
    # Roll: a 6 matches (1/6); otherwise the only die is set aside and nothing is left.
    assert completion([exact(6)], 1, 0) == (Fraction(1, 6), Fraction(1))


def test_one_six_with_two_dice_counts_the_set_aside() -> None:
    # First roll: some 6 with 11/36. Else (25/36) set one die aside and roll the other: 1/6.
    p, rolls = completion([exact(6)], 2, 0)
    assert p == Fraction(11, 36) + Fraction(25, 36) * Fraction(1, 6) == Fraction(91, 216)
    assert rolls == 1 + Fraction(25, 36)


def test_the_die_set_aside_is_the_players_best_choice() -> None:
    # "7" with a d6 and a d8: 1/8 now; else keep the d8 (set the d6 aside) for another 1/8.
    assert completion([exact(7)], 1, 1) == (Fraction(1, 8) + Fraction(7, 64), Fraction(15, 8))
    action = best_match_exact([exact(7)], [(8, 1), (6, 4)])
    assert isinstance(action, SetAside) and action.die == 1 and action.p == Fraction(1, 8)
    assert best_match_exact([exact(7)], [(8, 1), (6, 4)], first_roll=True) is None


def test_card_from_the_first_roll() -> None:
    # "6", "6" with 2 d6: selectable when a 6 shows (11/36); then one d6 is left for the other.
    card = card_odds([exact(6), exact(6)], 2, 0)
    assert card.p_select == Fraction(11, 36)
    assert card.p_complete == Fraction(11, 36) * Fraction(1, 6)
    assert card.p_complete_if_selected == Fraction(1, 6)
    assert card.expected_rolls == 1 + Fraction(11, 36)  # a second roll only once selected
    assert card.expected_rolls_if_selected == 2


def test_exact_and_float_agree_and_steal_is_harder() -> None:
    plain, steal = card_odds(SCAN), card_odds(SCAN, steal=True)
    fplain = card_odds_float(SCAN)
    for name in ("p_select", "p_complete", "p_complete_if_selected", "expected_rolls"):
        assert float(getattr(plain, name)) == pytest.approx(getattr(fplain, name), rel=1e-12)
    assert steal.p_complete < plain.p_complete < plain.p_complete_if_selected < 1
    # Nothing matches when no die shows 5, no d8 shows 7, and the 1-3s total at most 2: the
    # other faces are 4, 6 (and 8 on a d8), and at most one 1-or-2 or two 1s show.
    none = (
        2**5 * 3**2  # no 1-3 at all
        + 5 * 2 * 2**4 * 3**2  # a d6 shows 1 or 2
        + 2 * 2 * 2**5 * 3  # a d8 shows 1 or 2
        + 10 * 2**3 * 3**2  # two d6s show 1
        + 5 * 2 * 2**4 * 3  # a d6 and a d8 show 1
        + 2**5  # both d8s show 1
    )
    assert 1 - plain.p_select == Fraction(none, 6**5 * 8**2) == Fraction(209, 31104)
    assert completion_float(SCAN, 5, 2)[0] == pytest.approx(float(completion(SCAN, 5, 2)[0]))


# -- W3/Q7: clear that you cannot match -----------------------------------------------------


@pytest.mark.parametrize(
    ("rows", "d6", "d8", "ok"),
    [
        ([exact(7)], 5, 0, False),  # a 7 needs a d8
        ([exact(7), exact(8)], 0, 1, False),
        ([exact(7), exact(8)], 0, 2, True),
        ([sum_low(7)], 2, 0, False),  # ceil(7/3) = 3 dice
        ([sum_low(7)], 2, 1, True),
        ([exact(2, 4), steal6()], 2, 0, False),
        ([exact(2, 4), steal6()], 2, 1, True),
    ],
)
def test_auto_fail_exactly_when_no_outcome_completes(
    rows: list[Row], d6: int, d8: int, ok: bool
) -> None:
    assert can_complete(rows, d6, d8) is ok
    assert (completion(rows, d6, d8)[0] > 0) is ok


def test_auto_fail_gives_the_same_odds_as_rolling_on() -> None:
    for rows, d6, d8 in [(SCAN, 3, 1), ([exact(7), exact(2, 4)], 3, 1), ([sum_low(8)], 4, 0)]:
        stop, on = completion(rows, d6, d8), completion(rows, d6, d8, auto_fail=False)
        assert stop[0] == on[0]
        assert stop[1] <= on[1]
    assert completion([exact(7)], 3, 0, auto_fail=False) == (0, 3)  # rolls till the dice run out
    assert completion([exact(7)], 3, 0) == (0, 0)


# -- an independent brute force: ordered rolls, the rules module's `ways` ---------------------

Policy = Callable[[tuple[Row, ...], list[Die]], tuple[int, tuple[int, ...]] | int]


def _brute(
    rows: Sequence[Row], sides: Sequence[int], policy: Policy | None = None, rerolls: int = 0
) -> Fraction:
    """P(complete) by expectimax over every ordered roll, rolling on to the last die (no W3
    shortcut), each match listed by `rules.dice_match.ways`; `policy` fixes the choices.
    `rerolls` (Guardians' power, optimal play only): after any roll, every unplaced die may be
    rolled again instead, that many times in the turn."""
    left = rerolls

    @cache
    def value(rows: tuple[Row, ...], sides: tuple[int, ...], rerolls: int = left) -> Fraction:
        if not rows:
            return Fraction(1)
        if not sides:
            return Fraction(0)
        total = Fraction(0)
        for faces in itertools.product(*(range(1, s + 1) for s in sides)):
            dice = list(zip(sides, faces, strict=True))
            best = step(rows, dice, rerolls)
            if rerolls:
                best = max(best, value(rows, sides, rerolls - 1))
            total += best
        return total / math.prod(sides)

    def roll_on(
        rows: tuple[Row, ...], dice: list[Die], used: Sequence[int], rerolls: int
    ) -> Fraction:
        kept = tuple(sorted(s for j, (s, _) in enumerate(dice) if j not in used))
        return value(rows, kept, rerolls)

    def after(
        rows: tuple[Row, ...], dice: list[Die], i: int, used: tuple[int, ...], rerolls: int
    ) -> Fraction:
        return roll_on(tuple(sorted(rows[:i] + rows[i + 1 :], key=repr)), dice, used, rerolls)

    def step(rows: tuple[Row, ...], dice: list[Die], rerolls: int) -> Fraction:
        free = range(len(dice))
        options = [(i, w) for i, r in enumerate(rows) for w in ways(r, dice, free)]
        if policy is not None:
            choice = policy(rows, dice)
            if isinstance(choice, int):
                assert not options
                return roll_on(rows, dice, (choice,), rerolls)
            assert choice in options
            return after(rows, dice, *choice, rerolls)
        if options:
            return max(after(rows, dice, i, w, rerolls) for i, w in options)
        return max(roll_on(rows, dice, (j,), rerolls) for j in free)

    return value(tuple(sorted(rows, key=repr)), tuple(sorted(sides)))


def _naive(rows: tuple[Row, ...], dice: list[Die]) -> tuple[int, tuple[int, ...]] | int:
    """Match the first row that matches, its first listed way; else set aside the first die."""
    for i, r in enumerate(rows):
        found = ways(r, dice, range(len(dice)))
        if found:
            return (i, found[0])
    return 0


SMALL = [
    ([exact(6)], [6, 6]),
    ([exact(7), exact(2)], [6, 8]),
    ([sum_low(3), exact(1)], [6, 6, 6]),
    ([sum_low(5), exact(3), steal6()], [6, 6, 6, 8]),
    ([exact(2, 4), exact(8)], [6, 6, 8, 8]),
    ([exact(7), exact(5), sum_low(3)], [6, 6, 6, 8]),
]


@pytest.mark.parametrize(("rows", "sides"), SMALL)
def test_matches_an_independent_brute_force(rows: list[Row], sides: list[int]) -> None:
    d8 = sides.count(8)
    assert completion(rows, len(sides) - d8, d8)[0] == _brute(rows, sides)


@pytest.mark.parametrize(("rows", "sides"), SMALL)
def test_rerolls_left_match_the_brute_force_with_rerolls(rows: list[Row], sides: list[int]) -> None:
    """Guardians' reroll power: the solver's chance with a reroll or two still to use this turn
    is the brute force's, and a reroll left never lowers it."""
    d8 = sides.count(8)
    d6 = len(sides) - d8
    for rerolls in (1, 2):
        assert completion(rows, d6, d8, rerolls=rerolls)[0] == _brute(rows, sides, rerolls=rerolls)
        with_more = completion_float(rows, d6, d8, rerolls=rerolls)[0]
        assert with_more >= completion_float(rows, d6, d8, rerolls=rerolls - 1)[0]


def test_a_reroll_left_is_another_try_at_a_lone_six() -> None:
    # "6" with one d6: 1/6; a reroll after a miss tries again: 1/6 + 5/6 x 1/6 = 11/36, and
    # the reroll is a roll of its own (1 + 5/6 rolls on average).
    assert completion([exact(6)], 1, 0, rerolls=1) == (Fraction(11, 36), 1 + Fraction(5, 6))
    assert completion([exact(6)], 1, 0, rerolls=2)[0] == 1 - Fraction(5, 6) ** 3
    with pytest.raises(ValueError, match="negative"):
        completion([exact(6)], 1, 0, rerolls=-1)


@pytest.mark.parametrize(("rows", "sides"), SMALL)
def test_optimal_beats_a_fixed_simple_policy(rows: list[Row], sides: list[int]) -> None:
    d8 = sides.count(8)
    assert completion(rows, len(sides) - d8, d8)[0] >= _brute(rows, sides, _naive)


def test_the_choice_of_dice_matters() -> None:
    # 1, 2, x on "3+" and "1": the naive player puts the 1 and 2 on "3+" and loses the 1.
    rows, sides = [sum_low(3), exact(1)], [6, 6, 6]
    assert completion(rows, 3, 0)[0] > _brute(rows, sides, _naive)
    best = best_match_exact(rows, [(6, 1), (6, 2), (6, 5)])
    assert isinstance(best, Match) and best.dice in ((0,), (1,))


def test_actions_are_the_rules_ways() -> None:
    """Every way the rules allow appears (as its d6/d8 counts), and every action is legal."""
    rng = random.Random(14)
    rows = [exact(7), exact(2, 4), sum_low(6), steal6(), exact(8, 3)]
    for _ in range(300):
        dice: list[Die] = [(s, rng.randint(1, s)) for s in rng.choice([[6] * 5 + [8] * 2, [6, 8]])]
        got = actions(rows, dice)
        for m in got:
            assert matches(rows[m.row], dice, m.dice)
        kinds = {(m.row, sum(dice[i][0] == 8 for i in m.dice), len(m.dice)) for m in got}
        want = {
            (i, sum(dice[j][0] == 8 for j in w), len(w))
            for i, r in enumerate(rows)
            for w in ways(r, dice, range(len(dice)))
        }
        assert kinds == want


# -- Monte Carlo of the optimal policy ----------------------------------------------------------


def _play(rows: list[Row], rng: random.Random) -> tuple[bool, int]:
    """One attempt from the first roll with 5 d6 + 2 d8, the solver's actions, checked against
    the rules' `matches`; returns (completed, rolls)."""
    left, sides, rolls, first = list(rows), [6] * 5 + [8] * 2, 0, True
    while left:
        if not can_complete(left, sides.count(6), sides.count(8)):
            return False, rolls
        dice = [(s, rng.randint(1, s)) for s in sides]
        rolls += 1
        action = best_match(left, dice, first_roll=first)
        first = False
        if action is None:
            return False, rolls
        if isinstance(action, SetAside):
            assert not actions(left, dice)
            sides = [s for j, (s, _) in enumerate(dice) if j != action.die]
            continue
        assert matches(left[action.row], dice, action.dice)
        del left[action.row]
        sides = [s for j, (s, _) in enumerate(dice) if j not in action.dice]
    return True, rolls


@pytest.mark.parametrize("steal", [False, True])
def test_monte_carlo_of_the_optimal_policy(steal: bool) -> None:
    rows = SCAN + ([steal6()] if steal else [])
    card = card_odds_float(SCAN, steal=steal)
    rng, n = random.Random(1414 + steal), 4000
    runs = [_play(rows, rng) for _ in range(n)]
    p = sum(ok for ok, _ in runs) / n
    assert abs(p - card.p_complete) < 4.5 * math.sqrt(card.p_complete * (1 - card.p_complete) / n)
    mean = sum(r for _, r in runs) / n
    sd = math.sqrt(sum((r - mean) ** 2 for _, r in runs) / (n - 1))
    assert abs(mean - card.expected_rolls) < 4.5 * sd / math.sqrt(n)


# -- the spec's worked examples -----------------------------------------------------------------


def test_e16_and_mcu_e9_sum_rows() -> None:
    assert actions_exact([sum_low(6)], [(6, 2), (6, 2), (6, 3)])[0].dice == (0, 1, 2)
    assert actions_exact([sum_low(6)], [(6, 2), (6, 2), (6, 4)]) == []
    assert actions_exact([sum_low(6)], [(6, 3), (6, 3), (6, 4)])[0].dice == (0, 1)  # 3+3
    assert actions([sum_low(6)], [(6, 4), (6, 3), (6, 2)]) == []  # MCU E9: the 4 cannot count
    assert actions([sum_low(3)], [(8, 3)])  # a d8 showing 1-3 counts (W5)


def test_e17_all_three_rows_and_the_steal_row_match() -> None:
    rows = [*SCAN, steal6()]
    found = actions_exact(rows, E17_ROLL)
    assert {m.row for m in found} == {0, 1, 2, 3}
    assert any(m.row == 3 and m.dice in ((4,), (5,)) for m in found)
    best = best_match_exact(SCAN, E17_ROLL, first_roll=True)
    assert isinstance(best, Match) and best.row == 0 and best.dice == (0,)  # place the d8's 7
    # 1 + 2 is not dominated by the 3 alone: that keeps the d8, the 3 alone two d6s.
    assert {m.dice for m in found if m.row == 2} == {(6,), (2, 3), (3, 6), (2, 3, 6)}


def test_the_first_roll_must_match() -> None:
    assert best_match(SCAN, [(8, 8), (8, 8), (6, 4), (6, 4), (6, 6), (6, 6), (6, 4)]) is not None
    assert best_match(SCAN, [(8, 8)] * 2 + [(6, 4)] * 5, first_roll=True) is None


# -- the command ---------------------------------------------------------------------------------


def test_cli_card_odds_json() -> None:
    result = runner.invoke(
        app, ["odds", "--match", "--row", "7", "--row", "5", "--row", "3+", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)["match"]
    card = card_odds(SCAN)
    assert Fraction(data["p_complete"]) == card.p_complete
    assert data["p_select"] == "30895/31104" and data["d6"] == 5 and data["d8"] == 2
    steal = runner.invoke(
        app, ["odds", "--match", "--row", "7", "--row", "5", "--row", "3+", "--steal", "--json"]
    )
    assert json.loads(steal.output)["match"]["rows"][-1] == "6 steal"


def test_cli_best_action_for_a_roll() -> None:
    args = ["odds", "--match", "--row", "7", "--row", "5", "--row", "3+", "--steal"]
    result = runner.invoke(app, [*args, "--roll", "d8:7 5 1 2 6 6 d8:3", "--json"])
    assert result.exit_code == 0, result.output
    best = json.loads(result.output)["match"]["best"]
    assert best["action"] == "match" and best["row_text"] == "7" and best["dice"] == [0]
    text = runner.invoke(app, [*args, "--roll", "d8:7 5 1 2 6 6 d8:3"]).output
    assert "row '7' with d8:7" in text
    aside = runner.invoke(app, ["odds", "--match", "--row", "7", "--roll", "d8:1 4", "--json"])
    assert json.loads(aside.output)["match"]["best"] == {
        "action": "set_aside",
        "die": 1,
        "sides": 6,
        "p": "1/8",
        "p_float": 0.125,
    }


@pytest.mark.parametrize(
    "args",
    [
        ["--row", "7"],  # no --match
        ["--match"],
        ["--match", "--row", "9"],
        ["--match", "--row", "x+"],
        ["--match", "--row", "7", "--roll", "d8:9"],
        ["--match", "--row", "7", "--roll", "d6:7"],
        ["--match", "--row", "7", "--roll", "5 5", "--d6", "3"],
        ["--match", "--row", "7", "--d6", "20"],
        ["--match", "--row", "7", "--strike"],
        ["3", "2", "--match", "--row", "7"],
    ],
)
def test_cli_bad_match_input_is_one_line_and_exit_2(args: list[str]) -> None:
    result = runner.invoke(app, ["odds", *args])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output


def test_cli_help_has_the_match_flags_without_twins() -> None:
    text = runner.invoke(app, ["odds", "--help"], env={"COLUMNS": "80"}).output
    assert "--match" in text and "--steal" in text and "--roll" in text
    assert "--no-" not in text and "…" not in text
