"""Chance nobody can predict: the keyed generator served games draw from, and saves naming it.

Issue 10's attack: with 2**31 seeds and SplitMix64, a seat searched the seed space for the
seed whose game matched what it had seen (the deal), then knew every later hand and roll.
"""

from __future__ import annotations

import json
import secrets

import pytest

from warroom.core import GENERATORS, KeyedRng, Match, Rng, SaveError, WarroomError, make_rng

SEARCHED = range(2**10)  # candidate seeds a test can afford to try


def public_deal(match: Match) -> list[int]:
    """What every seat sees after a dealt setup: who holds each territory."""
    return [t["seat"] for t in match.view(None)["territories"]]


def seed_search(seen: list[int], generator: str, candidates: range) -> list[int]:
    """The attack: every candidate seed whose game deals what was seen."""
    found = []
    for seed in candidates:
        game = Match.start("risk-classic", 3, seed, {"setup": "deal"}, generator=generator)
        if public_deal(game) == seen:
            found.append(seed)
    return found


def test_the_seed_search_finds_a_splitmix_seed_from_one_public_view() -> None:
    """The search works: a small SplitMix64 seed is found from the first public view."""
    secret = 700
    seen = public_deal(Match.start("risk-classic", 3, secret, {"setup": "deal"}))
    assert seed_search(seen, "splitmix64", SEARCHED) == [secret]


def test_the_seed_search_finds_nothing_for_a_keyed_game_with_an_os_seed() -> None:
    """A game on the keyed generator with a 256-bit seed from the operating system (as a
    served game has) matches no seed of the searched space, under either generator."""
    key = secrets.randbits(256)
    served = Match.start("risk-classic", 3, key, {"setup": "deal"}, generator="blake2b")
    seen = public_deal(served)
    assert seed_search(seen, "blake2b", SEARCHED) == []
    assert seed_search(seen, "splitmix64", SEARCHED) == []


def test_keyed_draws_never_change() -> None:
    """Saves replay by drawing again: these values are part of the save format."""
    r = KeyedRng(12345)
    assert r.next_u64() == 2391245141739718944
    assert KeyedRng(2**256 - 1).roll(3) == (4, 6, 5)


def test_keyed_rng_is_reproducible_copies_independently_and_is_not_splitmix() -> None:
    a = KeyedRng(2**200 + 9)
    b = a.copy()
    draws = [a.next_u64() for _ in range(5)]
    assert [b.next_u64() for _ in range(5)] == draws
    assert a == b and a.counter == 5
    a.next_u64()
    assert a != b
    assert KeyedRng(9) != Rng(9) and KeyedRng(9).next_u64() != Rng(9).next_u64()
    assert [KeyedRng(10).next_u64() for _ in range(2)] != draws[:2]


def test_keyed_dice_are_uniform() -> None:
    r = KeyedRng(2**255)
    counts = [0] * 6
    for _ in range(60_000):
        counts[r.die() - 1] += 1
    assert all(9_500 < c < 10_500 for c in counts), counts


@pytest.mark.parametrize(
    ("generator", "seed", "message"),
    [
        ("blake2b", -1, r"\[0, 2\*\*256\)"),
        ("blake2b", 2**256, r"\[0, 2\*\*256\)"),
        ("mt19937", 5, "no generator 'mt19937'"),
    ],
)
def test_bad_generators_and_seeds_are_refused_clearly(
    generator: str, seed: int, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        make_rng(generator, seed)
    with pytest.raises(WarroomError, match=message):
        Match.start("risk-classic", 3, seed, generator=generator)


def test_a_keyed_game_saves_and_replays_with_its_generator() -> None:
    key = secrets.randbits(256)
    m = Match.start("monopoly-avengers", 3, key, generator="blake2b")
    for _ in range(40):
        seat = m.to_move()[0]
        m.act(seat, m.legal(seat)[0])
    data = json.loads(json.dumps(m.to_save()))
    assert data["version"] == 2 and data["generator"] == "blake2b" and data["seed"] == key
    loaded = Match.from_save(data)
    assert loaded.state == m.state and loaded.generator == "blake2b"
    # The same record under the other generator is another game, refused or different.
    data["generator"] = "splitmix64"
    data["seed"] = key % 2**64
    try:
        other = Match.from_save(data)
    except SaveError:
        return
    assert other.state != m.state


@pytest.mark.parametrize(
    ("generator", "message"),
    [("mt19937", "no generator 'mt19937'"), (None, "'generator' is missing")],
)
def test_saves_with_a_bad_generator_are_refused(generator: str | None, message: str) -> None:
    data = Match.start("risk-classic", 3, 4).to_save()
    data["generator"] = generator
    with pytest.raises(SaveError, match=message):
        Match.from_save(data)


def test_every_generator_is_named_in_the_registry() -> None:
    assert set(GENERATORS) == {"splitmix64", "blake2b"}
    assert all(GENERATORS[name].generator == name for name in GENERATORS)
