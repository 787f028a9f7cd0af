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
from warroom.games.monopoly_avengers import MonoState, Offer
from warroom.rules import monopoly as mb

RESERVE = 150  # cash kept back for payments
OFFERS_PER_TURN = 3  # the bot's own limit, counted from its view, so its turns end


class GreedyMonopolyBot:
    name = "greedy"

    def __init__(self, mode: str, seed: int = 0) -> None:
        self.board = mb.board("avengers")

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
        b = self.board
        v = b.price[s]
        if self._completes(st, me, s):
            return v * 2
        if any(self._completes(st, p, s) for p in range(st.players) if p != me):
            return v * 3 // 2  # deny an opponent their set
        return v

    # -- choosing ----------------------------------------------------------------------------
    def choose(self, seat: Seat, observation: MonoState, legal: Sequence[Action]) -> Action:
        st = observation
        b = self.board
        me = seat
        cash = st.cash[me]
        by_kind: dict[str, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        if "accept" in by_kind:
            return Action("accept") if self._good_offer(st, me) else Action("decline")
        if "keep" in by_kind:
            s = b.hero(str(by_kind["keep"][0].args[0]))
            if "reactivate" in by_kind and cash - b.reactivate[s] >= RESERVE:
                return by_kind["reactivate"][0]
            return by_kind["keep"][0]
        if "ask" in by_kind:
            return by_kind["ask"][0]
        if "bid" in by_kind or (st.auction is not None and "pass" in by_kind):
            return self._bid(st, me, cash, by_kind)
        if "want" in by_kind:
            return by_kind["want"][0] if cash >= 2 * RESERVE else by_kind["pass"][0]
        if st.debts and st.debts[-1][0] == me:
            return self._raise(st, by_kind)
        if "draft" in by_kind or "auction" in by_kind:
            s = st.pos[me]
            if "draft" in by_kind and (cash - b.price[s] >= RESERVE or self._completes(st, me, s)):
                return by_kind["draft"][0]
            return by_kind["auction"][0]
        build = self._build(st, cash, by_kind)
        if build is not None:
            return build
        for a in by_kind.get("reactivate", []):
            if cash - b.reactivate[b.hero(str(a.args[0]))] >= 3 * RESERVE:
                return a
        offer = self._offer(st, me, cash, by_kind)
        if offer is not None:
            return offer
        if "roll" in by_kind:
            if st.jail[me] >= 0:
                if "use" in by_kind:
                    return by_kind["use"][0]
                built = sum(1 for lv in st.level if lv)
                if "pay" in by_kind and built < 6 and cash >= 4 * RESERVE:
                    return by_kind["pay"][0]
            return by_kind["roll"][0]
        for kind in ("done", "end"):
            if kind in by_kind:
                return by_kind[kind][0]
        return legal[0]

    def _bid(self, st: MonoState, me: int, cash: int, by_kind: dict[str, list[Action]]) -> Action:
        au = st.auction
        assert au is not None
        b = self.board
        limit = b.base_cost[au.space] if au.building else self._value(st, me, au.space)
        limit = min(limit, cash - RESERVE // 2)
        bids = [a for a in by_kind.get("bid", []) if isinstance(a.args[0], int)]
        ok = [a for a in bids if int(a.args[0]) <= limit]
        return min(ok, key=lambda a: int(a.args[0])) if ok else Action("pass")

    def _raise(self, st: MonoState, by_kind: dict[str, list[Action]]) -> Action:
        """Pay if possible; else sell buildings, then sideline heroes outside full sets."""
        if "pay" in by_kind:
            return by_kind["pay"][0]
        b = self.board
        if "sell" in by_kind:
            return by_kind["sell"][0]
        sidelines = by_kind.get("sideline", [])
        if sidelines:
            owner = st.owner

            def cost(a: Action) -> tuple[bool, int]:
                s = b.hero(str(a.args[0]))
                in_set = b.set_of[s] >= 0 and all(
                    owner[t] == owner[s] for t in b.set_members[b.set_of[s]]
                )
                return in_set, b.sideline[s]

            return min(sidelines, key=cost)
        return by_kind["bankrupt"][0]

    def _build(self, st: MonoState, cash: int, by_kind: dict[str, list[Action]]) -> Action | None:
        b = self.board
        best: Action | None = None
        best_gain = 0.0
        for a in by_kind.get("build", []):
            s = b.hero(str(a.args[0]))
            lv = st.level[s]
            cost = b.hq_cost[s] if lv == b.max_bases else b.base_cost[s]
            if cash - cost < RESERVE:
                continue
            gain = (b.payments[s][lv + 1] - b.payments[s][lv]) / cost
            if gain > best_gain:
                best, best_gain = a, gain
        return best

    def _offer(
        self, st: MonoState, me: int, cash: int, by_kind: dict[str, list[Action]]
    ) -> Action | None:
        """Offer 2.5 times the price for a hero that completes a set, OFFERS_PER_TURN offers
        a turn at most, never the offer just declined (the rules refuse it)."""
        if "offer" not in by_kind or st.offers_made[me] >= OFFERS_PER_TURN:
            return None
        b = self.board
        # A hero another player holds completes my set when I hold all the set's others.
        mine = [0] * len(b.sets)
        for s in b.ownable:
            if st.owner[s] == me and b.set_of[s] >= 0:
                mine[b.set_of[s]] += 1
        for s in b.ownable:
            owner = st.owner[s]
            if owner < 0 or owner == me or b.set_of[s] < 0:
                continue
            members = b.set_members[b.set_of[s]]
            if mine[b.set_of[s]] != len(members) - 1:
                continue
            if any(st.level[t] for t in members):
                continue
            price = 5 * b.price[s] // 2
            if cash - price < RESERVE:
                continue
            if st.declined == Offer(me, owner, (), price, (), (s,), 0, ()):
                continue
            return Action("offer", (f"Player {owner + 1}", "give", price, "get", b.names[s]))
        return None

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
