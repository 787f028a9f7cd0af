"""Exact policies (`PolicyBot(exact=True)`) are played without asking the legal actions first,
so these games ask for them: every move such a policy names is one the rules list."""

from __future__ import annotations

import pytest

from warroom.bots import PolicyBot, make_bot
from warroom.core.errors import WarroomError
from warroom.core.registry import get_mode
from warroom.games import CATALOG
from warroom.sim.runner import SimConfig, resolve_options


def _exact_modes() -> list[str]:
    modes = []
    for info in CATALOG:
        try:
            bot = make_bot("greedy", info.id, 0)
        except WarroomError:  # a mode without a greedy tier has nothing to check
            continue
        if isinstance(bot, PolicyBot) and bot.exact:
            modes.append(info.id)
    return modes


EXACT = _exact_modes()


def test_the_exact_policies_are_those_built_from_the_rules() -> None:
    assert sorted(EXACT) == ["mass-effect-basic", "mcu-skirmish", "risk-classic"]


@pytest.mark.parametrize("mode", EXACT)
def test_every_move_of_an_exact_policy_is_legal(mode: str) -> None:
    game = get_mode(mode)
    checked = 0
    for seed, players in enumerate((game.min_players, game.max_players, game.min_players)):
        config = SimConfig(mode, 1, ("greedy",), players, seed=seed, engine="python")
        state = game.new_game(players, seed, resolve_options(config))
        bots = [make_bot("greedy", mode, seed * 10 + s) for s in range(players)]
        while game.outcome(state) is None and checked < 3000 * (seed + 1):
            seat = game.to_move(state)[0]
            bot = bots[seat]
            assert isinstance(bot, PolicyBot)
            observation = game.observe(state, seat)
            action = bot.policy(observation, seat)
            assert action in game.legal_actions(state, seat), (mode, seed, state.phase, action)
            state = game.play_owned(state, seat, bot.choose(seat, observation, ()))
            checked += 1
    assert checked > 500
