"""The same games on a Ray cluster (`pip install 'warroom[ray]'`); only this module imports Ray.

Batches are the same as on one machine and each game is seeded from its index, so a
cluster gives exactly the results of a laptop. Without an address Ray connects to the
cluster named by RAY_ADDRESS, or starts a local one.
"""

from __future__ import annotations

import os
from collections.abc import Generator, Mapping, Sequence
from typing import Any

from warroom.core.errors import WarroomError
from warroom.core.game import OptionValue
from warroom.sim.runner import GameResult, SimConfig, play_chunk


def run_ray(
    config: SimConfig,
    options: Mapping[str, OptionValue],
    batches: Sequence[Sequence[int]],
    address: str | None = None,
) -> Generator[list[GameResult]]:
    try:
        import ray
    except ImportError:
        raise WarroomError("the ray backend needs Ray: pip install 'warroom[ray]'") from None
    started = not ray.is_initialized()
    if started:
        target = address or os.environ.get("RAY_ADDRESS")  # Ray reads the same variable
        if target:
            _reachable(target)
        try:
            ray.init(address=address, include_dashboard=False, log_to_driver=False)
        except (ConnectionError, TimeoutError) as exc:  # a Ray Client that timed out
            raise WarroomError(f"cannot reach the Ray cluster at {target}: {exc}") from None
        except ValueError as exc:  # an address Ray cannot read ("localhost:notaport")
            raise WarroomError(
                f"{target!r} is no Ray cluster address (host:port, ray://host:port, or auto): {exc}"
            ) from None
    remote: Any = ray.remote(play_chunk)
    try:
        pending = [remote.remote(config, batch, dict(options)) for batch in batches]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield ray.get(ref)
    finally:
        if started:
            ray.shutdown()


def _reachable(address: str) -> None:
    """Refuse a cluster address nothing answers at, in seconds: Ray itself retries for ever,
    repeating its log lines. "auto", "local" and addresses without a port are Ray's to read."""
    import socket

    bare = address.removeprefix("ray://")
    host, colon, port = bare.rpartition(":")
    if not colon or not port.isdigit():
        if not address.startswith("ray://"):
            return
        host, port = bare, "10001"  # Ray Client's own default port
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=5).close()
    except OSError as exc:
        reason = exc.strerror or str(exc) or type(exc).__name__
        raise WarroomError(f"cannot reach the Ray cluster at {address}: {reason}") from None
