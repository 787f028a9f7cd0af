"""RISK MCU Battle for Manhattan in the terminal: the board with its pieces, the objectives
and a game begun by typed actions."""

from __future__ import annotations

from rich.console import Console

from tests.cli.test_terminal import session
from warroom.bots import make_bot
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
    # the decks named, not a list's "[8, 12, 8, 12, 8]"; one chip, not "1 chips"
    assert "in the faction decks: Captain America " in out
    assert "[" not in out.split("in the faction decks:")[1].splitlines()[0]
    view = match.view(None)
    view["chips"]["iron_man"] = 1
    assert "Iron Man holds 1 chip, built nothing" in BfmDisplay().footer(view)
    assert "places 3 units on Sector 25" in out and "Refused" not in out


def test_allies_are_named_in_words_on_the_board_and_in_the_hand() -> None:
    """The board's marks and the hand name an Ally as the page does ("Captain America's Ally
    2"), not by the id a player may type (CA-ALLY2); the power is said with the hand's."""
    match = Match.start("mcu-battle-for-manhattan", 3, 2, {"factions": "random"})
    bots = [make_bot("random", match.game.id, s) for s in range(3)]

    def ready() -> bool:
        view = match.view(0)
        return any(a["sector"] for a in view["allies"]) and bool(view.get("hand"))

    while not ready():
        assert match.outcome() is None
        seat = match.to_move()[0]
        match.act(seat, bots[seat].choose(seat, match.observe(seat), match.legal(seat)))
    view = match.view(0)
    console = Console(record=True, width=400)
    display = display_for(match.game.id)
    display.board(console, match, 0)
    console.print("\n".join(display.header(match, 0, view)))
    out = console.export_text()
    placed = next(a for a in view["allies"] if a["sector"])
    held = view["hand"][0]
    power = next(a["power"] for a in view["allies"] if a["ally"] == held["ally"])
    assert f"[{placed['name']}]" in out
    assert "-ALLY" not in out and power in out
