"""`in` on Basic Training's and Galaxy at War's legal actions (answered by the rules'
`_allows`) agrees with the listed families, in every step a game visits."""

from __future__ import annotations

import random

import pytest

from tests.membership import check_membership
from warroom.bots import make_bot
from warroom.core import Action, get_mode
from warroom.games.mass_effect.basic import BasicState

KINDS = (
    "claim",
    "cerberus",
    "place",
    "trade",
    "build",
    "play",
    "attack",
    "strike",
    "end",
    "move",
    "fortify",
    "ships",
    "step",
)


def _ships(action: Action) -> list[Action]:
    """Ship counts added to an action of three arguments."""
    return [Action(action.kind, (*action.args, 0, 0, 1))] if len(action.args) == 3 else []


STEPS = {"claim", "setup-place", "reinforce", "attack", "defend", "occupy", "fortify"}
GAW = "mass-effect-galaxy-at-war"


@pytest.mark.parametrize(
    ("mode", "tier", "players", "seed", "steps"),
    [
        ("mass-effect-basic", "greedy", 3, 1, STEPS),
        ("mass-effect-basic", "random", 4, 2, STEPS - {"occupy"}),
        (GAW, "greedy", 2, 1, {*STEPS, "ship-move", "place-ship", "harbinger-step"}),
        (GAW, "greedy", 5, 2, {*STEPS, "ship-move", "command", "vanguard"}),
        (GAW, "random", 4, 3, STEPS - {"occupy"} | {"ship-move", "harbinger"}),
    ],
)
def test_membership_agrees_with_the_list(
    mode: str, tier: str, players: int, seed: int, steps: set[str]
) -> None:
    game = get_mode(mode)
    state = game.new_game(players, seed, {"turn_limit": 12})
    bots = [make_bot(tier, mode, seed * 10 + s) for s in range(players)]
    rng = random.Random(seed)
    phases = set()
    while game.outcome(state) is None:
        assert isinstance(state, BasicState)
        seat = game.to_move(state)[0]
        legal = game.legal_actions(state, seat)
        for other in range(players):
            if other != seat:
                assert Action("end") not in game.legal_actions(state, other)
        cards = [state.cards.card_ids[c] for c in state.hands[seat]]
        words = [*state.board.territories[::7], *cards]
        check_membership(legal, rng, 10, words, KINDS, _ships, state.phase)
        phases.add(state.phase)
        state = game.play(state, seat, bots[seat].choose(seat, game.observe(state, seat), legal))
    assert steps <= phases
