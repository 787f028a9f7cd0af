"""RISK MCU Battle for Manhattan in Chromium: Manhattan with the Helicarrier's deck beside it,
the pieces on the sectors (docks, chips, Dark Elves, S.H.I.E.L.D.), each faction's objective and
the Rage Meter on the page, a faction picked, a claim, a placement and an attack made by
clicking, only legal buttons. A screenshot goes to test-artifacts/ for people to look at."""

from __future__ import annotations

from tests.web.play import choose
from tests.web.system import browser_page, create_game
from tests.web.test_browser import ARTIFACTS, act_by_clicking, buttons, decisions

MODE = "mcu-battle-for-manhattan"


def test_manhattan_with_the_helicarrier_pieces_and_objectives(server: str) -> None:
    bot = {"kind": "bot", "tier": "greedy"}
    url = server + create_game(server, MODE, [{"kind": "human"}, bot, bot])["seats"][0]["link"]
    with browser_page(url) as (page, errors):
        page.wait_for_function(
            "G.msg && G.board && document.querySelectorAll('#board g.terr').length"
        )
        assert page.locator("#board g.terr").count() == 53
        assert page.locator("#board rect.helicarrier").count() == 1
        assert page.locator("#board g.piece.dock").count() == 9
        assert page.locator("#board g.piece.chip").count() == 10
        labels = page.locator("#board text.label").evaluate_all("ns => ns.map(n => n.textContent)")
        assert {"Access", "Bridge", "Deck", "50 Asgard"} <= set(labels)
        assert "Rage Meter 0/10" in page.locator("#counts").inner_text()
        done: set[str] = set()
        for m in decisions(page, 120):
            legal = {" ".join(map(str, a)) for a in m["legal"]}
            assert buttons(page) <= legal | {"undo"}
            offered = [a for a in m["legal"] if "alone" not in a and a[0] != "trade"]
            action = choose(offered or m["legal"], m["view"])
            act_by_clicking(page, action)
            done.add(action[0])
            page.wait_for_function(f"G.msg.state > {m['state']}", timeout=10_000)
            if {"faction", "claim", "place", "attack"} <= done:
                break
        assert {"faction", "claim", "place"} <= done
        assert "find Loki's scepter" in page.locator("#counts").inner_text()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "mcu-battle-for-manhattan-map.png"))
        assert not errors, errors
