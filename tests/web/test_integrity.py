"""Damaged data: one game's broken log is found by its digests and set aside while every other
game loads and runs; an old database is migrated; a damaged database file is named."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import (
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    delete,
    insert,
    inspect,
    select,
    update,
)

from tests.web.conftest import FAST
from tests.web.play import HUMANS3, SHORT, choose
from tests.web.system import free_port
from tests.web.test_api import create, state, step
from warroom.core.actions import Action
from warroom.core.match import Match
from warroom.web.app import create_app
from warroom.web.hub import Hub, SeatSpec
from warroom.web.store import Store, actions, games

BOTS3 = [SeatSpec("bot", "random")] * 3
PEOPLE3 = [SeatSpec("human")] * 3


def played(hub: Hub, specs: list[SeatSpec], moves: int) -> str:
    """A new game with `moves` actions chosen by the test policy; returns its id."""
    row, seat_rows = hub.create("risk-classic", specs, dict(SHORT))
    tokens = {s.seat: s.token for s in seat_rows}
    for _ in range(moves):
        room = hub.room(row.id)
        seat = room.match.to_move()[0]
        legal = [a.to_json() for a in room.match.legal(seat)]
        action = choose(legal, room.match.view(seat))
        hub.act(row.id, tokens[seat], room.state_id, action)
    return row.id


def test_a_damaged_game_is_set_aside_and_the_others_run(
    db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    before = Hub(Store(db_url), quotas=FAST)
    before.close()  # stopping: bots wait for the restart below
    fine = played(before, PEOPLE3, 12)
    bots = played(before, BOTS3, 0)
    short, gap, altered, options = (played(before, PEOPLE3, 12) for _ in range(4))
    with before.store.engine.begin() as conn:
        conn.execute(delete(actions).where(actions.c.game_id == short, actions.c.n == 11))
        conn.execute(delete(actions).where(actions.c.game_id == gap, actions.c.n == 5))
        third = (actions.c.game_id == altered) & (actions.c.n == 3)
        seat = conn.execute(select(actions.c.seat).where(third)).scalar_one()
        conn.execute(update(actions).where(third).values(seat=(seat + 1) % 3))
        conn.execute(update(games).where(games.c.id == options).values(options="{not json"))
    before.store.close()

    caplog.set_level(logging.INFO, logger="warroom.web")
    hub = Hub(Store(db_url), quotas=FAST)
    try:
        with TestClient(create_app(db_url, hub=hub)) as client:  # resumes on start
            deadline = time.time() + 30
            while "resumed" not in caplog.text and time.time() < deadline:
                time.sleep(0.05)
            summary = [r.getMessage() for r in caplog.records if "resumed" in r.getMessage()]
            assert summary == [
                "games stored: 6, unfinished: 6; resumed: 2, set aside as damaged: 4 "
                f"({', '.join(g for g in hub.store.counts()[1] if g in hub.damaged)})"
            ]
            found = {
                short: "counts 12 actions but its log holds 11: the last 1 were deleted",
                gap: "gap: action 5 is missing",
                altered: "action 3 does not match its digest",
                options: "its options are not JSON",
            }
            for game_id, what in found.items():
                errors = [r.getMessage() for r in caplog.records if r.levelno == logging.ERROR]
                assert any(game_id in e and what in e for e in errors), (game_id, what)
                r = client.get(f"/api/games/{game_id}")
                assert r.status_code == 503 and "damaged" in r.json()["error"]
                assert what in r.json()["error"]
                act = client.post(f"/api/games/{game_id}/act", json={"state": 11, "text": "end"})
                assert act.status_code == 503 and "damaged" in act.json()["error"]
            listed = client.get("/api/games")
            assert listed.status_code == 200
            damaged = {g["id"]: g["damaged"] for g in listed.json()}
            assert damaged[fine] is None and damaged[bots] is None
            assert all(what in (damaged[g] or "") for g, what in found.items())
            assert client.get(f"/api/games/{fine}").json()["state"] == 12
            while client.get(f"/api/games/{bots}").json()["state"] < 10:
                assert time.time() < deadline, "the bots-only game should carry on"
                time.sleep(0.05)
    finally:
        hub.close()
        hub.store.close()


def test_a_deleted_last_action_is_not_replayed_over(db_url: str) -> None:
    """The server must not come back one action behind and accept another in that slot."""
    before = Hub(Store(db_url), quotas=FAST)
    game = played(before, PEOPLE3, 8)
    with before.store.engine.begin() as conn:
        conn.execute(delete(actions).where(actions.c.game_id == game, actions.c.n == 7))
        conn.execute(update(games).where(games.c.id == game).values(moves=7))  # row too
    before.close()
    before.store.close()
    hub = Hub(Store(db_url), quotas=FAST)
    try:
        with pytest.raises(Exception, match="damaged and set aside: its log does not end on"):
            hub.room(game)
    finally:
        hub.close()
        hub.store.close()


# The schema the first served version wrote (version 1): integer seeds, no generator, no
# digests, a snapshot of the save every 50 actions.
old = MetaData()
old_games = Table(
    "games",
    old,
    Column("id", String(32), primary_key=True),
    Column("mode", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", Integer, nullable=False),
    Column("options", Text, nullable=False),
    Column("title", String(200), nullable=False),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    Column("finished", Boolean, nullable=False, default=False),
    Column("moves", Integer, nullable=False, default=0),
)
old_seats = Table(
    "seats",
    old,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),
    Column("tier", String(32)),
    Column("name", String(80), nullable=False),
    Column("token", String(64), nullable=False),
    Column("claimed", Boolean, nullable=False, default=False),
)
old_actions = Table(
    "actions",
    old,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("text", Text, nullable=False),
    Column("at", Float, nullable=False),
)
old_snapshots = Table(
    "snapshots",
    old,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("save", Text, nullable=False),
)


def old_game(conn: Any, game_id: str, seed: int, moves: int) -> Match:
    """Write a game as version 1 did (SplitMix64, human seats), played `moves` actions."""
    match = Match.start("risk-classic", 3, seed, SHORT)
    for _ in range(moves):
        seat = match.to_move()[0]
        legal = [a.to_json() for a in match.legal(seat)]
        match.act(seat, Action.from_json(choose(legal, match.view(seat))))
    now = time.time()
    conn.execute(
        insert(old_games).values(
            id=game_id, mode="risk-classic", players=3, seed=seed, options=json.dumps(SHORT),
            title=game_id, created=now, updated=now, finished=False, moves=moves,
        )
    )  # fmt: skip
    conn.execute(
        insert(old_seats),
        [
            {"game_id": game_id, "seat": s, "kind": "human", "tier": None, "name": f"P{s}",
             "token": f"{game_id}-token-{s}", "claimed": True}
            for s in range(3)
        ],
    )  # fmt: skip
    conn.execute(
        insert(old_actions),
        [
            {"game_id": game_id, "n": n, "seat": seat, "text": text, "at": now}
            for n, (seat, text) in enumerate(match.record)
        ],
    )
    conn.execute(
        insert(old_snapshots).values(game_id=game_id, n=50, save=json.dumps(match.to_save()))
    )
    return match


def test_a_database_of_the_old_schema_is_migrated(db_url: str) -> None:
    engine = create_engine(db_url)
    with engine.begin() as conn:
        old.create_all(conn)
        kept = old_game(conn, "kept", 2**31 - 1, 60)
        old_game(conn, "gap", 5, 20)
        old_game(conn, "short", 6, 20)
        for game_id, n in (("gap", 4), ("short", 19)):
            where = (old_actions.c.game_id == game_id, old_actions.c.n == n)
            conn.execute(delete(old_actions).where(*where))
    engine.dispose()

    hub = Hub(Store(db_url), quotas=FAST)
    try:
        tables = set(inspect(hub.store.engine).get_table_names())
        # No snapshots; the rematches and paces tables (added later) are created where they
        # are missing, and an older game, with no pace stored, moves at the normal pace.
        assert tables == {"games", "seats", "actions", "warroom_schema", "rematches", "paces"}
        room = hub.room("kept")
        assert room.pace == "normal"
        assert (room.match.generator, room.match.seed) == ("splitmix64", 2**31 - 1)
        assert room.match.view(None) == kept.view(None)
        seat = room.match.to_move()[0]
        action = choose([a.to_json() for a in room.match.legal(seat)], room.match.view(seat))
        hub.act("kept", "kept-token-" + str(seat), 60, action)  # play goes on, chained
        for game_id, what in (("gap", "action 4 is missing"), ("short", "were deleted")):
            with pytest.raises(Exception, match=what):
                hub.room(game_id)
    finally:
        hub.close()
        hub.store.close()
    again = Store(db_url)  # opening a migrated database changes nothing
    try:
        stored = again.load("kept")
        assert stored is not None and len(stored.record) == 61
        with again.engine.connect() as conn:
            rows = conn.execute(select(games.c.generator, games.c.seed).order_by(games.c.id))
            assert rows.all() == [("splitmix64", str(s)) for s in (5, 2**31 - 1, 6)]
    finally:
        again.close()


def serve(data: Path) -> subprocess.CompletedProcess[str]:
    """Run `warroom serve` on `data` until it exits (a healthy one would not)."""
    code = "from warroom.cli.main import app; app()"
    cmd = [sys.executable, "-c", code, "serve", "--port", str(free_port()), "--data-dir", str(data)]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=60)


def test_a_truncated_database_file_stops_the_server_with_a_clear_message(tmp_path: Path) -> None:
    path = tmp_path / "warroom.db"
    store = Store(f"sqlite:///{path}")
    hub = Hub(store, quotas=FAST)
    hub.close()
    for _ in range(3):
        played(hub, PEOPLE3, 40)
    store.close()
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    done = serve(tmp_path)
    assert done.returncode == 2
    assert f"error: the database file {path} is damaged" in done.stderr
    assert "SQLite says: database disk image is malformed" in done.stderr
    assert "Traceback" not in done.stderr


def test_an_emptied_database_file_is_reported(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "warroom.db"
    path.touch()
    url = f"sqlite:///{path}"
    with TestClient(create_app(url, resume=False)) as client:
        assert client.get("/api/games").json() == []
        r = client.post("/api/games", json={"mode": "risk-classic", "seats": HUMANS3})
        assert r.status_code == 201
    warned = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert [r.getMessage().split(":")[0] for r in warned] == [
        f"the database file {path} was empty (0 bytes)"
    ]
    caplog.clear()
    Store(url).close()  # a store with games in it opens without a word
    assert not caplog.records


def test_a_log_changed_under_a_running_game_is_found_at_its_next_action(
    client: TestClient, hub: Hub
) -> None:
    g = create(client, HUMANS3, **SHORT)
    for _ in range(3):
        step(client, g)
    with hub.store.engine.begin() as conn:
        conn.execute(update(games).where(games.c.id == g["id"]).values(head="0" * 64))
    tokens = [s["token"] for s in g["seats"]]
    seat = state(client, g["id"])["to_move"][0]
    mine = state(client, g["id"], tokens[seat])
    r = client.post(
        f"/api/games/{g['id']}/act",
        json={"state": 3, "action": choose(mine["legal"], mine["view"])},
        headers={"X-Seat-Token": tokens[seat]},
    )
    assert r.status_code == 503 and "damaged and set aside" in r.json()["error"]
    assert "does not end on the digest the game row keeps" in r.json()["error"]
    after = client.get(f"/api/games/{g['id']}")
    assert after.status_code == 503 and after.json()["error"] == r.json()["error"]
    with hub.store.engine.connect() as conn:
        logged = conn.execute(select(actions.c.n).where(actions.c.game_id == g["id"])).all()
    assert len(logged) == 3  # the refused action was not stored


@pytest.mark.parametrize(
    ("url", "said"),
    [
        ("nonsense", "the database URL is not one"),
        ("sqlite://", "an in-memory SQLite database keeps no game"),
        ("mysql://someone@nowhere/games", "cannot use a mysql database"),
    ],
)
def test_a_database_url_that_cannot_serve_is_one_line(url: str, said: str) -> None:
    """A URL that is not one, or names a driver not installed, printed a 97-line traceback;
    an in-memory SQLite started and then failed on every request (no such table)."""
    from typer.testing import CliRunner

    from warroom.cli.main import app

    port = str(free_port())  # never bound: the store is refused first
    done = CliRunner().invoke(app, ["serve", "--port", port], env={"DATABASE_URL": url})
    assert done.exit_code == 2 and f"error: {said}" in done.output, done.output
    assert "Traceback" not in done.output
