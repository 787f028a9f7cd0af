"""Exact odds of completing a dice-matching card (Mass Effect War Assets and Galaxy at War
scanning, MCU Guardians of the Galaxy), and the optimal play that reaches them.

A turn on a card: roll the unplaced dice; match one remaining row with some of them (ME127,
MCU88: one row a roll, matching is not optional), or, when no row matches, set aside one
unplaced die of the player's choice, d6 or d8 (ME128, W4, Q6); the rest are re-rolled. The card
is complete when every row is matched and failed when that has become impossible.

Only counts matter for the future, so a state is (the remaining rows as a multiset, unplaced
d6s, unplaced d8s), and a match only decides how many d6s and d8s it places: the value of a
state is an expectimax over the roll's outcomes taken as multisets of faces (multinomial
weights, 252 x 36 outcomes for 5 d6 + 2 d8 instead of 2.1 million ordered rolls), each outcome
taking the best successor it can reach. Ties between optimal actions go to the fewer expected
rolls, so the expected-roll figure is the one of a definite optimal policy.

Reading of "clear that you cannot match" (W3, Q7): a state fails at once when no outcome could
complete it, which is exactly when the rows need more dice than are left (a sum row N+ needs
ceil(N/3), an exact row one per value) or more 7/8 targets than d8s are left, or a value no die
shows. Such a state has probability 0 under rolling on too, so the odds are the same either
way; only the expected number of rolls differs (`auto_fail=False` gives the rolling-on count).

The first roll is special (ME123, MCU84): all the dice are rolled, and the card can be selected
only when that roll matches one of its rows; otherwise the turn ends with no die lost (W2, Q5).
`card_odds` gives that selection probability and the completion odds from the start and once
selected. The rules module is used for its `Row` and `Die` only; the enumeration is local so
that it stays fast and independent of the rules engine it is tested against.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import factorial, prod
from typing import Generic, TypeVar

import numpy as np
import numpy.typing as npt

from warroom.rules.dice_match import Die, Row, steal6

N = TypeVar("N", Fraction, float)

D6, D8 = 6, 8
LOW_TOP = 3  # a sum row uses dice showing 1, 2 or 3 (ME125, MCU86)
STEAL_FACE = 6  # the steal row is an exact row "6" (W6)
_FACES = D8 + 1  # face counts are indexed 0..8

Key = tuple[int, tuple[int, ...], int]
"""A row as the solver sees it: (0, targets, 0) for exact and steal rows, (1, (), N) for N+."""
Rows = tuple[Key, ...]
"""The remaining rows, sorted: a canonical multiset."""
_EXACT, _SUM = 0, 1


def row_key(row: Row) -> Key:
    """The solver's form of a row: a steal row is the exact row "6" (W6)."""
    if row.kind == "sum_low":
        return (_SUM, (), row.total)
    if row.kind == "steal6":
        return (_EXACT, (STEAL_FACE,), 0)
    return (_EXACT, tuple(sorted(row.values)), 0)


def _rows(rows: Sequence[Row]) -> Rows:
    return tuple(sorted(row_key(r) for r in rows))


def _dice_needed(key: Key) -> int:
    kind, targets, total = key
    return max(1, -(-total // LOW_TOP)) if kind == _SUM else len(targets)


def _showable(key: Key) -> bool:
    return all(1 <= v <= D8 for v in key[1])


def can_complete(rows: Sequence[Row], d6: int, d8: int) -> bool:
    """Whether some run of rolls could still match every row (W3/Q7's auto-fail test)."""
    return _feasible(_rows(rows), d6, d8)


def _feasible(rows: Rows, d6: int, d8: int) -> bool:
    if not all(_showable(k) for k in rows):
        return False
    high = sum(1 for k in rows for v in k[1] if v > D6)
    return high <= d8 and sum(_dice_needed(k) for k in rows) <= d6 + d8


@dataclass(frozen=True, slots=True)
class _Outcome:
    """One multiset of faces: `weight` ordered rolls give it."""

    weight: int
    c6: tuple[int, ...]  # d6s showing each face 0..8
    c8: tuple[int, ...]
    low6: tuple[int, ...]  # prefix sums of the d6s showing 1-3, highest first
    low8: tuple[int, ...]


def _count_vectors(n: int, sides: int) -> list[tuple[int, ...]]:
    """Every way to spread n dice over faces 1..sides (index 0 unused)."""
    out: list[tuple[int, ...]] = []

    def walk(face: int, left: int, acc: tuple[int, ...]) -> None:
        if face == sides:
            out.append((0, *acc, left, *([0] * (D8 - sides))))
            return
        for k in range(left + 1):
            walk(face + 1, left - k, (*acc, k))

    walk(1, n, ())
    return out


def _low_prefix(counts: tuple[int, ...]) -> tuple[int, ...]:
    faces = [f for f in range(LOW_TOP, 0, -1) for _ in range(counts[f])]
    sums = [0]
    for f in faces:
        sums.append(sums[-1] + f)
    return tuple(sums)


@cache
def _outcomes(d6: int, d8: int) -> tuple[tuple[_Outcome, ...], int]:
    """The roll of d6 d6s and d8 d8s as weighted multisets, and the number of ordered rolls."""

    def weight(c: tuple[int, ...], n: int) -> int:
        return factorial(n) // prod(factorial(k) for k in c)

    sixes = [(c, weight(c, d6), _low_prefix(c)) for c in _count_vectors(d6, D6)]
    eights = [(c, weight(c, d8), _low_prefix(c)) for c in _count_vectors(d8, D8)]
    outs = tuple(_Outcome(w6 * w8, c6, c8, l6, l8) for c6, w6, l6 in sixes for c8, w8, l8 in eights)
    return outs, D6**d6 * D8**d8


@cache
def _needs(key: Key) -> tuple[tuple[int, int], ...]:
    targets = key[1]
    return tuple((v, targets.count(v)) for v in sorted(set(targets)))


def _split(key: Key, c6: Sequence[int], c8: Sequence[int]) -> list[tuple[int, int, int]] | None:
    """Per target face of an exact row: (face, fewest d6s, most d6s) that can show it, or None
    when this roll cannot match the row."""
    out = []
    for v, k in _needs(key):
        lo, hi = max(0, k - c8[v]), min(k, c6[v])
        if lo > hi:
            return None
        out.append((v, lo, hi))
    return out


def _fits(key: Key, u6: int, u8: int, o: _Outcome) -> bool:
    """Whether this roll can match the row with u6 of its d6s and u8 of its d8s."""
    kind, _, total = key
    if kind == _SUM:
        return u6 < len(o.low6) and u8 < len(o.low8) and o.low6[u6] + o.low8[u8] >= total
    split = _split(key, o.c6, o.c8)
    if split is None:
        return False
    return sum(s[1] for s in split) <= u6 <= sum(s[2] for s in split)


Span = tuple[int, int] | None


@cache
def _spans(key: Key, d6: int, d8: int) -> tuple[Span, ...]:
    """For each outcome of rolling d6 + d8 dice (in `_outcomes` order): the fewest and most
    d6s a match of this exact row places, or None where the roll cannot match it. Computed
    once per row and dice, since every state of every card asks the same question."""
    out: list[Span] = []
    for o in _outcomes(d6, d8)[0]:
        split = _split(key, o.c6, o.c8)
        out.append(None if split is None else (sum(s[1] for s in split), sum(s[2] for s in split)))
    return tuple(out)


@cache
def _fitting(key: Key, u6: int, u8: int, d6: int, d8: int) -> npt.NDArray[np.bool_]:
    """For each outcome of rolling d6 + d8 dice (in `_outcomes` order): whether it can match
    the row with u6 of its d6s and u8 of its d8s. Computed once per row, use and dice, since
    every state of every card asks it of every outcome."""
    outs = _outcomes(d6, d8)[0]
    if key[0] == _SUM:
        return np.array(
            [
                u6 < len(o.low6) and u8 < len(o.low8) and o.low6[u6] + o.low8[u8] >= key[2]
                for o in outs
            ],
            dtype=bool,
        )
    spans = _spans(key, d6, d8)
    return np.array([span is not None and span[0] <= u6 <= span[1] for span in spans], dtype=bool)


def _first_fits(
    cands: Sequence[tuple[Key, int, int, object, object]], d6: int, d8: int
) -> list[int]:
    """For each outcome of rolling d6 + d8 dice: the number of the first of `cands` (row, d6s,
    d8s, ...) it can match, or len(cands) when none. The candidates' flags are read together,
    not asked one outcome at a time."""
    count = len(_outcomes(d6, d8)[0])
    if not cands:
        return [0] * count
    fits = np.stack([_fitting(c[0], c[1], c[2], d6, d8) for c in cands])
    first: list[int] = np.where(fits.any(axis=0), fits.argmax(axis=0), len(cands)).tolist()
    return first


def _uses(key: Key, d6: int, d8: int) -> list[tuple[int, int]]:
    """The (d6s, d8s) a match of the row could place, out of d6 and d8 unplaced dice."""
    if not _showable(key):
        return []
    if key[0] == _SUM:
        return [(a, b) for a in range(d6 + 1) for b in range(d8 + 1) if a + b >= 1]
    m = len(key[1])
    high = sum(1 for v in key[1] if v > D6)
    return [(m - b, b) for b in range(high, min(m, d8) + 1) if m - b <= d6]


def _without(rows: Rows, i: int) -> Rows:
    return rows[:i] + rows[i + 1 :]


class _Solver(Generic[N]):
    """Memoised expectimax for one number type and one reading of W3.

    `rerolls` are the rerolls of every unplaced die still to come this turn (Guardians'
    `reroll` Set power, Q8 [GotG 4]): after any roll the player may reroll instead of
    deciding, so each outcome takes the better of its own best choice and the same state
    rolled again with one reroll fewer. With none (War Assets, scanning) it is the plain turn.
    """

    def __init__(self, zero: N, one: N, auto_fail: bool) -> None:
        self.zero: N = zero
        self.one: N = one
        self.auto_fail = auto_fail
        self.memo: dict[tuple[Rows, int, int, int], tuple[N, N]] = {}

    def better(self, a: tuple[N, N], b: tuple[N, N]) -> bool:
        """Higher completion probability first, then fewer expected rolls."""
        return a[0] > b[0] or (a[0] == b[0] and a[1] < b[1])

    def state(self, rows: Rows, d6: int, d8: int, rerolls: int = 0) -> tuple[N, N]:
        """(P(complete), expected rolls) about to roll d6 + d8 unplaced dice."""
        if not rows:
            return (self.one, self.zero)
        key = (rows, d6, d8, rerolls)
        got = self.memo.get(key)
        if got is not None:
            return got
        if d6 + d8 == 0 or (self.auto_fail and not _feasible(rows, d6, d8)):
            result = (self.zero, self.zero)
        else:
            again = self.state(rows, d6, d8, rerolls - 1) if rerolls else None
            nothing = self.aside(rows, d6, d8, rerolls)
            result = self.roll(rows, d6, d8, nothing, self.one, rerolls, again)
        self.memo[key] = result
        return result

    def aside(self, rows: Rows, d6: int, d8: int, rerolls: int = 0) -> tuple[N, N]:
        """The best set-aside when nothing matches (W4)."""
        options = [self.state(rows, d6 - 1, d8, rerolls)] if d6 else []
        if d8:
            options.append(self.state(rows, d6, d8 - 1, rerolls))
        best = options[0]
        for o in options[1:]:
            if self.better(o, best):
                best = o
        return best

    def candidates(
        self, rows: Rows, d6: int, d8: int, rerolls: int = 0
    ) -> list[tuple[Key, int, int, N, N]]:
        """Every distinct match (row, d6s, d8s) with its successor's value, best first."""
        out = []
        for i, key in enumerate(rows):
            if i and rows[i - 1] == key:
                continue
            rest = _without(rows, i)
            for u6, u8 in _uses(key, d6, d8):
                v, e = self.state(rest, d6 - u6, d8 - u8, rerolls)
                out.append((key, u6, u8, v, e))
        out.sort(key=lambda c: (-c[3], c[4]))
        return out

    def roll(
        self,
        rows: Rows,
        d6: int,
        d8: int,
        nothing: tuple[N, N],
        counted: N,
        rerolls: int = 0,
        again: tuple[N, N] | None = None,
    ) -> tuple[N, N]:
        """Expectation over one roll: each outcome takes its best reachable match, else
        `nothing`, or `again` (rolling every unplaced die once more) where that is better;
        `counted` is the roll's own count (1, or 1 for the selection roll too)."""
        cands = self.candidates(rows, d6, d8, rerolls)
        outs, total = _outcomes(d6, d8)
        values = [(c[3], c[4]) for c in cands]
        values.append(nothing)
        if again is not None:
            values = [again if self.better(again, v) else v for v in values]
        sum_v, sum_e = self.zero, self.zero
        for o, k in zip(outs, _first_fits(cands, d6, d8), strict=True):
            v, e = values[k]
            sum_v += o.weight * v
            sum_e += o.weight * e
        return (sum_v / total, counted + sum_e / total)


_EXACT_SOLVERS = {flag: _Solver(Fraction(0), Fraction(1), flag) for flag in (True, False)}
_FLOAT_SOLVERS = {flag: _Solver(0.0, 1.0, flag) for flag in (True, False)}


def _exact_solver(auto_fail: bool) -> _Solver[Fraction]:
    return _EXACT_SOLVERS[auto_fail]


def _float_solver(auto_fail: bool) -> _Solver[float]:
    return _FLOAT_SOLVERS[auto_fail]


def completion(
    rows: Sequence[Row], d6: int, d8: int, *, auto_fail: bool = True, rerolls: int = 0
) -> tuple[Fraction, Fraction]:
    """Exact (P(complete), expected rolls) for a selected card with these rows left and these
    unplaced dice, about to roll them, under optimal play; `rerolls` of every unplaced die
    may still be used this turn (Guardians' `reroll` power), each at best."""
    if rerolls < 0:
        raise ValueError("rerolls cannot be negative")
    return _exact_solver(auto_fail).state(_rows(rows), d6, d8, rerolls)


def completion_float(
    rows: Sequence[Row], d6: int, d8: int, *, auto_fail: bool = True, rerolls: int = 0
) -> tuple[float, float]:
    """`completion` in floats, several times faster: for bots."""
    if rerolls < 0:
        raise ValueError("rerolls cannot be negative")
    return _float_solver(auto_fail).state(_rows(rows), d6, d8, rerolls)


@dataclass(frozen=True, slots=True)
class CardOdds(Generic[N]):
    """A card attempted from the first roll of all the dice."""

    rows: tuple[Row, ...]
    d6: int
    d8: int
    p_select: N
    """P(the first roll matches a row, so the card may be selected: ME123, MCU84)."""
    p_complete: N
    """P(select and complete), the first row chosen optimally."""
    p_complete_if_selected: N
    """P(complete | the first roll matched), the same optimal play."""
    expected_rolls: N
    """Rolls in the turn, the first one included (just 1 when it matches nothing)."""
    expected_rolls_if_selected: N


def _card(solver: _Solver[N], rows: Sequence[Row], d6: int, d8: int) -> CardOdds[N]:
    if not rows:
        raise ValueError("a card needs at least one row")
    if d6 < 0 or d8 < 0:
        raise ValueError("dice counts cannot be negative")
    key = _rows(rows)
    z = solver.zero
    p, rolls = solver.roll(key, d6, d8, (z, z), solver.one)
    outs, total = _outcomes(d6, d8)
    cands = solver.candidates(key, d6, d8)
    first = _first_fits(cands, d6, d8)
    hits = sum(o.weight for o, k in zip(outs, first, strict=True) if k < len(cands))
    p_select = solver.one * hits / total
    return CardOdds(
        rows=tuple(rows),
        d6=d6,
        d8=d8,
        p_select=p_select,
        p_complete=p,
        p_complete_if_selected=p / p_select if hits else z,
        expected_rolls=rolls,
        expected_rolls_if_selected=(
            solver.one + (rolls - solver.one) / p_select if hits else solver.one
        ),
    )


def card_odds(
    rows: Sequence[Row], d6: int = 5, d8: int = 2, *, steal: bool = False, auto_fail: bool = True
) -> CardOdds[Fraction]:
    """Exact odds of a card from its first roll; `steal` adds the steal row (ME126, MCU87)."""
    return _card(_exact_solver(auto_fail), [*rows, *([steal6()] if steal else [])], d6, d8)


def card_odds_float(
    rows: Sequence[Row], d6: int = 5, d8: int = 2, *, steal: bool = False, auto_fail: bool = True
) -> CardOdds[float]:
    """`card_odds` in floats."""
    return _card(_float_solver(auto_fail), [*rows, *([steal6()] if steal else [])], d6, d8)


@dataclass(frozen=True, slots=True)
class Match(Generic[N]):
    """Place the dice at `dice` (indices into the roll) on row `row` (index into the rows)."""

    row: int
    dice: tuple[int, ...]
    p: N
    """P(complete) after this action, playing on optimally."""
    rolls: N
    """Expected further rolls after it."""


@dataclass(frozen=True, slots=True)
class SetAside(Generic[N]):
    """Nothing matches: set aside the die at `die` (its kind is what matters)."""

    die: int
    p: N
    rolls: N


def _indices(key: Key, u6: int, u8: int, dice: Sequence[Die]) -> tuple[int, ...]:
    """Dice of the roll that match the row with u6 d6s and u8 d8s (the highest 1-3s for a sum
    row: the same kinds placed leave the same dice to roll, whichever faces they show)."""
    by: dict[Die, list[int]] = {}
    for i, d in enumerate(dice):
        by.setdefault(d, []).append(i)
    if key[0] == _SUM:
        chosen: list[int] = []
        for sides, n in ((D6, u6), (D8, u8)):
            chosen += [i for f in range(LOW_TOP, 0, -1) for i in by.get((sides, f), [])][:n]
        return tuple(sorted(chosen))
    c6 = [len(by.get((D6, f), [])) for f in range(_FACES)]
    c8 = [len(by.get((D8, f), [])) for f in range(_FACES)]
    split = _split(key, c6, c8)
    assert split is not None
    extra = u6 - sum(s[1] for s in split)
    chosen = []
    for v, lo, hi in split:
        a = lo + min(extra, hi - lo)
        extra -= a - lo
        k = key[1].count(v)
        chosen += by.get((D6, v), [])[:a] + by.get((D8, v), [])[: k - a]
    return tuple(sorted(chosen))


def _roll_outcome(dice: Sequence[Die]) -> _Outcome:
    c6 = tuple(sum(1 for d in dice if d == (D6, f)) for f in range(_FACES))
    c8 = tuple(sum(1 for d in dice if d == (D8, f)) for f in range(_FACES))
    return _Outcome(1, c6, c8, _low_prefix(c6), _low_prefix(c8))


def _counts(dice: Sequence[Die]) -> tuple[int, int]:
    if any(s not in (D6, D8) or not 1 <= f <= s for s, f in dice):
        raise ValueError(f"dice must be d6 or d8 showing one of their faces, not {list(dice)}")
    d6 = sum(1 for s, _ in dice if s == D6)
    return d6, len(dice) - d6


def _actions(solver: _Solver[N], rows: Sequence[Row], dice: Sequence[Die]) -> list[Match[N]]:
    keys = [row_key(r) for r in rows]
    d6, d8 = _counts(dice)
    o = _roll_outcome(dice)
    out: list[Match[N]] = []
    for i, key in enumerate(keys):
        if key in keys[:i]:
            continue
        rest = tuple(sorted(keys[:i] + keys[i + 1 :]))
        for u6, u8 in _uses(key, d6, d8):
            if _fits(key, u6, u8, o):
                p, e = solver.state(rest, d6 - u6, d8 - u8)
                out.append(Match(i, _indices(key, u6, u8, dice), p, e))
    out.sort(key=lambda m: (-m.p, m.rolls, m.row, len(m.dice)))
    return out


def _best(
    solver: _Solver[N], rows: Sequence[Row], dice: Sequence[Die], first_roll: bool
) -> Match[N] | SetAside[N] | None:
    if not rows:
        return None
    found = _actions(solver, rows, dice)
    if found:
        return found[0]
    if first_roll or not dice:
        return None
    key = _rows(rows)
    d6, d8 = _counts(dice)
    best: SetAside[N] | None = None
    for sides, left in ((D6, (d6 - 1, d8)), (D8, (d6, d8 - 1))):
        if min(left) >= 0:
            p, e = solver.state(key, *left)
            if best is None or solver.better((p, e), (best.p, best.rolls)):
                best = SetAside(max(i for i, d in enumerate(dice) if d[0] == sides), p, e)
    return best


def actions(rows: Sequence[Row], dice: Sequence[Die]) -> list[Match[float]]:
    """Every distinct legal match for this roll of the unplaced dice with these rows left,
    best first (the same kinds of dice on the same row count once); empty when nothing
    matches. Floats, for bots."""
    return _actions(_float_solver(True), rows, dice)


def actions_exact(rows: Sequence[Row], dice: Sequence[Die]) -> list[Match[Fraction]]:
    """`actions` with exact probabilities."""
    return _actions(_exact_solver(True), rows, dice)


def best_match(
    rows: Sequence[Row], dice: Sequence[Die], *, first_roll: bool = False
) -> Match[float] | SetAside[float] | None:
    """The optimal action for this roll of the unplaced dice with these rows left: the best
    match, else the best die to set aside (W4). None when nothing can be done: no rows, no
    dice, or a first roll that matches nothing (the card cannot be selected: W2, Q5)."""
    return _best(_float_solver(True), rows, dice, first_roll)


def best_match_exact(
    rows: Sequence[Row], dice: Sequence[Die], *, first_roll: bool = False
) -> Match[Fraction] | SetAside[Fraction] | None:
    """`best_match` with exact probabilities (and exact tie-breaks)."""
    return _best(_exact_solver(True), rows, dice, first_roll)
