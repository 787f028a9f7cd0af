"""The shared reaction windows: priority order, passes in a row, and counter chains."""

from __future__ import annotations

import pytest

from warroom.core.windows import Chain, Play, Priority, clockwise


def test_clockwise_starts_at_first_and_skips() -> None:
    assert clockwise(2, 4) == (2, 3, 0, 1)
    assert clockwise(2, 4, skip=(3,)) == (2, 0, 1)


def test_window_closes_only_after_every_seat_passes_in_a_row() -> None:
    window: Priority | None = Priority((1, 2, 0))
    holders = []
    while window is not None:
        holders.append(window.holder)
        window = window.passed()
    assert holders == [1, 2, 0]


def test_a_play_returns_priority_to_the_first_seat_and_resets_the_passes() -> None:
    window = Priority((1, 2, 0)).passed()
    assert window is not None and window.holder == 2
    window = window.played()
    assert window.holder == 1 and window.waiting() == (1, 2, 0)
    # After the play, seat 2's earlier pass no longer counts: three passes close it.
    steps = 0
    current: Priority | None = window
    while current is not None:
        current = current.passed()
        steps += 1
    assert steps == 3


def test_waiting_lists_the_holder_first() -> None:
    window = Priority((0, 1, 2)).passed()
    assert window is not None and window.waiting() == (1, 2)


def test_a_window_refuses_no_seats_or_a_seat_twice() -> None:
    with pytest.raises(ValueError):
        Priority(())
    with pytest.raises(ValueError):
        Priority((1, 1))


def test_chain_resolves_once_every_responder_passes() -> None:
    chain = Chain.open(Play(0, "rally"), (1, 2))
    assert chain.responses is not None and chain.responses.holder == 1
    chain = chain.passed()
    assert not chain.ready
    chain = chain.passed()
    assert chain.ready and chain.effective() == (True,)


def test_a_counter_cancels_the_play_below_and_a_counter_to_it_restores_it() -> None:
    chain = Chain.open(Play(0, "rally"), (1, 2)).countered(Play(1, "cancel"), (0, 2))
    assert chain.effective() == (False, True)
    assert chain.responses is not None and chain.responses.holder == 0
    chain = chain.countered(Play(2, "cancel"), (0, 1))
    assert chain.effective() == (True, False, True)
    assert chain.newest == Play(2, "cancel")


def test_a_chain_with_nobody_to_respond_is_ready_at_once() -> None:
    assert Chain.open(Play(0, "spy", ("p2",)), ()).ready
    with pytest.raises(ValueError):
        Chain.open(Play(0, "spy"), ()).passed()
