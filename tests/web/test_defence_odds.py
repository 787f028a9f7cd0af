"""The defender's choice of dice comes with advice: `/api/games/{id}/odds` asked without an
attack answers, for the battle waiting on its defender, each number of dice it may roll with
the exact outcomes of that one roll in the mode's own dice (a Dark Elves sector's d8s, a
Vanguard's, the defender's ships), and the page shows them beside the defend buttons."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.play import HUMANS3, SHORT
from tests.web.system import browser_page, create_game
from tests.web.test_attack_odds import GAW_ZORYA_DEFENDS, _game, gaw_thessia_on_zorya
from tests.web.test_browser import ARTIFACTS
from warroom.cli.show.risk import loss_words
from warroom.core.game import Game
from warroom.core.match import Match
from warroom.games.mass_effect import galaxy_at_war as gw
from warroom.games.risk_classic import RiskState
from warroom.odds import roll_distribution
from warroom.rules.battle import CLASSIC, PRESETS, BattleRule
from warroom.web.app import create_app
from warroom.web.hub import Hub

from ..mcu.bfm import THOR, Bfm


@pytest.fixture
def client(served_hub: Hub) -> Iterator[TestClient]:
    with TestClient(create_app(served_hub.store.url, hub=served_hub, resume=False)) as c:
        yield c


def attacked(game: Game[Any], state: RiskState, source: str, target: str) -> RiskState:
    """`state` after the current seat's attack from `source` on `target` with the most dice
    and nothing else along (no ships): the defender is asked for its dice."""
    seat = state.current
    attacks = [
        a
        for a in game.legal_actions(state, seat)
        if a.kind == "attack" and a.args[:2] == (source, target)
    ]
    most = max(a.args[2] for a in attacks if isinstance(a.args[2], int))
    plain = min((a for a in attacks if a.args[2] == most), key=lambda a: len(a.args))
    after, _ = game.apply(state, seat, plain)
    assert isinstance(after, RiskState) and after.phase == "defend", after.phase
    return after


def alberta_on_ontario(start: RiskState) -> RiskState:
    """A Classic game's dealt board with seat 0 to attack from Alberta (9 armies) and seat 1
    holding Ontario (5)."""
    st = start.copy()
    for name, owner, armies in (("Alberta", 0, 9), ("Ontario", 1, 5)):
        st.owner[st.board.territory(name)], st.armies[st.board.territory(name)] = owner, armies
    st.reserve, st.phase, st.current, st.pending = [0, 0, 0], "attack", 0, 0
    return st


def expected(rule: BattleRule, attack_dice: int, most: int) -> list[dict[str, Any]]:
    """The answer's `defence`, from the odds module's own roll distribution."""
    return [
        {
            "dice": dice,
            "outcomes": [
                {"attacker_losses": a, "defender_losses": d, "p": float(p)}
                for (a, d), p in roll_distribution(rule, attack_dice, dice).items()
            ],
        }
        for dice in range(1, most + 1)
    ]


def defence(client: TestClient, game_id: str) -> dict[str, Any]:
    r = client.get(f"/api/games/{game_id}/odds")
    assert r.status_code == 200, r.text
    answer: dict[str, Any] = r.json()
    return answer


def test_classic_defence_odds_are_each_choice_s_roll(client: TestClient, served_hub: Hub) -> None:
    """Three dice against one or two: the printed odds of one roll (2 dice: the attacker
    loses 2 in 2275 of 7776 rolls, each loses 1 in 2611, the defender loses 2 in 2890)."""
    match = Match.start("risk-classic", 3, 4, SHORT)
    st = alberta_on_ontario(match.state)
    game_id = _game(client, served_hub, "risk-classic", 3, st)
    assert client.get(f"/api/games/{game_id}/odds").status_code == 409  # no defence asked
    assert client.get(f"/api/games/{game_id}/odds", params={"source": "Alberta"}).status_code == 400
    served_hub.room(game_id).match.state = attacked(match.game, st, "Alberta", "Ontario")
    answer = defence(client, game_id)
    assert answer["attack_dice"] == 3
    assert answer["state"] == served_hub.room(game_id).state_id
    assert answer["defence"] == expected(CLASSIC, 3, 2)
    rolls = answer["defence"][1]["outcomes"]
    two = {(o["attacker_losses"], o["defender_losses"]): o["p"] for o in rolls}
    assert two == {
        (0, 2): float(Fraction(2890, 7776)),
        (1, 1): float(Fraction(2611, 7776)),
        (2, 0): float(Fraction(2275, 7776)),
    }


def test_bfm_defence_odds_roll_the_dark_elves_d8s(client: TestClient, served_hub: Hub) -> None:
    t = Bfm()
    t.turn_of(THOR, phase="attack")
    st = t.state
    target = next(x for x in range(len(st.board)) if x not in st.loki and st.board.neighbors[x])
    source = min(st.board.neighbors[target])
    names = st.board.territories
    t.give(THOR, 8, names[source])
    t.give(st.players + 1, 4, names[target])  # the Dark Elves
    after = attacked(t.game, st, names[source], names[target])
    game_id = _game(client, served_hub, "mcu-battle-for-manhattan", 5, after)
    answer = defence(client, game_id)
    assert answer["defence"] == expected(PRESETS["mcu-dark-elves"], after.attack_dice, 2)
    assert answer["defence"] != expected(CLASSIC, after.attack_dice, 2)


def test_gaw_defence_odds_count_the_vanguard_and_the_defender_s_ships(
    client: TestClient, served_hub: Hub
) -> None:
    after = attacked(gw.GAME, gaw_thessia_on_zorya(), "Thessia", "Zorya")
    game_id = _game(client, served_hub, gw.GAME.id, 3, after)
    assert defence(client, game_id)["defence"] == expected(GAW_ZORYA_DEFENDS, after.attack_dice, 2)


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_the_defender_s_page_shows_each_choice_s_roll(
    server: str, served_hub: Hub, width: int, height: int
) -> None:
    game = create_game(server, "risk-classic", HUMANS3, SHORT)
    match = served_hub.room(game["id"]).match
    match.state = attacked(match.game, alberta_on_ontario(match.state), "Alberta", "Ontario")
    seat, attack_dice = match.to_move()[0], match.state.attack_dice
    with browser_page(server + game["seats"][seat]["link"], width=width, height=height) as (
        page,
        errors,
    ):
        page.wait_for_selector("#odds .defodds", timeout=15_000)
        lines = page.locator("#odds .defodds").all_inner_texts()
        assert len(lines) == 2, lines
        for dice, line in enumerate(lines, 1):
            # Worded as its button ("defend 1:" beside "Defend with 1 die" read as two things).
            assert line.startswith(f"Defend with {dice} {'die' if dice == 1 else 'dice'}:"), line
            for (a, d), p in roll_distribution(CLASSIC, attack_dice, dice).items():
                assert f"{loss_words(a, d)} {100 * float(p):.1f}%" in line, (dice, line)
            shown = sum(float(x.rstrip("%")) for x in line.split() if x.endswith("%"))
            assert shown == pytest.approx(100, abs=0.2), line
        both = page.locator("#odds").bounding_box()
        button = page.locator('#actions button[data-action="defend 2"]').bounding_box()
        assert both is not None and button is not None
        assert both["x"] + both["width"] <= width and button["y"] >= both["y"] + both["height"]
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"defence-odds-{width}.png"))
        assert not errors, errors
