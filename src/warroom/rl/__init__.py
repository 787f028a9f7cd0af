"""Every registered mode as a Gymnasium, PettingZoo and OpenSpiel environment (docs/rl.md).

The adapters are generic: a mode's actions are spelled token by token from a fixed vocabulary
and its seat views are feature-hashed (`warroom.rl.encoding`), so a mode added later gets all
three with no code of its own. The libraries are the optional extra `rl`
(`pip install warroom[rl]`); each entry point imports its library on first call.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def gymnasium_env(
    mode: str,
    seat: int = 0,
    opponents: str | Sequence[str] = "greedy",
    players: int | None = None,
    **options: Any,
) -> Any:
    """A `gymnasium.Env` in which `seat` learns and the other seats are bot tiers
    (`opponents`: one tier, or one per other seat). `options`: the mode's own, plus `reward`
    ("share", "win-loss" or "rank"), `max_steps` (truncation) and `generator`."""
    from warroom.rl.gym_env import WarroomEnv

    return WarroomEnv(mode, seat, opponents, players, **options)


def pettingzoo_env(mode: str, players: int | None = None, **options: Any) -> Any:
    """A PettingZoo AEC environment with one agent per seat ("seat_0", ...)."""
    from warroom.rl.petting_zoo import WarroomAEC

    return WarroomAEC(mode, players, **options)


def open_spiel_game(mode: str, players: int | None = None, **options: Any) -> Any:
    """An OpenSpiel game (`pyspiel.Game`), registered as "warroom_<mode>" for `load_game`."""
    from warroom.rl.spiel import load

    return load(mode, players, **options)


__all__ = ["gymnasium_env", "open_spiel_game", "pettingzoo_env"]
