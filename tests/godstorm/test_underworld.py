"""Fortifying (§7) and the Underworld (§1 crypts, §8, §9, §10): G35, G60, G99, G100-G112,
A16-A20, A32."""

from __future__ import annotations

from warroom.core import get_mode
from warroom.core.actions import Action
from warroom.games.godstorm.rules import (
    EMBARK,
    FORTIFY,
    HEAVEN,
    INVADE,
    OCCUPY,
    UNDERWORLD,
    Godstorm,
)
from warroom.games.godstorm.state import DEATH, NOBODY, SKY, WAR, GodstormState
from warroom.games.godstorm.underworld import (
    death_labor,
    embark,
    embark_targets,
    fortify,
    occupy_space,
    revive,
    revive_problem,
    underworld_attack_problem,
    underworld_roll,
)

from .conftest import counts, hold, legal, space, table, turn_of
from .dice import roll_draw, scripted

GAME: Godstorm = get_mode("risk-godstorm")  # type: ignore[assignment]


def t(state: object, name: str) -> int:
    return state.parts.earth.territory(name)  # type: ignore[attr-defined, no-any-return]


def u(state: object, name: str) -> int:
    return state.parts.underworld.territory(name)  # type: ignore[attr-defined, no-any-return]


def test_g100_a19_fortify_along_a_path_of_your_own_territories() -> None:
    state = turn_of(table(), 0, FORTIFY)
    hold(state, 0, {"Roma": 5, "Liguria": 1, "Gaul": 1, "Iberia": 1, "Oricalcos": 1})
    hold(state, 1, {"Apulia": 1})
    roma, oricalcos = t(state, "Roma"), t(state, "Oricalcos")
    # Roma - Liguria - Gaul - Iberia - (water) Oricalcos: water connections count (A19), and
    # 1 army stays behind.
    assert counts(state, 0, "fortify", "Roma", "Oricalcos", "-") == [1, 2, 3, 4]
    assert counts(state, 0, "fortify", "Roma", "Apulia", "-") == []  # not yours
    hold(state, 1, {"Gaul": 2})
    assert counts(state, 0, "fortify", "Roma", "Oricalcos", "-") == []  # the path is cut
    assert counts(state, 0, "fortify", "Roma", "Liguria", "-") == [1, 2, 3, 4]
    # The move itself: the armies leave the source and arrive at the end of the path.
    hold(state, 0, {"Gaul": 1})
    state, _ = GAME.apply(state, 0, Action("fortify", ("Roma", "Oricalcos", "-", 4)))
    assert state.armies[roma] == 1 and state.armies[oricalcos] == 5


def test_a32_g101_gods_move_alone_pass_plague_but_do_not_end_there() -> None:
    state = turn_of(table(), 0, FORTIFY)
    hold(state, 0, {"Roma": 1, "Liguria": 1, "Gaul": 1})
    roma, liguria, gaul = t(state, "Roma"), t(state, "Liguria"), t(state, "Gaul")
    state.gods[0][WAR] = state.gods[0][SKY] = roma
    state.plague[liguria] = True
    assert counts(state, 0, "fortify", "Roma", "Gaul", "war") == [0]  # through the plague
    assert counts(state, 0, "fortify", "Roma", "Gaul", "sky+war") == [0]
    assert counts(state, 0, "fortify", "Roma", "Liguria", "war") == []  # not ending there
    assert counts(state, 0, "fortify", "Roma", "Gaul", "-") == []  # nothing to move
    state, _ = GAME.apply(state, 0, Action("fortify", ("Roma", "Gaul", "war", 0)))
    assert state.gods[0][WAR] == gaul and state.gods[0][SKY] == roma


def test_a20_fortifying_into_a_plague_land_is_not_halved() -> None:
    state = table()
    hold(state, 0, {"Egypt": 5, "Nubia": 1})
    state.plague[t(state, "Nubia")] = True
    fortify(state, 0, t(state, "Egypt"), t(state, "Nubia"), 4, [])
    assert state.armies[t(state, "Nubia")] == 5 and state.armies[t(state, "Egypt")] == 1


def test_g103_g104_a17_embarking_through_gates_or_into_held_spaces() -> None:
    state = turn_of(table(), 0, EMBARK)
    state.heaven[0] = 4
    gates = [u(state, g) for g in ("Gate of Horn", "Gate of Bone", "Gate of Ash")]
    assert embark_targets(state, 0) == sorted(gates)
    space(state, 1, "Gate of Horn", 2)
    crypt = space(state, 0, "North Crypt", 1)
    assert embark_targets(state, 0) == sorted([gates[1], gates[2], crypt])
    assert counts(state, 0, "embark", "Gate of Horn") == []  # held: invaded, not embarked
    assert counts(state, 0, "embark", "Gate of Bone") == [1, 2, 3, 4]  # from the heaven's 4
    assert counts(state, 0, "embark", "North Crypt") == [1, 2, 3, 4]
    assert not legal(state, 0, Action("embark", ("North Crypt", 5)))
    embark(state, 0, crypt, 4)
    assert state.space_armies[crypt] == 5 and state.heaven[0] == 0


def test_g106_g111_invading_the_underworld() -> None:
    state = table()
    state.heaven[0] = 3
    horn = space(state, 1, "Gate of Horn", 2)
    field = space(state, 1, "Ashen Field", 1)
    bone = space(state, 0, "Gate of Bone", 3)
    assert underworld_attack_problem(state, 0, None, horn) is None  # heaven to a gate
    assert "only a gate" in (underworld_attack_problem(state, 0, None, field) or "")
    assert "flame border" in (underworld_attack_problem(state, 0, bone, horn) or "")
    assert "do not border" in (underworld_attack_problem(state, 0, bone, field) or "")
    assert "no heaven" in (underworld_attack_problem(state, 0, bone, u(state, "Valhalla")) or "")
    # the dice: test_g106_a18 below, through the game


def test_g106_a18_the_game_offers_at_most_3_dice_to_an_underworld_invader() -> None:
    """G106 follows the territory rules' 1-3 dice (G90); A18: from a heaven of 6, still 3."""
    state = _underworld_turn(table())
    hold(state, 0, {"Roma": 1})
    hold(state, 1, {"Apulia": 1})
    state.heaven[0] = 6
    space(state, 1, "Gate of Horn", 2)
    state, _ = GAME.apply(state, 0, Action("descend", (HEAVEN, "Gate of Horn")))
    rolls = {int(a.args[0]) for a in GAME.legal_actions(state, 0) if a.kind == "roll"}
    assert rolls == {1, 2, 3}


def test_g107_underworld_dead_go_to_the_reserve() -> None:
    state = table()
    state.heaven[0] = 3
    horn = space(state, 1, "Gate of Horn", 1)
    state.rng = scripted(roll_draw(6, 2, 5))
    (roll, *_) = underworld_roll(state, 0, None, horn, 2, 1)
    assert state.reserve[1] == 111 and state.space_owner[horn] == NOBODY
    # which battle the dice were, and the faces, as Classic logs them (the page's Dice panel
    # says it too): the heaven by its name, each place with whose it was
    heaven = state.parts.underworld.territories[state.parts.heaven[state.pantheon[0]]]
    names = state.names
    battle = f"{heaven} ({names[0]}) attacks Gate of Horn ({names[1]}): 6-2 against 5;"
    assert roll.text.startswith(battle), roll.text
    assert (roll.data["from"], roll.data["to"]) == (heaven, "Gate of Horn")
    assert (roll.data["attacker_losses"], roll.data["defender_losses"]) == (0, 1)
    occupy_space(state, 0, None, horn, 3)
    assert state.space_owner[horn] == 0 and state.space_armies[horn] == 3 and state.heaven[0] == 0


def test_g107_a18_an_attackers_underworld_dead_go_to_its_reserve_not_its_heaven() -> None:
    state = table()
    state.heaven[0] = 3
    horn = space(state, 1, "Gate of Horn", 2)
    state.rng = scripted(roll_draw(2, 1, 6, 5))  # 2-1 against 6-5: the attacker loses 2
    underworld_roll(state, 0, None, horn, 2, 2)
    assert state.heaven[0] == 1 and state.reserve[0] == 112  # never back into the heaven
    assert state.space_armies[horn] == 2 and state.reserve[1] == 110


def test_g35_g38_crypts_revive_one_army_to_a_temple() -> None:
    state = table()
    hold(state, 0, {"Roma": 1})
    crypt = space(state, 0, "North Crypt", 1)
    roma = t(state, "Roma")
    assert "only army" in (revive_problem(state, 0, crypt, roma) or "")
    state.space_armies[crypt] = 2
    assert "temple" in (revive_problem(state, 0, crypt, roma) or "")
    state.temple[roma] = True
    assert revive_problem(state, 0, crypt, roma) is None
    revive(state, 0, crypt, roma)
    assert state.armies[roma] == 2 and state.space_armies[crypt] == 1


def test_g60_g112_the_death_labor_at_the_end_of_the_turn() -> None:
    state = table()
    hold(state, 0, {"Roma": 1})
    assert death_labor(state, 0) == []
    space(state, 0, "South Crypt", 1)
    assert death_labor(state, 0) == []  # no god of death in play
    state.gods[0][DEATH] = t(state, "Roma")
    events = death_labor(state, 0)
    assert len(state.hands[0]) == 1 and events[0].data["deck"] == "Death"
    assert events[0].for_seat(1).get("card") is None and events[0].for_seat(0)["card"]
    assert death_labor(state, 0) == []  # at most one a turn


def _underworld_turn(state: GodstormState) -> GodstormState:
    """Seat 0's step 9 (Invade the Underworld)."""
    state.markers = [0, *range(1, state.players)]
    state.turn, state.phase = 0, UNDERWORLD
    return state


def test_a16_g111_an_empty_space_next_to_yours_is_entered_without_dice() -> None:
    state = _underworld_turn(table())
    hold(state, 0, {"Roma": 1})
    state.heaven[0] = 2
    bone = space(state, 0, "Gate of Bone", 3)
    river, horn = u(state, "River of Souls"), u(state, "Gate of Horn")
    assert underworld_attack_problem(state, 0, bone, river) is None
    assert "flame border" in (underworld_attack_problem(state, 0, bone, horn) or "")
    assert "do not border" in (underworld_attack_problem(state, 0, bone, u(state, "Ashen Field"))
                               or "")  # fmt: skip
    assert "embark" in (underworld_attack_problem(state, 0, None, horn) or "")  # §8 does that
    state, _ = GAME.apply(state, 0, Action("descend", ("Gate of Bone", "River of Souls")))
    assert state.phase == OCCUPY  # no defender, no dice
    moves = GAME.legal_actions(state, 0)
    assert {int(a.args[0]) for a in moves} == {1, 2}  # 1 stays in the Gate of Bone
    state, _ = GAME.apply(state, 0, Action("move", (2,)))
    assert state.space_owner[river] == 0 and state.space_armies[river] == 2
    assert state.space_armies[bone] == 1 and state.phase == UNDERWORLD
    assert state.conquests == 0  # G110: never for the War Labor


def test_g99_vacated_spaces_and_unoccupied_temples_may_be_entered_at_once() -> None:
    state = table()
    hold(state, 0, {"Roma": 6})
    hold(state, 1, {"Apulia": 1})
    hold(state, 2, {"Sumer": 1})
    graecia = t(state, "Graecia")
    state.temple[graecia] = True  # seat 1's temple, emptied earlier: unoccupied
    bone = space(state, 0, "Gate of Bone", 3)
    river = space(state, 1, "River of Souls", 4)
    state.markers, state.turn, state.phase = [0, 1, 2], 0, INVADE
    state, _ = GAME.apply(state, 0, Action("invade", ("Roma", "Apulia", "-", 5)))
    state, _ = GAME.apply(state, 0, Action("roll", (3,)))
    state.rng = scripted(roll_draw(6, 5, 4, 1))
    state, _ = GAME.apply(state, 1, Action("defend", (1,)))
    state, _ = GAME.apply(state, 0, Action("move", (5,)))
    assert not state.alive(1) and state.space_owner[river] == NOBODY  # G98: vacated
    # The unoccupied temple's territory: entered without dice (A15), the temple now seat 0's.
    state, _ = GAME.apply(state, 0, Action("invade", ("Apulia", "Graecia", "-", 2)))
    assert state.phase == OCCUPY
    state, _ = GAME.apply(state, 0, Action("move", (2,)))
    assert graecia in state.temples_of(0)
    # The vacated space: entered in step 9 the same way (A16).
    state.phase = UNDERWORLD
    state, _ = GAME.apply(state, 0, Action("descend", ("Gate of Bone", "River of Souls")))
    state, _ = GAME.apply(state, 0, Action("move", (2,)))
    assert state.space_owner[river] == 0 and state.space_armies[bone] == 1
