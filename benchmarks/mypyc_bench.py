"""Rules path interpreted vs compiled with mypyc, side by side: `python benchmarks/mypyc_bench.py`.

Not a test; results go in docs/simulation.md ("Compiling the rules with mypyc"). Builds a
copy of `src` with the modules in MODULES compiled by mypyc (the `mypyc` of this
environment), unless given one with `--compiled DIR`, then runs each workload in fresh
processes, alternating the interpreted tree (`src`) and the compiled copy, ROUNDS times
each (5), pinned to one core (`taskset -c 0` where there is one), and prints the median rate
of each and their ratio. Rates are per second of the process's CPU time. Each pair of runs
must play the same games (same actions, turns and results): a difference is reported.

Workloads: Classic RISK 4 greedy bots and 4 random bots, whole games through the runner's
`play_game` with `engine="python"` (the simulation default of a 300-turn limit); MCTS
iterations per second (`mcts:50` against greedy, 2 players, its first 30 decisions);
Monopoly: Marvel Avengers 4 greedy bots, whole games through to_move, legal_actions, observe
and apply, as benchmarks/monopoly_bench.py plays them.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# What the comparison compiles: the engine core, the rules, the game modes and the bots, less
# the modules mypyc cannot compile as they are (docs/simulation.md says why).
MODULES = [
    "core/actions.py",
    "core/errors.py",
    "core/events.py",
    "core/game.py",
    "core/match.py",
    "core/registry.py",
    "core/rng.py",
    "rules/battle.py",
    "rules/cards.py",
    "rules/reinforcement.py",
    "games/risk_classic.py",
    "games/monopoly_avengers.py",
    "bots/__init__.py",
    "bots/risk.py",
    "bots/monopoly.py",
]
WORKLOADS = {  # name: (size, what the rate counts)
    "risk-greedy-4": (20, "games/s"),
    "risk-random-4": (10, "games/s"),
    "risk-mcts-50": (30, "iterations/s"),
    "monopoly-greedy-4": (10, "games/s"),
}


def work(name: str, size: int) -> dict[str, object]:
    """Run one workload in this process."""
    import warroom.games.risk_classic as rc

    compiled = not rc.__file__.endswith(".py")
    start = time.process_time()
    if name.startswith("risk-") and name != "risk-mcts-50":
        from warroom.sim.runner import SimConfig, play_game, resolve_options

        tier = name.split("-")[1]
        config = SimConfig("risk-classic", size, (tier,), 4, seed=1, options={}, engine="python")
        opts = resolve_options(config)
        results = [play_game(config, i, opts) for i in range(size)]
        count = size
        check: object = [(r.actions, r.turns, r.winners, r.reason) for r in results]
    elif name == "risk-mcts-50":
        from warroom.bots import make_bot
        from warroom.bots.search import MctsBot, search_kit

        kit = search_kit("risk-classic")
        assert kit is not None
        game = kit.game
        state = game.new_game(2, 5, {"turn_limit": 30})
        bot = MctsBot(kit, 1, iterations=50, seconds=1e9)
        other = make_bot("greedy", "risk-classic", 2)
        count = decisions = 0
        moves = []
        while game.outcome(state) is None and decisions < size:
            seat = game.to_move(state)[0]
            player = bot if seat == 0 else other
            action = player.choose(seat, game.observe(state, seat), game.legal_actions(state, seat))
            if player is bot:
                count += bot.stats.iterations
                decisions += 1
            moves.append(str(action))
            state, _ = game.apply(state, seat, action)
        check = moves
    else:
        from warroom.bots import make_bot
        from warroom.games.monopoly_avengers import GAME

        games = []
        for seed in range(size):
            st = GAME.new_game(4, seed, {"turn_limit": 1000})
            bots = [make_bot("greedy", GAME.id, seed * 10 + s) for s in range(4)]
            actions = 0
            while st.outcome is None:
                seat = GAME.to_move(st)[0]
                view, legal = GAME.observe(st, seat), GAME.legal_actions(st, seat)
                action = bots[seat].choose(seat, view, legal)
                st, _ = GAME.apply(st, seat, action)
                actions += 1
            games.append((actions, st.turn, st.outcome.reason))
        count = size
        check = games
    seconds = time.process_time() - start
    digest = hashlib.sha256(repr(check).encode()).hexdigest()[:16]
    return {"rate": count / seconds, "check": digest, "compiled": compiled}


def build(dest: Path) -> float:
    """Copy src to dest and compile MODULES there in place; returns the build's wall seconds."""
    shutil.copytree(ROOT / "src", dest / "src", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):  # the package layout (src/) the build follows
        shutil.copy(ROOT / name, dest / name)
    for module in MODULES:  # modes left interpreted subclass the core's and Classic's classes
        allow_subclasses(dest / "src" / "warroom" / module)
    mypyc = Path(sys.executable).with_name("mypyc")
    config = dest / "mypyc.ini"
    config.write_text("[mypy]\npython_version = 3.11\nstrict = True\n")
    start = time.perf_counter()
    subprocess.run(
        [str(mypyc), "--config-file", str(config), *(f"src/warroom/{m}" for m in MODULES)],
        cwd=dest,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return time.perf_counter() - start


def allow_subclasses(path: Path) -> None:
    """Mark every top-level class of the copy at `path` as one interpreted classes may
    subclass (mypyc refuses it otherwise: the modes not compiled derive from `Game`,
    `ClassicRisk` and the bots). Only the compiled copy changes; mypy_extensions comes with
    mypy."""
    out: list[str] = []
    first = -1  # where the first class's decorators start: the import goes there
    for line in path.read_text().splitlines():
        if line.startswith("class "):
            at = len(out)
            while at and out[at - 1].startswith("@"):
                at -= 1  # above the class's own decorators
            out.insert(at, "@mypyc_attr(allow_interpreted_subclasses=True)")
            first = at if first < 0 else first
        out.append(line)
    if first >= 0:
        out.insert(first, "from mypy_extensions import mypyc_attr")
        path.write_text("\n".join(out) + "\n")


def run(src: Path, name: str, size: int) -> dict[str, object]:
    env = dict(os.environ, PYTHONPATH=str(src))
    pin = ["taskset", "-c", "0"] if shutil.which("taskset") else []
    cmd = [*pin, sys.executable, __file__, "--work", name, "--size", str(size)]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"{name} failed with the tree {src}:\n{done.stderr}")
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--compiled", type=Path, help="a src tree already compiled (else built)")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every workload's size")
    ap.add_argument("--only", help="comma-separated workloads")
    ap.add_argument("--work", help=argparse.SUPPRESS)
    ap.add_argument("--size", type=int, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.work:
        print(json.dumps(work(args.work, args.size)))
        return
    with tempfile.TemporaryDirectory() as tmp:
        compiled = args.compiled
        if compiled is None:
            print(f"building {len(MODULES)} modules with mypyc...", flush=True)
            print(f"  build: {build(Path(tmp)):.0f} s wall", flush=True)
            compiled = Path(tmp) / "src"
        names = args.only.split(",") if args.only else list(WORKLOADS)
        print("| workload | unit | interpreted | compiled | compiled / interpreted |")
        print("| --- | --- | ---: | ---: | ---: |")
        for name in names:
            size, unit = WORKLOADS[name]
            size = max(1, round(size * args.scale))
            rates: dict[bool, list[float]] = {False: [], True: []}
            for _ in range(args.rounds):
                pair = [run(ROOT / "src", name, size), run(compiled, name, size)]
                assert [p["compiled"] for p in pair] == [False, True], pair
                if pair[0]["check"] != pair[1]["check"]:
                    print(f"| {name} | DIFFERENT GAMES compiled and interpreted |", flush=True)
                for p in pair:
                    rates[bool(p["compiled"])].append(float(p["rate"]))  # type: ignore[arg-type]
            slow, quick = statistics.median(rates[False]), statistics.median(rates[True])
            ratio = f"{quick / slow:.2f}x" if slow else "-"  # too small a size: nothing counted
            print(f"| {name} | {unit} | {slow:,.1f} | {quick:,.1f} | {ratio} |", flush=True)


if __name__ == "__main__":
    main()
