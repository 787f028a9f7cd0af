"""The `learned` tier: a policy trained with `warroom train` (MaskablePPO, docs/rl.md), played
with numpy alone, so playing it needs neither torch nor the learning libraries.

A weights file (.npz) holds the policy network's layers (tanh hidden layers, then the token
logits) and the mode it was trained on. The bot sees what every bot sees, its seat's
observation, hashes its view exactly as the learning environments do (`warroom.rl.encoding`),
and spells its action token by token, drawing each token from the policy's probabilities over
the legal ones, as in training (from its own seeded generator, so a seed replays a game).
The most likely token alone plays worse: in Classic RISK it won 63.5% of 200 games against
random where drawing won 91.5% (docs/rl.md).

`learned` plays with the file the project ships for a mode (data/learned/<mode>.npz; the
tier is offered, in lobbies and `tiers_for`, for those modes only), `learned:PATH` with a file
a user trained, for any mode.
"""

from __future__ import annotations

import zipfile
import zlib
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from warroom.bots import register_tier
from warroom.core.actions import Action
from warroom.core.errors import WarroomError
from warroom.core.game import Seat
from warroom.core.registry import get_mode
from warroom.core.rng import Rng
from warroom.rl.encoding import ACTIONS, FEATURES, Decision, Features

FORMAT = "warroom-learned-1"


def shipped(mode: str) -> Path | None:
    """The weights file the project ships for `mode`, if any."""
    path = Path(str(resources.files("warroom") / "data" / "learned" / f"{mode}.npz"))
    return path if path.is_file() else None


class Policy:
    """A multilayer perceptron: tanh hidden layers, then one logit per token."""

    def __init__(self, path: Path) -> None:
        try:
            with np.load(path, allow_pickle=False) as data:
                stored = {name: data[name] for name in data.files}
        except OSError as exc:
            why = exc.strerror or exc
            raise WarroomError(f"cannot read learned weights {path}: {why}") from None
        # Not an archive of arrays (numpy's words would suggest unpickling), or one cut short
        # or damaged: an empty file is an EOFError, which the command line takes for Ctrl-D.
        except (ValueError, EOFError, zipfile.BadZipFile, zlib.error):
            raise WarroomError(
                f"{path} is not a warroom learned-weights file (a .npz of arrays, as "
                "'warroom train' writes)"
            ) from None
        if str(stored.get("format", "")) != FORMAT:
            raise WarroomError(f"{path} is not a warroom learned-weights file ({FORMAT})")
        self.mode, self.layers = _layers(path, stored)
        if self.layers[0][0].shape[1] != FEATURES or self.layers[-1][0].shape[0] != ACTIONS:
            raise WarroomError(f"{path} was trained on other features or tokens than these")

    def logits(self, features: np.ndarray) -> np.ndarray:
        hidden = features
        for weight, bias in self.layers[:-1]:
            hidden = np.tanh(weight @ hidden + bias)
        weight, bias = self.layers[-1]
        out: np.ndarray = weight @ hidden + bias
        return out


def _layers(
    path: Path, stored: dict[str, np.ndarray]
) -> tuple[str, list[tuple[np.ndarray, np.ndarray]]]:
    """The mode and the layers of a weights file, each layer's matrix taking the one before's
    outputs: a damaged file is refused by what is wrong, not met mid-game as a numpy error."""
    damaged = f"{path} is a damaged learned-weights file"
    try:
        mode, count = str(stored["mode"]), int(stored["layers"])
        layers = [
            (stored[f"w{k}"].astype(np.float32), stored[f"b{k}"].astype(np.float32))
            for k in range(count)
        ]
    except KeyError as exc:
        raise WarroomError(f"{damaged}: it has no {exc.args[0]!r}") from None
    except (TypeError, ValueError):
        raise WarroomError(f"{damaged}: its mode or layer count is not one") from None
    if not layers:
        raise WarroomError(f"{damaged}: it has no layers")
    if not all(np.isfinite(weight).all() and np.isfinite(bias).all() for weight, bias in layers):
        raise WarroomError(f"{damaged}: not every weight is a finite number")
    inputs = layers[0][0].shape[-1] if layers[0][0].ndim == 2 else -1
    for k, (weight, bias) in enumerate(layers):
        if weight.ndim != 2 or weight.shape[1] != inputs or bias.shape != (weight.shape[0],):
            raise WarroomError(f"{damaged}: layer {k}'s sizes do not follow the layer before")
        inputs = weight.shape[0]
    return mode, layers


def save_policy(path: Path, mode: str, layers: Sequence[tuple[np.ndarray, np.ndarray]]) -> None:
    """Write weights (each layer's matrix, out x in, and bias) for `Policy`."""
    arrays: dict[str, Any] = {"format": np.array(FORMAT), "mode": np.array(mode)}
    arrays["layers"] = np.array(len(layers))
    for k, (weight, bias) in enumerate(layers):
        arrays[f"w{k}"] = weight.astype(np.float16)
        arrays[f"b{k}"] = bias.astype(np.float32)
    np.savez_compressed(path, **arrays)


class LearnedBot:
    name = "learned"

    def __init__(self, mode: str, path: Path, seed: int = 0) -> None:
        self.game = get_mode(mode)
        self.rng = Rng(seed)
        self.policy = Policy(path)
        if self.policy.mode != mode:
            raise WarroomError(f"{path} was trained on {self.policy.mode}, not {mode}")
        self.features = Features()

    def choose(self, seat: Seat, observation: Any, legal: Sequence[Action]) -> Action:
        view = self.game.describe(observation, seat)
        decision = Decision.start(seat, legal)
        while (action := decision.action) is None:
            logits = self.policy.logits(self.features.encode(view, seat, decision.shown))
            legal_tokens = np.flatnonzero(decision.mask())
            chosen = logits[legal_tokens]
            weights = np.exp(chosen - chosen.max())
            decision.choose(int(legal_tokens[self._draw(weights / weights.sum())]))
        return action

    def _draw(self, probabilities: np.ndarray) -> int:
        """An index drawn with these probabilities, from the bot's own generator."""
        point = self.rng.next_u64() / 2**64
        index = int(np.searchsorted(np.cumsum(probabilities), point, side="right"))
        return min(index, len(probabilities) - 1)


def _factory(mode: str, seed: int, arg: str | None) -> LearnedBot:
    path = Path(arg) if arg else shipped(mode)
    if path is None:
        raise WarroomError(f"no learned weights ship for {mode}: train some (warroom train)")
    return LearnedBot(mode, path, seed)


def register() -> None:
    """Offer the tier for every mode with shipped weights; any mode plays `learned:PATH`."""
    register_tier("learned", "*", _factory, takes_arg=True, offered=False)
    folder = resources.files("warroom") / "data" / "learned"
    names = sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []
    for name in names:
        if name.endswith(".npz"):
            register_tier("learned", name.removesuffix(".npz"), _factory, takes_arg=True)
