"""Play any registered mode in the terminal, human seats against bots.

Humans type action texts (as listed, case-insensitive, territory names by unique prefix)
or short forms: a number left off is filled with the largest allowed ("attack Gaul Liguria"
rolls the most dice, "place Gaul" places everything, "move" moves all it can), and
"attack A B until N" keeps attacking until B falls or A is down to N armies or fewer (one
roll may cost two).
"""

from __future__ import annotations

import json
import re
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from difflib import get_close_matches
from pathlib import Path
from typing import Any, NoReturn

from rich.columns import Columns
from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape

from warroom.bots import Bot, RandomBot
from warroom.cli.common import printable
from warroom.cli.show import COMMON_HELP, Display, display_for
from warroom.core import Action, Event, Match, WarroomError
from warroom.core.actions import MAX_TEXT, QUOTE_MARK
from warroom.core.errors import MalformedAction, SaveError
from warroom.core.events import sentence
from warroom.core.shortform import complete, most, refusal
from warroom.data import parse_file
from warroom.games import guide

DICE = "⚀⚁⚂⚃⚄⚅"


def die_face(face: int) -> str:
    """A die's face as its pip glyph; an eight-sided die's 7 and 8 (Galaxy at War, Battle for
    Manhattan) have none, so they are shown as numbers."""
    return DICE[face - 1] if 1 <= face <= len(DICE) else str(face)


DEFAULT_SAVE = "game.warroom.json"
STANDING = "standing"  # the save's field for the seats' standing choices (`Terminal.save`)
PLANS = "plans"  # the save's field for the seats' plans for the moment (`Display.typed`)
LOG_LINES = 30  # the events a bare `log` shows
LOG_COUNT = re.compile(r"-?([0-9]+)")  # `log N`, or `log -N` as `tail -N` writes it
COMMANDS = (
    *("actions", "auto", "board", "help", "info", "load", "log", "look"),
    *("odds", "quit", "rules", "save", "standing", "undo"),
)


class Quit(Exception):
    """The player asked to leave."""


class Terminal:
    """One terminal session: the match, which seats are human, and the bots for the rest."""

    def __init__(
        self,
        match: Match,
        humans: set[int],
        bots: dict[int, Bot],
        console: Console,
        read: Callable[[str], str],
    ) -> None:
        self.match = match
        self.humans = humans
        self.bots = bots
        self.console = console
        self.read = read
        self.viewer = min(humans) if len(humans) == 1 else None
        self.display: Display = display_for(match.game.id)
        self.standing: dict[int, set[str]] = {}  # each seat's standing choices, by name
        self.plans: dict[int, dict[str, Any]] = {}  # each seat's plan for the moment
        # Seats that have just undone: their next decision is asked even if forced, or taking
        # it for them at once would leave nothing before it to undo.
        self.undone: set[int] = set()
        # Files this terminal wrote or read as saves: written again without asking; any other
        # file already there is replaced only when the player says so.
        self.own_saves: set[Path] = set()

    # -- the loop ----------------------------------------------------------------------
    def run(self) -> None:
        if not self.match.steps:  # a new game: what its setup did (a dice game's first roll)
            viewer = self.viewer
            for event in self.match.log:
                self.console.print(self.line(event, viewer), highlight=False)
        self.show_board()
        try:
            while self.match.outcome() is None:
                try:
                    seat = self.match.to_move()[0]
                    if seat in self.humans:
                        self.human_turn(seat)
                    else:
                        self.bot_turn(seat)
                except (KeyboardInterrupt, EOFError):  # Ctrl-C, or Ctrl-D at a prompt
                    self.interrupted()
        except Quit:
            self.console.print("Left the game.")
            return
        self.show_board()
        out = self.match.outcome()
        assert out is not None
        names = self.match.game.seat_names(self.match.state)
        winners = "Winners" if len(out.winners) > 1 else "Winner"
        self.console.print(
            f"[bold]Game over:[/] {escape(sentence(self.match.words(out.reason)))} "
            f"{winners}: {escape(', '.join(names[w] for w in out.winners))}"
        )

    def bot_turn(self, seat: int) -> None:
        legal = self.match.legal(seat)
        action = self.bots[seat].choose(seat, self.match.observe(seat), legal)
        self.apply(seat, action)

    def human_turn(self, seat: int) -> None:
        asked = seat in self.undone  # just undone: asked, not answered again at once
        chosen = (
            None
            if asked
            else self.display.standing_action(
                self.match, seat, self.standing.get(seat, set()), self.plans.setdefault(seat, {})
            )
        )
        if chosen is not None:
            why, action = chosen
            self.say(f"({why}) {action.text()}")
            self.apply(seat, action)
            return
        legal = self.match.legal(seat)
        # Taken for the player where nobody learns anything from it: the player is the only
        # person at this terminal (bots do not watch the screen), or every seat can tell it
        # is forced (as the page does). With people taking turns at one terminal, a pass
        # forced by what the hand holds is the player's to send, or the others would learn
        # the hand from it.
        alone = len(self.humans) == 1
        forced = alone or self.match.game.choices_public(self.match.state, seat)
        if len(legal) == 1 and forced and not asked:
            self.say(f"(the only choice) {legal[0].text()}")
            self.apply(seat, legal[0])
            return
        view = self.match.view(seat)
        self.show_prompt_header(seat, view)
        text = self.read(f"{seat_name(view, seat)}> ").strip()
        if not text:
            return
        if len(text) > MAX_TEXT:  # refused without echoing it: a pasted page filled the screen
            self.console.print(f"[red]Refused:[/] a line of at most {MAX_TEXT} characters")
            return
        try:
            self.command(seat, text)
        except WarroomError as exc:
            said = f"{self.match.words(str(exc))}{self.did_you_mean(seat, text, exc)}"
            self.console.print(f"[red]Refused:[/] {escape(printable(said))}", highlight=False)

    def did_you_mean(self, seat: int, text: str, refused: WarroomError) -> str:
        """For a first word that is neither a command nor an action but near one ('helpp',
        'atack'): " (did you mean 'help'?)", else ""."""
        word = text.partition(" ")[0].lower()
        if not str(refused).startswith(f"unknown action {word!r}"):
            return ""
        kinds = {a.kind for a in self.match.legal(seat)}
        near = get_close_matches(word, sorted({*COMMANDS, *kinds}), n=1, cutoff=0.75)
        return f" (did you mean '{near[0]}'?)" if near else ""

    def command(self, seat: int, text: str) -> None:
        word, _, rest = text.partition(" ")
        word = word.lower()
        rest = rest.strip()
        if word in ("quit", "exit", "q"):
            self.quit()
        elif word in ("help", "?", "h"):
            self.console.print(COMMON_HELP)
            if self.display.help:
                self.console.print(self.display.help_for(self.match))
        elif word == "rules":
            self.console.print(Markdown(guide(self.match.game.id)))
        elif word == "board":
            self.show_board()
        elif word == "actions":
            self.show_actions(seat)
        elif word in ("look", "info"):
            if not rest:
                raise WarroomError(f"write '{word} NAME', e.g. {word} {self.example_place()}")
            self.say(self.display.look(self.match, self.viewer, unquoted(rest)))
        elif word == "log":
            self.show_log(seat, rest)
        elif word == "undo":
            with hold_interrupts():
                step = self.match.undo(seat)
            self.undone.add(seat)
            self.say(f"Undone: {step.action.text()}")
        elif word == "save":
            self.save(save_path(rest))
        elif word == "load":
            self.load(save_path(rest))
        elif word == "odds":
            self.say(self.display.odds(self.match, seat, unquoted(rest)))
        elif word == "auto":
            self.auto(seat, rest)
        elif word == "standing":
            self.set_standing(seat, rest)
        elif said := self.display.typed(self.match, seat, text, self.plans.setdefault(seat, {})):
            self.say(said)
        elif " until " in f" {text} ":
            self.attack_until(seat, text)
        else:
            self.apply(seat, self.complete(seat, text))

    def say(self, text: str) -> None:
        """Plain text from a display, its places named as the board captions them (the game's
        `words`, as the page names them): names may hold brackets, so no markup."""
        self.console.print(self.match.words(text), highlight=False, markup=False)

    def example_place(self) -> str:
        places = self.display.places(self.match)
        return places[0] if places else "NAME"

    def quit(self) -> None:
        """Leave after asking, offering to save first (a finished game just ends). A Ctrl-C
        or Ctrl-D to the question reaches `run`, which offers to save as a yes does."""
        if self.match.outcome() is not None:
            raise Quit
        if self.read("Leave the game? [y/N] ").strip().lower() not in ("y", "yes"):
            return
        if not self.offer_save():
            self.console.print("Still playing: 'quit' again to leave.")
            return
        raise Quit

    def interrupted(self) -> NoReturn:
        """Ctrl-C or Ctrl-D mid-game: leave, but offer to save first as `quit` does, asking
        again where a save was refused (a folder named, a file kept); a second Ctrl-C or
        Ctrl-D leaves unsaved. A decision is applied whole or not at all (`hold_interrupts`),
        so what is saved is the game as of the last one."""
        self.console.print()  # the prompt's line was left unfinished
        while True:
            try:
                if self.offer_save():
                    raise Quit
            except WarroomError as exc:
                said = escape(printable(str(exc)))
                self.console.print(f"[red]Refused:[/] {said}", highlight=False)
            except KeyboardInterrupt:  # a second Ctrl-C while the save was written: it was
                raise Quit from None

    def offer_save(self) -> bool:
        """Ask for a file to save the game to before it is left: True once it may be left
        (saved, a 'no', or a Ctrl-C or Ctrl-D to the question, which says it is not saved),
        False where the save was not made (a file there kept)."""
        try:
            answer = self.read(f"Save it first? File name [{DEFAULT_SAVE}], or 'no': ").strip()
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            self.console.print("Leaving without saving.")
            return True
        if answer.lower() in ("n", "no"):
            return True
        # "y" is a yes to the default name, not a file
        return self.save(save_path("" if answer.lower() in ("y", "yes") else answer))

    # -- actions -------------------------------------------------------------------------
    def complete(self, seat: int, text: str) -> Action:
        """Parse, then fill a missing trailing number with the largest the rules allow."""
        return complete(self.match, seat, text, self.display.places(self.match))

    def most(self, seat: int, action: Action) -> Action:
        """`action` if legal, else the legal one that adds the largest last number to it."""
        return most(self.match, seat, action)

    def auto(self, seat: int, rest: str) -> None:
        """Let a bot take your next N decisions (default 1), the other bots playing between."""
        try:
            count = int(rest or "1")
        except ValueError:
            count = 0
        if count < 1:
            raise WarroomError("write 'auto' or 'auto N', N decisions (1 or more)")
        helper = self.bots.get(seat) or RandomBot(seat)
        self.bots[seat] = helper
        for _ in range(count):
            while self.match.outcome() is None and seat not in self.match.to_move():
                other = self.match.to_move()[0]
                if other in self.humans:
                    return  # another person's decision: hand the keyboard over
                self.bot_turn(other)
            if self.match.outcome() is not None:
                return
            self.apply(seat, helper.choose(seat, self.match.observe(seat), self.match.legal(seat)))

    def set_standing(self, seat: int, rest: str) -> None:
        """`standing` lists the game's standing choices; `standing NAME on|off` sets one."""
        choices = self.display.standing
        if not choices:
            raise WarroomError("this game has no standing choices")
        mine = self.standing.setdefault(seat, set())
        words = rest.lower().split()
        if words:
            if len(words) != 2 or words[0] not in choices or words[1] not in ("on", "off"):
                names = ", ".join(choices)
                raise WarroomError(f"write 'standing NAME on' or 'off', NAME one of {names}")
            if words[1] == "on":
                mine.add(words[0])
            else:
                mine.discard(words[0])
        for name, what in choices.items():
            self.say(f"  {name:8} {'on ' if name in mine else 'off'}  {what}")

    def apply(self, seat: int, action: Action) -> None:
        with hold_interrupts():
            events = self.match.act(seat, action)
        self.undone.discard(seat)
        self.show_events(seat, events)

    def attack_until(self, seat: int, text: str) -> None:
        """Attack with the most dice until the target falls or the attacker is down to N."""
        head, _, tail = text.partition(" until ")
        try:
            stop = int(tail.strip())
        except ValueError:
            raise WarroomError("write 'attack FROM TO until N' with N a number") from None
        first = self.complete(seat, head)
        view = self.match.view(seat)
        if first.kind != "attack" or len(first.args) < 2 or "territories" not in view:
            raise WarroomError("'until' goes with an attack: attack FROM TO until N")
        if first not in self.match.legal(seat):  # names the loop below could not look up
            refusal(self.match, seat, first)
            raise WarroomError(f"cannot {first.text()} now")
        src, dst = first.args[0], first.args[1]
        held = {t["name"]: t["armies"] for t in view["territories"]}[str(src)]
        if not 1 <= stop < held:  # else not one roll: say so rather than do nothing
            raise WarroomError(
                f"{src} holds {held}: 'until N' stops the attack when it is down to N or fewer, "
                f"so N goes from 1 to {held - 1}"
            )
        playing = self.match  # a `load` typed at a prompt below ends the attack: its game
        while True:
            armies = {t["name"]: t for t in view["territories"]}
            if armies[str(dst)]["seat"] == seat or armies[str(src)]["armies"] <= max(stop, 1):
                return
            self.apply(seat, self.most(seat, Action("attack", (src, dst))))
            while self.match.outcome() is None and seat not in self.match.to_move():
                defender = self.match.to_move()[0]
                if defender in self.humans:
                    self.human_turn(defender)
                else:
                    self.bot_turn(defender)
                if self.match is not playing:
                    return
            if self.match.outcome() is not None or self.match.view(seat)["phase"] != "attack":
                return
            view = self.match.view(seat)

    def words(self) -> list[str]:
        """What may be typed now, for completion: commands, legal action kinds, place names."""
        seat = self.match.to_move()[0] if self.match.outcome() is None else None
        kinds = {a.kind for a in self.match.legal(seat)} if seat is not None else set()
        return sorted({*COMMANDS, *kinds, *self.display.places(self.match)})

    # -- showing -------------------------------------------------------------------------
    def show_events(self, seat: int, events: list[Event]) -> None:
        viewer = self.viewer if self.viewer is not None else (seat if seat in self.humans else None)
        for e in events:
            self.console.print(self.line(e, viewer), highlight=False)

    def line(self, event: Event, viewer: int | None) -> str:
        """An event as `viewer` may read it, as markup (a battle with its dice as pictures,
        where the mode's dice have pips)."""
        shown = self.match.shown(event, viewer)
        line = escape(shown["text"])
        if event.kind == "battle" and self.display.pip_dice:
            att = " ".join(map(die_face, shown["attack"]))
            dfd = " ".join(map(die_face, shown["defend"]))
            line = f"{line}   [red]{att}[/] vs [white]{dfd}[/]"
        return line

    def show_log(self, seat: int, rest: str) -> None:
        """`log`: the last 30 events; `log N` (or `log -N`, as `tail -N` writes it) the last N,
        `log all` every one. The match's events (a loaded game's too, undone ones gone), shown
        as the seat asking may read them: at one terminal, another's "You draw ..." is not
        theirs."""
        log = self.match.log
        if not rest:
            count = LOG_LINES
        elif rest.lower() == "all":
            count = len(log)
        elif (number := LOG_COUNT.fullmatch(rest)) and int(number.group(1)) >= 1:
            count = int(number.group(1))
        else:
            raise WarroomError(
                f"write 'log' (the last {LOG_LINES} events), 'log N' or 'log -N' (the last N, "
                "N 1 or more) or 'log all'"
            )
        if not log:
            self.console.print("Nothing has happened yet.")
        viewer = self.viewer if self.viewer is not None else seat
        for event in log[-count:]:
            self.console.print(self.line(event, viewer), highlight=False)

    def show_prompt_header(self, seat: int, view: dict[str, Any]) -> None:
        bits = [seat_name(view, seat), f"step: {view['step']}"]
        bits += self.display.header(self.match, seat, view)
        self.say(" | ".join(b for b in bits if b))
        every = list(self.match.legal(seat))
        legal, folded = self.display.fold(self.match, seat, every)
        ranges = by_last_number(legal)
        if len(ranges) + len(folded) <= 12:
            shown = "; ".join([text for _, text in ranges] + [f.split("  ")[0] for f in folded])
            self.say(f"  may: {shown}")
        else:
            kinds = sorted({a.kind for a in legal} | {f.split()[0] for f in folded})
            self.console.print(
                f"  may: {', '.join(kinds)} ({len(every)} choices; 'actions' lists them, "
                "'help' for short forms)",
                highlight=False,
                markup=False,
            )

    def show_actions(self, seat: int) -> None:
        own = self.display.action_lines(self.match, seat)
        if own is not None:
            for line in own:
                self.say(line)
            return
        legal, folded = self.display.fold(self.match, seat, list(self.match.legal(seat)))
        lines = []
        for action, text in by_last_number(legal):
            note = self.display.note(self.match, seat, action)
            lines.append(escape(self.match.words(f"{text}  {note}" if note else text)))
        self.console.print(Columns(lines, equal=True, column_first=True), highlight=False)
        for line in folded:
            self.say(line)

    def show_board(self) -> None:
        self.display.board(self.console, self.match, self.viewer)

    # -- files ---------------------------------------------------------------------------
    def save(self, path: Path) -> bool:
        """Write the save whole or not at all: a file written beside it, then moved over it,
        so a full disk or an interrupt never leaves half a save where a good one was. A file
        already there that is not this game's save is replaced only if the player says so;
        False when it was kept."""
        if not path.name or path.is_dir():  # ".", "/", a folder: no file to write
            raise WarroomError(f"cannot save to {path}: name a file, not a folder")
        # A link is written through (the file it names is replaced, the link stays); a device
        # or a pipe is no save: moving a file over it would replace it (/dev/full, as root).
        target = path.resolve() if path.is_symlink() else path
        if target.exists() and not target.is_file():
            raise WarroomError(f"cannot save to {path}: it is not a regular file")
        if path.exists() and path.resolve() not in self.own_saves:
            try:
                answer = self.read(f"{path} exists: replace it? [y/N] ").strip().lower()
            except (EOFError, KeyboardInterrupt):
                answer = ""
            if answer not in ("y", "yes"):
                self.console.print(f"Not saved: {escape(str(path))} is kept as it was.")
                return False
        part = target.with_name(f".{target.name}.part")
        held = False  # a Ctrl-C while the file is written: the save is finished first
        try:
            with hold_interrupts():
                data = self.match.to_save()
                if any(self.standing.values()):  # the standing orders go on after a reload
                    players = range(self.match.players)
                    data[STANDING] = [sorted(self.standing.get(s, ())) for s in players]
                plans = [
                    self.display.plan_to_save(self.match, s, self.plans.get(s, {}))
                    for s in range(self.match.players)
                ]
                if any(plan is not None for plan in plans):  # "bid up to N" goes on too
                    data[PLANS] = plans
                part.write_text(json.dumps(data, indent=1))
                part.replace(target)
        except OSError as exc:
            part.unlink(missing_ok=True)
            raise WarroomError(f"cannot save to {path}: {exc.strerror}") from None
        except KeyboardInterrupt:
            held = True
        self.own_saves.add(path.resolve())
        self.console.print(f"Saved to {escape(str(path))}")
        if held:  # then the Ctrl-C goes on: the offer to save, or leaving from it
            raise KeyboardInterrupt
        return True

    def load(self, path: Path) -> None:
        """Resume a saved game of this mode and size: the seats' bots were made for this one,
        so another game starts from the command line."""
        match, standing, plans = load_game(path)
        if (match.game.id, match.players) != (self.match.game.id, self.match.players):
            raise WarroomError(
                f"{path} holds a {match.game.id} game for {match.players} players, not "
                f"{self.match.game.id} for {self.match.players}; resume it with "
                f"'warroom play --load {path}'"
            )
        if self.match.outcome() is None:  # this game is left: as 'quit' does, ask first
            try:
                answer = self.read(f"Leave this game for the one in {path}? [y/N] ")
            except EOFError:
                answer = ""
            if answer.strip().lower() not in ("y", "yes"):
                self.console.print("Not loaded: still playing this game.")
                return
        self.match = match
        self.standing = standing  # the loaded game's, not the one left
        self.plans = plans
        self.display = display_for(self.match.game.id)
        self.own_saves.add(path.resolve())
        self.console.print(f"Loaded {escape(str(path))}")
        self.show_board()


@contextmanager
def hold_interrupts() -> Iterator[None]:
    """Ctrl-C held back while the match takes a decision, raised once it has: the match's
    state, steps, log and record change together, so an interrupt between them would leave a
    decision half-applied (and a save made then would lose it or disagree with the board).
    Only the main thread receives signals, so elsewhere nothing is held, nor where Python
    does not handle Ctrl-C (no handler of its own to put back)."""
    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGINT) is None
    ):
        yield
        return
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda number, frame: caught.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught:
        raise KeyboardInterrupt


def save_path(typed: str) -> Path:
    """The file a `save` or `load` names: quotes read as elsewhere ("my game.json"), a leading
    ~ as the home folder, the default name when none is given."""
    return Path(unquoted(typed) or DEFAULT_SAVE).expanduser()


def unquoted(text: str) -> str:
    """`text` with quotes read as an action reads them, so that `look "North Africa"` and
    `odds "North Africa" Egypt` name places as `place "North Africa" 3` does (the action
    list itself quotes names with spaces); text it cannot read is left as typed."""
    if '"' not in text and QUOTE_MARK.search(text) is None:
        return text
    try:
        return " ".join(str(word) for word in Action.parse(f"look {text}").args)
    except MalformedAction:
        return text


def by_last_number(legal: list[Action]) -> list[tuple[Action, str]]:
    """Actions that differ only in their last number as one line, "attack A B 1..3" (or "1,3"
    where a number between is not allowed), with the action less that number (what a short
    form fills in); a number before the last (Galaxy at War's dice before its ships,
    Godstorm's cards to buy) stays as it is."""
    groups: dict[Action, list[int]] = {}
    for a in legal:
        last = a.args[-1] if a.args else None
        if isinstance(last, int):
            groups.setdefault(Action(a.kind, a.args[:-1]), []).append(last)
        else:
            groups.setdefault(a, [])
    out = []
    for action, numbers in groups.items():
        text = action.text()
        if numbers:
            low, high = min(numbers), max(numbers)
            if len(set(numbers)) == high - low + 1:
                text += f" {low}" + (f"..{high}" if high > low else "")
            else:  # a gap: "1..3" would offer a number the rules refuse
                text += " " + ",".join(str(n) for n in sorted(set(numbers)))
        out.append((action, text))
    return out


def load_game(path: Path) -> tuple[Match, dict[int, set[str]], dict[int, dict[str, Any]]]:
    """A saved game, replayed, with the standing choices and the plans for the moment its
    seats had set (none in a save without them: the page's, or one made before they were
    saved); every refusal names the file, as a data file's does."""
    data = parse_file(path, SaveError)
    try:
        match = Match.from_save(data, extra=(STANDING, PLANS))
        return match, saved_standing(data, match), saved_plans(data, match)
    except WarroomError as exc:
        raise SaveError(f"{path}: {exc}") from None


def saved_standing(data: dict[str, Any], match: Match) -> dict[int, set[str]]:
    """The save's `standing` field, written by `Terminal.save`: each seat's standing choices
    (`Display.standing`), a list of names a seat, in seat order."""
    saved = data.get(STANDING)
    if saved is None:
        return {}
    names = display_for(match.game.id).standing
    if (
        not isinstance(saved, list)
        or len(saved) != match.players
        or not all(isinstance(chosen, list) for chosen in saved)
        or not all(isinstance(name, str) and name in names for chosen in saved for name in chosen)
    ):
        known = f"names among {', '.join(names)}" if names else "none: this game has no choices"
        raise SaveError(
            f"save field {STANDING!r} is not a list of each seat's standing choices ({known})"
        )
    return {seat: set(chosen) for seat, chosen in enumerate(saved) if chosen}


def saved_plans(data: dict[str, Any], match: Match) -> dict[int, dict[str, Any]]:
    """The save's `plans` field, written by `Terminal.save`: each seat's plan for the moment
    (Monopoly's "bid up to N" or "drop out" for the auction under way) or null, in seat order."""
    saved = data.get(PLANS)
    if saved is None:
        return {}
    if not isinstance(saved, list) or len(saved) != match.players:
        raise SaveError(f"save field {PLANS!r} is not a list of each seat's plan (or null)")
    display = display_for(match.game.id)
    plans = {}
    for seat, plan in enumerate(saved):
        if plan is not None:
            try:
                plans[seat] = display.plan_from_save(match, seat, plan)
            except WarroomError as exc:
                raise SaveError(f"save field {PLANS!r}, Player {seat + 1}'s plan: {exc}") from None
    return plans


def seat_name(view: dict[str, Any], seat: int) -> str:
    """The seat's name in a view: its players list holds names, or rows with a name."""
    players = view.get("players")
    if not players:
        return f"Seat {seat + 1}"
    player = players[seat]
    return player if isinstance(player, str) else str(player.get("name", f"Seat {seat + 1}"))
