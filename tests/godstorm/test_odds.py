"""Odds of godswar and of battles with gods and temples (`warroom odds`), against brute force
over the dice faces and against the game's own godswar code (G46-G51, G83-G88, A5, A9)."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from itertools import product

from warroom.core.rng import Rng
from warroom.games.godstorm.battle import battle_rule, force_rule
from warroom.games.godstorm.invasion import (
    declare,
    fight_godswar,
    godswar_due,
    two_pairs_at_most,
)
from warroom.games.godstorm.odds import godswar_chance
from warroom.games.godstorm.state import BANISHED, MAGIC, SKY, WAR
from warroom.odds import defence_odds, roll_distribution
from warroom.rules.battle import PRESETS, combine, roll

from .conftest import hold, table

SIXTH = Fraction(1, 6)


def _die(once: bool, until: bool) -> dict[int, Fraction]:
    """One die's final face, faces enumerated: a 1 rerolled once (magic), then rerolled until
    it is not 1 (temple), A5's order."""
    out: dict[int, Fraction] = defaultdict(Fraction)
    for first, second in product(range(1, 7), repeat=2):
        face = second if once and first == 1 else first
        weight = SIXTH * SIXTH
        if until and face == 1:
            for last in range(2, 7):
                out[last] += weight / 5
        else:
            out[face] += weight
    return out


def _total(dice: int, once: bool = False, until: bool = False) -> dict[int, Fraction]:
    die = _die(once, until)
    out: dict[int, Fraction] = defaultdict(Fraction)
    for faces in product(die, repeat=dice):
        weight = Fraction(1)
        for face in faces:
            weight *= die[face]
        out[sum(faces)] += weight
    return out


def _round(
    attack: dict[int, Fraction], defend: dict[int, Fraction], margin: int, ties: bool
) -> Fraction:
    """P(attacker's total + margin beats the defender's), ties as given (G86)."""
    return sum(
        (p * q for a, p in attack.items() for d, q in defend.items()
         if a + margin > d or (ties and a + margin == d)),
        Fraction(0),
    )  # fmt: skip


def test_g86_g46_one_round_war_god_against_plain_dice_by_brute_force() -> None:
    plain = _total(3)
    assert godswar_chance([WAR], [WAR], 5, 5) == _round(plain, plain, 0, True)
    assert godswar_chance([SKY], [WAR], 4, 6) == _round(_total(4), plain, -2, False)


def test_g47_g51_a5_magic_and_temple_rerolls_by_brute_force() -> None:
    temple = PRESETS["godstorm-temple"]
    magic = _total(3, once=True)
    first = _round(magic, _total(4, once=True, until=True), 1, False)  # sky and magic defend
    # One attacking god must win twice; the second round depends on who the defender lost.
    sky_staked_first = first * _round(magic, _total(3, once=True, until=True), 1, False)
    magic_staked_first = first * _round(magic, _total(4, until=True), 1, False)
    assert godswar_chance([MAGIC], [SKY, MAGIC], 6, 5, temple) == sky_staked_first
    assert godswar_chance([MAGIC], [MAGIC, SKY], 6, 5, temple) == magic_staked_first
    assert sky_staked_first != magic_staked_first


def test_g88_a9_rounds_until_one_side_has_no_gods_in_the_order_staked() -> None:
    plain = _total(3)
    sky = _total(4)
    war_vs_plain = _round(plain, plain, 0, True)  # war alone
    war_sky_vs_plain = _round(sky, plain, 0, True)
    # war+sky against one god: staking war first keeps sky's die for a second chance.
    expected = war_sky_vs_plain + (1 - war_sky_vs_plain) * _round(sky, plain, 0, False)
    assert godswar_chance([WAR, SKY], [WAR], 0, 0) == expected
    expected = war_sky_vs_plain + (1 - war_sky_vs_plain) * war_vs_plain
    assert godswar_chance([SKY, WAR], [WAR], 0, 0) == expected


def test_force_rule_is_the_games_battle_rule() -> None:
    state = table()
    hold(state, 0, {"Roma": 6})
    hold(state, 1, {"Apulia": 3})
    apulia = state.parts.earth.territory("Apulia")
    state.gods[1][MAGIC] = apulia
    state.temple[apulia] = True
    assert battle_rule(state, [WAR, MAGIC], apulia) == force_rule([WAR, MAGIC], [MAGIC], True)


def test_godswar_chance_matches_the_games_own_godswar() -> None:
    """A whole godswar fought by `fight_godswar`, many times: within 4 standard errors."""
    state = table()
    hold(state, 0, {"Roma": 6})
    hold(state, 1, {"Apulia": 5})
    roma, apulia = state.parts.earth.territory("Roma"), state.parts.earth.territory("Apulia")
    state.gods[0][SKY] = state.gods[0][WAR] = roma
    state.gods[1][MAGIC] = state.gods[1][SKY] = apulia
    state.temple[apulia] = True
    state.decks = {deck: [] for deck in state.decks}  # no Labor card changes the dice
    attack_order, defend_order = [WAR, SKY], [SKY, MAGIC]
    rng = Rng(3)
    trials, wins = 3000, 0
    for _ in range(trials):
        fight = state.copy()
        fight.rng = Rng(rng.next_u64())
        invasion = declare(fight, 0, roma, apulia, 4, attack_order)
        while godswar_due(fight, invasion):
            attack_god = next(d for d in attack_order if d in invasion.force)
            defend_god = next(d for d in defend_order if fight.gods[1][d] == apulia)
            invasion, _ = fight_godswar(fight, invasion, attack_god, defend_god)
        wins += all(fight.gods[1][d] == BANISHED for d in defend_order)
    p = float(godswar_chance(attack_order, defend_order, 4, 5, PRESETS["godstorm-temple"]))
    error = (p * (1 - p) / trials) ** 0.5
    assert abs(wins / trials - p) < 4 * error


def test_g91_a_third_defence_die_s_odds_count_two_pairs_as_the_game_s_roll_does() -> None:
    """A Sky card's third defence die (G69): the defence odds shown at the prompt compare the
    two highest pairs, as `two_pairs_at_most` decides the game's roll; a sampled run of that
    roll (with the temple's and the god of war's rule on it) agrees, and comparing all three
    pairs would not."""
    rule = combine(PRESETS["godstorm-war"], PRESETS["godstorm-temple"])
    shown = defence_odds(rule, 3, 3)[3]
    assert set(shown) == {(0, 2), (1, 1), (2, 0)}  # two losses a roll at most
    assert shown != roll_distribution(rule, 3, 3)
    rng, rolls = Rng(91), 30_000
    counts: dict[tuple[int, int], int] = defaultdict(int)
    for _ in range(rolls):
        r = two_pairs_at_most(roll(rng, 3, 3, rule), rule)
        counts[r.attacker_losses, r.defender_losses] += 1
    for outcome, p in shown.items():
        assert abs(counts[outcome] / rolls - float(p)) < 0.015, (outcome, counts, shown)
