"""Exact odds for every dice rule in the supported editions: battles, and the dice-matching
card games' chance to complete a card.

Single rolls come as exact fractions; invasions and tables as floats from vectorised
dynamic programming over the absorbing Markov chain. Everything is cached per rule.
"""

from warroom.odds.dice import (
    defence_odds,
    godswar_ends,
    godswar_odds,
    godswar_series,
    harbinger_odds,
    roll_distribution,
    side_distribution,
    total_distribution,
)
from warroom.odds.dice_match import (
    CardOdds,
    best_match,
    best_match_exact,
    card_odds,
    card_odds_float,
    completion,
    completion_float,
)
from warroom.odds.invasion import (
    Invasion,
    invasion,
    invasion_exact,
    win_probability,
    win_table,
)
from warroom.odds.strike import (
    StrikeBattle,
    StrikeOdds,
    strike_battle,
    strike_battle_exact,
    strike_odds,
    strike_roll,
)

__all__ = [
    "CardOdds",
    "Invasion",
    "StrikeBattle",
    "StrikeOdds",
    "best_match",
    "best_match_exact",
    "card_odds",
    "card_odds_float",
    "completion",
    "completion_float",
    "defence_odds",
    "godswar_ends",
    "godswar_odds",
    "godswar_series",
    "harbinger_odds",
    "invasion",
    "invasion_exact",
    "roll_distribution",
    "side_distribution",
    "strike_battle",
    "strike_battle_exact",
    "strike_odds",
    "strike_roll",
    "total_distribution",
    "win_probability",
    "win_table",
]
