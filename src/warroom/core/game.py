"""The contract every game mode fulfils.

A game is a set of pure functions over its state: who must decide, what they may
do, what an action does, what each seat may see, and how the game ended. Decisions
by any seat (a defender's dice, a bid, a sealed choice) are just seats listed by
`to_move`; chance comes only from the `Rng` inside the state, drawn on a copy the step owns
and only through `below` (`die`, `roll` and `shuffle` use it), so a `ScriptedRng` can make
every draw an explicit chance node (the OpenSpiel adapter) with no code of the mode's own.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import Any, ClassVar, Generic, NoReturn, TypeVar

from warroom.core.actions import NUMBER, Action
from warroom.core.errors import IllegalAction, MalformedAction, NotYourDecision, WarroomError
from warroom.core.events import TURNS, Event
from warroom.core.legal import Legal
from warroom.core.rng import Rng, make_rng

Seat = int
OptionValue = str | int | bool


def is_data_file(value: object) -> bool:
    """Whether an option value names a data file rather than a choice: a `.json` path."""
    return isinstance(value, str) and value.lower().endswith(".json")


@dataclass(frozen=True, slots=True)
class Option:
    """A setup option a mode accepts, with its allowed values."""

    name: str
    default: OptionValue
    help: str
    choices: tuple[OptionValue, ...] = ()
    minimum: int | None = None  # for whole-number options
    maximum: int | None = None  # for whole-number options: no value is unbounded
    # The kind of data file ("board") the value may name instead of a choice: a user's own
    # transcription, checked by `warroom board check`. Only the command line passes paths; the
    # web server refuses them, since a server must not open files a request names.
    files: str = ""
    # (players, value): player counts whose rules play one value whatever is given (Classic
    # RISK's 2-Player Setup deals the territory cards, `setup=claim` or not).
    fixed: tuple[tuple[int, OptionValue], ...] = ()

    def check(self, value: object) -> OptionValue:
        if self.choices:
            for choice in self.choices:
                if str(choice).lower() == str(value).lower():
                    return choice
            if self.files and is_data_file(value):
                return str(value)
            allowed = ", ".join(str(c) for c in self.choices)
            also = f", or a {self.files} file (.json)" if self.files else ""
            raise WarroomError(f"option {self.name}: {value!r} is not one of {allowed}{also}")
        if isinstance(self.default, bool):
            if isinstance(value, bool):
                return value
            if str(value).lower() in ("true", "yes", "1", "on"):
                return True
            if str(value).lower() in ("false", "no", "0", "off"):
                return False
            raise WarroomError(f"option {self.name}: {value!r} is not true or false")
        if isinstance(self.default, int):
            return self._whole_number(value)
        return str(value)

    def _whole_number(self, value: object) -> int:
        """An int, or text of ASCII digits (`int` alone would take "²", " 5" or "1_0")."""
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        elif isinstance(value, str) and NUMBER.fullmatch(text := value.strip()) is not None:
            try:
                number = int(text)
            except ValueError:  # more digits than Python converts
                raise WarroomError(f"option {self.name}: {len(text)} digits is too long") from None
        else:
            raise WarroomError(f"option {self.name}: {value!r} is not a whole number")
        if self.minimum is not None and number < self.minimum:
            raise WarroomError(f"option {self.name}: {number} is below {self.minimum}")
        if self.maximum is not None and number > self.maximum:
            raise WarroomError(f"option {self.name}: {number} is above {self.maximum}")
        return number


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: winners (several for a team or a shared win), a ranking, and why."""

    winners: tuple[Seat, ...]
    reason: str
    ranking: tuple[Seat, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "ranking": list(self.ranking), "reason": self.reason}


def turn_limit_ending(turns: int, ranking: str) -> str:
    """The reason of a game the `turn_limit` option ended (simulations' guard, not a rulebook
    ending), as a sentence of its own: it is a log line as well as the game-over banner's
    reason. `ranking` says how the seats were then ranked ("players are ranked by ...")."""
    return (
        f"The game stopped at its turn limit of {TURNS.of(turns)} (not a rulebook ending); "
        f"{ranking}"
    )


S = TypeVar("S")


class Game(ABC, Generic[S]):
    """One registered game mode. Implementations never mutate a state they were given."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    least_filled: ClassVar[frozenset[str]] = frozenset()
    """Kinds whose trailing number, left off in a typed short form, is the least the rules
    allow rather than the most (`core/shortform.py`): a bid's smallest raise, where the most
    dice or armies is what "attack A B" or "place A" means."""
    typed_in_full: ClassVar[frozenset[str]] = frozenset()
    """Kinds a short form never completes with a number: their numbers are terms the player
    sets (a Monopoly offer's money), and an offer of nothing is not one with a price left off."""
    chosen_numbers: ClassVar[frozenset[str]] = frozenset()
    """Kinds whose trailing numbers say which dice, not how many (a dice game's "target CARD
    ROW DIE..."): a typed short form that leaves one off is taken only when a single legal
    action completes it, never filled with the highest die (`core/shortform.py`)."""

    def resolve_options(self, given: Mapping[str, object] | None) -> dict[str, OptionValue]:
        """Defaults filled in; unknown names and bad values refused with a clear message."""
        known = {o.name: o for o in self.options}
        out: dict[str, OptionValue] = {o.name: o.default for o in self.options}
        spelled: dict[str, str] = {}  # each option given, by the spelling it was given in
        for name, value in (given or {}).items():
            key = name.replace("-", "_")
            if key not in known:
                names = ", ".join(known) or "none"
                raise WarroomError(f"{self.id} has no option {name!r} (options: {names})")
            if key in spelled:  # "turn_limit" and "turn-limit": one would silently win
                raise WarroomError(f"option {key!r} is given twice ({spelled[key]!r}, {name!r})")
            spelled[key] = name
            out[key] = known[key].check(value)
        return out

    def options_in_effect(
        self, players: int, options: Mapping[str, OptionValue]
    ) -> dict[str, OptionValue]:
        """The resolved `options` as a game of `players` plays them (each option's `fixed`
        value for that count), for what reports and the terminal say was played."""
        played = dict(options)
        for option in self.options:
            for count, value in option.fixed:
                if count == players:
                    played[option.name] = value
        return played

    def new_game(
        self,
        players: int,
        seed: int,
        options: Mapping[str, object] | None = None,
        generator: str = "splitmix64",
    ) -> S:
        """Setup with checked player count and options (defaults filled in), drawing chance
        from the named generator (`warroom.core.rng.GENERATORS`) at `seed`."""
        if not self.min_players <= players <= self.max_players:
            span = f"{self.min_players} to {self.max_players}"
            raise WarroomError(f"{self.title} is for {span} players, not {players}")
        try:
            rng = make_rng(generator, seed)
        except ValueError as exc:
            raise WarroomError(str(exc)) from None
        return self.setup(players, rng, self.resolve_options(options))

    def opening(self, state: S) -> list[Event]:
        """What the setup did that a log should start with (a dice game's first roll), read
        from the state `new_game` made, before any decision: a match's log begins with it.
        Nothing by default."""
        return []

    @abstractmethod
    def setup(self, players: int, rng: Rng, options: Mapping[str, OptionValue]) -> S:
        """The state before anyone has decided anything; any setup chance is drawn here from
        `rng`, which the state then carries for every later draw."""

    @abstractmethod
    def to_move(self, state: S) -> tuple[Seat, ...]:
        """Seats that must decide now (several at once for sealed bids); empty when over."""

    @abstractmethod
    def legal_actions(self, state: S, seat: Seat) -> Sequence[Action]:
        """Every action `seat` may take now (empty if it has no decision), in a fixed order.

        A list, or a `warroom.core.legal.Legal` where a decision has many actions that differ
        only in a count: it counts, tests membership and samples without building them all.
        """

    @abstractmethod
    def apply(self, state: S, seat: Seat, action: Action) -> tuple[S, list[Event]]:
        """The new state and what happened; raise IllegalAction (with the reason) otherwise."""

    def play(self, state: S, seat: Seat, action: Action) -> S:
        """`apply` for callers that discard the events (search, rollouts): the same rules and
        checks, the same new state; a mode may skip building its events here."""
        return self.apply(state, seat, action)[0]

    def play_owned(self, state: S, seat: Seat, action: Action) -> S:
        """`play` on a state the caller owns and never reads again (a search's own sample, a
        simulation's game): a mode may change it in place and return it rather than copy it.
        The same rules and checks; a refused action may leave it part-changed, so a caller
        that goes on after a refusal plays on a copy (`play`)."""
        return self.play(state, seat, action)

    @abstractmethod
    def observe(self, state: S, seat: Seat | None) -> S:
        """What `seat` may know (None: a spectator), as a state of the mode's own type with
        everything hidden from that seat masked, the generator too (`HIDDEN`).

        Bots and search read observations: typed and cheap, where JSON would cost more than
        the rules. An observation is read-only: it may share the state's public lists, so a
        bot that wants to change one works on `copy()` (as search does, filling in what is
        masked first).
        """

    @abstractmethod
    def describe(self, observation: S, seat: Seat | None) -> dict[str, Any]:
        """An observation as plain JSON data, for interfaces."""

    def view(self, state: S, seat: Seat | None) -> dict[str, Any]:
        """What `seat` may know, as plain JSON data (None: a spectator's public view)."""
        return self.describe(self.observe(state, seat), seat)

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """None while the game goes on."""

    @abstractmethod
    def seat_names(self, state: S) -> list[str]:
        """A label per seat for interfaces."""

    def words(self, state: S, text: str) -> str:
        """`text` (an event's, a refusal's, an action's) as people read it, the same at every
        table: a mode whose rules name places by ids that differ from the board's captions
        (MCU's Sector_07) gives the captions; others' texts are their own words already."""
        return text

    def label(self, observation: S, seat: Seat, action: Action) -> str:
        """`action`, one of `seat`'s legal actions, as a button says it to a first-time player
        ("Attack Liguria from Gaul with 3 dice" for "attack Gaul Liguria 3"); the typed form
        stays `action.text()`. Made from `seat`'s own observation, so that it can tell the
        seat nothing it does not know, and written once here for every interface. A mode
        with actions of its own says them; this default is the typed form in the mode's words."""
        return self.words(observation, action.text())

    def team_names(self, state: S) -> list[str] | None:
        """A team per seat where seats win together (Mass Effect's factions), else None:
        simulations then report win rates by team as well as by seat."""
        return None

    def turn_order(self, state: S) -> tuple[Seat, ...]:
        """The seats in the order they took their first turns, the first player first, so that
        simulations can report win rates by turn position where seats are not that order
        (a first player found by dice); () where the mode has no one order (one bid anew
        each epoch) or has not settled it yet."""
        return ()

    def invariants(self, state: S) -> list[str]:
        """Broken invariants of `state`, described; contract tests call this after every step."""
        return []

    def known_to(self, state: S, seat: Seat) -> frozenset[Seat]:
        """The seats that know whatever `seat` is told, `seat` included: itself alone by
        default, its team where teammates see each other's secrets (Galaxy at War's hands).

        A secret told to `seat` is an `Event` with `known_to=` this set, and a redraw for
        `seat` keeps what any of them knows (a teammate knows nothing `seat` does not).
        """
        return frozenset((seat,))

    def choices_public(self, state: S, seat: Seat) -> bool:
        """Whether every other seat can tell from what it sees how many actions `seat` has
        now. Only then may an interface take a forced choice for it at once: where the count
        hangs on a secret (a pass that is forced because the hand holds nothing playable), the
        speed of the answer would tell the table what the seat holds.

        True by default, for modes whose legal actions never read a secret; a mode whose do
        says False wherever they may (the contract suite checks it against redraws)."""
        return True

    def resample_hidden(self, state: S, seat: Seat, rng: Rng) -> S | None:
        """A state `seat` cannot tell from `state`: everything hidden from it redrawn.

        The contract tests check that `observe(state, s)` is the same for both, for `seat`
        and every seat in `known_to(state, seat)`, which is what "the view leaks nothing"
        means. None where a mode hides nothing.
        """
        return None

    def check_seat(self, state: S, seat: Seat) -> None:
        """Refuse a seat that is not asked to decide, naming who is."""
        movers = self.to_move(state)
        if seat not in movers:
            if not movers:
                raise NotYourDecision("the game is over")
            names = self.seat_names(state)
            who = " and ".join(names[s] for s in movers)
            if not 0 <= seat < len(names):
                raise NotYourDecision(
                    f"it is {who} to decide; there is no seat {seat} (seats 0 to {len(names) - 1})"
                )
            raise NotYourDecision(f"it is {who} to decide, not {names[seat]}")

    def refuse(
        self, state: S, seat: Seat, action: Action, known: Collection[str], doing: str
    ) -> NoReturn:
        """Refuse an action the seat may not take now, naming the kinds it may take: a kind
        the mode does not have (not in `known`) is malformed, any other illegal now; `doing`
        says what was refused ("cannot {doing}; ...")."""
        legal = self.legal_actions(state, seat)
        names = legal.kinds() if isinstance(legal, Legal) else sorted({a.kind for a in legal})
        kinds = ", ".join(names)
        if action.kind not in known:
            raise MalformedAction(f"unknown action {action.kind!r}; now you may: {kinds}")
        if action.kind in names:  # the kind is open, its words are not: show how it reads
            numbers = _numbers_after(legal, action)
            if numbers:  # only its number is out of bounds ("place Tritonis 9" with 3 to place)
                allowed = Action(action.kind, action.args[:-1]).text()
                said = [f"{allowed} takes {numbers}", *_longer_forms(legal, action)]
                raise IllegalAction(f"cannot {doing}: {'; '.join(said)}")
            same = list(islice((a for a in legal if a.kind == action.kind), 4))
            shown = ", ".join(a.text() for a in same[:3]) + (", ..." if len(same) > 3 else "")
            # 'place' alone, or a name short: not "cannot place now" (it may) but malformed, words
            # missing (a kind's actions are read by their first few: one kind's words are alike)
            if all(len(a.args) > len(action.args) for a in same):
                raise MalformedAction(
                    f"{action.text()!r} is not complete; now you may: {kinds} (such as {shown})"
                )
            raise IllegalAction(f"cannot {doing}; now you may: {kinds} (such as {shown})")
        raise IllegalAction(f"cannot {doing}; now you may: {kinds}")

    def parse(self, state: S, seat: Seat, text: str) -> Action:
        """Text to action; games refine this to accept short forms."""
        return Action.parse(text)


def require(condition: bool, message: str) -> None:
    """Raise IllegalAction with `message` unless `condition` holds."""
    if not condition:
        raise IllegalAction(message)


def _longer_forms(legal: Iterable[Action], action: Action) -> list[str]:
    """The same kind's other forms, with more words before their number, and the numbers each
    takes: Strike's "deploy 3" was told "deploy takes 0" alone, where "deploy attacker 1 to 3"
    was what was meant."""
    heads = {
        a.args[:-1]
        for a in legal
        if a.kind == action.kind
        and len(a.args) > len(action.args)
        and a.args[: len(action.args) - 1] == action.args[:-1]
        and isinstance(a.args[-1], int)
    }
    forms = []
    for head in sorted(heads, key=str)[:4]:
        probe = Action(action.kind, (*head, 0))
        forms.append(f"{Action(action.kind, head).text()} takes {_numbers_after(legal, probe)}")
    return forms


def _numbers_after(legal: Iterable[Action], action: Action) -> str:
    """The numbers the legal actions allow where `action` has its last one ("1 to 3", "0, 2,
    5"), the rest of its words the same; "" where none is or it ends with no number."""
    if not action.args or not isinstance(action.args[-1], int):
        return ""
    head, kind = action.args[:-1], action.kind
    found = sorted(
        {
            a.args[-1]
            for a in legal
            if a.kind == kind and a.args and a.args[:-1] == head and isinstance(a.args[-1], int)
        }
    )
    if not found:
        return ""
    if len(found) > 1 and found[-1] - found[0] == len(found) - 1:
        return f"{found[0]} to {found[-1]}"
    shown = ", ".join(map(str, found[:8]))
    return shown + (", ..." if len(found) > 8 else "")
