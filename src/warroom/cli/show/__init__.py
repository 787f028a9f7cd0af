"""How each game family looks in the terminal: its board, help, `look` and `odds`.

A mode picks its display by id in `DISPLAYS`; adding a mode means adding a module here with
a `Display` subclass and one line below, not editing the session loop in `cli/play.py`.
"""

from __future__ import annotations

import importlib
import json
from typing import Any, ClassVar

from rich.console import Console

from warroom.core import Action, Match, WarroomError

SEAT_COLORS = ["red", "blue", "green", "yellow", "magenta", "cyan"]

COMMON_HELP = """[bold]Commands in every game[/]
  an action as listed (case-insensitive, names by unique prefix); names with
  spaces may be typed as they are ([cyan]place North Africa 3[/]) or quoted
  ([cyan]place "North Africa" 3[/])
  [cyan]board[/]  show the board      [cyan]actions[/]  list what you may do now
  [cyan]look NAME[/] one place in detail
  [cyan]log[/]    the last 30 events; [cyan]log N[/] the last N, [cyan]log all[/] every one
  [cyan]rules[/]  how to play this game
  [cyan]undo[/]   take back your last decision (until dice or a card reveal something)
  [cyan]auto N[/] let a bot take your next N decisions
  [cyan]save FILE[/], [cyan]load FILE[/], [cyan]quit[/] (asks first, and offers to save;
  Ctrl-C and Ctrl-D offer to save too, and a second one leaves unsaved)"""

# mode id -> module in this package that shows it (its DISPLAY), or "module:NAME" where one
# module shows several modes each with a display of its own
DISPLAYS = {
    "mass-effect-basic": "mass_effect",
    "mass-effect-galaxy-at-war": "mass_effect_gaw",
    "risk-classic": "risk",
    "monopoly-avengers": "monopoly",
    "risk-strike": "strike",
    "mass-effect-war-assets": "dice_cards",
    "mcu-battle-for-manhattan": "mcu_bfm",
    "mcu-guardians": "dice_cards:GUARDIANS",
    "mcu-skirmish": "mcu",
    "risk-godstorm": "godstorm",
}


class Display:
    """The plain display, for a mode without its own module: the view as JSON."""

    help = ""

    def help_for(self, match: Match) -> str:
        """`help` for the game being played: a mode may name its board's own places."""
        return self.help

    pip_dice: ClassVar[bool] = True
    """Battle dice also drawn as pip glyphs after the line that gives them as numbers; False
    where a roll may hold eight-sided dice (a d8's 6 drawn as a d6's pips would read as a d6),
    where the line's own numbers are then all (drawn again as numbers, they were said twice)."""

    def board(self, console: Console, match: Match, viewer: int | None) -> None:
        console.print_json(json.dumps(match.view(viewer)))

    def header(self, match: Match, seat: int, view: dict[str, Any]) -> list[str]:
        """Extra facts for the prompt line (plain text)."""
        return []

    def note(self, match: Match, seat: int, action: Action) -> str:
        """A remark after one line of the `actions` list (plain text), or ''."""
        return ""

    def action_lines(self, match: Match, seat: int) -> list[str] | None:
        """The `actions` list in the game's own words (plain text), or None for the usual
        one (actions that differ in trailing numbers folded into a range)."""
        return None

    def fold(self, match: Match, seat: int, legal: list[Action]) -> tuple[list[Action], list[str]]:
        """The actions to list one by one (or folded into ranges), and lines (plain text)
        that stand for the rest, e.g. one line for every offer that may be written out."""
        return legal, []

    # Standing choices (the `standing` command): name -> what it does, for the player.
    standing: ClassVar[dict[str, str]] = {}

    def standing_action(
        self, match: Match, seat: int, chosen: set[str], plan: dict[str, Any]
    ) -> tuple[str, Action] | None:
        """What the chosen standing choices, or the seat's plan for the moment (`plan`, set
        by `typed`), do now for `seat`, with a few words why; None: ask the player."""
        return None

    def typed(self, match: Match, seat: int, text: str, plan: dict[str, Any]) -> str | None:
        """A game's own command that sets a plan rather than acting (Monopoly: "bid up to
        N", "drop out"): what was understood (plain text), or None if `text` is not one."""
        return None

    def plan_to_save(self, match: Match, seat: int, plan: dict[str, Any]) -> object:
        """The seat's plan as a save keeps it (plain JSON), or None where it holds none for
        the game as it stands (a plan for a moment that has passed is no plan)."""
        return None

    def plan_from_save(self, match: Match, seat: int, saved: object) -> dict[str, Any]:
        """A saved plan (`plan_to_save`'s), made the seat's plan again for the loaded game; a
        WarroomError saying what a plan is where it is none for this game as it stands."""
        raise WarroomError("this game has no plans")

    def places(self, match: Match) -> list[str]:
        """Every place name on the board, for `look`, unquoted names and completion."""
        return []

    def look(self, match: Match, viewer: int | None, name: str) -> str:
        raise WarroomError("this game has no 'look'")

    def odds(self, match: Match, seat: int, rest: str) -> str:
        raise WarroomError("this game has no 'odds'")


def display_for(mode: str) -> Display:
    """The display module registered for `mode`, else the plain one."""
    entry = DISPLAYS.get(mode)
    if entry is None:
        return Display()
    module, _, name = entry.partition(":")
    found: Display = getattr(importlib.import_module(f"{__name__}.{module}"), name or "DISPLAY")
    return found


def pick(name: str, names: list[str], what: str) -> str:
    """The one name `name` means: exact in any case, else a unique prefix; else say why not."""
    low = " ".join(name.split()).lower()
    exact = [n for n in names if n.lower() == low]
    if exact:
        return exact[0]
    # A name several places share (Monopoly's three Stark Industries spaces) is one name:
    # "stark" was "any of Stark Industries, Stark Industries, ...", which no typing settles.
    hits = list(dict.fromkeys(n for n in names if n.lower().startswith(low)))
    return the_one(name, hits, what)


def the_one(name: str, hits: list[str], what: str) -> str:
    """The one name of `hits`, those `name` may mean; else say why not (the first six of
    several, so a short prefix does not list a whole board)."""
    if len(hits) == 1:
        return hits[0]
    if hits:
        some = ", ".join(hits[:6]) + (f" and {len(hits) - 6} more" if len(hits) > 6 else "")
        raise WarroomError(f"{name!r} could be any of {some}: type more of the name")
    raise WarroomError(f"there is no {what} {name!r}")
