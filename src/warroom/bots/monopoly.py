"""A greedy Monopoly bot: always asks for payment, drafts and bids towards colour sets,
builds evenly above a cash reserve, offers for heroes that complete its sets (a few offers a
turn at most: the rules set no limit), and raises money cheapest-first when in debt.

It sees only its view and the legal actions (the board itself is public component data).
Every action it returns is one of `legal`, or a trade offer checked against the same rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from warroom.core.actions import Action
from warroom.core.game import Seat
from warroom.games.monopoly_avengers import GAME, MonoState
from warroom.rules import monopoly as mb

RESERVE = 150  # cash kept back for payments
OFFERS_PER_TURN = 3  # the bot's own limit, counted from its view, so its turns end
LEVEL_HQ = mb.HQ


class GreedyMonopolyBot:
    name = "greedy"

    def __init__(self, mode: str, seed: int = 0) -> None:
        self.board = mb.board("avengers")

    # -- helpers ---------------------------------------------------------------------------
    def _owned_by(self, view: dict[str, Any], s: int) -> int:
        owner: int = view["owner"][s]
        return owner

    def _completes(self, view: dict[str, Any], me: int, s: int) -> bool:
        """Whether owning `s` would give `me` its whole colour set."""
        b = self.board
        if b.set_of[s] < 0:
            return False
        return all(view["owner"][t] == me for t in b.set_members[b.set_of[s]] if t != s)

    def _value(self, view: dict[str, Any], me: int, s: int) -> int:
        b = self.board
        v = b.price[s]
        if self._completes(view, me, s):
            return v * 2
        others = {p for p in range(len(view["players"])) if p != me}
        if any(self._completes(view, p, s) for p in others):
            return v * 3 // 2  # deny an opponent their set
        return v

    # -- choosing ----------------------------------------------------------------------------
    def choose(self, seat: Seat, observation: MonoState, legal: Sequence[Action]) -> Action:
        view = GAME.describe(observation, seat)
        b = self.board
        me = seat
        cash: int = view["status"][me]["cash"]
        by_kind: dict[str, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        if "accept" in by_kind:
            return Action("accept") if self._good_offer(view, me) else Action("decline")
        if "keep" in by_kind:
            s = b.hero(str(by_kind["keep"][0].args[0]))
            if "reactivate" in by_kind and cash - b.reactivate[s] >= RESERVE:
                return by_kind["reactivate"][0]
            return by_kind["keep"][0]
        if "ask" in by_kind:
            return by_kind["ask"][0]
        if "bid" in by_kind or (view["auction"] and "pass" in by_kind):
            return self._bid(view, me, cash, by_kind)
        if "want" in by_kind:
            return by_kind["want"][0] if cash >= 2 * RESERVE else by_kind["pass"][0]
        if view["debt"] is not None and view["debt"]["debtor"] == me:
            return self._raise(view, by_kind)
        if "draft" in by_kind or "auction" in by_kind:
            s = view["status"][me]["position"]
            if "draft" in by_kind and (
                cash - b.price[s] >= RESERVE or self._completes(view, me, s)
            ):
                return by_kind["draft"][0]
            return by_kind["auction"][0]
        build = self._build(view, cash, by_kind)
        if build is not None:
            return build
        for a in by_kind.get("reactivate", []):
            if cash - b.reactivate[b.hero(str(a.args[0]))] >= 3 * RESERVE:
                return a
        offer = self._offer(view, me, cash, by_kind)
        if offer is not None:
            return offer
        if "roll" in by_kind:
            player = view["status"][me]
            if player["in_jail"]:
                if "use" in by_kind:
                    return by_kind["use"][0]
                built = sum(1 for lv in view["level"] if lv)
                if "pay" in by_kind and built < 6 and cash >= 4 * RESERVE:
                    return by_kind["pay"][0]
            return by_kind["roll"][0]
        for kind in ("done", "end"):
            if kind in by_kind:
                return by_kind[kind][0]
        return legal[0]

    def _bid(
        self, view: dict[str, Any], me: int, cash: int, by_kind: dict[str, list[Action]]
    ) -> Action:
        au = view["auction"]
        b = self.board
        if au["item"] == "hero":
            limit = self._value(view, me, b.hero(au["space"]))
        else:
            limit = b.base_cost[b.hero(au["space"])]
        limit = min(limit, cash - RESERVE // 2)
        bids = [a for a in by_kind.get("bid", []) if isinstance(a.args[0], int)]
        ok = [a for a in bids if int(a.args[0]) <= limit]
        return min(ok, key=lambda a: int(a.args[0])) if ok else Action("pass")

    def _raise(self, view: dict[str, Any], by_kind: dict[str, list[Action]]) -> Action:
        """Pay if possible; else sell buildings, then sideline heroes outside full sets."""
        if "pay" in by_kind:
            return by_kind["pay"][0]
        b = self.board
        if "sell" in by_kind:
            return by_kind["sell"][0]
        sidelines = by_kind.get("sideline", [])
        if sidelines:

            def cost(a: Action) -> tuple[bool, int]:
                s = b.hero(str(a.args[0]))
                in_set = b.set_of[s] >= 0 and all(
                    view["owner"][t] == view["owner"][s] for t in b.set_members[b.set_of[s]]
                )
                return in_set, b.sideline[s]

            return min(sidelines, key=cost)
        return by_kind["bankrupt"][0]

    def _build(
        self, view: dict[str, Any], cash: int, by_kind: dict[str, list[Action]]
    ) -> Action | None:
        b = self.board
        best: Action | None = None
        best_gain = 0.0
        for a in by_kind.get("build", []):
            s = b.hero(str(a.args[0]))
            lv = view["level"][s]
            cost = b.hq_cost[s] if lv == b.max_bases else b.base_cost[s]
            if cash - cost < RESERVE:
                continue
            gain = (b.payments[s][lv + 1] - b.payments[s][lv]) / cost
            if gain > best_gain:
                best, best_gain = a, gain
        return best

    def _offer(
        self, view: dict[str, Any], me: int, cash: int, by_kind: dict[str, list[Action]]
    ) -> Action | None:
        """Offer 2.5 times the price for a hero that completes a set, OFFERS_PER_TURN offers
        a turn at most, never the offer just declined (the rules refuse it)."""
        if "offer" not in by_kind or view["offers_made"][me] >= OFFERS_PER_TURN:
            return None
        b = self.board
        declined = view["declined"]
        for s in b.ownable:
            owner = view["owner"][s]
            if owner < 0 or owner == me or not self._completes(view, me, s):
                continue
            members = b.set_members[b.set_of[s]]
            if any(view["level"][t] for t in members):
                continue
            price = 5 * b.price[s] // 2
            if cash - price < RESERVE:
                continue
            deal = {"proposer": me, "receiver": owner, "give": [price], "get": [b.names[s]]}
            if deal == declined:
                continue
            return Action("offer", (f"Player {owner + 1}", "give", price, "get", b.names[s]))
        return None

    def _good_offer(self, view: dict[str, Any], me: int) -> bool:
        """Take a deal that gives more value than it costs, counting sets."""
        o = view["offer"]
        b = self.board

        def worth(items: list[Any], owner: int, for_me: bool) -> int:
            total = 0
            for it in items:
                if isinstance(it, int):
                    total += it
                elif it.endswith("-card"):
                    total += b.jail_fine
                else:
                    s = b.hero(it)
                    total += self._value(view, me, s) if for_me else b.price[s]
                    if not for_me and any(
                        self._completes(view, p, s) for p in range(len(view["players"])) if p != me
                    ):
                        total += b.price[s]  # it would complete someone's set
            return total

        received = worth(o["give"], o["proposer"], True)
        given = worth(o["get"], me, False)
        return received >= given
