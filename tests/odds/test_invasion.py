"""Invasions: the vectorised sweeps against the exact walk, published values, and properties."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from warroom.odds import invasion, invasion_exact, win_probability, win_table
from warroom.rules.battle import CLASSIC, PRESETS, BattleRule, SideRule

RULES = [
    CLASSIC,
    PRESETS["godstorm-temple"],
    PRESETS["mcu-loki"],
    BattleRule(
        attacker=SideRule(d8=1, reroll_once=True, reroll_until=1, plus_one=2),
        defender=SideRule(d8=2, reroll_until=1, plus_one=1),
        attacker_wins_ties=True,
    ),
]

# Osborne (2003), P(attacker wins) with A attacking armies (not counting the one that
# stays, so our count is A + 1) against D; the first rows of his table.
OSBORNE = {
    (1, 1): 0.417,
    (1, 2): 0.106,
    (1, 3): 0.027,
    (1, 4): 0.007,
    (2, 1): 0.754,
    (2, 2): 0.363,
    (2, 3): 0.206,
    (2, 4): 0.091,
    (3, 1): 0.916,
    (3, 2): 0.656,
    (3, 3): 0.470,
    (3, 4): 0.315,
    (5, 5): 0.506,
}


@pytest.mark.parametrize(("a", "d"), sorted(OSBORNE))
def test_osborne_conquest(a: int, d: int) -> None:
    assert invasion(a + 1, d).p_conquest == pytest.approx(OSBORNE[(a, d)], abs=6e-4)


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize(
    ("a", "d", "stop"), [(2, 1, 1), (7, 5, 1), (9, 4, 3), (5, 9, 2), (1, 2, 2)]
)
def test_sweep_matches_exact_walk(rule: BattleRule, a: int, d: int, stop: int) -> None:
    exact = invasion_exact(a, d, rule, stop)
    inv = invasion(a, d, rule, stop)
    att = np.zeros(a + 1)
    dfd = np.zeros(d + 1)
    for (x, y), p in exact.items():
        att[x] += float(p)
        dfd[y] += float(p)
    assert inv.attacker_survivors == pytest.approx(att, abs=1e-12)
    assert inv.defender_survivors == pytest.approx(dfd, abs=1e-12)
    assert win_table(a, d, rule, stop)[a, d] == pytest.approx(inv.p_conquest, abs=1e-12)


def test_no_roll_when_already_at_stop() -> None:
    inv = invasion(1, 3)
    assert inv.p_conquest == 0 and inv.defender_survivors[3] == 1
    assert inv.expected_attacker_losses == 0


def test_large_is_fast_enough_and_sane() -> None:
    inv = invasion(1000, 1000)
    assert inv.attacker_survivors.sum() == pytest.approx(1)
    assert inv.defender_survivors.sum() == pytest.approx(1)
    assert win_probability(1000, 1000) == pytest.approx(inv.p_conquest, abs=1e-9)


@pytest.mark.parametrize("bad", [(0, 3, 1), (3, 0, 1), (3, 3, 0)])
def test_bad_input(bad: tuple[int, int, int]) -> None:
    a, d, stop = bad
    with pytest.raises(ValueError):
        invasion(a, d, stop=stop)


sides = st.builds(
    SideRule,
    d8=st.integers(0, 3),
    reroll_once=st.booleans(),
    reroll_until=st.integers(0, 3),
    plus_one=st.integers(0, 3),
)
rules = st.builds(BattleRule, attacker=sides, defender=sides, attacker_wins_ties=st.booleans())


@settings(max_examples=20)
@given(rule=rules, a=st.integers(1, 15), d=st.integers(1, 15), stop=st.integers(1, 3))
def test_probabilities_sum_to_one(rule: BattleRule, a: int, d: int, stop: int) -> None:
    inv = invasion(a, d, rule, stop)
    assert inv.attacker_survivors.sum() == pytest.approx(1, abs=1e-12)
    assert inv.defender_survivors.sum() == pytest.approx(1, abs=1e-12)
    assert inv.conquest_survivors.sum() == pytest.approx(inv.p_conquest, abs=1e-12)
    assert (inv.attacker_survivors >= 0).all() and (inv.defender_survivors >= 0).all()


@settings(max_examples=20)
@given(rule=rules, stop=st.integers(1, 3))
def test_more_attackers_never_hurt(rule: BattleRule, stop: int) -> None:
    table = win_table(25, 12, rule, stop)
    assert (np.diff(table[:, 1:], axis=0) >= -1e-12).all()


def test_a_long_battle_s_chance_stays_a_probability() -> None:
    """Rounding over 20,000 armies a side carried P(conquest) to 1.0000000000000007."""
    inv = invasion(20_000, 20_000)
    assert 0.0 <= inv.p_conquest <= 1.0
    assert inv.defender_survivors[0] == inv.p_conquest
