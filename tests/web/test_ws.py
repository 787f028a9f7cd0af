"""Live frames as each seat receives them: complete, in order, and hiding every secret."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.web.conftest import SEED
from tests.web.play import HUMANS3, SHORT, choose
from warroom.web.hub import Hub

FORBIDDEN_KEYS = {"seed", "rng", "deck", "record", "token", "save"}


def walk(value: Any) -> Any:
    """Every dict inside a JSON value."""
    if isinstance(value, dict):
        yield value
        for v in value.values():
            yield from walk(v)
    elif isinstance(value, list):
        for v in value:
            yield from walk(v)


def test_each_seat_sees_only_what_it_may(client: TestClient, hub: Hub) -> None:
    r = client.post("/api/games", json={"mode": "risk-classic", "seats": HUMANS3, "options": SHORT})
    g = r.json()
    tokens = [s["token"] for s in g["seats"]]
    url = f"/ws/games/{g['id']}"
    frames: dict[int | None, list[str]] = {0: [], 1: [], 2: [], None: []}
    with (
        client.websocket_connect(url) as w0,
        client.websocket_connect(url) as w1,
        client.websocket_connect(url) as w2,
        client.websocket_connect(url) as spectator,
    ):
        sockets: dict[int | None, Any] = {0: w0, 1: w1, 2: w2, None: spectator}
        for seat, ws in sockets.items():
            ws.send_text(json.dumps({"token": tokens[seat]} if seat is not None else {}))
            frames[seat].append(ws.receive_text())
        latest = {seat: json.loads(f[-1]) for seat, f in frames.items()}
        drawn = 0
        for _ in range(600):
            mover = latest[None]["to_move"][0]
            mine = latest[mover]
            action = choose(mine["legal"], mine["view"])
            ack = client.post(
                f"/api/games/{g['id']}/act",
                json={"state": mine["state"], "action": action},
                headers={"X-Seat-Token": tokens[mover]},
            )
            assert ack.status_code == 200, ack.text
            for seat, ws in sockets.items():
                frames[seat].append(ws.receive_text())
                latest[seat] = json.loads(frames[seat][-1])
                assert latest[seat]["state"] == ack.json()["state"]
            drawn += sum(e["kind"] == "draw" for e in latest[None]["events"])
            if drawn >= 2:
                break
        assert drawn >= 2, "the game should reach card draws"
    room = hub.room(g["id"])
    for seat, raw_frames in frames.items():
        for raw in raw_frames:
            assert str(SEED) not in raw
            assert not any(t in raw for t in tokens)
            msg = json.loads(raw)
            for d in walk(msg):
                assert not FORBIDDEN_KEYS & d.keys(), FORBIDDEN_KEYS & d.keys()
            assert ("hand" in msg["view"]) == (seat is not None)
            assert ("legal" in msg) == (seat is not None)
            for e in msg.get("log", []) + msg.get("events", []):
                if e["kind"] == "draw":
                    assert ("card" in e) == (e["seat"] == seat), (seat, e)
                    assert e["text"].startswith("You draw") == (e["seat"] == seat)
        if seat is not None:
            assert json.loads(raw_frames[-1])["view"]["hand"] == room.match.view(seat)["hand"]
    assert any(json.loads(f[-1])["view"]["hand"] for s, f in frames.items() if s is not None)


def test_a_bad_hello_gets_a_clear_error(client: TestClient) -> None:
    r = client.post("/api/games", json={"mode": "risk-classic", "seats": HUMANS3, "options": SHORT})
    for url, hello in (
        (f"/ws/games/{r.json()['id']}", {"token": "wrong"}),
        (f"/ws/games/{r.json()['id']}", ["not", "an", "object"]),
        ("/ws/games/nosuchgame", {}),
    ):
        with client.websocket_connect(url) as ws:
            ws.send_text(json.dumps(hello))
            msg = ws.receive_json()
            assert msg["type"] == "error" and msg["error"]
            with pytest.raises(WebSocketDisconnect):
                ws.receive_json()
