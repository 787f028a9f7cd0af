"""Monte Carlo tree search with determinization, for any mode that supplies a `SearchKit`.

Information set MCTS (one observer): every iteration samples a full state consistent
with the bot's observation, walks the tree of action texts choosing by UCB among the actions
available in that sample, plays a cheap policy to a depth cutoff and scores the result
with the mode's heuristic evaluation. Chance (dice, draws) comes from the sample's own
freshly seeded generator, so each iteration sees different luck. Each node keeps the
value for the seat that chose the action into it, so opponents play for themselves.
A kit may ask for a paired root instead: the root's moves are tried in turn, each on the
same sample with the same chance, so their differences carry less luck.

A mode without a kit gets its greedy tier (or the random one) instead.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from math import log, sqrt
from typing import Any, Generic, TypeVar

from warroom.bots import Bot, register_tier
from warroom.core.actions import NUMBER, Action
from warroom.core.errors import IllegalAction, WarroomError
from warroom.core.game import Game, Seat

S = TypeVar("S")

DEFAULT_ITERATIONS = 500  # about a quarter second per decision on the 2-core dev machine
ROLLOUT_CAP = 400  # actions per rollout at most, whatever the cutoff says
EXPLORATION = 0.25  # UCB constant for rewards that are shares of strength in [0, 1]
MARGIN = 0.01  # how much better (in share of strength) a move must look to overrule the policy


@dataclass(frozen=True)
class SearchKit(Generic[S]):
    """What the search needs from a mode; everything but the game works on full states."""

    game: Game[S]
    determinize: Callable[[S, Seat, random.Random], S]
    """A full state agreeing with the seat's observation, what it masks sampled from the
    generator, with a fresh generator of its own for chance."""
    policy: Callable[[S, Seat, random.Random], Action]
    """The rollout policy: fast, and legal by construction."""
    candidates: Callable[[S, Seat], list[Action]]
    """The few actions worth searching, the policy's own choice first."""
    evaluate: Callable[[S], list[float]]
    """Each seat's value in [0, 1] (1 for a win) where rollouts stop."""
    horizon_over: Callable[[S, int], bool]
    """Whether a rollout started in turn `root_turn` has gone far enough."""
    turn: Callable[[S], int]
    rollout_start: Callable[[S], S] = lambda state: state
    """The state a rollout plays on from the tree's leaf: a mode may set options there that
    spare steps the policy decides alike, drawing the same chance (Classic RISK rolls the
    defender's dice at once, the most it may, as the policy always does)."""
    margin: float = MARGIN
    """How much better (in value) a move must look to overrule the policy's own."""
    paired: bool = False
    """Try the root's moves in turn, each on the same sampled state with the same chance
    (common random numbers), instead of by UCB: their difference then carries far less
    luck than independent samples would give it."""
    policy_play: Callable[[S, Seat, random.Random], S] | None = None
    """The policy's choice played in place on a state the iteration owns, the rollouts' step:
    a mode may play it by the rules' own effects without building an action and checking it
    again, since the policy builds only what the rules allow. It must play what `policy`
    chooses, as `play_owned` would; None: `policy` and `play_owned`."""


_KITS: dict[str, SearchKit[Any]] = {}


def register_search_kit(mode_prefix: str, kit: SearchKit[Any]) -> None:
    """Offer the search tier (`mcts`, `mcts:N`) for modes whose id starts with `mode_prefix`;
    a mode without a kit has no search tier rather than one that plays as another."""
    _KITS[mode_prefix] = kit
    register_tier("mcts", mode_prefix, make_mcts, takes_arg=True)


def search_kit(mode: str) -> SearchKit[Any] | None:
    for prefix in sorted(_KITS, key=len, reverse=True):
        if mode.startswith(prefix):
            return _KITS[prefix]
    return None


@dataclass(slots=True)
class _Node:
    seat: Seat  # who chose the action leading here
    visits: int = 0
    value: float = 0.0
    available: int = 0
    children: dict[Action, _Node] = field(default_factory=dict)


@dataclass
class SearchStats:
    """What the last decision cost, for benchmarks and the time-budget test."""

    iterations: int = 0
    seconds: float = 0.0
    values: dict[str, tuple[int, float]] = field(default_factory=dict)


class MctsBot(Generic[S]):
    """ISMCTS over a mode's kit, with an iteration budget per decision.

    The budget is iterations only, so a seeded game replays move for move on any machine
    under any load; `seconds` is for benchmarks that measure iterations a second, where
    the moves chosen do not matter.
    """

    name = "mcts"

    def __init__(
        self,
        kit: SearchKit[S],
        seed: int = 0,
        iterations: int = DEFAULT_ITERATIONS,
        seconds: float = math.inf,
    ) -> None:
        self.kit = kit
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.stats = SearchStats()

    def choose(self, seat: Seat, observation: S, legal: Sequence[Action]) -> Action:
        if not legal:
            raise WarroomError("no legal action to choose from")
        start = time.perf_counter()
        kit, game = self.kit, self.kit.game
        sample = kit.determinize(observation, seat, self.rng)
        root_moves = [a for a in kit.candidates(sample, seat) if a in legal]
        self.stats = SearchStats()
        if not root_moves:
            return legal[self.rng.randrange(len(legal))]
        if len(root_moves) == 1:
            return root_moves[0]
        root = _Node(seat)
        root_turn = kit.turn(sample)
        deadline = start + self.seconds
        done = 0
        state = sample
        while done < self.iterations and time.perf_counter() < deadline:
            if kit.paired:
                k = done % len(root_moves)
                if done and not k:
                    state = kit.determinize(observation, seat, self.rng)
                self._iterate(game, root, state, root_moves[k : k + 1], root_turn)
            else:
                if done:
                    state = kit.determinize(observation, seat, self.rng)
                self._iterate(game, root, state, root_moves, root_turn)
            done += 1
        best = _select(root, root_moves, kit.margin)
        self.stats = SearchStats(
            done,
            time.perf_counter() - start,
            {a.text(): (c.visits, c.value / max(c.visits, 1)) for a, c in root.children.items()},
        )
        return best

    def _iterate(
        self, game: Game[S], root: _Node, state: S, root_moves: list[Action], root_turn: int
    ) -> None:
        kit, rng = self.kit, self.rng
        to_move, horizon_over = game.to_move, kit.horizon_over
        node = root
        path: list[_Node] = []
        moves = root_moves
        # The sample may serve several iterations (`paired`): the first step copies it, and
        # the iteration's own states after it are played on in place (`play_owned`).
        owned = False
        while True:
            movers = to_move(state)
            if not movers or horizon_over(state, root_turn):
                break
            seat = movers[0]
            if node is not root:
                moves = kit.candidates(state, seat)
            children = node.children
            fresh: Action | None = None
            for a in moves:
                child = children.get(a)
                if child is not None:
                    child.available += 1
                elif fresh is None:
                    fresh = a
            if fresh is not None:
                child = _Node(seat, available=1)
                children[fresh] = child
                state = _apply(game, state, seat, fresh, rng, owned)
                owned = True
                path.append(child)
                break
            # The first child of the highest UCB score, as `max` by score would choose,
            # scored inline: one call less per child of every node walked.
            action, best = moves[0], -math.inf
            for a in moves:
                c = children[a]
                score = c.value / c.visits + EXPLORATION * sqrt(log(c.available) / c.visits)
                if score > best:
                    action, best = a, score
            node = children[action]
            state = _apply(game, state, seat, action, rng, owned)
            owned = True
            path.append(node)
        leaf, state = state, kit.rollout_start(state)
        owned = owned or state is not leaf
        policy, play = kit.policy, (game.play_owned if owned else game.play)
        policy_play = kit.policy_play
        steps = 0
        while steps < ROLLOUT_CAP and not horizon_over(state, root_turn):
            movers = to_move(state)
            if not movers:
                break
            seat = movers[0]
            if owned and policy_play is not None:
                try:
                    state = policy_play(state, seat, rng)
                except IllegalAction:  # a step it plays as an action after all, refused
                    state = _play_any(game, state, seat, rng)
            else:
                action = policy(state, seat, rng)
                try:
                    state = play(state, seat, action)
                except IllegalAction:
                    state = _play_any(game, state, seat, rng)
                play, owned = game.play_owned, True
            steps += 1
        rewards = kit.evaluate(state)
        for n in path:
            n.visits += 1
            n.value += rewards[n.seat]


def _select(root: _Node, moves: list[Action], margin: float) -> Action:
    """The policy's own move (listed first) unless another beats it by a clear margin.

    Sampled values differ by hundredths and carry dice noise; leaving the policy's move on
    thin evidence made the search no stronger than the policy it searches with.
    """

    def mean(a: Action) -> float:
        n = root.children.get(a)
        return n.value / n.visits if n is not None and n.visits else -1.0

    best = max(moves, key=mean)
    return best if mean(best) > mean(moves[0]) + margin else moves[0]


def _apply(
    game: Game[S], state: S, seat: Seat, action: Action, rng: random.Random, owned: bool
) -> S:
    """Play (no events: the search reads none), in place where the iteration owns the state;
    should a policy ever build an illegal action, play a random legal one instead."""
    try:
        return game.play_owned(state, seat, action) if owned else game.play(state, seat, action)
    except IllegalAction:
        return _play_any(game, state, seat, rng)


def _play_any(game: Game[S], state: S, seat: Seat, rng: random.Random) -> S:
    """A random legal action played."""
    legal = game.legal_actions(state, seat)
    return game.play(state, seat, legal[rng.randrange(len(legal))])


def make_mcts(mode: str, seed: int, arg: str | None = None) -> Bot:
    """The search tier; `arg` is the iteration budget ("mcts:50")."""
    kit = search_kit(mode)
    assert kit is not None  # the tier is registered only for modes with a kit
    iterations = DEFAULT_ITERATIONS
    if arg:
        if NUMBER.fullmatch(arg) is None or len(arg) > 9 or int(arg) < 1:
            raise WarroomError(
                f"mcts:N needs a positive whole number of iterations (up to 9 digits), not {arg!r}"
            )
        iterations = int(arg)
    return MctsBot(kit, seed, iterations)
