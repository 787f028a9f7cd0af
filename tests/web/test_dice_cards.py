"""The dice games on the web (Mass Effect War Assets, MCU Guardians of the Galaxy): created and
played over the API, and by clicking in Chromium (dice in the tray, then a row; only legal
buttons; the tray drawn as the view has the dice; forced choices taken without a click).
Screenshots of each table mid-attempt are kept in test-artifacts/ for people to look at."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from tests.dice.test_guardians import knowhere_reroll_at_a_miss
from tests.web.system import (
    browser_page,
    chromium_browser,
    create_game,
    open_lobby_game,
    open_page,
)
from tests.web.test_browser import ARTIFACTS, watch_to_the_end
from warroom.bots import tiers_for
from warroom.core import Action
from warroom.games.dice_cards.rules import DiceCardsGame
from warroom.odds.dice_match import completion_float
from warroom.web.hub import Hub

MODES = ["mass-effect-war-assets", "mcu-guardians"]
VS_BOT = [{"kind": "human"}, {"kind": "bot", "tier": "random"}]
TABLE_DRAWN = "G.msg && document.querySelectorAll('#cards .dcard').length"
# The view and what the page drew from it, read in one go (a bot may move at any moment).
SNAPSHOT = """() => ({
  m: G.msg,
  tray: [...document.querySelectorAll('#tray .dface')].map(
    (d) => [Number(d.dataset.die), Number(d.dataset.sides), Number(d.dataset.face),
      d.dataset.state]),
  rows: [...document.querySelectorAll('#attempt .crow')].map((r) => [r.dataset.row,
    [...r.querySelectorAll('.dface')].map((d) => Number(d.dataset.die))]),
  cards: document.querySelectorAll('#cards .dcard').length,
  buttons: [...document.querySelectorAll('#dicewrap [data-action], #actions [data-action]')]
    .map((b) => b.dataset.action),
})"""


def state(client: TestClient, game: str, token: str) -> dict[str, Any]:
    r = client.get(f"/api/games/{game}", headers={"X-Seat-Token": token})
    assert r.status_code == 200, r.text
    return dict(r.json())


@pytest.mark.parametrize("mode", MODES)
def test_a_dice_game_is_offered_created_and_played_over_the_api(
    client: TestClient, hub: Hub, mode: str
) -> None:
    """A person against the random bot: a card staged, a row matched or a die set aside (or
    a pass on a roll that matches nothing); the view has the documented shape."""
    modes = {m["id"]: m for m in client.get("/api/modes").json()}
    assert modes[mode]["bot_tiers"] == tiers_for(mode)
    r = client.post("/api/games", json={"mode": mode, "seats": VS_BOT})
    assert r.status_code == 201, r.text
    g = r.json()
    token = g["seats"][0]["token"]
    done: set[str] = set()
    bot_moves = 0
    deadline = time.time() + 30
    while not ({"target", "after"} <= done and bot_moves) and time.time() < deadline:
        s = state(client, g["id"], token)
        v = s["view"]
        assert v["mode"] == mode and len(v["players"]) == 2 and len(v["dice"]) >= 7
        assert [d["sides"] for d in v["dice"][:7]] == [6] * 5 + [8] * 2
        if s["outcome"]:
            break
        if s["to_move"] != [0]:
            bot_moves += 1
            time.sleep(0.02)
            continue
        legal = s["legal"]
        action = legal[0]
        # A target may end the turn (about one in ten): the bot, moving at once, would then
        # stage a card of its own before the view after the target is read.
        if action[0] == "target":
            hub.pause_bots()
        ack = client.post(
            f"/api/games/{g['id']}/act",
            json={"state": s["state"], "action": action},
            headers={"X-Seat-Token": token},
        )
        assert ack.status_code == 200, ack.text
        if action[0] == "target":
            done.add("target")
            after = state(client, g["id"], token)
            hub.resume_bots()
            assert after["state"] == ack.json()["state"]
            card = next(c for c in after["view"]["cards"] if c["id"] == action[1])
            attempt = after["view"]["attempt"]
            assert attempt is None or attempt["card"] == card["id"]
        elif action[0] in ("match", "aside") or (action[0] == "pass" and "target" in done):
            done.add("after")
    assert {"target", "after"} <= done and bot_moves, (done, bot_moves)


@pytest.mark.parametrize("mode", MODES)
def test_the_odds_of_each_way_to_stage_or_match(client: TestClient, hub: Hub, mode: str) -> None:
    """`/dice-odds` gives, for every `target` and then every `match` and `aside` of the player
    to move, the exact solver's chance to complete the card once that choice is made: the
    rows left open, with the dice it leaves unplaced. Another mode has none (404)."""
    humans = [{"kind": "human"}, {"kind": "human"}]
    g = client.post("/api/games", json={"mode": mode, "seats": humans}).json()
    tokens = [seat["token"] for seat in g["seats"]]
    room = hub.room(g["id"])
    checked: set[str] = set()
    for _ in range(40):
        odds = client.get(f"/api/games/{g['id']}/dice-odds").json()
        game, st = room.match.game, room.match.state
        assert isinstance(game, DiceCardsGame)
        seat = room.match.to_move()[0]
        legal = [a for a in room.match.legal(seat) if a.kind in ("target", "match", "aside")]
        assert odds["state"] == room.state_id and odds["seat"] == seat
        assert [Action.from_json(a) for a, _ in odds["odds"]] == legal
        for act, p in odds["odds"]:
            a = Action.from_json(act)
            if a.kind == "target":
                card = st.cards.card(str(a.args[0]))
                assert card is not None
                rows, dice = list(game.target_rows(st, seat, card)), a.args[2:]
                slot = len(rows) - 1 if a.args[1] == "steal" else int(a.args[1]) - 1
                open_rows = [r for k, r in enumerate(rows) if k != slot]
            elif a.kind == "match":
                rows, dice = list(st.rows()), a.args[1:]
                slot = len(rows) - 1 if a.args[0] == "steal" else int(a.args[0]) - 1
                open_rows = [rows[k] for k in st.open_slots() if k != slot]
            else:  # the die set aside leaves every row open
                dice, open_rows = a.args, [st.rows()[k] for k in st.open_slots()]
            free = [i for i in st.unplaced() if i + 1 not in dice]
            d6 = sum(1 for i in free if st.sides[i] == 6)
            want = completion_float(open_rows, d6, len(free) - d6)[0] if open_rows else 1.0
            assert p == pytest.approx(want)
            checked.add(a.kind)
        s = state(client, g["id"], tokens[seat])
        act = next((a for a in s["legal"] if a[0] in ("target", "match")), s["legal"][0])
        if checked >= {"target", "match"} and any(a[0] == "aside" for a in s["legal"]):
            act = next(a for a in s["legal"] if a[0] == "aside")
        r = client.post(
            f"/api/games/{g['id']}/act",
            json={"state": s["state"], "action": act},
            headers={"X-Seat-Token": tokens[seat]},
        )
        assert r.status_code == 200, r.text
        if checked == {"target", "match", "aside"}:
            break
    assert checked == {"target", "match", "aside"}
    other = client.post("/api/games", json={"mode": "monopoly-avengers", "seats": humans})
    assert client.get(f"/api/games/{other.json()['id']}/dice-odds").status_code == 404


# -- in a browser ---------------------------------------------------------------------------
def check_table(snap: dict[str, Any]) -> None:
    """The tray is the view's dice; the staged card's rows carry the dice placed on them;
    every button is a legal action and every legal action has a button."""
    m = snap["m"]
    v = m["view"]
    assert snap["cards"] == len(v["cards"])
    assert snap["tray"] == [[d["die"], d["sides"], d["face"], d["state"]] for d in v["dice"]]
    if v["attempt"] is not None:
        assert snap["rows"] == [[str(r["row"]), r["dice"] or []] for r in v["attempt"]["rows"]]
    legal = {" ".join(map(str, a)) for a in m["legal"]}
    shown = set(snap["buttons"])
    assert shown <= legal | {"undo"}, shown - legal
    assert legal <= shown, legal - shown


def click_dice_then_row(page: Any, action: list[Any]) -> None:
    """Select the action's dice in the tray, then click its row (on the table for `target`,
    on the staged card for `match`)."""
    dice = action[3:] if action[0] == "target" else action[2:]
    for die in dice:
        page.click(f'#tray button.dface[data-die="{die}"]', timeout=3000)
    if action[0] == "target":
        row = f'#cards .dcard[data-card="{action[1]}"] .crow[data-row="{action[2]}"]'
    else:
        row = f'#attempt .crow[data-row="{action[1]}"]'
    page.click(row, timeout=3000)


@pytest.mark.parametrize("mode", MODES)
def test_a_dice_game_is_played_by_clicks_in_a_browser(server: str, mode: str) -> None:
    """Made in the lobby against the random bot; a first roll answered (a card staged by
    clicking dice then a row, or a pass), then a row matched the same way or a die set aside
    by clicking it; the table checked against the view at every decision."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    with chromium_browser() as browser:
        errors: list[str] = []
        page = open_page(browser, errors=errors)
        open_lobby_game(page, server, mode)
        page.wait_for_function(TABLE_DRAWN)
        assert page.locator("#boardwrap").is_hidden() and page.locator("#generic").is_hidden()
        first = later = shot = False
        checked = 0
        deadline = time.time() + 90
        while not (first and later and shot) and time.time() < deadline:
            snap = page.evaluate(SNAPSHOT)
            m = snap["m"]
            if m["outcome"]:
                break
            if m["seat"] not in m["to_move"] or not m["legal"]:
                time.sleep(0.03)
                continue
            check_table(snap)
            checked += 1
            legal = m["legal"]
            kinds = {a[0] for a in legal}
            if m["view"]["attempt"] is not None and not shot:
                ARTIFACTS.mkdir(exist_ok=True)
                page.screenshot(path=str(ARTIFACTS / f"{mode}.png"))
                shot = True
            try:
                if len(legal) == 1 and not m["can_undo"]:
                    # A forced choice (a pass, the one placement, the one kind to set
                    # aside): the page sends it by itself.
                    page.wait_for_function(f"G.msg.state > {m['state']}", timeout=5000)
                    first = first or kinds == {"pass"}
                    later = later or (first and kinds <= {"match", "aside"})
                    continue
                if "target" in kinds:
                    click_dice_then_row(page, max((a for a in legal if a[0] == "target"), key=len))
                    first = True
                elif "match" in kinds:
                    click_dice_then_row(page, next(a for a in legal if a[0] == "match"))
                    later = later or first
                elif "aside" in kinds:
                    page.click(f'#tray button.dface[data-die="{legal[0][1]}"]')
                    later = later or first
                else:
                    page.click(f'#actions button[data-action="{legal[0][0]}"]')
                    first = first or legal[0][0] == "pass"
                page.wait_for_function(f"G.msg.state > {m['state']}", timeout=5000)
            except PlaywrightTimeout:
                continue  # the bot moved first: look again
        assert first and later and checked, (first, later, checked)
        assert shot, "no attempt was under way at a decision of ours"
        assert errors == []
        # A spectator sees the table and is offered nothing.
        game = page.url.split("/game/")[1].split("#")[0]
        watcher = open_page(browser, f"{server}/game/{game}", errors=errors)
        watcher.wait_for_function(TABLE_DRAWN)
        assert not watcher.evaluate(SNAPSHOT)["buttons"]
        assert watcher.locator("#tray button.dface").count() == 0
        assert errors == []


@pytest.mark.parametrize("mode", MODES)
def test_a_finished_dice_game_shows_no_turn_and_no_controls(
    server: str, served_hub: Hub, mode: str
) -> None:
    """Two people play to the end through the server (as a greedy bot would) while the
    first seat's page watches: during play a panel says whose turn it is; once the outcome
    is in, none does and nothing would act, and the result, its download and the log stay."""
    watch_to_the_end(
        server, served_hub, mode, TABLE_DRAWN, "#dplayers .turn", f"{mode}-over.png", timeout=240
    )


def _percent(p: float) -> str:
    """A chance as the page writes it: a chance that is neither nil nor sure never reads as
    0% or 100%."""
    if 0 < p < 0.005:
        return "<1%"
    return ">99%" if 0.995 <= p < 1 else f"{round(100 * p)}%"


def test_each_way_to_stage_a_card_shows_its_chance(server: str) -> None:
    """The panel's ways to stage a card each show the chance to complete it (the server's
    /dice-odds for that state), and each card's line its best; a person sees which way is
    worth taking, as the terminal's `actions` says."""
    g = create_game(server, "mass-effect-war-assets", [{"kind": "human"}, {"kind": "human"}])
    state = httpx.get(f"{server}/api/games/{g['id']}").json()
    seat = state["to_move"][0]
    odds = httpx.get(f"{server}/api/games/{g['id']}/dice-odds").json()
    assert odds["state"] == state["state"] and odds["odds"]
    with browser_page(server + g["seats"][seat]["link"]) as (page, errors):
        page.wait_for_function("document.querySelector('#targets .dchance')")
        for act, p in odds["odds"][:5]:
            button = page.locator(f'#targets button[data-action="{" ".join(map(str, act))}"]')
            assert button.locator(".dchance").text_content().strip() == _percent(p)
        card = odds["odds"][0][0][1]
        best = max(p for a, p in odds["odds"] if a[1] == card)
        summary = page.locator(f'#targets details[data-card="{card}"] summary').inner_text()
        assert summary.endswith(f"best {_percent(best)}"), summary
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "war-assets-odds.png"))
        assert errors == []


SINGLE_CHOICE = """(forced) => {
  const a = G.msg.legal[0];
  G.autoState = G.msg.state;  // drawn only: the page sends nothing for this made-up state
  Object.assign(G.msg, {legal: [a], labels: ['Match row 3 with the 4'], can_undo: false,
                        forced: forced ? a : null});
  G.actionsKey = G.labelled = null;  // drawn again, its words read again
  render();
  return document.getElementById('hint').textContent;
}"""


def test_a_single_choice_is_named_in_words_and_said_taken_only_when_forced(server: str) -> None:
    """The hint read "The only choice: match 3 1 — taken for you." (the typed action), and
    said so of a choice the server does not mark forced, which the page does not send."""
    g = create_game(server, "mass-effect-war-assets", [{"kind": "human"}, {"kind": "human"}])
    seat = httpx.get(f"{server}/api/games/{g['id']}").json()["to_move"][0]
    with browser_page(server + g["seats"][seat]["link"]) as (page, errors):
        page.wait_for_function(TABLE_DRAWN)
        forced = page.evaluate(SINGLE_CHOICE, True)
        assert forced == "The only choice: Match row 3 with the 4 — taken for you.", forced
        answered = page.evaluate(SINGLE_CHOICE, False)
        assert answered == "The only choice: Match row 3 with the 4.", answered
        assert errors == []


@pytest.mark.parametrize(
    ("mode", "prompt"), [("mass-effect-war-assets", "#dprompt"), ("risk-strike", "#sprompt")]
)
def test_the_prompt_names_the_seats_as_the_table_does(server: str, mode: str, prompt: str) -> None:
    """The banner read "Player 1: select a card ..." where the rest of the page said "Ada":
    it names the seat to move as the table does, "(you)" for the page's own (the dice games'
    table and Strike's, one `tableName`)."""
    people = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}]
    g = create_game(server, mode, people)
    seat = httpx.get(f"{server}/api/games/{g['id']}").json()["to_move"][0]
    with browser_page(server + g["seats"][seat]["link"]) as (page, errors):
        page.wait_for_selector(prompt)
        said = page.locator(prompt).inner_text()
        assert said.startswith(f"{['Ada', 'Bo'][seat]} (you): "), said
        assert "Player" not in said and errors == []
    with browser_page(server + g["seats"][1 - seat]["link"]) as (page, errors):
        page.wait_for_selector(prompt)
        assert page.locator(prompt).inner_text().startswith(f"{['Ada', 'Bo'][seat]}: ")
        assert errors == []


def test_a_locked_card_shows_a_drawn_padlock(server: str) -> None:
    """A locked card is marked by a padlock drawn in SVG, not the emoji, which a browser
    without an emoji font (Debian's Chromium) showed as an empty box."""
    g = create_game(server, "mcu-guardians", [{"kind": "human"}, {"kind": "human"}])
    with browser_page(server + g["seats"][0]["link"]) as (page, errors):
        page.wait_for_function(TABLE_DRAWN)
        page.evaluate("Object.assign(G.msg.view.cards[0], {owner: 0, locked: true}); render()")
        lock = page.locator("#cards .dcard .lock").first
        assert lock.locator("svg").count() == 1 and lock.text_content() == ""
        assert errors == []


def test_a_tray_without_dice_counts_none(server: str) -> None:
    """Once the game is over the view has no dice: the tray says nothing of dice it does
    not show (it read "Dice of the last turn (0 d6, 0 d8)")."""
    g = create_game(server, "mcu-guardians", [{"kind": "human"}, {"kind": "human"}])
    with browser_page(server + g["seats"][0]["link"]) as (page, errors):
        page.wait_for_function(TABLE_DRAWN)
        during = page.evaluate("dcTray(G.msg.view, G.msg).querySelector('.dtitle').innerText")
        after = page.evaluate(
            "dcTray({...G.msg.view, dice: [], phase: 'over'}, G.msg)"
            ".querySelector('.dtitle').innerText"
        )
        assert "(5 d6, 2 d8)" in during and "d6" not in after and "d8" not in after
        assert errors == []


# The die that has the keyboard's focus against another of its kind: how each looks.
FOCUSED_DIE = """() => {
  const die = document.activeElement;
  if (!die.matches('#tray button.dface')) return null;
  const other = [...document.querySelectorAll(`#tray button.dface.d${die.dataset.sides}`)]
    .find((d) => d !== die);
  const look = (d) => ['outlineStyle', 'boxShadow', 'backgroundColor']
    .map((k) => getComputedStyle(d)[k]).join(' ');
  return [die.dataset.sides, look(die), look(other)];
}"""


def test_the_die_the_keyboard_is_on_is_marked(server: str) -> None:
    """Tab through the tray: each die that has the focus (a d6 and a d8) looks unlike the
    other dice, so a player without a mouse sees which one Enter would pick."""
    g = create_game(server, "mcu-guardians", VS_BOT)
    with browser_page(server + g["seats"][0]["link"]) as (page, errors):
        page.wait_for_function("document.querySelector('#tray button.dface.can')")
        # Whose dice, said plainly (not "Dice of Player 1 (you)'s turn").
        assert page.locator("#tray .dtitle").text_content().startswith("Dice of your turn ")
        seen: dict[str, bool] = {}
        for _ in range(12):
            page.keyboard.press("Tab")
            focused = page.evaluate(FOCUSED_DIE)
            if focused:
                seen[focused[0]] = focused[1] != focused[2]
        assert seen == {"6": True, "8": True}, seen
        assert errors == []


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_a_guardians_reroll_and_set_aside_show_their_chances(
    server: str, served_hub: Hub, width: int, height: int
) -> None:
    """Knowhere's reroll after a roll that misses: /dice-odds gives the reroll's chance (the
    solver's, one reroll fewer) and each die set aside its own (the reroll kept), and the
    page shows each beside its button, as it does a way to stage or match."""
    g = create_game(server, "mcu-guardians", [{"kind": "human"}] * 3)
    match = served_hub.room(g["id"]).match
    match.state = knowhere_reroll_at_a_miss()
    odds = httpx.get(f"{server}/api/games/{g['id']}/dice-odds").json()
    three_up = [match.state.rows()[k] for k in match.state.open_slots()]
    assert odds["odds"] == [
        [["aside", 3], completion_float(three_up, 2, 2, rerolls=1)[0]],
        [["aside", 6], completion_float(three_up, 3, 1, rerolls=1)[0]],
        [["reroll"], completion_float(three_up, 3, 2)[0]],
    ]
    with browser_page(server + g["seats"][0]["link"], width=width, height=height) as (
        page,
        errors,
    ):
        page.wait_for_function("document.querySelector('#actions [data-action=reroll] .dchance')")
        for act, p in odds["odds"]:
            button = page.locator(f'#actions button[data-action="{" ".join(map(str, act))}"]')
            assert button.locator(".dchance").text_content().strip() == _percent(p)
            box = button.bounding_box()
            assert box is not None and box["x"] + box["width"] <= width
        # The tray's hint names the reroll too, not only setting a die aside.
        hint = page.locator("#tray .dnote").inner_text()
        assert "set it aside" in hint and "reroll" in hint, hint
        page.locator('#actions button[data-action="reroll"]').scroll_into_view_if_needed()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"guardians-reroll-odds-{width}.png"))
        assert errors == []
