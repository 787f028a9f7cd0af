"""Playing miracle cards through their effect primitives (G4, G45, G63-G70, G116, A28, A29
and the readings R1-R6 of miracles.py)."""

from __future__ import annotations

from dataclasses import replace

from warroom.core import get_mode
from warroom.core.actions import Action
from warroom.core.rng import Rng
from warroom.games.godstorm.battle import battle_rule, godswar_round
from warroom.games.godstorm.components import Effect, components
from warroom.games.godstorm.economy import (
    build_temple,
    income,
    summon,
    summon_problem,
    temple_problem,
)
from warroom.games.godstorm.effects import DeadTo, DestroyArmies
from warroom.games.godstorm.invasion import SkyEffects, adjacent, declare, fight_godswar
from warroom.games.godstorm.losses import remove_armies
from warroom.games.godstorm.miracles import (
    card_targets,
    check_targets,
    play,
    play_problem,
)
from warroom.games.godstorm.rules import UNDERWORLD, Godstorm, card_words
from warroom.games.godstorm.state import BANISHED, DEATH, MAGIC, SKY, WAR, GodstormState
from warroom.rules.battle import EVERY_DIE, PRESETS

from .conftest import hold, table
from .dice import roll_draw, scripted

GAME: Godstorm = get_mode("risk-godstorm")  # type: ignore[assignment]


def t(state: object, name: str) -> int:
    return state.parts.earth.territory(name)  # type: ignore[attr-defined, no-any-return]


def card(title_or_id: str) -> int:
    for i, c in enumerate(components().cards):
        if title_or_id in (c.title, c.id):
            return i
    raise KeyError(title_or_id)


def give(state: GodstormState, seat: int, title_or_id: str) -> int:
    index = card(title_or_id)
    state.hands[seat].append(index)
    return index


def test_g63_a_card_needs_its_god_in_play_and_its_cost_in_faith() -> None:
    state = table()
    hold(state, 0, {"Roma": 2})
    mighty = give(state, 0, "The Mighty Have Fallen")  # cost 5 (reconstructed)
    assert "god of death in play" in (play_problem(state, 0, mighty, "play") or "")
    state.gods[0][DEATH] = t(state, "Roma")
    state.faith[0] = 4
    assert "costs 5 faith" in (play_problem(state, 0, mighty, "play") or "")
    state.faith[0] = 5
    assert play_problem(state, 0, mighty, "play") is None
    assert play_problem(state, 0, card("sky-01"), "attacked") == "you do not hold that card"


def test_g64_g70_war_and_death_on_your_turn_sky_only_when_attacked() -> None:
    state = table()
    hold(state, 0, {"Roma": 2})
    state.gods[0][WAR] = state.gods[0][SKY] = t(state, "Roma")
    state.faith[0] = 10
    heroes = give(state, 0, "Heroes Are Born")
    sky = give(state, 0, "sky-02")
    assert "when attacked" in (play_problem(state, 0, sky, "play") or "")
    assert "step 4" in (play_problem(state, 0, heroes, "attacked") or "")
    assert play_problem(state, 0, sky, "attacked") is None


def test_g4_g65_heroes_are_born_is_announced_resolved_and_leaves_the_game() -> None:
    state = table()
    hold(state, 0, {"Roma": 2})
    heroes = give(state, 0, "Heroes Are Born")
    assert card_targets(state.parts.cards[heroes]) == ("own",)
    assert "is not yours" in (
        check_targets(state, 0, state.parts.cards[heroes], [t(state, "Egypt")]) or ""
    )
    _, events = play(state, 0, heroes, [t(state, "Roma")])
    assert state.armies[t(state, "Roma")] == 5 and state.reserve[0] == 107  # FAQ errata, R4
    assert heroes in state.discards and heroes not in state.hands[0]
    assert events[0].kind == "miracle" and events[0].data["card"] == "Heroes Are Born"


def test_the_mighty_have_fallen_halves_the_largest_army_chosen_among_ties() -> None:
    state = table()
    hold(state, 0, {"Roma": 2})
    hold(state, 1, {"Egypt": 7, "Nubia": 7})
    mighty = state.parts.cards[card("The Mighty Have Fallen")]
    assert "largest army" in (check_targets(state, 0, mighty, [t(state, "Roma")]) or "")
    assert check_targets(state, 0, mighty, [t(state, "Nubia")]) is None
    play(state, 0, card("The Mighty Have Fallen"), [t(state, "Nubia")], free=True)
    assert state.armies[t(state, "Nubia")] == 4 and state.heaven[1] == 3  # G7, A3


def test_g116_a28_a29_the_sea_is_your_tomb_sinks_atlantis() -> None:
    state = table()
    hold(state, 0, {"Oricalcos": 4, "Iberia": 2})
    hold(state, 1, {"Hesperide": 2, "Tritonis": 1, "Poseidonis": 1})
    state.gods[0][WAR] = t(state, "Oricalcos")
    state.temple[t(state, "Tritonis")] = True
    state.plague[t(state, "Poseidonis")] = True
    play(state, 0, card("The Sea Is Your Tomb"), [], free=True)
    atlantis = [t(state, n) for n in ("Hesperide", "Tritonis", "Poseidonis", "Oricalcos")]
    assert state.sunk and all(state.armies[a] == 0 for a in atlantis)
    assert state.heaven == [4, 4, 0] and state.gods[0][WAR] == BANISHED
    assert not any(state.temple[a] or state.plague[a] for a in atlantis)
    assert not adjacent(state, t(state, "Iberia"), t(state, "Oricalcos"))
    assert state.territories_of(1) == []


def test_the_maelstrom_covers_one_water_connection() -> None:
    state = table()
    maelstrom = state.parts.cards[card("war-13")]
    atlas, oricalcos, roma = t(state, "Atlas"), t(state, "Oricalcos"), t(state, "Roma")
    assert "water connection" in (check_targets(state, 0, maelstrom, [roma, atlas]) or "")
    assert check_targets(state, 0, maelstrom, [atlas, oricalcos]) is None
    play(state, 0, card("war-13"), [atlas, oricalcos], free=True)
    assert not adjacent(state, oricalcos, atlas)


def test_g45_a_plague_placed_by_a_card_banishes_the_gods_there() -> None:
    state = table()
    hold(state, 1, {"Egypt": 3})
    state.gods[1][MAGIC] = t(state, "Egypt")
    play(state, 0, card("death-05"), [t(state, "Egypt")], free=True)
    assert state.plague[t(state, "Egypt")] and state.gods[1][MAGIC] == BANISHED


def test_r1_r5_destroying_leaves_the_last_army_and_dead_to_routes_the_losses() -> None:
    state = table()
    hold(state, 1, {"Egypt": 2})
    _, events = play(state, 0, card("death-13"), [t(state, "Egypt")], free=True)  # 2 die
    assert state.armies[t(state, "Egypt")] == 1 and state.reserve[1] == 111  # to the reserve
    # whose they were: the log read "1 army dies in Egypt", leaving the reader to look it up
    assert events[-1].text == f"1 army dies in Egypt ({state.names[1]})"


def test_r5_dead_to_routes_only_the_dead_it_names() -> None:
    """R5: `whose` says whose dead the card routes. Every army a card destroyed went to the
    reserve, its player's own too, where the card names only its enemies'."""
    state = table()
    hold(state, 0, {"Roma": 4})
    hold(state, 1, {"Egypt": 4})
    index = card("death-13")
    anywhere = replace(
        state.parts.cards[index],
        effects=(
            Effect("play", "destroy-armies", DestroyArmies(count=2, target="any-territory")),
            Effect("play", "dead-to", DeadTo(whose="enemy", destination="reserve")),
        ),
    )
    cards = tuple(anywhere if i == index else c for i, c in enumerate(state.parts.cards))
    state.parts = replace(state.parts, cards=cards)
    heaven, reserve = list(state.heaven), list(state.reserve)
    play(state, 0, index, [t(state, "Roma")], free=True)  # its player's own: to their heaven
    assert (state.heaven[0], state.reserve[0]) == (heaven[0] + 2, reserve[0])
    play(state, 0, index, [t(state, "Egypt")], free=True)  # an enemy's: to the reserve
    assert (state.heaven[1], state.reserve[1]) == (heaven[1], reserve[1] + 2)


def test_r6_sky_cards_answer_the_invasion() -> None:
    state = table()
    hold(state, 0, {"Roma": 7})
    hold(state, 1, {"Apulia": 2})
    invasion = declare(state, 0, t(state, "Roma"), t(state, "Apulia"), 6, [])
    resolved, _ = play(state, 1, card("sky-07"), [], free=True, invasion=invasion)
    assert state.armies[t(state, "Roma")] == 4 and not resolved.cancel  # 7 halved: 3 die
    resolved, _ = play(state, 1, card("sky-01"), [], free=True, invasion=invasion)
    assert resolved.cancel
    resolved, _ = play(state, 1, card("sky-12"), [], free=True, invasion=invasion)
    assert resolved.defend_extra_dice == 1 and resolved.defend_reroll


def test_g71_relics_change_the_dice_whenever_they_apply() -> None:
    state = table()
    hold(state, 0, {"Roma": 5})
    hold(state, 1, {"Apulia": 3})
    roma, apulia = t(state, "Roma"), t(state, "Apulia")
    state.relics[0] = [card("Excalibur"), card("Gungnir")]
    state.relics[1] = [card("Spear of Odin"), card("Aegis")]
    rule = battle_rule(state, [], apulia, attacker=0)
    assert rule.attacker_wins_ties and rule.defender.reroll_once and not rule.attacker.reroll_once
    state.gods[0][WAR] = roma
    state.gods[1][SKY] = apulia
    war = godswar_round(state, Rng(2), 0, [WAR], 4, apulia)
    assert (war.attack_dice, war.defend_dice) == (4, 5)  # Gungnir; sky god + Aegis


def test_g69_sky_effects_change_the_defence() -> None:
    effects = SkyEffects(defend_extra_dice=1, defend_reroll_until=True, defend_wins_ties=True)
    rule = effects.rule(PRESETS["godstorm-war"])
    assert not rule.attacker_wins_ties and rule.defend_max == 3
    assert rule.defender.reroll_until == EVERY_DIE


def test_g71_relics_lower_the_cost_of_summoning_and_of_temples() -> None:
    state = table()
    hold(state, 0, {"Roma": 2, "Apulia": 1})
    roma = t(state, "Roma")
    state.relics[0] = [card("magic-11"), card("magic-12")]  # summon -1, temple -2
    state.faith[0] = 2
    assert summon_problem(state, 0, SKY, roma) is None
    summon(state, 0, SKY, roma)
    assert state.gods[0][SKY] == roma and state.faith[0] == 0
    state.faith[0] = 3
    assert temple_problem(state, 0, roma) is None
    build_temple(state, 0, roma)
    assert state.temple[roma] and state.faith[0] == 0


def test_g71_a_relic_adds_faith_when_armies_are_raised() -> None:
    state = table()
    hold(state, 0, {"Roma": 1})
    assert income(state, 0).faith == 3
    state.relics[0] = [card("magic-13")]
    assert income(state, 0).faith == 4 and income(state, 0).armies == 3


def test_g71_a_relic_sends_its_holders_dead_to_the_reserve() -> None:
    state = table()
    hold(state, 0, {"Roma": 4})
    hold(state, 1, {"Apulia": 4})
    state.relics[0] = [card("magic-15")]
    remove_armies(state, t(state, "Roma"), 2, "earth")
    remove_armies(state, t(state, "Apulia"), 2, "earth")
    assert (state.heaven[0], state.reserve[0]) == (0, 112)
    assert (state.heaven[1], state.reserve[1]) == (2, 110)  # only its holder's dead


def test_g71_hammer_of_thor_a_godswar_triple_banishes_the_opposing_god() -> None:
    state = table()
    hold(state, 0, {"Roma": 2})
    hold(state, 1, {"Apulia": 5})
    roma, apulia = t(state, "Roma"), t(state, "Apulia")
    state.gods[0][DEATH] = roma
    state.gods[1][SKY] = state.gods[1][WAR] = apulia
    state.relics[0] = [card("Hammer of Thor")]
    # Attacker 2 2 2 + 1 = 7, a triple; defender 6 6 5 4 + 5 = 26: both chosen gods go.
    state.rng = scripted(roll_draw(2, 2, 2), roll_draw(6, 6, 5, 4))
    invasion, _ = fight_godswar(state, declare(state, 0, roma, apulia, 1, [DEATH]), DEATH, SKY)
    assert state.gods[0][DEATH] == BANISHED and state.gods[1][SKY] == BANISHED
    assert state.gods[1][WAR] == apulia and invasion.force == ()
    state.relics[0] = []
    state.gods[0][DEATH] = roma
    state.gods[1][SKY] = apulia
    state.rng = scripted(roll_draw(2, 2, 2), roll_draw(6, 6, 5, 4))
    fight_godswar(state, declare(state, 0, roma, apulia, 1, [DEATH]), DEATH, SKY)
    assert state.gods[1][SKY] == apulia  # without the relic a triple banishes nothing


def _maelstrom_turn(card_id: str) -> GodstormState:
    """Seat 0's turn in its last step, with the maelstrom of `card_id` on Atlas-Oricalcos."""
    state = table()
    hold(state, 0, {"Roma": 1})
    hold(state, 1, {"Egypt": 1})
    hold(state, 2, {"Sumer": 1})
    state.markers, state.turn, state.phase = [0, 1, 2], 0, UNDERWORLD
    play(state, 1, card(card_id), [t(state, "Atlas"), t(state, "Oricalcos")], free=True)
    return state


def test_the_maelstrom_lasts_as_long_as_its_card_says() -> None:
    state = _maelstrom_turn("sky-11")  # for a turn
    state, _ = GAME.apply(state, 0, Action("done"))
    assert state.maelstrom is None
    state = _maelstrom_turn("war-13")  # for an epoch
    state, _ = GAME.apply(state, 0, Action("done"))
    assert state.maelstrom is not None
    state.turn, state.phase = 2, UNDERWORLD
    state, _ = GAME.apply(state, 2, Action("done"))
    assert state.epoch == 2 and state.maelstrom is None
    state = _maelstrom_turn("death-17")  # for the game
    state.turn, state.phase = 2, UNDERWORLD
    state, _ = GAME.apply(state, 2, Action("done"))
    assert state.maelstrom is not None


def test_r8_a_maelstrom_played_against_an_invasion_over_its_water_ends_it() -> None:
    state = table()
    hold(state, 0, {"Atlas": 6})
    hold(state, 1, {"Oricalcos": 2, "Tritonis": 1})
    hold(state, 2, {"Sumer": 1})
    state.gods[1][SKY] = t(state, "Tritonis")
    state.faith[1] = 5
    give(state, 1, "sky-11")
    state.markers, state.turn, state.phase = [0, 1, 2], 0, "invade"
    state, _ = GAME.apply(state, 0, Action("invade", ("Atlas", "Oricalcos", "-", 5)))
    assert GAME.to_move(state) == (1,)
    state, _ = GAME.apply(state, 1, Action("cast", ("sky-11", "Oricalcos", "Atlas")))
    state, _ = GAME.apply(state, 1, Action("pass"))
    assert (
        state.invasion is None and state.phase == "invade" and state.armies[t(state, "Atlas")] == 6
    )
    assert "Oricalcos" not in {
        a.args[1] for a in GAME.legal_actions(state, 0) if a.kind == "invade"
    }


def test_every_card_says_what_it_does_in_words_not_as_data() -> None:
    """The hand showed 'play: banish-god enemy-territory 1' and 'play: move-armies 3 True':
    the effects' data. Every card's words now name the moment and the effect in plain words,
    with no hook or primitive id and no bare True; each card's numbers are in them."""
    for card in components().cards:
        words = card_words(card)
        assert words and "True" not in words and "False" not in words, (card.id, words)
        for effect in card.effects:
            as_data = words.startswith(f"{effect.hook}:") or f"; {effect.hook}:" in words
            data_id = "-" in effect.primitive and effect.primitive in words  # not 'faith'
            assert not data_id and not as_data, words
            numbers = [v for v in effect.params.model_dump().values() if type(v) is int and v != 0]
            assert all(str(abs(n)) in words for n in numbers), (card.id, words)


def test_a_miracle_s_log_names_who_gains_or_loses_faith_and_where_markers_go() -> None:
    """The log read 'faith -3 for 1 player(s)' (whose? how much, at 2 faith?) and said nothing
    of a plague marker moved or a maelstrom laid: each is now a sentence with its names."""
    state = table()
    state.faith = [5, 2, 9]
    _, events = play(state, 0, card("war-15"), [1], free=True)  # a chosen player loses 3
    assert [e.text for e in events][-1] == f"{state.does(1, 'loses')} 2 faith"
    _, events = play(state, 0, card("death-10"), [], free=True)  # every opponent loses 5
    assert [e.text for e in events][-2:] == [
        f"{state.does(1, 'has')} no faith to lose",
        f"{state.does(2, 'loses')} 5 faith",
    ]
    state.plague[t(state, "Roma")], state.plague[t(state, "Gaul")] = True, False
    _, events = play(state, 0, card("death-06"), [t(state, "Roma"), t(state, "Gaul")], free=True)
    assert events[-1].text == "The plague marker on Roma moves to Gaul"
    water = [t(state, "Atlas"), t(state, "Oricalcos")]
    _, events = play(state, 0, card("war-13"), water, free=True)
    assert events[-1].text == "The maelstrom closes Atlas–Oricalcos for this epoch"
