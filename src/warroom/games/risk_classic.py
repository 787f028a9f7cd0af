"""Classic RISK "Global Domination" and the Classic RISK 2-Player Rules.

Rules as printed at the end of the RISK Godstorm rulebook (001_*.txt, "Rules to Classic
RISK"). Section names in comments are that rulebook's headings. The rules are printed
for the Ancient Earth board with skull, blade and sphere cards (the default here); the
classic world map with infantry, cavalry and artillery cards is the other `map` option.

Readings chosen where the rulebook is unclear (each also noted at its code):
- Turn order in setup: the claim and placement rounds run in seat order from the first
  player, each player placing one army per round and skipping players who have none left
  (Setup, steps 3-4); placing goes on from the player after the last claim, as one rotation.
  The first player is found by each rolling one die, rerolling ties.
- 2-Player: the first player is found the same way (the 2-player rules do not say); both
  players place 2 of their own armies and then 1 neutral army per setup turn (Setup).
- Card trades happen only in the reinforcement step (or when forced after an
  elimination), before or between placements; reinforcement ends when every army is placed.
- The trading forced by cards won from an eliminated player ("immediately") comes right
  after the captured territory is occupied, and its armies are placed before attacking on.
- A draw pile with no card left gives no card (the rulebook does not say; traded sets go
  back under the pile, so it empties only if nearly every card is in hand).
- The `setup=deal` option (the rulebook prints dealing only for 2 players) deals from the
  first player round the table, and placing starts with the first player.
- The 2 extra armies for an occupied territory on a traded card are placed on it at once;
  when several traded cards name territories you occupy, the trade names which one.
- A turn of fortifying is one move between two adjacent territories (Fortifying Your
  Position); after it the turn passes.
- The attacker announces its dice first and the defender chooses knowing them (To Attack:
  "both ... announce"; the order is the one printed for Godstorm's battles).
- 2-Player: "choose a different pile" of face-down piles is read as dealing them, the
  first player's first; a set is any two cards plus a wild, two wilds and a card too
  (Earning Cards, `rules.cards.is_set`).
- `defender_dice=auto` is an option for simulations only: the defender always rolls the
  most dice allowed. The printed rule (the default) lets the defender choose.
- `turn_limit` (default 0, none) ends a game after that many turns, for simulations; the
  rulebook has no such rule, so the outcome says so and ranks by territories, then armies.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Any, ClassVar, Self

from warroom import data
from warroom.core.actions import Action
from warroom.core.board import Board, reachable
from warroom.core.copying import shallow_copier
from warroom.core.errors import IllegalAction, MalformedAction, WarroomError
from warroom.core.events import ARMIES, DICE, Event, Pieces, faces, listed
from warroom.core.game import Game, OptionValue, Outcome, Seat, require, turn_limit_ending
from warroom.core.legal import Family, Legal
from warroom.core.registry import register
from warroom.core.rng import HIDDEN, Rng
from warroom.core.windows import clockwise
from warroom.games import catalogued, rules_options
from warroom.rules import battle
from warroom.rules.cards import WILD, is_set, set_value
from warroom.rules.first import goes_first, roll_for_first
from warroom.rules.reinforcement import reinforcements

# Setup, step 1: armies each player counts out, by number of players.
STARTING_ARMIES = {3: 35, 4: 30, 5: 25}
# 2-Player Rules, Setup: 30 armies for each player and for the neutral.
TWO_PLAYER_ARMIES = 30
MAX_CARD_BONUS = 2  # Occupied Territories: at most 2 extra armies a turn
MUST_TRADE_AT = 5  # Earning Cards: 5 or 6 cards at the start of a turn force a trade
ELIMINATION_TRADE_AT = 6  # Eliminating Your Opponent: 6 or more forces trading
ELIMINATION_TRADE_DOWN_TO = 4

# Phases, named after the rulebook's steps.
CLAIM = "claim"  # Setup step 3: claiming territories one at a time
SETUP_PLACE = "setup-place"  # Setup step 4 (and the 2-player placement)
SETUP_NEUTRAL = "setup-neutral"  # 2-Player Setup: one neutral army after your own two
REINFORCE = "reinforce"  # Getting and Placing New Armies
ATTACK = "attack"  # Attacking
DEFEND = "defend"  # To Attack: the defender announces 1 or 2 dice
OCCUPY = "occupy"  # Capturing Territories
FORTIFY = "fortify"  # Fortifying Your Position
OVER = "over"

MAPS = {"ancient-earth": "ancient-earth", "classic-world": "classic-world"}
UNSEEN = -1  # a card in an observation whose face its seat cannot see


@dataclass(slots=True)
class RiskState:
    """Everything about a Classic RISK game. Copied (cheaply) by every step, never shared."""

    board: Board
    options: Mapping[str, OptionValue]
    players: int
    neutral: int | None  # the neutral side's owner number (2-player game), else None
    rng: Rng
    owner: list[int]  # -1 while unclaimed
    armies: list[int]
    reserve: list[int]  # setup armies not yet placed, per side (neutral last)
    hands: list[list[int]]
    deck: list[int]  # draw pile; the top is the end of the list
    sets_traded: int
    phase: str
    current: Seat  # whose turn (or setup round) it is
    first: Seat  # who placed the first army, and so takes the first turn
    turn: int
    pending: int  # armies still to place this step
    elimination_trade: bool  # trading forced by cards won from an eliminated player
    conquered: bool  # captured a territory this turn (earns one card)
    card_bonus_taken: bool
    attack_from: int
    attack_to: int
    attack_dice: int
    alive: list[bool]
    out_order: list[Seat]  # eliminated seats, first out first
    outcome: Outcome | None

    def step_copy(self) -> Self:
        """A copy for one step: the armies copied (nearly every step changes them), the other
        lists shared until the handler that changes one replaces it with a copy of its own,
        so a roll or a move costs one list instead of the whole state. Field by field for
        any subclass (a mode built on Classic adds its own fields and gets them copied)."""
        twin = shallow_copier(type(self))(self)
        twin.armies = self.armies[:]
        return twin

    def copy(self) -> Self:
        """An independent copy: every list this state holds copied, the generator too."""
        twin = self.step_copy()
        twin.rng = self.rng.copy()
        twin.owner, twin.reserve, twin.deck = self.owner[:], self.reserve[:], self.deck[:]
        twin.hands = [h[:] for h in self.hands]
        twin.alive, twin.out_order = self.alive[:], self.out_order[:]
        self.copy_more(twin)
        return twin

    def copy_more(self, twin: Self) -> None:
        """Where a subclass copies the mutable fields it adds, for `copy`."""


def opening(
    board: Board,
    options: Mapping[str, OptionValue],
    players: int,
    rng: Rng,
    first: Seat,
    phase: str,
    **given: Any,
) -> dict[str, Any]:
    """The fields of a state built on Classic as a game opens: an empty board, no cards
    dealt, nobody out; each mode's setup gives (`given`) what it starts otherwise, and its
    own fields."""
    n = len(board)
    return {
        "board": board,
        "options": dict(options),
        "players": players,
        "neutral": None,
        "rng": rng,
        "owner": [-1] * n,
        "armies": [0] * n,
        "reserve": [0] * players,
        "hands": [[] for _ in range(players)],
        "deck": [],
        "sets_traded": 0,
        "phase": phase,
        "current": first,
        "first": first,
        "turn": 0,
        "pending": 0,
        "elimination_trade": False,
        "conquered": False,
        "card_bonus_taken": False,
        "attack_from": -1,
        "attack_to": -1,
        "attack_dice": 0,
        "alive": [True] * players,
        "out_order": [],
        "outcome": None,
    } | given


_MODE = catalogued("risk-classic")


class ClassicRisk(Game[RiskState]):
    id = _MODE.id
    title = _MODE.title
    min_players = _MODE.min_players
    max_players = _MODE.max_players
    options = rules_options(_MODE)
    # The step handlers, by (phase, action kind): editions built on this flow (RISK MCU's
    # Skirmish) replace some and keep the rest.
    handlers: ClassVar[Mapping[tuple[str, str], Handler]]
    # Eliminating Your Opponent: 6 or more cards won force trading at once (Classic only).
    forced_elimination_trade: ClassVar[bool] = True
    elimination_trade_at: ClassVar[int] = ELIMINATION_TRADE_AT  # the hand size that forces it
    # The phases whose legal actions read the seat's own hand (Classic's: the trades).
    hand_phases: ClassVar[frozenset[str]] = frozenset({REINFORCE})
    # The pieces' word in every event and refusal the shared handlers write: Classic's
    # armies; editions whose rulebooks call them units (Mass Effect, MCU) say so.
    pieces: ClassVar[Pieces] = ARMIES
    # What the board's places are called, for the page's players table: Classic's
    # territories; MCU's sectors, Mass Effect's planets.
    places: ClassVar[Pieces] = Pieces("territory", "territories")
    # Each phase in plain words (the view's `step`: the terminal's prompt and the page's status
    # line say it rather than the phase's id); {piece}, {pieces} and {places} read as above.
    steps: ClassVar[Mapping[str, str]] = {
        CLAIM: "claiming {places} one at a time",
        SETUP_PLACE: "placing the starting {pieces}",
        SETUP_NEUTRAL: "placing a neutral {piece}",
        REINFORCE: "placing new {pieces}",
        ATTACK: "attacking",
        DEFEND: "choosing how many dice to defend with",
        OCCUPY: "moving in after a capture",
        FORTIFY: "fortifying",
        OVER: "the game is over",
    }

    def step_words(self, st: RiskState) -> str:
        """What the phase of `st` asks, in plain words (`steps`)."""
        words = self.steps[st.phase]
        return words.format(piece=self.pieces.one, pieces=self.pieces.many, places=self.places.many)

    # Each step's `end` as its button says it (`label`); a mode adds its own steps' words.
    end_words: ClassVar[Mapping[str, str]] = {ATTACK: "End attacks", FORTIFY: "End your turn"}

    def label(self, observation: RiskState, seat: Seat, action: Action) -> str:
        """The shared kinds of the editions built on Classic in plain words, places as the
        board captions them (`words`); an edition with kinds of its own says those first."""
        st, kind, args = observation, action.kind, action.args
        said = [self.words(st, str(a)) for a in args]
        count = args[-1] if args and isinstance(args[-1], int) else 0
        if kind == "claim":
            return f"Claim {said[0]}"
        if kind == "neutral":
            return f"Place a neutral {self.pieces.one} on {said[0]}"
        if kind == "place":
            return f"Place {self.pieces.of(count)} on {said[0]}"
        if kind == "attack":
            return f"Attack {said[1]} from {said[0]} with {DICE.of(count)}"
        if kind == "defend":
            return f"Defend with {DICE.of(count)}"
        if kind == "move":
            taken = self.words(st, st.board.territories[st.attack_to])
            return f"Move {self.pieces.of(count)} into {taken}"
        if kind in ("fortify", "maneuver"):
            return f"Move {self.pieces.of(count)} from {said[0]} to {said[1]}"
        if kind == "trade":
            # Classic's and Mass Effect's sets are three cards; a fourth name is the territory
            # of a card traded that takes the 2 extra armies.
            extra = f" (+2 {self.pieces.many} on {said[3]})" if len(args) == 4 else ""
            cards = ("a wild card" if card == WILD else card for card in said[:3])
            return f"Trade in {listed(cards)}{extra}"
        if kind == "end":
            return self.end_words.get(st.phase, "Done")
        return super().label(observation, seat, action)

    def attack_rule(
        self,
        state: RiskState,
        source: int,
        target: int,
        ships: tuple[int, int, int] | None = None,
    ) -> battle.BattleRule:
        """The dice an attack from `source` into `target` would roll now, for the odds shown
        before it (the browser's %, the terminal's `odds FROM TO`). Read from a spectator's
        observation: anyone may ask, so no hidden piece may shape the answer. `ships`: the
        attacker's ships along (cruisers, carriers, dreadnoughts), for a mode that has them
        (Galaxy at War); any other refuses them."""
        seen = self.observe(state, None)
        rule = self.seen_attack_rule_with_ships(seen, source, target, ships)
        self.check_invadable(seen, source, target)
        return rule

    def seen_attack_rule_with_ships(
        self, seen: RiskState, source: int, target: int, ships: tuple[int, int, int] | None
    ) -> battle.BattleRule:
        """`seen_attack_rule` with the attacker's `ships` along: Classic and the modes without
        ships refuse any; Galaxy at War reads them."""
        if ships is not None:
            raise WarroomError(f"{self.title} has no ships to bring to an attack")
        return self.seen_attack_rule(seen, source, target)

    def check_invadable(self, seen: RiskState, source: int, target: int) -> None:
        """IllegalAction, with the reason, where no attack from `source` could take `target`
        whatever the dice: places that do not border now (`borders`), or both the same side's
        (modes add theirs, such as a teammate's planet), so that no odds are given for an
        attack the rules refuse."""
        names = seen.board.territories
        if not self.borders(seen, source, target):
            raise IllegalAction(f"{names[source]} does not border {names[target]}")
        if seen.owner[source] == seen.owner[target] >= 0:  # unclaimed places are no side's
            raise IllegalAction(
                f"{names[source]} and {names[target]} are both "
                f"{self.side_name(seen, seen.owner[source])}'s"
            )

    def borders(self, seen: RiskState, source: int, target: int) -> bool:
        """Whether an attack may cross from `source` to `target` as the board stands: joined
        on the board (To Attack: "adjacent"); a mode whose connections close narrows it."""
        return seen.board.adjacent(source, target)

    def seen_attack_rule(self, seen: RiskState, source: int, target: int) -> battle.BattleRule:
        """`attack_rule` on what every seat sees: Classic's plain dice; modes with more (d8
        defences, Allies, ships) override it."""
        return battle.CLASSIC

    def defence(self, state: RiskState) -> tuple[int, int, battle.BattleRule]:
        """The battle waiting on its defender's choice (the `defend` step): the attacker's
        dice, the most the defender may roll and the dice rule of the roll, for the odds of
        each choice shown at that prompt. Read from a spectator's observation, as
        `attack_rule` is."""
        seen = self.observe(state, None)
        return seen.attack_dice, defend_most(seen), self.seen_defence_rule(seen)

    def seen_defence_rule(self, seen: RiskState) -> battle.BattleRule:
        """`defence`'s rule on what every seat sees: the dice `_battle` rolls (Classic's plain
        ones); modes that roll more override it with their own battle's rule."""
        return battle.CLASSIC

    # -- setup ---------------------------------------------------------------------------
    def setup(self, players: int, rng: Rng, options: Mapping[str, OptionValue]) -> RiskState:
        board = data.map_board(str(options["map"]), MAPS)
        check_board_size(board, players)
        n = len(board)
        two = players == 2
        sides = players + 1 if two else players
        # Setup step 2; the 2-player rules do not say who starts: found the same way.
        first = roll_for_first(rng, players)
        st = RiskState(
            **opening(
                board,
                options,
                players,
                rng,
                first,
                CLAIM,
                neutral=2 if two else None,
                reserve=[TWO_PLAYER_ARMIES if two else STARTING_ARMIES[players]] * sides,
            )
        )
        territory_cards = list(range(n))
        if two or options["setup"] == "deal":
            # 2-Player Setup: wild cards out, deal the territory cards into equal piles.
            rng.shuffle(territory_cards)
            order = [(first + k) % players for k in range(players)]
            if two:
                # 2-Player Setup: "both ... choose a different pile": the piles are face down,
                # so a choice cannot be told from a deal; the first player's pile comes first.
                order.append(2)  # the neutral pile
            for k, t in enumerate(territory_cards):
                side = order[k % len(order)]
                st.owner[t] = side
                st.armies[t] = 1
                st.reserve[side] -= 1
            st.phase = SETUP_PLACE  # placing starts with `first` (reading, module docstring)
        # Setup step 6 (and "return the 2 wild cards ... shuffle the deck" for 2 players).
        st.deck = list(range(n + board.wild_cards))
        rng.shuffle(st.deck)
        if two:
            st.pending = min(2, st.reserve[first])
        return st

    # -- who decides ---------------------------------------------------------------------
    def to_move(self, state: RiskState) -> tuple[Seat, ...]:
        if state.phase == OVER:
            return ()
        if state.phase == DEFEND:
            return (self._defender_seat(state),)
        return (state.current,)

    def _defender_seat(self, st: RiskState) -> Seat:
        side = st.owner[st.attack_to]
        if side == st.neutral:
            # 2-Player Rules, Attacking: "your opponent rolls to defend that territory".
            return 1 - st.current
        return side

    def opening(self, state: RiskState) -> list[Event]:
        """Setup step 2's roll-off, made at setup: the log says who begins and why."""
        return [goes_first(self.seat_names(state), state.first)]

    def seat_names(self, state: RiskState) -> list[str]:
        return [player_name(i) for i in range(state.players)]

    def turn_order(self, state: RiskState) -> tuple[Seat, ...]:
        """Play goes to the left from the player the dice found (Setup; `_end_turn`)."""
        return clockwise(state.first, state.players)

    def choices_public(self, state: RiskState, seat: Seat) -> bool:
        """A seat holding cards, in a phase that reads them (`hand_phases`), may have one action
        or more depending on which cards: the others cannot tell (hand sizes are public)."""
        return not state.hands[seat] or state.phase not in self.hand_phases

    def side_name(self, st: RiskState, side: int) -> str:
        return "Neutral" if side == st.neutral else player_name(side)

    # -- legal actions -------------------------------------------------------------------
    def legal_actions(self, state: RiskState, seat: Seat) -> Legal:
        """As families: every count of armies to place, dice to roll or armies to move is one
        range, so a fortify step with thousands of splits lists a family per pair. They are
        built only when asked for; `in` is answered by `_allows` from the same counts."""
        if seat not in self.to_move(state):
            return Legal(())
        return Legal.deferred(
            lambda: self._families(state, seat), lambda action: self._allows(state, seat, action)
        )

    def _families(self, st: RiskState, seat: Seat) -> list[Family]:
        b = st.board
        names = b.territories
        owner = st.owner
        phase = st.phase
        if phase == CLAIM:
            return [Family("claim", (names[t],)) for t in range(len(b)) if owner[t] == -1]
        if phase == SETUP_PLACE:
            counts = _setup_place_counts(st)
            return [Family("place", (names[t],), counts) for t in range(len(b)) if owner[t] == seat]
        if phase == SETUP_NEUTRAL:
            return [Family("neutral", (names[t],)) for t in range(len(b)) if owner[t] == st.neutral]
        if phase == REINFORCE:
            # Trading Cards In: trades are open the whole step, before or between placements.
            out = self._trades(st, seat) if self._may_trade(st, seat) else []
            if self.may_place(st, seat):
                counts = range(1, st.pending + 1)
                out += [
                    Family("place", (names[t],), counts) for t in range(len(b)) if owner[t] == seat
                ]
            return out
        if phase == ATTACK:
            out = [Family("end")]
            armies = st.armies
            for s in range(len(b)):
                if owner[s] != seat or armies[s] < 2:
                    continue
                dice = _attack_dice(st, s)
                out += [
                    Family("attack", (names[s], names[t]), dice)
                    for t in b.neighbors[s]
                    if owner[t] != seat
                ]
            return out
        if phase == DEFEND:
            return [Family("defend", (), _defend_dice(st))]
        if phase == OCCUPY:
            return [Family("move", (), _move_in_counts(st))]
        if phase == FORTIFY:
            out = [Family("end")]
            armies = st.armies
            for s in range(len(b)):
                if owner[s] != seat or armies[s] < 2:
                    continue
                moves = _fortify_counts(st, s)
                out += [
                    Family("fortify", (names[s], names[t]), moves)
                    for t in b.neighbors[s]
                    if owner[t] == seat
                ]
            return out
        return []

    def _allows(self, st: RiskState, seat: Seat, action: Action) -> bool:
        """Whether `_families(st, seat)` lists `action`, without listing them: the same
        conditions and counts, for one action (the greedy bot asks only this)."""
        kind, args, phase, owner = action.kind, action.args, st.phase, st.owner
        if kind == "end":
            return not args and phase in (ATTACK, FORTIFY)
        if kind == "trade":
            return phase == REINFORCE and action in Legal(self._families(st, seat))
        if kind in ("attack", "fortify"):
            if len(args) != 3 or phase != (ATTACK if kind == "attack" else FORTIFY):
                return False
            s, t, count = _named(st, args[0]), _named(st, args[1]), args[2]
            if s < 0 or t < 0 or owner[s] != seat or st.armies[s] < 2:
                return False
            if not st.board.adjacent(s, t) or (owner[t] == seat) != (kind == "fortify"):
                return False
            counts = _attack_dice(st, s) if kind == "attack" else _fortify_counts(st, s)
            return isinstance(count, int) and count in counts
        if kind in ("claim", "neutral"):
            if len(args) != 1 or phase != (CLAIM if kind == "claim" else SETUP_NEUTRAL):
                return False
            t = _named(st, args[0])
            return t >= 0 and owner[t] == (-1 if kind == "claim" else st.neutral)
        if kind == "place":
            if len(args) != 2 or not isinstance(args[1], int):
                return False
            t = _named(st, args[0])
            if t < 0 or owner[t] != seat:
                return False
            if phase == SETUP_PLACE:
                return args[1] in _setup_place_counts(st)
            return phase == REINFORCE and self.may_place(st, seat) and 1 <= args[1] <= st.pending
        if kind in ("defend", "move"):
            if len(args) != 1 or not isinstance(args[0], int):
                return False
            if kind == "defend":
                return phase == DEFEND and args[0] in _defend_dice(st)
            return phase == OCCUPY and args[0] in _move_in_counts(st)
        return False

    def _trades(self, st: RiskState, seat: Seat) -> list[Family]:
        hand = st.hands[seat]
        out: list[Family] = []
        seen: set[tuple[str, ...]] = set()
        for combo in combinations(sorted(hand), 3):
            designs = tuple(self._design(st, c) for c in combo)
            if not is_set(designs):
                continue
            cards = tuple(self._card_name(st, c) for c in combo)
            if cards in seen:  # the two wild cards are interchangeable
                continue
            seen.add(cards)
            bonus = self._bonus_choices(st, seat, combo)
            if bonus:
                out += [Family("trade", (*cards, st.board.territories[t])) for t in bonus]
            else:
                out.append(Family("trade", cards))
        return out

    def _bonus_choices(self, st: RiskState, seat: Seat, combo: tuple[int, ...]) -> list[int]:
        if st.card_bonus_taken:
            return []
        n = len(st.board)
        return sorted({c for c in combo if c < n and st.owner[c] == seat})

    def may_place(self, st: RiskState, seat: Seat) -> bool:
        """Placing waits while the hand is large enough that a trade is forced (public: the
        search's rollout step asks before it places by territory numbers)."""
        return len(st.hands[seat]) < self._must_trade_at(st)

    def _must_trade_at(self, st: RiskState) -> int:
        # Eliminating Your Opponent: trade down to 4 or fewer (so while 5 or more remain).
        return ELIMINATION_TRADE_DOWN_TO + 1 if st.elimination_trade else MUST_TRADE_AT

    def _captured(self, st: RiskState, seat: Seat, events: Events) -> None:
        """After a capture and the minimum move-in (and any elimination): nothing in Classic;
        an edition that wins by territories held checks here."""

    def _may_trade(self, st: RiskState, seat: Seat) -> bool:
        if st.elimination_trade:
            return len(st.hands[seat]) > ELIMINATION_TRADE_DOWN_TO  # "you must stop trading"
        return True

    # -- applying ------------------------------------------------------------------------
    def apply(self, state: RiskState, seat: Seat, action: Action) -> tuple[RiskState, list[Event]]:
        events: list[Event] = []
        return self._step(state, seat, action, events), events

    def play(self, state: RiskState, seat: Seat, action: Action) -> RiskState:
        """`apply` by the same handlers, checks included, with no events built."""
        return self._step(state, seat, action, None)

    def play_owned(self, state: RiskState, seat: Seat, action: Action) -> RiskState:
        """`play` in place: the handlers change the state they are given (each still replaces
        a shared list before changing it, so observations taken from it stay as they were)."""
        return self._step(state, seat, action, None, owned=True)

    def _step(
        self, state: RiskState, seat: Seat, action: Action, events: Events, owned: bool = False
    ) -> RiskState:
        self.check_seat(state, seat)
        handler = self.handlers.get((state.phase, action.kind))
        if handler is None:
            # Only the kinds the seat may take now: a step's other handlers (trade with no
            # set, place with 5 cards held) would send the player to another refusal.
            known = {k for (_, k) in self.handlers}
            doing = f"{action.kind} while {self.step_words(state)}"  # "place while attacking"
            self.refuse(state, seat, action, known, doing)
        st = state if owned else state.step_copy()
        handler(self, st, seat, action, events)
        return st

    def parse(self, state: RiskState, seat: Seat, text: str) -> Action:
        """Accept territory names in any case and unambiguous prefixes ("att ala kam 3")."""
        action = Action.parse(text)
        kinds = sorted({k for (p, k) in self.handlers if p == state.phase})
        matches = [k for k in kinds if k.startswith(action.kind)]
        kind = action.kind if action.kind in kinds or len(matches) != 1 else matches[0]
        args = tuple(_expand_name(state, a) if isinstance(a, str) else a for a in action.args)
        return Action(kind, args)

    # -- outcome and views ---------------------------------------------------------------
    def outcome(self, state: RiskState) -> Outcome | None:
        return state.outcome

    def observe(self, state: RiskState, seat: Seat | None) -> RiskState:
        """Other hands and the deck masked (`UNSEEN` cards; their sizes are public)."""
        st = state.step_copy()  # the public lists shared: neither is changed in place
        st.hands = [h if p == seat else [UNSEEN] * len(h) for p, h in enumerate(state.hands)]
        st.deck = [UNSEEN] * len(state.deck)
        st.rng = HIDDEN
        return st

    def _side_count(self, st: RiskState) -> int:
        """Owner numbers in use: the seats, then any sides without a seat (the neutral)."""
        return st.players + (st.neutral is not None)

    def describe(self, observation: RiskState, seat: Seat | None) -> dict[str, Any]:
        st, b = observation, observation.board
        sides = self._side_count(st)
        # owner number -> (label, seat); -1 (unclaimed) reads from the end: (None, None)
        who: list[tuple[str | None, int | None]] = [
            (self.side_name(st, o), o if o < st.players else None) for o in range(sides)
        ]
        who.append((None, None))
        territories = [
            {"name": name, "region": region, "owner": who[o][0], "seat": who[o][1], "armies": a}
            for name, region, o, a in zip(
                b.territories, _region_names(b), st.owner, st.armies, strict=True
            )
        ]
        out: dict[str, Any] = {
            "mode": self.id,
            "board": b.id,
            "pieces": {"one": self.pieces.one, "many": self.pieces.many},  # the page's word
            "places": {"one": self.places.one, "many": self.places.many},  # and the board's
            "phase": st.phase,
            "step": self.step_words(st),
            "turn": st.turn,
            "current": st.current,
            "to_move": list(self.to_move(st)),
            "players": self.seat_names(st),
            "alive": st.alive[:],
            "territories": territories,
            "hand_sizes": [len(h) for h in st.hands],
            "deck_size": len(st.deck),
            "sets_traded": st.sets_traded,
            "next_set_value": set_value(st.sets_traded + 1),
            "reserve": st.reserve[:],
            "pending": st.pending,
            "outcome": st.outcome.to_json() if st.outcome else None,
            "options": dict(st.options),
            "first": st.first,
            "conquered": st.conquered,
            "card_bonus_taken": st.card_bonus_taken,
            "elimination_trade": st.elimination_trade,
        }
        if st.phase in (DEFEND, OCCUPY):
            out["battle"] = {
                "from": b.territories[st.attack_from],
                "to": b.territories[st.attack_to],
                "dice": st.attack_dice,
            }
        if seat is not None and 0 <= seat < st.players:
            out["seat"] = seat
            out["hand"] = [
                {"card": self._card_name(st, c), "design": self._design(st, c)}
                for c in st.hands[seat]
            ]
        return out

    def invariants(self, state: RiskState) -> list[str]:
        st, b = state, state.board
        problems = []
        sides = st.players + (1 if st.neutral is not None else 0)
        for t in range(len(b)):
            o, a = st.owner[t], st.armies[t]
            if o == -1 and (st.phase != CLAIM or a != 0):
                problems.append(f"{b.territories[t]} is unowned after claiming (or has armies)")
            elif o != -1 and (not 0 <= o < sides or a < 1):
                problems.append(f"{b.territories[t]}: owner {o} with {a} armies")
        cards = sorted([c for h in st.hands for c in h] + st.deck)
        if cards != list(range(len(b) + b.wild_cards)):
            problems.append("cards are lost or duplicated between hands and deck")
        for p in range(st.players):
            if st.alive[p] != (p in st.owner or st.phase == CLAIM):
                problems.append(f"Player {p + 1} alive={st.alive[p]} disagrees with the board")
        if min(st.reserve) < 0 or st.pending < 0:
            problems.append("negative reserve or pending armies")
        return problems

    def resample_hidden(self, state: RiskState, seat: Seat, rng: Rng) -> RiskState:
        """Other hands and the deck order redrawn from the cards `seat` cannot see."""
        st = state.copy()
        others = [p for p in range(st.players) if p != seat]
        unseen = [c for p in others for c in st.hands[p]] + st.deck
        rng.shuffle(unseen)
        for p in others:
            k = len(st.hands[p])
            st.hands[p], unseen = sorted(unseen[:k]), unseen[k:]
        st.deck = unseen
        st.rng = Rng(rng.next_u64())
        return st

    # -- helpers -------------------------------------------------------------------------
    def _design(self, st: RiskState, card: int) -> str:
        n = len(st.board)
        return WILD if card >= n else st.board.card_design[card] or WILD

    def _card_name(self, st: RiskState, card: int) -> str:
        return card_name(st.board, card)

    def _card_text(self, st: RiskState, card: int) -> str:
        """A drawn card as its drawer reads it (a mode may say more than its name)."""
        return self._card_name(st, card)


def take_card(g: ClassicRisk, st: RiskState, seat: Seat, card: int, ev: Events) -> None:
    """`card`, already off its pile, into `seat`'s hand: its face told to that seat only."""
    st.hands = st.hands[:]
    st.hands[seat] = sorted([*st.hands[seat], card])
    if ev is not None:
        known = g.known_to(st, seat)
        # One secret text for every seat that knows it: "You" only where that is the drawer
        # alone (a teammate who sees the hand reads whose draw it was).
        drawer = "You draw" if known == {seat} else f"{g.side_name(st, seat)} draws"
        ev.append(
            Event(
                "draw",
                f"{g.side_name(st, seat)} draws a card",
                {"seat": seat},
                known_to=known,
                secret={"card": g._card_name(st, card)},
                secret_text=f"{drawer} {g._card_text(st, card)}",
                reveals=True,
            )
        )


def player_name(seat: Seat) -> str:
    return f"Player {seat + 1}"


def card_name(board: Board, card: int) -> str:
    """A card's name: its territory's, or "wild" (the wild cards are numbered after them)."""
    return WILD if card >= len(board) else board.territories[card]


def last_standing_reason(winner: Seat) -> str:
    return f"{player_name(winner)} eliminated every opponent"


def turn_limit_reason(
    turns: int, ranking: str = "players are ranked by territories, then armies"
) -> str:
    """A game ended by the simulations' turn limit, and how it was then ranked (Classic's
    ranking unless a mode says its own)."""
    return turn_limit_ending(turns, ranking)


@cache
def _region_names(board: Board) -> tuple[str, ...]:
    """Each territory's region name, computed once per board."""
    return tuple(board.regions[r] for r in board.region_of)


def check_board_size(board: Board, players: int) -> None:
    """Refuse a board with more territories than the starting armies can hold, one each (a
    user's 300-territory board left the 2-player game 70 armies short, with no move to make),
    or fewer than the sides that start with one each (the neutral too in the 2-player game):
    a side with none is out before it plays, and bots and setup have nothing to place on."""
    two = players == 2
    sides = players + 1 if two else players
    if len(board) < sides:
        who = f"{players} players and the neutral" if two else f"{players} players"
        raise WarroomError(
            f"{board.name} has {len(board)} territories: too few for {who}, who each start "
            "on at least one"
        )
    armies = TWO_PLAYER_ARMIES if two else STARTING_ARMIES[players]
    most = -(-len(board) // sides)  # the territories one side may hold after setup
    if most > armies:
        raise WarroomError(
            f"{board.name} has {len(board)} territories: too many for {players} players, "
            f"whose {armies} starting armies each cannot hold one army on each of {most}"
        )


def players_for(board: Board) -> list[int]:
    """The player counts a game of Classic RISK may be set up for on `board` (`board check`
    says them)."""
    fits = []
    for players in range(ClassicRisk.min_players, ClassicRisk.max_players + 1):
        try:
            check_board_size(board, players)
        except WarroomError:
            continue
        fits.append(players)
    return fits


def _expand_name(state: RiskState, word: str) -> str:
    """A territory (or card) name from any case, a former spelling (the board's aliases) or
    a unique prefix of a name; otherwise unchanged."""
    b = state.board
    if word in b.index or word.lower() == WILD:
        return b.territories[b.index[word]] if word in b.index else WILD
    hits = b.matching(word)
    return b.territories[hits[0]] if len(hits) == 1 else word


# -- counts: what legal_actions lists and the handlers accept -------------------------------
def _named(st: RiskState, arg: object) -> int:
    """The territory `arg` names exactly as the legal actions spell it, else -1."""
    t = st.board.index.get(arg) if isinstance(arg, str) else None
    return t if t is not None and st.board.territories[t] == arg else -1


def _setup_place_counts(st: RiskState) -> range:
    if st.neutral is not None:
        # 2-Player Setup: "Place 2 armies onto any 1 or 2 of the territories you occupy."
        return range(1, st.pending + 1)
    return range(1, 2)  # Setup step 4: one army per turn


def _attack_dice(st: RiskState, source: int) -> range:
    """To Attack: 1 to 3 dice, at least one army more than dice in the attacking territory."""
    return range(1, min(3, st.armies[source] - 1) + 1)


def defend_most(st: RiskState) -> int:
    """The most dice the defender may roll (two, or one with one army); other modes ask it too."""
    return min(2, st.armies[st.attack_to])


def _defend_dice(st: RiskState) -> range:
    return range(1, defend_most(st) + 1)


def _move_in_counts(st: RiskState) -> range:
    """Capturing Territories: the dice rolled are in already; the rest may follow, one stays."""
    least = st.attack_dice
    return range(least, least + st.armies[st.attack_from])


def _fortify_counts(st: RiskState, source: int) -> range:
    return range(1, st.armies[source])  # one army stays behind


def path_moves(
    st: RiskState, seat: Seat, passable: Callable[[int], bool] | None = None
) -> list[tuple[int, list[int]]]:
    """(source, destinations) for each of `seat`'s territories with armies to spare: every
    other territory of `seat`'s joined to it by a chain of `passable` ones (`seat`'s own when
    None). The moves of editions that fortify along a path rather than one step (RISK MCU's
    maneuver, RISK Mass Effect's fortify; a team's territories where teammates may pass)."""
    owner = st.owner
    through = passable if passable is not None else (lambda t: owner[t] == seat)
    out = []
    done: dict[int, set[int]] = {}
    for s in range(len(owner)):
        if owner[s] != seat or st.armies[s] < 2:
            continue
        group = done.get(s)
        if group is None:
            group = reachable(st.board.neighbors, s, through)
            for t in group:
                done[t] = group
        targets = sorted(t for t in group if t != s and owner[t] == seat)
        if targets:
            out.append((s, targets))
    return out


def may_move_along(
    st: RiskState,
    seat: Seat,
    source: int,
    target: int,
    passable: Callable[[int], bool] | None = None,
) -> bool:
    """Whether `path_moves` joins `source` to `target` (both `seat`'s, two different ones)."""
    owner = st.owner
    if source == target or owner[source] != seat or owner[target] != seat:
        return False
    through = passable if passable is not None else (lambda t: owner[t] == seat)
    return target in reachable(st.board.neighbors, source, through)


def path_move_families(st: RiskState, seat: Seat, kind: str) -> list[Family]:
    """`end`, or `kind FROM TO N` along a chain of the seat's own territories with one army
    left behind: the one move of editions that move along a path (Mass Effect's fortify,
    ME28; MCU's maneuver, MCU24)."""
    names = st.board.territories
    out = [Family("end")]
    for s, targets in path_moves(st, seat):
        counts = range(1, st.armies[s])
        out += [Family(kind, (names[s], names[t]), counts) for t in targets]
    return out


def allows_path_move(st: RiskState, seat: Seat, args: tuple[object, ...]) -> bool:
    """Whether `args` (FROM TO N) is one of `path_move_families`' moves."""
    if len(args) != 3 or not isinstance(args[2], int):
        return False
    s, t = _named(st, args[0]), _named(st, args[1])
    return s >= 0 and t >= 0 and may_move_along(st, seat, s, t) and 1 <= args[2] < st.armies[s]


def named_cards(index: data.CardIndex, hand: list[int], names: tuple[object, ...]) -> list[int]:
    """The cards of `hand` that `names` name (ids in any case), each named once: the cards
    of a trade that takes any cards of the hand (Mass Effect's sets, MCU's symbols)."""
    combo: list[int] = []
    for name in names:
        card = index.card(str(name))
        if card is None or card not in hand:
            raise IllegalAction(f"you hold no card {name!r}")
        if card in combo:
            raise IllegalAction(f"{index.card_ids[card]} is named twice")
        combo.append(card)
    return combo


# -- handlers: one per (step, action), each mutating its own copy of the state --------------
# What a step happened to cause, or None where the caller discards it (`ClassicRisk.play`):
# each handler builds its events only when asked for them.
Events = list[Event] | None
Handler = Callable[[ClassicRisk, RiskState, Seat, Action, Events], None]


def _territory(st: RiskState, arg: object, action: Action, usage: str) -> int:
    found = st.board.index.get(arg) if isinstance(arg, str) else None
    if found is not None:  # a name as spelled on the board (or an alias): the usual case
        return found
    if not isinstance(arg, str):
        raise MalformedAction(f"{action.text()!r}: expected a territory name; usage: {usage}")
    try:
        return st.board.territory(arg)
    except KeyError:
        pass
    hits = [t for t in st.board.territories if t.lower().startswith(arg.lower())]
    if len(hits) > 1:
        raise IllegalAction(f"{arg!r} could be any of {', '.join(hits)}: type more of the name")
    raise IllegalAction(st.board.no_such(arg))


def _count(arg: object, action: Action, usage: str) -> int:
    if not isinstance(arg, int):
        raise MalformedAction(f"{action.text()!r}: expected a number; usage: {usage}")
    if arg < 1:
        raise IllegalAction(f"{action.text()!r}: the number must be 1 or more, not {arg}")
    return arg


def _args(action: Action, n: int, usage: str) -> tuple[object, ...]:
    if len(action.args) != n:
        raise MalformedAction(f"{action.text()!r} is malformed; usage: {usage}")
    return action.args


def _claim(g: ClassicRisk, st: RiskState, seat: Seat, a: Action, ev: Events) -> None:
    usage = "claim TERRITORY"
    (arg,) = _args(a, 1, usage)
    t = _territory(st, arg, a, usage)
    require(st.owner[t] == -1, f"{st.board.territories[t]} is already claimed")
    st.owner, st.reserve = st.owner[:], st.reserve[:]
    st.owner[t], st.armies[t] = seat, 1
    st.reserve[seat] -= 1
    if ev is not None:
        ev.append(
            Event(
                "claim",
                f"{g.side_name(st, seat)} claims {st.board.territories[t]}",
                {"seat": seat, "territory": st.board.territories[t]},
            )
        )
    if all(o >= 0 for o in st.owner):
        st.phase = SETUP_PLACE  # Setup step 4
    _next_setup_player(g, st, ev)


def _setup_place(g: ClassicRisk, st: RiskState, seat: Seat, a: Action, ev: Events) -> None:
    usage = "place TERRITORY COUNT"
    arg, k = _args(a, 2, usage)
    t = _territory(st, arg, a, usage)
    k = _count(k, a, usage)
    require(st.owner[t] == seat, f"you do not occupy {st.board.territories[t]}")
    most = len(_setup_place_counts(st))
    require(1 <= k <= most, f"place {g.pieces.span(1, most)} in this setup turn")
    st.armies[t] += k
    st.reserve = st.reserve[:]
    st.reserve[seat] -= k
    _placed(g, st, seat, t, k, ev)
    if st.neutral is None:
        _next_setup_player(g, st, ev)
        return
    st.pending -= k
    if st.pending == 0:
        # Each player's 16 setup armies go 2 a turn, one neutral army after each turn: the
        # neutral's 16 last exactly as long as the players' own.
        st.phase = SETUP_NEUTRAL


def _setup_neutral(g: ClassicRisk, st: RiskState, seat: Seat, a: Action, ev: Events) -> None:
    usage = "neutral TERRITORY"
    (arg,) = _args(a, 1, usage)
    t = _territory(st, arg, a, usage)
    assert st.neutral is not None
    require(st.owner[t] == st.neutral, f"{st.board.territories[t]} is not neutral")
    st.armies[t] += 1
    st.reserve = st.reserve[:]
    st.reserve[st.neutral] -= 1
    if ev is not None:
        ev.append(
            Event(
                "place",
                f"{g.side_name(st, seat)} places 1 neutral {g.pieces.one} "
                f"on {st.board.territories[t]}",
                {"seat": seat, "territory": st.board.territories[t], "armies": 1, "neutral": True},
            )
        )
    st.phase = SETUP_PLACE
    _next_setup_player(g, st, ev)


def _next_setup_player(g: ClassicRisk, st: RiskState, ev: Events) -> None:
    """Pass setup to the next player (to the left) with armies left; start play when none has.

    Reading [Setup, steps 3-4]: placing goes on from the player after the last claim, as the
    rounds of claiming would (module docstring)."""
    for step in range(1, st.players + 1):
        p = (st.current + step) % st.players
        if st.reserve[p] > 0 or st.phase == CLAIM:
            st.current = p
            if st.neutral is not None:
                st.pending = min(2, st.reserve[p])
            return
    # Setup step 7: whoever placed the first army takes the first turn.
    st.current = st.first
    _begin_turn(g, st, ev)


def _begin_turn(g: ClassicRisk, st: RiskState, ev: Events) -> None:
    limit = int(st.options["turn_limit"])
    if limit and st.turn >= limit:
        _finish_by_limit(g, st, ev)
        return
    st.turn += 1
    st.phase = REINFORCE
    st.conquered = False
    st.card_bonus_taken = False
    st.elimination_trade = False
    armies, regions = reinforcements(st.board, st.owner, st.current)
    st.pending = armies
    if ev is not None:
        held = ", ".join(st.board.regions[r] for r in regions)
        ev.append(
            Event(
                "turn",
                f"Turn {st.turn}: {g.side_name(st, st.current)} receives "
                f"{g.pieces.of(armies)}" + (f" (controls {held})" if held else ""),
                {
                    "seat": st.current,
                    "turn": st.turn,
                    "armies": armies,
                    "regions": [st.board.regions[r] for r in regions],
                },
            )
        )


def _finish_by_limit(g: ClassicRisk, st: RiskState, ev: Events) -> None:
    def strength(p: Seat) -> tuple[int, int]:
        mine = [t for t in range(len(st.board)) if st.owner[t] == p]
        return len(mine), sum(st.armies[t] for t in mine)

    alive = sorted((p for p in range(st.players) if st.alive[p]), key=strength, reverse=True)
    best = strength(alive[0])
    winners = tuple(p for p in alive if strength(p) == best)
    ranking = tuple(alive) + tuple(reversed(st.out_order))
    ranked = f"players are ranked by {g.places.many}, then {g.pieces.many}"  # the mode's words
    reason = turn_limit_reason(st.turn, ranked)
    st.outcome = Outcome(winners, reason, ranking)
    st.phase = OVER
    if ev is not None:
        ev.append(Event("game-over", st.outcome.reason, {"winners": list(winners)}))


def _trade(g: ClassicRisk, st: RiskState, seat: Seat, a: Action, ev: Events) -> None:
    extra = f"the {MAX_CARD_BONUS} extra {g.pieces.many}"
    usage = f"trade CARD CARD CARD [TERRITORY for {extra}]"
    if len(a.args) not in (3, 4) or not all(isinstance(x, str) for x in a.args):
        raise MalformedAction(f"{a.text()!r} is malformed; usage: {usage}")
    require(
        g._may_trade(st, seat),
        f"your hand is down to {len(st.hands[seat])} cards: you must stop trading",
    )
    hand = st.hands[seat][:]
    combo: list[int] = []
    for name in a.args[:3]:
        card = _card_in(st, hand, str(name))
        if card is None and _card_in(st, st.hands[seat], str(name)) is not None:
            # held, but already named in this trade: say that, not "you hold no card"
            if str(name).lower() == WILD:
                wilds = sum(c >= len(st.board) for c in st.hands[seat])
                raise IllegalAction(f"wild is named more often than the {wilds} you hold")
            raise IllegalAction(f"{name} is named twice: a set is three different cards")
        if card is None:
            raise IllegalAction(f"you hold no card {name!r}")
        hand.remove(card)
        combo.append(card)
    designs = [g._design(st, c) for c in combo]
    require(
        is_set(designs),
        f"{', '.join(designs)} is not a set: three of one design, one of "
        "each design, or two plus a wild card",
    )
    choices = g._bonus_choices(st, seat, tuple(combo))
    bonus: int | None = None
    if len(a.args) == 4:
        bonus = _territory(st, a.args[3], a, usage)
        require(
            bonus in choices,
            f"{extra} go on a territory you occupy that is named "
            "on a traded card, at most once a turn",
        )
    elif choices:
        require(
            len(choices) == 1,
            f"name which territory gets {extra}: "
            + ", ".join(st.board.territories[t] for t in choices),
        )
        bonus = choices[0]
    st.sets_traded += 1
    value = set_value(st.sets_traded)
    st.pending += value
    st.hands = st.hands[:]
    st.hands[seat] = hand
    # "Put the traded-in cards facedown at the bottom of the draw pile."
    st.deck = combo + st.deck
    names = [g._card_name(st, c) for c in combo]
    text = f"{g.side_name(st, seat)} trades {', '.join(names)} for {g.pieces.of(value)}"
    if bonus is not None:
        # Occupied Territories: "You must place both of these armies onto that particular
        # territory": placed at once, apart from the armies still to place.
        st.armies[bonus] += MAX_CARD_BONUS
        st.card_bonus_taken = True
        text += f" (+{MAX_CARD_BONUS} on {st.board.territories[bonus]})"
    if ev is not None:
        ev.append(
            Event(
                "trade",
                text,
                {
                    "seat": seat,
                    "cards": names,
                    "armies": value,
                    "bonus_territory": None if bonus is None else st.board.territories[bonus],
                },
            )
        )


def _card_in(st: RiskState, hand: list[int], name: str) -> int | None:
    n = len(st.board)
    if name.lower() == WILD:
        return next((c for c in hand if c >= n), None)
    idx = st.board.index.get(name, st.board.index.get(name.lower()))
    return idx if idx is not None and idx in hand else None


def _place(g: ClassicRisk, st: RiskState, seat: Seat, a: Action, ev: Events) -> None:
    usage = "place TERRITORY COUNT"
    arg, k = _args(a, 2, usage)
    t = _territory(st, arg, a, usage)
    k = _count(k, a, usage)
    if len(st.hands[seat]) >= g._must_trade_at(st):
        raise IllegalAction(f"with {len(st.hands[seat])} cards you must trade in a set first")
    if st.owner[t] != seat:
        raise IllegalAction(f"you do not occupy {st.board.territories[t]}")
    if not 1 <= k <= st.pending:
        raise IllegalAction(f"you have {g.pieces.of(st.pending)} to place")
    place(g, st, seat, t, k, ev)


def place(g: ClassicRisk, st: RiskState, seat: Seat, t: int, k: int, ev: Events) -> None:
    """`k` of the armies to place on territory `t`, once the rules allowed it (`_place` checks
    an action; a search policy places only on its own territories, what it has to place)."""
    st.armies[t] += k
    st.pending -= k
    _placed(g, st, seat, t, k, ev)
    if st.pending == 0:
        st.phase = ATTACK
        st.elimination_trade = False


def _from_to_count(st: RiskState, a: Action, usage: str) -> tuple[int, int, int]:
    src_arg, dst_arg, count = _args(a, 3, usage)
    return (
        _territory(st, src_arg, a, usage),
        _territory(st, dst_arg, a, usage),
        _count(count, a, usage),
    )


def _attack(g: ClassicRisk, st: RiskState, seat: Seat, a: Action, ev: Events) -> None:
    s, t, dice = _from_to_count(st, a, "attack FROM TO DICE")
    names = st.board.territories
    # The checks of the hot handlers build their messages only when they fail.
    if st.owner[s] != seat:
        raise IllegalAction(f"you do not occupy {names[s]}")
    if st.owner[t] == seat:
        raise IllegalAction(f"{names[t]} is yours already")
    if not st.board.adjacent(s, t):
        raise IllegalAction(f"{names[s]} does not border {names[t]}")
    if dice not in _attack_dice(st, s):
        raise IllegalAction(attack_dice_refusal(g, st, s))
    attack(g, st, (s, t, dice), ev)


def attack_dice_refusal(g: ClassicRisk, st: RiskState, source: int) -> str:
    """Why a dice count is refused for an attack from `source` (To Attack): every edition
    built on Classic rolls its dice so, and says it in its own word for the pieces."""
    name, most = st.board.territories[source], len(_attack_dice(st, source))
    if most == 0:
        return f"you need at least {g.pieces.of(2)} in {name} to attack from it"
    return (
        f"from {name} you may roll {DICE.span(1, most)} "
        f"(at least one more {g.pieces.one} than dice)"
    )


def attack(g: ClassicRisk, st: RiskState, move: tuple[int, int, int], ev: Events) -> None:
    """The attack `move` (source, target, dice), once the rules allowed it (`_attack` checks
    an action; a search policy builds only attacks the rules allow): rolled at once where the
    defender's dice are automatic, else the defender is asked.

    Reading [To Attack]: "both ... announce the number of dice" names no order; the attacker
    announces first and the defender chooses knowing it, the order the same book prints for
    Godstorm's battles ("First you (the attacker), and then your opponent")."""
    st.attack_from, st.attack_to, st.attack_dice = move
    if st.options["defender_dice"] == "auto":
        _battle(g, st, defend_most(st), ev)
    else:
        st.phase = DEFEND


def _defend(g: ClassicRisk, st: RiskState, seat: Seat, a: Action, ev: Events) -> None:
    usage = "defend DICE"
    (dice,) = _args(a, 1, usage)
    dice = _count(dice, a, usage)
    if dice not in _defend_dice(st):
        most = defend_most(st)
        # 2-Player Rules: the opponent rolls for a neutral territory, so the refusal says so.
        t = st.attack_to
        whose = f" of neutral {st.board.territories[t]}" if st.owner[t] == st.neutral else ""
        raise IllegalAction(
            f"the defender{whose} may roll {'1 or 2 dice' if most == 2 else '1 die'} here"
        )
    _battle(g, st, dice, ev)


def _placed(g: ClassicRisk, st: RiskState, seat: Seat, t: int, k: int, ev: Events) -> None:
    """The event of `seat` placing `k` armies on territory `t` (setup or reinforcement)."""
    if ev is not None:
        name = st.board.territories[t]
        ev.append(
            Event(
                "place",
                f"{g.side_name(st, seat)} places {g.pieces.of(k)} on {name}",
                {"seat": seat, "territory": name, "armies": k},
            )
        )


def battle_event(
    g: ClassicRisk, st: RiskState, r: battle.Roll, attacker: int, defender: int, note: str = ""
) -> Event:
    """A roll's event, as Classic and every mode built on it log it; `note` ends the text
    (a mode's modified dice). Each territory says whose it is, so that a game of more than
    two reads without looking up the owners: "Carthage (Player 4) attacks Gaetulia (Player
    3): ..."."""
    s, t = st.attack_from, st.attack_to
    names = st.board.territories
    return Event(
        "battle",
        f"{names[s]} ({g.side_name(st, attacker)}) attacks {names[t]} "
        f"({g.side_name(st, defender)}): {faces(r.attack)} against "
        f"{faces(r.defend)}; attacker loses {r.attacker_losses}, "
        f"defender loses {r.defender_losses}{note}",
        {
            "from": names[s],
            "to": names[t],
            "attack": list(r.attack),
            "defend": list(r.defend),
            "attacker_losses": r.attacker_losses,
            "defender_losses": r.defender_losses,
            "attacker": attacker,
            "defender": defender,
        },
        reveals=True,
    )


def _battle(g: ClassicRisk, st: RiskState, defend_dice: int, ev: Events) -> None:
    s, t = st.attack_from, st.attack_to
    attacker, defender = st.owner[s], st.owner[t]
    st.rng = st.rng.copy()
    r = battle.roll(st.rng, st.attack_dice, defend_dice)
    st.armies[s] -= r.attacker_losses
    st.armies[t] -= r.defender_losses
    if ev is not None:
        ev.append(battle_event(g, st, r, attacker, defender))
    if st.armies[t] > 0:
        st.phase = ATTACK
        return
    # Capturing Territories: the minimum (the dice just rolled) moves in at once, so every
    # territory always holds an army; the occupy step then chooses the total.
    st.owner = st.owner[:]
    st.owner[t] = attacker
    st.armies[t] = st.attack_dice
    st.armies[s] -= st.attack_dice
    st.conquered = True
    if ev is not None:
        name = st.board.territories[t]
        ev.append(
            Event(
                "capture",
                f"{g.side_name(st, attacker)} captures {name}",
                {"seat": attacker, "territory": name, "from": g.side_name(st, defender)},
            )
        )
    captured = len(ev) if ev is not None else 0  # where a move-in line would go
    if defender != st.neutral and defender not in st.owner:
        _eliminate(g, st, attacker, defender, ev)
        if st.phase == OVER:  # no move-in step: the log says what went in with the capture
            if ev is not None:
                k = g.pieces.of(st.attack_dice)
                went = f"{g.side_name(st, attacker)} moves {k} into {st.board.territories[t]}"
                ev.insert(captured, Event("move", went))
            return
    st.phase = OCCUPY
    g._captured(st, attacker, ev)


def _eliminate(g: ClassicRisk, st: RiskState, winner: Seat, loser: Seat, ev: Events) -> None:
    st.alive = st.alive[:]
    st.alive[loser] = False
    st.out_order = [*st.out_order, loser]
    won = st.hands[loser]
    st.hands = st.hands[:]
    st.hands[loser] = []
    st.hands[winner] = sorted(st.hands[winner] + won)
    if ev is not None:
        ev.append(
            Event(
                "eliminated",
                f"{g.side_name(st, loser)} is eliminated; {g.side_name(st, winner)} "
                f"takes {len(won)} cards",
                {"seat": loser, "by": winner, "cards": len(won)},
                known_to=g.known_to(st, winner),
                secret={"card_names": [g._card_name(st, c) for c in won]},
                secret_text=f"{g.side_name(st, loser)} is eliminated; you take "
                + (", ".join(g._card_name(st, c) for c in won) or "no cards"),
                reveals=bool(won),
            )
        )
    if sum(st.alive) == 1:
        # Winning: the last player standing (the 2-player game ignores the neutral).
        order = (winner, *reversed(st.out_order))
        st.outcome = Outcome((winner,), last_standing_reason(winner), order)
        st.phase = OVER
        if ev is not None:
            ev.append(Event("game-over", st.outcome.reason, {"winners": [winner]}))
        return
    # Eliminating Your Opponent: 6 or more cards must be traded down to 4 or fewer at once.
    st.elimination_trade = (
        g.forced_elimination_trade and len(st.hands[winner]) >= g.elimination_trade_at
    )


def _move_in(g: ClassicRisk, st: RiskState, seat: Seat, a: Action, ev: Events) -> None:
    usage = "move COUNT"
    (k,) = _args(a, 1, usage)
    k = _count(k, a, usage)
    t, least = st.attack_to, st.attack_dice
    if k not in _move_in_counts(st):
        most = _move_in_counts(st)[-1]
        raise IllegalAction(
            f"move {g.pieces.span(least, most)} into {st.board.territories[t]} "
            "(at least the dice rolled; one stays behind)"
        )
    move_in(g, st, seat, k, ev)


def move_in(g: ClassicRisk, st: RiskState, seat: Seat, k: int, ev: Events) -> None:
    """`k` armies in the captured territory in all, once the rules allowed that many
    (`_move_in` checks an action; a search policy builds only counts the rules allow)."""
    s, t, least = st.attack_from, st.attack_to, st.attack_dice
    st.armies[s] -= k - least
    st.armies[t] += k - least
    if ev is not None:
        ev.append(
            Event(
                "move",
                f"{g.side_name(st, seat)} moves {g.pieces.of(k)} into {st.board.territories[t]}",
                {
                    "seat": seat,
                    "from": st.board.territories[s],
                    "to": st.board.territories[t],
                    "armies": k,
                },
            )
        )
    if st.elimination_trade:
        # Eliminating Your Opponent: "you must immediately trade in" cards won: read as once
        # the captured territory is occupied; the armies are placed before attacking on.
        st.phase = REINFORCE
        st.pending = 0
    else:
        st.phase = ATTACK


def _end_attack(g: ClassicRisk, st: RiskState, seat: Seat, a: Action, ev: Events) -> None:
    _args(a, 0, "end")
    end_attack(g, st, seat, ev)


def end_attack(g: ClassicRisk, st: RiskState, seat: Seat, ev: Events) -> None:
    """The attack step ended (by an action `_end_attack` checked, or by a search policy)."""
    # Ending Your Attack: one card if at least one territory was captured this turn.
    # With no card left in the pile there is none to take (the rulebook does not say).
    if st.conquered and st.deck:
        card = st.deck[-1]
        st.deck = st.deck[:-1]
        take_card(g, st, seat, card, ev)
    st.phase = FORTIFY


def _fortify(g: ClassicRisk, st: RiskState, seat: Seat, a: Action, ev: Events) -> None:
    s, t, k = _from_to_count(st, a, "fortify FROM TO COUNT")
    names = st.board.territories
    if st.owner[s] != seat or st.owner[t] != seat:
        raise IllegalAction(f"you must occupy both {names[s]} and {names[t]}")
    # Fortifying Your Position: "from one (only) of your territories into one (only) of your
    # adjacent territories" (this book's Classic rules: adjacent, not along a path).
    if not st.board.adjacent(s, t):
        raise IllegalAction(f"{names[s]} does not border {names[t]}")
    if k not in _fortify_counts(st, s):
        raise IllegalAction(move_count_refusal(g, st, s))
    fortify(g, st, seat, (s, t, k), ev)


def fortify(
    g: ClassicRisk, st: RiskState, seat: Seat, move: tuple[int, int, int] | None, ev: Events
) -> None:
    """The fortifying `move` (source, target, count; None for none) made and the turn passed,
    once the rules allowed it (`_fortify` and `_end_fortify` check an action; a search policy
    builds only moves the rules allow)."""
    if move is not None:
        move_armies(g, st, seat, move, "fortify", "moves", ev)
    _end_turn(g, st, ev)


def move_armies(
    g: ClassicRisk,
    st: RiskState,
    seat: Seat,
    move: tuple[int, int, int],
    kind: str,
    verb: str,
    ev: Events,
) -> None:
    """`move` (source, target, count) made, and told as event `kind` ("P1 <verb> 3 from A to
    B"): the end-of-turn move every edition makes, once its own rule has allowed it."""
    source, target, count = move
    st.armies[source] -= count
    st.armies[target] += count
    if ev is not None:
        names = st.board.territories
        ev.append(
            Event(
                kind,
                f"{g.side_name(st, seat)} {verb} {g.pieces.of(count)} "
                f"from {names[source]} to {names[target]}",
                {"seat": seat, "from": names[source], "to": names[target], "armies": count},
            )
        )


def move_along_own(
    g: ClassicRisk, st: RiskState, seat: Seat, a: Action, places: str, verb: str, ev: Events
) -> None:
    """The move of editions that fortify along a chain of the player's own territories, one
    unit left behind (Mass Effect's fortify, ME28/ME29; MCU's maneuver, MCU24): the action's
    kind names the move, `places` the territories ("planets"), `verb` the event's word."""
    s, t, k = _from_to_count(st, a, f"{a.kind} FROM TO COUNT")
    names = st.board.territories
    if st.owner[s] != seat or st.owner[t] != seat:
        raise IllegalAction(f"you must control both {names[s]} and {names[t]}")
    if s == t or not may_move_along(st, seat, s, t):
        raise IllegalAction(f"no chain of your own {places} joins {names[s]} to {names[t]}")
    if not 1 <= k < st.armies[s]:
        raise IllegalAction(move_count_refusal(g, st, s))
    move_armies(g, st, seat, (s, t, k), a.kind, verb, ev)


def move_count_refusal(g: ClassicRisk, st: RiskState, source: int) -> str:
    """Why a count is refused for a move from `source` that leaves one piece behind."""
    if st.armies[source] < 2:
        name = st.board.territories[source]
        return f"{name} has {g.pieces.of(1)}, which must stay behind"
    return f"move {g.pieces.span(1, st.armies[source] - 1)}; one stays behind"


def _end_fortify(g: ClassicRisk, st: RiskState, seat: Seat, a: Action, ev: Events) -> None:
    _args(a, 0, "end")
    fortify(g, st, seat, None, ev)


def _end_turn(g: ClassicRisk, st: RiskState, ev: Events) -> None:
    for step in range(1, st.players + 1):
        p = (st.current + step) % st.players
        if st.alive[p]:
            st.current = p
            break
    _begin_turn(g, st, ev)


_HANDLERS: dict[tuple[str, str], Handler] = {
    (CLAIM, "claim"): _claim,
    (SETUP_PLACE, "place"): _setup_place,
    (SETUP_NEUTRAL, "neutral"): _setup_neutral,
    (REINFORCE, "trade"): _trade,
    (REINFORCE, "place"): _place,
    (ATTACK, "attack"): _attack,
    (ATTACK, "end"): _end_attack,
    (DEFEND, "defend"): _defend,
    (OCCUPY, "move"): _move_in,
    (FORTIFY, "fortify"): _fortify,
    (FORTIFY, "end"): _end_fortify,
}
ClassicRisk.handlers = _HANDLERS


GAME = ClassicRisk()  # typed as itself: the search kit plays its steps' effects
register(GAME)
