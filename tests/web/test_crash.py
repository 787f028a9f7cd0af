"""Kill -9 the server in the middle of play: every acknowledged action survives the restart,
and every game, bots included, carries on from where it was."""

from __future__ import annotations

import os
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

import warroom.games as games
from tests.web.play import HUMANS3, SHORT, bot_choice, choose
from tests.web.system import free_port
from warroom.core.actions import Action
from warroom.web.hub import SEED_BITS, Hub, SeatSpec
from warroom.web.store import Store

# Bots move at once, and the rates allow the test's pace.
QUICK = ["--bot-delay", "0", "--action-rate", "1000/second", "--read-rate", "1000/second"]


def start(data: Path, port: int | None = None) -> tuple[subprocess.Popen[bytes], str]:
    """`warroom serve` on `data`, once it answers: the process and its address. On `port` if
    given (a restart), else on a free one; a port taken by another program before the server
    could bind it (found free, then used by someone else) is given up for a free one."""
    log = data / "server.log"
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    code = "from warroom.cli.main import app; app()"
    for _ in range(5):
        port = port or free_port()
        # The server says its address once it holds the port: until then a connection could
        # reach whatever else holds it.
        said = log.read_bytes().count(b"warroom: http://") if log.exists() else 0
        cmd = [sys.executable, "-c", code, "serve", "--port", str(port), "--data-dir", str(data)]
        proc = subprocess.Popen(
            [*cmd, *QUICK],
            env=env,
            stdout=open(log, "ab"),  # noqa: SIM115  (the child keeps it)
            stderr=subprocess.STDOUT,
        )
        deadline = time.time() + 60
        while proc.poll() is None and time.time() < deadline:
            if log.read_bytes().count(b"warroom: http://") > said:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                    return proc, f"http://127.0.0.1:{port}"
                except OSError:
                    pass
            time.sleep(0.1)
        proc.kill()
        proc.wait()
        if f"cannot listen on 127.0.0.1:{port}" not in log.read_text(errors="replace"):
            break
        port = None
    raise AssertionError("the server did not start: " + log.read_text(errors="replace"))


def until(done: Callable[[], bool], seconds: float, why: str) -> None:
    """Wait for `done()`, however long a loaded machine takes, up to `seconds`."""
    deadline = time.time() + seconds
    while not done():
        assert time.time() < deadline, why
        time.sleep(0.02)


def play(
    base: str, game: dict[str, Any], acked: list[tuple[int, int, str]], stop: threading.Event
) -> None:
    """Play as fast as the server answers, noting each acknowledged (number, seat, action)."""
    tokens = [s["token"] for s in game["seats"]]
    with httpx.Client(base_url=base, timeout=5) as http:
        while not stop.is_set():
            try:
                public = http.get(f"/api/games/{game['id']}").json()
                seat = public["to_move"][0]
                mine = http.get(
                    f"/api/games/{game['id']}", headers={"X-Seat-Token": tokens[seat]}
                ).json()
                action = choose(mine["legal"], mine["view"])
                r = http.post(
                    f"/api/games/{game['id']}/act",
                    json={"state": mine["state"], "action": action},
                    headers={"X-Seat-Token": tokens[seat]},
                )
            except (httpx.HTTPError, ValueError):
                return  # the server is gone
            if r.status_code == 200:
                acked.append((mine["state"], seat, Action.from_json(action).text()))


def test_kill_9_loses_nothing_acknowledged(tmp_path: Path) -> None:
    proc, base = start(tmp_path)
    try:
        with httpx.Client(base_url=base, timeout=10) as http:
            body = {"mode": "risk-classic", "seats": HUMANS3, "options": SHORT}
            humans = http.post("/api/games", json=body).json()
            bot = [{"kind": "bot", "tier": "random"}] * 3
            bots = http.post("/api/games", json={**body, "seats": bot}).json()
        acked: list[tuple[int, int, str]] = []
        stop = threading.Event()
        player = threading.Thread(target=play, args=(base, humans, acked, stop))
        player.start()
        # Killed in the middle of play, without warning: once play is well under way (not
        # after a fixed time, which a loaded machine may spend starting up), as it goes on.
        until(lambda: len(acked) > 10, 60, "the game should have been under way")
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        player.join(timeout=10)
        assert not player.is_alive()

        store = Store(f"sqlite:///{tmp_path / 'warroom.db'}")
        logged, bot_log = store.load(humans["id"]), store.load(bots["id"])
        store.close()
        assert logged is not None and bot_log is not None
        for n, seat, text in acked:
            assert logged.record[n] == (seat, text)
        bot_moves = len(bot_log.record)

        proc, base = start(tmp_path, int(base.rsplit(":", 1)[1]))
        with httpx.Client(base_url=base, timeout=10) as http:
            after = http.get(f"/api/games/{humans['id']}").json()
            assert after["state"] == len(logged.record) >= len(acked)
            stop.clear()
            more: list[tuple[int, int, str]] = []
            resumed = threading.Thread(target=play, args=(base, humans, more, stop))
            resumed.start()
            until(lambda: bool(more), 60, "play should go on after the restart")
            stop.set()
            resumed.join(timeout=10)
            assert more[0][0] == after["state"]
            deadline = time.time() + 60
            while time.time() < deadline:
                state = http.get(f"/api/games/{bots['id']}").json()
                if state["state"] > bot_moves or state["outcome"]:
                    break
                time.sleep(0.1)
            assert state["state"] > bot_moves or state["outcome"], "bots should resume play"
    finally:
        proc.kill()
        proc.wait()


@pytest.mark.parametrize("mode", [g.id for g in games.modes()])
def test_every_mode_reloads_to_the_very_state_it_acknowledged(tmp_path: Path, mode: str) -> None:
    """What a restart rebuilds from the store is the whole state, not only what is shown:
    every hand, deck order, face-down piece and sealed bid, and the generator's key and
    count of draws, so the chance to come after a restart is the chance that was due. A
    restarting server loads its games as a fresh hub on the same database does."""
    url = f"sqlite:///{tmp_path / 'w.db'}"
    live = Hub(Store(url), seed_source=lambda: secrets.randbits(SEED_BITS))
    fresh = Hub(Store(url))
    try:
        game = games.get_mode(mode)
        players = max(game.min_players, 3)  # every mode seats three or more
        row, seats = live.create(mode, [SeatSpec("human")] * players, {})
        tokens = {s.seat: s.token for s in seats}
        room = live.room(row.id)
        choose = bot_choice(mode, "random")
        while room.match.outcome() is None and room.state_id < 200:
            seat = room.match.to_move()[0]
            live.act(row.id, tokens[seat], room.state_id, choose(room.match, seat).to_json())
        reloaded = fresh.room(row.id).match
        assert reloaded.state == room.match.state
        assert reloaded.state.rng.seed == room.match.seed and reloaded.generator == "blake2b"
        assert reloaded.log == room.match.log
    finally:
        for hub in (live, fresh):
            hub.close()
            hub.store.close()
