"""RISK Godstorm on the rules path, one core: `python benchmarks/godstorm_bench.py [GAMES]
[--runs N] [--iterations N]`.

Not a test. Random and greedy bots, three and five players, play GAMES games each through
the calls an interface makes (to_move, legal_actions, observe, apply); the report gives
finished games and actions per second of this process's CPU time (`time.process_time`, so
per core), with the median game length in rounds (turns / players: five epochs make five
rounds, fewer only when one pantheon is left standing). Godstorm has no compiled fast path
(new modes get none), so the simulation runner plays these same games. Then the search bot's
iterations per second, from positions along greedy three-player games. The runs are
interleaved (each run measures every line once) and the medians reported, so a busy machine
slows all alike.
"""

from __future__ import annotations

from rules_path import arguments, report
from warroom.bots.godstorm import turn_number
from warroom.games.godstorm.rules import Godstorm
from warroom.games.godstorm.state import GodstormState


def turns_played(st: GodstormState) -> int:
    """Every seat's turn in every epoch up to the last one taken (after the fifth epoch's
    last turn the turn index has moved past the markers)."""
    return turn_number(st) + (1 if st.turn < len(st.markers) else 0)


def main() -> None:
    args = arguments(__doc__.split("\n\n")[0], games=20).parse_args()
    report(Godstorm(), args, (3, 5), {}, turns_played)


if __name__ == "__main__":
    main()
