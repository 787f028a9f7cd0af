"""Seeded games replay in any process: every mode's bots, the search included, choose the
same moves whatever the process's hash seed (which changes the order sets of strings
iterate in). A bot that broke ties or drew noise in a set's order played other games in
another process (Galaxy at War's search did)."""

from __future__ import annotations

import os
import subprocess
import sys

from warroom.core.registry import modes

_SCRIPT = """
import hashlib
from warroom.bots import make_bot, tiers_for
from warroom.core import Match
from warroom.core.registry import modes
for mode in sorted(game.id for game in modes()):
    for tier in [t for t in tiers_for(mode) if t in ("greedy", "mcts", "lookahead")]:
        spec = "mcts:3" if tier == "mcts" else tier
        match = Match.start(mode, 3, 5, {})
        bots = [make_bot(spec, mode, s) for s in range(len(match.game.seat_names(match.state)))]
        digest = hashlib.sha256()
        steps = 0
        while match.outcome() is None and steps < 100:
            seat = match.to_move()[0]
            action = bots[seat].choose(seat, match.observe(seat), match.legal(seat))
            digest.update(action.text().encode())
            match.act(seat, action)
            steps += 1
        print(mode, spec, steps, digest.hexdigest())
"""


def test_seeded_bot_games_do_not_depend_on_the_hash_seed() -> None:
    runs = [
        subprocess.run(
            [sys.executable, "-c", _SCRIPT],
            env={**os.environ, "PYTHONHASHSEED": str(hash_seed)},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for hash_seed in (0, 1)
    ]
    played = {line.split()[0] for line in runs[0].splitlines()}
    assert played == {game.id for game in modes()}
    assert runs[0] == runs[1]
