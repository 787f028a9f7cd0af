"""Kill -9 the server in the middle of play: every acknowledged action survives the restart,
and every game, bots included, carries on from where it was."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx

from tests.web.play import HUMANS3, SHORT, choose
from tests.web.system import free_port
from warroom.core.actions import Action
from warroom.web.store import Store


def start(data: Path, port: int) -> subprocess.Popen[bytes]:
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    code = "from warroom.cli.main import app; app()"
    cmd = [sys.executable, "-c", code, "serve", "--port", str(port), "--data-dir", str(data)]
    proc = subprocess.Popen(
        [*cmd, "--bot-delay", "0", "--action-rate", "1000/second", "--read-rate", "1000/second"],
        env=env,
        stdout=open(data / "server.log", "ab"),  # noqa: SIM115  (the child keeps it)
        stderr=subprocess.STDOUT,
    )
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError("the server did not start: " + (data / "server.log").read_text())


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
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = start(tmp_path, port)
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
        time.sleep(2.0)
        proc.send_signal(signal.SIGKILL)  # in the middle of play, without warning
        proc.wait()
        player.join(timeout=10)
        assert len(acked) > 10, "the game should have been under way"

        store = Store(f"sqlite:///{tmp_path / 'warroom.db'}")
        logged, bot_log = store.load(humans["id"]), store.load(bots["id"])
        store.close()
        assert logged is not None and bot_log is not None
        for n, seat, text in acked:
            assert logged.record[n] == (seat, text)
        bot_moves = len(bot_log.record)

        proc = start(tmp_path, port)
        with httpx.Client(base_url=base, timeout=10) as http:
            after = http.get(f"/api/games/{humans['id']}").json()
            assert after["state"] == len(logged.record) >= len(acked)
            stop.clear()
            more: list[tuple[int, int, str]] = []
            resumed = threading.Thread(target=play, args=(base, humans, more, stop))
            resumed.start()
            time.sleep(1.0)
            stop.set()
            resumed.join(timeout=10)
            assert more and more[0][0] == after["state"]
            deadline = time.time() + 20
            while time.time() < deadline:
                state = http.get(f"/api/games/{bots['id']}").json()
                if state["state"] > bot_moves or state["outcome"]:
                    break
                time.sleep(0.1)
            assert state["state"] > bot_moves or state["outcome"], "bots should resume play"
    finally:
        proc.kill()
        proc.wait()
