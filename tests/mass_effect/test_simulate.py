"""`warroom simulate` plays Basic Training to the end on one core: 12 seeded games of greedy
bots end by the rulebook (the last player standing), 12 of random bots at the turn limit."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from typer.testing import CliRunner

from warroom.cli.main import app

runner = CliRunner()


@pytest.mark.parametrize(
    ("bots", "players", "ending"),
    [
        ("greedy", 4, "rulebook"),
        pytest.param("random", 3, "turn-limit", marks=pytest.mark.sweep),
    ],
)
def test_twelve_seeded_games_finish_on_one_core(
    bots: str, players: int, ending: str, tmp_path: Path
) -> None:
    out = tmp_path / "games.csv"
    args = ["simulate", "mass-effect-basic", "-n", "12", "--bots", bots, "--players"]
    args += [str(players), "--seed", "3", "--workers", "1", "--out", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == 12 and {r["ending"] for r in rows} == {ending}
    assert "Win rate by seat" in result.output
