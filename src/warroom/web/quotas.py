"""What one client or one game may cost a served instance, with defaults real play never meets.

Creating games, acting, reading a game's data or the list of games and claiming seats are
anonymous, so each is rate-limited per client address (`warroom.web.rates`), and so is the
number of live connections an address holds open, each a subscription and a queue in the hub. A
game's record is capped, lower when no person holds a seat, because bots (random ones above all)
may never finish. A seat may undo only so often in a row, so place-and-undo cannot grow a record
without end.
"""

from __future__ import annotations

from dataclasses import dataclass

# The defaults, as constants so that the command line shows them without loading `limits`.
CREATE_RATE = "30/minute;300/day"  # games created per client address
ACTION_RATE = "20/second;600/minute"  # actions posted per client address
# Reads of one game's data (state, log, save, summary, odds) per client address. A page
# makes one now and then, and a burst when it opens: the earlier log, 1000 events a request
# one after another (a few for most games; over 100 at the record cap, which the page then
# fetches at this pace, waiting out each 429).
READ_RATE = "30/second;1200/minute"
CLAIM_RATE = "20/minute;200/day"  # open seats claimed per client address
# Reads of the lobby's list of games (every game's row) per client address. A lobby page asks
# when it opens, after each game it makes and every 10 s: some 8 a minute, so this leaves
# room for dozens of lobbies open behind one address (a classroom's).
LIST_RATE = "5/second;300/minute"
SOCKETS = 32  # live connections (game pages, WebSockets) open at once per client address
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
    read_rate: str = READ_RATE
    claim_rate: str = CLAIM_RATE
    sockets: int = SOCKETS
    list_rate: str = LIST_RATE

    def __post_init__(self) -> None:
        from limits import parse_many

        rates = (self.create_rate, self.action_rate, self.read_rate, self.claim_rate)
        for rate in (*rates, self.list_rate):
            # a ValueError that names the string; "0/second" parsed, and refused everything
            if any(item.amount < 1 for item in parse_many(rate)):
                raise ValueError(f"{rate!r} allows nothing: a rate is 1 or more a period")
        if min(self.record_with_people, self.record_bots_only, self.undos_in_a_row) < 1:
            raise ValueError("the record caps and the undo limit must be at least 1")
        if self.sockets < 1:
            raise ValueError("the live connections allowed per address must be at least 1")
