"""Exact odds of a whole godswar under the game's own dice rule (`battle.force_rule`), for
`warroom odds --godswar --attack-gods ... --defend-gods ...` and for bots. Kept out of the
rules' imports: the odds package loads numpy."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from warroom.games.godstorm.battle import force_rule
from warroom.games.godstorm.state import SKY
from warroom.odds.dice import godswar_odds, godswar_series
from warroom.rules.battle import CLASSIC, BattleRule, combine, godswar_dice


def godswar_chance(
    force: Sequence[int],
    defending_gods: Sequence[int],
    committed: int,
    defending_armies: int,
    rule: BattleRule = CLASSIC,
    altars: tuple[int, int] = (0, 0),
) -> Fraction:
    """The chance that the attacking gods win a godswar fought to the end (A9 [Godswar]: never
    called off), each side staking its gods in the order given (G83): a god's power lasts while it
    is in its force (G48, G50), so the order matters. `rule` adds what gods do not give (the
    defender's temple, relics); `altars` are each side's (G108); each side's total adds its armies,
    the committed ones for the attacker (A8 [Godswar; Sky Cards in Battle], G84)."""

    def round_odds(lost: int, banished: int) -> Fraction:
        attack, defend = force[lost:], defending_gods[banished:]
        return godswar_odds(
            godswar_dice(SKY in attack, altars[0]),
            godswar_dice(SKY in defend, altars[1]),
            committed,
            defending_armies,
            combine(rule, force_rule(attack, defend, False)),
        )

    return godswar_series(round_odds, len(force), len(defending_gods))
