"""Every mode as an OpenSpiel game, through OpenSpiel's Python game API.

Chance is explicit (`EXPLICIT_STOCHASTIC`), with no code of any mode's own: every draw the
rules make is one `below(n)` of the generator in their state, so the state plays on a
`ScriptedRng` (`Table.reset_explicit`), and a step, or the setup, that draws past the
outcomes given so far makes a chance node of n equally likely outcomes (a die: 6; a roll of
five dice, drawn as one: 7,776; each step of a shuffle: the cards left). Its outcome is
added and the step played again from the state it began at. So the history (tokens and
chance outcomes) is the whole game: replaying it gives the same state, and a state
serializes (OpenSpiel's `serialize`, pickling) as its game and moves (`Table.__reduce_ex__`).

Information states and observations are a seat's view (never the state) with the seat's own
action under way, as a string and as the hashed features of `warroom.rl.encoding`.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np
import pyspiel

from warroom.core.errors import WarroomError
from warroom.core.game import OptionValue
from warroom.core.registry import get_mode, modes
from warroom.rl.encoding import ACTIONS, FEATURES, token_name
from warroom.rl.table import REWARDS, Table

_DEFAULT_MAX_STEPS = 100_000

MAX_CHANCE_OUTCOMES = 6**8
"""The most outcomes a chance node may have, which OpenSpiel asks a game to declare: eight
six-sided dice in one roll. Today's largest is 6**7 (MCU Guardians' seven d6s with both
extra-die Sets); a draw past it is refused with this number named."""


def short_name(mode: str) -> str:
    return "warroom_" + mode.replace("-", "_")


def game_type(mode: str) -> Any:
    game = get_mode(mode)
    return pyspiel.GameType(
        short_name=short_name(mode),
        long_name=f"warroom {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters(mode),
    )


def parameters(mode: str) -> dict[str, OptionValue]:
    """The game's parameters and their defaults: the player count, the mode's own options
    and the RL ones (one parameter each, so a game's name, `warroom_risk_classic(players=3,
    turn_limit=30)`, is what OpenSpiel's serialization writes and reads)."""
    game = get_mode(mode)
    return {
        "players": game.min_players,
        **{option.name: option.default for option in game.options},
        "reward": REWARDS[0],
        "max_steps": _DEFAULT_MAX_STEPS,
    }


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
    for refused in ("seed", "generator"):
        if refused in options:
            raise WarroomError(
                f"an OpenSpiel game takes no {refused}: its chance is explicit (chance nodes"
                " whose outcomes are in the history), not drawn from a generator"
            )
    params: dict[str, Any] = {key.replace("-", "_"): value for key, value in options.items()}
    if players is not None:
        params["players"] = int(players)
    return pyspiel.load_game(name, params)


class WarroomGame(pyspiel.Game):  # type: ignore[misc]
    """One mode's OpenSpiel game; `register` makes a subclass per mode, naming it."""

    mode: str

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        mode = self.mode
        kind = game_type(mode)
        full = {**kind.parameter_specification, **(params or {})}
        self.players = int(full.pop("players"))
        self.options = full
        self.table = Table(mode, self.players, **full)  # checks them now
        if self.table.max_steps < 1:  # it is the game's declared max_game_length
            raise WarroomError(
                f"an OpenSpiel game declares its longest game: max_steps must be at least 1,"
                f" not {self.table.max_steps} (the default is {_DEFAULT_MAX_STEPS:,})"
            )
        low, high = self.table.utility_range()
        super().__init__(
            kind,
            pyspiel.GameInfo(
                num_distinct_actions=ACTIONS,
                max_chance_outcomes=MAX_CHANCE_OUTCOMES,
                num_players=self.players,
                min_utility=low,
                max_utility=high,
                utility_sum=None,
                max_game_length=self.table.max_steps,
            ),
            {"players": self.players, **full},
        )
        self.table.reset_explicit()  # as far as the setup goes without chance: every game's start

    def new_initial_state(self) -> WarroomState:
        return WarroomState(self, self.table.clone())

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> WarroomObserver:
        """The seat's own observation (the default: public and its private information), or
        the public one alone (a spectator's view) where `private_info` is NONE. Every seat's
        private information at once, or no public information, is refused: the first would
        hand a learner what its seat cannot see."""
        if iig_obs_type is None:
            return WarroomObserver(public=False)
        if not iig_obs_type.public_info:
            raise ValueError("warroom observations always hold the public information")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("warroom observes no seat's hidden information but its own")
        return WarroomObserver(public=private == pyspiel.PrivateInfoType.NONE)


class WarroomState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: WarroomGame, table: Table) -> None:
        super().__init__(game)
        self.table = table

    def current_player(self) -> int:
        if self.table.chance:
            return int(pyspiel.PlayerId.CHANCE)
        if self.table.over:
            return int(pyspiel.PlayerId.TERMINAL)
        mover = self.table.mover()
        assert mover is not None
        return mover

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return _uniform(self.table.chance) if self.table.chance else []

    def _legal_actions(self, player: int) -> list[int]:
        if player == pyspiel.PlayerId.CHANCE:
            return list(range(self.table.chance))
        if self.table.over or self.table.mover() != player:
            return []
        return self.table.decision().legal_tokens()

    def _apply_action(self, action: int) -> None:
        # An illegal action is refused as OpenSpiel's own games refuse one (SpielError), the
        # state unchanged: the history, which is the game, holds only legal moves.
        try:
            if self.table.chance:
                self.table.resolve(int(action))
            else:
                self.table.step(int(action))
        except ValueError as illegal:
            raise pyspiel.SpielError(str(illegal)) from None
        if self.table.chance > MAX_CHANCE_OUTCOMES:
            raise WarroomError(
                f"a draw of {self.table.chance:,} outcomes is more than the"
                f" {MAX_CHANCE_OUTCOMES:,} an OpenSpiel game here declares"
            )

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance {action} of {self.table.chance}"
        return token_name(int(action))

    def is_terminal(self) -> bool:
        return self.table.over

    def returns(self) -> list[float]:
        return self.table.returns()

    def __str__(self) -> str:
        table = self.table
        text = "setting up" if table.state is None else repr(table.game.view(table.state, None))
        if table.chance:
            waiting = table.pending
            after = f" for {waiting[1]} by seat {waiting[0]}" if waiting is not None else ""
            text += f"\nchance: a draw of 1 in {table.chance}{after}"
        return text


def _uniform(bound: int) -> list[tuple[int, float]]:
    """A draw's outcomes, all equally likely: kept for the common sizes (read, never
    changed), built afresh for the rare large rolls rather than held for good."""
    return _kept(bound) if bound <= _KEPT else _listed(bound)


def _listed(bound: int) -> list[tuple[int, float]]:
    return [(outcome, 1.0 / bound) for outcome in range(bound)]


_KEPT = 6**5
_kept = cache(_listed)


class WarroomObserver:
    """What a seat may know: its view, and its own action under way; or, `public`, what
    every seat knows (a spectator's view), the same for every player."""

    def __init__(self, public: bool) -> None:
        self.public = public
        self.tensor = np.zeros(FEATURES, dtype=np.float32)
        self.dict = {"features": self.tensor}

    def set_from(self, state: WarroomState, player: int) -> None:
        self.tensor[:] = state.table.observation(None if self.public else player)

    def string_from(self, state: WarroomState, player: int) -> str:
        return state.table.observation_text(None if self.public else player)


def register_all() -> None:
    """Register every mode: importing this module does it, so that `pyspiel.load_game` and
    OpenSpiel's deserialization (`deserialize_game_and_state`, unpickling a state) find
    any warroom game in a fresh process, not only the ones `open_spiel_game` has loaded."""
    for game in modes():
        register(game.id)


register_all()
