"""Train a `learned` bot with sb3-contrib's MaskablePPO on a mode's Gymnasium environment, then
measure it against the random and greedy tiers (the optional extra `train`; docs/rl.md).

The trained policy is saved as numpy weights for `warroom.bots.learned`, with a learning curve
(PNG) and a JSON report of the evaluation beside it.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from warroom.bots import Bot, make_bot, tiers_for
from warroom.bots.learned import LearnedBot, save_policy
from warroom.core.errors import WarroomError
from warroom.core.registry import get_mode
from warroom.sim.runner import DEFAULT_ACTION_CAP, with_turn_cap
from warroom.sim.stats import wilson

MOST_TIMESTEPS = 10_000_000  # the step budget when only the minutes are given


@dataclass
class Report:
    mode: str
    players: int
    opponent: str
    options: dict[str, Any]
    timesteps: int
    episodes: int
    minutes: float
    evaluation: dict[str, dict[str, float]] = field(default_factory=dict)
    curve: list[tuple[int, float]] = field(default_factory=list)


def _training_env(mode: str, players: int, opponent: str, options: dict[str, Any]) -> Any:
    from stable_baselines3.common.monitor import Monitor

    from warroom.rl import gymnasium_env

    return Monitor(gymnasium_env(mode, 0, opponent, players, reward="win-loss", **options))


def check_training(
    mode: str,
    players: int,
    opponent: str,
    minutes: float,
    timesteps: int,
    options: dict[str, Any] | None,
    eval_games: int,
) -> dict[str, Any]:
    """Every value a training run takes, checked before it (which takes minutes) and before
    any file or folder is made for it; the options it plays with. Needs no learning library,
    so a bad value is named as such where they are missing too."""
    if not minutes > 0:
        raise WarroomError(f"--minutes must be more than 0, not {minutes:g}")
    if eval_games < 1:
        raise WarroomError(f"--eval-games must be at least 1, not {eval_games}")
    if timesteps < 1:
        raise WarroomError(f"--timesteps must be at least 1, not {timesteps}")
    game = get_mode(mode)
    if not game.min_players <= players <= game.max_players:
        raise WarroomError(
            f"{game.title} is for {game.min_players} to {game.max_players} players, not {players}"
        )
    make_bot(opponent, mode, 0)  # an unknown tier, refused by its name
    # The mode's own options only: the measuring games after training take no other (the
    # environment's `reward` and `max_steps` are set here), so they were refused only then.
    # The simulations' turn cap where the mode has one and none is given: without it a
    # measuring game between bots may never end (Classic RISK's often does not).
    capped = with_turn_cap(mode, options or {})
    game.resolve_options(capped)
    return capped


def train(
    mode: str,
    out: Path,
    *,
    players: int = 2,
    opponent: str = "random",
    minutes: float = 15.0,
    timesteps: int = MOST_TIMESTEPS,
    options: dict[str, Any] | None = None,
    seed: int = 0,
    eval_games: int = 200,
    progress: Callable[[str], None] = print,
) -> Report:
    """Train for `minutes` of wall time (or `timesteps`, whichever comes first)."""
    options = check_training(mode, players, opponent, minutes, timesteps, options, eval_games)
    try:
        import torch
        from sb3_contrib import MaskablePPO
        from stable_baselines3.common.callbacks import BaseCallback
    except ImportError as exc:  # the learning libraries are imported only here, when used
        raise WarroomError(
            f"training needs the extra 'train' ({exc.name} is missing): "
            "pip install torch==2.13.0 && pip install -e '.[train]'"
        ) from None

    torch.set_num_threads(1)
    env = _training_env(mode, players, opponent, options)
    env.reset(seed=seed)
    model = MaskablePPO(
        "MlpPolicy",
        env,
        n_steps=2048,
        batch_size=256,
        learning_rate=3e-4,
        gamma=0.999,
        ent_coef=0.01,
        seed=seed,
        verbose=0,
        device="cpu",
    )
    curve: list[tuple[int, float]] = []
    deadline = time.monotonic() + minutes * 60

    class Watch(BaseCallback):  # type: ignore[misc]
        def _on_step(self) -> bool:
            for info in self.locals.get("infos", []):
                episode = info.get("episode")
                if episode is not None:
                    curve.append((self.num_timesteps, float(episode["r"])))
                    if len(curve) % 50 == 0:
                        recent = [r for _, r in curve[-50:]]
                        won = sum(r > 0 for r in recent) / len(recent)
                        progress(
                            f"{self.num_timesteps} steps, {len(curve)} games, last 50 won {won:.0%}"
                        )
            return time.monotonic() < deadline

    started = time.monotonic()
    model.learn(total_timesteps=timesteps, callback=Watch())
    elapsed = (time.monotonic() - started) / 60
    policy = model.policy
    layers = [m for m in policy.mlp_extractor.policy_net if isinstance(m, torch.nn.Linear)]
    layers.append(policy.action_net)
    out.parent.mkdir(parents=True, exist_ok=True)
    save_policy(
        out,
        mode,
        [(m.weight.detach().numpy(), m.bias.detach().numpy()) for m in layers],
    )
    report = Report(
        mode,
        players,
        opponent,
        options,
        int(model.num_timesteps),
        len(curve),
        elapsed,
        curve=curve,
    )
    for tier in ("random", "greedy"):
        if tier in tiers_for(mode):
            report.evaluation[tier] = evaluate(mode, out, tier, players, options, eval_games)
            progress(f"against {tier}: {report.evaluation[tier]}")
    out.with_suffix(".json").write_text(json.dumps(asdict(report), indent=1))
    plot(report, out.with_suffix(".png"))
    return report


def evaluate(
    mode: str, weights: Path, tier: str, players: int, options: dict[str, Any], games: int
) -> dict[str, float]:
    """The learned bot in seat 0 (where it trained) against `tier` in the others, over
    `games` seeds (none used in training: those start at 0, these at 10**9): its share of
    wins, with a 95% Wilson interval. Every game ends: the simulations' turn cap where the
    mode has a turn limit and none is given, and their action cap (a game there is no win)."""
    game = get_mode(mode)
    options = with_turn_cap(mode, options)
    wins = 0.0
    for index in range(games):
        seed = 10**9 + index
        state = game.new_game(players, seed, options)
        bots: list[Bot] = [LearnedBot(mode, weights, seed)] + [
            make_bot(tier, mode, seed * 7 + s) for s in range(1, players)
        ]
        actions = 0
        while (outcome := game.outcome(state)) is None and actions < DEFAULT_ACTION_CAP:
            seat = game.to_move(state)[0]
            legal = game.legal_actions(state, seat)
            state = game.play(
                state, seat, bots[seat].choose(seat, game.observe(state, seat), legal)
            )
            actions += 1
        if outcome is not None and 0 in outcome.winners:  # a game at the cap is no win
            wins += 1 / len(outcome.winners)
    low, high = wilson(wins, games)
    return {"games": games, "win_rate": wins / games, "low": low, "high": high}


def plot(report: Report, path: Path, window: int = 100) -> None:
    """Training games won (rolling mean over `window` games) against the training steps."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps = np.array([s for s, _ in report.curve])
    won = np.array([1.0 if r > 0 else 0.0 for _, r in report.curve])
    figure, axes = plt.subplots(figsize=(7, 4))
    if len(won) >= window:
        rolling = np.convolve(won, np.ones(window) / window, mode="valid")
        axes.plot(steps[window - 1 :], rolling, label=f"won, mean of last {window} games")
    axes.scatter(steps, won, s=2, alpha=0.2, label="each training game (1 won)")
    for tier, result in report.evaluation.items():
        axes.axhline(
            result["win_rate"],
            linestyle="--",
            label=f"after: vs {tier}",
            alpha=0.7,
            color="C2" if tier == "random" else "C3",
        )
    axes.set_xlabel("environment steps (tokens)")
    axes.set_ylabel("share of games won")
    axes.set_ylim(-0.05, 1.05)
    axes.set_title(f"MaskablePPO on {report.mode}, {report.players} players, vs {report.opponent}")
    axes.legend(loc="lower right", fontsize=8)
    figure.tight_layout()
    figure.savefig(path, dpi=90)
    plt.close(figure)
