"""`in` on Classic RISK's legal actions (answered by the rules) agrees with the listed families."""

from __future__ import annotations

import random

import pytest

from warroom.bots import RandomBot
from warroom.core import Action
from warroom.games.risk_classic import GAME


def _near_misses(action: Action, names: tuple[str, ...]) -> list[Action]:
    """Actions a step away from a legal one: other counts, other names, other kinds."""
    args = action.args
    out = [Action(action.kind, (*args, 1)), Action(action.kind, args[:-1])]
    if args and isinstance(args[-1], int):
        out += [Action(action.kind, (*args[:-1], args[-1] + d)) for d in (-1, 1, 5)]
        out.append(Action(action.kind, (*args[:-1], str(args[-1]))))
    if args and isinstance(args[0], str):
        out += [Action(action.kind, (name, *args[1:])) for name in names[::7]]
        out.append(Action(action.kind, (args[0].lower(), *args[1:])))
    if len(args) == 3:
        out.append(Action(action.kind, (args[1], args[0], args[2])))
    out += [Action(kind, args) for kind in ("attack", "fortify", "place", "claim", "end", "move")]
    return out


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (5, 4)])
def test_membership_agrees_with_the_list(players: int, seed: int) -> None:
    state = GAME.new_game(players, seed, {"turn_limit": 8})
    bot, rng = RandomBot(seed), random.Random(seed)
    names = state.board.territories
    while GAME.outcome(state) is None:
        seat = GAME.to_move(state)[0]
        legal = GAME.legal_actions(state, seat)
        for other in range(players):
            if other != seat:
                assert Action("end") not in GAME.legal_actions(state, other)
        listed = list(legal)
        probes = listed if len(listed) < 60 else rng.sample(listed, 60)
        for action in probes:
            assert action in legal
            for miss in _near_misses(action, names):
                assert (miss in legal) == (miss in listed), (state.phase, miss)
        state, _ = GAME.apply(state, seat, bot.choose(seat, GAME.observe(state, seat), legal))
