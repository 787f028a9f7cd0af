"""RISK Mass Effect's components as data: the 42-planet galaxy, its two meters and the 81
faction cards.

The rulebook scan lost the board and every card face, and no public source has them
(shared/data-sources/mass-effect-partial.json). The packaged files are reconstructions
consistent with every fact the rulebook states (shared/specs/mass-effect.md section 0.1), each
item marked `stated` or `reconstructed` with its reason. Loading checks those facts, so an
owner of the game can put the printed values in and run `warroom board check FILE`, with no
change to the code.

Two files, each with its own `format`:
- `mass_effect/galaxy.json` (`warroom-mass-effect-galaxy`): the map (an ordinary
  `warroom-board` with `border` and `mass_relay` connections, so the Board code reads it),
  per-planet provenance and resource flags, per-region provenance, the Momentum Meter's
  spaces and the Strategic Planet Meter's extra cards.
- `mass_effect/cards.json` (`warroom-mass-effect-cards`): the three faction decks of 27, each
  card's id and ship class. Galaxy at War's directives live in their own file, keyed by id.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from warroom.core.board import (
    Board,
    Name,
    ProvenanceFile,
    SourceFile,
    StrictModel,
    check_header,
    validate,
)
from warroom.core.errors import BoardError
from warroom.data import CardIndex, Shared, data_error, provenance_of, read_file, read_json

GALAXY_FORMAT = "warroom-mass-effect-galaxy"
CARDS_FORMAT = "warroom-mass-effect-cards"
FORMATS = (GALAXY_FORMAT, CARDS_FORMAT)
PACKAGED_GALAXY = "mass_effect/galaxy.json"
PACKAGED_CARDS = "mass_effect/cards.json"

# Facts the rulebook states (shared/specs/mass-effect.md section 0.1).
PLANETS = 42
REGIONS = (
    "Terminus Systems",
    "Perseus Veil",
    "Citadel Council Systems",
    "Attican Traverse",
    "Earth Central Systems",
    "Human Colonial Systems",
)
NAMED_PLANETS = (
    "Palaven", "Lesuss", "Dekuuna", "Tuchanka", "Irune", "Benning", "Sur'Kesh", "Thessia",
    "Zorya", "Ontarom", "Antibaar", "Noveria", "Earth", "Eden Prime", "Elysium", "Haestrom",
    "Pragia",
)  # fmt: skip
BORDER, RELAY = "border", "mass_relay"
CONNECTION_KINDS = (BORDER, RELAY)
# The 13 connections of the rulebook's examples; None: the example does not say which kind.
STATED_EDGES: tuple[tuple[str, str, str | None], ...] = (
    ("Palaven", "Lesuss", BORDER),  # [The Game Board]
    ("Palaven", "Dekuuna", BORDER),
    ("Palaven", "Tuchanka", BORDER),
    ("Palaven", "Irune", BORDER),
    ("Palaven", "Benning", RELAY),
    ("Thessia", "Zorya", None),  # [Step 2 - Invade] example
    ("Ontarom", "Antibaar", None),  # [Resolving the Dice]
    ("Noveria", "Earth", None),  # [Step 3 - Fortify] and [Attacking Harbinger]
    ("Earth", "Benning", None),  # [Step 3 - Fortify]
    ("Noveria", "Eden Prime", None),  # [Attacking Harbinger]
    ("Noveria", "Elysium", RELAY),  # [Attacking Harbinger]: "the Mass Relay connection"
    ("Haestrom", "Pragia", RELAY),  # [Step 5 Harbinger]: "using the Mass Relay"
    ("Pragia", "Ontarom", None),  # [Step 5 Harbinger]
)
# R [The Game Board] (spec 0.1): "Forces in Palaven can attack any of these planets": these and no
# others.
PALAVEN_NEIGHBOURS = frozenset({"Lesuss", "Dekuuna", "Tuchanka", "Irune", "Benning"})
STATED_NON_EDGES = (("Palaven", "Sur'Kesh"),)  # [The Game Board]
STATED_BONUS = {"Earth Central Systems": 2}  # [Did You Control Any Regions?]
RESOURCE_PLANETS = 13  # [GaW Object] "10 out of the 13 strategic resource planets"
CERBERUS_WIN = 10
CERBERUS_MOST_CLAIMED = 8  # GaW set-up chart: Cerberus claims 7 (3 players) or 8 (4-5)
PLANET_FIELDS = frozenset({"name", "region", "connections", "xy", "resource"})
MOMENTUM_EXTRA_CARDS = (0, 1, 2)  # [Momentum Meter] "one or two extra cards"
MOMENTUM_MOD = 3  # [Momentum Meter] adds or subtracts 1, 2 or 3 to Alliance Harbinger attacks
HARBINGER_TARGET = 18  # [Attacking Harbinger]: 3d6 plus bonuses must reach 18
STRATEGIC_MOST = 2  # R [Strategic Planets] (spec 0.1): 0 to 2 extra cards
FACTIONS = ("Reaper", "Alliance", "Cerberus")  # [Contents]
DECK_SIZE = 27
SHIP_CLASSES = ("cruiser", "carrier", "dreadnought")  # [Reinforcement Chart]
DECK_FIELDS = frozenset({"count", "class", "id", "planet"})


class PlanetFile(StrictModel):
    resource: bool = False
    provenance: dict[str, SourceFile]


class MomentumSpace(StrictModel):
    side: Literal["reaper", "balanced", "alliance"]
    extra_cards: int
    harbinger_mod: int


class MomentumFile(StrictModel):
    start: int
    spaces: list[MomentumSpace]
    provenance: dict[str, SourceFile]


class StrategicFile(StrictModel):
    extra_cards: list[int]
    provenance: dict[str, SourceFile]


class GalaxyFile(StrictModel):
    format: str
    version: int
    id: str
    name: Name
    provenance: ProvenanceFile
    map: dict[str, Any]
    regions: dict[str, SourceFile]
    planets: dict[str, PlanetFile]
    momentum: MomentumFile
    strategic: StrategicFile


class CardFile(StrictModel):
    id: str = Field(min_length=1, pattern=r"^[a-z][a-z0-9-]*$")
    ship_class: str = Field(alias="class")


class DeckFile(StrictModel):
    faction: str
    cards: list[CardFile]
    provenance: dict[str, SourceFile]


class CardsFile(StrictModel):
    format: str
    version: int
    id: str
    name: Name
    provenance: ProvenanceFile
    decks: list[DeckFile]


@dataclass(frozen=True, slots=True)
class Space:
    """One space of the Momentum Meter."""

    side: str
    extra_cards: int
    harbinger_mod: int


@dataclass(frozen=True, slots=True, eq=False)
class Galaxy(Shared):
    """The board with its per-planet attributes (indexed like `board.territories`) and the
    two meters."""

    board: Board
    resource: tuple[bool, ...]
    momentum: tuple[Space, ...]
    momentum_start: int
    strategic_cards: tuple[int, ...]  # extra cards by resource planets held, 0..13
    provenance: dict[str, str]  # "<planet>.<field>": "<kind>: <source>"


@dataclass(frozen=True, slots=True, eq=False)
class Cards(CardIndex):
    """The 81 faction cards, numbered in file order (deck by deck)."""

    card_ids: tuple[str, ...]
    ship_class: tuple[str, ...]
    faction: tuple[int, ...]  # index into FACTIONS
    index: dict[str, int]  # card id, as given and in lower case


# -- the galaxy ------------------------------------------------------------------------------
def galaxy_from_dict(data: object, source: str) -> Galaxy:
    f = validate(GalaxyFile, data, source)
    check_header(source, f.format, f.version, GALAXY_FORMAT)
    board = Board.from_dict(f.map, f"{source}: map")
    problems = _galaxy_problems(f, board)
    if problems:
        raise data_error(source, problems)
    names = board.territories
    provenance = provenance_of(
        [(name, f.planets[name].provenance) for name in names]
        + [(region, {"region": s}) for region, s in f.regions.items()]
        + [("momentum", f.momentum.provenance), ("strategic", f.strategic.provenance)]
    )
    return Galaxy(
        board=board,
        resource=tuple(f.planets[n].resource for n in names),
        momentum=tuple(Space(s.side, s.extra_cards, s.harbinger_mod) for s in f.momentum.spaces),
        momentum_start=f.momentum.start,
        strategic_cards=tuple(f.strategic.extra_cards),
        provenance=provenance,
    )


def _galaxy_problems(f: GalaxyFile, board: Board) -> list[tuple[str, str]]:
    """Every section 0.1 fact the file breaks: all of them, not the first."""
    out: list[tuple[str, str]] = []
    names = board.territories
    if len(names) != PLANETS:
        out.append(
            ("map.territories", f"the galaxy has exactly {PLANETS} planets, not {len(names)}")
        )
    if sorted(board.regions) != sorted(REGIONS):
        out.append(("map.regions", f"exactly the six regions the rulebook names: {REGIONS}"))
    for planet in NAMED_PLANETS:
        if planet not in names:
            out.append(("map.territories", f"the rulebook names the planet {planet!r}"))
    if set(f.map.get("connection_kinds", {})) != set(CONNECTION_KINDS):
        out.append(("map.connection_kinds", f"exactly {CONNECTION_KINDS} ([The Game Board])"))
    for a, b, kind in STATED_EDGES:
        if a not in names or b not in names:
            continue
        i, j = board.territory(a), board.territory(b)
        if not board.adjacent(i, j):
            out.append((f"map.territories.{a}", f"the rulebook's example joins it to {b}"))
        elif kind is not None and board.kind_of[(i, j)] != kind:
            out.append((f"map.territories.{a}.connections.{b}", f"the rulebook says {kind!r}"))
    if "Palaven" in names:
        got = {names[n] for n in board.neighbors[board.territory("Palaven")]}
        if got != PALAVEN_NEIGHBOURS:
            out.append(
                (
                    "map.territories.Palaven.connections",
                    f"exactly {sorted(PALAVEN_NEIGHBOURS)} ([The Game Board] example)",
                )
            )
    for a, b in STATED_NON_EDGES:
        if a in names and b in names and board.adjacent(board.territory(a), board.territory(b)):
            out.append((f"map.territories.{a}", f"[The Game Board]: {b} is not adjacent to it"))
    relays_across = any(
        kind == RELAY and board.region_of[i] != board.region_of[j]
        for (i, j), kind in board.kind_of.items()
    )
    if not relays_across:
        out.append(("map", "some Mass Relay joins two regions (a devastated planet may block one)"))
    for region, bonus in STATED_BONUS.items():
        if region in board.regions and board.region_bonus[board.regions.index(region)] != bonus:
            out.append((f"map.regions.{region}.bonus", f"the rulebook says {bonus}"))
    if set(f.regions) != set(board.regions):
        out.append(("regions", "a provenance entry for every region of the map, and no other"))
    if set(f.planets) != set(names):
        missing = sorted(set(names) - set(f.planets))
        extra = sorted(set(f.planets) - set(names))
        out.append(("planets", f"one entry per map planet (missing {missing}, unknown {extra})"))
    for planet_name, entry in f.planets.items():
        missing_fields = PLANET_FIELDS - set(entry.provenance)
        if missing_fields:
            out.append((f"planets.{planet_name}.provenance", f"missing {sorted(missing_fields)}"))
    resources = sum(p.resource for p in f.planets.values())
    if resources != RESOURCE_PLANETS:
        out.append(("planets", f"exactly {RESOURCE_PLANETS} resource planets, not {resources}"))
    out += _meter_problems(f)
    return out


def _meter_problems(f: GalaxyFile) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    spaces = f.momentum.spaces
    for k, s in enumerate(spaces):
        if s.extra_cards not in MOMENTUM_EXTRA_CARDS:
            out.append((f"momentum.spaces.{k}.extra_cards", "0, 1 or 2 ([Momentum Meter])"))
        if abs(s.harbinger_mod) > MOMENTUM_MOD:
            out.append((f"momentum.spaces.{k}.harbinger_mod", "-3 to +3 ([Momentum Meter])"))
        if s.side == "balanced" and (s.extra_cards or s.harbinger_mod):
            out.append((f"momentum.spaces.{k}", "a balanced space has no effect"))
    sides = [s.side for s in spaces]
    if sides != sorted(sides, key=("reaper", "balanced", "alliance").index) or not (
        "reaper" in sides and "alliance" in sides
    ):
        out.append(("momentum.spaces", "the Reaper side, then the Alliance side, in order"))
    if not 0 <= f.momentum.start < len(spaces):
        out.append(("momentum.start", f"a space of the meter (0 to {len(spaces) - 1})"))
    else:
        start = spaces[f.momentum.start]
        if start.side != "reaper":
            out.append(("momentum.start", "[Momentum Meter]: Start is on the Reaper side"))
        if start.harbinger_mod < 0:
            # Spec 0.1 caution: 3d6 reach 18 at most, so a negative Start modifier would make
            # the printed plain Harbinger attack impossible at the start of the game.
            out.append(("momentum.start", "no negative Harbinger modifier at Start (3d6 ≤ 18)"))
    cards = f.strategic.extra_cards
    if len(cards) != RESOURCE_PLANETS + 1:
        out.append(("strategic.extra_cards", f"one value per count 0..{RESOURCE_PLANETS}"))
    if any(not 0 <= c <= STRATEGIC_MOST for c in cards) or cards != sorted(cards):
        out.append(("strategic.extra_cards", f"non-decreasing, 0 to {STRATEGIC_MOST} cards"))
    return out


@cache
def galaxy() -> Galaxy:
    return galaxy_from_dict(read_json(PACKAGED_GALAXY), PACKAGED_GALAXY)


# -- the faction cards -----------------------------------------------------------------------
def cards_from_dict(data: object, source: str) -> Cards:
    f = validate(CardsFile, data, source)
    check_header(source, f.format, f.version, CARDS_FORMAT)
    problems: list[tuple[str, str]] = []
    if [d.faction for d in f.decks] != list(FACTIONS):
        problems.append(("decks", f"[Contents]: three decks, in order {FACTIONS}"))
    ids: list[str] = []
    classes: list[str] = []
    faction: list[int] = []
    for d, deck in enumerate(f.decks):
        if len(deck.cards) != DECK_SIZE:
            problems.append(
                (f"decks.{d}.cards", f"[Contents]: {DECK_SIZE} cards, not {len(deck.cards)}")
            )
        missing = DECK_FIELDS - set(deck.provenance)
        if missing:
            problems.append((f"decks.{d}.provenance", f"missing {sorted(missing)}"))
        for k, card in enumerate(deck.cards):
            if card.ship_class not in SHIP_CLASSES:
                problems.append(
                    (
                        f"decks.{d}.cards.{k}.class",
                        f"one of {SHIP_CLASSES}, not {card.ship_class!r}",
                    )
                )
            if card.id in ids:
                problems.append((f"decks.{d}.cards.{k}.id", f"{card.id!r} is used twice"))
            ids.append(card.id)
            classes.append(card.ship_class)
            faction.append(d)
    if problems:
        raise data_error(source, problems)
    index = {card_id: n for n, card_id in enumerate(ids)}
    return Cards(tuple(ids), tuple(classes), tuple(faction), index)


@cache
def cards() -> Cards:
    return cards_from_dict(read_json(PACKAGED_CARDS), PACKAGED_CARDS)


def check_file(path: Path) -> str:
    """Validate a user's Mass Effect data file of either format; a line saying what it holds,
    or a BoardError listing every problem."""
    data = read_file(path)
    fmt = data.get("format") if isinstance(data, dict) else None
    if fmt == GALAXY_FORMAT:
        g = galaxy_from_dict(data, str(path))
        edges = sum(len(n) for n in g.board.neighbors) // 2
        relays = sum(kind == RELAY for kind in g.board.kind_of.values()) // 2
        return (
            f"{g.board.name}: {len(g.board)} planets, {len(g.board.regions)} regions, "
            f"{edges} connections ({relays} Mass Relays), {sum(g.resource)} resource planets, "
            f"Momentum Meter of {len(g.momentum)} spaces"
        )
    if fmt == CARDS_FORMAT:
        c = cards_from_dict(data, str(path))
        return f"{len(c.card_ids)} faction cards in {len(FACTIONS)} decks"
    raise BoardError(f"{path}: format: not a Mass Effect data file ({', '.join(FORMATS)})")
