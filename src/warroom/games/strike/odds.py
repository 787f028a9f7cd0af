"""The odds of a RISK Strike battle as a player deciding sees them, for every interface (the
terminal's `odds`, the browser's line before an attack, a roll and a deployment).

Everything here reads a spectator's observation (`RiskStrike.observe(state, None)`): anyone
may ask for these odds, so no hidden card may shape the answer. A battle's odds depend only
on public counts (the active cards of the two continents and the troops deployed, B25, S22),
so nothing is lost by that. The arithmetic is `warroom.odds.strike`'s.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from warroom.core.errors import IllegalAction
from warroom.core.game import Seat
from warroom.games.strike.state import ATTACKER, DEFENDER, DEPLOY, SIDE_NAMES, StrikeState
from warroom.odds.strike import StrikeOdds, strike_odds


@dataclass(frozen=True, slots=True)
class Forces:
    """The active units of a battle: all its odds depend on."""

    attacking_cards: int
    attacking_troops: int
    defending_cards: int
    defending_troops: int

    def with_troops(self, side: int, count: int) -> Forces:
        """These forces with `count` more troops deployed for `side` (ATTACKER or DEFENDER)."""
        if side == ATTACKER:
            return replace(self, attacking_troops=self.attacking_troops + count)
        return replace(self, defending_troops=self.defending_troops + count)

    def odds(self) -> StrikeOdds:
        """The battle rolled until the defending continent is empty or the attacking cards
        are gone (the attacker may stop sooner: S34). A game holds 42 continent cards and 18
        Troops, so a real battle's chain is small."""
        return strike_odds(
            self.attacking_cards, self.attacking_troops, self.defending_cards, self.defending_troops
        )


@dataclass(frozen=True, slots=True)
class Deployment:
    """The choice of the seat next to deploy (S22-S24): the odds with each number of troops it
    might add to each side it may join, from 0 up to its hand's size (public, B28)."""

    seat: Seat
    sides: dict[str, tuple[StrikeOdds, ...]]


def declared_forces(seen: StrikeState, source: int, defender: Seat, target: int) -> Forces:
    """The battle the active player would start by attacking `defender`'s cards of `target`
    from its own of `source`: every card of both (none is held aside before a battle), no
    troops yet. Refused where the rules allow no such declaration (B19, B20, S20)."""
    attacker = seen.current
    if seen.in_battle:
        raise IllegalAction("a battle is under way: its odds are asked for without a declaration")
    if not 0 <= defender < seen.players or defender == attacker:
        raise IllegalAction(f"Player {defender + 1} cannot be attacked by Player {attacker + 1}")
    names = seen.cards.continent_names
    if target not in seen.cards.reachable(source):
        raise IllegalAction(f"{names[source]} cannot attack {names[target]}")
    attacking, defending = seen.claimed[attacker][source], seen.claimed[defender][target]
    if not attacking or not defending:
        raise IllegalAction(
            f"Player {attacker + 1} needs a card of {names[source]} and Player {defender + 1} "
            f"one of {names[target]}"
        )
    return Forces(attacking, 0, defending, 0)


def battle_forces(seen: StrikeState) -> Forces:
    """The battle under way as it stands now: the attacker's active cards (those claimed
    during it are held aside, B25), the defender's, and each side's troops."""
    if not seen.in_battle:
        raise IllegalAction("no battle is under way")
    return Forces(
        seen.active_attacking(),
        seen.side_troops(ATTACKER),
        seen.claimed[seen.defender][seen.attack_to],
        seen.side_troops(DEFENDER),
    )


def deployment(seen: StrikeState) -> Deployment | None:
    """The odds behind the deployment due now, if one is: the principals add to their own
    side, a helper to either (B22)."""
    if not seen.in_battle or seen.phase != DEPLOY or not seen.deploy_queue:
        return None
    seat = seen.deploy_queue[0]
    now = battle_forces(seen)
    most = len(seen.hands[seat])
    sides: tuple[int, ...]
    if seat == seen.current:
        sides = (ATTACKER,)
    elif seat == seen.defender:
        sides = (DEFENDER,)
    else:
        sides = (ATTACKER, DEFENDER)
    return Deployment(
        seat,
        {
            SIDE_NAMES[side]: tuple(now.with_troops(side, n).odds() for n in range(most + 1))
            for side in sides
        },
    )
