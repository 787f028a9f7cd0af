"""RISK Strike on the web: created and played over the API, and by clicking in Chromium (the
card table, only legal buttons, forced choices taken without a click). Screenshots of the
table are kept in test-artifacts/ for people to look at."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from typing import Any, cast

import pytest
from fastapi.testclient import TestClient

from tests.web.play import play_people
from tests.web.system import chromium_browser, create_game, open_lobby_game, open_page
from tests.web.test_browser import ARTIFACTS, msg, watch_to_the_end
from warroom.bots import make_bot, tiers, tiers_for
from warroom.core.actions import Action
from warroom.core.match import Match
from warroom.core.rng import Rng
from warroom.games.strike.cards import TROOP
from warroom.games.strike.rules import RiskStrike
from warroom.games.strike.state import ACT, AGAIN, DEPLOY, StrikeState
from warroom.odds.strike import strike_battle_exact, strike_odds
from warroom.web.app import create_app
from warroom.web.hub import Hub

MODE = "risk-strike"
TABLE_DRAWN = "G.msg && document.querySelectorAll('#continents .scol').length"
SNAPSHOT = """() => ({
  view: G.msg.view,
  minis: [...document.querySelectorAll('.sclaim')].map(
    (c) => [c.dataset.seat, c.dataset.continent, c.querySelectorAll('.mini').length]),
  coins: [...document.querySelectorAll('#splayers .spanel')].map(
    (p) => p.querySelectorAll('.coin').length),
  panels: [...document.querySelectorAll('#splayers .spanel')].map((p) => p.innerText),
  hand: document.querySelectorAll('#shand .tcard').length,
})"""
VS_BOT = [{"kind": "human"}, {"kind": "bot", "tier": "random"}]
# The attacker's dice in the view's battle, and those drawn in the battle panel.
BATTLE_DICE = """() => [
  G.msg.view.battle ? G.msg.view.battle.dice.attacker.faces.length : 0,
  document.querySelectorAll('#battle .sdie.attacker').length,
]"""


def strike_state(client: TestClient, game: str, token: str | None = None) -> dict[str, Any]:
    headers = {"X-Seat-Token": token} if token else {}
    r = client.get(f"/api/games/{game}", headers=headers)
    assert r.status_code == 200, r.text
    return dict(r.json())


def test_strike_is_offered_with_the_bots_that_play_it(client: TestClient) -> None:
    modes = {m["id"]: m for m in client.get("/api/modes").json()}
    assert modes[MODE]["bot_tiers"] == tiers_for(MODE)
    assert modes[MODE]["min_players"] == 2
    for tier in set(tiers()) - set(tiers_for(MODE)):  # a tier that does not play Strike
        seats = [VS_BOT[0], {"kind": "bot", "tier": tier}]
        r = client.post("/api/games", json={"mode": MODE, "seats": seats})
        assert r.status_code == 400 and "bot tier" in r.json()["error"]


def test_a_strike_game_is_created_and_played_to_an_attack(client: TestClient) -> None:
    """A person against the random bot, over the API: draws, an attack, a deployment; the
    view is the documented card table shape, and the bot takes its own turns."""
    r = client.post("/api/games", json={"mode": MODE, "seats": VS_BOT})
    assert r.status_code == 201, r.text
    g = r.json()
    token = g["seats"][0]["token"]
    assert "token" not in g["seats"][1]
    attacked = deployed = False
    bot_moves = 0
    deadline = time.time() + 30
    while not (attacked and deployed and bot_moves) and time.time() < deadline:
        s = strike_state(client, g["id"], token)
        v = s["view"]
        assert v["mode"] == MODE and len(v["continents"]) == 6 and len(v["seats"]) == 2
        assert v["seats"][1]["hand"] == [] or v["seats"][1]["unseen"] < v["seats"][1]["hand_size"]
        if s["to_move"] != [0]:
            bot_moves += 1
            time.sleep(0.02)
            continue
        legal = s["legal"]
        kinds = {a[0] for a in legal}
        if "attack" in kinds:
            action = next(a for a in legal if a[0] == "attack")
        elif "deploy" in kinds:
            action = max((a for a in legal if a[0] == "deploy"), key=lambda a: a[-1])
        elif "draw" in kinds:
            action = ["draw", "tactics"] if ["draw", "tactics"] in legal else legal[0]
        elif "stop" in kinds:
            action = ["stop"]
        else:
            action = ["pass"] if ["pass"] in legal else legal[0]
        ack = client.post(
            f"/api/games/{g['id']}/act",
            json={"state": s["state"], "action": action},
            headers={"X-Seat-Token": token},
        )
        assert ack.status_code == 200, ack.text
        attacked = attacked or action[0] == "attack"
        deployed = deployed or (attacked and action[0] == "deploy")
        if action[0] == "attack":
            after = strike_state(client, g["id"], token)["view"]
            assert after["battle"]["from"] == action[1] and after["battle"]["to"] == action[3]
    assert attacked and deployed and bot_moves
    texts = [e["text"] for e in strike_state(client, g["id"], token)["log"]]
    assert any("attacks" in t for t in texts) and any("deploys" in t for t in texts)


# -- in a browser ---------------------------------------------------------------------------
def buttons(page: Any) -> list[str]:
    return list(
        page.evaluate(
            "[...document.querySelectorAll('#strikewrap [data-action], #actions [data-action]')]"
            ".map(b => b.dataset.action)"
        )
    )


def check_only_legal(page: Any, m: dict[str, Any]) -> None:
    """Every action button is a legal action, and every legal action but an attack (which
    the picker builds) has one."""
    legal = {" ".join(map(str, a)) for a in m["legal"]}
    shown = set(buttons(page))
    assert shown <= legal | {"undo"}, shown - legal
    assert {t for t in legal if not t.startswith("attack")} <= shown


def click(page: Any, text: str) -> None:
    page.locator(f'#actions button[data-action="{text}"]').first.click(timeout=3000)


def attack_by_picking(page: Any, m: dict[str, Any]) -> list[Any]:
    """The attack with the most attacking cards, chosen in the picker: from, opponent, to."""
    action = pick_attack(page, m)
    page.click(f'#attackpicker button[data-action="{" ".join(action)}"]')
    return action


def pick_attack(page: Any, m: dict[str, Any]) -> list[Any]:
    """The attack with the most attacking cards, picked (not yet declared) in the picker."""
    v = m["view"]
    mine = v["seats"][m["seat"]]["claimed"]
    attacks = [a for a in m["legal"] if a[0] == "attack"]
    action: list[Any] = max(attacks, key=lambda a: (mine.get(a[1], 0), a[1], a[3]))
    page.click(f'#attackpicker button[data-pick="from:{action[1]}"]')
    for label, value in (("against", action[2]), ("to", action[3])):
        pick = page.locator(f'#attackpicker button[data-pick="{label}:{value}"]')
        if "on" not in (pick.get_attribute("class") or ""):  # a single choice is picked already
            pick.click()
    return action


def answer(page: Any, m: dict[str, Any], *, tactics: bool, rally: bool, again: str) -> str:
    """Answer the player's decision by clicking as a person would, and say which kind it
    was: a draw (of tactics where `tactics` and the deck allows), a surrendered card taken,
    an attack picked on the table, the most troops deployed, a Rally played where `rally`,
    `again` ("again" or "stop") after a roll, the first discard, else a pass."""
    kinds = {a[0] for a in m["legal"]}
    if "draw" in kinds:
        pick = tactics and ["draw", "tactics"] in m["legal"]
        click(page, "draw tactics" if pick else "draw continent")
        return "draw"
    if "take" in kinds:
        page.locator("#surrendered button.can").first.click()
        return "take"
    if "attack" in kinds:
        attack_by_picking(page, m)
        return "attack"
    if "deploy" in kinds:
        n = max(a[-1] for a in m["legal"] if a[0] == "deploy" and len(a) == 2)
        click(page, f"deploy {n}")
        return "deploy"
    if rally and "rally" in kinds and "rally" in m["view"]["seats"][m["seat"]]["hand"]:
        page.locator('#shand .tcard.playable[data-card="rally"]').first.click()
        return "rally"
    if "again" in kinds:
        click(page, again)
        return "again"
    if "discard" in kinds:
        click(page, " ".join(map(str, m["legal"][0])))
        return "discard"
    click(page, "pass")
    return "pass"


def test_strike_card_table_in_a_browser(server: str) -> None:
    """A person against the random bot: draws by clicking, an attack declared in the picker,
    a deployment, the rolls; only legal buttons; forced passes go by themselves, but not those
    forced only by what the hand holds (the page would tell the table)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    with chromium_browser() as browser:
        errors: list[str] = []
        page = open_page(browser, errors=errors)
        open_lobby_game(page, server, MODE)
        page.wait_for_function(TABLE_DRAWN)
        assert page.locator("#continents .scol").count() == 6
        assert page.locator("#boardwrap").is_hidden() and page.locator("#generic").is_hidden()
        drew = attacked = deployed = rolled = again = held = False
        shot = False
        forced = 0
        deadline = time.time() + 90
        while not (drew and attacked and deployed and rolled and (forced or held)) and (
            time.time() < deadline
        ):
            m = msg(page)
            v = m["view"]
            if m["outcome"]:
                break
            if not shot:
                # The attacker's dice as the view has them, read with it: by the time a wait
                # for them began, the bot might have ended the battle.
                faces, drawn = page.evaluate(BATTLE_DICE)
                if faces:
                    assert drawn == faces
                    ARTIFACTS.mkdir(exist_ok=True)
                    page.screenshot(path=str(ARTIFACTS / "strike-battle.png"))
                    shot = True
            if m["seat"] not in m["to_move"] or not m["legal"]:
                time.sleep(0.03)
                continue
            if m["forced"] and not m["can_undo"]:
                # A choice every seat can tell is forced: the page sends it by itself.
                forced += 1
                page.wait_for_function(f"G.msg.state > {m['state']}", timeout=15_000)
                continue
            if len(m["legal"]) == 1 and not m["can_undo"] and not held:
                # Forced only by what the hand holds: sent at once, its speed would tell the
                # bot's side so. The page waits for the player (a second past its 0.45 s).
                time.sleep(1)
                assert msg(page)["state"] == m["state"], "the page sent a hand's forced pass"
                held = True
            try:
                check_only_legal(page, m)
                kind = answer(page, m, tactics=True, rally=True, again="stop" if again else "again")
                drew = drew or kind == "draw"
                attacked = attacked or kind == "attack"
                if kind == "deploy":
                    deployed = deployed or (attacked and v["battle"]["attacker"] == m["seat"])
                again = again or kind == "again"
                page.wait_for_function(f"G.msg.state > {m['state']}", timeout=5000)
            except PlaywrightTimeout:
                continue  # the bot moved first: look again
            if v["battle"] and v["battle"]["attacker"] == m["seat"] and v["phase"] == "window":
                rolled = rolled or bool(v["battle"]["dice"]["attacker"]["faces"])
            rolled = rolled or (attacked and any(a[0] == "again" for a in m["legal"]))
        assert drew and attacked and deployed and rolled, (drew, attacked, deployed, rolled)
        page.wait_for_function("G.msg.view.battle === null || G.msg.to_move.length")
        # The table shows every seat's claimed cards, coins and hand size as the view has
        # them (read together: the bot may move at any moment, and a state is drawn at once).
        snap = page.evaluate(SNAPSHOT)
        v = snap["view"]
        minis = {(seat, cid): n for seat, cid, n in snap["minis"]}
        for seat, s in enumerate(v["seats"]):
            for cid, n in s["claimed"].items():
                assert minis[(str(seat), cid)] == min(n, 12)
            assert snap["coins"][seat] == len(s["coins"])
            assert f"{s['hand_size']} in hand" in snap["panels"][seat]
        assert snap["hand"] == len(v["seats"][0]["hand"])
        log = page.evaluate("[...document.querySelectorAll('#log div')].map(e => e.textContent)")
        assert any(" attacks " in t for t in log)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "strike.png"), full_page=True)
        assert forced or held, "some choice should have been forced (a pass with no card to play)"
        # A spectator sees the table and no hand, and is offered nothing.
        game = page.url.split("/game/")[1].split("#")[0]
        watcher = open_page(browser, f"{server}/game/{game}", errors=errors)
        watcher.wait_for_function(TABLE_DRAWN)
        assert watcher.locator("#shand").count() == 0
        assert not buttons(watcher)
        assert errors == []


def test_let_every_window_pass_sends_each_pass_by_itself_whatever_the_hand(server: str) -> None:
    """The standing choice "let every window pass": ticked, every window and chain that waits
    on the player is passed by the page, with a card to play in hand too (a pass sent only
    when nothing could be played would tell the table what the hand holds); the player's
    other decisions still wait for a click."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    with chromium_browser() as browser:
        errors: list[str] = []
        page = open_page(browser, errors=errors)
        open_lobby_game(page, server, MODE)
        page.wait_for_function(TABLE_DRAWN)
        page.locator("#standing-windows").check()
        passed = with_choices = waited = 0
        deadline = time.time() + 90
        while (passed < 3 or not with_choices or not waited) and time.time() < deadline:
            m = msg(page)
            v = m["view"]
            if m["outcome"]:
                break
            if m["seat"] not in m["to_move"] or not m["legal"]:
                time.sleep(0.03)
                continue
            chain = v["chain"]
            waits = (v["window"] and v["window"]["priority"] == m["seat"]) or (
                chain and chain["priority"] == m["seat"]
            )
            if waits and ["pass"] in m["legal"]:
                page.wait_for_function(f"G.msg.state > {m['state']}", timeout=15_000)
                passed += 1
                with_choices += len(m["legal"]) > 1
                continue
            if not (m["forced"] and not m["can_undo"]) and not waited:
                time.sleep(1)  # past the standing choice's 0.3 s: nothing goes by itself
                assert msg(page)["state"] == m["state"], "the page acted outside a window"
                waited += 1
            try:
                if m["forced"] and not m["can_undo"]:
                    page.wait_for_function(f"G.msg.state > {m['state']}", timeout=5000)
                    continue
                answer(page, m, tactics=False, rally=False, again="stop")
                page.wait_for_function(f"G.msg.state > {m['state']}", timeout=5000)
            except PlaywrightTimeout:
                continue  # the bot moved first: look again
        assert passed >= 3 and with_choices and waited, (passed, with_choices, waited)
        assert errors == []


def test_a_finished_strike_game_shows_no_turn_and_no_controls(server: str, served_hub: Hub) -> None:
    """Two people in a two-turn game (`turn_limit`), played to its end through the server
    while the first seat's page watches: during play a panel says whose turn it is; once the
    outcome is in, none does and nothing would act, and the result, its download and the log
    stay."""
    watch_to_the_end(
        server,
        served_hub,
        MODE,
        TABLE_DRAWN,
        "#splayers .turn",
        "strike-over.png",
        {"turn_limit": 2},
    )


# -- the odds a deciding seat is shown (/strike-odds) ----------------------------------------
@pytest.fixture
def served(served_hub: Hub) -> Iterator[TestClient]:
    """The API over `served_hub`, whose rooms a test may set to a position of its own."""
    with TestClient(create_app(served_hub.store.url, hub=served_hub, resume=False)) as c:
        yield c


def strike_at(players: int, seed: int, reached: Callable[[StrikeState], bool]) -> StrikeState:
    """A RISK Strike game played by random bots until `reached` holds."""
    match = Match.start(MODE, players, seed)
    bots = [make_bot("random", MODE, s) for s in range(players)]
    for _ in range(5000):
        if reached(match.state):
            return cast(StrikeState, match.state)
        seat = match.to_move()[0]
        match.act(seat, bots[seat].choose(seat, match.observe(seat), match.legal(seat)))
    raise AssertionError("the game never got there")


def helper_deploying(st: StrikeState) -> bool:
    """A deployment due from a seat fighting on neither side, after troops on both."""
    return (
        st.phase == DEPLOY
        and st.chain is None
        and st.deploy_queue[0] not in (st.current, st.defender)
        and all(sum(side) for side in st.troops)
    )


def strike_game(client: TestClient, hub: Hub, state: StrikeState) -> str:
    """A game of people whose position is `state`."""
    seats = [{"kind": "human"}] * state.players
    r = client.post("/api/games", json={"mode": MODE, "seats": seats})
    assert r.status_code == 201, r.text
    game_id: str = r.json()["id"]
    hub.room(game_id).match.state = state
    return game_id


def odds_of(client: TestClient, game_id: str, **params: str) -> dict[str, Any]:
    r = client.get(f"/api/games/{game_id}/strike-odds", params=params)
    assert r.status_code == 200, r.text
    return dict(r.json())


def test_an_attack_s_odds_are_the_battle_s_before_troops(
    served: TestClient, served_hub: Hub
) -> None:
    """Each attack the active player may declare: the chance and expected card losses of
    that battle with no troops yet, as `warroom.odds.strike` has them."""
    st = strike_at(3, 7, lambda s: s.phase == ACT and s.chain is None and s.turn > 3)
    game_id = strike_game(served, served_hub, st)
    attacks = [a for a in served_hub.room(game_id).match.legal(st.current) if a.kind == "attack"]
    assert attacks
    ids = st.cards.continent_ids
    for attack in attacks:
        source, defender, target = (str(x) for x in attack.args)
        o = odds_of(served, game_id, source=source, defender=defender, target=target)
        cards = (
            st.claimed[st.current][ids.index(source)],
            st.claimed[int(defender[1:]) - 1][ids.index(target)],
        )
        exact = strike_battle_exact(cards[0], 0, cards[1], 0)
        assert (o["attacking_cards"], o["defending_cards"]) == cards
        assert o["attacking_troops"] == o["defending_troops"] == 0 and not o["under_way"]
        assert o["p_conquest"] == pytest.approx(float(exact.p_conquest))
        assert o["expected_attacker_losses"] == pytest.approx(
            float(exact.expected_cards_surrendered)
        )
        assert o["expected_defender_losses"] == pytest.approx(float(exact.expected_cards_won))
        assert o["deployment"] is None


def test_the_battle_under_way_and_each_troop_a_helper_may_add(
    served: TestClient, served_hub: Hub
) -> None:
    """During a battle: its odds from the cards and troops in it now, and for the seat due to
    deploy, each count of troops it might add to each side (up to its hand's size)."""
    st = strike_at(4, 3, helper_deploying)
    game_id = strike_game(served, served_hub, st)
    o = odds_of(served, game_id)
    a_cards, d_cards = st.active_attacking(), st.claimed[st.defender][st.attack_to]
    a_troops, d_troops = sum(st.troops[0]), sum(st.troops[1])
    assert (o["attacker"], o["defender"], o["under_way"]) == (st.current, st.defender, True)
    assert o["p_conquest"] == strike_odds(a_cards, a_troops, d_cards, d_troops).p_conquest
    helper = st.deploy_queue[0]
    table = o["deployment"]
    assert table["seat"] == helper and set(table["sides"]) == {"attacker", "defender"}
    for n in range(len(st.hands[helper]) + 1):
        more_attackers = strike_odds(a_cards, a_troops + n, d_cards, d_troops)
        more_defenders = strike_odds(a_cards, a_troops, d_cards, d_troops + n)
        assert table["sides"]["attacker"][n]["p_conquest"] == more_attackers.p_conquest
        assert table["sides"]["defender"][n]["p_conquest"] == more_defenders.p_conquest
        assert table["sides"]["attacker"][n]["expected_defender_losses"] == pytest.approx(
            more_attackers.expected_cards_won
        )
    assert len(table["sides"]["attacker"]) == len(st.hands[helper]) + 1


def test_no_hidden_card_changes_the_odds(served: TestClient, served_hub: Hub) -> None:
    """Hands and decks redrawn (as every seat's determinization may have them): the answer
    is the same, for a declaration and for a deployment, so it says nothing about them."""
    game = RiskStrike()
    for st in (
        strike_at(3, 7, lambda s: s.phase == ACT and s.chain is None and s.turn > 3),
        strike_at(4, 3, helper_deploying),
    ):
        game_id = strike_game(served, served_hub, st)
        room = served_hub.room(game_id)
        attack = next((a for a in room.match.legal(st.current) if a.kind == "attack"), None)
        params = {}
        if attack is not None:
            params = dict(zip(("source", "defender", "target"), map(str, attack.args), strict=True))
        first = odds_of(served, game_id, **params)
        rng = Rng(11)
        for round_ in range(4):
            redrawn = st
            for seat in range(st.players):
                redrawn = game.resample_hidden(redrawn, seat, rng)
            assert redrawn.hands != st.hands or round_, "nothing was redrawn"
            room.match.state = redrawn
            assert odds_of(served, game_id, **params) == first


def test_strike_odds_refuse_what_they_cannot_answer(served: TestClient, served_hub: Hub) -> None:
    """Bad names 400, an attack the rules allow no 422, the wrong moment 409, another mode
    404: each with an error that says why."""
    st = strike_at(3, 7, lambda s: s.phase == ACT and s.chain is None and s.turn > 3)
    game_id = strike_game(served, served_hub, st)
    url = f"/api/games/{game_id}/strike-odds"
    me = st.current
    other = next(p for p in range(3) if p != me)
    mine = next(c for c, n in enumerate(st.claimed[me]) if n)
    far = next((c for c in range(6) if c not in st.cards.reachable(mine)), None)
    ids = st.cards.continent_ids
    cases = [
        ({"source": "atlantis", "defender": "p2", "target": "asia"}, 400, "no continent"),
        ({"source": "asia", "defender": "p9", "target": "asia"}, 400, "no player"),
        ({"source": "asia"}, 400, "together"),
        ({"source": ids[mine], "defender": f"p{me + 1}", "target": ids[mine]}, 422, "cannot be"),
        ({}, 409, "no battle is under way"),
    ]
    if far is not None:
        target = {"source": ids[mine], "defender": f"p{other + 1}", "target": ids[far]}
        cases.append((target, 422, "cannot attack"))
    for params, status, words in cases:
        r = served.get(url, params=params)
        assert r.status_code == status and words in r.json()["error"], (params, r.text)
    battle = strike_game(served, served_hub, strike_at(4, 3, helper_deploying))
    r = served.get(f"/api/games/{battle}/strike-odds", params=cases[0][0] | {"source": "asia"})
    assert r.status_code == 409 and "battle is under way" in r.json()["error"]
    r = served.post("/api/games", json={"mode": "risk-classic", "seats": [{"kind": "human"}] * 3})
    classic = served.get(f"/api/games/{r.json()['id']}/strike-odds")
    assert classic.status_code == 404 and "error" in classic.json()
    # The territory modes' /odds asked of a Strike game points to where its battles are asked.
    wrong = served.get(f"/api/games/{game_id}/odds", params={"source": "asia", "target": "asia"})
    assert wrong.status_code == 404 and "/strike-odds" in wrong.json()["error"], wrong.text


def driving(match: Match, seat: int) -> Action:
    """Draw tactics (Troops to deploy), attack from the most cards, deploy every Troop as a
    principal, roll again, else pass: a game quick to reach each decision with odds."""
    legal = list(match.legal(seat))
    kinds = {a.kind for a in legal}
    if "attack" in kinds:
        mine = match.view(seat)["seats"][seat]["claimed"]
        return max((a for a in legal if a.kind == "attack"), key=lambda a: mine[str(a.args[0])])
    if "deploy" in kinds:
        return max(
            (a for a in legal if a.kind == "deploy"), key=lambda a: (len(a.args) == 1, a.args)
        )
    for kind in ("again", "discard"):
        if kind in kinds:
            return next(a for a in legal if a.kind == kind)
    for wanted in (Action("draw", ("tactics",)), Action("pass")):
        if wanted in legal:
            return wanted
    return legal[0]


def deciding(hub: Hub, game: str, phase: str, troops: bool = False) -> Callable[[], bool]:
    """True once the first seat alone decides in `phase`, no card in play (and where
    `troops`, holding a Troop card to deploy)."""

    def reached() -> bool:
        room = hub.room(game)
        with room.lock:
            st = room.match.state
            alone = room.match.to_move() == (0,) and st.chain is None and not st.gains
            return bool(st.phase == phase and alone and (not troops or TROOP in st.hands[0]))

    return reached


# The odds line and the state it was drawn for, read together.
ODDS_SHOWN = "() => ({ text: document.getElementById('odds').textContent, m: G.msg })"


def shown_odds(page: Any, hub: Hub, game: str) -> tuple[str, dict[str, Any]]:
    """The page's odds line once it has drawn the room's state, with that state."""
    state = hub.room(game).state_id
    page.wait_for_function(f"G.msg && G.msg.state === {state} && $('odds').textContent !== ''")
    snap = page.evaluate(ODDS_SHOWN)
    assert snap["m"]["state"] == state
    return str(snap["text"]), dict(snap["m"])


def percent(p: float) -> str:
    return f"{math.floor(100 * p + 0.5)}%"


def test_the_page_shows_the_odds_where_the_seat_decides(server: str, served_hub: Hub) -> None:
    """Two people, the first on its page: an attack picked shows that battle's chance before
    troops; the attacker's deployment (the first where it holds a Troop) the chance with each
    count it may deploy; a roll again the chance from the cards and troops left. Each equals
    `warroom.odds.strike`'s for the counts in the view the line was drawn with."""
    g = create_game(server, MODE, [{"kind": "human"}, {"kind": "human"}])
    game = g["id"]
    tokens = {seat: s["token"] for seat, s in enumerate(g["seats"])}

    def attacking(seat: int) -> bool:
        room = served_hub.room(game)
        with room.lock:
            return bool(room.match.state.current == seat)

    with chromium_browser() as browser:
        errors: list[str] = []
        page = open_page(browser, server + g["seats"][0]["link"], errors=errors)
        page.wait_for_function(TABLE_DRAWN)
        play_people(served_hub, game, tokens, driving, deciding(served_hub, game, ACT))
        page.wait_for_function(f"G.msg.state === {served_hub.room(game).state_id}")
        assert page.locator("#odds").inner_text() == ""  # nothing picked, nothing shown
        action = pick_attack(page, msg(page))
        text, m = shown_odds(page, served_hub, game)
        seats = m["view"]["seats"]
        a, d = seats[0]["claimed"][action[1]], seats[1]["claimed"][action[3]]
        o = strike_odds(a, 0, d, 0)
        assert text == (
            f"{percent(o.p_conquest)} to win this battle, before troops; expected cards lost: "
            f"you {o.expected_cards_surrendered:.1f}, them {o.expected_cards_won:.1f}"
        )
        page.click(f'#attackpicker button[data-action="{" ".join(action)}"]')
        deploying = deciding(served_hub, game, DEPLOY, troops=True)
        play_people(served_hub, game, tokens, driving, lambda: deploying() and attacking(0))
        text, m = shown_odds(page, served_hub, game)
        battle = m["view"]["battle"]
        counts = sorted(x[1] for x in m["legal"] if x[0] == "deploy")
        assert len(counts) > 1
        a, d = battle["attacking_cards"], battle["defending_cards"]
        row = ", ".join(f"{n} → {percent(strike_odds(a, n, d, 0).p_conquest)}" for n in counts)
        assert text == f"To win this battle, by troops you deploy: {row} (before the others deploy)"
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "strike-odds.png"))
        click(page, f"deploy {counts[-1]}")
        play_people(served_hub, game, tokens, driving, deciding(served_hub, game, AGAIN))
        text, m = shown_odds(page, served_hub, game)
        battle = m["view"]["battle"]
        troops = battle["troops"]
        o = strike_odds(
            battle["attacking_cards"],
            sum(troops["attacker"].values()),
            battle["defending_cards"],
            sum(troops["defender"].values()),
        )
        assert text == (
            f"Rolling on to the end: {percent(o.p_conquest)} to win this battle; expected "
            f"cards lost: you {o.expected_cards_surrendered:.1f}, them "
            f"{o.expected_cards_won:.1f} from here"
        )
        assert errors == []


def _changed_roll(match: Match) -> dict[str, Any] | None:
    """The latest dice of the log when they are a roll's resolution whose dice Rally or
    Bombard changed (the event's public data), else None."""
    dice = [e.for_seat(None) for e in match.log if e.kind in ("roll", "resolve")]
    if len(dice) < 2 or dice[-1]["kind"] != "resolve" or dice[-2]["kind"] != "roll":
        return None
    rolled = [sorted(dice[-2][side], reverse=True) for side in ("attack", "defend")]
    return dice[-1] if rolled != [dice[-1]["attack"], dice[-1]["defend"]] else None


def test_the_dice_card_shows_the_dice_as_resolved_after_rally_or_bombard(
    server: str, served_hub: Hub
) -> None:
    """A Rally or a Bombard changes dice after the roll: the dice card still showed the roll
    ('defend 2 2') beside the battle's 'Attacker 10 against defender 6-2'. It shows the dice
    the battle was resolved with, and that line."""
    game = create_game(server, MODE, [{"kind": "human"}] * 3)
    tokens = {s["seat"]: s["token"] for s in game["seats"]}
    room = served_hub.room(game["id"])

    def choose(match: Match, seat: int) -> Action:
        legal = list(match.legal(seat))
        for kind in ("rally", "bombard"):
            if any(a.kind == kind for a in legal):
                return next(a for a in legal if a.kind == kind)
        return driving(match, seat)

    def changed() -> bool:
        with room.lock:
            return _changed_roll(room.match) is not None

    play_people(served_hub, game["id"], tokens, choose, changed, timeout=120)
    resolved = _changed_roll(room.match)
    assert resolved is not None
    with chromium_browser() as browser:
        page = open_page(browser, server + game["seats"][0]["link"])
        page.wait_for_function("G.msg && G.lastBattle")
        dice = page.locator("#dice")
        shown = [
            page.locator("#dice .die.att").evaluate_all("ds => ds.map(d => d.title)"),
            page.locator("#dice .die.def").evaluate_all("ds => ds.map(d => d.title)"),
        ]
        assert shown == [list(map(str, resolved["attack"])), list(map(str, resolved["defend"]))]
        assert resolved["text"] in dice.inner_text()


def test_the_last_roll_says_the_dice_once_then_the_losses(server: str, served_hub: Hub) -> None:
    """With no battle on the table the page says how the last roll went: the roll's line
    (its dice) and then the resolution's (the losses), since the resolution no longer repeats
    dice no card changed. People hold every seat, so the table waits while the page is read."""
    game = create_game(server, MODE, [{"kind": "human"}] * 3)
    tokens = {s["seat"]: s["token"] for s in game["seats"]}
    room = served_hub.room(game["id"])

    def battle_over() -> bool:
        with room.lock:
            kinds = [e.kind for e in room.match.log]
            return "resolve" in kinds and room.match.view(None)["battle"] is None

    play_people(served_hub, game["id"], tokens, driving, battle_over, timeout=120)
    log = [e.for_seat(None) for e in room.match.log]
    last = max(i for i, e in enumerate(log) if e["kind"] == "resolve")
    roll = next(e for e in reversed(log[:last]) if e["kind"] == "roll")
    with chromium_browser() as browser:
        page = open_page(browser, server + game["seats"][0]["link"])
        page.wait_for_function(TABLE_DRAWN)
        said = page.locator(".sbattle.quiet").inner_text()
        assert said == f"No battle now. Last roll: {roll['text']}. {log[last]['text']}"
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "strike-last-roll.png"))


def test_a_battle_that_ended_the_game_is_shown_as_the_last(server: str, served_hub: Hub) -> None:
    """A game won inside a battle (a coin) kept "Battle: ... attacks ..." on the table, as if
    it went on: it is shown as the last battle, the game over."""

    def ended_in_battle(seed: int) -> StrikeState | None:
        match = Match.start(MODE, 2, seed)
        bots = [make_bot("random", MODE, s) for s in range(2)]
        while match.outcome() is None:
            seat = match.to_move()[0]
            match.act(seat, bots[seat].choose(seat, match.observe(seat), match.legal(seat)))
        state = cast(StrikeState, match.state)
        return state if state.in_battle else None

    final = next(st for st in map(ended_in_battle, range(1, 40)) if st is not None)
    g = create_game(server, MODE, [{"kind": "human"}, {"kind": "human"}])
    served_hub.room(g["id"]).match.state = final
    with chromium_browser() as browser:
        errors: list[str] = []
        page = open_page(browser, server + g["seats"][0]["link"], errors=errors)
        page.wait_for_selector("#battle .sbhead")
        head = page.locator("#battle .sbhead").inner_text()
        assert head.startswith("The last battle (the game is over): "), head
        assert not errors, errors
