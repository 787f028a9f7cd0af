"""Two people in two browsers (Debian's Chromium, driven by Playwright) play Classic RISK
against a bot: setup, reinforcing, attacking by clicking the map, a capture and a card draw.
A screenshot of the board is kept in test-artifacts/ for people to look at."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tests.web.play import SHORT, bot_choice, choose, play_people
from tests.web.system import (
    browser_page,
    chromium_browser,
    create_game,
    create_in_lobby,
    open_page,
)
from warroom.bots import tiers_for
from warroom.core.actions import Action
from warroom.core.match import Match
from warroom.games import CATALOG, strength
from warroom.web import hub as hub_module
from warroom.web.hub import Hub

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def msg(page: Any) -> dict[str, Any]:
    return dict(page.evaluate("G.msg"))


def decisions(page: Any, seconds: float) -> Iterator[dict[str, Any]]:
    """The page's state message at each real decision of its seat, until the game ends or
    `seconds` pass: it waits while others move, and lets a forced choice (one legal action,
    no undo, forced for every seat to see) go by, as the page sends that by itself. The
    caller acts on each one."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        m = msg(page)
        if m["outcome"]:
            return
        if m["seat"] not in m["to_move"] or not m["legal"]:
            time.sleep(0.03)
            continue
        if m["forced"] and not m["can_undo"]:
            page.wait_for_function(f"G.msg.state > {m['state']}", timeout=15_000)
            continue
        yield m


# A finished game's page, read in one go: the result with its download and the log, and
# whatever still marks a turn or would act (a control outside the banner, which keeps Rematch,
# the map's zoom and How to play, which only look; or the Actions card, which has nothing left
# to hold).
FINISHED = """() => ({
  result: document.querySelector('#gameover') ? document.querySelector('#gameover').innerText : '',
  save: document.querySelectorAll('#gameover a[href$="/save"]').length,
  log: document.querySelectorAll('#log .ev').length,
  // Whose turn it is, and what is left of it (Strike's draws).
  turn: [...document.querySelectorAll('.turn, .current, .draws')]
    .map((e) => e.outerHTML.slice(0, 80)),
  controls: [...document.querySelectorAll('button, input, select, textarea')]
    .filter((e) => e.checkVisibility() && !e.closest('#banner') && !e.closest('.mapzoom')
      && !e.closest('.boardpick') && e.id !== 'guidebtn')
    .map((e) => e.id || e.dataset.action || e.outerHTML.slice(0, 80)),
  actions: [...document.querySelectorAll('h2')]
    .some((h) => h.textContent === 'Actions' && h.checkVisibility()),
  status: document.getElementById('status').innerText.trim(),
  told: (document.body.innerText.match(/game (is )?over/gi) || []).length,
})"""


def outcome_once(shown: dict[str, Any]) -> None:
    """The page says the game is over once, in the banner: no status line under it saying
    it again (it said "The game is over."), nor a table's prompt or a board's middle."""
    assert shown["status"] == "", shown["status"]
    assert shown["told"] == 1, shown


def check_finished(page: Any) -> dict[str, Any]:
    """Once the page has the outcome: no turn marker and no control that would act; the
    result, its download and the log stay. Returns what was read."""
    page.wait_for_function("G.msg && G.msg.outcome && document.querySelector('#gameover')")
    shown = dict(page.evaluate(FINISHED))
    assert "Game over" in shown["result"] and shown["save"] == 1 and shown["log"], shown
    assert shown["turn"] == [], shown["turn"]
    assert shown["controls"] == [], shown["controls"]
    assert not shown["actions"], "an empty Actions card"
    outcome_once(shown)
    return shown


def watch_to_the_end(
    server: str,
    served_hub: Hub,
    mode: str,
    drawn: str,
    turn_marker: str,
    shot: str,
    options: dict[str, Any] | None = None,
    timeout: float = 120,
) -> None:
    """Two people play `mode` to its end through the server (as a greedy bot would) while
    the first seat's page watches: while play lasts one player is marked (`turn_marker`);
    once the outcome is in, the page passes `check_finished`, with no script error. The
    page opens at the last decision before the end (the game up to there is played without
    it, which is quicker than redrawing every step; the pages' play tests cover those)."""
    g = create_game(server, mode, [{"kind": "human"}, {"kind": "human"}], options)
    tokens = {s["seat"]: s["token"] for s in g["seats"]}
    room = served_hub.room(g["id"])
    choice = bot_choice(mode)
    last: list[bool] = []

    def unless_it_ends(match: Match, seat: int) -> Action | None:
        """The bot's choice, or None (and stop) where it would end the game."""
        action = choice(match, seat)
        after, _ = match.game.apply(match.state, seat, action)
        if match.game.outcome(after) is not None:
            last.append(True)
            return None
        return action

    play_people(served_hub, g["id"], tokens, unless_it_ends, lambda: bool(last), timeout)
    with browser_page(server + g["seats"][0]["link"]) as (page, errors):
        page.wait_for_function(drawn)
        assert page.locator(turn_marker).count() == 1  # whose turn, while it lasts
        over = lambda: room.match.outcome() is not None  # noqa: E731
        play_people(served_hub, g["id"], tokens, choice, over, timeout=timeout)
        check_finished(page)
        page.screenshot(path=str(ARTIFACTS / shot), full_page=True)
        assert errors == []


def test_every_mode_s_finished_page_has_no_actions_card(server: str, served_hub: Hub) -> None:
    """A game of each mode, all people, that the server stops at its first decision (a
    record cap of 1, test-only): a seat's page and a spectator's show the result and its
    download, once, with no Actions card (it stayed, empty, or for a spectator saying
    to open a seat's link to play), no control outside the banner, and no part missing
    written as "null"."""
    served_hub.quotas = replace(served_hub.quotas, record_with_people=1)
    ARTIFACTS.mkdir(exist_ok=True)
    with chromium_browser() as browser:
        for info in CATALOG:
            people = [{"kind": "human"}] * info.min_players
            g = create_game(server, info.id, people)
            room = served_hub.room(g["id"])
            tokens = {s["seat"]: s["token"] for s in g["seats"]}
            stopped = lambda room=room: room.stopped is not None  # noqa: E731
            play_people(served_hub, g["id"], tokens, bot_choice(info.id, "random"), stopped)
            errors: list[str] = []
            for who, link in (("seat", g["seats"][0]["link"]), ("spectator", f"/game/{g['id']}")):
                page = open_page(browser, server + link, errors=errors)
                page.wait_for_selector("#gameover")
                shown = page.evaluate(FINISHED)
                if who == "seat":
                    page.screenshot(path=str(ARTIFACTS / f"stopped-{info.id}.png"), full_page=True)
                assert shown["save"] == 1, (info.id, who, shown)
                assert not shown["actions"], (info.id, who, "an Actions card")
                assert shown["controls"] == [], (info.id, who, shown["controls"])
                assert shown["turn"] == [], (info.id, who, shown["turn"])
                outcome_once(shown)
                text = page.inner_text("body")
                assert "null" not in text.split(), (info.id, who)
                assert "1 decisions" not in text and "1 turns" not in text, (info.id, who)
                page.context.close()
            assert errors == [], (info.id, errors)


def act_by_clicking(page: Any, action: list[Any]) -> None:
    """Do `action` the way a person would: territories on the map, then the panel's control."""
    names = {t["name"] for t in msg(page)["view"]["territories"]}
    for arg in action[1:]:
        if arg in names:
            page.locator(f'#board g.terr[data-name="{arg}"]').click()
    if action[0] == "attack":
        page.wait_for_selector("#odds:has-text('%')", timeout=15_000)
    exact = page.locator(f'#actions button[data-action="{" ".join(map(str, action))}"]')
    if exact.count():
        exact.click()
        return
    label = " ".join(map(str, action[:-1]))
    page.locator("#actions .grp", has=page.locator(f'button[data-action="{label}"]')).locator(
        "select"
    ).select_option(str(action[-1]))
    page.locator(f'#actions button[data-action="{label}"]').click()


def buttons(page: Any) -> set[str]:
    """The actions the panel's controls offer."""
    return set(
        page.evaluate(
            "[...document.querySelectorAll('#actions [data-action]')].map(b => b.dataset.action)"
        )
    )


def place_and_attack_by_clicking(page: Any, seconds: float) -> None:
    """The seat's real decisions played by clicking (`act_by_clicking`, the shared policy;
    cards traded from the hand are left for placing) until it has placed reinforcements and
    attacked; every button offered is a legal action (or undo)."""
    placed = attacked = False
    for m in decisions(page, seconds):
        legal = {" ".join(map(str, a)) for a in m["legal"]}
        assert buttons(page) <= legal | {"undo"}
        action = choose(m["legal"], m["view"])
        if action[0] == "trade":  # cards are traded from the hand, not the map
            action = next((a for a in m["legal"] if a[0] == "place"), action)
        act_by_clicking(page, action)
        placed = placed or (action[0] == "place" and m["view"]["phase"] == "reinforce")
        attacked = attacked or action[0] == "attack"
        page.wait_for_function(f"G.msg.state > {m['state']}", timeout=10_000)
        if placed and attacked:
            return
    raise AssertionError("no reinforcement placed and attack made in time")


def test_two_browsers_and_a_bot_play_to_a_capture_and_a_draw(
    server: str, served_hub: Hub, monkeypatch: pytest.MonkeyPatch
) -> None:
    with chromium_browser() as browser:
        lobby = open_page(browser, server + "/", width=1280)
        create_in_lobby(lobby, "risk-classic", 3, {1: "human", 2: "bot:random"}, SHORT, "fast")
        links = lobby.locator("#created input")
        links.first.wait_for()
        assert [room.pace for room in served_hub.rooms.values()] == ["fast"]  # as chosen
        urls = [links.nth(i).input_value() for i in range(links.count())]
        assert len(urls) == 2
        lobby.goto(server + "/")
        lobby.locator("#mine a").first.wait_for()  # the lobby remembers this browser's seats
        pages = [lobby]
        pages[0].goto(urls[0])
        friend = open_page(browser, urls[1], width=390, height=844)
        pages.append(friend)
        for page in pages:
            page.wait_for_function("G.msg && G.board")
        # The pace chosen in the lobby shows by the players, and either seat may change it.
        assert friend.input_value("#pace") == "fast"
        friend.select_option("#pace", "normal")
        pages[0].wait_for_function("G.msg.pace === 'normal'")
        assert [room.pace for room in served_hub.rooms.values()] == ["normal"]
        captured = drawn = False
        deadline = time.time() + 150
        while not drawn and time.time() < deadline:
            moved = False
            for page in pages:
                m = msg(page)
                if m["outcome"] or m["seat"] not in m["to_move"] or not m["legal"]:
                    continue
                # A forced choice (one legal action, no undo, forced for all to see) the page
                # sends by itself: a click racing it could find the button gone.
                if not m["forced"] or m["can_undo"]:
                    act_by_clicking(page, choose(m["legal"], m["view"]))
                page.wait_for_function(f"G.msg.state > {m['state']}", timeout=10_000)
                moved = True
                events = page.evaluate(
                    "[...document.querySelectorAll('#log div')].map(d => d.textContent)"
                )
                me = m["seats"][m["seat"]]["name"].split(" (")[0]
                captured = captured or any(e.startswith(f"{me} captures") for e in events)
                drawn = captured and any(e.startswith("You draw") for e in events)
                if drawn:
                    winner = page
                    break
            if not moved:
                time.sleep(0.05)
        assert drawn, "a human seat should capture a territory and draw a card"
        winner.wait_for_selector("#hand .cardchip")
        assert winner.locator("#dicecard").is_visible()
        assert winner.locator("#dice .die.att").count() >= 1
        ARTIFACTS.mkdir(exist_ok=True)
        winner.screenshot(path=str(ARTIFACTS / "board.png"), full_page=True)
        friend.screenshot(path=str(ARTIFACTS / "board-phone.png"), full_page=True)
        # The refused action gets a clear message and changes nothing. The bot waits
        # meanwhile: its moves would change the state too (the winner's turn is over).
        game = winner.url.split("/game/")[1].split("#")[0]
        served_hub.pause_bots()
        before = served_hub.room(game).state_id
        winner.wait_for_function(f"G.msg.state === {before}")
        winner.fill("#typedtext", "attack Nowhere Atlantis 3")
        winner.click("#typed button")
        winner.wait_for_selector("#error:has-text('Refused')")
        assert msg(winner)["state"] == served_hub.room(game).state_id == before
        served_hub.resume_bots()
        # A page loaded again shows the whole log as its seat may read it: with a short
        # tail in the state message, most of it comes from the log's pages.
        monkeypatch.setattr(hub_module, "LOG_TAIL", 10)
        friend.reload()
        friend.wait_for_function("G.msg && G.msg.log_start > 0")
        seat = msg(friend)["seat"]
        shown: list[str] = []
        expected: list[str] = ["(none yet)"]
        deadline = time.time() + 20
        while shown != expected and time.time() < deadline:  # the bot may still be moving
            time.sleep(0.2)
            shown = friend.evaluate(
                "[...document.querySelectorAll('#log div')].map(d => d.textContent)"
            )
            log = served_hub.room(game).match.log
            expected = [e.for_seat(seat)["text"] for e in log]
        assert shown == expected
        assert any(t.startswith("You draw") for t in shown) == any(
            e.kind == "draw" and seat in e.known_to for e in log
        )


# The Monopoly page's view, with the owners marked on its board and its players' money, read
# together (the bots move at any moment).
MONEY_SHOWN = """() => ({
  m: G.msg,
  owners: document.querySelectorAll('#mboard .mowner').length,
  players: document.querySelector('#mboard .mplayers').innerText,
})"""


def monopoly_choice(legal: list[list[Any]]) -> list[Any]:
    """A person's simple plan: draft what you land on, build, collect rent, keep rolling."""
    kinds = {a[0]: a for a in reversed(legal)}
    for kind in ("accept", "draft", "ask", "reactivate", "pay", "build", "roll", "end", "done"):
        if kind in kinds:
            return list(kinds[kind])
    for kind in ("pass", "decline", "keep", "sell", "sideline", "bankrupt"):
        if kind in kinds:
            return list(kinds[kind])
    return list(legal[0])


def test_monopoly_board_in_a_browser(server: str) -> None:
    """One person and two greedy bots: the ring of 40 spaces, a roll by clicking, details."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    with chromium_browser() as browser:
        page = open_page(browser, server + "/", height=1000)
        create_in_lobby(page, "monopoly-avengers", 3, {1: "bot:greedy", 2: "bot:greedy"})
        link = page.locator("#created input")
        link.first.wait_for()
        assert link.count() == 1
        url = link.first.input_value()
        page.goto(url)
        page.wait_for_function(
            "G.msg && MONO.board && document.querySelectorAll('#mboard g.mspace').length"
        )
        assert page.locator("#mboard g.mspace").count() == 40
        assert page.locator("#generic").is_hidden() and page.locator("#boardwrap").is_hidden()
        assert page.locator('#mboard g.mspace[data-name="Iron Man"] text.mname').count() >= 1
        assert page.locator('#mboard .mtoken[data-seat="0"]').count() == 1
        assert "MONOPOLY" in page.locator("#mboard .mcenter").inner_text()
        # Roll by clicking the panel's button. Bots may act at the same moment (ending
        # their window before the roll), which makes a click stale (409): click again. A
        # roll that is the seat's only action the page sends by itself after 450 ms
        # (game.js autoForced): on a slow run that may come first, and the button goes.
        rolled = (
            "[...document.querySelectorAll('#log div')]"
            ".some(d => /^Player 1 rolls/.test(d.textContent))"
        )
        for _ in range(10):
            if page.evaluate(rolled):
                break
            try:
                page.click('#actions button[data-action="roll"]', timeout=3000)
                page.wait_for_function(rolled, timeout=3000)
                break
            except PlaywrightTimeout:
                continue
        page.wait_for_function(rolled, timeout=1000)
        page.wait_for_selector("#mboard .mroll .mdie")
        # The space the roll took its player to is ringed, and the token walked there.
        landed = page.evaluate(
            "(() => { const st = G.msg.view.status[G.lastRoll.seat];"
            " return [st.in_jail ? null : st.position,"
            " [...document.querySelectorAll('#mboard g.mspace.mlanded')]"
            ".map(g => Number(g.dataset.index))]; })()"
        )
        assert landed[1] == ([] if landed[0] is None else [landed[0]])
        assert page.evaluate("[...ANIMS.keys()].some(k => k.startsWith('token'))")
        # Play on until heroes are owned and nobody's cash or worth is where it started.
        deadline = time.time() + 90
        moves = 0
        while time.time() < deadline and moves < 40:
            # The bots draft and pay as they go: the view and the board drawn from it, read
            # together.
            shown = page.evaluate(MONEY_SHOWN)
            m = shown["m"]
            if m["outcome"] or (
                any(o >= 0 for o in m["view"]["owner"])
                and all(1500 not in (st["cash"], st["net_worth"]) for st in m["view"]["status"])
            ):
                break
            if m["seat"] not in m["to_move"] or not m["legal"]:
                time.sleep(0.05)
                continue
            action = monopoly_choice(m["legal"])
            text = " ".join(map(str, action))
            # Bots act at the same time (a window closes when the player to move rolls),
            # so a choice can vanish before the click: then look again.
            try:
                button = page.locator(f'#actions button[data-action="{text}"]')
                if button.count():
                    button.first.click(timeout=2000)
                else:
                    page.fill("#typedtext", text)
                    page.click("#typed button")
                page.wait_for_function(f"G.msg.state > {m['state']}", timeout=5000)
            except PlaywrightTimeout:
                continue
            moves += 1
        owned = [o for o in shown["m"]["view"]["owner"] if o >= 0]
        assert owned, "some heroes should be drafted by now"
        assert shown["owners"] == len(owned)
        assert "M1500" not in shown["players"]  # money moved
        # A click on a space shows its price and payments.
        # A bot's move redraws the board meanwhile: a click that landed on the old drawing is
        # made again (once a full suite run on the busy machine waited 30 s for it).
        details = page.locator("#mboard .mdetails")
        for _ in range(3):
            if not details.count():
                page.locator('#mboard g.mspace[data-name="Iron Man"]').click()
            try:
                details.wait_for(timeout=5000)
                break
            except PlaywrightTimeout:
                continue
        details.wait_for(timeout=1000)
        text = details.inner_text()
        assert "Iron Man" in text and "M400" in text and "Headquarters" in text
        # They leave whose turn it is and the players' money in view (they go under them),
        # measured in one go: a bot's move may redraw the middle between two measures.
        tops = page.evaluate(
            """() => ['.mturn', 'table.mplayers', '.mdetails'].map((part) => {
              const r = document.querySelector('#mboard ' + part).getBoundingClientRect();
              return [r.top, r.bottom];
            })"""
        )
        (_, turn_bottom), (_, players_bottom), (details_top, _) = tops
        assert max(turn_bottom, players_bottom) <= details_top, tops
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator("#monowrap").screenshot(path=str(ARTIFACTS / "monopoly-details.png"))
        page.click("#mboard .mdetails .mclose")
        details.wait_for(state="detached")
        page.screenshot(path=str(ARTIFACTS / "monopoly.png"), full_page=True)
        # A phone: the whole board in its width (zoomed as a map is), the panels under it.
        phone = open_page(browser, url, width=390, height=844)
        phone.wait_for_function(
            "G.msg && MONO.board && document.querySelectorAll('#mboard g.mspace').length"
        )
        board_box = phone.locator("#monowrap").bounding_box()
        panel_box = phone.locator("aside.panel").bounding_box()
        assert board_box and panel_box and panel_box["y"] >= board_box["y"] + board_box["height"]
        assert board_box["width"] <= 390
        phone.screenshot(path=str(ARTIFACTS / "monopoly-phone.png"), full_page=True)


def test_the_lobby_and_a_game_page_load_without_a_console_error(server: str) -> None:
    """Nothing a page asks for is missing: no 404 in the console (the browser's own request
    for an icon included) and no script error, on the lobby and on a seat's game page."""
    with browser_page(width=1280) as (page, errors):
        page.on("console", lambda m: m.type == "error" and errors.append(m.text))
        page.goto(server + "/")
        page.select_option("#mode", "risk-classic")
        page.select_option("#seat-1", "bot:random")
        page.select_option("#seat-2", "bot:random")
        page.click("#create")
        page.click("#play-first")
        page.wait_for_function("typeof G !== 'undefined' && G.msg && G.board")
        page.wait_for_load_state("networkidle")
    assert errors == []


def test_joining_under_a_name_the_table_has_goes_by_a_numbered_one(server: str) -> None:
    """The lobby's name field joins a seat under that name; where the table already has it,
    the seat is "Ada (2)", and the lobby remembers the seat by the name the table uses. A name
    typed while the lobby waits for the modes stays (it was wiped once they came)."""
    g = create_game(server, "risk-classic", [{"kind": "human", "name": "Ada"}, {"kind": "open"}])
    with browser_page() as (page, _):
        held: list[Any] = []
        page.route("**/api/modes", lambda route: held.append(route))  # answered when let through
        page.goto(server + "/")
        page.fill("#myname", "Ada")
        while not held:
            page.wait_for_timeout(20)
        held[0].continue_()
        page.unroute("**/api/modes")
        page.locator("#mode option").first.wait_for(state="attached")
        assert page.input_value("#myname") == "Ada"
        row = page.locator(f'#all tr:has(a[href="/game/{g["id"]}"])')
        row.locator("button:has-text('join seat 2')").click()
        page.wait_for_function("typeof G !== 'undefined' && G.msg && G.board")
        assert msg(page)["game"] == g["id"] and msg(page)["seat"] == 1
        assert [s["name"] for s in msg(page)["seats"]] == ["Ada", "Ada (2)"]
        page.goto(server + "/")
        page.locator("#mine a").first.wait_for()
        assert "Ada (2)" in page.locator("#mine").inner_text()


def test_a_link_that_opens_nothing_says_so_and_offers_the_ways_on(server: str) -> None:
    """A seat link with a wrong token left the page on "connecting…" for ever, under the
    error, with an empty board: it now says the link opens nothing, and offers to watch the
    game or go back to the lobby (the lobby alone for a game that does not exist)."""
    g = create_game(server, "risk-classic", [{"kind": "human"}] * 3)
    with browser_page(server + f"/game/{g['id']}#seat=1&token=WRONG") as (page, _):
        page.wait_for_function("G.fatal === true")
        status = page.locator("#status")
        assert status.inner_text().startswith("This link does not open the game")
        assert page.locator("#spectate").get_attribute("href") == f"/game/{g['id']}"
        page.click("#spectate")
        page.wait_for_function("G.msg && G.msg.seat === null")
        assert "does not open" not in status.inner_text()
        for dead in ("/game/nosuchgame", "/game/nosuchgame#seat=0&token=abc"):
            page.goto(server + dead)  # no game to watch: the lobby alone
            page.reload()  # a new hash alone does not load the page again
            page.wait_for_function("G.fatal === true")
            page.wait_for_selector("#to-lobby")
            time.sleep(0.5)  # the check for a game to watch has answered
            assert page.locator("#spectate").count() == 0
            assert not page.locator("#typed").is_visible()


def test_the_lobby_says_how_strong_each_bot_is(server: str) -> None:
    """Each bot option carries its measured figure (the strongest marked), and the line under
    the seats gives the pairing's games and interval for each tier chosen; the values sent to
    the server stay `bot:TIER`. A screenshot of the seats is kept in test-artifacts/."""
    with browser_page(width=1280) as (page, errors):
        page.goto(server + "/")
        page.select_option("#mode", "mass-effect-galaxy-at-war")
        page.select_option("#players", "3")
        page.select_option("#seat-2", "bot:mcts")
        labels = page.locator("#seat-1 option").evaluate_all(
            "os => os.filter(o => o.value.startsWith('bot:')).map(o => [o.value, o.textContent])"
        )
        mode = "mass-effect-galaxy-at-war"
        stored = strength.strengths(strength.stored_ladder(mode), tiers_for(mode))
        offered = [[f"bot:{t['tier']}", f"Bot: {t['tier']} — {t['summary']}"] for t in stored]
        assert labels == offered
        assert labels[0][1] == "Bot: random — weakest" and "strongest" in labels[-1][1]
        lines = page.locator("#strength div").all_inner_texts()
        greedy, mcts = (next(s for s in stored if s["tier"] == t) for t in ("greedy", "mcts"))
        for line, tier in zip(lines, (greedy, mcts), strict=True):
            wins = tier["pairing"]["wins"]
            assert line.startswith(f"{tier['measured_as']} won {wins:g} of 100")
        page.locator("#new").screenshot(path=str(ARTIFACTS / "lobby-bot-strength.png"))
        page.select_option("#seat-1", "bot:random")
        page.click("#create")
        page.locator("#play-first").wait_for()
    assert errors == []


def test_the_lobby_offers_four_players_where_the_mode_seats_four(server: str) -> None:
    """As `warroom play` does; with three, MCU Skirmish is over in its first turn or so."""
    from warroom.games import CATALOG

    with browser_page(width=1280) as (page, _errors):
        page.goto(server + "/")
        for mode in CATALOG:
            page.select_option("#mode", mode.id)
            expected = min(max(mode.min_players, 4), mode.max_players)
            assert page.input_value("#players") == str(expected), mode.id
        page.select_option("#mode", "mcu-skirmish")
        assert page.input_value("#players") == "4"
        assert page.locator("#seats select").count() == 4


def test_the_lobby_fits_the_screen_on_a_phone_and_a_desktop(server: str) -> None:
    """The lobby is as wide as the screen, before and after a game is made: a mode's long
    name in the list, or a made game's name in the lists beside it, widens no column past
    it (then the page scrolls sideways and the phone's buttons lie under other things), and
    the games' lists keep room to read beside the form on a desktop."""
    with chromium_browser() as browser:
        for width, height in ((390, 844), (1280, 800)):
            page = open_page(browser, server + "/", width=width, height=height)
            page.select_option("#mode", "mass-effect-basic")
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            page.select_option("#mode", "risk-classic")
            page.click("#create")
            page.locator("#play-first").wait_for()
            page.locator("#all table").wait_for()
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            if width > 760:  # two columns side by side
                lists = page.locator("#all").bounding_box()
                assert lists and lists["width"] > width / 3, lists
            page.screenshot(path=str(ARTIFACTS / f"lobby-{width}.png"), full_page=True)


def test_an_action_that_never_reached_the_server_is_not_called_refused(
    server: str, served_hub: Hub
) -> None:
    """The connection drops as a player clicks: the page says the server could not be
    reached (the move may need making again), not that the move was refused."""
    # The person sits where the first roll is (the served seed's second seat): a page waiting
    # through a bot's turn first would test the bot's turn, not the dropped connection.
    g = create_game(
        server, "monopoly-avengers", [{"kind": "bot", "tier": "random"}, {"kind": "human"}]
    )
    room = served_hub.room(g["id"])
    with room.lock:
        assert "roll" in {a.kind for a in room.match.legal(1)}
    with browser_page() as (page, errors):
        # Cut before the page loads: a lone roll is forced, and the page sends it by itself
        # after a moment (game.js autoForced), which a slow run let through before the cut.
        # Nothing reaching the server, the button stays for the click either way.
        page.route("**/act", lambda route: route.abort())
        page.goto(server + g["seats"][1]["link"])
        roll = page.locator('#actions button[data-action="roll"]')
        roll.wait_for()
        roll.click()
        page.wait_for_function("document.getElementById('error').textContent")
        shown = page.locator("#error").inner_text()
        assert "could not reach the server" in shown and "Refused" not in shown, shown
        assert errors == []


def test_a_turn_limit_ending_reads_as_a_sentence_in_the_banner_and_summary(
    server: str, served_hub: Hub
) -> None:
    """The banner and the summary gave a turn limit's reason as the rules wrote it, a
    lowercase fragment after "won:" ("turn limit of 1 turns reached ..."): both now say who
    won, then the reason as a sentence, "1 turn" singular."""
    g = create_game(server, "risk-classic", [{"kind": "human"}] * 2, {**SHORT, "turn_limit": 1})
    tokens = {s["seat"]: s["token"] for s in g["seats"]}
    room = served_hub.room(g["id"])
    over = lambda: room.match.outcome() is not None  # noqa: E731
    play_people(served_hub, g["id"], tokens, bot_choice("risk-classic", "random"), over)
    outcome = room.match.outcome()
    assert outcome is not None
    won = " and ".join(f"Player {w + 1}" for w in outcome.winners)
    reason = (
        "The game stopped at its turn limit of 1 turn (not a rulebook ending); players are "
        "ranked by territories, then armies."
    )
    with browser_page(server + g["seats"][0]["link"]) as (page, errors):
        check_finished(page)
        assert page.locator("#gameover").inner_text().startswith(f"Game over: {won} won. {reason}")
        # The summary's own heading, drawn once it has loaded (not its "loading…" line).
        page.wait_for_selector("#summary-head")
        assert f"{won} won. {reason}" in page.locator("#summary-head").inner_text()
        page.screenshot(path=str(ARTIFACTS / "turn-limit-ending.png"), full_page=True)
        assert errors == []


def test_a_choice_that_loses_the_race_twice_is_made_the_third_time(
    server: str, served_hub: Hub
) -> None:
    """Quick bots raising in an auction moved the game on twice while a "pass" was made: the
    page tried once more only, then said nothing was done. It tries a few times while the
    choice stays legal. Here the first two sends are answered as lost races."""
    g = create_game(server, "risk-classic", [{"kind": "human"}] * 3, SHORT)
    room = served_hub.room(g["id"])
    at = room.state_id
    with room.lock:
        seat = room.match.to_move()[0]
        claim = room.match.legal(seat)[0]  # a starting army placed: one of many choices
    lost: list[str] = []

    def race(route: Any) -> None:
        if len(lost) < 2:
            lost.append(route.request.post_data or "")
            body = {"ok": False, "stale": "stale action", "state": at, "yours": False}
            route.fulfill(status=200, content_type="application/json", body=json.dumps(body))
        else:
            route.continue_()

    with browser_page() as (page, errors):
        page.route("**/act", race)
        page.goto(server + g["seats"][seat]["link"])
        page.wait_for_function("G.msg && G.board")
        page.fill("#typedtext", str(claim))
        page.click("#typed button")
        page.wait_for_function(f"G.msg.state > {at}")
        assert len(lost) == 2
        assert room.match.record[at] == (seat, str(claim))
        assert page.locator("#notice").inner_text() == ""
        assert errors == []


def test_the_pages_draw_a_data_file_s_colour_names_as_the_server_does(server: str) -> None:
    """Strike's continents and Galaxy at War's sides fall back on `cssColour` for a name their
    palettes lack ("Light Blue" drew nothing; "navy" drew grey); it reads names as
    `warroom.core.colours.css_colour` does, the printed ones CSS lacks in the same shades."""
    from warroom.core.colours import PRINTED, css_colour

    names = ["Light Blue", "dark-blue", "navy", "burgundy", "Reddish Brown", "#a1b", "#A0B1C2"]
    with browser_page(server + "/") as (page, errors):
        shown = page.evaluate("names => names.map(cssColour)", names)
        printed = page.evaluate("PRINTED_COLOURS")
    assert shown == [css_colour(name) for name in names]
    assert shown[:3] == ["lightblue", "darkblue", "navy"]
    assert printed == PRINTED
    assert errors == []
