"""`in` on RISK Strike's legal actions (answered by the rules, `rules._allows`) agrees with the
listed families, and playing in place (`play_owned`) plays the same game as `apply`."""

from __future__ import annotations

import random

import pytest

from tests.membership import check_membership
from warroom.bots import make_bot
from warroom.games.strike.rules import RiskStrike
from warroom.games.strike.state import StrikeState

GAME = RiskStrike()
KINDS = (
    "attack", "pass", "draw", "take", "deploy", "spy", "expand", "sabotage", "artillery",
    "rally", "bombard", "cancel", "discard", "again", "stop",
)  # fmt: skip


def _check(state: StrikeState, rng: random.Random) -> None:
    seat = GAME.to_move(state)[0]
    names = [*state.cards.continent_ids, *(f"p{p + 1}" for p in range(state.players + 1))]
    names += ["attacker", "defender", "tactics", "continent", "continents"]
    check_membership(GAME.legal_actions(state, seat), rng, 12, names, KINDS, where=state.phase)


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
