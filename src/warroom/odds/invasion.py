"""Whole invasions as an absorbing Markov chain over (attacking armies, defending armies).

A state (a, d) counts the armies in the attacking territory (the one that must stay
included) and in the defending one. While a > stop and d > 0 the attacker rolls
min(attack_max, a - 1) dice and the defender min(defend_max, d). Every roll removes
exactly min(attacker dice, defender dice) armies, so the chain only moves from the
anti-diagonal a + d = s to s - 1 or s - 2 (s - k in general). The dynamic programs below
sweep those anti-diagonals with numpy: away from the edges (a > attack_max, d >= defend_max)
every state rolls the same dice, so each diagonal is a few vector operations; the few edge
states are done one by one. Memory is a handful of diagonals, never a dense matrix.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache

import numpy as np
from numpy.typing import NDArray

from warroom.odds.dice import roll_distribution
from warroom.rules.battle import CLASSIC, BattleRule

FloatArray = NDArray[np.float64]
Move = tuple[int, int, float]
"""(attacker losses, defender losses, probability) of one roll outcome."""


@cache
def _moves(rule: BattleRule, pairs: int = 0) -> dict[tuple[int, int], tuple[Move, ...]]:
    """The roll outcomes for each pair of dice counts, as floats, once per rule; with `pairs`,
    only that many pairs of dice are compared (`roll_distribution`)."""
    return {
        (na, nd): tuple(
            (la, ld, float(p)) for (la, ld), p in roll_distribution(rule, na, nd, pairs).items()
        )
        for na in range(1, rule.attack_max + 1)
        for nd in range(1, rule.defend_max + 1)
    }


def _check(attackers: int, defenders: int, stop: int) -> None:
    if stop < 1:
        raise ValueError("stop must be at least 1: the attacker always keeps one army behind")
    if attackers < 1:
        raise ValueError("the attacking territory holds at least 1 army")
    if defenders < 1:
        raise ValueError("the defending territory holds at least 1 army")


def _split(s: int, lo: int, hi: int, rule: BattleRule) -> tuple[int, int, list[int]]:
    """On diagonal s, the transient a in [lo, hi]: the bulk range [b_lo, b_hi] where both
    sides roll their most dice, and the edge states outside it."""
    b_lo, b_hi = max(lo, rule.attack_max + 1), min(hi, s - rule.defend_max)
    if b_lo > b_hi:
        return b_lo, b_hi, list(range(lo, hi + 1))
    return b_lo, b_hi, [*range(lo, b_lo), *range(b_hi + 1, hi + 1)]


@dataclass(frozen=True)
class Invasion:
    """Result of an invasion fought to the end.

    Survivor arrays are indexed by army count: attacker_survivors[k] is the probability that
    the attacker ends with k armies (in the attacking territory plus any that moved in),
    defender_survivors[k] that the defender ends with k (k = 0 is conquest).
    conquest_survivors[k] is the probability of conquering with k attacking armies left.
    """

    attackers: int
    defenders: int
    stop: int
    p_conquest: float
    attacker_survivors: FloatArray
    defender_survivors: FloatArray
    conquest_survivors: FloatArray
    expected_attacker_losses: float
    expected_defender_losses: float


@lru_cache(maxsize=512)
def invasion(
    attackers: int, defenders: int, rule: BattleRule = CLASSIC, stop: int = 1, pairs: int = 0
) -> Invasion:
    """Fight until the territory falls or the attacking territory is down to `stop` armies;
    `pairs` as in `roll_distribution` (Godstorm's G91: a Sky card's third defence die)."""
    _check(attackers, defenders, stop)
    a_max, d_max = attackers, defenders
    moves = _moves(rule, pairs)
    bulk = moves[(rule.attack_max, rule.defend_max)]
    conquest = np.zeros(a_max + 1)
    att_fail = np.zeros(a_max + 1)
    def_fail = np.zeros(d_max + 1)
    diags: dict[int, FloatArray] = {}

    def diag(s: int) -> FloatArray:
        if s not in diags:
            diags[s] = np.zeros(a_max + 1)
        return diags[s]

    diag(a_max + d_max)[a_max] = 1.0
    for s in range(a_max + d_max, 0, -1):
        cur = diags.pop(s, None)
        if cur is None:
            continue
        if s <= a_max:
            conquest[s] = cur[s]  # (s, 0): the defender is gone
        f_lo, f_hi = max(0, s - d_max), min(stop, s - 1, a_max)
        if f_lo <= f_hi:  # (a, s - a) with a <= stop: the attacker has stopped
            seg = cur[f_lo : f_hi + 1]
            att_fail[f_lo : f_hi + 1] += seg
            def_fail[s - f_hi : s - f_lo + 1] += seg[::-1]
        lo, hi = max(stop + 1, s - d_max), min(a_max, s - 1)
        if lo > hi:
            continue
        b_lo, b_hi, edges = _split(s, lo, hi, rule)
        if b_lo <= b_hi:
            src = cur[b_lo : b_hi + 1]
            for la, ld, p in bulk:
                diag(s - la - ld)[b_lo - la : b_hi - la + 1] += p * src
        for a in edges:
            m = float(cur[a])
            if m:
                for la, ld, p in moves[(min(rule.attack_max, a - 1), min(rule.defend_max, s - a))]:
                    diag(s - la - ld)[a - la] += m * p
    # Rounding over thousands of rolls may carry the sum past 1 (1.0000000000000007 for
    # 20,000 against 20,000); a probability stays within [0, 1].
    p_conquest = min(1.0, max(0.0, float(conquest.sum())))
    attacker_survivors = conquest + att_fail
    defender_survivors = def_fail.copy()
    defender_survivors[0] = p_conquest
    ks_a, ks_d = np.arange(a_max + 1), np.arange(d_max + 1)
    for arr in (attacker_survivors, defender_survivors, conquest):
        arr.flags.writeable = False
    return Invasion(
        attackers,
        defenders,
        stop,
        p_conquest,
        attacker_survivors,
        defender_survivors,
        conquest,
        float(a_max - ks_a @ attacker_survivors),
        float(d_max - ks_d @ defender_survivors),
    )


def _grid(max_a: int, max_d: int, rule: BattleRule, stop: int) -> FloatArray:
    """P(conquest) from every (a, d) up to the sizes, by backward induction over diagonals."""
    width = max_d + 1
    grid = np.zeros((max_a + 1, width))
    grid[:, 0] = 1.0
    flat = grid.reshape(-1)  # (a, d) is flat[a * width + d]; one diagonal is a stride of max_d
    moves = _moves(rule)
    bulk = [(la * width + ld, p) for la, ld, p in moves[(rule.attack_max, rule.defend_max)]]
    for s in range(stop + 2, max_a + max_d + 1):
        lo, hi = max(stop + 1, s - max_d), min(max_a, s - 1)
        if lo > hi:
            continue
        b_lo, b_hi, edges = _split(s, lo, hi, rule)
        if b_lo <= b_hi:
            start, end = b_lo * max_d + s, b_hi * max_d + s + 1
            acc = np.zeros(b_hi - b_lo + 1)
            for off, p in bulk:
                acc += p * flat[start - off : end - off : max_d]
            flat[start:end:max_d] = acc
        for a in edges:
            d = s - a
            grid[a, d] = sum(
                p * grid[a - la, d - ld]
                for la, ld, p in moves[(min(rule.attack_max, a - 1), min(rule.defend_max, d))]
            )
    grid[: stop + 1, 1:] = 0.0
    return grid


_tables: dict[tuple[BattleRule, int], FloatArray] = {}


def win_table(max_a: int, max_d: int, rule: BattleRule = CLASSIC, stop: int = 1) -> FloatArray:
    """P(conquest) for every start up to the sizes: table[a, d] for a attacking armies
    (the one that stays included) against d defending armies. Row 0 and column 0 are the
    trivial edges (no attacker: 0; no defender: 1). Cached per rule and grown on demand."""
    _check(max_a, max_d, stop)
    have = _tables.get((rule, stop))
    if have is None or have.shape[0] <= max_a or have.shape[1] <= max_d:
        size_a, size_d = max_a, max_d
        if have is not None:
            size_a, size_d = max(size_a, have.shape[0] - 1), max(size_d, have.shape[1] - 1)
        have = _grid(size_a, size_d, rule, stop)
        have.flags.writeable = False
        _tables[(rule, stop)] = have
    return have[: max_a + 1, : max_d + 1]


def win_probability(
    attackers: int, defenders: int, rule: BattleRule = CLASSIC, stop: int = 1
) -> float:
    """P(conquest) for one start, from the cached table (cheap for bots that ask often)."""
    return float(win_table(attackers, defenders, rule, stop)[attackers, defenders])


def invasion_exact(
    attackers: int, defenders: int, rule: BattleRule = CLASSIC, stop: int = 1
) -> dict[tuple[int, int], Fraction]:
    """The end states of an invasion with exact probabilities; for small armies only.

    A plain walk over states, independent of the vectorised sweeps above (which tests check
    against it).
    """
    _check(attackers, defenders, stop)
    mass: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
    mass[(attackers, defenders)] = Fraction(1)
    end: dict[tuple[int, int], Fraction] = {}
    while mass:
        a, d = max(mass, key=sum)
        p = mass.pop((a, d))
        if d == 0 or a <= stop:
            end[(a, d)] = p
            continue
        dist = roll_distribution(rule, min(rule.attack_max, a - 1), min(rule.defend_max, d))
        for (la, ld), q in dist.items():
            mass[(a - la, d - ld)] += p * q
    return dict(sorted(end.items()))
