"""The commands' edges a user reaches: output sent to a file or a pipe, bad arguments found
before the work, damaged files and flags that do not go together, each a one-line error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from warroom.cli.main import app
from warroom.cli.odds import GAME_ODDS
from warroom.games import CATALOG

runner = CliRunner()


def test_output_to_a_pipe_is_not_wrapped_at_80_columns() -> None:
    """Rich wraps output that is not a terminal at 80 columns: a Markdown table's header cut in
    two, a line of odds split, a wide grid refused as "does not fit this terminal"."""
    odds = runner.invoke(app, ["odds", "10", "5"], env={"COLUMNS": None})
    assert odds.exit_code == 0, odds.output
    first = next(line for line in odds.output.splitlines() if line.startswith("first roll"))
    assert "(0, 2)" in first and "(2, 0)" in first
    grid = runner.invoke(app, ["odds", "--table", "12x12"], env={"COLUMNS": None})
    assert grid.exit_code == 0, grid.output
    ladder = runner.invoke(
        app,
        ["ladder", "risk-classic", "--games", "2", "--tiers", "random,greedy", "--seed", "0"],
        env={"COLUMNS": None},
    )
    assert ladder.exit_code == 0, ladder.output
    header = next(line for line in ladder.output.splitlines() if line.startswith("| stronger"))
    assert header.endswith("| mean turns | wall time |")


def test_train_refuses_bad_arguments_before_it_trains(tmp_path: Path) -> None:
    """Checked after the training, a bad value lost the whole run (15 minutes by default):
    a division by zero after it with no games to measure, a weights file numpy renamed."""
    cases = [
        (["--minutes", "0"], "--minutes must be more than 0"),
        (["--minutes", "-5"], "--minutes must be more than 0"),
        (["--eval-games", "0"], "--eval-games"),
        (["--out", str(tmp_path / "w.txt")], "ending in .npz, not 'w.txt'"),
        (["--out", str(tmp_path / "file" / "w.npz")], "cannot write"),
        # the learning environment's own options: the measuring games refused them after
        (["--option", "max_steps=100"], "has no option 'max_steps'"),
        (["--option", "reward=share"], "has no option 'reward'"),
        # named as bad values where the learning libraries are missing too, not as "torch"
        (["--players", "9"], "is for 2 to 5 players, not 9"),
        (["--opponent", "nosuch"], "no bot tier 'nosuch'"),
    ]
    (tmp_path / "file").write_text("a file, not a folder")
    for args, message in cases:
        # in a folder not made yet: a refused run made it, and left it behind
        out = tmp_path / "new" / "sub" / "w.npz"
        given = ["train", "risk-classic", "--out", str(out), *args]
        result = runner.invoke(app, given)
        assert result.exit_code == 2 and message in result.output, (args, result.output)
        assert result.exception is None or isinstance(result.exception, SystemExit)
        assert not (tmp_path / "new").exists() or "--out" in args, args
    assert not list(tmp_path.glob("*.npz"))


def test_simulate_refuses_more_games_than_it_can_keep_before_playing_any() -> None:
    """Every result is kept for the report; 10**20 games filled the memory (2.6 GB in 20 s)
    listing the batches before the first game."""
    for command in (["simulate", "risk-classic"], ["ladder", "risk-classic"]):
        result = runner.invoke(app, [*command, "-n", str(10**20), "--workers", "1"])
        assert result.exit_code == 2, result.output
        assert "at most 1,000,000 games a run" in result.output


def test_a_game_of_bots_alone_in_the_terminal_ends() -> None:
    """Random bots never conquer the world: `play --humans 0 --bots random` ran for ever (turn
    218,639 after five minutes); with no person at it, the simulations' turn cap applies
    unless a turn limit is given."""
    given = ["play", "risk-classic", "--humans", "0", "--bots", "random", "--seed", "3"]
    result = runner.invoke(app, given, input="")
    assert result.exit_code == 0, result.output
    assert "turn limit of 300 turns" in result.output
    limited = runner.invoke(app, [*given, "--option", "turn_limit=20"], input="")
    assert "turn limit of 20 turns" in limited.output
    assert "it may never end" not in limited.output


def test_bots_alone_in_a_game_with_no_turn_limit_are_said_to_be_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A save of a game with no turn limit (or one asked for with none) cannot be given the
    cap: the terminal says the bots may never end it, and how to stop them."""
    from warroom.cli.play import Terminal

    monkeypatch.setattr(Terminal, "run", lambda self: None)  # the note, not the endless game
    given = ["play", "--humans", "0", "--bots", "random", "--option", "turn_limit=0"]
    result = runner.invoke(app, given)
    assert result.exit_code == 0 and "it may never end; Ctrl-C stops" in result.output


def test_load_refuses_what_the_save_already_says(tmp_path: Path) -> None:
    """`play mcu-guardians --players 2 --option foo=bar --load x.json` resumed the saved game
    of Classic RISK, silently dropping the mode, the count and even an unknown option."""
    save = tmp_path / "game.json"
    made = runner.invoke(app, ["play", "--seed", "1"], input=f"save {save}\nquit\ny\n")
    assert made.exit_code == 0 and save.exists(), made.output
    given = ["play", "mcu-guardians", "--players", "2", "--option", "foo=bar", "--load", str(save)]
    refused = runner.invoke(app, given)
    assert refused.exit_code == 2
    assert "leave out MODE, --players, --option" in refused.output, refused.output
    resumed = runner.invoke(app, ["play", "--load", str(save), "--humans", "1"], input="quit\ny\n")
    assert resumed.exit_code == 0 and "Left the game" in resumed.output, resumed.output


def test_ladder_data_says_which_cell_of_a_damaged_doc_is_wrong(tmp_path: Path) -> None:
    """The errors were Python's ("not enough values to unpack", "invalid literal for int()
    with base 10", a pydantic dump with its web address), a picture given by mistake was a
    traceback, and the record's `doc` was the path as typed."""
    docs = Path(__file__).parents[2] / "docs"
    good = (docs / "ladder-monopoly.md").read_text()
    row = "| greedy | random | 200 | 1 | 197 | 0.985 | [0.957, 0.995] | yes | 140.0 | 0 s |"
    assert row in good
    mine = tmp_path / "ladder.md"
    out = tmp_path / "ladder.json"
    for damaged, message in (
        (good.replace("[0.957, 0.995]", "[0.957]"), "table row 1: the interval '[0.957]'"),
        (good.replace("--seed 0", "--seed zz"), "--seed 'zz' is not a whole number"),
        (good.replace("| 0.985 |", "| high |"), "table row 1: win rate 'high' is not a number"),
        (good.replace("| 0.985 |", "| 1.700 |"), "table row 1: win_rate: Input should be less"),
        # accepted before: a row twice, a tier against itself, fewer than no turns; and our
        # own checks' words came with pydantic's "Value error, " and an empty place
        (good.replace(row, f"{row}\n{row}"), "pairing greedy vs random: given twice"),
        (good.replace("| greedy | random |", "| random | random |"), "random vs itself"),
        (good.replace("| 140.0 |", "| -3.0 |"), "mean_turns: Input should be greater"),
    ):
        mine.write_text(damaged)
        result = runner.invoke(app, ["ladder-data", str(mine), "--out", str(out)])
        assert result.exit_code == 2, result.output
        said = " ".join(result.output.split())
        assert message in said and "errors.pydantic.dev" not in said, said
        assert "Value error" not in said and ": :" not in said, said
        assert "Traceback" not in said and "unpack" not in said and "literal" not in said
    mine.write_bytes(b"\x89PNG\r\n\x1a\n")
    picture = runner.invoke(app, ["ladder-data", str(mine), "--out", str(out)])
    assert picture.exit_code == 2 and "not UTF-8 text" in picture.output
    typed = runner.invoke(app, ["ladder-data", str(docs / "ladder-monopoly.md"), "--out", str(out)])
    assert typed.exit_code == 0, typed.output
    assert json.loads(out.read_text())["doc"] == "docs/ladder-monopoly.md"


def test_odds_says_why_a_count_or_a_flag_is_refused() -> None:
    """'odds -3 5' was Typer's "No such option: -3"; flags that do not apply to what was asked
    (a --table with --godswar, --harbinger with a defender's preset or --stop) were dropped
    without a word, the answer the plain battle's."""
    for args, message in (
        (["-3", "5"], "the attacking territory holds at least 1 army"),
        (["3", "-2"], "the defending territory holds at least 1 army"),
        (["--bogus", "3", "2"], "no such option: --bogus"),
        (["3", "2", "4"], "'4' is one count too many"),
        (["x", "2"], "'x' is not a whole number"),
        # a game or a preset where a count belongs: how that game's odds are asked
        (["risk-strike", "3", "2"], "is a game, not a count: its odds are warroom odds CARDS"),
        (["godstorm-war", "3", "2"], "'godstorm-war' is a preset, not a count: write it as --"),
        (["--table", "5x5", "--godswar"], "--table is the army battle's grid"),
        (["--table", "5x5", "--harbinger"], "--table is the army battle's grid"),
        (["5", "--harbinger", "--preset", "godstorm-temple"], "no defender's dice"),
        (["5", "--harbinger", "--stop", "3"], "takes no --stop"),
        (["5", "--harbinger", "--defend-d8", "2"], "no defender's dice"),
        (["8", "6", "--godswar", "--stop", "3"], "it takes no --stop"),
        # a dice-matching card takes nothing of a battle, each named as typed
        (["--match", "--row", "7", "--stop", "3"], "not a battle: it takes no --stop"),
        (["--match", "--row", "7", "--ties-to-attacker", "--attack-d8", "1"], "--attack-d8"),
        (["--match", "--row", "7", "--attack-gods", "war"], "it takes no --attack-gods"),
        (["3", "2", "--match", "--row", "7"], "it takes no ATTACKERS, DEFENDERS"),
    ):
        result = runner.invoke(app, ["odds", *args])
        said = " ".join(result.output.split())
        assert result.exit_code == 2 and message in said, (args, said)
    assert (
        "P(Harbinger destroyed) = 1/216" in runner.invoke(app, ["odds", "5", "--harbinger"]).output
    )
    matched = runner.invoke(app, ["odds", "--match", "--row", "7", "--d6", "5", "--json"])
    assert matched.exit_code == 0 and '"match"' in matched.output  # its own options are its
    assert set(GAME_ODDS) == {info.id for info in CATALOG}  # every game's, and no other


def test_a_board_named_by_map_and_by_option_is_refused() -> None:
    """`--map ancient-earth --option map=classic-world` started on Ancient Earth, the option
    dropped without a word."""
    args = ["play", "--map", "ancient-earth", "--option", "map=classic-world", "--humans", "0"]
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and "--map and --option map= both" in result.output


def test_a_ladder_never_writes_one_file_over_another_it_writes_or_reads(tmp_path: Path) -> None:
    """`ladder-data doc.md --out doc.md` replaced the Markdown with JSON, and `ladder --out
    same --data same` wrote the JSON over the Markdown it had just written."""
    docs = Path(__file__).parents[2] / "docs"
    doc = tmp_path / "ladder-monopoly.md"
    doc.write_text((docs / "ladder-monopoly.md").read_text())
    before = doc.read_text()
    same = runner.invoke(app, ["ladder-data", str(doc), "--out", str(tmp_path / "." / doc.name)])
    assert same.exit_code == 2 and "is the doc itself" in same.output
    assert doc.read_text() == before
    both = tmp_path / "both.md"
    args = ["ladder", "risk-classic", "-n", "1", "--tiers", "random,greedy"]
    result = runner.invoke(app, [*args, "--out", str(both), "--data", str(both)])
    assert result.exit_code == 2 and "--out and --data both name" in result.output
    assert not both.exists()
