"""Every map on a phone (390x844, touch): the map alone zooms (its buttons, a pinch) and pans
(a drag) while the page neither zooms nor scrolls sideways; zoomed, each place's tap target is
a fingertip wide and apart; a tap selects the place under it, a tap beside a place the nearest
one, a drag nothing. On a desktop Ctrl+wheel zooms and arrow keys keep the focused place in
view. The Monopoly board zooms the same way on a phone, follows the player's token and shows a
tapped space's details under it; on a desktop it stays whole with its middle. Screenshots go to
test-artifacts/ for people to look at."""

from __future__ import annotations

import time
from typing import Any

from tests.web.play import bot_choice, play_people
from tests.web.system import browser_page, chromium_browser, create_game, open_page
from tests.web.test_browser import ARTIFACTS
from warroom.web.hub import Hub

PHONE: dict[str, Any] = {"width": 390, "height": 844, "is_mobile": True, "has_touch": True}
FINGER = 40  # CSS px: a tap target at least this wide, and places at least this far apart
# Each map page: (name for the screenshots, mode, players, options).
MAPS = [
    ("classic-ancient-earth", "risk-classic", 3, {"map": "ancient-earth"}),
    ("classic-world", "risk-classic", 3, {"map": "classic-world"}),
    ("mcu-skirmish", "mcu-skirmish", 3, {}),
    ("mcu-battle-for-manhattan", "mcu-battle-for-manhattan", 3, {}),
    ("mass-effect-basic", "mass-effect-basic", 3, {}),
    ("mass-effect-galaxy-at-war", "mass-effect-galaxy-at-war", 3, {}),
    ("godstorm", "risk-godstorm", 2, {}),
]
# The places wholly on the shown map: the narrowest tap target (the focus ring, a finger's
# target) and the least distance between two places' middles, in CSS px.
MEASURE = """() => {
  const map = document.getElementById('board').getBoundingClientRect();
  const inside = (r) => r.left >= map.left && r.right <= map.right && r.top >= map.top
    && r.bottom <= map.bottom;
  const rings = [...document.querySelectorAll('#board g.terr circle.focusring')]
    .map((c) => c.getBoundingClientRect()).filter(inside);
  const mids = rings.map((r) => [r.x + r.width / 2, r.y + r.height / 2]);
  let apart = Infinity;
  for (let i = 0; i < mids.length; i++) for (let j = i + 1; j < mids.length; j++)
    apart = Math.min(apart, Math.hypot(mids[i][0] - mids[j][0], mids[i][1] - mids[j][1]));
  return { shown: rings.length, target: Math.min(...rings.map((r) => r.width)), apart };
}"""
# Whether the focused place lies wholly on the shown map.
FOCUS_SHOWN = """() => {
  const map = document.getElementById('board').getBoundingClientRect();
  const r = document.activeElement.querySelector('circle.owner').getBoundingClientRect();
  return r.left >= map.left && r.right <= map.right && r.top >= map.top && r.bottom <= map.bottom;
}"""
# The places (those this seat may claim, when `claims`) that lie wholly on the shown map: name
# and middle (CSS px).
SHOWN = """(claims) => {
  const map = document.getElementById('board').getBoundingClientRect();
  const names = new Set(G.msg.legal.filter((a) => a[0] === 'claim').map((a) => a[1]));
  return [...document.querySelectorAll('#board g.terr')]
    .filter((g) => !claims || names.has(g.dataset.name))
    .map((g) => [g.dataset.name, g.querySelector('circle.owner').getBoundingClientRect()])
    .filter(([, r]) => r.left > map.left && r.right < map.right && r.top > map.top
      && r.bottom < map.bottom)
    .map(([n, r]) => [n, r.x + r.width / 2, r.y + r.height / 2]);
}"""
SHOWN_CLAIMS = f"() => ({SHOWN})(true)"
SHOWN_PLACES = f"() => ({SHOWN})(false)"
# A point 15 CSS px from a place this seat may claim (off its tap ring, 11 px wide on the whole
# map) on the map's water or lines, nearer that place than any other: [name, x, y], or null.
BESIDE = """() => {
  const names = new Set(G.msg.legal.filter((a) => a[0] === 'claim').map((a) => a[1]));
  const mids = [...document.querySelectorAll('#board g.terr circle.owner')].map((c) => {
    const r = c.getBoundingClientRect();
    return [c.parentNode.dataset.name, r.x + r.width / 2, r.y + r.height / 2];
  });
  const far = (m, p) => Math.hypot(m[1] - p[0], m[2] - p[1]);
  for (const [name, x, y] of mids.filter(([n]) => names.has(n))) {
    for (let k = 0; k < 8; k++) {
      const p = [x + 15 * Math.cos(k * Math.PI / 4), y + 15 * Math.sin(k * Math.PI / 4)];
      const hit = document.elementFromPoint(...p);
      const nearest = mids.reduce((a, b) => (far(b, p) < far(a, p) ? b : a));
      if (hit && hit.closest('#board') && !hit.closest('g.terr') && nearest[0] === name) {
        return [name, ...p];
      }
    }
  }
  return null;
}"""
VIEW_WIDTH = "document.getElementById('board').viewBox.baseVal.width"
# The Monopoly spaces wholly on the shown board: index, name, middle (CSS px) and the lesser of
# width and height.
MONO_SHOWN = """() => {
  const map = document.getElementById('mboard').getBoundingClientRect();
  return [...document.querySelectorAll('#mboard g.mspace')]
    .map((g) => [g, g.querySelector('rect.mcell').getBoundingClientRect()])
    .filter(([, r]) => r.left >= map.left - 1 && r.right <= map.right + 1 && r.top >= map.top - 1
      && r.bottom <= map.bottom + 1)
    .map(([g, r]) => [Number(g.dataset.index), g.dataset.name, r.x + r.width / 2,
      r.y + r.height / 2, Math.min(r.width, r.height)]);
}"""
# Whether a seat's token (its circle) lies wholly on the shown Monopoly board.
MONO_TOKEN_SHOWN = """(seat) => {
  const map = document.getElementById('mboard').getBoundingClientRect();
  const r = document.querySelector(`#mboard .mtoken[data-seat="${seat}"] circle`)
    .getBoundingClientRect();
  return r.left >= map.left && r.right <= map.right && r.top >= map.top && r.bottom <= map.bottom;
}"""
MONO_VIEW = "document.getElementById('mboard').getAttribute('viewBox')"
MONO_VIEW_WIDTH = "document.getElementById('mboard').viewBox.baseVal.width"


def _page_still(page: Any) -> None:
    """The page itself is neither zoomed nor scrolled sideways, nor wider than the phone."""
    state = page.evaluate("[visualViewport.scale, scrollX, document.documentElement.scrollWidth]")
    assert state[0] == 1 and state[1] == 0 and state[2] <= PHONE["width"], state


def _touch(cdp: Any, kind: str, points: list[tuple[float, float]], at: float) -> None:
    """One touch event at `at` seconds (its time, which a fling's speed is read from)."""
    cdp.send(
        "Input.dispatchTouchEvent",
        {
            "type": kind,
            "touchPoints": [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)],
            "timestamp": at,
        },
    )


def _gesture(cdp: Any, frames: list[list[tuple[float, float]]]) -> None:
    """Fingers down at the first frame's points, moved through the others 20 ms apart, held
    still for half a second (a finger lifted while moving flings, and the tap that next
    stops the fling is no tap), then lifted."""
    start = time.time()
    _touch(cdp, "touchStart", frames[0], start)
    for step, points in enumerate(frames[1:], 1):
        _touch(cdp, "touchMove", points, start + 0.02 * step)
    held = start + 0.02 * len(frames) + 0.5
    _touch(cdp, "touchMove", frames[-1], held)
    _touch(cdp, "touchEnd", [], held + 0.02)


def _pinch(cdp: Any, x: float, y: float) -> None:
    """Two fingers on (x, y) spread apart, as a person zooms in."""
    _gesture(cdp, [[(x - 20 - 5 * step, y), (x + 20 + 5 * step, y)] for step in range(11)])


def _drag(cdp: Any, x: float, y: float, dx: float, dy: float) -> None:
    """One finger down on (x, y) and moved by (dx, dy)."""
    _gesture(cdp, [[(x + dx * step / 10, y + dy * step / 10)] for step in range(11)])


def _claim(page: Any, place: str, seat: int) -> None:
    """The selected place claimed by its button, which the page shows without a scroll."""
    button = page.locator(f'#actions button[data-action="claim {place}"]')
    box = button.bounding_box()
    assert box and box["y"] + box["height"] <= PHONE["height"], box
    button.tap()
    page.wait_for_function(
        "([t, s]) => G.msg.view.territories.find((x) => x.name === t).seat === s",
        arg=[place, seat],
    )


def test_every_map_zooms_to_a_fingertip_on_a_phone(server: str) -> None:
    """Whole, the densest maps' places lie under 40 px apart; the + button zooms the map (not
    the page) until every shown place is a fingertip wide and apart, and Fit shows it whole."""
    with chromium_browser() as browser:
        errors: list[str] = []
        for name, mode, players, options in MAPS:
            game = create_game(server, mode, [{"kind": "human"}] * players, options)
            page = open_page(browser, server + game["seats"][0]["link"], errors=errors, **PHONE)
            page.wait_for_function("G.board && document.querySelectorAll('#board g.terr').length")
            whole = page.evaluate(MEASURE)
            assert whole["target"] < FINGER, (name, whole)  # why the map zooms
            presses = 0
            while (seen := page.evaluate(MEASURE))["target"] < FINGER or seen["apart"] < FINGER:
                assert page.locator(".zoomin").is_enabled(), (name, presses, seen)
                page.locator(".zoomin").tap()
                presses += 1
            assert seen["shown"] >= 3, (name, seen)
            _page_still(page)
            page.screenshot(path=str(ARTIFACTS / f"phone-zoomed-{name}.png"))
            page.locator(".zoomfit").tap()
            assert page.evaluate(MEASURE)["shown"] == whole["shown"], name
            page.context.close()
        assert not errors, errors


def test_a_phone_pinches_pans_and_taps_the_map(server: str, served_hub: Hub) -> None:
    """Classic RISK's claims on a phone: pinch and drag move the map alone, and a drag that
    starts on a place claims nothing; a tap on a zoomed place selects it for its claim; at Fit,
    a tap on the water just beside a place selects that place."""
    game = create_game(
        server, "risk-classic", [{"kind": "human"}] * 3, {"map": "classic-world", "setup": "claim"}
    )
    room = served_hub.room(game["id"])
    with room.lock:
        seat = room.match.to_move()[0]
    link = server + game["seats"][seat]["link"]
    with chromium_browser() as browser:
        errors: list[str] = []
        page = open_page(browser, link, errors=errors, **PHONE)
        page.wait_for_function("G.board && G.msg.legal.length")
        page.screenshot(path=str(ARTIFACTS / "phone-map-whole.png"))
        cdp = page.context.new_cdp_session(page)
        box = page.locator("#board").bounding_box()
        assert box
        middle = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        whole = page.evaluate(VIEW_WIDTH)

        _pinch(cdp, *middle)
        zoomed = page.evaluate(VIEW_WIDTH)
        assert zoomed < whole / 2, (zoomed, whole)
        _page_still(page)

        # A drag from a place's middle pans the map and is no tap on that place.
        under, x, y = page.evaluate(SHOWN_CLAIMS)[0]
        before = page.evaluate("document.getElementById('board').viewBox.baseVal.x")
        _drag(cdp, x, y, -60, 0)
        assert page.evaluate("document.getElementById('board').viewBox.baseVal.x") > before
        _page_still(page)
        state = page.evaluate("G.msg.state")
        target = next(n for n, _, _ in page.evaluate(SHOWN_CLAIMS) if n != under)
        page.locator(f'#board g.terr[data-name="{target}"] circle.owner').tap()
        page.wait_for_selector(f'#board g.terr.pick[data-name="{target}"]')
        page.screenshot(path=str(ARTIFACTS / "phone-map-zoomed-selected.png"))
        _claim(page, target, seat)
        owner = {t["name"]: t["seat"] for t in page.evaluate("G.msg.view.territories")}
        assert owner[under] is None, under  # the drag claimed nothing
        assert page.evaluate("G.msg.state") == state + 1  # nor anything else
        page.screenshot(path=str(ARTIFACTS / "phone-map-zoomed-claimed.png"))

        # The others claim; then, the whole map shown, a tap just off a place's ring.
        for _ in range(2):
            with room.lock:
                mover = room.match.to_move()[0]
                action = next(a for a in room.match.legal(mover) if a.to_json()[0] == "claim")
                state_id = room.state_id
            served_hub.act(game["id"], game["seats"][mover]["token"], state_id, action.to_json())
        page.wait_for_function("G.msg.legal.some((a) => a[0] === 'claim')")
        page.locator(".zoomfit").tap()
        assert page.evaluate(VIEW_WIDTH) == whole
        beside = page.evaluate(BESIDE)
        assert beside, "no water beside an unclaimed place"
        page.touchscreen.tap(beside[1], beside[2])
        page.wait_for_selector(f'#board g.terr.pick[data-name="{beside[0]}"]')
        _claim(page, beside[0], seat)
        _page_still(page)
        assert not errors, errors


def test_a_desktop_zooms_with_ctrl_wheel_and_keeps_the_focused_place_in_view(
    server: str,
) -> None:
    """At 1280x800 a plain wheel is the page's (it scrolls), not the map's; Ctrl+wheel zooms
    the map about the pointer; arrow keys that move the focus off the zoomed map's edge bring
    it back in."""
    game = create_game(
        server, "risk-classic", [{"kind": "human"}] * 3, {"map": "classic-world", "setup": "deal"}
    )
    with browser_page(server + game["seats"][0]["link"], width=1280, height=800) as (page, errors):
        page.wait_for_function("G.board && document.querySelectorAll('#board g.terr').length")
        whole = page.evaluate(VIEW_WIDTH)
        box = page.locator("#board").bounding_box()
        assert box
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        # Whether the page's own scroll was let be, for each wheel turn that reached the page.
        page.evaluate(
            "window.wheels = [];"
            "addEventListener('wheel', (e) => wheels.push(!e.defaultPrevented), {passive: true})"
        )
        page.mouse.wheel(0, 200)
        page.wait_for_function("wheels.length === 1")
        assert page.evaluate("wheels") == [True]
        assert page.evaluate(VIEW_WIDTH) == whole
        page.keyboard.down("Control")
        page.mouse.wheel(0, -300)
        page.keyboard.up("Control")
        page.wait_for_function("wheels.length === 2")
        assert page.evaluate("wheels") == [True, False]
        assert page.evaluate(VIEW_WIDTH) < whole
        # A mouse drag from a place pans the map and selects nothing.
        name, x, y = page.evaluate(SHOWN_PLACES)[0]
        left = page.evaluate("document.getElementById('board').viewBox.baseVal.x")
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(x - 80, y, steps=8)
        page.mouse.up()
        assert page.evaluate("document.getElementById('board').viewBox.baseVal.x") > left, name
        assert page.evaluate("[G.pick, document.getElementById('error').textContent]") == [[], ""]
        assert page.evaluate("visualViewport.scale") == 1
        # East from the westernmost place (off the zoomed map): each place focused is shown.
        west = min(page.evaluate("G.board.territories"), key=lambda t: t["x"])["name"]
        page.locator(f'#board g.terr[data-name="{west}"]').focus()
        assert not page.evaluate(FOCUS_SHOWN)
        for _ in range(6):
            page.keyboard.press("ArrowRight")
            assert page.evaluate(FOCUS_SHOWN), page.evaluate("document.activeElement.dataset.name")
        assert not errors, errors


def _mono_space(page: Any, index: int) -> tuple[float, float] | None:
    """The middle of Monopoly space `index` when wholly shown, else None."""
    return next(((x, y) for i, _, x, y, _ in page.evaluate(MONO_SHOWN) if i == index), None)


def _mono_details(page: Any, index: int, name: str) -> None:
    """The tapped space's details, under the board and on the screen without a scroll."""
    details = page.locator(f'#monocenter .mdetails[data-index="{index}"]')
    details.wait_for()
    assert details.locator(".mdname").inner_text() == name
    box = details.bounding_box()
    assert box and box["y"] + 40 <= PHONE["height"], box


def test_the_monopoly_board_zooms_on_a_phone_and_follows_the_token(
    server: str, served_hub: Hub
) -> None:
    """Two people; the page of the one not to move first, on a phone, shows the whole board in
    the screen's width,
    its spaces under a fingertip wide; + zooms about the player's token (shown) until they are
    a fingertip wide, a tap on a space opens its details under the board, Fit shows it whole
    again. Zoomed on Free Parking, the token's move (a roll) brings its new space into view.
    At 1280x800 the board stays whole with its middle, and no zoom buttons."""
    mode = "monopoly-avengers"
    game = create_game(server, mode, [{"kind": "human"}, {"kind": "human"}])
    tokens = {s["seat"]: s["token"] for s in game["seats"]}
    room = served_hub.room(game["id"])
    with room.lock:
        seat = 1 - room.match.view(None)["current"]  # not to roll first
    link = server + game["seats"][seat]["link"]
    with chromium_browser() as browser:
        errors: list[str] = []
        page = open_page(browser, link, errors=errors, **PHONE)
        # Its window before the first roll closed (the page's forced "done"): nothing more
        # happens until the test plays on.
        page.wait_for_function(
            "MONO.board && document.querySelectorAll('#mboard g.mspace').length"
            " && !G.msg.to_move.includes(G.msg.seat)"
        )
        _page_still(page)
        whole = page.evaluate(MONO_SHOWN)
        assert len(whole) == 40 and page.evaluate(MONO_VIEW_WIDTH) == 1000
        assert min(size for *_, size in whole) < FINGER  # why the board zooms
        page.screenshot(path=str(ARTIFACTS / "phone-monopoly-whole.png"))

        presses = 0
        while min(size for *_, size in page.evaluate(MONO_SHOWN)) < FINGER:
            assert page.locator("#monozoom .zoomin").is_enabled(), presses
            page.locator("#monozoom .zoomin").tap()
            presses += 1
        assert page.evaluate(MONO_VIEW_WIDTH) < 1000
        assert page.evaluate(MONO_TOKEN_SHOWN, seat)  # the zoom is about the player's token
        _page_still(page)
        view = page.evaluate(MONO_VIEW)
        index, name, x, y, _ = next(s for s in page.evaluate(MONO_SHOWN) if s[0] != 0)
        page.touchscreen.tap(x, y)
        _mono_details(page, index, name)
        assert page.evaluate(MONO_VIEW) == view  # a tap does not move the board
        _page_still(page)
        page.screenshot(path=str(ARTIFACTS / "phone-monopoly-zoomed-details.png"))
        page.locator("#monozoom .zoomfit").tap()
        assert page.evaluate(MONO_VIEW_WIDTH) == 1000
        assert len(page.evaluate(MONO_SHOWN)) == 40
        assert page.locator("#monozoom .zoomfit").is_disabled()

        # Free Parking tapped on the whole board and zoomed: GO and its token are off it.
        parking = next(s for s in whole if s[1] == "Free Parking")
        page.touchscreen.tap(parking[2], parking[3])
        _mono_details(page, parking[0], "Free Parking")
        for _ in range(3):
            page.locator("#monozoom .zoomin").tap()
        assert _mono_space(page, parking[0]) and not page.evaluate(MONO_TOKEN_SHOWN, seat)

        def moved() -> bool:
            with room.lock:
                state = room.match.state
                return bool(state.pos[seat] != 0 or state.jail[seat] >= 0)

        play_people(served_hub, game["id"], tokens, bot_choice(mode), moved)
        page.wait_for_function(
            """(seat) => {
              const t = MONO.tokens[seat];
              const map = document.getElementById('mboard').getBoundingClientRect();
              const r = document.querySelector(
                `#mboard g.mspace[data-index="${tokenSpace(MONO.board, t)}"] rect.mcell`
              ).getBoundingClientRect();
              return t.space !== 0 && r.left >= map.left - 1 && r.right <= map.right + 1
                && r.top >= map.top - 1 && r.bottom <= map.bottom + 1;
            }""",
            arg=seat,
        )
        assert page.evaluate(MONO_VIEW_WIDTH) < 1000  # still zoomed, only moved
        page.wait_for_function(
            "(s) => !document.querySelector(`#mboard .mtoken[data-seat='${s}']`)"
            ".getAnimations().length",
            arg=seat,
        )  # the token's walk there is over
        assert page.evaluate(MONO_TOKEN_SHOWN, seat)
        _page_still(page)
        page.screenshot(path=str(ARTIFACTS / "phone-monopoly-followed.png"))

        desk = open_page(browser, link, errors=errors, width=1280, height=800)
        desk.wait_for_function("MONO.board && document.querySelectorAll('#mboard g.mspace').length")
        assert desk.evaluate(MONO_VIEW) == "0 0 1000 1000"
        assert not desk.is_visible("#monozoom") and not desk.is_visible("#monocenter")
        assert desk.locator("#mboard foreignObject .mcenter").count() == 1
        assert not errors, errors
