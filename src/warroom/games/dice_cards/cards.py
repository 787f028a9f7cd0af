"""The cards of the two dice-matching games as data: groups (War Assets' regions, Guardians'
Sets) of cards, each card with a value and rows of target numbers.

Neither rulebook prints the cards, so the packaged files mark every item `stated` (with the
rulebook section), `public` (another source) or `reconstructed` (with the reasoning). Loading
checks every fact the rulebooks do state and reports every broken one at once, so an owner can
transcribe the printed cards and run `warroom board check FILE` with no change to the code.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field

from warroom.core.board import (
    Name,
    ProvenanceFile,
    SourceFile,
    StrictModel,
    check_header,
    validate,
)
from warroom.data import Shared, data_error, provenance_of, read_file, read_json
from warroom.rules.dice_match import Row, feasible, parse_row, steal6

FORMAT = "warroom-dice-cards"
D6, D8 = 6, 8
# Q8 [GotG 4]: the reconstructed Set powers
POWERS = ("extra_die", "reroll", "ignore_steal")
POWER_TEXTS = {
    "extra_die": "roll one extra d6 in your turns",
    "reroll": "once a turn, reroll every unplaced die",
    "ignore_steal": "steal without matching the circled 6",
}


@dataclass(frozen=True, slots=True)
class EditionFacts:
    """What an edition's rulebook states about its cards."""

    d6: int
    d8: int
    sizes: tuple[int, ...]  # cards per group, sorted
    names: tuple[str, ...]  # group names the rulebook prints


EDITIONS = {
    # ME120, [WA Components], spec mass-effect.md 3.3; R: 18 cards, 3 per region.
    "war-assets": EditionFacts(
        5,
        2,
        (3, 3, 3, 3, 3, 3),
        (
            "Terminus Systems",
            "Perseus Veil",
            "Citadel Council Systems",
            "Attican Traverse",
            "Earth Central Systems",
            "Human Colonial Systems",
        ),
    ),
    # MCU81, [GotG Components], spec mcu.md 3.3; R: 19 Assets split 3,3,3,3,3,4.
    "guardians": EditionFacts(5, 2, (3, 3, 3, 3, 3, 4), ("Morag",)),
}
TARGETS = set(range(1, D8 + 1))  # ME124: exact targets print 1 to 8
SCAN_EXAMPLE = (2, ("7", "5", "3+"))  # [Planet Scanning] example card: value, rows (E13/E17)


class GroupFile(StrictModel):
    id: str = Field(min_length=1)
    name: Name
    value: int = Field(gt=0)
    power: Literal["extra_die", "reroll", "ignore_steal"] | None = None
    orb: bool = False
    provenance: dict[str, SourceFile]


class CardFile(StrictModel):
    id: str = Field(min_length=1)
    name: Name
    group: str
    value: int = Field(gt=0)
    rows: list[str] = Field(min_length=1)
    # War Assets: the rows marked for Galaxy at War scanning (1-based)
    scan: list[int] = Field(default_factory=list)
    provenance: dict[str, SourceFile]


class DiceCardsFile(StrictModel):
    format: str
    version: int
    id: str
    edition: Literal["war-assets", "guardians"]
    name: Name
    provenance: ProvenanceFile
    groups: list[GroupFile]
    cards: list[CardFile]


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str
    group: int
    value: int
    rows: tuple[Row, ...]
    scan: tuple[int, ...]  # 0-based row indices


@dataclass(frozen=True, slots=True)
class Group:
    id: str
    name: str
    value: int
    cards: tuple[int, ...]
    power: str | None
    orb: bool


@dataclass(frozen=True, slots=True, eq=False)
class DiceCards(Shared):
    """The components the rules read, by index in file order."""

    id: str
    edition: str
    name: str
    d6: int
    d8: int
    groups: tuple[Group, ...]
    cards: tuple[Card, ...]
    provenance: dict[str, str]  # "<card or group id>.<field>": "<kind>: <source>"

    def card(self, text: str) -> int | None:
        """A card by id or name in any case ("eden-prime", "Eden Prime"); None if none."""
        low = text.lower().replace("_", "-")
        for index, card in enumerate(self.cards):
            if low in (card.id, card.name.lower(), card.name.lower().replace(" ", "-")):
                return index
        return None


def cards_from_dict(data: object, source: str) -> DiceCards:
    f = validate(DiceCardsFile, data, source)
    check_header(source, f.format, f.version, FORMAT)
    problems = _problems(f)
    if problems:
        raise data_error(source, problems)
    group_index = {g.id: k for k, g in enumerate(f.groups)}
    facts = EDITIONS[f.edition]
    items: list[GroupFile | CardFile] = [*f.groups, *f.cards]
    provenance = provenance_of((item.id, item.provenance) for item in items)
    return DiceCards(
        id=f.id,
        edition=f.edition,
        name=f.name,
        d6=facts.d6,
        d8=facts.d8,
        groups=tuple(
            Group(
                g.id,
                g.name,
                g.value,
                tuple(k for k, c in enumerate(f.cards) if c.group == g.id),
                g.power,
                g.orb,
            )
            for g in f.groups
        ),
        cards=tuple(
            Card(
                c.id,
                c.name,
                group_index[c.group],
                c.value,
                tuple(parse_row(r) for r in c.rows),
                tuple(n - 1 for n in c.scan),
            )
            for c in f.cards
        ),
        provenance=provenance,
    )


def _problems(f: DiceCardsFile) -> list[tuple[str, str]]:
    """Every stated fact the file breaks, as (entry, problem): all of them, not the first."""
    out: list[tuple[str, str]] = []
    facts = EDITIONS[f.edition]
    groups = {g.id: g for g in f.groups}
    if len(groups) != len(f.groups):
        out.append(("groups", "two groups share an id"))
    if len({c.id for c in f.cards}) != len(f.cards):
        out.append(("cards", "two cards share an id"))
    if len({c.name.lower() for c in f.cards}) != len(f.cards):
        out.append(("cards", "every card names a distinct planet or Asset"))
    if len(f.groups) != len(facts.sizes):
        out.append(("groups", f"the rulebook has {len(facts.sizes)} groups"))
    missing = [n for n in facts.names if n not in {g.name for g in f.groups}]
    if missing:
        out.append(("groups", f"the rulebook names these: {missing}"))
    members = {g.id: [c for c in f.cards if c.group == g.id] for g in f.groups}
    if tuple(sorted(len(m) for m in members.values())) != facts.sizes:
        out.append(("cards", f"cards per group must be {facts.sizes} (R)"))
    sides = [D6] * facts.d6 + [D8] * facts.d8
    for k, g in enumerate(f.groups):
        where = f"groups.{k} ({g.name})"
        total = sum(c.value for c in members.get(g.id, []))
        if g.value <= total:
            out.append((where, f"R: the group value must exceed its cards' sum ({total})"))
        if f.edition == "guardians" and g.power is None:
            out.append((where, "[GotG card anatomy]: every Set has a bonus power"))
        if f.edition == "war-assets" and (g.power is not None or g.orb):
            out.append((where, "War Assets regions have no power and no Orb"))
        if g.orb != (f.edition == "guardians" and g.name == "Morag"):
            out.append(
                (where, "the Orb comes with the Morag Set, and only with it (MCU92 [GotG 5])")
            )
        out += [(where, f"provenance: missing for {m}") for m in _unsourced(g.provenance, g)]
    for k, c in enumerate(f.cards):
        where = f"cards.{k} ({c.name})"
        if c.group not in groups:
            out.append((where, f"group: unknown group {c.group!r}"))
        rows: list[Row] = []
        for text in c.rows:
            try:
                row = parse_row(text)
            except ValueError as exc:
                out.append((where, str(exc)))
                continue
            if row.kind == "steal6":
                out.append(
                    (
                        where,
                        "the steal row is every card's, not listed "
                        "(ME126/MCU87 [WA How to Play 1; GotG 2])",
                    )
                )
            elif row.kind == "exact" and (len(row.values) > 2 or not set(row.values) <= TARGETS):
                out.append(
                    (
                        where,
                        f"row {text!r}: one or two numbers from 1 to 8 (ME124 [WA How to Play 1])",
                    )
                )
            rows.append(row)
        if sum(r.high_needed() for r in rows) > facts.d8:
            out.append((where, "at most two targets of 7 or 8: there are only two d8s"))
        if not feasible([*rows, steal6()], sides):
            out.append(
                (where, "7 dice cannot match every row and the steal row (W3 [WA How to Play 2])")
            )
        if any(not 1 <= n <= len(c.rows) for n in c.scan):
            out.append((where, "scan: row numbers from 1 to the number of rows"))
        if f.edition == "war-assets" and not c.scan:
            out.append((where, "[WA card anatomy]: some rows are marked for scanning"))
        out += [(where, f"provenance: missing for {m}") for m in _unsourced(c.provenance, c)]
    if f.edition == "war-assets" and not any(
        (c.value, tuple(c.rows)) == SCAN_EXAMPLE for c in f.cards
    ):
        out.append(("cards", "[Planet Scanning] example: a card of value 2 with rows 7, 5, 3+"))
    return out


def _unsourced(provenance: dict[str, SourceFile], item: GroupFile | CardFile) -> list[str]:
    """The item's printed fields that name no source."""
    fields = ["name", "value"] + (["group", "rows"] if isinstance(item, CardFile) else [])
    if isinstance(item, GroupFile) and item.power is not None:
        fields.append("power")
    return [name for name in fields if name not in provenance]


@cache
def edition_cards(relative: str) -> DiceCards:
    """A packaged card file ("dice/war-assets.json")."""
    return cards_from_dict(read_json(relative), relative)


def cards_from_file(path: Path) -> DiceCards:
    """Validate a card file a user transcribed; every problem is a BoardError naming the file."""
    return cards_from_dict(read_file(path), str(path))
