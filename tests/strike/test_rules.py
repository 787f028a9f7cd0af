"""RISK Strike rule by rule: S1-S52 and the readings B1-B31 of shared/specs/strike.md."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from warroom.core import (
    Action,
    BoardError,
    Event,
    IllegalAction,
    MalformedAction,
    Match,
    WarroomError,
)
from warroom.core.rng import Rng
from warroom.core.shortform import complete
from warroom.games.strike.cards import KIND_IDS, cards_from_dict, strike_cards
from warroom.games.strike.state import (
    ACT,
    AFTER_ROLL,
    AGAIN,
    BEFORE_ROLL,
    DRAW,
    LOSS,
    OVER,
    SABOTAGE_WINDOW,
    UNSEEN,
    WINDOW,
    StrikeState,
)

from .conftest import GAME, do, hand, legal, play, position, texts

AFRICA_VS_EUROPE = {0: {"africa": 2}, 1: {"europe": 3}}


def to_roll(
    st: StrikeState, attacker_troops: int = 0, defender_troops: int = 0, helper: str = "deploy 0"
) -> StrikeState:
    """Declare Africa (P1) against Player 2's Europe, deploy, and close the Sabotage window."""
    st = play(
        st,
        (0, "attack africa p2 europe"),
        (0, f"deploy {attacker_troops}"),
        (1, f"deploy {defender_troops}"),
        (2, helper),
    )
    assert st.phase == WINDOW and st.stage == SABOTAGE_WINDOW
    return pass_round_once(st)


def pass_round_once(st: StrikeState) -> StrikeState:
    """Pass the open window until it closes (one close only)."""
    stage = st.stage
    while st.phase == WINDOW and st.stage == stage and st.chain is None:
        st, _ = do(st, GAME.to_move(st)[0], "pass")
    return st


def close_window(st: StrikeState) -> tuple[StrikeState, list[Event]]:
    """Pass the open window until it closes, with every event on the way."""
    stage, events = st.stage, []
    while st.phase == WINDOW and st.stage == stage and st.chain is None:
        st, got = do(st, GAME.to_move(st)[0], "pass")
        events += got
    return st, events


def packaged() -> Any:
    from warroom.data import read_json

    return copy.deepcopy(read_json("strike/risk-strike.json"))


# -- Components ---------------------------------------------------------------------------
def test_s1_42_continent_cards_in_six_coloured_continents_with_numbers() -> None:
    c = strike_cards()
    assert sum(c.cards) == 42 and len(c.cards) == 6 and len(set(c.colors)) == 6
    view = GAME.view(position(), 0)
    assert [x["domination"] for x in view["continents"]] == list(c.domination)


def test_s2_m4_40_tactics_cards_with_the_printed_counts() -> None:
    c = strike_cards()
    counts = dict(zip(KIND_IDS, c.kind_counts, strict=True))
    assert counts == {
        "troop": 18,
        "spy": 2,
        "cancel": 3,
        "rally": 4,
        "artillery": 3,
        "sabotage": 4,
        "expand": 2,
        "bombard": 4,
    }
    data = packaged()
    data["tactics"][0]["count"] = 17
    with pytest.raises(BoardError, match="x18"):
        cards_from_dict(data, "test")
    # M4: the die-to-6 card's name is public; its 4 is what the 40 leaves after the other 36.
    assert c.kind_names[KIND_IDS.index("bombard")] == "Bombard"
    assert c.provenance["bombard.name"].startswith("public")
    assert c.provenance["bombard.count"].startswith("reconstructed")
    stated = {k for k in KIND_IDS if c.provenance[f"{k}.count"].startswith("stated")}
    assert stated == set(KIND_IDS) - {"bombard"}
    data = packaged()
    next(t for t in data["tactics"] if t["id"] == "bombard")["count"] = 5
    with pytest.raises(BoardError, match="40 tactics cards"):
        cards_from_dict(data, "test")


def test_s3_at_most_three_attack_and_two_defence_dice_and_one_coin_per_continent() -> None:
    st = position(
        claimed={0: {"africa": 3}, 1: {"europe": 3}},
        hands={0: ["troop"] * 3, 1: ["troop"] * 3},
        dice=[(6, 5, 4), (3, 2)],
    )
    st = to_roll(st, 3, 3)
    assert st.rng.counts == [3, 2]
    assert len(st.coins) == 6


def test_s4_every_continent_has_more_cards_than_its_number_and_counts_vary() -> None:
    c = strike_cards()
    assert all(n > d for n, d in zip(c.cards, c.domination, strict=True))
    assert len(set(c.cards)) > 1
    data = packaged()
    data["continents"][1]["domination"] = 4  # South America has 4 cards
    with pytest.raises(BoardError, match="more cards than its number"):
        cards_from_dict(data, "test")
    data = packaged()
    for entry in data["continents"]:
        entry["cards"] = 7
        entry["domination"] = 5
    with pytest.raises(BoardError, match="varies"):
        cards_from_dict(data, "test")


def test_s5_b1_two_to_five_players() -> None:
    """B1: the first page is lost; 2 to 5 players (five reference cards, a 2-player rule)."""
    for players in (2, 5):
        GAME.new_game(players, 3, {})
    for players in (1, 6):
        with pytest.raises(WarroomError):
            GAME.new_game(players, 3, {})


# -- Setup --------------------------------------------------------------------------------
def test_s6_three_continent_cards_each_faceup() -> None:
    st = GAME.new_game(4, 9, {})
    assert [sum(row) for row in st.claimed] == [3] * 4
    view = GAME.view(st, None)
    assert [sum(s["claimed"].values()) for s in view["seats"]] == [3] * 4


def test_s7_three_tactics_cards_hidden_and_the_rest_a_facedown_deck() -> None:
    st = GAME.new_game(3, 9, {})
    seen = GAME.observe(st, 0)
    for p in (1, 2):
        assert set(seen.hands[p]) == {UNSEEN} and len(seen.hands[p]) == len(st.hands[p])
    assert seen.hands[0] == st.hands[0]
    assert set(seen.tactics_deck) == {UNSEEN}
    assert len(st.tactics_deck) == 40 - sum(len(h) for h in st.hands)


def test_s8_highest_roller_goes_first_and_ties_roll_again() -> None:
    class Dice(Rng):
        def __init__(self) -> None:
            super().__init__(3)
            self.faces = [5, 6, 6, 2, 4]

        def die(self, sides: int = 6) -> int:
            return self.faces.pop(0)

    st = GAME.setup(3, Dice(), {"turn_limit": 0})
    # Players 2 and 3 tie on 6 and roll again: 2 against 4, so Player 3 goes first.
    assert st.first == 2 and st.current == 2


def test_s9_everyone_but_the_first_player_draws_a_fourth_tactics_card() -> None:
    st = GAME.new_game(4, 21, {})
    assert [len(h) for h in st.hands] == [3 if p == st.first else 4 for p in range(4)]


@pytest.mark.parametrize("seed, first", [(21, 0), (15, 1), (16, 1)])
def test_s10_two_players_the_second_also_draws_a_fourth_continent_card(
    seed: int, first: int
) -> None:
    """Whichever seat the roll-off puts first, the other one holds the 4th card."""
    st = GAME.new_game(2, seed, {})
    assert st.first == first  # the seeds cover both seats going first
    assert sum(st.claimed[st.first]) == 3 and sum(st.claimed[1 - st.first]) == 4
    st3 = GAME.new_game(3, 21, {})
    assert [sum(r) for r in st3.claimed] == [3, 3, 3]


def test_s11_surrendered_cards_are_faceup_and_any_player_may_draw_them() -> None:
    st = position(phase=DRAW, surrendered={"asia": 1})
    st.draws_left = 2
    assert "take asia" in legal(st, 0) and "take europe" not in legal(st, 0)
    st, _ = do(st, 0, "take Asia")
    assert st.claimed[0][4] == 1 and st.surrendered[4] == 0
    assert GAME.view(position(surrendered={"asia": 2}), 1)["surrendered"] == {"asia": 2}


# -- Turn ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "draws", [["draw continent"] * 2, ["draw tactics"] * 2, ["draw continent", "draw tactics"]]
)
def test_s12_the_turn_begins_with_exactly_two_cards(draws: list[str]) -> None:
    st = position(phase=DRAW)
    st.draws_left = 2
    before = sum(st.claimed[0]) + len(st.hands[0])
    st, _ = do(st, 0, draws[0])
    assert st.phase == DRAW
    st, _ = do(st, 0, draws[1])
    assert st.phase == ACT and sum(st.claimed[0]) + len(st.hands[0]) == before + 2
    assert not any(a.startswith("draw") for a in legal(st, 0))


def test_s13_a_continent_card_may_come_from_the_deck_or_the_surrendered_row() -> None:
    st = position(phase=DRAW, surrendered={"australia": 1})
    st.draws_left = 2
    assert {"draw continent", "take australia"} <= set(legal(st, 0))


def test_s14_continent_cards_go_faceup_and_tactics_cards_to_the_hand() -> None:
    st = position(phase=DRAW)
    st.draws_left = 2
    top = st.continent_deck[-1]
    st, _ = do(st, 0, "draw continent")
    assert st.claimed[0][top] == 1
    st, events = do(st, 0, "draw tactics")
    assert len(st.hands[0]) == 1
    drawn = next(e for e in events if e.kind == "draw-tactics")
    assert "card" not in drawn.for_seat(1) and drawn.for_seat(0)["card"] == hand(st, 0)[0]


def test_s15_after_drawing_attack_or_pass_and_only_one_attack() -> None:
    st = position(claimed=AFRICA_VS_EUROPE, dice=[(1, 1), (6, 6)])
    assert {"pass", "attack africa p2 europe"} <= set(legal(st, 0))
    st = to_roll(st)
    st = pass_round_once(st)  # Player 1 loses both pairs: two Africa cards surrendered
    assert st.current == 1 and st.phase == DRAW


def test_s16_passing_draws_one_tactics_card_and_ends_the_turn() -> None:
    st = position(claimed=AFRICA_VS_EUROPE)
    st, _ = do(st, 0, "pass")
    assert len(st.hands[0]) == 1 and st.current == 1


def test_s16_attacking_draws_no_tactics_card_when_the_battle_ends() -> None:
    """The pass draw is for passing only: an attacker whose battle ends (S33-S36) and whose
    turn then ends holds no more cards than before."""
    st = position(claimed={0: {"africa": 1}, 1: {"europe": 3}}, dice=[(1,), (6, 6)])
    st, events = close_window(to_roll(st))
    assert st.claimed[0][3] == 0 and st.current == 1 and not st.in_battle
    assert "battle-end" in [e.kind for e in events]
    assert st.hands[0] == [] and "draw-tactics" not in [e.kind for e in events]
    # Stopping after a roll (S34) ends the battle the same way: still no draw.
    st = position(claimed={0: {"africa": 3}, 1: {"europe": 3}}, dice=[(6, 1, 1), (1, 1)])
    st = pass_round_once(to_roll(st))
    st, events = do(st, 0, "stop")
    assert st.current == 1 and st.hands[0] == []
    assert "draw-tactics" not in [e.kind for e in events]


def test_s17_play_moves_to_the_left() -> None:
    st = position(current=2)
    st, _ = do(st, 2, "pass")
    assert st.current == 0 and st.turn == 2


# -- Attack Phase 1 -----------------------------------------------------------------------
def test_s18_b20_attack_from_any_continent_you_hold_a_card_of() -> None:
    st = position(claimed={0: {"africa": 1}, 1: {"africa": 1, "north-america": 1}})
    attacks = [a for a in legal(st, 0) if a.startswith("attack")]
    assert attacks == ["attack africa p2 africa"]


def test_s19_b19_the_opponent_is_one_other_player_with_cards_of_the_target() -> None:
    st = position(claimed={0: {"asia": 1}, 1: {"asia": 1}, 2: {"europe": 1}})
    attacks = {a for a in legal(st, 0) if a.startswith("attack")}
    assert attacks == {"attack asia p2 asia", "attack asia p3 europe"}
    with pytest.raises(IllegalAction):
        GAME.apply(st, 0, GAME.parse(st, 0, "attack asia p1 asia"))


def test_s20_the_target_is_the_same_or_a_connected_continent() -> None:
    st = position(claimed={0: {"australia": 1}, 1: {"asia": 1, "europe": 1, "australia": 1}})
    attacks = {a for a in legal(st, 0) if a.startswith("attack")}
    assert attacks == {"attack australia p2 asia", "attack australia p2 australia"}


def test_s21_e1_africa_attacks_africa_south_america_europe_and_asia_only() -> None:
    everything = {cid: 1 for cid in strike_cards().continent_ids}
    st = position(claimed={0: {"africa": 1}, 1: everything})
    targets = {a.split()[-1] for a in legal(st, 0) if a.startswith("attack")}
    assert targets == {"africa", "south-america", "europe", "asia"}


# -- Attack Phase 2 -----------------------------------------------------------------------
def test_s22_s23_s24_attacker_then_defender_then_helpers_deploy() -> None:
    st = position(
        players=4,
        claimed=AFRICA_VS_EUROPE,
        current=0,
        hands={0: ["troop"], 1: ["troop"], 2: ["troop"], 3: ["troop"]},
    )
    st, _ = do(st, 0, "attack africa p2 europe")
    order = []
    for text in ("deploy 1", "deploy 1", "deploy defender 1", "deploy attacker 1"):
        seat = GAME.to_move(st)[0]
        order.append(seat)
        st, _ = do(st, seat, text)
    assert order == [0, 1, 2, 3]
    assert st.troops == [[1, 0, 0, 1], [0, 1, 1, 0]]


def test_b22_b26_a_helper_s_bare_deploy_asks_for_its_side() -> None:
    """A bare "deploy" from a helper with troops was filled in as "deploy 0" (the one
    deployment with no side) and deployed none, silently: it is refused, naming the forms;
    the principals' bare "deploy" is still every troop they hold."""
    st = position(
        players=3,
        claimed=AFRICA_VS_EUROPE,
        current=0,
        hands={0: ["troop", "troop"], 1: ["troop"], 2: ["troop", "troop", "spy"]},
    )
    match = Match.start(GAME.id, 3, 1)
    match.state = play(st, (0, "attack africa p2 europe"))
    assert complete(match, 0, "deploy", []).text() == "deploy 2"
    match.act(0, complete(match, 0, "deploy", []))
    assert complete(match, 1, "Deploy", []).text() == "deploy 1"
    match.act(1, complete(match, 1, "Deploy", []))
    helper = match.state
    sides = r"'deploy attacker N' or 'deploy defender N' \(N 1 to 2\), or 'deploy 0' for none"
    with pytest.raises(MalformedAction, match=f"a helper names the side its troops join: {sides}"):
        complete(match, 2, "deploy", [])
    assert match.state is helper and GAME.to_move(helper) == (2,)
    assert complete(match, 2, "deploy def", []).text() == "deploy defender 2"
    assert complete(match, 2, "deploy 0", []).text() == "deploy 0"


def test_s22_s24_a_helper_deploying_nothing_joins_no_side() -> None:
    """A helper's "deploy 0" helps neither side: its event names none (it said "attacker")."""
    st = position(players=3, claimed=AFRICA_VS_EUROPE, current=0, hands={2: ["troop"]})
    st = play(st, (0, "attack africa p2 europe"), (0, "deploy 0"), (1, "deploy 0"))
    st, events = do(st, 2, "deploy 0")
    deploy = next(e for e in events if e.kind == "deploy")
    assert deploy.data == {"seat": 2, "side": None, "count": 0}
    assert deploy.text == "Player 3 deploys no troops"
    assert st.troops == [[0, 0, 0], [0, 0, 0]]


def test_s25_b11_troops_only_in_phase_2_and_rolling_again_does_not_reopen_it() -> None:
    st = position(
        claimed={0: {"africa": 3}, 1: {"europe": 3}},
        hands={0: ["troop", "troop"]},
        dice=[(6, 6, 6), (1, 1), (6, 6, 6), (1,)],
    )
    st = to_roll(st, 1)
    st = pass_round_once(st)
    assert st.phase == AGAIN
    st, _ = do(st, 0, "again")
    assert st.phase == WINDOW and st.stage == BEFORE_ROLL
    assert not any(a.startswith("deploy") for a in legal(st, 0))


# -- Attack Phase 3 -----------------------------------------------------------------------
@pytest.mark.parametrize(("cards", "troops", "dice"), [(1, 0, 1), (1, 1, 2), (2, 0, 2), (2, 2, 3)])
def test_s26_attacker_rolls_cards_plus_troops_at_most_three(
    cards: int, troops: int, dice: int
) -> None:
    st = position(
        claimed={0: {"africa": cards}, 1: {"europe": 3}},
        hands={0: ["troop"] * troops},
        dice=[(1,) * dice, (6, 6)],
    )
    st = to_roll(st, troops)
    assert st.rng.counts[0] == dice


@pytest.mark.parametrize(("cards", "troops", "dice"), [(1, 0, 1), (1, 1, 2), (3, 0, 2)])
def test_s27_defender_rolls_cards_plus_troops_at_most_two(
    cards: int, troops: int, dice: int
) -> None:
    st = position(
        claimed={0: {"africa": 3}, 1: {"europe": cards}},
        hands={1: ["troop"] * troops},
        dice=[(1, 1, 1), (6,) * dice],
    )
    st = to_roll(st, 0, troops)
    assert st.rng.counts[1] == dice


def test_s28_troops_beyond_the_maximum_still_absorb_losses() -> None:
    st = position(
        claimed={0: {"africa": 3}, 1: {"europe": 3}},
        hands={1: ["troop"] * 3},
        dice=[(6, 6, 6), (1, 1)],
    )
    st = to_roll(st, 0, 3)
    assert st.rng.counts == [3, 2]
    st = pass_round_once(st)
    assert st.troops[1][1] == 1 and st.claimed[1][2] == 3


def test_s29_pairs_high_to_high_and_ties_to_the_defender() -> None:
    st = position(claimed={0: {"africa": 3}, 1: {"europe": 3}}, dice=[(5, 4, 1), (5, 3)])
    st = pass_round_once(to_roll(st))
    # 5 v 5: the defender wins; 4 v 3: the attacker wins; the 1 is unpaired.
    assert st.claimed[0][3] == 2 and st.surrendered[3] == 1
    assert st.claimed[1][2] == 2 and st.claimed[0][2] == 1


def test_s30_b31_the_defender_discards_a_troop_or_else_gives_a_card_of_y() -> None:
    st = position(
        claimed={0: {"africa": 3}, 1: {"europe": 3}}, hands={1: ["troop"]}, dice=[(6, 6, 6), (1, 1)]
    )
    st = pass_round_once(to_roll(st, 0, 1))
    assert st.troops[1][1] == 0 and st.claimed[1][2] == 2 and st.claimed[0][2] == 1


def test_s31_b31_the_attacker_discards_a_troop_or_else_surrenders_a_card_of_x() -> None:
    st = position(
        claimed={0: {"africa": 3}, 1: {"europe": 3}}, hands={0: ["troop"]}, dice=[(1, 1, 1), (6, 6)]
    )
    st = pass_round_once(to_roll(st, 1))
    assert st.troops[0][0] == 0 and st.claimed[0][3] == 2 and st.surrendered[3] == 1
    assert st.claimed[1] == [0, 0, 3, 0, 0, 0]  # never to the defender


def test_s32_a_card_won_in_battle_adds_no_die() -> None:
    st = position(claimed={0: {"asia": 1}, 1: {"asia": 3}}, dice=[(6,), (1, 1), (6,), (1, 1)])
    st = play(st, (0, "attack asia p2 asia"), (0, "deploy 0"), (1, "deploy 0"), (2, "deploy 0"))
    st = pass_round_once(pass_round_once(st))
    assert st.claimed[0][4] == 2 and st.aside[4] == 1
    st, _ = do(st, 0, "again")
    st = pass_round_once(st)
    assert st.rng.counts == [1, 2, 1, 2]


def test_s33_no_defending_cards_left_ends_the_battle_and_the_turn() -> None:
    st = position(
        claimed={0: {"africa": 3}, 1: {"europe": 1}}, hands={1: ["troop"]}, dice=[(6, 6, 6), (1, 1)]
    )
    st = pass_round_once(to_roll(st, 0, 1))
    # Pairs: the troop goes first, then the last Europe card: the battle and turn end.
    assert st.claimed[1][2] == 0 and st.current == 1 and not st.in_battle


def test_s34_with_cards_on_both_sides_the_attacker_may_roll_again() -> None:
    st = position(claimed={0: {"africa": 3}, 1: {"europe": 3}}, dice=[(6, 1, 1), (1, 1)])
    st = pass_round_once(to_roll(st))
    assert st.phase == AGAIN and set(legal(st, 0)) >= {"again", "stop"}
    st, _ = do(st, 0, "stop")
    assert st.current == 1


def test_s35_no_attacking_cards_left_ends_the_battle() -> None:
    st = position(claimed={0: {"africa": 1}, 1: {"europe": 3}}, dice=[(1,), (6, 6)])
    st = pass_round_once(to_roll(st))
    assert st.claimed[0][3] == 0 and st.current == 1 and not st.in_battle


def test_s36_remaining_troops_are_discarded_after_the_battle() -> None:
    st = position(
        claimed={0: {"africa": 3}, 1: {"europe": 3}},
        hands={0: ["troop"] * 2, 1: ["troop"]},
        dice=[(6, 1, 1), (1, 1)],
    )
    st = pass_round_once(to_roll(st, 2, 1))
    st, _ = do(st, 0, "stop")
    assert st.discard.count(0) == 3 and not any(map(any, st.troops))


# -- Tactics ------------------------------------------------------------------------------
def test_s37_any_number_of_cards_and_no_hand_limit() -> None:
    st = position(
        claimed={0: {"africa": 3}, 1: {"europe": 3}},
        hands={0: ["rally", "rally"] + ["troop"] * 12},
        dice=[(1, 1, 1), (6, 6)],
    )
    assert len(st.hands[0]) == 14
    st = to_roll(st)
    for _ in range(2):
        st = play(st, (0, "rally"), (1, "pass"), (2, "pass"))
    assert st.values(0) == [5, 5, 5]


def test_s38_e2_cards_resolve_in_the_order_played() -> None:
    st = position(
        claimed={0: {"africa": 3}, 1: {"europe": 3}},
        hands={0: ["rally"], 1: ["bombard"]},
        dice=[(3, 2, 1), (5, 4)],
    )
    st = to_roll(st)
    st, first = do(st, 0, "rally")
    st = play(st, (1, "pass"), (2, "pass"))
    assert st.values(0) == [5, 4, 3] and st.values(1) == [5, 4]
    st, _ = do(st, 0, "pass")  # priority went back to Player 1 after the Rally
    st = play(st, (1, "bombard defender 2"), (0, "pass"), (2, "pass"))
    assert st.values(1) == [5, 6]
    log = [e for e in first if e.kind == "play"]
    assert log and "Rally" in log[0].text


def test_b8_a_bombard_typed_without_its_die_is_taken_only_when_one_die_fits() -> None:
    """Which die the card turns to a 6 is the player's choice: "bombard defender" with two
    defence dice is refused, naming both, where a trailing count would be filled with the
    most; with one defence die it is that die."""
    for defence, typed in (((5, 4), None), ((5,), "bombard defender 1")):
        st = position(
            claimed={0: {"africa": 3}, 1: {"europe": len(defence)}},
            hands={1: ["bombard"]},
            dice=[(3, 2, 1), defence],
        )
        st = play(to_roll(st), (0, "pass"))
        match = Match.start(GAME.id, 3, 1)
        match.state = st
        if typed is None:
            ways = r"which dice\? \(bombard defender 1, bombard defender 2\)"
            with pytest.raises(MalformedAction, match=ways):
                complete(match, 1, "bombard defender", [])
        else:
            assert complete(match, 1, "bombard def", []).text() == typed


def test_the_log_gives_the_dice_as_faces() -> None:
    """The roll, a Rally and the comparison read '3-2-1' as Classic's battles do, not a
    list ('[3, 2, 1]')."""
    st = position(
        claimed={0: {"africa": 3}, 1: {"europe": 3}}, hands={0: ["rally"]}, dice=[(3, 2, 1), (5, 4)]
    )
    events: list[Event] = []
    moves = [(0, "attack africa p2 europe"), (0, "deploy 0"), (1, "deploy 0"), (2, "deploy 0")]
    for kind, then in (("roll", (0, "rally")), ("resolve", None)):
        while not any(e.kind == kind for e in events):
            seat, text = moves.pop(0) if moves else (GAME.to_move(st)[0], "pass")
            st, got = do(st, seat, text)
            events += got
        if then:
            moves.append(then)
    said = {e.kind: e.text for e in events}
    assert said["roll"] == "Attacker rolls 3-2-1, defender rolls 5-4"
    assert said["rally"] == "Rally: the attacker's dice are now 5-4-3"
    assert said["resolve"].startswith("Attacker 5-4-3 against defender 5-4:"), said["resolve"]


def test_a_roll_no_card_changes_is_written_once() -> None:
    """The play-test's log gave each roll twice ('Attacker rolls 6-3, defender rolls 3', then
    'Attacker 6-3 against defender 3: ...'): the resolution says the losses alone unless a
    card changed the dice (the Rally test above)."""
    st = position(claimed={0: {"africa": 3}, 1: {"europe": 3}}, dice=[(6, 3, 1), (5, 4)])
    events: list[Event] = []
    moves = [(0, "attack africa p2 europe"), (0, "deploy 0"), (1, "deploy 0"), (2, "deploy 0")]
    while not any(e.kind == "resolve" for e in events):
        seat, text = moves.pop(0) if moves else (GAME.to_move(st)[0], "pass")
        st, got = do(st, seat, text)
        events += got
    said = [e.text for e in events if e.kind in ("roll", "resolve")]
    roll, losses = "Attacker rolls 6-3-1, defender rolls 5-4", "Attacker loses 1, defender loses 1"
    assert said == [roll, losses]


def test_s39_used_tactics_cards_go_to_the_discard_pile() -> None:
    st = position(hands={0: ["expand"]})
    st = play(st, (0, "expand tactics"), (1, "pass"), (2, "pass"))
    assert st.discard == [KIND_IDS.index("expand")] and len(st.hands[0]) == 1


def test_s40_an_empty_tactics_deck_is_refilled_from_the_discard_pile() -> None:
    st = position()
    st.discard, st.tactics_deck = st.tactics_deck, []
    st, events = do(st, 0, "pass")
    assert any(e.kind == "reshuffle" for e in events)
    assert len(st.hands[0]) == 1 and len(st.tactics_deck) == 39 and st.discard == []


def test_s41_each_lost_pair_discards_one_active_troop() -> None:
    st = position(
        claimed={0: {"africa": 1}, 1: {"europe": 3}},
        hands={0: ["troop"] * 2},
        dice=[(1, 1, 1), (6, 6)],
    )
    st = pass_round_once(to_roll(st, 2))
    assert st.troops[0][0] == 0 and st.claimed[0][3] == 1 and st.phase == AGAIN


def test_s42_b18_spy_shows_one_hand_to_its_player_only_then_draws_a_card() -> None:
    st = position(hands={0: ["spy"], 1: ["rally", "troop"]})
    st, _ = do(st, 0, "spy p2")
    st, _events = do(st, 1, "pass")
    st, events2 = do(st, 2, "pass")
    spy = next(e for e in events2 if e.kind == "spy")
    assert spy.for_seat(0)["hand"] == ["troop", "rally"] and "hand" not in spy.for_seat(2)
    assert len(st.hands[0]) == 1
    assert sorted(GAME.observe(st, 0).hands[1]) == sorted(st.hands[1])
    assert set(GAME.observe(st, 2).hands[1]) == {UNSEEN}


def test_s43_canceled_orders_cancels_a_tactics_card_but_not_a_troop() -> None:
    st = position(claimed=AFRICA_VS_EUROPE, hands={0: ["expand", "troop"], 1: ["cancel"]})
    st, _ = do(st, 0, "expand tactics")
    st, events = do(st, 1, "cancel")
    st, events = do(st, 0, "pass")
    st, events = do(st, 2, "pass")
    assert any(e.kind == "cancelled" for e in events) and hand(st, 0) == ["troop"]
    st = play(st, (0, "attack africa p2 europe"), (0, "deploy 1"))
    assert st.chain is None and GAME.to_move(st) == (1,)


def test_s44_m5_e4_rally_adds_two_to_each_of_the_attackers_dice() -> None:
    """M5, E4 [Tactics Cards] (B7): the scan breaks off at "Add 2 to each"; read as +2 on each
    of the Rally player's own dice, the defender's untouched. The public example's numbers are
    not transcribed, so the roll here is the test's own."""
    st = position(
        claimed={0: {"africa": 3}, 1: {"europe": 3}}, hands={0: ["rally"]}, dice=[(4, 4, 3), (6, 5)]
    )
    st = play(to_roll(st), (0, "rally"), (1, "pass"), (2, "pass"))
    assert st.values(0) == [6, 6, 5] and st.values(1) == [6, 5]
    st = pass_round_once(st)
    # 6 v 6 to the defender, 6 v 5 to the attacker.
    assert st.claimed[1][2] == 2 and st.surrendered[3] == 1


def test_s45_artillery_makes_one_player_discard_up_to_two_troops() -> None:
    st = position(
        claimed={0: {"africa": 3}, 1: {"europe": 3}},
        hands={0: ["troop"] * 3, 2: ["artillery"]},
        dice=[(6, 6, 6), (1, 1)],
    )
    st = play(st, (0, "attack africa p2 europe"), (0, "deploy 3"), (1, "deploy 0"), (2, "deploy 0"))
    st = play(st, (0, "pass"), (1, "pass"), (2, "artillery p1"), (0, "pass"), (1, "pass"))
    assert st.troops[0][0] == 1 and st.discard.count(0) == 2


def test_a_played_cards_log_line_says_its_target_in_words() -> None:
    """The log names whom or what a card is played on, not the action's arguments ("(p1)")."""
    st = position(hands={0: ["spy", "expand"]})
    _, spy = do(st, 0, "spy p2")
    _, expand = do(st, 0, "expand tactics")
    st = position(
        claimed={0: {"africa": 3}, 1: {"europe": 3}},
        hands={0: ["troop"] * 3, 2: ["artillery"]},
        dice=[(6, 6, 6), (1, 1)],
    )
    st = play(st, (0, "attack africa p2 europe"), (0, "deploy 3"), (1, "deploy 0"), (2, "deploy 0"))
    st = play(st, (0, "pass"), (1, "pass"))
    _, artillery = do(st, 2, "artillery p1")
    st = position(claimed=AFRICA_VS_EUROPE, hands={1: ["bombard"]}, dice=[(1, 2), (5, 4)])
    st = play(to_roll(st), (0, "pass"))
    _, bombard = do(st, 1, "bombard defender 2")
    lines = [texts(e)[0] for e in (spy, expand, artillery, bombard)]
    assert lines == [
        "Player 1 plays Spy on Player 2",
        "Player 1 plays Expand for a tactics card",
        "Player 3 plays Artillery on Player 1",
        "Player 2 plays Bombard on the defender's die 2",
    ]


def test_s46_sabotage_ends_the_battle_and_troops_return_to_their_owners() -> None:
    st = position(
        claimed={0: {"africa": 3}, 1: {"europe": 3}},
        hands={0: ["troop"] * 2, 1: ["sabotage"], 2: ["troop"]},
    )
    st = play(
        st,
        (0, "attack africa p2 europe"),
        (0, "deploy 2"),
        (1, "deploy 0"),
        (2, "deploy attacker 1"),
        (0, "pass"),
        (1, "sabotage"),
        (0, "pass"),
        (2, "pass"),
    )
    assert hand(st, 0) == ["troop", "troop"] and hand(st, 2) == ["troop"]
    assert st.current == 1 and not st.in_battle and len(st.hands[0]) == 2  # no pass draw
    assert GAME.observe(st, 1).hands[0] == st.hands[0]  # everyone saw them go back


def test_s47_b17_expand_draws_two_continent_cards_or_one_tactics_card() -> None:
    st = position(hands={0: ["expand"]}, surrendered={"asia": 1})
    st, _ = do(st, 0, "expand continents")
    st, _ = do(st, 1, "pass")
    st, events = do(st, 2, "pass")
    assert st.gains == 2 and set(legal(st, 0)) == {"draw continent", "take asia"}
    # The log says the cards are still to come: each is logged as it is taken.
    assert texts(events) == ["Expand: Player 1 is to take 2 continent cards"]
    st = play(st, (0, "take asia"), (0, "draw continent"))
    assert sum(st.claimed[0]) == 2 and st.gains == 0 and st.phase == ACT


def test_s48_bombard_changes_one_die_to_a_six_and_the_dice_are_re_sorted() -> None:
    st = position(
        claimed={0: {"africa": 3}, 1: {"europe": 3}},
        hands={2: ["bombard"]},
        dice=[(5, 2, 1), (4, 3)],
    )
    st = to_roll(st)
    said = []
    for seat, text in (
        (0, "pass"),
        (1, "pass"),
        (2, "bombard attacker 3"),
        (0, "pass"),
        (1, "pass"),
    ):
        st, events = do(st, seat, text)
        said += [e.text for e in events]
    assert st.dice[0] == [5, 2, 6]
    # the die by its place and face: "die 3 is now a 6" read as a face
    assert "Bombard: the attacker's third die, a 1, is now a 6" in said
    st = pass_round_once(st)
    # Re-sorted 6, 5 against 4, 3: the defender loses both pairs.
    assert st.claimed[1][2] == 1 and st.claimed[0][2] == 2


def test_b8_bombard_on_a_die_already_a_6_is_offered_and_says_it_changes_nothing() -> None:
    """The inventory's reading: legal, with no effect (it spends the card, and may draw out an
    opponent's Canceled Orders); its button says so rather than "a 6 becomes a 6"."""
    st = position(
        claimed={0: {"africa": 3}, 1: {"europe": 3}},
        hands={2: ["bombard"]},
        dice=[(6, 2, 1), (4, 3)],
    )
    st = play(to_roll(st), (0, "pass"), (1, "pass"))
    assert "bombard attacker 1" in legal(st, 2)
    seen = GAME.observe(st, 2)
    label = GAME.label(seen, 2, Action("bombard", ("attacker", 1)))
    assert label == "Bombard the attacker's die 1 (a 6 already: no change)"
    other = GAME.label(seen, 2, Action("bombard", ("attacker", 3)))
    assert other == "Bombard the attacker's die 3 (a 1 becomes a 6)"
    st = play(st, (2, "bombard attacker 1"))
    assert st.dice[0] == [6, 2, 1] and "bombard" not in hand(st, 2)


def test_s49_each_continent_shows_its_domination_number() -> None:
    view = GAME.view(position(), None)
    numbers = {c["id"]: c["domination"] for c in view["continents"]}
    assert numbers["south-america"] == 3 and numbers["asia"] == 8


def test_s50_reaching_the_number_takes_the_coin_even_from_another_player() -> None:
    st = position(phase=DRAW, claimed={0: {"south-america": 0}, 1: {"south-america": 3}})
    assert st.coins[1] == 1
    st.claimed[1][1] = 1  # Player 2 lost cards since, keeping the coin (S51)
    st.surrendered[1] = 3
    st.continent_deck = [c for c in st.continent_deck if c != 1]
    st.draws_left = 2
    st = play(st, (0, "take south-america"), (0, "take south-america"))
    assert st.coins[1] == 1
    st.draws_left = 1
    st.phase = DRAW
    st, events = do(st, 0, "take south-america")
    assert st.coins[1] == 0 and any("from Player 2" in t for t in texts(events))


def test_s51_a_coin_holder_keeps_the_coin_after_losing_cards() -> None:
    st = position(
        claimed={0: {"south-america": 3}, 1: {"africa": 3}}, current=1, dice=[(6, 6, 6), (1, 1)]
    )
    assert st.coins[1] == 0
    st = play(
        st, (1, "attack africa p1 south-america"), (1, "deploy 0"), (0, "deploy 0"), (2, "deploy 0")
    )
    st = pass_round_once(pass_round_once(st))
    # Player 1 is down to 1 card of South America, Player 2 has 2 (below 3): no one takes it.
    assert st.claimed[0][1] == 1 and st.claimed[1][1] == 2 and st.coins[1] == 0


def test_s52_m6_two_coins_win_at_once() -> None:
    st = position(
        phase=DRAW, claimed={0: {"south-america": 3, "australia": 2}}, surrendered={"australia": 1}
    )
    st.draws_left = 2
    st, _events = do(st, 0, "take australia")
    assert st.phase == OVER and GAME.outcome(st) is not None
    assert GAME.outcome(st).winners == (0,) and GAME.to_move(st) == ()  # type: ignore[union-attr]


# -- Readings -----------------------------------------------------------------------------
def test_b3_the_principal_chooses_whose_troop_is_lost_when_owners_differ() -> None:
    st = position(
        claimed={0: {"africa": 3}, 1: {"europe": 3}},
        hands={0: ["troop"], 2: ["troop"]},
        dice=[(1, 1, 1), (6, 6)],
    )
    st = pass_round_once(to_roll(st, 1, 0, "deploy attacker 1"))
    assert st.phase == LOSS and GAME.to_move(st) == (0,)
    assert set(legal(st, 0)) == {"discard p1", "discard p3"}
    st, _ = do(st, 0, "discard p3")
    # The second loss has one owner left: taken without asking.
    assert st.troops[0] == [0, 0, 0] and st.phase == AGAIN


def test_b5_priority_starts_with_the_active_player_and_returns_after_a_play() -> None:
    st = position(
        players=4,
        claimed={1: {"africa": 3}, 2: {"europe": 3}},
        current=1,
        hands={3: ["artillery"], 1: ["troop"]},
        dice=[(1, 1, 1), (6, 6)],
    )
    st = play(
        st,
        (1, "attack africa p3 europe"),
        (1, "deploy 1"),
        (2, "deploy 0"),
        (3, "deploy 0"),
        (0, "deploy 0"),
    )
    order = []
    for text in ("pass", "pass", "artillery p2"):
        order.append(GAME.to_move(st)[0])
        st, _ = do(st, order[-1], text)
    assert order == [1, 2, 3]
    st = play(st, (1, "pass"), (2, "pass"), (0, "pass"))
    assert GAME.to_move(st) == (1,)  # back to the attacker after Artillery resolved


def test_a_pass_in_a_window_leaves_no_line_and_the_window_s_close_logs_what_follows() -> None:
    """The reading in docs/strike.md: a window's passes are not logged (half a game's log
    would be passes), but what the window's close sets off is. The chain's pass is checked
    in test_s47_b17."""
    st = position(claimed={0: {"africa": 3}, 1: {"europe": 3}}, dice=[(6, 5, 4), (1, 1)])
    st = play(st, (0, "attack africa p2 europe"), (0, "deploy 0"), (1, "deploy 0"), (2, "deploy 0"))
    assert st.phase == WINDOW and st.stage == SABOTAGE_WINDOW
    said = []
    for seat in (0, 1):
        st, events = do(st, seat, "pass")
        said.append(texts(events))
    st, events = do(st, 2, "pass")
    assert said == [[], []] and st.stage != SABOTAGE_WINDOW
    assert texts(events) and not any("pass" in text for text in texts(events))


def test_b6_canceled_orders_chain_and_nobody_cancels_their_own_card() -> None:
    st = position(hands={0: ["expand", "cancel"], 1: ["cancel"], 2: ["cancel"]})
    st, _ = do(st, 0, "expand tactics")
    assert st.chain is not None and st.chain.responses is not None
    assert 0 not in st.chain.responses.seats  # Player 1 may not cancel their own Expand
    assert GAME.to_move(st) == (1,)
    st = play(st, (1, "cancel"))
    assert GAME.to_move(st) == (0,)  # Player 1 may answer Player 2's card
    st = play(st, (0, "pass"), (2, "cancel"), (0, "pass"), (1, "pass"))
    # Player 3 cancels Player 2's Canceled Orders: the Expand stands and draws a card.
    assert st.chain is None and len(st.hands[0]) == 2 and "cancel" in hand(st, 0)
    assert st.discard.count(KIND_IDS.index("cancel")) == 2


def test_b7_several_rallies_add_up_and_values_may_pass_six() -> None:
    st = position(
        claimed={0: {"africa": 3}, 1: {"europe": 3}},
        hands={0: ["rally"] * 2},
        dice=[(6, 5, 4), (1, 1)],
    )
    st = to_roll(st)
    st = play(st, (0, "rally"), (1, "pass"), (2, "pass"), (0, "rally"), (1, "pass"), (2, "pass"))
    assert st.values(0) == [10, 9, 8] and st.values(1) == [1, 1]
    assert "rally" not in legal(st, 1)


def test_b8_bombard_sets_the_face_and_rally_still_adds() -> None:
    st = position(
        claimed={0: {"africa": 3}, 1: {"europe": 3}},
        hands={0: ["rally", "bombard"]},
        dice=[(2, 2, 1), (6, 6)],
    )
    st = to_roll(st)
    st = play(st, (0, "rally"), (1, "pass"), (2, "pass"))
    st = play(st, (0, "bombard attacker 3"), (1, "pass"), (2, "pass"))
    assert st.values(0) == [4, 4, 8]  # 6 + 2: the Bombard did not undo the Rally


def test_b9_artillery_targets_a_player_with_active_troops() -> None:
    st = position(
        claimed={0: {"africa": 3}, 1: {"europe": 3}},
        hands={0: ["troop"], 1: ["artillery"]},
        dice=[(1, 1, 1), (6, 6)],
    )
    st = play(
        st,
        (0, "attack africa p2 europe"),
        (0, "deploy 1"),
        (1, "deploy 0"),
        (2, "deploy 0"),
        (0, "pass"),
    )
    assert [a for a in legal(st, 1) if a.startswith("artillery")] == ["artillery p1"]


def test_b10_sabotage_only_right_after_deployment() -> None:
    st = position(
        claimed={0: {"africa": 3}, 1: {"europe": 3}},
        hands={1: ["sabotage"]},
        dice=[(1, 1, 1), (6, 6)],
    )
    st = play(
        st,
        (0, "attack africa p2 europe"),
        (0, "deploy 0"),
        (1, "deploy 0"),
        (2, "deploy 0"),
        (0, "pass"),
    )
    assert "sabotage" in legal(st, 1)
    st = play(st, (1, "pass"), (2, "pass"))
    assert st.stage == AFTER_ROLL
    st, _ = do(st, 0, "pass")
    assert "sabotage" not in legal(st, 1)


def test_b13_domination_is_checked_in_setup() -> None:
    class Stacked(Rng):
        """The continent deck comes out with South America's cards on top."""

        def shuffle(self, items: list[int]) -> None:
            if len(items) == 42:
                items.sort(key=lambda c: c == 1)

    st = GAME.setup(3, Stacked(2), {"turn_limit": 0})
    assert st.claimed[0][1] == 3 and st.coins[1] == 0


def test_b14_a_second_coin_won_in_battle_wins_at_once() -> None:
    st = position(
        claimed={0: {"australia": 3, "asia": 7}, 1: {"asia": 3}}, dice=[(6, 6, 6), (1, 1)]
    )
    st = play(st, (0, "attack asia p2 asia"), (0, "deploy 0"), (1, "deploy 0"), (2, "deploy 0"))
    st = pass_round_once(pass_round_once(st))
    assert st.phase == OVER and st.outcome is not None and st.outcome.winners == (0,)


def test_b16_an_empty_continent_deck_leaves_the_surrendered_row_then_tactics() -> None:
    st = position(phase=DRAW, surrendered={"europe": 1})
    st.continent_deck = []
    st.surrendered[2] = strike_cards().cards[2]  # every other card is in the surrendered row...
    for c in (0, 1, 3, 4, 5):
        st.surrendered[c] = strike_cards().cards[c]
    st.draws_left = 2
    assert "draw continent" not in legal(st, 0) and "take europe" in legal(st, 0)
    st.surrendered = [0] * 6
    st.claimed[1] = list(strike_cards().cards)
    assert set(legal(st, 0)) == {"draw tactics"}


def test_b16_with_nothing_left_to_draw_the_draw_is_skipped() -> None:
    """Every continent card is claimed and every tactics card is in a hand: the pass draw
    finds nothing, and the next player's two start-of-turn draws are skipped, so the turn
    goes straight on to attacking instead of waiting on a draw nobody can make."""
    cards = strike_cards()
    claimed: dict[int, dict[str, int]] = {0: {}, 1: {}, 2: {}}
    for i, (cid, n) in enumerate(zip(cards.continent_ids, cards.cards, strict=True)):
        for j in range(n):  # dealt round so nobody dominates a continent
            claimed[(i + j) % 3][cid] = claimed[(i + j) % 3].get(cid, 0) + 1
    every = [k for k, n in zip(KIND_IDS, cards.kind_counts, strict=True) for _ in range(n)]
    st = position(claimed=claimed, hands={0: every[:14], 1: every[14:27], 2: every[27:]})
    assert not (st.continent_deck or st.tactics_deck or st.discard or any(st.surrendered))
    assert st.coins == [-1] * 6
    st, events = do(st, 0, "pass")
    kinds = [e.kind for e in events]
    assert "no-tactics" in kinds and "draw-skipped" in kinds
    assert st.current == 1 and st.phase == ACT and st.draws_left == 0
    assert len(st.hands[0]) == 14 and len(st.hands[1]) == 13
    options = legal(st, 1)
    assert not any(a.startswith(("draw", "take")) for a in options)
    assert any(a.startswith("attack") for a in options) and "pass" in options


def test_b21_with_no_legal_attack_the_player_must_pass() -> None:
    st = position(claimed={0: {"australia": 1}, 1: {"europe": 1}})
    assert legal(st, 0) == ["pass"]


def test_b22_a_helper_deploys_once_for_one_side() -> None:
    st = position(claimed=AFRICA_VS_EUROPE, hands={2: ["troop"] * 2})
    st = play(st, (0, "attack africa p2 europe"), (0, "deploy 0"), (1, "deploy 0"))
    options = legal(st, 2)
    assert "deploy 0" in options and "deploy defender 2" in options
    assert "deploy 2" not in options


def test_b23_losses_beyond_the_cards_left_are_ignored() -> None:
    """Losses outnumber a side's units only when Artillery strikes after the roll: the
    defender rolled 2 dice on 1 card and 1 troop, then lost the troop, then both pairs."""
    st = position(
        claimed={0: {"africa": 3}, 1: {"europe": 1}},
        hands={1: ["troop"], 2: ["artillery"]},
        dice=[(6, 6, 6), (1, 1)],
    )
    st = to_roll(st, 0, 1)
    st = play(st, (0, "pass"), (1, "pass"), (2, "artillery p2"), (0, "pass"), (1, "pass"))
    assert st.troops[1] == [0, 0, 0] and st.dice[1] == [1, 1]
    st, events = close_window(st)
    # The first pair takes Europe's last card; the second has nothing left to take.
    assert [e.kind for e in events].count("give") == 1
    assert st.claimed[1][2] == 0 and st.claimed[0][2] == 1 and not st.in_battle
    # The same on the attacker's side: 1 card and 1 troop roll 2 dice, the troop is shelled.
    st = position(
        claimed={0: {"africa": 1}, 1: {"europe": 3}},
        hands={0: ["troop"], 2: ["artillery"]},
        dice=[(1, 1), (6, 6)],
    )
    st = to_roll(st, 1)
    st = play(st, (0, "pass"), (1, "pass"), (2, "artillery p1"), (0, "pass"), (1, "pass"))
    st, events = close_window(st)
    assert [e.kind for e in events].count("surrender") == 1
    assert st.claimed[0][3] == 0 and st.surrendered[3] == 1 and not st.in_battle


def test_b25_cards_won_are_held_aside_but_count_for_domination() -> None:
    st = position(claimed={0: {"south-america": 2}, 1: {"south-america": 2}}, dice=[(6, 6), (1, 1)])
    st = play(
        st,
        (0, "attack south-america p2 south-america"),
        (0, "deploy 0"),
        (1, "deploy 0"),
        (2, "deploy 0"),
    )
    st = pass_round_once(pass_round_once(st))
    # Both pairs won: Player 2's two cards come over, and the first already reaches 3.
    assert st.coins[1] == 0 and st.claimed[0][1] == 4
    assert not st.in_battle and st.current == 1


def test_b27_spy_and_expand_may_come_before_the_draw() -> None:
    st = position(phase=DRAW, hands={0: ["spy", "expand"]})
    st.draws_left = 2
    assert {"spy p2", "spy p3", "expand tactics", "expand continents"} <= set(legal(st, 0))


def test_b28_hand_sizes_are_public() -> None:
    st = GAME.new_game(3, 4, {})
    view = GAME.view(st, 1)
    assert [s["hand_size"] for s in view["seats"]] == [len(h) for h in st.hands]
    assert view["seats"][1]["hand"] == [KIND_IDS[k] for k in st.hands[1]]
    assert view["seats"][0]["hand"] == [] and view["seats"][0]["unseen"] == len(st.hands[0])


def test_b29_the_turn_limit_ends_the_game_and_says_so() -> None:
    st = position(claimed={0: {"asia": 8}, 1: {"europe": 2}})
    st.options = {"turn_limit": 1}
    st, _ = do(st, 0, "pass")
    assert st.outcome is not None and "turn limit" in st.outcome.reason
    assert st.outcome.winners == (0,) and st.outcome.ranking[:2] == (0, 1)


def test_spy_knowledge_survives_resampling_until_the_card_leaves() -> None:
    st = position(claimed=AFRICA_VS_EUROPE, hands={0: ["spy"], 1: ["rally", "cancel"]})
    st = play(st, (0, "spy p2"), (1, "pass"), (2, "pass"))
    for seed in range(5):
        other = GAME.resample_hidden(st, 0, Rng(seed))
        assert sorted(k for k in other.hands[1]) == sorted(st.hands[1])
        assert GAME.observe(other, 0) == GAME.observe(st, 0)
    other = GAME.resample_hidden(st, 2, Rng(1))
    assert GAME.observe(other, 2) == GAME.observe(st, 2)
    assert json.dumps(GAME.view(st, 0)["seats"][1]["hand"]) == '["cancel", "rally"]'


def test_describe_shows_the_battle_window_and_chain() -> None:
    st = position(
        claimed={0: {"africa": 3}, 1: {"europe": 3}}, hands={0: ["rally"]}, dice=[(3, 2, 1), (5, 4)]
    )
    st = to_roll(st)
    st, _ = do(st, 0, "rally")
    view = GAME.view(st, 1)
    assert view["battle"]["from"] == "africa" and view["battle"]["to"] == "europe"
    assert view["battle"]["dice"]["attacker"]["faces"] == [3, 2, 1]
    assert view["chain"]["plays"][0]["card"] == "rally" and view["chain"]["priority"] == 1
    assert view["window"]["stage"] == AFTER_ROLL and "Canceled Orders" in view["prompt"]
    assert GAME.to_move(st) == (1,) and st.phase == WINDOW


def test_b27_an_expand_before_drawing_is_answered_by_name() -> None:
    """The first player may play Expand before drawing (B27): the next seat, asked to answer it
    in the draw step, was told only 'cancel the expand just played, or pass' (whose? which
    card, by its name?). Now the step names both, and the card that cancels it."""
    st = position(hands={0: ["expand"], 1: ["troop"]}, phase=DRAW)
    st.draws_left = 2
    st, _ = do(st, 0, "expand tactics")
    assert st.phase == DRAW and GAME.to_move(st) == (1,)
    for seat in (0, 1, None):
        view = GAME.view(st, seat)
        assert view["step"] == "answering Player 1's Expand: Canceled Orders, or a pass"
        assert view["prompt"] == f"Player 2: {view['step']}"
    assert legal(st, 1) == ["pass"]  # holding no Canceled Orders: only 'pass'


def test_b4_rally_is_the_attackers_and_bombard_and_artillery_are_anyones() -> None:
    st = position(
        claimed={0: {"africa": 3}, 1: {"europe": 3}},
        hands={0: ["troop"], 1: ["rally", "bombard", "artillery"], 2: ["rally", "bombard"]},
        dice=[(3, 2, 1), (5, 4)],
    )
    st = to_roll(st, 1)
    st, _ = do(st, 0, "pass")
    defender = legal(st, 1)
    assert "rally" not in defender and "bombard attacker 1" in defender
    assert "artillery p1" in defender
    st, _ = do(st, 1, "pass")
    assert "rally" not in legal(st, 2) and "bombard defender 2" in legal(st, 2)


def test_b12_cards_of_a_continent_are_counted_not_told_apart() -> None:
    st = position(phase=DRAW, surrendered={"asia": 3})
    st.draws_left = 2
    assert [a for a in legal(st, 0) if a.startswith("take")] == ["take asia"]
    st = play(st, (0, "take asia"), (0, "take asia"))
    assert st.claimed[0][4] == 2 and st.surrendered[4] == 1


def test_b15_a_coin_holder_keeps_the_coin_with_no_card_left() -> None:
    st = position(
        claimed={0: {"australia": 3}, 1: {"asia": 1}},
        dice=[(1, 1, 1), (6,), (1, 1), (6,), (1,), (6,)],
    )
    assert st.coins[5] == 0
    st = play(st, (0, "attack australia p2 asia"), (0, "deploy 0"), (1, "deploy 0"))
    st = play(st, (2, "deploy 0"))
    for _ in range(3):
        st = pass_round_once(pass_round_once(st))
        if st.phase == AGAIN:
            st, _ = do(st, 0, "again")
    assert st.claimed[0][5] == 0 and st.surrendered[5] == 3 and st.coins[5] == 0


def test_b24_the_battle_ends_when_y_is_empty_whatever_troops_remain() -> None:
    st = position(
        claimed={0: {"africa": 3}, 1: {"europe": 1}},
        hands={1: ["troop"] * 2, 2: ["troop"]},
        dice=[(6, 6, 6), (1, 1)],
    )
    st = pass_round_once(to_roll(st, 0, 2, "deploy defender 1"))
    # Two pairs lost: Player 2 picks two troops to lose, Europe keeps its card.
    assert st.phase == LOSS and GAME.to_move(st) == (1,)
    st = play(st, (1, "discard p2"), (1, "discard p3"))
    assert st.claimed[1][2] == 1 and st.phase == AGAIN


def test_b26_a_helpers_troops_add_dice_to_the_side_it_chose() -> None:
    st = position(
        claimed={0: {"africa": 1}, 1: {"europe": 1}},
        hands={2: ["troop"] * 2},
        dice=[(1, 1, 1), (6,)],
    )
    st = to_roll(st, 0, 0, "deploy attacker 2")
    assert st.rng.counts == [3, 1]


def test_b30_the_dice_counts_are_fixed_with_no_choice() -> None:
    st = position(claimed={0: {"africa": 3}, 1: {"europe": 3}}, dice=[(1, 1, 1), (6, 6)])
    st = play(st, (0, "attack africa p2 europe"), (0, "deploy 0"), (1, "deploy 0"))
    st = play(st, (2, "deploy 0"), (0, "pass"), (1, "pass"))
    assert legal(st, 2) == ["pass"]
    st, _ = do(st, 2, "pass")
    assert st.dice == [[1, 1, 1], [6, 6]]


def test_b15_a_holder_with_no_cards_left_keeps_the_coin() -> None:
    """Player 1 won South America's coin and has lost every card of it since: Player 2 takes
    cards of it, and the coin stays until Player 2 holds the number (3)."""
    south_america = strike_cards().continent_ids.index("south-america")
    st = position(phase=DRAW, current=1, surrendered={"south-america": 3})
    st.coins[south_america] = 0
    st.draws_left = 2
    st = play(st, (1, "take south-america"), (1, "take south-america"))
    assert st.claimed[0][south_america] == 0 and st.claimed[1][south_america] == 2
    assert st.coins[south_america] == 0
    st.phase, st.draws_left = DRAW, 1
    st, _ = do(st, 1, "take south-america")
    assert st.coins[south_america] == 1


def test_b2_a_reconstructed_domination_number_decides_the_coin() -> None:
    cards = strike_cards()
    assert cards.provenance["europe.domination"].startswith("reconstructed")
    europe = cards.continent_ids.index("europe")
    number = cards.domination[europe]
    # The rules, not the test's position, hand out the coin: one card short, then the number.
    st = position(phase=DRAW, claimed={0: {"europe": number - 2}}, surrendered={"europe": 2})
    st.draws_left = 2
    st, _ = do(st, 0, "take europe")
    assert st.claimed[0][europe] == number - 1 and st.coins[europe] == -1  # nobody holds it
    st, events = do(st, 0, "take europe")
    assert st.coins[europe] == 0 and any(e.kind == "coin" for e in events)


def test_s32_a_card_taken_with_expand_during_the_battle_is_not_active_either() -> None:
    """[Resolve Wins] note: any card claimed during the battle, not only one won from the
    defender; Expand's two cards taken mid-battle add no die and cannot be surrendered."""
    st = position(
        claimed={0: {"africa": 1}, 1: {"europe": 3}},
        hands={0: ["expand"]},
        surrendered={"africa": 2},
        dice=[(1,), (6, 6)],
    )
    st = play(
        st,
        (0, "attack africa p2 europe"),
        (0, "deploy 0"),
        (1, "deploy 0"),
        (2, "deploy 0"),
        (0, "expand continents"),
        (1, "pass"),
        (2, "pass"),
        (0, "take africa"),
        (0, "take africa"),
    )
    assert st.claimed[0][3] == 3 and st.aside[3] == 2
    assert GAME.view(st, 0)["battle"]["attacking_cards"] == 1
    st = pass_round_once(pass_round_once(st))
    # One die for the one active card; its loss surrenders it and ends the battle.
    assert st.rng.counts == [1, 2]
    assert st.claimed[0][3] == 2 and st.surrendered[3] == 1
    assert not st.in_battle and st.current == 1


def test_s39_a_card_reaches_the_discard_pile_only_after_its_use() -> None:
    """[How to Use Tactics Cards]: discarded after use, so a Spy or Expand drawing from an
    empty deck cannot shuffle itself back in and be drawn again."""
    rest = [k for k, n in zip(KIND_IDS, strike_cards().kind_counts, strict=True) for _ in range(n)]
    for card, action in (("spy", "spy p2"), ("expand", "expand tactics")):
        others = rest[:]
        others.remove(card)
        others.remove("rally")
        st = position(hands={0: [card], 1: others})
        st.tactics_deck, st.discard = [], [KIND_IDS.index("rally")]
        st = play(st, (0, action), (1, "pass"), (2, "pass"))
        # The deck ran out: the pile (the Rally alone) became the deck; the card went after.
        assert hand(st, 0) == ["rally"] and st.discard == [KIND_IDS.index(card)]
        assert st.tactics_deck == []


def test_b27_spy_and_expand_while_the_attacker_deploys() -> None:
    """[Tactics Cards] Spy and Expand are played "anytime on your turn", the attacker's own
    deployment step included: an Expand there may draw a Troop that can still be deployed.
    The defender's and helpers' steps are not the attacker's to interrupt."""
    st = position(claimed=AFRICA_VS_EUROPE, hands={0: ["expand", "spy"], 1: ["spy"]})
    troop = KIND_IDS.index("troop")
    st.tactics_deck.remove(troop)
    st.tactics_deck.append(troop)  # the next tactics card drawn is a Troop
    st, _ = do(st, 0, "attack africa p2 europe")
    options = legal(st, 0)
    assert {"expand tactics", "spy p2", "spy p3", "deploy 0"} <= set(options)
    st = play(st, (0, "expand tactics"), (1, "pass"), (2, "pass"))
    assert hand(st, 0) == ["troop", "spy"] and GAME.to_move(st) == (0,)
    st, _ = do(st, 0, "deploy 1")
    assert st.troops[0][0] == 1 and GAME.to_move(st) == (1,)
    assert not any(a.startswith(("spy", "expand")) for a in legal(st, 1))


def test_b29_a_tie_at_the_turn_limit_is_shared() -> None:
    """Equal coins and equal claimed cards at the limit: both players win, the third ranks
    last; a player with more cards but fewer coins ranks below a coin holder."""
    st = position(
        claimed={0: {"south-america": 3}, 1: {"australia": 3}, 2: {"asia": 7, "europe": 4}}
    )
    st.options = {"turn_limit": 1}
    st, _ = do(st, 0, "pass")
    assert st.outcome is not None and st.outcome.winners == (0, 1)
    assert st.outcome.ranking == (0, 1, 2)


def test_b10_sabotage_is_not_offered_before_a_further_roll() -> None:
    st = position(
        claimed={0: {"africa": 3}, 1: {"europe": 3}},
        hands={1: ["sabotage"]},
        dice=[(6, 1, 1), (1, 1)],
    )
    st = pass_round_once(to_roll(st))  # the Sabotage window passed, then the after-roll one
    st, _ = do(st, 0, "again")
    assert st.stage == BEFORE_ROLL
    st, _ = do(st, 0, "pass")
    assert legal(st, 1) == ["pass"]


def test_every_step_is_described_not_ordered() -> None:
    """The view's `step` follows 'Waiting for Player 2: ' on the other seats' pages and in the
    terminal, as the other modes' steps do ('invading', 'placing new armies'): a step worded as
    an order ('attack or pass') reads there as if addressed to the reader. Every step a seeded
    game passes through starts with what the seat is doing."""
    from warroom.bots import make_bot
    from warroom.core import Match

    steps: set[str] = set()
    for seed in (1, 2, 3):
        match = Match.start("risk-strike", 3, seed)
        bots = [make_bot("random", "risk-strike", s) for s in range(3)]
        while match.outcome() is None:
            seat = match.to_move()[0]
            steps.add(match.view(None)["step"])
            match.act(seat, bots[seat].choose(seat, match.observe(seat), match.legal(seat)))
    assert len(steps) >= 8, steps
    ordered = sorted(s for s in steps if not s.split()[0].endswith("ing"))
    assert not ordered, ordered


def test_a_refusal_quotes_what_was_typed() -> None:
    """'a' and 'd' name sides only where a side is named (deploy, bombard) and a number a
    player only where it can be one: "attack a b c d e f" was refused as "cannot attack
    attacker b c defender e f", "attack -1 -1 -1" as "attack -1 p-1 -1"."""
    st = GAME.new_game(3, 1)
    assert GAME.parse(st, 0, "attack a b c d e f") == Action("attack", tuple("abcdef"))
    assert GAME.parse(st, 0, "attack -1 -1 -1") == Action("attack", (-1, -1, -1))
    assert GAME.parse(st, 0, "deploy a 2") == Action("deploy", ("attacker", 2))
    assert GAME.parse(st, 0, "bombard d 1") == Action("bombard", ("defender", 1))
    assert GAME.parse(st, 0, "spy 2").args == ("p2",)
    # a seat as the players' list names it, quoted as a name with a space is (was refused)
    for typed in ("'Player 2'", '"player 2"', "Player2", "p2"):
        assert GAME.parse(st, 0, f"attack asia {typed} europe").args == ("asia", "p2", "europe")


def test_a_count_typed_without_its_side_names_the_forms_that_take_one() -> None:
    """Deploying into another player's battle, "deploy 3" was refused as "deploy takes 0"
    alone: the forms that take the count, "deploy attacker" and "deploy defender", are named
    with their counts."""
    match = Match.start("risk-strike", 3, 11)
    while not any(a.kind == "deploy" and len(a.args) == 2 for a in match.legal(match.to_move()[0])):
        seat = match.to_move()[0]
        match.act(seat, match.legal(seat)[0])
    seat = match.to_move()[0]
    with pytest.raises(IllegalAction) as refused:
        match.act(seat, "deploy 3")
    said = str(refused.value)
    assert said.startswith("cannot deploy 3 now: deploy takes 0; deploy attacker takes 1 to ")
    assert "; deploy defender takes 1 to " in said
