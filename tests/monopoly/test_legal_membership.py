"""`in` on Monopoly's legal actions (answered by the rules, `_allows`) agrees with the listing,
for the actions listed and for their near misses, along games that reach auctions, trades,
sales, sidelinings, building and debts."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from warroom.bots import make_bot
from warroom.core import Action
from warroom.core.actions import Arg
from warroom.games.monopoly_avengers import GAME, MonoState

MODE = GAME.id
KINDS = [
    "accept",
    "decline",
    "pay",
    "bankrupt",
    "pass",
    "draft",
    "auction",
    "roll",
    "end",
    "done",
    "use",
    "ask",
    "forgo",
    "keep",
    "want",
    "reactivate",
    "build",
    "sell",
    "sideline",
    "bid",
    "offer",
]


def _near_misses(action: Action, st: MonoState, rng: random.Random) -> list[Action]:
    """Actions a step away from a listed one: other amounts, spaces, players, kinds."""
    kind, args = action.kind, action.args
    names = st.board.names
    out = [Action(kind), Action(kind, (*args, 1)), Action(kind, args[:-1])]
    out += [Action(other, args) for other in KINDS]
    for i, arg in enumerate(args):

        def swap(value: Arg, at: int = i) -> Action:
            return Action(kind, (*args[:at], value, *args[at + 1 :]))

        if isinstance(arg, int):
            out += [swap(arg + d) for d in (-1, 1, 9, -9)] + [swap(str(arg))]
        else:
            out += [swap(name) for name in rng.sample(names, 3)] + [swap(arg.lower())]
            out += [swap(f"Player {q + 1}") for q in range(st.players + 1)]
            out += [swap(card) for card in ("stark-card", "gauntlet-card")]
    if kind == "offer" and len(args) == 5:  # every hero bought and sold at its price
        board = st.board
        for t in board.ownable:
            price, name = board.price[t], names[t]
            out += [Action(kind, (args[0], "give", price, "get", name))]
            out += [Action(kind, (args[0], "give", name, "get", price))]
    return out


@pytest.mark.parametrize(
    ("lineup", "players", "seed"),
    [
        (("greedy",) * 4, 4, 1),
        (("random", "greedy", "random"), 3, 2),
        (("random",) * 2, 2, 3),
        (("greedy", "random") * 2 + ("greedy",), 5, 4),
    ],
)
def test_membership_agrees_with_the_list(lineup: tuple[str, ...], players: int, seed: int) -> None:
    state = GAME.new_game(players, seed, {"turn_limit": 80})
    bots = [make_bot(tier, MODE, seed * 10 + s) for s, tier in enumerate(lineup)]
    rng = random.Random(seed)
    seen: Counter[str] = Counter()
    while GAME.outcome(state) is None:
        movers = GAME.to_move(state)
        seat = movers[0]
        for other in range(players):
            if other not in movers:
                assert not GAME.legal_actions(state, other)
        legal = GAME.legal_actions(state, seat)
        listed = list(legal)
        members = set(listed)  # `in` on the list, answered faster
        probes = listed if len(listed) < 6 else rng.sample(listed, 6)
        for action in probes:
            assert action in legal
            seen[action.kind] += 1
            for miss in _near_misses(action, state, rng):
                assert (miss in legal) == (miss in members), (state.phase, miss, listed)
        action = bots[seat].choose(seat, GAME.observe(state, seat), legal)
        state = GAME.play(state, seat, action)
    # Each game reaches auctions, trades, sales, sidelinings, building and payments.
    wanted = {"bid", "offer", "accept", "decline", "sell", "sideline", "build", "reactivate", "ask"}
    assert wanted <= set(seen), seen
