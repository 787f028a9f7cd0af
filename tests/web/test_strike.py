"""RISK Strike on the web: created and played over the API, and by clicking in Chromium (the
card table, only legal buttons, forced choices taken without a click). Screenshots of the
table are kept in test-artifacts/ for people to look at."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

from tests.web.system import chromium_browser, open_lobby_game, open_page
from tests.web.test_browser import ARTIFACTS, msg, watch_to_the_end
from warroom.bots import tiers, tiers_for
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
    v = m["view"]
    mine = v["seats"][m["seat"]]["claimed"]
    attacks = [a for a in m["legal"] if a[0] == "attack"]
    action: list[Any] = max(attacks, key=lambda a: (mine.get(a[1], 0), a[1], a[3]))
    page.click(f'#attackpicker button[data-pick="from:{action[1]}"]')
    for label, value in (("against", action[2]), ("to", action[3])):
        pick = page.locator(f'#attackpicker button[data-pick="{label}:{value}"]')
        if "on" not in (pick.get_attribute("class") or ""):  # a single choice is picked already
            pick.click()
    page.click(f'#attackpicker button[data-action="{" ".join(action)}"]')
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


def test_a_surrendered_card_is_offered_in_plain_words(server: str) -> None:
    """Taking from the surrendered row names the continent with no article to get wrong
    ("Take a Asia card")."""
    with chromium_browser() as browser:
        page = open_page(browser)
        open_lobby_game(page, server, MODE)
        page.wait_for_function(TABLE_DRAWN)
        labels = page.evaluate("['asia', 'europe'].map((c) => strikeLabel(['take', c]))")
        assert labels == [
            "Take one Asia card from the surrendered row",
            "Take one Europe card from the surrendered row",
        ]
