"""Decisions inside a turn, on tables built by hand (G5, G6, G11, G33, G36, G41, G50, G56, G62,
G67, G68, G78, G80, G81, G83, G85, G88, G102, G105, G110)."""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import replace

import pytest

from warroom.core import get_mode
from warroom.core.actions import Action
from warroom.core.errors import IllegalAction, MalformedAction
from warroom.core.events import Event
from warroom.core.match import Match
from warroom.core.rng import Rng
from warroom.core.sealed import HIDDEN as HIDDEN_BID
from warroom.core.shortform import complete
from warroom.games.godstorm.invasion import invasion_problem, labor_draw
from warroom.games.godstorm.losses import eliminate
from warroom.games.godstorm.miracles import play
from warroom.games.godstorm.order import open_bids, place_bid
from warroom.games.godstorm.rules import (
    ATTACK,
    BID,
    BUY,
    EMBARK,
    FORTIFY,
    GOD_AGAIN,
    GOD_ATTACK,
    GODS,
    INVADE,
    PLAY,
    RAISE,
    SKY,
    UNDERWORLD,
    Godstorm,
    _start_turn,
    miracles_unseen,
)
from warroom.games.godstorm.state import DEATH, MAGIC, NOBODY, WAR, GodstormState
from warroom.games.godstorm.state import SKY as SKY_GOD

from .conftest import hold, space, table, turn_of
from .dice import roll_draw, scripted

GAME: Godstorm = get_mode("risk-godstorm")  # type: ignore[assignment]


def t(state: GodstormState, name: str) -> int:
    return state.parts.earth.territory(name)


def kinds(state: GodstormState, seat: int) -> set[str]:
    return {a.kind for a in GAME.legal_actions(state, seat)}


def test_g5_g6_faith_is_public_held_cards_show_only_their_deck() -> None:
    state = table()
    state.faith = [4, 7, 1]
    state.hands[1] = [state.decks["Sky"].pop(), state.decks["War"].pop()]
    seen = GAME.observe(state, 0)
    assert seen.faith == [4, 7, 1]
    assert sorted(seen.hands[1]) == sorted([miracles_unseen("Sky"), miracles_unseen("War")])
    assert GAME.observe(state, 1).hands[1] == state.hands[1]
    assert sorted(GAME.view(state, 0)["players"][1]["hand"]) == ["a Sky card", "a War card"]


def test_g11_separate_decks_and_one_marker_per_player() -> None:
    state = GAME.setup(4, Rng(2), {})
    parts = state.parts
    assert all(
        {parts.cards[c].deck for c in cards} == {deck} for deck, cards in state.decks.items()
    )
    assert len(state.markers) == 4 and state.epoch == 1


def test_g13_any_army_may_enter_a_plague_land() -> None:
    state = turn_of(table(), 0, INVADE)
    hold(state, 0, {"Roma": 6, "Liguria": 1})
    hold(state, 1, {"Apulia": 1, "Egypt": 1})
    roma, apulia, liguria = t(state, "Roma"), t(state, "Apulia"), t(state, "Liguria")
    state.plague[apulia] = state.plague[liguria] = True
    invasions = {a.args[1] for a in GAME.legal_actions(state, 0) if a.kind == "invade"}
    assert "Apulia" in invasions  # invading one
    fortifying = turn_of(copy.deepcopy(state), 0, FORTIFY)  # fortifying into one
    assert Action("fortify", ("Roma", "Liguria", "-", 5)) in GAME.legal_actions(fortifying, 0)
    assert invasion_problem(state, 0, roma, apulia, 5, []) is None
    state, _ = GAME.apply(state, 0, Action("invade", ("Roma", "Apulia", "-", 5)))
    state, _ = GAME.apply(state, 0, Action("roll", (3,)))
    state.rng = scripted(roll_draw(6, 6, 5, 4))
    state, _ = GAME.apply(state, 1, Action("defend", (1,)))
    state, _ = GAME.apply(state, 0, Action("move", (3,)))
    assert state.owner[apulia] == 0 and state.armies[apulia] == 2  # in, then halved (G96)


def test_g33_raised_armies_are_placed_before_anything_else() -> None:
    state = turn_of(table(), 0, RAISE)
    hold(state, 0, {"Roma": 1, "Apulia": 1})
    state.to_place[0] = 4
    assert kinds(state, 0) == {"place"}
    state, _ = GAME.apply(state, 0, Action("place", ("Roma", 4)))
    assert state.phase != RAISE and state.armies[t(state, "Roma")] == 5


def test_g36_faith_carries_over_without_limit() -> None:
    state = turn_of(table(), 0, UNDERWORLD)
    hold(state, 0, {name: 1 for name in ("Roma", "Apulia", "Sicilia")})
    hold(state, 1, {"Egypt": 1})
    hold(state, 2, {"Sumer": 1})
    state.faith = [250, 0, 0]
    state, _ = GAME.apply(state, 0, Action("done"))
    assert state.faith[0] == 250  # next player's turn began; nothing was taken away
    state.turn, state.phase = len(state.markers) - 1, UNDERWORLD  # the epoch's last turn
    state.markers = [1, 2, 0]
    state, _ = GAME.apply(state, 0, Action("done"))
    assert state.epoch == 2 and state.bids is not None  # into the next epoch's bid, whole
    assert state.faith[0] == 250 and state.bids.limit(0) == 250


def test_g41_gods_are_not_armies() -> None:
    state = table()
    hold(state, 0, {"Roma": 1})
    state.gods[0] = [t(state, "Roma")] * 4
    assert state.armies[t(state, "Roma")] == 1 and state.territories_of(0) == [t(state, "Roma")]
    problem = invasion_problem(state, 0, t(state, "Roma"), t(state, "Apulia"), 1, [WAR])
    assert "source must hold at least 2" in (problem or "")


def test_g56_g61_a_labor_needs_its_god_in_play_and_cards_left() -> None:
    state = table()
    hold(state, 0, {"Roma": 1})
    assert labor_draw(state, 0, "War", once_a_turn=True) == []
    state.gods[0][WAR] = t(state, "Gaul")
    state.decks["War"] = []
    assert labor_draw(state, 0, "War", once_a_turn=True) == []


def test_g62_no_hand_limit() -> None:
    state = table()
    hold(state, 0, {"Roma": 1})
    state.gods[0][WAR] = t(state, "Gaul")
    for _ in range(17):
        state.labors = []
        labor_draw(state, 0, "War", once_a_turn=True)
    assert len(state.hands[0]) == 17


def test_g67_a_miracle_moving_armies_leaves_one_behind() -> None:
    state = table()
    hold(state, 0, {"Roma": 3, "Apulia": 1})
    index = next(i for i, c in enumerate(state.parts.cards) if c.id == "war-06")  # move 5
    play(state, 0, index, [t(state, "Roma"), t(state, "Apulia")], free=True)
    assert state.armies[t(state, "Roma")] == 1 and state.armies[t(state, "Apulia")] == 3


def test_g68_g110_miracles_do_not_reach_the_underworld() -> None:
    state = table()
    crypt = space(state, 1, "North Crypt", 4)
    index = next(i for i, c in enumerate(state.parts.cards) if c.id == "death-01")
    play(state, 0, index, [], free=True)  # every territory loses an army
    assert state.space_armies[crypt] == 4


def _invasion_table() -> GodstormState:
    state = turn_of(table(), 0, INVADE)
    hold(state, 0, {"Roma": 6})
    hold(state, 1, {"Apulia": 3, "Graecia": 1})
    hold(state, 2, {"Sumer": 1})
    return state


def test_g78_g81_several_invasions_and_an_attack_before_calling_off() -> None:
    state = _invasion_table()
    state, said = GAME.apply(state, 0, Action("invade", ("Roma", "Apulia", "-", 5)))
    assert state.phase == ATTACK and "retreat" not in kinds(state, 0)
    # whose territory: the dice lines after it say only "attacker" and "defender"
    invaded = f"{state.does(0, 'invades')} Apulia ({state.names[1]}) from Roma with 5 armies"
    assert [e.text for e in said] == [invaded]
    state, _ = GAME.apply(state, 0, Action("roll", (1,)))
    state.rng = scripted(roll_draw(1, 6))
    state, _ = GAME.apply(state, 1, Action("defend", (1,)))
    assert "retreat" in kinds(state, 0)
    state, _ = GAME.apply(state, 0, Action("retreat"))
    assert state.phase == INVADE and "invade" in kinds(state, 0)  # G78: again, same pair


def test_g80_the_defender_may_answer_with_sky_cards_before_any_dice() -> None:
    state = _invasion_table()
    state.gods[1][SKY_GOD] = t(state, "Graecia")
    state.faith[1] = 10
    state.hands[1] = [next(i for i, c in enumerate(state.parts.cards) if c.id == "sky-01")]
    state, _ = GAME.apply(state, 0, Action("invade", ("Roma", "Apulia", "-", 5)))
    assert state.phase == SKY and GAME.to_move(state) == (1,)
    assert kinds(state, 1) == {"cast", "pass"}
    state, _ = GAME.apply(state, 1, Action("cast", ("sky-01",)))
    state, _ = GAME.apply(state, 1, Action("pass"))
    assert state.phase == INVADE and state.invasion is None and state.faith[1] == 6


def test_g83_g85_g88_godswar_choices_and_another_round() -> None:
    state = _invasion_table()
    roma, apulia = t(state, "Roma"), t(state, "Apulia")
    state.gods[0][WAR] = roma
    state.gods[1][MAGIC] = state.gods[1][SKY_GOD] = apulia
    state, _ = GAME.apply(state, 0, Action("invade", ("Roma", "Apulia", "war", 5)))
    assert state.phase == GOD_ATTACK and GAME.to_move(state) == (0,)
    state, _ = GAME.apply(state, 0, Action("god", ("war",)))
    assert GAME.to_move(state) == (1,) and kinds(state, 1) == {"god"}
    # Attacker 3 dice 6 6 6 + 5 = 23; defender 4 dice (sky) 2 2 2 2 + 3 = 11: sky banished.
    state.rng = scripted(roll_draw(6, 6, 6), roll_draw(2, 2, 2, 2))
    state, _ = GAME.apply(state, 1, Action("god", ("sky",)))
    assert state.gods[1][SKY_GOD] == -1 and state.phase == GOD_AGAIN
    assert kinds(state, 0) == {"fight", "retreat"}  # A9: no army battle while gods remain


def test_g102_g105_embarking_moves_only_heaven_armies() -> None:
    state = turn_of(table(), 0, EMBARK)
    hold(state, 0, {"Roma": 1})
    state.heaven[0] = 2
    crypt = space(state, 0, "North Crypt", 3)
    actions = GAME.legal_actions(state, 0)
    assert all(a.kind in ("embark", "done") for a in actions)
    state, _ = GAME.apply(state, 0, Action("embark", ("North Crypt", 2)))
    assert state.space_armies[crypt] == 5 and state.heaven[0] == 0
    assert kinds(state, 0) == {"done"}
    assert state.space_owner[state.parts.underworld.territory("Gate of Bone")] == NOBODY


def test_fortifying_and_embarking_say_what_moved() -> None:
    """The log named only the end of a fortification ("Babylonians fortify Gaul") and gave an
    embarking a bare count ("embark 2 into Gate of Horn"): what moved, and from where."""
    state = turn_of(table(), 0, FORTIFY)
    hold(state, 0, {"Gaul": 4, "Anglia": 1})
    state.gods[0][WAR] = t(state, "Gaul")
    war_god = state.parts.gods[state.pantheon[0]][WAR]
    state, said = GAME.apply(state, 0, Action("fortify", ("Gaul", "Anglia", "war", 2)))
    who = state.does(0, "fortifies")
    assert [e.text for e in said] == [f"{who} Anglia from Gaul with 2 armies and {war_god}"]
    state = turn_of(state, 0, EMBARK)
    state.heaven[0] = 1
    state, said = GAME.apply(state, 0, Action("embark", ("Gate of Bone", 1)))
    assert [e.text for e in said] == [f"{state.does(0, 'embarks')} 1 army into Gate of Bone"]


def test_r7_a_free_card_from_pandoras_box_is_hidden_and_ends_with_the_turn() -> None:
    state = turn_of(table(), 0, UNDERWORLD)
    hold(state, 0, {"Roma": 1})
    hold(state, 1, {"Egypt": 1})
    hold(state, 2, {"Sumer": 1})
    state.free_card = state.decks["Death"].pop()
    state.hands[0].append(state.free_card)
    assert GAME.observe(state, 1).free_card == miracles_unseen("Death")
    assert GAME.observe(state, 0).free_card == state.free_card
    state.turn = len(state.markers)  # between turns (an epoch's end, the game's end)
    assert GAME.observe(state, 1).free_card == miracles_unseen("Death")
    state.turn = 0
    state, _ = GAME.apply(state, 0, Action("done"))
    assert state.free_card == NOBODY


def test_r7_pandoras_box_card_is_free_and_needs_no_god_as_its_data_says() -> None:
    """R7 and the data's `play_free` and `ignore_god`: the Death card Pandora's Box drew is
    played with no faith and no god of death; an owner's card data with `ignore_god` false
    asks for the god (the rules had read `play_free` as both), and another card is paid."""
    state = turn_of(table(), 0, PLAY)
    hold(state, 0, {"Roma": 1})
    hold(state, 1, {"Egypt": 1})
    cards = state.parts.cards
    by_id = {c.id: i for i, c in enumerate(cards)}
    box, blood, shakes = by_id["magic-01"], by_id["death-01"], by_id["death-03"]
    state.relics[0] = [box]
    state.hands[0] = [blood, shakes]
    state.free_card = blood
    state.faith[0] = 0
    assert state.gods[0][DEATH] < 0  # no god of death in play
    casts = {a.args[0] for a in GAME.legal_actions(state, 0) if a.kind == "cast"}
    assert casts == {"death-01"}
    state, _ = GAME.apply(state, 0, Action("cast", ("death-01",)))
    assert state.faith[0] == 0 and state.free_card == NOBODY and blood not in state.hands[0]

    draws = cards[box].effects[0]
    strict = replace(draws, params=draws.params.model_copy(update={"ignore_god": False}))
    parts = replace(
        state.parts, cards=(*cards[:box], replace(cards[box], effects=(strict,)), *cards[box + 1 :])
    )
    state.parts, state.hands[0], state.free_card = parts, [blood], blood
    assert "cast" not in kinds(state, 0)
    state.gods[0][DEATH] = t(state, "Roma")
    assert {a.args[0] for a in GAME.legal_actions(state, 0) if a.kind == "cast"} == {"death-01"}


def test_g71_a_relic_drawing_at_the_start_of_a_turn_draws_as_many_as_it_says() -> None:
    """A start-of-turn draw of two cards (an owner's data; Pandora's Box draws one) drew one."""
    state = turn_of(table(), 0, RAISE)
    hold(state, 0, {"Roma": 1})
    cards = state.parts.cards
    box = next(i for i, c in enumerate(cards) if c.id == "magic-01")
    draws = cards[box].effects[0]
    two = draws.params.model_copy(update={"count": 2, "play_free": False, "ignore_god": False})
    changed = replace(cards[box], effects=(replace(draws, params=two),))
    state.parts = replace(state.parts, cards=(*cards[:box], changed, *cards[box + 1 :]))
    state.relics[0], state.hands[0] = [box], []
    events: list[Event] = []
    _start_turn(state, events)
    assert len(state.hands[0]) == 2 and state.free_card == NOBODY
    assert [e.kind for e in events].count("draw") == 2


def test_g6_resample_redraws_other_hands_within_each_deck_and_unrevealed_bids() -> None:
    state = table()
    state.faith = [4, 7, 2]
    mine = [state.decks["Death"].pop()]
    state.hands[0] = mine[:]
    state.hands[1] = [state.decks["Sky"].pop(), state.decks["War"].pop(), state.decks["War"].pop()]
    state.hands[2] = [state.decks["Death"].pop()]
    open_bids(state)
    place_bid(state, 1, 6)
    place_bid(state, 0, 3)
    decks = {deck: Counter(cards) for deck, cards in state.decks.items()}
    held_by_deck = Counter(state.parts.cards[c].deck for s in (1, 2) for c in state.hands[s])
    changed = False
    for seed in range(20):
        other = GAME.resample_hidden(state, 0, Rng(seed))
        assert other.hands[0] == mine  # the seat's own cards stay
        for s in (1, 2):
            assert sorted(other.parts.cards[c].deck for c in other.hands[s]) == sorted(
                state.parts.cards[c].deck for c in state.hands[s]
            )
        for deck, cards in other.decks.items():
            assert len(cards) == sum(decks[deck].values())
            pool = Counter(cards) + Counter(
                c for s in (1, 2) for c in other.hands[s] if other.parts.cards[c].deck == deck
            )
            assert sum(pool.values()) == sum(decks[deck].values()) + held_by_deck[deck]
        assert other.bids is not None and other.bids.bids[0] == 3  # its own bid stays
        assert other.bids.bids[2] is None and 0 <= (other.bids.bids[1] or 0) <= 7
        assert GAME.observe(other, 0) == GAME.observe(state, 0)
        changed = changed or other.hands[1] != state.hands[1]
    assert changed  # the other hands are redrawn, not copied
    seen = GAME.observe(state, 0)
    assert seen.bids is not None and seen.bids.bids[1] == HIDDEN_BID
    assert set(seen.decks["War"]) == {miracles_unseen("War")}  # deck order hidden


def test_g38_g71_book_of_the_dead_turns_raised_armies_into_faith() -> None:
    state = turn_of(table(), 0, RAISE)
    hold(state, 0, {"Roma": 1})
    state.to_place[0], state.reserve[0], state.faith[0] = 5, 100, 0
    assert "decline" not in kinds(state, 0)
    state.relics[0] = [
        next(i for i, c in enumerate(state.parts.cards) if c.title == "Book of the Dead")
    ]
    declines = [a for a in GAME.legal_actions(state, 0) if a.kind == "decline"]
    assert [a.args[0] for a in declines] == [1, 2]  # 2 armies a faith, at most 4 of the 5
    state, _ = GAME.apply(state, 0, Action("decline", (2,)))
    assert (state.to_place[0], state.reserve[0], state.faith[0]) == (1, 104, 2)
    assert state.phase == RAISE and "decline" not in kinds(state, 0)
    state, _ = GAME.apply(state, 0, Action("place", ("Roma", 1)))
    assert state.phase != RAISE and state.armies[t(state, "Roma")] == 2


def _tablet(state: GodstormState) -> int:
    return next(i for i, c in enumerate(state.parts.cards) if c.title == "Tablet of Destiny")


def _dice_offered(state: GodstormState, seat: int, kind: str) -> list[int]:
    return sorted(int(a.args[0]) for a in GAME.legal_actions(state, seat) if a.kind == kind)


def test_g71_g90_tablet_of_destiny_sells_one_die_more_for_faith() -> None:
    """Reading (reconstructed, docs/godstorm.md): its holder may roll a fourth die attacking or
    a third defending on Ancient Earth, for 1 faith, with an army more than its dice."""
    state = turn_of(table(), 0, INVADE)
    hold(state, 0, {"Roma": 6})
    hold(state, 1, {"Apulia": 3})
    roma, apulia = t(state, "Roma"), t(state, "Apulia")
    state.faith = [2, 1, 0]
    state, _ = GAME.apply(state, 0, Action("invade", ("Roma", "Apulia", "-", 5)))
    assert _dice_offered(state, 0, "roll") == [1, 2, 3]  # no relic: G90's three
    state.relics[0], state.relics[1] = [_tablet(state)], [_tablet(state)]
    assert _dice_offered(state, 0, "roll") == [1, 2, 3, 4]
    state, events = GAME.apply(state, 0, Action("roll", (4,)))
    assert state.faith[0] == 1 and any(e.kind == "tablet" for e in events)
    assert _dice_offered(state, 1, "defend") == [1, 2, 3]
    state.rng = scripted(roll_draw(6, 6, 6, 1, 5, 5, 5))
    state, events = GAME.apply(state, 1, Action("defend", (3,)))
    roll = next(e for e in events if e.kind == "roll")
    assert len(roll.data["attack"]) == 4 and len(roll.data["defend"]) == 3
    assert state.faith[1] == 0
    assert (roll.data["attacker_losses"], roll.data["defender_losses"]) == (0, 2)  # G91
    assert (roll.data["from"], roll.data["to"]) == ("Roma", "Apulia")  # the Dice panel's words
    assert state.armies[roma] == 6 and state.armies[apulia] == 1
    # No faith left, or too few armies for one die more: G90's limits again.
    assert _dice_offered(state, 0, "roll") == [1, 2, 3, 4]  # 1 faith, 5 armies may roll
    state.faith[0] = 0
    assert _dice_offered(state, 0, "roll") == [1, 2, 3]
    state.faith[0] = 1
    state.armies[roma] = 4
    assert _dice_offered(state, 0, "roll") == [1, 2, 3]


def _seat_1_begins_with(faith: int) -> GodstormState:
    """Seat 0 ends its turn; seat 1 (three territories) holding `faith` begins its own."""
    state = turn_of(table(), 0, UNDERWORLD)
    hold(state, 0, {"Roma": 1})
    hold(state, 1, {name: 1 for name in ("Egypt", "Apulia", "Sicilia")})
    hold(state, 2, {"Sumer": 1})
    state.faith = [0, faith, 0]
    state, _ = GAME.apply(state, 0, Action("done"))
    return state


def test_a25_faith_pool_has_no_limit() -> None:
    state = _seat_1_begins_with(99)
    assert state.faith[1] > 100  # seat 1's income was paid in full past 100 points


def test_a38_faith_gathered_this_turn_is_spent_the_same_turn() -> None:
    state = _seat_1_begins_with(0)
    assert state.faith[1] > 0  # gathered as the turn began; nothing was held before
    gathered = state.faith[1]
    while state.phase == RAISE and state.to_place[1]:
        state, _ = GAME.apply(state, 1, Action("place", ("Egypt", state.to_place[1])))
    assert state.faith[1] == gathered
    state, _ = GAME.apply(state, 1, Action("summon", ("war", "Egypt")))
    assert state.faith[1] < gathered and state.gods[1][WAR] == t(state, "Egypt")


def test_g6_g98_an_eliminated_players_hand_is_discarded_unseen() -> None:
    """Its relics were public (G71); the cards it held leave the game as they were held: their
    decks known, their faces not (G6), so nobody learns them by the elimination."""
    state = table()
    hold(state, 0, {"Roma": 1})
    hold(state, 2, {"Sumer": 1})
    war, sky, relic = state.decks["War"].pop(), state.decks["Sky"].pop(), state.decks["Magic"].pop()
    state.hands[1], state.relics[1] = [war, sky], [relic]
    eliminate(state, 1)
    assert GAME.invariants(state) == []
    for seat in (0, 2, None):
        seen = GAME.observe(state, seat)
        assert relic in seen.discards and war not in seen.discards and sky not in seen.discards
        assert sorted(seen.buried) == sorted([miracles_unseen("War"), miracles_unseen("Sky")])
    redrawn = set()
    for seed in range(10):
        other = GAME.resample_hidden(state, 0, Rng(seed))
        assert GAME.observe(other, 0) == GAME.observe(state, 0)
        assert GAME.invariants(other) == []
        redrawn.add(tuple(other.buried))
    assert len(redrawn) > 1  # redrawn within their decks, not kept


def test_a24_a27_a_player_who_sinks_with_atlantis_on_its_last_turn_leaves_no_free_card() -> None:
    """The Sea Is Your Tomb played by the last marker, all of whose lands are on Atlantis: it
    is out (A24), the epoch ends (A27), and a card Pandora's Box drew it that turn is no one's
    free card at the bid (R7 ends with the turn, however it ends)."""
    state = turn_of(table(), 0, PLAY)
    state.markers, state.turn = [1, 2, 0], 2
    hold(state, 0, {"Hesperide": 2, "Tritonis": 1})
    hold(state, 1, {"Roma": 1})
    hold(state, 2, {"Sumer": 1})
    state.gods[0][DEATH] = t(state, "Hesperide")
    state.faith[0] = 10
    tomb = next(i for i, c in enumerate(state.parts.cards) if c.title == "The Sea Is Your Tomb")
    state.decks["Death"].remove(tomb)
    state.free_card = state.decks["Death"].pop()
    state.hands[0] = [tomb, state.free_card]
    state, _ = GAME.apply(state, 0, Action("cast", ("death-04",)))
    assert state.eliminated == [0] and state.phase == BID
    assert state.free_card == NOBODY and GAME.invariants(state) == []


def test_a_defence_names_the_relics_that_bear_on_it() -> None:
    """G71: relics act whenever the card allows, so the defence awaited names them with the gods
    and the temple: the attacker's Excalibur (ties) and the defender's Spear of Odin (1s
    rerolled) and Tablet of Destiny (one die more, and its price), on Ancient Earth only."""
    st = table(3)
    st.epoch, st.phase, st.markers, st.turn = 2, INVADE, [0, 1, 2], 0
    st.faith = [5, 5, 5]
    hold(st, 0, {"Anglia": 12})
    hold(st, 1, {"Gaul": 4})
    cards = {c.title: i for i, c in enumerate(st.parts.cards)}
    st.relics[0] = [cards["Excalibur"]]
    st.relics[1] = [cards["Spear of Odin"], cards["Tablet of Destiny"]]
    st = GAME.play(st, 0, Action("invade", ("Anglia", "Gaul", "-", 11)))
    st = GAME.play(st, 0, Action("roll", (3,)))
    words = GAME.describe(GAME.observe(st, 1), 1)["battle"]
    assert (
        "(Excalibur: the attacker wins ties; Spear of Odin: the defender rerolls 1s once; "
        "Tablet of Destiny: the defender may roll one die more for 1 faith)"
    ) in words, words
    assert words.endswith("defend with 1, 2 or 3 dice.")
    st.faith[1] = 0  # the Tablet's die cannot be paid for: not offered, not named
    assert "Tablet" not in GAME.describe(GAME.observe(st, 1), 1)["battle"]
    # the attacker's view names them too
    assert "Spear of Odin: the defender" in GAME.describe(GAME.observe(st, 0), 0)["battle"]


# -- Readings the rulebook leaves open (shared/specs/godstorm.md A12-A37) ----------------------


def _sky_card(state: GodstormState) -> int:
    return next(i for i, c in enumerate(state.parts.cards) if c.id == "sky-01")


def test_a12_only_the_player_attacked_on_earth_may_answer_with_a_sky_card() -> None:
    """A12: the Sky window opens for the defender of an Earth territory holding a Sky card;
    another player's Sky cards open none, and neither do an Underworld invasion's defender's."""
    state = _invasion_table()
    state.gods[2][SKY_GOD] = t(state, "Sumer")
    state.faith[2] = 10
    state.hands[2] = [_sky_card(state)]  # seat 2 holds one, but seat 1 is attacked
    attacked, _ = GAME.apply(state, 0, Action("invade", ("Roma", "Apulia", "-", 5)))
    assert attacked.phase == ATTACK and GAME.to_move(attacked) == (0,)
    state.hands[1], state.hands[2] = state.hands[2], []
    state.gods[1][SKY_GOD], state.faith[1] = t(state, "Graecia"), 10
    attacked, _ = GAME.apply(state, 0, Action("invade", ("Roma", "Apulia", "-", 5)))
    assert attacked.phase == SKY and GAME.to_move(attacked) == (1,)
    # The same defender, holding the same card, attacked in the Underworld (G110): no window.
    state.phase = UNDERWORLD
    space(state, 0, "Gate of Bone", 4)
    space(state, 1, "River of Souls", 1)
    below, _ = GAME.apply(state, 0, Action("descend", ("Gate of Bone", "River of Souls")))
    assert below.phase == ATTACK and GAME.to_move(below) == (0,)


def test_a13_war_and_death_cards_are_cast_in_step_4_only() -> None:
    """A13: a War card its player can afford, with its god in play, is offered in step 4 (Play
    Miracle Cards) and in no other step of the turn."""
    state = _invasion_table()
    state.gods[0][WAR] = t(state, "Roma")
    state.faith[0] = 10
    state.hands[0] = [next(i for i, c in enumerate(state.parts.cards) if c.id == "war-01")]
    offered = {}
    for phase in (GODS, BUY, PLAY, INVADE, FORTIFY, EMBARK, UNDERWORLD):
        state.phase = phase
        offered[phase] = "cast" in kinds(state, 0)
    assert offered == {phase: phase == PLAY for phase in offered}


def test_a35_a_godswar_round_counts_as_the_attack_before_calling_off() -> None:
    """A35, G81: the invasion may be called off once an attack is made, and a godswar round is
    one: the attacker whose god lost it may retreat before any army dice are rolled."""
    state = _invasion_table()
    state.gods[0][WAR] = t(state, "Roma")
    state.gods[1][MAGIC] = t(state, "Apulia")
    state, _ = GAME.apply(state, 0, Action("invade", ("Roma", "Apulia", "war", 5)))
    assert state.phase == GOD_ATTACK and "retreat" not in kinds(state, 0)
    state, _ = GAME.apply(state, 0, Action("god", ("war",)))
    state.rng = scripted(roll_draw(1, 1, 1), roll_draw(6, 6, 6))
    state, _ = GAME.apply(state, 1, Action("god", ("magic",)))
    assert state.gods[0][WAR] == -1  # banished: only armies are left to fight
    assert state.phase == ATTACK and "retreat" in kinds(state, 0)


def test_a36_a_labor_s_card_is_drawn_without_a_decision() -> None:
    """A36, G57: the third conquest of the turn puts a War card in the hand as part of the
    conquest; no step asks whether to draw it."""
    state = _invasion_table()
    state.gods[0][WAR] = t(state, "Roma")
    state.conquests = 2
    state.armies[t(state, "Apulia")] = 2
    asked = []
    state, _ = GAME.apply(state, 0, Action("invade", ("Roma", "Apulia", "-", 5)))
    state.rng = scripted(roll_draw(6, 6, 6, 1, 1))
    for seat, action in ((0, Action("roll", (3,))), (1, Action("defend", (2,)))):
        asked.append(kinds(state, seat))
        state, _ = GAME.apply(state, seat, action)
    asked.append(kinds(state, 0))
    state, events = GAME.apply(state, 0, Action("move", (3,)))
    assert asked == [{"roll"}, {"defend"}, {"move"}]
    drawn = [state.parts.cards[c].deck for c in state.hands[0]]
    assert drawn == ["War"] and "labor" in [e.kind for e in events]
    assert state.phase == INVADE and state.labors == ["War"]


def test_a37_raised_armies_then_crypt_revivals_then_temple_armies() -> None:
    """A37: step 1 places the raised armies first, then offers the crypt's revival, and only
    then adds the army at each temple."""
    state = turn_of(table(), 0, RAISE)
    hold(state, 0, {"Roma": 1, "Apulia": 1})
    roma = t(state, "Roma")
    state.temple[roma] = True
    crypt = space(state, 0, "North Crypt", 2)
    state.to_place[0] = 3
    assert kinds(state, 0) == {"place"}
    state, _ = GAME.apply(state, 0, Action("place", ("Roma", 3)))
    assert state.armies[roma] == 4 and "revive" in kinds(state, 0)  # no temple army yet
    state, events = GAME.apply(state, 0, Action("revive", ("North Crypt", "Roma")))
    assert state.space_armies[crypt] == 1
    assert state.armies[roma] == 6 and [e.kind for e in events] == ["revive", "temples"]
    assert state.phase == GODS


def test_a_refusal_names_a_place_not_yours_or_on_no_board() -> None:
    """G10, G39, G42, G76, G100: placing, summoning, building a temple, invading from or
    fortifying with a territory that is not the seat's is refused by that reason, and a name
    on no board with the one meant, not by the list of what else may be done now."""
    state = table()
    hold(state, 0, {"Roma": 6, "Apulia": 2, "Sicilia": 1})
    hold(state, 1, {"Graecia": 3, "Egypt": 2})
    state.faith = [20, 20, 20]
    state.gods[0][WAR] = t(state, "Roma")
    for phase, words, problem in (
        (GODS, "summon sky Graecia", "Graecia is not yours"),
        (GODS, "temple Egypt", "Egypt is not yours"),
        (GODS, "temple Apulai", "there is no 'Apulai' on RISK Godstorm Ancient Earth"),
        (INVADE, "invade Graecia Apulia - 2", "Graecia is not yours"),
        (FORTIFY, "fortify Roma Graecia - 2", "Graecia is not yours"),
        (FORTIFY, "fortify Rome Apulia - 2", "(did you mean Roma?)"),
    ):
        turn_of(state, 0, phase)
        with pytest.raises(IllegalAction) as refused:
            GAME.apply(state, 0, Action.parse(words))
        assert problem in str(refused.value), (words, str(refused.value))
    state.to_place = [3, 0, 0]
    turn_of(state, 0, RAISE)
    with pytest.raises(IllegalAction, match=r"^Graecia is not yours$"):
        GAME.apply(state, 0, Action.parse("place Graecia 2"))
    # a kind not open now is answered by what may be done now
    with pytest.raises(IllegalAction, match="now you may: place"):
        GAME.apply(state, 0, Action.parse("temple Graecia"))


def _typed(state: GodstormState, seat: int, text: str) -> Action:
    """What the terminal and the page make of `text` typed by `seat` in `state`."""
    match = Match.start("risk-godstorm", state.players, 1)
    match.state = state
    return complete(match, seat, text, [])


def test_g79_an_invasion_typed_by_its_places_takes_every_god_there_and_the_most_armies() -> None:
    """G79: gods in the source go unless declared out, so "invade rom apu" is every god in
    Roma with every army that may go; gods joined in any order or case are the same gods
    ("war+sky", as the help writes it, was refused: the listing spells "sky+war")."""
    state = table()
    hold(state, 0, {"Roma": 6})
    hold(state, 1, {"Apulia": 2})
    state.gods[0][WAR] = state.gods[0][SKY_GOD] = t(state, "Roma")
    turn_of(state, 0, INVADE)
    every = Action("invade", ("Roma", "Apulia", "sky+war", 5))
    assert every in GAME.legal_actions(state, 0)
    assert _typed(state, 0, "invade rom apu") == every
    assert _typed(state, 0, "invade Roma Apulia War+Sky 5") == every
    assert _typed(state, 0, "invade Roma Apulia war 3") == Action(
        "invade", ("Roma", "Apulia", "war", 3)
    )
    assert _typed(state, 0, "invade Roma Apulia - 2").args[2] == "-"  # declared out


def test_g27_a_bare_bid_is_not_taken_as_all_one_s_faith() -> None:
    """G27: every bid is paid, won or lost; "bid" with no number sealed all the faith held."""
    state = table()
    state.faith = [7, 7, 7]
    state.phase = BID
    open_bids(state)
    with pytest.raises(MalformedAction, match="not complete"):
        GAME.apply(state, 0, _typed(state, 0, "bid"))
    assert _typed(state, 0, "bid 2") == Action("bid", (2,))


def test_g55_done_at_the_purchase_step_buys_nothing() -> None:
    """G55: buying is optional; "done", which ends every other optional step, was refused."""
    state = table()
    hold(state, 0, {"Roma": 6})
    turn_of(state, 0, BUY)
    nothing = _typed(state, 0, "done")
    assert nothing == Action("buy", (0, 0, 0, 0)) and nothing in GAME.legal_actions(state, 0)


def test_g94_the_roll_that_takes_a_territory_logs_its_capture() -> None:
    """A won invasion logged only "Greeks move 12 armies into Liguria": the roll that takes
    the last army says who captures what, as Classic's log does, before the moving in."""
    state = GAME.setup(3, Rng(8), {})
    pick = Rng(3)
    for _ in range(20_000):
        seat = GAME.to_move(state)[0]
        legal = GAME.legal_actions(state, seat)
        before = state
        state, events = GAME.apply(state, seat, legal[pick.below(len(legal))])
        captured = [e for e in events if e.kind == "capture"]
        if captured:
            break
    else:
        raise AssertionError("no capture in 20,000 steps")
    (event,) = captured
    inv = before.invasion
    assert inv is not None and state.phase == "occupy"
    board = state.parts.underworld if inv.underworld else state.parts.earth
    assert event.data["territory"] == board.territories[inv.target]
    assert event.text == f"{state.does(inv.attacker, 'captures')} {event.data['territory']}"
