"""`warroom odds` covers Basic Training: its dice are Classic's (ME1, ME19-ME22), as a preset,
and the game's battles roll by that rule."""

from __future__ import annotations

from typer.testing import CliRunner

from warroom.cli.main import app
from warroom.rules.battle import CLASSIC, PRESETS


def test_basic_training_preset_is_classic_dice_and_the_cli_takes_it() -> None:
    assert PRESETS["mass-effect-basic"] == CLASSIC
    runner = CliRunner()
    plain = runner.invoke(app, ["odds", "8", "4"])
    basic = runner.invoke(app, ["odds", "8", "4", "--preset", "mass-effect-basic"])
    assert plain.exit_code == 0 and basic.exit_code == 0
    # E3's roll, 3 dice against 2: each side loses one with 2611/7776, as in Classic.
    assert "(1, 1): 2611/7776" in basic.output
    # The same figures, counted in Mass Effect's word for its pieces.
    assert "8 units attacking" in basic.output and "8 armies attacking" in plain.output
    asked = ([], ["--preset", "mass-effect-basic"])
    numbers = [runner.invoke(app, ["odds", "8", "4", "--json", *more]).output for more in asked]
    assert numbers[0] == numbers[1]
