"""RISK Strike's components as data: continents (cards, domination number, map) and tactics.

The rulebook scan lost the page that listed several numbers, so the packaged file marks every
item `stated` (with the rulebook section), `public` (another source) or `reconstructed` (with
the reasoning): B2 [not in the rulebook: reconstructed] (the missing numbers, M1-M3) uses the spec's
reconstructions, so marked. Loading checks every fact the rulebook does state, so an owner of the
game can put the printed values in and run `warroom board check FILE`, with no change to the rules
code.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from pydantic import Field

from warroom.core.board import (
    Colour,
    Name,
    Neighbours,
    ProvenanceFile,
    SourceFile,
    StrictModel,
    check_header,
    validate,
)
from warroom.core.colours import css_colour
from warroom.data import Shared, data_error, provenance_of, read_file, read_json

FORMAT = "warroom-strike-cards"
PACKAGED = "strike/risk-strike.json"

# The tactics kinds the rules implement, in the order the state numbers them.
TROOP, SPY, CANCEL, RALLY, ARTILLERY, SABOTAGE, EXPAND, BOMBARD = range(8)
KIND_IDS = ("troop", "spy", "cancel", "rally", "artillery", "sabotage", "expand", "bombard")

# Facts the rulebook states ([card anatomy], [Tactics Cards], [Attack Phase 1] example).
CONTINENT_CARDS = 42
TACTICS_CARDS = 40
STATED_TACTICS = {
    "troop": 18,
    "spy": 2,
    "cancel": 3,
    "rally": 4,
    "artillery": 3,
    "sabotage": 4,
    "expand": 2,
}
CONTINENT_NAMES = ("North America", "South America", "Europe", "Africa", "Asia", "Australia")
AFRICA_LINKS = {"South America", "Europe", "Asia"}  # and not North America nor Australia


class ContinentFile(StrictModel):
    id: str = Field(min_length=1)
    name: Name
    color: Colour
    cards: int = Field(gt=0)
    domination: int = Field(gt=0)
    adjacent: Neighbours
    provenance: dict[str, SourceFile]


class TacticsFile(StrictModel):
    id: str
    name: Name
    count: int = Field(gt=0)
    provenance: dict[str, SourceFile]


class StrikeFile(StrictModel):
    format: str
    version: int
    id: str
    name: Name
    provenance: ProvenanceFile
    continents: list[ContinentFile]
    tactics: list[TacticsFile]


@dataclass(frozen=True, slots=True, eq=False)
class StrikeCards(Shared):
    """The components the rules read, by index: continents in file order, tactics by kind."""

    id: str
    name: str
    continent_ids: tuple[str, ...]
    continent_names: tuple[str, ...]
    colors: tuple[str, ...]
    cards: tuple[int, ...]  # continent cards per continent
    domination: tuple[int, ...]  # domination number per continent
    neighbors: tuple[frozenset[int], ...]
    kind_names: tuple[str, ...]  # per tactics kind (KIND_IDS order)
    kind_counts: tuple[int, ...]
    provenance: dict[str, str]  # "<continent or tactics id>.<field>": "<kind>: <source>"

    def continent(self, text: str) -> int | None:
        """A continent by id or name, in any case ("africa", "South America"); None if none."""
        low = text.lower().replace("_", "-")
        for index, (cid, name) in enumerate(
            zip(self.continent_ids, self.continent_names, strict=True)
        ):
            if low in (cid, name.lower(), name.lower().replace(" ", "-")):
                return index
        return None

    def reachable(self, attacking: int) -> list[int]:
        """S20: the attacking continent itself and the continents connected to it."""
        return [
            c for c in range(len(self.cards)) if c == attacking or c in self.neighbors[attacking]
        ]


def cards_from_dict(data: object, source: str) -> StrikeCards:
    return _build(validate(StrikeFile, data, source), source)


def _build(f: StrikeFile, source: str) -> StrikeCards:
    check_header(source, f.format, f.version, FORMAT)
    problems = _problems(f)
    if problems:
        raise data_error(source, problems)
    ids = [c.id for c in f.continents]
    names = [c.name for c in f.continents]
    index = {cid: k for k, cid in enumerate(ids)}
    neighbors = [{index[other] for other in c.adjacent} for c in f.continents]
    kinds = {t.id: t for t in f.tactics}
    provenance = provenance_of(
        [(c.id, c.provenance) for c in f.continents] + [(t.id, t.provenance) for t in f.tactics]
    )
    return StrikeCards(
        id=f.id,
        name=f.name,
        continent_ids=tuple(ids),
        continent_names=tuple(names),
        colors=tuple(c.color for c in f.continents),
        cards=tuple(c.cards for c in f.continents),
        domination=tuple(c.domination for c in f.continents),
        neighbors=tuple(frozenset(n) for n in neighbors),
        kind_names=tuple(kinds[k].name for k in KIND_IDS),
        kind_counts=tuple(kinds[k].count for k in KIND_IDS),
        provenance=provenance,
    )


def _problems(f: StrikeFile) -> list[tuple[str, str]]:
    """Every stated fact the file breaks, as (entry, problem): all of them, not the first."""
    out: list[tuple[str, str]] = []
    ids = [c.id for c in f.continents]
    names = [c.name for c in f.continents]
    if sorted(names) != sorted(CONTINENT_NAMES):
        out.append(("continents", f"[Attack Phase 1] names six continents: {CONTINENT_NAMES}"))
    if len(set(ids)) != len(ids):
        out.append(("continents", "two continents share an id"))
    if len({css_colour(c.color) for c in f.continents}) != len(ids):  # "Red" is red
        out.append(("continents", "[card anatomy]: each continent is a different colour"))
    if sum(c.cards for c in f.continents) != CONTINENT_CARDS:
        out.append(("continents", f"[card anatomy]: {CONTINENT_CARDS} continent cards in all"))
    if len({c.cards for c in f.continents}) == 1:
        out.append(("continents", "[More to Know]: the number of cards per continent varies"))
    index = {cid: k for k, cid in enumerate(ids)}
    neighbors: list[set[int]] = [set() for _ in ids]
    for k, c in enumerate(f.continents):
        where = f"continents.{k} ({c.name})"
        if c.domination >= c.cards:
            out.append((where, "[Domination]: a continent has more cards than its number"))
        reconstructed = "domination" in c.provenance and (
            c.provenance["domination"].kind == "reconstructed"
        )
        if reconstructed and 2 * c.domination <= c.cards:
            # Not printed (M2): a reconstruction keeps two players from both reaching the
            # number; a number transcribed from the cards is taken as printed.
            out.append((where, "a reconstructed domination number must exceed half the cards"))
        for other in c.adjacent:
            if other not in index:
                out.append((where, f"adjacent: unknown continent {other!r}"))
            elif other == c.id:
                out.append((where, "adjacent: a continent is not listed as its own neighbour"))
            else:
                neighbors[k].add(index[other])
        missing = {"name", "color", "cards", "domination", "adjacent"} - set(c.provenance)
        if missing:
            out.append((where, f"provenance: missing for {sorted(missing)}"))
    for k, linked in enumerate(neighbors):
        for back in sorted(linked):
            if k not in neighbors[back]:
                out.append(
                    (
                        f"continents.{k} ({names[k]})",
                        f"adjacent: {names[back]} does not list it back (connections go both ways)",
                    )
                )
    if "Africa" in names:
        africa = names.index("Africa")
        if {names[k] for k in neighbors[africa]} != AFRICA_LINKS:
            out.append(
                (
                    f"continents.{africa} (Africa)",
                    "[Attack Phase 1] example: Africa borders exactly South America, Europe "
                    "and Asia",
                )
            )
    kinds = {t.id: t for t in f.tactics}
    if sorted(kinds) != sorted(KIND_IDS) or len(f.tactics) != len(KIND_IDS):
        out.append(("tactics", f"the rules play exactly these kinds, once each: {KIND_IDS}"))
    for kind, count in STATED_TACTICS.items():
        if kind in kinds and kinds[kind].count != count:
            out.append((f"tactics ({kind})", f"[Tactics Cards] prints x{count}"))
    if sum(t.count for t in f.tactics) != TACTICS_CARDS:
        out.append(("tactics", f"[card anatomy]: {TACTICS_CARDS} tactics cards in all"))
    for k, t in enumerate(f.tactics):  # each count says where it comes from, as a continent's
        if "count" not in t.provenance:
            out.append((f"tactics.{k} ({t.name})", "provenance: missing for ['count']"))
    return out


@cache
def strike_cards() -> StrikeCards:
    """The packaged components."""
    return cards_from_dict(read_json(PACKAGED), PACKAGED)


def cards_from_file(path: Path) -> StrikeCards:
    """Validate a card file a user transcribed; every problem is a BoardError naming the file."""
    return cards_from_dict(read_file(path), str(path))
