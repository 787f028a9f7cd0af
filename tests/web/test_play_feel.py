"""Classic RISK in Chromium, what players expect beyond the rules (issue 12): what just
happened drawn on the map (the last attack's source, target and dice), no motion for a reader
who asked for less, the map by keyboard, a finished game's summary with a chart, a rematch in
one click, and a phone layout that shows the whole map. Screenshots go to test-artifacts/."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from tests.web.play import SHORT, choose
from tests.web.system import chromium_browser, open_page
from tests.web.test_browser import ARTIFACTS, msg
from tests.web.test_risk_page import _new_game
from warroom.web.hub import Hub, WebError
from warroom.web.store import Store

MAP_KINDS = {"battle", "capture", "move", "fortify", "place", "claim"}
# What the page draws over the map, read in one go (the page cannot redraw in between).
SHOWN = """() => ({
  state: G.msg.state, last: G.last,
  to: [...document.querySelectorAll('#board g.terr.lastto')].map(g => g.dataset.name),
  from: [...document.querySelectorAll('#board g.terr.lastfrom')].map(g => g.dataset.name),
  arrows: document.querySelectorAll('#board line.lastarrow').length,
  att: [...document.querySelectorAll('#board .mapdie.att text')].map(t => Number(t.textContent)),
  def: [...document.querySelectorAll('#board .mapdie.def text')].map(t => Number(t.textContent)),
  ring: document.querySelectorAll('#board circle.lastring').length,
})"""


@pytest.fixture
def served_hub(tmp_path: Any) -> Hub:
    """The server's hub with bots moving at once: the page must keep up with them."""
    return Hub(Store(f"sqlite:///{tmp_path / 'warroom.db'}"), seed_source=lambda: 20240601)


def _play_people(hub: Hub, g: dict[str, Any], until: Any) -> None:
    """Let the people's seats play the test policy through the hub until `until()`; bots play
    themselves. A page may send a forced choice first (409): then look again."""
    tokens = {s["seat"]: s["token"] for s in g["seats"] if "token" in s}
    room = hub.room(g["id"])
    deadline = time.time() + 60
    while not until() and time.time() < deadline:
        with room.lock:
            movers = [s for s in room.match.to_move() if s in tokens]
            if room.match.outcome() is not None or not movers:
                pass
            else:
                seat = movers[0]
                legal = [a.to_json() for a in room.match.legal(seat)]
                # The people place and defend but attack no one: the bot's attacks are the
                # ones this test is about, and a short game keeps it quick.
                quiet = room.match.state.phase in ("attack", "fortify") and ["end"] in legal
                action = ["end"] if quiet else choose(legal, room.match.view(seat))
                state_id = room.state_id
        if room.match.outcome() is not None or not movers:
            time.sleep(0.01)
            continue
        try:
            hub.act(g["id"], tokens[seat], state_id, action)
        except WebError as exc:
            assert exc.status == 409, exc.message


class PauseAfterRoll:
    """Test-only: the greedy bot, halting once after its first roll of the dice (right after
    the battle, before its next choice) until the test has looked at the page."""

    name = "greedy, pausing"

    def __init__(self, inner: Any, room: Any) -> None:
        self.inner, self.room = inner, room
        self.paused, self.release = threading.Event(), threading.Event()

    def choose(self, seat: int, observation: Any, legal: Any) -> Any:
        with self.room.lock:
            log = self.room.match.log
            rolled = [e for e in log[-2:] if e.kind == "battle" and e.data["attacker"] == seat]
        if rolled and not self.paused.is_set():
            self.paused.set()
            self.release.wait(30)
        return self.inner.choose(seat, observation, legal)


def _check_shown(page: Any, hub: Hub, game: str, seen: set[str]) -> None:
    """Once the page has the server's state, the map shows the log's last map event."""
    room = hub.room(game)
    with room.lock:
        state_id = room.state_id
        log = room.match.log
        index = max((i for i, e in enumerate(log) if e.kind in MAP_KINDS), default=None)
        event = None if index is None else log[index]
        roll = event if event is not None and event.kind == "battle" else None
        if event is not None and event.kind == "capture" and log[index - 1].kind == "battle":
            roll = log[index - 1]  # the roll that took it: drawn with the capture
    by_bot = roll is not None and roll.data["attacker"] == 2
    if event is None or (event.kind in seen and not by_bot):
        return  # each kind once, and the bot's attacks: the page is looked at where it matters
    page.wait_for_function(f"G.msg.state >= {state_id}", timeout=15_000)
    shown = page.evaluate(SHOWN)
    if event is None or shown["state"] != state_id:
        return
    data = dict(event.data)
    assert shown["last"]["key"] == f"ev{index}"
    assert shown["to"] == [data.get("to") or data.get("territory")]
    if roll is not None:
        assert shown["from"] == [roll.data["from"]] and shown["arrows"] == 1
        assert shown["att"] == roll.data["attack"] and shown["def"] == roll.data["defend"]
        if by_bot:
            seen.add("bot-battle")
    seen.add(event.kind)


def test_map_highlight_keyboard_summary_rematch_and_phone(server: str, served_hub: Hub) -> None:
    bot = {"kind": "bot", "tier": "greedy"}
    g = _new_game(server, [{"kind": "human"}, {"kind": "human"}, bot])
    room = served_hub.room(g["id"])
    # A short game: it ends after 5 turns, so that the bot has a turn after seat 0's first
    # (test-only: the option is set in memory).
    with room.lock:
        room.match.state.options = {**room.match.state.options, "turn_limit": 5}
    tokens = {s["seat"]: s for s in g["seats"] if "token" in s}
    ARTIFACTS.mkdir(exist_ok=True)

    def seat0_reinforces() -> bool:
        with room.lock:
            return 0 in room.match.to_move() and room.match.state.phase == "reinforce"

    # Setup goes by before the pages open (nothing to look at there, and quicker).
    _play_people(served_hub, {"id": g["id"], "seats": [tokens[0], tokens[1]]}, seat0_reinforces)
    assert seat0_reinforces()
    with chromium_browser() as browser:
        errors: list[str] = []
        page = open_page(browser, errors=errors)
        calm = open_page(browser, errors=errors, reduced_motion="reduce")
        for pg in (page, calm):
            pg.goto(server + tokens[0]["link"] if pg is page else server + f"/game/{g['id']}")
            pg.wait_for_function("G.msg && G.board")

        # -- the keyboard: Tab into the map, arrows, Enter selects, Enter on the action --
        page.wait_for_function(f"G.msg.state >= {room.state_id} && G.msg.legal.length")
        m = msg(page)
        page.locator("#typedtext").focus()
        page.keyboard.press("Shift+Tab")  # back from the panel...
        for _ in range(60):  # ...Tab from the page's top to the first territory to use
            if page.evaluate("!!document.activeElement.closest('#board g.terr')"):
                break
            page.keyboard.press("Tab")
        focused = page.evaluate("document.activeElement.dataset.name")
        assert focused, "Tab should reach a territory"
        label = page.evaluate("document.activeElement.getAttribute('aria-label')")
        mine = {t["name"]: t for t in msg(page)["view"]["territories"]}[focused]
        assert focused in label and mine["owner"] in label
        count = mine["armies"]
        assert f"; {count} {'army' if count == 1 else 'armies'};" in label  # "1 army"
        assert "act from here" in label
        ring = page.evaluate(
            "getComputedStyle(document.activeElement.querySelector('.focusring')).stroke"
        )
        assert ring not in ("none", ""), "focus must be visible"
        page.keyboard.press("ArrowRight")
        moved = page.evaluate("document.activeElement.dataset.name")
        assert moved and moved != focused
        page.keyboard.press("ArrowLeft")
        back = page.evaluate("document.activeElement.dataset.name")
        page.screenshot(path=str(ARTIFACTS / "risk-keyboard.png"))
        page.keyboard.press("Enter")
        page.wait_for_function(f"G.pick[0] === {back!r}")
        # Escape on the map clears the selection; Enter makes it again.
        page.locator(f'#board g.terr[data-name="{back}"]').focus()
        page.keyboard.press("Escape")
        page.wait_for_function("G.pick.length === 0")
        page.keyboard.press("Enter")
        page.wait_for_function(f"G.pick[0] === {back!r}")
        # The selection is complete: focus goes on to the panel's first control.
        action = page.evaluate("document.activeElement.dataset.action")
        assert action and action.split()[0] in {a[0] for a in m["legal"]}
        assert back in action
        before = len(room.match.log)
        page.keyboard.press("Enter")
        page.wait_for_function(f"G.msg.state > {m['state']}")
        done = room.match.log[before]
        assert done.kind == "place" and done.data["territory"] == back
        count = action.split()[-1]  # the button's count, or the number box's (all)
        assert done.data["armies"] == (int(count) if count.isdigit() else m["view"]["pending"])

        # -- what just happened, on the map: the bot's attack, and as the people decide --
        seen: set[str] = set()
        people = {"id": g["id"], "seats": [tokens[0], tokens[1]]}
        pausing = PauseAfterRoll(room.bots[2], room)
        room.bots[2] = pausing

        def checked() -> bool:
            _check_shown(page, served_hub, g["id"], seen)
            return pausing.paused.is_set() or room.match.outcome() is not None

        try:
            _play_people(served_hub, people, checked)
            assert pausing.paused.is_set(), "the bot should attack within the game"
            _check_shown(page, served_hub, g["id"], seen)
            _check_shown(calm, served_hub, g["id"], seen)
            assert "bot-battle" in seen, seen
            page.screenshot(path=str(ARTIFACTS / "risk-last-attack.png"))
            calm.screenshot(path=str(ARTIFACTS / "risk-last-attack-still.png"))
        finally:
            pausing.release.set()
        # Motion was played for live events, and none for the page asking for less.
        assert page.evaluate("ANIMS.size") > 0
        assert calm.evaluate("ANIMS.size") == 0
        assert calm.evaluate("document.getAnimations().length") == 0

        # -- the end: the summary with its chart ---------------------------------------
        _play_people(served_hub, people, lambda: room.match.outcome() is not None)
        outcome = room.match.outcome()
        assert outcome is not None
        for pg in (page, calm):
            pg.wait_for_selector("#summary svg.chart polyline")
        names = [s["name"] for s in msg(page)["seats"]]
        head = page.locator("#summary-head").inner_text()
        assert head.startswith(" and ".join(names[w] for w in outcome.winners) + " won")
        assert page.locator("#summary svg.chart polyline").count() == 3
        final = [0, 0, 0]
        for t in msg(page)["view"]["territories"]:
            final[t["seat"]] += 1
        points = page.evaluate(
            "[...document.querySelectorAll('#summary svg.chart polyline')]"
            ".map(p => p.getAttribute('points').split(' ').length)"
        )
        assert len(set(points)) == 1 and points[0] >= 4  # a point per turn, and the end
        table = page.locator("#summary table").inner_text()
        assert all(str(n) in table for n in final)
        page.locator("#summary").scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / "risk-summary.png"), full_page=True)

        # -- rematch: one click; the other person follows with their own link ----------
        assert calm.locator("#rematch").count() == 0  # a spectator starts none
        page.click("#rematch")
        page.wait_for_url(lambda url: g["id"] not in url)
        page.wait_for_function(
            "typeof G !== 'undefined' && G.msg && G.board && G.msg.game !== " + repr(g["id"])
        )
        new = msg(page)
        old = msg(calm)
        assert new["seat"] == 0 and new["outcome"] is None
        assert new["options"] == old["options"] and new["options"]["setup"] == SHORT["setup"]
        calm.wait_for_function(f"G.msg.rematch === {new['game']!r}")
        keep = ("name", "kind", "tier")
        assert [[s[k] for k in keep] for s in new["seats"]] == [
            [s[k] for k in keep] for s in old["seats"]
        ]
        assert new["mode"] == old["mode"]
        phone = open_page(
            browser,
            server + tokens[1]["link"],
            width=390,
            height=844,
            errors=errors,
            is_mobile=True,
            has_touch=True,
        )
        phone.wait_for_selector("#rematch-link")
        phone.click("#rematch-link")
        # The link navigates: until the new page's script runs there is no G to read.
        phone.wait_for_function(
            f"typeof G !== 'undefined' && G.msg && G.board && G.msg.game === {new['game']!r}"
        )
        assert msg(phone)["seat"] == 1

        # -- the phone: the whole map in the width, nothing to scroll sideways ---------
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, width
        board = phone.locator("#board").bounding_box()
        assert board and board["x"] >= 0 and board["x"] + board["width"] <= 390
        drawn = phone.evaluate(
            "(() => { const b = document.getElementById('board').getBBox(); "
            "return [b.x, b.y, b.width, b.height]; })()"
        )
        view_box = phone.evaluate("document.getElementById('board').viewBox.baseVal.width")
        assert drawn[0] >= 0 and drawn[0] + drawn[2] <= view_box + 1  # all of it is drawn
        panel = phone.locator("aside.panel").bounding_box()
        assert panel and panel["y"] >= board["y"] + board["height"]
        phone.locator("#log").scroll_into_view_if_needed()
        assert phone.locator("#log").is_visible()
        phone.screenshot(path=str(ARTIFACTS / "risk-phone.png"), full_page=True)
        assert not errors, errors
