"""How the gods, temples and altars change a Godstorm battle: the army battle's dice rule and
the godswar (spec G46-G51, G82-G93), on the shared dice of rules/battle.py."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from warroom.core.game import Seat
from warroom.core.rng import Rng
from warroom.games.godstorm.losses import Cause
from warroom.games.godstorm.state import DEATH, MAGIC, SKY, WAR, GodstormState
from warroom.rules.battle import (
    EVERY_DIE,
    PRESETS,
    BattleRule,
    Godswar,
    SideRule,
    combine,
    godswar_dice,
    godswar_roll,
)


def defender_of(state: GodstormState, territory: int) -> int:
    """The seat (or NEUTRAL) whose armies hold the territory."""
    return state.owner[territory]


def relic_rule(state: GodstormState, seat: int, hook: str, attacking: bool) -> BattleRule:
    """The dice modifiers `seat`'s relics give its side at `hook` ("battle" or "godswar"):
    rerolling 1s and winning ties (G71: relics act whenever the card allows)."""
    if seat < 0 or not state.relics[seat]:
        return combine()
    side = "attack" if attacking else "defend"
    once = until = ties = False
    for card in state.relics[seat]:
        for effect in state.parts.cards[card].effects:
            if effect.hook != hook or getattr(effect.params, "side", side) not in (side, "either"):
                continue
            if effect.primitive == "reroll-ones":
                until = until or bool(getattr(effect.params, "until", False))
                once = once or not getattr(effect.params, "until", False)
            ties = ties or (effect.primitive == "win-ties" and attacking)
    rule = SideRule(reroll_once=once, reroll_until=EVERY_DIE if until else 0)
    if attacking:
        return BattleRule(attacker=rule, attacker_wins_ties=ties)
    return BattleRule(defender=rule)


def relic_dice(state: GodstormState, seat: int, attacking: bool) -> int:
    """Extra godswar dice from `seat`'s relics (e.g. the reconstructed Aegis and Gungnir)."""
    if seat < 0:
        return 0
    side = "attack" if attacking else "defend"
    return sum(
        getattr(effect.params, "count", 0)
        for card in state.relics[seat]
        for effect in state.parts.cards[card].effects
        if effect.hook == "godswar"
        and effect.primitive == "extra-dice"
        and getattr(effect.params, "side", side) in (side, "either")
    )


def battle_rule(
    state: GodstormState, force: Sequence[int], territory: int, attacker: int = -1
) -> BattleRule:
    """The dice rule of every roll of an invasion, army battle and godswar alike (G50): the
    gods' and the temple's part (`force_rule`) and either side's relics that act on battles
    (G71)."""
    defender = defender_of(state, territory)
    defending_gods = state.gods_at(defender, territory) if defender >= 0 else []
    return combine(
        relic_rule(state, attacker, "battle", True),
        relic_rule(state, defender, "battle", False),
        force_rule(force, defending_gods, defender >= 0 and state.temple[territory]),
    )


def force_rule(force: Sequence[int], defending_gods: Sequence[int], temple: bool) -> BattleRule:
    """What gods and a temple do to the dice, by domain, so the odds use the game's own rule:
    - the god of war in the attacking force: the attacker wins ties (G46, G86, G91);
    - the goddess of magic in the force, or in the defending territory: that side rerolls its
      1s once (G47, A5 [Goddess of Magic; Temples in Battle], A33 [Goddess of Magic]);
    - a temple the defender controls in the territory: the defender rerolls 1s until none is
      left (G51); never the attacker. With both, the single reroll comes first (A5).
    A6 [Goddess of Magic; Temples in Battle]: rerolls are not a choice; both happen
    automatically, since rerolling a 1 never lowers a die and the Magic Labor is checked
    before the rerolls too (A7 [Magic Cards; Godswar])."""
    return _force_rule(WAR in force, MAGIC in force, MAGIC in defending_gods, temple)


@cache
def _force_rule(war: bool, magic_attacks: bool, magic_defends: bool, temple: bool) -> BattleRule:
    parts = []
    if war:
        parts.append(PRESETS["godstorm-war"])
    if magic_attacks:
        parts.append(PRESETS["godstorm-magic-attack"])
    if magic_defends:
        parts.append(PRESETS["godstorm-magic-defend"])
    if temple:
        parts.append(PRESETS["godstorm-temple"])
    return combine(*parts)


def defender_losses_cause(force: Sequence[int]) -> Cause:
    """G49, G93, A4 [God of Death; Attacking]: defenders killed by a force with a god of death go to
    their reserve; the attacker's own losses go to its heaven in any case."""
    return "death-god" if DEATH in force else "earth"


def altars(state: GodstormState, seat: Seat) -> int:
    """Altars `seat` controls in the Underworld (G108)."""
    kinds = state.parts.underworld.space_kind
    return sum(1 for s, o in enumerate(state.space_owner) if o == seat and kinds[s] == "altar")


@dataclass(frozen=True, slots=True)
class GodswarRound:
    roll: Godswar
    attack_dice: int
    defend_dice: int
    attack_triple: bool  # the Magic Labor's three of a kind (G89), before or after rerolls
    defend_triple: bool


def godswar_setup(
    state: GodstormState, attacker: Seat, force: Sequence[int], territory: int
) -> tuple[int, int, BattleRule]:
    """A godswar round's dice a side and its rule (G84-G89, G48, G108, G71 relics): the one
    account that the round and the bots' odds both read."""
    defender = defender_of(state, territory)
    attack_dice = godswar_dice(SKY in force, altars(state, attacker)) + relic_dice(
        state, attacker, True
    )
    defend_sky = defender >= 0 and SKY in state.gods_at(defender, territory)
    defend_dice = godswar_dice(defend_sky, altars(state, defender) if defender >= 0 else 0)
    defend_dice += relic_dice(state, defender, False)
    rule = combine(
        battle_rule(state, force, territory, attacker),
        relic_rule(state, attacker, "godswar", True),
        relic_rule(state, defender, "godswar", False),
    )
    return attack_dice, defend_dice, rule


def godswar_round(
    state: GodstormState,
    rng: Rng,
    attacker: Seat,
    force: Sequence[int],
    committed: int,
    territory: int,
) -> GodswarRound:
    """One godswar round (G84-G89): 3 dice a side, +1 with a god of the sky in that force (in
    the defending territory for the defender, G48), +1 per altar its player controls (G108);
    each side's total adds its armies in the battle: the `committed` force for the attacker
    (A8 [Godswar; Sky Cards in Battle]), every army in the territory for the defender. Ties go to
    the defender unless the attacking force holds the god of war (G86); rerolls as in `battle_rule`
    (G85)."""
    attack_dice, defend_dice, rule = godswar_setup(state, attacker, force, territory)
    result = godswar_roll(rng, attack_dice, defend_dice, committed, state.armies[territory], rule)
    assert result.attack is not None and result.defend is not None
    return GodswarRound(
        result, attack_dice, defend_dice, result.attack.has_kind(3), result.defend.has_kind(3)
    )
