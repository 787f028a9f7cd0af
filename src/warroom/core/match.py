"""A game in progress: the state, the append-only record of decisions, undo, save and load.

A save is the mode, players, generator, seed, options and the record; loading replays
the record, so a save is small, readable and checks itself. Every format version ever
released must keep loading (tests keep a sample of each): version 1 had no generator
field and always drew from SplitMix64; version 2 names the generator.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from difflib import get_close_matches
from typing import Any

from warroom.core.actions import Action
from warroom.core.errors import CannotUndo, SaveError, WarroomError
from warroom.core.events import Event
from warroom.core.game import Game, Outcome, Seat
from warroom.core.registry import get_mode

SAVE_FORMAT = "warroom-save"
SAVE_FORMAT_VERSION = 2
READABLE_VERSIONS = (1, 2)
# The fields each version's saves hold, in the order they are written; any other is refused,
# so a misspelled one ("sead") is not silently dropped.
SAVE_FIELDS = {
    1: ("format", "version", "mode", "players", "seed", "options", "record"),
    2: ("format", "version", "mode", "players", "generator", "seed", "options", "record"),
}
DEFAULT_GENERATOR = "splitmix64"  # reproducible; served games pass "blake2b"
UNDO = "undo"


@dataclass(frozen=True, slots=True)
class Step:
    """One applied decision, with the state before it (for undo) and what it caused."""

    seat: Seat
    action: Action
    before: Any
    events: tuple[Event, ...]

    @property
    def reveals(self) -> bool:
        return any(e.reveals for e in self.events)


class Match:
    """Owns one game's truth. Interfaces call `act`; bots and players get `view`."""

    def __init__(
        self,
        game: Game[Any],
        players: int,
        seed: int,
        options: Mapping[str, object] | None,
        generator: str = DEFAULT_GENERATOR,
    ) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.generator = generator
        self.options = game.resolve_options(options)
        self.state: Any = game.new_game(players, seed, self.options, generator)
        self.record: list[tuple[Seat, str]] = []
        self.steps: list[Step] = []
        # Every event of the game so far, undone ones removed: a seat that reconnects
        # reads the whole log (through `Event.for_seat`), not only what is still undoable.
        self.log: list[Event] = list(game.opening(self.state))

    @classmethod
    def start(
        cls,
        mode: str,
        players: int,
        seed: int,
        options: Mapping[str, object] | None = None,
        generator: str = DEFAULT_GENERATOR,
    ) -> Match:
        return cls(get_mode(mode), players, seed, options, generator)

    # -- playing -------------------------------------------------------------------------
    def to_move(self) -> tuple[Seat, ...]:
        return self.game.to_move(self.state)

    def legal(self, seat: Seat) -> Sequence[Action]:
        return self.game.legal_actions(self.state, seat)

    def observe(self, seat: Seat | None) -> Any:
        return self.game.observe(self.state, seat)

    def labels(self, seat: Seat, actions: Sequence[Action]) -> list[str]:
        """Each of `seat`'s legal `actions` as its button says it (`Game.label`), from what
        the seat may know."""
        seen = self.observe(seat)
        return [self.game.label(seen, seat, a) for a in actions]

    def view(self, seat: Seat | None) -> dict[str, Any]:
        return self.game.view(self.state, seat)

    def shown(self, event: Event, seat: Seat | None) -> dict[str, Any]:
        """`event` as `seat` may read it, its text in the game's words (`Game.words`): what
        the page and the terminal both show, so that a place has one name at every table."""
        out = event.for_seat(seat)
        out["text"] = self.game.words(self.state, out["text"])
        return out

    def words(self, text: str) -> str:
        """A text naming places as the game's board captions them (`Game.words`)."""
        return self.game.words(self.state, text)

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    def outcome_shown(self) -> dict[str, Any] | None:
        """The outcome as interfaces send it, its reason in the game's words (`Game.words`:
        MCU's "Asgard (50)", not "Sector_50"); None while the game goes on."""
        outcome = self.outcome()
        if outcome is None:
            return None
        out = outcome.to_json()
        out["reason"] = self.words(out["reason"])
        return out

    def act(self, seat: Seat, action: Action | str) -> list[Event]:
        """Apply one decision; on any refusal the match is exactly as before."""
        if isinstance(action, str):
            action = self.game.parse(self.state, seat, action)
        new_state, events = self.game.apply(self.state, seat, action)
        step = Step(seat, action, self.state, tuple(events))
        # Nothing before a reveal can ever be undone, so only keep steps from the last one.
        if step.reveals:
            self.steps.clear()
        self.steps.append(step)
        self.log.extend(events)
        self.state = new_state
        self.record.append((seat, action.text()))
        return events

    def can_undo(self, seat: Seat) -> str | None:
        """None if `seat` may undo its last decision, else the reason it may not."""
        if self.outcome() is not None:
            return "the game is over"
        if not self.steps:
            return "nothing has been decided yet"
        last = self.steps[-1]
        if last.reveals:
            # Checked first: after your attack the defender's roll is what stands in the way.
            who = "" if last.seat == seat else f" by {self._seat_name(last.seat)}"
            return (
                f"new information was revealed ({last.action.text()!r}{who} rolled dice "
                "or drew a card)"
            )
        if last.seat != seat:
            # Not quoted: another seat's decision may be its secret (a sealed bid's amount).
            return (
                f"{self._seat_name(last.seat)} made a decision since; "
                "only the latest decision can be taken back"
            )
        return None

    def _seat_name(self, seat: Seat) -> str:
        names = self.game.seat_names(self.state)
        return names[seat] if 0 <= seat < len(names) else f"seat {seat}"

    def undo(self, seat: Seat) -> Step:
        reason = self.can_undo(seat)
        if reason is not None:
            raise CannotUndo(f"cannot undo: {reason}")
        step = self.steps.pop()
        del self.log[len(self.log) - len(step.events) :]
        self.state = step.before
        self.record.append((seat, UNDO))
        return step

    # -- saving --------------------------------------------------------------------------
    def to_save(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_FORMAT_VERSION,
            "mode": self.game.id,
            "players": self.players,
            "generator": self.generator,
            "seed": self.seed,
            "options": self.options,
            "record": [[seat, text] for seat, text in self.record],
        }

    @classmethod
    def from_save(cls, data: object, extra: Collection[str] = ()) -> Match:
        """Replay a save; any defect is a SaveError naming the field or record entry. `extra`:
        fields an interface writes beside the game's and reads itself (the terminal's standing
        choices), accepted here; any other field no version writes is refused."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError("not a warroom save (no 'format': 'warroom-save' field)")
        version = data.get("version")
        if type(version) is not int or version not in READABLE_VERSIONS:  # not 1.0, not true
            readable = ", ".join(str(v) for v in READABLE_VERSIONS)
            raise SaveError(
                f"save format version {version!r} is not supported "
                f"(this warroom reads versions {readable})"
            )
        fields = (*SAVE_FIELDS[version], *extra)
        unknown = [key for key in data if key not in fields]
        if unknown:
            near = get_close_matches(str(unknown[0]), fields, n=1)
            meant = f"; did you mean {near[0]!r}?" if near else ""
            raise SaveError(
                f"unknown save field{'s' if len(unknown) > 1 else ''} "
                f"{', '.join(_clipped(key) for key in unknown)} (a version {version} save "
                f"holds {', '.join(fields)}{meant})"
            )
        generator = data.get("generator") if version >= 2 else DEFAULT_GENERATOR
        if not isinstance(generator, str):
            raise SaveError("save field 'generator' is missing or not a string")
        for key, kind, called in (
            ("mode", str, "a string"),
            ("players", int, "a whole number"),
            ("seed", int, "a whole number"),
            ("options", dict, "an object"),
            ("record", list, "a list"),
        ):
            if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
                raise SaveError(f"save field {key!r} is missing or not {called}")
        try:
            match = cls.start(
                data["mode"], data["players"], data["seed"], data["options"], generator
            )
        except WarroomError as exc:
            raise SaveError(f"save cannot start its game: {exc}") from None
        for number, entry in enumerate(data["record"], start=1):
            if (
                not isinstance(entry, list)
                or len(entry) != 2
                or type(entry[0]) is not int  # a seat of true is no seat
                or not isinstance(entry[1], str)
            ):
                raise SaveError(
                    f"record entry {number} is not [seat, action text]: {_clipped(entry)}"
                )
            seat, text = entry
            try:
                if text == UNDO:
                    match.undo(seat)
                else:
                    match.act(seat, Action.parse(text))
            except WarroomError as exc:
                who = f"seat {seat}" + (
                    f" (Player {seat + 1})" if 0 <= seat < match.players else ""
                )  # the file counts from 0, the game from Player 1
                raise SaveError(
                    f"record entry {number} ({_clipped(text)} by {who}): {_clipped(exc, 300)}"
                ) from None
        return match


def _clipped(value: object, most: int = 80) -> str:
    """`value` as Python writes it (control characters escaped), cut short: a save's entry
    may be any length, and a refusal quotes it."""
    said = repr(value) if not isinstance(value, BaseException) else repr(str(value))[1:-1]
    return said if len(said) <= most else f"{said[: most - 3]}..."
