"""Builders for Classic RISK positions: start a real game, then set the board by hand."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from .table import Table

__all__ = ["Table", "rig_dice"]


@pytest.fixture
def table() -> Callable[..., Table]:
    return Table


def rig_dice(table: Table, faces: list[int]) -> None:
    """Make the next roll show `faces` (attacker's dice then defender's), by choosing a seed."""
    from warroom.core.rng import Rng

    for seed in range(200_000):
        rng = Rng(seed)
        if list(rng.roll(len(faces), 6)) == faces:
            table.state.rng = Rng(seed)
            return
    raise AssertionError(f"no seed rolls {faces}")
