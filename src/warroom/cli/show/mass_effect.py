"""RISK Mass Effect Basic Training in the terminal: Classic's display (planets by region with
bonuses, `look` naming Mass Relay connections, conquest odds) with the fixed set chart, the
cards out of play and each card's ship class."""

from __future__ import annotations

from typing import Any

from warroom.cli.show.risk import RiskDisplay

HELP = """[bold]RISK Mass Effect: Basic Training[/]
  e.g. [cyan]place Earth 5[/], [cyan]attack Palaven Benning 3[/] (Palaven's Mass Relay),
  [cyan]end[/], [cyan]trade reaper-01 alliance-05 cerberus-09[/] (3 of one ship class, or one
  of each; 5 cards must be traded before placing),
  [cyan]fortify Noveria Benning 4[/] (through your own planets; then you draw a card
  if you conquered a planet this turn)
  [cyan]look Palaven[/] shows its neighbours and which are joined by a Mass Relay
  [cyan]odds A D[/]  chance that A attacking units take a planet held by D
  [cyan]odds FROM TO[/]  that attack as the board stands, with this game's dice for it"""


class MassEffectDisplay(RiskDisplay):
    help = HELP

    def footer(self, view: dict[str, Any]) -> str:
        chart = ", ".join(f"{k} {v}" for k, v in view["set_values"].items())
        return (
            f"Turn {view['turn']}; card sets (fixed): {chart}; {view['deck_size']} cards in "
            f"the deck, {len(view['out_of_play'])} out of play"
        )


DISPLAY = MassEffectDisplay()
