"""Galaxy at War in the terminal: the galaxy with the pieces on each planet and the meters'
footer, and typed set-up actions (a claim for oneself, then one for neutral Cerberus)."""

from __future__ import annotations

from tests.cli.test_terminal import session
from warroom.cli.show import display_for
from warroom.cli.show.mass_effect_gaw import GalaxyAtWarDisplay
from warroom.core import Match


def test_board_and_typed_claims() -> None:
    assert isinstance(display_for("mass-effect-galaxy-at-war"), GalaxyAtWarDisplay)
    match = Match.start("mass-effect-galaxy-at-war", 2, 5, {})
    out = session(match, ["board", "claim sur'kesh", "cerberus palaven", "board"], {0})
    assert "Momentum space 3 (reaper, Harbinger attack +0)" in out
    assert "piles: Reaper 27, Alliance 27, Cerberus 27" in out
    assert "claims Sur'Kesh" in out and "Neutral Cerberus claims Palaven" in out
    assert "Refused" not in out
    assert "Harbinger: not placed yet" in out and "destroyed" not in out  # still claiming


def test_pieces_are_marked_on_their_planets() -> None:
    display = GalaxyAtWarDisplay()
    planet = {"harbinger": True, "ships": 2, "vanguards": 1}
    assert display.marks({}, planet) == " [HS2V1]" and display.marks({}, {}) == ""
