"""RISK MCU's data files: the packaged reconstructions satisfy every stated fact (section 0.1,
1.3), a broken transcription is refused with every problem named, and `warroom board check`
reads all three formats. Also the shared mechanisms the mode added: `reachable` and the
symbol-chart trades."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from warroom.cli.main import app
from warroom.core.board import reachable
from warroom.core.errors import BoardError
from warroom.data import read_json
from warroom.games.mcu.components import (
    PACKAGED_BOARD,
    PACKAGED_CARDS,
    PACKAGED_CHARTS,
    board_from_dict,
    chart_from_dict,
    decks,
    decks_from_dict,
    manhattan,
    recruitment,
)
from warroom.rules.cards import SymbolChart, symbol_trades


def packaged(name: str) -> Any:
    return read_json(name)


def test_board_satisfies_the_stated_facts() -> None:
    m = manhattan()
    b = m.board
    assert b.territories == tuple(f"Sector_{n:02d}" for n in range(1, 51))
    for a, c in (
        ("Sector_12", "Sector_13"),
        ("Sector_24", "Sector_31"),
        ("Sector_31", "Sector_32"),
    ):
        assert b.adjacent(b.territory(a), b.territory(c))
    r = b.regions.index("South Central")
    assert len(b.region_members[r]) == 4 and b.region_bonus[r] == 4
    assert sum(m.docking) == 9 and m.docking[b.territory("Sector_25")]
    assert sum(m.resource) == 10 and sum(m.loki) == 8 and not m.loki[b.territory("Sector_50")]
    assert [b.territories[t] for t, e in enumerate(m.dark_elves) if e] == ["Sector_50"]
    for label in ("Malibu", "Washington D.C.", "Sokovia", "Asgard"):
        assert b.territory(label) in reachable(b.neighbors, 0)
    assert len(reachable(b.neighbors, 0)) == 50
    assert m.helicarrier[0] == "Helicarrier_Access" and len(m.helicarrier) == 3
    assert all(x is not None for x in b.xy)
    assert m.provenance["Sector_12.name"].startswith("stated")
    assert m.provenance["Sector_07.connections"].startswith("reconstructed")


@pytest.mark.parametrize(
    ("where", "value", "message"),
    [
        (("territories", "Sector_15", "connections"), "Sector_16", "valid dictionary"),
        (("territories", "Sector_15", "connections"), None, "valid dictionary"),
        (("territories", "Sector_15"), "x", "valid dictionary"),
        (("territories", "Sector_15", "aliases"), None, "valid list"),
        (("territories",), "x", "valid dictionary"),
    ],
)
def test_a_malformed_map_is_refused_by_its_field(
    where: tuple[str, ...], value: object, message: str
) -> None:
    """A map of the wrong shape (a sector's connections a string, a row not an object) was
    a traceback from reading its captions (`areas`) before the map was checked: it is a
    clear error naming the field, as every other data file gives."""
    data = packaged(PACKAGED_BOARD)
    parent = data["map"]
    for key in where[:-1]:
        parent = parent[key]
    parent[where[-1]] = value
    with pytest.raises(BoardError) as caught:
        board_from_dict(data, "test")
    assert f"test: map: {'.'.join(where)}: " in str(caught.value)
    assert message in str(caught.value)


def test_a_broken_board_names_every_problem() -> None:
    data = packaged(PACKAGED_BOARD)
    data["sectors"]["Sector_25"]["docking"] = False
    data["map"]["regions"]["South Central"]["bonus"] = 3
    data["sectors"]["Sector_50"]["loki"] = True
    data["helicarrier"]["links"] = [["Helicarrier_Access", "Helicarrier_Bridge"]]
    del data["map"]["territories"]["Sector_13"]["connections"]["Sector_12"]
    with pytest.raises(BoardError) as caught:
        board_from_dict(data, "test")
    assert "one-way connection" in str(caught.value)
    del data["map"]["territories"]["Sector_12"]["connections"]["Sector_13"]
    with pytest.raises(BoardError) as caught:
        board_from_dict(data, "test")
    message = str(caught.value)
    for fragment in (
        "joins it to Sector_13",
        "a bonus of 4",
        "Sector_25",
        "never Asgard",
        "every section is reached from the access point",
    ):
        assert fragment in message


def test_chart_and_decks_satisfy_the_stated_facts() -> None:
    chart = recruitment()
    assert (chart.least, chart.most) == (2, 10)
    assert [chart.price(t) for t in (2, 10)] == [4, 18]
    d = decks()
    assert d.factions == ("Captain America", "Ultron", "Iron Man", "Winter Soldier", "Thor")
    assert set(d.symbols) == {1, 2} and set(d.faction) == {0, 1, 2, 3, 4}
    bad = packaged(PACKAGED_CHARTS)
    bad["recruitment"]["units"]["5"] = 3
    with pytest.raises(BoardError, match="fewer than one a symbol"):
        chart_from_dict(bad, "test")
    bad["recruitment"]["units"]["5"] = 20
    with pytest.raises(BoardError, match="never fall"):
        chart_from_dict(bad, "test")
    del bad["recruitment"]["units"]["10"]
    with pytest.raises(BoardError, match="one price for each total"):
        chart_from_dict(bad, "test")
    bad["recruitment"]["max_symbols"] = -7  # no totals at all between the bounds
    with pytest.raises(BoardError, match=r"recruitment\.max_symbols: .*at most 10 symbols"):
        chart_from_dict(bad, "test")
    cards = packaged(PACKAGED_CARDS)
    cards["decks"][0]["cards"][0]["symbols"] = 3
    cards["decks"][1]["cards"][0]["id"] = "ca02"
    with pytest.raises(BoardError) as caught:
        decks_from_dict(cards, "test")
    assert "1 or 2 symbols" in str(caught.value) and "share an id" in str(caught.value)


@pytest.mark.parametrize("name", [PACKAGED_BOARD, PACKAGED_CHARTS, PACKAGED_CARDS])
def test_board_check_reads_each_file_and_names_a_problem(name: str, tmp_path: Path) -> None:
    runner = CliRunner()
    good = tmp_path / "good.json"
    good.write_text(json.dumps(packaged(name)))
    ok = runner.invoke(app, ["board", "check", str(good)])
    assert ok.exit_code == 0 and "ok" in ok.output
    data = packaged(name)
    data["version"] = 2
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    result = runner.invoke(app, ["board", "check", str(bad)])
    assert result.exit_code != 0 and "version" in result.output


def test_reachable_follows_only_passable_territories() -> None:
    line = [[1], [0, 2], [1, 3], [2]]  # 0-1-2-3
    assert reachable(line, 0) == {0, 1, 2, 3}
    assert reachable(line, 0, lambda t: t != 2) == {0, 1}
    assert reachable(line, 3, lambda t: False) == {3}


def test_symbol_trades_one_per_mix_within_the_chart() -> None:
    chart = SymbolChart(2, 4, (4, 5, 7))
    symbols = [1, 1, 2, 2, 2]
    trades = symbol_trades([0, 1, 2, 3, 4], symbols, chart)
    assert trades == [(2,), (0, 1), (0, 2), (2, 3), (0, 1, 2)]  # by total, then fewer cards
    with pytest.raises(ValueError):
        SymbolChart(2, 4, (4, 5))
    with pytest.raises(ValueError):
        chart.price(5)


def test_operatives_beyond_any_box_are_refused() -> None:
    """The operatives' count is lost (3 reconstructed), but 10**30 in one section overflowed
    the bots' odds tables in every Battle for Manhattan game."""
    data = packaged(PACKAGED_BOARD)
    data["helicarrier"]["operatives"]["Helicarrier_Deck"] = 10**30
    with pytest.raises(BoardError) as caught:
        board_from_dict(data, "test")
    assert "helicarrier.operatives: 1 to 100 operatives in each section" in str(caught.value)
    data["helicarrier"]["operatives"]["Helicarrier_Deck"] = 100
    assert board_from_dict(data, "test").operatives[2] == 100
