"""RISK Mass Effect Basic Training in the terminal: the galaxy by region with the fixed set
chart, a planet looked up with its Mass Relay, and typed claims (apostrophes included)."""

from __future__ import annotations

from tests.cli.test_terminal import session
from warroom.cli.show import display_for
from warroom.cli.show.mass_effect import MassEffectDisplay
from warroom.core import Match


def test_board_look_and_typed_claims() -> None:
    assert isinstance(display_for("mass-effect-basic"), MassEffectDisplay)
    match = Match.start("mass-effect-basic", 3, 5, {})
    seat = match.to_move()[0]
    out = session(match, ["board", "look palaven", "claim sur'kesh", "odds 7 2"], {seat})
    assert "Perseus Veil +3" in out and "Attican Traverse +4" in out and "one of each 7" in out
    assert "Palaven: unclaimed, 0 units; region Citadel Council Systems" in out
    assert "Benning (unclaimed, 0 units) by mass relay" in out  # words, not the id
    assert "Lesuss (unclaimed, 0 units)\n" in out
    assert "claims Sur'Kesh" in out and "Refused" not in out
    assert "7 units (one stays behind) against 2" in out and "or 1 unit is left" in out
