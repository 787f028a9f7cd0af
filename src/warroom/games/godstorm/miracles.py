"""Playing miracle cards (§4, Sky window) through their effect primitives (effects.py).

A card is data: each effect names a primitive, its parameters and its hook. This module is the
one place each primitive's rules live: what targets it needs from the player (`TARGETS`), what
makes a choice of targets illegal, and what it does. A relic's effects are read by the rules
where its hook is (`relic_effects`), e.g. scoring reads `territory-point`.

Readings (the printed texts are unknown, spec M3 and A31
[Artifacts of the Past; card texts not in the rulebook]):
- R1 [4. Play Miracle Cards]: "never the last army" — destroying or halving leaves at least 1 army
  unless the effect says `to_zero` (the plague rule's wording, G73, applied to every loss a card
  causes); a halving loses ⌊n/2⌋ (G7).
- R2 [not in the rulebook: reconstructed]: `every-opponent` losses come from each opponent's largest
  army (the lowest-numbered territory among equals), so the card's player need not choose for
  everyone.
- R3 [8. Embark From Heaven; Atlantis]: armies destroyed by a miracle go to their owner's heaven (A3
  [8. Embark From Heaven; Atlantis]), unless a `dead-to` effect of the same card says otherwise.
- R4 [9. Invade the Underworld]: `gain-armies` takes armies from the reserve (A2
  [Artifacts of the Past; 9. Invade the Underworld]); what it lacks is lost (A34
  [1. Raise Armies and Gather Faith]).
- R5 [not in the rulebook: reconstructed]: `dead-to` changes where the armies the same card destroys
  go: its player's own (`whose: own`) or its enemies' (`enemy`), to the reserve (as Underworld
  deaths go) or to their heaven (as before).
- R6 [Sky Cards in Battle]: a Sky card's `attacking-force` is the invading armies in the source
  territory (every loss from there, never the last army, R1) and its gods there;
  `attacked-territory` is the territory invaded.
- R8 [Readying for War; its duration not in the rulebook: reconstructed]: the maelstrom stays as
  long as the card that placed it says: to the end of the turn it was played in (a Sky card: the
  attacker's turn), of the epoch, or of the game; the single marker moves when another card places
  it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from typing import Any

from warroom.core.events import ARMIES, Event
from warroom.core.game import Seat
from warroom.games.godstorm.components import DECK_GOD, DOMAINS, Card, Effect
from warroom.games.godstorm.economy import (
    discount,
    draw,
    drawn_event,
    relic_effects,
    take_from_reserve,
)
from warroom.games.godstorm.invasion import Invasion, SkyEffects, adjacent
from warroom.games.godstorm.losses import (
    Cause,
    banish_gods_without_armies,
    plague_losses,
    remove_armies,
)
from warroom.games.godstorm.state import BANISHED, NEUTRAL, GodstormState

# What each (primitive, target) asks the player to name, in order: "own", "enemy", "any"
# (an Earth territory of that kind), "player", "god", "plague", "clean" (a territory with /
# without a plague marker), "sea" (two territories joined by a water connection).
TARGETS: dict[str, tuple[str, ...]] = {
    "gain-armies:own-territory": ("own",),
    "destroy-armies:enemy-territory": ("enemy",),
    "destroy-armies:any-territory": ("any",),
    "halve-armies:enemy-territory": ("enemy",),
    "halve-armies:largest-army": ("largest",),
    "move-armies": ("own", "own"),
    "faith:chosen-player": ("player",),
    "banish-god:enemy-territory": ("enemy", "god"),
    "banish-god:chosen-player": ("player", "god"),
    "banish-god:attacking-force": ("god",),
    "plague:place": ("clean",),
    "plague:move": ("plague", "clean"),
    "plague:remove": ("plague",),
    "maelstrom": ("sea",),
}


def targets_of(effect: Effect) -> tuple[str, ...]:
    """The targets an effect needs named, most specific key first."""
    params = effect.params
    for attr in ("target", "action"):
        value = getattr(params, attr, None)
        if value is not None and f"{effect.primitive}:{value}" in TARGETS:
            return TARGETS[f"{effect.primitive}:{value}"]
    return TARGETS.get(effect.primitive, ())


@cache
def card_targets(card: Card) -> tuple[str, ...]:
    """Every target a card's effects need, in effect order. Kept per card (cards are frozen,
    and an edition has a few dozen): listing the plays asks it of every choice of targets."""
    return tuple(kind for effect in card.effects for kind in targets_of(effect))


def cost_of(state: GodstormState, seat: Seat, card: Card) -> int:
    """G63: the printed cost, less any relic discount on miracles."""
    return max(0, card.cost - discount(state, seat, "miracle"))


def play_problem(state: GodstormState, seat: Seat, index: int, hook: str) -> str | None:
    """G63, G64, G70: a held card of a deck played at this hook, its god in play, its cost
    paid. R7 [not in the rulebook: Pandora's Box, public FAQ]: the card a relic's draw made
    free this turn (`free_card`) costs nothing, and needs no god where that draw says so."""
    if index not in state.hands[seat]:
        return "you do not hold that card"
    card = state.parts.cards[index]
    if not any(e.hook == hook for e in card.effects):
        when = "when attacked" if card.deck == "Sky" else "in step 4 of your turn"
        return f"a {card.deck} card is played {when}"
    free = index == state.free_card
    godless = free and _free_without_god(state, seat, card.deck)
    if not godless and not state.god_in_play(seat, DOMAINS.index(DECK_GOD[card.deck])):
        return f"playing a {card.deck} card needs your god of {DECK_GOD[card.deck]} in play"
    if not free and state.faith[seat] < cost_of(state, seat, card):
        return f"{card.name} costs {cost_of(state, seat, card)} faith"
    return None


def _free_without_god(state: GodstormState, seat: Seat, deck: str) -> bool:
    """Whether a relic of `seat` draws a free card of `deck` each turn that needs no god (the
    data's `ignore_god` beside `play_free`: Pandora's Box has both; relics leave a seat only
    with its elimination, so the one that drew this turn's free card is still held)."""
    return any(
        effect.primitive == "draw-cards"
        and getattr(effect.params, "deck", None) == deck
        and getattr(effect.params, "play_free", False)
        and getattr(effect.params, "ignore_god", False)
        for effect in relic_effects(state, seat, "start-of-turn")
    )


def target_problem(state: GodstormState, seat: Seat, kind: str, value: int) -> str | None:
    """Whether `value` (a territory, seat or domain index) fits a target of `kind`."""
    earth = state.parts.earth
    if kind == "player":
        ok = 0 <= value < state.players and value != seat and state.alive(value)
        return None if ok else "name an opponent still in the game"
    if kind == "god":
        return None if 0 <= value < len(DOMAINS) else "name a god by its domain"
    if kind == "sea":
        return None  # checked as a pair in `check_targets`
    if not 0 <= value < len(earth) or state.gone(value):
        return "name a territory of Ancient Earth"
    owner, held = state.owner[value], state.armies[value] > 0
    if kind == "own" and not (owner == seat and held):
        return f"{earth.territories[value]} is not yours"
    if kind == "enemy" and not (owner != seat and held):
        return f"{earth.territories[value]} holds no opposing armies"
    if kind == "any" and not held:
        return f"{earth.territories[value]} holds no armies"
    if kind == "largest":
        biggest = max(state.armies[t] for t in range(len(earth)) if not state.gone(t))
        if state.armies[value] != biggest:
            return "name the largest army on the board (you choose among ties)"
    if kind == "plague" and not state.plague[value]:
        return f"{earth.territories[value]} has no plague marker"
    if kind == "clean" and state.plague[value]:
        return f"{earth.territories[value]} already has a plague marker"
    return None


def check_targets(
    state: GodstormState, seat: Seat, card: Card, values: Sequence[int]
) -> str | None:
    """Every target a card needs, named in order (a water connection is two territories)."""
    kinds = card_targets(card)
    wanted = sum(2 if k == "sea" else 1 for k in kinds)
    if len(values) != wanted:
        return f"{card.name} needs {wanted} targets: {', '.join(kinds) or 'none'}"
    at = 0
    for kind in kinds:
        if kind == "sea":
            a, b = values[at], values[at + 1]
            earth = state.parts.earth
            if not (0 <= a < len(earth) and 0 <= b < len(earth)) or earth.kind_of.get((a, b)) != (
                "sea"
            ):
                return "name two territories joined by a water connection"
            at += 2
            continue
        problem = target_problem(state, seat, kind, values[at])
        if problem is not None:
            return problem
        at += 1
    return None


def play(
    state: GodstormState,
    seat: Seat,
    index: int,
    values: Sequence[int],
    free: bool = False,
    invasion: Invasion | None = None,
) -> tuple[SkyEffects, list[Event]]:
    """Pay (unless `free`), announce (G65), resolve every effect in order, and discard the card
    out of the game (G4). The caller has checked `play_problem` and `check_targets`."""
    card = state.parts.cards[index]
    if index in state.hands[seat]:
        state.hands[seat].remove(index)
    if not free:
        state.faith[seat] -= cost_of(state, seat, card)
    state.discards.append(index)
    events = [
        Event(
            "miracle",
            f"{state.does(seat, 'plays')} {card.name}",
            {"seat": seat, "card": card.name, "deck": card.deck},
            reveals=True,
        )
    ]
    routes: dict[str, Cause] = {"own": "earth", "enemy": "earth"}  # R3: to their heaven
    for effect in card.effects:
        if effect.primitive == "dead-to" and getattr(effect.params, "destination", "") == "reserve":
            routes[str(getattr(effect.params, "whose", "enemy"))] = "underworld"  # R5
    resolved = SkyEffects()
    queue = list(values)
    for effect in card.effects:
        need = sum(2 if k == "sea" else 1 for k in targets_of(effect))
        mine, queue = queue[:need], queue[need:]
        resolved, more = _resolve(state, seat, effect, mine, routes, resolved, invasion)
        events += more
    return resolved, events


def _largest(state: GodstormState, owner: int) -> int | None:
    held = [t for t in range(len(state.owner)) if state.owner[t] == owner and state.armies[t] > 0]
    held = [t for t in held if not state.gone(t)]
    return max(held, key=lambda t: (state.armies[t], -t)) if held else None


def _destroy(
    state: GodstormState,
    seat: Seat,
    territory: int,
    count: int,
    to_zero: bool,
    routes: dict[str, Cause],
) -> int:
    """R1 [4. Play Miracle Cards]: never the last army unless the effect says so; the dead go
    where the card routes its player's own or its enemies' (R3, R5)."""
    most = state.armies[territory] if to_zero else state.armies[territory] - 1
    lost = max(0, min(count, most))
    whose = "own" if state.owner[territory] == seat else "enemy"
    remove_armies(state, territory, lost, routes[whose])
    return lost


def _resolve(
    state: GodstormState,
    seat: Seat,
    effect: Effect,
    targets: list[int],
    routes: dict[str, Cause],
    resolved: SkyEffects,
    invasion: Invasion | None,
) -> tuple[SkyEffects, list[Event]]:
    """One effect's rules (see the module's readings R1-R6)."""
    p: Any = effect.params  # validated against the primitive's model when loaded
    name = effect.primitive
    earth = state.parts.earth
    events: list[Event] = []
    if invasion is not None and getattr(p, "target", None) == "attacking-force":
        targets = [invasion.source, *targets]  # R6 [Sky Cards in Battle]
    if invasion is not None and getattr(p, "target", None) == "attacked-territory":
        targets = [invasion.target]
    if name == "gain-armies" and targets:
        got = take_from_reserve(state, seat, p.count)
        state.armies[targets[0]] += got
        events.append(
            Event(
                "effect",
                f"{ARMIES.of(got, 'joins')} {earth.territories[targets[0]]}",
            )
        )
    elif name == "destroy-armies":
        places = targets
        if p.target == "every-territory":
            places = [t for t in range(len(earth)) if state.armies[t] > 0 and not state.gone(t)]
            places = [t for t in places if state.owner[t] != seat]
        elif p.target == "every-opponent":
            places = []
            for other in [*range(state.players), NEUTRAL]:
                biggest = _largest(state, other) if other != seat else None
                if biggest is not None and (other == NEUTRAL or state.alive(other)):
                    places.append(biggest)
        for t in places:
            held = state.held(t)  # whose, before the last army may go
            lost = _destroy(state, seat, t, p.count, p.to_zero, routes)
            events.append(Event("effect", f"{ARMIES.of(lost, 'dies')} in {held}"))
    elif name == "halve-armies":
        places = targets
        if p.target == "every-territory":
            region = p.region
            places = [
                t
                for t in range(len(earth))
                if state.armies[t] > 1
                and not state.gone(t)
                and (region is None or earth.regions[earth.region_of[t]] == region)
            ]
        for t in places:
            lost = _destroy(state, seat, t, plague_losses(state.armies[t]), False, routes)
            events.append(Event("effect", f"{ARMIES.of(lost, 'dies')} in {state.held(t)}"))
    elif name == "move-armies" and len(targets) == 2:
        source, target = targets
        count = min(p.count, state.armies[source] - 1)
        if (not p.adjacent_only or adjacent(state, source, target)) and count > 0:
            moved = f"{ARMIES.of(count, 'moves')} from {state.held(source)} to {state.held(target)}"
            state.armies[source] -= count
            state.armies[target] += count
            events.append(Event("effect", moved))
    elif name == "faith":
        amount = p.amount
        who = {"self": [seat], "chosen-player": targets[:1]}.get(
            p.target,
            [s for s in range(state.players) if s != seat and state.alive(s)],
        )
        for other in who:  # each named, with what it gained or lost (never below 0)
            before = state.faith[other]
            state.faith[other] = max(0, before + amount)
            change = abs(state.faith[other] - before)
            if change:
                verb = "gains" if amount > 0 else "loses"
                events.append(Event("effect", f"{state.does(other, verb)} {change} faith"))
            else:
                events.append(Event("effect", f"{state.does(other, 'has')} no faith to lose"))
    elif name == "draw-cards":
        for _ in range(p.count):
            card = draw(state, seat, p.deck)
            if card is not None:
                events.append(drawn_event(state, seat, card, "a miracle"))
    elif name == "banish-god" and len(targets) == 2:
        place_or_player, domain = targets
        victims = (
            [place_or_player]
            if p.target == "chosen-player"
            else [o for o in range(state.players) if state.gods[o][domain] == place_or_player]
        )
        for victim in victims:
            if victim != seat and state.gods[victim][domain] != BANISHED:
                state.gods[victim][domain] = BANISHED
                god = state.parts.gods[state.pantheon[victim]][domain]
                events.append(Event("effect", f"{god} is banished"))
    elif name == "plague":
        if p.action in ("move", "remove"):
            state.plague[targets[0]] = False
        if p.action in ("place", "move"):
            land = targets[-1]
            state.plague[land] = True
            banish_gods_without_armies(state, land)  # G45
        lands = [earth.territories[t] for t in targets]
        events.append(
            Event(
                "effect",
                {
                    "place": f"A plague marker is put on {lands[-1]}",
                    "move": f"The plague marker on {lands[0]} moves to {lands[-1]}",
                    "remove": f"The plague marker on {lands[0]} is removed",
                }[p.action],
            )
        )
    elif name == "sink-atlantis":
        events += sink_atlantis(state)
    elif name == "maelstrom" and len(targets) == 2:
        state.maelstrom = (targets[0], targets[1])
        # R8 [Readying for War; its duration not in the rulebook: reconstructed]
        state.maelstrom_lasts = p.duration
        until = "the rest of the game" if p.duration == "game" else f"this {p.duration}"
        a, b = (earth.territories[t] for t in targets[:2])
        events.append(Event("effect", f"The maelstrom closes {a}–{b} for {until}"))
    elif name == "cancel-invasion":
        resolved = replace(resolved, cancel=True)
    elif name == "reduce-attack":
        resolved = replace(resolved, reduce=resolved.reduce + p.count)
    elif name == "extra-dice":
        extra = resolved.defend_extra_dice + p.count
        resolved = replace(resolved, defend_extra_dice=extra)
    elif name == "reroll-ones":
        if p.until:
            resolved = replace(resolved, defend_reroll_until=True)
        else:
            resolved = replace(resolved, defend_reroll=True)
    elif name == "win-ties":
        resolved = replace(resolved, defend_wins_ties=True)
    return resolved, events


def expire_maelstrom(state: GodstormState, ended: str) -> None:
    """R8 [Readying for War; its duration not in the rulebook: reconstructed]: lift the maelstrom
    when the turn or the epoch it was placed for has `ended`."""
    lasting = {"turn": ("turn",), "epoch": ("turn", "epoch")}[ended]
    if state.maelstrom is not None and state.maelstrom_lasts in lasting:
        state.maelstrom = None


def sink_atlantis(state: GodstormState) -> list[Event]:
    """G116, A28 [Atlantis; Temples], A29 [Atlantis]: every army on Atlantis dies to its heaven, its
    gods are banished, its temples destroyed (back to the supply), and Atlantis leaves play."""
    earth = state.parts.earth
    atlantis = earth.region_members[earth.regions.index("Atlantis")]
    for t in atlantis:
        remove_armies(state, t, state.armies[t], "earth")
        state.temple[t] = False
        state.plague[t] = False  # A29 [Atlantis]: its plague markers lose their effect
    state.sunk = True
    for t in atlantis:
        banish_gods_without_armies(state, t)
    return [Event("atlantis", "Atlantis sinks beneath the sea", reveals=True)]
