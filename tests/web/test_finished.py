"""A finished game stays finished: undo never crosses the end (issue 10, item 2)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from fastapi.testclient import TestClient

from tests.web.conftest import FAST, SEED
from tests.web.play import HUMANS3, SHORT
from tests.web.test_api import create, state, step
from warroom.web.app import create_app
from warroom.web.hub import Hub
from warroom.web.store import Store


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
    assert r.status_code == 409 and "game is over" in r.json()["error"], r.text
    # As a stopped game answers: a conflict with the game as it stands, said as the outcome
    # says it, and for a typed action read as for any other
    assert final["outcome"]["reason"] in r.json()["error"]
    r = client.post(
        f"/api/games/{g['id']}/parse",
        json={"text": "end"},
        headers={"X-Seat-Token": tokens[last_seat]},
    )
    assert r.status_code == 409 and "game is over" in r.json()["error"], r.text
    after = state(client, g["id"], tokens[last_seat])
    assert after["outcome"] == final["outcome"] and after["state"] == final["state"]
    assert client.get(f"/api/games/{g['id']}/save").status_code == 200


def test_an_open_seat_of_a_finished_game_is_no_longer_open(tmp_path: Path) -> None:
    """A game stopped (here by its record cap) while a seat was still open: the lobby no
    longer offers the seat, and claiming it is refused and takes nothing, so nobody joins a
    finished game (and gets a token that starts its rematch)."""
    quotas = replace(FAST, record_with_people=1)
    hub = Hub(Store(f"sqlite:///{tmp_path / 'w.db'}"), seed_source=lambda: SEED, quotas=quotas)
    try:
        with TestClient(create_app(hub.store.url, hub=hub, resume=False)) as client:
            first = create(client, HUMANS3, **SHORT)
            mover = state(client, first["id"])["to_move"][0]  # the same seed: the same first
            seats = [
                {"kind": "open"} if s == (mover + 1) % 3 else {"kind": "human"} for s in range(3)
            ]
            g = create(client, seats, **SHORT)
            tokens = {s["seat"]: s["token"] for s in g["seats"] if "token" in s}
            public = state(client, g["id"])
            assert public["to_move"] == [mover] and public["waiting_for"] == [(mover + 1) % 3]
            mine = state(client, g["id"], tokens[mover])
            r = client.post(
                f"/api/games/{g['id']}/act",
                json={"state": mine["state"], "action": mine["legal"][0]},
                headers={"X-Seat-Token": tokens[mover]},
            )
            assert r.status_code == 200, r.text
            assert state(client, g["id"])["stopped"]
            listed = next(x for x in client.get("/api/games").json() if x["id"] == g["id"])
            assert listed["finished"] and listed["open_seats"] == []
            claim = client.post(f"/api/games/{g['id']}/claim", json={"seat": (mover + 1) % 3})
            assert claim.status_code == 409 and "over" in claim.json()["error"], claim.text
            assert state(client, g["id"])["seats"][(mover + 1) % 3]["open"] is True
    finally:
        hub.close()
        hub.store.close()
