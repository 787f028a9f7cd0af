"""RISK Mass Effect Galaxy at War in the terminal: Basic Training's galaxy by region, each
planet marked with the pieces on it (H Harbinger, S ships, V Vanguard tokens), and a footer
with the two meters, Harbinger and the faction piles."""

from __future__ import annotations

from typing import Any

from warroom.cli.show.mass_effect import MassEffectDisplay
from warroom.core import Match

HELP = """[bold]RISK Mass Effect: Galaxy at War[/]
  e.g. [cyan]vanguard Noveria[/] (Reapers, at the start of the turn), [cyan]build reaper-03[/]
  (one ship a turn), [cyan]play alliance-07[/] (a directive), [cyan]place Earth 5[/],
  [cyan]attack Earth Benning 3 1 0 0[/] (3 dice with 1 cruiser, 0 carriers,
  0 dreadnoughts),
  [cyan]strike Earth 3[/] (attack Harbinger), [cyan]fortify Noveria Benning 4[/],
  [cyan]ships Earth Benning 1 0 0[/], [cyan]roll[/] then [cyan]step Ontarom[/] (Harbinger),
  [cyan]devastate reaper-02[/], [cyan]end[/]
  [cyan]look Palaven[/] shows its neighbours and which are joined by a Mass Relay
  [cyan]odds A D[/]  chance that A attacking units take a planet held by D
  [cyan]odds FROM TO[/]  that attack as the board stands, with this game's dice for it
  [cyan]odds FROM TO 1 0 2[/]  the same with 1 cruiser, 0 carriers, 2 dreadnoughts along"""


class GalaxyAtWarDisplay(MassEffectDisplay):
    help = HELP
    pip_dice = False  # Vanguards and powers roll d8s

    def odds(self, match: Match, seat: int, rest: str) -> str:
        """`odds FROM TO CRUISERS CARRIERS DREADNOUGHTS`: that attack with those ships along,
        as the browser's attack panel asks it; anything else as in Basic Training."""
        words = rest.split()
        counts = words[-3:]
        if len(words) >= 5 and all(w.isascii() and w.isdigit() for w in counts):
            ships = (int(counts[0]), int(counts[1]), int(counts[2]))
            return self._attack(match, words[:-3], ships)
        return super().odds(match, seat, rest)

    def marks(self, view: dict[str, Any], territory: dict[str, Any]) -> str:
        bits = "H" if territory.get("harbinger") else ""
        if territory.get("ships"):
            bits += f"S{territory['ships']}"
        if territory.get("vanguards"):
            bits += f"V{territory['vanguards']}"
        return f" [{bits}]" if bits else ""

    def footer(self, view: dict[str, Any]) -> str:
        momentum = view["momentum"]
        # Off the board: not placed yet while claiming (ME48), else destroyed (ME77).
        unplaced = view["phase"] in ("claim", "place-harbinger")
        harbinger = view["harbinger"] or ("not placed yet" if unplaced else "destroyed")
        piles = ", ".join(
            f"{f} {n}"
            for f, n in zip(("Reaper", "Alliance", "Cerberus"), view["pile_sizes"], strict=True)
        )
        devastated = ", ".join(view["devastated"]) or "none"
        return (
            f"Turn {view['turn']}; Momentum space {momentum['space']} ({momentum['side']}, "
            f"Harbinger attack {momentum['harbinger_mod']:+d}); Cerberus resource planets "
            f"{view['strategic']}; Harbinger: {harbinger}; devastated: {devastated}; "
            f"piles: {piles}"
        )

    def moments(self, view: dict[str, Any]) -> list[str]:
        bits = []
        if view.get("built"):
            bits.append(f"ship to place: {view['built']}")
        if "harbinger_roll" in view:
            bits.append(f"Harbinger may move {view['harbinger_roll']}")
        return bits

    def hand(self, seat: int, view: dict[str, Any]) -> str:
        """Teammates see each other's hands (G28), so the view lists hands by seat; each card
        with its ship class and its directive, as the page's hand shows them (what 'play
        alliance-08' would do is otherwise nowhere in the terminal)."""
        cards = view.get("hands", {}).get(str(seat), ())
        return ", ".join(f"{c['card']} ({c['class']}; {c['directive']})" for c in cards)


DISPLAY = GalaxyAtWarDisplay()
