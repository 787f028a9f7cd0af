"""RISK Strike's card data: every stated fact is checked, so a transcription can replace it."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from warroom.cli.main import app
from warroom.core import BoardError
from warroom.data import read_json
from warroom.games.strike.cards import PACKAGED, cards_from_dict, strike_cards


def packaged() -> Any:
    return copy.deepcopy(read_json(PACKAGED))


def test_every_item_says_where_it_comes_from() -> None:
    kinds = {value.split(":")[0] for value in strike_cards().provenance.values()}
    assert kinds == {"stated", "public", "reconstructed"}
    assert strike_cards().provenance["africa.adjacent"].startswith("stated")
    assert strike_cards().provenance["asia.domination"].startswith("public")
    assert strike_cards().provenance["europe.domination"].startswith("reconstructed")


def test_m3_africa_borders_exactly_what_the_example_says() -> None:
    """M3 [Attack Phase 1] example: Africa's links are stated and checked on loading; the rest of
    the lost reference-card map is Classic's continent borders, marked reconstructed."""
    cards = strike_cards()
    ids = cards.continent_ids
    borders = {
        frozenset((ids[c], ids[n])) for c, linked in enumerate(cards.neighbors) for n in linked
    }
    assert borders == {
        frozenset(pair)
        for pair in (
            ("north-america", "south-america"),
            ("north-america", "europe"),
            ("north-america", "asia"),
            ("south-america", "africa"),
            ("europe", "africa"),
            ("europe", "asia"),
            ("africa", "asia"),
            ("asia", "australia"),
        )
    }
    for cid in ids:
        kind = "stated" if cid == "africa" else "reconstructed"
        assert cards.provenance[f"{cid}.adjacent"].startswith(kind), cid
    data = packaged()
    for entry in data["continents"]:
        if entry["id"] in ("africa", "north-america"):
            entry["adjacent"].append("north-america" if entry["id"] == "africa" else "africa")
    with pytest.raises(BoardError, match="Africa borders exactly"):
        cards_from_dict(data, "test")


def test_connections_must_go_both_ways() -> None:
    data = packaged()
    data["continents"][5]["adjacent"].append("europe")  # Australia lists Europe, not back
    with pytest.raises(BoardError, match="list it back"):
        cards_from_dict(data, "test")


def test_m1_m2_numbers_above_half_the_count_and_42_cards_in_all() -> None:
    """M1, M2 [card anatomy; Domination]: the per-continent counts are Classic's territory
    counts and four of the numbers about two thirds of them, both marked reconstructed; South
    America's 3 and Asia's 8 are public. Every number exceeds half its continent's cards."""
    cards = strike_cards()
    counts = dict(zip(cards.continent_ids, cards.cards, strict=True))
    numbers = dict(zip(cards.continent_ids, cards.domination, strict=True))
    assert counts == {
        "north-america": 9,
        "south-america": 4,
        "europe": 7,
        "africa": 6,
        "asia": 12,
        "australia": 4,
    }
    assert all(cards.provenance[f"{cid}.cards"].startswith("reconstructed") for cid in counts)
    assert numbers == {
        "north-america": 6,
        "south-america": 3,
        "europe": 5,
        "africa": 4,
        "asia": 8,
        "australia": 3,
    }
    public = {cid for cid in numbers if cards.provenance[f"{cid}.domination"].startswith("public")}
    assert public == {"south-america", "asia"}
    for cid in numbers.keys() - public:
        assert cards.provenance[f"{cid}.domination"].startswith("reconstructed"), cid
    assert all(counts[cid] > numbers[cid] > counts[cid] / 2 for cid in counts)
    data = packaged()
    assert data["continents"][0]["provenance"]["domination"]["kind"] == "reconstructed"
    data["continents"][0]["domination"] = 4  # under half of North America's 9
    with pytest.raises(BoardError, match="exceed half"):
        cards_from_dict(data, "test")
    # A number taken from the cards themselves is not held to the reconstruction's inference.
    data = packaged()
    data["continents"][0]["domination"] = 4
    data["continents"][0]["provenance"]["domination"] = {"kind": "stated", "source": "my copy"}
    assert cards_from_dict(data, "test").domination[0] == 4
    data = packaged()
    data["continents"][0]["cards"] = 10
    with pytest.raises(BoardError, match="42 continent cards"):
        cards_from_dict(data, "test")


def test_every_problem_is_reported_at_once() -> None:
    data = packaged()
    data["continents"][0]["cards"] = 10
    data["continents"][5]["adjacent"].append("europe")
    data["tactics"][1]["count"] = 3
    with pytest.raises(BoardError) as caught:
        cards_from_dict(data, "test")
    message = str(caught.value)
    assert "42 continent cards" in message
    assert "list it back" in message
    assert "tactics (spy)" in message


def test_board_check_accepts_the_card_file_and_names_a_problem(tmp_path: Path) -> None:
    runner = CliRunner()
    good = tmp_path / "strike.json"
    good.write_text(json.dumps(packaged()))
    ok = runner.invoke(app, ["board", "check", str(good)])
    assert ok.exit_code == 0 and "42 continent cards" in ok.output
    data = packaged()
    data["tactics"][1]["count"] = 3
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    result = runner.invoke(app, ["board", "check", str(bad)])
    assert result.exit_code != 0 and "tactics (spy)" in result.output and "x2" in result.output


def test_s1_two_continents_of_one_colour_written_differently_are_refused() -> None:
    """[card anatomy]: each continent has its own colour; "Red" and "red" are one colour."""
    data = packaged()
    data["continents"][1]["color"] = data["continents"][0]["color"].title()
    with pytest.raises(BoardError, match="each continent is a different colour"):
        cards_from_dict(data, "test")
