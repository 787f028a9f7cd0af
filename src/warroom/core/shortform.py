"""Short forms of typed actions, shared by the terminal and the web: names by unique prefix,
names with spaces unquoted, and a trailing number left off filled with the largest the rules
allow ("attack Gaul Liguria" rolls the most dice, "place Gaul" places everything), or the
least for the kinds a game names (`Game.least_filled`: a bare "bid" is the smallest raise), or
not at all where the number says which die (`Game.chosen_numbers`) and several would fit."""

from __future__ import annotations

import copy
from collections.abc import Sequence

from warroom.core.actions import QUOTE_MARK, Action, quote
from warroom.core.errors import MalformedAction, WarroomError
from warroom.core.match import Match


def complete(match: Match, seat: int, text: str, places: list[str]) -> Action:
    """Parse `text` for `seat`, then fill a missing trailing number with the largest allowed.
    `places` are the board's names, so that names with spaces need no quotes."""
    text = join_names(text, places)
    return most(match, seat, match.game.parse(match.state, seat, text))


def most(match: Match, seat: int, action: Action) -> Action:
    """`action` if legal, else the legal one that adds the largest last number to it (the
    least for `Game.least_filled` kinds); a short form that fits nothing raises the rules'
    own reason for refusing it."""
    legal = match.legal(seat)
    if action in legal:
        return action
    # The words typed may be shortened or in another case ("place hib" for "place Hibernia 3"),
    # as in `abbreviates`; where they shorten several heads, only the one spelled in full.
    longer = [
        a
        for a in legal
        if a.kind == action.kind
        and len(a.args) == len(action.args) + 1
        and isinstance(a.args[-1], int)
        and abbreviates(action, Action(a.kind, a.args[:-1]))
    ]
    if action.kind in match.game.typed_in_full:
        longer = []
    if len({a.args[:-1] for a in longer}) > 1:
        typed = [str(arg).lower() for arg in action.args]
        longer = [a for a in longer if [str(arg).lower() for arg in a.args[:-1]] == typed]
    if action.kind in match.game.chosen_numbers:
        # Which dice is a choice: filled only when one way fits, however many dice it adds
        # ("target eden 3" is Eden Prime's row 3 with the three dice that match it).
        ways = _dice_ways(legal, action)
        if len(ways) == 1:
            return ways[0]
        if ways:
            shown = ", ".join(str(a) for a in ways[:4]) + (", ..." if len(ways) > 4 else "")
            raise MalformedAction(f"'{action}': which dice? ({shown})")
    if longer:
        fill = min if action.kind in match.game.least_filled else max
        return fill(longer, key=lambda a: a.args[-1])
    shortened = [a for a in legal if abbreviates(action, a)]
    if len(shortened) == 1:
        return shortened[0]
    # A number may have been left off only where this kind's legal actions end with one:
    # "claim" alone is refused as typed ("usage: claim TERRITORY"), not as "claim 1".
    if any(
        a.kind == action.kind
        and len(a.args) == len(action.args) + 1
        and isinstance(a.args[-1], int)
        for a in legal
    ):
        try:
            refusal(match, seat, action)
        except MalformedAction:  # incomplete as typed: the reason comes with a number added
            probe = Action(action.kind, (*action.args, 1))
            try:
                refusal(match, seat, probe)
            except WarroomError as exc:  # said of what was typed, not of the number added
                raise type(exc)(str(exc).replace(probe.text(), action.text())) from None
    return action


def _dice_ways(legal: Sequence[Action], action: Action) -> list[Action]:
    """The legal actions that add only numbers (dice) to `action`, its words shortened as in
    `abbreviates`; where they shorten several heads, only the one spelled in full."""
    typed = len(action.args)
    ways = [
        a
        for a in legal
        if a.kind == action.kind
        and len(a.args) > typed
        and all(isinstance(arg, int) for arg in a.args[typed:])
        and abbreviates(action, Action(a.kind, a.args[:typed]))
    ]
    if len({a.args[:typed] for a in ways}) > 1:
        spelled = [str(arg).lower() for arg in action.args]
        ways = [a for a in ways if [str(arg).lower() for arg in a.args[:typed]] == spelled]
    return ways


def refusal(match: Match, seat: int, action: Action) -> None:
    """Raise the rules' own reason for refusing `action`, so "attack A B" to a non-neighbour
    says so rather than "malformed". `most` asks first for the action as typed (a dice
    game's "target CARD ROW DIE DIE" is complete, and its dice not matching the row is the
    reason), then, if that is malformed, for the short form with a number added."""
    state = copy.deepcopy(match.state)  # a probe never touches the match
    match.game.apply(state, seat, action)


def join_names(text: str, places: list[str]) -> str:
    """Quote the runs of unquoted words that spell a place name with spaces ("place North
    Africa 3" reads as 'place "North Africa" 3'): the whole name in any case, or a unique
    prefix of several words. Text with quotes is left to the player."""
    if '"' in text or QUOTE_MARK.search(text):
        return text
    words = text.split()
    spaced = [p for p in places if " " in p]
    out: list[str] = []
    i = 0
    while i < len(words):
        for length in range(len(words) - i, 1, -1):
            phrase = " ".join(words[i : i + length]).lower()
            exact = [p for p in spaced if p.lower() == phrase]
            hits = exact or [p for p in spaced if p.lower().startswith(phrase)]
            if len(hits) == 1:
                # Double quotes: apostrophes elsewhere in the text stay letters.
                out.append(f'"{hits[0]}"' if '"' not in hits[0] else quote(hits[0]))
                i += length
                break
        else:
            out.append(words[i])
            i += 1
    return " ".join(out)


def abbreviates(typed: Action, action: Action) -> bool:
    """True when `typed` is `action` with words shortened to prefixes ("draw tac" for "draw
    tactics"); numbers must be given in full."""
    if typed.kind != action.kind or len(typed.args) != len(action.args):
        return False
    for short, full in zip(typed.args, action.args, strict=True):
        if isinstance(full, int) or isinstance(short, int):
            if short != full:
                return False
        elif not str(full).lower().startswith(str(short).lower()):
            return False
    return True
