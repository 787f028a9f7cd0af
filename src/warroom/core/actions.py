"""Actions: a kind and plain arguments, with a text form that parses back to the same action.

Arguments are names and numbers, never indices, so a logged action reads like the
rulebook ("attack Alaska Kamchatka 3") and means the same thing in any version.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass

from warroom.core.errors import MalformedAction

Arg = str | int
# The longest action text an interface takes: a Monopoly offer of many heroes fits; a pasted
# page, echoed back in its refusal, would fill the screen.
MAX_TEXT = 500
# A number is ASCII digits with at most one leading minus: `str.isdigit` also accepts "²"
# and other Unicode digits, which `int` then refuses, and "--5" is not a number either.
NUMBER = re.compile(r"-?[0-9]+")
# A single quote used as a quote, not as an apostrophe inside a word ("Intai'sei").
QUOTE_MARK = re.compile(r"(?<!\w)'|'(?!\w)")
# A text with no quote, no backslash and no whitespace but the shell's own (space, tab, CR,
# LF): `shlex.split` reads it as `str.split` does, at a tenth of the cost. Replays and every
# typed action are of this kind.
PLAIN = re.compile(r"[^'\"\\\s]*(?:[ \t\r\n]+[^'\"\\\s]*)*")


@dataclass(frozen=True, slots=True)
class Action:
    kind: str
    args: tuple[Arg, ...] = ()

    def text(self) -> str:
        return " ".join(quote(w) for w in [self.kind, *(str(a) for a in self.args)])

    def __str__(self) -> str:
        return self.text()

    @staticmethod
    def parse(text: str) -> Action:
        """Parse the text form; quoted names keep their spaces, whole numbers become ints."""
        # Apostrophes all inside words are letters ("fortify sur'kesh intai'sei 2"): two
        # of them would otherwise pair up as quotes and join the words between.
        words: list[str] | None = _apostrophes_as_letters(text) if "'" in text else None
        if words is None and PLAIN.fullmatch(text):
            words = text.split()
        if words is None:
            try:
                words = shlex.split(text)
            except ValueError as exc:
                raise MalformedAction(f"cannot read {text!r}: {exc}") from None
        if not words:
            raise MalformedAction("an empty action: type an action such as 'end' or 'help'")
        return Action(words[0].lower(), tuple(_arg(w) for w in words[1:]))

    def to_json(self) -> list[Arg]:
        return [self.kind, *self.args]

    @staticmethod
    def from_json(data: object) -> Action:
        if (
            not isinstance(data, list)
            or not data
            or not isinstance(data[0], str)
            or not all(isinstance(a, str | int) and not isinstance(a, bool) for a in data[1:])
        ):
            raise MalformedAction(f"an action is a list [kind, args...], not {data!r}")
        return Action(data[0], tuple(data[1:]))


def _apostrophes_as_letters(text: str) -> list[str] | None:
    """The words of `text` with single quotes read as letters ("target sur'kesh 3"); None if
    any stands outside a word (then they are quotes) or it is unreadable."""
    if QUOTE_MARK.search(text):
        return None
    lexer = shlex.shlex(text, posix=True)
    lexer.whitespace_split = True
    lexer.quotes = '"'
    try:
        return list(lexer)
    except ValueError:
        return None


def quote(word: str) -> str:
    """`word` as the shell would quote it, but a name with an apostrophe in double quotes
    ("Intai'sei"), which reads back the same, rather than the shell's 'Intai'"'"'sei'."""
    quoted = shlex.quote(word)
    if quoted == word or "'" not in word or '"' in word or "\\" in word:
        return quoted
    return f'"{word}"'


def _arg(word: str) -> Arg:
    if NUMBER.fullmatch(word) is None:
        return word
    try:
        return int(word)
    except ValueError:  # more digits than Python converts (sys.get_int_max_str_digits)
        raise MalformedAction(f"a number of {len(word)} digits is too long") from None
