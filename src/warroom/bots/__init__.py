"""Bots: each receives only its seat's observation and the legal actions, never the full state.

An observation (`Game.observe`) is a state of the mode's own type with everything hidden
from the seat masked; a bot reads it directly, and JSON is built only for interfaces.

`make_bot(tier, mode_id, seed)` builds a bot of a tier for a mode; each game family adds
its own greedy heuristic through `register_tier`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from warroom.core.actions import Action
from warroom.core.errors import WarroomError
from warroom.core.game import Seat
from warroom.core.legal import Legal
from warroom.core.rng import Rng


class Bot(Protocol):
    """Chooses one of `legal` for `seat` from what that seat may know."""

    name: str

    def choose(self, seat: Seat, observation: Any, legal: Sequence[Action]) -> Action: ...


class RandomBot:
    """Uniform over the kinds of action first, then over that kind's actions.

    Picking the kind first keeps a random player from being swamped by the many
    ways to split armies, so random games still move towards an end. It draws from the
    engine's own `Rng`, so the compiled fast paths (`warroom.fast`) can make the same
    choices from the same seed.
    """

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, seat: Seat, observation: Any, legal: Sequence[Action]) -> Action:
        if not legal:
            raise WarroomError("no legal action to choose from")
        if isinstance(legal, Legal):
            # By kind and index, not by building the actions: `Legal` answers both cheaply.
            return legal.pick_by_kind(self.rng.below)
        # A plain list (Monopoly's): grouped directly, the same draws without a `Legal`.
        by_kind: dict[str, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        of_kind = by_kind[sorted(by_kind)[self.rng.below(len(by_kind))]]
        return of_kind[self.rng.below(len(of_kind))]


class PolicyBot:
    """A heuristic bot: its mode's policy function reads the observation and names a move;
    where that move is not among the rules' legal ones (the policy simplifies), it plays the
    first of `prefer` that is legal, else a random legal move.

    An `exact` policy builds every move from the rules' own counts, so it is played without
    asking `legal` first (about a tenth of a Classic RISK greedy game went on asking): the
    step checks it as it checks any move, and tests/bots/test_exact_policies.py plays each
    exact policy checking every move against the legal ones."""

    name = "greedy"

    def __init__(
        self,
        policy: Callable[[Any, Seat], Action],
        seed: int = 0,
        prefer: Sequence[Action] = (),
        *,
        exact: bool = False,
    ) -> None:
        self.policy = policy
        self.prefer = tuple(prefer)
        self.exact = exact
        self.fallback = RandomBot(seed)

    def choose(self, seat: Seat, observation: Any, legal: Sequence[Action]) -> Action:
        action = self.policy(observation, seat)
        if self.exact or action in legal:
            return action
        for preferred in self.prefer:
            if preferred in legal:
                return preferred
        return self.fallback.choose(seat, observation, legal)


BotFactory = Callable[..., Bot]
"""(mode id, seed) -> bot; with `takes_arg`, (mode id, seed, arg) for specs like "mcts:50"."""
_TIERS: dict[str, dict[str, tuple[BotFactory, bool, bool]]] = {
    "random": {"*": (lambda mode, seed: RandomBot(seed), False, True)}
}


def register_tier(
    tier: str,
    mode_prefix: str,
    factory: BotFactory,
    *,
    takes_arg: bool = False,
    offered: bool = True,
) -> None:
    """Offer `tier` for modes whose id starts with `mode_prefix` ("*" for every mode).

    `offered=False` makes it playable by name without listing it (`tiers_for`): a tier that
    needs an argument some modes cannot do without, such as learned weights."""
    _TIERS.setdefault(tier, {})[mode_prefix] = (factory, takes_arg, offered)


def tiers() -> list[str]:
    return list(_TIERS)


def tiers_for(mode: str) -> list[str]:
    """The tiers that can play `mode`, weakest first (registration order)."""
    return [
        t
        for t, by_mode in _TIERS.items()
        if any((p == "*" or mode.startswith(p)) and entry[2] for p, entry in by_mode.items())
    ]


def make_bot(tier: str, mode: str, seed: int = 0) -> Bot:
    """A bot from a tier spec: a tier name, optionally with an argument ("mcts:50")."""
    name, colon, arg = tier.partition(":")
    by_mode = _TIERS.get(name)
    if by_mode is None:
        raise WarroomError(f"no bot tier {name!r}; tiers: {', '.join(_TIERS)}")
    if colon and not arg:  # reported as typed, so "mcts:" would name a tier nobody played
        raise WarroomError(f"bot tier {tier!r}: say what follows the ':' or leave it off")
    for prefix in sorted(by_mode, key=len, reverse=True):
        if prefix == "*" or mode.startswith(prefix):
            factory, takes_arg, _ = by_mode[prefix]
            if takes_arg:
                return factory(mode, seed, arg or None)
            if arg:
                raise WarroomError(f"bot tier {name!r} takes no argument (got {tier!r})")
            return factory(mode, seed)
    raise WarroomError(f"bot tier {name!r} does not play {mode}")


# The tiers beyond random register themselves on import (after the names above exist).
from warroom.bots import (  # noqa: E402
    dice_cards,
    godstorm,
    mass_effect,
    mass_effect_gaw,
    mcu,
    mcu_bfm,
    monopoly,
    risk,
    search,
    strike,
)

register_tier("greedy", "monopoly", lambda mode, seed: monopoly.GreedyMonopolyBot(mode, seed))

# Last, the strongest where it ships: trained policies (`warroom train`).
from warroom.bots import learned  # noqa: E402

learned.register()

__all__ = [
    "Bot",
    "BotFactory",
    "PolicyBot",
    "RandomBot",
    "dice_cards",
    "godstorm",
    "learned",
    "make_bot",
    "mass_effect",
    "mass_effect_gaw",
    "mcu",
    "mcu_bfm",
    "monopoly",
    "register_tier",
    "risk",
    "search",
    "strike",
    "tiers",
    "tiers_for",
]
