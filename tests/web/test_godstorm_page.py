"""RISK Godstorm in Chromium (issue 17): a game opened with two bots shows both boards (Ancient
Earth's 42 territories with plague markers, temples and gods; the Underworld's spaces with its
flame borders and the heavens' gates), the pantheons' faith, the setup played by clicking, a
sealed faith bid made with the number field (only legal values), and a legal action after it;
then a miracle played from the hand. Screenshots go to test-artifacts/ for people to look at."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from typing import Any

import httpx

from tests.web.play import bot_choice, play_people, played_until
from tests.web.system import browser_page, create_game
from tests.web.test_browser import ARTIFACTS, act_by_clicking, decisions, msg
from warroom.cli.show.risk import loss_words
from warroom.core.actions import Action
from warroom.core.match import Match
from warroom.games.godstorm.components import components
from warroom.games.godstorm.invasion import NO_SKY, army_rule
from warroom.games.godstorm.odds import invasion_between, invasion_words
from warroom.games.godstorm.rules import parse_gods
from warroom.odds import defence_odds
from warroom.web.hub import Hub

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
    bot = {"kind": "bot", "tier": "random"}
    url = server + create_game(server, MODE, [{"kind": "human"}, bot, bot])["seats"][0]["link"]
    under = components().underworld
    flames = sum(1 for (a, b), kind in under.kind_of.items() if kind == "flame" and a < b)
    with browser_page(url, height=1000) as (page, errors):
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
        for m in decisions(page, 120):
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
        assert bid is not None and acted_after is not None, "no bid and action before the end"
        # Every god and temple of the view on the map (gods fall and temples change hands
        # while the bots play on, so the page is compared with its own latest view).
        page.wait_for_function(
            """() => {
              const rows = G.msg.view.territories;
              const gods = rows.reduce((n, t) => n + t.gods.length, 0);
              const temples = rows.filter((t) => t.temple).length;
              return gods > 0 && temples > 0
                && document.querySelectorAll('#board g.piece.god').length === gods
                && document.querySelectorAll('#board g.piece.temple').length === temples;
            }""",
            timeout=10_000,
        )
        # The faith with the view it was drawn from, read together (the bots play on).
        m, players = page.evaluate("[G.msg, document.getElementById('players').innerText]")
        faith = m["view"]["players"][m["seat"]]["faith"]
        assert f"{faith} faith" in players
        page.screenshot(path=str(ARTIFACTS / "godstorm-after.png"), full_page=True)
        assert not errors, errors


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


def play_seat_until(
    server: str,
    game: str,
    token: str,
    reached: Callable[[dict[str, Any]], bool],
    choose: Callable[[dict[str, Any]], list[Any]],
    what: str,
) -> dict[str, Any]:
    """Play the seat over the API (quicker than clicking), `choose` picking its action, until
    the state message `reached` accepts (returned) comes; fails after three minutes (a game
    takes seconds; a minute ran out once on a machine loaded five times over)."""
    headers = {"X-Seat-Token": token}
    deadline = time.time() + 180
    while time.time() < deadline:
        m = httpx.get(f"{server}/api/games/{game}", headers=headers).json()
        assert not m["outcome"], f"the game ended before {what}"
        if m["seat"] not in m["to_move"] or not m["legal"]:
            time.sleep(0.02)
            continue
        if reached(m):
            return dict(m)
        httpx.post(
            f"{server}/api/games/{game}/act",
            json={"state": m["state"], "action": choose(m)},
            headers=headers,
        )
    raise AssertionError(f"not {what} within three minutes")


def until_a_miracle(server: str, game: str, token: str) -> dict[str, Any]:
    """The seat's first chance to cast: no bid, the god of war kept out of plague lands, one
    War card bought, every optional step ended."""

    def choose(m: dict[str, Any]) -> list[Any]:
        legal = m["legal"]
        plague = {t["name"] for t in m["view"]["territories"] if t["plague"]}
        wanted = (["bid", 0], ["buy", 1, 0, 0, 0], ["done"], ["pass"])
        action = next((a for a in wanted if a in legal), None)
        if action is None:
            begins = [a for a in legal if a[0] == "begin" and a[1] not in plague]
            action = begins[0] if begins else max(legal, key=lambda a: a[-1] if a[1:] else 0)
        return list(action)

    def castable(m: dict[str, Any]) -> bool:
        return any(a[0] == "cast" for a in m["legal"])

    return play_seat_until(server, game, token, castable, choose, "a miracle could be cast")


def test_a_miracle_is_played_from_the_hand(server: str) -> None:
    bot = {"kind": "bot", "tier": "random"}
    made = create_game(server, MODE, [{"kind": "human"}, bot, bot])
    game, seat = made["id"], made["seats"][0]
    m = until_a_miracle(server, game, seat["token"])
    card = next(a for a in m["legal"] if a[0] == "cast")[1]
    named = next(c for c in m["view"]["cards"] if c["id"] == card)
    with browser_page(server + seat["link"], height=1000) as (page, errors):
        page.wait_for_function("G.msg && G.board && G.msg.legal.length")
        # the hand: every card with its name, deck, cost and what it does (a phone shows no
        # hover text); the playable one a button
        hand = " ".join(page.locator("#hand").inner_text().split())
        for c in m["view"]["cards"]:
            assert c["name"] in hand and c["deck"] in hand and c["does"] in hand, (c, hand)
        page.locator(f'#hand button[data-card="{card}"]').click()
        casts = {" ".join(map(str, a)) for a in m["legal"] if a[0] == "cast" and a[1] == card}
        offered = buttons(page) - {"undo"}
        assert offered and offered <= casts  # only this card's plays
        first = page.locator("#actions button[data-action^='cast ']").first
        assert f"Play {named['name']}" in first.inner_text()
        first.click()
        page.wait_for_function(f"G.msg.state > {m['state']}", timeout=10_000)
        page.wait_for_function(
            "[...document.querySelectorAll('#log .ev')].some(e => e.textContent.includes("
            f"{json.dumps(named['name'])}))",
            timeout=15_000,
        )
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "godstorm-miracle.png"), full_page=True)
        assert not errors, errors


def test_the_result_reads_as_sentences(server: str) -> None:
    """Godstorm's reason for a win begins in lower case ('highest score (26 against 15)'):
    the banner still reads 'Player 1 won. Highest score (26 against 15).'"""
    g = create_game(server, "risk-godstorm", [{"kind": "human"}, {"kind": "bot", "tier": "random"}])
    with browser_page(server + g["seats"][0]["link"]) as (page, errors):
        page.wait_for_function("G.msg")
        # Drawn and read in one go: a state the bot's move brings would draw over it.
        shown = page.evaluate(
            "G.msg = {...G.msg, outcome: {winners: [0], reason: 'highest score (26 against 15)'}};"
            " renderStatus(); document.getElementById('gameover').innerText"
        )
        assert shown.startswith("Game over: Player 1 won. Highest score (26 against 15). "), shown
        assert errors == []


def until_the_raise(server: str, game: str, token: str) -> dict[str, Any]:
    """The seat's first turn's placing of the armies raised."""

    def choose(m: dict[str, Any]) -> list[Any]:
        legal = m["legal"]
        action = next((a for a in (["bid", 0], ["done"], ["pass"]) if a in legal), None)
        return list(action or max(legal, key=lambda a: a[-1] if a[1:] else 0))

    def raising(m: dict[str, Any]) -> bool:
        return bool(m["view"]["phase"] == "raise")

    return play_seat_until(server, game, token, raising, choose, "the seat's first turn came")


def test_a_land_chosen_for_placing_is_not_kept_for_the_next_step(server: str) -> None:
    """Armies placed in the temple's land (picked on the map): the gods' step that follows
    starts with no land chosen, so it offers every summon and temple, not only that land's
    (the pick was carried over, and the hint read 'Selected: Caledonia.')."""
    bot = {"kind": "bot", "tier": "random"}
    made = create_game(server, MODE, [{"kind": "human"}, bot, bot])
    m = until_the_raise(server, made["id"], made["seats"][0]["token"])
    temples = {t["name"] for t in m["view"]["territories"] if t["temple"] and t["seat"] == 0}
    places = [a for a in m["legal"] if a[0] == "place"]
    land = next((a[1] for a in places if a[1] in temples), places[0][1])
    most = max(a[2] for a in places if a[1] == land)
    with browser_page(server + made["seats"][0]["link"], height=1000) as (page, errors):
        page.wait_for_function("G.msg && G.board && G.msg.legal.length")
        act_by_clicking(page, ["place", land, most])
        page.wait_for_function(f"G.msg.state > {m['state']}", timeout=10_000)
        phase, pick, hint, legal = page.evaluate(
            "[G.msg.view.phase, G.pick, document.querySelector('#hint').textContent, G.msg.legal]"
        )
        assert phase != "raise" and pick == [] and "Selected" not in hint, (phase, pick, hint)
        # the gods' step asks in words ('to summon, or temple' named the actions' kinds)
        words = {"summon": "summon a god there", "temple": "build a temple there"}
        for kind in {a[0] for a in legal} & set(words):
            assert words[kind] in hint, hint
        assert not errors, errors


# The status line and the view it was drawn from, read together.
STATUS = "[G.msg, document.getElementById('status').textContent]"


def test_the_defender_is_told_who_attacks_what_with_how_many_dice(
    server: str, served_hub: Hub
) -> None:
    """While a defence is chosen the status line said only 'Your move: the defender rolls.':
    now, as on Classic's map, who attacks which land from where with how many dice and gods,
    what the gods and a temple do to the dice, and on the defender's page the dice it may roll;
    on another seat's page whom the game waits for. Three people's seats, played over the hub
    by the greedy bot's choices to the first defence with a choice (nobody moves while the
    pages look)."""
    made = create_game(server, MODE, [{"kind": "human"}] * 3)
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    room = served_hub.room(made["id"])

    def choosing() -> bool:  # a defence with a choice: a forced one the page sends by itself
        match = room.match
        return match.state.phase == "defend" and len(match.legal(match.to_move()[0])) > 1

    play_people(served_hub, made["id"], tokens, bot_choice(MODE), choosing)
    defender = room.match.to_move()[0]
    inv = room.match.view(defender)["invasion"]
    watcher = next(s for s in range(3) if s not in (defender, inv["attacker"]))
    for seat in (defender, watcher):
        with browser_page(server + made["seats"][seat]["link"], height=1000) as (page, errors):
            page.wait_for_function("G.msg && G.board")
            m, status = page.evaluate(STATUS)
            v = m["view"]
            rows = {t["name"]: t for t in v["territories"] + v["underworld"]}
            to, source = rows[inv["to"]], rows[inv["from"]]
            attacker = v["players"][inv["attacker"]]
            whose = "your" if seat == defender else f"{to['owner']}'"  # a pantheon: a plural
            assert status.startswith(
                f"{attacker['name']} attack {whose} {to['name']} ({to['armies']} armies) "
                f"from {source['name']} ({source['armies']}) with {inv['dice']} dice"
            ), status
            invasion = page.locator("#invasion").inner_text()
            assert inv["gods"], "this seeded invasion has gods"
            for domain in inv["gods"]:
                assert f"{attacker['god_names'][domain]}, god of {domain}" in status, status
                # the line under it names them too, not 'with war'
                assert f"{attacker['god_names'][domain]}, god of {domain}" in invasion, invasion
            assert ("the attacker wins ties" in status) == ("war" in inv["gods"]), status
            assert ("until none is left" in status) == to["temple"], status
            if seat == defender:
                counts = sorted({a[1] for a in m["legal"] if a[0] == "defend"})
                asked = " or ".join(map(str, counts)) if len(counts) < 3 else "1, 2 or 3"
                dice = "dice" if counts[-1] > 1 else "die"
                assert status.endswith(f" — defend with {asked} {dice}."), status
                # beside the buttons, each choice's roll in the dice the game rolls for it
                page.wait_for_selector("#odds .defodds")
                lines = page.locator("#odds .defodds").all_inner_texts()
                st = room.match.state
                assert st.invasion is not None
                rule = army_rule(st, st.invasion, st.sky or NO_SKY)
                assert len(lines) == len(counts), lines
                for count, line in zip(counts, lines, strict=True):
                    for (a, d), p in defence_odds(rule, inv["dice"], count)[count].items():
                        assert f"{loss_words(a, d)} {100 * float(p):.1f}%" in line, line
                ARTIFACTS.mkdir(exist_ok=True)
                page.screenshot(path=str(ARTIFACTS / "godstorm-defend.png"), full_page=True)
            else:
                assert status.endswith(f" — waiting for {to['owner']} to defend."), status
            assert not errors, errors


def test_the_turn_order_before_the_first_bid_says_it_is_bid_for(server: str) -> None:
    """During setup nobody holds a turn-order marker: the line said 'Turn order: 1. — 2. — 3. —';
    now that the order is bid for once setup is done."""
    made = create_game(server, MODE, [{"kind": "human"}] * 3)
    with browser_page(server + made["seats"][0]["link"]) as (page, errors):
        page.wait_for_function("G.msg && document.getElementById('turnorder')")
        m, order = page.evaluate("[G.msg, document.getElementById('turnorder').textContent]")
        assert m["view"]["phase"] == "pantheon" and "—" not in order, order
        assert order == "Turn order: settled by sealed faith bids once setup is done", order
        assert not errors, errors


def test_a_purchase_with_nothing_to_buy_offers_no_form_of_zeros(server: str) -> None:
    """With no miracle card to be had (faith all bid and spent), the purchase showed four lists
    holding only 0, 'at most 0 in all', Buy and 'buy nothing': now it says so, one button."""
    bot = {"kind": "bot", "tier": "random"}

    def choose(m: dict[str, Any]) -> list[Any]:
        legal = m["legal"]
        spend = [a for a in legal if a[0] in ("bid", "summon", "temple")]
        if spend:  # the most faith bid, and gods and temples while faith lasts
            return list(max(spend, key=lambda a: a[-1] if a[0] == "bid" else 0))
        action = next((a for a in (["buy", 0, 0, 0, 0], ["done"], ["pass"]) if a in legal), None)
        return list(action or max(legal, key=lambda a: a[-1] if a[1:] else 0))

    def nothing_to_buy(m: dict[str, Any]) -> bool:
        # with undo on offer: a choice the page leaves to the player, not one it sends
        return bool(m["legal"] == [["buy", 0, 0, 0, 0]] and m["can_undo"])

    # The bots' bids race the seat's (sealed bids are simultaneous), so the same seed may play
    # another game: one that ends before the seat is left with nothing to buy is played again.
    for _ in range(4):
        made = create_game(server, MODE, [{"kind": "human"}, bot, bot])
        token = made["seats"][0]["token"]
        try:
            m = play_seat_until(server, made["id"], token, nothing_to_buy, choose, "nothing to buy")
            break
        except AssertionError as exc:
            if "the game ended before" not in str(exc):
                raise
    else:
        raise AssertionError("four games ended before the seat had nothing to buy")
    with browser_page(server + made["seats"][0]["link"], height=1000) as (page, errors):
        page.wait_for_function("G.msg && document.querySelector('#gsbuy')")
        panel = page.locator("#gsbuy")
        assert panel.locator("select").count() == 0
        assert "No miracle card can be bought now." in panel.inner_text()
        page.locator('#gsbuy button[data-action="buy 0 0 0 0"]').click()
        page.wait_for_function(f"G.msg.state > {m['state']}", timeout=10_000)
        assert not errors, errors


def test_an_invasion_s_odds_show_beside_each_choice_of_gods(server: str, served_hub: Hub) -> None:
    """Two lands picked on the map, as Classic's attack: one line a choice of gods going
    along, worded as its button, with the % to take the land invading until it falls in the
    game's own dice (`invasion_between`, a spectator's reading), the source's gods counted.
    Three people's seats played by the greedy bot's choices to an invasion with gods."""
    made = create_game(server, MODE, [{"kind": "human"}] * 3)
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    room = served_hub.room(made["id"])

    def with_gods() -> list[Any]:
        match = room.match
        if match.outcome() is not None or match.state.phase != "invade":
            return []
        seat = match.to_move()[0]
        return [a for a in match.legal(seat) if a.kind == "invade" and a.args[2] != "-"]

    play_people(served_hub, made["id"], tokens, bot_choice(MODE), lambda: bool(with_gods()))
    source, target = (str(x) for x in with_gods()[0].args[:2])
    seat = room.match.to_move()[0]
    offered = {
        str(a.args[2])
        for a in room.match.legal(seat)
        if a.kind == "invade" and a.args[:2] == (source, target)
    }
    seen = room.match.game.observe(room.match.state, None)
    with browser_page(server + made["seats"][seat]["link"], height=1000) as (page, errors):
        page.wait_for_function("G.msg && G.board && G.msg.legal.length")
        for name in (source, target):
            page.locator(f'#board g.terr[data-name="{name}"]').click()
        page.wait_for_selector("#odds .invodds")
        lines = {
            line.get_attribute("data-gods"): line.inner_text()
            for line in page.locator("#odds .invodds").all()
        }
        assert set(lines) == offered, lines
        for gods, line in lines.items():
            assert gods is not None
            odds = invasion_between(seen, source, target, parse_gods(gods))
            assert f"{100 * odds.p_conquest:.1f}% to take it" in line, line
            # the server's words, not the button's label with its armies cut out
            words = invasion_words(seen, source, target, parse_gods(gods))
            assert line.startswith(f"{words}: "), line
            assert line.startswith(f"Invade {target} from {source}"), line
            assert ("godswar first" in line) == odds.godswar, line
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "godstorm-invasion-odds.png"), full_page=True)
        assert not errors, errors


def rolled_on(match: Match) -> bool:
    """An invasion of Ancient Earth after an army roll, its invader choosing to roll again."""
    st, inv = match.state, match.state.invasion
    return (
        match.outcome() is None
        and st.phase == "attack"
        and inv is not None
        and not inv.underworld
        and inv.last_dice > 0  # an army roll of this invasion: the last roll in the log
        and any(a.kind == "roll" for a in match.legal(inv.attacker))
    )


def test_the_invasion_under_way_has_its_odds_and_the_dice_name_their_battle(
    server: str, served_hub: Hub
) -> None:
    """After a roll, rolling again or stopping is the invader's choice: the page gave no %
    there (only before the declaration). Now the invasion under way has its line, worded by
    the server, with its own gods and committed armies (`invasion_between`); and the Dice
    panel says which battle its dice were. Three people's seats played by the greedy bot's
    choices to that choice (nobody moves while the page looks)."""
    game = played_until(server, served_hub, MODE, rolled_on, players=3)
    match = served_hub.room(game["id"]).match
    inv = match.view(None)["invasion"]
    seen = match.game.observe(match.state, None)
    odds = invasion_between(seen, inv["from"], inv["to"])
    attacker = match.view(None)["players"][inv["attacker"]]
    with browser_page(server + game["seats"][inv["attacker"]]["link"], height=1000) as (
        page,
        errors,
    ):
        page.wait_for_selector("#odds .invodds")
        lines = page.locator("#odds .invodds").all_inner_texts()
        assert len(lines) == 1, lines
        line = lines[0]
        assert line.startswith(f"Go on invading {inv['to']} from {inv['from']}"), line
        for domain in inv["gods"]:
            assert f"{attacker['god_names'][domain]} (god of {domain})" in line, line
        assert f"{100 * odds.p_conquest:.1f}% to take it" in line, line
        assert ("godswar first" in line) == odds.godswar, line
        page.wait_for_selector("#lastroll")
        said = page.locator("#lastroll").inner_text()
        assert said == f"Last roll: {inv['to']} attacked from {inv['from']}", said
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "godstorm-rolling-on.png"), full_page=True)
        assert not errors, errors


def heaven_raids(match: Match) -> list[Action]:
    """The raids from the heaven into a gate the player to move may make now."""
    if match.outcome() is not None or match.state.phase != "underworld":
        return []
    seat = match.to_move()[0]
    return [a for a in match.legal(seat) if a.kind == "descend" and a.args[0] == "heaven"]


def test_a_raid_from_the_heaven_has_its_odds_when_its_gate_is_clicked(
    server: str, served_hub: Hub
) -> None:
    """A raid from the heaven is chosen with one click, on the gate (the heaven is no
    place to click): no two places were ever picked, so it had no %. Now the gate clicked
    gives the raid's line, in the Underworld's plain dice with every army of the heaven
    going (A18), the heaven called by its name, as anyone may read it (not "your heaven")."""
    game = played_until(server, served_hub, MODE, lambda m: bool(heaven_raids(m)), players=3)
    match = served_hub.room(game["id"]).match
    seat, gate = match.to_move()[0], str(heaven_raids(match)[0].args[1])
    seen = match.game.observe(match.state, None)
    odds = invasion_between(seen, "heaven", gate)
    parts = seen.parts
    heaven = parts.underworld.territories[parts.heaven[seen.pantheon[seat]]]
    with browser_page(server + game["seats"][seat]["link"], height=1000) as (page, errors):
        page.wait_for_function("G.msg && G.board && G.msg.legal.length")
        page.locator(f'#board g.terr[data-name="{gate}"]').click()
        page.wait_for_selector("#odds .invodds")
        lines = page.locator("#odds .invodds").all_inner_texts()
        assert len(lines) == 1, lines
        assert lines[0].startswith(f"Invade {gate} from {heaven}: "), lines
        assert f"{100 * odds.p_conquest:.1f}% to take it" in lines[0], lines
        page.locator("#odds").scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / "godstorm-heaven-raid-odds.png"), full_page=True)
        assert not errors, errors


def into_empty(match: Match) -> list[Action]:
    """Descents from a space into an empty one (A16) the player to move may make now."""
    if match.outcome() is not None or match.state.phase != "underworld":
        return []
    seat = match.to_move()[0]
    rows = {row["name"]: row for row in match.view(None)["underworld"]}
    return [
        a
        for a in match.legal(seat)
        if a.kind == "descend" and a.args[0] != "heaven" and not rows[str(a.args[1])]["armies"]
    ]


def test_entering_an_empty_space_is_worded_as_such_and_has_no_odds(
    server: str, served_hub: Hub
) -> None:
    """A descent into an empty Underworld space is an invasion with no one to fight (A16):
    its odds line said "100.0% to take it (expected losses: you 0.0, them 0.0)" and, while
    armies moved in, the status "you invade Ashen Field (nobody) ...: 1 armies"."""
    game = played_until(server, served_hub, MODE, lambda m: bool(into_empty(m)), players=3)
    match = served_hub.room(game["id"]).match
    seat = match.to_move()[0]
    source, target = (str(x) for x in into_empty(match)[0].args[:2])
    with browser_page(server + game["seats"][seat]["link"], height=1000) as (page, errors):
        page.wait_for_function("G.msg && G.board && G.msg.legal.length")
        for name in (source, target):
            page.locator(f'#board g.terr[data-name="{name}"]').click()
        page.wait_for_selector("#odds .invodds")
        line = page.locator("#odds .invodds").inner_text()
        assert line.endswith("no one holds it: entered without a roll (A16)"), line
        assert "% to take it" not in line
        page.locator(f'#actions button[data-action="descend {source} {target}"]').click()
        page.wait_for_selector("#invasion")
        status = page.locator("#invasion").inner_text()
        assert status.startswith(f"you enter {target} (empty) from {source}: "), status
        assert "nobody" not in status and not re.search(r"\b1 armies\b", status), status
        assert not errors, errors
