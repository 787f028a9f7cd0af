"""Board drawing positions, from the file or automatic: deterministic, inside, legible."""

from __future__ import annotations

import copy
import itertools
import math

import pytest

from tests.web.play import SHORT, played_until
from tests.web.system import browser_page, create_game
from warroom import data
from warroom.core.board import Board
from warroom.core.match import Match
from warroom.web.hub import Hub
from warroom.web.layout import HEIGHT, WIDTH, force_layout, positions


def _without_coordinates(board_id: str) -> Board:
    raw = copy.deepcopy(data.read_json(f"boards/{board_id}.json"))
    for t in raw["territories"].values():
        t.pop("xy", None)
    return Board.from_dict(raw, board_id)


@pytest.mark.parametrize("board_id", ["classic-world", "ancient-earth"])
@pytest.mark.parametrize("drawn", [True, False], ids=["file-coordinates", "automatic"])
def test_layout_is_deterministic_inside_and_spread(board_id: str, drawn: bool) -> None:
    board = data.board(board_id) if drawn else _without_coordinates(board_id)
    assert all(p is not None for p in board.xy) is drawn
    pts = positions(board)
    assert pts == positions(board)
    assert (force_layout(board) == force_layout(board)).all()
    assert all(0 <= x <= WIDTH and 0 <= y <= HEIGHT for x, y in pts)
    closest = min(math.dist(a, b) for a, b in itertools.combinations(pts, 2))
    assert closest > 40  # room for a marker and its label


@pytest.mark.parametrize(
    "mode", ["mcu-battle-for-manhattan", "mass-effect-galaxy-at-war", "risk-godstorm"]
)
def test_every_name_on_the_map_stays_inside_it_on_a_phone(server: str, mode: str) -> None:
    """A phone draws the map's names larger: a name centred under a place by the board's side
    ran off it ('30 Washington D.C.' read 'Washington D.C.'). Each lies inside the map."""
    game = create_game(server, mode, [{"kind": "human"}] * 3)
    with browser_page(server + game["seats"][0]["link"], width=390, height=844) as (page, _):
        page.wait_for_function("G.board && document.querySelectorAll('#board text.label').length")
        outside = page.evaluate(
            """() => {
              const map = document.getElementById('board').getBoundingClientRect();
              return [...document.querySelectorAll('#board text.label')].filter((n) => {
                const r = n.getBoundingClientRect();
                return r.left < map.left - 0.5 || r.right > map.right + 0.5;
              }).map((n) => n.textContent);
            }"""
        )
        assert outside == []


# Where the page stands once a game is under way: the log's newest entry, how much of the log
# shows, and the first button of the decision, each seen (not covered, not scrolled away).
MID_GAME = """() => {
  const seen = (node) => {
    const r = node.getBoundingClientRect();
    const x = (r.left + r.right) / 2, y = r.top + Math.min(r.height / 2, 8);
    const hit = document.elementFromPoint(x, y);
    return r.height > 0 && r.bottom <= innerHeight && !!hit && node.contains(hit);
  };
  const log = document.getElementById('log');
  const box = log.getBoundingClientRect();
  const line = parseFloat(getComputedStyle(log).lineHeight);
  const button = [...document.querySelectorAll('#actions button, #actions summary')]
    .find((b) => b.checkVisibility());
  return {
    newest: seen(log.lastElementChild),
    lines: (Math.min(box.bottom, innerHeight) - Math.max(box.top, 0)) / line,
    button: button === undefined || seen(button),
  };
}"""


TWO_FRAMES = "new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


def _at_turns(match: Match) -> bool:
    """A game some way in (60 decisions made), seat 1 to decide: its hand, the last roll and
    the buttons of its decision fill the panel."""
    return len(match.record) >= 60 and 0 in match.to_move() and bool(match.legal(0))


@pytest.mark.parametrize(
    "mode",
    [
        "risk-classic",
        "risk-godstorm",
        "mass-effect-basic",
        "mass-effect-galaxy-at-war",
        "mcu-skirmish",
        "mcu-battle-for-manhattan",
        "risk-strike",
        "monopoly-avengers",
        "mass-effect-war-assets",
        "mcu-guardians",
    ],
)
def test_the_log_newest_lines_are_in_view_in_the_middle_of_a_game(
    server: str, served_hub: Hub, mode: str
) -> None:
    """docs/web.md: at 1400x900 the log beside the board shows at least five lines, its newest
    among them, without scrolling the page, and at 1280x800 some; the decision's buttons stay
    in view. In the middle of a game, where a hand, the last roll and a longer list of actions
    push the log down (it was below the panel's fold in most modes)."""
    options = SHORT if mode == "risk-classic" else None
    game = played_until(server, served_hub, mode, _at_turns, options=options)
    link = server + game["seats"][0]["link"]
    with browser_page(link, width=1400, height=900) as (page, errors):
        page.wait_for_function("G.msg && document.querySelectorAll('#log div').length >= 30")
        for (width, height), lines in (((1400, 900), 5), ((1280, 800), 3)):
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate(TWO_FRAMES)  # the new size laid out, and the log kept at its newest
            seen = page.evaluate(MID_GAME)
            assert seen["newest"], (width, seen)
            assert seen["lines"] >= lines, (width, seen)
            assert seen["button"], (width, seen)
        assert errors == []


# The places of each board drawn wholly inside the window (the SVG's own viewBox clips the rest).
GODSTORM_SHOWN = """() => {
  const map = document.getElementById('board').getBoundingClientRect();
  const inside = (n) => {
    const r = n.getBoundingClientRect();
    const top = Math.max(map.top, 0), bottom = Math.min(map.bottom, innerHeight);
    return r.top >= top - 0.5 && r.bottom <= bottom + 0.5;
  };
  const earth = new Set(G.msg.view.territories.map((t) => t.name));
  const places = [...document.querySelectorAll('#board g.terr')];
  const seen = places.filter(inside).map((n) => n.dataset.name);
  return { earth: seen.filter((n) => earth.has(n)).length,
    under: seen.filter((n) => !earth.has(n)).length,
    shown: document.querySelector('#boardpick button.on').dataset.board };
}"""


def test_godstorm_shows_either_board_whole_at_1280x800(server: str) -> None:
    """The Underworld lay under Ancient Earth, below the fold at 1280x800. Where both do not fit
    the window, the map shows Ancient Earth, and its tabs bring the Underworld, each whole in
    view without scrolling the page, and both back together."""
    game = create_game(server, "risk-godstorm", [{"kind": "human"}] * 3)
    with browser_page(server + game["seats"][0]["link"], width=1280, height=800) as (page, errors):
        page.wait_for_function("G.board && document.querySelectorAll('#board g.terr').length > 50")
        assert page.evaluate(GODSTORM_SHOWN) == {"earth": 42, "under": 0, "shown": "earth"}
        page.click('#boardpick button[data-board="under"]')
        under = page.evaluate(GODSTORM_SHOWN)
        assert under["earth"] == 0 and under["under"] >= 17 and under["shown"] == "under"
        page.click('#boardpick button[data-board="both"]')
        assert page.evaluate(GODSTORM_SHOWN)["shown"] == "both"
        assert page.evaluate("scrollY") == 0
        assert errors == []


def test_the_capture_ring_lies_under_the_names(server: str) -> None:
    """The ring round a territory just captured covered a letter of names it crossed (its own,
    below it): it, and the arrow, are drawn before every territory, whose names' white edge
    then shows over them; the dice stay on top."""
    game = create_game(server, "risk-classic", [{"kind": "human"}] * 3)
    with browser_page(server + game["seats"][0]["link"]) as (page, errors):
        page.wait_for_function("G.msg && G.board")
        order = page.evaluate(
            """() => {
              G.last = { kind: 'capture', from: 'Gaul', to: 'Iberia', captured: true, key: 'x',
                live: false, dice: { attack: [6, 5], defend: [2] } };
              drawBoard();
              const nodes = [...document.querySelectorAll('#board > *')];
              const at = (sel) => nodes.indexOf(document.querySelector('#board ' + sel));
              return { ring: at('circle.lastring.captured'), arrow: at('line.lastarrow'),
                first: nodes.findIndex((n) => n.matches('g.terr')), dice: at('g.lastdice') };
            }"""
        )
        assert 0 <= order["arrow"] < order["first"] and 0 <= order["ring"] < order["first"], order
        assert order["dice"] > order["first"], order
        assert errors == []


def test_a_log_scrolled_back_stays_where_its_reader_is_as_events_come(
    server: str, served_hub: Hub
) -> None:
    """Each event jumped the log to its newest line, away from the earlier lines its reader
    had scrolled back to; at its newest line it follows the events as before."""
    game = create_game(server, "risk-classic", [{"kind": "human"}] * 3, SHORT)
    tokens = {s["seat"]: s["token"] for s in game["seats"]}
    room = served_hub.room(game["id"])

    def one_more() -> int:
        with room.lock:
            seat, state = room.match.to_move()[0], room.state_id
            action = room.match.legal(seat)[0].to_json()
        served_hub.act(game["id"], tokens[seat], state, action)
        return state + 1

    for _ in range(40):
        one_more()
    link = server + game["seats"][0]["link"]
    scrolled = (
        "(() => { const l = document.getElementById('log');"
        " return [l.scrollTop, l.scrollHeight - l.clientHeight]; })()"
    )
    with browser_page(link, width=1400, height=900) as (page, errors):
        page.wait_for_function("G.msg && document.querySelectorAll('#log div').length >= 30")
        page.evaluate(TWO_FRAMES)
        top, end = page.evaluate(scrolled)
        assert end > 0 and top >= end - 4  # the log overflows, shown at its newest line
        page.locator("#log").evaluate("log => { log.scrollTop = 0; }")
        page.evaluate(TWO_FRAMES)
        page.wait_for_function(f"G.msg.state >= {one_more()}")
        page.evaluate(TWO_FRAMES)
        assert page.evaluate(scrolled)[0] == 0  # still where its reader is
        page.locator("#log").evaluate("log => { log.scrollTop = log.scrollHeight; }")
        page.evaluate(TWO_FRAMES)
        page.wait_for_function(f"G.msg.state >= {one_more()}")
        page.evaluate(TWO_FRAMES)
        top, end = page.evaluate(scrolled)
        assert top >= end - 4  # back at the newest line, it follows the events again
        assert errors == []


# Each section of the panel that scrolls inside itself: whether it holds more than it shows
# below, whether it is marked so, and whether the mark draws the shade.
PANEL_MORE = """() => [...document.querySelectorAll(
    'aside.panel > section.card:not(.logcard), .panelinfo')]
  .map((node) => ({
    id: node.id || node.className,
    below: node.scrollTop + node.clientHeight < node.scrollHeight - 1,
    marked: node.classList.contains('morebelow'),
    shade: getComputedStyle(node, '::after').content !== 'none',
  }))"""


def test_a_panel_section_holding_more_than_it_shows_says_so(server: str, served_hub: Hub) -> None:
    """The sections that give way when the panel is full (the dice, the hand, the players)
    scrolled inside themselves with nothing to say there was more: a shade at the foot of a
    section that holds more below, gone once it is scrolled to its end, back when scrolled up."""
    game = played_until(server, served_hub, "risk-classic", _at_turns, players=5, options=SHORT)
    link = server + game["seats"][0]["link"]
    with browser_page(link, width=1280, height=560) as (page, errors):
        page.wait_for_function("G.msg && document.querySelectorAll('#log div').length >= 30")
        page.evaluate(TWO_FRAMES)
        sections = page.evaluate(PANEL_MORE)
        assert any(s["below"] for s in sections), sections  # the test's window is short enough
        for section in sections:
            assert section["marked"] == section["shade"] == section["below"], section
        info = page.locator(".panelinfo")
        info.evaluate("node => { node.scrollTop = node.scrollHeight; }")
        page.evaluate(TWO_FRAMES)
        assert not info.evaluate("node => node.classList.contains('morebelow')")
        info.evaluate("node => { node.scrollTop = 0; }")
        page.evaluate(TWO_FRAMES)
        assert info.evaluate("node => node.classList.contains('morebelow')")
        assert errors == []
