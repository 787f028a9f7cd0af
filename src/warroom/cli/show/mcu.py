"""RISK MCU Skirmish in the terminal: Classic's display (sectors by region with bonuses,
`look`, conquest odds) with the 20-sector race, the Recruitment chart and symbol cards."""

from __future__ import annotations

from typing import Any

from warroom.cli.show.risk import RiskDisplay
from warroom.core.events import Pieces

SYMBOLS = Pieces("symbol", "symbols")

HELP = """[bold]RISK MCU Skirmish[/]
  e.g. [cyan]place Sector 12 5[/], [cyan]attack Sector 12 Sector 13 3[/], [cyan]end[/],
  [cyan]trade CA01 TH03[/] (any of your cards, 2 to 10 symbols, once a turn before
  placing),
  [cyan]maneuver Sector 24 Sector 32 2[/] (through your own sectors; then the turn ends)
  Sectors as on the board (Sector 12, Malibu (01)); Sector_12, Malibu or the
  number alone ([cyan]attack 12 13 3[/]) work too.
  [cyan]odds A D[/]  chance that A attacking units take a sector held by D
  [cyan]odds FROM TO[/]  that attack as the board stands, with this game's dice for it
    (two numbers alone are units: [cyan]odds Sector 32 Sector 34[/] for the sectors)"""


class McuDisplay(RiskDisplay):
    help = HELP

    def footer(self, view: dict[str, Any]) -> str:
        chart = ", ".join(f"{k}:{v}" for k, v in view["recruitment"].items())
        return (
            f"Turn {view['turn']}; first to {view['sectors_to_win']} sectors wins; "
            f"Recruitment chart (symbols:units) {chart}; {view['deck_size']} cards in the "
            f"deck, {len(view['discard'])} discarded"
        )

    def hand(self, seat: int, view: dict[str, Any]) -> str:
        cards = view.get("hand") or ()
        if not cards:
            return ""
        total = SYMBOLS.of(sum(c["symbols"] for c in cards))
        return ", ".join(f"{c['card']} ({c['symbols']})" for c in cards) + f"; {total}"


DISPLAY = McuDisplay()
