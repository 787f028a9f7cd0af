"""Positions built by hand for RISK Mass Effect Basic Training's rule tests."""

from __future__ import annotations

from typing import ClassVar

from warroom.core import get_mode
from warroom.games.mass_effect.basic import BasicState, MassEffectBasic

from ..risk import table
from ..risk.table import ScriptedRng

GAME: MassEffectBasic = get_mode("mass-effect-basic")  # type: ignore[assignment]

__all__ = ["GAME", "ScriptedRng", "Table"]


class Table(table.Table):
    """A Basic Training game positioned for a rule test."""

    game: ClassVar[MassEffectBasic] = GAME
    state: BasicState

    def card(self, name: str) -> int:
        """A card by id (such as reaper-01)."""
        card = self.state.cards.card(name)
        assert card is not None
        return card

    def hand_ids(self, seat: int) -> list[str]:
        return [self.state.cards.card_ids[c] for c in self.state.hands[seat]]
