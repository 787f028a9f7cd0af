"""RISK MCU Skirmish or Battle for Manhattan on the rules path, one core:
`python benchmarks/mcu_bench.py [GAMES] [--runs N] [--iterations N] [--mode MODE]`.

Not a test. Random and greedy bots, three and five players, play GAMES games each through
the calls an interface makes (to_move, legal_actions, observe, apply); the report gives
finished games and actions per second of this process's CPU time (`time.process_time`, so
per core), with the median game length in rounds (turns / players). Random games rarely
reach 20 sectors and end at the simulation runner's turn limit; greedy games end by the
rules. Skirmish has no compiled fast path (new modes get none), so the simulation runner
plays these same games. `--mode mcu-battle-for-manhattan` times Battle for Manhattan the same
way (factions dealt at random; greedy games end by objectives). Then the search bot's
iterations per second, from positions along greedy three-player games. The runs are
interleaved (each run measures every line once) and the medians reported, so a busy machine
slows all alike.
"""

from __future__ import annotations

from rules_path import arguments, report
from warroom.core import get_mode
from warroom.sim.runner import DEFAULT_TURN_LIMIT

MODES = ("mcu-skirmish", "mcu-battle-for-manhattan")


def main() -> None:
    parser = arguments(__doc__.split("\n\n")[0], games=20)
    parser.add_argument("--mode", default=MODES[0], choices=MODES)
    args = parser.parse_args()
    options: dict[str, object] = {"turn_limit": DEFAULT_TURN_LIMIT}  # as `warroom simulate`
    if args.mode == "mcu-battle-for-manhattan":
        options["factions"] = "random"
    report(get_mode(args.mode), args, (3, 5), options)


if __name__ == "__main__":
    main()
