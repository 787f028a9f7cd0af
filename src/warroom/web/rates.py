"""Per-client-address rate limits on creating games and acting: a moving window from the
`limits` package, kept in memory (a restart forgets it, which only ever lets more in)."""

from __future__ import annotations

import math
import time

from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from warroom.web.quotas import Quotas


class RateLimited(Exception):
    """A 429 refusal: the client must wait `retry_after` seconds (sent as Retry-After)."""

    def __init__(self, retry_after: int, message: str) -> None:
        super().__init__(message)
        self.retry_after = retry_after
        self.message = message


class ClientRates:
    """The rates of `Quotas` per client address, for creating games and for acting."""

    def __init__(self, quotas: Quotas) -> None:
        self.limiter = MovingWindowRateLimiter(MemoryStorage())
        self.rates: dict[str, list[RateLimitItem]] = {
            "create": parse_many(quotas.create_rate),
            "act": parse_many(quotas.action_rate),
        }

    def spend(self, kind: str, client: str) -> None:
        """Count one request of `kind` ("create" or "act") from `client`, or refuse it."""
        rates = self.rates[kind]
        for rate in rates:  # test every window before counting in any
            if not self.limiter.test(rate, kind, client):
                reset, _ = self.limiter.get_window_stats(rate, kind, client)
                wait = max(1, math.ceil(reset - time.time()))
                what = "games created" if kind == "create" else "actions"
                raise RateLimited(
                    wait,
                    f"too many {what} from your address (at most {rate}); try again in {wait} s",
                )
        for rate in rates:
            self.limiter.hit(rate, kind, client)
