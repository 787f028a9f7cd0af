"""The game pages by keyboard and screen reader where a mouse clicks something drawn: the
Monopoly board's spaces, the dice games' dice, rows and cards, RISK Strike's hand and claimed
cards, and a hand's cards to trade. Each is reached by Tab (the Monopoly board's spaces by the
arrow keys, the board being one stop), named in words, Enter or Space does what a click does,
the focus shows and stays on it when the page redraws. The maps' own
keyboard is tested in test_play_feel.py."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx

from tests.web.play import SHORT, played_until
from tests.web.system import browser_page, create_game
from tests.web.test_browser import ARTIFACTS
from tests.web.test_monopoly_page import FORCED_PENDING
from warroom.core.match import Match
from warroom.web.hub import Hub
from warroom.web.monopoly import monopoly_board_json

# The element with the keyboard's focus: what identifies it, its name, and whether its focus
# ring shows (an outline, or on the Monopoly board the ring drawn inside the space).
FOCUSED = """() => {
  const a = document.activeElement;
  const ring = a.querySelector(':scope > .mfocus');
  const style = getComputedStyle(ring || a);
  return {
    index: a.dataset.index === undefined ? null : Number(a.dataset.index),
    press: a.dataset.press || null,
    label: a.getAttribute('aria-label'),
    expanded: a.getAttribute('aria-expanded'),
    pressed: a.getAttribute('aria-pressed'),
    ring: ring ? style.stroke !== 'none' : style.outlineStyle !== 'none',
  };
}"""

# The names of the elements a locator found, as given to a screen reader.
NAMES = "(nodes) => nodes.map((n) => n.getAttribute('aria-label'))"

# A name in words: letters, numbers and punctuation, never a value missing from the view.
WORDS = re.compile(r"[A-Za-z][\w .,;:'()×\-]+")
# A button's name in Chromium's accessibility tree as Playwright writes it (YAML: quoted
# where the name holds a colon).
BUTTON_NAME = re.compile(r"""^\s*- '?button "(.*?)"'?(?::|$)""", re.M)
MISSING = re.compile(r"\b(undefined|null|NaN)\b|\[object")


def in_words(name: str | None) -> bool:
    return bool(name) and WORDS.fullmatch(name or "") is not None and not MISSING.search(name or "")


def test_the_monopoly_board_s_spaces_by_keyboard(server: str) -> None:
    """Two people, nobody moving: the board is one Tab stop on the way to the Actions (GO,
    while no action asks for a space), not forty. The arrow keys go round it in board order,
    each space a button named by the space, what it is and what it costs or asks; an arrow
    that leads off the ring does nothing; Home and End go to GO and the last space; the
    space last focused is the stop that Shift+Tab comes back to. Enter shows a space's details
    as a click does (the focus kept, ringed), Escape closes them, Space opens another's."""
    g = create_game(server, "monopoly-avengers", [{"kind": "human"}, {"kind": "human"}])
    board = monopoly_board_json("avengers")
    spaces = board["spaces"]
    side = board["side"]  # spaces a side, a corner counted with the side it starts
    drawn = "G.msg && MONO.board && document.querySelector('#mboard g.mspace')"
    with browser_page(server + g["seats"][0]["link"], height=1000) as (page, errors):
        page.wait_for_function(f"{drawn} && !({FORCED_PENDING})")
        assert page.locator('#mboard g.mspace[tabindex="0"]').count() == 1
        page.locator("#guidebtn").focus()
        page.keyboard.press("Tab")
        seen = [page.evaluate(FOCUSED)]
        assert seen[0]["index"] == 0 and seen[0]["ring"], seen
        # Round the ring from GO: left along the bottom row, up the left side, right along
        # the top, down the right side and back to GO.
        for way in ("ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown"):
            for _ in range(side):
                page.keyboard.press(way)
                seen.append(page.evaluate(FOCUSED))
        assert [s["index"] for s in seen] == [sp["index"] for sp in spaces] + [0]
        assert all(s["ring"] for s in seen)
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("ArrowLeft")
        for off_the_ring in ("ArrowUp", "ArrowDown"):
            page.keyboard.press(off_the_ring)
            assert page.evaluate(FOCUSED)["index"] == 2
        page.keyboard.press("Home")
        assert page.evaluate(FOCUSED)["index"] == 0
        page.keyboard.press("End")
        last = spaces[-1]
        assert page.evaluate(FOCUSED)["index"] == last["index"]
        # One Tab leaves the board; Shift+Tab comes back to the space last focused.
        page.keyboard.press("Tab")
        assert page.evaluate(FOCUSED)["index"] is None
        page.keyboard.press("Shift+Tab")
        assert page.evaluate(FOCUSED)["index"] == last["index"]
        assert page.locator('#mboard g.mspace[tabindex="0"]').count() == 1
        # The names a screen reader reads, as Chromium computes them.
        names = BUTTON_NAME.findall(page.locator("#mboard").aria_snapshot())
        assert len(names) >= len(spaces)
        for sp, name in zip(spaces, names, strict=False):
            assert in_words(name) and name.startswith(sp["name"]), (sp["name"], name)
            if "price" in sp:
                assert f"price M{sp['price']}" in name and "not drafted yet" in name, name
        assert "collect M200" in names[0] and "here: Player 1, Player 2" in names[0]
        assert "pay M200" in names[4] and "draw a card" in names[2]
        # Enter on the last space: its details, the focus kept there, ringed.
        assert page.evaluate(FOCUSED)["expanded"] == "false"
        page.keyboard.press("Enter")
        page.wait_for_selector(f'#mdetails[data-index="{last["index"]}"]')
        now = page.evaluate(FOCUSED)
        assert now["index"] == last["index"] and now["expanded"] == "true" and now["ring"]
        details = page.locator("#mdetails").inner_text()
        assert last["name"] in details and f"Price M{last['price']}" in details
        page.screenshot(path=str(ARTIFACTS / "monopoly-keyboard.png"))
        page.keyboard.press("Escape")
        page.wait_for_selector("#mdetails", state="detached")
        assert page.evaluate(FOCUSED)["index"] == last["index"]
        page.keyboard.press("ArrowUp")
        page.keyboard.press(" ")
        page.wait_for_selector(f'#mdetails[data-index="{spaces[-2]["index"]}"]')
        page.keyboard.press("Escape")
        page.wait_for_selector("#mdetails", state="detached")
        # Where actions name spaces (as building does), those spaces are the Tab stops.
        heroes = [sp for sp in spaces if "price" in sp][2:4]
        asked = [["build", sp["name"]] for sp in heroes]
        page.evaluate(f"G.msg.legal = [...G.msg.legal, ...{json.dumps(asked)}]; render()")
        indices = "(nodes) => nodes.map((n) => Number(n.dataset.index))"
        stops = page.eval_on_selector_all('#mboard g.mspace[tabindex="0"]', indices)
        assert stops == [sp["index"] for sp in heroes], stops
        assert errors == []


def tab_to(page: Any, press: str, most: int = 300) -> dict[str, Any]:
    """Press Tab until the focus is on the drawn control of key `press`; what is focused."""
    for _ in range(most):
        page.keyboard.press("Tab")
        now: dict[str, Any] = page.evaluate(FOCUSED)
        if now["press"] == press:
            return now
    raise AssertionError(f"Tab never reached {press!r}")


# The dice games' page once the seat's dice may be picked.
DICE_TO_PICK = "G.msg && G.msg.legal.length && document.querySelector('#tray button.dface')"


def test_a_dice_game_s_dice_and_rows_by_keyboard(server: str) -> None:
    """War Assets, two people, the first roll on the table: Tab reaches the dice, Enter
    selects one (and the focus stays on it across the redraw); Tab goes on through the cards'
    heads and rows, each named in words, to the row the die fits; Enter there stages the
    card as a click does."""
    g = create_game(server, "mass-effect-war-assets", [{"kind": "human"}, {"kind": "human"}])
    first = httpx.get(f"{server}/api/games/{g['id']}").json()
    seat = first["to_move"][0]
    with browser_page(server + g["seats"][seat]["link"], height=1000) as (page, errors):
        page.wait_for_function(DICE_TO_PICK)
        legal = page.evaluate("G.msg.legal")
        _, card, row, die = next(a for a in legal if a[0] == "target" and len(a) == 4)
        page.locator("#guidebtn").focus()
        tab_to(page, f"die {die}")
        page.keyboard.press("Enter")
        page.wait_for_function(f"DC.sel.includes({die})")
        now = page.evaluate(FOCUSED)
        assert now["press"] == f"die {die}" and now["pressed"] == "true"
        heads = page.locator("#cards .chead[role=button]")
        assert heads.count() and all(in_words(n) for n in heads.evaluate_all(NAMES))
        rows = page.locator("#cards .crow[role=button]")
        assert rows.count() and all(in_words(n) for n in rows.evaluate_all(NAMES))
        now = tab_to(page, f"row {card} {row}")
        assert now["ring"] and in_words(now["label"]), now
        assert now["label"].endswith("place the selected dice here"), now["label"]
        page.screenshot(path=str(ARTIFACTS / "war-assets-keyboard.png"))
        page.keyboard.press("Enter")
        page.wait_for_function(f"G.msg.view.attempt && G.msg.view.attempt.card === '{card}'")
        assert errors == []


def test_strike_s_hand_by_keyboard(server: str) -> None:
    """RISK Strike, two people, the first turn: a card the player may play is a Tab stop
    named with what it does; Enter on it narrows the panel to its choices as a click does,
    the focus staying on the card."""
    g = create_game(server, "risk-strike", [{"kind": "human"}, {"kind": "human"}])
    seat = httpx.get(f"{server}/api/games/{g['id']}").json()["to_move"][0]
    with browser_page(server + g["seats"][seat]["link"], height=1000) as (page, errors):
        page.wait_for_function("G.msg && document.querySelector('#shand .tcard')")
        playable = page.locator("#shand .tcard.playable")
        assert playable.count(), "the first turn's hand holds a card to play"
        index = playable.first.get_attribute("data-index")
        name = page.evaluate(f"TACTICS[G.msg.view.seats[G.msg.seat].hand[{index}]][0]")
        page.locator("#guidebtn").focus()
        now = tab_to(page, f"hand {index}")
        assert now["ring"] and in_words(now["label"]) and now["label"].startswith(f"Play {name}:")
        page.keyboard.press("Enter")
        page.wait_for_function("STRIKE.card !== null")
        assert page.evaluate(FOCUSED)["press"] == f"hand {index}"
        chosen = page.locator(f'#shand .tcard[data-index="{index}"]')
        assert "chosen" in (chosen.get_attribute("class") or "")
        assert page.locator("#actions button[data-action]").count()
        assert errors == []


def test_a_hand_s_cards_to_trade_by_keyboard(server: str, served_hub: Hub) -> None:
    """Classic RISK, three people played as the greedy bot until the first may trade: Enter
    on each card of a set chooses it, the focus kept on it though the hand is drawn again
    after each (it went back to the page's top), and the panel offers the trade."""

    def may_trade(match: Match) -> bool:
        return 0 in match.to_move() and any(a.to_json()[0] == "trade" for a in match.legal(0))

    g = played_until(server, served_hub, "risk-classic", may_trade, players=3, options=SHORT)
    with browser_page(server + g["seats"][0]["link"], height=1000) as (page, errors):
        page.wait_for_function("G.msg && document.querySelector('#hand button.cardchip')")
        trade = next(a for a in page.evaluate("G.msg.legal") if a[0] == "trade")
        hand = [c["card"] for c in page.evaluate("G.msg.view.hand")]
        chosen = [hand.index(card) for card in trade[1:4]]
        for i in chosen:
            page.locator(f'#hand [data-press="hand {i}"]').focus()
            page.keyboard.press("Enter")
            page.wait_for_function(f"G.cards.includes({i})")
            now = page.evaluate(FOCUSED)
            assert now["press"] == f"hand {i}" and now["pressed"] == "true", now
        page.wait_for_selector(f'#actions button[data-action="{" ".join(trade)}"]')
        assert errors == []


def test_strike_s_attack_chosen_on_the_table_by_keyboard(server: str, served_hub: Hub) -> None:
    """RISK Strike played as the greedy bot until a seat may attack: on that seat's page a
    continent it may attack from is a Tab stop among the claimed cards, named with its count
    and what Enter does; Enter chooses it (the focus kept), Tab goes on to a continent of an
    opponent's it may attack, Enter there, and the panel offers that attack."""

    def may_attack(match: Match) -> bool:
        return any(a.to_json()[0] == "attack" for s in match.to_move() for a in match.legal(s))

    g = played_until(server, served_hub, "risk-strike", may_attack)
    room = served_hub.room(g["id"])
    with room.lock:
        seat = next(s for s in room.match.to_move() if may_attack(room.match))
        attack = next(a.to_json() for a in room.match.legal(seat) if a.to_json()[0] == "attack")
    _, source, against, target = attack[:4]
    foe = int(against[1:]) - 1
    with browser_page(server + g["seats"][seat]["link"], height=1000) as (page, errors):
        page.wait_for_function("G.msg && document.querySelector('#continents .sclaim.pickable')")
        page.locator("#guidebtn").focus()
        now = tab_to(page, f"claim {source} {seat}")
        assert now["ring"] and in_words(now["label"]) and now["label"].endswith("attack from here")
        page.keyboard.press("Enter")
        page.wait_for_function(f"STRIKE.pick[0] === '{source}'")
        now = page.evaluate(FOCUSED)
        assert now["press"] == f"claim {source} {seat}" and now["label"].endswith("chosen"), now
        now = tab_to(page, f"claim {target} {foe}")
        assert in_words(now["label"]), now
        page.keyboard.press("Enter")
        page.wait_for_selector(f'#actions button[data-action="attack {source} {against} {target}"]')
        assert errors == []
