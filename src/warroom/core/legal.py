"""Legal actions as families, so that the many ways to split armies cost nothing to list.

A decision can offer thousands of actions that differ only in a trailing count ("fortify
Alaska Kamchatka 1" up to 40). `Legal` is a read-only sequence of actions stored as
families (a kind, fixed arguments, and optionally a range for a trailing count): it counts,
tests membership, indexes and samples a kind without building every action, and iterates in
the order a plain list of the same actions would have.

A mode may also hand over the families unbuilt, with a membership test of its own
(`Legal.deferred`): a bot that only asks `action in legal` (the greedy ones) then costs the
rules one check instead of a list of families.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import NamedTuple, overload

from warroom.core.actions import Action, Arg


class Family(NamedTuple):
    """`Action(kind, args)`, or with `counts` one action per count: `Action(kind, (*args, k))`."""

    kind: str
    args: tuple[Arg, ...] = ()
    counts: range | None = None

    def size(self) -> int:
        return 1 if self.counts is None else len(self.counts)

    def action(self, index: int) -> Action:
        """The family's `index`-th action (0 <= index < size)."""
        if self.counts is None:
            return Action(self.kind, self.args)
        return Action(self.kind, (*self.args, self.counts[index]))


class _KindIndex(NamedTuple):
    """One kind's families in order, with where each starts among that kind's actions."""

    families: list[Family]
    starts: list[int]
    size: int

    @staticmethod
    def of(families: list[Family]) -> _KindIndex:
        starts = _starts(families)
        last = families[-1].counts
        return _KindIndex(families, starts, starts[-1] + (1 if last is None else len(last)))

    def action(self, index: int) -> Action:
        """The kind's `index`-th action (0 <= index < size), in list order."""
        k = bisect_right(self.starts, index) - 1
        return self.families[k].action(index - self.starts[k])


class Legal(Sequence[Action]):
    """The legal actions of a decision, as families in list order (empty families are left
    out). Indexes are built on first use: a bot that asks once pays only for what it asks."""

    __slots__ = (
        "_build",
        "_by_kind",
        "_contains",
        "_kind_names",
        "_listed",
        "_members",
        "_size",
        "_starts",
    )

    def __init__(self, families: Iterable[Family]) -> None:
        self._build: Callable[[], Iterable[Family]] | None = None
        self._contains: Callable[[Action], bool] | None = None
        self._listed: list[Family] | None = None
        self._size = 0
        self._keep(families)
        self._starts: list[int] | None = None
        self._members: dict[tuple[str, tuple[Arg, ...], bool], range | None] | None = None
        self._kind_names: list[str] | None = None
        self._by_kind: dict[str, _KindIndex] | None = None

    @staticmethod
    def deferred(
        build: Callable[[], Iterable[Family]], contains: Callable[[Action], bool]
    ) -> Legal:
        """Families built by `build` on first need; `contains` answers `in` without them.

        `contains(action)` must hold exactly for the actions `build` lists (tests check it).
        """
        legal = Legal.__new__(Legal)
        legal._build, legal._contains = build, contains
        legal._listed = legal._starts = legal._members = legal._kind_names = legal._by_kind = None
        legal._size = -1
        return legal

    @staticmethod
    def of(actions: Sequence[Action]) -> Legal:
        """Any sequence of actions as a `Legal` (one family each), for modes that list them."""
        if isinstance(actions, Legal):
            return actions
        return Legal(Family(a.kind, a.args) for a in actions)

    def _keep(self, families: Iterable[Family]) -> None:
        self._listed = [f for f in families if f.counts is None or f.counts]
        self._size = -1  # counted on first need: a random bot asks by kind instead

    def _count(self) -> int:
        """How many actions, counted once."""
        if self._size < 0:
            self._size = sum(1 if f.counts is None else len(f.counts) for f in self._families())
        return self._size

    def _families(self) -> list[Family]:
        """The families, built now if they were deferred."""
        if self._listed is None:
            assert self._build is not None
            self._keep(self._build())
            assert self._listed is not None
        return self._listed

    def __len__(self) -> int:
        return self._count()

    def __bool__(self) -> bool:
        """Whether any action is legal, without counting them."""
        return bool(self._families())

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        families = self._families()
        size = self._count()
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("legal action index out of range")
        if self._starts is None:
            self._starts = _starts(families)
        k = bisect_right(self._starts, index) - 1
        return families[k].action(index - self._starts[k])

    def __iter__(self) -> Iterator[Action]:
        for family in self._families():
            if family.counts is None:
                yield Action(family.kind, family.args)
            else:
                kind, args = family.kind, family.args
                for k in family.counts:
                    yield Action(kind, (*args, k))

    def __contains__(self, item: object) -> bool:
        if not isinstance(item, Action):
            return False
        if self._contains is not None:
            return self._contains(item)
        if self._members is None:
            self._members = {
                (f.kind, f.args, f.counts is not None): f.counts for f in self._families()
            }
        members = self._members
        if (item.kind, item.args, False) in members:
            return True
        if not item.args:
            return False
        count = item.args[-1]
        counts = members.get((item.kind, item.args[:-1], True))
        return counts is not None and isinstance(count, int) and count in counts

    def __eq__(self, other: object) -> bool:
        """Equal to any sequence of the same actions in the same order (a list, say)."""
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]  # compared like a list

    def __repr__(self) -> str:
        return f"Legal({self._families()!r})"

    def kinds(self) -> list[str]:
        """The kinds of action offered, sorted."""
        if self._kind_names is None:
            self._kind_names = sorted({family.kind for family in self._families()})
        return self._kind_names

    def count_of(self, kind: str) -> int:
        """How many actions of `kind` there are."""
        found = self._kind_index(kind)
        return 0 if found is None else found.size

    def nth_of(self, kind: str, index: int) -> Action:
        """The `index`-th action of `kind`, in list order."""
        found = self._kind_index(kind)
        if found is None:
            raise KeyError(kind)
        if not 0 <= index < found.size:
            raise IndexError(f"no {kind} action number {index}")
        return found.action(index)

    def families_by_kind(self) -> dict[str, list[Family]]:
        """The families grouped by kind, each kind's in list order, in one pass: a bot that
        reads a few kinds of many expands only those."""
        grouped: dict[str, list[Family]] = {}
        for family in self._families():
            grouped.setdefault(family.kind, []).append(family)
        return grouped

    def pick_by_kind(self, below: Callable[[int], int]) -> Action:
        """A kind drawn uniformly (`below(n)`: 0 to n - 1) from the sorted kinds, then one of
        its actions: `nth_of(kind, below(count_of(kind)))` for `kind = kinds()[below(...)]`,
        in one pass over the families (a random bot's draw, every decision)."""
        grouped = self.families_by_kind()
        kinds = sorted(grouped)
        found = _KindIndex.of(grouped[kinds[below(len(kinds))]])
        return found.action(below(found.size))

    def _kind_index(self, kind: str) -> _KindIndex | None:
        """One kind's families with their starts, counted when that kind is first asked for
        (a random bot asks for one kind of several)."""
        if self._by_kind is None:
            self._by_kind = {}
        found = self._by_kind.get(kind)
        if found is None:
            families = [family for family in self._families() if family.kind == kind]
            if not families:
                return None
            found = self._by_kind[kind] = _KindIndex.of(families)
        return found


def _starts(families: list[Family]) -> list[int]:
    """Where each family's first action falls in the sequence of all their actions."""
    out: list[int] = []
    total = 0
    for family in families:
        out.append(total)
        counts = family.counts
        total += 1 if counts is None else len(counts)
    return out
