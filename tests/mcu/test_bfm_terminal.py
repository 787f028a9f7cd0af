"""RISK MCU Battle for Manhattan in the terminal: the board with its pieces, the objectives
and a game begun by typed actions."""

from __future__ import annotations

from tests.cli.test_terminal import session
from warroom.cli.show import display_for
from warroom.cli.show.mcu_bfm import BfmDisplay
from warroom.core import Match


def test_board_pieces_objectives_and_typed_setup() -> None:
    assert isinstance(display_for("mcu-battle-for-manhattan"), BfmDisplay)
    match = Match.start("mcu-battle-for-manhattan", 3, 5, {"factions": "random"})
    seat = match.to_move()[0]
    out = session(match, ["board", "look asgard", "claim Sector_25"], {seat})
    assert "Helicarrier +0" in out and "Helicarrier Access" in out
    assert "Sector 25 Avengers Tower site [dock]" in out and "Sector 05 [chip]" in out
    assert "Asgard (50)" in out and "Dark Elves" in out
    assert "Rage Meter 0/10" in out and "Objectives:" in out
    assert "places 3 units on Sector 25" in out and "Refused" not in out
