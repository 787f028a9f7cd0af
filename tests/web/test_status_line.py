"""The status line says in words what the game is waiting for, in every state a game passes
through: never a phase's id ("Your move (busy step)"), but the step (the view's `step`), and
in Monopoly what is asked of the page's own seat (the bid, the rent, the 'done' before another
player's roll), which the board's middle also says but a phone shows below the fold."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import httpx

from tests.web.play import bot_choice, choose
from tests.web.system import browser_page
from warroom.core.actions import Action
from warroom.core.match import Match
from warroom.web.hub import Hub, WebError

# The page's state and its status line, read together: a forced choice the page sends by itself
# may move the game on between two reads.
SNAPSHOT = "() => [G.msg, document.getElementById('status').textContent]"

# Each Classic phase in the words the status line must hold (while a defence is chosen the line
# is the battle's instead: what attacks, from where, with how many dice, who defends).
CLASSIC_WORDS = {
    "claim": "claiming territories one at a time",
    "setup-place": "placing the starting armies",
    "setup-neutral": "placing a neutral army",
    "reinforce": "placing new armies",
    "attack": "attacking",
    "defend": "choosing how many dice to defend with",
    "occupy": "moving in after a capture",
    "fortify": "fortifying",
}


def _new_game(server: str, mode: str, players: int, options: dict[str, Any]) -> dict[str, Any]:
    seats = [{"kind": "human"}] * players
    r = httpx.post(server + "/api/games", json={"mode": mode, "seats": seats, "options": options})
    assert r.status_code == 201, r.text
    return dict(r.json())


def _play_and_read(
    server: str,
    hub: Hub,
    game: dict[str, Any],
    pick: Callable[[Match, int], Action],
    done: Callable[[], bool],
    check: Callable[[dict[str, Any], str], None],
    timeout: float = 120,
) -> None:
    """Play every seat through the hub, one action at a time, while seat 0's page watches;
    `check` each state the page shows with its status line, until `done()`."""
    tokens = {s["seat"]: s["token"] for s in game["seats"]}
    room = hub.room(game["id"])
    with browser_page(server + game["seats"][0]["link"]) as (page, errors):
        page.wait_for_function("G.msg && G.msg.view")
        deadline = time.time() + timeout
        while not done():
            assert time.time() < deadline, "the game did not pass through every step in time"
            with room.lock:
                match, state = room.match, room.state_id
                seat = match.to_move()[0] if match.outcome() is None else None
                action = pick(match, seat) if seat is not None else None
            page.wait_for_function(f"G.msg.state >= {state}")
            m, status = page.evaluate(SNAPSHOT)
            check(m, status)
            if action is None:
                break
            try:
                hub.act(game["id"], tokens[seat], state, action.to_json())
            except WebError as exc:  # the page sent a forced choice first
                assert exc.status == 409, exc.message
        assert errors == []


def _no_phase_id(m: dict[str, Any], status: str) -> None:
    phase = m["view"]["phase"]
    assert " step)" not in status and f"({phase}" not in status, status


def test_classic_status_line_says_each_step_in_words(server: str, served_hub: Hub) -> None:
    """Three players claiming, placing, reinforcing, attacking, defending, moving in and
    fortifying, then two (the neutral's placement): each step in words, 'Your move: placing
    new armies.' on the seat's page, 'Waiting for Player 2: attacking.' on the others'."""
    seen: set[tuple[str, bool]] = set()

    def check(m: dict[str, Any], status: str) -> None:
        _no_phase_id(m, status)
        v = m["view"]
        if m["outcome"]:
            return
        mine = 0 in m["to_move"]
        seen.add((v["phase"], mine))
        words = CLASSIC_WORDS[v["phase"]]
        assert v["step"] == words
        if v["phase"] == "defend":
            assert f" attacks {'your' if mine else ''}" in status and "defend" in status, status
            return
        names = ", ".join(m["seats"][s]["name"] for s in m["to_move"])
        assert status == (f"Your move: {words}." if mine else f"Waiting for {names}: {words}.")

    def pick(match: Match, seat: int) -> Action:
        legal = [a.to_json() for a in match.legal(seat)]
        return Action.from_json(choose(legal, match.view(seat)))

    game = _new_game(server, "risk-classic", 3, {"map": "classic-world"})
    wanted = {(p, mine) for p in CLASSIC_WORDS if p != "setup-neutral" for mine in (True, False)}
    _play_and_read(server, served_hub, game, pick, lambda: wanted <= seen, check)
    game = _new_game(server, "risk-classic", 2, {"map": "classic-world"})
    wanted = {("setup-neutral", True), ("setup-neutral", False)}
    _play_and_read(server, served_hub, game, pick, lambda: wanted <= seen, check)


def test_monopoly_status_line_says_what_is_asked_of_the_seat(server: str, served_hub: Hub) -> None:
    """Two players, every hero auctioned: on the first seat's page the status line asks for
    its bid (the hero, the least bid), the rent it may ask (whom, on what), its 'done' before
    the other's roll, its roll; while the other decides it says what they are doing, in
    words ('bidding in the auction for Iron Man'), never 'busy' or 'start'."""
    seen: set[str] = set()

    def check(m: dict[str, Any], status: str) -> None:
        _no_phase_id(m, status)
        v = m["view"]
        if m["outcome"]:
            return
        assert v["step"] and v["step"] not in ("busy", "start", "draft", "end")
        if 0 not in m["to_move"]:
            names = ", ".join(m["seats"][s]["name"] for s in m["to_move"])
            assert status == f"Waiting for {names}: {v['step']}."
            seen.add("waiting")
            return
        assert status.startswith("Your move: "), status
        other = m["seats"][1]["name"].split(" (")[0]
        if v["offer"] or v["acquire"] or v["debt"] or v["call"]:
            return  # not what this test drives towards
        if v["auction"]:
            au = v["auction"]
            assert f"bid at least M{au['min_bid']} in the auction for {au['space']}" in status
            seen.add("bid")
        elif v["phase"] == "draft":
            assert f"draft {v['status'][0]['space']} or put it up for auction" in status
        else:
            for c in v["claims"]:
                if c["owner"] == 0 and c["amount"] > 0:
                    assert f"ask {other} for M{c['amount']} rent on {c['space']}" in status
                    seen.add("rent")
            if v["current"] == 0:
                assert ("end your turn" if v["phase"] != "start" else "roll") in status, status
                seen.add("roll" if v["phase"] == "start" else "end")
            elif 0 in v["window"]:
                assert f"say done before {other} rolls" in status, status
                seen.add("done")

    greedy = bot_choice("monopoly-avengers")

    def pick(match: Match, seat: int) -> Action:
        legal = list(match.legal(seat))
        auction = [a for a in legal if a.kind == "auction"]
        return auction[0] if auction else greedy(match, seat)

    game = _new_game(server, "monopoly-avengers", 2, {})
    wanted = {"waiting", "bid", "rent", "roll", "end", "done"}
    _play_and_read(server, served_hub, game, pick, lambda: wanted <= seen, check)


def test_the_status_line_names_a_seat_by_the_rules_name_too(server: str, served_hub: Hub) -> None:
    """Battle for Manhattan's seats take their factions after the game is made, so a seat's
    default name stays "Player 2" while the log and the board say "Captain America": the status
    line said only the first; it names both once they differ, as the players table does."""
    both: list[str] = []

    def check(m: dict[str, Any], status: str) -> None:
        if m["outcome"] or 0 in m["to_move"] or m["view"]["phase"] == "defend":
            return
        seats = [m["seats"][s] for s in m["to_move"]]
        names = ", ".join(
            s["name"] if s["name"].startswith(s["plays_as"]) else f"{s['name']} · {s['plays_as']}"
            for s in seats
        )
        assert status == f"Waiting for {names}: {m['view']['step']}.", status
        if " · " in names:
            both.append(status)

    def pick(match: Match, seat: int) -> Action:
        legal = [a.to_json() for a in match.legal(seat)]
        return Action.from_json(choose(legal, match.view(seat)))

    game = _new_game(server, "mcu-battle-for-manhattan", 3, {})
    _play_and_read(server, served_hub, game, pick, lambda: len(both) >= 3, check)
