"""Tables built by hand for Godstorm's rule tests."""

from __future__ import annotations

from warroom.core.rng import Rng
from warroom.games.godstorm.components import components
from warroom.games.godstorm.setup import blank
from warroom.games.godstorm.state import GodstormState


def table(players: int = 3, seed: int = 1) -> GodstormState:
    """An empty Godstorm table: no armies anywhere, full reserves, shuffled decks, seat n
    playing the n-th pantheon."""
    state = blank(components(), players, Rng(seed), {})
    state.pantheon = list(range(players))
    return state


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
