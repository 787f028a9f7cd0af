"""`warroom simulate` and `warroom ladder` end to end on a few games."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from typer.testing import CliRunner

from warroom.cli.main import app
from warroom.sim.ladder import ladder_options, markdown

runner = CliRunner()


def test_simulate_writes_table_and_plot(tmp_path: Path) -> None:
    out, png = tmp_path / "games.csv", tmp_path / "games.png"
    result = runner.invoke(
        app,
        [
            "simulate",
            "risk-classic",
            "--games",
            "4",
            "--bots",
            "greedy,random",
            "--seed",
            "1",
            "--workers",
            "1",
            "--option",
            "defender_dice=auto",
            "--out",
            str(out),
            "--plot",
            str(png),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "Win rate by seat" in result.output and "How games ended" in result.output
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == 4 and {r["seat0_bot"] for r in rows} == {"greedy", "random"}
    assert all(r["ending"] == "rulebook" for r in rows)
    assert png.read_bytes()[:4] == b"\x89PNG"


def test_simulate_plots_a_bot_that_wins_no_game(tmp_path: Path) -> None:
    # 3 games, random never wins: its interval's low bound used to round above 0.
    png = tmp_path / "sim.png"
    args = ["simulate", "risk-classic", "-n", "3", "--bots", "greedy,random", "--seed", "1"]
    result = runner.invoke(app, [*args, "--workers", "1", "--plot", str(png)])
    assert result.exit_code == 0, result.output
    assert "│ random │          3 │    0 │    0.000 │" in result.output
    assert png.read_bytes()[:4] == b"\x89PNG"


def test_simulate_refuses_bad_input() -> None:
    result = runner.invoke(app, ["simulate", "risk-classic", "--games", "1", "--option", "x"])
    assert result.exit_code == 2 and "NAME=VALUE" in result.output
    result = runner.invoke(app, ["simulate", "risk-classic", "-n", "1", "-o", "nope=1"])
    assert result.exit_code == 2 and "no option" in result.output
    for command in (["simulate", "risk-classic", "-n", "1"], ["ladder", "risk-classic", "-n", "1"]):
        result = runner.invoke(app, [*command, "--workers", "-1"])
        assert result.exit_code == 2 and "--workers must be at least 1, not -1" in result.output
    # an empty tier between commas was dropped, seating fewer bots than written
    for command, flag in (
        (["simulate", "risk-classic", "-n", "1", "--bots", "greedy,,random"], "--bots"),
        (["ladder", "risk-classic", "-n", "1", "--tiers", "random,,greedy"], "--tiers"),
    ):
        result = runner.invoke(app, command)
        assert result.exit_code != 0
        assert f"{flag}: a bot tier is missing between commas" in result.output, result.output
    # --players 0 played the default count; a ladder of a tier against itself is no ladder
    result = runner.invoke(app, ["simulate", "risk-classic", "-n", "1", "--players", "0"])
    assert result.exit_code != 0 and "is for 2 to 5 players, not 0" in result.output
    result = runner.invoke(app, ["ladder", "risk-classic", "-n", "1", "--tiers", "random,random"])
    assert result.exit_code != 0 and "random given twice" in result.output
    # a repeated option kept its last value; an address without Ray went unused
    result = runner.invoke(
        app, ["simulate", "risk-classic", "-n", "1", "-o", "setup=deal", "-o", "setup=claim"]
    )
    assert result.exit_code != 0 and "--option setup is given twice" in result.output
    result = runner.invoke(app, ["simulate", "risk-classic", "-n", "1", "--ray-address", "auto"])
    assert result.exit_code != 0 and "--ray-address goes with --backend ray" in result.output
    empty = ["simulate", "risk-classic", "-n", "1", "--backend", "ray", "--ray-address", " "]
    result = runner.invoke(app, empty)  # it was "None is no Ray cluster address"
    assert result.exit_code == 2 and "--ray-address is empty" in result.output, result.output
    # SplitMix64 reads 64 bits: -1 played the games of 2**64 - 1, and 2**64 those of 0
    for command in (["simulate", "risk-classic", "-n", "1"], ["ladder", "risk-classic", "-n", "1"]):
        for seed, bound in ((-1, "greater than or equal to 0"), (2**64, str(2**64 - 1))):
            result = runner.invoke(app, [*command, "--seed", str(seed)])
            assert result.exit_code == 2 and bound in result.output, result.output


def test_an_error_while_playing_is_the_first_line() -> None:
    """Refusals that come once the games start (the progress bar running) are the output's
    first line: the bar left a blank line before them where nobody watched it live."""
    for args in (
        ["simulate", "risk-classic", "-n", "1", "--bots", "nosuch"],
        ["simulate", "risk-classic", "-n", "1", "--workers", "-1"],
        ["ladder", "risk-classic", "-n", "1", "--workers", "-1"],
        ["ladder", "risk-classic", "-n", "1", "--tiers", "greedy"],
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, args
        assert result.output.startswith("error: "), (args, result.output)


@pytest.mark.parametrize("option", ["--out", "--plot"])
def test_simulate_refuses_an_unwritable_file_before_playing(tmp_path: Path, option: str) -> None:
    args = ["simulate", "risk-classic", "-n", "50", "--workers", "1"]
    for bad in (tmp_path / "no-such-dir" / "x.png", tmp_path / "dir.png"):
        (tmp_path / "dir.png").mkdir(exist_ok=True)
        result = runner.invoke(app, [*args, option, str(bad)])
        assert result.exit_code == 2 and f"cannot write {bad}" in result.output
        assert "Traceback" not in result.output and "Win rate" not in result.output
    result = runner.invoke(app, [*args, "--plot", str(tmp_path / "sim.svg")])
    assert result.exit_code == 2 and "ending in .png" in result.output
    result = runner.invoke(app, [*args, "--out", str(tmp_path / "rows.txt")])  # was CSV
    assert result.exit_code == 2 and "name a .csv or .parquet file" in result.output
    assert not (tmp_path / "rows.txt").exists() and "Win rate" not in result.output


def test_simulate_reads_the_table_format_in_any_case(tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    out = tmp_path / "rows.PARQUET"
    args = ["simulate", "risk-classic", "-n", "1", "--workers", "1", "--out", str(out)]
    assert runner.invoke(app, args).exit_code == 0
    assert pq.read_table(out).num_rows == 1


def test_simulate_checks_files_without_touching_them(tmp_path: Path) -> None:
    kept, new, bad = tmp_path / "kept.csv", tmp_path / "new.csv", tmp_path / "no-dir" / "x.png"
    kept.write_text("old")
    for out in (kept, new):
        args = ["simulate", "risk-classic", "-n", "1", "--out", str(out), "--plot", str(bad)]
        assert runner.invoke(app, args).exit_code == 2
    assert kept.read_text() == "old" and not new.exists()


def test_help_shows_one_form_of_each_flag() -> None:
    for command, flag in (("simulate", "--no-rotate"), ("ladder", "--all-pairs")):
        text = runner.invoke(app, [command, "--help"], env={"COLUMNS": "200"}).output
        assert flag in text and "--no-no-rotate" not in text and "--no-all-pairs" not in text


def test_ladder_refuses_one_tier_and_an_unwritable_file(tmp_path: Path) -> None:
    result = runner.invoke(app, ["ladder", "risk-classic", "-n", "2", "--tiers", "greedy"])
    assert result.exit_code == 2 and "at least 2 tiers" in result.output
    assert "Strictly ordered" not in result.output
    bad = tmp_path / "no-such-dir" / "ladder.md"
    args = ["ladder", "risk-classic", "-n", "20", "--tiers", "random,greedy", "--out", str(bad)]
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and f"cannot write {bad}" in result.output
    assert "Traceback" not in result.output and "Strictly ordered" not in result.output


def test_ladder_table(tmp_path: Path) -> None:
    md = tmp_path / "ladder.md"
    result = runner.invoke(
        app,
        [
            "ladder",
            "risk-classic",
            "--games",
            "4",
            "--tiers",
            "random,greedy",
            "--workers",
            "1",
            "--out",
            str(md),
        ],
    )
    assert result.exit_code == 0, result.output
    text = md.read_text()
    assert "| greedy | random | 4 |" in text
    assert "warroom ladder risk-classic --games 4 --tiers random,greedy" in text


def test_simulate_writes_parquet_that_reads_back_as_the_csv(tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    args = [
        "simulate",
        "risk-classic",
        "-n",
        "3",
        "--bots",
        "greedy,random",
        "--seed",
        "5",
        "--workers",
        "1",
        "-o",
        "defender_dice=auto",
        "--out",
    ]
    assert runner.invoke(app, [*args, str(tmp_path / "g.csv")]).exit_code == 0
    assert runner.invoke(app, [*args, str(tmp_path / "g.parquet")]).exit_code == 0
    rows = list(csv.DictReader((tmp_path / "g.csv").open()))
    table = pq.read_table(tmp_path / "g.parquet").to_pylist()
    assert len(table) == len(rows) == 3
    for got, want in zip(table, rows, strict=True):
        got.pop("seconds"), want.pop("seconds")  # wall time differs from run to run
        assert {k: "" if v is None else str(v) for k, v in got.items()} == want


def test_ladder_settings_show_options_as_typed() -> None:
    """A yes/no option reads as a user types it (`scanning=false`), not as Python's False."""
    text = markdown("mass-effect-galaxy-at-war", [], "warroom ladder", 2, {"scanning": False})
    assert "`scanning=false`" in text and "False" not in text


def test_ladder_settings_of_a_mode_without_options_say_none() -> None:
    """A mode with no options reads "options none", not "options ;"."""
    text = markdown("mass-effect-war-assets", [], "warroom ladder", 2, {})
    assert "Settings: 2 players; options none; seats rotated" in text


def test_ladder_settings_show_the_setup_two_player_classic_risk_plays() -> None:
    """2-Player Setup deals the territory cards whatever `setup` says, so a 2-player ladder's
    settings read `setup=deal`; with 3 players the option stands as given."""
    assert ladder_options("risk-classic", {}, 2)["setup"] == "deal"
    assert ladder_options("risk-classic", {"setup": "claim"}, 2)["setup"] == "deal"
    assert ladder_options("risk-classic", {}, 3)["setup"] == "claim"
    assert ladder_options("risk-classic", {"setup": "deal"}, 3)["setup"] == "deal"
    assert ladder_options("risk-classic", {}, 2)["turn_limit"] == 300  # the simulation's cap
    assert ladder_options("risk-godstorm", {"setup": "claim"}, 2)["setup"] == "deal"  # G21
    assert ladder_options("risk-godstorm", {"setup": "claim"}, 3)["setup"] == "claim"


def test_simulate_says_when_an_option_typed_is_not_used_at_that_player_count() -> None:
    """As `warroom play` says it: 2-player Classic RISK deals whatever `setup` says, so a
    typed setup=claim is named as unused, and not with 3 players or left at its default."""
    note = "(2-player games play setup=deal: setup=claim is not used)"

    def said(*args: str) -> str:
        result = runner.invoke(
            app, ["simulate", "risk-classic", "-n", "1", "--workers", "1", *args]
        )
        assert result.exit_code == 0, result.output
        return " ".join(result.output.split())

    assert note in said("--bots", "random", "-o", "setup=claim")
    assert "is not used" not in said("--bots", "random")
    assert "is not used" not in said("--bots", "random", "--players", "3", "-o", "setup=claim")


def test_a_ladder_without_tiers_climbs_the_mode_s_own() -> None:
    """The default ladder was random,greedy,mcts:50 for every mode, so Monopoly's (no search
    tier) failed on its own default; each mode now climbs to its own search tier."""
    from warroom.cli.simulate import default_ladder

    assert default_ladder("risk-classic") == ["random", "greedy", "mcts:50"]
    assert default_ladder("mcu-guardians") == ["random", "greedy", "lookahead"]
    assert default_ladder("monopoly-avengers") == ["random", "greedy"]
    result = runner.invoke(app, ["ladder", "monopoly-avengers", "-n", "1", "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert "--tiers random,greedy --players 2" in " ".join(result.output.split())
