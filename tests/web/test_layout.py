"""Board drawing positions, from the file or automatic: deterministic, inside, legible."""

from __future__ import annotations

import copy
import itertools
import math

import pytest

from tests.web.system import browser_page, create_game
from warroom import data
from warroom.core.board import Board
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
