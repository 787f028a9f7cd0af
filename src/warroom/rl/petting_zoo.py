"""A PettingZoo AEC environment: one agent per seat, each decision (a defender's dice, a bid)
that agent's turn, observations as {"observation", "action_mask"} like PettingZoo's own
classic games."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from warroom.core.errors import WarroomError
from warroom.rl.encoding import ACTIONS, FEATURE_LIMIT, FEATURES
from warroom.rl.table import Table, check_render_mode, token_of


class WarroomAEC(AECEnv):  # type: ignore[misc]  # PettingZoo ships no type information
    metadata: dict[str, Any] = {"render_modes": ["ansi"], "is_parallelizable": False}  # noqa: RUF012

    def __init__(
        self,
        mode: str,
        players: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        check_render_mode(render_mode, self.metadata)
        self.table = Table(mode, players, **options)
        self.metadata = {**self.metadata, "name": f"warroom_{mode}"}
        self.possible_agents = [f"seat_{seat}" for seat in range(self.table.players)]
        self.render_mode = render_mode
        observation = spaces.Dict(
            {
                "observation": spaces.Box(-FEATURE_LIMIT, FEATURE_LIMIT, (FEATURES,), np.float32),
                "action_mask": spaces.Box(0, 1, (ACTIONS,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = {a: spaces.Discrete(ACTIONS) for a in self.possible_agents}
        self._np_random: np.random.Generator | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        # As Gymnasium's `reset`: a seed starts a sequence of games that unseeded resets
        # continue (neighbouring seeds' sequences do not overlap), fresh entropy if never
        # seeded (unseeded copies do not all play the same games).
        if seed is not None or self._np_random is None:
            self._np_random, _ = seeding.np_random(seed)
        self.table.reset(int(self._np_random.integers(0, 2**62)))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        if self.table.over:  # ended before any real choice (every action forced): say so now
            self.agent_selection = self.possible_agents[0]
            self._end()
        else:
            self._select()

    def _select(self) -> None:
        mover = self.table.mover()
        if mover is not None:
            self.agent_selection = self.possible_agents[mover]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        if agent not in self.possible_agents:
            names = ", ".join(self.possible_agents)
            raise WarroomError(f"no agent {agent!r} here (agents: {names})")
        seat = self.possible_agents.index(agent)
        return {"observation": self.table.observation(seat), "action_mask": self.table.mask(seat)}

    def step(self, action: int | None) -> None:
        if self.table.state is None:
            raise WarroomError("no game yet: call reset() first")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        assert action is not None, "a live agent must act"
        # As in Gymnasium, a masked-out token changes nothing but the step count.
        self.infos[agent] = {} if self.table.try_step(token_of(action)) else {"illegal": True}
        if self.table.over:
            self._end()
        else:
            self._select()
            self._accumulate_rewards()

    def _end(self) -> None:
        """The game is over: every agent's reward, and terminated (or truncated)."""
        returns = self.table.returns()
        ended = self.table.outcome is not None
        for seat, name in enumerate(self.agents):
            self.rewards[name] = returns[seat]
            self.terminations[name] = ended
            self.truncations[name] = not ended
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return self.table.observation_text(self.possible_agents.index(self.agent_selection))

    def close(self) -> None:
        pass
