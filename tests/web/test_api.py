"""The HTTP API as a client sees it, over SQLite and PostgreSQL alike."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

from fastapi.testclient import TestClient

import warroom.games as games
from tests.web.play import HUMANS3, SHORT, choose
from warroom.core.match import Match
from warroom.web.hub import Hub, SeatSpec
from warroom.web.store import Store


def create(client: TestClient, seats: list[dict[str, Any]], **options: Any) -> dict[str, Any]:
    r = client.post("/api/games", json={"mode": "risk-classic", "seats": seats, "options": options})
    assert r.status_code == 201, r.text
    return dict(r.json())


def state(client: TestClient, game: str, token: str | None = None) -> dict[str, Any]:
    headers = {"X-Seat-Token": token} if token else {}
    r = client.get(f"/api/games/{game}", headers=headers)
    assert r.status_code == 200, r.text
    return dict(r.json())


def step(client: TestClient, g: dict[str, Any]) -> dict[str, Any]:
    """Let whoever must decide make the policy's choice; returns the acknowledgement."""
    tokens = {s["seat"]: s["token"] for s in g["seats"] if "token" in s}
    public = state(client, g["id"])
    seat = public["to_move"][0]
    mine = state(client, g["id"], tokens[seat])
    action = choose(mine["legal"], mine["view"])
    r = client.post(
        f"/api/games/{g['id']}/act",
        json={"state": mine["state"], "action": action},
        headers={"X-Seat-Token": tokens[seat]},
    )
    assert r.status_code == 200, r.text
    return dict(r.json())


def test_every_registered_mode_is_offered(client: TestClient) -> None:
    offered = {m["id"] for m in client.get("/api/modes").json()}
    assert offered == {g.id for g in games.modes()}


def test_modes_say_where_each_bot_tier_stands(client: TestClient) -> None:
    modes = {m["id"]: m for m in client.get("/api/modes").json()}
    for mode in modes.values():  # every offered tier, and no other
        assert sorted(s["tier"] for s in mode["bot_strength"]) == sorted(mode["bot_tiers"])
    classic = {s["tier"]: s for s in modes["risk-classic"]["bot_strength"]}
    assert classic["greedy"]["summary"] == "beats learned 100% of games"
    top = classic["mcts"]
    assert top["strongest"] and top["measured_as"] == "mcts:50"
    assert (top["pairing"]["wins"], top["pairing"]["games"]) == (68, 100)
    assert "--seed 0" in top["detail"]  # the command that measured it
    guardians = {s["tier"]: s for s in modes["mcu-guardians"]["bot_strength"]}
    assert guardians["mcts"]["pairing"] is None
    assert guardians["mcts"]["summary"] == "not measured"  # off its ladder


def test_play_acknowledges_and_advances(client: TestClient) -> None:
    g = create(client, HUMANS3, **SHORT)
    for expected in range(1, 11):
        ack = step(client, g)
        assert ack["ok"] and ack["state"] == expected
    assert state(client, g["id"])["state"] == 10


def test_stale_and_duplicate_actions_are_refused(client: TestClient) -> None:
    g = create(client, HUMANS3, **SHORT)
    tokens = [s["token"] for s in g["seats"]]
    seat = state(client, g["id"])["to_move"][0]
    mine = state(client, g["id"], tokens[seat])
    body = {"state": 0, "action": mine["legal"][0]}
    headers = {"X-Seat-Token": tokens[seat]}
    assert client.post(f"/api/games/{g['id']}/act", json=body, headers=headers).status_code == 200
    again = client.post(f"/api/games/{g['id']}/act", json=body, headers=headers)
    assert again.status_code == 409
    assert "stale" in again.json()["error"]
    assert state(client, g["id"])["state"] == 1


def test_a_stale_action_is_reported_when_asked(client: TestClient) -> None:
    """The game page asks (`on_stale: report`) for a lost race to be answered, not refused:
    a browser logs a 409 as a console error. It learns whether its own seat decided since
    (another tab of it) or only others did; nothing is done either way."""
    g = create(client, HUMANS3, **SHORT)
    tokens = [s["token"] for s in g["seats"]]
    url = f"/api/games/{g['id']}/act"
    first = state(client, g["id"])["to_move"][0]
    body = {"state": 0, "action": state(client, g["id"], tokens[first])["legal"][0]}
    assert client.post(url, json=body, headers={"X-Seat-Token": tokens[first]}).status_code == 200
    second = state(client, g["id"])["to_move"][0]
    assert second != first
    for seat, yours in ((first, True), (second, False)):
        body = {"state": 0, "action": ["end"], "on_stale": "report"}
        r = client.post(url, json=body, headers={"X-Seat-Token": tokens[seat]})
        assert r.status_code == 200, r.text
        answer = r.json()
        assert answer["ok"] is False and "stale" in answer["stale"], answer
        assert answer["state"] == 1 and answer["yours"] is yours, answer
    assert state(client, g["id"])["state"] == 1
    body = {"state": 0, "action": ["end"], "on_stale": "ignore"}
    r = client.post(url, json=body, headers={"X-Seat-Token": tokens[first]})
    assert r.status_code == 400, r.text


def test_no_one_acts_for_another_seat(client: TestClient) -> None:
    g = create(client, HUMANS3, **SHORT)
    tokens = [s["token"] for s in g["seats"]]
    seat = state(client, g["id"])["to_move"][0]
    action = state(client, g["id"], tokens[seat])["legal"][0]
    url = f"/api/games/{g['id']}/act"
    other = tokens[(seat + 1) % 3]
    wrong = client.post(url, json={"state": 0, "action": action}, headers={"X-Seat-Token": other})
    assert wrong.status_code == 422 and "not" in wrong.json()["error"]
    bogus = client.post(url, json={"state": 0, "action": action}, headers={"X-Seat-Token": "x"})
    assert bogus.status_code == 403
    # Not ASCII (compare_digest refuses such a str): a wrong token like any other.
    for token in ("é".encode(), "Ω".encode(), b"\xff"):
        headers = {"X-Seat-Token": token}
        r = client.post(url, json={"state": 0, "action": action}, headers=headers)
        assert r.status_code == 403 and "token" in r.json()["error"]
        assert client.get(f"/api/games/{g['id']}", headers=headers).status_code == 403
        assert client.get(f"/api/games/{g['id']}/log", headers=headers).status_code == 403
    in_body = client.post(url, json={"state": 0, "action": action, "token": "tökén"})
    assert in_body.status_code == 403 and "token" in in_body.json()["error"]
    anonymous = client.post(url, json={"state": 0, "action": action})
    assert anonymous.status_code == 403
    assert state(client, g["id"])["state"] == 0


def test_bad_input_is_refused_clearly_and_changes_nothing(client: TestClient) -> None:
    g = create(client, HUMANS3, **SHORT)
    tokens = [s["token"] for s in g["seats"]]
    seat = state(client, g["id"])["to_move"][0]
    headers = {"X-Seat-Token": tokens[seat], "Content-Type": "application/json"}
    url = f"/api/games/{g['id']}/act"
    place = state(client, g["id"], tokens[seat])["legal"][0]  # ["place", territory, 1]
    kind, territory = place[0], place[1]

    def body(**fields: Any) -> bytes:
        return json.dumps(fields).encode()

    cases: list[tuple[Any, int]] = [
        (b"{not json", 400),
        # Python's JSON parser refuses these with RecursionError or ValueError.
        (b'{"state": 0, "action": ' + b"[" * 10_000 + b"]" * 10_000 + b"}", 400),
        (b'{"state": ' + b"1" * 5000 + b', "action": ["end"]}', 400),
        (b'{"state": 0, "text": "\xff"}', 400),
        # No coercion: a string, a boolean or a float is not a state id or a count.
        (body(state="0", action=place), 400),
        (body(state=False, action=place), 400),
        (body(state=0.0, action=place), 400),
        (body(state=0, action=[kind, territory, True]), 400),
        (body(state=0, action=[kind, territory, 1.0]), 400),
        # Only ASCII digits with one leading minus are numbers; the rules refuse the rest.
        (body(state=0, text=f"place '{territory}' --5"), 400),
        (body(state=0, text=f"place '{territory}' ²"), 400),
        (body(state=0, text=f"place '{territory}' ٣"), 400),
        (body(state=0, text="place X --5"), 422),
        (body(state=0, text="place X ²"), 422),
        (b'{"state": 0, "action": "place"}', 400),
        (b'{"state": 0, "action": []}', 400),
        (b'{"state": -1, "action": ["end"]}', 400),
        (b'{"state": 0, "action": ["end"], "extra": 1}', 400),
        (b'{"state": 0, "action": ["fly", "Alaska"]}', 400),
        (b'{"state": 0, "action": ["place", "Atlantis", 1]}', 422),
        (b'{"state": 0, "action": ["end"]}', 422),
        (b'{"state": 0}', 400),
        (b'{"state": 0, "text": "' + b"x" * 40_000 + b'"}', 413),
    ]
    for content, status in cases:
        r = client.post(url, content=content, headers=headers)
        assert r.status_code == status, (content[:60], r.text)
        assert isinstance(r.json()["error"], str) and r.json()["error"]
    huge_length = {**headers, "Content-Length": "9" * 5000}
    r = client.post(url, content=body(state=0, action=place), headers=huge_length)
    assert r.status_code == 413 and r.json()["error"]
    small = body(state=99, action=place)  # stale: read, then refused as such, not as large
    padded = {**headers, "Content-Length": str(len(small)).zfill(12)}  # no size: leading zeros
    assert client.post(url, content=small, headers=padded).status_code == 409

    def chunked() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
        yield b'{"state": 0, "text": "'
        yield from [b"x" * 4000] * 10
        yield b'"}'

    r = client.post(url, content=chunked(), headers=headers)  # FastAPI's own 400 before
    assert r.status_code == 413 and r.json()["error"] == "request body over 32768 bytes"
    assert client.get("/api/games/nope").status_code == 404
    unknown = client.post("/api/games/nope/act", json={"state": 0, "action": ["end"]})
    assert unknown.status_code == 404
    bad_mode = client.post("/api/games", json={"mode": "chess", "seats": [{"kind": "human"}]})
    assert bad_mode.status_code == 422 and "chess" in bad_mode.json()["error"]
    bad_opt = client.post(
        "/api/games", json={"mode": "risk-classic", "seats": HUMANS3, "options": {"map": "mars"}}
    )
    assert bad_opt.status_code == 422 and "mars" in bad_opt.json()["error"]
    # A board file on the server is the terminal's: a request must not make the server read it.
    board_file = client.post(
        "/api/games",
        json={"mode": "risk-classic", "seats": HUMANS3, "options": {"map": "/etc/board.json"}},
    )
    assert board_file.status_code == 400 and "'warroom play'" in board_file.json()["error"]
    bad_tier = client.post(
        "/api/games",
        json={"mode": "risk-classic", "seats": [*HUMANS3[:2], {"kind": "bot", "tier": "god"}]},
    )
    assert bad_tier.status_code == 400
    assert state(client, g["id"])["state"] == 0


def test_every_error_has_the_documented_shape(client: TestClient) -> None:
    """FastAPI's and Starlette's own refusals too: {"error": message} with a 4xx status."""
    g = create(client, HUMANS3, **SHORT)
    for method, url, status in (
        ("GET", "/api/nothing", 404),
        ("DELETE", "/api/games", 405),
        ("GET", "/api/odds?attackers=two&defenders=1", 400),
        ("GET", f"/api/games/{g['id']}/log?since=-1", 400),
        ("GET", f"/api/games/{g['id']}/log?limit=0", 400),
        # Game ids are what the server makes; PostgreSQL refuses NUL in a query.
        ("GET", "/api/games/a%00b", 404),
        ("GET", "/api/games/a%00b/save", 404),
        ("GET", "/api/games/a%00b/log", 404),
        ("POST", "/api/games/a%00b/claim", 404),
        ("GET", "/api/games/%C3%A9", 404),
        ("GET", "/api/boards/" + "a" * 5000, 404),
        ("GET", "/api/boards/monopoly/" + "a" * 5000, 404),
        ("GET", "/api/boards/%C3%A9", 404),
    ):
        r = client.request(method, url, json={"seat": 1} if method == "POST" else None)
        assert r.status_code == status, (url[:60], r.text)
        assert set(r.json()) == {"error"} and r.json()["error"], (url[:60], r.text)


def test_bad_games_are_refused_clearly(client: TestClient) -> None:
    """Options strictly of their type and within bounds; names and titles printable."""
    before = len(client.get("/api/games").json())
    two = [{"kind": "human"}, {"kind": "human"}]
    for change, status, words in (
        (
            {"options": {"turn_limit": 10**30}},
            422,
            "turn_limit: 1000000000000000000000000000000 is above 100000",
        ),
        ({"options": {"turn-limit": 100_001}}, 422, "is above 100000"),
        ({"options": {"turn_limit": "5"}}, 400, "turn_limit: '5' is not a whole number"),
        ({"options": {"turn_limit": True}}, 400, "turn_limit: True is not a whole number"),
        ({"options": {"turn_limit": 1.5}}, 400, "options.turn_limit"),
        ({"options": {"map": 1}}, 400, "map: 1 is not a string"),
        ({"options": {"setup": True}}, 400, "setup: True is not a string"),
        ({"title": "a\x00b"}, 400, "control characters"),
        ({"seats": [{"kind": "human", "name": "\x00"}, *two]}, 400, "control characters"),
        ({"seats": [{"kind": "human", "name": "\ud800"}, *two]}, 400, "seats.0.name"),
        ({"seats": [{"kind": True}, *two]}, 400, "seats.0.kind"),
        ({"seats": [{"kind": "bot", "tier": 1}, *two]}, 400, "seats.0.tier"),
    ):
        request = {"mode": "risk-classic", "seats": HUMANS3, "options": SHORT, **change}
        content = json.dumps(request).encode()
        r = client.post("/api/games", content=content, headers={"Content-Type": "application/json"})
        assert r.status_code == status, (change, r.text)
        assert words in r.json()["error"], (change, r.text)
    assert len(client.get("/api/games").json()) == before
    assert client.post(
        "/api/games", json={"mode": "risk-classic", "seats": HUMANS3, "options": {"turn_limit": 9}}
    ).json()["title"]


def test_typed_actions_and_undo(client: TestClient) -> None:
    g = create(client, HUMANS3, **SHORT)
    tokens = [s["token"] for s in g["seats"]]
    seat = state(client, g["id"])["to_move"][0]
    mine = state(client, g["id"], tokens[seat])
    place = mine["legal"][0]
    headers = {"X-Seat-Token": tokens[seat]}
    url = f"/api/games/{g['id']}/act"
    text = f"pl '{place[1].lower()}' 1"
    assert client.post(url, json={"state": 0, "text": text}, headers=headers).status_code == 200
    assert state(client, g["id"], tokens[seat])["can_undo"]
    undo = client.post(url, json={"state": 1, "action": ["undo"]}, headers=headers)
    assert undo.status_code == 200
    after = state(client, g["id"], tokens[seat])
    assert after["state"] == 2 and after["view"] == mine["view"]


def test_open_seats_are_claimed_once(client: TestClient) -> None:
    g = create(client, [{"kind": "human"}, {"kind": "open"}, {"kind": "bot", "tier": "random"}])
    listed = next(x for x in client.get("/api/games").json() if x["id"] == g["id"])
    assert listed["open_seats"] == [1]
    for seat in (True, "1", 1.0):  # no coercion: none of these is seat 1
        r = client.post(f"/api/games/{g['id']}/claim", json={"seat": seat})
        assert r.status_code == 400 and "seat" in r.json()["error"]
    r = client.post(f"/api/games/{g['id']}/claim", json={"seat": 1})
    assert r.status_code == 200 and r.json()["seat"] == 1
    assert state(client, g["id"], r.json()["token"])["seat"] == 1
    assert client.post(f"/api/games/{g['id']}/claim", json={"seat": 1}).status_code == 409
    assert client.post(f"/api/games/{g['id']}/claim", json={"seat": 0}).status_code == 409


def test_a_seat_joined_under_a_name_shows_it_to_everyone(client: TestClient, hub: Hub) -> None:
    """The lobby's name field was ignored on joining: the friend who joined stayed "Player 2"
    to the whole table, itself included."""
    g = create(client, [{"kind": "human"}, {"kind": "open"}, {"kind": "open"}])
    url = f"/api/games/{g['id']}/claim"
    for bad, said in (("\u0007bell", "control characters"), ("x" * 41, "at most 40 characters")):
        r = client.post(url, json={"seat": 1, "name": bad})
        assert r.status_code == 400 and r.json()["error"].startswith("name: "), r.text
        assert said in r.json()["error"]  # not pydantic's "at most 40 items after validation"
    r = client.post(url, json={"seat": 1, "name": "  Cy "})
    assert r.status_code == 200
    assert client.post(url, json={"seat": 2}).status_code == 200  # no name: the label stays
    seats = state(client, g["id"])["seats"]
    assert [s["name"] for s in seats[1:]] == ["Cy", "Player 3"]
    assert seats[1]["plays_as"] == "Player 2"
    fresh = Hub(Store(hub.store.url))  # read again from the database, as after a restart
    try:
        assert [s.name for s in fresh.room(g["id"]).seats[1:]] == ["Cy", "Player 3"]
    finally:
        fresh.close()


def test_names_at_a_table_stay_apart(client: TestClient, hub: Hub) -> None:
    """One person joining two seats from one browser (the lobby keeps its name), or two
    friends called alike, were two rows of one name in the players' table; a joiner could
    also take a bot's name. A name already at the table (letter case aside) gets a number,
    told in the answer; 40 characters stay the most."""
    people = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "ada"}]
    bot = {"kind": "bot", "tier": "random"}
    g = create(client, [*people, bot, {"kind": "open"}, {"kind": "open"}])
    url = f"/api/games/{g['id']}/claim"
    bot_name = state(client, g["id"])["seats"][2]["name"]
    answers = [
        client.post(url, json={"seat": seat, "name": name}).json()
        for seat, name in ((3, " ADA "), (4, bot_name))
    ]
    names = [s["name"] for s in state(client, g["id"])["seats"]]
    assert names == ["Ada", "ada (2)", bot_name, "ADA (3)", f"{bot_name} (2)"]
    assert [a["name"] for a in answers] == names[3:]
    long = "x" * 40
    again = create(client, [{"kind": "human", "name": long}, {"kind": "open"}, bot])
    joined = client.post(f"/api/games/{again['id']}/claim", json={"seat": 1, "name": long})
    assert joined.json()["name"] == "x" * 36 + " (2)"
    fresh = Hub(Store(hub.store.url))  # the numbered names are the stored ones
    try:
        assert [s.name for s in fresh.room(g["id"]).seats] == names
    finally:
        fresh.close()


def test_a_name_that_only_looks_like_another_is_numbered_or_refused(client: TestClient) -> None:
    """A zero-width space, a full-width letter or a no-break space made a second "Ada" (or a
    bot's name) that the duplicate check did not see; a right-to-left override could show a
    name backwards. Names that read alike are numbered, and bidi controls refused."""
    bot = {"kind": "bot", "tier": "random"}
    g = create(client, [{"kind": "human", "name": "Ada Lo"}, bot, *[{"kind": "open"}] * 3])
    url = f"/api/games/{g['id']}/claim"
    bot_name = state(client, g["id"])["seats"][1]["name"]
    look_alikes = ("Ada\u200b Lo", "\uff21da\u00a0Lo", bot_name + "\u200b")
    for seat, name in enumerate(look_alikes, start=2):
        r = client.post(url, json={"seat": seat, "name": name})
        assert r.status_code == 200 and r.json()["name"].endswith(")"), (name, r.text)
    again = create(client, [{"kind": "human"}, {"kind": "open"}, bot])
    r = client.post(f"/api/games/{again['id']}/claim", json={"seat": 1, "name": "\u202eadA"})
    assert r.status_code == 400 and "bidi controls" in r.json()["error"], r.text


def test_each_seat_says_whom_the_rules_name(client: TestClient) -> None:
    """A person's own name replaces the seat's label, but the log and the board still call
    the seat by the rules' name ("Player 1 attacks ..."): every seat says which that is."""
    people = [{"kind": "human", "name": "Ada"}, {"kind": "human"}]
    g = create(client, [*people, {"kind": "bot", "tier": "random"}], **SHORT)
    seats = state(client, g["id"])["seats"]
    assert [s["name"] for s in seats] == ["Ada", "Player 2", "Player 3 (random bot)"]
    assert [s["plays_as"] for s in seats] == ["Player 1", "Player 2", "Player 3"]


def test_bots_play_their_seats(client: TestClient) -> None:
    bots = [{"kind": "bot", "tier": "random"}] * 2
    g = create(client, [{"kind": "human"}, *bots], **SHORT)
    deadline = time.time() + 20
    while time.time() < deadline:
        s = state(client, g["id"])
        if (s["to_move"] == [0] and s["state"] > 0) or s["outcome"]:
            break
        if s["to_move"] == [0]:
            step(client, g)
        time.sleep(0.05)
    s = state(client, g["id"])
    assert s["state"] > 0 and s["to_move"] == [0]


def test_board_and_odds(client: TestClient) -> None:
    b = client.get("/api/boards/classic-world").json()
    assert len(b["territories"]) == 42 and len(b["connections"]) == 83
    assert all(0 <= t["x"] <= b["width"] and 0 <= t["y"] <= b["height"] for t in b["territories"])
    assert client.get("/api/boards/../etc").status_code == 404
    o = client.get("/api/odds", params={"attackers": 2, "defenders": 1}).json()
    assert abs(o["p_conquest"] - 0.4167) < 0.001  # 15/36: one die each, attacker must beat
    assert client.get("/api/odds", params={"attackers": 1, "defenders": 1}).status_code == 400


def test_monopoly_board(client: TestClient) -> None:
    r = client.get("/api/boards/monopoly/avengers")
    assert r.status_code == 200, r.text
    b = r.json()
    spaces = b["spaces"]
    assert len(spaces) == 40 and b["side"] == 10
    assert [s["index"] for s in spaces] == list(range(40))
    assert spaces[0]["kind"] == "go" and spaces[b["rules"]["jail"]]["kind"] == "jail"
    ownable = [s for s in spaces if s["kind"] in ("hero", "dice-hero")]
    assert len(ownable) == 24  # the rulebook: 24 hero cards
    assert all(isinstance(s["price"], int) and s["price"] > 0 for s in ownable)
    heroes = [s for s in spaces if s["kind"] == "hero"]
    assert all(len(s["payments"]) == 6 and s["base_cost"] > 0 and s["hq_cost"] > 0 for s in heroes)
    assert all(s["color"].startswith("#") for s in heroes)
    assert {s["set"] for s in heroes} == {g["name"] for g in b["sets"]}
    assert "cards" not in json.dumps(b)  # public printed values only: no deck contents
    for bad in ("nowhere", "classic-world", "a.b"):
        r = client.get(f"/api/boards/monopoly/{bad}")
        assert r.status_code == 404 and r.json()["error"] == f"no Monopoly board {bad!r}"
    assert client.get("/api/boards/monopoly/../etc").status_code == 404


def test_the_log_reloads_the_same_game(client: TestClient, hub: Hub) -> None:
    g = create(client, HUMANS3, **SHORT)
    for _ in range(57):
        step(client, g)
    stored = hub.store.load(g["id"])
    assert stored is not None and len(stored.record) == 57
    save = stored.save()
    fresh = Hub(Store(hub.store.url))
    try:
        room = fresh.room(g["id"])
        assert room.match.view(None) == Match.from_save(save).view(None)
        assert room.match.view(None) == state(client, g["id"])["view"]
    finally:
        fresh.close()


def test_every_mode_plays_through_the_api_and_page(client: TestClient) -> None:
    """Any registered mode, with no web code of its own, can be created, viewed and played."""
    for mode in games.modes():
        seats = [{"kind": "human"}] * mode.min_players
        r = client.post("/api/games", json={"mode": mode.id, "seats": seats, "options": {}})
        assert r.status_code == 201, r.text
        g = r.json()
        tokens = {s["seat"]: s["token"] for s in g["seats"]}
        assert client.get(f"/game/{g['id']}").status_code == 200
        for expected in range(1, 16):
            seat = state(client, g["id"])["to_move"][0]
            mine = state(client, g["id"], tokens[seat])
            assert mine["view"]["mode"] == mode.id
            action = mine["legal"][-1]
            r = client.post(
                f"/api/games/{g['id']}/act",
                json={"state": mine["state"], "action": action},
                headers={"X-Seat-Token": tokens[seat]},
            )
            assert r.status_code == 200, (mode.id, action, r.text)
            assert r.json()["state"] == expected


def test_finished_games_leave_memory_and_load_again(client: TestClient, hub: Hub) -> None:
    """A long-running server does not keep every finished game; the store still has them."""
    g = create(client, HUMANS3, **SHORT, turn_limit=1)
    while (room := hub.rooms.get(g["id"])) is not None:
        assert room.match.outcome() is None  # kept while unfinished
        step(client, g)
    final = state(client, g["id"])  # loads it again from the store
    assert final["outcome"]["reason"].startswith("The game stopped at its turn limit of 1 turn ")
    stored = hub.store.load(g["id"])
    assert stored is not None and final["state"] == len(stored.record)


def test_reading_many_finished_games_keeps_only_the_latest_loaded(
    client: TestClient, hub: Hub
) -> None:
    """Each finished game read by a plain GET is loaded from the store; only the
    `finished_kept` latest stay in memory (none is watched), so reading every stored game
    does not grow the server, and a game dropped loads again with everything it had."""
    hub.finished_kept = 2
    ids = []
    for _ in range(5):
        g = create(client, HUMANS3, **SHORT, turn_limit=1)
        while state(client, g["id"])["outcome"] is None:
            step(client, g)
        ids.append(g["id"])
    for game_id in ids:
        assert client.get(f"/api/games/{game_id}/save").status_code == 200
    assert {i for i in ids if i in hub.rooms} == {ids[3], ids[4]}
    again = state(client, ids[0])
    assert again["outcome"] is not None and again["state"] == len(hub.store.load(ids[0]).record)
    assert {i for i in ids if i in hub.rooms} == {ids[4], ids[0]}  # the oldest read went


def test_a_save_is_offered_only_once_the_game_is_over(client: TestClient) -> None:
    g = create(client, HUMANS3, **SHORT, turn_limit=1)
    step(client, g)
    r = client.get(f"/api/games/{g['id']}/save")
    assert r.status_code == 409 and "once the game is over" in r.json()["error"]
    while state(client, g["id"])["outcome"] is None:
        step(client, g)
    r = client.get(f"/api/games/{g['id']}/save")
    assert r.status_code == 200
    assert "attachment" in r.headers["content-disposition"]
    replayed = Match.from_save(r.json())
    assert replayed.view(None) == state(client, g["id"])["view"]
    assert client.get("/api/games/nosuchgame/save").status_code == 404


def test_a_game_waits_for_its_open_seats(client: TestClient) -> None:
    """Bots do not start before every open seat is taken (issue 12); the state says so."""
    bot = {"kind": "bot", "tier": "random"}
    g = create(client, [{"kind": "open"}, bot, bot], **SHORT)
    time.sleep(0.5)
    s = state(client, g["id"])
    assert s["state"] == 0 and s["waiting_for"] == [0]
    r = client.post(f"/api/games/{g['id']}/claim", json={"seat": 0})
    assert r.status_code == 200
    deadline = time.time() + 20
    while time.time() < deadline and state(client, g["id"])["state"] == 0:
        if state(client, g["id"])["to_move"] == [0]:
            break
        time.sleep(0.05)
    s = state(client, g["id"])
    assert s["waiting_for"] == [] and (s["state"] > 0 or s["to_move"] == [0])


def test_typed_short_forms_and_parse(client: TestClient) -> None:
    """Typed text reads as in the terminal: a count left off is the largest allowed, names by
    prefix in any case; /parse says which action a short form stands for without acting."""
    g = create(client, HUMANS3, **SHORT)
    tokens = {s["seat"]: s["token"] for s in g["seats"]}
    s = state(client, g["id"])
    while s["view"]["phase"] != "reinforce":
        step(client, g)
        s = state(client, g["id"])
    seat = s["to_move"][0]
    mine = state(client, g["id"], tokens[seat])
    where = next(a[1] for a in mine["legal"] if a[0] == "place")
    most = max(a[2] for a in mine["legal"] if a[0] == "place" and a[1] == where)
    headers = {"X-Seat-Token": tokens[seat]}
    r = client.post(
        f"/api/games/{g['id']}/parse", json={"text": f"pl {where.lower()}"}, headers=headers
    )
    assert r.status_code == 200 and r.json()["action"] == ["place", where, most]
    assert state(client, g["id"])["state"] == mine["state"]  # nothing was done
    assert client.post(f"/api/games/{g['id']}/parse", json={"text": "end"}).status_code == 403
    r = client.post(
        f"/api/games/{g['id']}/act",
        json={"state": mine["state"], "text": f"place {where.lower()}"},
        headers=headers,
    )
    assert r.status_code == 200, r.text
    assert state(client, g["id"], tokens[seat])["view"]["pending"] == 0


def test_the_lobby_list_costs_the_same_few_queries_however_many_games(
    client: TestClient,
) -> None:
    """Anyone may ask for the list without a rate, so it must not cost a query a game."""
    from sqlalchemy import event

    engine = client.app.state.hub.store.engine
    statements: list[str] = []

    def count(*args: Any) -> None:
        statements.append(args[2])

    def listing_cost() -> int:
        statements.clear()
        event.listen(engine, "before_cursor_execute", count)
        try:
            listed = client.get("/api/games").json()
        finally:
            event.remove(engine, "before_cursor_execute", count)
        assert all("open_seats" in x for x in listed)
        return len(statements)

    open_game = [{"kind": "human"}, {"kind": "open"}, {"kind": "open"}]
    first = create(client, open_game)
    few = listing_cost()
    for _ in range(6):
        create(client, open_game)
    assert listing_cost() == few
    claimed = client.post(f"/api/games/{first['id']}/claim", json={"seat": 2})
    assert claimed.status_code == 200
    listed = {x["id"]: x["open_seats"] for x in client.get("/api/games").json()}
    assert listed[first["id"]] == [1] and len(listed) == 7
    assert all(seats == [1, 2] for game, seats in listed.items() if game != first["id"])


def test_a_game_waiting_for_a_player_stays_in_the_lobby_however_many_games_move(
    client: TestClient, hub: Hub
) -> None:
    """The lobby lists the most recently played games; one with a seat still to join is
    listed besides them, so games moving since (bots playing on) do not take its seat out of
    reach, while a finished or full game drops out as usual."""
    waiting = create(client, [{"kind": "human"}, {"kind": "open"}])
    full = create(client, [{"kind": "human"}, {"kind": "human"}])
    newer = [create(client, [{"kind": "human"}, {"kind": "human"}])["id"] for _ in range(3)]
    listed = [g.id for g in hub.store.list_games(limit=2)]
    assert listed == [newer[2], newer[1], waiting["id"]]  # the newest first, as ever
    assert full["id"] not in listed
    assert [x["id"] for x in client.get("/api/games").json()][-1] == waiting["id"]
    assert client.post(f"/api/games/{waiting['id']}/claim", json={"seat": 1}).status_code == 200
    assert [g.id for g in hub.store.list_games(limit=2)] == [newer[2], newer[1]]


def test_an_mcu_refusal_names_sectors_as_the_page_shows_them(client: TestClient) -> None:
    """A refusal read out on the page said the rules' ids ("Sector_12 is already occupied")
    where the map, the log and the terminal say "Sector 12"; a typed caption is read too."""
    r = client.post("/api/games", json={"mode": "mcu-skirmish", "seats": HUMANS3})
    assert r.status_code == 201, r.text
    g = r.json()
    tokens = {s["seat"]: s["token"] for s in g["seats"]}
    for sent in ({"text": "claim Sector 12"}, {"action": ["claim", "Sector_12"]}):
        public = state(client, g["id"])
        seat = public["to_move"][0]
        r = client.post(
            f"/api/games/{g['id']}/act",
            json={"state": public["state"], **sent},
            headers={"X-Seat-Token": tokens[seat]},
        )
        if r.status_code == 200:
            continue  # the first claim of Sector_12
        assert r.status_code == 422 and r.json()["error"] == "Sector 12 is already occupied"
        return
    raise AssertionError("the second claim of Sector_12 was not refused")


def test_a_game_s_bots_move_at_the_pace_chosen_for_it(client: TestClient, hub: Hub) -> None:
    """Every bot move waited the server's --bot-delay (0.4 s): a RISK bot's turn of a hundred
    rolls took 40 s to watch. A game may be created with "fast" bots (a quarter of it), kept
    across a restart and by its rematch; "normal" is the default."""
    bot = {"kind": "bot", "tier": "random"}
    body = {"mode": "risk-classic", "seats": [{"kind": "human"}, bot], "options": SHORT}
    fast = client.post("/api/games", json={**body, "bot_pace": "fast"})
    normal = client.post("/api/games", json=body)
    assert fast.status_code == normal.status_code == 201, fast.text
    assert hub.room(fast.json()["id"]).pace == "fast"
    assert hub.room(normal.json()["id"]).pace == "normal"
    bad = client.post("/api/games", json={**body, "bot_pace": "turbo"})
    assert bad.status_code == 400 and bad.json()["error"].startswith("bot_pace: "), bad.text
    fresh = Hub(Store(hub.store.url))  # read again from the database, as after a restart
    try:
        assert fresh.room(fast.json()["id"]).pace == "fast"
    finally:
        fresh.close()
    # A seat's person may change it during the game; a spectator may not; every page is told.
    g = normal.json()
    token = next(seat["token"] for seat in g["seats"] if "token" in seat)
    url = f"/api/games/{g['id']}/pace"
    assert client.post(url, json={"pace": "fast"}).status_code == 403
    wrong = client.post(url, json={"pace": "turbo"}, headers={"X-Seat-Token": token})
    assert wrong.status_code == 400 and wrong.json()["error"].startswith("pace: ")
    changed = client.post(url, json={"pace": "fast"}, headers={"X-Seat-Token": token})
    assert changed.status_code == 200 and changed.json() == {"pace": "fast"}
    assert state(client, g["id"])["pace"] == "fast" and hub.room(g["id"]).pace == "fast"
    again = Hub(Store(hub.store.url))
    try:
        assert again.room(g["id"]).pace == "fast"
    finally:
        again.close()
    # When each bot move is due: the server's delay times the game's pace.
    timed = Hub(Store(hub.store.url), bot_delay=0.4)
    due: list[float] = []

    class Pool:  # stands in for the bots' thread pool: notes when each move is due
        def submit(self, _move: object, _room: object, when: float) -> None:
            due.append(when - time.monotonic())

    timed.pool.shutdown()
    timed.pool = Pool()  # type: ignore[assignment]
    try:
        for pace in ("fast", "normal"):
            timed.create("risk-classic", [SeatSpec("bot", "random")] * 2, SHORT, pace=pace)
        assert 0.05 < due[0] <= 0.1 and 0.3 < due[1] <= 0.4, due
    finally:
        timed.store.close()
