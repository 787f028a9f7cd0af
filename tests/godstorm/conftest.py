"""Tables built by hand for Godstorm's rule tests."""

from __future__ import annotations

from warroom.core import get_mode
from warroom.core.actions import Action
from warroom.core.game import Seat
from warroom.core.rng import Rng
from warroom.games.godstorm.components import components
from warroom.games.godstorm.rules import Godstorm
from warroom.games.godstorm.setup import blank
from warroom.games.godstorm.state import GodstormState

GAME: Godstorm = get_mode("risk-godstorm")  # type: ignore[assignment]


def table(players: int = 3, seed: int = 1) -> GodstormState:
    """An empty Godstorm table: no armies anywhere, full reserves, shuffled decks, seat n
    playing the n-th pantheon."""
    state = blank(components(), players, Rng(seed), {})
    state.pantheon = list(range(players))
    return state


def turn_of(state: GodstormState, seat: int, phase: str) -> GodstormState:
    """`seat` holds marker 1 and is in `phase` of its turn."""
    state.markers = [seat] + [s for s in range(state.players) if s != seat]
    state.turn = 0
    state.phase = phase
    return state


def counts(state: GodstormState, seat: Seat, kind: str, *args: object) -> list[int]:
    """The counts the rules offer `seat` now for `kind` with these first arguments (the
    legal actions' last argument): what a refusal of any other count says too."""
    return sorted(
        int(a.args[-1])
        for a in GAME.legal_actions(state, seat)
        if a.kind == kind and a.args[:-1] == args
    )


def legal(state: GodstormState, seat: Seat, action: Action) -> bool:
    return action in GAME.legal_actions(state, seat)


def hold(state: GodstormState, seat: int, armies: dict[str, int]) -> None:
    """Put `seat`'s armies on the named Earth territories."""
    for name, count in armies.items():
        t = state.parts.earth.territory(name)
        state.owner[t] = seat
        state.armies[t] = count


def space(state: GodstormState, seat: int, name: str, armies: int = 1) -> int:
    """Put `seat`'s armies on an Underworld space; its index."""
    s = state.parts.underworld.territory(name)
    state.space_owner[s] = seat
    state.space_armies[s] = armies
    return s
