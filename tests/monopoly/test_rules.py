"""Every rule of the rulebook as a test, in the order the rulebook prints them."""

from __future__ import annotations

from dataclasses import fields, replace

import pytest

from warroom.core import Action, IllegalAction, MalformedAction, ScriptedRng, WarroomError
from warroom.core.match import DEFAULT_GENERATOR
from warroom.core.rng import Script, make_rng
from warroom.games.monopoly_avengers import BANK, HQ, MonoState, payment
from warroom.rules.first import roll_for_first

from .helpers import END, START, B, G, act, give, h, kinds, new, not_doubles, rig


def test_setup_cash_decks_and_bank() -> None:
    st = G.new_game(4, 3, {})
    assert st.cash == [1500] * 4  # Setup, step 2
    assert [len(d) for d in st.decks] == [16, 16]
    assert st.bases == 32 and st.hqs == 12
    assert all(st.owner[s] == BANK for s in B.ownable) and len(B.ownable) == 24
    # Everyone but the first roller may act before the first roll; the roller is last.
    assert G.to_move(st)[-1] == st.current and len(G.to_move(st)) == 4


def _rolls(*dice: tuple[int, int]) -> ScriptedRng:
    """A generator whose two-dice rolls are `dice`, in order (`Rng.roll` draws the index
    into every ordered pair of faces)."""
    return ScriptedRng(Script(tuple((a - 1) * 6 + b - 1 for a, b in dice)))


def test_first_player_is_highest_roller_and_varies() -> None:
    """Game Play: each player rolls both dice, the highest roller starts; the tied highest
    roll again (only they), until one is highest."""
    assert roll_for_first(_rolls((1, 2), (6, 5), (2, 2)), 3, dice=2) == 1
    # Players 2 and 3 tie on 12 above Player 1's 7; of them, Player 3 rolls higher.
    assert roll_for_first(_rolls((3, 4), (6, 6), (6, 6), (1, 1), (2, 1)), 3, dice=2) == 2
    # A tie again (4 and 4) is rolled again by the same two.
    assert (
        roll_for_first(_rolls((6, 6), (1, 1), (6, 6), (2, 2), (3, 1), (5, 1), (1, 2)), 3, dice=2)
        == 0
    )
    firsts = {G.new_game(4, seed, {}).current for seed in range(40)}
    assert firsts == {0, 1, 2, 3}


# -- rolling, GO, doubles --------------------------------------------------------------------
def test_pass_go_collects_200() -> None:
    st = new()
    st.pos[0] = 38
    rig(st, ("roll", (2, 3)))
    st, ev = act(st, 0, "roll")
    assert st.pos[0] == 3 and st.cash[0] == 1700 and "salary" in kinds(ev)
    # each thing once: the play-test's log said "moves to X", then "lands on X"
    assert [e.text for e in ev][:3] == [
        "Player 1 rolls 2+3",
        "Player 1 passes GO and collects M200",
        f"Player 1 lands on {B.names[3]}",
    ]


def test_landing_on_go_says_go_once_for_the_salary_and_once_for_the_landing() -> None:
    st = new()
    st.pos[0] = 35
    rig(st, ("roll", (2, 3)))
    st, ev = act(st, 0, "roll")
    assert st.pos[0] == B.go and st.cash[0] == 1700
    said = [e.text for e in ev]
    assert said[1:3] == ["Player 1 collects M200 for GO", "Player 1 lands on GO"], said


def test_doubles_roll_again_and_free_parking_does_nothing() -> None:
    st = new()
    st.pos[0] = 16
    rig(st, ("roll", (2, 2)))
    st, _ = act(st, 0, "roll")
    assert st.pos[0] == 20 and st.cash[0] == 1500
    assert st.phase == START and st.current == 0 and st.doubles == 1


def test_no_doubles_ends_the_moves() -> None:
    st = new()
    st.pos[0] = 15
    rig(st, ("roll", (2, 3)))
    st, _ = act(st, 0, "roll")
    assert st.pos[0] == 20 and st.phase == END
    st, _ = act(st, 0, "end")
    assert st.current == 1 and st.phase == START


def test_third_doubles_go_to_jail_without_moving() -> None:
    st = new()
    st.pos[0] = 16
    st.doubles = 2
    rig(st, ("roll", (2, 2)))
    st, ev = act(st, 0, "roll")
    assert st.pos[0] == B.jail and st.jail[0] == 0 and st.phase == END
    assert "land" not in kinds(ev) and st.cash[0] == 1500
    # the log says why: no space or card line comes before it
    assert [e.text for e in ev if e.kind == "jail"] == [
        "Player 1 goes to Jail (three doubles in a row)"
    ]


# -- undrafted heroes ---------------------------------------------------------------------------
def test_draft_at_printed_price() -> None:
    st = new()
    rig(st, ("roll", (1, 2)))
    st, _ = act(st, 0, "roll")
    assert st.phase == "draft" and G.to_move(st) == (0,)
    st, _ = act(st, 0, "draft")
    assert st.owner[h("Nick Fury")] == 0 and st.cash[0] == 1500 - B.price[h("Nick Fury")]


def test_cannot_draft_without_the_cash_and_state_unchanged() -> None:
    st = new()
    rig(st, ("roll", (1, 2)))
    st, _ = act(st, 0, "roll")
    st.cash[0] = 10
    assert "draft" not in {a.kind for a in G.legal_actions(st, 0)}
    with pytest.raises(IllegalAction, match="costs"):
        act(st, 0, "draft")
    assert st.owner[h("Nick Fury")] == BANK and st.cash[0] == 10


def _auction_on_nick_fury(players: int = 3):
    st = new(players)
    rig(st, ("roll", (1, 2)))
    st, _ = act(st, 0, "roll")
    st, ev = act(st, 0, "auction")
    assert "auction" in kinds(ev)
    return st


def test_auction_any_player_any_order_and_raises_reset_passes() -> None:
    st = _auction_on_nick_fury()
    assert set(G.to_move(st)) == {0, 1, 2}
    with pytest.raises(IllegalAction, match="at least M10"):
        act(st, 2, "bid 9")
    st, _ = act(st, 2, "bid 10")  # not in turn order
    assert 2 not in G.to_move(st)
    with pytest.raises(IllegalAction):
        act(st, 0, "bid 10")  # must raise by at least 1
    st, _ = act(st, 1, "pass")
    assert G.to_move(st) == (0,)
    st, _ = act(st, 0, "bid 11")
    assert set(G.to_move(st)) == {1, 2}  # the raise lets Player 2 bid again
    st, _ = act(st, 1, "bid 40")
    st, _ = act(st, 2, "pass")
    st, _ = act(st, 0, "pass")
    assert st.auction is None and st.owner[h("Nick Fury")] == 1
    assert st.cash == [1500, 1460, 1500]
    assert st.phase == END  # the turn goes on after the auction


def test_an_auction_s_pass_is_not_called_dropping_out() -> None:
    """A pass lasts only until the next bid (which asks the passer again), so its button
    must not say it drops the player out of the auction, as the page's own "drop out" does."""
    st = _auction_on_nick_fury()
    label = G.label(st, 1, Action("pass"))
    st, _ = act(st, 1, "pass")
    st, _ = act(st, 0, "bid 10")
    assert 1 in G.to_move(st)  # asked again after all
    assert "drop" not in label.lower() and label.startswith("Pass"), label


def test_auction_with_no_bids_leaves_the_hero_with_the_bank() -> None:
    st = _auction_on_nick_fury()
    for seat in G.to_move(st):
        st, _ = act(st, seat, "pass")
    assert st.owner[h("Nick Fury")] == BANK and st.cash == [1500] * 3 and st.auction is None


def test_bids_limited_to_cash_in_hand() -> None:
    st = _auction_on_nick_fury()
    with pytest.raises(IllegalAction, match="only M1500"):
        act(st, 1, "bid 1501")


# -- drafted heroes: asking for payment ----------------------------------------------------------
def _land_on(st, seat: int, start: int, dice: tuple[int, int]):
    st.pos[seat] = start
    rig(st, ("roll", dice))
    return act(st, seat, "roll")[0]


def _asking_collects(st: MonoState) -> int:
    """What the first open claim's owner would collect by asking now (the view's figure)."""
    amount: int = G.view(st, None)["claims"][0]["amount"]
    return amount


def test_owner_asks_and_is_paid() -> None:
    st = new()
    give(st, 1, "Nick Fury")
    st = _land_on(st, 0, 0, (1, 2))
    assert G.to_move(st)[0] == 1  # the owner is asked first
    st, _ = act(st, 1, "ask 'Nick Fury'")
    assert st.cash == [1496, 1504]


def test_the_payment_is_what_the_landing_made_due_not_what_building_adds_later() -> None:
    """Drafted Heroes: the owner asks for payment for the landing. The amount was worked out
    on asking, so an owner could end the payer's turn, build three Bases on the set and then
    collect the built payment for a landing made before any Base stood."""
    st = new()
    give(st, 1, "Maria Hill", "Nick Fury")
    st.pos[0] = 0
    rig(st, ("roll", not_doubles(h("Nick Fury"))))
    st, ev = act(st, 0, "roll")
    due = 2 * B.payments[h("Nick Fury")][0]  # the whole set: twice the printed payment
    (claim,) = [e for e in ev if e.kind == "claim"]
    assert claim.data["amount"] == due and f"for M{due} for Nick Fury" in claim.text
    st, _ = act(st, 0, "end")
    for _ in range(3):
        st, _ = act(st, 1, "build 'Nick Fury'")
        st, _ = act(st, 1, "build 'Maria Hill'")
    assert st.level[h("Nick Fury")] == 3 and payment(st, h("Nick Fury")) > due
    assert _asking_collects(st) == due
    cash = st.cash[0]
    st, _ = act(st, 1, "ask 'Nick Fury'")
    assert cash - st.cash[0] == due


def test_color_set_doubles_payment_and_buildings_raise_it() -> None:
    st = new()
    give(st, 1, "Nick Fury", "Maria Hill")
    st = _land_on(st, 0, 0, (1, 2))
    assert _asking_collects(st) == 2 * B.payments[h("Nick Fury")][0]
    st = new()
    give(st, 1, "Nick Fury", "Maria Hill")
    st.level[h("Nick Fury")] = 2
    st.level[h("Maria Hill")] = 1
    st = _land_on(st, 0, 0, (1, 2))
    assert _asking_collects(st) == B.payments[h("Nick Fury")][2]


def test_four_bases_and_a_headquarters_earn_their_own_payments() -> None:
    for nick, maria in ((4, 4), (HQ, 4), (HQ, HQ)):
        st = new()
        give(st, 1, "Nick Fury", "Maria Hill")
        st.level[h("Nick Fury")], st.level[h("Maria Hill")] = nick, maria
        st = _land_on(st, 0, 0, (1, 2))
        assert _asking_collects(st) == B.payments[h("Nick Fury")][nick]


def test_doubled_payment_on_active_hero_of_a_set_with_one_sidelined() -> None:
    st = new()
    give(st, 1, "Nick Fury", "Maria Hill")
    st.sidelined[h("Maria Hill")] = True
    st = _land_on(st, 0, 0, (1, 2))
    assert _asking_collects(st) == 2 * B.payments[h("Nick Fury")][0]


def test_no_payment_on_a_sidelined_hero() -> None:
    st = new()
    give(st, 1, "Nick Fury")
    st.sidelined[h("Nick Fury")] = True
    st = _land_on(st, 0, 0, (1, 2))
    assert st.claims == [] and G.to_move(st) == (0,)


def test_payment_not_owed_when_not_asked_before_the_next_roll() -> None:
    st = new(3)
    give(st, 2, "Nick Fury")
    st = _land_on(st, 0, 0, (1, 2))
    assert st.claims and G.to_move(st) == (2, 0)
    st, _ = act(st, 0, "end")  # the owner still may ask ...
    assert 2 in G.to_move(st) and st.current == 1
    rig(st, ("roll", not_doubles(10)))
    st, ev = act(st, 1, "roll")  # ... until the next player rolls
    assert "lapse" in kinds(ev) and st.claims == []
    assert st.cash[0] == 1500 and st.cash[2] == 1500
    with pytest.raises(WarroomError):
        act(st, 2, "ask 'Nick Fury'")


def test_owner_may_ask_late_but_before_the_roll() -> None:
    st = new(3)
    give(st, 2, "Nick Fury")
    st = _land_on(st, 0, 0, (1, 2))
    st, _ = act(st, 0, "end")
    st, _ = act(st, 2, "ask 'Nick Fury'")
    assert st.cash[0] == 1496 and st.cash[2] == 1504


def test_a_claim_outlives_the_payers_own_roll_after_doubles() -> None:
    """Only the next player's roll ends a claim ("before the next player rolls the dice"):
    rolling again after doubles does not, so the owner may still ask."""
    st = new()
    give(st, 1, "Nick Fury")
    st.pos[0] = 1
    rig(st, ("roll", (1, 1)), ("roll", not_doubles(7)))
    st, _ = act(st, 0, "roll")
    assert st.pos[0] == h("Nick Fury") and st.phase == START and st.claims
    st, ev = act(st, 0, "roll")  # the payer's second roll, unasked
    paid = B.payments[h("Nick Fury")][0]
    assert "lapse" not in kinds(ev) and st.claims == [(1, 0, h("Nick Fury"), paid)]
    assert G.to_move(st)[0] == 1
    st, _ = act(st, 1, "ask 'Nick Fury'")
    assert st.cash == [1500 - paid, 1500 + paid]


def _landed_last_turn() -> MonoState:
    """Player 1 landed on Player 3's Nick Fury and passed the dice; Player 3, unasked, is in
    the window before Player 2's roll."""
    st = new(3)
    give(st, 2, "Nick Fury")
    st = _land_on(st, 0, 0, (1, 2))
    st, _ = act(st, 0, "end")
    assert st.current == 1 and 2 in st.window and len(st.claims) == 1
    return st


def test_done_in_the_window_gives_up_the_claims() -> None:
    st = _landed_last_turn()
    st, _ = act(st, 2, "done")
    assert st.claims == [] and 2 not in G.to_move(st)
    with pytest.raises(WarroomError):
        act(st, 2, "ask 'Nick Fury'")
    assert st.cash == [1500, 1500, 1500]


def test_the_roll_closes_the_window_of_the_other_players() -> None:
    """Other players build, sell and trade in the window before the roll; once the player
    whose turn it is rolls, they wait for the next turn's window."""
    st = new(3)
    give(st, 1, "Maria Hill", "Nick Fury")
    st.window = [1, 2]
    assert Action("build", ("Maria Hill",)) in G.legal_actions(st, 1)
    st = _land_on(st, 0, 15, (2, 3))  # Free Parking
    assert G.to_move(st) == (0,) and st.window == []
    with pytest.raises(IllegalAction):
        act(st, 1, "build 'Maria Hill'")
    with pytest.raises(IllegalAction):
        act(st, 2, "done")


def test_no_payment_for_a_hero_sidelined_before_the_owner_asks() -> None:
    """Sidelining: no money is collected on a sidelined hero. The amount is decided on
    asking, so letting the turn pass and sidelining first collects nothing."""
    st = _landed_last_turn()
    st, _ = act(st, 2, "sideline 'Nick Fury'")
    assert Action("ask", ("Nick Fury",)) not in G.legal_actions(st, 2)
    assert Action("forgo", ("Nick Fury",)) in G.legal_actions(st, 2)
    assert _asking_collects(st) == 0
    with pytest.raises(IllegalAction, match="sidelined"):
        act(st, 2, "ask 'Nick Fury'")
    cash = st.cash[:]
    st, _ = act(st, 2, "forgo 'Nick Fury'")
    assert st.cash == cash and st.claims == []


def test_a_hero_reactivated_before_the_roll_may_be_asked_for() -> None:
    st = _landed_last_turn()
    st, _ = act(st, 2, "sideline 'Nick Fury'")
    st, _ = act(st, 2, "reactivate 'Nick Fury'")
    before = st.cash[:]
    st, _ = act(st, 2, "ask 'Nick Fury'")
    paid = B.payments[h("Nick Fury")][0]
    assert st.cash == [before[0] - paid, before[1], before[2] + paid]


def test_a_set_completed_after_the_landing_does_not_double_the_payment() -> None:
    """The landing is what is paid for: completing the set before asking (a trade, here
    given) leaves the single payment due, though the set doubles it from then on."""
    st = _landed_last_turn()
    give(st, 2, "Maria Hill")
    single = B.payments[h("Nick Fury")][0]
    assert payment(st, h("Nick Fury")) == 2 * single and _asking_collects(st) == single
    st, _ = act(st, 2, "ask 'Nick Fury'")
    assert st.cash[0] == 1500 - single


def test_no_payment_once_the_owner_has_traded_the_hero_away() -> None:
    st = _landed_last_turn()
    st, _ = act(st, 2, "offer 'Player 2' give 'Nick Fury' get 100")
    st, _ = act(st, 1, "accept")
    assert Action("ask", ("Nick Fury",)) not in G.legal_actions(st, 2)
    with pytest.raises(IllegalAction, match="no longer have"):
        act(st, 2, "ask 'Nick Fury'")


def test_winter_soldier_four_times_the_dice_and_ten_times_with_both() -> None:
    st = new()
    give(st, 1, "Winter Soldier")
    st.pos[0] = 9
    rig(st, ("roll", (1, 2)), ("roll", (3, 4)))
    st, ev = act(st, 0, "roll")
    (claim,) = [e for e in ev if e.kind == "claim"]  # the page's words for a dice hero's due
    assert "may ask Player 1 for 4 times a roll of the dice for Winter Soldier" in claim.text
    st, ev = act(st, 1, "ask 'Winter Soldier'")
    assert st.cash == [1500 - 28, 1500 + 28]
    # the roll's line gives the sum and the amount: "4 times" alone was cut short
    roll = next(e.text for e in ev if e.kind == "roll")
    assert roll == "Player 1 rolls 3+4 for Winter Soldier: 4 times 7 is M28", roll
    st = new()
    give(st, 1, "Winter Soldier", "Black Panther")
    st.sidelined[h("Black Panther")] = True  # still counts as drafted
    st.pos[0] = 9
    rig(st, ("roll", (1, 2)), ("roll", (3, 4)))
    st, _ = act(st, 0, "roll")
    st, _ = act(st, 1, "ask 'Winter Soldier'")
    assert st.cash == [1500 - 70, 1500 + 70]


def test_unpaid_payment_becomes_a_debt_to_raise() -> None:
    st = new()
    give(st, 1, "Nick Fury")
    give(st, 0, "Hulk")
    st.cash[0] = 2
    st = _land_on(st, 0, 0, (1, 2))
    st, _ = act(st, 1, "ask 'Nick Fury'")
    assert G.to_move(st) == (0,) and st.debts == [(0, 1, 4, "Nick Fury")]
    assert {a.kind for a in G.legal_actions(st, 0)} >= {"sideline"}
    assert "bankrupt" not in {a.kind for a in G.legal_actions(st, 0)}
    st, _ = act(st, 0, "sideline Hulk")
    st, _ = act(st, 0, "pay")
    assert st.cash == [2 + B.sideline[h("Hulk")] - 4, 1504] and not st.debts


def test_a_debt_paid_after_raising_money_says_what_it_was_for() -> None:
    """The payment's line names what it pays for, as an immediate payment's line does; the
    view's pending debt says it too (the page's debt line)."""
    st = new()
    give(st, 1, "Nick Fury")
    give(st, 0, "Hulk")
    st.cash[0] = 2
    st = _land_on(st, 0, 0, (1, 2))
    st, events = act(st, 1, "ask 'Nick Fury'")
    assert next(e.text for e in events if e.kind == "debt").startswith(
        "Player 1 owes M4 to Player 2 (Nick Fury)"
    )
    assert G.view(st, None)["debt"] == {"debtor": 0, "creditor": 1, "amount": 4, "why": "Nick Fury"}
    st, _ = act(st, 0, "sideline Hulk")
    st, events = act(st, 0, "pay")
    assert [e.text for e in events] == ["Player 1 pays M4 to Player 2 (Nick Fury)"]
    assert events[0].data["why"] == "Nick Fury"


# -- action spaces ----------------------------------------------------------------------------
def test_child_of_thanos_escape_gives_another_turn() -> None:
    st = new()
    st.pos[0] = 1
    need = B.number[5]
    rig(st, ("roll", (1, 3)), ("die", need))
    st, ev = act(st, 0, "roll")
    assert st.phase == START and st.current == 0 and st.cash[0] == 1500
    battle = next(e for e in ev if e.kind == "child-of-thanos")
    assert battle.data["escaped"]
    assert (
        f"(needs a {need}): rolls {need}: escapes" in battle.text
    )  # "needs 2" read as "2 or more"


def test_child_of_thanos_lost_battle_pays_200() -> None:
    st = new()
    st.pos[0] = 1
    miss = 1 if B.number[5] != 1 else 6
    rig(st, ("roll", (1, 3)), ("die", miss))
    st, _ev = act(st, 0, "roll")
    assert st.cash[0] == 1300 and st.phase == END


def test_child_of_thanos_one_die_plus_one_per_hero_card_held() -> None:
    st = new()
    give(st, 0, "Nick Fury", "Hulk")
    st.sidelined[h("Hulk")] = True  # a sidelined card is still held
    st.pos[0] = 1
    miss = 1 if B.number[5] != 1 else 6
    rig(st, ("roll", (1, 3)), ("die", miss), ("die", miss), ("die", miss))
    st, ev = act(st, 0, "roll")
    battle = next(e for e in ev if e.kind == "child-of-thanos")
    assert len(battle.data["rolls"]) == 3 and st.cash[0] == 1300
    st = new()
    give(st, 0, "Nick Fury", "Hulk")
    st.pos[0] = 1
    rig(st, ("roll", (1, 3)), ("die", miss), ("die", B.number[5]))
    st, ev = act(st, 0, "roll")  # stops at the first match
    battle = next(e for e in ev if e.kind == "child-of-thanos")
    assert battle.data["rolls"] == [miss, B.number[5]] and st.cash[0] == 1500


def _top(st, deck: int, title_part: str) -> int:
    card = next(c for c in st.decks[deck] if title_part in B.cards[c].title)
    st.decks[deck].remove(card)
    st.decks[deck].insert(0, card)
    return card


def test_card_taken_from_the_top_done_and_put_at_the_bottom() -> None:
    st = new()
    card = _top(st, 1, "advance to GO")
    st.pos[0] = 4
    rig(st, ("roll", (1, 2)))
    st, _ = act(st, 0, "roll")
    assert st.pos[0] == 0 and st.cash[0] == 1700 and st.decks[1][-1] == card


def test_jail_free_card_kept_then_used_and_returned_to_the_bottom() -> None:
    st = new()
    card = _top(st, 0, "release")
    st.pos[0] = 0
    rig(st, ("roll", (1, 1)))
    st, _ = act(st, 0, "roll")
    assert st.held[0] == [card] and len(st.decks[0]) == 15
    st.jail[0], st.pos[0], st.phase = 0, B.jail, START
    st, _ = act(st, 0, "use stark-card")
    assert st.jail[0] == -1 and st.held[0] == [] and st.decks[0][-1] == card


def test_collect_from_each_player_and_repairs_per_base_and_headquarters() -> None:
    st = new(3)
    _top(st, 0, "Team fundraiser")
    st = _land_on(st, 0, 14, (1, 2))  # Stark Industries
    assert st.cash == [1600, 1450, 1450]
    st = new()
    give(st, 0, "Maria Hill", "Nick Fury")
    st.level[h("Maria Hill")], st.level[h("Nick Fury")] = HQ, 4
    st.bases, st.hqs = 28, 11
    card = B.cards[_top(st, 0, "Facility upgrades")]
    st = _land_on(st, 0, 14, (1, 2))
    assert st.cash[0] == 1500 - (4 * card.base + card.hq)


def test_ultron_and_hela_pay_the_bank() -> None:
    for start, dice, space in ((1, (1, 2), 4), (35, (1, 2), 38)):
        st = new()
        st = _land_on(st, 0, start, dice)
        assert st.cash[0] == 1500 - B.amount[space] and st.bank_net == -B.amount[space]


def test_go_to_jail_space() -> None:
    st = new()
    st = _land_on(st, 0, 27, (1, 2))
    assert st.pos[0] == B.jail and st.jail[0] == 0 and st.cash[0] == 1500 and st.phase == END


# -- Jail ----------------------------------------------------------------------------------------
def _jailed(turns: int = 0):
    st = new()
    st.pos[0], st.jail[0] = B.jail, turns
    give(st, 0, "Ant-Man", "Wasp")
    return st


def test_jail_pay_50_then_roll_as_normal() -> None:
    st = _jailed()
    st, _ = act(st, 0, "pay")
    assert st.cash[0] == 1450 and st.jail[0] == -1
    rig(st, ("roll", (3, 3)))
    st, _ = act(st, 0, "roll")
    assert st.pos[0] == 16 and st.phase == START  # doubles after paying: another turn


def test_jail_doubles_free_you_but_end_the_turn() -> None:
    st = _jailed()
    rig(st, ("roll", (3, 3)))
    st, _ = act(st, 0, "roll")
    assert st.pos[0] == 16 and st.jail[0] == -1 and st.phase == END and st.cash[0] == 1500


def test_a_child_of_thanos_escape_after_leaving_jail_by_doubles_gives_another_roll() -> None:
    """Reading (docs/monopoly.md, Children of Thanos): the escape's "Take another turn" holds
    after a roll out of Jail too, though the doubles themselves give none."""
    st = _jailed()
    _top(st, 1, "Hunt the nearest")  # Infinity Gauntlet at 22: on to Corvus Glaive
    corvus = B.names.index("Corvus Glaive")
    rig(st, ("roll", (6, 6)), ("die", B.number[corvus]))
    st, ev = act(st, 0, "roll")
    assert st.pos[0] == corvus and st.jail[0] == -1
    assert next(e for e in ev if e.kind == "child-of-thanos").data["escaped"]
    assert st.phase == START and st.current == 0


def test_jail_failed_roll_stays() -> None:
    st = _jailed()
    rig(st, ("roll", (1, 2)))
    st, ev = act(st, 0, "roll")
    assert st.pos[0] == B.jail and st.jail[0] == 1 and st.phase == END
    # The log says so: a roll with no move would read as a lost turn.
    assert [e.text for e in ev if e.kind == "jail-stay"] == [
        "Player 1 stays in Jail (no doubles: try 1 of 3)"
    ]


def test_the_log_tells_jail_from_just_visiting_and_leaving_by_doubles() -> None:
    st = _jailed()
    rig(st, ("roll", (3, 3)))
    st, ev = act(st, 0, "roll")
    assert [e.text for e in ev if e.kind == "jail-doubles"] == [
        "Player 1 leaves Jail with doubles (doubles out of Jail give no roll again)"
    ]
    st = new()
    st.pos[0] = 7
    rig(st, ("roll", (1, 2)))
    st, ev = act(st, 0, "roll")
    assert st.jail[0] == -1 and st.phase == END
    assert [e.text for e in ev if e.kind == "land"] == ["Player 1 lands on Jail (Just Visiting)"]


def test_jail_fine_is_paid_at_the_start_of_a_turn_only() -> None:
    """How do I get out of Jail, option 1: "Pay 50 at the start of your next turn"."""
    st = _jailed()
    rig(st, ("roll", (1, 2)))
    st, _ = act(st, 0, "roll")
    assert st.phase == END and "pay" not in {a.kind for a in G.legal_actions(st, 0)}
    with pytest.raises(IllegalAction, match="starting a turn in Jail"):
        act(st, 0, "pay")
    assert st.jail[0] == 1 and st.cash[0] == 1500


def test_jail_third_failure_pays_50_and_moves() -> None:
    st = _jailed(2)
    rig(st, ("roll", (1, 2)))
    st, _ = act(st, 0, "roll")
    assert st.pos[0] == 13 and st.jail[0] == -1 and st.cash[0] == 1450 and st.phase == END


def test_jailed_player_still_collects_builds_and_trades() -> None:
    st = new()
    st.pos[1], st.jail[1] = B.jail, 0
    give(st, 1, "Nick Fury", "Maria Hill")
    st = _land_on(st, 0, 0, (1, 2))
    st, _ = act(st, 1, "ask 'Nick Fury'")
    assert st.cash[1] == 1508
    st, _ = act(st, 0, "end")
    st.current, st.window = 0, [1]  # Player 2 waits in the window before Player 1 rolls
    legal = {a.kind for a in G.legal_actions(st, 1)}
    assert {"build", "sideline", "offer", "done"} <= legal


# -- buildings ------------------------------------------------------------------------
def _brown(seat: int = 0):
    st = new()
    give(st, seat, "Maria Hill", "Nick Fury")
    return st


def test_build_only_on_complete_sets() -> None:
    st = new()
    give(st, 0, "Maria Hill")
    with pytest.raises(IllegalAction, match="whole"):
        act(st, 0, "build 'Maria Hill'")


def test_build_evenly_up_to_4_bases_then_hq_returns_them() -> None:
    st = _brown()
    st, _ = act(st, 0, "build 'Maria Hill'")
    with pytest.raises(IllegalAction, match="evenly"):
        act(st, 0, "build 'Maria Hill'")
    for _ in range(3):
        st, _ = act(st, 0, "build 'Nick Fury'")
        st, _ = act(st, 0, "build 'Maria Hill'")
    st, _ = act(st, 0, "build 'Nick Fury'")
    assert st.level[h("Maria Hill")] == 4 and st.bases == 24
    st, _ = act(st, 0, "build 'Maria Hill'")
    assert st.level[h("Maria Hill")] == HQ and st.bases == 28 and st.hqs == 11
    with pytest.raises(IllegalAction, match="Headquarters already"):
        act(st, 0, "build 'Maria Hill'")
    assert st.cash[0] == 1500 - 8 * 50 - 50 and st.bank_net == -450


def test_no_building_with_a_sidelined_hero_in_the_set() -> None:
    st = _brown()
    st.sidelined[h("Nick Fury")] = True
    with pytest.raises(IllegalAction, match="sidelined"):
        act(st, 0, "build 'Maria Hill'")


def test_no_buildings_left() -> None:
    """Building Shortage: no building of the kind asked is left in the Bank, none is built;
    Bases and Headquarters each (a set ready for Headquarters with none left)."""
    st = _brown()
    st.bases = 0
    with pytest.raises(IllegalAction, match="no Bases"):
        act(st, 0, "build 'Maria Hill'")
    st = _brown()
    st.level[h("Maria Hill")] = st.level[h("Nick Fury")] = B.max_bases
    st.bases -= 2 * B.max_bases
    st.hqs = 0
    with pytest.raises(IllegalAction, match="no Headquarters"):
        act(st, 0, "build 'Maria Hill'")
    st.hqs = 1  # the last one: asked for, then built (no one else wants one)
    st, _ = act(st, 0, "build 'Maria Hill'")
    assert st.hqs == 0 and st.level[h("Maria Hill")] == HQ


def test_last_base_auctioned_when_another_player_wants_it() -> None:
    st = _brown()
    give(st, 1, "Wong", "Okoye", "Shuri")
    st.bases = 1
    st, ev = act(st, 0, "build 'Maria Hill'")
    assert "call" in kinds(ev) and G.to_move(st) == (1,)
    st, _ = act(st, 1, "want Wong")
    assert st.auction is not None and set(G.to_move(st)) == {0, 1}
    st, _ = act(st, 1, "bid 10")
    st, _ = act(st, 0, "pass")
    assert st.level[h("Wong")] == 1 and st.level[h("Maria Hill")] == 0
    assert st.bases == 0 and st.cash == [1500, 1490]


def test_last_base_sold_at_cost_when_no_one_else_wants_it() -> None:
    st = _brown()
    give(st, 1, "Wong", "Okoye", "Shuri")
    st.bases = 1
    st, _ = act(st, 0, "build 'Maria Hill'")
    st, _ = act(st, 1, "pass")
    assert st.level[h("Maria Hill")] == 1 and st.cash[0] == 1450


def test_selling_half_price_evenly_and_hq_back_into_4_bases() -> None:
    st = _brown()
    st.level[h("Maria Hill")] = HQ
    st.level[h("Nick Fury")] = 4
    st.hqs, st.bases = 11, 28
    with pytest.raises(IllegalAction, match="evenly"):
        act(st, 0, "sell 'Nick Fury'")
    st, _ = act(st, 0, "sell 'Maria Hill'")
    assert st.level[h("Maria Hill")] == 4 and st.hqs == 12 and st.bases == 24
    assert st.cash[0] == 1525
    st, _ = act(st, 0, "sell 'Nick Fury'")
    assert st.level[h("Nick Fury")] == 3 and st.bases == 25 and st.cash[0] == 1550


def test_hq_cannot_be_sold_without_4_bases_in_the_bank() -> None:
    st = _brown()
    st.level[h("Maria Hill")] = HQ
    st.level[h("Nick Fury")] = HQ
    st.bases = 3
    with pytest.raises(IllegalAction, match="4 to exchange"):
        act(st, 0, "sell 'Maria Hill'")


# -- sidelining ------------------------------------------------------------------------
def test_sideline_and_reactivate() -> None:
    st = _brown()
    st.level[h("Nick Fury")] = 1
    with pytest.raises(IllegalAction, match="sell every building"):
        act(st, 0, "sideline 'Maria Hill'")
    st.level[h("Nick Fury")] = 0
    st, _ = act(st, 0, "sideline 'Maria Hill'")
    assert st.sidelined[h("Maria Hill")] and st.cash[0] == 1500 + B.sideline[h("Maria Hill")]
    st, _ = act(st, 0, "reactivate 'Maria Hill'")
    cost = B.reactivate[h("Maria Hill")]
    assert not st.sidelined[h("Maria Hill")] and st.cash[0] == 1500 + 30 - cost


# -- trades ------------------------------------------------------------------------
def test_trade_hero_for_cash_and_card() -> None:
    st = new()
    give(st, 1, "Hulk")
    st.held[0].append(_top(st, 0, "release"))
    st.decks[0].pop(0)
    st, _ = act(st, 0, "offer 'Player 2' give 300 stark-card get Hulk")
    assert G.to_move(st) == (1,)
    st, _ = act(st, 1, "accept")
    assert st.owner[h("Hulk")] == 0 and st.cash == [1200, 1800] and len(st.held[1]) == 1


def test_the_fee_for_keeping_a_hero_sidelined_is_paid_before_the_next_heros_choice() -> None:
    """Deals & Trades: the new owner keeps a sidelined hero by paying 10% "now". With two in
    one deal, the fee for the first is paid before the second's choice, so that money cannot
    reactivate the second and the fee then become a debt (it used to wait for every choice)."""
    st = new()
    give(st, 1, "Hulk", "Thor")
    for name in ("Hulk", "Thor"):
        st.sidelined[h(name)] = True
    fee, cost = B.keep_fee(h("Hulk")), B.reactivate[h("Thor")]
    st.bank_net += (10 + cost) - st.cash[0]  # the Bank took the rest: money is kept
    st.cash[0] = 10 + cost
    st, _ = act(st, 0, "offer 'Player 2' give 10 get Hulk Thor")
    st, _ = act(st, 1, "accept")
    assert st.cash[0] == cost
    st, ev = act(st, 0, "keep Hulk")
    assert st.cash[0] == cost - fee and not st.tasks
    assert [e.text for e in ev] == [
        "Player 1 keeps Hulk sidelined",
        f"Player 1 pays M{fee} to the Bank (keeping Hulk sidelined)",
    ]
    assert [a.text() for a in G.legal_actions(st, 0)] == ["keep Thor"]
    with pytest.raises(IllegalAction, match=f"reactivating costs M{cost}"):
        act(st, 0, "reactivate Thor")
    st, _ = act(st, 0, "keep Thor")
    assert st.cash[0] == cost - fee - B.keep_fee(h("Thor")) and st.debts == []
    assert G.invariants(st) == []


def test_the_log_writes_deals_with_m_amounts_and_an_empty_side_as_nothing() -> None:
    st = new()
    give(st, 0, "Hulk")
    st, ev = act(st, 0, "offer 'Player 2' give Hulk get")
    assert ev[-1].text == "Player 1 offers Player 2: Hulk for nothing"
    st, ev = act(st, 1, "accept")
    assert ev[-1].text == "Player 2 accepts: Player 1 gives Hulk, gets nothing"
    st, ev = act(st, 0, "offer 'Player 2' give 100 get Hulk")
    assert ev[-1].text == "Player 1 offers Player 2: M100 for Hulk"
    st, ev = act(st, 1, "accept")
    assert ev[-1].text == "Player 2 accepts: Player 1 gives M100, gets Hulk"


def test_declined_trade_changes_nothing_but_counts() -> None:
    st = new()
    give(st, 1, "Hulk")
    st, _ = act(st, 0, "offer 'Player 2' give 300 get Hulk")
    st, _ = act(st, 1, "decline")
    assert st.owner[h("Hulk")] == 1 and st.cash == [1500, 1500] and st.offers_made[0] == 1


def test_money_may_be_typed_as_the_board_writes_it() -> None:
    """Every amount on the board and in the log reads "M10"; typed so in an offer it was
    refused as "not a hero, an amount or a card"."""
    st = new()
    give(st, 1, "Hulk")
    typed = G.parse(st, 0, "offer p2 give M300 get hulk")
    assert typed == G.parse(st, 0, "offer 'Player 2' give 300 get Hulk")
    st, events = act(st, 0, "offer p2 give m300 get Hulk")
    assert st.offer is not None and st.offer.give_cash == 300, events
    assert G.parse(st, 0, "bid M30").args == (30,)
    assert G.parse(st, 0, "bid Mx").args == ("Mx",)  # not an amount: refused as typed


def test_offers_have_no_limit_a_turn() -> None:
    """Deals & Trades allow trading at any time: a fourth, fifth... offer in a turn too."""
    st = new()
    give(st, 1, "Hulk", "Thor")
    for k in range(6):
        hero = ("Hulk", "Thor")[k % 2]
        assert any(a.kind == "offer" for a in G.legal_actions(st, 0))
        st, _ = act(st, 0, f"offer 'Player 2' give 300 get {hero}")
        st, _ = act(st, 1, "decline")
    assert st.offers_made[0] == 6 and G.view(st, 0)["offers_made"] == [6, 0]


def test_an_offer_just_declined_is_refused_until_something_else_happens() -> None:
    """The same offerer, receiver and terms, right after the receiver declined them: refused
    (and not offered); after any other action it may be made again."""
    st = new()
    give(st, 1, "Hulk", "Thor")
    give(st, 0, "Maria Hill")
    sample = Action("offer", ("Player 2", "give", 300, "get", "Hulk"))
    assert sample in G.legal_actions(st, 0)
    st, _ = act(st, 0, "offer 'Player 2' give 300 get Hulk")
    st, _ = act(st, 1, "decline")
    assert G.view(st, 0)["declined"] == {
        "proposer": 0,
        "receiver": 1,
        "give": [300],
        "get": ["Hulk"],
    }
    assert sample not in G.legal_actions(st, 0)
    with pytest.raises(IllegalAction, match="just declined"):
        act(st, 0, "offer 'Player 2' give 300 get Hulk")
    st, _ = act(st, 0, "offer 'Player 2' give 301 get Hulk")  # other terms: an offer
    st, _ = act(st, 1, "decline")
    st, _ = act(st, 0, "offer 'Player 2' give 300 get Hulk")  # no longer the last declined
    st, _ = act(st, 1, "decline")
    st, _ = act(st, 0, "sideline 'Maria Hill'")  # anything else happening also lifts it
    assert G.view(st, 0)["declined"] is None and sample in G.legal_actions(st, 0)
    st, _ = act(st, 0, "offer 'Player 2' give 300 get Hulk")
    assert st.offer is not None


def test_no_trade_of_heroes_in_a_set_with_buildings_nor_cash_alone() -> None:
    st = _brown(1)
    st.level[h("Nick Fury")] = 1
    with pytest.raises(IllegalAction, match="sell the buildings"):
        act(st, 0, "offer 'Player 2' give 300 get 'Maria Hill'")
    with pytest.raises(IllegalAction, match="cash alone"):
        act(st, 0, "offer 'Player 2' give 300 get")
    # nothing at all is no cash-alone deal: it was told "not cash alone" all the same
    with pytest.raises(IllegalAction, match=r"^an offer gives or asks for something"):
        act(st, 0, "offer 'Player 2' give get")


def test_trading_a_sidelined_hero_new_owner_reactivates_or_pays_10_percent() -> None:
    for choice in ("keep", "reactivate"):
        st = new()
        give(st, 1, "Hulk")
        st.sidelined[h("Hulk")] = True
        st, _ = act(st, 0, "offer 'Player 2' give 100 get Hulk")
        st, _ = act(st, 1, "accept")
        assert G.to_move(st) == (0,) and {a.kind for a in G.legal_actions(st, 0)} == {
            "keep",
            "reactivate",
        }
        st, _ = act(st, 0, f"{choice} Hulk")
        cost = B.reactivate[h("Hulk")]
        paid = -(-cost // 10) if choice == "keep" else cost
        assert st.cash[0] == 1400 - paid
        assert st.sidelined[h("Hulk")] == (choice == "keep")


# -- bankruptcy ------------------------------------------------------------------------
def _owes(players: int, creditor: int, amount: int):
    st = new(players)
    give(st, 0, "Nick Fury")
    st.held[0].append(_top(st, 1, "frees"))
    st.decks[1].pop(0)
    st.cash[0] = 5
    st.bank_net -= 1495  # as if the Bank had taken it
    st.tasks = [("pay", 0, creditor, amount, "test")]
    st.phase = "busy"
    from warroom.games.monopoly_avengers import _proceed

    _proceed(st, [])
    return st


def test_bankrupt_only_after_raising_money() -> None:
    st = _owes(3, 1, 500)
    with pytest.raises(IllegalAction, match="first raise money"):
        act(st, 0, "bankrupt")
    st, _ = act(st, 0, "sideline 'Nick Fury'")
    assert "bankrupt" in {a.kind for a in G.legal_actions(st, 0)}


def test_bankrupt_to_a_player_gives_cash_sidelined_heroes_and_cards() -> None:
    st = _owes(3, 1, 500)
    st, _ = act(st, 0, "sideline 'Nick Fury'")
    st, ev = act(st, 0, "bankrupt")
    assert not st.alive[0] and st.cash[0] == 0 and st.cash[1] == 1535
    text = next(e.text for e in ev if e.kind == "bankrupt")
    assert text == (
        "Player 1 is bankrupt; Player 2 takes M35, 1 hero and 1 Get Out of Jail Free card"
    )
    assert st.owner[h("Nick Fury")] == 1 and st.sidelined[h("Nick Fury")]
    assert len(st.held[1]) == 1 and G.to_move(st) == (1,)
    st, _ = act(st, 1, "keep 'Nick Fury'")
    assert st.cash[1] == 1535 - B.keep_fee(h("Nick Fury"))
    assert G.invariants(st) == []


def test_bankrupt_to_the_bank_heroes_reactivated_and_auctioned_cards_back() -> None:
    st = _owes(3, BANK, 500)
    card = st.held[0][0]
    st, _ = act(st, 0, "sideline 'Nick Fury'")
    st, ev = act(st, 0, "bankrupt")
    assert next(e.text for e in ev if e.kind == "bankrupt") == (
        "Player 1 is bankrupt; the Bank takes M35 and 1 hero; 1 Get Out of Jail Free card"
        " back to the bottom of its deck"
    )
    assert st.owner[h("Nick Fury")] == BANK and not st.sidelined[h("Nick Fury")]
    assert st.auction is not None and st.auction.space == h("Nick Fury")
    assert [len(d) for d in st.decks] == [16, 16] and st.cash[0] == 0
    assert st.decks[1][-1] == card  # to the bottom of its deck
    assert G.invariants(st) == []
    st, _ = act(st, 2, "bid 10")
    st, _ = act(st, 1, "pass")
    assert st.owner[h("Nick Fury")] == 2 and st.current == 1  # the bankrupt's turn passed


def _stuck_headquarters(debt: int) -> MonoState:
    """Player 1 owes the Bank `debt` with M5 and the brown set under two Headquarters that
    cannot be sold: the Bank has 3 Bases, the other 29 are on Player 2's heroes."""
    st = _owes(3, BANK, debt)
    st.tasks = [("after",)]  # the rest of Player 1's turn, once the debt is settled
    give(st, 0, "Maria Hill")
    st.level[h("Nick Fury")] = st.level[h("Maria Hill")] = HQ
    st.hqs = 10
    for name, level in (("Wong", 4), ("Okoye", 4), ("Shuri", 4), ("Falcon", 4), ("Wasp", 4)):
        give(st, 1, name)
        st.level[h(name)] = level
    give(st, 1, "Valkyrie", "Ant-Man", "Hawkeye", "Black Widow")
    st.level[h("Valkyrie")] = 4
    st.level[h("Ant-Man")], st.level[h("Hawkeye")], st.level[h("Black Widow")] = 2, 2, 1
    st.bases = 3
    assert G.invariants(st) == []
    assert {a.kind for a in G.legal_actions(st, 0)} == {"offer", "bankrupt"}
    return st


def test_bankruptcy_sells_what_lacked_bases_and_sidelines_its_heroes_first() -> None:
    """Help! I Can't Pay, read: a Headquarters that could not be sold for want of 4 Bases is
    sold at half its cost (with its 4 Bases) and the heroes it kept from being sidelined are
    sidelined; if that pays the debt, it is paid."""
    hq = B.hq_cost[h("Nick Fury")] + 4 * B.base_cost[h("Nick Fury")]
    raised = 5 + hq + B.sideline[h("Nick Fury")] + B.sideline[h("Maria Hill")]  # 315
    st, _ = act(_stuck_headquarters(raised), 0, "bankrupt")
    assert st.alive[0] and st.cash[0] == 0 and not st.debts and st.phase == END
    assert st.sidelined[h("Nick Fury")] and st.sidelined[h("Maria Hill")]
    assert st.level[h("Nick Fury")] == 0 and st.hqs == 12 and st.bases == 3
    assert G.invariants(st) == []
    st, _ = act(_stuck_headquarters(raised + 1), 0, "bankrupt")
    assert not st.alive[0] and st.owner[h("Maria Hill")] == BANK and G.invariants(st) == []


def test_last_player_with_money_wins() -> None:
    st = _owes(2, 1, 500)
    st, _ = act(st, 0, "sideline 'Nick Fury'")
    st, _ = act(st, 0, "bankrupt")
    out = G.outcome(st)
    assert out is not None and out.winners == (1,) and out.ranking == (1, 0)
    assert G.to_move(st) == ()


def test_turn_limit_is_not_a_rulebook_ending() -> None:
    st = new(turn_limit=1)
    st.pos[0] = 15
    rig(st, ("roll", (2, 3)))
    st, _ = act(st, 0, "roll")
    st.cash[1] = 2000
    st, _ = act(st, 0, "end")
    out = G.outcome(st)
    assert out is not None and "not a rulebook ending" in out.reason and out.winners == (1,)


# -- refusals ------------------------------------------------------------------------
@pytest.mark.parametrize(
    "seat,text,error",
    [
        (0, "fly", MalformedAction),
        (0, "roll 3", MalformedAction),
        (0, "end", IllegalAction),
        (0, "build Nobody", IllegalAction),
        (0, "bid 20", IllegalAction),
        (1, "roll", IllegalAction),
        (0, "offer 'Player 9' give 10 get Hulk", IllegalAction),
    ],
)
def test_refused_actions_leave_the_state_unchanged(seat: int, text: str, error: type) -> None:
    st = new()
    before = st.copy()
    with pytest.raises(error):
        act(st, seat, text)
    assert G.view(st, None) == G.view(before, None) and st.rng.to_json() == before.rng.to_json()
    assert st.decks == before.decks and st.tasks == before.tasks


def test_ending_the_turn_too_soon_says_what_comes_first() -> None:
    """The player to roll was told that only the player whose turn it is ends it; then the
    phase's id ("(start step)"): now what comes first, in words."""
    st = new()
    with pytest.raises(
        IllegalAction, match=r"^cannot end the turn before rolling the dice; now you may: .*roll"
    ):
        act(st, 0, "end")


# -- copies and observations -----------------------------------------------------------------
def test_copies_and_observations_carry_every_field() -> None:
    """`MonoState` copies and observations set their fields one by one (`_sharing`, faster
    than the generated constructor): each field must be there, the same as the state's but
    for what an observation hides (the generator, the decks' order)."""
    st = new(players=3)
    st.moving = (0,)
    give(st, 1, "Hulk")
    seen = G.observe(st, 1)
    twin = st.copy()
    for f in fields(MonoState):
        if f.name != "moving":  # a copy works out afresh who decides
            assert getattr(twin, f.name) == getattr(st, f.name), f.name
        if f.name not in ("rng", "decks", "shown"):
            assert getattr(seen, f.name) == getattr(st, f.name), f.name
    assert twin.moving is None and seen.shown is None
    assert seen.decks == [sorted(d) for d in st.decks] and seen.rng.to_json() == [0, 0]


# -- second audit: what no test above would have caught -------------------------------------------
def test_setup_shuffles_both_decks_and_rolls_for_first_with_both_dice() -> None:
    """Setup steps 3-4 shuffle both decks; Game Play's roll-off is on both dice (a seed where
    one die would seat another player first shows which the setup rolled)."""
    dealt = [G.new_game(3, seed, {}).decks for seed in (1, 2)]
    for decks in dealt:
        assert all(deck != sorted(deck) for deck in decks)
    assert dealt[0] != dealt[1]
    seed = next(
        s
        for s in range(1, 1000)
        if roll_for_first(make_rng(DEFAULT_GENERATOR, s), 3, dice=1)
        != roll_for_first(make_rng(DEFAULT_GENERATOR, s), 3, dice=2)
    )
    assert G.new_game(3, seed, {}).current == roll_for_first(
        make_rng(DEFAULT_GENERATOR, seed), 3, dice=2
    )


def test_a_go_to_jail_card_after_doubles_ends_the_turn_without_the_go_salary() -> None:
    st = new()
    card = _top(st, 0, "go to Jail")
    st.pos[0] = 0
    rig(st, ("roll", (1, 1)))  # doubles onto Stark Industries
    st, ev = act(st, 0, "roll")
    assert st.pos[0] == B.jail and st.jail[0] == 0 and st.cash[0] == 1500
    assert st.phase == END and not st.again and st.decks[0][-1] == card
    assert "salary" not in kinds(ev)


def test_a_card_the_bank_pays_says_so_in_the_log() -> None:
    """The cash went up with no line saying why (the card's title alone was logged)."""
    st = new()
    _top(st, 0, "Expense refund")
    st.pos[0] = 0
    rig(st, ("roll", (1, 1)))  # onto Stark Industries
    st, ev = act(st, 0, "roll")
    assert st.cash[0] == 1520
    assert "The Bank pays Player 1 M20 (Expense refund)" in [e.text for e in ev]


def test_pay_each_player_pays_every_other_player() -> None:
    st = new(3)
    card = B.cards[_top(st, 1, "pay each player")]
    st = _land_on(st, 0, 4, (1, 2))  # the Infinity Gauntlet
    assert st.cash == [1500 - 2 * card.amount, 1500 + card.amount, 1500 + card.amount]


def test_go_back_three_spaces_lands_and_does_what_the_space_says() -> None:
    st = new()
    _top(st, 1, "go back 3")
    st = _land_on(st, 0, 4, (1, 2))  # the Infinity Gauntlet on 7, back to Ultron on 4
    assert st.pos[0] == 4 and st.cash[0] == 1500 - B.amount[4]


def test_moved_back_onto_go_collects_the_salary() -> None:
    """Reading [GO] ("pass or land on"): a card moving a token back onto GO lands it there, so
    it collects; no packaged card can (its "back 3" is drawn 7 spaces from GO), so the board is
    an owner's file whose card goes back 7."""
    st = new()
    back = next(c for c in range(len(B.cards)) if B.cards[c].effect == "back")
    cards = list(B.cards)
    cards[back] = replace(cards[back], amount=7)
    st.board = replace(B, cards=tuple(cards))
    _top(st, 1, "go back")
    st = _land_on(st, 0, 4, (1, 2))
    assert st.pos[0] == B.go and st.cash[0] == 1500 + B.go_salary


def test_an_offer_reads_player_n_unquoted_and_heroes_by_a_unique_start() -> None:
    """Offers are composed, not listed, so the terminal's short forms cannot match them: the
    rules read `Player 2` unquoted as the receiver and a hero by the start of its name alone;
    a start several heroes share is refused naming them."""
    st = new()
    give(st, 0, "Iron Man", "Okoye")
    give(st, 1, "Hulk")
    typed = G.parse(st, 0, "offer player 2 give okoy 100 get hul")
    assert typed == Action("offer", ("Player 2", "give", "Okoye", 100, "get", "Hulk"))
    G.apply(st, 0, typed)
    with pytest.raises(MalformedAction, match="'iron' could be Iron Man or Iron Spider"):
        G.apply(st, 0, G.parse(st, 0, "offer p2 give iron get Hulk"))
