"""What one client or one game may cost a served instance, with defaults real play never meets.

Creating games and acting are anonymous, so each is rate-limited per client address
(`warroom.web.rates`). A game's record is capped, lower when no person holds a seat,
because bots (random ones above all) may never finish. A seat may undo only so often in
a row, so place-and-undo cannot grow a record without end.
"""

from __future__ import annotations

from dataclasses import dataclass

# The defaults, as constants so that the command line shows them without loading `limits`.
CREATE_RATE = "30/minute;300/day"  # games created per client address
ACTION_RATE = "20/second;600/minute"  # actions posted per client address
RECORD_WITH_PEOPLE = 50_000  # longest record of a game with a human or open seat
RECORD_BOTS_ONLY = 20_000  # longest record of a game between bots
UNDOS_IN_A_ROW = 30  # undos a seat may make before another seat acts


@dataclass(frozen=True, slots=True)
class Quotas:
    """The limits of one server; rates are `limits` strings such as "30/minute;300/day"."""

    create_rate: str = CREATE_RATE
    action_rate: str = ACTION_RATE
    record_with_people: int = RECORD_WITH_PEOPLE
    record_bots_only: int = RECORD_BOTS_ONLY
    undos_in_a_row: int = UNDOS_IN_A_ROW

    def __post_init__(self) -> None:
        from limits import parse_many

        for rate in (self.create_rate, self.action_rate):
            parse_many(rate)  # a ValueError that names the string
        if min(self.record_with_people, self.record_bots_only, self.undos_in_a_row) < 1:
            raise ValueError("the record caps and the undo limit must be at least 1")
