"""Monopoly boards as data: spaces, heroes (properties), sets, decks and the bank's stock.

A board file is validated on load against the facts every edition's rulebook fixes
(for the Avengers edition: 24 hero cards, two of them dice heroes, two decks of 16 cards,
four battle spaces numbered 1-6) and for consistency (known sets and card targets, rising
payments, no sideline value above the price). The `rules` amounts (M1500, 32 Bases, 12
Headquarters and the rest) are read as given; tests/monopoly/test_board.py checks the
shipped file's against the rulebook. Every defect is a BoardError naming the file, the
entry and the problem, so an owner of the game can transcribe the real values.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from warroom.core.board import (
    Colour,
    Name,
    ProvenanceFile,
    StrictModel,
    check_header,
    validate,
)
from warroom.core.colours import css_colour, is_colour
from warroom.core.errors import BoardError
from warroom.data import Shared, read_file, read_json

FORMAT = "warroom-monopoly-board"

# Space kinds.
GO = "go"
HERO = "hero"  # a colour-set hero
DICE_HERO = "dice-hero"  # Winter Soldier and Black Panther: payment from a dice roll
DECK = "deck"
TAX = "tax"
BATTLE = "battle"  # a Child of Thanos
JAIL = "jail"
FREE_PARKING = "free-parking"
GO_TO_JAIL = "go-to-jail"
OWNABLE = (HERO, DICE_HERO)

# Card effects.
ADVANCE = "advance"
ADVANCE_NEAREST = "advance-nearest"
BACK = "back"
GO_TO_JAIL_CARD = "go-to-jail"
JAIL_FREE = "jail-free"
BANK_PAYS = "bank-pays"
PAY_BANK = "pay-bank"
COLLECT_EACH = "collect-each"
PAY_EACH = "pay-each"
REPAIRS = "repairs"

HQ = 5  # building level of a Headquarters (levels 1-4 are that many Bases)


class RulesFile(StrictModel):
    start_cash: int = Field(gt=0)
    go_salary: int = Field(ge=0)
    jail_fine: int = Field(ge=0)
    battle_fine: int = Field(ge=0)
    bases: int = Field(gt=0)
    headquarters: int = Field(gt=0)
    max_bases: int = Field(gt=0)
    bid_start: int = Field(gt=0)
    keep_sidelined_percent: int = Field(ge=0, le=100)
    jail_turns: int = Field(gt=0)


class SetFile(StrictModel):
    color: Colour


class SpaceFile(StrictModel):
    name: Name
    type: Literal[
        "go", "hero", "dice-hero", "deck", "tax", "battle", "jail", "free-parking", "go-to-jail"
    ]
    set: str | None = None
    price: int | None = Field(default=None, gt=0)
    payments: list[int] | None = None
    base_cost: int | None = Field(default=None, gt=0)
    hq_cost: int | None = Field(default=None, gt=0)
    sideline: int | None = Field(default=None, gt=0)
    reactivate: int | None = Field(default=None, gt=0)
    multipliers: list[int] | None = None
    deck: str | None = None
    amount: int | None = Field(default=None, ge=0)
    number: int | None = Field(default=None, ge=1, le=6)
    reconstructed: list[str] = Field(default_factory=list)


class CardFile(StrictModel):
    title: str = Field(min_length=1)
    effect: Literal[
        "advance",
        "advance-nearest",
        "back",
        "go-to-jail",
        "jail-free",
        "bank-pays",
        "pay-bank",
        "collect-each",
        "pay-each",
        "repairs",
    ]
    to: str | None = None
    type: str | None = None
    spaces: int | None = Field(default=None, gt=0)
    amount: int | None = Field(default=None, gt=0)
    base: int | None = Field(default=None, ge=0)
    headquarters: int | None = Field(default=None, ge=0)
    reconstructed: bool = False


class DeckFile(StrictModel):
    name: Name
    cards: list[CardFile]


class MonopolyFile(StrictModel):
    format: str
    version: int
    id: str
    name: Name
    provenance: ProvenanceFile
    rules: RulesFile
    sets: dict[Name, SetFile]
    spaces: list[SpaceFile]
    decks: dict[str, DeckFile]


@dataclass(frozen=True, slots=True)
class Card:
    title: str
    effect: str
    target: int = -1  # advance: the space
    kind: str = ""  # advance-nearest: the space kind
    amount: int = 0  # money, or spaces to go back
    base: int = 0  # repairs: per Base
    hq: int = 0  # repairs: per Headquarters


@dataclass(frozen=True, slots=True, eq=False)
class MonopolyBoard(Shared):
    """An immutable, index-based board; spaces are numbered from GO clockwise."""

    id: str
    name: str
    names: tuple[str, ...]
    kind: tuple[str, ...]
    price: tuple[int, ...]
    payments: tuple[tuple[int, ...], ...]
    base_cost: tuple[int, ...]
    hq_cost: tuple[int, ...]
    sideline: tuple[int, ...]
    reactivate: tuple[int, ...]
    multipliers: tuple[int, ...]  # by number of dice heroes owned (1, 2)
    set_of: tuple[int, ...]  # -1 outside the colour sets
    sets: tuple[str, ...]
    set_members: tuple[tuple[int, ...], ...]
    dice_heroes: tuple[int, ...]
    ownable: tuple[int, ...]
    deck_of: tuple[int, ...]  # deck index of a deck space, else -1
    number: tuple[int, ...]  # battle spaces: the number to roll
    amount: tuple[int, ...]  # tax spaces: the amount
    decks: tuple[str, ...]  # deck ids
    deck_names: tuple[str, ...]
    cards: tuple[Card, ...]  # all cards, deck after deck
    card_deck: tuple[int, ...]  # which deck each card belongs to
    hero_index: dict[str, int]  # hero name (and lower-case name) -> space
    go: int
    jail: int
    go_to_jail: int
    start_cash: int
    go_salary: int
    jail_fine: int
    battle_fine: int
    bases: int
    headquarters: int
    max_bases: int
    bid_start: int
    keep_percent: int
    jail_turns: int
    provenance: dict[str, Any]

    def __len__(self) -> int:
        return len(self.names)

    def keep_fee(self, space: int) -> int:
        """Keeping an acquired hero sidelined: a percentage of the reactivation cost, rounded up."""
        return -(-self.reactivate[space] * self.keep_percent // 100)

    def rules(self) -> dict[str, int]:
        """The file's `rules` section by its field names, and where Jail and Go to Jail are."""
        return {
            "start_cash": self.start_cash,
            "go_salary": self.go_salary,
            "jail_fine": self.jail_fine,
            "battle_fine": self.battle_fine,
            "bases": self.bases,
            "headquarters": self.headquarters,
            "max_bases": self.max_bases,
            "bid_start": self.bid_start,
            "keep_sidelined_percent": self.keep_percent,
            "jail_turns": self.jail_turns,
            "jail": self.jail,
            "go_to_jail": self.go_to_jail,
        }

    def hero(self, name: str) -> int:
        i = self.hero_index.get(name)
        if i is None:
            i = self.hero_index.get(name.lower())
        if i is None:
            raise KeyError(name)
        return i


# Facts the Avengers rulebook fixes ("Components", "Heroes", "Action Spaces").
EXPECTED = {"heroes": 24, "dice_heroes": 2, "battles": 4, "cards_per_deck": 16, "decks": 2}


def board_from_dict(data: object, source: str) -> MonopolyBoard:
    return _build(validate(MonopolyFile, data, source), source)


def _build(f: MonopolyFile, source: str) -> MonopolyBoard:
    def fail(entry: str, problem: str) -> BoardError:
        return BoardError(f"{source}: {entry}: {problem}")

    check_header(source, f.format, f.version, FORMAT)
    n = len(f.spaces)
    sets = list(f.sets)
    decks = list(f.decks)
    if len(decks) != EXPECTED["decks"]:
        raise fail("decks", f"the rulebook has {EXPECTED['decks']} decks, not {len(decks)}")
    members: list[list[int]] = [[] for _ in sets]
    price = [0] * n
    payments: list[tuple[int, ...]] = [()] * n
    base_cost, hq_cost, side, react = [0] * n, [0] * n, [0] * n, [0] * n
    set_of, deck_of, number, amount = [-1] * n, [-1] * n, [0] * n, [0] * n
    multipliers: tuple[int, ...] = ()
    hero_index: dict[str, int] = {}
    by_name: dict[str, int] = {}
    single: dict[str, int] = {}
    for i, s in enumerate(f.spaces):
        where = f"spaces.{i} ({s.name})"

        def need(field: str, value: object, where: str = where, kind: str = s.type) -> Any:
            if value is None:
                raise fail(where, f"a {kind} space needs {field!r}")
            return value

        if s.type in (GO, JAIL, GO_TO_JAIL):
            if s.type in single:
                raise fail(where, f"a second {s.type} space (first at {single[s.type]})")
            single[s.type] = i
        if s.type in OWNABLE:
            if s.name.lower() in hero_index:
                raise fail(where, f"hero name {s.name!r} is used twice")
            hero_index[s.name] = hero_index[s.name.lower()] = i
            price[i] = need("price", s.price)
            side[i] = need("sideline", s.sideline)
            react[i] = need("reactivate", s.reactivate)
            if side[i] > price[i]:
                raise fail(where, "sideline value is more than the price")
        if s.type == HERO:
            name = need("set", s.set)
            if name not in f.sets:
                raise fail(where, f"unknown set {name!r}")
            set_of[i] = sets.index(name)
            members[set_of[i]].append(i)
            pay = need("payments", s.payments)
            if len(pay) != 6 or any(p <= 0 for p in pay) or pay != sorted(pay):
                raise fail(where, "payments must be 6 rising amounts: none, 1-4 Bases, HQ")
            payments[i] = tuple(pay)
            base_cost[i] = need("base_cost", s.base_cost)
            hq_cost[i] = need("hq_cost", s.hq_cost)
        if s.type == DICE_HERO:
            mult = tuple(need("multipliers", s.multipliers))
            if len(mult) != 2 or multipliers not in ((), mult):
                raise fail(where, "multipliers must be [one owned, both owned], the same for both")
            multipliers = mult
        if s.type == DECK:
            d = need("deck", s.deck)
            if d not in f.decks:
                raise fail(where, f"unknown deck {d!r}")
            deck_of[i] = decks.index(d)
        if s.type == TAX:
            amount[i] = need("amount", s.amount)
        if s.type == BATTLE:
            number[i] = need("number", s.number)
        by_name.setdefault(s.name, i)
        by_name.setdefault(s.name.lower(), i)
    for kind in (GO, JAIL, GO_TO_JAIL):
        if kind not in single:
            raise fail("spaces", f"no {kind} space")
    if single[GO] != 0:
        raise fail("spaces", "GO must be the first space")
    for name, m in zip(sets, members, strict=True):
        if len(m) < 2:
            raise fail(f"sets.{name}", "a colour set needs at least 2 heroes")
    ownable = tuple(i for i in range(n) if f.spaces[i].type in OWNABLE)
    dice_heroes = tuple(i for i in range(n) if f.spaces[i].type == DICE_HERO)
    battles = sum(1 for s in f.spaces if s.type == BATTLE)
    for what, have in (
        ("heroes", len(ownable)),
        ("dice_heroes", len(dice_heroes)),
        ("battles", battles),
    ):
        if have != EXPECTED[what]:
            raise fail("spaces", f"the rulebook has {EXPECTED[what]} {what}, this file {have}")
    cards: list[Card] = []
    card_deck: list[int] = []
    for d, deck_id in enumerate(decks):
        deck = f.decks[deck_id]
        if len(deck.cards) != EXPECTED["cards_per_deck"]:
            raise fail(f"decks.{deck_id}", f"a deck has 16 cards, not {len(deck.cards)}")
        for k, c in enumerate(deck.cards):
            cards.append(_card(c, f"decks.{deck_id}.cards.{k} ({c.title})", by_name, f, fail))
            card_deck.append(d)
    r = f.rules
    return MonopolyBoard(
        id=f.id,
        name=f.name,
        names=tuple(s.name for s in f.spaces),
        kind=tuple(s.type for s in f.spaces),
        price=tuple(price),
        payments=tuple(payments),
        base_cost=tuple(base_cost),
        hq_cost=tuple(hq_cost),
        sideline=tuple(side),
        reactivate=tuple(react),
        multipliers=multipliers,
        set_of=tuple(set_of),
        sets=tuple(sets),
        set_members=tuple(tuple(m) for m in members),
        dice_heroes=dice_heroes,
        ownable=ownable,
        deck_of=tuple(deck_of),
        number=tuple(number),
        amount=tuple(amount),
        decks=tuple(decks),
        deck_names=tuple(f.decks[d].name for d in decks),
        cards=tuple(cards),
        card_deck=tuple(card_deck),
        hero_index=hero_index,
        go=single[GO],
        jail=single[JAIL],
        go_to_jail=single[GO_TO_JAIL],
        start_cash=r.start_cash,
        go_salary=r.go_salary,
        jail_fine=r.jail_fine,
        battle_fine=r.battle_fine,
        bases=r.bases,
        headquarters=r.headquarters,
        max_bases=r.max_bases,
        bid_start=r.bid_start,
        keep_percent=r.keep_sidelined_percent,
        jail_turns=r.jail_turns,
        provenance=f.provenance.model_dump(),
    )


# A card's fields beside its title and effect: the effect reads some of them (`need`).
CARD_PARAMS = ("to", "type", "spaces", "amount", "base", "headquarters")


def _card(c: CardFile, where: str, by_name: dict[str, int], f: MonopolyFile, fail: Any) -> Card:
    """The card its effect makes of the entry. A field the effect does not read would be
    dropped without a word (an "advance" card given an "amount" to collect): refused."""
    a_card = f"{'an' if c.effect[0] in 'aeiou' else 'a'} {c.effect} card"
    read: list[str] = []

    def need(field: str) -> Any:
        read.append(field)
        value = getattr(c, field)
        if value is None:
            raise fail(where, f"{a_card} needs {field!r}")
        return value

    card = _effect_card(c, need, where, by_name, f, fail)
    for field in CARD_PARAMS:
        if field not in read and getattr(c, field) is not None:
            takes = f"takes only {', '.join(repr(x) for x in read)}" if read else "takes none"
            raise fail(where, f"{a_card} does not read {field!r} ({takes})")
    return card


def _effect_card(
    c: CardFile,
    need: Callable[[str], Any],
    where: str,
    by_name: dict[str, int],
    f: MonopolyFile,
    fail: Any,
) -> Card:
    if c.effect == ADVANCE:
        to = need("to")
        if to not in by_name:
            raise fail(where, f"unknown space {to!r}")
        return Card(c.title, c.effect, target=by_name[to])
    if c.effect == ADVANCE_NEAREST:
        kind = need("type")
        if not any(s.type == kind for s in f.spaces):
            raise fail(where, f"no space of type {kind!r}")
        return Card(c.title, c.effect, kind=kind)
    if c.effect == BACK:
        return Card(c.title, c.effect, amount=need("spaces"))
    if c.effect in (BANK_PAYS, PAY_BANK, COLLECT_EACH, PAY_EACH):
        return Card(c.title, c.effect, amount=need("amount"))
    if c.effect == REPAIRS:
        return Card(c.title, c.effect, base=need("base"), hq=need("headquarters"))
    return Card(c.title, c.effect)


@cache
def board(board_id: str) -> MonopolyBoard:
    path = f"monopoly/{board_id}.json"
    return board_from_dict(read_json(path), path)


def board_from_file(path: Path) -> MonopolyBoard:
    """Validate a board a user transcribed; every problem is a BoardError naming the file."""
    return board_from_dict(read_file(path), str(path))


# Display colours for the set names the data files use.
SET_COLORS = {
    "brown": "#8b5a3c",
    "light-blue": "#9fd3f0",
    "pink": "#d6338f",
    "orange": "#f28c1c",
    "red": "#d7261e",
    "yellow": "#f5d90a",
    "green": "#1f9d55",
    "dark-blue": "#1d4fa3",
    "blue": "#1d4fa3",
    "purple": "#7a3fb0",
}
FALLBACK = "#888888"


def set_color(name: str) -> str:
    """A set's colour as CSS: the board's own shade of a colour's name, any other name as a
    browser draws it (a transcribed board's "navy"), or a #rrggbb as given; FALLBACK only
    for a text `board check` refuses."""
    shade = SET_COLORS.get(name.lower().replace(" ", "-"))  # "Light Blue" is light-blue
    if shade is not None:
        return shade
    return css_colour(name) if is_colour(name) else FALLBACK


def space_about(b: MonopolyBoard, space: int) -> list[str]:
    """What the rulebook's section on a space says, in short, with this board's amounts: the
    lines the page's space panel and the terminal's `look` both show (one text, not two).
    A hero's owner, buildings and who pays on landing change with play: the callers add those."""
    kind = b.kind[space]
    if kind in OWNABLE:
        first = " (its set's buildings sold first)" if kind == HERO else ""
        lines = [
            f"Sideline for M{b.sideline[space]}{first}; reactivate for M{b.reactivate[space]}."
        ]
        if kind == DICE_HERO:
            pair = " and ".join(b.names[s] for s in b.dice_heroes)
            lines.append(
                f"Payment: the dice rolled when the owner asks, ×{b.multipliers[0]} if they have "
                f"only one of {pair}, ×{b.multipliers[1]} with both."
            )
            return lines
        group = b.set_of[space]
        members = ", ".join(b.names[s] for s in b.set_members[group])
        return [
            *lines,
            f"Set {b.sets[group]}: {members}. The whole set doubles the payment without buildings.",
            f"With the whole set active, build evenly: Bases M{b.base_cost[space]} "
            f"({b.max_bases} at most), then a Headquarters M{b.hq_cost[space]} in their place.",
        ]
    if kind == TAX:
        return [f"Pay the Bank M{b.amount[space]}."]
    if kind == BATTLE:
        return [
            "A Child of Thanos: roll one die for your token and one per hero card you hold; "
            f"a {b.number[space]} escapes and gives another turn, else pay the Bank "
            f"M{b.battle_fine}."
        ]
    if kind == DECK:
        return [
            f"Take the top {b.deck_names[b.deck_of[space]]} card and do what it says; it then "
            "goes under the deck (a Get Out of Jail Free card is kept until used)."
        ]
    if kind == GO:
        return [f"Collect M{b.go_salary} from the Bank each time you pass or land on GO."]
    if kind == JAIL:
        return [
            "Landing here is Just Visiting.",
            f"In Jail, at the start of your turn: pay M{b.jail_fine} or use a Get Out of Jail "
            "Free card, then roll and move as normal.",
            "Or roll for doubles: they free you and move you (no roll again). "
            f"After {b.jail_turns} turns without doubles, pay M{b.jail_fine} and move by the "
            "last roll.",
            "In Jail you may still collect payments, bid, build, sideline and trade.",
        ]
    if kind == FREE_PARKING:
        return ["Nothing happens."]
    if kind == GO_TO_JAIL:
        return [
            f"Go straight to Jail: no M{b.go_salary} for passing GO, and your turn ends "
            "(even after doubles)."
        ]
    return []
