"""Territory-card sets, shared by the RISK editions that trade cards for armies.

Also the symbol trades of RISK MCU (`SymbolChart`, `symbol_trades`): any cards whose symbols
total a charted number, priced by the chart.

Classic RISK ("Risk Cards", "Trading Cards In for Armies"): a set is three of one design,
one of each of three designs, or any two plus a wild card; the n-th set traded in the
whole game is worth 4, 6, 8, 10, 12, 15, then 5 more for each set after the sixth.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise, product

WILD = "wild"
CLASSIC_SET_VALUES = (4, 6, 8, 10, 12, 15)
CLASSIC_STEP_AFTER = 5


def set_value(
    number: int, values: Sequence[int] = CLASSIC_SET_VALUES, step: int = CLASSIC_STEP_AFTER
) -> int:
    """Armies for the `number`-th set traded in the game (1-based)."""
    if number < 1:
        raise ValueError("sets are counted from 1")
    if number <= len(values):
        return values[number - 1]
    return values[-1] + step * (number - len(values))


def is_set(designs: Sequence[str]) -> bool:
    """Three cards of one design, one of each of three designs, or two plus a wild."""
    if len(designs) != 3:
        return False
    wilds = sum(1 for d in designs if d == WILD)
    plain = {d for d in designs if d != WILD}
    if wilds >= 1:
        # Reading [Earning Cards]: "any 2 designs plus a wild card" is any two cards, alike
        # or not (a wild bears all 3 symbols, so it completes either kind of set); so two
        # wilds and a card are a set too.
        return True
    return len(plain) in (1, 3)


def fixed_set_value(designs: Sequence[str], alike: Mapping[str, int], mixed: int) -> int | None:
    """Units for a set worth a fixed amount by its make-up, the same all game (RISK Mass
    Effect's Reinforcement Chart: 3 Cruisers 4, 3 Carriers 5, 3 Dreadnoughts 6, one of each
    7): three of a design are worth `alike[design]`, one of each of three designs `mixed`.
    None if the cards are not such a set (there are no wild cards)."""
    if len(designs) != 3 or any(d not in alike for d in designs):
        return None
    kinds = set(designs)
    if len(kinds) == 1:
        return alike[designs[0]]
    return mixed if len(kinds) == 3 else None


# -- Symbol trades (RISK MCU, and the editions that price any cards by a chart) ---------------
@dataclass(frozen=True, slots=True)
class SymbolChart:
    """A recruitment chart: units for each symbol total that may be turned in at once.

    RISK MCU [Reinforcement]: cards show 1 or 2 symbols; any cards totalling `least` to `most`
    symbols are traded for the units the chart gives that total. Built from data, so it is
    validated here: every total from `least` to `most` is priced, the prices never fall, and
    each total gives at least one unit per symbol.
    """

    least: int
    most: int
    units: tuple[int, ...]  # units[total - least]

    def __post_init__(self) -> None:
        if not 1 <= self.least <= self.most:
            raise ValueError(f"symbol totals {self.least}-{self.most}: need 1 <= least <= most")
        if len(self.units) != self.most - self.least + 1:
            raise ValueError(f"the chart must price every total from {self.least} to {self.most}")
        for total, units in zip(range(self.least, self.most + 1), self.units, strict=True):
            if units < total:
                raise ValueError(f"{total} symbols give {units} units: fewer than one a symbol")
        if any(b < a for a, b in pairwise(self.units)):
            raise ValueError("the chart's units must never fall as the symbol total rises")

    def price(self, total: int) -> int:
        """Units for turning in cards with `total` symbols; ValueError outside the chart."""
        if not self.least <= total <= self.most:
            raise ValueError(f"{total} symbols cannot be traded ({self.least} to {self.most})")
        return self.units[total - self.least]


def symbol_trades(
    hand: Sequence[int], symbols: Sequence[int], chart: SymbolChart
) -> list[tuple[int, ...]]:
    """The trades `hand` allows, one per distinct multiset of symbol counts (cards showing the
    same symbols trade alike where only symbols count, as in Skirmish): each a sorted tuple of
    card ids, the lowest ids of each symbol count, totalling `chart.least` to `chart.most`.

    `symbols[card]` is the card's symbol count. Ordered by total, then by fewer cards."""
    by_count: dict[int, list[int]] = {}
    for card in sorted(hand):
        by_count.setdefault(symbols[card], []).append(card)
    kinds = sorted(by_count)
    out: list[tuple[int, ...]] = []
    for takes in product(*(range(len(by_count[k]) + 1) for k in kinds)):
        total = sum(k * n for k, n in zip(kinds, takes, strict=True))
        if chart.least <= total <= chart.most:
            out.append(
                tuple(sorted(c for k, n in zip(kinds, takes, strict=True) for c in by_count[k][:n]))
            )
    out.sort(key=lambda cards: (sum(symbols[c] for c in cards), len(cards), cards))
    return out
