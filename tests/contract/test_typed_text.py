"""What a person types, in every mode: any text, from words of the actions the seat may take
now to junk, is read by the mode's own `parse` (short forms, name prefixes, `until`) into an
action or refused with a message, and an action read is played or refused with a message;
nothing else is raised, and a refusal leaves the state as it was. The contract suite's
illegal-action check builds actions; this one starts where the terminal and the page do,
from text."""

from __future__ import annotations

import copy
import functools
import shlex
import string
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import warroom.games as games
from tests.fuzz import random_play
from warroom.core import WarroomError

from .test_contract import MODES

SNAPSHOTS = (0, 12, 60, 200)  # random steps played before each state typed at
JUNK = ["", "0", "-1", "99999999999999999999", "1.5", "until", "all", '"', "'", "é", "\x00", "​"]


@functools.cache
def snapshots(mode: str) -> list[tuple[Any, int, list[str]]]:
    """States of one seeded random game, each with the seat to move and the texts of its
    legal actions (what a person would type, or start from)."""
    return [
        (copy.deepcopy(match.state), seat, [a.text() for a in list(legal)[:200]])
        for step, match, seat, legal in random_play(mode, 4_242, max(SNAPSHOTS) + 1)
        if step in SNAPSHOTS
    ]


@functools.cache
def vocabulary(mode: str) -> list[str]:
    """Every word of the game's legal actions at its snapshots, the short texts of its views
    there (places, heroes, cards, players by name), and junk."""
    game = games.get_mode(mode)
    words = set()
    for state, seat, legal in snapshots(mode):
        words |= {w for text in legal for w in shlex.split(text)}
        words |= set(_short_texts(game.view(state, seat)))
    return sorted(words) + JUNK


def _short_texts(value: object) -> list[str]:
    """The strings of up to 30 characters in a view (JSON-like), and their words."""
    if isinstance(value, str):
        return [value, *value.split()] if len(value) <= 30 else []
    if isinstance(value, dict):
        return [t for v in value.values() for t in _short_texts(v)]
    if isinstance(value, list | tuple):
        return [t for v in value for t in _short_texts(v)]
    return []


def typed(texts: list[str], words: list[str]) -> st.SearchStrategy[str]:
    """A line as a person might type it: a legal action's words edited (a word cut short,
    changed, dropped or added, another case, quoted), or 0 to 6 words from the game's
    actions and junk."""
    word = st.sampled_from(words)
    shaped = st.one_of(
        word,
        word.map(str.upper),
        st.tuples(word, st.integers(1, 4)).map(lambda wk: wk[0][: wk[1]]),  # a prefix
        word.map(lambda w: f'"{w}"'),
        st.text(alphabet=string.ascii_letters + string.digits + "-'\"", max_size=8),
        st.text(max_size=8),
        st.integers(-3, 12).map(str),
    )

    @st.composite
    def edited(draw: st.DrawFn) -> str:
        line = shlex.split(draw(st.sampled_from(texts)))
        for _ in range(draw(st.integers(0, 2))):
            at = draw(st.integers(0, len(line)))
            edit = draw(st.sampled_from(["cut", "swap", "drop", "add", "upper"]))
            if at == len(line) or edit == "add":
                line.insert(at, draw(shaped))
            elif edit == "cut":
                line[at] = line[at][: draw(st.integers(1, max(1, len(line[at]))))]
            elif edit == "swap":
                line[at] = draw(shaped)
            elif edit == "drop":
                del line[at]
            else:
                line[at] = line[at].upper()
        return shlex.join(line) if draw(st.booleans()) else " ".join(line)

    return st.one_of(edited(), st.lists(shaped, max_size=6).map(" ".join))


@pytest.mark.parametrize("mode", MODES)
@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_typed_text_is_played_or_refused_and_a_refusal_changes_nothing(
    mode: str, data: st.DataObject
) -> None:
    game = games.get_mode(mode)
    state, seat, texts = data.draw(st.sampled_from(snapshots(mode)))
    text = data.draw(typed(texts, vocabulary(mode)))
    before = copy.deepcopy(state)
    try:
        action = game.parse(state, seat, text)
    except WarroomError as refused:
        assert str(refused), text
    else:
        try:
            game.apply(state, seat, action)
        except WarroomError as refused:
            assert str(refused), (text, action)
    assert state == before, text
