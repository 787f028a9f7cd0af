"""The measured ladders the app shows players (warroom/data/ladders/) agree with their docs.

The docs (docs/ladder*.md) are the record people read and edit; the JSON beside the package is
read from them, so a doc re-measured or corrected without its JSON fails here, with the command
that brings the JSON up to date.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from warroom.bots import tiers_for
from warroom.games import CATALOG, strength
from warroom.sim.ladder import load_record, record_from_markdown

ROOT = Path(__file__).resolve().parents[2]
DOCS = sorted((ROOT / "docs").glob("ladder*.md"))
# Modes with no ladder doc, so no figure in the lobby; none today.
UNMEASURED: set[str] = set()


def _data_path(mode: str) -> str:
    return f"src/warroom/data/ladders/{mode}.json"


@pytest.mark.parametrize("doc", DOCS, ids=[d.name for d in DOCS])
def test_each_ladder_json_agrees_with_its_doc(doc: Path) -> None:
    from_doc = record_from_markdown(doc.read_text(encoding="utf-8"), f"docs/{doc.name}")
    regenerate = (
        f"regenerate it with `warroom ladder-data docs/{doc.name} "
        f"--out {_data_path(from_doc.mode)}`"
    )
    shipped = load_record(from_doc.mode)
    assert shipped is not None, f"{_data_path(from_doc.mode)} is missing: {regenerate}"
    assert shipped == from_doc, (
        f"{_data_path(from_doc.mode)} differs from docs/{doc.name}: {regenerate}"
    )


def test_every_mode_has_a_ladder_or_is_named_unmeasured() -> None:
    measured = {d.mode for d in (load_record(m.id) for m in CATALOG) if d is not None}
    assert measured | UNMEASURED == {m.id for m in CATALOG}
    shipped = {p.stem for p in Path(strength.LADDERS).glob("*.json")}
    assert shipped == measured  # no stray file for a mode that is gone


def test_the_doc_is_read_as_its_table_prints() -> None:
    classic = record_from_markdown((ROOT / "docs/ladder.md").read_text(), "docs/ladder.md")
    assert classic.tiers == ["random", "learned", "greedy", "mcts:50"] and classic.seed == 0
    top = classic.pairings[-1]
    assert (top.stronger, top.weaker, top.wins, top.games, top.interval) == (
        "mcts:50", "greedy", 68, 100, (0.583, 0.763),
    )  # fmt: skip
    bfm = load_record("mcu-battle-for-manhattan")
    assert bfm is not None and bfm.options == {"factions": "random", "turn_limit": "150"}
    assert bfm.pairings[-1].seats == 2 and bfm.players == 4


def test_a_command_with_every_pair_is_read_flag_by_flag() -> None:
    """`--all-pairs` takes no value: the flags after it keep theirs."""
    text = (ROOT / "docs/ladder.md").read_text()
    command = re.search(r"Regenerate with\s+`([^`]+)`", text)
    assert command is not None
    every_pair = command.group(1).replace(" --games", " --all-pairs --games")
    wider = text.replace(command.group(1), every_pair)
    record = record_from_markdown(wider, "docs/ladder.md")
    assert record.all_pairs and record.games == 100 and record.seed == 0


def test_the_catalogue_lists_the_tiers_the_bots_offer() -> None:
    for mode in CATALOG:
        assert list(mode.bots) == tiers_for(mode.id), mode.id


def test_each_tier_says_where_it_stands() -> None:
    shown = {
        s["tier"]: s
        for s in strength.strengths(
            strength.stored_ladder("risk-classic"), tiers_for("risk-classic")
        )
    }
    assert shown["random"]["summary"] == "weakest"
    assert shown["learned"]["summary"] == "beats random 67% of games"
    assert shown["greedy"]["summary"] == "beats learned 100% of games"
    assert shown["mcts"]["summary"] == "strongest: beats greedy 68% of games (as mcts:50)"
    assert shown["mcts"]["strongest"] and "68 of 100 games" in shown["mcts"]["detail"]
    guardians = strength.strengths(
        strength.stored_ladder("mcu-guardians"), tiers_for("mcu-guardians")
    )
    assert [s["tier"] for s in guardians] == [
        "random",
        "greedy",
        "lookahead",
        "mcts",
    ]  # measured first
    assert guardians[-1]["summary"] == "not measured"
    godstorm = strength.strengths(strength.stored_ladder("risk-godstorm"), ["greedy"])
    assert godstorm[0]["summary"] == "beats random 100% of games (2 of 3 seats)"
    assert strength.strengths(None, ["random"])[0]["summary"] == "not measured"
    # A pairing whose interval reaches under the even share is not called a win over it.
    bfm = strength.stored_ladder("mcu-battle-for-manhattan")
    assert bfm is not None
    pairings = [dict(p, separated=False) for p in bfm["pairings"]]
    unseparated = dict(bfm, pairings=pairings, strictly_ordered=False)
    top = strength.strengths(unseparated, ["mcts"])[0]
    assert top["summary"].startswith("not shown stronger than greedy: won ")
    assert not top["strongest"]


def test_ladder_writes_the_json_its_markdown_converts_to(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from warroom.cli.main import app
    from warroom.sim.ladder import LadderRecord

    md, data = tmp_path / "ladder.md", tmp_path / "ladder.json"
    words = ["ladder", "risk-classic", "--games", "2", "--tiers", "random,greedy", "--workers", "1"]
    done = CliRunner().invoke(app, [*words, "--out", str(md), "--data", str(data)])
    assert done.exit_code == 0, done.output
    written = LadderRecord.model_validate_json(data.read_text())
    assert written == record_from_markdown(md.read_text(), str(md))
    assert written.command.endswith("--seed 0") and written.pairings[0].games == 2
