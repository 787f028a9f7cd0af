"""Invading Ancient Earth (§6): declaring, godswar, army battle, capture, Labors (G56-G59,
G76-G99, A8, A10, A11, A15) and the dice examples of the rulebook (E3, E5)."""

from __future__ import annotations

import pytest

from warroom.cli.show.godstorm import invasion_line
from warroom.core.actions import Action
from warroom.games.godstorm.invasion import (
    SkyEffects,
    adjacent,
    army_roll,
    capture,
    declare,
    fight_godswar,
    godswar_due,
    invasion_problem,
)
from warroom.games.godstorm.rules import ATTACK, DEFEND, OCCUPY, Godstorm
from warroom.games.godstorm.state import (
    BANISHED,
    DEATH,
    MAGIC,
    NEUTRAL,
    NOBODY,
    SKY,
    WAR,
    GodstormState,
)

from .conftest import counts, hold, table, turn_of
from .dice import roll_draw, scripted


def t(state: object, name: str) -> int:
    return state.parts.earth.territory(name)  # type: ignore[attr-defined, no-any-return]


def test_e3_g76_borders_and_water_connections() -> None:
    state = table()
    for a, b in (("Thule", "Varangia"), ("Rus", "Varangia"), ("Poseidonis", "Oricalcos"),
                 ("Atlas", "Oricalcos")):  # fmt: skip
        assert adjacent(state, t(state, a), t(state, b))
    assert not adjacent(state, t(state, "Roma"), t(state, "Egypt"))


def test_g116_a29_sunken_atlantis_and_the_maelstrom_cut_connections() -> None:
    state = table()
    oricalcos, atlas = t(state, "Oricalcos"), t(state, "Atlas")
    state.maelstrom = (atlas, oricalcos)
    assert not adjacent(state, oricalcos, atlas)
    state.maelstrom = None
    state.sunk = True
    assert not adjacent(state, oricalcos, atlas)
    assert not adjacent(state, t(state, "Hesperide"), t(state, "Tritonis"))


def test_g77_g79_a8_declaring_an_invasion() -> None:
    state = table()
    hold(state, 0, {"Roma": 4, "Corsica": 1})
    hold(state, 1, {"Apulia": 2})
    roma, apulia = t(state, "Roma"), t(state, "Apulia")
    state.gods[0][WAR] = roma
    state.gods[0][SKY] = t(state, "Corsica")
    assert invasion_problem(state, 0, roma, apulia, 3, [WAR]) is None
    assert invasion_problem(state, 0, roma, apulia, 4, [WAR]) == "commit 1 to 3 armies"
    assert "only your gods in the source" in (invasion_problem(state, 0, roma, apulia, 2, [SKY])
                                              or "")  # fmt: skip
    assert invasion_problem(state, 0, roma, t(state, "Corsica"), 1, []) == "that territory is yours"
    assert "share a border" in (invasion_problem(state, 0, roma, t(state, "Egypt"), 1, []) or "")
    state.armies[roma] = 1
    assert "at least 2 armies" in (invasion_problem(state, 0, roma, apulia, 1, []) or "")


@pytest.mark.parametrize("defender", [1, 0])
def test_g82_godswar_only_between_gods(defender: int) -> None:
    """Whichever seat defends: seat 0's gods fight a godswar as any other's do."""
    attacker = 1 - defender
    state = table()
    hold(state, attacker, {"Roma": 4})
    hold(state, defender, {"Apulia": 2})
    roma, apulia = t(state, "Roma"), t(state, "Apulia")
    state.gods[attacker][WAR] = roma
    assert not godswar_due(state, declare(state, attacker, roma, apulia, 3, [WAR]))
    state.gods[defender][MAGIC] = apulia
    assert godswar_due(state, declare(state, attacker, roma, apulia, 3, [WAR]))
    assert not godswar_due(state, declare(state, attacker, roma, apulia, 3, []))


def _invaded(defender: int, sky_card: bool, sky_god: bool = True) -> GodstormState:
    """Seat `1 - defender` invades `defender`'s Apulia from Roma, `defender` holding a Sky
    card or not, with its sky god in play (or not) and the faith to pay."""
    attacker = 1 - defender
    state = table()
    hold(state, attacker, {"Roma": 6})
    hold(state, defender, {"Apulia": 2, "Graecia": 1})
    hold(state, 2, {"Sumer": 1})
    if sky_god:
        state.gods[defender][SKY] = t(state, "Graecia")
    state.faith[defender] = 10
    if sky_card:
        state.hands[defender] = [state.decks["Sky"].pop()]
    state.markers, state.turn, state.phase = [attacker, defender, 2], 0, "invade"
    state, _ = Godstorm().apply(state, attacker, Action("invade", ("Roma", "Apulia", "-", 5)))
    return state


@pytest.mark.parametrize("defender", [1, 0])
def test_g80_a12_the_sky_window_opens_for_the_invaded_player_with_a_sky_card(
    defender: int,
) -> None:
    """G80, A12: once the invasion is declared, the invaded player (whichever seat, the
    first player's included) holding a Sky card answers before any dice; without one the
    attacker rolls at once."""
    windowed = _invaded(defender, sky_card=True)
    assert windowed.phase == "sky" and Godstorm().to_move(windowed) == (defender,)
    plain = _invaded(defender, sky_card=False)
    assert plain.phase == "attack" and Godstorm().to_move(plain) == (1 - defender,)


def test_g80_a_sky_window_passed_is_logged() -> None:
    """The invaded player's "no Sky card" was a decision the log did not show, so an undo
    named one nobody had seen; it reads as the others' do."""
    windowed = _invaded(1, sky_card=True)
    after, events = Godstorm().apply(windowed, 1, Action("pass"))
    names = windowed.names
    assert events[0].text == f"{names[1]} {windowed.verb(1, 'plays')} no Sky card"
    assert after.phase == "attack"


@pytest.mark.parametrize("defender", [1, 0])
def test_g80_g63_no_sky_window_without_the_sky_god_in_play(defender: int) -> None:
    """G63: a Sky card is played only with one's god of the Sky in play, so a defender
    holding one without that god is not asked (both facts are public); the attacker rolls."""
    state = _invaded(defender, sky_card=True, sky_god=False)
    assert state.hands[defender] and state.phase == "attack"
    assert Godstorm().to_move(state) == (1 - defender,)


def test_a12_no_sky_window_when_the_neutral_is_invaded() -> None:
    """A12: nobody is attacked when a neutral land is, so no Sky window opens, even while
    the attacker itself holds a Sky card (the neutral's seat number is no player's hand)."""
    state = table(2)
    hold(state, 0, {"Roma": 6})
    hold(state, 1, {"Egypt": 2})
    hold(state, NEUTRAL, {"Apulia": 2})
    state.gods[0][SKY] = t(state, "Roma")
    state.faith = [10, 10]
    state.hands[0] = [state.decks["Sky"].pop()]
    state.hands[1] = [state.decks["Sky"].pop()]
    state.markers, state.turn, state.phase = [0, 1], 0, "invade"
    state, _ = Godstorm().apply(state, 0, Action("invade", ("Roma", "Apulia", "-", 5)))
    assert state.phase == "attack" and Godstorm().to_move(state) == (0,)


def test_g87_g58_a11_the_godswar_loser_is_banished_the_attacker_earns_a_sky_card() -> None:
    state = table()
    hold(state, 0, {"Roma": 4})
    hold(state, 1, {"Apulia": 2})
    roma, apulia = t(state, "Roma"), t(state, "Apulia")
    state.gods[0][WAR] = state.gods[0][SKY] = roma
    state.gods[1][MAGIC] = apulia
    # Attacker 4 dice (sky): 6 5 4 2 + 3 = 20; defender 3 dice (magic: no 1s) 5 4 2 + 2 = 13.
    state.rng = scripted(roll_draw(6, 5, 4, 2), roll_draw(5, 4, 2))
    invasion = declare(state, 0, roma, apulia, 3, [SKY, WAR])
    invasion, events = fight_godswar(state, invasion, WAR, MAGIC)
    assert state.gods[1][MAGIC] == BANISHED and invasion.attacked
    assert state.armies[roma] == 4 and state.armies[apulia] == 2  # no army dies in a godswar
    assert len(state.hands[0]) == 1 and state.labors == ["Sky"]  # G58
    assert [e.kind for e in events] == ["godswar", "labor"]
    # Which battle the dice were, as Classic's battle lines name it.
    god = state.parts.gods[state.pantheon[1]][MAGIC]
    assert events[0].text == (
        f"Godswar as Roma (Babylonians) attacks Apulia (Celts): 20 against 13; {god} is banished"
    )
    assert (events[0].data["from"], events[0].data["to"]) == ("Roma", "Apulia")


def test_g87_a_losing_attacking_god_is_banished_and_leaves_the_force() -> None:
    state = table()
    hold(state, 0, {"Roma": 2})
    hold(state, 1, {"Apulia": 5})
    roma, apulia = t(state, "Roma"), t(state, "Apulia")
    state.gods[0][DEATH] = roma
    state.gods[1][SKY] = apulia
    state.rng = scripted(roll_draw(2, 2, 1), roll_draw(6, 6, 5, 4))
    invasion, _ = fight_godswar(state, declare(state, 0, roma, apulia, 1, [DEATH]), DEATH, SKY)
    assert state.gods[0][DEATH] == BANISHED and invasion.force == ()
    assert state.hands[1] == []  # A11: the defender never gains a Sky card this way


@pytest.mark.parametrize(
    ("faces", "attack", "losses"),
    [
        ((6, 3, 2, 4), 3, (0, 1)),  # E5 example 1: one comparison, the defender loses 1
        ((6, 2, 5, 4), 2, (1, 1)),  # example 2: each side loses 1
        ((4, 3, 1, 5, 3), 3, (2, 0)),  # example 3: the attacker loses 2
        ((5, 4, 3), 1, (0, 1)),  # example 4: only the highest pair, the defender loses 1
    ],
)
def test_e5_g91_dice_examples(faces: tuple[int, ...], attack: int, losses: tuple[int, int]) -> None:
    state = table()
    hold(state, 0, {"Roma": 6})
    hold(state, 1, {"Apulia": 5})
    roma, apulia = t(state, "Roma"), t(state, "Apulia")
    state.rng = scripted(roll_draw(*faces))
    invasion = declare(state, 0, roma, apulia, 5, [])
    _, events = army_roll(state, invasion, attack, len(faces) - attack)
    assert (events[0].data["attacker_losses"], events[0].data["defender_losses"]) == losses
    assert state.heaven == [losses[0], losses[1], 0]  # G92: both sides' dead to their heavens


def test_g90_dice_limits() -> None:
    """Up to 3 dice with more armies than dice in the source, up to 2 to defend with at least
    2 armies there: here 2 and 1."""
    state = table()
    hold(state, 0, {"Roma": 3})
    hold(state, 1, {"Apulia": 1})
    state.invasion = declare(state, 0, t(state, "Roma"), t(state, "Apulia"), 2, [])
    assert counts(turn_of(state, 0, ATTACK), 0, "roll") == [1, 2]
    assert counts(turn_of(state, 0, DEFEND), 1, "defend") == [1]


def test_g46_g91_the_god_of_war_wins_tied_dice() -> None:
    state = table()
    hold(state, 0, {"Roma": 6})
    hold(state, 1, {"Apulia": 5})
    roma, apulia = t(state, "Roma"), t(state, "Apulia")
    state.gods[0][WAR] = roma
    state.rng = scripted(roll_draw(5, 3, 1, 5, 3))
    _, events = army_roll(state, declare(state, 0, roma, apulia, 5, [WAR]), 3, 2)
    assert events[0].data["defender_losses"] == 2
    assert events[0].text == (  # which battle, as Classic's lines say; why the ties went
        "Roma (Babylonians) attacks Apulia (Celts): 5-3-1 against 5-3; attacker loses 0, "
        "defender loses 2 (the attacker wins ties)"
    )


def test_g93_the_god_of_death_sends_defenders_to_the_reserve() -> None:
    state = table()
    hold(state, 0, {"Roma": 6})
    hold(state, 1, {"Apulia": 5})
    roma, apulia = t(state, "Roma"), t(state, "Apulia")
    state.gods[0][DEATH] = roma
    state.rng = scripted(roll_draw(6, 6, 6, 1, 1))
    army_roll(state, declare(state, 0, roma, apulia, 5, [DEATH]), 3, 2)
    assert state.heaven[1] == 0 and state.reserve[1] == 112


def test_g59_a7_a_triple_in_an_army_roll_gives_a_magic_card() -> None:
    state = table()
    hold(state, 0, {"Roma": 6})
    hold(state, 1, {"Apulia": 5})
    roma, apulia = t(state, "Roma"), t(state, "Apulia")
    state.gods[0][MAGIC] = t(state, "Roma")  # anywhere on the board; not in the force
    state.rng = scripted(roll_draw(4, 4, 4, 6, 6))
    _, events = army_roll(state, declare(state, 0, roma, apulia, 5, []), 3, 2)
    assert len(state.relics[0]) == 1 and events[-1].kind == "labor"
    # G59: no per-turn limit (unlike War, Sky and Death): a second triple the same turn
    # draws a second card.
    state.rng = scripted(roll_draw(2, 2, 2, 6, 6))
    _, events = army_roll(state, declare(state, 0, roma, apulia, 3, []), 3, 2)
    assert len(state.relics[0]) == 2 and events[-1].kind == "labor"


def test_g94_g95_a10_capture_moves_gods_banishes_defenders_takes_the_temple() -> None:
    state = table()
    hold(state, 0, {"Roma": 6})
    hold(state, 1, {"Apulia": 1, "Graecia": 1})
    roma, apulia = t(state, "Roma"), t(state, "Apulia")
    state.gods[0][WAR] = state.gods[0][SKY] = roma
    state.gods[1][DEATH] = apulia
    state.temple[apulia] = True
    # The temple rerolls the defender's 1 (into a 3): dice are rolled side by side.
    state.rng = scripted(roll_draw(6, 5, 4), roll_draw(1), 2)
    invasion, _ = army_roll(state, declare(state, 0, roma, apulia, 5, [WAR]), 3, 1)
    assert state.armies[apulia] == 0 and state.gods[1][DEATH] == BANISHED
    state.invasion = invasion
    assert counts(turn_of(state, 0, OCCUPY), 0, "move") == [3, 4, 5]  # the dice rolled, at least
    state.invasion = None
    capture(state, invasion, 3)
    assert state.owner[apulia] == 0 and state.armies[apulia] == 3 and state.armies[roma] == 3
    assert state.gods[0][WAR] == apulia and state.gods[0][SKY] == roma  # declared out: stays
    assert state.temples_of(0) == [apulia]


def test_g96_capturing_a_plague_land_halves_the_armies_and_banishes_gods() -> None:
    state = table()
    hold(state, 0, {"Roma": 7})
    hold(state, 1, {"Apulia": 1, "Graecia": 1})
    roma, apulia = t(state, "Roma"), t(state, "Apulia")
    state.plague[apulia] = True
    state.gods[0][WAR] = roma
    state.rng = scripted(roll_draw(6, 1))
    invasion, _ = army_roll(state, declare(state, 0, roma, apulia, 6, [WAR]), 1, 1)
    capture(state, invasion, 5)
    assert state.armies[apulia] == 3 and state.heaven[0] == 2  # E6: 5 become 3
    assert state.gods[0][WAR] == BANISHED


def test_g57_a15_the_war_labor_counts_defended_conquests_once_a_turn() -> None:
    state = table()
    hold(state, 0, {"Roma": 20})
    hold(state, NEUTRAL, {"Apulia": 1, "Liguria": 1})  # A23: neutral conquests count
    hold(state, 1, {"Graecia": 1, "Egypt": 1})
    roma = t(state, "Roma")
    state.gods[0][WAR] = roma
    state.rng = scripted(roll_draw(6, 1), roll_draw(6, 1))
    for name in ("Apulia", "Liguria"):
        invasion, _ = army_roll(state, declare(state, 0, roma, t(state, name), 5, []), 1, 1)
        capture(state, invasion, 1)
    empty = t(state, "Corsica")
    assert state.owner[empty] == NOBODY
    capture(state, declare(state, 0, roma, empty, 1, []), 1)  # A15: no defender, no count
    assert state.conquests == 2 and state.hands[0] == []
    state.rng = scripted(roll_draw(6, 1))
    apulia = t(state, "Apulia")
    state.armies[apulia] = 3
    invasion, _ = army_roll(state, declare(state, 0, apulia, t(state, "Graecia"), 2, []), 1, 1)
    events = capture(state, invasion, 1)
    assert state.conquests == 3 and len(state.hands[0]) == 1 and state.labors == ["War"]
    labor = next(e for e in events if e.kind == "labor")
    assert labor.text == f"{state.names[0]} complete the War Labor and draw a War card"
    # Once a turn: a fourth conquest draws no second War card.
    state.rng = scripted(roll_draw(6, 1))
    graecia = t(state, "Graecia")
    state.armies[graecia] = 3
    hold(state, 1, {"Minoa": 1})
    invasion, _ = army_roll(state, declare(state, 0, graecia, t(state, "Minoa"), 2, []), 1, 1)
    capture(state, invasion, 1)
    assert state.conquests == 4 and len(state.hands[0]) == 1 and state.labors == ["War"]


def test_an_invasion_of_a_neutral_land_names_the_neutral_not_nobody() -> None:
    """G22: the neutral holds its lands; the invasion under way (the view, the terminal's
    line) names it as it names a seat, and only an empty land's defender is nobody."""
    state = table()
    hold(state, 0, {"Roma": 9})
    hold(state, NEUTRAL, {"Apulia": 2})
    roma, apulia, empty = t(state, "Roma"), t(state, "Apulia"), t(state, "Corsica")
    names = [p["name"] for p in Godstorm().view(state, None)["players"]]
    state.invasion = declare(state, 0, roma, apulia, 3, [])
    neutral = Godstorm().view(state, None)["invasion"]
    assert neutral["defender"] is None and neutral["holder"] == state.holder_name(NEUTRAL)
    assert f"({state.holder_name(NEUTRAL)})" in invasion_line(neutral, names)
    state.invasion = declare(state, 0, roma, empty, 3, [])
    assert "(nobody)" in invasion_line(Godstorm().view(state, None)["invasion"], names)


@pytest.mark.parametrize("defender", [1, 0])
def test_g98_a_player_whose_last_army_falls_is_eliminated(defender: int) -> None:
    """Whichever seat loses its last army, the first player's included."""
    attacker = 1 - defender
    state = table()
    hold(state, attacker, {"Roma": 6})
    hold(state, defender, {"Apulia": 1})
    roma, apulia = t(state, "Roma"), t(state, "Apulia")
    state.hands[defender] = [state.decks["Sky"].pop()]
    state.rng = scripted(roll_draw(6, 1))
    invasion, _ = army_roll(state, declare(state, attacker, roma, apulia, 5, []), 1, 1)
    events = capture(state, invasion, 1)
    assert state.eliminated == [defender] and events[-1].kind == "eliminated"
    assert state.hands[defender] == [] and len(state.buried) == 1  # discarded face down (G6)


def test_g91_no_side_loses_more_than_two_armies_a_roll_even_with_a_sky_card_die() -> None:
    state = table()
    hold(state, 0, {"Roma": 6})
    hold(state, 1, {"Apulia": 5})
    roma, apulia = t(state, "Roma"), t(state, "Apulia")
    sky = SkyEffects(defend_extra_dice=1)  # a Sky card: the defender rolls 3 dice
    state.rng = scripted(roll_draw(3, 3, 2, 6, 6, 6))
    invasion = declare(state, 0, roma, apulia, 5, [])
    _, events = army_roll(state, invasion, 3, 3, sky)
    assert (events[0].data["attacker_losses"], events[0].data["defender_losses"]) == (2, 0)
    assert state.armies[roma] == 4 and state.heaven[0] == 2
    state.rng = scripted(roll_draw(6, 6, 6, 5, 5, 5))
    _, events = army_roll(state, declare(state, 0, roma, apulia, 3, []), 3, 3, sky)
    assert events[0].data["defender_losses"] == 2 and state.armies[apulia] == 3


def test_g89_a_goddess_of_magic_who_loses_the_godswar_still_earns_her_triple() -> None:
    state = table()
    hold(state, 0, {"Roma": 2})
    hold(state, 1, {"Apulia": 5})
    roma, apulia = t(state, "Roma"), t(state, "Apulia")
    state.gods[0][MAGIC] = roma
    state.gods[1][SKY] = apulia
    # Attacker 2 2 2 + 1 = 7 (a triple); defender 6 6 5 4 + 5 = 26: the goddess is banished.
    state.rng = scripted(roll_draw(2, 2, 2), roll_draw(6, 6, 5, 4))
    _, events = fight_godswar(state, declare(state, 0, roma, apulia, 1, [MAGIC]), MAGIC, SKY)
    assert state.gods[0][MAGIC] == BANISHED
    assert len(state.relics[0]) == 1 and [e.kind for e in events] == ["godswar", "labor"]


def test_g59_a7_a_defending_goddess_whose_last_army_falls_still_earns_her_triple() -> None:
    state = table()
    hold(state, 0, {"Roma": 6})
    hold(state, 1, {"Apulia": 1})
    roma, apulia = t(state, "Roma"), t(state, "Apulia")
    state.gods[1][MAGIC] = apulia
    sky = SkyEffects(defend_extra_dice=2)  # 3 defence dice with a single army
    state.rng = scripted(roll_draw(6, 6, 6), roll_draw(5, 5, 5))
    army_roll(state, declare(state, 0, roma, apulia, 5, []), 3, 3, sky)
    assert state.armies[apulia] == 0 and state.gods[1][MAGIC] == BANISHED
    assert len(state.relics[1]) == 1


def test_g57_the_third_conquest_earns_the_war_card_before_the_plague_banishes_its_god() -> None:
    state = table()
    hold(state, 0, {"Roma": 8})
    hold(state, 1, {"Apulia": 1, "Graecia": 1})
    roma, apulia = t(state, "Roma"), t(state, "Apulia")
    state.plague[apulia] = True
    state.gods[0][WAR] = roma
    state.conquests = 2
    state.rng = scripted(roll_draw(6, 1))
    invasion, _ = army_roll(state, declare(state, 0, roma, apulia, 7, [WAR]), 1, 1)
    events = capture(state, invasion, 4)
    assert state.gods[0][WAR] == BANISHED and state.armies[apulia] == 2
    assert len(state.hands[0]) == 1 and state.labors == ["War"]
    assert "labor" in [e.kind for e in events]


def test_a14_a_conquest_earns_no_territory_card() -> None:
    state = table()
    hold(state, 0, {"Roma": 6})
    hold(state, 1, {"Apulia": 1, "Graecia": 1})
    roma, apulia = t(state, "Roma"), t(state, "Apulia")
    hands = [list(h) for h in state.hands]
    decks = {name: len(cards) for name, cards in state.decks.items()}
    state.rng = scripted(roll_draw(6, 5, 4), roll_draw(1))
    invasion, _ = army_roll(state, declare(state, 0, roma, apulia, 5, []), 3, 1)
    capture(state, invasion, 3)
    assert state.owner[apulia] == 0
    assert [list(h) for h in state.hands] == hands  # nothing earned, nothing to trade
    assert {name: len(cards) for name, cards in state.decks.items()} == decks
