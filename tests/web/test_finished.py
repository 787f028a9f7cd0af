"""A finished game stays finished: undo never crosses the end (issue 10, item 2)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.web.play import HUMANS3, SHORT
from tests.web.test_api import create, state, step


def test_undo_after_the_last_decision_is_refused_and_the_outcome_stays(
    client: TestClient,
) -> None:
    """The game ends by turn_limit on a plain 'end' (no dice): before the fix, undo answered
    200 and the outcome went back to none, after the save with the seed was downloadable."""
    g = create(client, HUMANS3, **SHORT, turn_limit=1)
    tokens = {s["seat"]: s["token"] for s in g["seats"]}
    last_seat = None
    while (public := state(client, g["id"]))["outcome"] is None:
        last_seat = public["to_move"][0]
        step(client, g)
    assert last_seat is not None
    final = state(client, g["id"], tokens[last_seat])
    assert final["can_undo"] is False
    r = client.post(
        f"/api/games/{g['id']}/act",
        json={"state": final["state"], "action": ["undo"]},
        headers={"X-Seat-Token": tokens[last_seat]},
    )
    assert r.status_code == 422 and "game is over" in r.json()["error"]
    after = state(client, g["id"], tokens[last_seat])
    assert after["outcome"] == final["outcome"] and after["state"] == final["state"]
    assert client.get(f"/api/games/{g['id']}/save").status_code == 200
