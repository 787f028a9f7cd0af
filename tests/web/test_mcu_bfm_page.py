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


def test_the_last_battle_between_touching_sectors_draws_no_backward_arrow(server: str) -> None:
    """Manhattan's neighbouring sectors nearly touch: the arrow from rim to rim would run
    backwards (and its animation warned in the console); a dashed ring marks the source."""
    game = create_game(server, MODE, [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}])
    with browser_page(server + game["seats"][0]["link"]) as (page, errors):
        warnings: list[str] = []
        page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
        page.wait_for_function("G.msg && G.board && G.board.connections.length")
        drawn = page.evaluate(
            """() => {
              const pos = Object.fromEntries(G.board.territories.map((t) => [t.name, t]));
              const gap = (c) => Math.hypot(pos[c.a].x - pos[c.b].x, pos[c.a].y - pos[c.b].y);
              const c = G.board.connections.reduce((x, y) => (gap(y) < gap(x) ? y : x));
              const last = { kind: "battle", from: c.a, to: c.b, key: "t", live: true };
              const nodes = lastOverlay(last, pos, G.board);
              const arrows = nodes.filter((n) => n.classList.contains("lastarrow"));
              return {
                gap: gap(c),
                backward: arrows.filter((n) => (n.getAttribute("x2") - n.getAttribute("x1")) *
                  (pos[c.b].x - pos[c.a].x) + (n.getAttribute("y2") - n.getAttribute("y1")) *
                  (pos[c.b].y - pos[c.a].y) < 0).length,
                source: nodes.filter((n) => n.classList.contains("lastsource") &&
                  Number(n.getAttribute("cx")) === pos[c.a].x).length,
              };
            }"""
        )
        page.wait_for_timeout(700)  # the arrow's animation would have run
        assert drawn["gap"] < 51 and drawn["backward"] == 0 and drawn["source"] == 1, drawn
        assert not [w for w in warnings if "strokeDasharray" in w], warnings
        assert not errors, errors
