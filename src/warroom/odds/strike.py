"""RISK Strike (the card game) battles: exact odds of one roll and of a battle fought to the end.

A battle state is (attacker cards, attacker troops, defender cards, defender troops): the
active cards of the attacking and defending continents and the active troops on each side
(a side's own plus its helpers'; which troop goes is the principal's choice, B3, and does not
change the odds). Each roll the attacker rolls min(3, cards + troops) dice and the defender
min(2, cards + troops), with no choice (S26, S27, B30); pairs are compared high to low and ties
go to the defender (S29). Each lost pair costs the loser 1 troop, else 1 card (S30, S31); once a
side's cards run out, its remaining losses are ignored (B23). The defender's lost cards go to
the attacker, held aside and adding no dice (B25); the attacker's go to the surrendered pile
(B31). The battle ends when the defender has no cards (conquest, S33, whatever troops remain:
B24) or the attacker has none (S35); otherwise the attacker may roll again (S34). The odds
assume it does while it holds more than `stop` cards (default 0: to the end).

Tactics cards act on one roll (B7, B8): each Rally adds 2 to every attacker die, and Bombard
sets one die's face to 6 before Rally is added; the lines are then re-sorted and re-paired.

Troops are discarded after the battle (S36), so an end state is only (attacker cards left,
defender cards left). Troops are lost before cards, so from a start the reachable states are
few (one per pair of unit counts) and the memoised chain is cheap; `strike_odds` is the float
summary for bots, `strike_battle` / `strike_battle_exact` give the whole end distribution.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Generic, Literal, TypeVar

from warroom.odds.dice import roll_distribution, side_distribution
from warroom.rules.battle import CLASSIC, PLAIN, compare

State = tuple[int, int, int, int]
"""(attacker cards, attacker troops, defender cards, defender troops), all active."""
End = tuple[int, int]
"""(attacker's active cards left, defender's cards left) when the battle ends."""
Outcome = tuple[int, int]
"""(attacker losses, defender losses) of one roll, in pairs."""
Side = Literal["attacker", "defender"]

ATTACK_MAX = 3
DEFEND_MAX = 2
RALLY_BONUS = 2
BOMBARD_FACE = 6
_WARM_UNITS = 120  # above this many units in all, fill the cache bottom-up (no deep recursion)

N = TypeVar("N", Fraction, float)


@dataclass(frozen=True, slots=True)
class Bombard:
    """The die-to-6 card on one die (B8).

    `rank` is the die's place among its side's faces, high to low (0 the highest, -1 the
    lowest). The lowest is the owner's best use: it raises the sorted line the most.
    """

    side: Side
    rank: int = -1


ATTACKER_LOWEST = Bombard("attacker", -1)
DEFENDER_LOWEST = Bombard("defender", -1)
DEFENDER_HIGHEST = Bombard("defender", 0)


def strike_dice(state: State) -> tuple[int, int]:
    """Dice each side rolls in `state` (S26, S27: fixed counts)."""
    ac, at, dc, dt = state
    return min(ATTACK_MAX, ac + at), min(DEFEND_MAX, dc + dt)


def strike_values(
    faces: Sequence[int], rally: int = 0, bombard_rank: int | None = None
) -> tuple[int, ...]:
    """A side's final values, high to low: face (6 on the Bombarded die) plus 2 per Rally (B8)."""
    ordered = sorted(faces, reverse=True)
    if bombard_rank is not None:
        if not -len(ordered) <= bombard_rank < len(ordered):
            raise ValueError(f"no die at rank {bombard_rank} among {len(ordered)}")
        ordered[bombard_rank] = BOMBARD_FACE
    return tuple(sorted((v + RALLY_BONUS * rally for v in ordered), reverse=True))


@cache
def strike_roll(
    attack_dice: int, defend_dice: int, rally: int = 0, bombard: Bombard | None = None
) -> dict[Outcome, Fraction]:
    """Exact distribution of (attacker losses, defender losses) for one roll, with the
    attacker's Rally count and at most one Bombard."""
    if not (1 <= attack_dice <= ATTACK_MAX and 1 <= defend_dice <= DEFEND_MAX):
        raise ValueError("the attacker rolls 1 to 3 dice and the defender 1 to 2")
    if rally < 0:
        raise ValueError("rally count cannot be negative")
    if rally == 0 and bombard is None:
        return roll_distribution(CLASSIC, attack_dice, defend_dice)
    a_rank = bombard.rank if bombard is not None and bombard.side == "attacker" else None
    d_rank = bombard.rank if bombard is not None and bombard.side == "defender" else None
    defend = [
        (strike_values(f, 0, d_rank), q) for f, q in side_distribution(PLAIN, defend_dice).items()
    ]
    out: dict[Outcome, Fraction] = defaultdict(Fraction)
    for faces, p in side_distribution(PLAIN, attack_dice).items():
        att = strike_values(faces, rally, a_rank)
        for dfd, q in defend:
            out[compare(att, dfd)] += p * q
    return dict(sorted(out.items()))


def after_roll(state: State, attacker_losses: int, defender_losses: int) -> State:
    """The state after a roll: each lost pair costs a troop, else a card; losses beyond the
    last card are ignored (S30, S31, B23)."""
    ac, at, dc, dt = state
    a_troops, d_troops = max(0, at - attacker_losses), max(0, dt - defender_losses)
    a_cards = max(0, ac - (attacker_losses - (at - a_troops)))
    d_cards = max(0, dc - (defender_losses - (dt - d_troops)))
    return a_cards, a_troops, d_cards, d_troops


def battle_over(state: State, stop: int = 0) -> bool:
    """True when no further roll happens: conquest (S33), no attacking cards (S35), or the
    attacker stops of its own choice with `stop` cards or fewer (S34)."""
    return state[2] == 0 or state[0] <= stop


def _check(state: State, stop: int) -> None:
    ac, at, dc, dt = state
    if ac < 1 or dc < 1:
        raise ValueError(
            "each side needs at least 1 active continent card to fight "
            "(B19 [Attack Phase 1: Declare Battle], B20 [Attack Phase 1: Declare Battle])"
        )
    if at < 0 or dt < 0:
        raise ValueError("troop counts cannot be negative")
    if stop < 0:
        raise ValueError("stop cannot be negative")


@cache
def _float_roll(attack_dice: int, defend_dice: int) -> tuple[tuple[int, int, float], ...]:
    return tuple(
        (la, ld, float(p)) for (la, ld), p in strike_roll(attack_dice, defend_dice).items()
    )


def _exact_roll(attack_dice: int, defend_dice: int) -> tuple[tuple[int, int, Fraction], ...]:
    return tuple((la, ld, p) for (la, ld), p in strike_roll(attack_dice, defend_dice).items())


_Node = tuple[dict[End, N], N]
"""End distribution and expected rolls, from a state before its next roll."""


def _combine(
    state: State,
    stop: int,
    moves: Sequence[tuple[int, int, N]],
    child: Callable[[State], _Node[N]],
    one: N,
) -> _Node[N]:
    """One roll from `state`, then the chain from each non-final state it leads to."""
    zero = one * 0
    ends: dict[End, N] = defaultdict(lambda: zero)
    rolls = one
    for la, ld, p in moves:
        nxt = after_roll(state, la, ld)
        if battle_over(nxt, stop):
            ends[(nxt[0], nxt[2])] += p
            continue
        sub_ends, sub_rolls = child(nxt)
        rolls += p * sub_rolls
        for end, q in sub_ends.items():
            ends[end] += p * q
    return dict(sorted(ends.items())), rolls


@cache
def _node_float(state: State, stop: int) -> _Node[float]:
    return _combine(
        state, stop, _float_roll(*strike_dice(state)), lambda s: _node_float(s, stop), 1.0
    )


@cache
def _node_exact(state: State, stop: int) -> _Node[Fraction]:
    return _combine(
        state, stop, _exact_roll(*strike_dice(state)), lambda s: _node_exact(s, stop), Fraction(1)
    )


Summary = tuple[float, float, float, float]
"""(P(conquest), E[attacker cards left], E[defender cards left], E[rolls])."""


@cache
def _summary(state: State, stop: int) -> Summary:
    return _summary_with(state, stop, _float_roll(*strike_dice(state)))


def _summary_with(state: State, stop: int, moves: Sequence[tuple[int, int, float]]) -> Summary:
    """The scalar chain (linear in its end values), a few floats per state: the bot path."""
    win = a_left = d_left = 0.0
    rolls = 1.0
    for la, ld, p in moves:
        nxt = after_roll(state, la, ld)
        if battle_over(nxt, stop):
            win += p * (nxt[2] == 0)
            a_left += p * nxt[0]
            d_left += p * nxt[2]
            continue
        w, a, d, r = _summary(nxt, stop)
        win, a_left, d_left, rolls = win + p * w, a_left + p * a, d_left + p * d, rolls + p * r
    return win, a_left, d_left, rolls


def _warm(state: State, stop: int, fill: Callable[[State, int], object]) -> None:
    """Fill the cache from small states up, so a big start does not recurse deeply.

    Troops go before cards, so the states reachable from a start are one per pair of unit
    counts (ua, ud) on each side.
    """
    ac, at, dc, dt = state
    if ac + at + dc + dt <= _WARM_UNITS:
        return
    for ua in range(stop + 1, ac + at + 1):
        for ud in range(1, dc + dt + 1):
            fill((min(ac, ua), max(0, ua - ac), min(dc, ud), max(0, ud - dc)), stop)


def _moves_for(
    state: State, rally: int, bombard: Bombard | None
) -> tuple[tuple[int, int, float], ...]:
    if rally == 0 and bombard is None:
        return _float_roll(*strike_dice(state))
    dist = strike_roll(*strike_dice(state), rally, bombard)
    return tuple((la, ld, float(p)) for (la, ld), p in dist.items())


@dataclass(frozen=True, slots=True)
class StrikeOdds:
    """What a bot needs about a battle, as floats."""

    p_conquest: float
    expected_cards_won: float
    expected_cards_surrendered: float
    expected_rolls: float


def strike_odds(
    a_cards: int,
    a_troops: int,
    d_cards: int,
    d_troops: int,
    stop: int = 0,
    rally: int = 0,
    bombard: Bombard | None = None,
) -> StrikeOdds:
    """Float summary of a battle fought until conquest, no attacking cards, or the attacker
    holding `stop` cards or fewer; `rally`/`bombard` act on the first roll only. Memoised:
    repeated and overlapping queries cost microseconds."""
    state = (a_cards, a_troops, d_cards, d_troops)
    _check(state, stop)
    _warm(state, stop, _summary)
    if rally == 0 and bombard is None:
        win, a_left, d_left, rolls = _summary(state, stop)
    else:
        win, a_left, d_left, rolls = _summary_with(state, stop, _moves_for(state, rally, bombard))
    return StrikeOdds(win, d_cards - d_left, a_cards - a_left, rolls)


def conquest_probability(
    a_cards: int, a_troops: int, d_cards: int, d_troops: int, stop: int = 0
) -> float:
    """P(the defending continent is emptied) for a battle fought to the end (or to `stop`)."""
    return strike_odds(a_cards, a_troops, d_cards, d_troops, stop).p_conquest


@dataclass(frozen=True)
class StrikeBattle(Generic[N]):
    """The end distribution of a battle: ends[(attacker cards left, defender cards left)]."""

    start: State
    stop: int
    ends: dict[End, N]
    expected_rolls: N

    @property
    def p_conquest(self) -> N:
        return sum((p for (_, d), p in self.ends.items() if d == 0), self.expected_rolls * 0)

    @property
    def expected_cards_won(self) -> N:
        """Cards of the defending continent the attacker claims (B25: held aside until the end)."""
        d0 = self.start[2]
        return sum((p * (d0 - d) for (_, d), p in self.ends.items()), self.expected_rolls * 0)

    @property
    def expected_cards_surrendered(self) -> N:
        """Attacking cards sent to the surrendered pile (B31)."""
        a0 = self.start[0]
        return sum((p * (a0 - a) for (a, _), p in self.ends.items()), self.expected_rolls * 0)


def strike_battle(
    a_cards: int,
    a_troops: int,
    d_cards: int,
    d_troops: int,
    stop: int = 0,
    rally: int = 0,
    bombard: Bombard | None = None,
) -> StrikeBattle[float]:
    """The whole end distribution, as floats (memoised per state); `rally`/`bombard` act on the
    first roll only."""
    state = (a_cards, a_troops, d_cards, d_troops)
    _check(state, stop)
    _warm(state, stop, _node_float)
    if rally == 0 and bombard is None:
        ends, rolls = _node_float(state, stop)
    else:
        moves = _moves_for(state, rally, bombard)
        ends, rolls = _combine(state, stop, moves, lambda s: _node_float(s, stop), 1.0)
    return StrikeBattle(state, stop, ends, rolls)


def strike_battle_exact(
    a_cards: int,
    a_troops: int,
    d_cards: int,
    d_troops: int,
    stop: int = 0,
    rally: int = 0,
    bombard: Bombard | None = None,
) -> StrikeBattle[Fraction]:
    """The whole end distribution with exact fractions (modifiers as in `strike_battle`);
    denominators grow fast, so for small battles and for checking the float paths."""
    state = (a_cards, a_troops, d_cards, d_troops)
    _check(state, stop)
    _warm(state, stop, _node_exact)
    if rally == 0 and bombard is None:
        ends, rolls = _node_exact(state, stop)
    else:
        dist = strike_roll(*strike_dice(state), rally, bombard)
        moves = tuple((la, ld, p) for (la, ld), p in dist.items())
        ends, rolls = _combine(state, stop, moves, lambda s: _node_exact(s, stop), Fraction(1))
    return StrikeBattle(state, stop, ends, rolls)
