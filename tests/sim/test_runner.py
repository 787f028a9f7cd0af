"""The simulation runner: views only, reproducible across workers, every game ends."""

from __future__ import annotations

import multiprocessing
import re
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from warroom.bots import RandomBot, register_tier
from warroom.core.actions import Action
from warroom.core.errors import WarroomError
from warroom.core.rng import HiddenRng
from warroom.games.risk_classic import GAME, UNSEEN, RiskState
from warroom.sim import stats
from warroom.sim.runner import SimConfig, play_game, resolve_options, run

MODE = "risk-classic"
SEEN: list[tuple[int, int, Any]] = []


class SpyBot(RandomBot):
    """Records every observation it is handed, then plays at random."""

    def choose(self, seat: int, observation: Any, legal: Sequence[Action]) -> Action:
        SEEN.append((id(self), seat, observation))
        return super().choose(seat, observation, legal)


register_tier("spy", "risk", lambda mode, seed: SpyBot(seed), offered=False)

MARKS: list[Path] = []  # the folder where a marking bot notes its game (set before workers fork)


class MarkBot(RandomBot):
    """Leaves a file named by its seed (its game's and seat's) in `MARKS[0]`, then plays at
    random: which games were started, wherever they were played."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        (MARKS[0] / str(seed)).touch()


register_tier("mark", "risk", lambda mode, seed: MarkBot(seed), offered=False)


def _rows(results: Sequence[Any]) -> list[dict[str, Any]]:
    return [{k: v for k, v in r.row().items() if k != "seconds"} for r in results]


def test_bots_get_only_their_seats_view() -> None:
    SEEN.clear()
    config = SimConfig(MODE, 1, ("spy",), 3, seed=2, options={"turn_limit": 10})
    play_game(config, 0, resolve_options(config))
    assert SEEN
    seats: dict[int, set[int]] = {}
    for bot, seat, observation in SEEN:
        assert isinstance(observation, RiskState)
        assert seat in GAME.to_move(observation)
        assert isinstance(observation.rng, HiddenRng)
        assert all(card == UNSEEN for card in observation.deck)
        for other, hand in enumerate(observation.hands):
            assert UNSEEN not in hand if other == seat else hand == [UNSEEN] * len(hand)
        seats.setdefault(bot, set()).add(seat)
    assert all(len(s) == 1 for s in seats.values())  # each bot only ever sees its own seat


def test_same_seed_same_results_with_one_or_two_workers() -> None:
    config = SimConfig(MODE, 8, ("greedy", "random"), 2, seed=7)
    one = run(config, workers=1)
    two = run(config, workers=2)
    assert _rows(one) == _rows(two)
    assert [r.game for r in one] == list(range(8))
    assert {r.lineup for r in one} == {("greedy", "random"), ("random", "greedy")}
    other = run(SimConfig(MODE, 8, ("greedy", "random"), 2, seed=8), workers=1)
    assert _rows(other) != _rows(one)


def test_every_game_ends_with_a_recorded_reason() -> None:
    capped = run(SimConfig(MODE, 2, ("random",), 2, seed=1, action_cap=50), workers=1)
    assert {r.ending for r in capped} == {"action-cap"} and all(not r.winners for r in capped)
    limited = run(SimConfig(MODE, 2, ("random",), 2, options={"turn_limit": 5}), workers=1)
    assert {r.ending for r in limited} == {"turn-limit"} and all(r.turns == 5 for r in limited)
    assert resolve_options(SimConfig(MODE, 1, ("random",), 2))["turn_limit"] > 0


def test_refusals() -> None:
    with pytest.raises(Exception, match="one bot tier per seat"):
        run(SimConfig(MODE, 1, ("random", "random"), 3))
    with pytest.raises(Exception, match="no bot tier"):
        run(SimConfig(MODE, 1, ("nobody",), 2))


def test_refusals_of_workers() -> None:
    for workers in (0, -1):
        with pytest.raises(WarroomError, match=f"--workers must be at least 1, not {workers}"):
            run(SimConfig(MODE, 1, ("random",), 2), workers=workers)


def test_a_run_stopped_early_stops_its_workers(tmp_path: Path) -> None:
    """Ctrl-C (here from the progress callback) ends the games in hand and drops the rest:
    the executor's own shutdown used to play every queued game out first, the progress bar
    stopped and the command apparently hung."""
    MARKS[:] = [tmp_path]
    games = 400
    config = SimConfig(MODE, games, ("mark",), 2, seed=3, options={"turn_limit": 2})

    def interrupt(_: object) -> None:
        raise KeyboardInterrupt

    before = set(multiprocessing.active_children())  # other tests' in this process, if any
    with pytest.raises(KeyboardInterrupt):
        run(config, workers=2, on_result=interrupt)
    # A worker the executor's own thread reaped a moment after ours had waited for it is
    # listed until that thread records its exit code: wait for that, not for a fixed time.
    deadline = time.monotonic() + 30
    while (left := set(multiprocessing.active_children()) - before) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not left, f"workers left running: {left}"
    started = len(list(tmp_path.iterdir())) // 2  # two bots a game
    assert 0 < started < games // 2


def test_wilson_interval() -> None:
    lo, hi = stats.wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    assert stats.wilson(0, 10) == (0.0, pytest.approx(0.2775, abs=1e-4))
    assert stats.wilson(10, 10)[1] == pytest.approx(1.0)


def test_wilson_interval_holds_the_rate_at_no_wins_and_all_wins() -> None:
    # Rounding put the bound past the rate (3 games, 0 wins: low 1e-17), so a plot's error
    # bar went negative and matplotlib refused it.
    for n in range(1, 60):
        assert stats.wilson(0, n)[0] == 0.0 and stats.wilson(n, n)[1] == 1.0
        for k in range(n + 1):
            lo, hi = stats.wilson(k, n)
            assert lo <= k / n <= hi


def test_ray_backend_matches_processes() -> None:
    pytest.importorskip("ray")
    config = SimConfig(MODE, 4, ("greedy", "random"), 2, seed=3)
    assert _rows(run(config, workers=2, backend="ray")) == _rows(run(config, workers=1))


def test_a_ray_address_nothing_answers_at_is_refused_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ray retries an unreachable cluster for ever, repeating its log lines (still hanging
    after 400 s); the address is tried first, given or from RAY_ADDRESS, and a Ray Client
    address without a port at Ray Client's own port."""
    pytest.importorskip("ray")
    import socket

    with socket.socket() as free:  # a port nothing listens on once closed
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    config = SimConfig(MODE, 1, ("random",), 2, seed=3)
    with pytest.raises(WarroomError, match=f"cannot reach the Ray cluster at 127.0.0.1:{port}"):
        run(config, workers=1, backend="ray", ray_address=f"127.0.0.1:{port}")
    monkeypatch.setenv("RAY_ADDRESS", f"127.0.0.1:{port}")
    with pytest.raises(WarroomError, match=f"cannot reach the Ray cluster at 127.0.0.1:{port}"):
        run(config, workers=1, backend="ray")
    monkeypatch.delenv("RAY_ADDRESS")
    with socket.socket() as client_port:
        if client_port.connect_ex(("127.0.0.1", 10001)) == 0:
            return  # a Ray Client answers on this machine: nothing to refuse
    with pytest.raises(WarroomError, match=re.escape("Ray cluster at ray://127.0.0.1: ")):
        run(config, workers=1, backend="ray", ray_address="ray://127.0.0.1")


@pytest.mark.parametrize("address", ["garbage address", "localhost:notaport"])
def test_a_ray_address_ray_cannot_read_is_one_refusal(address: str) -> None:
    """Ray's own ValueError on an address it cannot parse came out as a 70-line traceback."""
    pytest.importorskip("ray")
    config = SimConfig(MODE, 1, ("random",), 2, seed=3)
    with pytest.raises(WarroomError, match="is no Ray cluster address"):
        run(config, workers=1, backend="ray", ray_address=address)


def test_no_more_worker_processes_than_batches_of_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """`--workers 100000` for one game forked a process per worker (a pool forks them all
    at once) until the machine gave out; the pool is as big as the work."""
    from warroom.sim import runner

    sizes: list[int] = []
    real = runner.ProcessPoolExecutor

    def counted(max_workers: int, **kwargs: Any) -> Any:
        sizes.append(max_workers)
        return real(max_workers=max_workers, **kwargs)

    monkeypatch.setattr(runner, "ProcessPoolExecutor", counted)
    config = SimConfig("risk-classic", 2, ("random",), 2, seed=1, options={"turn_limit": 3})
    assert len(run(config, workers=16)) == 2
    assert sizes == [2]
