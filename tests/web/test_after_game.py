"""After a game (issue 12): a summary made only of what a spectator could see, and a rematch
with the same mode, options and seats that each person's own link opens."""

from __future__ import annotations

import json
import time
from typing import Any

from fastapi.testclient import TestClient

from tests.web.conftest import SEED
from tests.web.play import HUMANS3, SHORT
from tests.web.test_api import create, state, step
from warroom.core.actions import Action
from warroom.core.match import Match
from warroom.web.hub import Hub
from warroom.web.summary import game_summary, public_measure

BOT = {"kind": "bot", "tier": "greedy"}


def _finish(client: TestClient, g: dict[str, Any]) -> dict[str, Any]:
    """Play the people's seats by the test policy (bots play themselves) to the end."""
    deadline = time.time() + 60
    while (public := state(client, g["id"]))["outcome"] is None and time.time() < deadline:
        people = {s["seat"] for s in g["seats"] if "token" in s}
        if public["to_move"] and public["to_move"][0] in people:
            step(client, g)
        else:
            time.sleep(0.01)
    assert public["outcome"] is not None
    return public


def test_summary_is_the_public_count_turn_by_turn(client: TestClient, hub: Hub) -> None:
    g = create(client, [{"kind": "human"}, BOT, BOT], **SHORT, turn_limit=2)
    r = client.get(f"/api/games/{g['id']}/summary")
    assert r.status_code == 409 and "over" in r.json()["error"]
    final = _finish(client, g)
    r = client.get(f"/api/games/{g['id']}/summary")
    assert r.status_code == 200, r.text
    summary = r.json()
    assert summary["outcome"] == final["outcome"] and summary["measure"] == "territories"
    assert summary["players"] == ["Player 1", "Player 2", "Player 3"]
    series = summary["series"]
    turns = [p["turn"] for p in series]
    assert turns[0] == 0 and turns == sorted(turns) and summary["turns"] == 2
    # The deal gives every territory out at once; every point counts all 42.
    assert all(sum(p["values"]) == 42 and len(p["values"]) == 3 for p in series)
    held = [0, 0, 0]
    for t in final["view"]["territories"]:
        held[t["seat"]] += 1
    assert series[-1]["values"] == held
    # Each turn's point is the spectator's count at that turn's start, replayed independently.
    room = hub.room(g["id"])
    replay = Match.start("risk-classic", 3, SEED, room.match.options, room.match.generator)
    expected: dict[int, list[int]] = {0: public_measure(replay.view(None), 3)[1]}  # type: ignore[index]
    for seat, text in room.match.record:
        for event in replay.act(seat, text):
            if event.kind == "turn":
                expected[event.data["turn"]] = public_measure(replay.view(None), 3)[1]  # type: ignore[index]
    assert {p["turn"]: p["values"] for p in series[:-1]} == expected
    assert str(SEED) not in json.dumps(summary) and "hand" not in json.dumps(summary)


def test_summary_measures_net_worth_in_monopoly() -> None:
    match = Match.start("monopoly-avengers", 2, 5)
    from warroom.bots import make_bot

    bots = [make_bot("random", "monopoly-avengers", s) for s in (1, 2)]
    while match.outcome() is None and len(match.record) < 300:
        seat = match.to_move()[0]
        match.act(seat, bots[seat].choose(seat, match.observe(seat), match.legal(seat)))
    summary = game_summary(match)
    assert summary["measure"] == "net worth"
    worth = [p["net_worth"] for p in match.view(None)["status"]]
    assert summary["series"][-1]["values"] == worth
    assert summary["series"][0]["values"][0] == summary["series"][0]["values"][1]


def test_summary_counts_the_turns_of_a_mode_that_numbers_none() -> None:
    """RISK Godstorm's turn events name the seat, not a number: each one is the next turn."""
    from warroom.bots import make_bot

    match = Match.start("risk-godstorm", 3, 3)
    bots = [make_bot("random", "risk-godstorm", s) for s in range(3)]
    turns = 0
    while match.outcome() is None:
        seat = match.to_move()[0]
        events = match.act(seat, bots[seat].choose(seat, match.observe(seat), match.legal(seat)))
        turns += sum(e.kind == "turn" for e in events)
    summary = game_summary(match)
    assert summary["measure"] == "territories" and summary["turns"] == turns
    assert [p["turn"] for p in summary["series"][:-1]] == list(range(turns + 1))
    assert summary["series"][-1]["values"] == public_measure(match.view(None), 3)[1]  # type: ignore[index]


def test_rematch_same_setup_same_links(client: TestClient) -> None:
    g = create(client, [*HUMANS3[:2], BOT], **SHORT, turn_limit=1)
    tokens = {s["seat"]: s["token"] for s in g["seats"] if "token" in s}
    path = f"/api/games/{g['id']}/rematch"
    r = client.post(path, headers={"X-Seat-Token": tokens[0]})
    assert r.status_code == 409 and "not over" in r.json()["error"]
    _finish(client, g)
    assert client.post(path).status_code == 403  # a spectator starts nothing
    r = client.post(path, headers={"X-Seat-Token": tokens[1]})
    assert r.status_code == 200, r.text
    new = r.json()["id"]
    # A second seat asking gets the same game, and every page of the old one is told.
    assert client.post(path, headers={"X-Seat-Token": tokens[0]}).json()["id"] == new
    assert state(client, g["id"])["rematch"] == new
    old, fresh = state(client, g["id"]), state(client, new)
    assert fresh["mode"] == old["mode"] and fresh["options"] == old["options"]
    assert fresh["outcome"] is None and fresh["title"].endswith("(rematch)")
    strip = [{k: s[k] for k in ("seat", "name", "kind", "tier")} for s in old["seats"]]
    assert [{k: s[k] for k in ("seat", "name", "kind", "tier")} for s in fresh["seats"]] == strip
    # Each person's own token opens the same seat in the rematch.
    for seat, token in tokens.items():
        assert state(client, new, token)["seat"] == seat
    assert state(client, new)["rematch"] is None


def test_summary_drops_a_turn_that_was_undone() -> None:
    """A player ends the turn (the next one's turn begins) and takes it back: that start is
    no point of the chart; the one after the decision made instead is."""
    from tests.web.play import choose

    match = Match.start("risk-classic", 3, 11, SHORT)
    undone = False
    while match.outcome() is None and match.view(None)["turn"] < 4:
        seat = match.to_move()[0]
        legal = [a.to_json() for a in match.legal(seat)]
        action = choose(legal, match.view(seat))
        if not undone and match.view(None)["phase"] == "fortify" and ["end"] in legal:
            match.act(seat, "end")
            assert match.can_undo(seat) is None
            match.undo(seat)
            undone = True
        match.act(seat, Action.from_json(action))
    assert undone
    summary = game_summary(match)
    turns = [p["turn"] for p in summary["series"][:-1]]
    assert turns == [0] + [e.data["turn"] for e in match.log if e.kind == "turn"]


def test_a_rematch_names_each_bot_by_its_new_seat(client: TestClient, hub: Hub) -> None:
    """MCU deals the factions: a rematch kept each bot's old name ("Thor (greedy bot)") on a
    seat the new deal made Iron Man, so one seat had two heroes' names on the page; and a
    person named by default ("Thor") kept it as well."""
    r = client.post(
        "/api/games",
        json={"mode": "mcu-skirmish", "seats": [{"kind": "human"}, BOT, BOT], "options": {}},
    )
    assert r.status_code == 201, r.text
    g = r.json()
    token = next(s["token"] for s in g["seats"] if "token" in s)
    room = hub.room(g["id"])
    with room.lock:
        room.stopped = "stopped for the test"
    hub.seed_source = lambda: SEED + 3  # another deal
    r = client.post(f"/api/games/{g['id']}/rematch", headers={"X-Seat-Token": token})
    assert r.status_code == 200, r.text
    old, fresh = state(client, g["id"])["seats"], state(client, r.json()["id"])["seats"]
    assert any(a["plays_as"] != b["plays_as"] for a, b in zip(old, fresh, strict=True))
    for seat in fresh[1:]:
        assert seat["name"] == f"{seat['plays_as']} (greedy bot)", seat
    # the person named by default too: their seat's new hero, not last game's
    assert fresh[0]["name"] == fresh[0]["plays_as"], fresh[0]


def test_a_rematch_keeps_the_bots_pace(client: TestClient, hub: Hub) -> None:
    body = {"mode": "risk-classic", "seats": [*HUMANS3[:1], BOT], "options": {**SHORT}}
    r = client.post(
        "/api/games", json={**body, "options": {**SHORT, "turn_limit": 1}, "bot_pace": "fast"}
    )
    assert r.status_code == 201, r.text
    g = r.json()
    _finish(client, g)
    token = next(s["token"] for s in g["seats"] if "token" in s)
    late = client.post(
        f"/api/games/{g['id']}/pace", json={"pace": "normal"}, headers={"X-Seat-Token": token}
    )
    assert late.status_code == 409 and "over" in late.json()["error"]  # its bots are done
    again = client.post(f"/api/games/{g['id']}/rematch", headers={"X-Seat-Token": token})
    assert again.status_code == 200, again.text
    assert hub.room(again.json()["id"]).pace == "fast"
