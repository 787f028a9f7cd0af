"""The C generator (warroom/fast/rng.h) draws exactly what `warroom.core.rng.Rng` draws."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.fast import kernel
from warroom.core.rng import Rng

seeds = st.integers(0, 2**64 - 1)
counters = st.integers(0, 2**40)
NEXT, BELOW, ROLL, SHUFFLE = range(4)


def draws(seed: int, counter: int, what: int, n: int, arg: int) -> list[int]:
    return list(kernel("_risk_classic").rng_draws(seed, counter, what, n, arg))


@given(seeds, counters)
def test_next_u64(seed: int, counter: int) -> None:
    r = Rng(seed, counter)
    assert draws(seed, counter, NEXT, 20, 1) == [r.next_u64() for _ in range(20)]


@given(seeds, counters, st.integers(1, 2**64 - 1))
def test_below_any_bound(seed: int, counter: int, bound: int) -> None:
    r = Rng(seed, counter)
    assert draws(seed, counter, BELOW, 20, bound) == [r.below(bound) for _ in range(20)]


def test_below_rejects_where_python_rejects() -> None:
    """Just over 2**63 about half the draws are rejected: both must skip the same ones."""
    bound = 2**63 + 1
    r = Rng(9)
    assert draws(9, 0, BELOW, 50, bound) == [r.below(bound) for _ in range(50)]
    assert r.counter > 60  # rejections happened, so the test compared them


@given(seeds, st.integers(1, 5), st.sampled_from([6, 8]))
def test_roll_from_one_draw(seed: int, count: int, sides: int) -> None:
    r = Rng(seed)
    assert tuple(draws(seed, 0, ROLL, count, sides)) == r.roll(count, sides)


@given(seeds, st.integers(0, 60))
def test_shuffle(seed: int, n: int) -> None:
    items = list(range(n))
    Rng(seed).shuffle(items)
    assert draws(seed, 0, SHUFFLE, n, 1) == items
