"""Monopoly in Chromium as players expect it (issue 12): a standing maximum bid and dropping
out of an auction, rent claimed and the window closed by standing choices (remembered per
game), and a trade offer composed by ticking items, sent, and answered by the other player;
a bid picked in the panel that the bots' bids do not undo, and a finished game that offers
nothing more."""

from __future__ import annotations

import queue
import re
import time
from typing import Any

import httpx

from tests.fixtures.monopoly_spaces import ABOUT
from tests.web.play import bot_choice, play_people, played_until
from tests.web.system import browser_page, chromium_browser, create_game, open_page
from tests.web.test_browser import ARTIFACTS, check_finished, msg
from warroom.core.actions import Action
from warroom.core.match import Match
from warroom.web.hub import Hub

# The page is about to send a forced choice of its own (`autoForced` in game.js): the state
# that answers it will replace whatever a test edits in the view now.
FORCED_PENDING = "G.msg.forced && G.msg.to_move.includes(G.msg.seat) && !G.msg.can_undo"

# Every action the page sends, with the state it was chosen in: the test's clicks and the
# page's own (standing choices, forced choices).
RECORD = """() => {
  window.SENT = [];
  const real = api;
  window.api = (method, path, body, token) => {
    if (method === "POST" && body && path.endsWith("/act")) {
      window.SENT.push(body.action || body.text);
    }
    return real(method, path, body, token);
  };
}"""


def _new_game(server: str, seats: list[dict[str, Any]]) -> dict[str, Any]:
    r = httpx.post(server + "/api/games", json={"mode": "monopoly-avengers", "seats": seats})
    assert r.status_code == 201, r.text
    return dict(r.json())


def _click(page: Any, action: str, state: int) -> bool:
    """Click an action's button; False when the state moved on first (a bot acted)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    button = page.locator(f'#actions button[data-action="{action}"]')
    try:
        button.first.click(timeout=1500)
        page.wait_for_function(f"G.msg.state > {state}", timeout=5000)
    except PlaywrightTimeout:  # the choice vanished under the click: look again
        return False
    return True


def _mine(events: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    return [e for e in events if e.get("seat") == seat and e["kind"] in ("bid", "pass")]


def test_auction_maximum_drop_out_and_standing_choices(server: str, served_hub: Hub) -> None:
    bot = {"kind": "bot", "tier": "greedy"}
    g = _new_game(server, [{"kind": "human"}, bot, bot])
    room = served_hub.room(g["id"])
    url = server + g["seats"][0]["link"]
    with browser_page(url, height=1000) as (page, _):
        page.wait_for_function("G.msg && MONO.board")
        # The standing choices: ticked once, remembered for this game across a reload.
        page.check("#standing-rent")
        page.check("#standing-window")
        page.reload()
        page.wait_for_function("G.msg && MONO.board")
        assert page.is_checked("#standing-rent") and page.is_checked("#standing-window")
        page.evaluate(RECORD)
        clicks: list[str] = []
        top = 0  # the maximum set
        plans: list[str] = []  # "max" then "out", one per auction this test starts
        done_at: dict[str, int] = {}  # plan -> how many of my auction events it made
        deadline = time.time() + 120
        while time.time() < deadline and len(done_at) < 2:
            m = msg(page)
            assert not m["outcome"]
            v = m["view"]
            if plans and plans[-1] not in done_at:
                # An auction this test started: the plan is set, the page answers alone.
                if v["auction"]:
                    time.sleep(0.05)
                else:
                    done_at[plans[-1]] = len(page.evaluate("G.tail"))
                continue
            if 0 not in m["to_move"] or not m["legal"]:
                time.sleep(0.05)
                continue
            kinds = {a[0] for a in m["legal"]}
            # Only the turn's own choices are clicked: rent and windows go by themselves.
            if "auction" in kinds and len(plans) < 2:
                # The bots wait while the plan is set in the page and its first answer
                # (a bid within the maximum, or a pass) is sent; then they bid as they like.
                served_hub.pause_bots()
                try:
                    if _click(page, "auction", m["state"]):
                        clicks.append("auction")
                        plans.append("max" if not plans else "out")
                        page.wait_for_selector("#mplan")
                        if plans[-1] == "max":
                            top = msg(page)["view"]["auction"]["min_bid"] + 15
                            page.fill("#maxbid", str(top))
                            page.click("#mplan [data-action=bid-up-to]")
                        else:
                            page.click("#mplan [data-action=drop-out]")
                        page.wait_for_selector("#mplan [data-action=plan-cancel]")
                        page.wait_for_function("!G.msg.to_move.includes(G.msg.seat)")
                finally:
                    served_hub.resume_bots()
                continue
            for kind in ("draft", "roll", "end", "pay", "accept", "auction"):
                if kind in kinds:
                    # The first turn ended opens the next player's window to this seat:
                    # the bots wait until the page has closed it by itself.
                    window = kind == "end" and ["done"] not in page.evaluate("window.SENT")
                    if window:
                        served_hub.pause_bots()
                        # Clicked in the state the bots wait in, as the page shows it: a bot
                        # may have moved since `m` (asked for rent, which takes the end of the
                        # turn away until it is paid, and the window would never come).
                        page.wait_for_function(f"G.msg.state >= {room.state_id}")
                        m = msg(page)
                    try:
                        if [kind] in m["legal"] and _click(page, kind, m["state"]):
                            clicks.append(kind)
                            if window:
                                page.wait_for_function("window.SENT.some((a) => a[0] === 'done')")
                    finally:
                        if window:
                            served_hub.resume_bots()
                    break
            else:
                time.sleep(0.05)
        assert set(done_at) == {"max", "out"}, (plans, done_at)
        log = page.evaluate("G.early.concat(G.tail)")
        sent = page.evaluate("window.SENT")
        # The clicks were the turn's own: never a bid, a pass, an ask or a done.
        assert not {"bid", "pass", "ask", "done"} & set(clicks), clicks
        # The maximum: the page raised by the least each time, never past it, then passed.
        starts = [i for i, e in enumerate(log) if e["kind"] == "auction"]
        first, second = starts[0], starts[1]
        mine = _mine(log[first:second], 0)
        bids = [e["amount"] for e in mine if e["kind"] == "bid"]
        assert bids and max(bids) <= top, (top, mine)
        bid_events = [e for e in log[first:second] if e["kind"] == "bid"]
        for k, e in enumerate(bid_events):
            if e["seat"] == 0 and k:
                assert e["amount"] == max(10, bid_events[k - 1]["amount"] + 1)
        if any(e["amount"] > top for e in bid_events):
            assert mine[-1]["kind"] == "pass"
        # Dropped out: only passes from this seat, however often the auction came back.
        out = _mine(log[second:], 0)
        assert out and all(e["kind"] == "pass" for e in out), out
        assert ["bid", 10] not in sent[sent.index(["auction"], sent.index(["auction"]) + 1) :]
        # The standing choices answered the windows (and any rent) with no click.
        assert ["done"] in sent
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "monopoly-standing.png"), full_page=True)


def test_compose_an_offer_and_answer_it(server: str) -> None:
    g = _new_game(server, [{"kind": "human"}, {"kind": "human"}])
    urls = [server + s["link"] for s in g["seats"]]
    with chromium_browser() as browser:
        pages = []
        for u in urls:
            page = open_page(browser, u, height=1000)
            page.wait_for_function("G.msg && MONO.board")
            pages.append(page)
        one, two = pages
        # No wall of sample offers: the composer replaces them (or, while the rules take no
        # offer from this seat, says when they do).
        assert one.locator('#actions button[data-action^="offer"]').count() == 0
        assert one.locator("#composer, #composer-later").count() == 1
        # Play until Player 1 has drafted a hero and may still act in that turn.
        deadline = time.time() + 60
        hero = None
        while time.time() < deadline:
            m = msg(one)
            owned = [i for i, o in enumerate(m["view"]["owner"]) if o == 0]
            if owned and 0 in m["to_move"] and any(a[0] == "offer" for a in m["legal"]):
                hero = owned[0]
                break
            seat = m["to_move"][0]
            legal = msg(pages[seat])["legal"]
            kinds = {a[0]: a for a in legal}
            pick = next(
                (kinds[k] for k in ("draft", "roll", "end", "done", "pay") if k in kinds),
                legal[0] if legal else None,
            )
            if pick is not None:
                pages[seat].evaluate("(a) => send(a)", pick)
            time.sleep(0.1)
        assert hero is not None
        board = one.evaluate("MONO.board")
        name = board["spaces"][hero]["name"]
        one.wait_for_selector(f'#composer .give input[data-item="{name}"]')
        one.check(f'#composer .give input[data-item="{name}"]')
        one.fill('#composer input[data-cash="get"]', "20")
        word = name if re.fullmatch(r"[\w-]+", name) else f'"{name}"'
        assert one.evaluate("composedText()") == f'offer "Player 2" give {word} get 20'
        one.click("#composer [data-action=send-offer]")
        two.wait_for_selector("#incoming")
        text = two.locator("#incoming").inner_text()
        assert name in text and "M20" in text and "Player 1" in text
        # Nothing moves while the offer waits: Player 1's cash as its own page shows it then,
        # and once that page has the answer (not just Player 2's page), 20 more.
        one.wait_for_function("G.msg.view.offer !== null")
        cash = msg(one)["view"]["status"][0]["cash"]
        two.click("#incoming [data-action=accept]")
        two.wait_for_function(f"G.msg.view.owner[{hero}] === 1")
        one.wait_for_function(f"G.msg.view.owner[{hero}] === 1")
        assert msg(one)["view"]["status"][0]["cash"] == cash + 20
        one.wait_for_function("!document.querySelector('#incoming')")
        one.screenshot(path=str(ARTIFACTS / "monopoly-offer.png"), full_page=True)


class BidAsTold:
    """Test-only: a greedy bot that, in an auction, waits for the test to put a raise in
    `raises` and bids the least bid plus it (None: passes); otherwise plays as greedy."""

    name = "greedy, bidding as told"

    def __init__(self, inner: Any, raises: queue.Queue[int | None]) -> None:
        self.inner, self.raises = inner, raises

    def choose(self, seat: int, observation: Any, legal: Any) -> Any:
        bids = sorted(a.args[0] for a in legal if a.kind == "bid")
        if not bids:
            return self.inner.choose(seat, observation, legal)
        raise_by = self.raises.get(timeout=60)
        return Action("pass") if raise_by is None else Action("bid", (bids[0] + raise_by,))


BID = '#actions select[data-keep="bid"]'
# The bid picker as shown, and whether it is the very control the test marked and focused.
PICKER = f"""() => {{
  const sel = document.querySelector('{BID}');
  const note = document.querySelector('[data-note-for="bid"]');
  return {{ value: sel.value, options: [...sel.options].map((o) => Number(o.value)),
    same: sel.marked === true, focused: document.activeElement === sel,
    note: note && note.checkVisibility() ? note.innerText : null }};
}}"""


def test_a_picked_bid_survives_the_bots_bids(server: str, served_hub: Hub) -> None:
    """One person and two bots; the person's seat, played through the server, starts an
    auction. The bots bid only when the test says (test-only), and each bid rebuilds the
    panel. The bid list starts on the least bid, and stays on the least until one is picked.
    A maximum typed in its field stays as typed, in the same field, focused. A bid
    picked in the panel's list stays picked while the new amounts still list it, in the same
    control, focused; once a bid leaves it out, the list shows the new least bid and says so,
    and a click bids that."""
    bot = {"kind": "bot", "tier": "greedy"}
    g = _new_game(server, [{"kind": "human"}, bot, bot])
    room = served_hub.room(g["id"])
    raises: queue.Queue[int | None] = queue.Queue()
    for seat in (1, 2):
        room.bots[seat] = BidAsTold(room.bots[seat], raises)
    greedy = bot_choice("monopoly-avengers")

    def choose(match: Match, seat: int) -> Action | None:
        if match.view(seat)["auction"]:
            return None  # the test answers the auction in the page
        legal = match.legal(seat)
        return Action("auction") if Action("auction") in legal else greedy(match, seat)

    def asked_to_bid() -> bool:
        with room.lock:
            return any(a.kind == "bid" for a in room.match.legal(0))

    with browser_page(server + g["seats"][0]["link"], height=1000) as (page, errors):
        try:
            page.wait_for_function("G.msg && MONO.board")
            play_people(served_hub, g["id"], {0: g["seats"][0]["token"]}, choose, asked_to_bid)
            page.wait_for_selector(BID)
            least = page.evaluate(PICKER)["options"][0]
            assert page.evaluate(PICKER)["options"] == [least, least + 9, least + 49, least + 99]
            assert page.evaluate(PICKER)["value"] == str(least)  # not the largest raise
            # A maximum being typed: what is typed stays, in the same field, focused.
            page.fill("#maxbid", str(least + 300))
            page.evaluate("document.querySelector('#maxbid').marked = true")
            raises.put(49)  # a bot bids least + 49: the least bid is now least + 50
            page.wait_for_function(f"({PICKER})().options[0] === {least + 50}")
            field = page.evaluate(
                "(() => { const n = document.querySelector('#maxbid'); return [n.value, "
                "n.min, n.marked === true, document.activeElement === n]; })()"
            )
            assert field == [str(least + 300), str(least + 50), True, True], field
            assert page.evaluate(PICKER)["value"] == str(least + 50)  # nothing picked: the least
            least += 50
            # A bid picked in the list, and the list kept focused.
            page.select_option(BID, str(least + 99))
            page.focus(BID)
            page.evaluate(f"document.querySelector('{BID}').marked = true")
            raises.put(49)  # the other bot bids least + 49
            page.wait_for_function(f"({PICKER})().options[0] === {least + 50}")
            shown = page.evaluate(PICKER)
            assert shown["options"] == [least + d for d in (50, 59, 99, 149)], shown
            assert shown["value"] == str(least + 99), shown
            assert shown["same"] and shown["focused"] and shown["note"] is None, shown

            least += 50
            page.select_option(BID, str(least + 9))
            raises.put(0)  # the first bot bids the least: least + 9 is no longer listed
            page.wait_for_function(f"({PICKER})().options[0] === {least + 1}")
            shown = page.evaluate(PICKER)
            assert shown["value"] == str(least + 1), shown
            assert shown["note"] and f"{least + 9}" in shown["note"], shown
            assert shown["same"] and shown["focused"], shown
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "monopoly-bid-kept.png"))
            page.click('#actions button[data-action="bid"]')
            page.wait_for_function(
                f"G.tail.some((e) => e.kind === 'bid' && e.seat === 0 && e.amount === {least + 1})"
            )
            assert errors == []
        finally:
            for _ in range(8):
                raises.put(None)  # the bots pass from here on: none is left waiting


def test_a_finished_game_offers_nothing_more(server: str, served_hub: Hub) -> None:
    """Two people in a three-turn game (`turn_limit`), played to the end through the server
    while the first seat's page watches: during play the standing choices are offered and
    the player whose turn it is is marked; once the outcome is in, no token or row is
    marked, no checkbox or other control is left but the banner's, and the result, its
    download and the log stay."""
    mode = "monopoly-avengers"
    g = create_game(server, mode, [{"kind": "human"}, {"kind": "human"}], {"turn_limit": 3})
    tokens = {s["seat"]: s["token"] for s in g["seats"]}
    room = served_hub.room(g["id"])
    with browser_page(server + g["seats"][0]["link"], height=1000) as (page, errors):
        page.wait_for_function("G.msg && MONO.board")
        assert page.is_visible("#standing-rent") and page.is_visible("#standing-window")
        assert page.locator("#mboard .mtoken.current").count() == 1
        assert "◀" in page.locator("#mboard table.mplayers").inner_text()
        over = lambda: room.match.outcome() is not None  # noqa: E731
        play_people(served_hub, g["id"], tokens, bot_choice(mode), over)
        check_finished(page)
        assert "◀" not in page.locator("#mboard table.mplayers").inner_text()
        assert page.locator("#standing input").count() == 0
        page.screenshot(path=str(ARTIFACTS / "monopoly-over.png"), full_page=True)
        assert errors == []


def test_a_held_card_is_named_with_its_article(server: str) -> None:
    """The cards a player holds (the table, offers, the deal form) read as English: 'an
    Infinity Gauntlet card', 'a Stark Industries card'."""
    g = _new_game(server, [{"kind": "human"}, {"kind": "bot", "tier": "random"}])
    with browser_page(server + g["seats"][0]["link"]) as (page, errors):
        page.wait_for_function("MONO.board")
        named = page.evaluate("items(MONO.board, ['gauntlet-card', 'stark-card'])")
        assert named == "an Infinity Gauntlet card, a Stark Industries card"
        assert errors == []


# Each kind of space's panel text, as its rulebook section says it (The Board Spaces).
PANEL = {
    name: ABOUT[name]
    for name in ("GO", "Cull Obsidian", "Jail", "Go to Jail", "Free Parking", "Ultron")
} | {
    "Stark Industries": ABOUT["Stark Industries"],
    "Winter Soldier": ["Price M150. Not drafted yet.", *ABOUT["Winter Soldier"]],
    "Maria Hill": ["Price M60. Not drafted yet.", *ABOUT["Maria Hill"]],
}


def test_each_space_panel_says_what_its_rulebook_section_says(server: str) -> None:
    """A space's panel is true and complete in short: GO pays for passing or landing, a Child
    of Thanos rolls a die for the token and one per hero card held, Jail lists every way
    out, Free Parking says nothing happens; no line beyond those (and the player list)."""
    g = _new_game(server, [{"kind": "human"}, {"kind": "human"}])
    with browser_page(server + g["seats"][0]["link"], height=1000) as (page, errors):
        page.wait_for_function("G.msg && MONO.board")
        names = page.evaluate("MONO.board.spaces.map((s) => s.name)")
        for name, want in PANEL.items():
            index = names.index(name)
            page.evaluate(f"pickSpace({index})")
            box = page.locator(f'#mboard .mdetails[data-index="{index}"]')
            box.wait_for()
            got = box.locator(":scope > div:not(.mdname):not(.muted)").all_inner_texts()
            assert got == want, name
            if name == "Jail":
                ARTIFACTS.mkdir(exist_ok=True)
                page.locator("#monowrap").screenshot(path=str(ARTIFACTS / "monopoly-jail.png"))
        assert errors == []


def test_the_debt_line_says_what_the_debt_is_for(server: str) -> None:
    """A pending debt's line names what it pays for (the view's `why`), as its event does."""
    g = _new_game(server, [{"kind": "human"}, {"kind": "human"}])
    with browser_page(server + g["seats"][0]["link"]) as (page, errors):
        page.wait_for_function("G.msg && MONO.board")
        debt = "{debtor: 0, creditor: null, amount: 200, why: 'lost to Cull Obsidian'}"
        lines = page.evaluate(f"pendingLines(MONO.board, {{...G.msg.view, debt: {debt}}})")
        assert [line for line in lines if line.startswith("Debt:")] == [
            "Debt: Player 1 owes M200 to the Bank (lost to Cull Obsidian) and must raise it "
            "(sell, sideline) or go bankrupt."
        ]
        # The status line: what to do, and once nothing is left to sell, the only ways on.
        view = f"{{...G.msg.view, debt: {debt}, to_move: [0]}}"
        asked = page.evaluate(f"monoAsked({view}, 0, [['pay'], ['sell', 'Wong']])")
        assert asked == (
            "pay M200 to the Bank (lost to Cull Obsidian), selling or sidelining to raise it "
            "if you must"
        )
        asked = page.evaluate(f"monoAsked({view}, 0, [['bankrupt']])")
        assert asked == (
            "you cannot pay M200 to the Bank (lost to Cull Obsidian): offer a deal to raise "
            "it, or go bankrupt"
        )
        assert errors == []


def test_the_turn_line_says_the_step_in_words(server: str) -> None:
    """The board's turn line says whose turn it is and the step in the view's words ('rolling
    the dice'), not a short word of the page's own ('resolving' stood for every auction,
    payment and choice)."""
    g = _new_game(server, [{"kind": "human"}, {"kind": "human"}])
    with browser_page(server + g["seats"][0]["link"]) as (page, errors):
        page.wait_for_function("G.msg && MONO.board && document.querySelector('.mturn')")
        line, view = page.evaluate("[document.querySelector('.mturn').textContent, G.msg.view]")
        seat = f"Player {view['current'] + 1}"
        assert line.startswith(f"Turn {view['turn']}: {seat}'s turn · {view['step']}"), line
        assert errors == []


def test_the_jail_line_offers_only_the_ways_out_open_now(server: str) -> None:
    """In Jail at the turn's start the status line said 'roll for doubles to leave Jail (or
    pay, or use a card, where you can)' whatever the seat could do: now only the ways its legal
    actions open (the fine where its cash pays it, a card where it holds one)."""
    g = _new_game(server, [{"kind": "human"}, {"kind": "human"}])
    with browser_page(server + g["seats"][0]["link"]) as (page, errors):
        page.wait_for_function("G.msg && MONO.board")
        # The seat's turn in Jail, drawn with each set of legal actions (nobody moves: two
        # people's seats, neither playing).
        draw = """(legal) => {
          const v = G.msg.view;
          const status = v.status.map((p, i) => (i === 0 ? {...p, in_jail: true} : p));
          const view = {...v, phase: "start", current: 0, to_move: [0], claims: [], window: [],
            offer: null, acquire: [], debt: null, call: null, auction: null, status};
          G.msg = {...G.msg, view, to_move: [0], legal};
          renderStatus();
          return document.getElementById('status').textContent;
        }"""
        shown = [
            page.evaluate(draw, legal)
            for legal in (
                [["roll"]],
                [["roll"], ["pay"]],
                [["roll"], ["use", "stark-card"]],
                [["roll"], ["pay"], ["use", "stark-card"], ["use", "gauntlet-card"]],
            )
        ]
        assert shown == [
            "Your move: roll for doubles to leave Jail.",
            "Your move: roll for doubles or pay M50 to leave Jail.",
            "Your move: roll for doubles or use your Get Out of Jail Free card to leave Jail.",
            "Your move: roll for doubles, pay M50 or use a Get Out of Jail Free card to leave "
            "Jail.",
        ]
        assert errors == []


def test_the_deal_form_is_there_only_while_the_rules_take_an_offer(
    server: str, served_hub: Hub
) -> None:
    """Offers are taken on your own turn and in the window before another player's roll
    (`any_time`): in between (another player has rolled) the page shows no form whose offer
    the rules would refuse, only when deals can be made; on your turn the form follows the
    rules again (the page may have taken a forced roll by then)."""
    g = _new_game(server, [{"kind": "human"}, {"kind": "human"}])
    tokens = {s["seat"]: s["token"] for s in g["seats"]}
    room = served_hub.room(g["id"])
    other_rolled = lambda: (  # noqa: E731
        room.match.view(None)["current"] == 0
        and room.match.view(None)["phase"] != "start"
        and 1 not in room.match.to_move()
    )
    my_turn = lambda: room.match.view(None)["current"] == 1  # noqa: E731
    agrees = "G.msg.view.any_time.includes(1) === !!document.querySelector('#composer')"
    with browser_page(server + g["seats"][1]["link"], height=1000) as (page, errors):
        page.wait_for_function("G.msg && MONO.board")
        play_people(served_hub, g["id"], tokens, bot_choice("monopoly-avengers"), other_rolled)
        page.wait_for_function(f"G.msg.state === {room.state_id}")
        page.wait_for_selector("#composer-later")
        assert page.locator("#composer").count() == 0
        assert "before another player rolls" in page.inner_text("#composer-later")
        page.screenshot(path=str(ARTIFACTS / "monopoly-deal-later.png"))
        play_people(served_hub, g["id"], tokens, bot_choice("monopoly-avengers"), my_turn)
        page.wait_for_function(f"G.msg.state >= {room.state_id} && {agrees}")
        assert errors == []


def test_the_players_tables_tell_a_visitor_from_a_prisoner(server: str) -> None:
    """Both players' tables (the board's and the panel's) say where a token is as the view
    words it: "Jail (Just Visiting)" for a visitor, where they said "Jail"."""
    g = _new_game(server, [{"kind": "human"}, {"kind": "human"}])
    with browser_page(server + g["seats"][0]["link"]) as (page, errors):
        # The first state's one legal action ("done", the window before the roll) is sent by
        # the page after a moment: the state it brings back would redraw the tables from the
        # server's view, so the view is edited only once that state is in.
        page.wait_for_function(f"G.msg && MONO.board && !({FORCED_PENDING})")
        jail = page.evaluate("MONO.board.spaces.find((s) => s.kind === 'jail').index")
        where = "'Jail (Just Visiting)'"
        visiting = f"{{...G.msg.view.status[0], position: {jail}, space: 'Jail', where: {where}}}"
        page.evaluate(f"G.msg.view.status[0] = {visiting}; render()")
        board = page.locator("#mboard table.mplayers tr").nth(1).inner_text()
        panel = page.locator("#players tr").first.inner_text()
        assert "Jail (Just Visiting)" in board and "Jail (Just Visiting)" in panel
        # A prisoner: the tries for doubles used, as the log counts them ("try 1 of 3"); it
        # read "in Jail (0 turns)" on the first turn there.
        jailed = "{...G.msg.view.status[0], in_jail: true, jail_turns: 1, where: 'in Jail'}"
        page.evaluate(f"G.msg.view.status[0] = {jailed}; render()")
        board = page.locator("#mboard table.mplayers tr").nth(1).inner_text()
        assert "in Jail (1 of 3 tries used)" in board
        assert errors == []


def test_the_buttons_say_what_they_cost_or_bring(server: str, served_hub: Hub) -> None:
    """A button says its price or yield with its action, as the board prints them
    ("Sideline Wong for M50", "Build a Base on Wong for M50", "Draft Wong for M160"): a player
    need not open a space's panel before each click."""
    g = _new_game(server, [{"kind": "human"}, {"kind": "human"}])
    tokens = {s["seat"]: s["token"] for s in g["seats"]}
    room = served_hub.room(g["id"])
    board = httpx.get(server + "/api/boards/monopoly/avengers").json()
    space = {s["name"]: s for s in board["spaces"]}

    def can_sideline() -> bool:
        legal = room.match.legal(0) if 0 in room.match.to_move() else []
        return any(a.kind == "sideline" for a in legal) and len(legal) > 1

    # The page opens on that state, and nothing moves after.
    play_people(served_hub, g["id"], tokens, bot_choice("monopoly-avengers"), can_sideline)
    hero = next(a.args[0] for a in room.match.legal(0) if a.kind == "sideline")
    with browser_page(server + g["seats"][0]["link"], height=1000) as (page, errors):
        page.wait_for_function(f"G.msg && MONO.board && G.msg.state === {room.state_id}")
        button = page.locator(f'#actions button[data-action="sideline {hero}"]')
        assert button.inner_text() == f"Sideline {hero} for M{space[hero]['sideline']}"
        assert errors == []
    # The other priced kinds, as the rules word them for any level of a hero's buildings.
    game, seen = room.match.game, room.match.observe(0).copy()  # its own lists, to change
    wong = space["Wong"]

    def said(kind: str, level: int) -> str:
        seen.level[wong["index"]] = level
        return game.label(seen, 0, Action(kind, ("Wong",)))

    top = board["rules"]["max_bases"]
    assert said("build", 0) == f"Build a Base on Wong for M{wong['base_cost']}"
    assert said("build", top) == f"Build a Headquarters on Wong for M{wong['hq_cost']}"
    assert said("sell", top + 1) == f"Sell Wong's Headquarters for M{wong['hq_cost'] // 2}"
    assert said("sell", 2) == f"Sell a Base on Wong for M{wong['base_cost'] // 2}"
    assert said("keep", 0) == f"Keep Wong sidelined (M{wong['keep_fee']} fee)"


# Each space's name lines: their words, drawn width, the width they may take, and whether
# the page squeezed them to fit.
NAME_LINES = """() => [...document.querySelectorAll('#mboard text.mname')].map((t) =>
  [t.textContent, t.getBBox().width, Number(t.dataset.max), t.hasAttribute('textLength')])"""
# Wider letters than the page's own font has, as another reader's font may be: some names
# no longer fit as wrapped.
WIDE_LETTERS = """document.addEventListener('DOMContentLoaded', () => document.head.append(
  Object.assign(document.createElement('style'),
    { textContent: '#mboard text.mname { letter-spacing: 1.5px }' })))"""


def test_space_names_fit_their_spaces_each_time_the_board_is_drawn(server: str) -> None:
    """A name line wider than its space is squeezed to fit, when the board is first drawn and
    at every later drawing, where its width is the one measured at the first."""
    g = _new_game(server, [{"kind": "human"}, {"kind": "human"}])
    with browser_page() as (page, errors):
        page.add_init_script(WIDE_LETTERS)
        page.goto(server + g["seats"][0]["link"])
        page.wait_for_function("G.msg && MONO.board")
        for drawing in range(3):
            lines = page.evaluate(NAME_LINES)
            assert len(lines) >= 28, lines  # every hero, deck, tax... names its space
            assert any(squeezed for *_, squeezed in lines), "no name needed squeezing"
            wide = [(words, width, room) for words, width, room, _ in lines if width > room + 0.5]
            assert wide == [], f"drawing {drawing}: names wider than their spaces: {wide}"
            page.evaluate("render()")
        assert errors == []


def _play_to_an_auction(served_hub: Hub, g: dict[str, Any], page: Any) -> None:
    """Both people's seats of a 2-person game played (the greedy's choices, but every hero
    landed on put up for auction) until an auction waits on seat 0, as its page shows it."""
    tokens = {s["seat"]: s["token"] for s in g["seats"]}
    room = served_hub.room(g["id"])
    greedy = bot_choice("monopoly-avengers")

    def asked(match: Match) -> bool:
        return match.state.auction is not None and 0 in match.to_move()

    def chooser(match: Match, seat: int) -> Action | None:
        if asked(match):
            return None
        auction = Action("auction")
        return auction if auction in match.legal(seat) else greedy(match, seat)

    page.wait_for_function("G.msg && MONO.board")
    play_people(served_hub, g["id"], tokens, chooser, lambda: asked(room.match))
    page.wait_for_function(f"G.msg.state === {room.state_id}")


def test_a_pass_clicked_in_an_auction_drops_out_of_it(server: str, served_hub: Hub) -> None:
    """The rules ask a player who passed again after every later bid, and the bots raise by
    M1: a person passed dozens of times in one auction. A pass clicked in an auction now
    drops out of it: the page passes for the seat after each later bid and says so, with
    "Back in" to answer again."""
    g = _new_game(server, [{"kind": "human"}, {"kind": "human"}])
    tokens = {s["seat"]: s["token"] for s in g["seats"]}
    room = served_hub.room(g["id"])

    with browser_page(server + g["seats"][0]["link"]) as (page, _):
        _play_to_an_auction(served_hub, g, page)
        page.click('#actions button[data-action="pass"]')
        page.wait_for_selector("#mplan [data-action=plan-cancel]")
        assert "You dropped out of this auction" in page.locator("#mplan").inner_text()
        # The board's middle said "Still bidding" for everyone: all may bid, who passed is told.
        middle = "document.getElementById('mboard').textContent"
        page.wait_for_function(f"{middle}.includes('Passed since the last bid: ')")
        assert "Still bidding" not in page.evaluate(middle)
        start = len(room.match.log)
        with room.lock:
            bid = next(a for a in room.match.legal(1) if a.kind == "bid")
            state_id = room.state_id
        served_hub.act(g["id"], tokens[1], state_id, bid.to_json())  # asks seat 0 again
        deadline = time.time() + 15
        while room.match.state.auction is not None and time.time() < deadline:
            time.sleep(0.05)
        assert room.match.state.auction is None  # the page passed: the bidder won it
        mine = [e for e in room.match.log[start:] if e.data.get("seat") == 0]
        assert [e.kind for e in mine if e.kind in ("bid", "pass")] == ["pass"], mine


def test_every_owner_tag_on_the_board_has_one_form(server: str, served_hub: Hub) -> None:
    """The tag at the foot of a drafted hero named its owner where the name was short and
    sidelined or not ("Player 1", but "P1 sidelined", and "P3" for a long name): it is the
    owner's number for every seat, as the tokens show it."""

    def drafted(match: Match) -> bool:
        owners = set(match.view(0)["owner"])
        return {0, 1} <= owners and 0 in match.to_move()

    game = played_until(server, served_hub, "monopoly-avengers", drafted)
    with browser_page(server + game["seats"][0]["link"]) as (page, errors):
        page.wait_for_function("G.msg && document.querySelectorAll('#mboard .mownertext').length")
        tags = page.locator("#mboard .mownertext").evaluate_all("ns => ns.map(n => n.textContent)")
        assert {"P1", "P2"} <= set(tags), tags
        assert all(re.fullmatch(r"P[12]( sidelined)?", tag) for tag in tags), tags
        assert errors == []


def test_an_auction_maximum_outlives_a_reload_and_ends_with_its_auction(
    server: str, served_hub: Hub
) -> None:
    """The page's "Bid up to" plan lived in the page alone: a reload, or the seat's link
    opened again, forgot it, and the auction asked the player again (a terminal save keeps
    it too). It is kept per game and seat in the browser for that auction, and goes with it."""
    g = _new_game(server, [{"kind": "human"}, {"kind": "human"}])
    tokens = {s["seat"]: s["token"] for s in g["seats"]}
    room = served_hub.room(g["id"])

    def raise_to(amount: int) -> None:  # the other person's bid, through the server
        with room.lock:
            state_id = room.state_id
        served_hub.act(g["id"], tokens[1], state_id, Action("bid", (amount,)).to_json())

    mine = "G.msg.view.auction && G.msg.view.auction.bidder === 0"
    with browser_page(server + g["seats"][0]["link"]) as (page, _):
        _play_to_an_auction(served_hub, g, page)
        top = msg(page)["view"]["auction"]["min_bid"] + 5
        page.fill("#maxbid", str(top))
        page.click("#mplan [data-action=bid-up-to]")
        page.wait_for_function(mine)  # its first answer: the least bid
        page.reload()
        page.wait_for_function("G.msg && MONO.board")
        plan = page.locator("#mplan").inner_text()
        assert f"Bidding for you up to M{top}" in plan, plan
        high = msg(page)["view"]["auction"]["high"]
        raise_to(high + 1)
        page.wait_for_function(f"{mine} && G.msg.view.auction.high === {high + 2}")
        raise_to(top)  # above the maximum: the page passes and the other seat wins
        deadline = time.time() + 15
        while room.match.state.auction is not None and time.time() < deadline:
            time.sleep(0.05)
        assert room.match.state.auction is None
        page.wait_for_function("localStorage.getItem(planStore()) === null")
        page.reload()
        page.wait_for_function("G.msg && MONO.board")
        assert page.locator("#mplan").count() == 0
