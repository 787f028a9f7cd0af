"""Served games draw chance nobody can predict: the keyed generator, a 256-bit seed from the
operating system, bots seeded apart from the game, and the seed kept whole in the store."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

import warroom.web.hub as hub_module
from tests.core.test_chance import SEARCHED, seed_search
from tests.web.conftest import FAST
from tests.web.play import HUMANS3
from tests.web.test_api import create, state, step
from warroom.core.match import Match
from warroom.web.app import create_app
from warroom.web.hub import Hub
from warroom.web.store import Store


@pytest.fixture
def os_seeded(db_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Hub, list[int]]]:
    """A hub with the server's own seed source; the list gathers what `secrets` gave out."""
    drawn: list[int] = []
    real = secrets.randbits

    def spy(bits: int) -> int:
        value = real(bits)
        drawn.append(value)
        return value

    monkeypatch.setattr(hub_module.secrets, "randbits", spy)
    hub = Hub(Store(db_url), quotas=FAST)
    yield hub, drawn
    hub.close()
    hub.store.close()


def test_a_served_game_draws_from_the_keyed_generator_with_an_os_seed(
    os_seeded: tuple[Hub, list[int]], db_url: str
) -> None:
    hub, drawn = os_seeded
    with TestClient(create_app(db_url, hub=hub, resume=False)) as client:
        games = [create(client, HUMANS3, setup="deal") for _ in range(3)]
        matches = [hub.room(g["id"]).match for g in games]
        assert {m.generator for m in matches} == {"blake2b"}
        seeds = [m.seed for m in matches]
        assert len(set(seeds)) == 3, "each game has its own seed"
        assert all(seed.bit_length() >= 128 and seed in drawn for seed in seeds)
        for g in games:
            seen = [t["seat"] for t in state(client, g["id"])["view"]["territories"]]
            assert seed_search(seen, "blake2b", SEARCHED) == []
            assert seed_search(seen, "splitmix64", SEARCHED) == []
        # The whole 256-bit seed and the generator survive the store: a fresh server
        # replays the same game (PostgreSQL's 32-bit integer column could not hold it).
        for _ in range(5):
            step(client, games[0])
        fresh = Hub(Store(db_url))
        try:
            reloaded = fresh.room(games[0]["id"]).match
            assert (reloaded.generator, reloaded.seed) == ("blake2b", seeds[0])
            assert reloaded.view(None) == state(client, games[0]["id"])["view"]
        finally:
            fresh.close()
            fresh.store.close()


def test_the_stored_save_names_the_games_generator(
    os_seeded: tuple[Hub, list[int]], db_url: str
) -> None:
    hub, _ = os_seeded
    with TestClient(create_app(db_url, hub=hub, resume=False)) as client:
        g = create(client, HUMANS3, setup="deal", turn_limit=1)
        while state(client, g["id"])["outcome"] is None:
            step(client, g)
        stored = hub.store.load(g["id"])
        assert stored is not None
        save = stored.save()
        assert save["version"] == 2 and save["generator"] == "blake2b"
        downloaded = client.get(f"/api/games/{g['id']}/save").json()
        assert downloaded == save  # a finished game's save, seed included, is offered
        assert Match.from_save(save).view(None) == state(client, g["id"])["view"]


def test_bots_are_not_seeded_from_the_game_seed(
    client: TestClient, hub: Hub, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two games with the same (injected) seed still get bots with unrelated seeds."""
    seeds: list[int] = []
    real = hub_module.make_bot

    def spy(tier: str, mode: str, seed: int = 0) -> Any:
        seeds.append(seed)
        return real(tier, mode, seed)

    monkeypatch.setattr(hub_module, "make_bot", spy)
    bots = [{"kind": "human"}, {"kind": "bot", "tier": "random"}, {"kind": "bot", "tier": "random"}]
    first, second = create(client, bots), create(client, bots)
    room_seeds = [s for s in seeds if s != 0]  # 0: the tier check when a game is created
    assert len(room_seeds) == 4 and len(set(room_seeds)) == 4
    for g in (first, second):
        seed = hub.room(g["id"]).match.seed
        assert not {seed * 7 + 1, seed * 7 + 2} & set(room_seeds)
