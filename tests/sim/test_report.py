"""What the terminal report and the PNG show, against figures recomputed by hand."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console

from tests.sim.test_rates import result as game
from warroom.cli.simulate import report
from warroom.sim.output import plot, rate_panels
from warroom.sim.runner import GameResult
from warroom.sim.stats import by_bot, by_faction, by_team


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


def test_the_picture_shows_factions_and_teams_as_the_terminal_does(tmp_path: Path) -> None:
    """The PNG had only bot and seat charts: a designer could not read factions or teams."""
    factions = ("Alliance (blue)", "Reaper (red)", "Alliance (green)", "Reaper (black)")
    teams = ("Alliance", "Reaper", "Alliance", "Reaper")
    results = [
        GameResult(
            i, i, ("a", "b", "b", "b"), factions, (1, 3), "won", "rulebook", 5, 9, 0.0, teams
        )
        for i in range(3)
    ]
    titles = [title for title, _ in rate_panels(results)]
    assert [title.split(" (")[0] for title in titles] == [
        "win rate by bot",
        "win rate by seat",
        "win rate by faction",
        "win rate by team",
    ]
    team_rates = dict(rate_panels(results))[titles[3]]
    assert [(r.label, r.wins, r.games) for r in team_rates] == [
        ("Reaper", 3, 3),
        ("Alliance", 0, 3),
    ]
    plot(results, tmp_path / "teams.png", "teams")
    assert (tmp_path / "teams.png").read_bytes()[:4] == b"\x89PNG"
    plain = [game(0, ("a", "b"), (0,), 10)]
    assert len(rate_panels(plain)) == 2


def test_shared_wins_count_as_docs_simulation_md_says() -> None:
    """A team's win is 1/k to each of its k seats and 1 to the team; no winner, no win."""
    teams = ("Alliance", "Reaper", "Alliance", "Reaper", "Cerberus")
    factions = tuple(f"{team} {seat}" for seat, team in enumerate(teams))
    lineup = ("a", "b", "b", "b", "b")
    results = [
        GameResult(0, 0, lineup, factions, (0, 2), "won", "rulebook", 5, 9, 0.0, teams),
        GameResult(1, 1, lineup, factions, (), "cap", "action-cap", 5, 9, 0.0, teams),
    ]
    bots = {r.label: (r.wins, r.games) for r in by_bot(results)}
    assert bots == {"a": (0.5, 2), "b": (0.5, 8)}
    assert {r.label: r.wins for r in by_faction(results)}["Alliance 2"] == 0.5
    team_rates = {r.label: (r.wins, r.games) for r in by_team(results)}
    assert team_rates == {"Alliance": (1, 2), "Reaper": (0, 2), "Cerberus": (0, 2)}
