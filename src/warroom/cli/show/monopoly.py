"""Monopoly editions in the terminal: money and heroes, `look` at a space, landing odds."""

from __future__ import annotations

import re
from typing import Any, ClassVar

from rich.columns import Columns
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from warroom.cli.show import SEAT_COLORS, Display, pick
from warroom.core import Action, Match, WarroomError
from warroom.games.monopoly_avengers import item_words
from warroom.rules import monopoly as mb
from warroom.rules.monopoly import MonopolyBoard

HELP = """[bold]Monopoly[/]
  on your turn: [cyan]roll[/], then [cyan]draft[/] a hero you land on (at its price) or
  [cyan]auction[/] it; [cyan]end[/] your turn; [cyan]ask HERO[/] for a payment owed to you
  any time you may: [cyan]build HERO[/], [cyan]sell HERO[/], [cyan]sideline HERO[/],
  [cyan]reactivate HERO[/], and trade offers (below)
  in Jail: [cyan]pay[/] the fine or [cyan]use CARD[/]
  in an auction: [cyan]bid N[/] or [cyan]pass[/]; or once for the whole auction:
    [cyan]bid up to N[/]  the smallest raise each time you are asked while it is at
                 most N, then pass
    [cyan]drop out[/]     pass now and every later time this auction asks (a bid makes
                 everyone who passed able to bid again, so it does ask)
  trade: compose an offer, [cyan]offer PLAYER give ITEMS get ITEMS[/]: items are
    heroes, one amount of cash a side and cards ([cyan]stark-card[/],
    [cyan]gauntlet-card[/]), either side may be empty,
    e.g. [cyan]offer p2 give Hulk 100 get "Iron Man"[/]; an offer to you: [cyan]accept[/] or
    [cyan]decline[/]
  [cyan]standing[/]  your standing choices; [cyan]standing rent on[/] asks for every payment
    owed to you, [cyan]standing window on[/] says [cyan]done[/] in other players' windows
    when nothing else is pending for you ([cyan]off[/] to stop)
  [cyan]odds[/]  chance your next roll lands on each colour set
  [cyan]odds SPACE[/]  chance your next roll lands there, and landings per turn in the
    long run"""

TWO_DICE = {total: (6 - abs(total - 7)) / 36 for total in range(2, 13)}
DOUBLES = {2 * face: 1 / 36 for face in range(1, 7)}


DONE, PASS = Action("done"), Action("pass")
BID_UP_TO = re.compile(r"bid\s+up\s+to\s+M?(\d+)", re.IGNORECASE)
DROP_OUT = re.compile(r"drop\s*out", re.IGNORECASE)
BID_LINE = (
    "bid {least}..{cash}  (any whole amount from the least bid to your cash; 'bid up to N' "
    "keeps bidding for you)"
)
OFFER_LINE = (
    "offer PLAYER give ITEMS get ITEMS  (compose it: heroes, one cash amount a side, "
    "stark-card or gauntlet-card; e.g. {example})"
)


def _calm(view: dict[str, Any]) -> bool:
    """No auction, last-building call or sidelined hero's choice is under way: a seat asked
    now is asked in the window before the next roll."""
    return view["auction"] is None and view["call"] is None and not view["acquire"]


def auction_key(view: dict[str, Any]) -> tuple[Any, ...] | None:
    """One auction: its turn, item and space (a new auction, a new plan)."""
    au = view["auction"]
    return None if au is None else (view["turn"], au["item"], au["space"])


class MonopolyDisplay(Display):
    help = HELP
    standing: ClassVar[dict[str, str]] = {
        "rent": "ask for every payment owed to you as soon as you may",
        "window": "say done in other players' windows when nothing else is pending for you",
    }

    def fold(self, match: Match, seat: int, legal: list[Action]) -> tuple[list[Action], list[str]]:
        """Every sample offer folds into one line: offers are composed, not picked. So do
        the sample bids: "bid 11,20,60,110" read as the only amounts allowed."""
        offers = [a for a in legal if a.kind == "offer"]
        bids = [a for a in legal if a.kind == "bid"]
        rest = [a for a in legal if a.kind not in ("offer", "bid")]
        lines = []
        if bids:
            least, cash = bids[0].args[0], match.view(seat)["status"][seat]["cash"]
            lines.append(BID_LINE.format(least=least, cash=cash))
        if offers:
            lines.append(OFFER_LINE.format(example=offers[0].text()))
        return rest, lines

    def standing_action(
        self, match: Match, seat: int, chosen: set[str], plan: dict[str, Any]
    ) -> tuple[str, Action] | None:
        """The auction plan first (bid up to N, drop out), then claim rent, then `done`."""
        view = match.view(seat)
        legal = match.legal(seat)
        key = auction_key(view)
        if key is None or plan.get("auction") != key:
            plan.clear()  # a plan lasts one auction
        elif PASS in legal:
            if plan.get("out"):
                return "dropped out", PASS
            top = int(plan["max"])
            bid = Action("bid", (view["auction"]["min_bid"],))
            if bid in legal and int(bid.args[0]) <= top:
                return f"bidding up to M{top}", bid
            return f"above your maximum M{top}", PASS
        asks = [a for a in legal if a.kind == "ask"]
        if asks and "rent" in chosen:
            return "claiming rent", asks[0]
        if DONE in legal and not asks and "window" in chosen:
            return "window closed", DONE
        return None

    def typed(self, match: Match, seat: int, text: str, plan: dict[str, Any]) -> str | None:
        """ "bid up to N" and "drop out": a plan for the auction under way."""
        top = BID_UP_TO.fullmatch(text.strip())
        out = DROP_OUT.fullmatch(text.strip())
        if top is None and out is None:
            return None
        view = match.view(seat)
        key = auction_key(view)
        if key is None or seat not in view["auction"]["seats"]:
            raise WarroomError("no auction you take part in is under way")
        plan.clear()
        plan["auction"] = key
        if out is not None:
            plan["out"] = True
            return "You drop out of this auction: every later turn of it is passed for you."
        assert top is not None
        plan["max"] = int(top.group(1))
        return (
            f"Bidding for you up to M{plan['max']} in this auction, by the smallest raise "
            "each time you are asked; above it you pass."
        )

    def plan_to_save(self, match: Match, seat: int, plan: dict[str, Any]) -> object:
        """`{"max": N}` or `{"out": true}` while the auction it was made for is under way."""
        if not plan or plan.get("auction") != auction_key(match.view(seat)):
            return None
        return {"out": True} if plan.get("out") else {"max": plan["max"]}

    def plan_from_save(self, match: Match, seat: int, saved: object) -> dict[str, Any]:
        """The saved plan for the auction under way, which the seat must take part in."""
        view = match.view(seat)
        key = auction_key(view)
        if key is None or seat not in view["auction"]["seats"]:
            raise WarroomError(f"no auction Player {seat + 1} takes part in is under way")
        if saved == {"out": True}:
            return {"auction": key, "out": True}
        top = saved.get("max") if isinstance(saved, dict) and set(saved) == {"max"} else None
        if type(top) is not int or top < 0:  # a bool is an int to isinstance
            raise WarroomError('a plan is {"max": N} (N a whole number) or {"out": true}')
        return {"auction": key, "max": top}

    def board(self, console: Console, match: Match, viewer: int | None) -> None:
        """Players' money and places, then every drafted hero by set with its buildings."""
        view = match.view(viewer)
        b: MonopolyBoard = match.state.board
        players = Table(title=f"Turn {view['turn']}", title_style="bold")
        for col in ("player", "cash", "on", "cards", "net worth"):
            players.add_column(col, justify="right" if col in ("cash", "net worth") else "left")
        for i, p in enumerate(view["status"]):
            color = SEAT_COLORS[i % len(SEAT_COLORS)]
            name = p["name"] + ("" if p["alive"] else " (bankrupt)")
            players.add_row(
                f"[{color}]{escape(name)}[/]",
                f"M{p['cash']}",
                escape(p["where"]),
                escape(", ".join(p["cards"]) or "-"),
                f"M{p['net_worth']}",
            )
        heroes = Table(title="Drafted heroes", title_style="bold")
        for col in ("set", "hero", "owner", "buildings"):
            heroes.add_column(col)
        for space in b.ownable:
            owner = view["owner"][space]
            if owner < 0:
                continue
            color = SEAT_COLORS[owner % len(SEAT_COLORS)]
            heroes.add_row(
                escape(self._set_name(b, space)),
                escape(b.names[space]),
                f"[{color}]{escape(view['players'][owner])}[/]",
                self._buildings(b, view, space),
            )
        console.print(Columns([players, heroes], padding=(0, 4)))
        bank = view["bank"]
        console.print(
            f"Bank: {bank['bases']} Bases, {bank['headquarters']} Headquarters", highlight=False
        )

    def header(self, match: Match, seat: int, view: dict[str, Any]) -> list[str]:
        """The cash in hand, the terms of an offer made to `seat` or what it owes, the price
        of the hero up for drafting, and in the window before another player's roll what it
        is for (the step, "rolling the dice", is theirs)."""
        b: MonopolyBoard = match.state.board
        me = view["status"][seat]
        bits = [f"cash: M{me['cash']}"]
        offer, debt = view["offer"], view["debt"]
        if offer is not None and offer["receiver"] == seat:
            give, get = ([item_words(b, x) for x in offer[side]] for side in ("give", "get"))
            bits.append(
                f"{view['players'][offer['proposer']]} offers {', '.join(give) or 'nothing'} "
                f"for {', '.join(get) or 'nothing'}"
            )
        elif debt is not None and debt["debtor"] == seat:
            creditor = debt["creditor"]
            to = "the Bank" if creditor is None else view["players"][creditor]
            why = f" ({debt['why']})" if debt["why"] else ""
            bits.append(f"you owe M{debt['amount']} to {to}{why}")
        elif seat in view["window"] and seat != view["current"] and _calm(view):
            roller = view["players"][view["current"]]
            bits.append(f"before {roller} rolls: build or trade if you like, then done")
        if (
            me["in_jail"]
            and seat == view["current"]
            and any(a.kind == "roll" for a in match.legal(seat))
        ):
            bits.append(self._jail_words(b, me))
        if any(a.kind == "draft" for a in match.legal(seat)):
            space = me["position"]
            bits.append(f"{b.names[space]} costs M{b.price[space]} to draft")
        return bits

    @staticmethod
    def _jail_words(b: MonopolyBoard, me: dict[str, Any]) -> str:
        """The choices in Jail in words: the prompt listed "roll; pay; use stark-card" without
        saying the player was in Jail, what paying costs or what the card does."""
        tries = me["jail_turns"] + 1
        if tries >= b.jail_turns:
            roll = f"last try: roll, and without doubles pay M{b.jail_fine} and move"
        else:
            roll = f"try {tries} of {b.jail_turns}: roll doubles to leave"
        cards = "".join(f", or use {card} to leave free" for card in me["cards"])
        return f"in Jail, {roll}, or pay M{b.jail_fine} now{cards}"

    def note(self, match: Match, seat: int, action: Action) -> str:
        if action.kind != "draft":
            return ""
        b: MonopolyBoard = match.state.board
        space = match.view(seat)["status"][seat]["position"]
        return f"(M{b.price[space]})"

    def places(self, match: Match) -> list[str]:
        return list(match.state.board.names)

    def look(self, match: Match, viewer: int | None, name: str) -> str:
        """A space's kind and what its rulebook section says (the page panel's text, from
        `space_about`); for a hero also its price, owner, buildings, who pays on landing and
        its payments by level."""
        b: MonopolyBoard = match.state.board
        view = match.view(viewer)
        named = pick(name, list(b.names), "space")
        space = b.names.index(named)
        here = [
            p["name"] + (" (in Jail)" if p["in_jail"] else "")
            for p in view["status"]
            if p["alive"] and p["position"] == space
        ]
        lines = [f"{b.names[space]} (space {space}, {b.kind[space]})"]
        others = [str(s) for s, n in enumerate(b.names) if n == named and s != space]
        if others:  # spaces of one name are alike: one described, the others named
            lines[0] += f"; also spaces {', '.join(others)}"
        if b.kind[space] in mb.OWNABLE:
            owner = view["owner"][space]
            held = "undrafted" if owner < 0 else view["players"][owner]
            lines.append(f"price M{b.price[space]}; owner: {held}")
            if owner >= 0:
                lines.append(f"buildings: {self._buildings(b, view, space) or 'none'}")
                lines.append(
                    "Whoever else lands here pays the owner, if asked before the next roll."
                )
            else:
                lines.append(
                    "Whoever lands here drafts it at that price, or the Banker auctions it "
                    f"(bids from M{b.bid_start})."
                )
        lines += mb.space_about(b, space)
        if b.kind[space] == mb.HERO:
            pay = b.payments[space]
            lines.append(
                f"payments: alone M{pay[0]}, whole set M{pay[0] * 2}, "
                + ", ".join(f"{lv} Base{'s' * (lv > 1)} M{pay[lv]}" for lv in range(1, mb.HQ))
                + f", HQ M{pay[mb.HQ]}"
            )
        if here:
            lines.append(f"here now: {', '.join(here)}")
        return "\n".join(lines)

    def odds(self, match: Match, seat: int, rest: str) -> str:
        """The chance one roll of two dice from where `seat` stands ends on a space or set
        (the roll alone: not doubles rolled again or cards). In Jail before the last try only
        doubles move the token (How do I get out of Jail), so only their totals count."""
        b: MonopolyBoard = match.state.board
        status = match.view(seat)["status"][seat]
        start = status["position"]
        totals = TWO_DICE
        where = f"from {b.names[start]}"
        if status["in_jail"]:
            tries = status["jail_turns"] + 1
            if tries < b.jail_turns:
                totals = DOUBLES
                where = (
                    f"from Jail (try {tries} of {b.jail_turns}: only doubles move you, "
                    f"unless you pay M{b.jail_fine} or use a card first)"
                )
            else:
                where = f"from Jail (the last try: you pay M{b.jail_fine} and move by any roll)"

        def chance(space: int) -> float:
            return totals.get((space - start) % len(b), 0.0)

        if not rest.strip():
            lines = [f"Your next roll {where} lands on:"]
            for k, members in enumerate(b.set_members):
                names = ", ".join(b.names[s] for s in members)
                lines.append(f"  {b.sets[k]}: {sum(chance(s) for s in members):.1%} ({names})")
            return "\n".join(lines)
        named = pick(rest, list(b.names), "space")
        spaces = [s for s, n in enumerate(b.names) if n == named]  # a name may be several's
        numbers = ", ".join(map(str, spaces))
        there = "lands there" if len(spaces) == 1 else f"lands on one of them (spaces {numbers})"
        text = f"{named}: {sum(map(chance, spaces)):.1%} that your next roll {where} {there}"
        if b.id == "avengers":
            from warroom.odds.monopoly import board_odds

            landings = sum(float(board_odds(b.id).landings[s]) for s in spaces)
            text += f"; in the long run {landings:.3f} landings per turn (warroom monopoly odds)"
        return text

    @staticmethod
    def _set_name(b: MonopolyBoard, space: int) -> str:
        return b.sets[b.set_of[space]] if b.set_of[space] >= 0 else "-"

    @staticmethod
    def _buildings(b: MonopolyBoard, view: dict[str, Any], space: int) -> str:
        if view["sidelined"][space]:
            return "sidelined"
        level = view["level"][space]
        if level > b.max_bases:
            return "HQ"
        return f"{level} Base{'s' * (level > 1)}" if level else ""


DISPLAY = MonopolyDisplay()
