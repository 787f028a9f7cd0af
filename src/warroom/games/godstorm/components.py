"""RISK Godstorm's components as data: pantheons and gods, the numbers of the rules, the four
miracle decks, and the stated facts the two boards must satisfy.

Files:
- `boards/ancient-earth.json` and `boards/underworld.json` (`warroom-board`, `facts` naming the
  checks below): the two maps of the same family. The Underworld is a reconstruction (M2).
- `godstorm/godstorm.json` (`warroom-godstorm`): pantheons, constants and the 66 miracle cards,
  each item with its provenance (stated, public or reconstructed). Card effects are named
  primitives (`effects.PRIMITIVES`) with parameters, so a transcription of the real cards is
  data only.

Loading checks every stated fact and lists every problem at once, so an owner of the game can
put the printed values in and run `warroom board check FILE` with no change to the code.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field, ValidationError

from warroom.core.board import (
    Board,
    Colour,
    Name,
    ProvenanceFile,
    SourceFile,
    StrictModel,
    check_header,
    reachable,
    validate,
)
from warroom.core.errors import BoardError
from warroom.core.events import possessive
from warroom.data import Shared, board, read_file, read_json
from warroom.games.godstorm.effects import DECK_HOOKS, PRIMITIVES, hook_problems

FORMAT = "warroom-godstorm"
PACKAGED = "godstorm/godstorm.json"
EARTH_FACTS, UNDERWORLD_FACTS = "godstorm-earth", "godstorm-underworld"

# Stated facts (spec section 3 and the G rules they come from).
DOMAINS = ("death", "magic", "sky", "war")  # G2: each pantheon has these 4 gods
DECKS = {"War": 17, "Magic": 15, "Sky": 17, "Death": 17}  # G52
DECK_GOD = {"War": "war", "Magic": "magic", "Sky": "sky", "Death": "death"}  # G53
PANTHEONS = 5  # G2
GATES = 3  # G103
EARTH_TERRITORIES = 42  # G1
EARTH_BONUSES = {  # G1
    "Europa": 7,
    "Germania": 5,
    "Africa": 5,
    "Asia Minor": 3,
    "Atlantis": 3,
    "Hyrkania": 2,
}
ATLANTIS = ("Hesperide", "Tritonis", "Poseidonis", "Oricalcos")  # G115
WATER_LINES = (("Oricalcos", "Poseidonis"), ("Oricalcos", "Atlas"))  # G76, E3
BORDERS = (("Thule", "Varangia"), ("Rus", "Varangia"))  # G76, E3
HYRKANIA_SIZE = 4  # G115: "similarly sized"
# Far above any card's numbers (costs to 8 faith, effects to 5) and the reference card's: the
# caps only keep a transcriber's typo (a cost or a count of 10**30) from reaching the games,
# where a count is the length of a loop or a number of dice.
MOST_CARD_COST = 100  # faith
MOST_CARD_AMOUNT = 100  # armies, cards, dice, faith or points one effect counts, either way
MOST_CONSTANT = 100  # a reconstructed constant of the reference card (M1)
KNOWN_CARDS = {
    # title: deck, where the deck is stated or public (The Sea Is Your Tomb's is not: None)
    "Heroes Are Born": "War",
    "Blood Coats the Land": "Death",
    "The Mighty Have Fallen": "Death",
    "The Ground Shakes": "Death",
    "The Sea Is Your Tomb": None,
    "Pandora's Box": "Magic",
    "Hammer of Thor": "Magic",
    "Spear of Odin": "Magic",
    "Tablet of Destiny": "Magic",
    "Book of the Dead": "Magic",
    "Stonehenge": "Magic",
}


class GodsFile(StrictModel):
    death: str
    magic: str
    sky: str
    war: str


class PantheonFile(StrictModel):
    colour: Colour
    heaven: str
    gods: GodsFile
    source: SourceFile


class ConstantFile(StrictModel):
    value: int | dict[str, int]
    source: SourceFile


class EffectFile(StrictModel):
    hook: str
    primitive: str
    params: dict[str, Any] = Field(default_factory=dict)


class CardFile(StrictModel):
    id: str = Field(min_length=1, pattern=r"^[a-z][a-z0-9-]*$")
    title: str | None = Field(description="the printed title; None where it is not known")
    deck: Literal["War", "Magic", "Sky", "Death"]
    cost: int = Field(ge=0)
    effects: list[EffectFile] = Field(min_length=1)
    source: SourceFile
    note: str = ""


class GodstormFile(StrictModel):
    format: str
    version: int
    id: str
    name: Name
    provenance: ProvenanceFile
    boards: dict[Literal["earth", "underworld"], str]
    pantheons: dict[Name, PantheonFile]
    constants: dict[str, ConstantFile]
    cards: list[CardFile]


# The constants the rules read, and what each must be where the rulebook states it.
STATED_CONSTANTS: dict[str, int | dict[str, int] | None] = {
    "summon_cost": 3,  # G39
    "temple_cost": 5,  # G42
    "miracle_cost": 2,  # G53
    "purchases_per_turn": 4,  # G54
    "starting_faith": 3,  # G19
    "temples": 12,  # G43
    "plague_markers": 5,  # components
    "plague_at_setup": 4,  # G12
    "epochs": 5,  # G23
    "armies_per_colour": 110,  # components: 60 soldiers and 10 elephants of 5
    "placement_per_turn": 3,  # G17
    "starting_armies": {"2": 30, "3": 35, "4": 30, "5": 25},  # G15
    "neutral_per_territory": 3,  # G21
    "reference_divisor": None,  # M1: reconstructed
    "reference_minimum": None,  # M1
    "reference_faith_divisor": None,  # M1: a separate column an owner can correct
    "reference_faith_minimum": None,
}


@dataclass(frozen=True, slots=True)
class Effect:
    hook: str
    primitive: str
    params: BaseModel


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    title: str | None
    deck: str
    cost: int
    effects: tuple[Effect, ...]
    provenance: str

    @property
    def name(self) -> str:
        """The printed title, or an honest placeholder for a reconstructed card."""
        return self.title or f"{self.deck} card {self.id.rsplit('-', 1)[-1]} (reconstructed)"


@dataclass(frozen=True, slots=True, eq=False)
class Components(Shared):
    """Everything a Godstorm game reads from data, validated."""

    name: str
    earth: Board
    underworld: Board
    pantheons: tuple[str, ...]
    colour: tuple[str, ...]
    heaven: tuple[int, ...]  # Underworld space index of each pantheon's heaven
    gods: tuple[tuple[str, ...], ...]  # per pantheon, in DOMAINS order
    constants: dict[str, Any]
    cards: tuple[Card, ...]
    deck_cards: dict[str, tuple[int, ...]]  # deck -> card indices in file order


def earth_problems(earth: Board) -> list[str]:
    """The stated facts about Ancient Earth (G1, G115, E3, E7)."""
    problems = []
    if len(earth) != EARTH_TERRITORIES:
        problems.append(
            f"territories: {len(earth)}, the rulebook says {EARTH_TERRITORIES} "
            "(G1 [The Gameboards])"
        )
    bonus = dict(zip(earth.regions, earth.region_bonus, strict=True))
    for region, value in EARTH_BONUSES.items():
        if bonus.get(region) != value:
            problems.append(
                f"regions.{region}: bonus must be {value} (G1 [Continent Bonus]), "
                f"not {bonus.get(region)}"
            )
    for extra in sorted(set(bonus) - set(EARTH_BONUSES)):
        problems.append(
            f"regions.{extra}: Ancient Earth has only 6 continents (G1 [Continent Bonus])"
        )
    names = set(earth.territories)
    missing = [
        t
        for t in ATLANTIS + tuple(t for pair in WATER_LINES + BORDERS for t in pair)
        if t not in names
    ]
    for name in dict.fromkeys(missing):
        problems.append(
            f"territories.{name}: the rulebook names it (G115 [Atlantis], "
            "E3 [6. Invade Territories]), it is missing"
        )
    if missing:
        return problems
    if "Atlantis" in earth.regions:
        atlantis = earth.regions.index("Atlantis")
        members = {earth.territories[i] for i in earth.region_members[atlantis]}
        if members != set(ATLANTIS):
            problems.append(
                f"regions.Atlantis: must be exactly {', '.join(ATLANTIS)} (G115 [Atlantis])"
            )
    if "Hyrkania" in earth.regions:
        size = len(earth.region_members[earth.regions.index("Hyrkania")])
        if size != HYRKANIA_SIZE:
            problems.append(f"regions.Hyrkania: {size} territories, 'similarly sized' as Atlantis")
    for a, b in WATER_LINES:
        kind = earth.kind_of.get((earth.territory(a), earth.territory(b)))
        if kind != "sea":
            problems.append(
                f"territories.{a}.connections.{b}: a water connection "
                f"(G76 [6. Invade Territories]), not {kind}"
            )
    for a, b in BORDERS:
        if not earth.adjacent(earth.territory(a), earth.territory(b)):
            problems.append(
                f"territories.{a}.connections.{b}: {a} may attack {b} (G76 [6. Invade Territories])"
            )
    return problems


def underworld_problems(under: Board) -> list[str]:
    """The stated facts about the Underworld (M2): 5 heavens joined to exactly the 3 gates,
    at least one altar and one crypt, flame borders, and spaces connected without them."""
    problems = []
    kinds = Counter(under.space_kind)
    if kinds["heaven"] != PANTHEONS:
        problems.append(f"space kinds: {kinds['heaven']} heavens, the rulebook says {PANTHEONS}")
    if kinds["gate"] != GATES:
        problems.append(
            f"space kinds: {kinds['gate']} gates, the rulebook says {GATES} "
            "(G103 [8. Embark From Heaven])"
        )
    for kind, rule in (("altar", "G108 [Altars]"), ("crypt", "G109 [Crypts]")):
        if kinds[kind] < 1:
            problems.append(f"space kinds: no {kind}, the rulebook has them ({rule})")
    if None in kinds:
        problems.append("space kinds: every Underworld space needs a kind")
    gates = {i for i, k in enumerate(under.space_kind) if k == "gate"}
    heavens = [i for i, k in enumerate(under.space_kind) if k == "heaven"]
    for h in heavens:
        if set(under.neighbors[h]) != gates:
            problems.append(
                f"territories.{under.territories[h]}.connections: a heaven reaches exactly the "
                "3 gates (G103 [8. Embark From Heaven])"
            )
    if "flame" not in set(under.kind_of.values()):
        problems.append(
            "connections: no flame border, the rulebook has them (G111 [Spaces in the Underworld])"
        )
    spaces = [i for i, k in enumerate(under.space_kind) if k not in (None, "heaven")]
    if spaces:
        walkable = [
            tuple(
                n
                for n in under.neighbors[i]
                if under.kind_of[(i, n)] != "flame" and under.space_kind[n] != "heaven"
            )
            for i in range(len(under))
        ]
        if reachable(walkable, spaces[0]) != set(spaces):
            problems.append("connections: the flame borders cut the Underworld in parts")
    bonus = [r for r, b in zip(under.regions, under.region_bonus, strict=True) if b]
    if bonus:
        problems.append(
            f"regions.{bonus[0]}: Underworld spaces give no bonus (G110 [Spaces in the Underworld])"
        )
    return problems


BOARD_FACTS = {EARTH_FACTS: earth_problems, UNDERWORLD_FACTS: underworld_problems}


def board_fact_problems(b: Board, source: str) -> None:
    """Raise a BoardError listing every stated fact a board with `facts` breaks."""
    check = BOARD_FACTS.get(b.facts or "")
    if b.facts is not None and check is None:
        raise BoardError(f"{source}: facts: unknown set of facts {b.facts!r}")
    problems = check(b) if check is not None else []
    if problems:
        raise BoardError("\n".join(f"{source}: {p}" for p in problems))


def components_from_dict(data: object, source: str) -> Components:
    """Validate a Godstorm components file against its boards and every stated fact."""
    f = validate(GodstormFile, data, source)
    check_header(source, f.format, f.version, FORMAT)
    problems: list[str] = []
    boards: dict[str, Board] = {}
    for role, facts in (("earth", EARTH_FACTS), ("underworld", UNDERWORLD_FACTS)):
        board_id = f.boards.get(role)  # type: ignore[call-overload]
        if board_id is None:
            problems.append(f"boards.{role}: missing")
            continue
        try:
            boards[role] = board(board_id)
        except BoardError as exc:
            problems.append(f"boards.{role}: {exc}")
            continue
        if boards[role].facts != facts:
            problems.append(f"boards.{role}: {board_id} is not a board with facts {facts!r}")
    problems += _pantheon_problems(f, boards.get("underworld"))
    problems += _constant_problems(f)
    cards, card_problems = _cards(f, boards.get("earth"))
    problems += card_problems
    if problems:
        raise BoardError("\n".join(f"{source}: {p}" for p in problems))
    under = boards["underworld"]
    return Components(
        name=f.name,
        earth=boards["earth"],
        underworld=under,
        pantheons=tuple(f.pantheons),
        colour=tuple(p.colour for p in f.pantheons.values()),
        heaven=tuple(under.territory(p.heaven) for p in f.pantheons.values()),
        gods=tuple(tuple(getattr(p.gods, d) for d in DOMAINS) for p in f.pantheons.values()),
        constants={k: c.value for k, c in f.constants.items()},
        cards=tuple(cards),
        deck_cards={
            deck: tuple(i for i, c in enumerate(cards) if c.deck == deck) for deck in DECKS
        },
    )


def _pantheon_problems(f: GodstormFile, under: Board | None) -> list[str]:
    problems = []
    if len(f.pantheons) != PANTHEONS:
        problems.append(
            f"pantheons: {len(f.pantheons)}, the rulebook has {PANTHEONS} "
            "(G2 [The Gods and Faithful])"
        )
    seen: dict[str, str] = {}
    heavens = (
        {under.territories[i] for i, k in enumerate(under.space_kind) if k == "heaven"}
        if under is not None
        else set()
    )
    used_heavens: set[str] = set()
    for name, p in f.pantheons.items():
        for domain in DOMAINS:
            god = getattr(p.gods, domain)
            if god in seen:
                problems.append(
                    f"pantheons.{name}.gods.{domain}: {god} is also {seen[god]} "
                    "(G39 [2. Summon Gods and Build Temples])"
                )
            seen[god] = f"{possessive(name)} god of {domain}"
        if under is not None and p.heaven not in heavens:
            problems.append(f"pantheons.{name}.heaven: {p.heaven!r} is no heaven of the Underworld")
        if p.heaven in used_heavens:
            problems.append(f"pantheons.{name}.heaven: {p.heaven} belongs to another pantheon")
        used_heavens.add(p.heaven)
    return problems


def _constant_problems(f: GodstormFile) -> list[str]:
    problems = []
    for key, stated in STATED_CONSTANTS.items():
        entry = f.constants.get(key)
        if entry is None:
            problems.append(f"constants.{key}: missing")
        elif stated is not None and entry.value != stated:
            problems.append(f"constants.{key}: the rulebook says {stated}, not {entry.value}")
        elif stated is None and (
            not isinstance(entry.value, int) or not 1 <= entry.value <= MOST_CONSTANT
        ):
            problems.append(f"constants.{key}: must be a whole number from 1 to {MOST_CONSTANT}")
    problems += [
        f"constants.{key}: not a constant of the rules"
        for key in f.constants
        if key not in STATED_CONSTANTS
    ]
    return problems


def _cards(f: GodstormFile, earth: Board | None) -> tuple[list[Card], list[str]]:
    """The cards, and every problem: deck sizes (G52), hooks allowed for the deck and the
    primitive, parameters, territory names, the known titles, and the cost facts of M3."""
    problems: list[str] = []
    cards: list[Card] = []
    ids: set[str] = set()
    for n, c in enumerate(f.cards):
        where = f"cards.{n} ({c.id})"
        if c.id in ids:
            problems.append(f"{where}.id: used twice")
        ids.add(c.id)
        if c.cost > MOST_CARD_COST:
            problems.append(f"{where}.cost: a card costs 0 to {MOST_CARD_COST} faith")
        effects: list[Effect] = []
        for e_n, e in enumerate(c.effects):
            at = f"{where}.effects.{e_n}"
            entry = PRIMITIVES.get(e.primitive)
            if entry is None:
                problems.append(
                    f"{at}.primitive: unknown {e.primitive!r} "
                    f"(known: {', '.join(sorted(PRIMITIVES))})"
                )
                continue
            model, hooks = entry
            if e.hook not in DECK_HOOKS[c.deck]:
                problems.append(f"{at}.hook: a {c.deck} card cannot act at {e.hook!r}")
            elif e.hook not in hooks:
                problems.append(f"{at}.hook: {e.primitive} cannot act at {e.hook!r}")
            try:
                params = model.model_validate(e.params)
            except ValidationError as exc:
                problems += [
                    f"{at}.params.{'.'.join(str(p) for p in err['loc'])}: {err['msg']}"
                    for err in exc.errors()
                ]
                continue
            problems += _amount_problems(at, params)
            problems += [
                f"{at}.{problem}" for problem in hook_problems(e.hook, e.primitive, params)
            ]
            named = [getattr(params, k) for k in ("territory", "region") if hasattr(params, k)]
            if earth is not None:
                for value in named:
                    if (
                        value is not None
                        and value not in earth.index
                        and value not in earth.regions
                    ):
                        problems.append(f"{at}.params: {value!r} is not on Ancient Earth")
            effects.append(Effect(e.hook, e.primitive, params))
        cards.append(
            Card(
                c.id, c.title, c.deck, c.cost, tuple(effects), f"{c.source.kind}: {c.source.source}"
            )
        )
    problems += _deck_problems(f.cards)
    return cards, problems


def _amount_problems(at: str, params: BaseModel) -> list[str]:
    """Every whole number of an effect within `MOST_CARD_AMOUNT` either way (a faith loss is
    negative)."""
    problems = []
    for name, value in params.model_dump().items():
        if isinstance(value, bool) or not isinstance(value, int):
            continue
        if value > MOST_CARD_AMOUNT:
            problems.append(f"{at}.params.{name}: a card's {name} is at most {MOST_CARD_AMOUNT}")
        elif value < -MOST_CARD_AMOUNT:
            problems.append(f"{at}.params.{name}: a card's {name} is at least -{MOST_CARD_AMOUNT}")
    return problems


def _deck_problems(cards: list[CardFile]) -> list[str]:
    problems = []
    sizes: Counter[str] = Counter(c.deck for c in cards)
    for deck, size in DECKS.items():
        if sizes[deck] != size:
            problems.append(
                f"cards: {sizes[deck]} {deck} cards, the rulebook has {size} "
                "(G52 [Artifacts of the Past])"
            )
    titles = {c.title: c for c in cards if c.title is not None}
    for title, known_deck in KNOWN_CARDS.items():
        card = titles.get(title)
        if card is None:
            problems.append(
                f"cards: {title!r} is a known card (its title is published) and is missing"
            )
        elif known_deck is not None and card.deck != known_deck:
            problems.append(f"cards: {title!r} is a {known_deck} card, not {card.deck}")
        elif card.source.kind == "reconstructed" and card.title == title:
            problems.append(f"cards: {title!r}: a known title is 'stated' or 'public'")
    for c in cards:
        # M3: Death cards are never free; G71: relics have no play cost.
        if c.deck == "Death" and c.cost == 0:
            problems.append(f"cards.{c.id}.cost: no Death card is free (M3 [Death Cards])")
        if c.deck == "Magic" and c.cost != 0:
            problems.append(f"cards.{c.id}.cost: relics have no play cost (G71 [Magic Cards])")
    free_war = sum(1 for c in cards if c.deck == "War" and c.cost == 0)
    if sizes["War"] == DECKS["War"] and not 6 <= free_war <= 11:
        problems.append(
            f"cards: {free_war} free War cards; they are cheap, about half free (M3 [War Cards])"
        )
    sink = [c.id for c in cards if any(e.primitive == "sink-atlantis" for e in c.effects)]
    tomb = titles.get("The Sea Is Your Tomb")
    if sink != ([tomb.id] if tomb is not None else []):
        problems.append(
            "cards: only The Sea Is Your Tomb sinks Atlantis (G116 [Atlantis]), and it does"
        )
    if not any(e.primitive == "maelstrom" for c in cards for e in c.effects):
        problems.append("cards: some card must use the maelstrom marker (components)")
    stonehenge = titles.get("Stonehenge")
    if stonehenge is not None and not any(
        e.primitive == "territory-point" and e.params.get("territory") == "Anglia"
        for e in stonehenge.effects
    ):
        problems.append("cards: Stonehenge gives a point with Anglia (G72, E4 [Magic Cards])")
    return problems


@cache
def components() -> Components:
    """The packaged components (validated once)."""
    return components_from_dict(read_json(PACKAGED), PACKAGED)


def check_file(path: Path) -> str:
    """Validate a user's Godstorm components file; a line saying what it holds."""
    data = read_file(path)
    c = components_from_dict(data, str(path))
    counts = ", ".join(f"{deck} {len(c.deck_cards[deck])}" for deck in DECKS)
    known = sum(1 for card in c.cards if card.title is not None)
    return (
        f"{c.name}: {len(c.pantheons)} pantheons, {len(c.cards)} miracle cards ({counts}), "
        f"{known} with a known title"
    )
