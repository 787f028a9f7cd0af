"""The commands' edges a user reaches: output sent to a file or a pipe, bad arguments found
before the work, damaged files and flags that do not go together, each a one-line error."""

from __future__ import annotations

from typer.testing import CliRunner

from warroom.cli.main import app

runner = CliRunner()


def test_output_to_a_pipe_is_not_wrapped_at_80_columns() -> None:
    """Rich wraps output that is not a terminal at 80 columns: a Markdown table's header cut in
    two, a line of odds split, a wide grid refused as "does not fit this terminal"."""
    odds = runner.invoke(app, ["odds", "10", "5"], env={"COLUMNS": None})
    assert odds.exit_code == 0, odds.output
    first = next(line for line in odds.output.splitlines() if line.startswith("first roll"))
    assert "(0, 2)" in first and "(2, 0)" in first
    grid = runner.invoke(app, ["odds", "--table", "12x12"], env={"COLUMNS": None})
    assert grid.exit_code == 0, grid.output
    ladder = runner.invoke(
        app,
        ["ladder", "risk-classic", "--games", "2", "--tiers", "random,greedy", "--seed", "0"],
        env={"COLUMNS": None},
    )
    assert ladder.exit_code == 0, ladder.output
    header = next(line for line in ladder.output.splitlines() if line.startswith("| stronger"))
    assert header.endswith("| mean turns | wall time |")
