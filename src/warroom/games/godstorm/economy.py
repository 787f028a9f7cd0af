"""Faith and armies: what a turn raises (§1), summoning gods and building temples (§2),
buying miracle cards (§3) and the Labors that give cards free.

Checks return the reason an act is not allowed (None when it is), so the rules can both list
legal actions and refuse illegal ones with a clear message.
"""

from __future__ import annotations

from dataclasses import dataclass

from warroom.core.events import Event
from warroom.core.game import Seat
from warroom.games.godstorm.components import DECK_GOD, DOMAINS, Effect
from warroom.games.godstorm.losses import banish_gods_without_armies
from warroom.games.godstorm.state import BANISHED, GodstormState


@dataclass(frozen=True, slots=True)
class Income:
    """What §1 gives a player: armies to place, faith, and the temples' extra army each."""

    territories: int
    regions: tuple[int, ...]
    armies: int  # from the reference card and continents, placed by the player (G33)
    faith: int
    temples: tuple[int, ...]  # one army goes to each of these territories (G34)


def controlled_regions(state: GodstormState, seat: Seat) -> tuple[int, ...]:
    """Continents whose every territory holds `seat`'s armies (A39
    [1. Raise Armies and Gather Faith; Winning]: unoccupied and sunken territories break control,
    G37)."""
    earth = state.parts.earth
    held = set(state.territories_of(seat))
    return tuple(r for r, members in enumerate(earth.region_members) if set(members) <= held)


def relic_effects(state: GodstormState, seat: Seat, hook: str) -> list[Effect]:
    """The effects of `seat`'s relics that act at `hook` (G71: whenever the card allows)."""
    return [e for c in state.relics[seat] for e in state.parts.cards[c].effects if e.hook == hook]


def discount(state: GodstormState, seat: Seat, what: str) -> int:
    """What `seat`'s relics take off the faith paid for `what` (summon, temple, miracle)."""
    return sum(
        int(getattr(e.params, "amount", 0))
        for e in relic_effects(state, seat, "cost")
        if getattr(e.params, "what", None) == what
    )


def summon_cost(state: GodstormState, seat: Seat) -> int:
    """G39: 3 faith, less a relic's discount (G71)."""
    return max(0, int(state.parts.constants["summon_cost"]) - discount(state, seat, "summon"))


def temple_cost(state: GodstormState, seat: Seat) -> int:
    """G42: 5 faith, less a relic's discount (G71)."""
    return max(0, int(state.parts.constants["temple_cost"]) - discount(state, seat, "temple"))


def income(state: GodstormState, seat: Seat) -> Income:
    """G31-G34, M1/A1 [1. Raise Armies and Gather Faith]: the reference card (reconstructed as
    Classic's ⌊T/3⌋, minimum 3, with a faith column of its own in the data) plus each continent's
    bonus, to armies and to faith alike; each temple adds 1 faith and 1 army in its territory;
    relics acting when armies are raised add their faith (G71)."""
    k = state.parts.constants
    count = len(state.territories_of(seat))
    regions = controlled_regions(state, seat)
    bonus = sum(state.parts.earth.region_bonus[r] for r in regions)
    temples = tuple(state.temples_of(seat))
    armies = max(k["reference_minimum"], count // k["reference_divisor"]) + bonus
    faith = max(k["reference_faith_minimum"], count // k["reference_faith_divisor"]) + bonus
    faith += sum(
        getattr(e.params, "amount", 0)
        for e in relic_effects(state, seat, "raise")
        if e.primitive == "faith"
    )
    return Income(count, regions, armies, faith + len(temples), temples)


def _exchange_rate(state: GodstormState, seat: Seat, hook: str, direction: str) -> int:
    """The best rate of `seat`'s relics that exchange faith in `direction` at `hook`; 0 without."""
    rates = [
        int(getattr(e.params, "rate", 0))
        for e in relic_effects(state, seat, hook)
        if e.primitive == "faith-for-armies" and getattr(e.params, "direction", None) == direction
    ]
    return min(rates, default=0)


def decline_rate(state: GodstormState, seat: Seat) -> int:
    """Book of the Dead (G71; the FAQ says it declines raised armies, G38; the rate is
    reconstructed): how many raised armies its holder turns down for each faith; 0 without."""
    return _exchange_rate(state, seat, "raise", "armies-to-faith")


def tablet_rate(state: GodstormState, seat: Seat) -> int:
    """Tablet of Destiny (G71; public sources say only that it sacrifices faith; what for, and
    the rate, are reconstructed: one die more than G90 allows in an army battle on Ancient
    Earth, announced with the dice): the faith that die costs its holder; 0 without."""
    return _exchange_rate(state, seat, "battle", "faith-to-die")


def decline(state: GodstormState, seat: Seat, faith: int) -> int:
    """Turn down `faith` times the rate of the armies still to place in step 1: they go back to
    the reserve and the player gains `faith`. Returns the armies declined."""
    armies = faith * decline_rate(state, seat)
    state.to_place[seat] -= armies
    state.reserve[seat] += armies
    state.faith[seat] += faith
    return armies


def unlimited(state: GodstormState) -> bool:
    """The option `armies=unlimited` (A2's alternative): no reserve ever runs out."""
    return state.options.get("armies") == "unlimited"


def raisable(state: GodstormState, seat: Seat, count: int) -> int:
    """How many of `count` armies the reserve lets `seat` raise: A2 [Artifacts of the Past; 9.
    Invade the Underworld], A34 [1. Raise Armies and Gather Faith] what the finite reserve lacks
    is lost; all of them with `armies=unlimited`, as Classic RISK's players take more pieces."""
    return count if unlimited(state) else min(count, state.reserve[seat])


def take_from_reserve(state: GodstormState, seat: Seat, count: int) -> int:
    """Raise `count` armies from the reserve (`raisable`); returns how many the player gets.
    With unlimited armies the reserve is not counted."""
    taken = raisable(state, seat, count)
    if not unlimited(state):
        state.reserve[seat] -= taken
    return taken


def summon_problem(state: GodstormState, seat: Seat, domain: int, territory: int) -> str | None:
    """G39-G40: 3 faith, a god not in play, into a territory with at least 1 of your armies.
    A21 [Setup §1]: a plague land is allowed (the god is banished at once)."""
    cost = summon_cost(state, seat)
    if not 0 <= domain < len(DOMAINS):
        return "no such god"
    if state.gods[seat][domain] != BANISHED:
        return "that god is already in play"
    if state.faith[seat] < cost:
        return f"summoning costs {cost} faith; you have {state.faith[seat]}"
    if territory not in state.territories_of(seat):
        return "a god can be summoned only where you have armies"
    return None


def summon(state: GodstormState, seat: Seat, domain: int, territory: int) -> list[str]:
    """Pay and place the god; returns the gods banished at once (A21 [Setup §1]: a plague land)."""
    state.faith[seat] -= summon_cost(state, seat)
    state.gods[seat][domain] = territory
    return banish_gods_without_armies(state, territory)


def temple_problem(state: GodstormState, seat: Seat, territory: int) -> str | None:
    """G42-G43: 5 faith, a territory with your armies and no temple, at most 12 on the board.
    Temples are never built in the Underworld: `territory` is an Earth territory."""
    cost = temple_cost(state, seat)
    if state.faith[seat] < cost:
        return f"a temple costs {cost} faith; you have {state.faith[seat]}"
    if territory not in state.territories_of(seat):
        return "a temple can be built only where you have armies"
    if state.temple[territory]:
        return "that territory already has a temple"
    if sum(state.temple) >= state.parts.constants["temples"]:
        return f"the board holds at most {state.parts.constants['temples']} temples"
    return None


def build_temple(state: GodstormState, seat: Seat, territory: int) -> None:
    state.faith[seat] -= temple_cost(state, seat)
    state.temple[territory] = True


def purchase_problem(state: GodstormState, seat: Seat, counts: dict[str, int]) -> str | None:
    """G53-G55, G61: one decision naming a count per deck, at most 4 in all, 2 faith each,
    only from decks whose god is in play and that still hold that many cards."""
    k = state.parts.constants
    total = sum(counts.values())
    if any(n < 0 for n in counts.values()) or set(counts) - set(DECK_GOD):
        return "name a count of 0 or more for War, Magic, Sky or Death"
    if total > k["purchases_per_turn"]:
        return f"at most {k['purchases_per_turn']} cards a turn"
    if total * k["miracle_cost"] > state.faith[seat]:
        return f"{total} cards cost {total * k['miracle_cost']} faith; you have {state.faith[seat]}"
    for deck, n in counts.items():
        if n and not state.god_in_play(seat, DOMAINS.index(DECK_GOD[deck])):
            return f"buying {deck} cards needs your god of {DECK_GOD[deck]} in play"
        if n > len(state.decks[deck]):
            return f"the {deck} deck holds only {len(state.decks[deck])} cards"
    return None


def draw(state: GodstormState, seat: Seat, deck: str) -> int | None:
    """Take the top card of a deck (None when it is empty, G61). Magic cards enter play at
    once as relics (G71); the others go to the hand."""
    if not state.decks[deck]:
        return None
    card = state.decks[deck].pop()
    (state.relics if deck == "Magic" else state.hands)[seat].append(card)
    return card


def drawn_event(
    state: GodstormState, seat: Seat, card: int, why: str = "", verb: str = "draws"
) -> Event:
    """A card bought or drawn (by a relic, a miracle: `why`): a relic is revealed (G71); any
    other card shows its deck to all and its face to its holder only (G6)."""
    c = state.parts.cards[card]
    tail = f" ({why})" if why else ""
    if c.deck == "Magic":
        return Event("relic", f"{state.does(seat, 'reveals')} {c.name}{tail}", reveals=True)
    return Event(
        "draw",
        f"{state.does(seat, verb)} a {c.deck} card{tail}",
        {"seat": seat, "deck": c.deck},
        known_to=frozenset((seat,)),
        secret={"card": c.name},
        reveals=True,
    )


def buy(state: GodstormState, seat: Seat, counts: dict[str, int]) -> list[int]:
    """Pay for the whole purchase, then draw (G55: chosen before any card is seen)."""
    state.faith[seat] -= sum(counts.values()) * state.parts.constants["miracle_cost"]
    drawn = []
    for deck in DECK_GOD:
        for _ in range(counts.get(deck, 0)):
            card = draw(state, seat, deck)
            if card is not None:
                drawn.append(card)
    return drawn
