"""Fortifying on Ancient Earth (§7) and the Underworld (§1 crypts, §8 embarking, §9 invading,
§10 the Death Labor): G35, G60, G100-G112, A16-A19 [9. Invade the Underworld; Eliminating a
Player; 8. Embark From Heaven; 7. Fortify a Position], A32 [7. Fortify a Position]."""

from __future__ import annotations

from collections.abc import Sequence

from warroom.core.board import reachable
from warroom.core.events import Event, faces
from warroom.core.game import Seat
from warroom.games.godstorm.invasion import labor_draw, magic_labors
from warroom.games.godstorm.losses import banish_gods_without_armies
from warroom.games.godstorm.state import DEATH, NOBODY, GodstormState
from warroom.rules.battle import roll_traced


def fortify_reach(state: GodstormState, seat: Seat, source: int) -> set[int]:
    """The territories joined to `source` by an unbroken path of `seat`'s own (A19
    [7. Fortify a Position])."""
    mine = set(state.territories_of(seat))
    if source not in mine:
        return {source}
    # Sunken lands are no one's, so of `adjacent`'s conditions only the maelstrom's crossing
    # is left to take out of the board's connections.
    walk: Sequence[Sequence[int]] = state.parts.earth.neighbors
    if state.maelstrom is not None:
        a, b = state.maelstrom
        walk = list(walk)
        walk[a] = [n for n in walk[a] if n != b]
        walk[b] = [n for n in walk[b] if n != a]
    return reachable(walk, source, mine.__contains__)


def fortify(
    state: GodstormState, seat: Seat, source: int, target: int, armies: int, gods: Sequence[int]
) -> None:
    """A20 [7. Fortify a Position]: armies fortified into a plague land are not halved (the §5
    plague strikes later)."""
    state.armies[source] -= armies
    state.armies[target] += armies
    for domain in gods:
        state.gods[seat][domain] = target


def spaces_of(state: GodstormState, seat: Seat, kind: str | None = None) -> list[int]:
    """The Underworld spaces `seat` holds (of one kind if given)."""
    kinds = state.parts.underworld.space_kind
    return [
        s
        for s, o in enumerate(state.space_owner)
        if o == seat and state.space_armies[s] > 0 and (kind is None or kinds[s] == kind)
    ]


def embark_targets(state: GodstormState, seat: Seat) -> list[int]:
    """G103, G104, A17 [8. Embark From Heaven]: with no space held, only gate spaces that are empty
    or yours; with spaces held, those spaces and any empty gate (every heaven reaches all 3
    gates)."""
    kinds = state.parts.underworld.space_kind
    gates = [
        s for s, k in enumerate(kinds) if k == "gate" and state.space_owner[s] in (NOBODY, seat)
    ]
    return sorted(set(gates) | set(spaces_of(state, seat)))


def embark(state: GodstormState, seat: Seat, space: int, armies: int) -> None:
    """G102: armies leave the heaven for the Underworld (G105: once there, they move only by
    invading)."""
    state.heaven[seat] -= armies
    state.space_owner[space] = seat
    state.space_armies[space] += armies


def underworld_attack_problem(
    state: GodstormState, seat: Seat, source: int | None, target: int
) -> str | None:
    """G106, G111, A18 [9. Invade the Underworld]: from a space you hold (with 2 or more armies) to
    an adjacent space held by an opponent, never across a flame border; from your heaven (source
    None) only into a gate an opponent holds. Heavens are never attacked.

    A16 [9. Invade the Underworld; Eliminating a Player], G99: an empty space next to one you hold
    is entered the same way, as an invasion with no defender and no dice. The reading keeps the
    flame borders closed to it (an invasion may not cross one, G111) and keeps it to spaces: from
    the heaven an empty gate is entered by embarking (§8, A17 [8. Embark From Heaven])."""
    route = underworld_route_problem(state, source, target)
    if route is not None:
        return route
    owner = state.space_owner[target]
    empty = owner == NOBODY or state.space_armies[target] == 0
    if owner == seat and not empty:
        return "that space is yours"
    if source is None:
        if empty:
            return "embark into an empty gate from your heaven (step 8)"
        if state.heaven[seat] < 1:
            return "your heaven holds no army"
        return None
    if state.space_owner[source] != seat or state.space_armies[source] < 2:
        return "invade from a space you hold with at least 2 armies"
    return None


def underworld_route_problem(state: GodstormState, source: int | None, target: int) -> str | None:
    """What `underworld_attack_problem` refuses whoever holds what (G106, G111, A18): a heaven
    attacked, a heaven's army (source None) into anything but a gate, spaces that do not
    border or a flame border between them. The odds tell these questions, which no turn of
    the game makes right, from ones the board has only moved past."""
    under = state.parts.underworld
    kinds = under.space_kind
    if kinds[target] == "heaven":
        return "no heaven may be attacked"
    if source is None:
        return None if kinds[target] == "gate" else "from your heaven you may invade only a gate"
    kind = under.kind_of.get((source, target))
    if kind is None:
        return "the spaces do not border each other"
    if kind == "flame":
        return "no attack may cross a flame border"
    return None


def revive_problem(state: GodstormState, seat: Seat, crypt: int, territory: int) -> str | None:
    """G35: 1 army from a crypt you hold, never its only army, to a territory where you control
    a temple."""
    if crypt not in spaces_of(state, seat, "crypt"):
        return "revive from a crypt you control"
    if state.space_armies[crypt] < 2:
        return "the crypt's only army cannot leave"
    if territory not in state.temples_of(seat):
        return "revived armies go to a territory where you control a temple"
    return None


def revive(state: GodstormState, seat: Seat, crypt: int, territory: int) -> None:
    """G38 (FAQ): these armies are not 'raised'."""
    state.space_armies[crypt] -= 1
    state.armies[territory] += 1
    banish_gods_without_armies(state, territory)


def death_labor(state: GodstormState, seat: Seat) -> list[Event]:
    """G60, G112: at the end of your turn, a crypt held and the god of death in play draw one
    Death card."""
    if not spaces_of(state, seat, "crypt") or not state.god_in_play(seat, DEATH):
        return []
    return labor_draw(state, seat, "Death", once_a_turn=True)


def underworld_available(state: GodstormState, seat: Seat, source: int | None) -> int:
    """Armies that may attack or move in from a space (1 stays) or a heaven (A18
    [9. Invade the Underworld]: none)."""
    if source is None:
        return state.heaven[seat]
    return state.space_armies[source] - 1


def underworld_roll(
    state: GodstormState, seat: Seat, source: int | None, target: int, attack: int, defend: int
) -> list[Event]:
    """One roll in the Underworld: plain dice (no gods, temples or miracles reach it, G110),
    and every army that dies goes to its owner's reserve (G107); the Magic Labor still counts
    (A7 [Magic Cards; Godswar])."""
    rolled = roll_traced(state.rng, attack, defend)
    r = rolled.roll
    # Which battle the dice were, for the log's readers: a raid from the heaven by its name.
    origin = state.parts.heaven[state.pantheon[seat]] if source is None else source
    under = state.parts.underworld
    defender = state.space_owner[target]
    # As Classic's battle lines name it, whose each place is, before a loss empties one.
    battle = (
        f"{under.territories[origin]} ({state.names[seat]}) attacks "
        f"{under.territories[target]} ({state.holder_name(defender)})"
    )
    if source is None:
        state.heaven[seat] -= r.attacker_losses
    else:
        state.space_armies[source] -= r.attacker_losses
    state.reserve[seat] += r.attacker_losses
    state.space_armies[target] -= r.defender_losses
    state.reserve[defender] += r.defender_losses
    if state.space_armies[target] == 0:
        state.space_owner[target] = NOBODY
    events = [
        Event(
            "roll",
            f"{battle}: {faces(r.attack)} against {faces(r.defend)}; attacker loses "
            f"{r.attacker_losses}, defender loses {r.defender_losses}",
            {
                "from": under.territories[origin],
                "to": under.territories[target],
                "attack": list(r.attack),
                "defend": list(r.defend),
                "attacker_losses": r.attacker_losses,
                "defender_losses": r.defender_losses,
            },
            reveals=True,
        )
    ]
    return events + magic_labors(state, [(seat, rolled.attack), (defender, rolled.defend)])


def occupy_space(
    state: GodstormState, seat: Seat, source: int | None, target: int, moving: int
) -> None:
    """Move into a space won or empty (A16 [9. Invade the Underworld; Eliminating a Player]; G110:
    it never counts for the War Labor)."""
    if source is None:
        state.heaven[seat] -= moving
    else:
        state.space_armies[source] -= moving
    state.space_owner[target] = seat
    state.space_armies[target] += moving
