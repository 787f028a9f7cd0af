"""Win rates by bot: a game is one trial, whatever number of seats a bot holds in it."""

from __future__ import annotations

import random

import pytest

from warroom.sim.runner import GameResult
from warroom.sim.stats import Rate, by_bot, by_seat


def result(
    index: int, lineup: tuple[str, ...], winners: tuple[int, ...], actions: int = 1
) -> GameResult:
    """A finished game's row as the runner reports it, for the tallies to count."""
    return GameResult(
        index,
        index,
        lineup,
        tuple(f"Player {s + 1}" for s in range(len(lineup))),
        winners,
        "won",
        "rulebook",
        None,
        actions,
        0.0,
    )


def rotations(games: int, strong: str, weak: str, side_wins: list[float]) -> list[GameResult]:
    """Three-seat games, `strong` in two seats rotated; a win for the side goes to its first
    seat, a loss to the weak seat; a 0.5 is a win shared between one seat of each."""
    base = (strong, weak, strong)
    out = []
    for index in range(games):
        shift = index % 3
        lineup = base[shift:] + base[:shift]
        mine = lineup.index(strong)
        theirs = lineup.index(weak)
        share = side_wins[index]
        winners = (mine,) if share == 1 else (theirs,) if share == 0 else (mine, theirs)
        out.append(result(index, lineup, winners))
    return out


def rate_of(results: list[GameResult], bot: str) -> Rate:
    return next(r for r in by_bot(results) if r.label == bot)


def test_a_game_counts_once_and_a_shared_win_as_a_share() -> None:
    results = rotations(4, "mcts", "greedy", [1, 1, 0, 0.5])
    rate = rate_of(results, "mcts")
    assert (rate.wins, rate.games, rate.seats) == (2.5, 8, 2)
    assert rate.rate == pytest.approx(2.5 / 8)
    assert (rate_of(results, "greedy").wins, rate_of(results, "greedy").seats) == (1.5, 1)
    assert {r.seats for r in by_seat(results)} == {1}


def test_a_bot_whose_seats_vary_falls_back_to_seat_games() -> None:
    mixed = [result(0, ("a", "b", "a"), (0,)), result(1, ("b", "a", "b"), (0,))]
    rate = rate_of(mixed, "a")
    assert (rate.wins, rate.games, rate.seats) == (1, 3, 1)


@pytest.mark.parametrize("side_chance", [2 / 3, 0.76])
def test_the_interval_covers_a_seats_true_rate_about_95_times_in_100(side_chance: float) -> None:
    """Counting a tier's two seats as two independent trials would cover about 998 times in
    1,000 (too wide, so a real difference goes unseen); forgetting to divide by the seats,
    never."""
    draws = random.Random(20261126)
    trials, covered = 600, 0
    for _ in range(trials):
        wins = [1.0 if draws.random() < side_chance else 0.0 for _ in range(180)]
        low, high = rate_of(rotations(180, "s", "w", wins), "s").interval
        covered += low <= side_chance / 2 <= high
    assert 0.92 <= covered / trials <= 0.975


def test_an_even_side_is_not_separated_and_a_clearly_stronger_one_is() -> None:
    even = rate_of(rotations(180, "s", "w", [1.0] * 120 + [0.0] * 60), "s")
    assert even.interval[0] < 1 / 3 < even.interval[1]
    strong = rate_of(rotations(180, "s", "w", [1.0] * 150 + [0.0] * 30), "s")
    assert strong.interval[0] > 1 / 3
