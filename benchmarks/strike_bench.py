"""RISK Strike on the rules path, one core: `python benchmarks/strike_bench.py [GAMES]
[--runs N] [--iterations N]`.

Not a test. Random and greedy bots, two and four players, play GAMES games each through
the calls an interface makes (to_move, legal_actions, observe, apply); the report gives
finished games and actions per second of this process's CPU time (`time.process_time`, so
per core), with the median game length in rounds (turns / players). Strike has no compiled
fast path, so the simulation runner plays these same games. Then the search bot's
iterations per second, from positions along greedy two-player games. The runs are
interleaved (each run measures every line once) and the medians reported, so a busy machine
slows all alike.
"""

from __future__ import annotations

from rules_path import arguments, report
from warroom.games.strike.rules import RiskStrike

LIMIT = 300  # the simulation runner's turn limit; bot games end by the rules long before


def main() -> None:
    args = arguments(__doc__.split("\n\n")[0], games=40).parse_args()
    report(RiskStrike(), args, (2, 4), {"turn_limit": LIMIT})


if __name__ == "__main__":
    main()
