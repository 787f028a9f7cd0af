"""The exact odds against the game's own roll code (rules.battle with core Rng), seeded.

Every estimate must fall within 4 standard errors of the exact value (and impossible
outcomes must never happen), for every rule combination below.
"""

import math
import zlib
from collections import Counter

import pytest

from warroom.core.rng import Rng
from warroom.odds import godswar_odds, harbinger_odds, invasion, roll_distribution
from warroom.rules.battle import (
    CLASSIC,
    EVERY_DIE,
    PRESETS,
    BattleRule,
    SideRule,
    godswar_roll,
    harbinger_roll,
    roll,
)

N = 3000
RULES = {
    **PRESETS,
    "dreadnought+cruiser": BattleRule(attacker=SideRule(d8=1, reroll_until=1)),
    "carriers-both": BattleRule(attacker=SideRule(plus_one=2), defender=SideRule(plus_one=1)),
    "everything": BattleRule(
        attacker=SideRule(d8=2, reroll_once=True, reroll_until=1, plus_one=1),
        defender=SideRule(d8=1, reroll_once=True, reroll_until=EVERY_DIE, plus_one=1),
        attacker_wins_ties=True,
    ),
}


def _close(count: int, n: int, p: float) -> bool:
    if p == 0:
        return count == 0
    return abs(count / n - p) <= 4 * math.sqrt(p * (1 - p) / n)


@pytest.mark.parametrize("name", sorted(RULES))
@pytest.mark.parametrize(("att", "dfd"), [(3, 2), (2, 1), (1, 2)])
def test_roll(name: str, att: int, dfd: int) -> None:
    rule = RULES[name]
    rng = Rng(zlib.crc32(f"{name}/{att}/{dfd}".encode()))
    seen = Counter(
        (r.attacker_losses, r.defender_losses)
        for r in (roll(rng, att, dfd, rule) for _ in range(N))
    )
    exact = roll_distribution(rule, att, dfd)
    assert set(seen) <= set(exact)
    for outcome, p in exact.items():
        assert _close(seen[outcome], N, float(p)), (outcome, seen[outcome] / N, float(p))


@pytest.mark.parametrize("name", ["classic", "godstorm-temple", "everything"])
def test_invasion(name: str) -> None:
    rule, a0, d0 = RULES[name], 7, 5
    rng = Rng(99)
    ends: Counter[tuple[int, int]] = Counter()
    for _ in range(1500):
        a, d = a0, d0
        while a > 1 and d > 0:
            r = roll(rng, min(3, a - 1), min(2, d), rule)
            a, d = a - r.attacker_losses, d - r.defender_losses
        ends[(a, d)] += 1
    inv = invasion(a0, d0, rule)
    n = sum(ends.values())
    assert _close(sum(c for (_, d), c in ends.items() if d == 0), n, inv.p_conquest)
    for k in range(a0 + 1):
        assert _close(
            sum(c for (a, _), c in ends.items() if a == k), n, float(inv.attacker_survivors[k])
        )


def test_godswar_and_harbinger() -> None:
    rule = BattleRule(
        attacker=SideRule(reroll_once=True), defender=SideRule(reroll_until=EVERY_DIE)
    )
    rng = Rng(5)
    wins = sum(godswar_roll(rng, 4, 3, 6, 7, rule).attacker_wins for _ in range(N))
    assert _close(wins, N, float(godswar_odds(4, 3, 6, 7, rule)))
    side = SideRule(d8=2, reroll_until=1, plus_one=3)
    hits = sum(harbinger_roll(rng, 3, side, bonus=1).destroyed for _ in range(N))
    assert _close(hits, N, float(harbinger_odds(3, side, bonus=1)))


def test_classic_roll_is_unchanged() -> None:
    """Classic still draws all five faces at once, so seeded games replay as before."""
    rng, twin = Rng(2024), Rng(2024)
    for _ in range(50):
        r = roll(rng, 3, 2)
        faces = twin.roll(5, 6)
        assert r.attack == tuple(sorted(faces[:3], reverse=True))
        assert r.defend == tuple(sorted(faces[3:], reverse=True))
        assert (r.attacker_losses, r.defender_losses) == (
            sum(a <= d for a, d in zip(r.attack, r.defend, strict=False)),
            sum(a > d for a, d in zip(r.attack, r.defend, strict=False)),
        )
    assert roll(Rng(1), 1, 1) == roll(Rng(1), 1, 1, CLASSIC)
