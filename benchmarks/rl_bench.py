"""Learning environments, steps per second per mode, one core: `python benchmarks/rl_bench.py
[--seconds S] [--runs N]`.

Not a test. For each mode, two players: the Gymnasium environment (seat 0 picking uniformly
among its legal tokens, the other seat a random bot) and the PettingZoo AEC environment
(every seat picking legal tokens) and the OpenSpiel game (every seat picking legal tokens,
chance nodes given an outcome drawn from `chance_outcomes()`, as OpenSpiel's samplers do)
step for S seconds of this process's CPU time
(`time.process_time`, so per core); an episode that ends is reset with the next seed. A step
is one token, the unit a learner sees (OpenSpiel's chance outcomes are counted apart, as
chance nodes per token). The "share" column is the part of that time spent
building and hashing the seat's view into its observation (measured separately on the same
states). Runs are interleaved and medians reported, so a busy machine slows all alike.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import numpy as np

import warroom.games as games
from warroom.rl import gymnasium_env, open_spiel_game, pettingzoo_env


def options(mode: str) -> dict[str, Any]:
    """What training uses: a turn limit where the mode has one, so episodes end."""
    names = {o.name for o in games.get_mode(mode).options}
    return {"turn_limit": 30} if "turn_limit" in names else {}


def gym_rate(mode: str, seconds: float) -> tuple[float, float]:
    """Steps per CPU second, and the share of it spent on observations."""
    env = gymnasium_env(mode, opponents="random", **options(mode))
    pick = np.random.default_rng(0)
    seed = 0
    _, info = env.reset(seed=seed)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        legal = np.flatnonzero(info["action_mask"])
        _, _, terminated, truncated, info = env.step(int(pick.choice(legal)))
        steps += 1
        if terminated or truncated:
            seed += 1
            _, info = env.reset(seed=seed)
    elapsed = time.process_time() - start
    observe_start = time.process_time()
    for _ in range(200):
        env.table.observation(env.seat)
    per_observation = (time.process_time() - observe_start) / 200
    return steps / elapsed, min(1.0, per_observation * steps / elapsed)


def aec_rate(mode: str, seconds: float) -> float:
    env = pettingzoo_env(mode, **options(mode))
    pick = np.random.default_rng(0)
    seed = 0
    env.reset(seed=seed)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            seed += 1
            env.reset(seed=seed)
            continue
        env.step(int(pick.choice(np.flatnonzero(observation["action_mask"]))))
        steps += 1
    return steps / (time.process_time() - start)


def spiel_rate(mode: str, seconds: float) -> tuple[float, float]:
    """Tokens per CPU second of an OpenSpiel game, and chance nodes per token."""
    game = open_spiel_game(mode, **options(mode))
    pick = np.random.default_rng(0)
    state = game.new_initial_state()
    steps = chances = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        if state.is_terminal():
            state = game.new_initial_state()
        elif state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(pick.integers(len(outcomes)))][0])
            chances += 1
        else:
            state.apply_action(int(pick.choice(state.legal_actions())))
            steps += 1
    return steps / (time.process_time() - start), chances / max(1, steps)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    modes = [g.id for g in games.modes()]
    gym: dict[str, list[float]] = {m: [] for m in modes}
    share: dict[str, list[float]] = {m: [] for m in modes}
    aec: dict[str, list[float]] = {m: [] for m in modes}
    spiel: dict[str, list[float]] = {m: [] for m in modes}
    chance: dict[str, list[float]] = {m: [] for m in modes}
    for _ in range(args.runs):
        for mode in modes:
            rate, part = gym_rate(mode, args.seconds)
            gym[mode].append(rate)
            share[mode].append(part)
            aec[mode].append(aec_rate(mode, args.seconds))
            rate, per_step = spiel_rate(mode, args.seconds)
            spiel[mode].append(rate)
            chance[mode].append(per_step)
    print(
        f"{'mode':<24}{'gym steps/s':>12}{'observing':>11}{'AEC steps/s':>13}"
        f"{'OpenSpiel steps/s':>19}{'chance/step':>13}"
    )
    for mode in modes:
        print(
            f"{mode:<24}{statistics.median(gym[mode]):>12.0f}"
            f"{statistics.median(share[mode]):>10.0%}{statistics.median(aec[mode]):>13.0f}"
            f"{statistics.median(spiel[mode]):>19.0f}{statistics.median(chance[mode]):>13.2f}"
        )


if __name__ == "__main__":
    main()
