"""The `learned` tier plays legal games from a weights file, with numpy alone, and refuses a
file that is not one (or was trained on another mode)."""

from __future__ import annotations

from importlib.resources import as_file, files
from pathlib import Path

import numpy as np
import pytest

from warroom.bots import make_bot
from warroom.bots.learned import LearnedBot, Policy, save_policy
from warroom.core import Match, WarroomError
from warroom.rl.encoding import ACTIONS, FEATURES


def random_weights(path: Path, mode: str) -> Path:
    generator = np.random.default_rng(0)
    shapes = [(16, FEATURES), (16, 16), (ACTIONS, 16)]
    save_policy(
        path, mode, [(generator.normal(size=s), generator.normal(size=s[0])) for s in shapes]
    )
    return path


def test_a_learned_bot_plays_a_whole_game_legally(tmp_path: Path) -> None:
    weights = random_weights(tmp_path / "strike.npz", "risk-strike")
    match = Match.start("risk-strike", 2, 3, {"turn_limit": 8})
    bots = [make_bot(f"learned:{weights}", "risk-strike", 0), make_bot("random", "risk-strike", 1)]
    while match.outcome() is None:
        seat = match.to_move()[0]
        legal = match.legal(seat)
        action = bots[seat].choose(seat, match.observe(seat), legal)
        assert action in legal
        match.act(seat, action)


def test_the_same_weights_choose_the_same_actions(tmp_path: Path) -> None:
    weights = random_weights(tmp_path / "classic.npz", "risk-classic")
    match = Match.start("risk-classic", 2, 4)
    seat = match.to_move()[0]
    first, second = LearnedBot("risk-classic", weights), LearnedBot("risk-classic", weights)
    legal = match.legal(seat)
    assert first.choose(seat, match.observe(seat), legal) == second.choose(
        seat, match.observe(seat), legal
    )


def test_bad_weights_are_refused_with_a_reason(tmp_path: Path) -> None:
    junk = tmp_path / "junk.npz"
    junk.write_bytes(b"not numpy")
    # numpy's own words for it suggested loading with allow_pickle, unsafe for a stray file
    with pytest.raises(WarroomError, match="is not a warroom learned-weights file") as caught:
        Policy(junk)
    assert "pickle" not in str(caught.value)
    with pytest.raises(WarroomError, match=r"cannot read learned weights .*: No such file"):
        Policy(tmp_path / "missing.npz")
    # a real file cut short (a zip with no directory), and an empty one (an EOFError, which
    # the command line took for Ctrl-D: "Aborted.")
    whole = random_weights(tmp_path / "whole.npz", "risk-classic").read_bytes()
    for cut, content in (("half", whole[: len(whole) // 2]), ("empty", b"")):
        (tmp_path / f"{cut}.npz").write_bytes(content)
        with pytest.raises(WarroomError, match="is not a warroom learned-weights file"):
            Policy(tmp_path / f"{cut}.npz")
    other = random_weights(tmp_path / "strike.npz", "risk-strike")
    with pytest.raises(WarroomError, match="trained on risk-strike"):
        LearnedBot("risk-classic", other)


def test_a_damaged_weights_file_is_refused_saying_what_is_wrong(tmp_path: Path) -> None:
    """A file of the right format missing a layer or its mode, or with inner layers that do
    not fit, failed with a KeyError, or a numpy error in the middle of a game."""
    good = dict(np.load(random_weights(tmp_path / "good.npz", "risk-strike")))
    w1 = good["w1"]
    cases = {
        "no w0": ({k: v for k, v in good.items() if k != "w0"}, "it has no 'w0'"),
        "no mode": ({k: v for k, v in good.items() if k != "mode"}, "it has no 'mode'"),
        "narrow": ({**good, "w1": w1[:, : w1.shape[1] // 2]}, "layer 1's sizes do not follow"),
        "nan": ({**good, "w0": good["w0"] * np.nan}, "not every weight is a finite number"),
        "inf": ({**good, "b1": good["b1"] + np.inf}, "not every weight is a finite number"),
    }
    for name, (arrays, said) in cases.items():
        path = tmp_path / f"{name}.npz"
        np.savez(path, **arrays)
        with pytest.raises(WarroomError, match=f"is a damaged learned-weights file: {said}"):
            Policy(path)


def test_training_writes_weights_the_tier_plays_and_a_report(tmp_path: Path) -> None:
    """A few seconds of MaskablePPO (only where the extra `train` is installed)."""
    pytest.importorskip("sb3_contrib")
    from warroom.rl.train import train

    out = tmp_path / "strike.npz"
    report = train(
        "risk-strike",
        out,
        minutes=0.05,
        eval_games=2,
        options={"turn_limit": 5},
        progress=lambda line: None,
    )
    assert report.timesteps > 0 and set(report.evaluation) == {"random", "greedy"}
    assert all(0 <= r["low"] <= r["win_rate"] <= r["high"] <= 1 for r in report.evaluation.values())
    assert out.with_suffix(".png").stat().st_size > 0 and out.with_suffix(".json").is_file()
    LearnedBot("risk-strike", out)


def test_training_without_the_extra_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The learning libraries are imported only when training starts: missing (here torch,
    hidden), `warroom train` names the extra in one line, not a traceback."""
    import sys

    from typer.testing import CliRunner

    from warroom.cli.main import app

    monkeypatch.setitem(sys.modules, "torch", None)  # `import torch` now fails
    out = tmp_path / "strike.npz"
    result = CliRunner().invoke(
        app, ["train", "risk-strike", "--out", str(out), "--minutes", "0.01"]
    )
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "needs the extra 'train' (torch is missing)" in " ".join(result.output.split())
    assert not out.exists()


def test_measuring_games_end_in_a_mode_whose_games_may_not(tmp_path: Path) -> None:
    """`warroom train` on Classic RISK with no turn limit never finished: its measuring games
    (learned against random) played on for thousands of turns. They get the simulations' turn
    cap, as `warroom simulate` gives its games."""
    from warroom.rl.train import evaluate

    weights = files("warroom.data.learned") / "risk-classic.npz"
    with as_file(weights) as path:
        result = evaluate("risk-classic", path, "random", 2, {}, 1)
    assert result["games"] == 1 and 0 <= result["win_rate"] <= 1


def test_train_refuses_a_report_it_could_not_write_before_training(tmp_path: Path) -> None:
    """A folder where the report goes was found only after the training and the measuring
    games; it is refused before, with the weights' own checks."""
    from typer.testing import CliRunner

    from warroom.cli.main import app

    (tmp_path / "a.json").mkdir()
    out = tmp_path / "a.npz"
    result = CliRunner().invoke(app, ["train", "risk-strike", "--out", str(out), "--minutes", "1"])
    assert result.exit_code != 0 and "a.json" in result.output and "Traceback" not in result.output
    assert not out.exists()
