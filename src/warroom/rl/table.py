"""One game played token by token, the part the Gymnasium, PettingZoo and OpenSpiel adapters
share: the state, the decision under way, each seat's observation and mask, and the rewards.

It plays on the rules' event-free step (`Game.play`, the path search and simulation use) and
never hands out the state: a seat gets its view's features and its own mask, nothing else.

Chance is drawn from a seeded generator (`reset`), or made explicit (`reset_explicit`, what
OpenSpiel plays): the state's generator is then a `ScriptedRng`, and a step (or the setup)
that draws past the outcomes given so far waits at a chance node of `chance` equally likely
outcomes until `resolve` gives one; it is then retried from the state it began at, which a
step never changes (rules draw from their own copy of the generator).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from warroom.bots import Bot
from warroom.core.actions import Action
from warroom.core.errors import WarroomError
from warroom.core.game import Game, Option, OptionValue, Outcome, Seat
from warroom.core.match import DEFAULT_GENERATOR
from warroom.core.registry import get_mode
from warroom.core.rng import GENERATORS, ChanceNeeded, Script, ScriptedRng
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
rank: +1 first to -1 last by the outcome's ranking, the winners first and sharing their places
(each gets their mean: a two-player draw is 0 for both), and so does each losing team."""


Moves = tuple[int, "Moves"] | None


def token_of(action: object) -> int:
    """The token an adapter's `step` was given: a whole number (a Python or NumPy integer, or
    a 0-d integer array); `int()` alone took 12.7 as 12 and "12" as 12. One out of range is
    a masked-out token, as any other."""
    if isinstance(action, np.ndarray) and action.ndim == 0:
        action = action.item()
    if isinstance(action, int | np.integer) and not isinstance(action, bool | np.bool_):
        return int(action)
    raise ValueError(f"an action is a whole-number token 0 to {ACTIONS - 1}, not {action!r}")


# The options every mode takes here besides its own, checked as a mode's are (a clear error
# for a bad value, not a Python one from deep inside).
_PLAYERS = Option("players", 0, "how many seats")
_REWARD = Option("reward", REWARDS[0], "how an outcome becomes returns", REWARDS)
_MAX_STEPS = Option("max_steps", 0, "truncate after this many tokens (0: never)", minimum=0)
_GENERATOR = Option("generator", DEFAULT_GENERATOR, "what chance draws from", tuple(GENERATORS))


class Table:
    """A game of `mode` for `players` seats; `options` are the mode's own plus the RL ones
    (`reward`, `max_steps`: a truncation after that many tokens, 0 for none, and the
    `generator` chance is drawn from)."""

    def __init__(self, mode: str, players: int | None = None, **options: object) -> None:
        self.game: Game[Any] = get_mode(mode)
        self.players = self.game.min_players if players is None else int(_PLAYERS.check(players))
        if not self.game.min_players <= self.players <= self.game.max_players:
            span = f"{self.game.min_players} to {self.game.max_players}"
            raise WarroomError(f"{self.game.title} is for {span} players, not {self.players}")
        self.reward = str(_REWARD.check(options.pop("reward", _REWARD.default)))
        self.max_steps = int(_MAX_STEPS.check(options.pop("max_steps", _MAX_STEPS.default)))
        self.generator = str(_GENERATOR.check(options.pop("generator", _GENERATOR.default)))
        self.options: dict[str, OptionValue] = self.game.resolve_options(options)
        self.features = Features()
        self.state: Any = None  # None only while explicit chance sets the game up
        self.steps = 0
        self._decision: Decision | None = None
        self.bots: dict[Seat, Bot] = {}
        # Explicit chance: the script the state's generator reads, the outcomes given to the
        # step under way and the draws before it, the bound of the draw waited on (0: none),
        # the seat's action that waits on it, and every token and outcome given, the last
        # first (a chain of pairs, shared by clones), which replays the game.
        self.script: Script | None = None
        self.outcomes: tuple[int, ...] = ()
        self.drawn = 0
        self.chance = 0
        self._pending: tuple[Seat, Action] | None = None
        self._moves: Moves = None

    action_count = ACTIONS
    feature_count = FEATURES

    def reset(self, seed: int, bots: Mapping[Seat, Bot] | None = None) -> None:
        """A new game drawing chance from the `generator` at `seed`."""
        self.state = self.game.new_game(self.players, seed, self.options, self.generator)
        self._restart(bots)
        self.script = None
        self._settle()

    def reset_explicit(self) -> None:
        """A new game with explicit chance: it begins at a chance node while the setup draws."""
        self.state = None
        self._restart(None)
        self.script = Script()
        if self._attempt():
            self._settle()

    def _restart(self, bots: Mapping[Seat, Bot] | None) -> None:
        self.steps = 0
        self._decision = None
        self.bots = dict(bots or {})
        self.outcomes = ()
        self.drawn = 0
        self.chance = 0
        self._pending = None
        self._moves = None

    def resolve(self, outcome: int) -> None:
        """The chance node's outcome (0 to `chance` - 1, each equally likely): the step
        waiting on it is played again with it, and goes on to the next real choice or the
        next chance node."""
        if not 0 <= outcome < self.chance:
            raise ValueError(f"no chance node with an outcome {outcome} here")
        self.outcomes += (outcome,)
        self._moves = (outcome, self._moves)
        if self._attempt():
            self._settle()

    def _attempt(self) -> bool:
        """Play what is under way (the setup while there is no state, else the pending
        action) on the outcomes given so far; False when it waits at a chance node."""
        script = self.script
        if script is not None:  # clones share the script: set it each time
            script.outcomes, script.start = self.outcomes, self.drawn
        try:
            if self.state is None:
                assert self.script is not None, "only explicit chance begins with no state"
                self.state = self.game.setup(self.players, ScriptedRng(self.script), self.options)
            elif self._pending is not None:
                seat, action = self._pending
                self.state = self.game.play(self.state, seat, action)
        except ChanceNeeded as need:
            self.chance = need.bound
            return False
        self.chance = 0
        self._pending = None
        self.drawn += len(self.outcomes)
        self.outcomes = ()
        return True

    def _settle(self) -> None:
        """Play on until a learner has a real choice (or a chance node): bots' decisions,
        and actions forced because a learner has only one, where nobody learns from it.

        With several learners (PettingZoo, OpenSpiel), a single action that only its seat
        can tell is forced (`Game.choices_public`: a pass because the hand holds nothing to
        play) is asked for as the web and terminal ask it: played for the seat, who moves
        next and what the table shows would tell the others the hand. A learner alone
        against bots has it played: bots do not watch whose turn it is."""
        alone = len(self.bots) >= self.players - 1
        while self._decision is None and (seat := self.mover()) is not None:
            bot = self.bots.get(seat)
            if bot is not None:
                legal = self.game.legal_actions(self.state, seat)
                action = bot.choose(seat, self.game.observe(self.state, seat), legal)
            else:
                ask = not alone and not self.game.choices_public(self.state, seat)
                decision = Decision.start(seat, self.game.legal_actions(self.state, seat), ask)
                forced = decision.action
                if forced is None:
                    self._decision = decision
                    return
                action = forced
            self._pending = (seat, action)
            if not self._attempt():
                return

    def clone(self) -> Table:
        """An independent copy: rule states are never changed in place, so they are shared
        (the script too, which `_attempt` sets before each use); the action under way is
        copied (bots, whose generators move, are not cloned)."""
        twin = Table.__new__(Table)  # not copy.copy, which would pickle (`__reduce_ex__`)
        twin.__dict__.update(self.__dict__)
        if self._decision is not None:
            twin._decision = self._decision.copy()
        return twin

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        """What OpenSpiel's clone calls (on each state's attributes): `clone`."""
        return self.clone()

    def moves(self) -> list[int]:
        """Every token and chance outcome given since `reset_explicit`, in order."""
        out: list[int] = []
        link = self._moves
        while link is not None:
            out.append(link[0])
            link = link[1]
        return out[::-1]

    def __reduce_ex__(self, protocol: Any) -> Any:
        """With explicit chance, what is pickled (OpenSpiel's serialization of a state) is
        the game and its moves, replayed when loaded: no state, board or generator."""
        if self.script is None:
            return object.__reduce_ex__(self, protocol)
        options = {
            **self.options,
            "reward": self.reward,
            "max_steps": self.max_steps,
            "generator": self.generator,
        }
        return (replayed, (self.game.id, self.players, options, self.moves()))

    # -- whose turn ------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.outcome is not None or self.truncated

    @property
    def outcome(self) -> Outcome | None:
        if self.state is None:
            return None
        outcome: Outcome | None = self.game.outcome(self.state)
        return outcome

    @property
    def truncated(self) -> bool:
        """After `max_steps` tokens, once the last action's chance is given, unless that
        action ended the game (then it has an outcome: terminated, not truncated)."""
        return (
            bool(self.max_steps)
            and self.steps >= self.max_steps
            and not self.chance
            and self.outcome is None
        )

    def mover(self) -> Seat | None:
        """The seat deciding now (the first of several sealed deciders), None when over or
        at a chance node. Between steps this is always a learner with a real choice (or with
        a single action only it can tell is forced, `_settle`)."""
        if self.over or self.chance:
            return None
        movers = self.game.to_move(self.state)
        return movers[0] if movers else None

    @property
    def pending(self) -> tuple[Seat, Action] | None:
        """The action waiting on the chance node (None at the setup's)."""
        return self._pending if self.chance else None

    def decision(self) -> Decision:
        """The action the learner to move is spelling out."""
        if self._decision is None:
            raise WarroomError("chance is to play now" if self.chance else "the game is over")
        return self._decision

    # -- acting ----------------------------------------------------------------------------
    def step(self, token: int) -> Action | None:
        """The mover takes one token; the action once the tokens name one (then applied)."""
        decision = self.decision()
        decision.choose(int(token))
        self.steps += 1
        if self.script is not None:
            self._moves = (int(token), self._moves)
        action = decision.action
        if action is not None:
            self._pending = (decision.seat, action)
            done = self._attempt()  # a step that raises changes nothing: the decision stays
            self._decision = None
            if done:
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
    def _own_prefix(self, seat: Seat | None) -> list[Any]:
        decision = self._decision
        return decision.shown if decision is not None and decision.seat == seat else []

    def observation(self, seat: Seat | None) -> np.ndarray:
        """The seat's features: its view and its own action under way, nothing else (all
        zero while explicit chance sets the game up); None: a spectator's, the public view."""
        if self.state is None:
            return np.zeros(FEATURES, dtype=np.float32)
        return seat_features(self.features, self.game, self.state, seat, self._own_prefix(seat))

    def observation_text(self, seat: Seat | None) -> str:
        if self.state is None:
            return "setting up"
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
        # Seats that hold places together share them, each getting their mean: the winners
        # the first places (a two-player draw: 0 each), then each team (`Game.known_to`:
        # teammates lose together, where a ranking may list them in seat order) in the
        # order of its first seat in the outcome's ranking.
        groups = [winners]
        placed = set(winners)
        for seat in (*outcome.ranking, *range(self.players)):
            if seat not in placed:
                team = set(self.game.known_to(self.state, seat)) - placed
                groups.append(team)
                placed |= team
        place: dict[Seat, float] = {}
        first = 0
        for group in groups:
            place.update(dict.fromkeys(group, first + (len(group) - 1) / 2))
            first += len(group)
        last = max(1, self.players - 1)
        return [1.0 - 2.0 * place[s] / last for s in range(self.players)]

    def utility_range(self) -> tuple[float, float]:
        return (0.0, 1.0) if self.reward == "share" else (-1.0, 1.0)


def check_render_mode(render_mode: str | None, metadata: dict[str, Any]) -> None:
    """Refuse a render mode the environment does not have (Gymnasium's and PettingZoo's
    environments take one as an argument)."""
    if render_mode is not None and render_mode not in metadata["render_modes"]:
        modes = ", ".join(repr(m) for m in metadata["render_modes"])
        raise WarroomError(f"render_mode {render_mode!r} is not one of {modes} (or None)")


def replayed(mode: str, players: int, options: dict[str, Any], moves: list[int]) -> Table:
    """The explicit-chance table that `moves` (tokens and chance outcomes) lead to."""
    table = Table(mode, players, **options)
    table.reset_explicit()
    for move in moves:
        if table.chance:
            table.resolve(move)
        else:
            table.step(move)
    return table
