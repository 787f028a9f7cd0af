"""Compiled fast paths: whole bot games in C for simulation at scale.

There is one set of rules, the Python in `warroom.games`, and one set of bots, in
`warroom.bots`. A fast path replays exactly what they would do, draw for draw from the
same seeded generator (`rng.h` is `warroom.core.rng` in C), and nothing else: no views,
no events, no validation. `tests/fast` plays thousands of games both ways and requires the
same actions, the same final state and the same result, so a rule changed in Python and
not here fails the suite.

The extensions are optional (setup.py): where they are not built, `load` returns None and
the simulation runner plays through the Python rules.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from warroom.core.errors import WarroomError
from warroom.core.game import Game, OptionValue

_MASK = (1 << 64) - 1


def load(name: str) -> ModuleType | None:
    """The compiled module `warroom.fast.<name>`, or None where it was not built."""
    try:
        return importlib.import_module(f"warroom.fast.{name}")
    except ImportError:
        return None


@dataclass(frozen=True)
class Played:
    """What the simulation runner records of a finished game, by whichever path played it."""

    factions: tuple[str, ...]
    winners: tuple[int, ...]
    reason: str | None  # None: stopped by the action cap
    turns: int | None
    actions: int
    teams: tuple[str, ...] = ()  # per seat, where the mode has teams (`Game.team_names`)
    order: tuple[int, ...] = ()  # the seats in turn order, where the mode has one (`turn_order`)


def check_args(
    game: Game[Any],
    players: int,
    seed: int,
    lineup: Sequence[str],
    bot_seeds: Sequence[int],
    action_cap: int,
) -> tuple[int, list[int]]:
    """Refuse bad arguments to a fast path clearly, before any reach C; gives the game's and
    the bots' seeds modulo 2**64, as `Rng` takes them."""

    def whole(name: str, value: object) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise WarroomError(f"{name} must be a whole number, not {value!r}")
        return value

    if not game.min_players <= whole("players", players) <= game.max_players:
        raise WarroomError(
            f"{game.title} is for {game.min_players} to {game.max_players} players, not {players}"
        )
    if isinstance(lineup, str):
        raise WarroomError(f"the lineup is a tier name per seat, not the string {lineup!r}")
    if len(lineup) != players or len(bot_seeds) != players:
        raise WarroomError(
            f"one bot and one bot seed per seat: {players} seats, "
            f"{len(lineup)} bots, {len(bot_seeds)} seeds"
        )
    if whole("action_cap", action_cap) < 0:
        raise WarroomError(f"action_cap must be at least 0, not {action_cap}")
    seeds = [whole(f"bot seed {i}", s) & _MASK for i, s in enumerate(bot_seeds)]
    return whole("seed", seed) & _MASK, seeds


# mode id -> the module in this package that plays it
_PATHS: dict[str, str] = {
    "risk-classic": "risk_classic",
    "monopoly-avengers": "monopoly_avengers",
}


def play(
    mode: str,
    players: int,
    seed: int,
    lineup: Sequence[str],
    bot_seeds: Sequence[int],
    options: Mapping[str, OptionValue],
    action_cap: int,
) -> Played | None:
    """Game `seed` as `warroom.sim.runner` would play it through the rules, or None where no
    fast path plays this mode with these bots and options (the caller then uses the rules)."""
    name = _PATHS.get(mode)
    if name is None:
        return None
    path: Any = importlib.import_module(f"warroom.fast.{name}")
    result: Played | None = path.play(players, seed, lineup, bot_seeds, options, action_cap)
    return result
