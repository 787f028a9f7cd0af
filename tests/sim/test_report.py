"""What the terminal report and the PNG show, against figures recomputed by hand."""

from __future__ import annotations

from rich.console import Console

from warroom.cli.simulate import report
from warroom.sim.runner import GameResult


def game(index: int, lineup: tuple[str, ...], winners: tuple[int, ...], actions: int) -> GameResult:
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


def printed(results: list[GameResult], players: int) -> str:
    console = Console(record=True, width=200)
    report(console, results, players)
    return console.export_text()


def test_counts_print_in_full_however_many_games() -> None:
    """`:g` printed a million wins as 1e+06 and a median of 150,000.5 actions as 150000."""
    results = [game(0, ("a", "b"), (0,), 150_000), game(1, ("a", "b"), (0, 1), 150_001)]
    text = printed(results * 500_000, 2)
    assert "│ a │    1000000 │ 750000 │    0.750 │" in text
    assert "│ b │    1000000 │ 250000 │    0.250 │" in text
    assert "│ actions │ 150000.5 │ 150000.5 │ 150000 │ 150001 │" in text


def test_a_win_shared_three_ways_prints_as_a_share() -> None:
    results = [game(0, ("a", "b", "c"), (0, 1, 2), 10), game(1, ("a", "b", "c"), (0,), 10)]
    assert "│ a │          2 │ 1.33 │    0.667 │" in printed(results, 3)
