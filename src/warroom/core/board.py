"""Boards as data: territories, regions with bonuses, and connections of several kinds.

A board file is validated on load; every defect is a BoardError naming the file, the
entry and the problem, so a user transcribing their own copy of a game can fix it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from difflib import get_close_matches
from typing import Annotated, Any, Literal, TypeVar

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationError,
)
from pydantic_core import ErrorDetails

from warroom.core.colours import is_colour
from warroom.core.errors import BoardError

BOARD_FORMAT = "warroom-board"
# The drawing area territory coordinates (`xy`) are given in; the browser draws on it.
CANVAS_WIDTH, CANVAS_HEIGHT = 1000.0, 640.0


class StrictModel(BaseModel):
    """A data file's part: unknown keys refused (a typo is an error, not a silent default), and
    values of the wrong type too (`true` or `"5"` for a number is not silently 1 or 5)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


def _as_tuple(value: object) -> object:
    """JSON has no tuples: its list stands for one, which strict validation would refuse."""
    return tuple(value) if isinstance(value, list) else value


Point = Annotated[tuple[float, float], BeforeValidator(_as_tuple)]
Pair = Annotated[tuple[str, str], BeforeValidator(_as_tuple)]
T = TypeVar("T")


def _recorded(text: str) -> str:
    """A provenance that says something: an empty or blank one records nowhere."""
    if not text.strip():
        raise ValueError("empty: say where this data came from")
    return text


# A provenance's text: where data came from, never empty nor only spaces.
Recorded = Annotated[str, AfterValidator(_recorded)]


def _named(text: str) -> str:
    """A name a player reads and types: an empty or blank one shows as nothing."""
    if not text.strip():
        raise ValueError("empty: give it a name")
    return text


# The name of a board, a place, a card...: never empty nor only spaces.
Name = Annotated[str, AfterValidator(_named)]


def _coloured(text: str) -> str:
    """A colour the pages can draw, or a component's printed colour: a typo would be drawn
    in no colour at all."""
    if not is_colour(text):
        raise ValueError(
            f"{text!r} is not a colour: give #rrggbb, #rgb or a colour's name, such as 'dark blue'"
        )
    return text


Colour = Annotated[str, AfterValidator(_coloured)]


def _each_once(items: list[T]) -> list[T]:
    """A list of connections names each once: a pair given twice (in either order, for
    pairs) is a slip, which a set of neighbours would silently merge."""
    seen: set[object] = set()
    for item in items:
        key = frozenset(item) if isinstance(item, tuple) else item
        if key in seen:
            raise ValueError(f"{item!r} is listed twice")
        seen.add(key)
    return items


# A list of neighbours by name, and of links as pairs of names, each given once.
Neighbours = Annotated[list[str], AfterValidator(_each_once)]
Links = Annotated[list[Pair], AfterValidator(_each_once)]


class SourceFile(StrictModel):
    """Where one value comes from: the rulebook, another public source, or a reconstruction."""

    kind: Literal["stated", "public", "reconstructed"]
    source: Recorded


class ProvenanceFile(StrictModel):
    sources: list[Recorded] = Field(min_length=1)
    notes: list[str] = []
    reconstructed: list[str] = Field(
        default=[], description="Which parts are reconstructions, not confirmed facts."
    )


# Far above any printed board (Asia's 7, two wild cards), and small enough for the games and
# their bots: a bonus of 10**30 armies crashed the odds tables, as many wild cards the deck.
MOST_BONUS = 100
MOST_WILD_CARDS = 100


class RegionFile(StrictModel):
    bonus: int = Field(ge=0, le=MOST_BONUS)
    color: Colour | None = None


class TerritoryFile(StrictModel):
    region: str
    connections: dict[str, str] = Field(description="neighbour name -> connection kind")
    card: str | None = None
    xy: Point | None = None
    aliases: list[str] = Field(
        default=[], description="Former spellings, still accepted (so old saves load)."
    )
    kind: str | None = Field(
        default=None, description="What sort of space this is (one of the board's space_kinds)."
    )


class BoardFile(StrictModel):
    format: str
    version: int
    id: str
    name: Name
    provenance: ProvenanceFile
    connection_kinds: dict[str, str] = Field(description="kind -> what it is on the board")
    card_designs: list[str] = []
    wild_cards: int = Field(default=0, ge=0, le=MOST_WILD_CARDS)
    regions: dict[Name, RegionFile]
    territories: dict[Name, TerritoryFile]
    space_kinds: dict[str, str] = Field(
        default={}, description="kind -> what it is (a board whose spaces differ: gate, crypt...)"
    )
    facts: str | None = Field(
        default=None,
        description="The stated facts this board must also satisfy, checked by its game's "
        "components (e.g. 'godstorm-underworld').",
    )
    sources: dict[str, SourceFile] = Field(
        default={},
        description="Provenance of single items: 'regions.R', 'territories.T' or "
        "'connections.A/B' -> stated, public or reconstructed, with its source.",
    )


@dataclass(frozen=True, slots=True, eq=False)
class Board:
    """An immutable, index-based board: territories are numbered in file order."""

    id: str
    name: str
    territories: tuple[str, ...]
    index: Mapping[str, int]  # names and aliases, as given and in lower case
    regions: tuple[str, ...]
    region_bonus: tuple[int, ...]
    region_members: tuple[tuple[int, ...], ...]
    region_color: tuple[str | None, ...]
    region_of: tuple[int, ...]
    neighbors: tuple[tuple[int, ...], ...]
    kind_of: Mapping[tuple[int, int], str]
    card_design: tuple[str | None, ...]
    card_designs: tuple[str, ...]
    wild_cards: int
    xy: tuple[tuple[float, float] | None, ...]
    provenance: Mapping[str, Any]
    space_kind: tuple[str | None, ...] = ()
    facts: str | None = None
    sources: Mapping[str, SourceFile] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.territories)

    def __deepcopy__(self, memo: dict[int, object]) -> Board:
        return self  # immutable and compared by identity: copies share it

    def adjacent(self, a: int, b: int) -> bool:
        return (a, b) in self.kind_of

    def territory(self, name: str) -> int:
        """Index of a territory by exact or case-insensitive name or alias."""
        i = self.index.get(name)
        if i is None:
            i = self.index.get(name.lower())
        if i is None:
            raise KeyError(name)
        return i

    def matching(self, word: str) -> list[int]:
        """The territories a typed word may mean, in board order: the one it names (a name or
        alias in any case), else those with a name or alias it begins ("mal" for Malibu,
        whose name on the MCU board is Sector_01)."""
        try:
            return [self.territory(word)]
        except KeyError:
            low = word.lower()
            return sorted({t for key, t in self.index.items() if key.lower().startswith(low)})

    def no_such(self, word: str) -> str:
        """The refusal for a place `word` names on no territory of this board, with the name
        meant where a typo is near one ("earht"); "territory" is not said, as boards that are
        planets or sectors share it."""
        lower = {t.lower(): t for t in self.territories}
        near = get_close_matches(word.lower(), list(lower), n=1)
        meant = f" (did you mean {lower[near[0]]}?)" if near else ""
        return f"there is no {word!r} on {self.name}{meant}"

    @staticmethod
    def from_dict(data: object, source: str) -> Board:
        """Validate `data` (parsed from `source`, a file name for messages) into a Board.
        The format first: another kind of file (an MCU board, a ladder) is one line saying so,
        not every field of a map it lacks."""
        if isinstance(data, dict):
            fmt = data.get("format")
            if fmt is None:
                raise BoardError(
                    f"{source}: format: missing; a map file names its format, {BOARD_FORMAT!r}"
                )
            if fmt != BOARD_FORMAT:
                raise BoardError(f"{source}: format: must be {BOARD_FORMAT!r}, not {fmt!r}")
        return _build(validate(BoardFile, data, source), source)


def reachable(
    neighbors: Sequence[Sequence[int]], start: int, passable: Callable[[int], bool] | None = None
) -> set[int]:
    """Every territory joined to `start` by a chain of connections whose territories are all
    `passable` (all of them when None), `start` included: a board's connectedness, and the
    moves along a path of one's own (or a team's) territories that maneuvers make."""
    seen = {start}
    frontier = [start]
    while frontier:
        for n in neighbors[frontier.pop()]:
            if n not in seen and (passable is None or passable(n)):
                seen.add(n)
                frontier.append(n)
    return seen


M = TypeVar("M", bound=BaseModel)


def validate(model: type[M], data: object, source: str) -> M:
    """Check a data file's structure; every problem, one a line, makes a BoardError naming
    its entry (a user fixing a transcription fixes them all in one pass)."""
    unprintable = list(_unprintable(data, ()))
    if unprintable:
        raise BoardError("\n".join(f"{source}: {problem}" for problem in unprintable))
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise BoardError("\n".join(f"{source}: {_error_line(e)}" for e in exc.errors())) from None


def _error_line(error: ErrorDetails) -> str:
    """One problem as 'entry: problem'; a key's own problem (an empty territory name) names
    the object and the key, pydantic's "[key]" left out."""
    loc = error["loc"]
    if loc and loc[-1] == "[key]":
        where = ".".join(str(p) for p in loc[:-2]) or "(top level)"
        return f"{where}: key {loc[-2]!r}: {error_text(error)}"
    return f"{'.'.join(str(p) for p in loc) or '(top level)'}: {error_text(error)}"


# Characters a name or note may not hold: a terminal obeys controls (ESC starts a colour or
# moves the cursor, as `board check`'s "ok" line and every refusal naming the board showed),
# and bidirectional overrides show text backwards. A tab or a line break is text.
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _unprintable(data: object, where: tuple[str, ...]) -> Iterator[str]:
    """The places in a parsed file whose keys or strings hold a control character."""
    if isinstance(data, str):
        found = _CONTROLS.search(data)
        if found is not None:
            at = ".".join(where) or "(top level)"
            yield f"{at}: holds a control character (U+{ord(found.group()):04X}), not text"
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from _unprintable(key, where)
            # the key as a path part with its controls written out, never obeyed
            shown = _CONTROLS.sub(lambda c: f"\\u{ord(c.group()):04x}", str(key))
            yield from _unprintable(value, (*where, shown))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _unprintable(value, (*where, str(index)))


def error_text(error: ErrorDetails) -> str:
    """pydantic's words for a problem, but a check of our own (`Recorded`) in its own words,
    without pydantic's "Value error, " before them."""
    raised = error.get("ctx", {}).get("error")
    return str(raised) if error["type"] == "value_error" and raised is not None else error["msg"]


def check_header(source: str, fmt: str, version: int, expected: str) -> None:
    """Every data file names its format and version; only version 1 exists so far."""
    if fmt != expected:
        raise BoardError(f"{source}: format: must be {expected!r}, not {fmt!r}")
    if version != 1:
        raise BoardError(f"{source}: version: format version {version} is not supported (only 1)")


def _build(f: BoardFile, source: str) -> Board:
    """Every problem is collected and reported at once, so one check lists all a transcriber
    has to fix."""
    check_header(source, f.format, f.version, BOARD_FORMAT)
    names = list(f.territories)
    if not names:
        raise BoardError(f"{source}: territories: a board needs at least one territory")
    index = {n: i for i, n in enumerate(names)}
    regions = list(f.regions)
    members: list[list[int]] = [[] for _ in regions]
    region_of: list[int] = []
    problems = _place_problems(f)
    for name, t in f.territories.items():
        if t.region in f.regions:
            region = regions.index(t.region)
            members[region].append(index[name])
            region_of.append(region)
        else:
            problems.append(f"territories.{name}.region: unknown region {t.region!r}")
            region_of.append(-1)
        if t.card is not None and t.card not in f.card_designs:
            problems.append(f"territories.{name}.card: unknown card design {t.card!r}")
        if t.kind is not None and t.kind not in f.space_kinds:
            problems.append(f"territories.{name}.kind: unknown space kind {t.kind!r}")
    problems += [
        f"regions.{region_name}: region has no territories"
        for region_name, m in zip(regions, members, strict=True)
        if not m
    ]
    kind_of: dict[tuple[int, int], str] = {}
    neighbors: list[list[int]] = [[] for _ in names]
    for name, t in f.territories.items():
        here = index[name]
        for other, kind in t.connections.items():
            problem = _connection_problem(f, name, other, kind)
            if problem is not None:
                problems.append(f"territories.{name}.connections.{other}: {problem}")
                continue
            kind_of[(here, index[other])] = kind
            neighbors[here].append(index[other])
    seen = reachable(neighbors, 0)
    if len(seen) != len(names):
        lost = sorted(names[i] for i in range(len(names)) if i not in seen)
        problems.append(f"territories: unreachable from {names[0]}: {', '.join(lost)}")
    lookup: dict[str, int] = dict(index)
    lookup.update({n.lower(): i for n, i in index.items()})
    problems += _name_problems(f)
    problems += _add_aliases(f, lookup)
    problems += _source_problems(f)
    if problems:
        raise BoardError("\n".join(f"{source}: {problem}" for problem in problems))
    return Board(
        id=f.id,
        name=f.name,
        territories=tuple(names),
        index=lookup,
        regions=tuple(regions),
        region_bonus=tuple(f.regions[r].bonus for r in regions),
        region_members=tuple(tuple(m) for m in members),
        region_color=tuple(f.regions[r].color for r in regions),
        region_of=tuple(region_of),
        neighbors=tuple(tuple(sorted(n)) for n in neighbors),
        kind_of=kind_of,
        card_design=tuple(t.card for t in f.territories.values()),
        card_designs=tuple(f.card_designs),
        wild_cards=f.wild_cards,
        xy=tuple(t.xy for t in f.territories.values()),
        provenance=f.provenance.model_dump(),
        space_kind=tuple(t.kind for t in f.territories.values()),
        facts=f.facts,
        sources=dict(f.sources),
    )


def connection_key(a: str, b: str) -> str:
    """The `sources` key of the connection between two territories, in either order."""
    return "connections." + "/".join(sorted((a, b)))


def _source_problems(f: BoardFile) -> list[str]:
    """Every `sources` key must name an item of the board (a typo would leave an item
    silently unsourced)."""
    problems = []
    for key in f.sources:
        part, _, rest = key.partition(".")
        if part == "regions" and rest in f.regions:
            continue
        if part == "territories" and rest in f.territories:
            continue
        if part == "connections":
            a, slash, b = rest.partition("/")
            known = f.territories.get(a)
            if (
                slash
                and known is not None
                and b in known.connections
                and key == connection_key(a, b)
            ):
                continue
            problems.append(
                f"sources.{key}: not a connection of this board, written "
                "'connections.A/B' with A before B in alphabetical order"
            )
            continue
        problems.append(
            f"sources.{key}: names no item (use 'regions.R', 'territories.T' or 'connections.A/B')"
        )
    return problems


def _connection_problem(f: BoardFile, name: str, other: str, kind: str) -> str | None:
    """What is wrong with the connection from `name` to `other`, if anything."""
    if other not in f.territories:
        return f"unknown territory {other!r}"
    if other == name:
        return "a territory cannot connect to itself"
    if kind not in f.connection_kinds:
        return f"unknown connection kind {kind!r}"
    back = f.territories[other].connections.get(name)
    if back is None:
        return f"one-way connection: {other} does not list {name}"
    if back != kind:
        return f"connection is {kind!r} here but {back!r} from {other}"
    return None


def _place_problems(f: BoardFile) -> list[str]:
    """Positions off the drawing area, and two territories drawn on the same spot."""
    problems = []
    taken: dict[tuple[float, float], str] = {}
    for name, t in f.territories.items():
        if t.xy is None:
            continue
        x, y = t.xy
        if not (0 <= x <= CANVAS_WIDTH and 0 <= y <= CANVAS_HEIGHT):
            problems.append(
                f"territories.{name}.xy: ({x:g}, {y:g}) is off the board "
                f"(0 to {CANVAS_WIDTH:g} across, 0 to {CANVAS_HEIGHT:g} down)"
            )
        if t.xy in taken:
            problems.append(f"territories.{name}.xy: the same position as {taken[t.xy]}")
        taken.setdefault(t.xy, name)
    return problems


def _name_problems(f: BoardFile) -> list[str]:
    """Names a player could not type back: one that reads as a number is taken for a count
    ("place 3 1"), and two that differ only in case are one name, as names are read in any
    case ("look alaska" picked one of Alaska and ALASKA). An alias may be a number: a mode
    that numbers its spaces reads one as the space where an action names one (MCU's sectors)."""
    problems = []
    seen: dict[str, str] = {}
    for name in f.territories:
        if name.strip().lstrip("+-").isdigit():
            problems.append(
                f"territories.{name}: {name!r} reads as a number, which a typed action takes "
                "for a count"
            )
        other = seen.setdefault(name.lower(), name)
        if other != name:
            problems.append(f"territories.{name}: the same name as {other} in another case")
    return problems


def _add_aliases(f: BoardFile, lookup: dict[str, int]) -> list[str]:
    """Former spellings name their territory too; names are looked up in any case, so an
    alias must differ, in any case, from every name and every other alias."""
    taken = {n.lower(): f"the name of {n}" for n in f.territories}
    problems = []
    for i, (name, t) in enumerate(f.territories.items()):
        for alias in t.aliases:
            clash = taken.get(alias.lower())
            if clash is not None:
                problems.append(f"territories.{name}.aliases: {alias!r} is already {clash}")
                continue
            taken[alias.lower()] = f"an alias of {name}"
            lookup[alias] = i
            lookup[alias.lower()] = i
    return problems
