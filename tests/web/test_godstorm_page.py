"""RISK Godstorm in Chromium (issue 17): a game opened with two bots shows both boards (Ancient
Earth's 42 territories with plague markers, temples and gods; the Underworld's spaces with its
flame borders and the heavens' gates), the pantheons' faith, the setup played by clicking, a
sealed faith bid made with the number field (only legal values), and a legal action after it.
Screenshots go to test-artifacts/ for people to look at."""

from __future__ import annotations

import time
from typing import Any

import httpx

from tests.web.system import chromium
from tests.web.test_browser import ARGS, ARTIFACTS, act_by_clicking, msg
from warroom.games.godstorm.components import components

MODE = "risk-godstorm"
SETUP = ("pantheon", "place", "begin")


def buttons(page: Any) -> set[str]:
    return set(
        page.evaluate(
            "[...document.querySelectorAll('#actions [data-action], #modepanel [data-action]')]"
            ".map(b => b.dataset.action)"
        )
    )


def act(page: Any, m: dict[str, Any]) -> list[Any]:
    """One legal action by clicking: the first offered, a count of 3 where there is a choice
    (placements), the gods staying home on an invasion, ending optional steps soon."""
    legal = m["legal"]
    kinds = [a[0] for a in legal]
    if "buy" in kinds:  # the purchase form: nothing bought
        page.locator('#modepanel button[data-action="buy 0 0 0 0"]').click()
        return ["buy", 0, 0, 0, 0]
    for kind in ("pantheon", "marker", "begin", "place", "done", "pass", "fight", "roll", "defend"):
        if kind in kinds:
            action = max((a for a in legal if a[0] == kind), key=lambda a: a[-1])
            break
    else:
        action = legal[0]
    act_by_clicking(page, action)
    return list(action)


def test_both_boards_a_sealed_bid_and_a_legal_action(server: str) -> None:
    from playwright.sync_api import sync_playwright

    bot = {"kind": "bot", "tier": "random"}
    r = httpx.post(
        server + "/api/games",
        json={"mode": MODE, "seats": [{"kind": "human"}, bot, bot], "options": {}},
    )
    assert r.status_code == 201, r.text
    url = server + r.json()["seats"][0]["link"]
    under = components().underworld
    flames = sum(1 for (a, b), kind in under.kind_of.items() if kind == "flame" and a < b)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(), args=ARGS)
        try:
            page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(url)
            page.wait_for_function(
                "G.msg && G.board && document.querySelectorAll('#board g.terr').length"
            )
            # both boards: 42 territories and the Underworld's spaces, on their own grounds
            assert page.locator("#board g.terr").count() == 42 + len(under)
            assert page.locator("#board rect.gs-earth").count() == 1
            assert page.locator("#board rect.gs-under").count() == 1
            assert page.locator("#board line.conn.flame").count() == flames
            assert page.locator("#board line.conn.gate").count() == 5 * 3
            view = msg(page)["view"]
            plague = sum(t["plague"] for t in view["territories"])
            assert plague and page.locator("#board g.piece.plague").count() == plague
            assert "Epoch 1 of 5" in page.locator("#counts").inner_text()
            bid = acted_after = None
            deadline = time.time() + 120
            while acted_after is None and time.time() < deadline:
                m = msg(page)
                assert not m["outcome"], "the game ended before the human acted"
                if m["seat"] not in m["to_move"] or not m["legal"]:
                    time.sleep(0.03)
                    continue
                if len(m["legal"]) == 1 and not m["can_undo"]:
                    page.wait_for_function(f"G.msg.state > {m['state']}", timeout=5000)
                    continue  # a forced choice goes by itself
                offered = {" ".join(map(str, a)) for a in m["legal"]}
                assert buttons(page) <= offered | {"undo", "bid", "buy"}
                if m["view"]["phase"] == "bid" and bid is None:
                    bid = bid_by_the_form(page, m)
                    continue
                action = act(page, m)
                if bid is not None:
                    acted_after = action
                    if action[0] != "buy":
                        page.wait_for_function(f"G.msg.state > {m['state']}", timeout=10_000)
                    break
                page.wait_for_function(f"G.msg.state > {m['state']}", timeout=10_000)
            assert bid is not None and acted_after is not None
            m = msg(page)
            assert page.locator("#board g.piece.temple").count() >= 3  # one temple per pantheon
            assert page.locator("#board g.piece.god").count() >= 3  # and a god of war each
            faith = m["view"]["players"][m["seat"]]["faith"]
            assert f"{faith} faith" in page.locator("#players").inner_text()
            page.screenshot(path=str(ARTIFACTS / "godstorm-after.png"), full_page=True)
            assert not errors, errors
        finally:
            browser.close()


def bid_by_the_form(page: Any, m: dict[str, Any]) -> int:
    """The sealed bid: a value out of range is refused on the page; a legal one is sealed."""
    most = max(a[1] for a in m["legal"] if a[0] == "bid")
    field = page.locator("#bidfaith")
    assert field.get_attribute("min") == "0" and field.get_attribute("max") == str(most)
    field.fill(str(most + 1))
    page.locator('#modepanel button[data-action="bid"]').click()
    assert "from 0 to" in page.locator("#biderror").inner_text()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "godstorm-bid.png"), full_page=True)
    field.fill(str(most))
    page.locator('#modepanel button[data-action="bid"]').click()
    page.wait_for_function(f"G.msg.state > {m['state']}", timeout=10_000)
    page.wait_for_function("!G.msg.view.bids || !!document.getElementById('bidsealed')")
    return most
