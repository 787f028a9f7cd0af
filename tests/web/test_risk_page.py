"""Classic RISK in Chromium as players expect it (issue 12): the defender is told what is
coming and a forced defence is sent without a click, "attack until it falls" by a button and
typed as a short form, cards traded from the hand, the counts on the page, region halos apart
from seat colours, the log beside the board, a reconnect banner, and the lobby's choices.
Screenshots go to test-artifacts/ for people to look at."""

from __future__ import annotations

import colorsys
import time
from collections.abc import Callable
from typing import Any

import httpx

from tests.web.play import SHORT, choose
from tests.web.system import browser_page, chromium_browser, create_in_lobby, open_page
from tests.web.test_browser import ARTIFACTS, msg
from warroom.core import Action, Match
from warroom.web.hub import Hub, Room


def _new_game(
    server: str, seats: list[dict[str, Any]], options: dict[str, Any] = SHORT
) -> dict[str, Any]:
    r = httpx.post(
        server + "/api/games", json={"mode": "risk-classic", "seats": seats, "options": options}
    )
    assert r.status_code == 201, r.text
    return dict(r.json())


def _people_until(
    server: str,
    served_hub: Hub,
    reached: Callable[[Match, int], bool],
    pick: Callable[[list[Action]], Action] = lambda legal: legal[0],
    options: dict[str, Any] = SHORT,
) -> tuple[dict[int, dict[str, Any]], Room, int]:
    """Three people, played on through the server (`pick` of each seat's legal actions)
    until `reached(match, seat)` for the seat to decide: the seats (token, link) by number,
    the game's room, and that seat."""
    g = _new_game(server, [{"kind": "human"}] * 3, options)
    seats = {s["seat"]: s for s in g["seats"]}
    room = served_hub.room(g["id"])
    while True:
        with room.lock:
            seat = room.match.to_move()[0]
            if reached(room.match, seat):
                return seats, room, seat
            action = pick(list(room.match.legal(seat)))
        served_hub.act(g["id"], seats[seat]["token"], room.state_id, action.to_json())


def _send(page: Any, action: list[Any]) -> None:
    """A move this test is not about, made through the page's own sender."""
    state = msg(page)["state"]
    page.evaluate("(a) => send(a)", action)
    page.wait_for_function(f"G.msg.state > {state}", timeout=10_000)


# How many lines of the log are rolls of an attack from p[0] on p[1] ("A (Player 1) attacks
# B (Player 2): ...").
ROLLS = (
    "(p) => [...document.querySelectorAll('#log div')]"
    ".filter((d) => d.textContent.startsWith(`${p[0]} (`)"
    " && d.textContent.includes(`) attacks ${p[1]} (`)).length"
)
# An "attack until" running, or already over (one roll may take the territory before a loaded
# machine looks): rolls in the log past the count before it.
UNTIL_STARTED = f"([p, n]) => G.until !== null || ({ROLLS})(p) > n"


def _sat(color: str) -> float:
    """A colour's saturation (HSV): seat colours are vivid, region halos are not."""
    r, g, b = (int(color[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return colorsys.rgb_to_hsv(r, g, b)[1]


def test_defence_prompt_forced_choice_and_attack_until(server: str) -> None:
    bot = {"kind": "bot", "tier": "greedy"}
    g = _new_game(server, [{"kind": "human"}, bot, bot])
    seat = g["seats"][0]
    url = server + seat["link"]
    with browser_page(url) as (page, _):
        # A capture ending an attack until it falls asked the odds between two of one's own
        # places: a 400 in the console at every capture.
        errors: list[str] = []
        page.on("console", lambda m: m.type == "error" and errors.append(m.text))
        page.wait_for_function("G.msg && G.board")
        ARTIFACTS.mkdir(exist_ok=True)
        # The page shows no debug state number, and says what is left to place.
        assert "[state" not in page.locator("#status").inner_text()
        assert "Next set of cards: 4 armies" in page.locator("#counts").inner_text()
        # The players table counts places in the board's own word, in full.
        players = page.locator("#players").inner_text()
        assert " territories · " in players and "terr " not in players
        # Region halos are muted; seat colours are bright: no halo reads as a seat.
        halos = page.evaluate(
            "[...new Set([...document.querySelectorAll('#board circle.halo')]"
            ".map(c => c.getAttribute('fill')))]"
        )
        seats = page.evaluate("SEAT_COLORS")
        assert halos and not set(halos) & set(seats)
        assert all(_sat(h) < 0.3 for h in halos) and all(_sat(c) > 0.6 for c in seats)
        # The log is beside the board, in view at 1400x900.
        box = page.locator("#log").bounding_box()
        assert box and box["y"] + 60 < 900 and box["x"] > 900, box
        defended = forced = 0
        prompts: list[str] = []
        until_done = typed_done = False
        deadline = time.time() + 150
        while time.time() < deadline and not (until_done and typed_done and prompts):
            m = msg(page)
            if m["outcome"]:
                break
            if 0 not in m["to_move"] or not m["legal"]:
                time.sleep(0.05)
                continue
            v = m["view"]
            armies = {t["name"]: t for t in v["territories"]}
            if v["phase"] == "defend":
                # The state and the prompt read together, not waited for: a forced defence
                # the page sent by itself may already have let the bot's turn go on.
                m, text = page.evaluate("[G.msg, document.getElementById('status').innerText]")
                v = m["view"]
                if v["phase"] != "defend" or 0 not in m["to_move"]:
                    continue
                b = v["battle"]
                assert f"attacks your {b['to']}" in text and f"from {b['from']}" in text
                assert f"with {b['dice']} di" in text
                prompts.append(text)
                if len(prompts) == 1:
                    page.screenshot(path=str(ARTIFACTS / "risk-defend.png"))
                if m["forced"] and not m["can_undo"]:  # a defence hangs on no hand
                    assert "(the only choice)" in text
                    # Nobody clicks: the page sends the one legal defence by itself.
                    page.wait_for_function(f"G.msg.state > {m['state']}", timeout=15_000)
                    forced += 1
                else:
                    assert "defend with 1 or 2" in text
                    page.click('#actions button[data-action="defend 2"]')
                    page.wait_for_function(f"G.msg.state > {m['state']}", timeout=15_000)
                    defended += 1
                continue
            if v["phase"] == "attack" and not (until_done and typed_done):
                attacks = [
                    a for a in m["legal"] if a[0] == "attack" and armies[a[1]]["armies"] >= 3
                ]
                if attacks:
                    a = max(attacks, key=lambda a: armies[a[1]]["armies"] - armies[a[2]]["armies"])
                    src, dst = a[1], a[2]
                    rolls = page.evaluate(ROLLS, [src, dst])
                    started = [[src, dst], rolls]
                    if not until_done:
                        page.locator(f'#board g.terr[data-name="{src}"]').click()
                        page.locator(f'#board g.terr[data-name="{dst}"]').click()
                        page.wait_for_selector("#odds:has-text('%')", timeout=15_000)
                        page.click('#actions button[data-action="until"]')
                        page.wait_for_function(UNTIL_STARTED, arg=started, timeout=15_000)
                        page.screenshot(path=str(ARTIFACTS / "risk-until.png"))
                        until_done = True
                    else:
                        # Typed short forms, lower case, names by prefix, no dice count.
                        typed = f"attack {src.lower()} {dst.lower()[:5]} until 2"
                        page.fill("#typedtext", typed)
                        page.click("#typed button")
                        page.wait_for_function(UNTIL_STARTED, arg=started, timeout=15_000)
                        assert page.locator("#typedtext").input_value() == ""
                        typed_done = True
                    page.wait_for_function("G.until === null", timeout=60_000)
                    assert page.locator("#error").inner_text() == ""
                    after = msg(page)
                    held = {t["name"]: t for t in after["view"]["territories"]}
                    fell = held[dst]["seat"] == 0
                    assert fell or held[src]["armies"] <= (2 if typed_done else 1)
                    assert page.evaluate(ROLLS, [src, dst]) > rolls
                    if not fell and after["view"]["phase"] == "attack":
                        # The selection stays after the rolls.
                        assert page.evaluate("G.pick")[:1] == [src]
                    continue
            # Everything else through the page's sender, quickly.
            _send(page, choose(m["legal"], v) if v["phase"] != "attack" else ["end"])
        assert prompts, "a bot should attack this seat within the time"
        assert until_done and typed_done
        assert forced + defended == len(prompts)
        assert not [e for e in errors if "status of 400" in e], errors


def test_cards_are_traded_from_the_hand(server: str, served_hub: Hub) -> None:
    """Three people; the one about to reinforce is dealt a set (test-only, in memory): the
    cards in the hand are clicked, not territories, and the trade button says what it gives."""
    tokens, room, _ = _people_until(
        server, served_hub, lambda match, seat: match.state.phase == "reinforce"
    )
    with room.lock:
        st = room.match.state
        cur = st.current
        by_design: dict[str, list[int]] = {}
        for c in st.deck:
            if c < len(st.board):
                by_design.setdefault(st.board.card_design[c], []).append(c)
        three = next(cs[:3] for cs in by_design.values() if len(cs) >= 3)
        st.deck = [c for c in st.deck if c not in three]
        st.hands = [h[:] for h in st.hands]
        st.hands[cur] = sorted(three)
        names = [st.board.territories[c] for c in three]
    with browser_page(server + tokens[cur]["link"]) as (page, _):
        page.wait_for_function("G.msg && G.board")
        page.wait_for_selector("#trades")
        assert "click three cards in your hand" in page.locator("#trades").inner_text()
        # The map offers no trade: a card's territory is no place to click for it.
        hint = page.locator("#hint").inner_text()
        assert "trade" not in hint
        for name in names:
            page.locator(f'#hand button.cardchip[data-card="{name}"]').click()
        button = page.locator("#trades button").first
        button.wait_for()
        assert button.inner_text().startswith("Trade ") and "for 4 armies" in button.inner_text()
        page.screenshot(path=str(ARTIFACTS / "risk-trade.png"))
        before = msg(page)["state"]
        button.click()
        page.wait_for_function(f"G.msg.state > {before}")
        assert "Click a highlighted territory next" not in page.content()
        page.wait_for_selector("#toplace")
        assert "armies to place" in page.locator("#toplace").inner_text()
        assert "Next set of cards: 6 armies" in page.locator("#counts").inner_text()
        assert page.locator("#hand button.cardchip").count() == 0


def test_five_cards_say_a_trade_comes_first(server: str, served_hub: Hub) -> None:
    """Earning Cards: with five cards the player trades before placing, so no territory takes
    armies yet; the count of armies to place says why (test-only hand, in memory)."""
    tokens, room, _ = _people_until(
        server, served_hub, lambda match, seat: match.state.phase == "reinforce"
    )
    with room.lock:
        st = room.match.state
        cur = st.current
        st.hands = [h[:] for h in st.hands]
        st.hands[cur], st.deck = st.deck[:5], st.deck[5:]
    with browser_page(server + tokens[cur]["link"]) as (page, errors):
        page.wait_for_function("G.msg && G.board && G.msg.legal.length")
        assert (
            page.locator("#toplace")
            .inner_text()
            .endswith("to place (trade cards first: 5 are too many to keep)")
        )
        assert not errors, errors


def test_ending_the_turn_is_offered_while_a_territory_is_selected(
    server: str, served_hub: Hub
) -> None:
    """A selection narrows the map's actions, not the rest: with a source picked in the attack
    step (as after a roll, when the attack stays selected) the turn can still be ended."""

    def attacking(match: Match, seat: int) -> bool:
        return match.state.phase == "attack" and any(a.kind == "attack" for a in match.legal(seat))

    tokens, _, seat = _people_until(
        server,
        served_hub,
        attacking,
        lambda legal: next((a for a in legal if a.kind == "end"), legal[-1]),
    )
    with browser_page(server + tokens[seat]["link"]) as (page, _):
        page.wait_for_function("G.msg && G.board")
        source = next(a[1] for a in msg(page)["legal"] if a[0] == "attack")
        page.locator(f'#board g.terr[data-name="{source}"]').click()
        assert page.evaluate("G.pick") == [source]
        end = page.locator('#actions button[data-action="end"]')
        assert end.count() == 1, page.locator("#actions").inner_text()
        state = msg(page)["state"]
        end.click()
        page.wait_for_function(f"G.msg.state > {state} && G.msg.view.phase !== 'attack'")


def _hard_attacker(legal: list[Action]) -> Action:
    """A seat that piles its armies up and attacks with the most dice it can, so that a
    territory falls with armies to spare behind it."""
    for kind in ("place", "attack", "defend"):
        of_kind = [a for a in legal if a.kind == kind]
        if of_kind:
            return max(of_kind, key=lambda a: a.args[-1])
    return next((a for a in legal if a.kind == "end"), legal[0])


def test_the_move_after_a_capture_says_where_from_and_how_many(
    server: str, served_hub: Hub
) -> None:
    """After a capture the panel's one control is "move × N": the hint says which territory
    was taken, from where the armies come, and that N is how many stand in it after."""

    def moving_in(match: Match, seat: int) -> bool:
        return match.state.phase == "occupy" and len(match.legal(seat)) > 1

    tokens, _, seat = _people_until(server, served_hub, moving_in, _hard_attacker)
    with browser_page(server + tokens[seat]["link"]) as (page, _):
        page.wait_for_function("G.msg && G.board && G.msg.view.phase === 'occupy'")
        battle, counts, hint = page.evaluate(
            "[G.msg.view.battle, G.msg.legal.map((a) => a[1]),"
            " document.getElementById('hint').innerText]"
        )
        assert hint == (
            f"{battle['to']} is yours: choose how many armies end up there, moved in from "
            f"{battle['from']} ({min(counts)} to {max(counts)} armies)."
        )


def test_the_word_on_an_attack_until_it_falls_goes_with_the_turn(
    server: str, served_hub: Hub
) -> None:
    """The word "X has fallen." (or where the attack stopped) is said under the status once
    an attack until it falls ends, and is gone once the turn has passed: not still there
    turns later. The defenders roll the most dice by themselves (nobody is at their pages)."""

    def strong_attack(match: Match, seat: int) -> bool:
        armies = match.state.armies
        names = match.state.board.territories
        return match.state.phase == "attack" and any(
            a.kind == "attack" and armies[names.index(a.args[0])] >= 4 for a in match.legal(seat)
        )

    auto = {**SHORT, "defender_dice": "auto"}
    tokens, _, seat = _people_until(server, served_hub, strong_attack, _hard_attacker, auto)
    with browser_page(server + tokens[seat]["link"]) as (page, _):
        page.wait_for_function("G.msg && G.board")
        v = msg(page)["view"]
        armies = {t["name"]: t["armies"] for t in v["territories"]}
        attack = max(
            (a for a in msg(page)["legal"] if a[0] == "attack"),
            key=lambda a: armies[a[1]] - armies[a[2]],
        )
        page.locator(f'#board g.terr[data-name="{attack[1]}"]').click()
        page.locator(f'#board g.terr[data-name="{attack[2]}"]').click()
        page.click('#actions button[data-action="until"]')
        page.wait_for_function("G.until === null", timeout=60_000)
        assert page.locator("#untilmsg").inner_text() != ""
        # The rest of the turn: the most armies in, no more attacks, no fortifying.
        while True:
            m = msg(page)
            if m["view"]["current"] != seat:
                break
            if m["forced"] and not m["can_undo"]:
                page.wait_for_function(f"G.msg.state > {m['state']}", timeout=15_000)
                continue
            moves = [a for a in m["legal"] if a[0] == "move"]
            _send(page, max(moves, key=lambda a: a[1]) if moves else ["end"])
        current, note = page.evaluate(
            "[G.msg.view.current, document.getElementById('untilmsg').innerText]"
        )
        assert current != seat and note == ""


def test_lobby_reconnect_banner_and_a_finished_games_log(server: str, served_hub: Hub) -> None:
    """The lobby: greedy bots by default, your name, invite links kept in My games, an open
    seat's game waiting; the game page: a banner while the socket is down, a stale network
    refusal cleared once back; a spectator of a finished game sees its whole log."""
    bot = {"kind": "bot", "tier": "greedy"}
    r = httpx.post(
        server + "/api/games",
        json={
            "mode": "risk-classic",
            "seats": [bot, bot, bot],
            "options": {**SHORT, "turn_limit": 2},
        },
    )
    finished = r.json()["id"]
    with chromium_browser() as browser:
        lobby = open_page(browser, server + "/")
        lobby.select_option("#mode", "risk-classic")
        lobby.select_option("#players", "3")
        assert lobby.input_value("#seat-2") == "bot:greedy"
        lobby.fill("#myname", "Ada")
        create_in_lobby(lobby, "risk-classic", 3, {1: "human", 2: "open"}, SHORT)
        lobby.locator("#created input").first.wait_for()
        lobby.goto(server + "/")
        lobby.locator("#mine details.invite").first.wait_for()
        assert "Ada" in lobby.locator("#mine").inner_text()
        lobby.locator("#mine details.invite summary").first.click()
        assert "token=" in lobby.locator("#mine details.invite input").first.input_value()
        lobby.locator("#all:has-text('waiting for players')").wait_for()
        lobby.screenshot(path=str(ARTIFACTS / "lobby.png"), full_page=True)
        lobby.locator("#mine a:has-text('play')").first.click()
        # The click navigates: until the game page's script runs, there is no G.
        lobby.wait_for_function("typeof G !== 'undefined' && G.msg && G.board")
        assert lobby.locator("#waiting").is_visible()
        assert msg(lobby)["seats"][0]["name"] == "Ada"
        # The log says "Player 1": the players table says that Ada is Player 1.
        mine = lobby.locator("#players tr").first.inner_text()
        assert "Ada" in mine and "Player 1" in mine, mine
        # The socket drops: a banner; back again: gone, and the outage's refusal cleared.
        lobby.evaluate(
            "showError(refusal({unreached: true, message: 'could not reach the server"
            " (Failed to fetch)'})); G.ws.close()"
        )
        lobby.wait_for_selector("#offline", state="visible")
        lobby.wait_for_selector("#offline", state="hidden", timeout=10_000)
        assert lobby.locator("#error").inner_text() == ""
        # A spectator of a finished game reads all of it.
        deadline = time.time() + 60
        while time.time() < deadline:
            with served_hub.room(finished).lock:
                if served_hub.room(finished).match.outcome() is not None:
                    break
            time.sleep(0.2)
        spectator = open_page(browser, f"{server}/game/{finished}")
        spectator.wait_for_function("G.msg && G.msg.outcome")
        total = len(served_hub.room(finished).match.log)
        spectator.wait_for_function(
            f"document.querySelectorAll('#log div').length === {total}", timeout=10_000
        )


def test_a_count_once_placed_is_not_picked_again(server: str, served_hub: Hub) -> None:
    """A count picked from the list is kept while others' moves redraw the panel, but once
    played it is forgotten: placing 1 leaves the list on all the armies still to place."""
    tokens, room, seat = _people_until(
        server, served_hub, lambda match, seat: match.state.phase == "reinforce"
    )
    with room.lock:  # more armies to place than a turn's first gives (test-only, in memory)
        room.match.state.pending = pending = 8
        mine = next(t for t, o in enumerate(room.match.state.owner) if o == seat)
        name = room.match.state.board.territories[mine]
    with browser_page(server + tokens[seat]["link"]) as (page, _):
        page.wait_for_function("G.msg && G.board")
        page.locator(f'#board g.terr[data-name="{name}"]').click()
        group = page.locator(
            "#actions .grp", has=page.locator(f'button[data-action="place {name}"]')
        )
        assert group.locator("select").input_value() == str(pending)  # all, at first
        group.locator("select").select_option("1")
        state = msg(page)["state"]
        group.locator(f'button[data-action="place {name}"]').click()
        page.wait_for_function(f"G.msg.state > {state}")
        if page.evaluate("G.pick") != [name]:  # still selected, or selected again
            page.locator(f'#board g.terr[data-name="{name}"]').click()
        select = page.locator(
            "#actions .grp", has=page.locator(f'button[data-action="place {name}"]')
        ).locator("select")
        assert select.input_value() == str(pending - 1)


# A page's live updates held back, as on a slow connection, and let through again.
HOLD = """() => {
  window.LIVE = G.ws.onmessage;
  window.HELD = [];
  G.ws.onmessage = (ev) => window.HELD.push(ev);
}"""
RELEASE = "() => { G.ws.onmessage = window.LIVE; window.HELD.forEach((ev) => window.LIVE(ev)); }"


def test_a_second_tab_that_loses_the_race_says_so_quietly(server: str, served_hub: Hub) -> None:
    """Two tabs on one seat with armies to place; the second, a moment behind (its updates
    held back), places the army the first just placed. It places nothing more (it used to
    make the choice again in the new state, where it was still legal), has no console error
    (a 409 is one) and says the decision was already taken, not refused; its view then moves
    on to the new state."""
    tokens, room, seat = _people_until(
        server, served_hub, lambda match, seat: match.state.phase == "reinforce"
    )
    with room.lock:  # more armies to place than a turn's first gives (test-only, in memory)
        room.match.state.pending = 8
        mine = next(t for t, o in enumerate(room.match.state.owner) if o == seat)
        name = room.match.state.board.territories[mine]
    with chromium_browser() as browser:
        errors: list[str] = []
        tabs = [open_page(browser, errors=errors) for _ in range(2)]
        for tab in tabs:
            tab.on("console", lambda m: m.type == "error" and errors.append(m.text))
            tab.goto(server + tokens[seat]["link"])
            tab.wait_for_function("G.msg && G.board")
        first, second = tabs
        state = msg(first)["state"]
        second.evaluate(HOLD)
        for tab in tabs:
            tab.locator(f'#board g.terr[data-name="{name}"]').click()
            group = tab.locator(
                "#actions .grp", has=tab.locator(f'button[data-action="place {name}"]')
            )
            group.locator("select").select_option("1")
            group.locator(f'button[data-action="place {name}"]').click()
            if tab is first:
                first.wait_for_function(f"G.msg.state > {state}")
        second.wait_for_selector("#notice:has-text('already taken')")
        assert second.locator("#error").inner_text() == ""
        with room.lock:
            assert room.state_id == state + 1 and room.match.state.pending == 7
        second.evaluate(RELEASE)
        second.wait_for_function(f"G.msg.state > {state}")
        ARTIFACTS.mkdir(exist_ok=True)
        second.screenshot(path=str(ARTIFACTS / "risk-second-tab.png"))
        assert errors == []


def test_the_two_player_neutral_is_named_in_the_hint_and_the_players(
    server: str, served_hub: Hub
) -> None:
    """The 2-player game's neutral armies: the hint for placing one reads as words ("to place
    a neutral army there", it said "to neutral") and the players table has a row for the
    neutral, so that its grey on the map is explained."""
    g = _new_game(server, [{"kind": "human"}] * 2)
    seats = {s["seat"]: s for s in g["seats"]}
    room = served_hub.room(g["id"])
    while True:
        with room.lock:
            seat = room.match.to_move()[0]
            if room.match.state.phase == "setup-neutral":
                break
            action = room.match.legal(seat)[0]
        served_hub.act(g["id"], seats[seat]["token"], room.state_id, action.to_json())
    with browser_page(server + seats[seat]["link"]) as (page, errors):
        page.wait_for_function("G.msg && G.board && G.msg.view.phase === 'setup-neutral'")
        assert page.locator("#toplace").count() == 0  # both of this turn's are placed
        hint = page.locator("#hint").inner_text()
        assert hint == "Click a territory on the map to place a neutral army there."
        rows = page.locator("#players tr").all_inner_texts()
        held = page.evaluate("G.msg.view.territories.filter((t) => t.owner === 'Neutral')")
        armies = sum(t["armies"] for t in held)
        assert len(rows) == 3 and rows[2].split("\t") == [
            "",
            "Neutral",
            "not a player",
            f"{len(held)} territories · {armies} armies",
        ]
        assert not errors, errors


def test_the_map_shows_the_attack_a_defender_is_asked_about(server: str, served_hub: Hub) -> None:
    """Asked to defend, a seat sees that attack on the map (an arrow from its source to its
    target), not the roll before it, which was often another attack elsewhere."""

    def defending(match: Match, seat: int) -> bool:
        return match.state.phase == "defend"

    tokens, room, seat = _people_until(server, served_hub, defending, _hard_attacker)
    battle = room.match.view(seat)["battle"]
    with browser_page(server + tokens[seat]["link"]) as (page, errors):
        page.wait_for_function("G.msg && G.board && G.msg.view.phase === 'defend'")
        marked = page.evaluate(
            "[...document.querySelectorAll('#board g.lastto, #board g.lastfrom')]"
            ".map((g) => [g.dataset.name, g.classList.contains('lastto')])"
        )
        assert sorted(marked) == sorted([[battle["from"], False], [battle["to"], True]])
        assert page.locator("#board line.lastarrow").count() == 1
        assert not errors, errors


def test_a_two_player_setup_turn_says_how_many_armies_are_left_to_place(
    server: str, served_hub: Hub
) -> None:
    """Each 2-player setup turn places 2 of the seat's own armies (then 1 neutral): the counts
    say how many of the 2 are left, as a reinforcement does ("You have 1 army to place")."""
    g = _new_game(server, [{"kind": "human"}] * 2)
    seats = {s["seat"]: s for s in g["seats"]}
    room = served_hub.room(g["id"])
    with room.lock:
        seat = room.match.to_move()[0]
        assert room.match.state.phase == "setup-place"
    with browser_page(server + seats[seat]["link"]) as (page, errors):
        page.wait_for_function("G.msg && G.board && G.msg.legal.length")
        assert page.locator("#toplace").inner_text() == "You have 2 armies to place"
        first = page.evaluate("G.msg.legal[0]")
        _send(page, [first[0], first[1], 1])
        page.wait_for_function("G.msg.legal.length")
        assert page.locator("#toplace").inner_text() == "You have 1 army to place"
        assert not errors, errors
