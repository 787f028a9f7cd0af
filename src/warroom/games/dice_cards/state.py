"""The state of a dice-matching card game: who owns each card, and the attempt under way.

Dice are numbered for the whole turn (die 1 is `sides[0]`): the d6s first, then the d8s,
then a Set power's extra d6s. A die is unplaced, set aside, or placed on a row slot of the
target card: slots `0..len(rows)-1` are the card's rows, slot `len(rows)` the steal row.
"""

from __future__ import annotations

from dataclasses import dataclass

from warroom.core.copying import shallow_copier
from warroom.core.game import Outcome, Seat
from warroom.core.rng import Rng
from warroom.games.dice_cards.cards import DiceCards
from warroom.rules.dice_match import Die, Row, steal6

NOBODY = -1  # an unclaimed card; nobody holds the Orb
UNPLACED = -1  # a die to be rolled
ASIDE = -2  # a die set aside after a roll that matched nothing (ME128/MCU88)
NO_TARGET = -1

TARGET = "target"  # the first roll is on the table: select a card (ME123/MCU84)
MATCH = "match"  # a later roll is on the table: match a row or set a die aside
OVER = "over"


@dataclass(slots=True)
class DiceCardsState:
    """Everything about a game. Steps change a `copy`, never a state given."""

    cards: DiceCards
    players: int
    rng: Rng
    owner: list[Seat]  # per card: its holder, or NOBODY
    current: Seat
    turn: int
    phase: str
    sides: list[int]  # per die of this turn
    faces: list[int]  # per die: its face (0 before its first roll)
    slot: list[int]  # per die: UNPLACED, ASIDE or the row slot it is placed on
    target: int  # the staged card, or NO_TARGET on the first roll
    stealing: bool  # the steal row is one of the target's rows (ME126/MCU87)
    rerolls: int  # Guardians' reroll power: rerolls left this turn
    orb: Seat  # Guardians: the Orb's holder, NOBODY before Morag is first completed
    # Guardians' last-chance round (Q1 [GotG end]): seats still to play, the next first
    final: list[Seat]
    outcome: Outcome | None

    def copy(self) -> DiceCardsState:
        twin = shallow_copier(DiceCardsState)(self)
        twin.rng, twin.owner, twin.final = self.rng.copy(), self.owner[:], self.final[:]
        twin.sides, twin.faces, twin.slot = self.sides[:], self.faces[:], self.slot[:]
        return twin

    def dice(self) -> list[Die]:
        return list(zip(self.sides, self.faces, strict=True))

    def unplaced(self) -> list[int]:
        return [i for i, s in enumerate(self.slot) if s == UNPLACED]

    def rows(self) -> tuple[Row, ...]:
        """The staged card's rows, the steal row last when stealing."""
        if self.target == NO_TARGET:
            return ()
        rows = self.cards.cards[self.target].rows
        return (*rows, steal6()) if self.stealing else rows

    def open_slots(self) -> list[int]:
        """Row slots of the staged card with no dice yet."""
        taken = set(self.slot)
        return [k for k in range(len(self.rows())) if k not in taken]

    def holds_group(self, seat: Seat, group: int) -> bool:
        """ME130/MCU91: `seat` holds every card of the group. Every listing of targets asks
        it of each owned card (locks, Set powers): a list counted, since a generator costs
        half as much again."""
        owner, cards = self.owner, self.cards.groups[group].cards
        return [owner[card] for card in cards].count(seat) == len(cards)

    def locked(self, card: int) -> bool:
        """ME130/MCU91 (W8 [WA How to Play 3]): the card's whole group is one player's, so nobody
        may try it."""
        owner = self.owner[card]
        return owner != NOBODY and self.holds_group(owner, self.cards.cards[card].group)

    def unclaimed(self) -> int:
        return self.owner.count(NOBODY)
