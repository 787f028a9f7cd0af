"""Whole Monopoly games by random and greedy bots, beyond the contract suite every mode
passes (tests/contract): rankings, endings by the rules, and no card title in any view."""

from __future__ import annotations

import copy
import json
from dataclasses import replace

import pytest

from warroom.bots import make_bot
from warroom.bots.monopoly import RESERVE
from warroom.core import Action, Match, Rng, WarroomError
from warroom.games.monopoly_avengers import GAME, MonoState

MODE = GAME.id
CASES = [("random", 2, s) for s in (1, 2, 3)] + [("random", 4, s) for s in (4, 5, 6)]
CASES += [("greedy", 4, s) for s in (7, 8, 9, 10)] + [("greedy", 2, 11), ("greedy", 6, 12)]


def play(tier: str, players: int, seed: int, limit: int = 150) -> tuple[Match, list[MonoState]]:
    match = Match.start(MODE, players, seed, {"turn_limit": limit})
    bots = [make_bot(tier, MODE, seed * 10 + s) for s in range(players)]
    states = []
    while match.outcome() is None:
        assert len(match.record) < 30_000, "game did not finish"
        seat = match.to_move()[0]
        legal = match.legal(seat)
        assert legal, f"seat {seat} must move but has no legal action"
        states.append(match.state)
        match.act(seat, bots[seat].choose(seat, match.observe(seat), legal))  # raises if illegal
        problems = GAME.invariants(match.state)
        assert not problems, f"after {match.record[-1]}: {problems}"
    return match, states


@pytest.fixture(scope="module", params=CASES, ids=lambda c: f"{c[0]}-{c[1]}p-{c[2]}")
def played(request: pytest.FixtureRequest) -> tuple[Match, list[MonoState]]:
    return play(*request.param)


def test_games_finish_with_a_winner(played: tuple[Match, list[MonoState]]) -> None:
    match, _ = played
    out = match.outcome()
    assert out is not None and out.winners and set(out.ranking) == set(range(match.players))
    assert match.to_move() == ()


def test_greedy_games_mostly_end_by_the_rules() -> None:
    ends = [play("greedy", 4, s, 1000)[0].outcome() for s in range(20, 26)]
    assert sum("last player" in o.reason for o in ends if o) >= 4


def test_views_leak_no_deck_order(played: tuple[Match, list[MonoState]]) -> None:
    match, states = played
    rng = Rng(5)
    for state in states[:: max(1, len(states) // 30)]:
        for seat in range(match.players):
            view = GAME.view(state, seat)
            assert "rng" not in view and "deck" not in view and "decks" not in view
            blob = json.dumps(view)
            top = state.board.cards[state.decks[0][0]].title
            assert top not in blob
            other = GAME.resample_hidden(state, seat, rng)
            assert GAME.view(other, seat) == view


def test_greedy_bot_asks_for_payment() -> None:
    bot = make_bot("greedy", MODE, 0)
    match = Match.start(MODE, 2, 1)
    seen = match.observe(1)
    seen.claims = [(1, 0, seen.board.hero("Hulk"), 4)]  # Player 1 landed on Player 2's Hulk
    legal = [Action("forgo", ("Hulk",)), Action("ask", ("Hulk",)), Action("done")]
    assert bot.choose(1, seen, legal) == Action("ask", ("Hulk",))


def test_greedy_bot_makes_three_offers_a_turn_at_most_counted_from_its_view() -> None:
    """The rules set no limit on offers; the greedy bot keeps to three a turn, counting what
    its view shows (not what it remembers: a fresh bot does the same), and never makes the
    offer just declined (the rules refuse it)."""
    st = GAME.new_game(2, 1, {"turn_limit": 0})
    st.current, st.window = 0, []
    st.owner[st.board.hero("Maria Hill")] = 0
    st.owner[st.board.hero("Nick Fury")] = 1
    legal = GAME.legal_actions(st, 0)
    wanted = Action("offer", ("Player 2", "give", 150, "get", "Nick Fury"))
    assert make_bot("greedy", MODE, 0).choose(0, GAME.observe(st, 0), legal) == wanted
    for made, choice in ((2, wanted), (3, Action("roll"))):
        seen = GAME.observe(st, 0)
        seen.offers_made = [made, 0]
        assert make_bot("greedy", MODE, 0).choose(0, seen, legal) == choice
    st, _ = GAME.apply(st, 0, wanted)
    st, _ = GAME.apply(st, 1, Action("decline"))
    legal = GAME.legal_actions(st, 0)
    assert make_bot("greedy", MODE, 0).choose(0, GAME.observe(st, 0), legal) == Action("roll")


def test_greedy_bot_opens_at_the_least_bid_then_raises_by_m10_within_its_limit() -> None:
    """Raises of M10 (the least bid and 9), not of M1 (about 300 bids a hero between two
    greedy bots), then the least bid while that is within its limit, then it passes."""
    match = Match.start(MODE, 3, 4, {"turn_limit": 0})
    bots = [make_bot("greedy", MODE, s) for s in range(3)]
    while match.state.auction is None:  # greedy play to the first auction
        seat = match.to_move()[0]
        match.act(seat, bots[seat].choose(seat, match.observe(seat), match.legal(seat)))
    st = match.state
    assert st.auction is not None and st.auction.bidder < 0
    me = match.to_move()[0]
    other = next(p for p in range(3) if p != me)
    bot = make_bot("greedy", MODE, 9)
    opening = bot.choose(me, GAME.observe(st, me), GAME.legal_actions(st, me))
    assert opening == Action("bid", (st.board.bid_start,))
    limit = min(bot._value(st, me, st.auction.space), st.cash[me] - RESERVE // 2)
    assert limit > st.board.bid_start + 20, "the hero is worth bidding on"
    for high, choice in (
        (limit - 20, Action("bid", (limit - 10,))),  # a raise of M10
        (limit - 10, Action("bid", (limit,))),  # M10 up to the limit exactly
        (limit - 5, Action("bid", (limit - 4,))),  # M10 is over it: the least bid
        (limit, Action("pass")),
    ):
        bidding = copy.copy(st)
        bidding.auction = replace(st.auction, high=high, bidder=other)
        legal = GAME.legal_actions(bidding, me)
        assert bot.choose(me, GAME.observe(bidding, me), legal) == choice, high


@pytest.mark.parametrize(
    ("lineup", "seed"), [(("random", "greedy", "random"), 2), (("random",) * 2, 3)]
)
def test_the_view_says_who_may_deal_now(lineup: tuple[str, ...], seed: int) -> None:
    """`any_time` in the view (the page shows its offer composer from it) names exactly the
    seats whose written offer the rules would take now: an offer asking for another player's
    hero (its set unbuilt), checked for every living seat along a game with auctions, offers,
    debts and windows."""
    players = len(lineup)
    state = GAME.new_game(players, seed, {"turn_limit": 60})
    bots = [make_bot(tier, MODE, seed * 10 + s) for s, tier in enumerate(lineup)]
    checked: set[tuple[bool, str]] = set()
    while GAME.outcome(state) is None:
        dealers = GAME.view(state, None)["any_time"]
        b = state.board
        for p in range(players):
            for q in range(players):
                hero = next(
                    (
                        s
                        for s in b.ownable
                        if state.owner[s] == q
                        and (  # the dice heroes (set -1) are in no colour set
                            b.set_of[s] < 0
                            or not any(state.level[t] for t in b.set_members[b.set_of[s]])
                        )
                    ),
                    None,
                )
                if p == q or hero is None or not state.alive[p] or not state.alive[q]:
                    continue
                offer = Action("offer", (f"Player {q + 1}", "give", "get", b.names[hero]))
                try:
                    GAME.apply(state, p, offer)
                    taken = True
                except WarroomError:
                    taken = False
                assert taken == (p in dealers), (state.phase, p, dealers, offer)
                checked.add((taken, GAME.view(state, None)["step"].split(" ")[0]))
        seat = GAME.to_move(state)[0]
        legal = GAME.legal_actions(state, seat)
        state = GAME.play(state, seat, bots[seat].choose(seat, GAME.observe(state, seat), legal))
    assert {taken for taken, _ in checked} == {True, False}, checked
