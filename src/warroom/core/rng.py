"""Seeded random number generators carried inside the game state.

Two generators, both a seed and a counter (so copying a state, which search bots do
thousands of times a second, costs nothing, and the same seed gives the same draws on any
machine and any Python version):

- `Rng`, SplitMix64: fast and reproducible, for simulation, tests and the compiled fast
  paths (which mirror it in C). Its output is an invertible function of seed and counter,
  so anyone who sees enough draws can find the seed and predict the rest: never for a game
  where a seat must not know what comes next.
- `KeyedRng`: keyed BLAKE2b (a standard-library cryptographic hash, used as a pseudorandom
  function) over the counter, with a key of up to 256 bits. Its outputs reveal nothing of
  the key, so with a key drawn from the operating system nobody can predict a draw from
  the ones they saw. Served games use it.

Every draw the rules make is one `below(n)` (a die, a roll of several dice as one draw into
the table of their equally likely faces, each step of a shuffle), so a third kind,
`ScriptedRng`, plays chance from a list of outcomes instead and asks for the next one
(`ChanceNeeded`): the OpenSpiel adapter's explicit chance nodes.

A generator is named in saves (`GENERATORS`), so a replay draws exactly what the game drew.
"""

from __future__ import annotations

from functools import cache
from hashlib import blake2b
from itertools import product
from typing import ClassVar

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """SplitMix64; mutate only a state you own (a copy made by the game's step)."""

    __slots__ = ("counter", "seed")
    generator: ClassVar[str] = "splitmix64"
    # The seeds a game may name: the generator reads this many bits, so a seed beyond them
    # (or below 0) would silently be another seed's game (-1 as 2**64 - 1).
    seed_bits: ClassVar[int] = 64

    def __init__(self, seed: int, counter: int = 0) -> None:
        self.seed = seed & _MASK
        self.counter = counter

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Rng)
            and type(self) is type(other)
            and (self.seed, self.counter) == (other.seed, other.counter)
        )

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


KEY_BITS = 256


class KeyedRng(Rng):
    """BLAKE2b keyed with the seed, over the counter: draws that do not reveal the seed."""

    __slots__ = ("_key",)
    generator: ClassVar[str] = "blake2b"
    seed_bits: ClassVar[int] = KEY_BITS

    def __init__(self, seed: int, counter: int = 0) -> None:
        _check_seed(KeyedRng, seed)  # its key is the seed's 256 bits
        self.seed = seed
        self.counter = counter
        self._key = seed.to_bytes(KEY_BITS // 8, "little")

    def copy(self) -> KeyedRng:
        twin = KeyedRng.__new__(KeyedRng)
        twin.seed, twin.counter, twin._key = self.seed, self.counter, self._key
        return twin

    def next_u64(self) -> int:
        self.counter += 1
        block = blake2b(self.counter.to_bytes(16, "little"), key=self._key, digest_size=8)
        return int.from_bytes(block.digest(), "little")


class HiddenRng(Rng):
    """The generator inside an observation (`Game.observe`): a seat knows nothing of the
    chance to come, not even how many draws were made, so every draw refuses. Search puts a
    generator of its own in before playing a determinized state on."""

    __slots__ = ()
    generator: ClassVar[str] = "hidden"

    def __init__(self, seed: int = 0, counter: int = 0) -> None:
        self.seed = 0
        self.counter = 0

    def copy(self) -> HiddenRng:
        return self

    def next_u64(self) -> int:
        raise RuntimeError("an observation's chance is hidden: determinize it to play on")


HIDDEN = HiddenRng()


class ChanceNeeded(Exception):
    """A scripted draw past the end of its script: `bound` equally likely outcomes
    (0 to bound - 1) are wanted. Not a WarroomError: nothing was refused, and the state the
    step began from is unchanged (steps draw from their own copy), so it can be retried."""

    def __init__(self, bound: int) -> None:
        super().__init__(f"a draw of 1 in {bound} is wanted")
        self.bound = bound


class Script:
    """The outcomes a `ScriptedRng` and all its copies play, in order: `outcomes` are the
    draws from number `start` on (the ones before are played and need not be kept). The
    copies share it (a step copies the generator in its state before drawing), so whoever
    plays the game can set the outcomes and retry a step from the state it began at without
    reaching into that state; each copy keeps its own position (the counter), as every
    generator does."""

    __slots__ = ("outcomes", "start")

    def __init__(self, outcomes: tuple[int, ...] = (), start: int = 0) -> None:
        self.outcomes = outcomes
        self.start = start


class ScriptedRng(Rng):
    """Draws the script's outcomes in order: `below(n)` gives the next one (checked to be
    under n) and raises `ChanceNeeded(n)` once the script is spent. Explicit chance: the
    outcomes a generator would draw, taken one by one as `below` draws them, make the
    scripted game play exactly as the generator's game."""

    __slots__ = ("script",)
    generator: ClassVar[str] = "scripted"

    def __init__(self, script: Script, counter: int = 0) -> None:
        self.seed = 0
        self.counter = counter
        self.script = script

    def copy(self) -> ScriptedRng:
        return ScriptedRng(self.script, self.counter)

    def next_u64(self) -> int:
        raise RuntimeError("a scripted generator plays bounded draws only (below)")

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        script = self.script
        index = self.counter - script.start
        if index < 0:
            raise ValueError(f"draw {self.counter} is before the script's first, {script.start}")
        if index >= len(script.outcomes):
            raise ChanceNeeded(n)
        outcome = script.outcomes[index]
        if not 0 <= outcome < n:
            raise ValueError(f"scripted outcome {outcome} is not below {n}")
        self.counter += 1
        return outcome


GENERATORS: dict[str, type[Rng]] = {cls.generator: cls for cls in (Rng, KeyedRng)}


def make_rng(generator: str, seed: int) -> Rng:
    """The named generator at `seed`; a clear ValueError for an unknown name or bad seed."""
    cls = GENERATORS.get(generator)
    if cls is None:
        raise ValueError(f"no generator {generator!r} (known: {', '.join(GENERATORS)})")
    _check_seed(cls, seed)  # `Rng` masks any seed (derived ones rely on it): a game's may not
    return cls(seed)


def _check_seed(cls: type[Rng], seed: int) -> None:
    if not 0 <= seed < 1 << cls.seed_bits:
        raise ValueError(f"a {cls.generator} seed is a whole number in [0, 2**{cls.seed_bits})")


@cache
def _faces(count: int, sides: int) -> tuple[tuple[int, ...], ...]:
    return tuple(product(range(1, sides + 1), repeat=count))
