"""Setting up a Godstorm game (spec 1.0, G11-G21): the chance parts and the empty table.

Three ways to put the first armies down: the deal (G16, the default), the claims of the
non-random setup (G20, the option `setup=claim`) and, with 2 players, three face-down piles of
which the third is neutral (G21; it replaces the deal whatever the option says, since the
2-player section sets up with piles and says nothing of claims).
"""

from __future__ import annotations

from collections.abc import Mapping

from warroom.core.game import OptionValue, Seat
from warroom.core.rng import Rng
from warroom.core.sealed import rank_with_rolls
from warroom.games.godstorm.components import DECKS, DOMAINS, Components
from warroom.games.godstorm.state import BANISHED, NEUTRAL, NOBODY, GodstormState

SETUP = "setup"


def blank(
    parts: Components, players: int, rng: Rng, options: Mapping[str, OptionValue]
) -> GodstormState:
    """The table before setup: nothing on the boards, every reserve full (A2
    [Artifacts of the Past; 9. Invade the Underworld]), the four miracle decks shuffled separately
    (G11), the epoch marker on the First Epoch."""
    earth, under = parts.earth, parts.underworld
    decks = {}
    for deck in DECKS:
        cards = list(parts.deck_cards[deck])
        rng.shuffle(cards)
        decks[deck] = cards
    return GodstormState(
        parts=parts,
        options=options,
        players=players,
        rng=rng,
        pantheon=[NOBODY] * players,
        neutral_pantheon=NOBODY,
        piles=[],
        owner=[NOBODY] * len(earth),
        armies=[0] * len(earth),
        plague=[False] * len(earth),
        temple=[False] * len(earth),
        gods=[[BANISHED] * len(DOMAINS) for _ in range(players)],
        faith=[0] * players,
        heaven=[0] * players,
        space_owner=[NOBODY] * len(under),
        space_armies=[0] * len(under),
        reserve=[parts.constants["armies_per_colour"]] * players,
        to_place=[0] * players,
        decks=decks,
        hands=[[] for _ in range(players)],
        relics=[[] for _ in range(players)],
        discards=[],
        buried=[],
        epoch=1,
        bids=None,
        bid_rank=[],
        markers=[NOBODY] * players,
        turn=0,
        phase=SETUP,
        sunk=False,
        maelstrom=None,
        maelstrom_lasts="game",
        conquests=0,
        labors=[],
        eliminated=[],
        outcome=None,
        queue=[],
        first=0,
        placed=0,
        revived=[],
        free_card=NOBODY,
        invasion=None,
        sky=None,
        chosen_god=NOBODY,
        attack_dice=0,
    )


def territory_deck(state: GodstormState) -> list[int]:
    """G9: the 42 territory cards without the 2 wild cards, shuffled (the deck is reshuffled
    every time it is used, G12, G17, G66, so no order is kept in the state)."""
    cards = list(range(len(state.parts.earth)))
    state.rng.shuffle(cards)
    return cards


def place_plague(state: GodstormState) -> list[int]:
    """G12: the top 4 territory cards each get a plague marker; the cards go back and the deck
    is reshuffled. Returns the plague lands."""
    lands = territory_deck(state)[-state.parts.constants["plague_at_setup"] :]
    for t in lands:
        state.plague[t] = True
    return lands


def choosing_order(rng: Rng, players: int) -> tuple[tuple[Seat, ...], list[tuple[Seat, int]]]:
    """G14: everyone rolls a die, tied players reroll, and pantheons are chosen from the
    highest roll down. Returns the order and every roll."""
    seats = tuple(range(players))
    faces = [rng.die() for _ in seats]
    order, rerolls = rank_with_rolls(seats, faces, rng)
    return order, list(zip(seats, faces, strict=True)) + rerolls


def starting_armies(state: GodstormState) -> int:
    """G15: 30, 35, 30 or 25 armies each for 2, 3, 4 or 5 players."""
    return int(state.parts.constants["starting_armies"][str(state.players)])


def count_out(state: GodstormState) -> None:
    """G15: every player takes its starting forces from its reserve, to put down (A2
    [Artifacts of the Past; 9. Invade the Underworld])."""
    forces = starting_armies(state)
    for s in range(state.players):
        state.reserve[s] -= forces
        state.to_place[s] = forces


def deal(state: GodstormState, first: Seat) -> Seat:
    """G16: all 42 cards dealt one at a time from the first chooser clockwise; each player puts
    1 army on each territory dealt (plague lands too), and takes the rest of the starting
    forces (G15) to place 3 at a time (G17). Returns the seat that received the last card (A22
    [Setup §3]: the seat after it places first)."""
    count_out(state)
    cards = territory_deck(state)
    seat = first
    for k, t in enumerate(cards):
        seat = (first + k) % state.players
        state.owner[t] = seat
        state.armies[t] = 1
        state.to_place[seat] -= 1
    return seat


PILES = 3  # G21: the 2-player game deals the territory cards into 3 piles


def neutral_pantheon(state: GodstormState) -> int:
    """G21, A23 [Setup for 2 Players]: the neutral's pantheon is cosmetic (A40 [Setup §2]); the
    reading takes the first one in the box's order that neither player chose, so choosing it asks
    nobody anything."""
    return next(p for p in range(len(state.parts.pantheons)) if p not in state.pantheon)


def deal_piles(state: GodstormState) -> None:
    """G21: the 42 cards in 3 face-down piles of 14; each player puts 1 army on each territory
    of the pile it picked (`state.piles`: per pile, the seat or NOBODY) and keeps the rest of
    its 30 to place 3 at a time; each territory of the pile left over gets 3 neutral armies
    (G22: they come from no reserve and never grow). The cards are dealt once both have
    picked: nobody sees a face-down pile, so dealing then draws the same chances and leaves no
    hidden cards in the state."""
    count_out(state)
    cards = territory_deck(state)
    size = len(cards) // PILES
    for pile, holder in enumerate(state.piles):
        for t in cards[pile * size : (pile + 1) * size]:
            if holder == NOBODY:
                state.owner[t] = NEUTRAL
                state.armies[t] = state.parts.constants["neutral_per_territory"]
            else:
                state.owner[t] = holder
                state.armies[t] = 1
                state.to_place[holder] -= 1


def claim(state: GodstormState, seat: Seat, territory: int) -> None:
    """G20: 1 army from the starting forces onto an unoccupied territory (plague lands too)."""
    state.owner[territory] = seat
    state.armies[territory] = 1
    state.to_place[seat] -= 1
