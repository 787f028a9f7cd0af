"""Where each bot tier stands on its mode's measured ladder, in the words the lobby and
`warroom games` both show: one short figure a tier, and the pairing's numbers behind it.

The ladders are measured by `warroom ladder` (docs/ladder*.md) and shipped as JSON in
warroom/data/ladders/, one a mode; `warroom.sim.ladder.LadderRecord` validates them, and
tests/sim/test_ladder_data.py keeps each in step with its doc. This module reads them with the
standard library alone, so `warroom games` keeps its light start-up (tests/cli/test_startup.py).
"""

from __future__ import annotations

import json
import os

TYPE_CHECKING = False  # typing costs about as much as Python's own start-up
if TYPE_CHECKING:
    from typing import Any

LADDERS = os.path.join(os.path.dirname(os.path.dirname(__file__)), "data", "ladders")


def stored_ladder(mode: str) -> dict[str, Any] | None:
    """The mode's ladder file as stored (the tests validate every shipped one), or None where
    the mode has no measured ladder."""
    try:
        with open(os.path.join(LADDERS, f"{mode}.json"), encoding="utf-8") as file:
            ladder: dict[str, Any] = json.load(file)
    except FileNotFoundError:
        return None
    return ladder


def strengths(ladder: dict[str, Any] | None, tiers: list[str]) -> list[dict[str, Any]]:
    """One entry a tier, weakest first as measured (the tiers off the ladder after, in the
    order given): the ladder tier it was measured as (`mcts` as `mcts:50`: the ladder names a
    budget), the pairing against the tier below it, whether it tops a strictly ordered ladder,
    a short `summary` and a sentence of `detail`."""
    entries = [_strength(ladder, tier) for tier in tiers]
    order = [] if ladder is None else ladder["tiers"]
    return sorted(
        entries, key=lambda e: order.index(e["measured_as"]) if e["measured_as"] else len(order)
    )


def _strength(ladder: dict[str, Any] | None, tier: str) -> dict[str, Any]:
    measured = [] if ladder is None else ladder["tiers"]
    spec = next((t for t in measured if t.partition(":")[0] == tier), None)
    entry: dict[str, Any] = {"tier": tier, "measured_as": spec, "strongest": False}
    if ladder is None or spec is None:
        return entry | {"pairing": None, "summary": "not measured", "detail": "not on the ladder"}
    below = measured.index(spec) - 1
    if below < 0:
        return entry | {
            "pairing": None,
            "summary": "weakest",
            "detail": f"the bottom of the ladder ({ladder['command']})",
        }
    pairing = next(
        p for p in ladder["pairings"] if p["stronger"] == spec and p["weaker"] == measured[below]
    )
    strongest = spec == measured[-1] and ladder["strictly_ordered"]
    notes = []
    if pairing["seats"] > 1:
        notes.append(f"{pairing['seats']} of {ladder['players']} seats")
    if spec != tier:
        notes.append(f"as {spec}")
    # Halves round up (64.5% reads 65%, as the tables' 0.645 would be rounded by hand).
    share = f"{int(100 * pairing['wins'] / pairing['games'] + 0.5)}% of games"
    summary = (
        f"beats {pairing['weaker']} {share}"
        if pairing["separated"]
        # An interval reaching under the even share: measured, but not shown to be stronger.
        else f"not shown stronger than {pairing['weaker']}: won {share}"
    )
    summary += f" ({'; '.join(notes)})" if notes else ""
    low, high = pairing["interval"]
    seats = f"'s {pairing['seats']} seats" if pairing["seats"] > 1 else ""
    detail = (
        f"{spec}{seats} won {pairing['wins']:g} of {pairing['games']} games against "
        f"{pairing['weaker']} ({ladder['players']} players; {pairing['win_rate']:.3f} a seat, "
        f"95% interval {low:.3f}-{high:.3f}, an even share {1 / ladder['players']:.2f})"
    )
    if spec != tier:
        detail += f"; `{tier}` alone plays at its default setting, which was not measured"
    return entry | {
        "strongest": strongest,
        "pairing": pairing,
        "summary": f"strongest: {summary}" if strongest else summary,
        "detail": f"{detail} ({ladder['command']})",
    }
