"""Schemathesis sends every operation of the HTTP API (read from its own OpenAPI schema)
generated requests, valid and not: none may make a server error, and every refusal is the
documented `{"error": ...}` with a 4xx status. The games named are real ones of four modes
(a random id is only a 404), and a seat's real token goes with half the requests."""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings, strategies

from tests.web.conftest import FAST
from warroom.web.app import create_app
from warroom.web.hub import Hub
from warroom.web.store import Store

# A game of each kind of odds and table the API serves: Classic's map and attack odds,
# Godstorm's invasions, Strike's battles, a dice game's rows.
MODES = ("risk-classic", "risk-godstorm", "risk-strike", "mass-effect-war-assets")
SEATS = [{"kind": "human"}, {"kind": "open"}, {"kind": "bot", "tier": "random"}]


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, dict[str, Any]]]:
    """The app over SQLite with one game of each of `MODES`: its id and seat 0's token."""
    url = f"sqlite:///{Path(tmp_path_factory.mktemp('fuzz')) / 'warroom.db'}"
    hub = Hub(Store(url), seed_source=lambda: 97, quotas=FAST)
    app = create_app(url, hub=hub, resume=False)
    with TestClient(app) as client:
        games = {}
        for mode in MODES:
            made = client.post("/api/games", json={"mode": mode, "seats": SEATS}).json()
            games[mode] = (made["id"], made["seats"][0]["token"])
        yield app, games
    hub.close()
    hub.store.close()


@pytest.fixture(scope="module")
def cases(served: tuple[Any, dict[str, Any]]) -> Any:
    """Requests to every operation, drawn from the app's own OpenAPI schema. (Schemathesis's
    pytest plugin, `from_fixture`, fails on pytest 9's nodes; its strategy does not.)"""
    return schemathesis.openapi.from_asgi("/openapi.json", served[0]).as_strategy()


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=strategies.data())
def test_no_request_makes_a_server_error(
    data: strategies.DataObject, cases: Any, served: tuple[Any, dict[str, Any]]
) -> None:
    case = data.draw(cases)
    _, games = served
    # One game and whether the real token goes along, chosen from the case itself, so that
    # a failing example shrinks and replays to the same request.
    pick = zlib.crc32(repr((case.query, case.body, case.headers)).encode())
    game_id, token = games[MODES[pick % len(MODES)]]
    if case.path_parameters and "game_id" in case.path_parameters:
        case.path_parameters["game_id"] = game_id
    if pick // len(MODES) % 2:
        case.headers = {**(case.headers or {}), "X-Seat-Token": token}
    response = case.call()
    assert response.status_code < 500, (case.method, case.formatted_path, response.text)
    if response.status_code >= 400:
        kind = response.headers.get("content-type", [""])[0]  # each header's values
        assert kind.startswith("application/json"), (kind, response.text)
        body = response.json()
        assert isinstance(body, dict) and isinstance(body.get("error"), str), body
