"""RISK MCU Battle for Manhattan in the terminal: Skirmish's board by region (the Helicarrier
is its own block) with each sector's pieces marked, the objectives, the Rage Meter, Iron Man's
Tower, the Loki tokens, and the hand with each card's Ally and power."""

from __future__ import annotations

from typing import Any

from warroom.cli.show.mcu import SYMBOLS, McuDisplay
from warroom.core.events import Pieces
from warroom.games.mcu.components import FACTIONS

CHIPS = Pieces("chip", "chips")

HELP = """[bold]RISK MCU Battle for Manhattan[/]
  e.g. [cyan]faction thor[/], [cyan]claim Sector 25[/], [cyan]trade CA01 CA03[/],
  [cyan]ally CA01 Sector 02[/] (a card of your deck for the Ally it shows), [cyan]power CA02[/]
  (a card's one-time power), [cyan]place Sector 12 5[/], [cyan]attack Sector 12 Sector 13 3[/]
  (Allies in the source go along; [cyan]attack A B alone 3[/] leaves them), [cyan]hulk SECTOR[/],
  [cyan]hydra N[/], [cyan]maneuver A B 2[/], [cyan]allies A B[/] (all the Allies in A; or name
  some by id: [cyan]allies A B IM-ALLY2[/] for Iron Man's Ally 2), [cyan]end[/].
  Marks: \\[dock] Docking Station, \\[chip] resource, \\[loki] face-down Loki
  token, [HULK], \\[Ally name] an Ally.
  Sectors as on the board (Sector 12, Malibu (01)); Sector_12, Malibu or the
  number alone ([cyan]attack 12 13 3[/]) work too.
  [cyan]odds A D[/]  chance that A attacking units take a sector held by D
    (d6 against d6)
  [cyan]odds FROM TO[/]  that attack as the board stands, with this game's dice for it
    (two numbers alone are units: [cyan]odds Sector 32 Sector 34[/] for the sectors)"""


class BfmDisplay(McuDisplay):
    help = HELP
    pip_dice = False  # Vanguards and powers roll d8s

    def marks(self, view: dict[str, Any], territory: dict[str, Any]) -> str:
        bits = []
        if territory.get("docking"):
            bits.append("dock" if territory.get("dock_open") else "dock closed")
        if territory.get("resource"):
            bits.append("chip")
        if territory.get("loki"):
            bits.append("loki")
        if territory.get("hulk"):
            bits.append("HULK")
        bits += [ally_name(view, ally) for ally in territory.get("allies", [])]
        return (" " + " ".join(f"[{b}]" for b in bits)) if bits else ""  # escaped by the board

    def footer(self, view: dict[str, Any]) -> str:
        rage = view["rage"]
        chips = view["chips"]
        loki = view["loki"]
        goals = "; ".join(
            f"{name}: {goal}"
            for name, goal in zip(view["players"], view["objectives"], strict=True)
            if goal
        )
        tower = ", ".join(chips["stages"]) or "nothing"
        decks = ", ".join(  # one deck a faction, in play or not (MCU66), in FACTIONS' order
            f"{name} {size}" for name, size in zip(FACTIONS, view["pile_sizes"], strict=True)
        )
        return (
            f"Turn {view['turn']}. Objectives: {goals or 'factions not chosen yet'}.\n"
            f"Rage Meter {rage['level']}/{rage['top']}"
            + (" (Hulk is out)" if rage["hulk_out"] else "")
            + f"; Iron Man holds {CHIPS.of(chips['iron_man'])}, built {tower}"
            + (" (Sector 25's dock is closed)" if chips["dock_25_closed"] else "")
            + f"; Loki tokens face down: {len(loki['face_down'])}, illusions revealed "
            f"{loki['illusions_boxed']}"
            + (", the scepter is found" if loki["scepter_found"] else "")
            + f"; S.H.I.E.L.D. lost {view['shield']['operatives_lost']}, Hydra agents "
            f"{view['shield']['hydra_flipped']}; cards left in the faction decks: {decks}"
        )

    def moments(self, view: dict[str, Any]) -> list[str]:
        bits = []
        if view.get("hulk_forced"):
            bits.append("Hulk must attack now, from his sector")
        if view["shield"]["hydra_pending"]:
            bits.append(f"Hydra agents to add: up to {view['shield']['hydra_pending']}")
        return bits

    def hand(self, seat: int, view: dict[str, Any]) -> str:
        return "; ".join(
            f"{c['card']} ({SYMBOLS.of(c['symbols'])}, "
            f"Ally: {ally_name(view, c['ally'], power=True)}; "
            f"power: {c['power']})"
            for c in view.get("hand") or ()
        )


def ally_name(view: dict[str, Any], ally: str, power: bool = False) -> str:
    """An Ally as the page names it ("Captain America's Ally 2", with its dice when `power`:
    "... (1 defence die is a d8)"), from the view's rows; its id where the view has no row."""
    row = next((a for a in view.get("allies", ()) if a["ally"] == ally), None)
    if row is None:
        return ally
    return f"{row['name']} ({row['power']})" if power else str(row["name"])


DISPLAY = BfmDisplay()
