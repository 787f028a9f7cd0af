"""RISK Mass Effect Galaxy at War in Chromium: its own galaxy map, with the planets in their
factions' colours (neutral Cerberus orange), Harbinger, a Reaper Vanguard whose face the Reaper
seat sees and a spectator does not, resource planets, the teams and both meters on the page; a
Vanguard placed and units placed by clicking, and one battle control offering only legal
choices. The set-up is played over the API to keep the test short. Screenshots go to
test-artifacts/ for people to look at."""

from __future__ import annotations

import re
import time
from dataclasses import replace

import httpx

from tests.web.play import choose, played_until
from tests.web.system import browser_page, create_game
from tests.web.test_attack_odds import GAW_ZORYA_DEFENDS, gaw_thessia_on_zorya
from tests.web.test_browser import ARTIFACTS, buttons, msg
from tests.web.test_monopoly_page import RECORD
from warroom.core.match import Match
from warroom.games.mass_effect.gaw_rules import DREADNOUGHT
from warroom.odds import invasion
from warroom.rules.battle import SideRule
from warroom.web.hub import Hub

MODE = "mass-effect-galaxy-at-war"
SETUP = ("claim", "setup-place", "place-harbinger")


def _set_up_over_the_api(server: str, game: str, token: str) -> None:
    """The Reaper seat's claims, Cerberus claims and set-up units, sent as a player would."""
    headers = {"X-Seat-Token": token}
    deadline = time.time() + 60
    while time.time() < deadline:
        s = httpx.get(f"{server}/api/games/{game}", headers=headers).json()
        if s["view"]["phase"] not in SETUP:
            return
        if 1 not in s["to_move"] or not s["legal"]:
            time.sleep(0.02)
            continue
        r = httpx.post(
            f"{server}/api/games/{game}/act",
            json={"state": s["state"], "action": choose(s["legal"], s["view"])},
            headers=headers,
        )
        assert r.status_code == 200, r.text
    raise AssertionError("the set-up did not end")


def test_galaxy_at_war_map_pieces_meters_and_a_turn(server: str) -> None:
    game = create_game(server, MODE, [{"kind": "bot", "tier": "greedy"}, {"kind": "human"}])
    seat = game["seats"][1]
    _set_up_over_the_api(server, game["id"], seat["token"])
    with browser_page(server + seat["link"]) as (page, errors):
        page.wait_for_function(
            "G.msg && G.board && document.querySelectorAll('#board g.terr').length"
        )
        assert page.locator("#board g.terr").count() == 42
        assert page.locator("#board line.conn.relay").count() == 5
        assert page.locator("#board ellipse.nebula").count() >= 6
        assert page.locator("#board g.piece.harbinger").count() == 1
        assert page.locator("#board rect.piece.resource").count() == 13
        # Neutral Cerberus's planets in its orange, the Reapers' in red. The Alliance bot may
        # already be invading Cerberus, so the map is read against the view it was drawn from,
        # in one evaluation (the page redraws only between messages).
        fills, cerberus = page.evaluate(
            """() => [
              [...document.querySelectorAll('#board g.terr circle.owner')]
                .map(n => n.getAttribute('fill')),
              G.msg.view.territories.filter(t => t.seat === null).length,
            ]"""
        )
        assert 1 <= cerberus <= 7  # claimed up to its limit, 7 with 2 players (ME47)
        assert fills.count("#f08a24") == cerberus and "#d62828" in fills
        counts = page.locator("#counts").inner_text()
        assert "Momentum Meter" in counts and "Strategic Planet Meter" in counts
        assert "Cerberus: neutral" in counts
        assert page.locator("#momentum .mspace").count() == 9
        # The Alliance bot's turn: the Reaper seat answers its battles, and those on
        # neutral Cerberus too (ME99: an opponent rolls for it, "you defend for Neutral
        # Cerberus with 1 or 2"), by clicking.
        deadline = time.time() + 120
        while True:
            assert time.time() < deadline, "the Alliance bot's turn should have ended"
            m = msg(page)
            if m["view"]["phase"] == "vanguard" and 1 in m["to_move"]:
                break
            if 1 in m["to_move"] and m["forced"] and not m["can_undo"]:
                page.wait_for_function(f"G.msg.state > {m['state']}", timeout=15_000)
                continue  # a forced choice (one die to defend with) goes by itself
            if 1 in m["to_move"] and m["view"]["phase"] == "defend":
                status = page.locator("#status").inner_text()
                assert re.search(r"defend (for Neutral Cerberus )?with", status), status
                legal = {" ".join(map(str, a)) for a in m["legal"]}
                assert buttons(page) <= legal | {"undo"}
                most = max(a[1] for a in m["legal"] if a[0] == "defend")
                page.locator(f'#actions button[data-action="defend {most}"]').click()
                page.wait_for_function(f"G.msg.state > {m['state']}", timeout=10_000)
                continue
            time.sleep(0.03)
        # The Reaper seat's turn: the Vanguard goes on a planet clicked on the map (ME54).
        m = msg(page)
        assert buttons(page) <= {" ".join(map(str, a)) for a in m["legal"]} | {"undo"}
        target = m["legal"][0][1]
        page.locator(f'#board g.terr[data-name="{target}"]').click()
        page.locator(f'#actions button[data-action="vanguard {target}"]').click()
        page.wait_for_function(f"G.msg.state > {m['state']}", timeout=10_000)
        faces = page.locator("#board g.piece.vanguard").evaluate_all(
            "ns => ns.map(n => n.textContent)"
        )
        assert len(faces) == 1 and "?" not in faces[0]  # the Reapers know it (ME56)
        # A spectator sees it face down.
        watcher = page.context.new_page()  # the same context as the seat's page
        watcher.goto(server + f"/game/{game['id']}")
        watcher.wait_for_function("G.msg && G.board && document.querySelector('g.vanguard')")
        assert "?" in watcher.locator("#board g.piece.vanguard").first.text_content()
        watcher.close()
        # Deploy: every unit on one planet, by clicking it and its button.
        page.wait_for_function("G.msg.view.phase === 'reinforce'", timeout=10_000)
        m = msg(page)
        place = max((a for a in m["legal"] if a[0] == "place"), key=lambda a: (a[2], a[1]))
        page.locator(f'#board g.terr[data-name="{place[1]}"]').click()
        label = f"place {place[1]}"
        grp = page.locator("#actions .grp", has=page.locator(f'button[data-action="{label}"]'))
        if grp.count():
            grp.locator("select").select_option(str(place[2]))
            page.locator(f'#actions button[data-action="{label}"]').click()
        else:
            page.locator(f'#actions button[data-action="{" ".join(map(str, place))}"]').click()
        page.wait_for_function(f"G.msg.state > {m['state']}", timeout=10_000)
        # Invade: the battle control offers only legal dice and ships.
        page.wait_for_function(
            "G.msg.view.phase === 'attack' || G.msg.view.phase === 'reinforce'",
            timeout=10_000,
        )
        m = msg(page)
        attacks = [a for a in m["legal"] if a[0] == "attack"]
        if m["view"]["phase"] == "attack" and attacks:
            a = max(attacks, key=lambda x: x[3])
            page.locator(f'#board g.terr[data-name="{a[1]}"]').click()
            page.locator(f'#board g.terr[data-name="{a[2]}"]').click()
            panel = page.locator("#actions .shippanel[data-kind='attack']")
            assert panel.count() == 1
            legal = {" ".join(map(str, x)) for x in m["legal"]}
            assert buttons(page) <= legal | {"undo", "until", "until-n"}  # rolls, one by one
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "mass-effect-gaw-attack.png"))
            panel.locator("button").click()
            page.wait_for_function(f"G.msg.state > {m['state']}", timeout=10_000)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "mass-effect-gaw-map.png"))
        assert not errors, errors


def test_a_claim_for_cerberus_is_asked_in_words_and_the_teammate_s_hand_is_named(
    server: str,
) -> None:
    """After its own claim, a seat claims one for neutral Cerberus (ME47): the hint says so
    (it read "Click a territory on the map to cerberus"), and the teammate's hand is named by
    the seat (both Alliance seats are "Alliance")."""
    bot = {"kind": "bot", "tier": "greedy"}
    game = create_game(server, MODE, [{"kind": "human"}, bot, bot, bot])
    with browser_page(server + game["seats"][0]["link"]) as (page, errors):
        page.wait_for_function("G.msg && G.board && G.msg.legal.length")
        claim = msg(page)["legal"][0]
        assert claim[0] == "claim"
        page.locator(f'#board g.terr[data-name="{claim[1]}"]').click()
        page.locator(f'#actions button[data-action="claim {claim[1]}"]').click()
        page.wait_for_function("G.msg.legal.some((a) => a[0] === 'cerberus')", timeout=10_000)
        hint, team, teammate = page.evaluate(
            """() => [document.querySelector('#hint').textContent,
              document.querySelector('#hand .teamhand').textContent,
              G.msg.seats[G.msg.view.teams.find((t) => t.includes(0)).find((s) => s !== 0)]]"""
        )
        assert hint == "Click a planet on the map to claim it for neutral Cerberus."
        assert team == f"Your teammate {teammate['plays_as']}'s hand: no cards"
        # The status lines name each seat by its whole label, less a bot's tier: they said
        # "Alliance attacks Reaper's Elysium" with two seats of each faction.
        short, labels = page.evaluate(
            "[G.msg.seats.map((s) => shortName(s.seat)), G.msg.seats.map((s) => s.plays_as)]"
        )
        assert short == labels and len(set(labels)) == 4, short
        assert not errors, errors


def test_no_region_name_covers_a_planet_name(server: str) -> None:
    """Each region's name and bonus on the galaxy map stands clear of every planet's name and
    disc ("Perseus Veil +3" was drawn over "Pragia")."""
    game = create_game(server, MODE, [{"kind": "human"}, {"kind": "human"}])
    with browser_page(server + game["seats"][0]["link"]) as (page, errors):
        page.wait_for_function(
            "G.board && document.querySelectorAll('#board text.regionname').length"
        )
        overlaps = page.evaluate(
            """() => {
              const box = (n, name) => { const r = n.getBoundingClientRect();
                return { name, l: r.left, r: r.right, t: r.top, b: r.bottom }; };
              const regions = [...document.querySelectorAll('#board text.regionname')]
                .map((n) => box(n, n.textContent));
              const planets = [...document.querySelectorAll('#board g.terr')].flatMap((g) => [
                box(g.querySelector('text.label'), `${g.dataset.name}'s name`),
                box(g.querySelector('circle.owner'), `${g.dataset.name}'s disc`),
              ]);
              return regions.flatMap((a) => planets
                .filter((p) => a.l < p.r && p.l < a.r && a.t < p.b && p.t < a.b)
                .map((p) => `${a.name} / ${p.name}`));
            }"""
        )
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator("#board").screenshot(path=str(ARTIFACTS / "mass-effect-gaw-region-names.png"))
        assert overlaps == []
        assert errors == []


def test_placing_a_ship_built_is_asked_in_words(server: str, served_hub: Hub) -> None:
    """A ship just built is placed by clicking a planet (ME80): the hint said "Click a
    territory on the map to ship", the action's kind where a verb was wanted."""

    def placing(match: Match) -> bool:
        return match.state.phase == "place-ship" and match.to_move() == (0,)

    game = played_until(server, served_hub, MODE, placing, players=3)
    with browser_page(server + game["seats"][0]["link"]) as (page, errors):
        page.wait_for_function("G.msg && G.board && G.msg.view.phase === 'place-ship'")
        hint = page.locator("#hint").inner_text()
        assert hint == "Click a planet on the map to put the ship just built there.", hint
        assert not errors, errors


def test_harbinger_s_optional_move_is_offered_in_words(server: str, served_hub: Hub) -> None:
    """The Reapers' player may move Harbinger or not (ME85): the buttons read a bare 'roll'
    and 'end'; they say what each does."""

    def deciding(match: Match) -> bool:
        return match.state.phase == "harbinger" and len(match.legal(match.to_move()[0])) == 2

    game = played_until(server, served_hub, MODE, deciding, players=3)
    seat = served_hub.room(game["id"]).match.to_move()[0]
    with browser_page(server + game["seats"][seat]["link"]) as (page, errors):
        page.wait_for_function("G.msg && G.msg.view.phase === 'harbinger' && G.msg.legal.length")
        labels = {
            b.get_attribute("data-action"): b.inner_text()
            for b in page.locator("#actions button[data-action]").all()
        }
        assert labels["roll"] == "Roll to move Harbinger", labels
        assert labels["end"] == "Leave Harbinger where it is", labels
        assert not errors, errors


def test_a_step_with_nothing_to_do_says_so(server: str, served_hub: Hub) -> None:
    """Moving ships with no ship to move offers only 'end' (and undo): the hint was empty
    beside 'Your move: moving ships.'; it says there is nothing to do but end the step."""

    def idle(match: Match) -> bool:  # with undo on offer: the page waits for the click
        seat = match.to_move()[0]
        only_end = [a.text() for a in match.legal(seat)] == ["end"]
        return match.state.phase == "ship-move" and only_end and match.can_undo(seat) is None

    game = played_until(server, served_hub, MODE, idle, players=3)
    seat = served_hub.room(game["id"]).match.to_move()[0]
    with browser_page(server + game["seats"][seat]["link"]) as (page, errors):
        page.wait_for_function("G.msg && G.msg.view.phase === 'ship-move' && G.msg.can_undo")
        hint = page.locator("#hint").inner_text()
        assert hint == "Nothing to do in this step: click “End ship moves” to go on.", hint
        assert not errors, errors


def test_the_attack_odds_follow_the_ships_chosen(server: str, served_hub: Hub) -> None:
    """The % above the attack panel is the attack with the ships the panel has chosen (every
    ship along at first), and follows a change of choice: Thessia's Cruiser and Dreadnought
    along, then none, against Zorya's Reaper Cruiser and Vanguard; "Attack until it falls"
    then rolls with the ships chosen, its two planets selected through the defences."""
    st = gaw_thessia_on_zorya()
    thessia = st.board.territory("Thessia")
    faction = st.faction_of[0]
    st.ships = st.ships.placed(9 * faction, thessia).placed(9 * faction + 3 * DREADNOUGHT, thessia)
    game = create_game(server, MODE, [{"kind": "human"}] * 3)
    served_hub.room(game["id"]).match.state = st
    along = replace(GAW_ZORYA_DEFENDS, attacker=SideRule(d8=1, reroll_until=1))
    with browser_page(server + game["seats"][0]["link"]) as (page, errors):
        page.wait_for_function("G.msg && G.board && G.msg.view.phase === 'attack'")
        page.locator('#board g.terr[data-name="Thessia"]').click()
        page.locator('#board g.terr[data-name="Zorya"]').click()
        with_ships = f"{100 * invasion(8, 4, along).p_conquest:.1f}%"
        page.wait_for_function(
            f"document.getElementById('odds').textContent.includes({with_ships!r})"
        )
        assert "with the ships chosen" in page.inner_text("#odds")
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "mass-effect-gaw-attack-odds.png"))
        panel = page.locator("#actions .shippanel[data-kind='attack']")
        for part in ("cruisers", "dreadnoughts"):
            panel.locator(f'select[data-part="{part}"]').select_option("0")
        without = f"{100 * invasion(8, 4, GAW_ZORYA_DEFENDS).p_conquest:.1f}%"
        assert without != with_ships
        page.wait_for_function(f"document.getElementById('odds').textContent.includes({without!r})")
        assert "with the ships chosen" not in page.inner_text("#odds")
        # "Attack until it falls" rolls with the ships chosen, as its % counted them.
        panel.locator('select[data-part="dreadnoughts"]').select_option("1")
        page.evaluate(RECORD)
        page.locator('#actions button[data-action="until"]').click()
        page.wait_for_function("window.SENT.length > 0")
        assert page.evaluate("window.SENT[0]") == ["attack", "Thessia", "Zorya", 3, 0, 0, 1]
        # The Reapers defend (over the API): the two planets stay selected meanwhile, the %
        # (with the ships) stays on, and the next roll brings the ships too.
        page.wait_for_function("G.msg.view.phase === 'defend'")
        assert page.evaluate("G.pick") == ["Thessia", "Zorya"]
        page.wait_for_function(
            "document.getElementById('odds').textContent.includes('with the ships chosen')"
        )
        room = served_hub.room(game["id"])
        with room.lock:
            defender, state_id = room.match.to_move()[0], room.state_id
            defence = next(a for a in room.match.legal(defender) if a.kind == "defend")
        token = game["seats"][defender]["token"]
        served_hub.act(game["id"], token, state_id, defence.to_json())
        page.wait_for_function("window.SENT.length > 1")
        assert page.evaluate("window.SENT[1]")[3:] == [3, 0, 0, 1]
        assert errors == []
