"""Every mode as an OpenSpiel game, through OpenSpiel's Python game API.

Chance is sampled (`SAMPLED_STOCHASTIC`): the modes draw dice and cards from the generator in
their state while a rule is applied, so no chance node can be listed generically. Every
initial state of a game is seeded by its `seed` parameter (default 0), so replaying a history
gives the same state (OpenSpiel's serialization relies on it) and a clone replays the same
luck; load another seed for other luck, or pass seed -1 for the next seed at each new
initial state (0, 1, 2, ...; then a history no longer replays). OpenSpiel serializes a
sampled-chance state only through its generator's state, which the Python API cannot give,
so `serialize` is left out of its checks.

Information states and observations are a seat's view (never the state) with the seat's own
action under way, as a string and as the hashed features of `warroom.rl.encoding`.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from warroom.core.registry import get_mode
from warroom.rl.encoding import ACTIONS, FEATURES, token_name
from warroom.rl.table import Table

_DEFAULT_MAX_STEPS = 100_000


def short_name(mode: str) -> str:
    return "warroom_" + mode.replace("-", "_")


def game_type(mode: str) -> Any:
    game = get_mode(mode)
    return pyspiel.GameType(
        short_name=short_name(mode),
        long_name=f"warroom {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": game.min_players,
            "seed": 0,
            "options": "{}",  # the mode's options and the RL ones, as JSON
        },
    )


_REGISTERED: set[str] = set()


def register(mode: str) -> str:
    """Register `mode` with OpenSpiel (once); its short name for `pyspiel.load_game`."""
    name = short_name(mode)
    if name not in _REGISTERED:
        # A class per mode, not a closure: OpenSpiel's registry outlives the interpreter, and
        # releasing a function from it at exit aborts the process.
        game_class = type(f"WarroomGame_{name}", (WarroomGame,), {"mode": mode})
        pyspiel.register_game(game_type(mode), game_class)
        _REGISTERED.add(name)
    return name


def load(mode: str, players: int | None = None, **options: object) -> Any:
    name = register(mode)
    params: dict[str, Any] = {"options": json.dumps(options, sort_keys=True)}
    if players is not None:
        params["players"] = int(players)
    if "seed" in options:
        params["seed"] = int(str(options.pop("seed")))
        params["options"] = json.dumps(options, sort_keys=True)
    return pyspiel.load_game(name, params)


class WarroomGame(pyspiel.Game):  # type: ignore[misc]
    """One mode's OpenSpiel game; `register` makes a subclass per mode, naming it."""

    mode: str

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        mode = self.mode
        kind = game_type(mode)
        full = {**kind.parameter_specification, **(params or {})}
        options = json.loads(str(full["options"]))
        options.setdefault("max_steps", _DEFAULT_MAX_STEPS)
        self.players = int(full["players"])
        self.options = options
        self.table = Table(mode, self.players, **dict(options))  # checks them now
        low, high = self.table.utility_range()
        super().__init__(
            kind,
            pyspiel.GameInfo(
                num_distinct_actions=ACTIONS,
                max_chance_outcomes=0,
                num_players=self.players,
                min_utility=low,
                max_utility=high,
                utility_sum=None,
                max_game_length=int(options["max_steps"]),
            ),
            {k: full[k] for k in ("players", "seed", "options")},
        )
        self._seed = int(full["seed"])
        self._next_seed = 0
        if self._seed >= 0:
            self.table.reset(self._seed)

    def new_initial_state(self) -> WarroomState:
        if self._seed >= 0:
            return WarroomState(self, self.table.clone())
        table = self.table.clone()
        table.reset(self._next_seed)
        self._next_seed += 1
        return WarroomState(self, table)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> WarroomObserver:
        return WarroomObserver()


class WarroomState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: WarroomGame, table: Table) -> None:
        super().__init__(game)
        self.table = table

    def current_player(self) -> int:
        if self.table.over:
            return int(pyspiel.PlayerId.TERMINAL)
        mover = self.table.mover()
        assert mover is not None
        return mover

    def _legal_actions(self, player: int) -> list[int]:
        if self.table.over or self.table.mover() != player:
            return []
        return self.table.decision().legal_tokens()

    def _apply_action(self, action: int) -> None:
        self.table.step(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return token_name(int(action))

    def is_terminal(self) -> bool:
        return self.table.over

    def returns(self) -> list[float]:
        return self.table.returns()

    def __str__(self) -> str:
        state = self.table.state
        return self.table.game.view(state, None).__repr__()


class WarroomObserver:
    """What a seat may know: its view, and its own action under way."""

    def __init__(self) -> None:
        self.tensor = np.zeros(FEATURES, dtype=np.float32)
        self.dict = {"features": self.tensor}

    def set_from(self, state: WarroomState, player: int) -> None:
        self.tensor[:] = state.table.observation(player)

    def string_from(self, state: WarroomState, player: int) -> str:
        return state.table.observation_text(player)
