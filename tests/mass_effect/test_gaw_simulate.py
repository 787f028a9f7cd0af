"""`warroom simulate` plays Galaxy at War to the end on one core and reports win rates by seat,
by faction and by team (a team wins together, ME100): 12 seeded greedy games end by the
rulebook, 12 random ones finish too (mostly at the turn limit)."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from typer.testing import CliRunner

from warroom.cli.main import app
from warroom.sim import stats
from warroom.sim.runner import SimConfig, run

runner = CliRunner()
MODE = "mass-effect-galaxy-at-war"


@pytest.mark.parametrize("bots", ["greedy", "random"])
def test_twelve_seeded_games_finish_on_one_core(bots: str, tmp_path: Path) -> None:
    out = tmp_path / "games.csv"
    args = ["simulate", MODE, "--games", "12", "--bots", bots, "--seed", "1", "--workers", "1"]
    result = runner.invoke(app, [*args, "--out", str(out)])
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == 12
    assert {r["seat0_team"] for r in rows} == {"Alliance"}
    assert {r["seat1_team"] for r in rows} == {"Reaper"}
    if bots == "greedy":
        assert {r["ending"] for r in rows} == {"rulebook"}
    for table in ("Win rate by seat", "Win rate by faction", "Win rate by team"):
        assert table in result.output


def test_a_team_s_win_counts_once_a_game() -> None:
    results = run(SimConfig(MODE, 4, ("greedy",), 4, 2, {"turn_limit": 120}), workers=1)
    teams = {r.label: r for r in stats.by_team(results)}
    assert set(teams) == {"Alliance", "Reaper"}
    assert all(t.games == 4 for t in teams.values())
    assert sum(t.wins for t in teams.values()) == pytest.approx(4)
