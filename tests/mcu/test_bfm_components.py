"""Battle for Manhattan's data (`mcu/battle.json`): the packaged reconstruction passes its
checks and `warroom board check`; a broken transcription is refused with every problem named;
and the shared pieces (`Tokens`, `decider`)."""

from __future__ import annotations

import collections
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from warroom.cli.main import app
from warroom.core.errors import BoardError
from warroom.data import read_json
from warroom.games.mcu.components import PACKAGED_BFM, POWERS, battle, battle_from_dict, decks
from warroom.rules.pieces import HELD, OFF_BOARD, Tokens, decider


def test_packaged_battle_data_is_valid_and_marked() -> None:
    b = battle()
    assert b.starting_cards[5] == (1, 1, 1, 2, 2)  # stated
    assert b.hydra_threshold == 4 and b.dark_elves == 3  # stated
    assert all(p.kind in POWERS for p in b.card_power)
    assert b.provenance["setup.rage_meter"].startswith("reconstructed")
    assert b.provenance["setup.hydra_threshold"].startswith("stated")


def test_board_check_reads_the_battle_file(tmp_path: Path) -> None:
    path = Path(__file__).parents[2] / "src/warroom/data" / PACKAGED_BFM
    out = CliRunner().invoke(app, ["board", "check", str(path)])
    assert out.exit_code == 0 and "60 card powers" in " ".join(out.output.split())


def test_a_broken_transcription_names_every_problem() -> None:
    data = read_json(PACKAGED_BFM)
    assert isinstance(data, dict)
    bad = json.loads(json.dumps(data))
    bad["setup"]["starting_cards"]["5"] = [1, 1, 1, 1, 1]
    bad["setup"]["hydra_threshold"] = 5
    bad["cards"]["CA01"]["power"] = {"kind": "fly"}
    bad["cards"]["CA02"]["power"] = {"kind": "units"}
    bad["heroes"][0]["allies"] = bad["heroes"][0]["allies"][:2]
    with pytest.raises(BoardError) as err:
        battle_from_dict(bad, "bad.json", decks())
    text = str(err.value)
    for where in ("starting_cards.5", "hydra_threshold", "CA01.power", "CA02.power", "allies"):
        assert where in text


def test_tokens_keep_every_piece_in_one_place() -> None:
    tokens = Tokens((OFF_BOARD, 3, 3, HELD))
    assert tokens.at(3) == (1, 2) and tokens.count(OFF_BOARD) == 1
    moved = tokens.moved(3, 5)
    assert moved.at(5) == (1, 2) and tokens.at(3) == (1, 2)  # immutable
    assert moved.problems(10, 4) == []
    assert moved.problems(4, 4) and Tokens((1, 2)).problems(10, 4)
    assert moved.problems(10, 4, lambda piece, t: piece != 1)


def test_the_decider_is_the_next_living_seat() -> None:
    order = (2, 0, 1)
    assert decider(2, order, [True, True, True]) == 0
    assert decider(2, order, [False, True, True]) == 1
    assert decider(1, order, [True, True, True]) == 2


@pytest.mark.parametrize(
    ("where", "value", "expected"),
    [
        (("setup", "claim_units"), 10**30, "a claim places 1 to 100 units"),
        (("setup", "claim_units"), 0, "a claim places 1 to 100 units"),
        (("setup", "starting_cards", "4"), [1, 1, 1, 10**30], "each 0 to 12"),
        # [Avengers Components]: the box holds two attack and two defence d8s, no more
        (("hulk", "attack", "d8"), 3, "the box's 2 d8s"),
        (("heroes", "0", "allies", "1", "defence", "d8"), 3, "the box's 2 d8s"),
        (("cards", "CA03", "power", "dice"), 3, "the box's 2 attack d8s"),
    ],
)
def test_a_count_no_game_could_hold_is_refused_at_its_field(
    where: tuple[str, ...], value: object, expected: str
) -> None:
    """A typo such as 10**30 units in a claim overflowed the bots' odds tables, and as many
    starting cards drew forever; the check refuses it and names the field."""
    data = json.loads(json.dumps(read_json(PACKAGED_BFM)))
    node = data
    for key in where[:-1]:
        node = node[int(key)] if isinstance(node, list) else node[key]
    node[where[-1]] = value
    with pytest.raises(BoardError) as err:
        battle_from_dict(data, "bad.json", decks())
    assert ".".join(where) in str(err.value) and expected in str(err.value)
    assert min(collections.Counter(decks().faction).values()) == 12


@pytest.mark.parametrize(
    ("hero", "objective", "expected"),
    [
        (1, {"kind": "conquer-the-moon"}, "heroes.1.objective.kind"),
        (1, {"kind": "eliminate", "target": "Nobody", "sector": "Sector_40"}, "another faction"),
        (1, {"kind": "eliminate", "target": "Thor", "sector": "Sector_40"}, "setup.requires"),
        (1, {"kind": "eliminate", "target": "Iron Man", "sector": "Sector_99"}, "is no sector"),
        (0, {"kind": "helicarrier", "docks": -4}, "heroes.0.objective.docks"),
        (0, {"kind": "helicarrier"}, "docks: needed by a helicarrier objective"),
        (4, {"kind": "scepter", "sector": "Sector_50", "docks": 2}, "docks: not taken"),
        (2, {"kind": "tower", "sectors": []}, "at least one sector"),
    ],
)
def test_an_objective_is_checked_by_its_kind(
    hero: int, objective: dict[str, object], expected: str
) -> None:
    """Objectives were a free dict, passed by `board check` and never read: the rules checked
    the printed ones from code. Each kind's fields are checked now, and the rules play them."""
    data = read_json(PACKAGED_BFM)
    assert isinstance(data, dict)
    bad = json.loads(json.dumps(data))
    bad["heroes"][hero]["objective"] = objective
    with pytest.raises(BoardError) as err:
        battle_from_dict(bad, "bad.json", decks())
    assert expected in str(err.value), err.value
