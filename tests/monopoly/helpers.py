"""Shared helpers: states arranged by hand, dice fixed by choosing the generator's seed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from warroom.core import Event, Rng
from warroom.games.monopoly_avengers import END, GAME, START, MonoState

G = GAME
B = GAME.new_game(2, 0, {"turn_limit": 0}).board


def new(players: int = 2, seed: int = 1, turn_limit: int = 0) -> MonoState:
    """A fresh game with Player 1 to roll and no one else waiting to act."""
    st = G.new_game(players, seed, {"turn_limit": turn_limit})
    st.current = 0
    st.window = []
    return st


def act(st: MonoState, seat: int, text: str) -> tuple[MonoState, list[Event]]:
    return G.apply(st, seat, G.parse(st, seat, text))


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def h(name: str) -> int:
    return B.hero(name)


Want = tuple[str, Any]


def rig(st: MonoState, *wants: Want) -> None:
    """Choose a generator whose next draws are `wants`: ("roll", (a, b)) or ("roll", pred),
    ("die", face)."""

    def ok(r: Rng, w: Want) -> bool:
        kind, value = w
        if kind == "roll":
            got = r.roll(2)
            return bool(value(got)) if callable(value) else got == tuple(value)
        return r.die() == value

    for seed in range(1, 2_000_000):
        r = Rng(seed)
        if all(ok(r, w) for w in wants):
            st.rng = Rng(seed)
            return
    raise AssertionError("no seed gives those draws")


def give(st: MonoState, seat: int, *names: str) -> None:
    for n in names:
        st.owner[h(n)] = seat


def members(name: str) -> list[int]:
    s = h(name)
    return list(B.set_members[B.set_of[s]])


def not_doubles(total: int) -> Callable[[tuple[int, ...]], bool]:
    return lambda d: d[0] != d[1] and sum(d) == total


__all__ = ["END", "START", "B", "G", "act", "give", "h", "kinds", "members", "new", "rig"]
