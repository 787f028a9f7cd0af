"""Reaction windows: out-of-turn decisions taken in a priority order, and counters that chain.

Card games let every player answer what happens ("play immediately after..."), and rulebooks
rarely say in which order. Two immutable pieces give a mode that order without knowing its
cards, so a state holds them as plain values and shares them between copies for free:

- `Priority`: a window in which the eligible seats, in a fixed order, each play or pass. The
  seat holding priority decides alone; a play hands priority back to the first seat (the active
  player, by convention) and a pass moves it on; the window closes when every eligible seat has
  passed in a row. This keeps a window finite as long as each play spends something (a card),
  and fits "everyone else may act before the roll" windows as well as "any player may react".
- `Chain`: a play that waits on responses before it takes effect, and the counters played
  against it, newest last. Each counter opens a fresh response window (`Priority`) for the seats
  allowed to counter it; when that window closes, the chain resolves from the newest back: the
  newest play stands, a counter cancels the play just below it, and a cancelled counter cancels
  nothing. `Chain.effective` says which plays take effect.

Plays are resolved first in, first out: a mode resolves a chain as soon as its response window
closes, before any further play, so the earlier card always takes effect first.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from warroom.core.actions import Arg

Seat = int


def clockwise(first: Seat, players: int, skip: tuple[Seat, ...] = ()) -> tuple[Seat, ...]:
    """Every seat from `first` round to its right-hand neighbour, leaving out `skip`."""
    return tuple((first + k) % players for k in range(players) if (first + k) % players not in skip)


@dataclass(frozen=True, slots=True)
class Priority:
    """Seats eligible in a window, in priority order; who holds priority; passes in a row."""

    seats: tuple[Seat, ...]
    holder_index: int = 0
    passes: int = 0

    def __post_init__(self) -> None:
        if not self.seats:
            raise ValueError("a window needs at least one eligible seat")
        if len(set(self.seats)) != len(self.seats):
            raise ValueError("a seat appears twice in a window's priority order")

    @property
    def holder(self) -> Seat:
        """The seat that may act now."""
        return self.seats[self.holder_index]

    def waiting(self) -> tuple[Seat, ...]:
        """The seats still to speak before the window could close, the holder first."""
        left = len(self.seats) - self.passes
        return tuple(self.seats[(self.holder_index + k) % len(self.seats)] for k in range(left))

    def passed(self) -> Priority | None:
        """The window after the holder passes; None once every seat has passed in a row."""
        if self.passes + 1 >= len(self.seats):
            return None
        return replace(
            self, holder_index=(self.holder_index + 1) % len(self.seats), passes=self.passes + 1
        )

    def played(self) -> Priority:
        """The window after a play has resolved: priority back to the first seat, and every
        seat must pass again before it closes."""
        return replace(self, holder_index=0, passes=0)


@dataclass(frozen=True, slots=True)
class Play:
    """A card (or any out-of-turn act) a seat played, with the arguments it named."""

    seat: Seat
    card: str
    args: tuple[Arg, ...] = ()


@dataclass(frozen=True, slots=True)
class Chain:
    """A play awaiting responses and the counters against it, newest last, with the response
    window of the newest; `None` from `passed` means the chain is ready to resolve."""

    plays: tuple[Play, ...]
    responses: Priority | None

    @staticmethod
    def open(play: Play, responders: tuple[Seat, ...]) -> Chain:
        """A new chain; with no seat to respond it is ready to resolve at once."""
        return Chain((play,), Priority(responders) if responders else None)

    @property
    def ready(self) -> bool:
        """True when nobody may respond any more: resolve it now."""
        return self.responses is None

    @property
    def newest(self) -> Play:
        return self.plays[-1]

    def passed(self) -> Chain:
        """The chain after the seat holding response priority passes."""
        if self.responses is None:
            raise ValueError("nobody may respond to a chain that is ready to resolve")
        return replace(self, responses=self.responses.passed())

    def countered(self, counter: Play, responders: tuple[Seat, ...]) -> Chain:
        """The chain with `counter` played against its newest play, and a fresh response
        window for `responders` (who may counter the counter)."""
        return Chain((*self.plays, counter), Priority(responders) if responders else None)

    def effective(self) -> tuple[bool, ...]:
        """Per play, oldest first, whether it takes effect: the newest stands, and each
        play below a standing counter is cancelled."""
        out = [False] * len(self.plays)
        standing = True
        for index in range(len(self.plays) - 1, -1, -1):
            out[index] = standing
            standing = not standing
        return tuple(out)
