"""RISK MCU Skirmish in Chromium: the map of Manhattan (the island behind the sectors, the
named areas off it), claims, placements and an attack made by clicking, only legal buttons,
the sectors race and the Recruitment chart on the page, and symbol cards traded from the hand.
Screenshots go to test-artifacts/ for people to look at."""

from __future__ import annotations

import re
import time
from typing import Any

import httpx

from tests.web.play import HUMANS3, bot_choice, choose, play_people
from tests.web.system import browser_page, create_game
from tests.web.test_browser import (
    ARTIFACTS,
    msg,
    place_and_attack_by_clicking,
)
from tests.web.test_mcu_bfm_page import caption
from warroom.web.hub import Hub

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


def test_the_hint_buttons_and_log_name_sectors_as_the_map_captions_them(
    server: str, served_hub: Hub
) -> None:
    """The map captions Sector_07 "07" and Sector_01 "01 Malibu": a phone's reader finds
    "Sector 07" and "Malibu (01)" in the hint, on the buttons and in the log, not the id that
    typed actions use (Sector_07)."""
    game = create_game(server, MODE, HUMANS3, {"factions": "in-order", "sectors_to_win": 45})
    tokens = {s["seat"]: s["token"] for s in game["seats"]}
    room = served_hub.room(game["id"])

    def placing() -> bool:
        return 0 in room.match.to_move() and room.match.view(0)["phase"] == "reinforce"

    greedy = bot_choice(MODE)
    play_people(
        served_hub, game["id"], tokens, lambda m, s: None if placing() else greedy(m, s), placing
    )
    with browser_page(server + game["seats"][0]["link"], width=390, height=844) as (page, errors):
        page.wait_for_function("G.msg && G.board && G.msg.legal.length")
        view = page.evaluate("G.msg.view")
        sector = next(a[1] for a in page.evaluate("G.msg.legal") if a[0] == "place")
        page.locator(f'#board g.terr[data-name="{sector}"]').click()
        page.wait_for_function("G.pick.length === 1")
        shown = page.evaluate(
            """() => ({
              hint: document.querySelector('#hint').innerText,
              buttons: [...document.querySelectorAll('#actions button[data-action^="place "]')]
                .map((b) => [b.dataset.action, b.innerText]),
              log: [...document.querySelectorAll('#log div')].map((n) => n.innerText),
              label: document.querySelector(`#board g.terr[data-name="${G.pick[0]}"]`)
                .getAttribute('aria-label'),
            })"""
        )
        said = caption(view, sector)
        assert shown["hint"] == f"Selected: {said}."
        # one button, with the count chosen beside it: "Place 4 units on Sector 02"
        (label,) = [label for _, label in shown["buttons"]]
        assert re.fullmatch(rf"Place \d+ units? on {re.escape(said)}", label), label
        assert shown["buttons"][0][0] == f"place {sector}"  # the action as typed
        assert shown["label"].startswith(f"{said}, ")
        assert any(" Sector " in line for line in shown["log"])  # the claims, placements
        assert not [line for line in shown["log"] if "Sector_" in line]
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "mcu-skirmish-phone.png"), full_page=True)
        assert not errors, errors
