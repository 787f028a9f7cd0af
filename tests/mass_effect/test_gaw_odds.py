"""`warroom odds` covers Galaxy at War's dice: the mode's preset (a plain battle, ME62), a
Vanguard's d8s (ME70, E15), ships as the side options in the same rule the game rolls by
(ME63-ME66), and attacks on Harbinger with ships or the Momentum bonus (ME77, E14)."""

from __future__ import annotations

import json
from typing import Any

from typer.testing import CliRunner

from warroom.cli.main import app
from warroom.games.mass_effect import gaw_rules as gr
from warroom.odds.invasion import invasion
from warroom.rules.battle import CLASSIC, PRESETS, SideRule

runner = CliRunner()


def odds(*args: str) -> dict[str, Any]:
    result = runner.invoke(app, ["odds", *args, "--json"])
    assert result.exit_code == 0, result.output
    return dict(json.loads(result.output))


def test_the_mode_s_preset_is_a_plain_battle() -> None:
    assert PRESETS["mass-effect-galaxy-at-war"] == CLASSIC
    plain = odds("8", "4")
    assert odds("8", "4", "--preset", "mass-effect-galaxy-at-war") == plain


def test_e15_a_vanguard_defends_with_d8s() -> None:
    out = runner.invoke(app, ["odds", "4", "2", "--preset", "mass-effect-vanguard"]).output
    assert "(0, 2): 1445/6912, (1, 1): 4771/13824" in out
    assert "(2, 0): 6163/13824" in out


def test_ships_are_the_side_options_and_the_game_s_rule() -> None:
    # A Dreadnought and a Carrier attacking a Vanguard defended by a Cruiser.
    rule = gr.invasion_rule([gr.ship_side((0, 1, 1))], [gr.ship_side((1, 0, 0))], vanguard_d8s=True)
    assert rule.attacker == SideRule(d8=1, plus_one=1)
    cli = odds(
        "6",
        "3",
        "--preset",
        "mass-effect-vanguard",
        "--attack-d8",
        "1",
        "--attack-plus",
        "1",
        "--defend-reroll-until",
        "1",
    )
    assert abs(cli["p_conquest"] - invasion(6, 3, rule).p_conquest) < 1e-12


def test_e14_harbinger_odds_with_ships_and_momentum() -> None:
    assert odds("4", "--harbinger")["harbinger"]["p_destroyed"] == "1/216"
    assert odds("4", "--harbinger", "--attack-d8", "3")["harbinger"]["p_destroyed"] == "21/128"
    carriers = odds("4", "--harbinger", "--attack-plus", "3")["harbinger"]["p_destroyed"]
    momentum = odds("4", "--harbinger", "--bonus", "3")["harbinger"]["p_destroyed"]
    assert carriers == momentum == "5/54"
