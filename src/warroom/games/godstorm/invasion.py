"""Invading Ancient Earth (§6, G76-G99): declaring, the godswar, the army battle, capture and
the Labors that battles earn. Each step changes the state it is given (a step's own copy) and
returns its events; checks return the reason an act is refused, None when it is allowed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from warroom.core.events import ARMIES, Event, faces
from warroom.core.game import Seat
from warroom.games.godstorm.battle import (
    battle_rule,
    defender_losses_cause,
    godswar_round,
)
from warroom.games.godstorm.components import DECK_GOD, DOMAINS
from warroom.games.godstorm.economy import draw
from warroom.games.godstorm.losses import (
    banish_gods_without_armies,
    eliminate,
    plague_losses,
    remove_armies,
    send_dead,
)
from warroom.games.godstorm.state import BANISHED, NOBODY, GodstormState
from warroom.rules.battle import (
    EVERY_DIE,
    BattleRule,
    Roll,
    SideRule,
    SideTrace,
    compare,
    roll_traced,
    rule_words,
)

WAR_LABOR_CONQUESTS = 3  # G57
MOST_LOST_A_ROLL = 2  # G91


@dataclass(frozen=True, slots=True)
class Invasion:
    """A declared invasion (G79): the force's gods by domain and the armies committed (A8
    [Godswar; Sky Cards in Battle])."""

    attacker: Seat
    source: int
    target: int
    committed: int
    force: tuple[int, ...]
    defender: int  # the seat or NEUTRAL holding the target when declared; NOBODY if empty
    # G81, A35 [Calling It Off; Godswar]: an attack (a godswar round counts) has been made
    attacked: bool = False
    last_dice: int = 0  # dice of the last army roll: the least that moves in (G94)
    underworld: bool = False  # §9: spaces of the Underworld (source -1: the heaven)


@dataclass(frozen=True, slots=True)
class SkyEffects:
    """What the defender's Sky cards left on the invasion they answered (G70)."""

    cancel: bool = False
    reduce: int = 0
    defend_extra_dice: int = 0
    defend_reroll: bool = False
    defend_reroll_until: bool = False
    defend_wins_ties: bool = False

    def rule(self, rule: BattleRule) -> BattleRule:
        """The battle rule with these effects on the defender's side."""
        defender = SideRule(
            reroll_once=rule.defender.reroll_once or self.defend_reroll,
            reroll_until=EVERY_DIE if self.defend_reroll_until else rule.defender.reroll_until,
        )
        wins_ties = rule.attacker_wins_ties and not self.defend_wins_ties
        return BattleRule(
            rule.attacker,
            defender,
            wins_ties,
            rule.attack_max,
            rule.defend_max + self.defend_extra_dice,
        )


NO_SKY = SkyEffects()


def adjacent(state: GodstormState, a: int, b: int) -> bool:
    """Every adjacency check of the rules goes through here (spec section 7, item 6): borders
    and water connections count alike (G76, A19 [7. Fortify a Position]), sunken Atlantis has no
    connection (G116, A29 [Atlantis]), and the water connection under the maelstrom cannot be
    crossed."""
    earth = state.parts.earth
    if not earth.adjacent(a, b) or state.gone(a) or state.gone(b):
        return False
    return state.maelstrom not in ((a, b), (b, a))


def invasion_problem(
    state: GodstormState,
    seat: Seat,
    source: int,
    target: int,
    committed: int,
    force: Sequence[int],
) -> str | None:
    """G76-G79, A8 [Godswar; Sky Cards in Battle], A15 [War Cards; Eliminating a Player]: from a
    territory of yours with at least 2 armies, to a bordering territory held by someone else (or
    unoccupied), committing 1 to source-1 armies and only gods standing in the source."""
    if source not in state.territories_of(seat):
        return "invade from a territory you control"
    if state.owner[target] == seat and state.armies[target] > 0:
        return "that territory is yours"
    if not adjacent(state, source, target):
        return "the two territories do not share a border or a water connection"
    if state.armies[source] < 2:
        return "the source must hold at least 2 armies"
    if not 1 <= committed <= state.armies[source] - 1:
        return f"commit 1 to {state.armies[source] - 1} armies"
    if len(set(force)) != len(force) or any(state.gods[seat][d] != source for d in force):
        return "only your gods in the source territory can take part"
    return None


def declare(
    state: GodstormState,
    seat: Seat,
    source: int,
    target: int,
    committed: int,
    force: Sequence[int],
) -> Invasion:
    defender = state.owner[target] if state.armies[target] > 0 else NOBODY
    return Invasion(seat, source, target, committed, tuple(sorted(force)), defender)


def godswar_due(state: GodstormState, invasion: Invasion) -> bool:
    """G82, G88: a godswar is fought while the force has a god and the defending territory
    holds one of the defender's gods."""
    defender = invasion.defender
    return bool(invasion.force) and defender >= 0 and bool(state.gods_at(defender, invasion.target))


def labor_draw(state: GodstormState, seat: Seat, deck: str, once_a_turn: bool) -> list[Event]:
    """G56, G61: a Labor's card, if that deck's god is in play and the deck is not empty; War,
    Sky and Death Labors give at most one a turn (G57, G58, G60), Magic any number (G59)."""
    if seat < 0 or not state.alive(seat) or (once_a_turn and deck in state.labors):
        return []
    if not state.god_in_play(seat, DOMAINS.index(DECK_GOD[deck])):
        return []
    card = draw(state, seat, deck)
    if card is None:
        return []
    if once_a_turn:
        state.labors.append(deck)
    if deck == "Magic":  # revealed at once (G71)
        title = state.parts.cards[card].name
        return [
            Event(
                "labor",
                f"{state.does(seat, 'completes')} the Magic Labor: {title}",
                {"seat": seat, "deck": deck, "card": title},
                reveals=True,
            )
        ]
    return [
        Event(
            "labor",
            f"{state.does(seat, 'completes')} the {deck} Labor and "
            f"{state.verb(seat, 'draws')} a {deck} card",
            {"seat": seat, "deck": deck},
            known_to=frozenset((seat,)),
            secret={"card": state.parts.cards[card].name},
            reveals=True,
        )
    ]


def magic_labors(
    state: GodstormState, sides: Sequence[tuple[int, SideTrace | None]]
) -> list[Event]:
    """G59, G89, A7 [Magic Cards; Godswar]: three of a kind as first rolled or after rerolls gives
    that side's player one Magic card per roll, on anyone's turn."""
    events: list[Event] = []
    for seat, trace in sides:
        if trace is not None and trace.has_kind(3):
            events += labor_draw(state, seat, "Magic", once_a_turn=False)
    return events


def fight_godswar(
    state: GodstormState, invasion: Invasion, attack_god: int, defend_god: int
) -> tuple[Invasion, list[Event]]:
    """One godswar round (G83-G89): the chosen gods fight; the loser's is banished (G87), no
    army dies; a Hammer of Thor's triple banishes the other chosen god too. Banishing the
    defender's god earns the attacker the Sky Labor (G58, A11 [Sky Cards; Godswar])."""
    attacker, defender = invasion.attacker, invasion.defender
    result = godswar_round(
        state, state.rng, attacker, invasion.force, invasion.committed, invasion.target
    )
    roll = result.roll
    hammers = (  # relics held when the dice fell, not one this roll's Labor draws
        (result.attack_triple and _triple_banishes(state, attacker), defender, defend_god),
        (result.defend_triple and _triple_banishes(state, defender), attacker, attack_god),
    )
    # G89: the triple is rolled while both chosen gods are on the board, so a goddess of magic
    # who loses this very round still earns her player the card; the loser goes after.
    magic = magic_labors(state, [(attacker, roll.attack), (defender, roll.defend)])
    loser_seat, loser = (defender, defend_god) if roll.attacker_wins else (attacker, attack_god)
    state.gods[loser_seat][loser] = BANISHED
    god = state.parts.gods[state.pantheon[loser_seat]][loser]
    events = [
        Event(
            "godswar",
            f"Godswar as {battle_name(state, invasion)}: {roll.attack_total} against "
            f"{roll.defend_total}; {god} is banished",
            {
                "from": state.parts.earth.territories[invasion.source],
                "to": state.parts.earth.territories[invasion.target],
                "attack": roll.attack_total,
                "defend": roll.defend_total,
                "banished": god,
            },
            reveals=True,
        )
    ]
    for hammer, other, other_god in hammers:
        if hammer and state.gods[other][other_god] != BANISHED:
            state.gods[other][other_god] = BANISHED
            name = state.parts.gods[state.pantheon[other]][other_god]
            events.append(Event("effect", f"A relic's triple banishes {name} too", reveals=True))
    force = tuple(d for d in invasion.force if state.gods[attacker][d] != BANISHED)
    if state.gods[defender][defend_god] == BANISHED:
        events += labor_draw(state, attacker, "Sky", once_a_turn=True)
    return replace(invasion, force=force, attacked=True), events + magic


def battle_name(state: GodstormState, invasion: Invasion) -> str:
    """Which battle a roll belongs to, as Classic's battle lines name it: "Roma (Romans)
    attacks Apulia (Greeks)"."""
    return f"{state.held(invasion.source)} attacks {state.held(invasion.target)}"


def _triple_banishes(state: GodstormState, seat: Seat) -> bool:
    """Hammer of Thor (G71; its effect reconstructed): the holder's godswar triple banishes
    the opposing god as well, whoever wins the round."""
    return seat >= 0 and any(
        effect.primitive == "triple-banishes"
        for card in state.relics[seat]
        for effect in state.parts.cards[card].effects
    )


def attack_dice_most(state: GodstormState, invasion: Invasion) -> int:
    """G90: up to 3 dice, with more armies in the source than dice."""
    return min(3, state.armies[invasion.source] - 1)


def defend_dice_most(state: GodstormState, invasion: Invasion, sky: SkyEffects = NO_SKY) -> int:
    """G90: up to 2 dice, 2 only with at least 2 armies; a Sky card may add dice (G69)."""
    return min(2, state.armies[invasion.target]) + sky.defend_extra_dice


def two_pairs_at_most(roll: Roll, rule: BattleRule) -> Roll:
    """G91: neither side loses more than 2 armies on a roll. A card that adds dice (G69, a Sky
    card's extra defence die) improves the dice a side picks from, but only the two highest
    pairs are compared, as Classic's "Deciding a Battle" compares them."""
    if min(len(roll.attack), len(roll.defend)) <= MOST_LOST_A_ROLL:
        return roll
    attacker_losses, defender_losses = compare(
        roll.attack[:MOST_LOST_A_ROLL], roll.defend[:MOST_LOST_A_ROLL], rule.attacker_wins_ties
    )
    return Roll(roll.attack, roll.defend, attacker_losses, defender_losses)


def army_rule(state: GodstormState, invasion: Invasion, sky: SkyEffects = NO_SKY) -> BattleRule:
    """The dice rule of the invasion's army rolls: the gods', the temple's and the relics' part
    (`battle_rule`) with the defender's Sky cards on it (G70)."""
    return sky.rule(battle_rule(state, invasion.force, invasion.target, invasion.attacker))


def army_roll(
    state: GodstormState, invasion: Invasion, attack: int, defend: int, sky: SkyEffects = NO_SKY
) -> tuple[Invasion, list[Event]]:
    """One army-battle roll (G90-G93): the rule from gods and temple, the attacker's losses to
    its heaven, the defender's to its heaven or, with the god of death attacking, its reserve;
    the Magic Labor for both sides is drawn before the losses (A7 [Magic Cards; Godswar]); at most 2
    losses (G91)."""
    rule = army_rule(state, invasion, sky)
    rolled = roll_traced(state.rng, attack, defend, rule)
    r = two_pairs_at_most(rolled.roll, rule)
    # G59, A7 [Magic Cards; Godswar]: the Magic Labor belongs to the roll, before its losses can
    # banish a goddess.
    magic = magic_labors(
        state, [(invasion.attacker, rolled.attack), (invasion.defender, rolled.defend)]
    )
    battle = battle_name(state, invasion)  # whose the lands are before a loss empties one
    remove_armies(state, invasion.source, r.attacker_losses, "earth")
    remove_armies(state, invasion.target, r.defender_losses, defender_losses_cause(invasion.force))
    earth = state.parts.earth
    events = [
        Event(
            "roll",
            f"{battle}: {faces(r.attack)} against {faces(r.defend)}; attacker loses "
            f"{r.attacker_losses}, defender loses {r.defender_losses}{rule_words(rule)}",
            {
                "from": earth.territories[invasion.source],  # which battle the dice were
                "to": earth.territories[invasion.target],
                "attack": list(r.attack),
                "defend": list(r.defend),
                "attacker_losses": r.attacker_losses,
                "defender_losses": r.defender_losses,
            },
            reveals=True,
        )
    ]
    events += magic
    committed = max(1, min(invasion.committed, state.armies[invasion.source] - 1))
    return replace(invasion, attacked=True, last_dice=attack, committed=committed), events


def capture(state: GodstormState, invasion: Invasion, moving: int) -> list[Event]:
    """G94-G99: move in at least the last roll's dice (1 into an empty territory, A15
    [War Cards; Eliminating a Player]), leaving 1 behind; the force's gods move in (A10
    [Capturing Territories]); defending gods are banished and the temple changes hands (G44, G95); a
    plague land halves the armies moved in and banishes the gods (G96); a defended conquest counts
    for the War Labor (G57); elimination (G98)."""
    seat, target, source = invasion.attacker, invasion.target, invasion.source
    state.armies[source] -= moving
    state.owner[target] = seat
    state.armies[target] = moving
    events: list[Event] = []
    defender = invasion.defender
    # A15 [War Cards; Eliminating a Player]: an unoccupied territory gives no dice and no Labor
    if defender != NOBODY:
        # G57, G56: the territory is taken when its last army falls, so the third conquest
        # earns the War card before the moving in, whose plague may banish the god of war.
        state.conquests += 1
        if state.conquests >= WAR_LABOR_CONQUESTS:
            events += labor_draw(state, seat, "War", once_a_turn=True)
    earth = state.parts.earth
    name = earth.territories[target]
    events.append(
        Event(
            "move",
            f"{state.does(seat, 'moves')} {ARMIES.of(moving)} into {name}",
            {"seat": seat, "from": earth.territories[source], "to": name, "armies": moving},
        )
    )
    for domain in invasion.force:
        if state.gods[seat][domain] == source:
            state.gods[seat][domain] = target
    lost = plague_losses(moving) if state.plague[target] else 0
    if lost:
        state.armies[target] -= lost
        send_dead(state, seat, lost, "earth")  # A3 [8. Embark From Heaven; Atlantis]
        events.append(
            Event("plague", f"The plague takes {lost} of the armies moving in", {"lost": lost})
        )
    banished = banish_gods_without_armies(state, target)
    if banished:
        events.append(Event("banished", f"Banished: {', '.join(banished)}", {"gods": banished}))
    if defender >= 0 and not state.territories_of(defender):
        eliminate(state, defender)
        events.append(
            Event("eliminated", f"{state.does(defender, 'is')} eliminated", {"seat": defender})
        )
    return events
