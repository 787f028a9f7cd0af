"""A seeded random number generator carried inside the game state.

SplitMix64 over a counter: the whole generator is two integers, so copying a state
(which search bots do thousands of times a second) costs nothing, and the same seed
gives the same draws on any machine and any Python version.
"""

from __future__ import annotations

from functools import cache
from itertools import product

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """Deterministic generator; mutate only a state you own (a copy made by the game's step)."""

    __slots__ = ("counter", "seed")

    def __init__(self, seed: int, counter: int = 0) -> None:
        self.seed = seed & _MASK
        self.counter = counter

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and (self.seed, self.counter) == (other.seed, other.counter)

    __hash__ = None  # type: ignore[assignment]  # mutable

    def copy(self) -> Rng:
        return Rng(self.seed, self.counter)

    def next_u64(self) -> int:
        self.counter += 1
        z = (self.seed + self.counter * _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) by rejection, so no value is favoured."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def die(self, sides: int = 6) -> int:
        return self.below(sides) + 1

    def roll(self, count: int, sides: int = 6) -> tuple[int, ...]:
        """`count` dice from one draw into the table of all equally likely faces."""
        if count == 0:
            return ()
        table = _faces(count, sides)
        return table[self.below(len(table))]

    def shuffle(self, items: list[int]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def to_json(self) -> list[int]:
        return [self.seed, self.counter]


@cache
def _faces(count: int, sides: int) -> tuple[tuple[int, ...], ...]:
    return tuple(product(range(1, sides + 1), repeat=count))
