"""RISK Mass Effect Basic Training in Chromium: the galaxy map (a nebula per region, the Mass
Relays drawn as their own lines), claims, placements and an attack made by clicking, only
legal buttons, and the fixed card-set chart on the page. The screenshot goes to
test-artifacts/ for people to look at."""

from __future__ import annotations

from tests.web.system import browser_page, create_game
from tests.web.test_browser import (
    ARTIFACTS,
    place_and_attack_by_clicking,
)

MODE = "mass-effect-basic"


def test_galaxy_map_claims_placements_and_an_attack(server: str) -> None:
    bot = {"kind": "bot", "tier": "greedy"}
    url = server + create_game(server, MODE, [{"kind": "human"}, bot, bot])["seats"][0]["link"]
    with browser_page(url) as (page, errors):
        page.wait_for_function(
            "G.msg && G.board && document.querySelectorAll('#board g.terr').length"
        )
        assert page.locator("#board g.terr").count() == 42
        assert page.locator("#board line.conn.relay").count() == 5
        assert page.locator("#board ellipse.nebula").count() >= 6
        names = page.locator("#board text.regionname").evaluate_all(
            "ns => ns.map(n => n.textContent)"
        )
        assert "Earth Central Systems +2" in names
        assert "one of each → 7" in page.locator("#counts").inner_text()
        # The rulebook's word for the pieces (the view's `pieces`), not Classic's armies.
        players = page.locator("#players").inner_text()
        assert " units" in players and "armies" not in players
        assert " planets · " in players and "terr" not in players  # the mode's places, in full
        assert "armies" not in page.locator("#board").evaluate("b => b.textContent")
        place_and_attack_by_clicking(page, 120)
        # Each seat's hand counted in the players table as the view has it, one card as one
        # (read together: the bots play on). By now some seat has drawn a card.
        cells, sizes = page.evaluate(
            """() => [
              [...document.querySelectorAll('#players tr')].map(r => r.lastChild.textContent),
              G.msg.view.hand_sizes,
            ]"""
        )
        assert cells == [f"{n} card" if n == 1 else f"{n} cards" for n in sizes]
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "mass-effect-galaxy.png"))
        assert not errors, errors


def test_the_hints_name_the_board_s_places_in_its_own_word(server: str) -> None:
    """Mass Effect's places are planets: the hints say "Click a planet on the map", then
    "Click a planet ringed in yellow" (they said territory, Classic's word, on every board)."""
    game = create_game(server, MODE, [{"kind": "human"}] * 3)
    for seat in game["seats"]:
        with browser_page(server + seat["link"]) as (page, errors):
            page.wait_for_function("G.msg && G.board")
            if not page.evaluate("G.msg.legal.length"):
                continue
            assert page.locator("#hint").inner_text() == "Click a planet on the map to claim."
            assert not errors, errors
            return
    raise AssertionError("no seat is asked to claim")
