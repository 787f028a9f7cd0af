"""Win rates with Wilson intervals, game lengths and endings, from per-game results."""

from __future__ import annotations

import math
import statistics
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from warroom.sim.runner import GameResult, reason_kind

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion: honest near 0 and 1 and for small n.

    The interval always holds the observed rate; rounding would otherwise put the bound a hair
    past it at 0 or all wins (3 games, no win: low 1e-17 > 0), and a plot's error bar negative.
    """
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    centre = p + z * z / (2 * n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    denom = 1 + z * z / n
    return max(0.0, min(p, (centre - half) / denom)), min(1.0, max(p, (centre + half) / denom))


@dataclass(frozen=True)
class Rate:
    """Wins (a shared win counts as a share) out of seat-games, with a 95% interval.

    The trial is the game, not the seat: where one label holds `seats` seats in every game
    (a bot in two seats of three), at most one of them wins a game, so its seat-results are
    not independent trials, and a Wilson interval over seat-games would be too wide. The
    interval is taken over games, on the share of each game the label's seats won together,
    then divided by the seats, so it is a seat's rate like `rate`.
    """

    label: str
    wins: float
    games: int  # seat-games
    seats: int = 1  # the label's seats in every game it played

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        low, high = wilson(self.wins, self.games // self.seats)
        return low / self.seats, high / self.seats


def _rates(results: Sequence[GameResult], key: Callable[[GameResult, int], str]) -> list[Rate]:
    wins: defaultdict[str, float] = defaultdict(float)
    played: Counter[str] = Counter()
    per_game: defaultdict[str, set[int]] = defaultdict(set)  # seats held, game by game
    for r in results:
        labels = Counter(key(r, seat) for seat in range(len(r.lineup)))
        for label, seats in labels.items():
            played[label] += seats
            per_game[label].add(seats)
        for seat in r.winners:
            wins[key(r, seat)] += 1 / len(r.winners)
    return [
        # a label whose seat count varies from game to game falls back to seat-games
        Rate(
            label,
            wins[label],
            played[label],
            min(per_game[label]) if len(per_game[label]) == 1 else 1,
        )
        for label in played
    ]


def by_bot(results: Sequence[GameResult]) -> list[Rate]:
    return sorted(_rates(results, lambda r, s: r.lineup[s]), key=lambda x: -x.rate)


def by_seat(results: Sequence[GameResult]) -> list[Rate]:
    return _rates(results, lambda r, s: f"seat {s}")


def by_position(results: Sequence[GameResult]) -> list[Rate]:
    """By place in the turn order ("1st", "2nd", ...), where the mode reports one
    (`Game.turn_order`) that is not simply the seats' own: where the dice find the first
    player, seat numbers say nothing of going first, and this is the table that does."""
    ordered = [r for r in results if r.order]
    if all(r.order == tuple(range(len(r.lineup))) for r in ordered):
        return []
    rates = _rates(ordered, lambda r, s: ordinal(r.order.index(s) + 1))
    return sorted(rates, key=lambda rate: int(rate.label[:-2]))


def ordinal(place: int) -> str:
    """1st, 2nd, 3rd, 4th, ... (places in a turn order: never past the 20s)."""
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(place % 10 if place // 10 != 1 else 0, "th")
    return f"{place}{suffix}"


def by_faction(results: Sequence[GameResult]) -> list[Rate]:
    """By the mode's seat label, only where it names factions rather than "Player N"."""
    if all(f == f"Player {s + 1}" for r in results for s, f in enumerate(r.factions)):
        return []
    return sorted(_rates(results, lambda r, s: r.factions[s]), key=lambda x: -x.rate)


def by_team(results: Sequence[GameResult]) -> list[Rate]:
    """Per game, not per seat, where the mode has teams (a team wins together): each team's
    share of the games it played, a win shared between teams counting as a share."""
    wins: defaultdict[str, float] = defaultdict(float)
    played: Counter[str] = Counter()
    for r in results:
        if not r.teams:
            continue
        winning = {r.teams[s] for s in r.winners}
        for team in set(r.teams):
            played[team] += 1
            if team in winning:
                wins[team] += 1 / len(winning)
    return sorted((Rate(t, wins[t], played[t]) for t in played), key=lambda x: -x.rate)


@dataclass(frozen=True)
class Lengths:
    mean: float
    median: float
    low: int
    high: int


def lengths(values: Sequence[int]) -> Lengths | None:
    if not values:
        return None
    return Lengths(statistics.fmean(values), statistics.median(values), min(values), max(values))


def endings(results: Sequence[GameResult]) -> list[tuple[str, str, int]]:
    """(ending, reason with numbers as N, games), most common first."""
    counts = Counter((r.ending, reason_kind(r.reason)) for r in results)
    return [(e, why, n) for (e, why), n in counts.most_common()]
