"""A single-agent Gymnasium environment: one seat learns, the other seats are bot tiers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from warroom.bots import make_bot
from warroom.core.errors import WarroomError
from warroom.rl.encoding import ACTIONS, FEATURE_LIMIT, FEATURES
from warroom.rl.table import Table, check_render_mode, token_of

_GAMES_WITHOUT_A_CHOICE = 100
"""How many games in a row `reset` plays that end before the learning seat has a choice."""


class WarroomEnv(gymnasium.Env[np.ndarray, np.int64]):
    """Observation: the seat's view features (`warroom.rl.encoding`). Action: one token of
    `ACTIONS`; `action_masks()` (sb3-contrib's name) and `info["action_mask"]` say which
    are legal; a masked-out token changes nothing but the step count (`info["illegal"]`).
    Reward: the seat's return when the game ends, 0 before."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012

    def __init__(
        self,
        mode: str,
        seat: int = 0,
        opponents: str | Sequence[str] = "greedy",
        players: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        check_render_mode(render_mode, self.metadata)
        self.table = Table(mode, players, **options)
        self.mode = mode
        players = self.table.players
        if isinstance(seat, bool) or not isinstance(seat, int | np.integer):
            raise WarroomError(f"seat is a seat's number, not {seat!r}")
        if not 0 <= seat < players:
            raise WarroomError(f"seat {seat} is not one of the {players} seats")
        self.seat = seat = int(seat)
        if not isinstance(opponents, str) and (
            not isinstance(opponents, Sequence) or not all(isinstance(t, str) for t in opponents)
        ):
            raise WarroomError(
                f"opponents is a bot tier, or a list of one per other seat, not {opponents!r}"
            )
        tiers = [opponents] * players if isinstance(opponents, str) else list(opponents)
        if isinstance(opponents, str):
            tiers[seat] = ""
        elif len(tiers) == players - 1:
            tiers.insert(seat, "")
        else:
            raise WarroomError(f"give one opponent tier, or one per other seat ({players - 1})")
        self.tiers = tiers
        for seat_number, tier in enumerate(tiers):  # refuse an unknown tier now, not at reset
            if seat_number != seat:
                make_bot(tier, mode, 0)
        self.render_mode = render_mode
        self.observation_space = spaces.Box(-FEATURE_LIMIT, FEATURE_LIMIT, (FEATURES,), np.float32)
        self.action_space = spaces.Discrete(ACTIONS)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        # A game that ends before the seat has a real choice (its actions all forced, or the
        # bots finishing it, as a very short turn limit can) has no step to take: play the
        # next one of the seed's sequence instead.
        for _ in range(_GAMES_WITHOUT_A_CHOICE):
            game_seed = int(self.np_random.integers(0, 2**62))
            bots = {
                seat: make_bot(tier, self.mode, game_seed + 7919 * seat)
                for seat, tier in enumerate(self.tiers)
                if seat != self.seat
            }
            self.table.reset(game_seed, bots)
            if not self.table.over:
                return self._observe(), self._info()
        raise WarroomError(
            f"seat {self.seat} had no choice to make in {_GAMES_WITHOUT_A_CHOICE} games: each"
            " ended first (is the turn limit too short?)"
        )

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self.table.state is None:
            raise WarroomError("no episode yet: call reset() first")
        if self.table.over:
            raise WarroomError("the episode is over: call reset()")
        illegal = not self.table.try_step(token_of(action))
        terminated = self.table.outcome is not None
        reward = self.table.returns()[self.seat] if terminated else 0.0
        info = self._info()
        if illegal:
            info["illegal"] = True
        return self._observe(), reward, terminated, self.table.truncated, info

    def _observe(self) -> np.ndarray:
        return self.table.observation(self.seat)

    def action_masks(self) -> np.ndarray:
        """Legal tokens now, as booleans (what sb3-contrib's MaskablePPO asks for)."""
        return self.table.mask(self.seat).astype(bool)

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self.table.mask(self.seat)}
        outcome = self.table.outcome
        if outcome is not None:
            info["winners"] = list(outcome.winners)
        return info

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return self.table.observation_text(self.seat)
