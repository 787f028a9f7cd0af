"""A greedy Monopoly bot: always asks for payment, drafts and bids towards colour sets,
builds evenly above a cash reserve, offers for heroes that complete its sets (a few offers a
turn at most: the rules set no limit), and raises money cheapest-first when in debt.

It sees only its observation (read directly: building JSON would cost more than the
rules) and the legal actions (the board itself is public component data).
Every action it returns is one of `legal`, or a trade offer checked against the same rules.
"""

from __future__ import annotations

from collections.abc import Sequence

from warroom.core.actions import Action
from warroom.core.game import Seat
from warroom.core.legal import Legal
from warroom.games.monopoly_avengers import (
    CARD_SUFFIX,
    DRAFT,
    START,
    MonoState,
    Offer,
    min_bid,
)
from warroom.rules import monopoly as mb
from warroom.rules.monopoly import HQ

RESERVE = 150  # cash kept back for payments
OFFERS_PER_TURN = 3  # the bot's own limit, counted from its view, so its turns end
ACCEPT, DECLINE, PASS, PAY, BANKRUPT = (
    Action(k) for k in ("accept", "decline", "pass", "pay", "bankrupt")
)
DRAFT_HERO, AUCTION_HERO, ROLL, DONE, END = (
    Action(k) for k in ("draft", "auction", "roll", "done", "end")
)


class GreedyMonopolyBot:
    name = "greedy"

    def __init__(self, mode: str, seed: int = 0) -> None:
        self.board = mb.board("avengers")
        # Worked out for one seat and one list of owners (`_know`), which rarely changes (a
        # draft, a trade, a bankruptcy) while a decision reads it: an auction's hundred bids
        # value the same hero, and every decision of a turn looks for builds and offers.
        self._me = -1
        self._owner: list[int] = []
        self._sets_found: tuple[list[int], list[int], list[int]] | None = None
        self._values: dict[int, int] = {}  # hero: `_value`
        self._bids: dict[int, Action] = {}  # by amount: a bid is most decisions

    # -- helpers ---------------------------------------------------------------------------
    def _completes(self, st: MonoState, me: int, s: int) -> bool:
        """Whether owning `s` would give `me` its whole colour set."""
        b = self.board
        if b.set_of[s] < 0:
            return False
        owner = st.owner
        # A list, not a generator: two or three members, asked for every hero every decision.
        return all([owner[t] == me for t in b.set_members[b.set_of[s]] if t != s])

    def _value(self, st: MonoState, me: int, s: int) -> int:
        """The price, doubled if `s` completes my set, half as much again if it would complete
        another player's (asked every bid: one pass over the set's other members)."""
        b = self.board
        v = b.price[s]
        if b.set_of[s] < 0:
            return v
        owners = {st.owner[t] for t in b.set_members[b.set_of[s]] if t != s}
        if not owners or owners == {me}:
            return v * 2
        if len(owners) == 1 and 0 <= next(iter(owners)) < st.players:
            return v * 3 // 2  # deny an opponent their set
        return v

    # -- choosing ----------------------------------------------------------------------------
    def choose(self, seat: Seat, observation: MonoState, legal: Sequence[Action]) -> Action:
        """Asks the rules `in` for the actions it would take, in the order of its priorities
        (the rules answer without listing every offer and sale), also for the heroes it
        may sell or sideline in debt; only the call for the last building and whether any
        offer is listed read the listing."""
        st = observation
        b = self.board
        me = seat
        cash = st.cash[me]
        allowed = Legal.of(legal)
        self._know(me, st.owner)
        if st.offer is not None and ACCEPT in allowed:  # the state first: cheaper than the rules
            return ACCEPT if self._good_offer(st, me) else DECLINE
        if st.acquire:  # a sidelined hero acquired: reactivate or keep it
            name = b.names[st.acquire[0][1]]
            keep = Action("keep", (name,))
            if keep in allowed:
                reactivate = Action("reactivate", (name,))
                if reactivate in allowed and cash - b.reactivate[st.acquire[0][1]] >= RESERVE:
                    return reactivate
                return keep
        for owner, _payer, s, _due in st.claims:  # the first payment it may ask for
            if owner == me:
                ask = Action("ask", (b.names[s],))
                if ask in allowed:
                    return ask
        # An auction is decided after any offer, acquired hero, debt or call (the rules'
        # order): with none of them, PASS is listed for whoever is asked.
        if st.auction is not None and not (st.offer or st.acquire or st.debts or st.call):
            return self._bid(st, me, cash, allowed)
        if st.call is not None and allowed.count_of("want"):
            return allowed.nth_of("want", 0) if cash >= 2 * RESERVE else PASS
        if st.debts and st.debts[-1][0] == me:
            return self._raise(st, me, allowed)
        if st.phase == DRAFT and AUCTION_HERO in allowed:  # listed with every draft
            s = st.pos[me]
            if DRAFT_HERO in allowed and (
                cash - b.price[s] >= RESERVE or self._completes(st, me, s)
            ):
                return DRAFT_HERO
            return AUCTION_HERO
        whole, wanted, mine = self._sets()
        build = self._build(st, me, cash, whole, allowed)
        if build is not None:
            return build
        for s in mine if True in st.sidelined else ():
            if st.sidelined[s] and cash - b.reactivate[s] >= 3 * RESERVE:
                reactivate = Action("reactivate", (b.names[s],))
                if reactivate in allowed:
                    return reactivate
        offer = self._offer(st, me, cash, wanted, allowed)
        if offer is not None:
            return offer
        if st.phase == START and me == st.current and ROLL in allowed:  # only theirs
            if st.jail[me] >= 0:
                for deck in b.decks:  # the first card it holds, in the listing's order
                    use = Action("use", (deck + CARD_SUFFIX,))
                    if use in allowed:
                        return use
                built = sum(1 for lv in st.level if lv)
                if PAY in allowed and built < 6 and cash >= 4 * RESERVE:
                    return PAY
            return ROLL
        for last in (END, DONE) if me == st.current else (DONE, END):  # theirs, or others'
            if last in allowed:
                return last
        return allowed[0]

    def _bid(self, st: MonoState, me: int, cash: int, allowed: Legal) -> Action:
        """The opening bid, then raises of M10 while this bot's limit allows them, else the
        least bid the rules allow if that is within the limit, else pass (any larger bid would
        be over the limit too).

        Not M1 at a time: two bots raising by the least bid took about 300 bids to settle a
        hero (two minutes of a served game at the bots' pace, and a log full of them). The
        winner pays at most M9 more than raises of M1 would have cost it."""
        au = st.auction
        assert au is not None
        b = self.board
        if au.building:
            limit = b.base_cost[au.space]
        else:
            limit = self._values.get(au.space, -1)
            if limit < 0:
                limit = self._values[au.space] = self._value(st, me, au.space)
        limit = min(limit, cash - RESERVE // 2)
        least = min_bid(st)
        # A raise of M10 is the least bid and 9 (the second bid the rules list).
        amount = least + 9 if au.bidder >= 0 and least + 9 <= limit else least
        bid = self._bids.get(amount)
        if bid is None:
            bid = self._bids[amount] = Action("bid", (amount,))
        return bid if amount <= limit and bid in allowed else PASS

    def _raise(self, st: MonoState, me: int, allowed: Legal) -> Action:
        """Pay if possible; else sell buildings, then sideline heroes outside full sets.

        Asks `in` for its heroes with a building, then those still active, in board order
        (the listing's), rather than reading the listing: a debtor's lists every offer too."""
        if PAY in allowed:
            return PAY
        b, owner, mine = self.board, st.owner, self._sets()[2]
        for s in mine:
            if st.level[s]:
                sell = Action("sell", (b.names[s],))
                if sell in allowed:
                    return sell
        sidelines = [
            s for s in mine if not st.sidelined[s] and Action("sideline", (b.names[s],)) in allowed
        ]
        if sidelines:

            def cost(s: int) -> tuple[bool, int]:
                in_set = b.set_of[s] >= 0 and all(
                    owner[t] == owner[s] for t in b.set_members[b.set_of[s]]
                )
                return in_set, b.sideline[s]

            return Action("sideline", (b.names[min(sidelines, key=cost)],))
        return BANKRUPT

    def _build(
        self, st: MonoState, me: int, cash: int, whole: list[int], allowed: Legal
    ) -> Action | None:
        """The build that adds the most payment per M, on the heroes of the sets it holds
        whole (`whole`: the only ones the rules let it build on), in board order."""
        b = self.board
        best: Action | None = None
        best_gain = 0.0
        for s in whole:
            lv = st.level[s]
            if lv == HQ:
                continue
            cost = b.hq_cost[s] if lv == b.max_bases else b.base_cost[s]
            if cash - cost < RESERVE:
                continue
            gain = (b.payments[s][lv + 1] - b.payments[s][lv]) / cost
            if gain > best_gain:
                build = Action("build", (b.names[s],))
                if build in allowed:
                    best, best_gain = build, gain
        return best

    def _offer(
        self, st: MonoState, me: int, cash: int, wanted: list[int], allowed: Legal
    ) -> Action | None:
        """Offer 2.5 times the price for a hero that completes a set, OFFERS_PER_TURN offers
        a turn at most, never the offer just declined (the rules refuse it), and only where
        the rules list offers now (any of them: this one is written out, not listed);
        `wanted`: the heroes that would complete a set of mine."""
        if st.offers_made[me] >= OFFERS_PER_TURN:
            return None
        b, owner, level = self.board, st.owner, st.level
        for s in wanted:
            if any([level[t] for t in b.set_members[b.set_of[s]]]):
                continue
            price = 5 * b.price[s] // 2
            if cash - price < RESERVE:
                continue
            if st.declined == Offer(me, owner[s], (), price, (), (s,), 0, ()):
                continue
            if "offer" not in allowed.kinds():
                return None
            return Action("offer", (f"Player {owner[s] + 1}", "give", price, "get", b.names[s]))
        return None

    def _know(self, me: int, owner: list[int]) -> None:
        """Forget what was worked out for another seat or other owners."""
        if me != self._me or owner != self._owner:
            self._me, self._owner = me, owner[:]
            self._sets_found = None
            self._values = {}

    def _sets(self) -> tuple[list[int], list[int], list[int]]:
        """The heroes of the sets I hold whole, those other players hold that would complete
        a set of mine (I hold all the set's others), and all my heroes, in board order."""
        if self._sets_found is None:
            me, owner = self._me, self._owner
            whole: list[int] = []
            wanted = []
            for members in self.board.set_members:
                others, other = 0, -1  # how many of the set are not mine; the last of them
                for t in members:
                    if owner[t] != me:
                        others, other = others + 1, t
                if not others:
                    whole += members
                elif others == 1 and owner[other] >= 0:
                    wanted.append(other)
            mine = [s for s in self.board.ownable if owner[s] == me]
            self._sets_found = (sorted(whole), sorted(wanted), mine)
        return self._sets_found

    def _good_offer(self, st: MonoState, me: int) -> bool:
        """Take a deal that gives more value than it costs, counting sets."""
        o = st.offer
        assert o is not None
        b = self.board

        def worth(heroes: tuple[int, ...], cash: int, cards: tuple[int, ...], for_me: bool) -> int:
            total = cash + b.jail_fine * len(cards)
            for s in heroes:
                total += self._value(st, me, s) if for_me else b.price[s]
                if not for_me and any(
                    self._completes(st, p, s) for p in range(st.players) if p != me
                ):
                    total += b.price[s]  # it would complete someone's set
            return total

        received = worth(o.give_heroes, o.give_cash, o.give_cards, True)
        given = worth(o.get_heroes, o.get_cash, o.get_cards, False)
        return received >= given
