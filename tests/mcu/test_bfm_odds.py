"""`warroom odds` covers Battle for Manhattan's own dice: Hulk's and each Ally's (reconstructed,
read from `battle.json`) as presets that combine with the stated d8 defences as in play."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from warroom.cli.main import app
from warroom.cli.odds import mode_presets
from warroom.games.mcu.manhattan import battle_rule
from warroom.games.risk_classic import DEFEND
from warroom.rules.battle import PRESETS, combine

from .bfm import THOR, ULTRON, Bfm
from .test_bfm_rules import attack_ready

runner = CliRunner()


def _first_roll(attack_sides: tuple[int, ...], defend_sides: tuple[int, ...]) -> set[str]:
    """Every face of every die counted by hand, as the CLI prints each outcome: "(0, 2): P"."""
    counts: dict[tuple[int, int], int] = {}
    faces = [range(1, s + 1) for s in attack_sides + defend_sides]
    total = 0
    for roll in itertools.product(*faces):
        att = sorted(roll[: len(attack_sides)], reverse=True)
        dfd = sorted(roll[len(attack_sides) :], reverse=True)
        lost = [a > d for a, d in zip(att, dfd, strict=False)]
        key = (lost.count(False), lost.count(True))
        counts[key] = counts.get(key, 0) + 1
        total += 1
    return {f"{k}: {Fraction(n, total)}" for k, n in counts.items()}


def test_hulk_preset_rolls_the_boxs_two_attack_d8s() -> None:
    """Hulk's dice (reconstructed) are d8s, but the box holds two attack d8s ([Avengers
    Components]): a third attack die is a d6."""
    out = runner.invoke(app, ["odds", "4", "2", "--preset", "mcu-hulk"])
    assert out.exit_code == 0, out.output
    text = " ".join(out.output.split())
    for outcome in _first_roll((8, 8, 6), (6, 6)):
        assert outcome in text


def test_ally_presets_cover_every_ally_on_both_sides() -> None:
    presets = mode_presets()
    bat = Bfm().state.battle
    assert not set(presets) & set(PRESETS)
    for ally, name in enumerate(bat.ally_ids):
        assert presets[f"mcu-{name.lower()}-attack"].attacker == bat.ally_attack[ally]
        assert presets[f"mcu-{name.lower()}-defence"].defender == bat.ally_defence[ally]
    # TH-ALLY2 adds a defence d8: on a Loki sector nothing changes (E7's numbers stand).
    out = runner.invoke(app, ["odds", "4", "2", "-p", "mcu-loki", "-p", "mcu-th-ally2-defence"])
    assert "1445/6912" in out.output and "6163/13824" in out.output
    # TH-ALLY1 adds an attack d8: 1 d8 and 2 d6 against 2 d6.
    out = runner.invoke(app, ["odds", "4", "2", "-p", "mcu-th-ally1-attack"])
    text = " ".join(out.output.split())
    assert all(outcome in text for outcome in _first_roll((8, 6, 6), (6, 6)))


def test_unknown_preset_lists_the_mode_presets() -> None:
    out = runner.invoke(app, ["odds", "4", "2", "--preset", "mcu-hulkk"])
    assert out.exit_code != 0
    assert "mcu-hulk," in out.output and "mcu-ws-ally3-defence" in out.output


@pytest.mark.parametrize("allies_along", [True, False])
def test_b16_a_battle_rolls_the_dice_its_presets_name(allies_along: bool) -> None:
    """Hulk and an Ally attacking a Loki sector held with an enemy Ally: the game's dice are
    the presets combined, so `warroom odds -p ...` gives the odds of that battle."""
    table = attack_ready(THOR)
    st = table.state
    target = st.loki[0]
    source = min(st.board.neighbors[target])
    names = st.board.territories
    table.give(THOR, 5, names[source])
    table.give(ULTRON, 3, names[target])
    st.allies = st.allies.placed(st.battle.ally_ids.index("TH-ALLY3"), source)
    st.allies = st.allies.placed(st.battle.ally_ids.index("UL-ALLY2"), target)
    st.hulk = source
    alone = " alone" if not allies_along else ""
    table.do(THOR, f"attack {names[source]} {names[target]}{alone} 3")
    assert table.state.phase == DEFEND
    presets = mode_presets()
    used = ["mcu-hulk", "mcu-ul-ally2-defence"] + (["mcu-th-ally3-attack"] if allies_along else [])
    expected = combine(PRESETS["mcu-loki"], *(presets[n] for n in used))
    assert battle_rule(table.state) == expected
