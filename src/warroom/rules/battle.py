"""The battle roll shared by every edition that fights with dice, with each edition's modifiers.

Classic rules ("Deciding a Battle"): sort each side's dice high to low, compare
highest with highest and next with next; the defender wins ties; so neither side
loses more than 2 armies a roll (the defender rolls at most 2 dice).

Editions change how one side's dice are rolled (`SideRule`) and who wins ties
(`BattleRule.attacker_wins_ties`). The exact odds engine (warroom.odds) is built on the
helpers below (`side_dice`, `cruiser_rerolls`, `finish`, `compare`), so what it promises is
what games play; its tests check it against these roll functions by Monte Carlo.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from warroom.core.rng import Rng

EVERY_DIE = 99
"""A reroll limit that covers all of a side's dice (Godstorm temple, godswar with altars)."""

HARBINGER_TARGET = 18
"""Mass Effect, "Attacking Harbinger": the attacker's total must reach 18 or more."""


@dataclass(frozen=True, slots=True)
class SideRule:
    """How one side rolls its dice. The default is Classic: plain six-sided dice.

    d8: how many of the side's dice are eight-sided (MCU Loki token, S.H.I.E.L.D., Dark Elves,
        Mass Effect Reaper Vanguard: all; one per Mass Effect Dreadnought).
    reroll_once: every 1 is rerolled once and the new face stands (Godstorm goddess of magic).
    reroll_until: up to this many dice showing 1 are rerolled until they are not 1
        (Godstorm temple: EVERY_DIE; one per Mass Effect Cruiser).
    plus_one: +1 on each of the side's highest this many dice (one per Mass Effect Carrier).
    """

    d8: int = 0
    reroll_once: bool = False
    reroll_until: int = 0
    plus_one: int = 0

    def __post_init__(self) -> None:
        if min(self.d8, self.reroll_until, self.plus_one) < 0:
            raise ValueError("dice modifiers cannot be negative")

    @property
    def plain(self) -> bool:
        return self is PLAIN or self == PLAIN


PLAIN = SideRule()


@dataclass(frozen=True, slots=True)
class BattleRule:
    """Both sides' dice and the tie rule; the default is Classic RISK."""

    attacker: SideRule = PLAIN
    defender: SideRule = PLAIN
    attacker_wins_ties: bool = False  # Godstorm god of war ("when the god of war attacks")
    attack_max: int = 3
    defend_max: int = 2

    def __post_init__(self) -> None:
        if self.attack_max < 1 or self.defend_max < 1:
            raise ValueError("each side must be allowed at least one die")


CLASSIC = BattleRule()


def rule_words(rule: BattleRule) -> str:
    """What a battle's dice do beyond Classic's, for the log line of its roll: " (every
    defence die is a d8; the attacker wins ties)", or "" for plain dice. A roll whose result
    looks wrong by Classic's rule (a tie lost by the defender, a 1 gone) says why."""
    said: list[str] = []
    for name, side in (("attack", rule.attacker), ("defence", rule.defender)):
        if side.d8:
            said.append(f"{_dice(side.d8, name)} {'are d8s' if _many(side.d8) else 'is a d8'}")
        if side.reroll_once:
            said.append(f"{name} 1s rerolled once")
        if side.reroll_until:
            said.append(f"1s rerolled until not 1 on {_dice(side.reroll_until, name)}")
        if side.plus_one:
            said.append(f"+1 on the highest {_dice(side.plus_one, name)}")
    if rule.attacker_wins_ties:
        said.append("the attacker wins ties")
    return f" ({'; '.join(said)})" if said else ""


def _many(count: int) -> bool:
    return 1 < count < EVERY_DIE


def _dice(count: int, name: str) -> str:
    """A side's modified dice in words: "every defence die", "1 attack die", "2 attack dice"."""
    if count >= EVERY_DIE:
        return f"every {name} die"
    return f"{count} {name} {'dice' if _many(count) else 'die'}"


@dataclass(frozen=True, slots=True)
class Roll:
    attack: tuple[int, ...]
    defend: tuple[int, ...]
    attacker_losses: int
    defender_losses: int


def side_dice(side: SideRule, count: int) -> tuple[int, ...]:
    """The number of sides of each of `count` dice: the eight-sided ones first.

    A side with more Dreadnoughts than dice rolls only d8s (Mass Effect, "Using Ships").
    """
    eights = min(side.d8, count)
    return (8,) * eights + (6,) * (count - eights)


def cruiser_rerolls(side: SideRule, dice: Sequence[tuple[int, int]]) -> list[int]:
    """Indices of the (face, sides) dice to reroll until they are not 1, after any once-reroll.

    Reading (Mass Effect, "Using Ships", Cruiser): each Cruiser saves one die that came up 1;
    if more dice show 1 than there are Cruisers, the player saves the eight-sided ones first,
    as they reroll higher.
    """
    ones = [i for i, (face, _) in enumerate(dice) if face == 1]
    ones.sort(key=lambda i: -dice[i][1])
    return ones[: side.reroll_until]


def finish(side: SideRule, faces: Sequence[int]) -> tuple[int, ...]:
    """Final values high to low, with +1 on the highest `plus_one` dice.

    Reading (Mass Effect, Carrier): "add 3 to all three" is read as +1 on each of the three
    dice, since the same card says Carriers never add 2 or 3 to one die.
    """
    ordered = sorted(faces, reverse=True)
    for i in range(min(side.plus_one, len(ordered))):
        ordered[i] += 1
    return tuple(ordered)


def compare(
    attack: Sequence[int], defend: Sequence[int], attacker_wins_ties: bool = False
) -> tuple[int, int]:
    """(attacker losses, defender losses) for final values; ties to the defender by default."""
    att = sorted(attack, reverse=True)
    dfd = sorted(defend, reverse=True)
    a_loss = d_loss = 0
    for a, d in zip(att, dfd, strict=False):
        if a > d or (attacker_wins_ties and a == d):
            d_loss += 1
        else:
            a_loss += 1
    return a_loss, d_loss


@dataclass(frozen=True, slots=True)
class SideTrace:
    """One side's dice through a roll: the faces as first rolled and after every reroll (both
    in roll order, before `plus_one`), and the final values high to low. Godstorm's Magic Labor
    looks for three of a kind in the first faces and again after the rerolls (spec G59, A7)."""

    first: tuple[int, ...]
    rerolled: tuple[int, ...]
    final: tuple[int, ...]

    def has_kind(self, count: int = 3) -> bool:
        """Whether `count` dice showed the same number, as first rolled or after rerolls."""
        return any(
            max((faces.count(f) for f in set(faces)), default=0) >= count
            for faces in (self.first, self.rerolled)
        )


def roll_side_trace(rng: Rng, side: SideRule, count: int) -> SideTrace:
    """Roll one side's dice with its modifiers, keeping every stage: the one roll every
    caller (battles, godswar, Harbinger, the odds engine's Monte Carlo tests) goes through."""
    sides = side_dice(side, count)
    eights = sides.count(8)
    dice = [(f, 8) for f in rng.roll(eights, 8)] + [(f, 6) for f in rng.roll(count - eights, 6)]
    first = tuple(f for f, _ in dice)
    if side.reroll_once:
        dice = [(rng.die(s) if f == 1 else f, s) for f, s in dice]
    for i in cruiser_rerolls(side, dice):
        face, s = dice[i]
        while face == 1:
            face = rng.die(s)
        dice[i] = (face, s)
    rerolled = tuple(f for f, _ in dice)
    return SideTrace(first, rerolled, finish(side, rerolled))


def roll_side(rng: Rng, side: SideRule, count: int) -> tuple[int, ...]:
    """Roll one side's dice with its modifiers; final values high to low."""
    return roll_side_trace(rng, side, count).final


@dataclass(frozen=True, slots=True)
class TracedRoll:
    """A battle roll with both sides' traces (Godstorm's Magic Labor needs the raw dice)."""

    roll: Roll
    attack: SideTrace
    defend: SideTrace


def roll_traced(
    rng: Rng, attack_dice: int, defend_dice: int, rule: BattleRule = CLASSIC
) -> TracedRoll:
    """`roll` with its traces, drawing exactly what `roll` draws (so the odds engine, built
    and tested on `roll`, describes it too)."""
    if rule.attacker.plain and rule.defender.plain:
        faces = rng.roll(attack_dice + defend_dice, 6)
        att_faces, dfd_faces = faces[:attack_dice], faces[attack_dice:]
        result = _plain_roll(faces, attack_dice, rule.attacker_wins_ties)
        return TracedRoll(
            result,
            SideTrace(att_faces, att_faces, result.attack),
            SideTrace(dfd_faces, dfd_faces, result.defend),
        )
    att = roll_side_trace(rng, rule.attacker, attack_dice)
    dfd = roll_side_trace(rng, rule.defender, defend_dice)
    a_loss, d_loss = compare(att.final, dfd.final, rule.attacker_wins_ties)
    return TracedRoll(Roll(att.final, dfd.final, a_loss, d_loss), att, dfd)


def roll(rng: Rng, attack_dice: int, defend_dice: int, rule: BattleRule = CLASSIC) -> Roll:
    """Roll both sides' dice and decide the battle.

    With plain dice on both sides all faces come from one draw, as Classic always has.
    """
    if rule.attacker.plain and rule.defender.plain:
        faces = rng.roll(attack_dice + defend_dice, 6)
        return _plain_roll(faces, attack_dice, rule.attacker_wins_ties)
    att = roll_side(rng, rule.attacker, attack_dice)
    dfd = roll_side(rng, rule.defender, defend_dice)
    a_loss, d_loss = compare(att, dfd, rule.attacker_wins_ties)
    return Roll(att, dfd, a_loss, d_loss)


@cache
def _plain_roll(faces: tuple[int, ...], attack_dice: int, attacker_wins_ties: bool) -> Roll:
    """The battle that plain dice showing `faces` (the attacker's first) decide: a few
    thousand face tuples at most, each worked out once."""
    att = finish(PLAIN, faces[:attack_dice])
    dfd = finish(PLAIN, faces[attack_dice:])
    return Roll(att, dfd, *compare(att, dfd, attacker_wins_ties))


def godswar_dice(sky: bool = False, altars: int = 0) -> int:
    """Dice a side rolls in a Godstorm godswar: 3, +1 with a god of the sky, +1 per altar."""
    if altars < 0:
        raise ValueError("altars cannot be negative")
    return 3 + int(sky) + altars


@dataclass(frozen=True, slots=True)
class Godswar:
    attack_total: int
    defend_total: int
    attacker_wins: bool
    attack: SideTrace | None = None  # the dice, for the Magic Labor (G89)
    defend: SideTrace | None = None


def godswar_roll(
    rng: Rng,
    attack_dice: int,
    defend_dice: int,
    attack_armies: int,
    defend_armies: int,
    rule: BattleRule = CLASSIC,
) -> Godswar:
    """One godswar battle (Godstorm, "Godswar"): dice total plus armies, highest total wins.

    The loser's god is banished; no armies are lost. Ties go to the defender unless the rule
    gives them to the attacker (god of war); the sides' reroll rules apply (magic, temple).
    """
    att_dice = roll_side_trace(rng, rule.attacker, attack_dice)
    dfd_dice = roll_side_trace(rng, rule.defender, defend_dice)
    att = sum(att_dice.final) + attack_armies
    dfd = sum(dfd_dice.final) + defend_armies
    wins = att > dfd or (rule.attacker_wins_ties and att == dfd)
    return Godswar(att, dfd, wins, att_dice, dfd_dice)


@dataclass(frozen=True, slots=True)
class HarbingerAttack:
    faces: tuple[int, ...]  # the dice as rolled, ship bonuses included, high to low
    total: int
    destroyed: bool


def harbinger_roll(rng: Rng, dice: int, side: SideRule = PLAIN, bonus: int = 0) -> HarbingerAttack:
    """Attack Harbinger (Mass Effect): no defence roll; the attacker's dice total with ship
    bonuses plus `bonus` (cards, Momentum Meter, may be negative) must reach 18, otherwise
    every attacking unit is destroyed."""
    faces = roll_side(rng, side, dice)
    total = sum(faces) + bonus
    return HarbingerAttack(faces, total, total >= HARBINGER_TARGET)


_ALL_D8 = SideRule(d8=EVERY_DIE)

PRESETS: dict[str, BattleRule] = {
    "classic": CLASSIC,
    # MCU Skirmish (MCU2, MCU18, MCU19): only the d6, paired as in Classic.
    "mcu-skirmish": CLASSIC,
    # MCU, "Invading a sector with a Loki token": a d8 for each defending unit, so all of them.
    "mcu-loki": BattleRule(defender=_ALL_D8),
    # MCU, Battle for Manhattan / Thor: S.H.I.E.L.D. operatives and Dark Elves defend with d8s.
    "mcu-shield": BattleRule(defender=_ALL_D8),
    "mcu-dark-elves": BattleRule(defender=_ALL_D8),
    # Godstorm, "God of War" and "Attacking": the attacker wins ties.
    "godstorm-war": BattleRule(attacker_wins_ties=True),
    # Godstorm, "Goddess of Magic": reroll all 1's, read as once (the temple rule, which does
    # mean "until", says so in words; this one does not).
    "godstorm-magic-attack": BattleRule(attacker=SideRule(reroll_once=True)),
    "godstorm-magic-defend": BattleRule(defender=SideRule(reroll_once=True)),
    # Godstorm, "Temples in Battle": the defender rerolls 1's until all dice show 2 or higher.
    "godstorm-temple": BattleRule(defender=SideRule(reroll_until=EVERY_DIE)),
    # Mass Effect Basic Training (ME1, ME19-ME22): only the d6, paired as in Classic.
    "mass-effect-basic": CLASSIC,
    # Mass Effect Galaxy at War (ME62): a battle without ships or cards is Basic Training's;
    # its ships and directives are the side options (--attack-d8 Dreadnoughts,
    # --attack-reroll-until Cruisers, --attack-plus Carriers, each counting per die, ME63-ME66).
    "mass-effect-galaxy-at-war": CLASSIC,
    # Mass Effect, "Invading a Reaper Vanguard": all defensive dice become d8s.
    "mass-effect-vanguard": BattleRule(defender=_ALL_D8),
}


def add_sides(*parts: SideRule) -> SideRule:
    """Effects that each count for one die (Mass Effect ships and card directives: two
    Dreadnoughts and a d8 card make three d8s): the counts summed, unlike `combine`."""
    return SideRule(
        d8=sum(p.d8 for p in parts),
        reroll_once=any(p.reroll_once for p in parts),
        reroll_until=sum(p.reroll_until for p in parts),
        plus_one=sum(p.plus_one for p in parts),
    )


@cache
def combine(*rules: BattleRule) -> BattleRule:
    """Several editions' effects at once (e.g. god of war attacking a temple): the strongest
    of each modifier wins. Remembered: the rules are few and immutable, and a search asks for
    the same few combinations at every roll it weighs."""

    def side(parts: list[SideRule]) -> SideRule:
        return SideRule(
            d8=max(p.d8 for p in parts),
            reroll_once=any(p.reroll_once for p in parts),
            reroll_until=max(p.reroll_until for p in parts),
            plus_one=max(p.plus_one for p in parts),
        )

    rules = rules or (CLASSIC,)
    return BattleRule(
        attacker=side([r.attacker for r in rules]),
        defender=side([r.defender for r in rules]),
        attacker_wins_ties=any(r.attacker_wins_ties for r in rules),
        attack_max=max(r.attack_max for r in rules),
        defend_max=max(r.defend_max for r in rules),
    )
