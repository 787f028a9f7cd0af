"""The registry of game modes by id.

A mode registers itself when its rules module is imported. Installed packages name those
modules as entry points in the `warroom.modes` group (this package's own in pyproject.toml), and
the registry imports one on first use, so a command loads only the rules it plays and the core
knows no game by name.
"""

from __future__ import annotations

from importlib import import_module
from importlib.metadata import entry_points
from typing import Any

from warroom.core.errors import UnknownMode
from warroom.core.game import Game

_MODES: dict[str, Game[Any]] = {}


def register(game: Game[Any]) -> Game[Any]:
    if game.id in _MODES and _MODES[game.id] is not game:
        raise ValueError(f"mode {game.id!r} registered twice")
    _MODES[game.id] = game
    return game


ENTRY_POINTS = "warroom.modes"


def _import_rules(mode_id: str | None) -> None:
    """Import the module that registers `mode_id` (None: every installed mode)."""
    for entry in entry_points(group=ENTRY_POINTS):
        if mode_id in (None, entry.name) and entry.name not in _MODES:
            import_module(entry.value)


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
