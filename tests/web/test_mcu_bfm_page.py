"""RISK MCU Battle for Manhattan in Chromium: Manhattan with the Helicarrier's deck beside it,
the pieces on the sectors (docks, chips, Dark Elves, S.H.I.E.L.D.), each faction's objective and
the Rage Meter on the page, a faction picked, a claim, a placement and an attack made by
clicking, only legal buttons. A screenshot goes to test-artifacts/ for people to look at."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.web.play import HUMANS3, bot_choice, choose, play_people
from tests.web.system import browser_page, create_game
from tests.web.test_browser import ARTIFACTS, act_by_clicking, buttons, decisions
from warroom.core.actions import Action
from warroom.core.match import Match
from warroom.web.hub import Hub

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
              const drawn = lastOverlay(last, pos, G.board);
              const nodes = [...drawn.under, ...drawn.over];
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


def _play_until(
    server: str, hub: Hub, stop: Callable[[Match], bool]
) -> tuple[dict[str, Any], Callable[[Match], None]]:
    """A game of three people's seats, each played as the greedy bot would over the hub until
    `stop`; nobody else moves it, so a page reads a state that stays. The game, and a way to
    play on until another `stop`."""
    game = create_game(server, MODE, HUMANS3)
    tokens = {s["seat"]: s["token"] for s in game["seats"]}
    greedy = bot_choice(MODE)
    room = hub.room(game["id"])

    def until(stop: Callable[[Match], bool]) -> None:
        choice = lambda match, seat: None if stop(match) else greedy(match, seat)  # noqa: E731
        play_people(hub, game["id"], tokens, choice, lambda: stop(room.match))

    until(stop)
    return game, until


def _own_reinforce(match: Match) -> bool:
    """Seat 0 places its units and holds a card: its first turn (the set-up deals one)."""
    view = match.view(0)
    return 0 in match.to_move() and view["phase"] == "reinforce" and bool(view["hand"])


# What the page shows and the view it was drawn from, in one read (no race with a redraw).
SHOWN = """() => ({
  view: G.msg.view,
  legal: G.msg.legal,
  hand: [...document.querySelectorAll('#hand .cardchip')].map((n) => n.innerText),
  buttons: [...document.querySelectorAll('#actions button[data-action]')]
    .map((b) => [b.dataset.action, b.innerText]),
  hint: document.querySelector('#hint').innerText,
  status: document.querySelector('#status').innerText,
  counts: document.querySelector('#counts').innerText,
  odds: document.querySelector('#odds').innerText,
  log: [...document.querySelectorAll('#log div')].map((n) => n.innerText),
  badges: [...document.querySelectorAll('#board g.piece.ally title')].map((n) => n.textContent),
})"""


def _ally_words(view: dict[str, Any], ally: str) -> str:
    row = next(a for a in view["allies"] if a["ally"] == ally)
    return f"{row['name']} ({row['power']})"


def test_a_card_shows_its_power_and_ally_in_words_on_the_chip_and_its_buttons(
    server: str, served_hub: Hub
) -> None:
    """A phone shows no hover text: each card chip says its power and its Ally in words
    ("power: 2 more units to place", "Ally: Captain America's Ally 2 (1 defence die is a d8)"),
    and so do the buttons that play it; the Ally's id (CA-ALLY2) is for typing only, and the
    log and the map's badge name the Ally placed."""
    game, _ = _play_until(server, served_hub, _own_reinforce)
    with browser_page(server + game["seats"][0]["link"], width=390, height=844) as (page, errors):
        page.wait_for_function("G.msg && G.board && document.querySelector('#hand .cardchip')")
        shown = page.evaluate(SHOWN)
        view = shown["view"]
        for chip, card in zip(shown["hand"], view["hand"], strict=True):
            assert f"power: {card['power']}" in chip, chip
            assert f"Ally: {_ally_words(view, card['ally'])}" in chip, chip
            assert "-ALLY" not in chip
        _, card_id, place = next(a for a in shown["legal"] if a[0] == "ally")
        ally = next(c for c in view["hand"] if c["card"] == card_id)
        page.locator(f'#board g.terr[data-name="{place}"]').click()
        page.wait_for_selector(f'#actions button[data-action^="ally {ally["card"]} "]')
        shown = page.evaluate(SHOWN)
        labels = dict(shown["buttons"])
        ally_button = labels[f"ally {ally['card']} {place}"]
        row = next(a for a in view["allies"] if a["ally"] == ally["ally"])
        where = caption(view, place)
        assert ally_button == (
            f"Put {row['name']} on {where} ({row['power']}; card {ally['card']})"
        ), ally_button
        for action, label in labels.items():
            if action.startswith("power "):
                card = next(c for c in view["hand"] if c["card"] == action.split()[1])
                assert label == f"Use {card['card']}'s power: {card['power']}", label
        page.locator(f'#actions button[data-action="ally {ally["card"]} {place}"]').click()
        page.wait_for_function("[...G.msg.view.allies].some((a) => a.sector)")
        shown = page.evaluate(SHOWN)
        placed = _ally_words(shown["view"], ally["ally"])
        assert any(f"for {placed}, on " in line for line in shown["log"]), shown["log"][-3:]
        assert shown["badges"] == [placed]
        assert not [line for line in shown["log"] if "-ALLY" in line]
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "mcu-battle-for-manhattan-hand.png"), full_page=True)
        assert not errors, errors


def caption(view: dict[str, Any], name: str) -> str:
    """A sector as the page's sentences name it, after its caption on the map: "Sector 07",
    "Malibu (01)" (an area off Manhattan), "Helicarrier Bridge"."""
    row = next(t for t in view["territories"] if t["name"] == name)
    if row.get("helicarrier"):
        return name.replace("Helicarrier_", "Helicarrier ")
    number = name.removeprefix("Sector_")
    off = row["label"] and len(row["lines"]) == len(row["neighbors"])
    return f"{row['label']} ({number})" if off else f"Sector {number}"


def _own_attack(match: Match) -> bool:
    """Seat 0 attacks, and may from a sector of 3 units or more."""
    view = match.view(0)
    armies = {t["name"]: t["armies"] for t in view["territories"]}
    return (
        0 in match.to_move()
        and view["phase"] == "attack"
        and any(a.kind == "attack" and armies[str(a.args[0])] >= 3 for a in match.legal(0))
    )


def test_hints_status_odds_and_log_name_sectors_as_the_map_captions_them(
    server: str, served_hub: Hub
) -> None:
    """The map captions Sector_07 "07" and Sector_01 "01 Malibu": the hint, the objectives, the
    odds, the status line and the log say "Sector 07" and "Malibu (01)", never the typed id
    (which the actions keep)."""
    game, play_until = _play_until(server, served_hub, _own_reinforce)
    with browser_page(server + game["seats"][0]["link"]) as (page, errors):
        page.wait_for_function("G.msg && G.board && document.querySelector('#hand .cardchip')")
        # every way to use a sector in words ('…, or place.' left the units unsaid)
        hint = page.locator("#hint").inner_text()
        assert hint.endswith(", or place units there."), hint
        place = next(a[1] for a in page.evaluate("G.msg.legal") if a[0] == "place")
        page.locator(f'#board g.terr[data-name="{place}"]').click()
        page.wait_for_function("G.pick.length === 1")
        shown = page.evaluate(SHOWN)
        assert shown["hint"] == f"Selected: {caption(shown['view'], place)}."
        assert "Sector_" not in shown["counts"] and "Sector_" not in " ".join(shown["log"])
        # Iron Man's objective, written "Sector_01 (Malibu)" by the rules, names the area once
        assert "Malibu (01)" in " ".join(filter(None, shown["view"]["objectives"]))
        assert "Sector 25 and Malibu (01)\n" in shown["counts"], shown["counts"]
        play_until(_own_attack)
        page.wait_for_function("G.msg.view.phase === 'attack' && G.msg.legal.length")
        view = page.evaluate("G.msg.view")
        armies = {t["name"]: t["armies"] for t in view["territories"]}
        attack = max(
            (a for a in page.evaluate("G.msg.legal") if a[0] == "attack" and armies[a[1]] >= 3),
            key=lambda a: (armies[a[1]], a[-1] if isinstance(a[-1], int) else 0),
        )
        source, target = attack[1], attack[2]
        page.locator(f'#board g.terr[data-name="{source}"]').click()
        page.locator(f'#board g.terr[data-name="{target}"]').click()
        page.wait_for_selector("#odds:has-text('%')", timeout=15_000)
        shown = page.evaluate(SHOWN)
        where = (caption(view, source), caption(view, target))
        assert shown["hint"].startswith(f"Selected: {where[0]} → {where[1]}."), shown["hint"]
        assert shown["odds"].startswith(f"Odds of taking {where[1]} if you attack"), shown["odds"]
        page.locator(f'#actions button[data-action="{" ".join(map(str, attack))}"]').click()
        page.wait_for_function("G.msg.view.phase === 'defend'")
        shown = page.evaluate(SHOWN)
        assert f"{where[1]} (" in shown["status"] and f"from {where[0]} (" in shown["status"]
        for text in (shown["status"], shown["hint"], " ".join(shown["log"])):
            assert "Sector_" not in text and "Helicarrier_" not in text, text
        assert not errors, errors


def test_the_game_over_banner_and_summary_name_sectors_as_the_map_captions_them(
    server: str, served_hub: Hub
) -> None:
    """The win's reason names the sector of an objective ("controls Sector_50 (Asgard)"): the
    banner and the summary said the typed id where the log and the map say "Asgard (50)".
    Nobody plays Captain America, the one objective that names no sector."""
    game = create_game(server, MODE, HUMANS3)
    tokens = {s["seat"]: s["token"] for s in game["seats"]}
    greedy = bot_choice(MODE)
    room = served_hub.room(game["id"])

    def choice(match: Match, seat: int) -> Action:
        factions = [a for a in match.legal(seat) if a.kind == "faction"]
        if factions:
            return next(a for a in factions if a.args[0] != "captain-america")
        return greedy(match, seat)

    play_people(served_hub, game["id"], tokens, choice, lambda: room.match.outcome() is not None)
    outcome = room.match.outcome()
    assert outcome is not None and "Sector_" in outcome.reason, outcome
    reason = outcome.reason
    with browser_page(server + game["seats"][0]["link"]) as (page, errors):
        page.wait_for_function(
            "document.querySelector('#gameover') && document.querySelector('#summary-head')"
        )
        view = page.evaluate("G.msg.view")
        banner = page.locator("#gameover").inner_text()
        head = page.locator("#summary-head").inner_text()
        for text in (banner, head):
            assert "Sector_" not in text and "Helicarrier_" not in text, text
        sector = next(t["name"] for t in view["territories"] if t["name"] in reason)
        assert caption(view, sector) in banner and caption(view, sector) in head, (banner, head)
        assert not errors, errors
