"""Who goes first: the roll-off several rulebooks open with (Classic RISK's Setup step 2, RISK
Strike's S8, Monopoly's Game Play), and the line a game's log begins with for it."""

from __future__ import annotations

from collections.abc import Sequence

from warroom.core.events import Event
from warroom.core.game import Seat
from warroom.core.rng import Rng


def roll_for_first(rng: Rng, players: int, dice: int = 1) -> Seat:
    """Each player rolls `dice` dice (their sum counts); the highest goes first; tied players
    roll again."""
    contenders = list(range(players))
    while len(contenders) > 1:
        # One die is a `die`, several one draw into their table (`Rng.roll`), as every
        # other roll of the mode draws them.
        rolls = [rng.die() if dice == 1 else sum(rng.roll(dice)) for _ in contenders]
        best = max(rolls)
        contenders = [p for p, r in zip(contenders, rolls, strict=True) if r == best]
    return contenders[0]


def goes_first(names: Sequence[str], seat: Seat) -> Event:
    """The roll-off made at setup, for `Game.opening`: the log then says why a seat began
    (`names`: every seat's)."""
    return Event("first", f"{names[seat]} rolled highest and goes first", {"seat": seat})


def picking_order(picks: str, names: Sequence[str], order: Sequence[Seat]) -> Event:
    """A roll-off at setup that orders the seats' picks (Godstorm's pantheons, Battle for
    Manhattan's factions), for `Game.opening`: "Pantheons are chosen in the roll-off's order:
    …"."""
    seats = ", ".join(names[seat] for seat in order)
    return Event("first", f"{picks} in the roll-off's order: {seats}", {"order": list(order)})
