"""`in` on Skirmish's and Battle for Manhattan's legal actions (answered by the rules'
`_allows`) agrees with the listed families, in every step a game visits."""

from __future__ import annotations

import random

import pytest

from tests.membership import check_membership
from warroom.bots import make_bot
from warroom.core import Action, get_mode
from warroom.games.mcu.skirmish import McuState

KINDS = ("claim", "trade", "ally", "power", "place", "attack", "end", "maneuver", "allies", "move")


def _alone(action: Action) -> list[Action]:
    """An attack's Allies left behind where they were not ("alone")."""
    if len(action.args) != 3:
        return []
    return [Action(action.kind, (*action.args[:2], "alone", action.args[2]))]


STEPS = {"claim", "reinforce", "attack", "defend", "occupy", "maneuver"}


@pytest.mark.parametrize(
    ("mode", "tier", "players", "seed", "steps"),
    [
        ("mcu-skirmish", "greedy", 5, 1, STEPS),
        ("mcu-skirmish", "random", 4, 2, STEPS),
        ("mcu-battle-for-manhattan", "greedy", 3, 1, {*STEPS, "hulk"}),
        ("mcu-battle-for-manhattan", "greedy", 5, 3, {*STEPS, "hulk"}),
        ("mcu-battle-for-manhattan", "random", 5, 2, STEPS - {"occupy"}),
    ],
)
def test_membership_agrees_with_the_list(
    mode: str, tier: str, players: int, seed: int, steps: set[str]
) -> None:
    game = get_mode(mode)
    options = {"turn_limit": 16 if tier == "random" else 12, "factions": "random"}
    state = game.new_game(players, seed, options)
    bots = [make_bot(tier, mode, seed * 10 + s) for s in range(players)]
    rng = random.Random(seed)
    phases = set()
    while game.outcome(state) is None:
        assert isinstance(state, McuState)
        seat = game.to_move(state)[0]
        legal = game.legal_actions(state, seat)
        for other in range(players):
            if other != seat:
                assert Action("end") not in game.legal_actions(state, other)
        cards = [state.decks.card_ids[c] for c in state.hands[seat]]
        words = [*state.board.territories[::9], *cards]
        check_membership(legal, rng, 12, words, KINDS, _alone, state.phase)
        phases.add(state.phase)
        state = game.play(state, seat, bots[seat].choose(seat, game.observe(state, seat), legal))
    assert steps <= phases
