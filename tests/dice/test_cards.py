"""The card files: the packaged ones pass every stated check, a broken one is refused with
every problem at once, `warroom board check` takes them by their format, and both editions
play with 2 to 5."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.dice.conftest import GUARDIANS, WAR_ASSETS
from warroom.cli.main import app
from warroom.core.errors import BoardError, WarroomError
from warroom.data import read_json
from warroom.games.dice_cards.cards import cards_from_dict, edition_cards
from warroom.games.dice_cards.rules import DiceCardsGame
from warroom.rules.dice_match import feasible, steal6

FILES = ("dice/war-assets.json", "dice/guardians.json")


@pytest.mark.parametrize("name", FILES)
def test_packaged_cards_keep_the_stated_facts(name: str) -> None:
    cards = edition_cards(name)
    sides = [6] * cards.d6 + [8] * cards.d8
    for card in cards.cards:
        assert feasible([*card.rows, steal6()], sides), card.name
        assert sum(r.high_needed() for r in card.rows) <= 2
    for group in cards.groups:
        assert group.value > sum(cards.cards[c].value for c in group.cards)
    assert all(
        k in ("stated", "public", "reconstructed")
        for k in (v.split(":")[0] for v in cards.provenance.values())
    )


def test_war_assets_names_board_planets_in_board_regions_with_the_scan_example() -> None:
    cards = edition_cards(FILES[0])
    assert len(cards.cards) == 18 and {len(g.cards) for g in cards.groups} == {3}
    stated = [c for c in cards.cards if cards.provenance[f"{c.id}.name"].startswith("stated")]
    assert len(stated) == 17
    example = [
        c for c in cards.cards if c.value == 2 and [r.text() for r in c.rows] == ["7", "5", "3+"]
    ]
    assert len(example) == 1


def test_guardians_has_morag_with_the_orb_and_a_power_per_set() -> None:
    cards = edition_cards(FILES[1])
    assert sorted(len(g.cards) for g in cards.groups) == [3, 3, 3, 3, 3, 4]
    assert [g.name for g in cards.groups if g.orb] == ["Morag"]
    assert all(g.power for g in cards.groups)


def test_a_broken_file_reports_every_problem_at_once() -> None:
    data: Any = copy.deepcopy(read_json(FILES[0]))
    data["cards"][0]["rows"] = ["7", "8", "7 8"]  # three 7/8 targets
    data["cards"][1]["rows"] = ["9"]
    data["cards"][2]["rows"] = ["6 steal"]
    data["cards"][3]["rows"] = ["7", "6", "5", "4", "3", "2"]  # more than 7 dice can match
    data["groups"][0]["value"] = 1
    data["cards"].pop()
    with pytest.raises(BoardError) as caught:
        cards_from_dict(data, "mine.json")
    text = str(caught.value)
    for expected in (
        "two d8s",
        "from 1 to 8",
        "every card's",
        "exceed",
        "cards per group",
        "Planet Scanning",
        "the steal row (W3 [WA How to Play 2])",  # the reading's section, not its bare number
    ):
        assert expected in text, expected


@pytest.mark.parametrize("name", FILES)
def test_board_check_accepts_the_card_files(name: str, tmp_path: Path) -> None:
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(read_json(name)))
    result = CliRunner().invoke(app, ["board", "check", str(path)])
    assert result.exit_code == 0 and "ok" in result.output
    broken = read_json(name)
    broken["cards"][0]["value"] = 0
    path.write_text(json.dumps(broken))
    assert CliRunner().invoke(app, ["board", "check", str(path)]).exit_code != 0


@pytest.mark.parametrize("game", [WAR_ASSETS, GUARDIANS], ids=["war-assets", "guardians"])
def test_w1_mcu80_q9_two_to_five_players(game: DiceCardsGame) -> None:
    """W1 (War Assets' count is not printed: the box's 2-5), MCU80/Q9 (Guardians: 2-5)."""
    for players in (2, 5):
        assert game.new_game(players, 1).players == players
    for players in (1, 6):
        with pytest.raises(WarroomError):
            game.new_game(players, 1)
