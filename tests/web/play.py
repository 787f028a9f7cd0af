"""Driving games in the tests: a simple, deterministic policy that drives a Classic RISK game
towards captures and draws, and the people's seats played through the hub."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from tests.web.system import create_game
from warroom.bots import make_bot
from warroom.core.actions import Action
from warroom.core.match import Match
from warroom.games import get_mode
from warroom.web.hub import Hub, WebError

Act = list[Any]

HUMANS3 = [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]
SHORT = {"setup": "deal", "map": "classic-world"}


def choose(legal: list[Act], view: dict[str, Any]) -> Act:
    """Trade when possible, pile armies up, attack the weakest neighbour hard, then end."""
    armies = {t["name"]: t["armies"] for t in view.get("territories", [])}
    kinds = {a[0] for a in legal}
    if "trade" in kinds:
        return next(a for a in legal if a[0] == "trade")
    if "place" in kinds:
        places = [a for a in legal if a[0] == "place"]
        return max(places, key=lambda a: (a[2], armies.get(a[1], 0), a[1]))
    if "attack" in kinds:
        attacks = [a for a in legal if a[0] == "attack" and armies[a[1]] >= 3]
        if attacks:
            return max(attacks, key=lambda a: (armies[a[1]] - armies[a[2]], a[3], a[1], a[2]))
    for kind in ("defend", "move"):
        if kind in kinds:
            return max((a for a in legal if a[0] == kind), key=lambda a: a[1])
    if "claim" in kinds or "neutral" in kinds:
        return legal[0]
    return ["end"] if ["end"] in legal else legal[0]


def play_people(
    hub: Hub,
    game: str,
    tokens: dict[int, str],
    choose: Callable[[Match, int], Action | None],
    until: Callable[[], bool],
    timeout: float = 90,
) -> None:
    """Play the people's seats (`tokens`: seat -> token) through the hub as their pages would,
    each decision `choose(match, seat)` (None: not now), until `until()`; bots play
    themselves. A page open on a seat may send a forced choice first (409): then look again."""
    room = hub.room(game)
    deadline = time.time() + timeout
    while not until():
        assert time.time() < deadline, "the game did not get there in time"
        pick = None
        with room.lock:
            match = room.match
            movers = [s for s in match.to_move() if s in tokens]
            if match.outcome() is None and movers and match.legal(movers[0]):
                action = choose(match, movers[0])
                if action is not None:
                    pick = (movers[0], room.state_id, action.to_json())
        if pick is None:
            time.sleep(0.01)  # a bot or a page is deciding: look again
            continue
        seat, state_id, act = pick
        try:
            hub.act(game, tokens[seat], state_id, act)
        except WebError as exc:
            assert exc.status == 409, exc.message


def bot_choice(mode: str, tier: str = "greedy") -> Callable[[Match, int], Action]:
    """`play_people`'s chooser that decides as a bot of `tier` would."""
    bot = make_bot(tier, mode, 1)
    return lambda match, seat: bot.choose(seat, match.observe(seat), match.legal(seat))


def played_until(
    server: str,
    hub: Hub,
    mode: str,
    stop: Callable[[Match], bool],
    players: int | None = None,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A new game of `mode` with a person in each seat (the mode's fewest players unless
    `players`) and `options`, every seat played by the greedy bot's choices through the hub
    until `stop` holds: the step a test then looks at on a seat's page. Returns the created
    game."""
    seats = [{"kind": "human"}] * (players or get_mode(mode).min_players)
    game = create_game(server, mode, seats, options)
    tokens = {s["seat"]: s["token"] for s in game["seats"]}
    room = hub.room(game["id"])
    greedy = bot_choice(mode)
    play_people(
        hub,
        game["id"],
        tokens,
        lambda match, seat: None if stop(match) else greedy(match, seat),
        lambda: stop(room.match),
        timeout=120,
    )
    return game
