"""One game played token by token, the part the Gymnasium, PettingZoo and OpenSpiel adapters
share: the state, the decision under way, each seat's observation and mask, and the rewards.

It plays on the rules' event-free step (`Game.play`, the path search and simulation use) and
never hands out the state: a seat gets its view's features and its own mask, nothing else.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

import numpy as np

from warroom.bots import Bot
from warroom.core.actions import Action
from warroom.core.errors import WarroomError
from warroom.core.game import Game, OptionValue, Outcome, Seat
from warroom.core.match import DEFAULT_GENERATOR
from warroom.core.registry import get_mode
from warroom.rl.encoding import (
    ACTIONS,
    FEATURES,
    Decision,
    Features,
    seat_features,
    view_text,
)

REWARDS = ("share", "win-loss", "rank")
"""How an outcome becomes each seat's return (see docs/rl.md):
share: the winners split 1 (a sole winner 1, two winners 0.5 each), the others 0;
win-loss: +1 each winner, -1 each other seat;
rank: +1 first to -1 last by the outcome's ranking (the winners first where it has none)."""


class Table:
    """A game of `mode` for `players` seats; `options` are the mode's own plus the RL ones
    (`reward`, `max_steps`: a truncation after that many tokens, 0 for none, and the
    `generator` chance is drawn from)."""

    def __init__(self, mode: str, players: int | None = None, **options: object) -> None:
        self.game: Game[Any] = get_mode(mode)
        self.players = self.game.min_players if players is None else int(players)
        if not self.game.min_players <= self.players <= self.game.max_players:
            span = f"{self.game.min_players} to {self.game.max_players}"
            raise WarroomError(f"{self.game.title} is for {span} players, not {self.players}")
        self.reward = str(options.pop("reward", "share"))
        if self.reward not in REWARDS:
            raise WarroomError(f"reward {self.reward!r} is not one of {', '.join(REWARDS)}")
        self.max_steps = int(str(options.pop("max_steps", 0)))
        self.generator = str(options.pop("generator", DEFAULT_GENERATOR))
        self.options: dict[str, OptionValue] = self.game.resolve_options(options)
        self.features = Features()
        self.state: Any = None
        self.steps = 0
        self._decision: Decision | None = None
        self.bots: dict[Seat, Bot] = {}

    action_count = ACTIONS
    feature_count = FEATURES

    def reset(self, seed: int, bots: Mapping[Seat, Bot] | None = None) -> None:
        self.state = self.game.new_game(self.players, seed, self.options, self.generator)
        self.steps = 0
        self._decision = None
        self.bots = dict(bots or {})
        self._settle()

    def _settle(self) -> None:
        """Play on until a learner has a real choice: bots' decisions, and actions forced
        because a learner has only one."""
        while self._decision is None and (seat := self.mover()) is not None:
            bot = self.bots.get(seat)
            if bot is not None:
                legal = self.game.legal_actions(self.state, seat)
                action = bot.choose(seat, self.game.observe(self.state, seat), legal)
                self.state = self.game.play(self.state, seat, action)
                continue
            decision = Decision.start(seat, self.game.legal_actions(self.state, seat))
            forced = decision.action
            if forced is None:
                self._decision = decision
            else:
                self.state = self.game.play(self.state, seat, forced)

    def clone(self) -> Table:
        """An independent copy: rule states are never changed in place, so they are shared;
        the action under way is copied (bots, whose generators move, are not cloned)."""
        twin = copy.copy(self)
        if self._decision is not None:
            twin._decision = self._decision.copy()
        return twin

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        """What OpenSpiel's clone calls (on each state's attributes): `clone`."""
        return self.clone()

    # -- whose turn ------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.outcome is not None or self.truncated

    @property
    def outcome(self) -> Outcome | None:
        outcome: Outcome | None = self.game.outcome(self.state)
        return outcome

    @property
    def truncated(self) -> bool:
        return bool(self.max_steps) and self.steps >= self.max_steps

    def mover(self) -> Seat | None:
        """The seat deciding now (the first of several sealed deciders), None when over.
        Between steps this is always a learner with a real choice."""
        if self.over:
            return None
        movers = self.game.to_move(self.state)
        return movers[0] if movers else None

    def decision(self) -> Decision:
        """The action the learner to move is spelling out."""
        if self._decision is None:
            raise WarroomError("the game is over")
        return self._decision

    # -- acting ----------------------------------------------------------------------------
    def step(self, token: int) -> Action | None:
        """The mover takes one token; the action once the tokens name one (then applied)."""
        decision = self.decision()
        decision.choose(int(token))
        self.steps += 1
        action = decision.action
        if action is not None:
            self.state = self.game.play(self.state, decision.seat, action)
            self._decision = None
            self._settle()
        return action

    def try_step(self, token: int) -> bool:
        """`step`, where a masked-out token only counts as a step: False then."""
        try:
            self.step(token)
        except ValueError:
            self.steps += 1
            return False
        return True

    # -- what a seat sees ------------------------------------------------------------------
    def _own_prefix(self, seat: Seat) -> list[Any]:
        decision = self._decision
        return decision.prefix if decision is not None and decision.seat == seat else []

    def observation(self, seat: Seat) -> np.ndarray:
        """The seat's features: its view and its own action under way, nothing else."""
        return seat_features(self.features, self.game, self.state, seat, self._own_prefix(seat))

    def observation_text(self, seat: Seat) -> str:
        return view_text(self.game.view(self.state, seat), self._own_prefix(seat))

    def mask(self, seat: Seat) -> np.ndarray:
        decision = self._decision
        if decision is None or decision.seat != seat or self.truncated:
            return np.zeros(ACTIONS, dtype=np.int8)
        return decision.mask()

    # -- rewards ---------------------------------------------------------------------------
    def returns(self) -> list[float]:
        """Each seat's return: from the outcome, 0 for all while none (or when truncated)."""
        outcome = self.outcome
        if outcome is None:
            return [0.0] * self.players
        winners = set(outcome.winners)
        if self.reward == "share":
            return [1.0 / len(winners) if s in winners else 0.0 for s in range(self.players)]
        if self.reward == "win-loss":
            return [1.0 if s in winners else -1.0 for s in range(self.players)]
        order = list(outcome.ranking) or list(outcome.winners)
        order += [s for s in range(self.players) if s not in order]
        last = max(1, self.players - 1)
        return [1.0 - 2.0 * order.index(s) / last for s in range(self.players)]

    def utility_range(self) -> tuple[float, float]:
        return (0.0, 1.0) if self.reward == "share" else (-1.0, 1.0)
