"""A finished game's summary for its page: who won and how, and one public number per seat
over time (territories held, net worth, score), for a chart.

Built by replaying the game's record from the start and reading only the spectator's view
(`Match.view(None)`) at the start of every turn: whatever the replay needs that is hidden
(the seed, the deck order, the hands) stays here, and what leaves is what any spectator
watching the game could have written down turn by turn.
"""

from __future__ import annotations

from typing import Any

from warroom.core.actions import Action
from warroom.core.match import UNDO, Match

MAX_POINTS = 400  # a chart has no use for more; longer games are thinned evenly


def public_measure(view: dict[str, Any], players: int) -> tuple[str, list[int]] | None:
    """The number per seat a player of this kind of game watches, from a public view:
    territories held (territory boards), net worth (Monopoly), score (the dice games),
    continent cards claimed (RISK Strike); None for a view with none of these."""
    territories = view.get("territories")
    if isinstance(territories, list) and territories and "seat" in territories[0]:
        counts = [0] * players
        for t in territories:
            seat = t.get("seat")
            if isinstance(seat, int) and 0 <= seat < players:
                counts[seat] += 1
        return "territories", counts
    status = view.get("status")
    if isinstance(status, list) and len(status) == players and "net_worth" in status[0]:
        return "net worth", [int(s["net_worth"]) for s in status]
    rows: Any = view.get("players")
    if _per_seat(rows, players) and "score" in rows[0]:
        return "score", [int(r["score"]) for r in rows]
    seats: Any = view.get("seats")
    if _per_seat(seats, players) and isinstance(seats[0].get("claimed"), dict):
        return "cards claimed", [sum(s["claimed"].values()) for s in seats]
    return None


def _per_seat(rows: Any, players: int) -> bool:
    """A list with one object per seat."""
    return isinstance(rows, list) and len(rows) == players and isinstance(rows[0], dict)


def game_summary(match: Match) -> dict[str, Any]:
    """Replay `match` (a finished game) from its save and sample the public measure at the
    start, at every turn and at the end. An undo drops the samples it took back."""
    replay = Match.start(match.game.id, match.players, match.seed, match.options, match.generator)
    names = match.game.seat_names(replay.state)
    label: str | None = None
    points: list[dict[str, Any]] = []

    def sample(turn: int, step: int) -> None:
        nonlocal label
        measured = public_measure(replay.view(None), match.players)
        if measured is None:
            return
        label = measured[0]
        point = {"turn": turn, "step": step, "values": measured[1]}
        if points and points[-1]["turn"] == turn:
            points[-1] = point  # one point per turn: its latest start
        else:
            points.append(point)

    sample(0, 0)
    applied: list[int] = []  # the record positions of the decisions that stand, in order
    for step, (seat, text) in enumerate(match.record, start=1):
        if text == UNDO:
            replay.undo(seat)
            undone = applied.pop()
            while points and points[-1]["step"] >= undone:
                points.pop()
            continue
        applied.append(step)
        events = replay.act(seat, Action.parse(text))
        for event in events:
            if event.kind != "turn":
                continue
            number = event.data.get("turn")
            # A mode whose turn events carry no number (RISK Godstorm's turns go by epochs and
            # markers) is counted by them: one more than the last turn still sampled.
            if not isinstance(number, int):
                number = points[-1]["turn"] + 1 if points else 1
            sample(int(number), step)
    last_turn = points[-1]["turn"] if points else 0
    final = public_measure(replay.view(None), match.players)
    if final is not None:
        label = final[0]
        points.append({"turn": last_turn, "step": len(match.record), "values": final[1]})
    return {
        "players": names,
        "outcome": match.outcome_shown(),
        "actions": len(match.record),
        "turns": last_turn,
        "measure": label,
        "series": [{"turn": p["turn"], "values": p["values"]} for p in _thin(points)],
    }


def _thin(points: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """At most MAX_POINTS, evenly spaced, always keeping the first and the last."""
    if len(points) <= MAX_POINTS:
        return points
    step = (len(points) - 1) / (MAX_POINTS - 1)
    return [points[round(i * step)] for i in range(MAX_POINTS)]
