"""A battle's roll in the log says what its dice do beyond Classic's (`rules.battle.rule_words`),
so a result that looks wrong by Classic's rule (a tie the defender lost, a 7 on a die, a 1
gone) says why, in every mode that changes dice."""

from __future__ import annotations

from warroom.rules.battle import CLASSIC, EVERY_DIE, PRESETS, BattleRule, SideRule, rule_words


def test_plain_dice_say_nothing_and_each_change_is_named_once() -> None:
    assert rule_words(CLASSIC) == ""
    assert rule_words(PRESETS["godstorm-war"]) == " (the attacker wins ties)"
    assert rule_words(PRESETS["mcu-shield"]) == " (every defence die is a d8)"
    assert rule_words(PRESETS["godstorm-temple"]) == (
        " (1s rerolled until not 1 on every defence die)"
    )
    ships = BattleRule(  # Galaxy at War: a dreadnought, two cruisers and two carriers along
        attacker=SideRule(d8=1, reroll_until=2, plus_one=2),
        defender=SideRule(d8=EVERY_DIE, reroll_once=True, plus_one=1),
        attacker_wins_ties=True,
    )
    assert rule_words(ships) == (
        " (1 attack die is a d8; 1s rerolled until not 1 on 2 attack dice; +1 on the highest "
        "2 attack dice; every defence die is a d8; defence 1s rerolled once; +1 on the "
        "highest 1 defence die; the attacker wins ties)"
    )
    assert rule_words(BattleRule(attacker=SideRule(d8=2))) == " (2 attack dice are d8s)"
