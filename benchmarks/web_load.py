"""Load the web server over loopback: `python benchmarks/web_load.py [--games N --seconds S]`.

Not a test. Starts `warroom serve` on a free loopback port with a fresh SQLite database
(or DATABASE_URL), creates N Classic RISK games (one human seat played by this script
over HTTP and WebSocket, two random bots, one spectator socket each), runs for S seconds
and prints actions applied per second, acknowledgement latency percentiles for the human
moves, and frames delivered. Game count and duration are capped, and it stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import websockets

from warroom.bots import RandomBot
from warroom.core.actions import Action

MAX_GAMES = 200
MAX_SECONDS = 120.0
OPTIONS = {"setup": "deal", "map": "classic-world"}


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    frames: int = 0
    stale: int = 0
    refused: int = 0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(data: Path, port: int) -> subprocess.Popen[bytes]:
    code = "from warroom.cli.main import app; app()"
    cmd = [sys.executable, "-c", code, "serve", "--port", str(port), "--data-dir", str(data)]
    # Every simulated player comes from this one address: lift the per-address rates.
    rates = ["--create-rate", "1000/second", "--action-rate", "100000/second"]
    proc = subprocess.Popen([*cmd, "--bot-delay", "0", *rates], stdout=subprocess.DEVNULL)
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


async def human(base: str, game: str, token: str, stop_at: float, stats: Stats) -> None:
    """Play one seat from its live frames, as a browser would."""
    bot = RandomBot(hash(game) & 0xFFFF)
    known = 0
    ws_url = base.replace("http", "ws") + f"/ws/games/{game}"
    async with (
        httpx.AsyncClient(base_url=base, timeout=30) as http,
        websockets.connect(ws_url, max_size=None) as ws,
    ):
        await ws.send(json.dumps({"token": token}))
        while (left := stop_at - time.time()) > 0:
            try:
                msg = json.loads(await asyncio.wait_for(ws.recv(), timeout=left))
            except TimeoutError:
                return
            stats.frames += 1
            if msg["outcome"]:
                return
            if msg["state"] < known or msg["seat"] not in msg["to_move"] or not msg["legal"]:
                continue
            action = bot.choose(msg["seat"], None, [Action.from_json(a) for a in msg["legal"]])
            t0 = time.perf_counter()
            r = await http.post(
                f"/api/games/{game}/act",
                json={"state": msg["state"], "action": action.to_json()},
                headers={"X-Seat-Token": token},
            )
            stats.latencies.append(time.perf_counter() - t0)
            if r.status_code == 200:
                known = r.json()["state"]
            elif r.status_code == 409:
                stats.stale += 1
            else:
                stats.refused += 1


async def spectator(base: str, game: str, stop_at: float, stats: Stats) -> None:
    ws_url = base.replace("http", "ws") + f"/ws/games/{game}"
    async with websockets.connect(ws_url, max_size=None) as ws:
        await ws.send("{}")
        while (left := stop_at - time.time()) > 0:
            try:
                await asyncio.wait_for(ws.recv(), timeout=left)
            except TimeoutError:
                return
            stats.frames += 1


async def total_moves(http: httpx.AsyncClient, games: list[dict[str, str]]) -> int:
    return sum([(await http.get(f"/api/games/{g['id']}")).json()["state"] for g in games])


async def run(base: str, games: int, seconds: float) -> None:
    seats = [
        {"kind": "human"},
        {"kind": "bot", "tier": "random"},
        {"kind": "bot", "tier": "random"},
    ]
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        created = []
        for _ in range(games):
            body = {"mode": "risk-classic", "seats": seats, "options": OPTIONS}
            created.append((await http.post("/api/games", json=body)).json())
        before = await total_moves(http, created)
        stats = Stats()
        t0 = time.time()
        stop_at = t0 + seconds
        tasks = [human(base, g["id"], g["seats"][0]["token"], stop_at, stats) for g in created]
        tasks += [spectator(base, g["id"], stop_at, stats) for g in created]
        await asyncio.gather(*tasks)
        elapsed = time.time() - t0
        after = await total_moves(http, created)
    lat = sorted(stats.latencies)

    def pct(p: float) -> float:
        return 1000 * lat[min(len(lat) - 1, int(p / 100 * len(lat)))] if lat else float("nan")

    print(f"games: {games} (1 human client + 2 random bots + 1 spectator each), {elapsed:.1f} s")
    print(
        f"actions applied: {after - before} ({(after - before) / elapsed:.0f}/s, bots and humans)"
    )
    print(
        f"human acks: {len(lat)}; latency ms p50 {pct(50):.1f}  p90 {pct(90):.1f}  "
        f"p99 {pct(99):.1f}  max {1000 * lat[-1] if lat else 0:.1f}  "
        f"mean {1000 * statistics.fmean(lat) if lat else 0:.1f}"
    )
    print(f"stale (raced a newer state): {stats.stale}; other refusals: {stats.refused}")
    print(f"websocket frames received: {stats.frames} ({stats.frames / elapsed:.0f}/s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    games = max(1, min(args.games, MAX_GAMES))
    seconds = max(1.0, min(args.seconds, MAX_SECONDS))
    with tempfile.TemporaryDirectory(prefix="warroom-load-") as tmp:
        port = free_port()
        proc = start_server(Path(tmp), port)
        try:
            where = "PostgreSQL" if os.environ.get("DATABASE_URL") else "SQLite"
            print(f"server: 127.0.0.1:{port}, {where}")
            asyncio.run(run(f"http://127.0.0.1:{port}", games, seconds))
        finally:
            proc.terminate()
            proc.wait(timeout=10)


if __name__ == "__main__":
    main()
