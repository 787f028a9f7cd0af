"""`warroom odds` covers Skirmish: its dice are Classic's (MCU2, MCU18, MCU19), as a preset."""

from __future__ import annotations

from typer.testing import CliRunner

from warroom.cli.main import app
from warroom.rules.battle import CLASSIC, PRESETS


def test_skirmish_preset_is_classic_dice_and_the_cli_takes_it() -> None:
    assert PRESETS["mcu-skirmish"] == CLASSIC
    runner = CliRunner()
    plain = runner.invoke(app, ["odds", "7", "2"])
    skirmish = runner.invoke(app, ["odds", "7", "2", "--preset", "mcu-skirmish"])
    assert plain.exit_code == 0 and skirmish.exit_code == 0
    # E3's first roll, 3 dice against 2: the same exact odds as Classic's.
    assert "(0, 2): 1445/3888" in skirmish.output
    # The same figures, counted in MCU's word for its pieces (MCU5).
    assert "7 units attacking" in skirmish.output and "7 armies attacking" in plain.output
    asked = ([], ["--preset", "mcu-skirmish"])
    numbers = [runner.invoke(app, ["odds", "7", "2", "--json", *more]).output for more in asked]
    assert numbers[0] == numbers[1]
