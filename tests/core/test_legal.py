"""`Legal`: families of actions behave exactly like the plain list of the actions they stand for."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from warroom.core.actions import Action
from warroom.core.legal import Family, Legal

FAMILIES = [
    Family("end"),
    Family("attack", ("Alaska", "Kamchatka"), range(1, 4)),
    Family("attack", ("Alaska", "Alberta"), range(1, 1)),  # empty: left out
    Family("trade", ("wild", "Peru", "Chile")),
    Family("attack", ("Peru", "Brazil"), range(1, 3)),
    Family("move", (), range(3, 6)),
]


def _listed() -> list[Action]:
    out = []
    for f in FAMILIES:
        if f.counts is None:
            out.append(Action(f.kind, f.args))
        else:
            out += [Action(f.kind, (*f.args, k)) for k in f.counts]
    return out


def test_legal_is_the_list_it_stands_for() -> None:
    legal, listed = Legal(FAMILIES), _listed()
    assert list(legal) == listed and legal == listed and len(legal) == len(listed)
    assert [legal[i] for i in range(-len(listed), len(listed))] == listed + listed
    assert legal[1:6:2] == listed[1:6:2]
    with pytest.raises(IndexError):
        legal[len(listed)]
    for action in listed:
        assert action in legal
    outside = [
        Action("attack", ("Alaska", "Kamchatka", 4)),
        Action("attack", ("Alaska", "Alberta", 1)),
        Action("attack", ("Alaska", "Kamchatka")),
        Action("attack", ("Alaska", "Kamchatka", "3")),
        Action("trade", ("wild", "Peru")),
        Action("move", (2,)),
        Action("end", (1,)),
        Action("fly"),
    ]
    for action in outside:
        assert action not in legal and action not in listed
    assert "end" not in legal


def test_kinds_are_counted_and_picked_in_list_order() -> None:
    legal, listed = Legal(FAMILIES), _listed()
    assert legal.kinds() == sorted({a.kind for a in listed})
    for kind in legal.kinds():
        of_kind = [a for a in listed if a.kind == kind]
        assert legal.count_of(kind) == len(of_kind)
        assert [legal.nth_of(kind, i) for i in range(len(of_kind))] == of_kind
    assert legal.count_of("fortify") == 0


def test_families_by_kind_keep_list_order_and_leave_out_the_empty() -> None:
    grouped = Legal(FAMILIES).families_by_kind()
    assert sorted(grouped) == Legal(FAMILIES).kinds()
    for kind, families in grouped.items():
        listed = [f.action(i) for f in families for i in range(f.size())]
        assert listed == [a for a in _listed() if a.kind == kind]


def test_a_plain_list_converts() -> None:
    listed = _listed()
    legal = Legal.of(listed)
    assert legal == listed and Legal.of(legal) is legal
    assert legal.count_of("attack") == 5
    assert Legal(()) == [] and not Legal(())


def test_deferred_legal_builds_only_when_listed() -> None:
    built: list[int] = []

    def build() -> list[Family]:
        built.append(1)
        return FAMILIES

    legal = Legal.deferred(build, lambda action: action in _listed())
    assert Action("end") in legal and Action("end", (1,)) not in legal and not built
    assert legal == _listed() and len(legal) == len(_listed()) and built == [1]


@pytest.mark.parametrize("families", [FAMILIES, [f for f in FAMILIES if f.counts is None]])
def test_a_pick_by_kind_is_the_kind_then_the_index_drawn(families: list[Family]) -> None:
    legal = Legal(families)
    kinds = legal.kinds()
    for kind_draw in range(len(kinds)):
        kind = kinds[kind_draw]
        for index in range(legal.count_of(kind)):
            draws = iter([kind_draw, index])
            asked: list[int] = []

            def below(n: int, draws: Iterator[int] = draws, asked: list[int] = asked) -> int:
                asked.append(n)
                return next(draws)

            assert legal.pick_by_kind(below) == legal.nth_of(kind, index)
            assert asked == [len(kinds), legal.count_of(kind)]
