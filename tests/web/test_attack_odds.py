"""The % the page shows before an attack is the odds of that attack in the game's own dice
(`/api/games/{id}/odds`), not Classic's whatever the mode: a Dark Elves or Loki sector
defends with d8s, a Vanguard too, and the defender's ships count."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest
from fastapi.testclient import TestClient

from warroom.games.godstorm.odds import UNSEEN_SKY, invasion_odds
from warroom.games.godstorm.state import SKY, WAR
from warroom.games.mass_effect import galaxy_at_war as gw
from warroom.games.mass_effect.gaw_components import REAPER
from warroom.games.mass_effect.gaw_rules import DREADNOUGHT
from warroom.games.risk_classic import RiskState
from warroom.odds import invasion
from warroom.rules.battle import CLASSIC, PRESETS, BattleRule, SideRule
from warroom.web.app import create_app
from warroom.web.hub import Hub

from ..godstorm.conftest import hold, space
from ..godstorm.test_odds import invading
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


# The dice Zorya defends with below: a Cruiser's d8s and a Vanguard's reroll of 1s.
GAW_ZORYA_DEFENDS = BattleRule(defender=SideRule(d8=99, reroll_until=1))


def gaw_thessia_on_zorya() -> gw.GawState:
    """Galaxy at War's attack step: Thessia (8, seat 0) next to the Reapers' Zorya (4), which
    holds a Reaper Cruiser and the Reaper Vanguard."""
    st = started(3, 3)
    st = holding(st, {"Thessia": (0, 8), "Zorya": (st.faction_of.index(REAPER), 4)}, 0, "attack")
    zorya = st.board.territory("Zorya")
    st.ships = st.ships.placed(9 * REAPER, zorya)  # a Reaper Cruiser
    st.vanguards = st.vanguards.placed(0, zorya)
    return st


def test_gaw_attack_odds_count_the_vanguard_and_the_defender_s_ships(
    client: TestClient, served_hub: Hub
) -> None:
    game_id = _game(client, served_hub, gw.GAME.id, 3, gaw_thessia_on_zorya())
    assert _shown(client, game_id, "Thessia", "Zorya") == pytest.approx(
        invasion(8, 4, GAW_ZORYA_DEFENDS).p_conquest
    )


def test_gaw_attack_odds_with_the_attacker_s_ships_chosen(
    client: TestClient, served_hub: Hub
) -> None:
    """The page's attack panel asks the % with the ships it has chosen (ME63-ME66): Thessia's
    Cruiser and Dreadnought along add their rerolls and d8 to the attacker's dice; more ships
    than Thessia holds, or ships in another mode, are refused."""
    st = gaw_thessia_on_zorya()
    thessia = st.board.territory("Thessia")
    faction = st.faction_of[0]
    cruiser, dreadnought = 9 * faction, 9 * faction + 3 * DREADNOUGHT
    st.ships = st.ships.placed(cruiser, thessia).placed(dreadnought, thessia)
    game_id = _game(client, served_hub, gw.GAME.id, 3, st)
    url = f"/api/games/{game_id}/odds"
    asked = {"source": "Thessia", "target": "Zorya"}
    along = replace(GAW_ZORYA_DEFENDS, attacker=SideRule(d8=1, reroll_until=1))
    for ships, rule in (("0,0,0", GAW_ZORYA_DEFENDS), ("1,0,1", along)):
        got = client.get(url, params=asked | {"ships": ships})
        assert got.status_code == 200, got.text
        assert got.json()["p_conquest"] == pytest.approx(invasion(8, 4, rule).p_conquest)
    # The ships help: the two answers differ as they should.
    assert invasion(8, 4, along).p_conquest > invasion(8, 4, GAW_ZORYA_DEFENDS).p_conquest
    for ships in ("2,0,0", "0,1,0", "1,0", "a,b,c", "-1,0,0", "²,0,0"):
        refused = client.get(url, params=asked | {"ships": ships})
        assert refused.status_code == 400, ships
        assert "error" in refused.json(), ships
    r = client.post("/api/games", json={"mode": "risk-classic", "seats": [{"kind": "human"}] * 3})
    classic = r.json()["id"]
    board = served_hub.room(classic).match.state.board
    source, target = board.territories[0], board.territories[board.neighbors[0][0]]
    params = {"source": source, "target": target, "ships": "0,0,0"}
    refused = client.get(f"/api/games/{classic}/odds", params=params)
    assert refused.status_code == 400 and "no ships" in refused.json()["error"], refused.text


def test_attack_odds_refuse_unknown_places_and_modes(client: TestClient, served_hub: Hub) -> None:
    r = client.post("/api/games", json={"mode": "risk-classic", "seats": [{"kind": "human"}] * 3})
    game_id = r.json()["id"]
    bad = client.get(f"/api/games/{game_id}/odds", params={"source": "Atlantis?", "target": "x"})
    assert bad.status_code == 400
    board = served_hub.room(game_id).match.state.board
    far = next(t for t in range(len(board)) if t != 0 and not board.adjacent(0, t))
    params = {"source": board.territories[0], "target": board.territories[far]}
    apart = client.get(f"/api/games/{game_id}/odds", params=params)  # no attack joins them
    assert apart.status_code == 400 and "does not border" in apart.json()["error"], apart.text
    r = client.post("/api/games", json={"mode": "risk-strike", "seats": [{"kind": "human"}] * 2})
    game_id = r.json()["id"]
    none = client.get(f"/api/games/{game_id}/odds", params={"source": "a", "target": "b"})
    assert none.status_code == 404


def test_godstorm_invasion_odds_count_gods_temple_and_a_sky_card_unknown(
    client: TestClient, served_hub: Hub
) -> None:
    """A Godstorm invasion's % is `invasion_odds` for the gods going along (all the source's
    by default, `gods` to choose), the temple counted; the defender's Sky card in hand is
    named as left out; the invasion is worded with those gods by name, as anyone may read it
    (the page's line); names that make no invasion are refused."""
    state, roma, apulia = invading([])
    state.hands[1] = [next(c for c, card in enumerate(state.parts.cards) if card.deck == "Sky")]
    hold(state, 1, {"Graecia": 1})  # its god of the Sky in play, away from the battle (G63)
    state.gods[1][SKY] = state.parts.earth.territory("Graecia")
    r = client.post("/api/games", json={"mode": "risk-godstorm", "seats": [{"kind": "human"}] * 3})
    game_id = r.json()["id"]
    served_hub.room(game_id).match.state = state
    url = f"/api/games/{game_id}/odds"
    for gods, force in ((None, [WAR]), ("war", [WAR]), ("-", [])):
        params = {"source": "Roma", "target": "Apulia"} | ({"gods": gods} if gods else {})
        got = client.get(url, params=params)
        assert got.status_code == 200, got.text
        expected = invasion_odds(state, 0, roma, apulia, force)
        assert got.json()["p_conquest"] == pytest.approx(expected.p_conquest)
        assert got.json()["unseen"] == UNSEEN_SKY
        ares = f" with {state.parts.gods[0][WAR]} (god of war)" if force else ""
        assert got.json()["words"] == f"Invade Apulia from Roma{ares}"
    for params in (
        {"source": "Roma", "target": "Roma"},
        {"source": "Roma", "target": "Apulia", "gods": "thunder"},
        {"source": "Roma", "target": "Nowhere"},
    ):
        assert client.get(url, params=params).status_code == 400, params


def test_attack_odds_between_one_side_s_own_places_are_a_conflict(
    client: TestClient, served_hub: Hub
) -> None:
    """Two places of one side: no attack could take one from the other. The page asks so only
    when a capture reached the server before its news reached the page, so the answer is 409
    (the board has moved on), not 400: a browser logs every 400 as a bad request."""
    r = client.post("/api/games", json={"mode": "risk-classic", "seats": [{"kind": "human"}] * 3})
    game_id = r.json()["id"]
    room = served_hub.room(game_id)
    board = room.match.state.board
    source, target = 0, board.neighbors[0][0]
    with room.lock:
        room.match.state.owner[source] = room.match.state.owner[target] = 1
    params = {"source": board.territories[source], "target": board.territories[target]}
    got = client.get(f"/api/games/{game_id}/odds", params=params)
    assert got.status_code == 409, got.text
    assert "are both" in got.json()["error"]


def test_a_godstorm_invasion_the_board_has_moved_past_is_a_conflict(
    client: TestClient, served_hub: Hub
) -> None:
    """The page asks an invasion's % from what it last heard; a capture, a god moved or armies
    lost since make it one the board now refuses: 409, a board moved on (a browser logs a 400
    as a bad request). Places no turn of the game lets invade each other stay 400."""
    state, roma, apulia = invading([])
    bone = space(state, 0, "Gate of Bone", 3)
    space(state, 1, "Gate of Horn", 2)
    space(state, 1, "Ashen Field", 1)
    r = client.post("/api/games", json={"mode": "risk-godstorm", "seats": [{"kind": "human"}] * 3})
    game_id = r.json()["id"]
    room = served_hub.room(game_id)
    room.match.state = state
    url = f"/api/games/{game_id}/odds"

    def asked(source: str, target: str, gods: str | None = None) -> tuple[int, str]:
        params = {"source": source, "target": target} | ({"gods": gods} if gods else {})
        got = client.get(url, params=params)
        return got.status_code, got.json().get("error", "")

    assert asked("Roma", "Apulia")[0] == 200
    assert asked("Roma", "Apulia", "sky") == (  # the god of the sky is not in Roma
        409,
        "no invasion from Roma into Apulia: only your gods in the source territory can take part",
    )
    with room.lock:
        state.armies[roma] = 1
    assert asked("Roma", "Apulia") == (
        409,
        "no invasion from Roma into Apulia: the source must hold at least 2 armies",
    )
    with room.lock:
        state.armies[roma], state.owner[apulia] = 8, 0
    assert asked("Roma", "Apulia") == (
        409,
        "no invasion from Roma into Apulia: that territory is yours",
    )
    with room.lock:
        state.space_armies[bone] = 1
    assert asked("Gate of Bone", "Ashen Field")[0] == 400  # no border between them
    assert "flame border" in asked("Gate of Bone", "Gate of Horn")[1]
    assert asked("Gate of Bone", "Gate of Horn")[0] == 400
    assert asked("Roma", "Gaul")[0] == 400  # not bordering
    assert asked("Roma", "Nowhere")[0] == 400


@pytest.mark.parametrize(
    ("mode", "path"),
    [
        ("risk-classic", "odds"),
        ("risk-godstorm", "odds"),
        ("risk-strike", "strike-odds"),
        ("mass-effect-war-assets", "dice-odds"),
    ],
)
def test_odds_asked_about_a_state_the_game_has_left_are_answered_stale(
    client: TestClient, served_hub: Hub, mode: str, path: str
) -> None:
    """A page asks about the state it shows (`state`); a bot's move may land first. That is
    answered "stale" with the state now, a 200, not a refusal the browser logs as an error;
    the same question about the state now is answered (or refused) as before."""
    r = client.post("/api/games", json={"mode": mode, "seats": [{"kind": "human"}] * 2})
    game_id = r.json()["id"]
    room = served_hub.room(game_id)
    url = f"/api/games/{game_id}/{path}"
    before = client.get(url, params={"state": room.state_id})
    with room.lock:
        seat = room.match.to_move()[0]
        room.match.act(seat, room.match.legal(seat)[0])
    now = room.state_id
    got = client.get(url, params={"state": now - 1})
    assert got.status_code == 200, got.text
    assert got.json() == {"stale": f"the game is at state {now}, not {now - 1}", "state": now}
    again = client.get(url, params={"state": now})
    assert again.status_code == before.status_code and "stale" not in again.json()
    bad = client.get(url, params={"state": -1})
    assert bad.status_code == 400 and "state" in bad.json()["error"], bad.text


def test_a_question_the_board_moved_past_is_stale_when_asked_about_the_state_before(
    client: TestClient, served_hub: Hub
) -> None:
    """The capture the page had not heard of: asked with the state it shows, the question that
    is a 409 about the board now ("are both" one side's) is answered stale instead."""
    r = client.post("/api/games", json={"mode": "risk-classic", "seats": [{"kind": "human"}] * 3})
    game_id = r.json()["id"]
    room = served_hub.room(game_id)
    board = room.match.state.board
    source, target = 0, board.neighbors[0][0]
    shown = room.state_id
    with room.lock:
        room.match.state.owner[source] = room.match.state.owner[target] = 1
        room.match.act(room.match.to_move()[0], room.match.legal(room.match.to_move()[0])[0])
    params = {"source": board.territories[source], "target": board.territories[target]}
    url = f"/api/games/{game_id}/odds"
    assert client.get(url, params=params | {"state": room.state_id}).status_code == 409
    got = client.get(url, params=params | {"state": shown})
    assert got.status_code == 200 and got.json()["stale"], got.text
