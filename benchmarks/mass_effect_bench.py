"""RISK Mass Effect Basic Training on the rules path, one core:
`python benchmarks/mass_effect_bench.py [GAMES] [--runs N] [--iterations N]`.

Not a test. Random and greedy bots, three and four players, play GAMES games each through
the calls an interface makes (to_move, legal_actions, observe, apply); the report gives
finished games and actions per second of this process's CPU time (`time.process_time`, so
per core), with the median game length in rounds (turns / players). Random games end at the
simulation runner's turn limit; greedy games end by the rules (the last player standing).
Basic Training has no compiled fast path (new modes get none), so the simulation runner
plays these same games. Then the search bot's iterations per second, from positions along
greedy three-player games. The runs are interleaved (each run measures every line once) and
the medians reported, so a busy machine slows all alike.
"""

from __future__ import annotations

from rules_path import arguments, report
from warroom.core import get_mode
from warroom.sim.runner import DEFAULT_TURN_LIMIT


def main() -> None:
    args = arguments(__doc__.split("\n\n")[0], games=20).parse_args()
    options: dict[str, object] = {"turn_limit": DEFAULT_TURN_LIMIT}  # as `warroom simulate`
    report(get_mode("mass-effect-basic"), args, (3, 4), options)


if __name__ == "__main__":
    main()
