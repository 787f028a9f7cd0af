"""What the terminal report and the PNG show, against figures recomputed by hand."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console

from tests.sim.test_rates import result as game
from warroom.cli.simulate import report
from warroom.sim.output import plot, rate_panels
from warroom.sim.runner import GameResult
from warroom.sim.stats import by_bot, by_faction, by_position, by_team, ordinal


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


def test_win_rates_by_turn_position_count_from_the_order_each_game_was_played_in(
    tmp_path: Path,
) -> None:
    """Seat 2 went first in two games and won both; seat 0, first in the third, won it. By seat
    the wins spread out; by turn position the first player won every game."""
    lineup = ("a", "a", "a")
    names = ("Player 1", "Player 2", "Player 3")
    orders = [(2, 0, 1), (2, 0, 1), (0, 1, 2)]
    results = [
        GameResult(i, i, lineup, names, (order[0],), "won", "rulebook", 5, 9, 0.0, (), order)
        for i, order in enumerate(orders)
    ]
    positions = by_position(results)
    assert [(r.label, r.wins, r.games) for r in positions] == [
        ("1st", 3, 3),
        ("2nd", 0, 3),
        ("3rd", 0, 3),
    ]
    text = printed(results, 3)
    assert "Win rate by turn position" in text and "│ 1st │          3 │    3 │    1.000 │" in text
    assert [title.split(" (")[0] for title, _ in rate_panels(results)][
        2
    ] == "win rate by turn position"
    plot(results, tmp_path / "order.png", "order")
    assert (tmp_path / "order.png").read_bytes()[:4] == b"\x89PNG"
    assert results[0].row()["seat2_position"] == 1 and results[0].row()["seat0_position"] == 2
    # Where every game's order is the seats' own (Galaxy at War: Player 1 always starts), the
    # table would repeat the seats' one: it is left out, as it is for modes with no order.
    in_seat_order = [
        GameResult(0, 0, lineup, names, (0,), "won", "rulebook", 5, 9, 0.0, (), (0, 1, 2))
    ]
    assert by_position(in_seat_order) == [] and by_position([game(0, lineup, (0,), 9)]) == []
    assert "turn position" not in printed(in_seat_order, 3)


def test_places_in_a_turn_order_read_as_ordinals() -> None:
    assert [ordinal(p) for p in (1, 2, 3, 4, 5, 11, 12, 13, 21, 22)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "5th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
    ]
