"""A simple, deterministic policy that drives a Classic RISK game towards captures and draws."""

from __future__ import annotations

from typing import Any

Act = list[Any]

HUMANS3 = [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]
SHORT = {"setup": "deal", "map": "classic-world"}


def choose(legal: list[Act], view: dict[str, Any]) -> Act:
    """Trade when possible, pile armies up, attack the weakest neighbour hard, then end."""
    armies = {t["name"]: t["armies"] for t in view.get("territories", [])}
    kinds = {a[0] for a in legal}
    if "trade" in kinds:
        return next(a for a in legal if a[0] == "trade")
    if "place" in kinds:
        places = [a for a in legal if a[0] == "place"]
        return max(places, key=lambda a: (a[2], armies.get(a[1], 0), a[1]))
    if "attack" in kinds:
        attacks = [a for a in legal if a[0] == "attack" and armies[a[1]] >= 3]
        if attacks:
            return max(attacks, key=lambda a: (armies[a[1]] - armies[a[2]], a[3], a[1], a[2]))
    for kind in ("defend", "move"):
        if kind in kinds:
            return max((a for a in legal if a[0] == kind), key=lambda a: a[1])
    if "claim" in kinds or "neutral" in kinds:
        return legal[0]
    return ["end"] if ["end"] in legal else legal[0]
