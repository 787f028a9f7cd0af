"""Single-roll odds against values derived by hand and by brute-force enumeration."""

from fractions import Fraction as F
from itertools import product

import pytest

from warroom.odds import (
    godswar_odds,
    godswar_series,
    harbinger_odds,
    invasion_exact,
    roll_distribution,
    side_distribution,
)
from warroom.rules.battle import CLASSIC, EVERY_DIE, PRESETS, BattleRule, SideRule, compare


def test_classic_three_against_two() -> None:
    assert roll_distribution(CLASSIC, 3, 2) == {
        (0, 2): F(2890, 7776),
        (1, 1): F(2611, 7776),
        (2, 0): F(2275, 7776),
    }


@pytest.mark.parametrize(
    ("att", "dfd", "p_defender_loses_all"),
    [
        (1, 1, F(15, 36)),
        (2, 1, F(125, 216)),
        (3, 1, F(855, 1296)),
        (1, 2, F(55, 216)),
        (2, 2, F(295, 1296)),
    ],
)
def test_classic_hand_values(att: int, dfd: int, p_defender_loses_all: F) -> None:
    dist = roll_distribution(CLASSIC, att, dfd)
    assert dist[(0, min(att, dfd))] == p_defender_loses_all
    assert sum(dist.values()) == 1


# Osborne (2003), one-roll table, to the three decimals printed there.
@pytest.mark.parametrize(
    ("att", "dfd", "outcome", "published"),
    [
        (1, 1, (0, 1), 0.417),
        (1, 2, (0, 1), 0.255),
        (2, 1, (0, 1), 0.579),
        (2, 2, (0, 2), 0.228),
        (2, 2, (1, 1), 0.324),
        (2, 2, (2, 0), 0.448),
        (3, 1, (0, 1), 0.660),
        (3, 2, (0, 2), 0.372),
        (3, 2, (1, 1), 0.336),
        (3, 2, (2, 0), 0.293),
    ],
)
def test_osborne_one_roll(att: int, dfd: int, outcome: tuple[int, int], published: float) -> None:
    p = float(roll_distribution(CLASSIC, att, dfd)[outcome])
    assert p == pytest.approx(published, abs=6e-4)


@pytest.mark.parametrize(
    ("rule", "p_attacker_wins"),
    [
        # d8 defender: sum over attacker faces a of (a-1)/8, over 6.
        (BattleRule(defender=SideRule(d8=1)), F(15, 48)),
        # ties to the attacker: P(a >= d).
        (BattleRule(attacker_wins_ties=True), F(21, 36)),
        # +1 on the attacker's die: a + 1 > d, the same as a >= d.
        (BattleRule(attacker=SideRule(plus_one=1)), F(21, 36)),
        # attacker rerolls a 1 once: faces 2..6 have 7/36 each; wins (v-1)/6 of the time.
        (BattleRule(attacker=SideRule(reroll_once=True)), F(7, 36) * F(15, 6)),
        # temple: defender uniform on 2..6; attacker beats it 1+2+3+4 times of 30.
        (PRESETS["godstorm-temple"], F(10, 30)),
    ],
)
def test_one_die_each_with_modifiers(rule: BattleRule, p_attacker_wins: F) -> None:
    assert roll_distribution(rule, 1, 1)[(0, 1)] == p_attacker_wins


def _brute(rule: BattleRule, att: int, dfd: int) -> dict[tuple[int, int], F]:
    """Every face of every die, for rules without rerolls (independent of side_distribution)."""
    a_sides = [8] * min(rule.attacker.d8, att) + [6] * (att - min(rule.attacker.d8, att))
    d_sides = [8] * min(rule.defender.d8, dfd) + [6] * (dfd - min(rule.defender.d8, dfd))
    out: dict[tuple[int, int], F] = {}
    dice = [range(1, s + 1) for s in a_sides + d_sides]
    total = 1
    for s in a_sides + d_sides:
        total *= s
    for faces in product(*dice):
        a = sorted(faces[:att], reverse=True)
        d = sorted(faces[att:], reverse=True)
        a = [v + (i < rule.attacker.plus_one) for i, v in enumerate(a)]
        d = [v + (i < rule.defender.plus_one) for i, v in enumerate(d)]
        key = compare(a, d, rule.attacker_wins_ties)
        out[key] = out.get(key, F(0)) + F(1, total)
    return out


@pytest.mark.parametrize(
    "rule",
    [
        CLASSIC,
        PRESETS["mcu-loki"],
        BattleRule(attacker=SideRule(d8=2, plus_one=1), defender=SideRule(d8=1)),
        BattleRule(
            attacker=SideRule(plus_one=3), defender=SideRule(plus_one=2), attacker_wins_ties=True
        ),
    ],
)
@pytest.mark.parametrize(("att", "dfd"), [(1, 1), (2, 2), (3, 1), (3, 2)])
def test_against_brute_force(rule: BattleRule, att: int, dfd: int) -> None:
    assert roll_distribution(rule, att, dfd) == _brute(rule, att, dfd)


def test_cruiser_saves_only_as_many_dice_as_ships() -> None:
    # Two dice, one Cruiser: a 1 survives only when both dice first show 1.
    dist = side_distribution(SideRule(reroll_until=1), 2)
    assert sum(p for v, p in dist.items() if 1 in v) == F(1, 36)
    assert all(v.count(1) <= 1 for v in dist)
    assert all(1 not in v for v in side_distribution(SideRule(reroll_until=EVERY_DIE), 3))


def test_harbinger() -> None:
    assert harbinger_odds(3) == F(1, 216)  # three sixes
    assert harbinger_odds(3, SideRule(d8=3)) == F(84, 512)  # sum >= 18 mirrors sum <= 9: C(9, 3)
    assert harbinger_odds(3, SideRule(plus_one=3), bonus=2) == F(56, 216)  # 3d6 >= 13
    assert harbinger_odds(2) == 0


def test_godswar_even() -> None:
    # 3d6 against 3d6 with equal armies, ties to the defender: (1 - P(tie)) / 2.
    counts = [1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1]
    p_tie = F(sum(c * c for c in counts), 6**6)
    assert godswar_odds(3, 3, 5, 5) == (1 - p_tie) / 2
    war = BattleRule(attacker_wins_ties=True)
    assert godswar_odds(3, 3, 5, 5, war) == (1 + p_tie) / 2
    assert godswar_odds(3, 3, 40, 0) == 1


def test_godswar_series_by_hand() -> None:
    # Two attacking gods against one: win the first round, or lose it and win the second.
    assert godswar_series(lambda lost, banished: F(1, 3) if lost == 0 else F(1, 2), 2, 1) == (
        F(1, 3) + F(2, 3) * F(1, 2)
    )
    # One against two: both rounds must be won.
    assert godswar_series(lambda lost, banished: F(2, 5), 1, 2) == F(4, 25)
    # Two against two at even odds: symmetric.
    assert godswar_series(lambda lost, banished: F(1, 2), 2, 2) == F(1, 2)
    with pytest.raises(ValueError):
        godswar_series(lambda lost, banished: F(1), 0, 1)


def test_invasion_exact_by_hand() -> None:
    # 3 armies (2 dice) against 1: win the first roll, or lose one and win 1 die against 1.
    end = invasion_exact(3, 1)
    won = sum(p for (_, d), p in end.items() if d == 0)
    assert won == F(125, 216) + F(91, 216) * F(15, 36)
    # 2 against 2: one die must win twice.
    end = invasion_exact(2, 2)
    assert sum(p for (_, d), p in end.items() if d == 0) == F(55, 216) * F(15, 36)
