"""`warroom games` starts light: none of the heavy libraries or rules modules get imported.

This guards the structure behind its speed (benchmarks/startup_bench.py measures the time):
the console script answers it from the mode catalogue, without Typer, Rich or the engine.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from warroom.cli.main import app

# Each of these alone takes about as long to import as Python takes to start, or longer.
HEAVY = (
    "typer", "click", "rich", "pydantic", "numpy", "matplotlib", "fastapi", "starlette",
    "uvicorn", "sqlalchemy", "ray", "pyarrow", "typing", "dataclasses", "warroom.core",
    "warroom.data", "warroom.rules", "warroom.bots", "warroom.odds", "warroom.sim", "warroom.web",
    "warroom.cli.main", "warroom.games.risk_classic", "warroom.games.monopoly_avengers",
)  # fmt: skip

# Run as the console script runs it (`run`, the command line in sys.argv), then list the modules.
SCRIPT = """
import sys
from warroom.cli import run
try:
    run()
finally:
    print(*sorted(sys.modules), sep="\\n", file=sys.stderr)
"""


def _console_script(*args: str) -> tuple[str, list[str]]:
    """The output of `warroom ARGS` and the modules it had imported by the end."""
    done = subprocess.run([sys.executable, "-c", SCRIPT, *args], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout, done.stderr.split()


@pytest.mark.parametrize("args", [["games"], ["games", "--json"]])
def test_warroom_games_imports_nothing_heavy(args: list[str]) -> None:
    out, imported = _console_script(*args)
    assert "risk-classic" in out
    heavy = [m for m in imported if any(m == h or m.startswith(h + ".") for h in HEAVY)]
    assert heavy == []


def test_the_short_way_prints_what_the_typer_command_prints() -> None:
    for args in (["games"], ["games", "--json"]):
        assert _console_script(*args)[0] == CliRunner().invoke(app, args).output
    ids = [m["id"] for m in json.loads(_console_script("games", "--json")[0])]
    assert "risk-classic" in ids and ids == sorted(ids)


def test_every_other_command_line_goes_to_typer() -> None:
    out, imported = _console_script("games", "--help")
    assert "Machine-readable" in out and "typer" in imported


def test_a_reader_that_stops_early_ends_the_listing_without_a_traceback() -> None:
    """`warroom games | head -1`: the reader has gone before the listing is written (its end
    of the pipe closed first, so every write fails); the command stops quietly, with status
    1 as Python's documented handling gives, instead of a BrokenPipeError traceback."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run(
            [sys.executable, "-c", "from warroom.cli import run; run()", "games"],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
        )
    finally:
        os.close(write_end)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr
