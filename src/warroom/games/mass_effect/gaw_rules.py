"""Galaxy at War's rules that Basic Training lacks, as functions over plain parts of a position
(the galaxy, who owns each planet, the faction of each side), one function per rule, each named
at its code with the rule number of shared/specs/mass-effect.md section 2.2 and the reading it
takes (section 2.5, the recommended ones). The mode's steps call these; nothing here keeps
state of its own.

Sides are the seats in set-up chart order, then neutral Cerberus where it plays (2 and 4
players); `faction_of[side]` indexes `components.FACTIONS`; an owner of `NO_OWNER` marks a
devastated planet (ME88: it cannot be controlled).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence

from warroom.core.board import Board
from warroom.core.events import Event
from warroom.core.rng import Rng
from warroom.games.mass_effect.components import CERBERUS_WIN, FACTIONS, Galaxy, Space
from warroom.games.mass_effect.gaw_components import (
    ALLIANCE,
    CERBERUS,
    REAPER,
    SHIPS_PER_CLASS_MOST,
    ChartRow,
)
from warroom.rules.battle import EVERY_DIE, BattleRule, SideRule, add_sides
from warroom.rules.pieces import FaceDown, Tokens

NO_OWNER = -1  # a devastated planet (ME88)
CATALYST, REAPER_TOKEN = 1, 0  # Vanguard faces in `FaceDown`
FACTION_SIDE = {REAPER: "reaper", ALLIANCE: "alliance"}  # the Momentum Meter's two sides
CRUISER, CARRIER, DREADNOUGHT = 0, 1, 2  # indexes into components.SHIP_CLASSES


# -- set-up ----------------------------------------------------------------------------------
def reinforce_order(row: ChartRow, left: Sequence[int]) -> list[tuple[int, int]]:
    """(seat deciding, side whose unit it places) for each setup reinforcement, in order.

    ME49/ME7: one unit a round per seat in chart order, skipping seats with none left; ME50: in
    a neutral game each seat then places one Cerberus unit while any remain."""
    units = list(left)
    neutral = len(row.seats) if row.neutral is not None else None
    out: list[tuple[int, int]] = []
    while any(units):
        for seat in range(len(row.seats)):
            if units[seat]:
                units[seat] -= 1
                out.append((seat, seat))
                if neutral is not None and units[neutral]:
                    units[neutral] -= 1
                    out.append((seat, neutral))
        if not any(units[: len(row.seats)]) and neutral is not None and units[neutral]:
            # Only Cerberus units are left: the seats go on placing them in turn (ME50,
            # "while Cerberus units remain").
            for seat in range(len(row.seats)):
                if units[neutral]:
                    units[neutral] -= 1
                    out.append((seat, neutral))
    return out


def harbinger_spots(owner: Sequence[int], faction_of: Sequence[int]) -> list[int]:
    """ME48 (and G19 [Momentum Meter; Faction Cards] for a resurrected Harbinger): any
    Reaper-controlled planet."""
    return [t for t, side in enumerate(owner) if side >= 0 and faction_of[side] == REAPER]


# -- teams -----------------------------------------------------------------------------------
def same_team(faction_of: Sequence[int], a: int, b: int) -> bool:
    """ME100: the seats of one faction are a team (neutral Cerberus is no one's teammate, and
    a neutral side is never a seat, so `a`, `b` are sides)."""
    return faction_of[a] == faction_of[b]


def team_passable(owner: Sequence[int], team: Collection[int]) -> Callable[[int], bool]:
    """ME83: a team's planets all count as connected for fortifying (units and ships); ME88:
    a devastated planet (no owner) blocks the way."""
    return lambda t: owner[t] in team


def may_attack(
    owner: Sequence[int],
    faction_of: Sequence[int],
    attacker: int,
    target: int,
    harbinger_at: int | None,
) -> bool:
    """Whether `attacker` may invade `target`: not its own or a teammate's (ME101), not a
    devastated planet (ME88), not a Reaper planet Harbinger protects (ME74, G16
    [Placing Harbinger; Attacking Harbinger])."""
    side = owner[target]
    if side == NO_OWNER or same_team(faction_of, attacker, side):
        return False
    return not harbinger_protects(owner, faction_of, harbinger_at, target)


def may_hand_over(
    owner: Sequence[int],
    armies: Sequence[int],
    ships_at: Tokens,
    vanguards_at: Tokens,
    planet: int,
    teammate: int,
) -> bool:
    """ME84 (G22 [Team: Change of Command], G32 [Team: Change of Command]): a change of command
    takes one of the teammate's planets with exactly 1 unit, no ship and no Vanguard token (the
    teammate then agrees or not)."""
    return (
        owner[planet] == teammate
        and armies[planet] == 1
        and ships_at.count(planet) == 0
        and vanguards_at.count(planet) == 0
    )


# -- meters ----------------------------------------------------------------------------------
def momentum_moved(position: int, faction: int, spaces: int, meter: Sequence[Space]) -> int:
    """ME73/ME78/ME89/ME92/ME93: Momentum moves `spaces` toward `faction`'s side (the meter
    runs from the Reaper end, space 0, to the Alliance end). G29 [Momentum Meter]: moves past an end
    are lost."""
    if faction not in FACTION_SIDE:
        raise ValueError(f"{FACTIONS[faction]} has no side of the Momentum Meter")
    step = 1 if faction == ALLIANCE else -1
    return max(0, min(len(meter) - 1, position + step * spaces))


def momentum_extra_cards(meter: Sequence[Space], position: int, faction: int) -> int:
    """ME95: the side the Meter favours draws its space's extra cards; balanced: none."""
    space = meter[position]
    return space.extra_cards if space.side == FACTION_SIDE.get(faction) else 0


def harbinger_modifier(meter: Sequence[Space], position: int, faction: int) -> int:
    """ME79: the Meter's modifier applies to Alliance attacks on Harbinger; G13
    [Momentum Meter; Attacking Harbinger]: not Cerberus."""
    return meter[position].harbinger_mod if faction == ALLIANCE else 0


def resources_held(galaxy: Galaxy, owner: Sequence[int], side: int) -> int:
    """ME51: the Strategic Planet Meter's count, the resource planets `side` holds."""
    return sum(1 for t, held in enumerate(galaxy.resource) if held and owner[t] == side)


def extra_cards(
    galaxy: Galaxy,
    position: int,
    owner: Sequence[int],
    side: int,
    faction: int,
) -> int:
    """ME95 (G14 [Step 6; Momentum Meter]: with or without a conquest): the Momentum Meter's extra
    cards for the Alliance and the Reapers, the Strategic Planet Meter's for (a playing)
    Cerberus."""
    if faction == CERBERUS:
        return galaxy.strategic_cards[resources_held(galaxy, owner, side)]
    return momentum_extra_cards(galaxy.momentum, position, faction)


def cards_earned(faction: int, conquered_from: Iterable[int]) -> int:
    """ME94: 1 card for conquering from one opposing faction this turn, 2 from both; counted by
    faction, not player, neutral Cerberus counting as the Cerberus faction."""
    return len({f for f in conquered_from if f != faction})


def draw(deck: list[int], discard: list[int], rng: Rng) -> tuple[int | None, list[int], list[int]]:
    """ME96: one card from a faction's own deck (teammates share it). G30 [Faction Cards]: an empty
    deck takes that faction's shuffled discard pile; with both empty no card is drawn. Returns the
    card and the new deck and discard pile."""
    if not deck:
        if not discard:
            return None, deck, discard
        deck, discard = discard[:], []
        rng.shuffle(deck)
    return deck[-1], deck[:-1], discard


# -- ships and dice --------------------------------------------------------------------------
def ship_side(ships: Sequence[int]) -> SideRule:
    """ME63-ME66: per Cruiser one die rerolled until not 1, per Carrier +1 on one die (highest
    first, at most +1 a die), per Dreadnought one d6 made a d8; G4 [Using Ships]: more ships than
    dice help only as many dice (`rules.battle` caps each count at the dice rolled)."""
    return SideRule(d8=ships[DREADNOUGHT], reroll_until=ships[CRUISER], plus_one=ships[CARRIER])


def may_build(on_board: Sequence[int], ship_class: int) -> bool:
    """ME60 (G1 [Step 2 Play Cards for Units/Ships], per faction by default): at most 3 ships of a
    class on the board."""
    return on_board[ship_class] < SHIPS_PER_CLASS_MOST


def invasion_rule(
    attack: Sequence[SideRule],
    defend: Sequence[SideRule],
    vanguard_d8s: bool = False,
) -> BattleRule:
    """One battle's dice: the attacker's ships and cards, the defender's ships and cards, each
    adding up (ship and card effects count per die); ME70: a Vanguard's defender may roll only
    d8s for the whole invasion (G6 [Invading a Reaper Vanguard]), G7 [Invading a Reaper Vanguard]:
    its ships still apply on top. ME99: neutral Cerberus defends with nothing (its caller passes no
    ships or cards)."""
    defender = add_sides(*defend)
    if vanguard_d8s:
        defender = add_sides(defender, SideRule(d8=EVERY_DIE))
    return BattleRule(attacker=add_sides(*attack), defender=defender)


# -- Harbinger -------------------------------------------------------------------------------
def harbinger_protects(
    owner: Sequence[int], faction_of: Sequence[int], harbinger_at: int | None, target: int
) -> bool:
    """ME74: a Reaper-controlled planet holding Harbinger cannot be attacked; G16
    [Placing Harbinger; Attacking Harbinger]: Harbinger on another planet protects nothing."""
    if harbinger_at != target:
        return False
    side = owner[target]
    return side != NO_OWNER and faction_of[side] == REAPER


def harbinger_sources(
    board: Board,
    owner: Sequence[int],
    armies: Sequence[int],
    faction_of: Sequence[int],
    harbinger_at: int | None,
    attacker: int,
) -> list[int]:
    """ME75: the attacker's planets (with a unit to spare, ME19/G11 [Attacking Harbinger]) adjacent
    to Harbinger's, or Harbinger's own planet if the attacker holds it; ME78: Alliance and Cerberus
    attack it, never the Reapers; G15 [Step 5; Attacking Harbinger]: a devastated planet has no
    units to attack from."""
    if harbinger_at is None or faction_of[attacker] == REAPER:
        return []
    near = [harbinger_at, *board.neighbors[harbinger_at]]
    return sorted(t for t in near if owner[t] == attacker and armies[t] >= 2)


def harbinger_destroyed(total: int, target: int) -> bool:
    """ME77: the dice total with ship, card and Momentum bonuses must reach the target (18)."""
    return total >= target


def harbinger_reach(board: Board, start: int, steps: int, strict: bool = False) -> list[int]:
    """ME85/ME86: the planets Harbinger may end on, moving up to `steps` planets along borders
    and relays, onto or through anything (devastated planets too); G17 [Step 5]: 0 steps is
    allowed, unless `strict` (the option `harbinger_move=strict`: "after moving it" read as at
    least one step)."""
    seen = {start}
    frontier = [start]
    for _ in range(steps):
        frontier = [n for t in frontier for n in board.neighbors[t] if n not in seen]
        seen.update(frontier)
    if strict:
        seen.discard(start)
    return sorted(seen)


def may_devastate(
    board: Board,
    owner: Sequence[int],
    faction_of: Sequence[int],
    planet: int,
    card_region: str,
    tokens_left: int,
) -> bool:
    """ME87/ME88 (G18 [Step 5; Placing Harbinger]): a Harbinger Attack card for the region of
    Harbinger's planet, held by an opponent of the Reapers (neutral Cerberus included), not yet
    devastated, with a Devastation token left."""
    side = owner[planet]
    return (
        tokens_left > 0
        and side != NO_OWNER
        and faction_of[side] != REAPER
        and board.regions[board.region_of[planet]] == card_region
    )


def region_bonus(board: Board, owner: Sequence[int], side: int) -> int:
    """ME57/ME10 with ME90: a region counts as held when `side` holds every planet of it that
    is not devastated (a region devastated whole counts for nobody)."""
    total = 0
    for r, members in enumerate(board.region_members):
        standing = [t for t in members if owner[t] != NO_OWNER]
        if standing and all(owner[t] == side for t in standing):
            total += board.region_bonus[r]
    return total


# -- Reaper Vanguards ------------------------------------------------------------------------
def vanguard_spots(
    owner: Sequence[int], reapers: Collection[int], vanguards_at: Tokens
) -> list[int]:
    """ME54/ME55 (G9 [Invading a Reaper Vanguard]): a Reaper planet (the placer's or, ME54, the
    teammate's) without a token, or any Reaper planet when every one has a token."""
    held = [t for t, side in enumerate(owner) if side in reapers]
    free = [t for t in held if vanguards_at.count(t) == 0]
    return free or held


def vanguard_peek(
    faces: FaceDown, token: int, team: frozenset[int], placer: str
) -> tuple[FaceDown, Event]:
    """ME54/ME56: the Reaper who takes a token looks at it and shows it to the teammate: its
    face becomes known to the team, and only to them (`Event.known_to`)."""
    face = "the Catalyst" if faces.faces[token] == CATALYST else "a Reaper token"
    event = Event(
        "vanguard-peek",
        f"{placer} takes a Vanguard token",
        {"token": token},
        known_to=team,
        secret={"face": "catalyst" if faces.faces[token] == CATALYST else "reaper"},
        secret_text=f"{placer} takes a Vanguard token: {face}",
    )
    return faces.told(token, team), event


VANGUARD_ALLIANCE_WINS, VANGUARD_REMOVED, VANGUARD_RELOCATED = "catalyst", "removed", "relocated"


def vanguard_destroyed(
    faces: FaceDown, token: int, destroyer: int, destroyers: frozenset[int]
) -> tuple[FaceDown, str]:
    """ME71-ME73: the destroyer looks at the token (G8 [Invading a Reaper Vanguard]: Cerberus only,
    by default). By the Alliance: the Catalyst wins at once, any other token leaves the board and
    Momentum moves 1 toward the Alliance (the caller moves it). By Cerberus: the token goes back to
    another Reaper planet, face down (the Reapers choose where), with no win and no Momentum."""
    seen = faces.told(token, destroyers)
    if destroyer == ALLIANCE:
        return seen, VANGUARD_ALLIANCE_WINS if faces.faces[token] == CATALYST else VANGUARD_REMOVED
    return seen, VANGUARD_RELOCATED


# -- winning ---------------------------------------------------------------------------------
def winning_faction(
    units: Sequence[int],
    cerberus_resources: int,
    cerberus_plays: bool,
    catalyst_taken: bool,
) -> int | None:
    """The faction that has won now, checked after every step (G12 [GaW Winning], state-based), else
    None.

    ME103: the Alliance, on taking the Catalyst (G31 [GaW Winning]: first, whatever else happened)
    or when no Reaper unit is left; ME102: the Reapers when no Alliance unit is left; ME104: a
    playing Cerberus holding 10 resource planets (G34 [GaW Winning]; a neutral Cerberus never wins).
    `units` is per faction."""
    if catalyst_taken or units[REAPER] == 0:
        return ALLIANCE
    if units[ALLIANCE] == 0:
        return REAPER
    if cerberus_plays and cerberus_resources >= CERBERUS_WIN:
        return CERBERUS
    return None


def eliminated_cards(hand: Sequence[int], discard: Sequence[int]) -> list[int]:
    """ME80: an eliminated player's whole hand goes to its faction's discard pile; the
    eliminator gets nothing."""
    return [*discard, *hand]
