"""Exact distributions of single rolls, as fractions, for any `BattleRule`.

Each function follows the roll model in warroom.rules.battle step by step (which dice are
d8s, the once-reroll, the Cruiser rerolls, the Carrier bonus, the comparison), replacing
each random draw by every face with its probability.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from fractions import Fraction
from functools import cache

from warroom.rules.battle import (
    CLASSIC,
    HARBINGER_TARGET,
    PLAIN,
    BattleRule,
    SideRule,
    compare,
    cruiser_rerolls,
    finish,
    side_dice,
)

Outcome = tuple[int, int]
"""(attacker losses, defender losses) of one roll."""


def _face(sides: int, once: bool) -> list[tuple[int, Fraction]]:
    """One die's face after the optional once-reroll of a 1."""
    p = Fraction(1, sides)
    if not once:
        return [(v, p) for v in range(1, sides + 1)]
    return [(1, p * p)] + [(v, p + p * p) for v in range(2, sides + 1)]


@cache
def side_distribution(side: SideRule, count: int) -> dict[tuple[int, ...], Fraction]:
    """Final values (high to low) of `count` dice rolled under `side`, with probabilities."""
    if count < 0:
        raise ValueError("dice count cannot be negative")
    # Dice as a sorted tuple of (face, sides): the order of rolling never matters.
    states: dict[tuple[tuple[int, int], ...], Fraction] = {(): Fraction(1)}
    for sides in side_dice(side, count):
        nxt: dict[tuple[tuple[int, int], ...], Fraction] = defaultdict(Fraction)
        for dice, p in states.items():
            for face, q in _face(sides, side.reroll_once):
                nxt[tuple(sorted((*dice, (face, sides))))] += p * q
        states = nxt
    result: dict[tuple[int, ...], Fraction] = defaultdict(Fraction)
    for dice, p in states.items():
        branches: list[tuple[list[int], Fraction]] = [([f for f, _ in dice], p)]
        for i in cruiser_rerolls(side, dice):
            sides = dice[i][1]
            q = Fraction(1, sides - 1)  # rerolled until not 1: uniform on 2..sides
            branches = [
                ([*faces[:i], v, *faces[i + 1 :]], w * q)
                for faces, w in branches
                for v in range(2, sides + 1)
            ]
        for faces, w in branches:
            result[finish(side, faces)] += w
    return dict(result)


@cache
def roll_distribution(
    rule: BattleRule = CLASSIC, attack_dice: int = 3, defend_dice: int = 2, pairs: int = 0
) -> dict[Outcome, Fraction]:
    """Exact distribution of (attacker losses, defender losses) for one roll; with `pairs`,
    only each side's highest `pairs` dice are compared (Godstorm G91: a third defence die from
    a Sky card improves the dice picked from, but two pairs at most decide)."""
    if attack_dice < 1 or defend_dice < 1:
        raise ValueError("each side rolls at least one die")
    if pairs < 0:
        raise ValueError("pairs cannot be negative")
    out: dict[Outcome, Fraction] = defaultdict(Fraction)
    cut = pairs or None  # the highest come first: a slice to None keeps every die
    defend = side_distribution(rule.defender, defend_dice)
    for att, p in side_distribution(rule.attacker, attack_dice).items():
        for dfd, q in defend.items():
            out[compare(att[:cut], dfd[:cut], rule.attacker_wins_ties)] += p * q
    return dict(sorted(out.items()))


DECIDING_PAIRS = 2
"""Classic, "Deciding a Battle": two pairs of dice at most decide a roll (Godstorm G91 keeps
it when a Sky card gives the defender a third die)."""


def defence_odds(
    rule: BattleRule, attack_dice: int, most: int
) -> dict[int, dict[Outcome, Fraction]]:
    """Each defence a defender may choose, 1 to `most` dice against `attack_dice`, with the
    exact outcomes of that one roll: the advice at the defender's prompt."""
    return {
        dice: roll_distribution(rule, attack_dice, dice, DECIDING_PAIRS)
        for dice in range(1, most + 1)
    }


@cache
def total_distribution(side: SideRule, count: int) -> dict[int, Fraction]:
    """Distribution of the sum of a side's final dice (godswar, Harbinger)."""
    out: dict[int, Fraction] = defaultdict(Fraction)
    for values, p in side_distribution(side, count).items():
        out[sum(values)] += p
    return dict(sorted(out.items()))


def godswar_odds(
    attack_dice: int,
    defend_dice: int,
    attack_armies: int,
    defend_armies: int,
    rule: BattleRule = CLASSIC,
) -> Fraction:
    """Probability that the attacker's god wins one godswar battle (the defender's is banished).

    Use `warroom.rules.battle.godswar_dice` for the dice counts (sky god, altars).
    """
    defend = total_distribution(rule.defender, defend_dice)
    win = Fraction(0)
    for a, p in total_distribution(rule.attacker, attack_dice).items():
        margin = a + attack_armies - defend_armies
        for d, q in defend.items():
            if margin > d or (rule.attacker_wins_ties and margin == d):
                win += p * q
    return win


def godswar_series(
    round_odds: Callable[[int, int], Fraction], attack_gods: int, defend_gods: int
) -> Fraction:
    """Probability that the attacker banishes all `defend_gods` before losing all its
    `attack_gods`, one god lost per round (Godstorm G87, G88, fought to the end: A9), where
    `round_odds(attacking gods lost, defending gods lost)` is the attacker's chance in that
    round (the powers left in each force change it)."""
    ends = godswar_ends(round_odds, attack_gods, defend_gods)
    return sum((p for (_, lost_d), p in ends.items() if lost_d == defend_gods), Fraction(0))


def godswar_ends(
    round_odds: Callable[[int, int], Fraction], attack_gods: int, defend_gods: int
) -> dict[tuple[int, int], Fraction]:
    """How a godswar fought to the end leaves the gods: (attacking gods lost, defending gods
    lost) with its probability, one side having lost them all, as `godswar_series` counts
    them; the army battle that follows rolls with the gods left (G88)."""
    if attack_gods < 1 or defend_gods < 1:
        raise ValueError("a godswar needs a god on each side")
    reach: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
    reach[0, 0] = Fraction(1)
    ends: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
    for lost_a in range(attack_gods):
        for lost_d in range(defend_gods):
            here = reach[lost_a, lost_d]
            if not here:
                continue
            p = round_odds(lost_a, lost_d)
            won = ends if lost_d + 1 == defend_gods else reach
            won[lost_a, lost_d + 1] += here * p
            lost = ends if lost_a + 1 == attack_gods else reach
            lost[lost_a + 1, lost_d] += here * (1 - p)
    return {end: p for end, p in sorted(ends.items()) if p}


def harbinger_odds(dice: int, side: SideRule = PLAIN, bonus: int = 0) -> Fraction:
    """Probability that one attack destroys Harbinger (total + bonus reaches 18)."""
    return sum(
        (p for t, p in total_distribution(side, dice).items() if t + bonus >= HARBINGER_TARGET),
        Fraction(0),
    )
