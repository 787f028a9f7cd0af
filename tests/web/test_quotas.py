"""What one client or one game may cost the server, each limit tested with small values."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, inspect, select
from starlette.websockets import WebSocketDisconnect

from tests.web.play import HUMANS3, SHORT
from tests.web.test_api import create, state, step
from warroom.core.match import Match
from warroom.web.app import create_app
from warroom.web.hub import Hub
from warroom.web.quotas import Quotas
from warroom.web.store import Store, actions, games, paces, rematches, seats

ACT = "1000/second"


@pytest.fixture
def serve(db_url: str) -> Iterator[Any]:
    """Start a server with the given quotas; returns its test client and hub."""
    hubs: list[Hub] = []

    def start(**quotas: Any) -> tuple[TestClient, Hub]:
        quotas.setdefault("create_rate", "1000/second")
        quotas.setdefault("action_rate", ACT)
        quotas.setdefault("read_rate", "1000/second")
        quotas.setdefault("claim_rate", "1000/second")
        quotas.setdefault("list_rate", "1000/second")
        hub = Hub(Store(db_url), quotas=Quotas(**quotas))
        hubs.append(hub)
        return TestClient(create_app(db_url, hub=hub, resume=False)), hub

    yield start
    for hub in hubs:
        hub.close()
        hub.store.close()


def test_game_creation_is_limited_per_address(serve: Any) -> None:
    client, _ = serve(create_rate="2/minute")
    body = {"mode": "risk-classic", "seats": HUMANS3, "options": SHORT}
    for _ in range(2):
        assert client.post("/api/games", json=body).status_code == 201
    refused = client.post("/api/games", json=body)
    assert refused.status_code == 429
    assert "too many games created from your address" in refused.json()["error"]
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    assert len(client.get("/api/games").json()) == 2  # the refused one was not made
    elsewhere = TestClient(client.app, client=("192.0.2.7", 50000))
    assert elsewhere.post("/api/games", json=body).status_code == 201


def test_actions_are_limited_per_address(serve: Any) -> None:
    client, _ = serve(action_rate="3/minute")
    g = create(client, HUMANS3, **SHORT)
    for _ in range(3):
        step(client, g)
    tokens = [s["token"] for s in g["seats"]]
    seat = state(client, g["id"])["to_move"][0]
    mine = state(client, g["id"], tokens[seat])
    refused = client.post(
        f"/api/games/{g['id']}/act",
        json={"state": 3, "action": mine["legal"][0]},
        headers={"X-Seat-Token": tokens[seat]},
    )
    assert refused.status_code == 429 and "too many actions" in refused.json()["error"]
    assert int(refused.headers["Retry-After"]) >= 1
    assert state(client, g["id"])["state"] == 3


def test_reads_of_a_game_are_limited_per_address(serve: Any) -> None:
    """Every GET of one game's data counts (a finished one is loaded from the store to answer);
    the lobby's page, the list of games (its own rate), the pages, the boards and the plain
    odds do not."""
    client, _ = serve(read_rate="6/minute")
    g = create(client, HUMANS3, **SHORT)
    game = f"/api/games/{g['id']}"
    reads = [
        game,
        f"{game}/log?since=0",
        f"{game}/save",
        f"{game}/summary",
        f"{game}/odds?source=Alaska&target=Kamchatka",
        f"{game}/strike-odds",
    ]
    for url in reads:
        assert client.get(url).status_code != 429, url
    for url in reads:
        refused = client.get(url)
        assert refused.status_code == 429, url
        assert refused.json()["error"].startswith(
            "too many reads of game data from your address (at most 6 per 1 minute)"
        )
        assert 1 <= int(refused.headers["Retry-After"]) <= 60
    for free in (
        "/",
        f"/game/{g['id']}",
        "/static/game.js",
        "/api/modes",
        "/api/boards/classic-world",
        "/api/odds?attackers=3&defenders=2",
    ):
        assert client.get(free).status_code == 200, free
    elsewhere = TestClient(client.app, client=("192.0.2.7", 50000))
    assert elsewhere.get(game).status_code == 200


def test_the_list_of_games_is_limited_per_address(serve: Any) -> None:
    """The lobby's list reads every game's row: an address may ask only so often, with its
    own rate, apart from the reads of one game's data."""
    client, _ = serve(list_rate="3/minute", read_rate="1/minute")
    for _ in range(3):
        assert client.get("/api/games").status_code == 200
    refused = client.get("/api/games")
    assert refused.status_code == 429
    assert refused.json()["error"].startswith(
        "too many reads of the list of games from your address (at most 3 per 1 minute)"
    )
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    g = create(client, HUMANS3, **SHORT)
    assert client.get(f"/api/games/{g['id']}").status_code == 200  # another rate
    elsewhere = TestClient(client.app, client=("192.0.2.7", 50000))
    assert elsewhere.get("/api/games").status_code == 200


def test_the_lobby_page_polls_well_within_the_list_rate() -> None:
    """The lobby asks for the list when it opens, after each game it makes and on a timer:
    ten lobbies open behind one address (a classroom) stay within the default rate."""
    from limits import parse_many

    from warroom.web.app import STATIC
    from warroom.web.quotas import LIST_RATE

    lobby = (STATIC / "lobby.js").read_text()
    polls = re.findall(r"setInterval\(refreshAll, (\d+)\)", lobby)
    assert len(polls) == 1 and lobby.count("refreshAll();") == 2  # on opening, after creating
    per_minute = 60_000 / int(polls[0]) + 2
    for rate in parse_many(LIST_RATE):
        allowed = rate.amount * 60 / rate.get_expiry()
        assert 10 * per_minute <= allowed and rate.amount >= 2, rate


def test_seat_claims_are_limited_per_address(serve: Any) -> None:
    client, _ = serve(claim_rate="2/minute")
    g = create(client, [{"kind": "human"}] + [{"kind": "open"}] * 3, **SHORT)
    url = f"/api/games/{g['id']}/claim"
    assert client.post(url, json={"seat": 1}).status_code == 200
    assert client.post(url, json={"seat": 1}).status_code == 409  # refused ones count too
    refused = client.post(url, json={"seat": 2})
    assert refused.status_code == 429
    assert "too many seat claims from your address" in refused.json()["error"]
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    listed = next(x for x in client.get("/api/games").json() if x["id"] == g["id"])
    assert listed["open_seats"] == [2, 3]  # the refused claim claimed nothing
    assert state(client, g["id"])["seats"][2]["open"]
    elsewhere = TestClient(client.app, client=("192.0.2.7", 50000))
    assert elsewhere.post(url, json={"seat": 2}).status_code == 200


def _watch(client: TestClient, game: str, stack: ExitStack) -> Any:
    """A spectator's live connection to `game`, kept open until `stack` closes, with its
    first message (the full state, or the refusal)."""
    ws = stack.enter_context(client.websocket_connect(f"/ws/games/{game}"))
    ws.send_text(json.dumps({}))
    return ws, ws.receive_json()


def test_live_connections_are_capped_per_address(serve: Any) -> None:
    client, hub = serve(sockets=2)
    g = create(client, HUMANS3, **SHORT)
    room = hub.room(g["id"])
    with ExitStack() as first, ExitStack() as second:
        for stack in (first, second):
            assert _watch(client, g["id"], stack)[1]["type"] == "state"
        with ExitStack() as third:
            ws, refused = _watch(client, g["id"], third)
            assert refused == {
                "type": "error",
                "error": "too many live connections from your address (at most 2); "
                "close another game page and load this one again",
            }
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4429
        assert len(room.subscribers) == 2  # the refused one subscribed to nothing
        elsewhere = TestClient(client.app, client=("192.0.2.7", 50000))
        with ExitStack() as other:
            assert _watch(elsewhere, g["id"], other)[1]["type"] == "state"
        first.close()  # a page closed: its slot is free again
        with ExitStack() as again:
            assert _watch(client, g["id"], again)[1]["type"] == "state"
            assert len(room.subscribers) == 2


def test_opening_a_live_connection_counts_as_a_read(serve: Any) -> None:
    """A hello loads the game as a read does (a finished game replayed from the store, then
    dropped again once its last page closes): it counts against the read rate, so that
    connecting and closing in a loop cannot replay games without end. The refusal says when
    to try again and subscribes to nothing."""
    client, hub = serve(read_rate="3/minute")
    g = create(client, HUMANS3, **SHORT)
    room = hub.room(g["id"])
    assert client.get(f"/api/games/{g['id']}").status_code == 200
    for _ in range(2):
        with ExitStack() as stack:
            assert _watch(client, g["id"], stack)[1]["type"] == "state"
    with ExitStack() as stack:
        ws, refused = _watch(client, g["id"], stack)
        assert refused["type"] == "error"
        assert refused["error"].startswith(
            "too many reads of game data from your address (at most 3 per 1 minute)"
        )
        assert 1 <= refused["retry_after"] <= 60
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4429
    assert not room.subscribers
    assert client.get(f"/api/games/{g['id']}").status_code == 429
    elsewhere = TestClient(client.app, client=("192.0.2.7", 50000))
    with ExitStack() as stack:
        assert _watch(elsewhere, g["id"], stack)[1]["type"] == "state"


def test_every_way_a_connection_ends_frees_its_slot(serve: Any) -> None:
    """A bad hello, an unknown game, a socket closed before its hello and one closed while
    it streams: none of them keeps the address's only slot."""
    client, _ = serve(sockets=1)
    g = create(client, HUMANS3, **SHORT)
    for _ in range(2):
        for url, hello in (
            (f"/ws/games/{g['id']}", {"token": "wrong"}),
            ("/ws/games/nosuchgame", {}),
        ):
            with client.websocket_connect(url) as ws:
                ws.send_text(json.dumps(hello))
                assert ws.receive_json()["type"] == "error"
                with pytest.raises(WebSocketDisconnect) as closed:
                    ws.receive_json()
                assert closed.value.code == 4400
        with client.websocket_connect(f"/ws/games/{g['id']}"):
            pass  # gone before its hello
        with ExitStack() as stack:
            assert _watch(client, g["id"], stack)[1]["type"] == "state"
    with ExitStack() as stack:
        assert _watch(client, g["id"], stack)[1]["type"] == "state"


@pytest.mark.parametrize(
    "bad",
    [
        {"create_rate": "lots"},
        {"action_rate": ""},
        {"read_rate": "30/fortnight"},
        {"read_rate": "30/second;"},
        {"claim_rate": "-1/minute"},
        {"list_rate": "often"},
        {"action_rate": "0/second"},  # a server that refused every action
        {"create_rate": "30/minute;0/day"},
        {"sockets": 0},
        {"undos_in_a_row": 0},
    ],
)
def test_bad_quotas_are_refused_when_made(bad: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        Quotas(**bad)


def test_a_game_with_people_stops_at_its_record_cap(serve: Any, db_url: str) -> None:
    client, _ = serve(record_with_people=6, record_bots_only=2)
    g = create(client, [*HUMANS3[:2], {"kind": "bot", "tier": "random"}], **SHORT)
    while (now := state(client, g["id"]))["stopped"] is None:
        assert now["state"] < 6
        if now["to_move"][0] != 2:
            step(client, g)
    assert now["state"] == 6 and now["to_move"] == [] and now["outcome"] is None
    assert now["stopped"] == (
        "stopped by the server: the record reached 6 actions, the most it allows for a "
        "game with a person seated"
    )
    token = g["seats"][0]["token"]
    assert state(client, g["id"], token)["legal"] == []
    late = client.post(
        f"/api/games/{g['id']}/act",
        json={"state": 6, "action": ["end"]},
        headers={"X-Seat-Token": token},
    )
    assert late.status_code == 409 and "the game is over: stopped by the server" in late.text
    save = client.get(f"/api/games/{g['id']}/save")  # nothing is hidden any more
    assert save.status_code == 200 and len(save.json()["record"]) == 6
    listed = next(x for x in client.get("/api/games").json() if x["id"] == g["id"])
    assert listed["finished"] and listed["stopped"] == now["stopped"]
    fresh = Hub(Store(db_url))
    try:
        assert g["id"] not in fresh.store.counts()[1]  # not resumed after a restart
        assert fresh.state_message(fresh.room(g["id"]), None, False)["stopped"] == now["stopped"]
    finally:
        fresh.close()
        fresh.store.close()


def test_a_game_between_bots_stops_at_the_lower_cap(serve: Any) -> None:
    client, hub = serve(record_with_people=1000, record_bots_only=30)
    g = create(client, [{"kind": "bot", "tier": "random"}] * 3)
    deadline = time.time() + 30
    while (now := state(client, g["id"]))["stopped"] is None:
        assert time.time() < deadline, "random bots should reach the cap"
        time.sleep(0.05)
    assert now["state"] == 30
    assert "30 actions" in now["stopped"] and "between bots" in now["stopped"]
    time.sleep(0.3)
    assert state(client, g["id"])["state"] == 30  # the bots have stopped
    with hub.store.engine.connect() as conn:
        finished, stopped = conn.execute(
            select(games.c.finished, games.c.stopped).where(games.c.id == g["id"])
        ).one()
    assert finished and stopped == now["stopped"]


def test_undo_in_a_row_is_bounded(serve: Any) -> None:
    client, _ = serve(undos_in_a_row=2)
    g = create(client, HUMANS3, **SHORT)
    tokens = [s["token"] for s in g["seats"]]
    seat = state(client, g["id"])["to_move"][0]
    headers = {"X-Seat-Token": tokens[seat]}
    url = f"/api/games/{g['id']}/act"
    for number in range(3):
        mine = state(client, g["id"], tokens[seat])
        place = next(a for a in mine["legal"] if a[0] == "place")
        done = client.post(url, json={"state": mine["state"], "action": place}, headers=headers)
        assert done.status_code == 200, done.text
        assert state(client, g["id"], tokens[seat])["can_undo"] == (number < 2)
        back = {"state": mine["state"] + 1, "action": ["undo"]}
        undo = client.post(url, json=back, headers=headers)
        if number < 2:
            assert undo.status_code == 200, undo.text
    assert undo.status_code == 422
    assert "has undone 2 times since another seat acted" in undo.json()["error"]
    assert state(client, g["id"])["state"] == 5  # place, undo, place, undo, place


def test_storage_is_linear_in_the_length_of_a_game(serve: Any) -> None:
    """No snapshots of the whole record: one row per action, and nothing else grows."""
    client, hub = serve()
    g = create(client, HUMANS3, **SHORT)
    for _ in range(120):
        step(client, g)
    engine = hub.store.engine
    tables = {"games", "seats", "actions", "warroom_schema", "rematches", "paces"}
    assert set(inspect(engine).get_table_names()) == tables
    with engine.connect() as conn:
        stored = [
            conn.execute(select(func.count()).select_from(table)).scalar_one()
            for table in (games, seats, actions, rematches, paces)
        ]
    assert stored == [1, 3, 120, 0, 1]
    loaded = hub.store.load(g["id"])
    assert loaded is not None
    assert Match.from_save(loaded.save()).view(None) == state(client, g["id"])["view"]
