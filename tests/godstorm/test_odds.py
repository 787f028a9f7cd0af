"""Odds of godswar and of battles with gods and temples (`warroom odds`), against brute force
over the dice faces and against the game's own godswar code (G46-G51, G83-G88, A5, A9)."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from itertools import product

import pytest

from warroom.core.errors import IllegalAction, WarroomError
from warroom.core.rng import Rng
from warroom.games.godstorm.battle import battle_rule, force_rule
from warroom.games.godstorm.invasion import (
    Invasion,
    declare,
    fight_godswar,
    godswar_due,
    two_pairs_at_most,
)
from warroom.games.godstorm.odds import (
    godswar_chance,
    invasion_between,
    invasion_odds,
    invasion_words,
)
from warroom.games.godstorm.rules import Godstorm
from warroom.games.godstorm.state import BANISHED, MAGIC, SKY, WAR, GodstormState
from warroom.odds import (
    defence_odds,
    godswar_ends,
    godswar_odds,
    godswar_series,
    invasion,
    roll_distribution,
)
from warroom.rules.battle import PRESETS, combine, roll

from .conftest import hold, space, table

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


def invading(defender_gods: list[int]) -> tuple[GodstormState, int, int]:
    """Seat 0's 8 armies in Roma with its god of war, against seat 1's 4 in Apulia with a
    temple and `defender_gods` there."""
    state = table()
    hold(state, 0, {"Roma": 8})
    hold(state, 1, {"Apulia": 4})
    roma, apulia = state.parts.earth.territory("Roma"), state.parts.earth.territory("Apulia")
    state.gods[0][WAR] = roma
    for domain in defender_gods:
        state.gods[1][domain] = apulia
    state.temple[apulia] = True
    return state, roma, apulia


def test_an_invasion_s_odds_count_the_god_of_war_and_the_defender_s_temple() -> None:
    """G46, G51, G91: with the god of war going along, the attacker wins ties and the temple
    rerolls the defender's 1s: the odds module's invasion under those two rules, not Classic's."""
    state, roma, apulia = invading([])
    rule = combine(PRESETS["godstorm-war"], PRESETS["godstorm-temple"])
    odds = invasion_odds(state, 0, roma, apulia, [WAR])
    fought = invasion(8, 4, rule)
    assert odds.p_conquest == pytest.approx(fought.p_conquest, abs=1e-12)
    assert odds.expected_attacker_losses == pytest.approx(fought.expected_attacker_losses)
    assert not odds.godswar
    without = invasion_odds(state, 0, roma, apulia, [])  # the god of war declared out
    assert without.p_conquest == pytest.approx(
        invasion(8, 4, PRESETS["godstorm-temple"]).p_conquest, abs=1e-12
    )
    assert without.p_conquest < odds.p_conquest < invasion(8, 4, PRESETS["godstorm-war"]).p_conquest


def test_a_due_godswar_weighs_each_way_it_ends_into_the_army_battle() -> None:
    """G82, G88: the god of war against a goddess of magic in the temple's land: won, the army
    battle rolls with the war god's ties and the temple; lost, with the goddess's reroll and the
    temple. The round is fought with every army the source can spare (7) against the 4."""
    state, roma, apulia = invading([MAGIC])
    war, magic = PRESETS["godstorm-war"], PRESETS["godstorm-magic-defend"]
    temple = PRESETS["godstorm-temple"]
    won = float(godswar_odds(3, 3, 7, 4, combine(war, magic, temple)))
    expected = (
        won * invasion(8, 4, combine(war, temple)).p_conquest
        + (1 - won) * invasion(8, 4, combine(magic, temple)).p_conquest
    )
    odds = invasion_odds(state, 0, roma, apulia, [WAR])
    assert odds.godswar
    assert odds.p_conquest == pytest.approx(expected, abs=1e-12)
    fewer = invasion_odds(state, 0, roma, apulia, [WAR], committed=1)  # fewer armies' total
    assert fewer.p_conquest < odds.p_conquest


def test_godswar_ends_are_the_series_split_by_how_it_ends() -> None:
    def round_odds(lost: int, banished: int) -> Fraction:
        return Fraction(2 + lost, 5 + banished)

    ends = godswar_ends(round_odds, 2, 3)
    assert sum(ends.values()) == 1
    assert all(lost == 2 or banished == 3 for lost, banished in ends)
    won = sum(p for (_, banished), p in ends.items() if banished == 3)
    assert won == godswar_series(round_odds, 2, 3)
    assert ends[2, 0] == (1 - Fraction(2, 5)) * (1 - Fraction(3, 5))


def test_invasion_between_names_what_the_invading_seat_cannot_know() -> None:
    """Before a declaration, a Sky card the defender holds (its deck is public, G6) may yet
    answer (G80): the odds leave it out and say so; the spectator's view gives the same."""
    state, _, _ = invading([])
    seen = Godstorm().observe(state, None)
    assert not invasion_between(seen, "Roma", "Apulia").sky_unseen
    sky = next(c for c, card in enumerate(state.parts.cards) if card.deck == "Sky")
    state.hands[1] = [sky]
    seen = Godstorm().observe(state, None)
    assert not invasion_between(seen, "Roma", "Apulia").sky_unseen  # no sky god: none (G63)
    hold(state, 1, {"Graecia": 1})  # the sky god elsewhere: no godswar in Apulia
    state.gods[1][SKY] = state.parts.earth.territory("Graecia")
    seen = Godstorm().observe(state, None)
    odds = invasion_between(seen, "Roma", "Apulia")
    assert odds.sky_unseen
    assert odds.p_conquest == invasion_odds(state, 0, *_places(state), [WAR]).p_conquest
    assert invasion_between(seen, "Roma", "Apulia", []).p_conquest < odds.p_conquest
    with pytest.raises(WarroomError, match="do not share a border") as never:
        invasion_between(seen, "Roma", "Roma")
    assert not isinstance(never.value, IllegalAction)  # no board makes it one: a bad question
    state.owner[state.parts.earth.territory("Apulia")] = 0
    with pytest.raises(IllegalAction, match="yours"):  # this board refuses it
        invasion_between(Godstorm().observe(state, None), "Roma", "Apulia")


def test_an_underworld_invasion_rolls_plain_dice() -> None:
    """G106, G110: from a space, plain dice, 1 army staying behind."""
    state = table()
    under = state.parts.underworld
    source = space(state, 0, "Ashen Field", 6)
    target = next(n for n in under.neighbors[source] if under.kind_of[(source, n)] != "flame")
    space(state, 1, under.territories[target], 3)
    odds = invasion_between(
        Godstorm().observe(state, None), "Ashen Field", under.territories[target]
    )
    assert odds.p_conquest == pytest.approx(invasion(6, 3).p_conquest, abs=1e-12)
    assert not odds.from_heaven  # one army stays in a space


def test_an_invasion_is_worded_as_anyone_may_read_it() -> None:
    """The page's odds line is asked as a spectator: the invasion named by its places, the
    gods going along by name and domain (every god in the source by default), the one under
    way with its own gods, a heaven by its own name (never "your heaven")."""
    state, roma, apulia = invading([])
    seen = Godstorm().observe(state, None)
    ares = f"{state.parts.gods[0][WAR]} (god of war)"
    assert invasion_words(seen, "Roma", "Apulia") == f"Invade Apulia from Roma with {ares}"
    assert invasion_words(seen, "Roma", "Apulia", []) == "Invade Apulia from Roma"
    state.invasion = declare(state, 0, roma, apulia, 7, [WAR])
    seen = Godstorm().observe(state, None)
    under_way = f"Go on invading Apulia from Roma with {ares}"
    assert invasion_words(seen, "Roma", "Apulia", []) == under_way  # its own gods
    with pytest.raises(WarroomError):
        invasion_words(seen, "Roma", "Nowhere")


def test_an_underworld_raid_from_the_heaven_is_asked_by_either_name() -> None:
    """G106, A18: from the heaven into a gate, every army there may go; "heaven" (the active
    player's) and the heaven's own name (the view's, under way too) are one invasion."""
    state = table()
    state.markers, state.turn = [0, 1, 2], 0
    under = state.parts.underworld
    heaven = under.territories[state.parts.heaven[state.pantheon[0]]]
    gate = next(n for n in under.neighbors[state.parts.heaven[state.pantheon[0]]])
    space(state, 1, under.territories[gate], 3)
    state.heaven[0] = 5
    seen = Godstorm().observe(state, None)
    by_word = invasion_between(seen, "heaven", under.territories[gate])
    assert by_word == invasion_between(seen, heaven, under.territories[gate])
    assert by_word.p_conquest == pytest.approx(invasion(6, 3).p_conquest, abs=1e-12)
    assert by_word.from_heaven  # all 5 may go: the 6 counts the one a space would keep
    words = f"Invade {under.territories[gate]} from {heaven}"
    assert invasion_words(seen, "heaven", under.territories[gate]) == words
    assert invasion_words(seen, heaven, under.territories[gate]) == words
    state.invasion = Invasion(0, -1, gate, 5, (), 1, attacked=True, underworld=True)
    seen = Godstorm().observe(state, None)
    assert invasion_between(seen, heaven, under.territories[gate]) == by_word
    going_on = f"Go on invading {under.territories[gate]} from {heaven}"
    assert invasion_words(seen, heaven, under.territories[gate]) == going_on
    other = under.territories[state.parts.heaven[state.pantheon[1]]]
    with pytest.raises(WarroomError):  # not that heaven's player's turn
        invasion_between(seen, other, under.territories[gate])


def _places(state: GodstormState) -> tuple[int, int]:
    earth = state.parts.earth
    return earth.territory("Roma"), earth.territory("Apulia")
