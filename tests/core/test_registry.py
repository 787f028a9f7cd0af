"""The mode catalogue: a faithful copy of each mode's rules, and rules loaded only when used."""

from __future__ import annotations

import subprocess
import sys

import pytest

from warroom.core import UnknownMode
from warroom.core.registry import get_mode, modes
from warroom.games import CATALOG, ModeInfo


@pytest.mark.parametrize("info", CATALOG, ids=lambda info: info.id)
def test_the_catalogue_describes_each_mode_as_its_rules_do(info: ModeInfo) -> None:
    game = get_mode(info.id)
    assert (info.id, info.title) == (game.id, game.title)
    assert (info.min_players, info.max_players) == (game.min_players, game.max_players)
    listed = [(o.name, o.default, o.help, o.choices) for o in info.options]
    assert listed == [(o.name, o.default, o.help, o.choices) for o in game.options]
    assert sys.modules[info.module] is sys.modules[type(game).__module__]


def test_every_mode_is_catalogued() -> None:
    assert [g.id for g in modes()] == sorted(info.id for info in CATALOG)


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
