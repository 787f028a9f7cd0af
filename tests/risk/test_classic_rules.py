"""Classic RISK as printed at the end of the Godstorm rulebook (001_*.txt), rule by rule."""

from __future__ import annotations

import pytest

from warroom.core import Action, IllegalAction, MalformedAction, Match
from warroom.games.risk_classic import (
    ATTACK,
    CLAIM,
    DEFEND,
    FORTIFY,
    GAME,
    OCCUPY,
    OVER,
    REINFORCE,
    SETUP_NEUTRAL,
    SETUP_PLACE,
)
from warroom.rules.battle import compare
from warroom.rules.cards import is_set, set_value
from warroom.rules.reinforcement import territory_armies

from .conftest import Table, rig_dice

# -- Setup --------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "armies"), [(3, 35), (4, 30), (5, 25)])
def test_starting_armies_by_player_count(players: int, armies: int) -> None:
    st = GAME.new_game(players, 3, {})
    assert st.reserve == [armies] * players
    assert st.phase == CLAIM and st.current == st.first


def test_claiming_one_territory_at_a_time_in_turn() -> None:
    t = Table(3, seed=11)
    first = t.state.first
    t.do(first, "claim Roma")
    assert t.owner("Roma") == first and t.units("Roma") == 1
    with pytest.raises(IllegalAction, match="already claimed"):
        t.do((first + 1) % 3, "claim Roma")
    assert GAME.to_move(t.state) == ((first + 1) % 3,)


def test_after_claiming_each_places_one_until_all_run_out_then_first_player_starts() -> None:
    t = Table(4, seed=5)
    names = list(t.state.board.territories)
    for name in names:
        t.do(GAME.to_move(t.state)[0], f"claim {name!r}")
    assert t.state.phase == SETUP_PLACE
    assert sorted(t.state.reserve) == [19, 19, 20, 20]  # 42 claims: two players claimed 11
    seat = GAME.to_move(t.state)[0]
    mine = next(n for n in names if t.owner(n) == seat)
    with pytest.raises(IllegalAction, match="place 1 army in this setup turn"):
        t.do(seat, f"place {mine!r} 2")  # one army a turn in setup
    while t.state.phase == SETUP_PLACE:
        seat = GAME.to_move(t.state)[0]
        mine = next(n for n in names if t.owner(n) == seat)
        t.do(seat, f"place {mine!r} 1")
    assert sum(t.state.armies) == 120
    assert t.state.phase == REINFORCE and t.state.current == t.state.first


def test_dealing_option_gives_equal_shares() -> None:
    st = GAME.new_game(3, 9, {"setup": "deal"})
    assert [st.owner.count(p) for p in range(3)] == [14, 14, 14]
    assert st.phase == SETUP_PLACE and st.reserve == [21, 21, 21]
    assert len(st.deck) == 44


def test_two_player_setup_deals_three_piles_with_a_neutral() -> None:
    st = GAME.new_game(2, 4, {})
    assert [st.owner.count(s) for s in (0, 1, 2)] == [14, 14, 14]
    assert st.reserve == [16, 16, 16]
    assert len(st.deck) == 44  # the wild cards go back into the deck after dealing


def test_two_player_setup_turn_is_two_own_armies_then_one_neutral() -> None:
    t = Table(2, seed=4)
    seat = t.state.current
    names = t.state.board.territories
    mine = [n for n in names if t.owner(n) == seat]
    neutral = next(n for n in names if t.owner(n) == 2)
    t.do(seat, f"place {mine[0]!r} 1")
    assert t.state.phase == SETUP_PLACE
    with pytest.raises(IllegalAction, match="place 1 army in this setup turn"):
        t.do(seat, f"place {mine[1]!r} 2")  # only 2 armies a setup turn
    t.do(seat, f"place {mine[1]!r} 1")
    assert t.state.phase == SETUP_NEUTRAL and GAME.to_move(t.state) == (seat,)
    t.do(seat, f"neutral {neutral!r}")
    assert t.units(neutral) == 2 and GAME.to_move(t.state) == (1 - seat,)
    while t.state.phase in (SETUP_PLACE, SETUP_NEUTRAL):
        s = GAME.to_move(t.state)[0]
        pick = [n for n in names if t.owner(n) == (2 if t.state.phase == SETUP_NEUTRAL else s)]
        t.do(
            s,
            f"neutral {pick[0]!r}"
            if t.state.phase == SETUP_NEUTRAL
            else f"place {pick[0]!r} {t.state.pending}",
        )
    totals = [
        sum(a for o, a in zip(t.state.owner, t.state.armies, strict=True) if o == s)
        for s in (0, 1, 2)
    ]
    assert totals == [30, 30, 30]
    assert t.state.phase == REINFORCE and t.state.current == t.state.first


# -- Getting and placing new armies -----------------------------------------------------------


@pytest.mark.parametrize(("territories", "armies"), [(11, 3), (14, 4), (17, 5), (1, 3), (8, 3)])
def test_territories_divided_by_three_at_least_three(territories: int, armies: int) -> None:
    assert territory_armies(territories) == armies


@pytest.mark.parametrize(("held", "armies"), [(14, 4), (17, 5)])
def test_a_turn_starts_with_territories_divided_by_three(held: int, armies: int) -> None:
    """Getting and Placing New Armies, through the game: the other tests' players hold 9
    territories, where at least 3 and a third give the same; here no continent is whole."""
    t = Table(3)
    board = t.state.board
    some = [  # every region but one member of it: no continent bonus
        board.territories[i] for members in board.region_members for i in members[1:]
    ][:held]
    assert len(some) == held
    t.turn_of(2)
    t.give(1, 1, *board.territories)
    t.give(0, 1, *some)
    t.give(2, 1, next(n for n in board.territories if n not in some))
    t.state.phase = FORTIFY
    t.do(2, "end")
    assert t.state.current == 0 and t.state.pending == armies


def test_turn_start_adds_continent_bonus() -> None:
    t = Table(3)
    board = t.state.board
    atlantis = [board.territories[i] for i in board.region_members[board.regions.index("Atlantis")]]
    t.turn_of(2)
    t.give(1, 1, *board.territories)
    t.give(0, 1, *atlantis)
    t.give(0, 1, "Roma", "Apulia", "Sicilia", "Corsica", "Liguria")  # 9 territories
    t.give(1, 1, "Egypt")
    t.give(2, 1, "Thule")
    t.state.phase = FORTIFY
    t.state.current = 2
    t.do(2, "end")  # Player 3's turn ends; Player 1 begins
    assert t.state.current == 0 and t.state.phase == REINFORCE
    assert t.state.pending == 3 + 3  # 9 // 3, plus Atlantis's 3


def test_a_continent_short_of_one_territory_gives_no_bonus() -> None:
    """Continents: "you must control all of its territories at the start of your turn"."""
    t = Table(3)
    board = t.state.board
    atlantis = [board.territories[i] for i in board.region_members[board.regions.index("Atlantis")]]
    t.turn_of(2)
    t.give(1, 1, *board.territories)
    t.give(0, 1, *atlantis[1:])  # all of Atlantis but one
    t.give(0, 1, "Roma", "Apulia", "Sicilia", "Corsica", "Liguria", "Egypt")  # 9 territories
    t.give(2, 1, "Thule")
    t.state.phase = FORTIFY
    t.do(2, "end")
    assert t.state.current == 0 and t.state.pending == 3  # 9 // 3 and no continent


def test_place_only_on_own_territory_and_up_to_what_you_have() -> None:
    t = Table(3)
    t.turn_of(0, pending=3)
    t.give(0, 1, "Roma")
    with pytest.raises(IllegalAction, match="do not occupy"):
        t.do(0, "place Egypt 1")
    with pytest.raises(IllegalAction, match="3 armies to place"):
        t.do(0, "place Roma 4")
    t.do(0, "place Roma 3")
    assert t.units("Roma") == 4 and t.state.phase == ATTACK


# -- Cards --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("designs", "ok"),
    [
        (("skull", "skull", "skull"), True),
        (("skull", "blade", "sphere"), True),
        (("skull", "blade", "wild"), True),
        (("skull", "skull", "wild"), True),
        (("wild", "wild", "blade"), True),
        (("wild", "wild", "wild"), True),
        (("skull", "skull", "blade"), False),
        (("skull", "blade"), False),
    ],
)
def test_card_sets(designs: tuple[str, ...], ok: bool) -> None:
    assert is_set(designs) is ok


def test_set_values_escalate() -> None:
    assert [set_value(k) for k in range(1, 10)] == [4, 6, 8, 10, 12, 15, 20, 25, 30]


def _three_of(t: Table, design: str, owner_of_first: int | None = None) -> list[str]:
    b = t.state.board
    return [b.territories[i] for i in range(len(b)) if b.card_design[i] == design][:3]


def test_trade_gives_set_value_and_two_extra_on_one_occupied_territory() -> None:
    t = Table(3)
    t.turn_of(0, pending=3)
    cards = _three_of(t, "skull")
    t.give(0, 1, cards[0], cards[1])
    t.hand(0, *cards)
    t.state.sets_traded = 2
    with pytest.raises(IllegalAction, match="name which territory"):
        t.do(0, f"trade {cards[0]!r} {cards[1]!r} {cards[2]!r}")
    t.do(0, f"trade {cards[0]!r} {cards[1]!r} {cards[2]!r} {cards[1]!r}")
    assert t.state.pending == 3 + 8  # the third set in the game is worth 8
    assert t.units(cards[1]) == 3 and t.units(cards[0]) == 1
    assert t.state.deck[:3] == sorted(t.t(c) for c in cards)  # to the bottom of the pile
    assert t.state.hands[0] == []


def test_a_card_named_twice_in_a_trade_is_refused_as_such() -> None:
    """'trade Gaul Gaul Gaul' with Gaul in hand said "you hold no card 'Gaul'": a set is
    three different cards, and the refusal says so; a wild named more often than held too."""
    t = Table(3)
    t.turn_of(0, pending=3)
    cards = _three_of(t, "skull")
    t.hand(0, *cards)
    with pytest.raises(IllegalAction, match=f"{cards[0]} is named twice"):
        t.do(0, f"trade {cards[0]!r} {cards[0]!r} {cards[1]!r}")
    t.hand(0, "wild")
    with pytest.raises(IllegalAction, match="wild is named more often than the 1 you hold"):
        t.do(0, f"trade wild wild {cards[0]!r}")
    with pytest.raises(IllegalAction, match="you hold no card 'Nowhere'"):
        t.do(0, f"trade {cards[0]!r} {cards[1]!r} Nowhere")


def test_at_most_two_extra_armies_a_turn() -> None:
    t = Table(3)
    t.turn_of(0, pending=3)
    skulls, blades = _three_of(t, "skull"), _three_of(t, "blade")
    t.give(0, 1, *skulls, *blades)
    t.hand(0, *skulls, *blades)
    t.do(0, f"trade {skulls[0]!r} {skulls[1]!r} {skulls[2]!r} {skulls[0]!r}")
    with pytest.raises(IllegalAction, match="at most once a turn"):
        t.do(0, f"trade {blades[0]!r} {blades[1]!r} {blades[2]!r} {blades[0]!r}")
    t.do(0, f"trade {blades[0]!r} {blades[1]!r} {blades[2]!r}")
    assert t.state.pending == 3 + 4 + 6
    assert sum(t.units(n) for n in skulls + blades) == 6 + 2


def test_set_values_count_every_set_in_the_game_and_the_extra_two_come_each_turn() -> None:
    """The n-th set "traded in by anyone during the game" (Trading Cards In for Armies), while
    the 2 extra armies are limited "on a single turn" (Occupied Territories): the next
    player's first trade is the game's second set, and gets its own 2 extra armies."""
    t = Table(3)
    t.turn_of(0, pending=3)
    skulls, blades = _three_of(t, "skull"), _three_of(t, "blade")
    t.give(0, 1, skulls[0])
    t.give(1, 1, blades[0])
    t.hand(0, *skulls)
    t.hand(1, *blades)
    t.do(0, f"trade {skulls[0]!r} {skulls[1]!r} {skulls[2]!r} {skulls[0]!r}")
    assert t.state.pending == 3 + 4 and t.units(skulls[0]) == 3
    t.do(0, f"place {skulls[0]!r} 7")
    t.do(0, "end")
    t.do(0, "end")
    assert t.state.current == 1 and t.state.phase == REINFORCE
    income = t.state.pending
    t.do(1, f"trade {blades[0]!r} {blades[1]!r} {blades[2]!r} {blades[0]!r}")
    assert t.state.pending == income + 6  # the second set in the game
    assert t.units(blades[0]) == 3


def test_four_cards_holding_a_set_need_not_trade() -> None:
    """Earning Cards: a set "may" be turned in or kept; only 5 or 6 cards force a trade."""
    t = Table(3)
    t.turn_of(0, pending=3)
    t.give(0, 1, "Roma")
    skulls, blades = _three_of(t, "skull"), _three_of(t, "blade")
    t.hand(0, *skulls, blades[0])
    legal = t.legal(0)
    assert any(a.startswith("trade") for a in legal) and "place Roma 3" in legal
    t.do(0, "place Roma 3")
    assert t.state.phase == ATTACK and len(t.state.hands[0]) == 4


def test_not_a_set_is_refused_and_changes_nothing() -> None:
    t = Table(3)
    t.turn_of(0, pending=3)
    b = t.state.board
    skulls, blades = _three_of(t, "skull"), _three_of(t, "blade")
    t.hand(0, skulls[0], skulls[1], blades[0])
    before = t.state.copy()
    with pytest.raises(IllegalAction, match="not a set"):
        t.do(0, f"trade {skulls[0]!r} {skulls[1]!r} {blades[0]!r}")
    held = {skulls[0], skulls[1], blades[0]}
    other = next(name for name in b.territories if name not in held)
    with pytest.raises(IllegalAction, match="no card"):
        t.do(0, f"trade {skulls[0]!r} {skulls[1]!r} {other!r}")
    assert t.state == before


def test_five_cards_at_turn_start_force_a_trade_before_placing() -> None:
    t = Table(3)
    t.turn_of(0, pending=3)
    t.give(0, 1, "Roma")
    skulls, blades = _three_of(t, "skull"), _three_of(t, "blade")
    t.hand(0, *skulls, blades[0], blades[1])
    with pytest.raises(IllegalAction, match="must trade"):
        t.do(0, "place Roma 1")
    assert {a.split()[0] for a in t.legal(0)} == {"trade"}
    t.do(0, f"trade {skulls[0]!r} {skulls[1]!r} {skulls[2]!r}")
    t.do(0, "place Roma 1")


# -- Attacking ----------------------------------------------------------------------------------


def test_worked_example_six_four_one_against_five_four_each_loses_one() -> None:
    # The MCU and Mass Effect rulebooks' worked example of the shared Classic battle rule.
    assert compare((6, 4, 1), (5, 4)) == (1, 1)
    assert compare((3,), (3,)) == (1, 0)  # ties to the defender
    assert compare((6, 6, 6), (1, 1)) == (0, 2)  # never more than 2 losses a roll


def _attack_position(t: Table, src: int = 4, dst: int = 2) -> None:
    t.turn_of(0, phase=ATTACK)
    t.give(0, src, "Poseidonis")
    t.give(1, dst, "Oricalcos")


def test_attack_rules_adjacency_armies_and_dice() -> None:
    t = Table(3)
    _attack_position(t)
    t.give(1, 1, "Roma")
    t.give(0, 1, "Atlas")
    with pytest.raises(IllegalAction, match="does not border"):
        t.do(0, "attack Poseidonis Roma 1")
    with pytest.raises(IllegalAction, match="at least 2 armies"):
        t.do(0, "attack Atlas Oricalcos 1")
    with pytest.raises(IllegalAction, match="1 to 3 dice"):
        t.do(0, "attack Poseidonis Oricalcos 4")
    t.give(0, 3, "Poseidonis")
    with pytest.raises(IllegalAction, match="1 to 2 dice"):
        t.do(0, "attack Poseidonis Oricalcos 3")
    t.give(0, 2, "Poseidonis")
    with pytest.raises(IllegalAction, match=r"^from Poseidonis you may roll 1 die \(at least one"):
        t.do(0, "attack Poseidonis Oricalcos 2")  # not "1 to 1 dice"
    with pytest.raises(MalformedAction):
        t.do(0, "attack Poseidonis Oricalcos")


def test_water_connections_from_the_rulebook() -> None:
    b = GAME.new_game(3, 1, {}).board
    for a, c in [
        ("Poseidonis", "Oricalcos"),
        ("Atlas", "Oricalcos"),
        ("Thule", "Varangia"),
        ("Rus", "Varangia"),
    ]:
        assert b.adjacent(b.territory(a), b.territory(c))
    assert b.kind_of[(b.territory("Atlas"), b.territory("Oricalcos"))] == "sea"


def test_printed_spellings_gaetulia_and_sarmatia_name_the_territories() -> None:
    """The rulebook's Pronunciation Guide prints Gaetulia and Sarmatia: typed in full, in any
    case or as a unique prefix, they name the territories, and the board shows them so."""
    t = Table(3)
    t.turn_of(0, phase=ATTACK)
    t.give(0, 4, "Gaetulia")
    t.give(1, 1, "Atlas", "Sarmatia")
    assert "Gaetulia" in t.state.board.territories and "Sarmatia" in t.state.board.territories
    assert GAME.parse(t.state, 0, "att gaet atl 3") == Action("attack", ("Gaetulia", "Atlas", 3))
    assert GAME.parse(t.state, 0, "attack SARMATIA Parthia 1").args[0] == "Sarmatia"
    t.do(0, "attack Gaetulia Atlas 3")
    assert GAME.view(t.state, None)["battle"]["from"] == "Gaetulia"


def test_former_spellings_gaitulia_and_sarmathia_still_name_the_territories() -> None:
    """Saves record action texts, so the board file keeps the old spellings as aliases."""
    t = Table(3)
    b = t.state.board
    assert b.territory("Gaitulia") == b.territory("gaitulia") == b.territory("Gaetulia")
    assert b.territory("Sarmathia") == b.territory("Sarmatia")
    assert "Gaitulia" not in b.territories and "Sarmathia" not in b.territories
    assert GAME.parse(t.state, 0, "attack Gaitulia Atlas 3").args[0] == "Gaetulia"


def test_defender_chooses_one_or_two_dice_and_two_needs_two_armies() -> None:
    t = Table(3)
    _attack_position(t, dst=1)
    t.do(0, "attack Poseidonis Oricalcos 3")
    assert t.state.phase == DEFEND and GAME.to_move(t.state) == (1,)
    assert t.legal(1) == ["defend 1"]
    with pytest.raises(IllegalAction, match="the defender may roll 1 die here"):
        t.do(1, "defend 2")
    with pytest.raises(IllegalAction):
        t.do(0, "defend 1")  # the attacker does not choose the defender's dice


def test_battle_losses_follow_the_dice() -> None:
    t = Table(3)
    _attack_position(t, src=5, dst=3)
    t.do(0, "attack Poseidonis Oricalcos 3")
    rig_dice(t, [6, 4, 1, 5, 4])
    (ev,) = t.do(1, "defend 2")
    assert ev.data["attack"] == [6, 4, 1] and ev.data["defend"] == [5, 4]
    assert t.units("Poseidonis") == 4 and t.units("Oricalcos") == 2
    assert ev.reveals and t.state.phase == ATTACK


def test_capture_moves_at_least_the_dice_and_leaves_one_behind() -> None:
    t = Table(3)
    _attack_position(t, src=6, dst=1)
    t.do(0, "attack Poseidonis Oricalcos 2")
    rig_dice(t, [6, 5, 1])
    t.do(1, "defend 1")
    assert t.owner("Oricalcos") == 0 and t.state.phase == OCCUPY
    assert t.legal(0) == [f"move {k}" for k in range(2, 6)]
    with pytest.raises(IllegalAction):
        t.do(0, "move 1")
    with pytest.raises(IllegalAction):
        t.do(0, "move 6")
    t.do(0, "move 5")
    assert (t.units("Poseidonis"), t.units("Oricalcos")) == (1, 5)
    assert t.state.phase == ATTACK


def test_one_card_after_a_turn_with_a_capture_and_none_without() -> None:
    t = Table(3)
    _attack_position(t, src=6, dst=1)
    t.give(1, 1, "Atlas")
    t.give(0, 6, "Iberia")
    for target in ("Oricalcos", "Atlas"):
        src = "Poseidonis" if target == "Oricalcos" else "Iberia"
        while t.owner(target) != 0:
            t.do(0, f"attack {src} {target} 1")
            t.do(1, "defend 1")
        t.do(0, "move 1")
    deck = t.state.deck[:]
    (draw,) = t.do(0, "end")
    # "take the top territory card" (Ending Your Attack): traded cards go to the bottom.
    assert t.state.hands[0] == [deck[-1]] and t.state.deck == deck[:-1]
    assert draw.for_seat(1).get("card") is None and draw.for_seat(0)["card"]
    assert t.state.phase == FORTIFY
    t.do(0, "end")
    # Player 2 captures nothing and draws nothing.
    t.state.phase = ATTACK
    t.do(1, "end")
    assert t.state.hands[1] == []


def _last_stand() -> Table:
    """Player 2's last territory, Oricalcos (1 army), faces Player 1's 9 in Poseidonis."""
    t = Table(3)
    t.turn_of(0, phase=ATTACK)
    for n in t.state.board.territories:
        t.give(2, 1, n)
    t.give(0, 9, "Poseidonis")
    t.give(1, 1, "Oricalcos")
    return t


def _capture_oricalcos(t: Table) -> None:
    while t.owner("Oricalcos") != 0:
        t.do(0, "attack Poseidonis Oricalcos 3")
        t.do(1, "defend 1")


def test_eliminating_a_player_takes_their_cards() -> None:
    t = _last_stand()
    blades = _three_of(t, "blade")
    t.hand(1, blades[0], blades[1])
    _capture_oricalcos(t)
    assert not t.state.alive[1] and len(t.state.hands[0]) == 2
    assert t.state.phase == OCCUPY  # fewer than 6 cards: trade at the next turn
    t.do(0, "move 3")
    assert t.state.phase == ATTACK
    t.do(0, "end")
    t.do(0, "end")
    assert t.state.current == 2  # the eliminated player is skipped


def test_five_cards_after_elimination_wait_for_the_next_turn() -> None:
    """Eliminating Your Opponent: "If winning them gives you fewer than 6, you must wait until
    the beginning of your next turn to trade in a set"."""
    t = _last_stand()
    skulls, blades = _three_of(t, "skull"), _three_of(t, "blade")
    t.hand(0, *skulls)
    t.hand(1, blades[0], blades[1])
    _capture_oricalcos(t)
    t.do(0, "move 3")
    assert t.state.phase == ATTACK and len(t.state.hands[0]) == 5
    assert not any(a.startswith("trade") for a in t.legal(0))


def test_six_cards_after_elimination_force_trading_down_to_four() -> None:
    t = _last_stand()
    skulls, blades, spheres = (_three_of(t, d) for d in ("skull", "blade", "sphere"))
    t.hand(0, *skulls, blades[0])
    t.hand(1, blades[1], blades[2], spheres[0])
    _capture_oricalcos(t)
    t.do(0, "move 3")
    assert t.state.phase == REINFORCE and len(t.state.hands[0]) == 7
    assert {a.split()[0] for a in t.legal(0)} == {"trade"}
    with pytest.raises(IllegalAction, match="must trade"):
        t.do(0, "place Poseidonis 1")
    t.do(0, f"trade {skulls[0]!r} {skulls[1]!r} {skulls[2]!r}")
    assert len(t.state.hands[0]) == 4  # three blades and a sphere: still a set, but
    assert not any(a.startswith("trade") for a in t.legal(0))  # down to 4: stop trading
    with pytest.raises(IllegalAction, match="stop trading"):
        t.do(0, f"trade {blades[0]!r} {blades[1]!r} {blades[2]!r}")
    t.do(0, f"place Poseidonis {t.state.pending}")
    assert t.state.phase == ATTACK


def test_the_stop_after_an_elimination_trade_names_the_cards_left() -> None:
    """Down to 3 cards that still make a set, the refusal says 3, not 4."""
    t = _last_stand()
    skulls, blades = _three_of(t, "skull"), _three_of(t, "blade")
    t.hand(0, *skulls, blades[0], blades[1])
    t.hand(1, blades[2])
    _capture_oricalcos(t)
    t.do(0, "move 3")
    t.do(0, f"trade {skulls[0]!r} {skulls[1]!r} {skulls[2]!r}")
    with pytest.raises(IllegalAction, match="your hand is down to 3 cards: you must stop"):
        t.do(0, f"trade {blades[0]!r} {blades[1]!r} {blades[2]!r}")


def test_after_the_elimination_trades_and_placing_the_next_capture_goes_on_attacking() -> None:
    """The forced trading ends with its placing: a later capture's move-in returns to the
    attack, not to a reinforcement with nothing left to do."""
    t = _last_stand()
    skulls, blades = _three_of(t, "skull"), _three_of(t, "blade")
    t.hand(0, *skulls, blades[0])
    t.hand(1, blades[1], blades[2])
    _capture_oricalcos(t)
    t.do(0, "move 3")
    t.do(0, f"trade {skulls[0]!r} {skulls[1]!r} {skulls[2]!r}")
    t.do(0, f"place Oricalcos {t.state.pending}")
    assert t.state.phase == ATTACK
    while t.owner("Tritonis") != 0:
        t.do(0, "attack Poseidonis Tritonis 1" if t.units("Poseidonis") > 1 else "end")
        if t.state.phase == DEFEND:
            t.do(2, "defend 1")
        if t.units("Poseidonis") == 1:
            t.give(0, 6, "Poseidonis")
    t.do(0, "move 1")
    assert t.state.phase == ATTACK and any(a.startswith("attack") for a in t.legal(0))


def test_eight_cards_after_an_elimination_trade_twice_before_placing() -> None:
    """Killing a Player: with 6 or more cards, trade until 4 or fewer; one trade from 8 leaves
    5, so the second is forced too before any army is placed."""
    t = _last_stand()
    skulls, blades, spheres = (_three_of(t, d) for d in ("skull", "blade", "sphere"))
    t.hand(0, *skulls, spheres[0])
    t.hand(1, *blades, spheres[1])
    _capture_oricalcos(t)
    t.do(0, "move 3")
    assert len(t.state.hands[0]) == 8
    t.do(0, f"trade {skulls[0]!r} {skulls[1]!r} {skulls[2]!r}")
    assert len(t.state.hands[0]) == 5
    assert {a.split()[0] for a in t.legal(0)} == {"trade"}
    with pytest.raises(IllegalAction, match="must trade"):
        t.do(0, f"place Poseidonis {t.state.pending}")
    t.do(0, f"trade {blades[0]!r} {blades[1]!r} {blades[2]!r}")
    assert len(t.state.hands[0]) == 2 and not any(a.startswith("trade") for a in t.legal(0))


def test_the_two_extra_armies_stay_once_a_turn_through_an_elimination_trade() -> None:
    """Trading Cards In: at most 2 extra armies a turn, even when a trade forced by an
    elimination holds a card of a territory the player occupies."""
    t = _last_stand()
    t.state.phase = REINFORCE
    t.state.pending = 3
    skulls, blades, spheres = (_three_of(t, d) for d in ("skull", "blade", "sphere"))
    t.give(0, 1, skulls[0], blades[0])
    t.hand(0, *skulls, blades[0], spheres[0])
    t.do(0, f"trade {skulls[0]!r} {skulls[1]!r} {skulls[2]!r} {skulls[0]!r}")
    t.do(0, f"place Poseidonis {t.state.pending}")
    t.hand(1, blades[1], blades[2], spheres[1], spheres[2])
    _capture_oricalcos(t)
    t.do(0, "move 3")
    assert len(t.state.hands[0]) == 6
    assert not any(a.startswith("trade") and len(a.split()) > 4 for a in t.legal(0))
    with pytest.raises(IllegalAction, match="at most once a turn"):
        t.do(0, f"trade {blades[0]!r} {blades[1]!r} {blades[2]!r} {blades[0]!r}")


# -- Fortifying and winning -------------------------------------------------------------------


def test_fortify_one_move_to_an_adjacent_territory_then_the_turn_passes() -> None:
    t = Table(3)
    t.turn_of(0, phase=FORTIFY)
    t.give(0, 5, "Roma")
    t.give(0, 1, "Apulia", "Egypt")
    with pytest.raises(IllegalAction, match="does not border"):
        t.do(0, "fortify Roma Egypt 1")
    with pytest.raises(IllegalAction, match="move 1 to 4 armies; one stays behind"):
        t.do(0, "fortify Roma Apulia 5")
    with pytest.raises(IllegalAction, match="Apulia has 1 army, which must stay behind"):
        t.do(0, "fortify Apulia Roma 1")  # not "move 1 to 0 armies"
    t.do(0, "fortify Roma Apulia 4")
    assert (t.units("Roma"), t.units("Apulia")) == (1, 5)
    assert t.state.current == 1 and t.state.phase == REINFORCE


def test_capturing_every_territory_wins() -> None:
    t = _last_stand()
    t.give(0, 2, *(n for n in t.state.board.territories if t.owner(n) == 2))
    t.state.alive[2] = False  # Player 3 is already out: Oricalcos is the last enemy territory
    _capture_oricalcos(t)
    out = GAME.outcome(t.state)
    assert t.state.phase == OVER and out is not None and out.winners == (0,)
    assert GAME.to_move(t.state) == ()


def test_two_player_neutral_defended_by_opponent_and_need_not_be_eliminated() -> None:
    t = Table(2)
    t.turn_of(0, phase=ATTACK)
    for n in t.state.board.territories:
        t.give(2, 1, n)
    t.give(0, 9, "Poseidonis")
    t.give(1, 1, "Atlas")
    t.do(0, "attack Poseidonis Oricalcos 3")
    assert GAME.to_move(t.state) == (1,)  # the opponent rolls for the neutral
    with pytest.raises(IllegalAction, match=r"^the defender of neutral Oricalcos may roll 1 die"):
        t.do(1, "defend 2")
    t.do(1, "defend 1")
    t.state.phase = ATTACK
    t.give(0, 9, "Iberia")
    t.give(0, 1, "Oricalcos")
    while t.owner("Atlas") != 0:
        t.do(0, "attack Oricalcos Atlas 1") if t.units("Oricalcos") > 1 else t.give(
            0, 9, "Oricalcos"
        )
        if t.state.phase == DEFEND:
            t.do(1, "defend 1")
    out = GAME.outcome(t.state)
    assert out is not None and out.winners == (0,)
    assert 2 in t.state.owner  # neutral armies remain


def _neutral_oricalcos(armies: int) -> Table:
    """2 players: Player 2 holds every territory but Poseidonis (Player 1's 9) and the
    neutral's Oricalcos (`armies`); Player 1 attacks."""
    t = Table(2)
    t.turn_of(0, phase=ATTACK)
    for n in t.state.board.territories:
        t.give(1, 1, n)
    t.give(0, 9, "Poseidonis")
    t.give(2, armies, "Oricalcos")
    return t


def test_capturing_the_last_neutral_territory_eliminates_nobody() -> None:
    """2-Player Rules, Winning: "Don't worry if all of the neutral armies are eliminated before
    the end of the game. Play continues until one player defeats the other."
    """
    t = _neutral_oricalcos(1)  # the neutral's last territory
    t.dice((6, 6, 6, 1))
    t.do(0, "attack Poseidonis Oricalcos 3")
    t.do(1, "defend 1")
    assert t.owner("Oricalcos") == 0 and 2 not in t.state.owner
    assert t.state.phase == OCCUPY and t.state.alive == [True, True]
    assert GAME.outcome(t.state) is None
    t.do(0, "move 3")
    assert t.state.phase == ATTACK


def test_two_player_the_opponent_may_defend_a_neutral_of_two_armies_with_two_dice() -> None:
    """2-Player Rules: the opponent rolls for a neutral territory attacked, with the dice its
    armies allow, as any defender; a turn whose only capture is neutral earns a card."""
    t = _neutral_oricalcos(2)
    t.do(0, "attack Poseidonis Oricalcos 3")
    assert GAME.to_move(t.state) == (1,)
    assert sorted(t.legal(1)) == ["defend 1", "defend 2"]
    t.do(1, "defend 2")
    while t.owner("Oricalcos") != 0:
        t.do(0, "attack Poseidonis Oricalcos 3")
        t.do(1, "defend 1")
    t.do(0, "move 3")
    t.do(0, "end")
    assert len(t.state.hands[0]) == 1


def test_two_player_a_neutral_army_goes_only_on_a_neutral_territory() -> None:
    t = Table(2, seed=4)
    seat = t.state.current
    names = t.state.board.territories
    mine = [n for n in names if t.owner(n) == seat]
    neutral = next(n for n in names if t.owner(n) == 2)
    t.do(seat, f"place {mine[0]!r} 2")
    before = t.state.reserve[2]
    with pytest.raises(IllegalAction, match="is not neutral"):
        t.do(seat, f"neutral {mine[0]!r}")
    t.do(seat, f"neutral {neutral!r}")
    assert t.state.reserve[2] == before - 1


def test_neutral_never_takes_a_turn() -> None:
    t = Table(2)
    t.turn_of(1, phase=FORTIFY)
    t.do(1, "end")
    assert t.state.current == 0
    t.state.phase = FORTIFY
    t.do(0, "end")
    assert t.state.current == 1


@pytest.mark.parametrize(
    ("mode", "typed", "meant"),
    [("risk-classic", "Anglai", "Anglia"), ("mass-effect-basic", "earht", "Earth")],
)
def test_a_misspelt_place_is_refused_with_the_name_meant(mode: str, typed: str, meant: str) -> None:
    """A typo is answered with the nearest name, and in no board's wrong word (Mass Effect's
    refusal said "no territory" of a planet)."""
    match = Match.start(mode, 3, 5, {"setup": "claim"} if mode == "risk-classic" else {})
    seat = match.to_move()[0]
    with pytest.raises(IllegalAction) as refusal:
        match.game.apply(match.state, seat, Action("claim", (typed,)))
    assert f"there is no {typed!r} on " in str(refusal.value)
    assert str(refusal.value).endswith(f"(did you mean {meant}?)")
