"""The registry of game modes by id."""

from __future__ import annotations

from typing import Any

from warroom.core.errors import UnknownMode
from warroom.core.game import Game

_MODES: dict[str, Game[Any]] = {}


def register(game: Game[Any]) -> Game[Any]:
    if game.id in _MODES and _MODES[game.id] is not game:
        raise ValueError(f"mode {game.id!r} registered twice")
    _MODES[game.id] = game
    return game


def get_mode(mode_id: str) -> Game[Any]:
    try:
        return _MODES[mode_id]
    except KeyError:
        known = ", ".join(sorted(_MODES)) or "none"
        raise UnknownMode(f"no game mode {mode_id!r}; registered modes: {known}") from None


def modes() -> list[Game[Any]]:
    return [_MODES[k] for k in sorted(_MODES)]
