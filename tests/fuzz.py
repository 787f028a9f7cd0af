"""What the fuzzing tests start from: any JSON value (small) to put where a file holds one,
and the states of a seeded game of random bots to type at or save."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from hypothesis import strategies as st

import warroom.games as games
from tests.contract.test_contract import sim_options
from warroom.bots import make_bot
from warroom.core import Match

ANY_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)


def random_play(mode: str, seed: int, steps: int) -> Iterator[tuple[int, Match, int, Any]]:
    """A seeded game of random bots at the mode's fewest players, with the contract suite's
    options, for `steps` decisions or to its end: before each, the step's number, the match,
    the seat to move and its legal actions (the bot plays once the caller resumes)."""
    game = games.get_mode(mode)
    match = Match.start(mode, game.min_players, seed, sim_options(game))
    bots = [make_bot("random", mode, seed + s) for s in range(game.min_players)]
    for step in range(steps):
        if match.outcome() is not None:
            return
        seat = match.to_move()[0]
        legal = match.legal(seat)
        yield step, match, seat, legal
        match.act(seat, bots[seat].choose(seat, match.observe(seat), legal))
