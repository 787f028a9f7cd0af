"""Per-client-address limits: rates of creating games, acting, reading a game's data or the list of
games and claiming seats (a moving window from the `limits` package), and a cap on live
connections open at once. Both are kept in memory: a restart forgets them, which only ever lets
more in."""

from __future__ import annotations

import math
import threading
import time

from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from warroom.web.quotas import Quotas

# What each kind of request counts, in the refusal's words.
COUNTED = {
    "create": "games created",
    "act": "actions",
    "read": "reads of game data",
    "claim": "seat claims",
    "list": "reads of the list of games",
}


class RateLimited(Exception):
    """A 429 refusal: the client must wait `retry_after` seconds (sent as Retry-After)."""

    def __init__(self, retry_after: int, message: str) -> None:
        super().__init__(message)
        self.retry_after = retry_after
        self.message = message


class ClientRates:
    """The rates of `Quotas` per client address, one for each kind of request in COUNTED."""

    def __init__(self, quotas: Quotas) -> None:
        self.limiter = MovingWindowRateLimiter(MemoryStorage())
        self.rates: dict[str, list[RateLimitItem]] = {
            "create": parse_many(quotas.create_rate),
            "act": parse_many(quotas.action_rate),
            "read": parse_many(quotas.read_rate),
            "claim": parse_many(quotas.claim_rate),
            "list": parse_many(quotas.list_rate),
        }

    def spend(self, kind: str, client: str) -> None:
        """Count one request of `kind` (a key of COUNTED) from `client`, or refuse it."""
        rates = self.rates[kind]
        for rate in rates:  # test every window before counting in any
            if not self.limiter.test(rate, kind, client):
                reset, _ = self.limiter.get_window_stats(rate, kind, client)
                wait = max(1, math.ceil(reset - time.time()))
                raise RateLimited(
                    wait,
                    f"too many {COUNTED[kind]} from your address (at most {rate}); "
                    f"try again in {wait} s",
                )
        for rate in rates:
            self.limiter.hit(rate, kind, client)


class ClientSockets:
    """Live connections open per client address, at most `cap` each: every one holds a
    subscription and a queue in the hub. Safe from any thread (a test client runs each
    connection on its own event loop)."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.open: dict[str, int] = {}
        self.lock = threading.Lock()

    def take(self, client: str) -> bool:
        """Count one more connection from `client`, or say False when it holds `cap`."""
        with self.lock:
            held = self.open.get(client, 0)
            if held >= self.cap:
                return False
            self.open[client] = held + 1
            return True

    def release(self, client: str) -> None:
        """One connection `take` counted has ended; an address holding none is forgotten."""
        with self.lock:
            held = self.open[client] - 1
            if held:
                self.open[client] = held
            else:
                del self.open[client]
