"""The registry of game modes by id.

A mode registers itself when its rules module is imported; the built-in ones are catalogued in
`warroom.games` and imported here on first use, so a command loads only the rules it plays.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from warroom.core.errors import UnknownMode
from warroom.core.game import Game

_MODES: dict[str, Game[Any]] = {}


def register(game: Game[Any]) -> Game[Any]:
    if game.id in _MODES and _MODES[game.id] is not game:
        raise ValueError(f"mode {game.id!r} registered twice")
    _MODES[game.id] = game
    return game


def _import_rules(mode_id: str | None) -> None:
    """Import the rules module of the catalogued mode `mode_id` (None: of every one)."""
    from warroom.games import CATALOG  # at call time: the core does not need the games to load

    for info in CATALOG:
        if mode_id in (None, info.id) and info.id not in _MODES:
            import_module(info.module)


def get_mode(mode_id: str) -> Game[Any]:
    if mode_id not in _MODES:
        _import_rules(mode_id)
    try:
        return _MODES[mode_id]
    except KeyError:
        known = ", ".join(m.id for m in modes()) or "none"
        raise UnknownMode(f"no game mode {mode_id!r}; registered modes: {known}") from None


def modes() -> list[Game[Any]]:
    _import_rules(None)
    return [_MODES[k] for k in sorted(_MODES)]
