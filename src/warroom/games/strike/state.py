"""The state of a RISK Strike game: plain lists of counts and card kinds, copied per step.

Continent cards of one continent are interchangeable (B12
[Attack Phase 3: Roll & Resolve; More to Know]), so claimed cards, the surrendered row and the cards
held aside are counts per continent; only the continent deck is a list (its order is hidden).
Tactics cards are their kind numbers (`cards.TROOP`...). Battle fields are meaningful only while
`attack_from >= 0`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from warroom.core.copying import shallow_copier
from warroom.core.game import OptionValue, Outcome, Seat
from warroom.core.rng import Rng
from warroom.core.windows import Chain, Priority
from warroom.games.strike.cards import StrikeCards

UNSEEN = -1  # a tactics card in an observation whose face its seat cannot see
NOBODY = -1  # a domination coin nobody holds yet

# Phases: whose decision the turn waits on (a chain of responses or Expand's picks come first).
DRAW = "draw"  # [On Your Turn] 1: draw two cards
ACT = "act"  # [On Your Turn] 2: attack or pass
DEPLOY = "deploy"  # [Attack Phase 2]: one deployment turn each, attacker first
WINDOW = "window"  # a priority window open to every player (see `stage`)
# a side's principal picks whose troop a lost pair discards (B3 [Attack Phase 3: Roll & Resolve])
LOSS = "loss"
AGAIN = "again"  # [After the Roll Has Been Resolved]: roll again or stop
OVER = "over"

# Window stages (`StrikeState.stage`).
# B10 [Tactics Cards]: Sabotage, Artillery (any), Spy/Expand (attacker)
SABOTAGE_WINDOW = "after-deployment"
BEFORE_ROLL = "before-roll"  # before a further roll: Artillery (any), Spy/Expand (attacker)
AFTER_ROLL = "after-roll"  # Rally (attacker), Bombard, Artillery, Spy/Expand (attacker)

ATTACKER, DEFENDER = 0, 1  # battle sides
SIDE_NAMES = ("attacker", "defender")


@dataclass(slots=True)
class StrikeState:
    """Everything about a RISK Strike game. Steps change a `copy`, never a state given."""

    cards: StrikeCards
    options: Mapping[str, OptionValue]
    players: int
    rng: Rng
    continent_deck: list[int]  # continent per card; the top is the end
    claimed: list[list[int]]  # [seat][continent]: faceup cards, those held aside included
    surrendered: list[int]  # per continent, faceup in the surrendered row
    coins: list[int]  # per continent: the holder's seat, or NOBODY
    tactics_deck: list[int]  # kinds; the top is the end
    discard: list[int]  # kinds, the top last
    hands: list[list[int]]  # kinds, sorted
    known: list[list[list[int]]]  # [viewer][holder]: cards of holder's hand the viewer has seen
    current: Seat  # the active player (P)
    first: Seat  # who won the roll-off
    turn: int
    phase: str
    draws_left: int  # start-of-turn draws still due
    gains: int  # continent cards still to take for an Expand
    attack_from: int  # X, or -1 outside a battle
    defender: Seat  # O
    attack_to: int  # Y
    deploy_queue: list[Seat]  # seats still to deploy troops, the next first
    troops: list[list[int]]  # [side][seat]: active troop cards
    # per continent: cards the attacker claimed this battle, held aside (B25
    # [Attack Phase 3: Roll & Resolve; Domination])
    aside: list[int]
    rolled: list[list[int]]  # [side]: faces as rolled, high to low (empty before a roll)
    dice: list[list[int]]  # [side]: faces after Bombard, in the rolled order
    rallies: int  # Rally cards resolved on this roll (each +2 on the attacker's dice)
    losses: list[int]  # sides still to lose one pair each, highest pair first
    stage: str  # the open window's stage, when phase is WINDOW
    window: Priority | None
    chain: Chain | None  # a played card awaiting Canceled Orders responses
    outcome: Outcome | None

    def copy(self) -> StrikeState:
        """An independent copy: every list copied (nested ones too), the generator too; the
        components, options, window and chain are immutable and shared."""
        twin = shallow_copier(StrikeState)(self)
        twin.rng = self.rng.copy()
        twin.continent_deck, twin.surrendered = self.continent_deck[:], self.surrendered[:]
        twin.coins, twin.tactics_deck = self.coins[:], self.tactics_deck[:]
        twin.discard, twin.deploy_queue = self.discard[:], self.deploy_queue[:]
        twin.aside, twin.losses = self.aside[:], self.losses[:]
        twin.claimed = list(map(list.copy, self.claimed))
        twin.hands = list(map(list.copy, self.hands))
        twin.known = [list(map(list.copy, row)) for row in self.known]
        twin.troops = list(map(list.copy, self.troops))
        twin.rolled = list(map(list.copy, self.rolled))
        twin.dice = list(map(list.copy, self.dice))
        return twin

    @property
    def in_battle(self) -> bool:
        return self.attack_from >= 0

    def active_attacking(self) -> int:
        """S32/B25 [Attack Phase 3: Roll & Resolve; Domination]: the attacker's cards of X that
        count in this battle (those claimed during it are held aside)."""
        return self.claimed[self.current][self.attack_from] - self.aside[self.attack_from]

    def side_troops(self, side: int) -> int:
        return sum(self.troops[side])

    def values(self, side: int) -> list[int]:
        """B8/B7 [Tactics Cards]: each die's face (6 after Bombard) plus 2 per Rally on the
        attacker's dice."""
        bonus = 2 * self.rallies if side == ATTACKER else 0
        return [face + bonus for face in self.dice[side]]
