"""Events: what an action caused, for logs and interfaces, with private parts kept to the
seats that know them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

NOBODY: frozenset[int] = frozenset()


@dataclass(slots=True)
class Event:
    """One thing that happened (not changed once made; not frozen only because a frozen
    dataclass takes four times as long to build, and every action builds one or more).

    `text` and `data` are public. `secret` and `secret_text` are shown only to the seats in
    `known_to` (the card you drew: you, and in a team game whoever sees your hand; a token a
    side peeks at: that side's seats); everyone else sees the public part. A mode takes the
    set from `Game.known_to`, so a secret reaches exactly the seats that share it. `reveals`
    marks new information (dice, a draw), which ends the right to undo.
    """

    kind: str
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)
    known_to: frozenset[int] = NOBODY
    secret: Mapping[str, Any] | None = None
    secret_text: str | None = None
    reveals: bool = False

    def for_seat(self, seat: int | None) -> dict[str, Any]:
        """The event as `seat` may see it (None: a spectator)."""
        out: dict[str, Any] = {"kind": self.kind, "text": self.text, **self.data}
        if self.secret is not None and seat in self.known_to:
            out.update(self.secret)
            if self.secret_text is not None:
                out["text"] = self.secret_text
        return out


def faces(dice: Iterable[int]) -> str:
    """Dice in an event's text as a table reads them: "6-5-1" (not a list, "[6, 5, 1]")."""
    return "-".join(map(str, dice))


def sentence(text: str) -> str:
    """`text` as a sentence where a line shows it alone ("Game over: ..."): a capital first
    letter and a full stop, as the page's own `sentence` writes an outcome's reason."""
    text = text.strip()
    ending = "" if text.endswith((".", "!", "?")) else "."
    return text[:1].upper() + text[1:] + ending


def possessive(name: str) -> str:
    """`name` owning something in an event's text: "Thor's", but "Greeks'" for a plural."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def listed(words: Iterable[str]) -> str:
    """Names in a sentence, as a button or a line says them: "A", "A and B", "A, B and C"."""
    items = list(words)
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def plural_verb(verb: str) -> str:
    """A verb written for one ("takes", "is") as it reads after a plural name ("Greeks take",
    "Greeks are"), for the event texts of modes whose seats carry such names."""
    irregular = {"is": "are", "has": "have", "was": "were"}
    if verb in irregular:
        return irregular[verb]
    if verb.endswith("ies") and len(verb) > 4:  # "fortifies", but "dies"
        return verb[:-3] + "y"
    return verb.removesuffix("s")


@dataclass(frozen=True, slots=True)
class Pieces:
    """What a mode's texts call a kind of piece, singular and plural: Classic's armies, the
    units of the editions built on it (their rulebooks say units), dice. One object per word,
    so every event and refusal of a mode counts its pieces the same way."""

    one: str
    many: str

    def of(self, count: int, verb: str = "") -> str:
        """`count` pieces, with a verb written for one agreeing: "1 army", "3 armies",
        "1 unit dies", "3 units die"."""
        if count == 1:
            return f"1 {self.one} {verb}".rstrip()
        return f"{count} {self.many} {plural_verb(verb)}".rstrip()

    def span(self, least: int, most: int) -> str:
        """A choice from `least` to `most` pieces: "1 to 3 dice", but "1 die" (not "1 to 1
        dice") where only one count is allowed."""
        return self.of(least) if least == most else f"{least} to {most} {self.many}"


ARMIES = Pieces("army", "armies")
UNITS = Pieces("unit", "units")
DICE = Pieces("die", "dice")
CARDS = Pieces("card", "cards")
TURNS = Pieces("turn", "turns")
