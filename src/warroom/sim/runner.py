"""Many games between bots, reproducibly, on all cores of one machine (or a Ray cluster).

Each game's seed comes from the master seed and the game's index, and each bot's seed
from the game's seed and its seat, so a game's result does not depend on which worker
plays it or in what order: the same seed gives the same table with any number of workers.
Seats are rotated through the lineup so no bot keeps the first seat.

Where a compiled fast path (`warroom.fast`) plays the mode with the lineup's bots, games go
through it by default (`engine="auto"`); it makes the same moves as the rules code and bots,
so the results are the same either way, only sooner. `engine="python"` always uses the rules.

Every game ends: the mode's own `turn_limit` option is set (unless given) where the mode
has one, and an action cap catches anything else; the reason is recorded per game.
"""

from __future__ import annotations

import os
import re
import signal
import time
from collections.abc import Callable, Generator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from warroom import fast
from warroom.bots import make_bot
from warroom.core.errors import WarroomError
from warroom.core.game import OptionValue
from warroom.core.registry import get_mode
from warroom.core.rng import Rng
from warroom.fast import Played

DEFAULT_TURN_LIMIT = 300
DEFAULT_ACTION_CAP = 200_000
ACTION_CAP_REASON = "action cap reached (stalemate guard, not a rulebook ending)"
_BOT_SALT = 0xB07_5EED
ENGINES = ("auto", "fast", "python")


@dataclass(frozen=True)
class SimConfig:
    """What to play: `bots` is one tier spec per seat (or one for every seat), rotated."""

    mode: str
    games: int
    bots: tuple[str, ...]
    players: int
    seed: int = 0
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    rotate: bool = True
    action_cap: int = DEFAULT_ACTION_CAP
    engine: str = "auto"  # "auto": the fast path where there is one; "fast"; "python"

    def lineup(self, index: int) -> tuple[str, ...]:
        """The tier spec in each seat for game `index`."""
        bots = self.bots if len(self.bots) > 1 else self.bots * self.players
        shift = index % self.players if self.rotate else 0
        return tuple(bots[(seat + shift) % self.players] for seat in range(self.players))


@dataclass(frozen=True)
class GameResult:
    """One finished game, as one row of the output table."""

    game: int
    seed: int
    lineup: tuple[str, ...]
    factions: tuple[str, ...]
    winners: tuple[int, ...]
    reason: str
    ending: str  # "rulebook", "turn-limit" or "action-cap"
    turns: int | None
    actions: int
    seconds: float
    teams: tuple[str, ...] = ()  # per seat, where the mode has teams
    order: tuple[int, ...] = ()  # the seats in turn order, where the mode has one

    def row(self) -> dict[str, Any]:
        out: dict[str, Any] = {"game": self.game, "seed": self.seed}
        for seat, (bot, faction) in enumerate(zip(self.lineup, self.factions, strict=True)):
            out[f"seat{seat}_bot"] = bot
            out[f"seat{seat}_faction"] = faction
            if self.teams:
                out[f"seat{seat}_team"] = self.teams[seat]
            if self.order:
                out[f"seat{seat}_position"] = self.order.index(seat) + 1
        out.update(
            winners=" ".join(map(str, self.winners)),
            winner_bots=" ".join(self.lineup[s] for s in self.winners),
            ending=self.ending,
            reason=self.reason,
            turns=self.turns,
            actions=self.actions,
            seconds=round(self.seconds, 4),
        )
        return out


def game_seed(master: int, index: int) -> int:
    """A well-mixed seed per game, from the master seed and the game's index alone."""
    return Rng(master, index).next_u64()


def bot_seed(seed: int, seat: int) -> int:
    return Rng(seed ^ _BOT_SALT, seat).next_u64()


def with_turn_cap(mode: str, given: Mapping[str, object]) -> dict[str, object]:
    """`given` with the bots' turn cap filled in where the mode has a turn limit and none is
    given: random bots may never end a game of RISK."""
    out = dict(given)
    names = {o.name for o in get_mode(mode).options}
    if "turn_limit" in names and "turn_limit" not in out and "turn-limit" not in out:
        out["turn_limit"] = DEFAULT_TURN_LIMIT
    return out


def resolve_options(config: SimConfig) -> dict[str, OptionValue]:
    """The mode's options with the simulation's turn cap filled in where it has one."""
    return get_mode(config.mode).resolve_options(with_turn_cap(config.mode, config.options))


def play_game(config: SimConfig, index: int, options: Mapping[str, OptionValue]) -> GameResult:
    """Play game `index` to its end, through the fast path or the rules (`config.engine`)."""
    seed = game_seed(config.seed, index)
    lineup = config.lineup(index)
    seeds = [bot_seed(seed, s) for s in range(len(lineup))]
    start = time.perf_counter()
    done = None
    if config.engine != "python":
        done = fast.play(
            config.mode, config.players, seed, lineup, seeds, options, config.action_cap
        )
        if done is None and config.engine == "fast":
            raise WarroomError(
                f"no fast path plays {config.mode} with bots {', '.join(lineup)} and these "
                "options; use engine auto or python"
            )
    if done is None:
        done = play_rules(config, seed, lineup, seeds, options)
    if done.reason is None:
        reason, ending = ACTION_CAP_REASON, "action-cap"
    else:
        reason = done.reason
        ending = "turn-limit" if "turn limit" in reason else "rulebook"
    return GameResult(
        index,
        seed,
        lineup,
        done.factions,
        done.winners,
        reason,
        ending,
        done.turns,
        done.actions,
        time.perf_counter() - start,
        done.teams,
        done.order,
    )


def play_rules(
    config: SimConfig,
    seed: int,
    lineup: Sequence[str],
    bot_seeds: Sequence[int],
    options: Mapping[str, OptionValue],
) -> Played:
    """A game through the rules code; bots see only `game.observe(state, seat)`."""
    game = get_mode(config.mode)
    bots = [make_bot(spec, config.mode, s) for spec, s in zip(lineup, bot_seeds, strict=True)]
    state = game.new_game(config.players, seed, options)
    actions = 0
    outcome = game.outcome(state)
    while outcome is None and actions < config.action_cap:
        movers = game.to_move(state)
        if not movers:
            raise WarroomError(f"{config.mode}: nobody to move but no outcome (seed {seed})")
        seat = movers[0]  # simultaneous deciders act one at a time, each on the latest state
        legal = game.legal_actions(state, seat)
        action = bots[seat].choose(seat, game.observe(state, seat), legal)
        # The same checks as apply, no events; in place, since no one reads the old state
        # (observations share nothing a step changes in place).
        state = game.play_owned(state, seat, action)
        actions += 1
        outcome = game.outcome(state)
    # Labels read at the end: a mode may name seats by factions chosen during the game.
    factions = tuple(game.seat_names(state))
    turn = game.view(state, None).get("turn")
    return Played(
        factions,
        outcome.winners if outcome else (),
        outcome.reason if outcome else None,
        turn if isinstance(turn, int) else None,
        actions,
        tuple(game.team_names(state) or ()),
        game.turn_order(state),
    )


def play_chunk(
    config: SimConfig, indices: Sequence[int], options: Mapping[str, OptionValue]
) -> list[GameResult]:
    return [play_game(config, i, options) for i in indices]


def chunks(games: int, workers: int) -> list[range]:
    """Small batches (several per worker) so the progress bar moves and loads balance."""
    size = max(1, min(50, games // (workers * 8) or 1))
    return [range(i, min(games, i + size)) for i in range(0, games, size)]


MAX_GAMES = 1_000_000
"""The most games one run plays: every game's result is kept for the report (about 1 KB
each), so a run of 10**20 games filled the memory before its first game was played."""


def run(
    config: SimConfig,
    workers: int | None = None,
    backend: str = "process",
    on_result: Callable[[GameResult], None] | None = None,
    ray_address: str | None = None,
) -> list[GameResult]:
    """Play every game; results come back ordered by game index whatever the scheduling."""
    if config.games < 1:
        raise WarroomError("simulate at least one game")
    if config.games > MAX_GAMES:
        raise WarroomError(
            f"at most {MAX_GAMES:,} games a run (every result is kept for the report): "
            "split a bigger study into runs with different --seed values"
        )
    game = get_mode(config.mode)
    if not game.min_players <= config.players <= game.max_players:
        raise WarroomError(
            f"{game.title} is for {game.min_players} to {game.max_players} players, "
            f"not {config.players}"
        )
    if len(config.bots) not in (1, config.players):
        raise WarroomError(
            f"give one bot tier per seat ({config.players}) or one for all, not {len(config.bots)}"
        )
    for spec in set(config.bots):
        make_bot(spec, config.mode, 0)  # refuse an unknown tier before starting workers
    if config.engine not in ENGINES:
        raise WarroomError(f"unknown engine {config.engine!r} ({', '.join(ENGINES)})")
    if workers is not None and workers < 1:
        raise WarroomError(f"--workers must be at least 1, not {workers}")
    options = resolve_options(config)
    workers = workers or os.cpu_count() or 1
    if backend == "ray":
        from warroom.sim.ray_backend import run_ray

        stream = run_ray(config, options, chunks(config.games, workers), ray_address)
    elif backend == "process":
        stream = _run_local(config, options, workers)
    else:
        raise WarroomError(f"unknown backend {backend!r} (process or ray)")
    results: list[GameResult] = []
    try:
        for batch in stream:
            for r in batch:
                results.append(r)
                if on_result is not None:
                    on_result(r)
    finally:
        stream.close()  # stopped early (Ctrl-C in `on_result`, an error): stop the workers now
    results.sort(key=lambda r: r.game)
    return results


def _run_local(
    config: SimConfig, options: Mapping[str, OptionValue], workers: int
) -> Generator[list[GameResult]]:
    batches = chunks(config.games, workers)
    # No more processes than batches: a pool forks all of its workers at once, so
    # `--workers 100000` for one game forked until the machine gave out.
    workers = min(workers, len(batches))
    if workers == 1:
        for batch in batches:
            yield play_chunk(config, batch, options)
        return
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_leave_interrupts_to_the_parent)
    try:
        pending: set[Future[list[GameResult]]] = {
            pool.submit(play_chunk, config, batch, options) for batch in batches
        }
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for f in finished:
                yield f.result()
    except BaseException:
        # Ctrl-C, a failed game, or the caller stopping: end the games in hand and drop the
        # rest now, rather than play them all out behind a stopped progress bar (the
        # executor's shutdown waits for every chunk it has queued).
        # The executor offers no public handle on its processes; `_processes` is the one
        # it keeps (CPython 3.8 to 3.13).
        processes = list((pool._processes or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()
        for process in processes:
            process.join()
        raise
    pool.shutdown()


def _leave_interrupts_to_the_parent() -> None:
    """A worker ignores Ctrl-C (the terminal sends it to every process of the command): the
    parent stops the run and ends the workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


_NUMBER = re.compile(r"\d+")


def reason_kind(reason: str) -> str:
    """A reason with its numbers (seats, turns) replaced by N, to count endings by kind."""
    return _NUMBER.sub("N", reason)
