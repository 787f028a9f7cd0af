"""The state of a RISK Godstorm game: plain lists indexed by seat, Earth territory, Underworld
space and god domain, copied per step.

Army locations (spec section 7, item 8): an Earth territory, an Underworld space, a player's
heaven, or the reserve, which is finite (A2 [Artifacts of the Past; 9. Invade the Underworld]: 110
armies a colour). Pieces as state (item 9): gods are a territory or `BANISHED` (on the pantheon
card); temples and plague markers are a flag per territory.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from warroom.core.copying import shallow_copier
from warroom.core.events import plural_verb
from warroom.core.game import OptionValue, Outcome, Seat
from warroom.core.rng import Rng
from warroom.core.sealed import SealedBids
from warroom.games.godstorm.components import DOMAINS, Components

if TYPE_CHECKING:
    from warroom.games.godstorm.invasion import Invasion, SkyEffects

NOBODY = -1  # an unoccupied territory or space, or a territory without a temple
NEUTRAL = -2  # the 2-player game's neutral armies (G22)
BANISHED = -1  # a god on its pantheon card, not in play
UNSEEN = -1  # a miracle card whose face the observing seat may not see
DEATH, MAGIC, SKY, WAR = (DOMAINS.index(d) for d in ("death", "magic", "sky", "war"))


@dataclass(slots=True)
class GodstormState:
    """Everything about a Godstorm game. Steps change a `copy`, never a state given."""

    parts: Components
    options: Mapping[str, OptionValue]
    players: int
    rng: Rng
    pantheon: list[int]  # per seat: index into parts.pantheons
    neutral_pantheon: int  # the 2-player game's neutral (G21), else NOBODY
    piles: list[int]  # 2-player setup: per pile, the seat that picked it or NOBODY (G21)
    owner: list[int]  # per Earth territory: seat, NEUTRAL or NOBODY
    armies: list[int]  # per Earth territory
    plague: list[bool]  # per Earth territory
    temple: list[bool]  # per Earth territory; its controller is the territory's (G44)
    gods: list[list[int]]  # [seat][domain]: Earth territory or BANISHED
    faith: list[int]  # per seat
    heaven: list[int]  # per seat: armies in its heaven
    space_owner: list[int]  # per Underworld space (heavens stay NOBODY)
    space_armies: list[int]  # per Underworld space
    # per seat: armies that may still be raised (A2
    # [Artifacts of the Past; 9. Invade the Underworld])
    reserve: list[int]
    to_place: list[int]  # per seat: armies taken from the reserve, still to be placed
    decks: dict[str, list[int]]  # per deck: card indices, the top last (order hidden)
    hands: list[list[int]]  # per seat: held War, Sky and Death cards
    relics: list[list[int]]  # per seat: Magic cards in play (public, G71)
    discards: list[int]  # played cards and relics, out of the game (G4)
    buried: list[int]  # cards an eliminated player held, out of the game unseen (G98, G6)
    epoch: int  # 1 to 5 (G23)
    bids: SealedBids | None  # open while the epoch's faith bid is held (G24)
    bid_rank: list[Seat]  # after the reveal: who chooses a marker next, first first (G25)
    markers: list[Seat]  # [marker - 1]: the seat holding it, NOBODY while unchosen
    turn: int  # index into markers of the player whose turn it is
    phase: str
    sunk: bool  # Atlantis sunk (G116)
    maelstrom: tuple[int, int] | None  # the water connection the maelstrom covers
    maelstrom_lasts: str  # until the end of the "turn", the "epoch" or the "game"
    conquests: int  # this turn's conquests of defended territories (G57)
    labors: list[str]  # decks whose once-a-turn Labor card was gained this turn (G57, G58)
    # in the order they went out (A24 [4. Play Miracle Cards; Eliminating a Player])
    eliminated: list[Seat]
    outcome: Outcome | None
    queue: list[Seat]  # setup: the seats still to decide, the next first
    first: Seat  # setup: the first pantheon chooser, who is dealt the first card (G16)
    placed: int  # armies placed in the current 3-army placement (G17)
    revived: list[int]  # crypts that revived an army this turn (G35)
    free_card: int  # a card Pandora's Box lets its holder play free this turn, or NOBODY
    invasion: Invasion | None  # the invasion being fought
    sky: SkyEffects | None  # what the defender's Sky cards did to it
    chosen_god: int  # the attacker's god for this godswar round, or NOBODY
    attack_dice: int  # the dice the attacker announced, waiting on the defender's

    def copy(self) -> GodstormState:
        """An independent copy: every list (nested ones too) and the deck lists copied, the
        generator too; components, options, bids, invasion and outcome are immutable and
        shared."""
        twin = shallow_copier(GodstormState)(self)
        for name in _LISTS:
            setattr(twin, name, getattr(self, name)[:])
        for name in _NESTED:
            setattr(twin, name, [inner[:] for inner in getattr(self, name)])
        twin.decks = {deck: cards[:] for deck, cards in self.decks.items()}
        twin.rng = self.rng.copy()
        return twin

    @property
    def names(self) -> list[str]:
        """Each seat by its pantheon, or "Player n" before it has chosen one."""
        return [
            self.parts.pantheons[p] if p >= 0 else f"Player {seat + 1}"
            for seat, p in enumerate(self.pantheon)
        ]

    def holder_name(self, owner: int) -> str | None:
        """Whoever `owner` (a seat, NEUTRAL or NOBODY) is, by name: a seat's pantheon, the
        2-player game's neutral by its own pantheon (G21); None for nobody."""
        if owner >= 0:
            return self.names[owner]
        if owner == NEUTRAL:
            pantheon = self.neutral_pantheon
            return f"Neutral {self.parts.pantheons[pantheon]}" if pantheon != NOBODY else "Neutral"
        return None

    def held(self, territory: int) -> str:
        """An Earth territory in an event's text with whose it is, as Classic's battle lines
        write it ("Anglia (Greeks)"); a territory nobody holds by its name alone."""
        name = self.parts.earth.territories[territory]
        holder = self.holder_name(self.owner[territory])
        return name if holder is None else f"{name} ({holder})"

    def does(self, seat: Seat, verb: str) -> str:
        """`seat` doing `verb` in an event's text, the verb agreeing with its name: "Player 1
        takes", but "Greeks take" (every pantheon's name is a plural)."""
        return f"{self.names[seat]} {self.verb(seat, verb)}"

    def verb(self, seat: Seat, verb: str) -> str:
        """`verb` (written for one) agreeing with `seat`'s name, for a second verb in a text."""
        return verb if self.pantheon[seat] < 0 else plural_verb(verb)

    def alive(self, seat: Seat) -> bool:
        return seat not in self.eliminated

    def territories_of(self, seat: Seat) -> list[int]:
        """The Earth territories `seat` controls: at least 1 army there (G10), not sunk."""
        armies = self.armies
        held = [t for t, o in enumerate(self.owner) if o == seat and armies[t] > 0]
        return [t for t in held if not self.gone(t)] if self.sunk else held

    def gone(self, territory: int) -> bool:
        """Whether a territory has left play with sunken Atlantis (A29 [Atlantis])."""
        earth = self.parts.earth
        return self.sunk and earth.regions[earth.region_of[territory]] == "Atlantis"

    def gods_in_play(self, seat: Seat) -> list[int]:
        """The domains of `seat`'s gods on the board."""
        return [d for d, where in enumerate(self.gods[seat]) if where != BANISHED]

    def god_in_play(self, seat: Seat, domain: int) -> bool:
        return self.gods[seat][domain] != BANISHED

    def temples_of(self, seat: Seat) -> list[int]:
        """The territories where `seat` controls a temple: a temple is controlled with its
        territory (G44) and is nonaligned while the territory is unoccupied (G98)."""
        return [t for t in self.territories_of(seat) if self.temple[t]]

    def gods_at(self, seat: Seat, territory: int) -> list[int]:
        return [d for d, where in enumerate(self.gods[seat]) if where == territory]


_LISTS = (
    "pantheon", "piles", "owner", "armies", "plague", "temple", "faith", "heaven", "space_owner",
    "space_armies", "reserve", "to_place", "discards", "buried", "bid_rank", "markers", "labors",
    "eliminated", "queue", "revived",
)  # fmt: skip
_NESTED = ("gods", "hands", "relics")
