"""`shallow_copier`: a new state whose every field holds the same object as the original's."""

from __future__ import annotations

from dataclasses import dataclass, field, fields

import pytest

from warroom.core.copying import shallow_copier
from warroom.games.risk_classic import GAME, RiskState


@dataclass(slots=True)
class _Parts:
    name: str
    counts: list[int]
    hidden: dict[str, int] = field(default_factory=dict, compare=False)


def test_every_field_is_carried_and_shared() -> None:
    parts = _Parts("a", [1, 2], {"x": 3})
    twin = shallow_copier(_Parts)(parts)
    assert twin is not parts and type(twin) is _Parts
    assert all(getattr(twin, f.name) is getattr(parts, f.name) for f in fields(_Parts))


def test_a_state_built_on_classic_is_copied_with_its_own_fields() -> None:
    state = GAME.new_game(3, 5, {})
    twin = shallow_copier(RiskState)(state)
    assert twin == state and twin.owner is state.owner
    stepped = state.step_copy()
    assert stepped == state and stepped.armies is not state.armies


def test_only_dataclasses_are_copied() -> None:
    with pytest.raises(TypeError, match="not a dataclass"):
        shallow_copier(int)
