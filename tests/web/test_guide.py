"""How to play: the guide over HTTP (HTML from our Markdown, or a 404 like the API's others),
and the dialog that shows it on the game page and in the lobby, on a phone and a desktop.
Screenshots go to test-artifacts/ for people to look at."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import warroom.web.app as web_app
from tests.web.system import chromium_browser, create_game, open_page
from tests.web.test_browser import ARTIFACTS
from warroom.core.errors import MissingGuide
from warroom.games import GUIDE_SECTIONS
from warroom.web.app import create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """The guide reads no database: one SQLite app is enough."""
    with TestClient(create_app(f"sqlite:///{tmp_path / 'w.db'}", resume=False)) as c:
        yield c


def test_the_guide_is_html_with_every_section(client: TestClient) -> None:
    r = client.get("/api/modes/mass-effect-basic/guide")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    html = r.text
    assert html.startswith("<h1>RISK Mass Effect: Basic Training")
    for heading in GUIDE_SECTIONS:
        assert f"<h2>{heading}</h2>" in html
    assert "<code>look PLANET</code>" in html and "**" not in html


def test_raw_html_in_a_guide_is_shown_as_text(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Markdown's raw HTML is off: a tag in a guide reaches the page escaped, never as markup."""
    web_app._guide_html.cache_clear()
    monkeypatch.setattr(
        web_app.games, "guide", lambda mode: "# T\n\n<script>alert(1)</script> <b>x</b>\n"
    )
    try:
        html = client.get("/api/modes/risk-classic/guide").text
    finally:
        web_app._guide_html.cache_clear()
    assert "<script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "&lt;b&gt;x&lt;/b&gt;" in html


def test_an_unknown_mode_or_a_missing_guide_is_a_404(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    r = client.get("/api/modes/no-such-game/guide")
    assert r.status_code == 404
    assert r.json()["error"].startswith("no game mode 'no-such-game'; registered modes: ")
    assert client.get("/api/modes/..%2Fpyproject/guide").status_code == 404

    def none_shipped(mode_id: str) -> str:
        raise MissingGuide(f"game mode {mode_id!r} has no how-to-play guide yet")

    web_app._guide_html.cache_clear()
    monkeypatch.setattr(web_app.games, "guide", none_shipped)
    try:
        r = client.get("/api/modes/mcu-skirmish/guide")
    finally:
        web_app._guide_html.cache_clear()
    assert r.status_code == 404
    assert r.json() == {"error": "game mode 'mcu-skirmish' has no how-to-play guide yet"}


# What the open dialog shows, where it lies, and whether the page scrolls sideways.
DIALOG = """() => {
  const d = document.getElementById('guide');
  const box = d.getBoundingClientRect();
  const body = document.getElementById('guidebody');
  const close = document.getElementById('guideclose').getBoundingClientRect();
  return {
    open: d.open,
    headings: [...body.querySelectorAll('h2')].map((h) => h.textContent),
    title: (body.querySelector('h1') || {}).textContent,
    left: box.left, right: box.right, top: box.top, bottom: box.bottom,
    closeShown: close.top >= 0 && close.bottom <= innerHeight && close.width >= 40,
    scrolls: body.scrollHeight > body.clientHeight,
    sideways: document.documentElement.scrollWidth > innerWidth,
    focused: document.activeElement.id,
  };
}"""

SIZES: list[tuple[str, dict[str, Any]]] = [
    ("phone", {"width": 390, "height": 844, "is_mobile": True, "has_touch": True}),
    ("desktop", {"width": 1280, "height": 800}),
]


def opened(page: Any, title: str) -> dict[str, Any]:
    """Open the dialog with the page's How to play; what it then shows."""
    page.click("#guidebtn")
    page.wait_for_function("document.querySelectorAll('#guidebody h2').length")
    shown = dict(page.evaluate(DIALOG))
    width = page.viewport_size["width"]
    assert shown["open"] and shown["title"] == title
    assert shown["headings"] == list(GUIDE_SECTIONS)
    assert shown["left"] >= 0 and shown["right"] <= width and not shown["sideways"], shown
    assert shown["closeShown"] and shown["focused"] == "guideclose", shown
    return shown


@pytest.mark.parametrize(("size", "viewport"), SIZES, ids=[s for s, _ in SIZES])
def test_how_to_play_opens_and_closes_on_the_game_page(
    server: str, size: str, viewport: dict[str, Any]
) -> None:
    """The game page's How to play shows its own mode's guide in a dialog that fits the
    screen; Escape closes it, and so does its Close button."""
    game = create_game(server, "risk-classic", [{"kind": "human"}] * 3, {"setup": "deal"})
    errors: list[str] = []
    with chromium_browser() as browser:
        page = open_page(browser, server + game["seats"][0]["link"], errors=errors, **viewport)
        page.wait_for_selector("#guidebtn:not([hidden])")
        shown = opened(page, "Classic RISK (Global Domination, and the 2-player rules)")
        if size == "phone":
            assert shown["scrolls"], "a phone shows the guide a screen at a time"
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"guide-game-{size}.png"))
        page.keyboard.press("Escape")
        page.wait_for_function("!document.getElementById('guide').open")
        opened(page, "Classic RISK (Global Domination, and the 2-player rules)")
        page.click("#guideclose")
        page.wait_for_function("!document.getElementById('guide').open")
        assert page.evaluate("document.activeElement.id") == "guidebtn"
        page.screenshot(path=str(ARTIFACTS / f"guide-game-{size}-closed.png"))
    assert not errors


@pytest.mark.parametrize(("size", "viewport"), SIZES, ids=[s for s, _ in SIZES])
def test_the_lobby_shows_the_chosen_modes_guide(
    server: str, size: str, viewport: dict[str, Any]
) -> None:
    errors: list[str] = []
    with chromium_browser() as browser:
        page = open_page(browser, server + "/", errors=errors, **viewport)
        page.wait_for_selector("#mode option", state="attached")
        page.select_option("#mode", "mcu-battle-for-manhattan")
        opened(
            page, "RISK Marvel Cinematic Universe: Battle for Manhattan (objectives, Allies, Hulk)"
        )
        page.screenshot(path=str(ARTIFACTS / f"guide-lobby-{size}.png"))
        page.keyboard.press("Escape")
        page.wait_for_function("!document.getElementById('guide').open")
        page.screenshot(path=str(ARTIFACTS / f"guide-lobby-{size}-closed.png"))
        page.select_option("#mode", "mcu-skirmish")
        opened(page, "RISK Marvel Cinematic Universe: Skirmish (the race for Manhattan's sectors)")
    assert not errors
