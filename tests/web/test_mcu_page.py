"""RISK MCU Skirmish in Chromium: the map of Manhattan (the island behind the sectors, the
named areas off it), claims, placements and an attack made by clicking, only legal buttons,
the sectors race and the Recruitment chart on the page, and symbol cards traded from the hand.
Screenshots go to test-artifacts/ for people to look at."""

from __future__ import annotations

import time
from typing import Any

import httpx

from tests.web.play import choose
from tests.web.system import browser_page
from tests.web.test_browser import (
    ARTIFACTS,
    msg,
    place_and_attack_by_clicking,
)

MODE = "mcu-skirmish"


def test_manhattan_map_claims_placements_and_an_attack(server: str) -> None:
    bot = {"kind": "bot", "tier": "greedy"}
    r = httpx.post(
        server + "/api/games",
        json={
            "mode": MODE,
            "seats": [{"kind": "human"}, bot, bot],
            "options": {"factions": "in-order", "sectors_to_win": 35},
        },
    )
    assert r.status_code == 201, r.text
    url = server + r.json()["seats"][0]["link"]
    with browser_page(url) as (page, errors):
        page.wait_for_function(
            "G.msg && G.board && document.querySelectorAll('#board g.terr').length"
        )
        assert page.locator("#board polygon.island").count() == 1
        assert page.locator("#board g.terr").count() == 50
        labels = page.locator("#board text.label").evaluate_all("ns => ns.map(n => n.textContent)")
        assert {"01 Malibu", "30 Washington D.C.", "40 Sokovia", "50 Asgard"} <= set(labels)
        assert "first to 35 wins" in page.locator("#counts").inner_text()
        assert "2→4" in page.locator("#counts").inner_text()
        players = page.locator("#players").inner_text()  # the mode's places, in full
        assert " sectors · " in players and "terr" not in players
        place_and_attack_by_clicking(page, 90)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "mcu-skirmish-map.png"))
        assert not errors, errors


def _play_until_a_trade(server: str, game: str, token: str) -> dict[str, Any]:
    """Seat 0's turns played over the API (the shared Classic policy, never trading) until it
    may turn in cards; the state then."""
    headers = {"X-Seat-Token": token}
    deadline = time.time() + 90
    while time.time() < deadline:
        s = httpx.get(f"{server}/api/games/{game}", headers=headers).json()
        assert not s["outcome"], "the game ended before seat 0 held 2 symbols"
        if 0 not in s["to_move"] or not s["legal"]:
            time.sleep(0.02)
            continue
        if any(a[0] == "trade" for a in s["legal"]):
            return dict(s)
        action = choose([a for a in s["legal"] if a[0] != "trade"], s["view"])
        r = httpx.post(
            f"{server}/api/games/{game}/act",
            json={"state": s["state"], "action": action},
            headers=headers,
        )
        assert r.status_code == 200, r.text
    raise AssertionError("seat 0 never held 2 symbols")


def test_symbol_cards_are_traded_from_the_hand(server: str) -> None:
    bot = {"kind": "bot", "tier": "random"}
    r = httpx.post(
        server + "/api/games",
        json={
            "mode": MODE,
            "seats": [{"kind": "human"}, bot, bot, bot],
            "options": {"sectors_to_win": 45},
        },
    )
    assert r.status_code == 201, r.text
    g = r.json()
    seat = g["seats"][0]
    s = _play_until_a_trade(server, g["id"], seat["token"])
    hand = s["view"]["hand"]
    # Cards to turn in: the whole hand down to 10 symbols at most, at least 2.
    chosen: list[int] = []
    for i, card in enumerate(hand):
        if sum(hand[k]["symbols"] for k in chosen) + card["symbols"] <= 10:
            chosen.append(i)
    total = sum(hand[i]["symbols"] for i in chosen)
    assert total >= 2
    with browser_page(server + seat["link"]) as (page, errors):
        page.wait_for_function("G.msg && G.board && document.querySelector('#trades')")
        assert page.locator("#hand button.tradeable").count() == len(hand)
        assert not page.locator("#trades button").count()  # nothing chosen: no trade
        for i in chosen:
            page.locator("#hand button.tradeable").nth(i).click()
        button = page.locator("#trades button.primary")
        units = s["view"]["recruitment"][str(total)]
        assert f"({total} symbols) for {units} units" in button.inner_text()
        pending = s["view"]["pending"]
        button.click()
        page.wait_for_function(f"G.msg.state > {s['state']}", timeout=10_000)
        view = msg(page)["view"]
        assert view["pending"] == pending + units
        assert len(view["hand"]) == len(hand) - len(chosen)
        assert len(view["discard"]) >= len(chosen)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "mcu-skirmish-trade.png"))
        assert not errors, errors
