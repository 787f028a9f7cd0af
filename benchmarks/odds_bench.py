"""Time the odds engine: `python benchmarks/odds_bench.py` (not a test; prints best-of times).

Each query runs on a fresh cache, so the figures include building the per-rule roll tables.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from warroom.odds import invasion, roll_distribution, side_distribution, total_distribution
from warroom.odds.invasion import _moves, _tables, win_table
from warroom.rules.battle import CLASSIC, EVERY_DIE, BattleRule, SideRule

MODIFIED = BattleRule(
    attacker=SideRule(d8=2, reroll_once=True, reroll_until=1, plus_one=2),
    defender=SideRule(d8=1, reroll_until=EVERY_DIE, plus_one=1),
    attacker_wins_ties=True,
)


def _clear() -> None:
    for cached in (invasion, roll_distribution, side_distribution, total_distribution, _moves):
        cached.cache_clear()
    _tables.clear()


def best(fn: Callable[[], object], repeat: int = 7) -> float:
    times = []
    for _ in range(repeat):
        _clear()
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times) * 1000


def main() -> None:
    for name, rule in (("classic", CLASSIC), ("modified", MODIFIED)):
        inv = best(lambda rule=rule: invasion(1000, 1000, rule))
        grid = best(lambda rule=rule: win_table(200, 200, rule))
        print(f"{name:9} invasion 1000 v 1000 (full survivor distributions): {inv:7.2f} ms")
        print(f"{name:9} win table 200 x 200:                               {grid:7.2f} ms")
    big = best(lambda: invasion(20000, 20000), repeat=1)
    print(f"classic   invasion 20000 v 20000:                           {big:7.2f} ms")


if __name__ == "__main__":
    main()
