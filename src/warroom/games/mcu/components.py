"""RISK MCU's components as data: the Manhattan board, the charts and the faction decks.

The rulebook scan lost the board, the Recruitment chart and every card, and no public source
has them (shared/data-sources/README.md). The packaged files are reconstructions consistent
with every fact the rulebook states (shared/specs/mcu.md section 0.1 and 1.3), each item marked
`stated` or `reconstructed` with its reason. Loading checks those facts, so an owner of the game
can put the printed values in and run `warroom board check FILE`, with no change to the code.

Three files, each with its own `format`:
- `mcu/manhattan.json` (`warroom-mcu-board`): the map (an ordinary `warroom-board`, so the
  Board code reads it), per-sector provenance and the Battle for Manhattan attributes
  (`docking`, `resource`, `loki`, `dark_elves`), and the Helicarrier, which is in no region and
  not on the Skirmish map (MCU2).
- `mcu/charts.json` (`warroom-mcu-charts`): the Recruitment chart (symbols to units).
- `mcu/cards.json` (`warroom-mcu-cards`): the five faction decks, each card's symbols.
- `mcu/battle.json` (`warroom-mcu-bfm`): Battle for Manhattan's set-up chart, Hero cards (each
  faction's objective and 3 Allies, Hulk) and each faction card's Ally and one-time power, the
  powers named by primitives with parameters (`POWERS`), so a transcription is data only.
"""

from __future__ import annotations

import copy
import math
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from warroom.core.board import (
    Board,
    BoardFile,
    Links,
    Name,
    ProvenanceFile,
    SourceFile,
    StrictModel,
    check_header,
    reachable,
    validate,
)
from warroom.core.errors import BoardError
from warroom.data import CardIndex, Shared, data_error, provenance_of, read_file, read_json
from warroom.games.mcu.names import areas, caption, with_caption_aliases
from warroom.rules.battle import BattleRule, SideRule
from warroom.rules.cards import SymbolChart

BOARD_FORMAT = "warroom-mcu-board"
CHARTS_FORMAT = "warroom-mcu-charts"
CARDS_FORMAT = "warroom-mcu-cards"
BFM_FORMAT = "warroom-mcu-bfm"
FORMATS = (BOARD_FORMAT, CHARTS_FORMAT, CARDS_FORMAT, BFM_FORMAT)
PACKAGED_BOARD = "mcu/manhattan.json"
PACKAGED_CHARTS = "mcu/charts.json"
PACKAGED_CARDS = "mcu/cards.json"
PACKAGED_BFM = "mcu/battle.json"

# Facts the rulebook states (shared/specs/mcu.md section 0.1).
# the highest sector number named; R [Avengers Game Board]: the board is Sector_01..Sector_50
HIGHEST_SECTOR = 50
SECTOR_IDS = tuple(f"Sector_{n:02d}" for n in range(1, HIGHEST_SECTOR + 1))
NAMED_SECTORS = {
    "Sector_01": "Malibu",
    "Sector_12": None,
    "Sector_13": None,
    "Sector_24": None,
    "Sector_25": None,
    "Sector_30": "Washington D.C.",
    "Sector_31": None,
    "Sector_32": None,
    "Sector_40": "Sokovia",
    "Sector_50": "Asgard",
}
STATED_EDGES = (("Sector_12", "Sector_13"), ("Sector_24", "Sector_31"), ("Sector_31", "Sector_32"))
SOUTH_CENTRAL = "South Central"
SOUTH_CENTRAL_SECTORS, SOUTH_CENTRAL_BONUS = 4, 4
DOCKING_SECTORS, DOCKING_STATED = 9, "Sector_25"
RESOURCE_SECTORS, LOKI_SECTORS = 10, 8
DARK_ELVES_SECTOR = "Sector_50"
FACTIONS = ("Captain America", "Ultron", "Iron Man", "Winter Soldier", "Thor")  # MCU34 order
HELICARRIER_SECTIONS = 3


class SectorFile(StrictModel):
    label: str | None = None
    docking: bool = False
    resource: bool = False
    loki: bool = False
    dark_elves: bool = False
    provenance: dict[str, SourceFile]


class HelicarrierFile(StrictModel):
    territories: list[str]
    access: str
    links: Links
    operatives: dict[str, int]
    provenance: dict[str, SourceFile]


class McuBoardFile(StrictModel):
    format: str
    version: int
    id: str
    name: Name
    provenance: ProvenanceFile
    map: dict[str, Any]
    regions: dict[str, SourceFile]
    sectors: dict[str, SectorFile]
    helicarrier: HelicarrierFile


class ChartFile(StrictModel):
    min_symbols: int
    max_symbols: int
    units: dict[str, int]
    provenance: dict[str, SourceFile]


class McuChartsFile(StrictModel):
    format: str
    version: int
    id: str
    name: Name
    provenance: ProvenanceFile
    recruitment: ChartFile


class CardFile(StrictModel):
    id: str = Field(min_length=1, pattern=r"^[A-Za-z][A-Za-z0-9-]*$")
    symbols: int


class DeckFile(StrictModel):
    id: str
    name: Name
    cards: list[CardFile]
    provenance: dict[str, SourceFile]


class McuCardsFile(StrictModel):
    format: str
    version: int
    id: str
    name: Name
    provenance: ProvenanceFile
    decks: list[DeckFile]


@dataclass(frozen=True, slots=True, eq=False)
class Manhattan(Shared):
    """The board with its per-sector attributes (indexed like `board.territories`)."""

    board: Board
    labels: tuple[str | None, ...]
    docking: tuple[bool, ...]
    resource: tuple[bool, ...]
    loki: tuple[bool, ...]
    dark_elves: tuple[bool, ...]
    helicarrier: tuple[str, ...]  # the access point first
    helicarrier_links: tuple[tuple[str, str], ...]
    operatives: tuple[int, ...]  # per Helicarrier section, in `helicarrier` order
    provenance: dict[str, str]  # "<sector>.<field>": "<kind>: <source>"
    areas: dict[str, str]  # the areas off Manhattan by sector id (Sector_01: Malibu)
    captions: dict[str, str]  # every sector and Helicarrier section as sentences name it


@dataclass(frozen=True, slots=True, eq=False)
class Decks(CardIndex):
    """The faction decks' cards, numbered in file order (deck by deck)."""

    card_ids: tuple[str, ...]
    symbols: tuple[int, ...]
    faction: tuple[int, ...]  # index into `factions`
    factions: tuple[str, ...]
    index: dict[str, int]  # card id, as given and in lower case


# -- the board -------------------------------------------------------------------------------
def board_from_dict(data: object, source: str) -> Manhattan:
    f = validate(McuBoardFile, data, source)
    check_header(source, f.format, f.version, BOARD_FORMAT)
    # The map's shape checked before its captions are read from it: a malformed map is a
    # clear error naming its field, not a traceback from `areas`.
    validate(BoardFile, f.map, f"{source}: map")
    labels = {name: s.label for name, s in f.sectors.items()}
    area_of = areas(f.map, labels)
    plan = copy.deepcopy(f.map)
    with_caption_aliases(plan, area_of)
    board = Board.from_dict(plan, f"{source}: map")
    problems = _board_problems(f, board)
    if problems:
        raise data_error(source, problems)
    names = board.territories
    heli = f.helicarrier
    sectors = [f.sectors[n] for n in names]
    provenance = provenance_of(
        [(name, f.sectors[name].provenance) for name in names]
        + [(region, {"region": s}) for region, s in f.regions.items()]
        + [("helicarrier", heli.provenance)]
    )
    order = [heli.access] + [t for t in heli.territories if t != heli.access]
    return Manhattan(
        board=board,
        labels=tuple(s.label for s in sectors),
        docking=tuple(s.docking for s in sectors),
        resource=tuple(s.resource for s in sectors),
        loki=tuple(s.loki for s in sectors),
        dark_elves=tuple(s.dark_elves for s in sectors),
        helicarrier=tuple(order),
        helicarrier_links=tuple(heli.links),
        operatives=tuple(heli.operatives[t] for t in order),
        provenance=provenance,
        areas=area_of,
        captions={t: caption(t, area_of.get(t)) for t in (*names, *order)},
    )


def _board_problems(f: McuBoardFile, board: Board) -> list[tuple[str, str]]:
    """Every section 0.1 fact the file breaks: all of them, not the first."""
    out: list[tuple[str, str]] = []
    names = board.territories
    expected = list(SECTOR_IDS)
    if sorted(names) != expected:
        out.append(
            (
                "map.territories",
                "the board is exactly Sector_01 ... Sector_50 (a reconstruction: the rulebook "
                "names none above Sector_50)",
            )
        )
    if len(names) > 57:
        out.append(
            ("map.territories", "at most 57 sectors, so nobody starts with 20 (MCU26 [Winning])")
        )
    for sector, label in NAMED_SECTORS.items():
        if sector not in board.index:
            continue
        got = f.sectors.get(sector)
        if label is not None and (got is None or got.label != label):
            out.append((f"sectors.{sector}", f"the rulebook names it {label!r}"))
    for a, b in STATED_EDGES:
        if (
            a in board.index
            and b in board.index
            and not board.adjacent(board.index[a], board.index[b])
        ):
            out.append((f"map.territories.{a}", f"the rulebook's example joins it to {b}"))
    if SOUTH_CENTRAL not in board.regions:
        out.append(("map.regions", f"the rulebook names the region {SOUTH_CENTRAL!r}"))
    else:
        r = board.regions.index(SOUTH_CENTRAL)
        if len(board.region_members[r]) != SOUTH_CENTRAL_SECTORS:
            out.append((f"map.regions.{SOUTH_CENTRAL}", "[Reinforcement]: exactly 4 sectors"))
        if board.region_bonus[r] != SOUTH_CENTRAL_BONUS:
            out.append((f"map.regions.{SOUTH_CENTRAL}", "[Reinforcement]: a bonus of 4"))
    if set(f.sectors) != set(names):
        missing = sorted(set(names) - set(f.sectors))
        extra = sorted(set(f.sectors) - set(names))
        out.append(("sectors", f"one entry per map sector (missing {missing}, unknown {extra})"))
    if set(f.regions) != set(board.regions):
        out.append(("regions", "a provenance entry for every region of the map, and no other"))
    for name, s in f.sectors.items():
        missing_fields = {"name", "region", "connections", "xy", "attributes"} - set(s.provenance)
        if missing_fields:
            out.append((f"sectors.{name}.provenance", f"missing {sorted(missing_fields)}"))
    docks = sorted(n for n, s in f.sectors.items() if s.docking)
    if len(docks) != DOCKING_SECTORS or DOCKING_STATED not in docks:
        out.append(("sectors", f"exactly {DOCKING_SECTORS} docking sectors, Sector_25 among them"))
    if sum(s.resource for s in f.sectors.values()) != RESOURCE_SECTORS:
        out.append(("sectors", f"exactly {RESOURCE_SECTORS} resource sectors (10 chips)"))
    loki = [n for n, s in f.sectors.items() if s.loki]
    if len(loki) != LOKI_SECTORS or DARK_ELVES_SECTOR in loki:
        out.append(("sectors", f"exactly {LOKI_SECTORS} Loki sectors, never Asgard"))
    elves = [n for n, s in f.sectors.items() if s.dark_elves]
    if elves != [DARK_ELVES_SECTOR]:
        out.append(("sectors", "the Dark Elves hold Asgard (Sector_50) and nothing else"))
    # Reachability of the off-Manhattan areas follows from the map's connectedness, which
    # the Board checks; the Helicarrier is checked here.
    heli = f.helicarrier
    if len(heli.territories) != HELICARRIER_SECTIONS or len(set(heli.territories)) != 3:
        out.append(("helicarrier.territories", "3 sections (one is the access point)"))
    if heli.access not in heli.territories:
        out.append(("helicarrier.access", "must be one of its sections"))
    if set(heli.territories) & set(names):
        out.append(("helicarrier.territories", "the Helicarrier is beside the map, not on it"))
    section = {t: k for k, t in enumerate(heli.territories)}
    inner: list[list[int]] = [[] for _ in heli.territories]
    for a, b in heli.links:
        if a not in section or b not in section or a == b:
            out.append(("helicarrier.links", f"{a}-{b}: links join two different sections"))
        else:
            inner[section[a]].append(section[b])
            inner[section[b]].append(section[a])
    start = section.get(heli.access)
    linked = set() if start is None else {heli.territories[k] for k in reachable(inner, start)}
    if linked != set(heli.territories):
        out.append(("helicarrier.links", "every section is reached from the access point"))
    if (
        set(heli.operatives) != set(heli.territories)
        or min(heli.operatives.values(), default=0) < 1
        or max(heli.operatives.values(), default=0) > MOST_OPERATIVES
    ):
        out.append(
            (
                "helicarrier.operatives",
                f"1 to {MOST_OPERATIVES} operatives in each section",
            )
        )
    return out


# -- the charts ------------------------------------------------------------------------------
def chart_from_dict(data: object, source: str) -> SymbolChart:
    f = validate(McuChartsFile, data, source)
    check_header(source, f.format, f.version, CHARTS_FORMAT)
    rec = f.recruitment
    problems: list[tuple[str, str]] = []
    if rec.min_symbols != 2:
        problems.append(("recruitment.min_symbols", "[Reinforcement]: 2 symbols or more"))
    if rec.max_symbols != 10:
        problems.append(("recruitment.max_symbols", "[Reinforcement]: at most 10 symbols a turn"))
    totals = sorted(rec.units, key=lambda k: int(k) if k.isdigit() else math.inf)
    # The stated totals, not the file's: a max_symbols of 10**30 must not build that many.
    wanted = [str(n) for n in range(2, 11)]
    if totals != wanted:
        problems.append(("recruitment.units", "one price for each total 2-10"))
    if problems:
        raise data_error(source, problems)
    try:
        return SymbolChart(rec.min_symbols, rec.max_symbols, tuple(rec.units[k] for k in wanted))
    except ValueError as exc:
        raise data_error(source, [("recruitment.units", str(exc))]) from None


# -- the decks -------------------------------------------------------------------------------
def decks_from_dict(data: object, source: str) -> Decks:
    f = validate(McuCardsFile, data, source)
    check_header(source, f.format, f.version, CARDS_FORMAT)
    problems: list[tuple[str, str]] = []
    if [d.name for d in f.decks] != list(FACTIONS):
        problems.append(("decks", f"[Avengers Components]: five decks, in order {FACTIONS}"))
    ids: list[str] = []
    symbols: list[int] = []
    faction: list[int] = []
    for k, deck in enumerate(f.decks):
        if not deck.cards:
            problems.append((f"decks.{k}", "a deck has cards"))
        for card in deck.cards:
            if card.symbols not in (1, 2):
                problems.append((f"decks.{k}.{card.id}", "[Reinforcement]: 1 or 2 symbols a card"))
            ids.append(card.id)
            symbols.append(card.symbols)
            faction.append(k)
        if "cards" not in deck.provenance or "symbols" not in deck.provenance:
            problems.append((f"decks.{k}.provenance", "say where 'cards' and 'symbols' come from"))
    lower = [i.lower() for i in ids]
    if len(set(lower)) != len(lower):
        problems.append(("decks", "two cards share an id (ids are read in any case)"))
    if problems:
        raise data_error(source, problems)
    index = dict(zip(ids, range(len(ids)), strict=True))
    index |= dict(zip(lower, range(len(ids)), strict=True))
    return Decks(tuple(ids), tuple(symbols), tuple(faction), tuple(d.name for d in f.decks), index)


@cache
def manhattan() -> Manhattan:
    return board_from_dict(read_json(PACKAGED_BOARD), PACKAGED_BOARD)


@cache
def recruitment() -> SymbolChart:
    return chart_from_dict(read_json(PACKAGED_CHARTS), PACKAGED_CHARTS)


@cache
def decks() -> Decks:
    return decks_from_dict(read_json(PACKAGED_CARDS), PACKAGED_CARDS)


# -- Battle for Manhattan: set-up chart, Hero cards, card powers -------------------------------
# The one-time power primitives and their parameters (MCU67; MCU65 names the maneuver ones). A
# card names one; `manhattan.py` applies it. timing: the steps of the owner's turn it may be
# played in (B21 [BfM Faction Cards]: own turn only).
POWERS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "units": (("count",), ("reinforce",)),  # that many more units to deploy now
    "extra_maneuver": (("count",), ("reinforce", "attack", "maneuver")),  # more maneuvers
    "maneuver_through": ((), ("reinforce", "attack", "maneuver")),  # through any sectors
    "attack_d8": (("dice",), ("attack",)),  # the next battle: that many attack dice are d8s
}
STARTING_CARDS_5 = (1, 1, 1, 2, 2)  # [5 Player]: stated
HYDRA_THRESHOLD = 4  # [Invading the Helicarrier]: stated
# [Avengers Components]: the box's d8s are two attack and two defence dice, so no reconstructed
# Hero card or power may make more of one side's dice d8s (stated).
BOX_D8S = 2
# Neither count is printed (the chart is lost; 3 reconstructed for each): the caps only keep an
# owner's typo (a claim of 10**30 units) from reaching the games, whose odds tables it overflows.
MOST_CLAIM_UNITS = 100
MOST_OPERATIVES = 100


class DiceFile(StrictModel):
    d8: int = Field(default=0, ge=0, le=3)
    plus_one: int = Field(default=0, ge=0, le=3)


class AllyFile(StrictModel):
    id: str = Field(min_length=1, pattern=r"^[A-Za-z][A-Za-z0-9-]*$")
    attack: DiceFile
    defence: DiceFile


class ObjectiveFile(StrictModel):
    """A Hero card's objective: its kind, which the rules check (MCU68-MCU73), with the
    numbers and places the card prints; `_objective_problems` says which a kind takes."""

    kind: Literal["helicarrier", "eliminate", "tower", "scepter"]
    docks: int | None = Field(default=None, ge=1, le=HIGHEST_SECTOR)
    target: str | None = None
    sector: str | None = None
    sectors: list[str] | None = None

    def named(self) -> list[str]:
        """The sectors to hold: `sector` or `sectors`, whichever the kind takes."""
        return [self.sector] if self.sector is not None else self.sectors or []


OBJECTIVE_FIELDS = {  # what each kind takes, besides its kind
    "helicarrier": ("docks",),
    "eliminate": ("target", "sector"),
    "tower": ("sectors",),
    "scepter": ("sector",),
}


@dataclass(frozen=True, slots=True)
class Objective:
    """A faction's objective as the rules check it: the Helicarrier and `docks` Docking
    Station sectors (MCU68), `target` eliminated and `sectors` held (MCU70, MCU72), the Tower
    built and `sectors` held (MCU71), Loki's scepter found and `sectors` held (MCU73)."""

    kind: str
    sectors: tuple[str, ...] = ()
    target: int = -1  # eliminate: the faction, an index into FACTIONS
    docks: int = 0  # helicarrier


class HeroFile(StrictModel):
    faction: str
    objective: ObjectiveFile
    allies: list[AllyFile]
    provenance: dict[str, SourceFile]


class HulkFile(StrictModel):
    attack: DiceFile
    defence: DiceFile
    provenance: dict[str, SourceFile]


class BfmSetupFile(StrictModel):
    claim_units: int
    dark_elves: int
    rage_meter: int
    hydra_threshold: int
    starting_cards: dict[str, list[int]]
    requires: dict[str, str]
    build_order: list[str]
    provenance: dict[str, SourceFile]


class CardPowerFile(StrictModel):
    ally: int
    power: dict[str, Any]


class BfmFile(StrictModel):
    format: str
    version: int
    id: str
    name: Name
    provenance: ProvenanceFile
    setup: BfmSetupFile
    heroes: list[HeroFile]
    hulk: HulkFile
    cards: dict[str, CardPowerFile]
    card_provenance: dict[str, SourceFile]


@dataclass(frozen=True, slots=True)
class Power:
    """A card's one-time power: a primitive of `POWERS` and its whole-number parameters."""

    kind: str
    params: tuple[tuple[str, int], ...]

    def get(self, name: str) -> int:
        return dict(self.params)[name]

    def text(self) -> str:
        """What the power does, in words (no card face survives to quote)."""
        if self.kind == "maneuver_through":
            return "this turn's maneuvers may pass through any sector"
        n = self.get(POWERS[self.kind][0][0])
        if self.kind == "units":
            return f"{n} more {'unit' if n == 1 else 'units'} to place"
        if self.kind == "extra_maneuver":
            return f"{n} more {'maneuver' if n == 1 else 'maneuvers'} this turn"
        return f"{n} attack {'die is a d8' if n == 1 else 'dice are d8s'} in the next battle"


@dataclass(frozen=True, slots=True, eq=False)
class Battle(Shared):
    """Battle for Manhattan's components beyond the board and decks (indexed like `decks`)."""

    claim_units: int
    dark_elves: int
    rage_meter: int
    hydra_threshold: int
    starting_cards: dict[int, tuple[int, ...]]  # players -> cards by position in turn order
    requires: dict[int, int]  # faction -> the faction its objective needs in play
    objectives: tuple[Objective, ...]  # per faction
    ally_ids: tuple[str, ...]  # 3 per faction, faction by faction
    ally_attack: tuple[SideRule, ...]
    ally_defence: tuple[SideRule, ...]
    hulk_attack: SideRule
    card_ally: tuple[int, ...]  # per card: the Ally it shows (an index into ally_ids)
    card_power: tuple[Power, ...]  # per card
    provenance: dict[str, str]

    def ally_faction(self, ally: int) -> int:
        return ally // 3

    def ally_name(self, ally: int) -> str:
        """An Ally as people read it: its faction and its place on the Hero card ("Captain
        America's Ally 2"). The cards are lost, so no printed name survives; typed actions use
        its id (`ally_ids`)."""
        return f"{FACTIONS[self.ally_faction(ally)]}'s Ally {ally % 3 + 1}"

    def ally_power(self, ally: int) -> str:
        """What the Ally does to its sector's dice, in words ("1 defence die is a d8")."""
        attack, defence = self.ally_attack[ally], self.ally_defence[ally]
        if attack == defence and not attack.plain:
            return ", ".join(_dice_words(attack, "")) + ", attacking or defending"
        words = _dice_words(attack, "attack ") + _dice_words(defence, "defence ")
        return ", ".join(words) or "no change to the dice"

    def ally_text(self, ally: int) -> str:
        """The Ally's name and its power: "Captain America's Ally 2 (1 defence die is a d8)"."""
        return f"{self.ally_name(ally)} ({self.ally_power(ally)})"

    def ally_rule(self, ally: int, attacking: bool) -> BattleRule:
        """MCU46: an Ally's dice on its side of a battle (its sector attacking or attacked)."""
        if attacking:
            return BattleRule(attacker=self.ally_attack[ally])
        return BattleRule(defender=self.ally_defence[ally])

    def hulk_rule(self) -> BattleRule:
        """MCU63/B14 [Invading with Hulk]: Hulk's dice, attacking (he only ever attacks: he calms at
        the end of the turn he rages in)."""
        return BattleRule(attacker=self.hulk_attack)

    def odds_presets(self) -> dict[str, BattleRule]:
        """`warroom odds` presets for these pieces' dice: `mcu-hulk`, and each Ally's as
        `mcu-<ally id>-attack` and `mcu-<ally id>-defence` (the Loki, S.H.I.E.L.D. and Dark
        Elves d8s are stated, so `rules/battle.py` holds them); they combine as in play."""
        out = {"mcu-hulk": self.hulk_rule()}
        for ally, name in enumerate(self.ally_ids):
            out[f"mcu-{name.lower()}-attack"] = self.ally_rule(ally, True)
            out[f"mcu-{name.lower()}-defence"] = self.ally_rule(ally, False)
        return out


def _dice_words(side: SideRule, which: str) -> list[str]:
    """A side's dice modifiers in words, `which` naming the side ("attack ", or "" for both)."""
    words = []
    if side.d8:
        words.append(f"{side.d8} {which}{'die is a d8' if side.d8 == 1 else 'dice are d8s'}")
    if side.plus_one == 1:
        words.append(f"+1 on the highest {which}die")
    elif side.plus_one:
        words.append(f"+1 on each of the {side.plus_one} highest {which}dice")
    return words


def _side(d: DiceFile) -> SideRule:
    return SideRule(d8=d.d8, plus_one=d.plus_one)


def _objective_problems(hero: HeroFile, requires: dict[str, str]) -> list[tuple[str, str]]:
    """Each field the objective's kind takes is there and names a real faction or sector,
    and no other; an objective that needs a faction eliminated says the same faction as
    `setup.requires`, which seats them together (B2)."""
    o, where = hero.objective, f"heroes.{hero.faction}.objective"
    problems = []
    takes = OBJECTIVE_FIELDS[o.kind]
    for name in ("docks", "target", "sector", "sectors"):
        given = getattr(o, name) is not None
        if given != (name in takes):
            problems.append(
                (
                    f"{where}.{name}",
                    f"{'needed' if not given else 'not taken'} by a "
                    f"{o.kind} objective, which takes {', '.join(takes)}",
                )
            )
    if o.sectors is not None and not o.sectors:
        problems.append((f"{where}.sectors", "at least one sector"))
    for sector in o.named():
        if sector not in SECTOR_IDS:
            problems.append(
                (
                    f"{where}.sector",
                    f"{sector!r} is no sector (Sector_01 to Sector_{HIGHEST_SECTOR})",
                )
            )
    if o.target is not None:
        if o.target not in FACTIONS or o.target == hero.faction:
            problems.append((f"{where}.target", "another faction, named as in the decks"))
        elif requires.get(hero.faction) != o.target:
            problems.append(
                (
                    f"{where}.target",
                    f"setup.requires must pair {hero.faction} with "
                    f"{o.target}, whom its objective needs in play",
                )
            )
    return problems


def _objective(o: ObjectiveFile) -> Objective:
    target = FACTIONS.index(o.target) if o.target is not None else -1
    return Objective(o.kind, tuple(o.named()), target, o.docks or 0)


def battle_from_dict(data: object, source: str, cards: Decks) -> Battle:
    f = validate(BfmFile, data, source)
    check_header(source, f.format, f.version, BFM_FORMAT)
    problems: list[tuple[str, str]] = []
    s = f.setup
    if s.dark_elves != 3:
        problems.append(("setup.dark_elves", "[BfM Set Up]: 3 Dark Elves"))
    if s.hydra_threshold != HYDRA_THRESHOLD:
        problems.append(("setup.hydra_threshold", "[Invading the Helicarrier]: 4+"))
    if s.rage_meter < 2:
        problems.append(("setup.rage_meter", "at least 2 spaces, or Hulk rages at every conquest"))
    if not 1 <= s.claim_units <= MOST_CLAIM_UNITS:
        problems.append(("setup.claim_units", f"a claim places 1 to {MOST_CLAIM_UNITS} units"))
    if sorted(s.starting_cards) != ["3", "4", "5"]:
        problems.append(("setup.starting_cards", "one row for each of 3, 4 and 5 players"))
    else:
        for n, row in s.starting_cards.items():
            smallest_deck = min(Counter(cards.faction).values(), default=0)
            if len(row) != int(n) or min(row) < 0 or max(row) > smallest_deck:
                problems.append(
                    (
                        f"setup.starting_cards.{n}",
                        f"{n} counts, each 0 to {smallest_deck} (a faction deck's cards)",
                    )
                )
        if tuple(s.starting_cards["5"]) != STARTING_CARDS_5:
            problems.append(("setup.starting_cards.5", "[5 Player]: 1, 1, 1, 2, 2"))
    for a, b in s.requires.items():
        if a not in FACTIONS or b not in FACTIONS:
            problems.append((f"setup.requires.{a}", "factions are named as in the decks"))
    if s.build_order != ["Foundation 1", "Foundation 2", "Avengers Tower"]:
        problems.append(
            ("setup.build_order", "2 Foundations, then the Tower (MCU53 [Winning: Iron Man])")
        )
    if [h.faction for h in f.heroes] != list(FACTIONS):
        problems.append(("heroes", f"one Hero card per faction, in order {FACTIONS}"))
    for h in f.heroes:
        problems += _objective_problems(h, s.requires)
        if len(h.allies) != 3:
            problems.append((f"heroes.{h.faction}.allies", "[Acquiring Allies]: 3 per faction"))
        for key in ("objective", "allies"):
            if key not in h.provenance:
                problems.append((f"heroes.{h.faction}.provenance", f"say where {key!r} is from"))
    sides = [(f"hulk.{k}", getattr(f.hulk, k)) for k in ("attack", "defence")]
    sides += [
        (f"heroes.{i}.allies.{j}.{k}", getattr(a, k))
        for i, h in enumerate(f.heroes)
        for j, a in enumerate(h.allies)
        for k in ("attack", "defence")
    ]
    for where, d in sides:
        if d.d8 > BOX_D8S:
            problems.append((f"{where}.d8", f"at most the box's {BOX_D8S} d8s a side"))
    ally_ids = [a.id for h in f.heroes for a in h.allies]
    if len({a.lower() for a in ally_ids}) != len(ally_ids):
        problems.append(("heroes", "two Allies share an id"))
    if set(f.cards) != set(cards.card_ids):
        problems.append(("cards", "one entry for each card of the decks file, and no other"))
    powers: list[Power] = []
    for cid in cards.card_ids:
        entry = f.cards.get(cid)
        if entry is None:
            continue
        if not 0 <= entry.ally <= 2:
            problems.append((f"cards.{cid}.ally", "one of the faction's 3 Allies (0, 1 or 2)"))
        kind = entry.power.get("kind")
        spec = POWERS.get(kind) if isinstance(kind, str) else None
        if spec is None:
            problems.append((f"cards.{cid}.power", f"kind must be one of {sorted(POWERS)}"))
            continue
        params = {k: v for k, v in entry.power.items() if k != "kind"}
        if sorted(params) != sorted(spec[0]) or not all(
            isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 10 for v in params.values()
        ):
            problems.append((f"cards.{cid}.power", f"{kind} takes {list(spec[0])} (1-10)"))
            continue
        if kind == "attack_d8" and params["dice"] > BOX_D8S:
            problems.append((f"cards.{cid}.power.dice", f"at most the box's {BOX_D8S} attack d8s"))
            continue
        powers.append(Power(str(kind), tuple((k, int(params[k])) for k in spec[0])))
    for key in ("ally", "power"):
        if key not in f.card_provenance:
            problems.append(("card_provenance", f"say where each card's {key!r} is from"))
    if problems:
        raise data_error(source, problems)
    heroes = f.heroes
    provenance = provenance_of(
        [("setup", s.provenance)]
        + [(h.faction, h.provenance) for h in heroes]
        + [("hulk", f.hulk.provenance), ("cards", f.card_provenance)]
    )
    return Battle(
        claim_units=s.claim_units,
        dark_elves=s.dark_elves,
        rage_meter=s.rage_meter,
        hydra_threshold=s.hydra_threshold,
        starting_cards={int(n): tuple(row) for n, row in s.starting_cards.items()},
        requires={FACTIONS.index(a): FACTIONS.index(b) for a, b in s.requires.items()},
        objectives=tuple(_objective(h.objective) for h in heroes),
        ally_ids=tuple(ally_ids),
        ally_attack=tuple(_side(a.attack) for h in heroes for a in h.allies),
        ally_defence=tuple(_side(a.defence) for h in heroes for a in h.allies),
        hulk_attack=_side(f.hulk.attack),
        card_ally=tuple(
            3 * cards.faction[c] + f.cards[cid].ally for c, cid in enumerate(cards.card_ids)
        ),
        card_power=tuple(powers),
        provenance=provenance,
    )


@cache
def battle() -> Battle:
    return battle_from_dict(read_json(PACKAGED_BFM), PACKAGED_BFM, decks())


def check_file(path: Path) -> str:
    """Validate a user's MCU data file of any of the three formats; a line saying what it
    holds, or a BoardError listing every problem."""
    data = read_file(path)
    fmt = data.get("format") if isinstance(data, dict) else None
    if fmt == BOARD_FORMAT:
        m = board_from_dict(data, str(path))
        edges = sum(len(n) for n in m.board.neighbors) // 2
        return (
            f"{m.board.name}: {len(m.board)} sectors, {len(m.board.regions)} regions, "
            f"{edges} connections, {sum(m.docking)} docking stations, Helicarrier of "
            f"{len(m.helicarrier)} sections"
        )
    if fmt == CHARTS_FORMAT:
        chart = chart_from_dict(data, str(path))
        return f"recruitment chart for {chart.least}-{chart.most} symbols: {list(chart.units)}"
    if fmt == CARDS_FORMAT:
        d = decks_from_dict(data, str(path))
        return f"{len(d.factions)} faction decks, {len(d.card_ids)} cards, {sum(d.symbols)} symbols"
    if fmt == BFM_FORMAT:
        b = battle_from_dict(data, str(path), decks())
        return (
            f"Battle for Manhattan: {len(b.ally_ids)} Allies, {len(b.card_power)} card powers, "
            f"Rage Meter of {b.rage_meter}"
        )
    raise BoardError(f"{path}: format: not an MCU data file ({', '.join(FORMATS)})")
