"""Start-up of `warroom games` against a bare `python -c pass`, side by side.

Run: .venv/bin/python benchmarks/startup_bench.py [--runs N] [--json]
Both run as subprocesses of the same interpreter (this one), alternately, so load on a
shared machine falls on both alike; `warroom games` runs the installed console script, as
a user types it. Prints the median wall-clock and CPU time of each and their ratios.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path


def timed(command: list[str]) -> tuple[float, float]:
    """Wall-clock and CPU seconds (user + system) of one run of `command`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return wall, cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=40)
    ap.add_argument("--json", action="store_true", help="time `warroom games --json`")
    args = ap.parse_args()
    script = Path(sys.executable).parent / "warroom"
    games = [sys.executable, str(script), "games", *(["--json"] if args.json else [])]
    bare = [sys.executable, "-c", "pass"]
    timed(games)  # the first run compiles the modules; it is not counted
    times: dict[str, list[tuple[float, float]]] = {"python -c pass": [], "warroom games": []}
    for _ in range(args.runs):
        times["python -c pass"].append(timed(bare))
        times["warroom games"].append(timed(games))
    medians = {
        name: (statistics.median(w for w, _ in runs), statistics.median(c for _, c in runs))
        for name, runs in times.items()
    }
    print(f"{args.runs} runs each, alternately, {sys.executable}")
    for name, (wall, cpu) in medians.items():
        print(f"  {name:16s} median {wall * 1000:6.1f} ms wall, {cpu * 1000:6.1f} ms CPU")
    (bare_wall, bare_cpu), (games_wall, games_cpu) = medians.values()
    wall_ratio, cpu_ratio = games_wall / bare_wall, games_cpu / bare_cpu
    print(f"  ratio            {wall_ratio:6.2f} x wall,  {cpu_ratio:6.2f} x CPU")


if __name__ == "__main__":
    main()
