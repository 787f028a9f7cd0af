"""Each mode built on Classic RISK counts its pieces in its rulebook's word in every event and
refusal, Classic's shared handlers' included: Classic's armies, Mass Effect's and MCU's units.
Seeded random games, each action also tried with a count far too large to read the refusal."""

from __future__ import annotations

import re

import pytest

from warroom.bots import make_bot
from warroom.core import Action, Match, WarroomError
from warroom.core.registry import get_mode

ARMIES = re.compile(r"\barm(y|ies)\b", re.IGNORECASE)
UNITS = re.compile(r"\bunits?\b", re.IGNORECASE)
ONE_CHOICE = re.compile(r"\b(\d+) to \1\b")  # "1 to 1 dice", "move 2 to 2 units"


def texts(mode: str, players: int, seed: int) -> list[str]:
    """Every event text (secret ones too) and sampled refusal of a short random game."""
    limited = any(option.name == "turn_limit" for option in get_mode(mode).options)
    match = Match.start(mode, players, seed, {"turn_limit": 12} if limited else {})
    bots = [make_bot("random", mode, seed * 10 + p) for p in range(players)]
    out: list[str] = []
    while match.outcome() is None:
        seat = match.to_move()[0]
        action = bots[seat].choose(seat, match.observe(seat), match.legal(seat))
        if action.args and isinstance(action.args[-1], int):
            wrong = Action(action.kind, (*action.args[:-1], action.args[-1] + 50))
            try:
                match.game.apply(match.state, seat, wrong)
            except WarroomError as refusal:
                out.append(str(refusal))
        for event in match.act(seat, action):
            out += [event.text, *([event.secret_text] if event.secret_text else [])]
    return out


@pytest.mark.parametrize(
    ("mode", "players"),
    [
        ("mass-effect-basic", 3),
        ("mass-effect-galaxy-at-war", 2),
        ("mcu-skirmish", 3),
        ("mcu-battle-for-manhattan", 3),
    ],
)
def test_mass_effect_and_mcu_texts_say_units_never_armies(mode: str, players: int) -> None:
    said = [t for seed in (1, 2) for t in texts(mode, players, seed)]
    assert [t for t in said if ARMIES.search(t)] == []
    assert any(UNITS.search(t) and t.startswith("Turn ") for t in said)  # "receives 5 units"
    assert any(UNITS.search(t) and "to place" in t for t in said)  # "you have 3 units to place"
    assert [t for t in said if ONE_CHOICE.search(t)] == []


@pytest.mark.parametrize("players", [2, 3])
def test_classic_texts_keep_armies(players: int) -> None:
    said = [t for seed in (1, 2) for t in texts("risk-classic", players, seed)]
    assert [t for t in said if UNITS.search(t)] == []
    assert any(ARMIES.search(t) and t.startswith("Turn ") for t in said)
    assert [t for t in said if ONE_CHOICE.search(t)] == []


# "places 2 on", and a pantheon's "place 3 in" (Godstorm's seats are peoples: plural verbs)
BARE_COUNT = re.compile(r"\b(places?|moves?|maneuvers?|embarks?) \d+ (on|in|into|from)\b")
ONE_PLURAL = re.compile(r"\b1 (armies|units)\b")


@pytest.mark.parametrize(
    ("mode", "players", "moved"),
    [
        ("risk-classic", 2, re.compile(r"moves \d+ arm(y|ies) into ")),
        ("risk-classic", 4, re.compile(r"moves \d+ arm(y|ies) from ")),  # a fortify
        ("mass-effect-basic", 3, re.compile(r"moves \d+ units? into ")),
        ("mcu-skirmish", 3, re.compile(r"maneuvers \d+ units? from ")),
        ("mcu-battle-for-manhattan", 3, re.compile(r"maneuvers \d+ units? from ")),
        ("mass-effect-galaxy-at-war", 3, re.compile(r"places 1 unit on ")),  # set-up, one a time
        ("mass-effect-galaxy-at-war", 3, re.compile(r"moves \d+ units? from ")),  # a fortify
        ("risk-godstorm", 3, re.compile(r"place \d+ arm(y|ies) in ")),
        ("risk-godstorm", 3, re.compile(r"move \d+ arm(y|ies) into ")),
    ],
)
def test_placing_and_moving_name_the_pieces(
    mode: str, players: int, moved: re.Pattern[str]
) -> None:
    """The log says what a count is of: "places 2 armies on Apulia", "maneuvers 1 unit from
    ...", never a bare "places 2 on" (a number a first-time reader must guess the unit of)."""
    said = [t for seed in (1, 2, 3) for t in texts(mode, players, seed)]
    assert [t for t in said if BARE_COUNT.search(t) or ONE_PLURAL.search(t)] == []
    assert any(moved.search(t) for t in said)


@pytest.mark.parametrize(
    ("mode", "ranked"),
    [
        ("risk-classic", "territories, then armies"),
        ("mass-effect-basic", "planets, then units"),
        ("mcu-skirmish", "sectors, then units"),
        ("mcu-battle-for-manhattan", "sectors, then units"),
    ],
)
def test_a_turn_limit_ranks_in_the_mode_s_words(mode: str, ranked: str) -> None:
    """MCU's turn-limit ending said "ranked by territories, then units": its board's places
    are sectors (Mass Effect's planets), as its other texts and the page count them."""
    last = texts(mode, 3, 1)[-1]
    assert last.endswith(f"players are ranked by {ranked}"), last
