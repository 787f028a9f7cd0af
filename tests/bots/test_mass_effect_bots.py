"""The Galaxy at War greedy bot: it plays every seat of every player count to a rulebook ending,
reads only its seat's observation, and beats random play from either side."""

from __future__ import annotations

import pytest

from warroom.bots import make_bot, tiers_for
from warroom.core import Match

MODE = "mass-effect-galaxy-at-war"


def play(players: int, seed: int, tiers: list[str]) -> Match:
    match = Match.start(MODE, players, seed, {"turn_limit": 120})
    bots = [make_bot(tiers[s % len(tiers)], MODE, seed * 10 + s) for s in range(players)]
    while match.outcome() is None:
        seat = match.to_move()[0]
        match.act(seat, bots[seat].choose(seat, match.observe(seat), match.legal(seat)))
    return match


def test_greedy_is_offered() -> None:
    assert tiers_for(MODE)[:2] == ["random", "greedy"]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_greedy_games_end_by_the_rules(players: int) -> None:
    outcome = play(players, 1, ["greedy"]).outcome()
    assert outcome is not None and "turn limit" not in outcome.reason


@pytest.mark.parametrize("greedy_seat", [0, 1])
def test_greedy_beats_random_from_either_side(greedy_seat: int) -> None:
    tiers = ["greedy", "random"] if greedy_seat == 0 else ["random", "greedy"]
    wins = 0
    for seed in range(6):
        outcome = play(2, seed, tiers).outcome()
        assert outcome is not None
        wins += greedy_seat in outcome.winners
    assert wins >= 5
