"""The shared row matching: row kinds, distinct placements, and the feasibility test."""

from __future__ import annotations

import pytest

from warroom.rules.dice_match import (
    exact,
    feasible,
    matches,
    of_a_kind,
    parse_row,
    steal6,
    sum_low,
    ways,
)

D6, D8 = 6, 8


def d6(*faces: int) -> list[tuple[int, int]]:
    return [(D6, f) for f in faces]


def test_rows_round_trip_through_their_text() -> None:
    for text, row in (("7", exact(7)), ("2 4", exact(4, 2)), ("6+", sum_low(6))):
        assert parse_row(text) == row and parse_row(row.text()) == row
    assert parse_row(steal6().text()) == steal6()
    for bad in ("", "0+", "x", "3 +", "²"):
        with pytest.raises(ValueError):
            parse_row(bad)


def test_exact_rows_need_one_die_per_value() -> None:
    dice = d6(4, 4, 5)
    assert matches(exact(4, 4), dice, [0, 1])
    assert not matches(exact(4, 4), dice, [0, 2])
    assert not matches(exact(4), dice, [0, 1])  # one die per number, no more
    assert not matches(exact(4, 4), dice, [0, 0])


def test_e16_e9_sum_rows_use_only_ones_twos_and_threes() -> None:
    assert matches(sum_low(6), d6(2, 2, 3), [0, 1, 2])
    assert not matches(sum_low(6), d6(2, 2, 4), [0, 1, 2])
    assert not matches(sum_low(6), d6(3, 3, 4), [0, 1, 2])  # E9: the 4 cannot be used
    assert ways(sum_low(6), d6(2, 2, 4), [0, 1, 2]) == []


def test_w5_a_sum_row_takes_any_valid_subset_and_a_d8_showing_a_low_face() -> None:
    dice = [(D6, 1), (D6, 2), (D8, 3)]
    assert ways(sum_low(3), dice, [0, 1, 2]) == [(0, 1), (0, 1, 2), (0, 2), (1, 2), (2,)]


def test_w6_the_steal_row_is_one_six() -> None:
    assert matches(steal6(), d6(6), [0]) and not matches(steal6(), d6(6, 6), [0, 1])


def test_ways_are_distinct_by_kind_and_face_of_dice() -> None:
    dice = [(D6, 7 - 1), (D6, 6), (D8, 6), (D6, 2)]
    # Two d6 sixes are one way; a d8 showing 6 is another (W4: the kinds differ later).
    assert ways(steal6(), dice, [0, 1, 2, 3]) == [(0,), (2,)]
    assert ways(exact(6, 2), dice, [1, 2, 3]) == [(1, 3), (2, 3)]
    assert ways(exact(6), dice, [3]) == []


def test_w3_feasibility_counts_dice_and_d8s_for_high_targets() -> None:
    assert feasible([exact(7), exact(8)], [D6, D8, D8])
    assert not feasible([exact(7), exact(8)], [D6, D6, D8])  # a 7 or 8 needs a d8
    assert not feasible([exact(7)], [D6] * 5)
    assert feasible([sum_low(7), steal6()], [D6] * 4)  # 7+ in 3s takes three dice
    assert not feasible([sum_low(7), steal6()], [D6] * 3)
    assert feasible([exact(8, 7), exact(1, 6), sum_low(5), steal6()], [D6] * 5 + [D8] * 2)
    assert feasible([], [])


def test_of_a_kind() -> None:
    assert of_a_kind([1, 2, 2, 5, 2, 7, 7]) == 3 and of_a_kind([]) == 0
