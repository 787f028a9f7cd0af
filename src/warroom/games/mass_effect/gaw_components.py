"""Galaxy at War's own components as data: the set-up chart, the pieces (ships, Harbinger,
Reaper Vanguard tokens, Devastation tokens, dice) and each faction card's directive.

The galaxy, its meters and the cards' ship classes are `components` (shared with Basic
Training); this module adds two files, each with its own `format`:
- `mass_effect/galaxy_at_war.json` (`warroom-mass-effect-gaw`): the set-up chart (ME44, stated)
  and the pieces, with the split of the 9 ships per faction into classes and the faces of the
  Vanguard tokens other than the Catalyst marked reconstructed;
- `mass_effect/directives.json` (`warroom-mass-effect-directives`): per card id, a directive
  as a primitive of `DIRECTIVES` with parameters and a timing, every one reconstructed (no
  card face survives), so an owner's transcription is data only.

Loading checks every stated fact and every constraint the spec gives for a reconstruction
(shared/specs/mass-effect.md 2.3), all problems at once, each naming its entry; `warroom board
check FILE` runs the same checks on a user's file.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import Field, ValidationError

from warroom.core.board import (
    Colour,
    Name,
    ProvenanceFile,
    SourceFile,
    StrictModel,
    check_header,
    error_text,
    validate,
)
from warroom.core.errors import BoardError
from warroom.data import Shared, data_error, provenance_of, read_file, read_json
from warroom.games.mass_effect.components import (
    FACTIONS,
    HARBINGER_TARGET,
    PLANETS,
    SHIP_CLASSES,
    Cards,
    Galaxy,
    cards,
    galaxy,
)
from warroom.rules.battle import SideRule

GAW_FORMAT = "warroom-mass-effect-gaw"
DIRECTIVES_FORMAT = "warroom-mass-effect-directives"
FORMATS = (GAW_FORMAT, DIRECTIVES_FORMAT)
PACKAGED_GAW = "mass_effect/galaxy_at_war.json"
PACKAGED_DIRECTIVES = "mass_effect/directives.json"

REAPER, ALLIANCE, CERBERUS = (FACTIONS.index(f) for f in ("Reaper", "Alliance", "Cerberus"))

# ME44 [GaW Set Up Chart] (p.7), stated: per player count, the seats in turn order as
# (faction, starting troops, claim limit; None: no limit), and neutral Cerberus (2p, 4p).
STATED_CHART: dict[int, tuple[tuple[tuple[str, int, int | None], ...], tuple[int, int] | None]] = {
    2: ((("Alliance", 40, 15), ("Reaper", 45, None)), (25, 7)),
    3: ((("Alliance", 30, 15), ("Cerberus", 25, 7), ("Reaper", 35, None)), None),
    4: (
        (("Alliance", 28, 8), ("Reaper", 31, None), ("Alliance", 28, 8), ("Reaper", 31, None)),
        (25, 8),
    ),
    5: (
        (
            ("Alliance", 28, 8),
            ("Reaper", 31, None),
            ("Cerberus", 25, 8),
            ("Alliance", 28, 8),
            ("Reaper", 31, None),
        ),
        None,
    ),
}
SHIPS_PER_FACTION = 9  # [Other Components]
SHIPS_PER_CLASS_MOST = 3  # [Using Ships] "up to 3 of each type" on the board (ME60)
VANGUARDS = 5  # [Other Components]
VANGUARD_FACES = ("catalyst", "reaper")
DEVASTATION_TOKENS = 3  # [Other Components]; ME88: at most 3 devastations
HARBINGER_PIECES = 2  # [Other Components]: one on the Momentum Meter, one on the board
D6, D8 = 5, 4  # [Dice]

# Timings: when a directive may be played (ME68, ME97: "at the time the card states").
DEPLOY, ATTACK, DEFEND, HARBINGER_ATTACK, HARBINGER = (
    "deploy",  # in the holder's Deploy step
    "attack",  # declaring a battle, as the attacker, before the roll
    "defend",  # as the defender, before the roll (an out-of-turn reaction)
    "harbinger_attack",  # declaring an attack on Harbinger, before the roll
    "harbinger",  # the Reapers' Step 5, after Harbinger moved (ME87)
)
WHEN_PLAYED = {
    DEPLOY: "played in your Deploy step",
    ATTACK: "played as you attack, before the roll",
    DEFEND: "played as you defend, before the roll",
    HARBINGER_ATTACK: "played as you strike Harbinger, before the roll",
    HARBINGER: "played after Harbinger moves",
}
REGION = "region"  # a parameter naming a region of the galaxy, not a number


@dataclass(frozen=True, slots=True)
class DirectiveKind:
    """A directive primitive: its parameters, the timings it may have, the decks it may be in."""

    params: tuple[str, ...]
    timings: tuple[str, ...]
    factions: tuple[int, ...] = (REAPER, ALLIANCE, CERBERUS)


# The primitives a card's directive names (`Directive`); the rules apply them.
DIRECTIVES: dict[str, DirectiveKind] = {
    "units": DirectiveKind(("count",), (DEPLOY,)),  # that many more units to place now
    # Battle directives count like ships (rules.battle.add_sides): that many dice of the side
    # are d8s, keep rerolling 1s, or get +1 (at most +1 per die, as Carriers, ME65).
    "attack_d8": DirectiveKind(("dice",), (ATTACK,)),
    "attack_reroll_ones": DirectiveKind(("dice",), (ATTACK,)),
    "attack_plus_one": DirectiveKind(("dice",), (ATTACK,)),
    "defence_d8": DirectiveKind(("dice",), (DEFEND,)),
    "defence_reroll_ones": DirectiveKind(("dice",), (DEFEND,)),
    "defence_plus_one": DirectiveKind(("dice",), (DEFEND,)),
    # Cerberus's cards aimed at resource planets: +1 on that many attack dice, against a
    # resource planet only.
    "resource_plus_one": DirectiveKind(("dice",), (ATTACK,), (CERBERUS,)),
    # ME77: added to a Harbinger attack's total.
    "harbinger_bonus": DirectiveKind(("plus",), (HARBINGER_ATTACK,), (ALLIANCE,)),
    # ME93: the Momentum Meter moves that many spaces toward the player's side.
    "momentum": DirectiveKind(("spaces",), (DEPLOY,), (REAPER, ALLIANCE)),
    # ME87: a "Harbinger Attack" card: devastate Harbinger's planet if it lies in `region`.
    "devastate": DirectiveKind((REGION,), (HARBINGER,), (REAPER,)),
    # ME92: a destroyed Harbinger back on a Reaper planet (G19 [Momentum Meter; Faction Cards]: the
    # Reaper chooses which).
    "resurrect": DirectiveKind((), (DEPLOY,), (REAPER,)),
}
BATTLE_SIDE = {  # directive kind -> (the side it helps, the modifier it counts as)
    "attack_d8": (ATTACK, "d8"),
    "attack_reroll_ones": (ATTACK, "reroll_until"),
    "attack_plus_one": (ATTACK, "plus_one"),
    "resource_plus_one": (ATTACK, "plus_one"),
    "defence_d8": (DEFEND, "d8"),
    "defence_reroll_ones": (DEFEND, "reroll_until"),
    "defence_plus_one": (DEFEND, "plus_one"),
}
PARAM_MOST = 10


# -- file models -------------------------------------------------------------------------------
class SeatFile(StrictModel):
    faction: str
    colour: Colour
    troops: int = Field(ge=1)
    limit: int | None = Field(default=None, ge=1)


class NeutralFile(StrictModel):
    faction: str
    troops: int = Field(ge=1)
    limit: int = Field(ge=1)


class ChartRowFile(StrictModel):
    seats: list[SeatFile]
    neutral: NeutralFile | None


class ShipsFile(StrictModel):
    classes: dict[str, int]
    provenance: dict[str, SourceFile]


class HarbingerFile(StrictModel):
    pieces: int
    target: int
    provenance: dict[str, SourceFile]


class VanguardsFile(StrictModel):
    tokens: list[str]
    provenance: dict[str, SourceFile]


class DevastationFile(StrictModel):
    tokens: int
    provenance: dict[str, SourceFile]


class DiceFile(StrictModel):
    d6: int
    d8: int
    provenance: dict[str, SourceFile]


class GawFile(StrictModel):
    format: str
    version: int
    id: str
    name: Name
    provenance: ProvenanceFile
    setup: dict[str, Any]
    ships: ShipsFile
    harbinger: HarbingerFile
    vanguards: VanguardsFile
    devastation: DevastationFile
    dice: DiceFile


class DirectiveFile(StrictModel):
    timing: str
    effect: dict[str, Any]
    provenance: SourceFile


class DirectivesFile(StrictModel):
    format: str
    version: int
    id: str
    name: Name
    provenance: ProvenanceFile
    cards: dict[str, DirectiveFile]


# -- loaded components -------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SeatSpec:
    """One side of the set-up chart: a seat's faction, or neutral Cerberus (limit always set)."""

    faction: int  # index into FACTIONS
    colour: str
    troops: int
    limit: int | None  # None: claims without limit (the Reapers)


@dataclass(frozen=True, slots=True)
class ChartRow:
    """The chart for one player count: the seats in turn order, and neutral Cerberus if any."""

    seats: tuple[SeatSpec, ...]
    neutral: SeatSpec | None

    def sides(self) -> tuple[SeatSpec, ...]:
        """The seats, then the neutral (its index is `len(seats)`)."""
        return self.seats + ((self.neutral,) if self.neutral is not None else ())

    def teams(self) -> tuple[frozenset[int], ...]:
        """ME100: seats of one faction form a team (each seat its own team where alone)."""
        by_faction: dict[int, set[int]] = {}
        for seat, spec in enumerate(self.seats):
            by_faction.setdefault(spec.faction, set()).add(seat)
        return tuple(frozenset(by_faction[spec.faction]) for spec in self.seats)


@dataclass(frozen=True, slots=True)
class Pieces(Shared):
    chart: dict[int, ChartRow]  # by player count
    ships: tuple[int, ...]  # per class of SHIP_CLASSES, per faction
    vanguards: tuple[bool, ...]  # per token: True for the Catalyst
    devastation: int
    harbinger_target: int
    harbinger_pieces: int
    d6: int
    d8: int
    provenance: dict[str, str]


@dataclass(frozen=True, slots=True)
class Directive:
    """A card's directive: a primitive of `DIRECTIVES`, its parameters and its timing."""

    kind: str
    timing: str
    params: tuple[tuple[str, int | str], ...]

    def number(self, name: str) -> int:
        value = dict(self.params)[name]
        assert isinstance(value, int)
        return value

    def region(self) -> str:
        value = dict(self.params)[REGION]
        assert isinstance(value, str)
        return value

    def side(self) -> tuple[str, SideRule] | None:
        """For a battle directive: the side it helps and the dice modifier it counts as."""
        found = BATTLE_SIDE.get(self.kind)
        if found is None:
            return None
        side, modifier = found
        dice = self.number("dice")
        if modifier == "d8":
            return side, SideRule(d8=dice)
        if modifier == "reroll_until":
            return side, SideRule(reroll_until=dice)
        return side, SideRule(plus_one=dice)

    def effect(self) -> str:
        """What the directive does, in words (no card face survives to quote)."""
        if self.kind == "devastate":
            return f"devastate Harbinger's planet if it lies in {self.region()}"
        if self.kind == "resurrect":
            return "a destroyed Harbinger comes back on a Reaper planet"
        n = self.number(DIRECTIVES[self.kind].params[0])
        if self.kind == "units":
            return f"{n} more {'unit' if n == 1 else 'units'} to place"
        if self.kind == "harbinger_bonus":
            return f"+{n} to a strike on Harbinger"
        if self.kind == "momentum":
            return f"the Momentum Meter moves {n} {'space' if n == 1 else 'spaces'} your way"
        side = "attack" if self.kind.startswith(("attack", "resource")) else "defence"
        dice = f"{n} {side} {'die' if n == 1 else 'dice'}"
        if self.kind.endswith("_d8"):
            return f"{dice} {'is a d8' if n == 1 else 'are d8s'}"
        if self.kind.endswith("reroll_ones"):
            return f"1s rerolled on {dice}"
        against = " against a resource planet" if self.kind == "resource_plus_one" else ""
        return f"+1 on {dice}{against}"

    def text(self) -> str:
        """What the directive does and when it is played, in words."""
        return f"{self.effect()}; {WHEN_PLAYED[self.timing]}"


@dataclass(frozen=True, slots=True, eq=False)
class Directives(Shared):
    by_card: tuple[Directive, ...]  # indexed like `Cards.card_ids`
    provenance: dict[str, str]


# -- the chart's claim arithmetic ----------------------------------------------------------------
def claim_order(row: ChartRow, planets: int = PLANETS) -> list[int]:
    """Who claims each planet, in claiming order (`len(row.seats)`: neutral Cerberus).

    ME45-ME47: seats claim in chart order, skipping one at its limit; in a neutral game the
    seat then claims one for Cerberus while Cerberus is below its limit. A chart where nobody
    can claim before every planet is taken gives a shorter list (the loader refuses it)."""
    sides = row.sides()
    neutral = len(row.seats) if row.neutral is not None else -1
    held = [0] * len(sides)
    order: list[int] = []

    def claim(side: int) -> None:
        order.append(side)
        held[side] += 1

    while len(order) < planets:
        progressed = False
        for seat, spec in enumerate(row.seats):
            if len(order) >= planets:
                break
            if spec.limit is not None and held[seat] >= spec.limit:
                continue
            claim(seat)
            progressed = True
            limit = sides[neutral].limit if neutral >= 0 else None
            if limit is not None and held[neutral] < limit and len(order) < planets:
                claim(neutral)
        if not progressed:
            break
    return order


# -- the pieces file ---------------------------------------------------------------------------
def _invalid(entry: str, exc: ValidationError) -> list[tuple[str, str]]:
    """A free-form part's structural problems, each at its own entry (as `validate` lists a
    whole file's), not pydantic's summary naming a model class."""
    return [(".".join([entry, *(str(p) for p in e["loc"])]), error_text(e)) for e in exc.errors()]


def pieces_from_dict(data: object, source: str) -> Pieces:
    f = validate(GawFile, data, source)
    check_header(source, f.format, f.version, GAW_FORMAT)
    problems: list[tuple[str, str]] = []
    chart: dict[int, ChartRow] = {}
    setup = dict(f.setup)
    setup_provenance = setup.pop("provenance", None)
    if not isinstance(setup_provenance, dict) or {"seats", "neutral"} - set(setup_provenance):
        problems.append(("setup.provenance", "say where 'seats' and 'neutral' are from"))
        setup_provenance = {}
    setup_sources: dict[str, SourceFile] = {}
    for key, value in setup_provenance.items():  # `setup` is free-form: checked entry by entry
        try:
            setup_sources[key] = SourceFile.model_validate(value)
        except ValidationError as exc:
            problems += _invalid(f"setup.provenance.{key}", exc)
    if sorted(setup) != sorted(str(n) for n in STATED_CHART):
        problems.append(("setup", f"one row for each of {sorted(STATED_CHART)} players"))
    for players, (stated_seats, stated_neutral) in STATED_CHART.items():
        if str(players) not in setup:  # said once above
            continue
        raw = setup[str(players)]  # null is checked as any row, and refused
        entry = f"setup.{players}"
        try:
            parsed = ChartRowFile.model_validate(raw)
        except ValidationError as exc:
            problems += _invalid(entry, exc)
            continue
        seats = []
        for k, s in enumerate(parsed.seats):
            if s.faction not in FACTIONS:
                problems.append((f"{entry}.seats.{k}.faction", f"one of {FACTIONS}"))
                continue
            seats.append(SeatSpec(FACTIONS.index(s.faction), s.colour, s.troops, s.limit))
        got = tuple((FACTIONS[s.faction], s.troops, s.limit) for s in seats)
        if got != stated_seats:
            problems.append(
                (
                    f"{entry}.seats",
                    f"the chart prints {stated_seats} (ME44 [GaW Set Up Chart], p.7)",
                )
            )
        neutral = None
        if parsed.neutral is not None:
            n = parsed.neutral
            neutral = SeatSpec(CERBERUS, "orange", n.troops, n.limit)
            if n.faction != "Cerberus":
                problems.append((f"{entry}.neutral.faction", "only Cerberus is ever neutral"))
        got_neutral = (neutral.troops, neutral.limit) if neutral is not None else None
        if got_neutral != stated_neutral:
            problems.append(
                (
                    f"{entry}.neutral",
                    f"the chart prints {stated_neutral} (ME44 [GaW Set Up Chart], p.7)",
                )
            )
        row = ChartRow(tuple(seats), neutral)
        if len(claim_order(row)) != PLANETS:
            problems.append((entry, f"the claim limits leave planets of the {PLANETS} unclaimed"))
        for side, count in enumerate(_claims(row)):
            if count > row.sides()[side].troops:
                problems.append((entry, f"side {side} claims {count} planets with fewer units"))
        chart[players] = row
    ships = f.ships.classes
    if sorted(ships) != sorted(SHIP_CLASSES):
        problems.append(("ships.classes", f"a count for each of {SHIP_CLASSES}"))
    elif sum(ships.values()) != SHIPS_PER_FACTION:
        problems.append(("ships.classes", f"[Other Components]: {SHIPS_PER_FACTION} per faction"))
    elif any(not 0 <= c <= SHIPS_PER_CLASS_MOST for c in ships.values()):
        problems.append(("ships.classes", f"[Using Ships]: at most {SHIPS_PER_CLASS_MOST} a class"))
    tokens = f.vanguards.tokens
    if len(tokens) != VANGUARDS or tokens.count("catalyst") != 1:
        problems.append(("vanguards.tokens", f"{VANGUARDS} tokens, exactly one the Catalyst"))
    if any(t not in VANGUARD_FACES for t in tokens):
        problems.append(("vanguards.tokens", f"each token one of {VANGUARD_FACES}"))
    for entry, got_value, stated in (
        ("devastation.tokens", f.devastation.tokens, DEVASTATION_TOKENS),
        ("harbinger.target", f.harbinger.target, HARBINGER_TARGET),
        ("harbinger.pieces", f.harbinger.pieces, HARBINGER_PIECES),
        ("dice.d6", f.dice.d6, D6),
        ("dice.d8", f.dice.d8, D8),
    ):
        if got_value != stated:
            problems.append((entry, f"the rulebook prints {stated}"))
    if problems:
        raise data_error(source, problems)
    provenance = provenance_of(
        (
            ("setup", setup_sources),
            ("ships", f.ships.provenance),
            ("harbinger", f.harbinger.provenance),
            ("vanguards", f.vanguards.provenance),
            ("devastation", f.devastation.provenance),
            ("dice", f.dice.provenance),
        )
    )
    return Pieces(
        chart=chart,
        ships=tuple(ships[c] for c in SHIP_CLASSES),
        vanguards=tuple(t == "catalyst" for t in tokens),
        devastation=f.devastation.tokens,
        harbinger_target=f.harbinger.target,
        harbinger_pieces=f.harbinger.pieces,
        d6=f.dice.d6,
        d8=f.dice.d8,
        provenance=provenance,
    )


def _claims(row: ChartRow) -> list[int]:
    order = claim_order(row)
    return [order.count(side) for side in range(len(row.sides()))]


@cache
def pieces() -> Pieces:
    return pieces_from_dict(read_json(PACKAGED_GAW), PACKAGED_GAW)


# -- the directives file -----------------------------------------------------------------------
def directives_from_dict(data: object, source: str, deck: Cards, board: Galaxy) -> Directives:
    f = validate(DirectivesFile, data, source)
    check_header(source, f.format, f.version, DIRECTIVES_FORMAT)
    problems: list[tuple[str, str]] = []
    regions = board.board.regions
    if set(f.cards) != set(deck.card_ids):
        missing = sorted(set(deck.card_ids) - set(f.cards))
        extra = sorted(set(f.cards) - set(deck.card_ids))
        problems.append(
            ("cards", f"one entry per faction card (missing {missing}, unknown {extra})")
        )
    found: list[Directive] = []
    for c, card_id in enumerate(deck.card_ids):
        entry = f.cards.get(card_id)
        if entry is None:
            continue
        where = f"cards.{card_id}"
        kind = entry.effect.get("kind")
        spec = DIRECTIVES.get(kind) if isinstance(kind, str) else None
        if spec is None:
            problems.append((f"{where}.effect.kind", f"one of {sorted(DIRECTIVES)}"))
            continue
        params = {k: v for k, v in entry.effect.items() if k != "kind"}
        if sorted(params) != sorted(spec.params):
            problems.append((f"{where}.effect", f"{kind} takes exactly {list(spec.params)}"))
            continue
        bad = [
            name
            for name, value in params.items()
            if not (
                value in regions
                if name == REGION
                else isinstance(value, int)
                and not isinstance(value, bool)
                and 1 <= value <= PARAM_MOST
            )
        ]
        if bad:
            problems.append(
                (f"{where}.effect", f"{bad}: a region of the galaxy, or a number 1-{PARAM_MOST}")
            )
            continue
        if entry.timing not in spec.timings:
            problems.append((f"{where}.timing", f"{kind} is played at {list(spec.timings)}"))
        if deck.faction[c] not in spec.factions:
            names = [FACTIONS[x] for x in spec.factions]
            problems.append((where, f"{kind} belongs only in the {names} decks"))
        found.append(Directive(str(kind), entry.timing, tuple((k, params[k]) for k in spec.params)))
    if not problems:
        problems += _deck_problems(found, deck, board)
    if problems:
        raise data_error(source, problems)
    provenance = provenance_of(
        [("cards", {card_id: e.provenance for card_id, e in f.cards.items()})]
    )
    return Directives(tuple(found), provenance)


def _deck_problems(found: list[Directive], deck: Cards, board: Galaxy) -> list[tuple[str, str]]:
    """What the decks must hold (spec 2.3): every printed rule that needs a card has one."""
    out: list[tuple[str, str]] = []

    def kinds(faction: int) -> list[Directive]:
        return [d for c, d in enumerate(found) if deck.faction[c] == faction]

    devastated = {d.region() for d in kinds(REAPER) if d.kind == "devastate"}
    for region in board.board.regions:
        # Step 5 names the card's region; E11 needs Ontarom's; R [Step 5]: one for every region.
        if region not in devastated:
            out.append(("cards", f"a Reaper 'Harbinger Attack' (devastate) card for {region}"))
    needs = (
        (REAPER, "resurrect", "ME92 [Momentum Meter]: a Reaper card resurrects Harbinger"),
        (REAPER, "momentum", "ME93 [Momentum Meter]: Reaper cards move it"),
        (ALLIANCE, "momentum", "ME93 [Momentum Meter]: Alliance cards move it"),
        (ALLIANCE, "harbinger_bonus", "ME77 [Attacking Harbinger]: card bonuses on the attack"),
        (
            CERBERUS,
            "resource_plus_one",
            "[Faction Cards]: Cerberus taking their 10th resource planet",
        ),
    )
    for faction, kind, why in needs:
        if not any(d.kind == kind for d in kinds(faction)):
            out.append(("cards", f"a {FACTIONS[faction]} {kind} card ({why})"))
    for timing, why in ((ATTACK, "attack bonuses"), (DEFEND, "defensive cards")):
        if not any(d.timing == timing for d in found):
            out.append(("cards", f"[Playing Faction Cards During an Invasion]: {why}"))
    return out


@cache
def directives() -> Directives:
    return directives_from_dict(
        read_json(PACKAGED_DIRECTIVES), PACKAGED_DIRECTIVES, cards(), galaxy()
    )


def check_file(path: Path) -> str:
    """Validate a user's Galaxy at War data file of either format; a line saying what it
    holds, or a BoardError listing every problem."""
    data = read_file(path)
    fmt = data.get("format") if isinstance(data, dict) else None
    if fmt == GAW_FORMAT:
        p = pieces_from_dict(data, str(path))
        return (
            f"set-up chart for {min(p.chart)}-{max(p.chart)} players, {sum(p.ships)} ships per "
            f"faction, {len(p.vanguards)} Vanguard tokens, {p.devastation} Devastation tokens"
        )
    if fmt == DIRECTIVES_FORMAT:
        d = directives_from_dict(data, str(path), cards(), galaxy())
        kinds = sorted({x.kind for x in d.by_card})
        return f"{len(d.by_card)} directives of {len(kinds)} kinds"
    raise BoardError(f"{path}: format: not a Galaxy at War data file ({', '.join(FORMATS)})")
