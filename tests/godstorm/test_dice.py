"""Dice with traces (rules/battle.py): the faces as first rolled and after rerolls, drawn
exactly as the untraced rolls the odds engine describes (spec section 7, item 5; G59, A7)."""

from __future__ import annotations

import pytest

from warroom.core.rng import Rng
from warroom.games.godstorm.battle import force_rule
from warroom.games.godstorm.state import MAGIC
from warroom.rules.battle import (
    PRESETS,
    SideRule,
    combine,
    godswar_roll,
    roll,
    roll_side,
    roll_side_trace,
    roll_traced,
)

from .dice import roll_draw, scripted


@pytest.mark.parametrize(
    "name",
    [
        "classic",
        "godstorm-war",
        "godstorm-magic-attack",
        "godstorm-magic-defend",
        "godstorm-temple",
    ],
)
def test_traced_rolls_draw_what_untraced_rolls_draw(name: str) -> None:
    rule = PRESETS[name]
    for seed in range(60):
        traced = roll_traced(Rng(seed), 3, 2, rule)
        assert traced.roll == roll(Rng(seed), 3, 2, rule)
        assert traced.attack.final == traced.roll.attack


def test_trace_keeps_the_first_faces_through_a_magic_reroll() -> None:
    # Three 1s rolled, each rerolled once (goddess of magic, A5) into 6, 1 and 4.
    rng = scripted(roll_draw(1, 1, 1), 5, 0, 3)
    trace = roll_side_trace(rng, SideRule(reroll_once=True), 3)
    assert trace.first == (1, 1, 1) and trace.rerolled == (6, 1, 4) and trace.final == (6, 4, 1)
    assert trace.has_kind(3)  # A7: the triple of first faces counts


def test_a_triple_made_by_rerolls_counts() -> None:
    # A temple rerolls 1s until they are not: 5, 1 -> 5, 5 makes 5-5-5 after rerolls.
    rng = scripted(roll_draw(5, 5, 1), 0, 4)
    trace = roll_side_trace(rng, PRESETS["godstorm-temple"].defender, 3)
    assert trace.first == (5, 5, 1) and trace.rerolled == (5, 5, 5) and trace.has_kind(3)
    plain = roll_side_trace(scripted(roll_draw(5, 5, 1)), SideRule(), 3)
    assert not plain.has_kind(3)


def test_godswar_keeps_both_sides_dice() -> None:
    rule = combine(PRESETS["godstorm-war"], PRESETS["godstorm-temple"])
    for seed in range(20):
        war = godswar_roll(Rng(seed), 4, 3, 5, 2, rule)
        assert war.attack is not None and war.defend is not None
        assert war.attack_total == sum(war.attack.final) + 5
        assert war.defend_total == sum(war.defend.final) + 2
        assert len(war.attack.first) == 4 and 1 not in war.defend.final
        again = Rng(seed)
        assert roll_side(again, rule.attacker, 4) == war.attack.final


def test_a6_rerolls_are_automatic_not_a_choice() -> None:
    # The game's own rule for a temple defender and a goddess of magic attacking: nobody is
    # asked; each side's 1s are rerolled as soon as they are rolled.
    rule = force_rule([MAGIC], [], temple=True)
    defended = roll_side_trace(scripted(roll_draw(1, 3), 4), rule.defender, 2)
    assert defended.first == (1, 3) and defended.rerolled == (5, 3)
    attacked = roll_side_trace(scripted(roll_draw(1, 2, 2), 5), rule.attacker, 3)
    assert attacked.rerolled == (6, 2, 2)
