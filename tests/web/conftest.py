"""Fixtures: the web app over SQLite and over a local PostgreSQL, with a known seed."""

from __future__ import annotations

import itertools
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
import uvicorn
from fastapi.testclient import TestClient

from tests.web.system import Postgres
from warroom.web.app import create_app
from warroom.web.hub import Hub
from warroom.web.quotas import Quotas
from warroom.web.store import Store

SEED = 1_234_567_891  # long enough that finding it in a frame cannot be chance
# The tests play far faster than people: rates no test meets unless it sets its own.
FAST = Quotas(
    create_rate="1000/second",
    action_rate="1000/second",
    read_rate="1000/second",
    claim_rate="1000/second",
    list_rate="1000/second",
)
_names = itertools.count()


@pytest.fixture(scope="session")
def postgres() -> Iterator[str]:
    pg = Postgres()
    url = pg.start()
    yield url
    pg.stop()


@pytest.fixture(params=["sqlite", "postgres"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'warroom.db'}"
    base: str = request.getfixturevalue("postgres")
    name = f"t{next(_names)}"
    plain = base.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return base.rsplit("/", 1)[0] + "/" + name


@pytest.fixture
def hub(db_url: str) -> Iterator[Hub]:
    h = Hub(Store(db_url), seed_source=lambda: SEED, quotas=FAST)
    yield h
    h.close()
    h.store.close()


@pytest.fixture
def client(hub: Hub, db_url: str) -> Iterator[TestClient]:
    app = create_app(db_url, hub=hub, resume=False)
    with TestClient(app) as c:
        yield c


# A real server on a loopback port, for the browser tests (test_browser.py, test_strike.py),
# with the default quotas but for reads: some tests' scripts poll a game's state over HTTP
# far faster than its page does.
@pytest.fixture
def served_hub(tmp_path: Path) -> Hub:
    url = f"sqlite:///{tmp_path / 'warroom.db'}"
    quotas = Quotas(read_rate="1000/second")
    return Hub(Store(url), bot_delay=0.05, seed_source=lambda: 20240601, quotas=quotas)


@pytest.fixture
def server(served_hub: Hub) -> Iterator[str]:
    # The socket is bound here and handed to uvicorn: a port found free and bound only later
    # may be taken in between (another test's server, a client's connection), and then the
    # server never starts.
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    app = create_app(served_hub.store.url, hub=served_hub)
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error"))
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.time() + 60
    while not srv.started and thread.is_alive() and time.time() < deadline:
        time.sleep(0.05)
    assert srv.started, "the test server did not start"
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=10)
    sock.close()
