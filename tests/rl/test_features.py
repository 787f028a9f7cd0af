"""Feature hashing adds, for every leaf of a view, its path's (or path and value's) hash
exactly as the module docstring says, whatever paths `Features` has remembered."""

from __future__ import annotations

import math
import zlib
from typing import Any

import numpy as np
import pytest

import warroom.games as games
from warroom.bots import make_bot
from warroom.core import Match
from warroom.rl.encoding import FEATURE_LIMIT, Features


def reference(view: dict[str, Any], seat: int, size: int) -> np.ndarray:
    """The docstring's rule, one leaf at a time, in float32 in the walk's order."""
    out = np.zeros(size, dtype=np.float32)

    def add(key: str, amount: float) -> None:
        code = zlib.crc32(key.encode())
        out[code % size] += np.float32((1.0 if code >> 31 & 1 else -1.0) * amount)

    def walk(path: str, value: object) -> None:
        if isinstance(value, dict):
            for key, child in value.items():
                walk(f"{path}.{key}", child)
        elif isinstance(value, list | tuple):
            for position, child in enumerate(value):
                walk(f"{path}.{position}", child)
        elif isinstance(value, bool):
            add(f"{path}={value}", 1.0)
        elif isinstance(value, int | float):
            if math.isfinite(value):
                add(path, math.copysign(math.log1p(abs(value)), value))
        elif value is not None:
            add(f"{path}={value}", 1.0)

    add(f"seat={seat}", 1.0)
    walk("", {key: value for key, value in view.items() if key != "step"})  # words for people
    return np.clip(out, -FEATURE_LIMIT, FEATURE_LIMIT)


ODD_VIEWS: list[dict[str, Any]] = [
    # Number keys, negative ones, a key and a position spelt alike, flags, fractions,
    # infinities, None, a word "True" beside the flag True, a huge number, nesting.
    {"a": {-1: 2, 3: "x", "3": True, False: 1.5, 1: [None, 2, "y"]}, "d": 2**40, "e": -7},
    {"a": {1: 4, 0: 5}, "b": [[1, -2], {"c": float("inf")}], "x": [True, False, 0, "True"]},
    {"a": [4, 5, 6, 7], "b": {}, "c": [], "x": ["True", True, 1, 1.0]},
]


def test_odd_views_hash_as_the_rule_says_each_time() -> None:
    features = Features(size=64)  # small: slots collide, as they do in real views
    for _ in range(3):  # first meeting, then paths remembered
        for view in ODD_VIEWS:
            for seat in (0, 3):
                assert features.encode(view, seat).tobytes() == reference(view, seat, 64).tobytes()


@pytest.mark.parametrize("mode", ["risk-classic", "monopoly-avengers", "mcu-battle-for-manhattan"])
def test_real_views_hash_as_the_rule_says(mode: str) -> None:
    game = games.get_mode(mode)
    match = Match.start(mode, game.max_players, 5)
    bots = [make_bot("random", mode, seat) for seat in range(game.max_players)]
    features = Features()
    for _ in range(30):
        if match.outcome() is not None:
            break
        seat = match.to_move()[0]
        view = game.view(match.state, seat)
        assert features.encode(view, seat).tobytes() == reference(view, seat, 2048).tobytes()
        match.act(seat, bots[seat].choose(seat, match.observe(seat), match.legal(seat)))
