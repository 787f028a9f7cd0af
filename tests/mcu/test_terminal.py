"""RISK MCU Skirmish in the terminal: the board by region with the race and the chart, a
sector looked up by its printed name, and a game played by typed actions."""

from __future__ import annotations

from tests.cli.test_terminal import session
from warroom.cli.show import display_for
from warroom.cli.show.mcu import McuDisplay
from warroom.core import Match


def test_board_look_and_typed_claims() -> None:
    assert isinstance(display_for("mcu-skirmish"), McuDisplay)
    match = Match.start("mcu-skirmish", 3, 5, {"factions": "in-order"})
    seat = match.to_move()[0]
    typed = ["board", "look asgard", "claim Sector_25", "odds 7 2", "odds 30000 2"]
    out = session(match, typed, {seat})
    assert "South Central +4" in out and "Malibu (01)" in out
    assert "first to 20 sectors wins" in out and "2:4" in out
    assert "Asgard (50): unclaimed, 0 units; region Beyond Manhattan (+2)" in out
    assert "Sector 48 (unclaimed, 0 units) by line" in out
    assert "places 3 units on Sector 25" in out and out.count("Refused") == 1
    # The game's own word for its pieces, in the what-if too.
    assert "7 units (one stays behind) against 2" in out and "or 1 unit is left" in out
    assert "Refused: odds are computed for at most 20,000 units a side" in out
