"""The mode catalogue: a faithful copy of each mode's rules, and rules loaded only when used."""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import entry_points

import pytest

from warroom.core import UnknownMode, WarroomError
from warroom.core.registry import ENTRY_POINTS, get_mode, modes
from warroom.games import CATALOG, ModeInfo


@pytest.mark.parametrize("info", CATALOG, ids=lambda info: info.id)
def test_each_catalogued_module_registers_the_mode_it_is_listed_for(info: ModeInfo) -> None:
    game = get_mode(info.id)
    assert (game.id, game.title, game.max_players) == (info.id, info.title, info.max_players)
    (entry,) = [e for e in entry_points(group=ENTRY_POINTS) if e.name == info.id]
    assert entry.value == type(game).__module__
    assert [o.name for o in game.options] == [o.name for o in info.options]


def test_option_bounds_come_from_the_catalogue() -> None:
    game = get_mode("risk-classic")
    with pytest.raises(WarroomError, match="turn_limit: 100001 is above 100000"):
        game.resolve_options({"turn_limit": 100_001})
    with pytest.raises(WarroomError, match="turn_limit: -1 is below 0"):
        game.resolve_options({"turn_limit": -1})


def test_every_mode_is_catalogued_and_installed() -> None:
    assert [g.id for g in modes()] == sorted(info.id for info in CATALOG)
    assert sorted(e.name for e in entry_points(group=ENTRY_POINTS)) == sorted(
        info.id for info in CATALOG
    )


def test_a_mode_loads_its_own_rules_only() -> None:
    code = (
        "import sys; from warroom.core import Match; import warroom.games;"
        "Match.start('risk-classic', 2, 1);"
        "print('warroom.games.monopoly_avengers' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_an_unknown_mode_names_the_catalogued_ones() -> None:
    with pytest.raises(UnknownMode, match="monopoly-avengers, risk-classic"):
        get_mode("chess")
