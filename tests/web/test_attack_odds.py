"""The % the page shows before an attack is the odds of that attack in the game's own dice
(`/api/games/{id}/odds`), not Classic's whatever the mode: a Dark Elves or Loki sector
defends with d8s, a Vanguard too, and the defender's ships count."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from warroom.games.mass_effect import galaxy_at_war as gw
from warroom.games.mass_effect.gaw_components import REAPER
from warroom.games.risk_classic import RiskState
from warroom.odds import invasion
from warroom.rules.battle import CLASSIC, PRESETS, BattleRule, SideRule
from warroom.web.app import create_app
from warroom.web.hub import Hub

from ..mass_effect.test_gaw_mode import holding, started
from ..mcu.bfm import THOR, ULTRON, Bfm


@pytest.fixture
def client(served_hub: Hub) -> Iterator[TestClient]:
    with TestClient(create_app(served_hub.store.url, hub=served_hub, resume=False)) as c:
        yield c


def _game(client: TestClient, hub: Hub, mode: str, players: int, state: RiskState) -> str:
    """A game of `mode` whose position is `state`."""
    seats = [{"kind": "human"}] * players
    r = client.post("/api/games", json={"mode": mode, "seats": seats, "options": {}})
    assert r.status_code == 201, r.text
    game_id: str = r.json()["id"]
    hub.room(game_id).match.state = state
    return game_id


def _shown(client: TestClient, game_id: str, source: str, target: str) -> float:
    r = client.get(f"/api/games/{game_id}/odds", params={"source": source, "target": target})
    assert r.status_code == 200, r.text
    p: float = r.json()["p_conquest"]
    return p


@pytest.mark.parametrize(
    ("owner", "rule"),
    [
        (lambda players: players + 1, PRESETS["mcu-dark-elves"]),
        (lambda players: players, PRESETS["mcu-shield"]),
        (lambda players: ULTRON, CLASSIC),
    ],
)
def test_bfm_attack_odds_use_the_sector_s_defence(
    client: TestClient, served_hub: Hub, owner: object, rule: BattleRule
) -> None:
    t = Bfm()
    t.turn_of(THOR)
    st = t.state
    target = next(x for x in range(len(st.board)) if x not in st.loki and st.board.neighbors[x])
    source = min(st.board.neighbors[target])
    names = st.board.territories
    t.give(THOR, 8, names[source])
    assert callable(owner)
    t.give(owner(st.players), 4, names[target])
    game_id = _game(client, served_hub, "mcu-battle-for-manhattan", 5, st)
    assert _shown(client, game_id, names[source], names[target]) == pytest.approx(
        invasion(8, 4, rule).p_conquest
    )


def test_gaw_attack_odds_count_the_vanguard_and_the_defender_s_ships(
    client: TestClient, served_hub: Hub
) -> None:
    st = started(3, 3)
    st = holding(st, {"Thessia": (0, 8), "Zorya": (st.faction_of.index(REAPER), 4)}, 0, "attack")
    zorya = st.board.territory("Zorya")
    st.ships = st.ships.placed(9 * REAPER, zorya)  # a Reaper Cruiser
    st.vanguards = st.vanguards.placed(0, zorya)
    game_id = _game(client, served_hub, gw.GAME.id, 3, st)
    rule = BattleRule(defender=SideRule(d8=99, reroll_until=1))
    assert _shown(client, game_id, "Thessia", "Zorya") == pytest.approx(
        invasion(8, 4, rule).p_conquest
    )


def test_attack_odds_refuse_unknown_places_and_modes(client: TestClient, served_hub: Hub) -> None:
    r = client.post("/api/games", json={"mode": "risk-classic", "seats": [{"kind": "human"}] * 3})
    game_id = r.json()["id"]
    bad = client.get(f"/api/games/{game_id}/odds", params={"source": "Atlantis?", "target": "x"})
    assert bad.status_code == 400
    r = client.post("/api/games", json={"mode": "risk-strike", "seats": [{"kind": "human"}] * 2})
    game_id = r.json()["id"]
    none = client.get(f"/api/games/{game_id}/odds", params={"source": "a", "target": "b"})
    assert none.status_code == 404
