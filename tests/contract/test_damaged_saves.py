"""A damaged save, in every mode: Hypothesis changes a field, an option or a record entry of
a real save to any JSON value (or drops it), and loading either replays a game or refuses
with a SaveError that says what is wrong; nothing else is raised. tests/core's table of
corrupt saves checks the messages for the defects one would expect; this looks for the ones
nobody listed."""

from __future__ import annotations

import copy
import functools
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import warroom.games as games
from tests.fuzz import ANY_JSON, random_play
from warroom.core import Match, SaveError

from .test_contract import MODES


@functools.cache
def saved(mode: str) -> dict[str, Any]:
    """The save of a seeded game of random bots, 40 decisions in."""
    steps = list(random_play(mode, 31, 40))  # played through: the one match, 40 moves on
    return steps[-1][1].to_save()


@st.composite
def damaged(draw: st.DrawFn, mode: str) -> dict[str, Any]:
    """The mode's save with one to three of its parts changed or dropped."""
    data = copy.deepcopy(saved(mode))
    option_names = [o.name for o in games.get_mode(mode).options]
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(["field", "option", "entry", "seat", "text", "cut"]))
        if where == "field":
            key = draw(st.sampled_from(sorted(data)))
            if draw(st.booleans()):
                data[key] = draw(ANY_JSON)
            else:
                del data[key]
        elif where == "option" and isinstance(data.get("options"), dict):
            data["options"][draw(st.sampled_from([*option_names, "no_such"]))] = draw(ANY_JSON)
        elif isinstance(data.get("record"), list) and data["record"]:
            record = data["record"]
            at = draw(st.integers(0, len(record) - 1))
            entry = record[at]
            if where == "entry" or not isinstance(entry, list) or len(entry) != 2:
                record[at] = draw(ANY_JSON)
            elif where == "seat":
                record[at] = [draw(ANY_JSON), entry[1]]
            elif where == "text":
                words = str(entry[1]).split()
                cut = draw(st.integers(0, len(words)))
                record[at] = [entry[0], " ".join([*words[:cut], draw(st.text(max_size=8))])]
            else:
                del record[at:]
    return data


@pytest.mark.parametrize("mode", MODES)
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_a_damaged_save_replays_or_is_refused_as_a_save_error(
    mode: str, data: st.DataObject
) -> None:
    save = data.draw(damaged(mode))
    text = json.dumps(save)  # as a file holds it
    try:
        match = Match.from_save(json.loads(text))
    except SaveError as refused:
        assert str(refused)
    else:  # a change the game allows (a shorter record, an option's other value)
        json.dumps(match.view(None))
        assert Match.from_save(match.to_save()).state == match.state  # and saves as itself
