"""Exact odds of a whole godswar under the game's own dice rule (`battle.force_rule`), for
`warroom odds --godswar --attack-gods ... --defend-gods ...` and for bots. Kept out of the
rules' imports: the odds package loads numpy."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from warroom.core.errors import IllegalAction, WarroomError
from warroom.core.events import listed
from warroom.core.game import Seat
from warroom.games.godstorm import order
from warroom.games.godstorm.battle import battle_rule, force_rule, godswar_setup
from warroom.games.godstorm.components import DOMAINS
from warroom.games.godstorm.invasion import (
    MOST_LOST_A_ROLL,
    NO_SKY,
    Invasion,
    SkyEffects,
    adjacent,
    invasion_problem,
)
from warroom.games.godstorm.rules import HEAVEN, may_answer_with_sky
from warroom.games.godstorm.state import BANISHED, NOBODY, SKY, GodstormState
from warroom.games.godstorm.underworld import (
    underworld_attack_problem,
    underworld_available,
    underworld_route_problem,
)
from warroom.odds.dice import godswar_ends, godswar_odds, godswar_series
from warroom.odds.invasion import invasion
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


@dataclass(frozen=True, slots=True)
class InvasionOdds:
    """An invasion fought until the target falls or 1 army is left in the source: the chance
    to take it and the armies each side is expected to lose."""

    attackers: int
    defenders: int
    p_conquest: float
    expected_attacker_losses: float
    expected_defender_losses: float
    godswar: bool  # a godswar comes first (G82), its outcomes weighed in
    sky_unseen: bool = False  # the defender may yet answer with a Sky card (G80), not counted
    from_heaven: bool = False  # out of a heaven: every army may go, none stays behind (A18)


def invasion_odds(
    seen: GodstormState,
    seat: Seat,
    source: int,
    target: int,
    force: Sequence[int],
    committed: int | None = None,
    sky: SkyEffects = NO_SKY,
) -> InvasionOdds:
    """`seat` invading `target` from `source` on Ancient Earth with the gods `force`, rolling
    the most dice until the target falls or 1 army is left (G90, G81), as `seen` (an
    observation: the caller's to choose) stands. The dice rule is the game's own
    (`battle_rule`: gods, temple, relics; `sky`: Sky cards already played, G70), two pairs
    deciding a roll (G91). A due godswar (G82) is fought first with `committed` armies (all the
    source can spare by default), each side staking its gods in domain order, and each way it
    can end weighs the army battle fought with the gods left (G88). A Sky card not yet played
    is not counted: nobody knows it before the defender plays it."""
    attackers, defenders = seen.armies[source], seen.armies[target]
    if defenders == 0:  # A15: an unoccupied territory gives no dice
        return InvasionOdds(attackers, 0, 1.0, 0.0, 0.0, False)
    defender = seen.owner[target]
    defending = seen.gods_at(defender, target) if defender >= 0 else []
    attacking = sorted(force)
    if not attacking or not defending:
        return _army_battle(seen, seat, source, target, attacking, sky, 1.0, False)
    armies = attackers - 1 if committed is None else committed

    def left(lost: int, banished: int) -> GodstormState:
        """`seen` with the first `lost` attacking and `banished` defending gods banished."""
        after = seen.copy()
        for domain in attacking[:lost]:
            after.gods[seat][domain] = BANISHED
        for domain in defending[:banished]:
            after.gods[defender][domain] = BANISHED
        return after

    def round_odds(lost: int, banished: int) -> Fraction:
        attack_dice, defend_dice, rule = godswar_setup(
            left(lost, banished), seat, attacking[lost:], target
        )
        return godswar_odds(attack_dice, defend_dice, armies, defenders, rule)

    ends = godswar_ends(round_odds, len(attacking), len(defending))
    parts = [
        _army_battle(
            left(lost, banished), seat, source, target, attacking[lost:], sky, float(p), True
        )
        for (lost, banished), p in ends.items()
    ]
    return InvasionOdds(
        attackers,
        defenders,
        sum(part.p_conquest for part in parts),
        sum(part.expected_attacker_losses for part in parts),
        sum(part.expected_defender_losses for part in parts),
        True,
    )


def _army_battle(
    seen: GodstormState,
    seat: Seat,
    source: int,
    target: int,
    force: Sequence[int],
    sky: SkyEffects,
    weight: float,
    godswar: bool,
) -> InvasionOdds:
    """The army battle (G90-G93) under the invasion's rule, its figures times `weight`."""
    rule = sky.rule(battle_rule(seen, force, target, seat))
    fought = invasion(seen.armies[source], seen.armies[target], rule, pairs=MOST_LOST_A_ROLL)
    return InvasionOdds(
        fought.attackers,
        fought.defenders,
        weight * fought.p_conquest,
        weight * fought.expected_attacker_losses,
        weight * fought.expected_defender_losses,
        godswar,
    )


UNSEEN_SKY = "the defender holds a Sky card: one played in answer is not counted"
"""What the % leaves out before a declaration, in the words the terminal and the page use."""


def invasion_between(
    seen: GodstormState, source: str, target: str, force: Sequence[int] | None = None
) -> InvasionOdds:
    """The invasion from the place named `source` into `target` as `seen` (an observation)
    stands: on Ancient Earth by the source's holder, with the gods `force` (every god in the
    source by default, as a declaration takes them, G79), or the one under way between them
    with its gods, committed armies and Sky cards played; in the Underworld (`source` a space,
    a heaven by its name or "heaven", the active player's) with plain dice (G110), 1 army
    staying in a space and none in a heaven (A18). Raises WarroomError where no such invasion
    may ever be made (names of no one board, places that do not border), and IllegalAction, a
    kind of it, where the board as it stands refuses it (who holds what, armies, gods): a
    page asking from what it last heard may be a step behind."""
    asked = _asked(seen, source, target, force)
    seat, s, t = asked.seat, asked.source, asked.target
    if not asked.underworld:
        assert s is not None  # a territory of Ancient Earth
        inv = asked.under_way
        if inv is not None:
            return invasion_odds(seen, seat, s, t, inv.force, inv.committed, seen.sky or NO_SKY)
        if not adjacent(seen, s, t):
            raise WarroomError(f"{source} and {target} do not share a border or a water connection")
        gods = asked.gods
        problem = "no army holds it" if seat < 0 else invasion_problem(seen, seat, s, t, 1, gods)
        if problem is not None:
            raise IllegalAction(f"no invasion from {source} into {target}: {problem}")
        odds = invasion_odds(seen, seat, s, t, gods)
        unseen = odds.defenders > 0 and may_answer_with_sky(seen, seen.owner[t])
        return replace(odds, sky_unseen=unseen)
    route = underworld_route_problem(seen, s, t)
    if route is not None:
        raise WarroomError(f"no invasion from {source} into {target}: {route}")
    problem = "nobody's turn" if seat < 0 else underworld_attack_problem(seen, seat, s, t)
    if problem is not None:
        raise IllegalAction(f"no invasion from {source} into {target}: {problem}")
    attackers, defenders = underworld_available(seen, seat, s) + 1, seen.space_armies[t]
    heaven = s is None
    if defenders == 0:
        return InvasionOdds(attackers, 0, 1.0, 0.0, 0.0, False, from_heaven=heaven)
    plain = invasion(attackers, defenders)
    return InvasionOdds(
        attackers,
        defenders,
        plain.p_conquest,
        plain.expected_attacker_losses,
        plain.expected_defender_losses,
        False,
        from_heaven=heaven,
    )


def invasion_words(
    seen: GodstormState, source: str, target: str, force: Sequence[int] | None = None
) -> str:
    """The invasion `invasion_between` reads for the same names, in words anyone may read
    (the page's odds line is asked as a spectator, so no seat's "your heaven"): the places as
    the boards name them, a heaven by its own name, the gods going along by name and domain
    as the invader's button says them ("Invade Apulia from Roma with Ares (god of war)"); the
    invasion under way "Go on invading ...", with its own gods. Raises WarroomError for names
    that make no invasion, as `invasion_between` does."""
    asked = _asked(seen, source, target, force)
    seat = asked.seat
    if seat < 0:
        raise IllegalAction(f"no invasion from {source} into {target}: no army holds it")
    pantheon = seen.pantheon[seat]
    if asked.underworld and asked.source is None:  # a heaven, by its own name
        source = seen.parts.underworld.territories[seen.parts.heaven[pantheon]]
    verb = "Go on invading" if asked.under_way is not None else "Invade"
    words = f"{verb} {target} from {source}"
    if not asked.gods:
        return words
    names = seen.parts.gods[pantheon]
    return f"{words} with {listed(f'{names[d]} (god of {DOMAINS[d]})' for d in asked.gods)}"


@dataclass(frozen=True)
class _Asked:
    """An invasion named by its places, read once for its odds and its words: the invader
    (NOBODY where none), the board, the source (a territory, a space, None for a heaven), the
    target, the invasion under way between them if there is one, and the gods going along
    (none in the Underworld)."""

    seat: Seat
    underworld: bool
    source: int | None
    target: int
    under_way: Invasion | None
    gods: list[int]


def _asked(seen: GodstormState, source: str, target: str, force: Sequence[int] | None) -> _Asked:
    """`source` and `target` read on the board they name (`_Asked`); on Ancient Earth the gods
    are the invasion's under way, else `force`, else every god in the source (G79). Raises
    WarroomError for names of no one board."""
    earth = seen.parts.earth
    if source in earth.index and target in earth.index:
        s, t = earth.territory(source), earth.territory(target)
        seat = seen.owner[s]
        inv = _under_way(seen, False, s, t)
        if inv is not None:
            gods = list(inv.force)
        else:
            gods = seen.gods_at(seat, s) if force is None else sorted(force)
        return _Asked(seat, False, s, t, inv, gods)
    seat, space, t = _underworld_places(seen, source, target)
    inv = _under_way(seen, True, -1 if space is None else space, t)
    return _Asked(seat, True, space, t, inv, [])


def _under_way(seen: GodstormState, underworld: bool, source: int, target: int) -> Invasion | None:
    """The invasion under way, where it is the one from `source` into `target` (on the
    Underworld where `underworld`; a heaven's source is -1)."""
    inv = seen.invasion
    if inv is None or inv.underworld != underworld or (inv.source, inv.target) != (source, target):
        return None
    return inv


def _underworld_places(
    seen: GodstormState, source: str, target: str
) -> tuple[Seat, int | None, int]:
    """The invader, its space (None for a heaven: "heaven" is the active player's, a heaven
    named is its pantheon's player's) and the target space, for Underworld names; raises
    WarroomError for names of no one board."""
    under = seen.parts.underworld
    if target not in under.index or not (source == HEAVEN or source in under.index):
        raise WarroomError(f"{source} and {target} are not two places of one board")
    t = under.territory(target)
    if source == HEAVEN:
        return order.active(seen), None, t
    space = under.territory(source)
    if under.space_kind[space] != "heaven":
        return seen.space_owner[space], space, t
    pantheons = seen.pantheon
    seats = [
        s
        for s in range(seen.players)
        if pantheons[s] >= 0 and seen.parts.heaven[pantheons[s]] == space
    ]
    return (seats[0] if seats else NOBODY), None, t
