"""Bots: each receives only its seat's view and the legal actions, never the full state.

`make_bot(tier, mode_id, seed)` builds a bot of a tier for a mode; each game family adds
its own greedy heuristic through `register_tier`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from warroom.core.actions import Action
from warroom.core.errors import WarroomError


class Bot(Protocol):
    """Chooses one of `legal` from what its seat may see."""

    name: str

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action: ...


class RandomBot:
    """Uniform over the kinds of action first, then over that kind's actions.

    Picking the kind first keeps a random player from being swamped by the many
    ways to split armies, so random games still move towards an end.
    """

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        if not legal:
            raise WarroomError("no legal action to choose from")
        kinds = sorted({a.kind for a in legal})
        kind = kinds[self.rng.randrange(len(kinds))]
        options = [a for a in legal if a.kind == kind]
        return options[self.rng.randrange(len(options))]


BotFactory = Callable[[str, int], Bot]  # (mode id, seed) -> bot
_TIERS: dict[str, dict[str, BotFactory]] = {"random": {"*": lambda mode, seed: RandomBot(seed)}}


def register_tier(tier: str, mode_prefix: str, factory: BotFactory) -> None:
    """Offer `tier` for modes whose id starts with `mode_prefix` ("*" for every mode)."""
    _TIERS.setdefault(tier, {})[mode_prefix] = factory


def tiers() -> list[str]:
    return list(_TIERS)


def tiers_for(mode: str) -> list[str]:
    """The tiers that can play `mode`, weakest first (registration order)."""
    return [
        t for t, by_mode in _TIERS.items() if any(p == "*" or mode.startswith(p) for p in by_mode)
    ]


def make_bot(tier: str, mode: str, seed: int = 0) -> Bot:
    by_mode = _TIERS.get(tier)
    if by_mode is None:
        raise WarroomError(f"no bot tier {tier!r}; tiers: {', '.join(_TIERS)}")
    for prefix in sorted(by_mode, key=len, reverse=True):
        if prefix == "*" or mode.startswith(prefix):
            return by_mode[prefix](mode, seed)
    raise WarroomError(f"bot tier {tier!r} does not play {mode}")


from warroom.bots import monopoly as _monopoly  # noqa: E402  (registers after the registry exists)

register_tier("greedy", "monopoly", lambda mode, seed: _monopoly.GreedyMonopolyBot(mode, seed))
