"""Exact battle odds for every dice rule in the supported editions.

Single rolls come as exact fractions; invasions and tables as floats from vectorised
dynamic programming over the absorbing Markov chain. Everything is cached per rule.
"""

from warroom.odds.dice import (
    godswar_odds,
    harbinger_odds,
    roll_distribution,
    side_distribution,
    total_distribution,
)
from warroom.odds.invasion import (
    Invasion,
    invasion,
    invasion_exact,
    win_probability,
    win_table,
)

__all__ = [
    "Invasion",
    "godswar_odds",
    "harbinger_odds",
    "invasion",
    "invasion_exact",
    "roll_distribution",
    "side_distribution",
    "total_distribution",
    "win_probability",
    "win_table",
]
