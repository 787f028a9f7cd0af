"""The engine core: RNG, actions, boards, matches (undo, save, load)."""

from __future__ import annotations

import contextlib
import copy
import json
import shlex
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from warroom.core import (
    Action,
    BoardError,
    CannotUndo,
    IllegalAction,
    MalformedAction,
    Match,
    Rng,
    SaveError,
    UnknownMode,
    WarroomError,
)
from warroom.core.actions import _arg
from warroom.core.board import Board
from warroom.core.match import SAVE_FIELDS, SAVE_FORMAT_VERSION
from warroom.core.registry import modes
from warroom.data import read_json

FIXTURES = Path(__file__).parent.parent / "fixtures"


def test_rng_is_reproducible_and_copies_independently() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.next_u64() for _ in range(5)] == [b.next_u64() for _ in range(5)]
    c = a.copy()
    assert a.die() == c.die() and a == c
    assert Rng(1).next_u64() != Rng(2).next_u64()


def test_rng_known_values_never_change() -> None:
    # Saves replay from the seed: if these change, every save ever written breaks.
    # 0xE220A8397B1DCDAF is the published first output of SplitMix64 seeded with 0.
    assert Rng(0).next_u64() == 0xE220A8397B1DCDAF
    assert Rng(2024).roll(5, 6) == Rng(2024).roll(5, 6)


def test_dice_are_uniform() -> None:
    rng = Rng(7)
    counts = Counter(f for _ in range(6000) for f in rng.roll(3, 6))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    for face in counts:
        assert abs(counts[face] - 3000) < 4 * (18000 * (1 / 6) * (5 / 6)) ** 0.5


def test_shuffle_is_a_permutation() -> None:
    items = list(range(44))
    Rng(3).shuffle(items)
    assert sorted(items) == list(range(44)) and items != list(range(44))


@given(
    st.text(alphabet="abc xyz-_'", max_size=20),
    st.lists(
        st.one_of(st.integers(-5, 10**6), st.text(alphabet="ABC def'\"-", min_size=1, max_size=12)),
        max_size=4,
    ),
)
def test_action_text_round_trips(kind: str, args: list[Any]) -> None:
    kind = kind.strip().lower().replace(" ", "") or "end"
    args = [a for a in args if not (isinstance(a, str) and a.lstrip("-").isdigit())]
    action = Action(kind, tuple(args))
    assert Action.parse(action.text()) == action
    assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action


# Words a number reader can trip on: Unicode digits that `str.isdigit` takes and `int`
# refuses ("²") or takes ("٣"), doubled minus signs, and quotes.
TRICKY = st.text(alphabet=st.sampled_from(list("-0123456789²٣ '\"a")), max_size=12)
STARTS = [(game, game.new_game(game.min_players, 1)) for game in modes()]


@given(st.one_of(st.text(), TRICKY))
@example("place X --5")
@example("place X ²")
@example("place X " + "5" * 5000)
def test_any_text_parses_to_an_action_that_round_trips_or_is_malformed(text: str) -> None:
    try:
        action = Action.parse(text)
    except MalformedAction:
        pass
    else:
        assert Action.parse(action.text()) == action
    for game, state in STARTS:  # the modes' own parsers too (short forms, names in any case)
        with contextlib.suppress(MalformedAction):
            game.parse(state, 0, text)


# Every kind of whitespace `str.split` knows and the shell does not, beside the shell's own.
SPACES = st.text(alphabet=st.sampled_from(list("ab1- \t\r\n\x0b\x0c\x1c\x85\xa0\u2003#é")))


@given(SPACES)
@example("a\xa0b")
@example("a\x1cb")
def test_a_text_without_quotes_is_split_as_the_shell_splits_it(text: str) -> None:
    """`Action.parse` reads a text with no quote or backslash by `str.split` (`PLAIN`); its
    words are the shell's, whatever whitespace the text holds."""
    words = shlex.split(text)
    if not words:
        with pytest.raises(MalformedAction):
            Action.parse(text)
        return
    assert Action.parse(text) == Action(words[0].lower(), tuple(_arg(w) for w in words[1:]))


@pytest.mark.parametrize(
    ("word", "arg"),
    [("5", 5), ("-5", -5), ("007", 7), ("--5", "--5"), ("²", "²"), ("٣", "٣"), ("5-", "5-")],
)
def test_only_ascii_digits_with_one_leading_minus_are_numbers(word: str, arg: object) -> None:
    assert Action.parse(f"place Alaska {word}").args == ("Alaska", arg)


@pytest.mark.parametrize("text", ["", "   ", "attack 'unclosed"])
def test_malformed_action_text(text: str) -> None:
    with pytest.raises(MalformedAction):
        Action.parse(text)


@pytest.mark.parametrize("data", [[], "end", [1, 2], ["place", 1.5], ["place", True], None])
def test_malformed_action_json(data: object) -> None:
    with pytest.raises(MalformedAction):
        Action.from_json(data)


# -- boards --------------------------------------------------------------------------------


def _board() -> dict[str, Any]:
    return copy.deepcopy(read_json("boards/classic-world.json"))


def _defect(data: dict[str, Any], kind: str) -> None:
    t = data["territories"]
    if kind == "unknown":
        t["Alaska"]["connections"]["Atlantis"] = "land"
    elif kind == "one-way":
        del t["Kamchatka"]["connections"]["Alaska"]
    elif kind == "unreachable":
        for n in list(t["Madagascar"]["connections"]):
            del t[n]["connections"]["Madagascar"]
        t["Madagascar"]["connections"] = {}
    elif kind == "empty-region":
        data["regions"]["Antarctica"] = {"bonus": 1}
    elif kind == "bad-region":
        t["Peru"]["region"] = "Oceania"
    elif kind == "kind":
        t["Peru"]["connections"]["Brazil"] = "tunnel"
        t["Brazil"]["connections"]["Peru"] = "tunnel"
    elif kind == "missing-field":
        del t["Peru"]["connections"]
    elif kind == "negative-bonus":
        data["regions"]["Asia"]["bonus"] = -1
    elif kind == "format":
        data["format"] = "risk-map"
    elif kind == "version":
        data["version"] = 2


@pytest.mark.parametrize(
    ("kind", "message"),
    [
        ("unknown", "territories.Alaska.connections.Atlantis: unknown territory"),
        ("one-way", "territories.Alaska.connections.Kamchatka: one-way connection"),
        ("unreachable", "unreachable from Alaska: Madagascar"),
        ("empty-region", "regions.Antarctica: region has no territories"),
        ("bad-region", "territories.Peru.region: unknown region 'Oceania'"),
        ("kind", "unknown connection kind 'tunnel'"),
        ("missing-field", "territories.Peru.connections: Field required"),
        ("negative-bonus", "regions.Asia.bonus"),
        ("format", "format: must be 'warroom-board', not 'risk-map'"),
        ("version", "version: format version 2 is not supported"),
    ],
)
def test_broken_boards_name_file_entry_and_problem(kind: str, message: str) -> None:
    data = _board()
    _defect(data, kind)
    with pytest.raises(BoardError) as err:
        Board.from_dict(data, "my-board.json")
    assert str(err.value).startswith("my-board.json: ") and message in str(err.value)


def test_aliases_name_their_territory_in_any_case() -> None:
    data = _board()
    data["territories"]["Ukraine"]["aliases"] = ["Russia"]
    b = Board.from_dict(data, "my-board.json")
    assert b.territory("Russia") == b.territory("russia") == b.territory("Ukraine")
    assert "Russia" not in b.territories


@pytest.mark.parametrize(
    ("aliases", "message"),
    [
        ({"Ukraine": ["Ural"]}, "Ukraine.aliases: 'Ural' is already the name of Ural"),
        ({"Ukraine": ["ural"]}, "Ukraine.aliases: 'ural' is already the name of Ural"),
        ({"Ukraine": ["UKRAINE"]}, "Ukraine.aliases: 'UKRAINE' is already the name of Ukraine"),
        ({"Ukraine": ["Rus", "rus"]}, "Ukraine.aliases: 'rus' is already an alias of Ukraine"),
        (
            {"Ukraine": ["Rus"], "Ural": ["Rus"]},
            "Ural.aliases: 'Rus' is already an alias of Ukraine",
        ),
    ],
)
def test_an_alias_names_one_territory_only(aliases: dict[str, list[str]], message: str) -> None:
    """Names are looked up in any case, so an alias may not be, in any case, another name."""
    data = _board()
    for name, spellings in aliases.items():
        data["territories"][name]["aliases"] = spellings
    with pytest.raises(BoardError) as err:
        Board.from_dict(data, "my-board.json")
    assert str(err.value) == f"my-board.json: territories.{message}"


@pytest.mark.parametrize(
    ("renamed", "message"),
    [
        ("3", "territories.3: '3' reads as a number"),
        ("-5", "territories.-5: '-5' reads as a number"),
        ("UKRAINE", "territories.UKRAINE: the same name as Ukraine in another case"),
    ],
)
def test_a_name_a_player_could_not_type_back_is_refused(renamed: str, message: str) -> None:
    """A territory named "3" passed the check, then "place 3 1" was read as a count and a
    save where a bot placed there did not load; "Ukraine" and "UKRAINE" passed, and "look
    ukraine" picked one of them."""
    data = json.loads(json.dumps(_board()).replace('"Ural"', json.dumps(renamed)))
    with pytest.raises(BoardError) as err:
        Board.from_dict(data, "my-board.json")
    assert message in str(err.value)


def test_shipped_boards_validate_and_record_provenance() -> None:
    for name, territories, edges in [("classic-world", 42, 83), ("ancient-earth", 42, 69)]:
        b = Board.from_dict(read_json(f"boards/{name}.json"), name)
        assert len(b) == territories
        assert sum(len(n) for n in b.neighbors) == 2 * edges
        assert b.provenance["sources"] and b.provenance["reconstructed"]
        assert Counter(b.card_design) == Counter({d: 14 for d in b.card_designs})


# -- matches --------------------------------------------------------------------------------


def test_unknown_mode_and_bad_options_are_clear() -> None:
    with pytest.raises(UnknownMode, match="risk-classic"):
        Match.start("risk-modern", 3, 1)
    with pytest.raises(WarroomError, match="option map"):
        Match.start("risk-classic", 3, 1, {"map": "mars"})
    with pytest.raises(WarroomError, match="no option"):
        Match.start("risk-classic", 3, 1, {"colour": "red"})
    with pytest.raises(WarroomError, match="2 to 5 players"):
        Match.start("risk-classic", 7, 1)
    # Both spellings of one option: the last one given was kept without a word.
    twice = {"turn_limit": 5, "turn-limit": 6}
    with pytest.raises(WarroomError, match="'turn_limit' is given twice"):
        Match.start("risk-classic", 3, 1, twice)


def test_whole_number_options_are_ascii_numbers_within_bounds() -> None:
    for game in modes():
        for option in game.options:
            if isinstance(option.default, int) and not isinstance(option.default, bool):
                assert option.maximum is not None, f"{game.id} option {option.name} is unbounded"
    for given_limit, limit in ((100_000, 100_000), (" 6 ", 6)):
        match = Match.start("risk-classic", 3, 1, {"turn_limit": given_limit})
        assert match.options["turn_limit"] == limit
    for too_big in (10**30, "100001"):
        with pytest.raises(WarroomError, match=r"turn_limit: [0-9]+ is above 100000"):
            Match.start("risk-classic", 3, 1, {"turn_limit": too_big})
    with pytest.raises(WarroomError, match="turn_limit: 5000 digits is too long"):
        Match.start("monopoly-avengers", 3, 1, {"turn_limit": "5" * 5000})
    for bad in ("²", "٣", "1_0", "+5", "--5", 5.0, True, ""):
        with pytest.raises(WarroomError, match="is not a whole number"):
            Match.start("monopoly-avengers", 3, 1, {"turn_limit": bad})


def _claim_some(m: Match, n: int) -> None:
    for _ in range(n):
        seat = m.to_move()[0]
        m.act(seat, m.legal(seat)[0])


def test_undo_own_decision_until_information_is_revealed() -> None:
    m = Match.start("risk-classic", 3, 5)
    _claim_some(m, 1)
    seat = m.record[-1][0]
    with pytest.raises(CannotUndo, match=f"Player {seat + 1} made a decision since"):
        m.undo((seat + 1) % 3)
    before = m.state
    m.undo(seat)
    assert m.to_move() == (seat,) and m.state is not before
    # A battle reveals dice: it cannot be undone.
    m = Match.start("risk-classic", 3, 5, {"defender_dice": "auto"})
    while m.state.phase != "attack":
        _claim_some(m, 1)
    seat = m.to_move()[0]
    attack = next(a for a in m.legal(seat) if a.kind == "attack")
    m.act(seat, attack)
    with pytest.raises(CannotUndo, match="revealed"):
        m.undo(seat)
    # The defender's roll, not "someone else decided", is why an attack cannot be taken back.
    m = Match.start("risk-classic", 3, 5)
    while m.state.phase != "attack":
        _claim_some(m, 1)
    seat = m.to_move()[0]
    m.act(seat, next(a for a in m.legal(seat) if a.kind == "attack"))
    defender = m.to_move()[0]
    m.act(defender, m.legal(defender)[0])
    with pytest.raises(CannotUndo, match=rf"'defend [12]' by Player {defender + 1} rolled dice"):
        m.undo(seat)


def test_save_round_trip_keeps_undo_in_the_record() -> None:
    m = Match.start("risk-classic", 4, 9)
    _claim_some(m, 3)
    m.undo(m.record[-1][0])
    _claim_some(m, 2)
    loaded = Match.from_save(json.loads(json.dumps(m.to_save())))
    assert loaded.state == m.state and loaded.record == m.record


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("save-v*.json")), ids=lambda p: p.name)
def test_every_released_save_format_still_loads(path: Path) -> None:
    """Each sample is a save as its version wrote it; what it replays to is beside it, in
    saves-expected.json (a key of its own in the save would be refused as unknown)."""
    m = Match.from_save(json.loads(path.read_text()))
    expected = json.loads((FIXTURES / "saves-expected.json").read_text())[path.name]
    assert m.view(None)["turn"] == expected["turn"]
    assert [t["armies"] for t in m.view(None)["territories"]] == expected["armies"]


def test_a_save_with_former_spellings_replays_as_one_with_the_printed_names() -> None:
    """save-v1-ancient-earth.json was written when the board spelled Gaitulia and Sarmathia;
    its record loads through the board's aliases, and the same game typed with the printed
    names (Gaetulia, Sarmatia) is the same game."""
    old = json.loads((FIXTURES / "save-v1-ancient-earth.json").read_text())
    assert any("Gaitulia" in text for _, text in old["record"])
    assert any("Sarmathia" in text for _, text in old["record"])
    loaded = Match.from_save(old)
    names = [t["name"] for t in loaded.view(None)["territories"]]
    assert "Gaetulia" in names and "Sarmatia" in names and "Gaitulia" not in names
    printed = copy.deepcopy(old)
    printed["record"] = [
        [seat, text.replace("Gaitulia", "Gaetulia").replace("Sarmathia", "Sarmatia")]
        for seat, text in old["record"]
    ]
    assert Match.from_save(printed).state == loaded.state


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.update(format="chess"), "not a warroom save"),
        (lambda d: d.update(version=99), "version 99 is not supported"),
        (lambda d: d.update(mode="risk-2210"), "no game mode"),
        (lambda d: d.update(players="four"), "'players' is missing or not a whole number"),
        (lambda d: d.update(options=[]), "'options' is missing or not an object"),
        (lambda d: d["record"].append([0, "attack Mars Venus 3"]), "record entry"),
        (lambda d: d["record"].append(["x"]), "is not [seat, action text]"),
        (lambda d: d["record"].insert(0, [3, "claim Roma"]), "record entry 1"),
        (lambda d: d["record"].insert(0, [7, "claim Roma"]), "there is no seat 7"),
        (lambda d: d.update(version=2.0), "version 2.0 is not supported"),  # loaded as 2
        (lambda d: d["record"].insert(0, [True, "claim Roma"]), "is not [seat, action text]"),
    ],
)
def test_corrupt_saves_are_refused_clearly(mutate: Any, message: str) -> None:
    m = Match.start("risk-classic", 4, 9)
    _claim_some(m, 2)
    data = m.to_save()
    mutate(data)
    with pytest.raises(SaveError, match=message.replace("[", r"\[")):
        Match.from_save(data)
    with pytest.raises(SaveError):
        Match.from_save("not even a dict")


@pytest.mark.parametrize(
    ("version", "extra", "message"),
    [
        (
            2,
            {"sead": 5},
            "unknown save field 'sead' (a version 2 save holds format, version, "
            "mode, players, generator, seed, options, record; did you mean 'seed'?)",
        ),
        (2, {"expect": {}, "notes": ""}, "unknown save fields 'expect', 'notes' (a version 2"),
        # version 1 had no generator: one given would be silently replaced by SplitMix64
        (
            1,
            {"generator": "blake2b"},
            "unknown save field 'generator' (a version 1 save holds "
            "format, version, mode, players, seed, options, record)",
        ),
    ],
)
def test_a_save_with_a_field_no_version_writes_is_refused_naming_it(
    version: int, extra: dict[str, Any], message: str
) -> None:
    """A misspelled field ("sead" for "seed") was dropped without a word, and the game
    replayed from whatever the other fields said."""
    m = Match.start("risk-classic", 4, 9)
    _claim_some(m, 2)
    data = m.to_save()
    assert list(data) == list(SAVE_FIELDS[SAVE_FORMAT_VERSION])  # what is written is read
    if version == 1:
        del data["generator"]
    data.update(version=version, **extra)
    with pytest.raises(SaveError) as refused:
        Match.from_save(data)
    assert str(refused.value).startswith(message)


def test_a_long_save_entry_is_quoted_cut_short() -> None:
    """A record entry of any length was quoted whole in the refusal (100,000 characters)."""
    m = Match.start("risk-classic", 4, 9)
    data = m.to_save()
    data["record"].append([m.to_move()[0], "claim " + "x" * 5000])
    with pytest.raises(SaveError) as refused:
        Match.from_save(data)
    assert "'claim xxx" in str(refused.value) and len(str(refused.value)) < 500


def test_undo_never_crosses_the_end_of_a_game() -> None:
    """Issue 10: after the last decision of a finished game (here one ended by turn_limit,
    whose last action reveals nothing), undo is refused and the outcome stays."""
    m = Match.start("risk-classic", 2, 3, {"turn_limit": 1, "defender_dice": "auto"})
    while m.outcome() is None:
        seat = m.to_move()[0]
        legal = m.legal(seat)
        # End the attack as soon as the rules allow, so the last step is a plain 'end'.
        m.act(seat, next((a for a in legal if a.kind == "end"), legal[0]))
    assert not m.steps[-1].reveals  # without the guard this step could be taken back
    with pytest.raises(CannotUndo, match="game is over"):
        m.undo(m.record[-1][0])
    assert m.outcome() is not None


def test_log_keeps_every_event_across_reveals_and_drops_undone_ones() -> None:
    """A seat that reconnects must be able to read the whole log, not only what is undoable."""
    m = Match.start("risk-classic", 3, 5, {"defender_dice": "auto"})
    kept: list[Any] = list(m.game.opening(m.state))  # the roll-off for the first player
    while m.state.phase != "attack":
        seat = m.to_move()[0]
        kept.extend(m.act(seat, m.legal(seat)[0]))
    seat = m.to_move()[0]
    kept.extend(m.act(seat, next(a for a in m.legal(seat) if a.kind == "attack")))
    assert any(e.reveals for e in kept)
    assert m.log == kept
    # Play on (ending phases) until a decision logs events and can still be undone.
    while True:
        seat = m.to_move()[0]
        legal = m.legal(seat)
        undone = m.act(seat, next((a for a in legal if a.kind == "end"), legal[0]))
        if undone and m.can_undo(seat) is None:
            break
        kept.extend(undone)
    assert m.log == kept + undone
    m.undo(seat)
    assert m.log == kept
    loaded = Match.from_save(json.loads(json.dumps(m.to_save())))
    assert loaded.log == m.log


def test_a_name_with_an_apostrophe_can_be_typed_without_quotes() -> None:
    assert Action.parse("target sur'kesh 3 2") == Action("target", ("sur'kesh", 3, 2))
    assert Action.parse('target "Sur\'Kesh" 1') == Action("target", ("Sur'Kesh", 1))
    action = Action("target", ("Sur'Kesh", 1))
    assert Action.parse(action.text()) == action
    with pytest.raises(MalformedAction, match="cannot read"):
        Action.parse('attack "Gaul 3')


def test_event_words_agree_with_their_numbers_and_names() -> None:
    from warroom.core.events import ARMIES, DICE, plural_verb, possessive

    assert [plural_verb(v) for v in ("takes", "is", "has", "fortifies", "summons")] == [
        "take",
        "are",
        "have",
        "fortify",
        "summon",
    ]
    assert ARMIES.of(1) == "1 army" and ARMIES.of(3) == "3 armies"
    assert ARMIES.of(1, "dies") == "1 army dies" and ARMIES.of(0, "dies") == "0 armies die"
    assert DICE.span(1, 1) == "1 die" and DICE.span(1, 3) == "1 to 3 dice"
    assert possessive("Greeks") == "Greeks'" and possessive("Thor") == "Thor's"


def test_pieces_count_in_a_modes_own_word_and_a_single_choice_reads_as_one() -> None:
    from warroom.core.events import DICE, UNITS

    assert UNITS.of(1, "dies") == "1 unit dies" and UNITS.of(3, "dies") == "3 units die"
    assert DICE.span(1, 3) == "1 to 3 dice" and DICE.span(1, 1) == "1 die"
    assert UNITS.span(2, 2) == "2 units" and UNITS.span(2, 5) == "2 to 5 units"


@pytest.mark.parametrize(("mode", "kind"), [("risk-godstorm", "bid"), ("risk-godstorm", "place")])
def test_a_number_out_of_bounds_is_refused_with_the_numbers_allowed(mode: str, kind: str) -> None:
    """'bid 9' with 3 faith or 'place Tritonis 9' with 3 to place said only "cannot bid 9
    now", as if bidding were not open: where only the number is wrong, the refusal names
    the numbers the rules allow for the same words."""
    match = Match.start(mode, 3, 31)
    while True:
        seat = match.to_move()[0]
        same = [a for a in match.legal(seat) if a.kind == kind]
        if same and isinstance(same[0].args[-1], int):
            break
        match.act(seat, match.legal(seat)[0])
    head = same[0].args[:-1]
    numbers = sorted(a.args[-1] for a in same if a.args[:-1] == head)
    assert numbers == list(range(numbers[0], numbers[-1] + 1))
    words = Action(kind, head).text()
    with pytest.raises(IllegalAction) as refused:
        match.act(seat, Action(kind, (*head, numbers[-1] + 5)))
    assert f": {words} takes {numbers[0]} to {numbers[-1]}" in str(refused.value)


@pytest.mark.parametrize(
    ("place", "text", "said"),
    [
        ("name", "x\x1b[31mred", "my-board.json: name: holds a control character (U+001B)"),
        ("name", "Earth\u202e", "my-board.json: name: holds a control character (U+202E)"),
        ("territory", "Ural\x07", "my-board.json: territories: holds a control character"),
    ],
)
def test_a_data_file_with_control_characters_is_refused(place: str, text: str, said: str) -> None:
    """`board check` printed a board's name with its escape codes, which the terminal obeyed
    (a colour, a cursor move), and every refusal naming the board did the same in play."""
    data = _board()
    if place == "name":
        data["name"] = text
    else:
        data = json.loads(json.dumps(data).replace('"Ural"', json.dumps(text)))
    with pytest.raises(BoardError) as err:
        Board.from_dict(data, "my-board.json")
    assert said in str(err.value)
    assert "\x1b" not in str(err.value) and "\x07" not in str(err.value)
    data = _board()
    data["provenance"]["notes"] = ["a note\non two lines\twith a tab"]  # text, not controls
    Board.from_dict(data, "my-board.json")
