"""The log a person reads, in every mode: each event's text, as the page and the terminal show
it (`Match.shown`: places in the board's captions), reads as English. A line starts as a
sentence does, names no raw id (MCU's Sector_07, a snake_case word), and counts one of a thing
in the singular; the game-over line among them (a turn limit's ending was a lowercase one)."""

from __future__ import annotations

import re

import pytest

import warroom.games as games
from warroom.bots import make_bot
from warroom.core import Match

MODES = [g.id for g in games.modes()]
SEEDS = (3, 11)
RAW_ID = re.compile(r"\b[A-Za-z]+_\w+\b")  # Sector_07, turn_limit
ONE_PLURAL = re.compile(r"(?<![-+.\d])\b1 (armies|units|troops|cards|turns|dice|points)\b")


def played(mode: str, seed: int) -> tuple[Match, list[str]]:
    """A short seeded game of random bots (a turn limit where the mode has one, so that the
    simulations' ending is read too), with every line of its log as a spectator reads it."""
    game = next(g for g in games.modes() if g.id == mode)
    limited = any(o.name == "turn_limit" for o in game.options)
    match = Match.start(mode, 3, seed, {"turn_limit": 6} if limited else {})
    bots = [make_bot("random", mode, seed * 10 + p) for p in range(3)]
    lines: list[str] = []
    while match.outcome() is None:
        seat = match.to_move()[0]
        action = bots[seat].choose(seat, match.observe(seat), match.legal(seat))
        lines += [match.shown(e, None)["text"] for e in match.act(seat, action)]
    return match, lines


@pytest.mark.parametrize("mode", MODES)
def test_log_lines_read_as_english(mode: str) -> None:
    for seed in SEEDS:
        match, lines = played(mode, seed)
        assert [t for t in lines if t[:1].islower()] == []
        assert [t for t in lines if RAW_ID.search(t)] == []
        assert [t for t in lines if ONE_PLURAL.search(t)] == []
        outcome = match.outcome_shown()
        assert outcome is not None
        # The game-over line says the reason (alone, or after who won: "Celts win: highest
        # score ..."), which the page and the terminal show as a sentence (`sentence`).
        assert outcome["reason"][1:] in lines[-1], (lines[-1], outcome)
