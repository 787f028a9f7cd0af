"""Live frames as each seat receives them: complete, in order, and hiding every secret."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.web.conftest import SEED
from tests.web.play import HUMANS3, SHORT, choose
from warroom.web import hub as hub_module
from warroom.web.hub import Hub, Subscriber

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
                while latest[seat]["state"] < ack.json()["state"]:  # a seat connecting: news
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


def test_the_pages_open_are_told_when_a_seat_connects_and_leaves(
    client: TestClient, hub: Hub
) -> None:
    """Who is online is part of every state message; a seat's page opening or closing is
    sent to the pages already open (not left as it was until someone acts), a spectator's
    is not news, and a second page of a seat already online changes nothing. Read from the
    hub's queues, so that a frame that never comes fails the test instead of waiting."""
    r = client.post("/api/games", json={"mode": "risk-classic", "seats": HUMANS3, "options": SHORT})
    room = hub.room(r.json()["id"])
    loop = asyncio.new_event_loop()

    def frames(sub: Subscriber) -> list[list[bool]]:
        loop.run_until_complete(asyncio.sleep(0))  # the frames offered from this thread
        out = []
        while not sub.queue.empty():
            frame = sub.queue.get_nowait()
            assert frame is not None
            out.append([s["online"] for s in json.loads(frame[1])["seats"]])
        return out

    try:
        w0, first = hub.subscribe(room, 0, loop)
        assert [s["online"] for s in json.loads(first)["seats"]] == [True, False, False]
        spectator, _ = hub.subscribe(room, None, loop)
        assert frames(w0) == []
        w1, _ = hub.subscribe(room, 1, loop)
        assert frames(w0) == frames(spectator) == [[True, True, False]]
        assert frames(w1) == []  # its own first state says so
        w1_again, _ = hub.subscribe(room, 1, loop)  # another tab: no news
        hub.unsubscribe(room, w1)
        assert frames(w0) == frames(spectator) == []
        hub.unsubscribe(room, w1_again)
        assert frames(w0) == frames(spectator) == [[True, False, False]]
        hub.unsubscribe(room, spectator)
        assert frames(w0) == []
    finally:
        loop.close()


def test_a_bad_hello_gets_a_clear_error(client: TestClient) -> None:
    r = client.post("/api/games", json={"mode": "risk-classic", "seats": HUMANS3, "options": SHORT})
    game = f"/ws/games/{r.json()['id']}"
    for url, hello, words in (
        (game, json.dumps({"token": "wrong"}), "token"),
        (game, json.dumps({"token": "tökén"}), "token"),  # compare_digest refuses non-ASCII
        (game, json.dumps({"token": 5}), "token"),
        (game, json.dumps(["not", "an", "object"]), "JSON object"),
        (game, "[" * 20_000 + "]" * 20_000, "nested too deeply"),  # RecursionError
        (game, "1" * 5000, "digits"),  # ValueError: over 4300 digits
        (game, "{not json", "not valid JSON"),
        (game, b"{}", "as text"),
        ("/ws/games/nosuchgame", json.dumps({}), "no game"),
        ("/ws/games/a%00b", json.dumps({}), "no game"),
    ):
        with client.websocket_connect(url) as ws:
            if isinstance(hello, bytes):
                ws.send_bytes(hello)
            else:
                ws.send_text(hello)
            msg = ws.receive_json()
            assert msg["type"] == "error" and words in msg["error"], (hello[:20], msg)
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4400


def test_a_seat_that_reconnects_reads_the_whole_log(
    client: TestClient, hub: Hub, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past many reveals (dice, cards), a (re)connecting seat gets the log's tail and where it
    starts, the rest by pages, and altogether every event as that seat may read it."""
    monkeypatch.setattr(hub_module, "LOG_TAIL", 20)  # a short tail, so that pages are needed
    r = client.post("/api/games", json={"mode": "risk-classic", "seats": HUMANS3, "options": SHORT})
    g = r.json()
    tokens = [s["token"] for s in g["seats"]]
    game = f"/api/games/{g['id']}"
    battles = draws = 0
    for _ in range(900):
        events = act_once(client, game, tokens)[1]["events"]
        battles += sum(e["kind"] == "battle" for e in events)
        draws += sum(e["kind"] == "draw" for e in events)
        if battles >= 10 and draws >= 2:
            break
    assert battles >= 10 and draws >= 2, "the game should reach dice rolls and card draws"
    log = hub.room(g["id"]).match.log
    assert len(log) > 3 * 20
    for seat in (0, 1, 2, None):
        headers = {"X-Seat-Token": tokens[seat]} if seat is not None else {}
        with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
            ws.send_text(json.dumps({"token": tokens[seat]} if seat is not None else {}))
            first = ws.receive_json()
        assert first["log_start"] == len(log) - 20 and len(first["log"]) == 20
        assert client.get(game, headers=headers).json()["log"] == first["log"]
        early: list[dict[str, Any]] = []
        while len(early) < first["log_start"]:
            page = client.get(
                f"{game}/log", params={"since": len(early), "limit": 25}, headers=headers
            )
            assert page.status_code == 200 and page.json()["total"] == len(log), page.text
            early += page.json()["events"]
        whole = early[: first["log_start"]] + first["log"]
        assert whole == [e.for_seat(seat) for e in log]
        drawn = [e for e in whole if e["kind"] == "draw"]
        assert len(drawn) >= 2 and any(e["seat"] != seat for e in drawn)
        for e in drawn:  # a card drawn is named to its drawer alone
            assert ("card" in e) == (e["seat"] == seat), (seat, e)
            assert e["text"].startswith("You draw") == (e["seat"] == seat)
    # After an undo every connection gets a full state again: a tail that ends where the
    # log now ends, the undone events gone.
    with client.websocket_connect(f"/ws/games/{g['id']}") as spectator:
        spectator.send_text("{}")
        spectator.receive_json()
        for _ in range(100):
            mover, _ack = act_once(client, game, tokens)
            spectator.receive_json()
            headers = {"X-Seat-Token": tokens[mover]}
            now = client.get(game, headers=headers).json()
            if now["can_undo"]:
                body = {"state": now["state"], "action": ["undo"]}
                assert client.post(f"{game}/act", json=body, headers=headers).status_code == 200
                reset = spectator.receive_json()
                break
        else:
            pytest.fail("no undoable move came up")
    log = hub.room(g["id"]).match.log
    assert reset["log_start"] + len(reset["log"]) == len(log)
    assert reset["log"] == [e.for_seat(None) for e in log[reset["log_start"] :]]
    assert reset["events"] == []  # not the undone ones: a client appending them adds them back


def act_once(client: TestClient, game: str, tokens: list[str]) -> tuple[int, dict[str, Any]]:
    """Let whoever must decide make the policy's choice: that seat and the acknowledgement."""
    mover = int(client.get(game).json()["to_move"][0])
    headers = {"X-Seat-Token": tokens[mover]}
    mine = client.get(game, headers=headers).json()
    body = {"state": mine["state"], "action": choose(mine["legal"], mine["view"])}
    ack = client.post(f"{game}/act", json=body, headers=headers)
    assert ack.status_code == 200, ack.text
    return mover, dict(ack.json())


class _Socket:
    """What `_pump` needs of a WebSocket: the texts it sends, kept."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send_text(self, text: str) -> None:
        self.sent.append(json.loads(text))


def test_a_socket_that_fell_behind_gets_each_event_once(
    client: TestClient, hub: Hub, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A client too far behind is sent a complete state; the messages queued after the
    overflow are older than that state, and were sent after it too: the page's log had their
    events twice. Rebuilt as a page does (a full state's log, then each message's events),
    the log is the game's, each event once."""
    from warroom.web.app import _pump

    monkeypatch.setattr(hub_module, "QUEUE_LIMIT", 5)
    r = client.post("/api/games", json={"mode": "risk-classic", "seats": HUMANS3, "options": SHORT})
    g = r.json()
    room = hub.room(g["id"])
    loop = asyncio.new_event_loop()
    socket = _Socket()

    def play(moves: int) -> None:
        for _ in range(moves):
            seat = room.match.to_move()[0]
            action = room.match.legal(seat)[-1].to_json()
            hub.act(g["id"], g["seats"][seat]["token"], room.state_id, action)

    async def drain(sub: Subscriber) -> None:
        pump = asyncio.ensure_future(_pump(socket, sub.queue, hub, room, None))  # type: ignore[arg-type]
        while not sub.queue.empty():
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.05)
        pump.cancel()

    try:
        sub, first = hub.subscribe(room, None, loop)
        socket.sent.append(json.loads(first))
        play(12)  # over the limit of 5 while nothing is read
        loop.run_until_complete(drain(sub))
        play(2)
        loop.run_until_complete(drain(sub))
        hub.unsubscribe(room, sub)
    finally:
        loop.close()
    log: list[str] = []
    for msg in socket.sent:
        if "log" in msg:
            log = [e["text"] for e in msg["log"]]
        else:
            log += [e["text"] for e in msg["events"]]
    assert log == [room.match.shown(e, None)["text"] for e in room.match.log]
    assert sum("log" in msg for msg in socket.sent) == 2  # the first state, then one fresh
