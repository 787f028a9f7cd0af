"""`in` on RISK Strike's legal actions (answered by the rules, `rules._allows`) agrees with the
listed families, and playing in place (`play_owned`) plays the same game as `apply`."""

from __future__ import annotations

import random

import pytest

from warroom.bots import make_bot
from warroom.core import Action
from warroom.games.strike.rules import RiskStrike
from warroom.games.strike.state import StrikeState

GAME = RiskStrike()
KINDS = (
    "attack", "pass", "draw", "take", "deploy", "spy", "expand", "sabotage", "artillery",
    "rally", "bombard", "cancel", "discard", "again", "stop",
)  # fmt: skip


def _near_misses(action: Action, names: list[str]) -> list[Action]:
    """Actions a step away from a legal one: other counts, other names, other kinds."""
    args = action.args
    out = [Action(action.kind, (*args, 1)), Action(action.kind, args[:-1])]
    if args and isinstance(args[-1], int):
        out += [Action(action.kind, (*args[:-1], args[-1] + d)) for d in (-1, 1, 5)]
        out.append(Action(action.kind, (*args[:-1], str(args[-1]))))
    for place, word in enumerate(args):
        if isinstance(word, str):
            out += [
                Action(action.kind, (*args[:place], name, *args[place + 1 :]))
                for name in names
                if name != word
            ]
            out.append(Action(action.kind, (*args[:place], word.upper(), *args[place + 1 :])))
    if len(args) >= 2:
        out.append(Action(action.kind, (args[1], args[0], *args[2:])))
    out += [Action(kind, args) for kind in KINDS]
    return out


def _check(state: StrikeState, rng: random.Random) -> None:
    seat = GAME.to_move(state)[0]
    legal = GAME.legal_actions(state, seat)
    listed = list(legal)
    names = [*state.cards.continent_ids, *(f"p{p + 1}" for p in range(state.players + 1))]
    names += ["attacker", "defender", "tactics", "continent", "continents"]
    for action in listed if len(listed) < 12 else rng.sample(listed, 12):
        assert action in legal
        for miss in _near_misses(action, names):
            assert (miss in legal) == (miss in listed), (state.phase, miss)


@pytest.mark.parametrize(("tier", "players", "seed"), [("greedy", 2, 1), ("random", 4, 2)])
def test_membership_agrees_with_the_list(tier: str, players: int, seed: int) -> None:
    state = GAME.new_game(players, seed, {"turn_limit": 60})
    owned = state.copy()
    bots = [make_bot(tier, GAME.id, seed + s) for s in range(players)]
    rng = random.Random(seed)
    kinds = set()
    while GAME.outcome(state) is None:
        _check(state, rng)
        seat = GAME.to_move(state)[0]
        action = bots[seat].choose(seat, GAME.observe(state, seat), GAME.legal_actions(state, seat))
        kinds.add(action.kind)
        state, _ = GAME.apply(state, seat, action)
        owned = GAME.play_owned(owned, seat, action)
        assert owned == state
    assert {"attack", "deploy", "pass", "draw"} <= kinds
