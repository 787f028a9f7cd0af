"""Positions built by hand for RISK MCU Skirmish's rule tests."""

from __future__ import annotations

from typing import ClassVar

from warroom.core import get_mode
from warroom.games.mcu.skirmish import McuSkirmish, McuState
from warroom.games.risk_classic import REINFORCE

from ..risk import table
from ..risk.table import ScriptedRng

__all__ = ["GAME", "ScriptedRng", "Table"]

GAME: McuSkirmish = get_mode("mcu-skirmish")  # type: ignore[assignment]


class Table(table.Table):
    """A Skirmish game positioned for a rule test."""

    game: ClassVar[McuSkirmish] = GAME
    state: McuState

    def turn_of(
        self, seat: int, phase: str = REINFORCE, pending: int = 0, rest: list[int] | None = None
    ) -> None:
        super().turn_of(seat, phase, pending, rest)
        self.state.trade_open = phase == REINFORCE

    def card(self, name: str) -> int:
        """A card by id (such as CA03)."""
        card = self.state.decks.card(name)
        assert card is not None
        return card

    def hand_ids(self, seat: int) -> list[str]:
        return [self.state.decks.card_ids[c] for c in self.state.hands[seat]]
