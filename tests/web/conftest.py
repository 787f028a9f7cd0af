"""Fixtures: the web app over SQLite and over a local PostgreSQL, with a known seed."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from fastapi.testclient import TestClient

from tests.web.system import Postgres
from warroom.web.app import create_app
from warroom.web.hub import Hub
from warroom.web.quotas import Quotas
from warroom.web.store import Store

SEED = 1_234_567_891  # long enough that finding it in a frame cannot be chance
# The tests play far faster than people: rates no test meets unless it sets its own.
FAST = Quotas(create_rate="1000/second", action_rate="1000/second")
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
