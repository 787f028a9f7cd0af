"""The `warroom` command as a user types it."""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import typer.main
from rich.console import Console
from typer.testing import CliRunner

from warroom.cli.common import fail
from warroom.cli.main import app
from warroom.cli.play import Terminal
from warroom.core import Match

runner = CliRunner()


def test_games_lists_modes_with_ids_and_player_counts() -> None:
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0
    modes = {m["id"]: m for m in json.loads(result.output)}
    assert modes["risk-classic"]["min_players"] == 2 and modes["risk-classic"]["max_players"] == 5
    assert "map" in modes["risk-classic"]["options"]
    table = runner.invoke(app, ["games"])
    assert "risk-classic" in table.output
    assert "--option scanning=false" in table.output  # as typed, not Python's False


def test_games_lists_each_mode_s_bot_tiers_with_their_measured_strength() -> None:
    table = runner.invoke(app, ["games"]).output
    classic = table[table.index("risk-classic ") :].split("risk-godstorm ")[0]
    assert classic.endswith(
        "    bots, weakest first:\n"
        "      random     weakest\n"
        "      learned    beats random 67% of games\n"
        "      greedy     beats learned 100% of games\n"
        "      mcts       strongest: beats greedy 68% of games (as mcts:50)\n"
    )
    modes = {m["id"]: m for m in json.loads(runner.invoke(app, ["games", "--json"]).output)}
    gaw = [(b["tier"], b["summary"]) for b in modes["mass-effect-galaxy-at-war"]["bots"]]
    assert gaw[1] == ("greedy", "beats random 97% of games")


def test_board_check_accepts_good_and_explains_bad(tmp_path: Path) -> None:
    good = Path(__file__).parents[2] / "src/warroom/data/boards/classic-world.json"
    ok = runner.invoke(app, ["board", "check", str(good)])
    assert ok.exit_code == 0 and "42 territories" in ok.output
    data = json.loads(good.read_text())
    del data["territories"]["Peru"]["connections"]["Brazil"]
    bad = tmp_path / "mine.json"
    bad.write_text(json.dumps(data))
    result = runner.invoke(app, ["board", "check", str(bad)])
    assert result.exit_code == 2
    assert "one-way connection" in result.output and "Traceback" not in result.output
    bad.write_text("{not json")
    assert "not valid JSON" in runner.invoke(app, ["board", "check", str(bad)]).output


def test_a_file_of_another_kind_is_one_line_about_its_format(tmp_path: Path) -> None:
    """A ladder's table (no format) checked as a board, or an MCU board given as a map,
    was some twenty lines of missing fields: it is one line on the format now."""
    data = Path(__file__).parents[2] / "src/warroom/data"
    ladder = runner.invoke(app, ["board", "check", str(data / "ladders/risk-classic.json")])
    assert ladder.exit_code == 2 and "no 'format' field: not a warroom data file" in ladder.output
    assert "warroom-board, warroom-monopoly-board" in ladder.output
    assert "Field required" not in ladder.output
    odd = tmp_path / "odd.json"
    odd.write_text(json.dumps({"format": "warroom-chess", "version": 1}))
    said = runner.invoke(app, ["board", "check", str(odd)]).output
    assert "format 'warroom-chess' is unknown: not a warroom data file" in said
    manhattan = data / "mcu/manhattan.json"
    run = runner.invoke(app, ["simulate", "risk-classic", "-n", "1", "-o", f"map={manhattan}"])
    assert run.exit_code != 0
    assert "format: must be 'warroom-board', not 'warroom-mcu-board'" in run.output
    assert "Field required" not in run.output and "Extra inputs" not in run.output


def test_files_that_are_not_plain_json_get_a_clear_error_not_a_traceback(tmp_path: Path) -> None:
    good = (Path(__file__).parents[2] / "src/warroom/data/boards/classic-world.json").read_text()
    save = (Path(__file__).parents[2] / "tests/fixtures/save-v2.json").read_text()
    mine = tmp_path / "mine.json"
    for content, problem in (
        (good.encode("utf-16"), "not UTF-8 text (byte 0)"),
        (good.replace("Brazil", "Brésil").encode("latin-1"), "not UTF-8 text"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (b'{"format": "warroom-board", "format": "warroom-board"}', "'format' is given twice"),
        # Python converts at most 4,300 digits, and said so naming `sys`, in a traceback
        (good.replace('"wild_cards": 2', '"wild_cards": ' + "9" * 5001).encode(), "5001 digits"),
    ):
        mine.write_bytes(content)
        for args in (["board", "check", str(mine)], ["play", "--load", str(mine)]):
            result = runner.invoke(app, args, env={"COLUMNS": "200"})
            assert result.exit_code == 2 and "Traceback" not in result.output, result.output
            assert f"error: {mine}: " in result.output and problem in result.output, result.output
    # A byte-order mark, as Windows editors write, is no problem.
    mine.write_bytes(b"\xef\xbb\xbf" + good.encode())
    assert runner.invoke(app, ["board", "check", str(mine)]).exit_code == 0
    mine.write_bytes(b"\xef\xbb\xbf" + save.encode())
    assert runner.invoke(app, ["play", "--load", str(mine), "--humans", "0"]).exit_code == 0


def test_a_file_too_large_for_any_board_or_save_is_refused_unread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`play --load /dev/zero` read for ever (a MemoryError's traceback under a limit), and a
    300 MB save took 650 MB before its refusal: a file is read only up to the largest any
    board or save could be (made small here)."""
    import warroom.data

    monkeypatch.setattr(warroom.data, "MOST_BYTES", 1000)
    big = tmp_path / "big.json"
    big.write_text(" " * 1001 + "{}")
    for args in (["board", "check", str(big)], ["play", "--load", str(big)]):
        result = runner.invoke(app, args, env={"COLUMNS": "200"})
        assert result.exit_code == 2 and f"error: {big}: larger than" in result.output
    zero = runner.invoke(app, ["play", "--load", "/dev/zero"], env={"COLUMNS": "200"})
    assert zero.exit_code == 2 and "error: /dev/zero: larger than" in zero.output


def test_a_damaged_save_is_refused_naming_the_file(tmp_path: Path) -> None:
    data = json.loads((Path(__file__).parents[2] / "tests/fixtures/save-v2.json").read_text())
    mine = tmp_path / "mine.json"
    for key, value, problem in (
        ("players", "3", "save field 'players' is missing or not a whole number"),
        (
            "record",
            [[2, "place Nowhere 1"]],
            "record entry 1 ('place Nowhere 1' by seat 2 (Player 3))",
        ),
        ("format", "warroom-board", "not a warroom save"),
        # a seed the generator does not read was another seed's game: its record then failed
        ("seed", -5, "a splitmix64 seed is a whole number in [0, 2**64)"),
        ("seed", 2**300, "a splitmix64 seed is a whole number in [0, 2**64)"),
        # a misspelled field was dropped without a word
        ("sead", 5, "unknown save field 'sead' (a version 2 save holds format, version, mode"),
    ):
        damaged = {**data, key: value}
        if key == "seed":
            damaged["generator"] = "splitmix64"
        mine.write_text(json.dumps(damaged))
        result = runner.invoke(app, ["play", "--load", str(mine)], env={"COLUMNS": "200"})
        assert result.exit_code == 2 and "Traceback" not in result.output
        assert f"error: {mine}: " in result.output and problem in result.output, result.output


def test_board_check_refuses_values_of_the_wrong_type(tmp_path: Path) -> None:
    """`true` or `"5"` where a number belongs is refused, not read as 1 or 5."""
    data = Path(__file__).parents[2] / "src/warroom/data"
    board = json.loads((data / "boards/classic-world.json").read_text())
    charts = json.loads((data / "mcu/charts.json").read_text())
    mine = tmp_path / "mine.json"
    for changed, where, problem in (
        ({**board, "version": True}, "version", "valid integer"),
        ({**board, "wild_cards": "2"}, "wild_cards", "valid integer"),
        (
            {**charts, "recruitment": {**charts["recruitment"], "min_symbols": 2.0}},
            "recruitment.min_symbols",
            "valid integer",
        ),
    ):
        mine.write_text(json.dumps(changed))
        result = runner.invoke(app, ["board", "check", str(mine)], env={"COLUMNS": "200"})
        assert result.exit_code == 2, (where, result.output)
        assert f"{mine}: {where}: Input should be a {problem}" in result.output, result.output
    board["territories"]["Peru"]["xy"] = [True, 3]
    mine.write_text(json.dumps(board))
    result = runner.invoke(app, ["board", "check", str(mine)], env={"COLUMNS": "200"})
    assert "territories.Peru.xy.0: Input should be a valid number" in result.output


def test_board_check_refuses_numbers_too_large_to_play(tmp_path: Path) -> None:
    """A bonus of 10**30 armies was accepted and then crashed games; a chart's max_symbols of
    10**30 ran the check itself out of memory."""
    data = Path(__file__).parents[2] / "src/warroom/data"
    board = json.loads((data / "boards/classic-world.json").read_text())
    charts = json.loads((data / "mcu/charts.json").read_text())
    huge = 10**30
    mine = tmp_path / "mine.json"
    for changed, where, problem in (
        (
            {**board, "regions": {**board["regions"], "Asia": {"bonus": huge}}},
            "regions.Asia.bonus",
            "Input should be less than or equal to 100",
        ),
        ({**board, "wild_cards": huge}, "wild_cards", "Input should be less than or equal to 100"),
        (
            {**charts, "recruitment": {**charts["recruitment"], "max_symbols": huge}},
            "recruitment.max_symbols",
            "[Reinforcement]: at most 10 symbols a turn",
        ),
    ):
        mine.write_text(json.dumps(changed))
        result = runner.invoke(app, ["board", "check", str(mine)], env={"COLUMNS": "200"})
        assert result.exit_code == 2 and "Traceback" not in result.output, result.output
        assert f"{mine}: {where}: {problem}" in result.output, result.output


def test_board_check_validates_aliases(tmp_path: Path) -> None:
    """Former spellings (`aliases`) are part of the board format: checked, not refused."""
    shipped = Path(__file__).parents[2] / "src/warroom/data/boards/ancient-earth.json"
    ok = runner.invoke(app, ["board", "check", str(shipped)])
    assert ok.exit_code == 0 and "42 territories" in ok.output
    data = json.loads(shipped.read_text())
    data["territories"]["Sarmatia"]["aliases"] = ["Sarmathia", "gaitulia"]
    bad = tmp_path / "mine.json"
    bad.write_text(json.dumps(data))
    result = runner.invoke(app, ["board", "check", str(bad)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "territories.Sarmatia.aliases: 'gaitulia' is already an alias of Gaetulia" in (
        " ".join(result.output.split())
    )


def _play(args: list[str], keys: str) -> str:
    result = runner.invoke(app, ["play", *args], input=keys)
    assert result.exit_code == 0, result.output
    return result.output


def test_a_whole_game_can_be_played_to_its_end() -> None:
    out = _play(
        ["--players", "2", "--seed", "3", "--option", "turn_limit=6", "--option", "setup=deal"],
        "auto 5000\n" * 20,
    )
    assert "Game over" in out


def test_an_option_the_rules_set_aside_for_two_players_is_said_to_be_unused() -> None:
    """2-Player Setup deals the territory cards: a typed setup=claim is said to go unused, and
    only where it was typed and differs (3 players claim; a 2-player default says nothing)."""
    note = "(2-player games play setup=deal: setup=claim is not used)"
    assert note in _play(["--players", "2", "--seed", "3", "--option", "setup=claim"], "quit\n")
    assert "not used" not in _play(["--players", "2", "--seed", "3"], "quit\n")
    assert "not used" not in _play(
        ["--players", "3", "--seed", "3", "--option", "setup=claim"], "quit\n"
    )


def test_monopoly_in_the_terminal_shows_money_and_heroes() -> None:
    out = _play(
        ["monopoly-avengers", "--players", "3", "--seed", "2", "--option", "turn_limit=8"],
        "auto 3000\nboard\n" * 3,
    )
    assert "net worth" in out and "Drafted heroes" in out and "Game over" in out


def test_refusal_odds_save_and_load(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    keys = (
        "\n".join(
            [
                "help",
                "place Nowhere 1",
                "auto 200",
                "board",
                "log",
                "odds 10 4",
                f"save {save}",
                "quit",
            ]
        )
        + "\n"
    )
    out = _play(
        ["--players", "3", "--seed", "8", "--bots", "random", "--option", "setup=deal"], keys
    )
    assert "Refused:" in out and "there is no 'Nowhere'" in out
    assert "chance to capture" in out
    assert json.loads(save.read_text())["mode"] == "risk-classic"
    out = _play(["--load", str(save)], f"actions\nsave {save}\nquit\n")
    assert "Player 1 |" in out
    # the file it came from: written back without asking (the path may wrap: a long tmp path)
    assert "Saved to" in out and "Not saved" not in out


def test_a_seeded_game_resumed_from_its_save_plays_on_as_before(tmp_path: Path) -> None:
    """A game begun with --seed is one you can repeat, and so is its save: resumed twice at
    the same point, its bots play the same moves (they used to get fresh seeds each time)."""
    match = Match.start("risk-classic", 3, 8, {"setup": "deal", "turn_limit": 4})
    for _ in range(40):
        seat = match.to_move()[0]
        match.act(seat, match.legal(seat)[0])
    save = tmp_path / "seeded.json"
    save.write_text(json.dumps(match.to_save()))
    resumed = [_play(["--load", str(save), "--humans", "0", "--bots", "random"], "") for _ in "ab"]
    assert "wins" in resumed[0] or "turn limit" in resumed[0], resumed[0][-400:]
    assert resumed[0] == resumed[1]


def test_undo_own_decision_and_fill_in_the_largest_number() -> None:
    match = Match.start("risk-classic", 2, 12, {})
    seat = match.to_move()[0]
    mine = next(t["name"] for t in match.view(seat)["territories"] if t["seat"] == seat)
    script = iter([f"place {mine!r} 1", "undo", "undo", f"place {mine!r}"])

    def read(prompt: str) -> str:
        return next(script)  # StopIteration ends the session like end of input

    console = Console(record=True, width=100)
    term = Terminal(match, {0, 1}, {}, console, lambda p: _eof_after(read, p))
    term.run()
    out = console.export_text()
    assert f"Undone: place {mine} 1" in out.replace("'", "")
    assert "Refused: cannot undo: nothing has been decided yet" in out
    assert match.view(None)["territories"][match.state.board.territory(mine)]["armies"] == 3


def _eof_after(read: Callable[[str], str], prompt: str) -> str:
    try:
        return read(prompt)
    except StopIteration:
        raise EOFError from None


def test_bad_command_line_is_one_clear_line() -> None:
    for args in (
        ["play", "chess"],
        ["play", "--players", "9"],
        ["play", "--option", "x"],
        ["play", "--map", "mars"],
    ):
        result = runner.invoke(app, args, input="quit\n")
        assert result.exit_code == 2, args
        assert "error:" in result.output and "Traceback" not in result.output


def test_an_error_keeps_its_brackets(capsys: pytest.CaptureFixture[str]) -> None:
    # Rich read '[ray]' as markup and printed: pip install 'warroom'
    fail("the ray backend needs Ray: pip install 'warroom[ray]'")
    assert "pip install 'warroom[ray]'" in capsys.readouterr().err


def test_board_check_reports_every_problem_positions_and_monopoly(tmp_path: Path) -> None:
    shipped = Path(__file__).parents[2] / "src/warroom/data"
    data = json.loads((shipped / "boards/classic-world.json").read_text())
    del data["territories"]["Peru"]["connections"]["Brazil"]
    data["territories"]["Egypt"]["connections"]["Atlantis"] = "land"
    data["territories"]["Alaska"]["xy"] = [1200, 50]
    data["territories"]["Japan"]["xy"] = data["territories"]["Kamchatka"]["xy"]
    data["regions"]["Asia"]["bonus"] = -1
    data["wild_cards"] = "two"
    bad = tmp_path / "mine.json"
    bad.write_text(json.dumps(data))
    out = " ".join(runner.invoke(app, ["board", "check", str(bad)]).output.split())
    assert "regions.Asia.bonus" in out and "wild_cards" in out  # both structure problems
    data["regions"]["Asia"]["bonus"], data["wild_cards"] = 7, 2
    bad.write_text(json.dumps(data))
    out = " ".join(runner.invoke(app, ["board", "check", str(bad)]).output.split())
    assert "one-way connection" in out and "unknown territory 'Atlantis'" in out
    assert "Alaska.xy: (1200, 50) is off the board" in out
    assert (
        "Japan.xy: the same position as Kamchatka" in out
        or "Kamchatka.xy: the same position as Japan" in out
    )
    mono = runner.invoke(app, ["board", "check", str(shipped / "monopoly/avengers.json")])
    assert mono.exit_code == 0 and "40 spaces" in mono.output


def test_board_check_lists_region_card_alias_and_reach_problems_together(tmp_path: Path) -> None:
    shipped = Path(__file__).parents[2] / "src/warroom/data/boards/ancient-earth.json"
    data = json.loads(shipped.read_text())
    first, second, third = list(data["territories"])[:3]
    data["territories"][first]["region"] = "Lemuria"
    data["territories"][second]["card"] = "dragon"
    data["territories"][third]["aliases"] = [second.upper()]
    island = data["territories"].pop(list(data["territories"])[-1])
    island["connections"] = {}
    data["territories"]["Island"] = island
    for territory in data["territories"].values():
        territory["connections"] = {
            name: kind
            for name, kind in territory["connections"].items()
            if name in data["territories"]
        }
    bad = tmp_path / "mine.json"
    bad.write_text(json.dumps(data))
    result = runner.invoke(app, ["board", "check", str(bad)])
    out = " ".join(result.output.split())
    assert result.exit_code == 2 and "Traceback" not in out
    assert f"territories.{first}.region: unknown region 'Lemuria'" in out
    assert f"territories.{second}.card: unknown card design 'dragon'" in out
    assert f"territories.{third}.aliases: {second.upper()!r} is already the name of {second}" in out
    assert "unreachable from" in out and "Island" in out


def _small_board(path: Path) -> Path:
    """A five-territory map of two regions, as a user might transcribe one."""

    def territory(region: str, xy: list[int], *links: str) -> dict[str, object]:
        return {"region": region, "xy": xy, "connections": dict.fromkeys(links, "land")}

    board = {
        "format": "warroom-board",
        "version": 1,
        "id": "pocket",
        "name": "Pocket World",
        "provenance": {"sources": ["drawn for this test"]},
        "connection_kinds": {"land": "shared border"},
        "card_designs": ["infantry"],
        "wild_cards": 2,
        "regions": {
            "North": {"bonus": 2, "color": "#884444"},
            "South": {"bonus": 1, "color": "#448844"},
        },
        "territories": {
            "Alba": territory("North", [100, 100], "Brig", "Cora"),
            "Brig": territory("North", [300, 100], "Alba", "Dun"),
            "Cora": territory("South", [100, 300], "Alba", "Dun", "Eske"),
            "Dun": territory("South", [300, 300], "Brig", "Cora"),
            "Eske": territory("South", [200, 450], "Cora"),
        },
    }
    path.write_text(json.dumps(board))
    return path


def test_a_checked_board_file_can_be_played_saved_and_loaded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    board = _small_board(tmp_path / "pocket.json")
    check = runner.invoke(app, ["board", "check", "pocket.json"])
    assert check.exit_code == 0 and "5 territories" in check.output, check.output
    out = _play(
        [
            "--players",
            "2",
            "--humans",
            "0",
            "--seed",
            "4",
            "--map",
            "pocket.json",
            "--option",
            "turn_limit=3",
        ],
        "",
    )
    assert "Eske" in out and "Alba" in out
    match = Match.start("risk-classic", 2, 4, {"map": str(board)})
    assert match.state.board.name == "Pocket World"
    loaded = Match.from_save(json.loads(json.dumps(match.to_save())))
    assert loaded.view(None) == match.view(None)
    missing = runner.invoke(app, ["play", "--map", "nowhere.json", "--humans", "0"])
    assert missing.exit_code == 2 and "nowhere.json" in missing.output


def _commands() -> list[tuple[str, Any]]:
    """Every command and group under `warroom`, with its words on the command line."""
    found: list[tuple[str, Any]] = []

    def walk(command: Any, words: str) -> None:
        found.append((words, command))
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, f"{words} {name}".strip())

    walk(typer.main.get_command(app), "")
    return found


def test_help_paragraphs_flow_instead_of_keeping_docstring_line_breaks() -> None:
    # Typer's Rich mode keeps a paragraph's line breaks, the first paragraph's in the command
    # list too, so a wrapped docstring shows up broken into short lines.
    for words, command in _commands():
        first, *rest = inspect.cleandoc(command.help or "").split("\n\n")
        assert "\n" not in first, words
        for paragraph in rest:
            lines = paragraph.splitlines()
            # A list (a heading, then one example a line) keeps its breaks on purpose.
            assert len(lines) == 1 or lines[0].endswith(":"), (words, paragraph)


def test_every_argument_and_option_says_what_it_is() -> None:
    for words, command in _commands():
        for param in command.params:
            assert param.help, (words, param.name)


def test_help_lines_are_whole_at_80_columns() -> None:
    listing = runner.invoke(app, ["board", "--help"], env={"COLUMNS": "80"}).output
    assert "check  Validate a data file, for example one transcribed from your own copy" in listing
    examples = runner.invoke(app, ["odds", "--help"], env={"COLUMNS": "80"}).output
    odds = dict(_commands())["odds"]
    for line in inspect.cleandoc(odds.help).splitlines():
        if line.startswith("`warroom"):
            assert f" {line} " in examples, line


DATA = Path(__file__).parents[2] / "src/warroom/data"
# Every shipped data file with a provenance (the ladders are results, not component data).
SHIPPED = sorted(p for p in DATA.rglob("*.json") if p.parent.name != "ladders")


def _first_source(data: Any, path: tuple[str | int, ...] = ()) -> tuple[str | int, ...] | None:
    """The path of the first item-level `{"kind", "source"}` entry of a data file, if any."""
    if isinstance(data, dict):
        if set(data) == {"kind", "source"}:
            return path
        items: Any = data.items()
    elif isinstance(data, list):
        items = enumerate(data)
    else:
        return None
    for key, value in items:
        found = _first_source(value, (*path, key))
        if found is not None:
            return found
    return None


@pytest.mark.parametrize("shipped", SHIPPED, ids=lambda p: str(p.relative_to(DATA)))
def test_board_check_refuses_an_empty_provenance(shipped: Path, tmp_path: Path) -> None:
    """Every shipped file says where its data came from: a temp copy whose provenance (the
    file's sources, or one item's source) is empty or blank is refused, naming the file and
    the field."""
    data = json.loads(shipped.read_text())
    mine = tmp_path / shipped.name
    item = _first_source(data)
    cases: list[tuple[Any, str]] = [
        ({**data, "provenance": ""}, "provenance"),
        ({**data, "provenance": []}, "provenance"),
        ({**data, "provenance": {}}, "provenance.sources"),
        ({**data, "provenance": {**data["provenance"], "sources": []}}, "provenance.sources"),
        ({**data, "provenance": {**data["provenance"], "sources": [" "]}}, "provenance.sources.0"),
    ]
    if item is not None:
        source = [*item, "source"]
        cases.append((_replaced(data, source, " \t"), ".".join(map(str, source))))
    for changed, field in cases:
        said = _refused(mine, json.dumps(changed))
        assert f"{mine}: {field}: " in said, (field, said)
    assert runner.invoke(app, ["board", "check", str(shipped)]).exit_code == 0


def _first_key(data: Any, keys: set[str], path: tuple[str | int, ...] = ()) -> list[str | int]:
    """The path of the first entry named one of `keys` in a data file, or [] if none."""
    items: Any = data.items() if isinstance(data, dict) else enumerate(data)
    for key, value in items:
        if key in keys:
            return [*path, key]
        if isinstance(value, dict | list):
            found = _first_key(value, keys, (*path, key))
            if found:
                return found
    return []


def _shown(path: list[str | int]) -> str:
    """An entry as a refusal names it: a map inside a file (MCU's, Mass Effect's) is checked
    as a board of its own, its entries after 'map: '."""
    if path[0] == "map":
        return "map: " + ".".join(map(str, path[1:]))
    return ".".join(map(str, path))


def _refused(mine: Path, text: str) -> str:
    """`board check` of `text` written to `mine`: refused (exit status 2); what it said."""
    mine.write_text(text)
    result = runner.invoke(app, ["board", "check", str(mine)], env={"COLUMNS": "300"})
    assert result.exit_code == 2, result.output
    return result.output


def _replaced(data: Any, path: list[str | int], value: Any) -> Any:
    """A copy of `data` with the entry at `path` set to `value`."""
    changed = json.loads(json.dumps(data))
    entry = changed
    for key in path[:-1]:
        entry = entry[key]
    entry[path[-1]] = value
    return changed


@pytest.mark.parametrize("shipped", SHIPPED, ids=lambda p: str(p.relative_to(DATA)))
def test_board_check_refuses_an_empty_name_and_a_colour_that_is_none(
    shipped: Path, tmp_path: Path
) -> None:
    """Every kind of data file: an empty or blank name (the file's own, and the first a
    player reads inside it) and a colour that is not one ('notacolor') were accepted; they
    are refused, naming the file, the field and the item."""
    data = json.loads(shipped.read_text())
    mine = tmp_path / shipped.name
    cases: list[tuple[Any, str]] = [
        (_replaced(data, ["name"], ""), "name: empty: give it a name"),
        (_replaced(data, ["name"], "  "), "name: empty: give it a name"),
    ]
    inner = _first_key({k: v for k, v in data.items() if k != "name"}, {"name"})
    if inner:
        cases.append((_replaced(data, inner, " "), f"{_shown(inner)}: empty: give it a name"))
    colour = _first_key(data, {"color", "colour"})
    if colour:
        for wrong in ("notacolor", "", "#12345", "light  blue"):
            said = f"{_shown(colour)}: {wrong!r} is not a colour: give #rrggbb, #rgb or a"
            cases.append((_replaced(data, colour, wrong), said))
    for changed, said in cases:
        shown = _refused(mine, json.dumps(changed))
        assert f"error: {mine}: {said}" in shown, (said, shown)
    assert runner.invoke(app, ["board", "check", str(shipped)]).exit_code == 0


def test_board_check_refuses_a_territory_or_region_without_a_name(tmp_path: Path) -> None:
    """A territory or a region named "" or " " was a place nobody could name in an action."""
    text = (DATA / "boards/classic-world.json").read_text()
    mine = tmp_path / "mine.json"
    for renamed, said in (
        (('"Ural"', '""'), "territories: key '': empty: give it a name"),
        (('"Australia"', '" "'), "regions: key ' ': empty: give it a name"),
    ):
        shown = _refused(mine, text.replace(*renamed))
        assert f"error: {mine}: {said}" in shown, shown


@pytest.mark.parametrize(
    ("shipped", "change", "said"),
    [
        # a RISK map's connections are an object's keys: a repeated one is a repeated key
        (
            "boards/classic-world.json",
            ('"Alberta": "land"', '"Alberta": "land", "Alberta": "land"'),
            "key 'Alberta' is given twice in one object",
        ),
        (
            "strike/risk-strike.json",
            ('"adjacent": [', '"adjacent": ["europe", '),
            "continents.0.adjacent: 'europe' is listed twice",
        ),
        (
            "mcu/manhattan.json",
            ('"links": [', '"links": [["Helicarrier_Bridge", "Helicarrier_Access"], '),
            "helicarrier.links: ('Helicarrier_Access', 'Helicarrier_Bridge') is listed twice",
        ),
    ],
)
def test_board_check_refuses_a_connection_given_twice(
    shipped: str, change: tuple[str, str], said: str, tmp_path: Path
) -> None:
    """The same two places joined twice (in either order, for a pair) was silently one
    connection where a list holds them; it is a slip in the transcription, named as such."""
    text = (DATA / shipped).read_text()
    assert change[0] in text
    mine = tmp_path / "mine.json"
    shown = _refused(mine, text.replace(change[0], change[1], 1))
    assert f"error: {mine}: " in shown and said in shown, shown


def test_board_check_refuses_strike_tactics_without_provenance(tmp_path: Path) -> None:
    """A RISK Strike tactics card must say where its count comes from, as a continent must."""
    data = json.loads((DATA / "strike/risk-strike.json").read_text())
    data["tactics"][0]["provenance"] = {}
    mine = tmp_path / "strike.json"
    mine.write_text(json.dumps(data))
    result = runner.invoke(app, ["board", "check", str(mine)], env={"COLUMNS": "300"})
    assert result.exit_code == 2
    assert f"{mine}: tactics.0 (Troop): provenance: missing for ['count']" in result.output
