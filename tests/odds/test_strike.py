"""RISK Strike odds against brute-force dice, hand values, a Monte Carlo of the rules as
stated, and the equivalent Classic invasion."""

import json
import math
import random
from fractions import Fraction as F
from itertools import product

import pytest
from typer.testing import CliRunner

from warroom.cli.main import app
from warroom.odds import invasion_exact, win_probability
from warroom.odds.strike import (
    ATTACKER_LOWEST,
    DEFENDER_HIGHEST,
    DEFENDER_LOWEST,
    Bombard,
    after_roll,
    conquest_probability,
    strike_battle,
    strike_battle_exact,
    strike_odds,
    strike_roll,
    strike_values,
)

BOMBARDS = [None, ATTACKER_LOWEST, Bombard("attacker", 0), DEFENDER_LOWEST, DEFENDER_HIGHEST]


def _brute_roll(na: int, nd: int, rally: int, bombard: Bombard | None) -> dict[tuple[int, int], F]:
    """Every ordered face of every die; the Bombarded die is found in the unsorted roll."""
    out: dict[tuple[int, int], F] = {}
    for faces in product(range(1, 7), repeat=na + nd):
        att, dfd = list(faces[:na]), list(faces[na:])
        if bombard is not None:
            line = att if bombard.side == "attacker" else dfd
            target = sorted(line, reverse=True)[bombard.rank]
            line[line.index(target)] = 6
        att = sorted((v + 2 * rally for v in att), reverse=True)
        dfd = sorted(dfd, reverse=True)
        a_loss = sum(a <= d for a, d in zip(att, dfd, strict=False))
        key = (a_loss, min(na, nd) - a_loss)
        out[key] = out.get(key, F(0)) + F(1, 6 ** (na + nd))
    return out


@pytest.mark.parametrize("bombard", BOMBARDS)
@pytest.mark.parametrize("rally", [0, 1, 2])
@pytest.mark.parametrize(("na", "nd"), [(1, 1), (2, 1), (3, 1), (1, 2), (2, 2), (3, 2)])
def test_single_roll_against_every_face(
    na: int, nd: int, rally: int, bombard: Bombard | None
) -> None:
    if bombard is not None and bombard.rank == 0 and bombard.side == "attacker" and na == 1:
        bombard = ATTACKER_LOWEST  # the same die
    assert strike_roll(na, nd, rally, bombard) == _brute_roll(na, nd, rally, bombard)


@pytest.mark.parametrize(
    ("rally", "bombard", "p_win"),
    [
        (0, None, F(15, 36)),
        (1, None, F(26, 36)),  # a + 2 > d: 2 + 3 + 4 + 5 + 6 + 6 of 36
        (0, ATTACKER_LOWEST, F(5, 6)),  # 6 beats all but a 6
        (0, DEFENDER_LOWEST, F(0)),
        (1, DEFENDER_LOWEST, F(2, 6)),  # a + 2 > 6 needs a 5 or a 6
        (2, ATTACKER_LOWEST, F(1)),
    ],
)
def test_one_die_each_by_hand(rally: int, bombard: Bombard | None, p_win: F) -> None:
    assert strike_roll(1, 1, rally, bombard).get((0, 1), F(0)) == p_win
    if p_win == 0:
        assert strike_roll(1, 1, rally, bombard) == {(1, 0): F(1)}


def test_values_and_losses() -> None:
    assert strike_values([2, 5, 1], rally=1, bombard_rank=-1) == (8, 7, 4)  # B8: face 6, then +2
    assert strike_values([6, 6], bombard_rank=0) == (6, 6)
    with pytest.raises(ValueError):
        strike_values([3], bombard_rank=1)
    # Troops before cards; the defender's second loss after its last card is ignored (B23).
    assert after_roll((2, 1, 1, 0), 2, 0) == (1, 0, 1, 0)
    assert after_roll((3, 0, 1, 0), 0, 2) == (3, 0, 0, 0)
    assert after_roll((1, 0, 2, 3), 1, 2) == (0, 0, 2, 1)


def test_one_card_each_is_one_roll() -> None:
    battle = strike_battle_exact(1, 0, 1, 0)
    assert battle.ends == {(0, 1): F(21, 36), (1, 0): F(15, 36)}
    assert battle.p_conquest == F(15, 36) and battle.expected_rolls == 1
    assert battle.expected_cards_won == F(15, 36)
    assert battle.expected_cards_surrendered == F(21, 36)


def test_two_cards_against_one_by_hand() -> None:
    # 2 dice against 1 win at once, or lose a card and then 1 die must beat 1.
    battle = strike_battle_exact(2, 0, 1, 0)
    assert battle.p_conquest == F(125, 216) + F(91, 216) * F(15, 36)
    assert battle.expected_rolls == 1 + F(91, 216)
    # A troop absorbs the first loss and keeps the second die: 2 dice twice.
    assert strike_battle_exact(1, 1, 1, 0).p_conquest == F(125, 216) + F(91, 216) * F(15, 36)
    # Stopping at 1 card: the attacker never rolls its last card.
    assert strike_battle_exact(2, 0, 1, 0, stop=1).p_conquest == F(125, 216)


def test_defender_troops_shield_cards() -> None:
    # 1 card against 1 card + 1 troop: the first win only kills the troop.
    battle = strike_battle_exact(1, 0, 1, 1)
    assert battle.p_conquest == F(55, 216) * F(15, 36)
    assert battle.expected_cards_won == battle.p_conquest


@pytest.mark.parametrize(
    "start", [(1, 0, 1, 0), (3, 0, 2, 0), (4, 0, 3, 0), (2, 0, 4, 0), (5, 0, 2, 0)]
)
def test_cards_only_is_the_classic_invasion(start: tuple[int, int, int, int]) -> None:
    # With no troops each card is an army: a cards roll like a + 1 armies (one stays).
    ac, _, dc, _ = start
    classic = invasion_exact(ac + 1, dc)
    assert strike_battle_exact(*start).ends == {(a - 1, d): p for (a, d), p in classic.items()}


@pytest.mark.parametrize(
    ("start", "stop"),
    [((3, 2, 4, 1), 0), ((6, 4, 5, 3), 0), ((6, 4, 5, 3), 2), ((40, 18, 60, 18), 0)],
)
def test_conquest_depends_only_on_units(start: tuple[int, int, int, int], stop: int) -> None:
    # Dice and both ends depend on cards + troops, since troops go first.
    ac, at, dc, dt = start
    expected = win_probability(ac + at + 1, dc + dt, stop=stop + 1)
    assert conquest_probability(*start, stop=stop) == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize(("start", "stop"), [((3, 1, 2, 2), 0), ((4, 2, 3, 1), 1)])
@pytest.mark.parametrize("mods", [(0, None), (1, None), (0, ATTACKER_LOWEST), (2, DEFENDER_LOWEST)])
def test_float_paths_agree_with_exact(
    start: tuple[int, int, int, int], stop: int, mods: tuple[int, Bombard | None]
) -> None:
    rally, bombard = mods
    exact = strike_battle_exact(*start, stop, rally, bombard)
    assert sum(exact.ends.values()) == 1
    floats = strike_battle(*start, stop, rally, bombard)
    odds = strike_odds(*start, stop, rally, bombard)
    for got in (floats, odds):
        assert got.p_conquest == pytest.approx(float(exact.p_conquest), abs=1e-12)
        assert got.expected_cards_won == pytest.approx(float(exact.expected_cards_won))
        assert got.expected_cards_surrendered == pytest.approx(
            float(exact.expected_cards_surrendered)
        )
        assert got.expected_rolls == pytest.approx(float(exact.expected_rolls))


def test_first_roll_modifiers_by_hand() -> None:
    # Rally on the first roll of 2 cards against 1: win it, or lose and then win 1 die vs 1.
    first = strike_roll(2, 1, 1)
    expected = first[(0, 1)] + first[(1, 0)] * F(15, 36)
    assert strike_battle_exact(2, 0, 1, 0, rally=1).p_conquest == expected
    assert strike_odds(2, 0, 1, 0, rally=1).p_conquest > strike_odds(2, 0, 1, 0).p_conquest


def test_big_starts_do_not_recurse_deeply() -> None:
    odds = strike_odds(200, 0, 150, 18)
    assert odds.p_conquest == pytest.approx(win_probability(201, 168), abs=1e-12)


@pytest.mark.parametrize("bad", [(0, 1, 1, 0), (1, 0, 0, 3), (1, -1, 1, 0), (1, 0, 1, -2)])
def test_bad_starts(bad: tuple[int, int, int, int]) -> None:
    with pytest.raises(ValueError):
        strike_odds(*bad)
    with pytest.raises(ValueError):
        strike_roll(4, 2)


def _simulate(
    rng: random.Random, start: tuple[int, int, int, int], stop: int
) -> tuple[bool, int, int, int]:
    """One battle played from the rule text, die by die: (conquest, won, surrendered, rolls)."""
    ac, at, dc, dt = start
    won = surrendered = rolls = 0
    while True:
        rolls += 1
        att = sorted((rng.randint(1, 6) for _ in range(min(3, ac + at))), reverse=True)
        dfd = sorted((rng.randint(1, 6) for _ in range(min(2, dc + dt))), reverse=True)
        for a, d in zip(att, dfd, strict=False):
            if a > d:
                if dt:
                    dt -= 1
                elif dc:
                    dc, won = dc - 1, won + 1
            elif at:
                at -= 1
            elif ac:
                ac, surrendered = ac - 1, surrendered + 1
        if dc == 0 or ac <= stop:
            return dc == 0, won, surrendered, rolls


@pytest.mark.parametrize(
    ("start", "stop"), [((3, 1, 2, 2), 0), ((5, 3, 4, 2), 0), ((5, 3, 4, 2), 2), ((2, 4, 6, 0), 0)]
)
def test_chain_against_monte_carlo(start: tuple[int, int, int, int], stop: int) -> None:
    n = 4000
    rng = random.Random(f"strike/{start}/{stop}")
    runs = [_simulate(rng, start, stop) for _ in range(n)]
    odds = strike_odds(*start, stop)
    exact = strike_battle_exact(*start, stop)
    for i, mean in (
        (0, odds.p_conquest),
        (1, odds.expected_cards_won),
        (2, odds.expected_cards_surrendered),
        (3, odds.expected_rolls),
    ):
        xs = [float(r[i]) for r in runs]
        avg = sum(xs) / n
        sd = math.sqrt(sum((x - avg) ** 2 for x in xs) / (n - 1))
        assert abs(avg - mean) <= 4 * sd / math.sqrt(n) + 1e-9, (i, avg, mean)
    # End states seen must be possible, and each frequent one within 4 standard errors.
    seen: dict[tuple[int, int], int] = {}
    for conquest, won, surrendered, _ in runs:
        end = (start[0] - surrendered, start[2] - won)
        assert conquest == (end[1] == 0)
        seen[end] = seen.get(end, 0) + 1
    assert set(seen) <= set(exact.ends)
    for end, p in exact.ends.items():
        q = float(p)
        assert abs(seen.get(end, 0) / n - q) <= 4 * math.sqrt(q * (1 - q) / n) + 1e-9, end


runner = CliRunner()


def test_cli_json() -> None:
    result = runner.invoke(app, ["odds", "1", "1", "--strike", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)["strike"]
    assert data["p_conquest"] == pytest.approx(15 / 36)
    assert data["first_roll"][0] == {
        "attacker_losses": 0,
        "defender_losses": 1,
        "p": "5/12",
        "p_float": 5 / 12,
    }
    args = ["odds", "3", "2", "--strike", "--attack-troops", "1", "--defend-troops", "2"]
    data = json.loads(runner.invoke(app, [*args, "--rally", "1", "--json"]).output)["strike"]
    assert (data["attack_dice"], data["defend_dice"]) == (3, 2)
    assert data["p_conquest"] == pytest.approx(strike_odds(3, 1, 2, 2, rally=1).p_conquest)
    assert sum(e["p"] for e in data["ends"]) == pytest.approx(1)
    data = json.loads(runner.invoke(app, [*args, "--stop", "1", "--json"]).output)["strike"]
    assert data["p_conquest"] == pytest.approx(conquest_probability(3, 1, 2, 2, stop=1))


def test_cli_table() -> None:
    result = runner.invoke(app, ["odds", "2", "1", "--strike", "--bombard", "attacker"])
    assert result.exit_code == 0, result.output
    assert "end of the battle" in result.output and "first roll" in result.output
    expected = strike_odds(2, 0, 1, 0, bombard=ATTACKER_LOWEST).p_conquest
    assert f"{expected:.6f}" in result.output


@pytest.mark.parametrize(
    "args",
    [
        ["0", "1"],
        ["2"],
        ["2", "2", "--bombard", "both"],
        ["2", "2", "--rally", "-1"],
        ["2", "2", "--table", "3x3"],
        ["2", "2", "--attack-troops", "-1"],
    ],
)
def test_cli_bad_input(args: list[str]) -> None:
    result = runner.invoke(app, ["odds", "--strike", *args])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output


def test_cli_a_battle_without_cards_is_refused_naming_the_readings() -> None:
    """The refusal names the readings' section, which a player can look up, not bare ids."""
    output = runner.invoke(app, ["odds", "--strike", "0", "1"]).output
    assert "(B19 [Attack Phase 1: Declare Battle], B20 [Attack Phase 1: Declare Battle])" in (
        " ".join(output.split())
    )
