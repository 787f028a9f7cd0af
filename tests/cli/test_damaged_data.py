"""`warroom board check` on a damaged data file, for every kind the project ships: Hypothesis
changes one to three values anywhere in a real file (a number, a name, a list, a whole
entry) to any JSON value, or drops a key, and the command says ok or names the problem,
exit 0 or 2, never a traceback. tests/core and each mode's tests check the messages for
the defects one would expect; this looks for the ones nobody listed."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tests.fuzz import ANY_JSON
from warroom.cli.main import app

DATA = Path(__file__).parents[2] / "src/warroom/data"
FILES = sorted(
    path.relative_to(DATA).as_posix()
    for path in DATA.rglob("*.json")
    if path.parent.name not in ("ladders", "learned")
)
runner = CliRunner()


def places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path to every value inside a JSON document (keys and indices), the root's own
    `format` and `version` left alone so that the file stays the kind it was."""
    out = [path] if path else []
    if isinstance(value, dict):
        for key, item in value.items():
            if not path and key in ("format", "version"):
                continue
            out += places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += places(item, (*path, index))
    return out


@pytest.mark.parametrize("name", FILES)
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_a_damaged_data_file_is_checked_without_a_traceback(
    name: str, data: st.DataObject, tmp_path_factory: pytest.TempPathFactory
) -> None:
    document = json.loads((DATA / name).read_text(encoding="utf-8"))
    damaged = copy.deepcopy(document)
    spots = places(document)
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(spots))
        parent = damaged
        try:
            for step in path[:-1]:
                parent = parent[step]
            if isinstance(parent, dict) and data.draw(st.booleans()):
                del parent[path[-1]]
            else:
                parent[path[-1]] = data.draw(ANY_JSON)
        except (KeyError, IndexError, TypeError):  # an earlier change took it away
            continue
    mine = tmp_path_factory.mktemp("data") / Path(name).name
    mine.write_text(json.dumps(damaged), encoding="utf-8")
    result = runner.invoke(app, ["board", "check", str(mine)], env={"COLUMNS": "200"})
    assert result.exit_code in (0, 2), (result.exit_code, result.output, result.exception)
    assert "Traceback" not in result.output, result.output
    if result.exit_code == 2:
        assert f"error: {mine}" in " ".join(result.output.split()), result.output
