"""`warroom odds` end to end through Typer."""

import dataclasses
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from warroom.cli.main import app

runner = CliRunner()


def test_json_invasion() -> None:
    result = runner.invoke(app, ["odds", "3", "1", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["p_conquest"] == pytest.approx(5865 / 7776)
    assert sum(data["attacker_survivors"].values()) == pytest.approx(1)


def test_presets_combine_and_options() -> None:
    result = runner.invoke(
        app,
        [
            "odds",
            "10",
            "5",
            "-p",
            "godstorm-war",
            "-p",
            "godstorm-temple",
            "--attack-plus",
            "1",
            "--json",
        ],
    )
    rule = json.loads(result.output)["rule"]
    assert rule["attacker_wins_ties"] and rule["defender"]["reroll_until"] > 2
    assert rule["attacker"]["plus_one"] == 1


def test_table_and_plots(tmp_path: Path) -> None:
    result = runner.invoke(app, ["odds", "--table", "6x4", "--json"])
    assert json.loads(result.output)["p_conquest"]["3"][0] == pytest.approx(5865 / 7776)
    for args in (["--table", "8x8"], ["6", "4"]):
        png = tmp_path / "out.png"
        assert runner.invoke(app, ["odds", *args, "--plot", str(png)]).exit_code == 0
        assert png.read_bytes()[:4] == b"\x89PNG"


def test_godswar_and_harbinger() -> None:
    out = runner.invoke(app, ["odds", "4", "--harbinger", "--json"]).output
    assert json.loads(out)["harbinger"]["p_destroyed"] == "1/216"
    refused = runner.invoke(app, ["odds", "10", "6", "--harbinger"])  # the 6 was ignored
    assert refused.exit_code == 2 and "--harbinger takes ATTACKERS only" in refused.output
    out = runner.invoke(app, ["odds", "5", "5", "--godswar", "--json"]).output
    assert json.loads(out)["godswar"]["p_attacker_wins"] == "3527/7776"


def test_godstorm_gods_and_temple() -> None:
    """`--attack-gods`/`--defend-gods` use the Godstorm rules' own dice rule: a whole godswar,
    or an army battle with the gods' powers (tests/godstorm/test_odds.py checks the numbers)."""
    from warroom.games.godstorm.battle import force_rule
    from warroom.games.godstorm.odds import godswar_chance
    from warroom.games.godstorm.state import MAGIC, SKY, WAR
    from warroom.rules.battle import PRESETS

    temple = ["--preset", "godstorm-temple"]
    args = ["odds", "8", "6", "--godswar", "--attack-gods", "war+sky", "--defend-gods", "magic"]
    out = json.loads(runner.invoke(app, [*args, *temple, "--json"]).output)
    want = godswar_chance([WAR, SKY], [MAGIC], 8, 6, PRESETS["godstorm-temple"])
    assert out["godswar"]["p_attacker_wins"] == str(want)
    # the gods are in the answer: "rule" is the dice before them (it showed no god at all)
    assert (out["godswar"]["attack_gods"], out["godswar"]["defend_gods"]) == ("war+sky", "magic")
    args = ["odds", "10", "5", "--attack-gods", "war+magic", "--defend-gods", "magic"]
    out = json.loads(runner.invoke(app, [*args, *temple, "--json"]).output)
    assert out["rule"] == dataclasses.asdict(force_rule([WAR, MAGIC], [MAGIC], True))
    for wrong in (["--attack-gods", "thor"], ["--attack-gods", "war", "--godswar"],
                  ["--attack-gods", "sky", "--attack-sky"]):  # fmt: skip
        result = runner.invoke(app, ["odds", "5", "5", *wrong])
        assert result.exit_code != 0 and "god" in result.output


@pytest.mark.parametrize(
    "args",
    [
        ["4", "0"],
        ["0", "3"],
        ["--table", "3y"],
        ["5", "5", "-p", "nope"],
        ["5"],
        ["5", "5", "--stop", "0"],
        ["5", "5", "--attack-d8", "-1"],
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str]) -> None:
    result = runner.invoke(app, ["odds", *args])
    assert result.exit_code == 2
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["1000000", "1000000"], "at most 20,000 armies a side"),
        (["--table", "100000x100000", "--json"], "at most 2000x2000"),
        (["3000", "3000", "--strike"], "at most 100 cards and troops a side"),
        (["20", "50", "--strike", "--defend-troops", "60"], "at most 100 cards and troops"),
        (["5", "5", "--godswar", "--attack-altars", "50"], "at most 10 altars a side"),
        (
            [
                "5",
                "5",
                "--godswar",
                "--attack-gods",
                "war",
                "--defend-gods",
                "sky",
                "--defend-altars",
                "50",
            ],
            "at most 10 altars a side",
        ),
    ],
)
def test_odds_too_large_to_compute_are_refused_before_computing(
    args: list[str], said: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Minutes of work or gigabytes of memory (a 7 TiB table) are one line, not a hang or a
    traceback; the engines must not even start."""
    import warroom.games.godstorm.odds
    import warroom.odds
    import warroom.odds.strike

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("started computing")

    for module, name in (
        (warroom.odds, "invasion"),
        (warroom.odds, "win_table"),
        (warroom.odds, "godswar_odds"),
        (warroom.odds.strike, "strike_battle"),
        (warroom.games.godstorm.odds, "godswar_chance"),
    ):
        monkeypatch.setattr(module, name, refuse)
    result = runner.invoke(app, ["odds", *args])
    assert result.exit_code == 2, result.output
    assert said in " ".join(result.output.split())


def test_a_table_size_is_ascii_digits() -> None:
    result = runner.invoke(app, ["odds", "--table", "²x3"])  # "²".isdigit(), but int refuses it
    assert result.exit_code == 2 and "must look like 20x20" in result.output


def test_help_fits_80_columns() -> None:
    text = runner.invoke(app, ["odds", "--help"], env={"COLUMNS": "80"}).output
    assert "…" not in text and "--no-" not in text and "--attack-reroll-once" in text


def test_a_grid_too_wide_for_the_terminal_points_to_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    result = runner.invoke(app, ["odds", "--table", "20x20"], env={"COLUMNS": "80"})
    assert result.exit_code == 2 and "use --table 20x9" in result.output
    assert "--out FILE.csv" in result.output and "Traceback" not in result.output
    result = runner.invoke(app, ["odds", "--table", "20x9"], env={"COLUMNS": "80"})
    assert result.exit_code == 0 and "0.000" not in result.output.splitlines()[0]
    assert all(len(line) <= 80 for line in result.output.splitlines())
    # Short names, so that the lines naming the files fit 80 columns wherever the temporary
    # folder is (a worker's is deeper).
    monkeypatch.chdir(tmp_path)
    csv_file, png = tmp_path / "grid.csv", tmp_path / "grid.png"
    args = ["odds", "--table", "300x300", "--out", "grid.csv", "--plot", "grid.png"]
    result = runner.invoke(app, args, env={"COLUMNS": "80"})
    assert result.exit_code == 0 and len(result.output.splitlines()) == 3  # a note, two files
    rows = csv_file.read_text().splitlines()
    assert len(rows) == 300 and rows[0].startswith("attackers\\defenders,1,2,")
    assert rows[2].startswith("3,0.754") and png.read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["30", "30", "--table", "30x30"], "drop ATTACKERS DEFENDERS"),
        (["5", "5", "--out", "x.csv"], "--out writes the --table grid"),
        (["5", "5", "--plot", "x.svg"], "ending in .png"),
        (["--table", "5x5", "--out", "x.txt"], "--out writes the grid as CSV: name a .csv file"),
    ],
)
def test_table_arguments_are_consistent(args: list[str], said: str) -> None:
    result = runner.invoke(app, ["odds", *args])
    assert result.exit_code == 2 and said in result.output


def test_an_unwritable_file_is_one_line(tmp_path: Path) -> None:
    for args, name in ((["5", "5", "--plot"], "x.png"), (["--table", "5x5", "--out"], "x.csv")):
        bad = tmp_path / "no-such-dir" / name
        result = runner.invoke(app, ["odds", *args, str(bad)])
        assert result.exit_code == 2 and f"cannot write {bad}" in result.output
        assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("preset", "one", "many"),
    [
        ([], "army", "armies"),
        (["-p", "classic"], "army", "armies"),
        (["-p", "godstorm-temple"], "army", "armies"),
        (["-p", "mcu-skirmish"], "unit", "units"),
        (["-p", "mcu-hulk"], "unit", "units"),
        (["-p", "mcu-loki", "-p", "mcu-skirmish"], "unit", "units"),
        (["-p", "mass-effect-vanguard"], "unit", "units"),
    ],
)
def test_odds_count_pieces_in_the_mode_s_own_word(preset: list[str], one: str, many: str) -> None:
    """Each mode's presets word the pieces as its rules do (`Pieces`: MCU's and Mass Effect's
    units, Classic's and Godstorm's armies), one and many agreeing with the count."""
    out = runner.invoke(app, ["odds", "3", "1", *preset], env={"COLUMNS": "100"}).output
    assert f"3 {many} attacking (1 stays) against 1 {one} defending" in out, out
    assert f"{many} left" in out
    other = "armies" if many == "units" else "units"
    assert other not in out and ("army" not in out or one == "army")
    grid = runner.invoke(app, ["odds", "--table", "3x2", *preset]).output
    assert f"rows attacking {many}, columns defending {many}" in " ".join(grid.split())
    small = runner.invoke(app, ["odds", "--table", "1x1", *preset])
    assert f"at least 2 {many} attacking and 1 {one} defending" in small.output
    big = runner.invoke(app, ["odds", "30000", "2", *preset])
    assert f"at most 20,000 {many} a side" in big.output


def test_harbinger_is_attacked_with_units() -> None:
    """Harbinger is Mass Effect's: its refusals count units, as that mode does."""
    out = runner.invoke(app, ["odds", "1", "--harbinger"]).output
    assert "at least 2 units" in out and "armies" not in out


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["3", "2", "--rally", "2"], "--rally goes with --strike"),
        (["3", "2", "--attack-troops", "1", "--bombard", "attacker"], "--bombard go with --strike"),
        (["8", "6", "--attack-sky"], "--attack-sky goes with --godswar"),
        (["8", "6", "--defend-altars", "1"], "--defend-altars goes with --godswar"),
        (["10", "5", "--bonus", "5"], "--bonus goes with --harbinger"),
    ],
)
def test_an_option_of_another_kind_of_battle_is_refused(args: list[str], said: str) -> None:
    """`--rally 2` without `--strike` (or `--attack-sky` without `--godswar`, `--bonus`
    without `--harbinger`) printed plain Classic odds, the option dropped without a word."""
    result = runner.invoke(app, ["odds", *args])
    assert result.exit_code != 0 and said in result.output, result.output
    assert "P(conquest)" not in result.output


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["5", "3", "--strike", "--attack-d8", "2"], "it takes no --attack-d8"),
        (["5", "3", "--strike", "--ties-to-attacker"], "it takes no --ties-to-attacker"),
        (["8", "6", "--godswar", "--attack-sky", "--plot", "{tmp}/g.png"], "not a godswar"),
        (["4", "--harbinger", "--plot", "{tmp}/h.png"], "not a godswar or Harbinger"),
    ],
)
def test_options_a_battle_cannot_use_are_refused(
    tmp_path: Path, args: list[str], said: str
) -> None:
    """`--strike` dropped the dice options (0.769375 with --attack-d8 2 as without), and
    `--plot` with a godswar or Harbinger said "wrote FILE" and wrote nothing."""
    result = runner.invoke(app, ["odds", *(a.format(tmp=tmp_path) for a in args)])
    assert result.exit_code != 0 and said in result.output, result.output
    assert not list(tmp_path.iterdir())


def test_no_first_roll_is_shown_where_no_roll_can_be_made() -> None:
    """`odds 1 3` (or 5 3 stopping at 5) printed the odds of a first roll it never makes."""
    for args in (["1", "3"], ["5", "3", "--stop", "5"]):
        result = runner.invoke(app, ["odds", *args])
        assert result.exit_code == 0, result.output
        assert "first roll" not in result.output and "no roll: the attacker" in result.output
    assert "first roll (attacker, defender losses)" in runner.invoke(app, ["odds", "5", "3"]).output


def test_strike_counts_read_as_words() -> None:
    """The Strike header said "1 troops" and "1 cards"."""
    out = runner.invoke(app, ["odds", "3", "1", "--strike", "--attack-troops", "1"]).output
    assert "3 cards + 1 troop attack 1 card + 0 troops: 3 dice against 1" in out


@pytest.mark.parametrize(
    ("given", "said"),
    [
        (["--attack-d8", "100000"], "--attack-d8 100000: the attacker rolls at most 3 dice"),
        (["--defend-d8", "7"], "--defend-d8 7: the defender rolls at most 2 dice"),
        (["--attack-plus", "99"], "--attack-plus 99: the attacker rolls at most 3 dice"),
        (["--defend-reroll-until", "3"], "the defender rolls at most 2 dice"),
    ],
)
def test_more_modified_dice_than_a_side_rolls_are_refused(given: list[str], said: str) -> None:
    """`--attack-d8 100000` answered with `--attack-d8 3`'s odds, silently capped."""
    result = runner.invoke(app, ["odds", "10", "5", *given])
    assert result.exit_code == 2 and said in result.output, result.output


def test_as_many_modified_dice_as_a_side_rolls_are_taken() -> None:
    every = runner.invoke(app, ["odds", "10", "5", "--attack-d8", "3", "--defend-plus", "2"])
    assert every.exit_code == 0, every.output
