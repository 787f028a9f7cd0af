"""Monopoly: Marvel Avengers Edition, every rule in its rulebook and nothing else.

Rules as printed in the rulebook 002_*.txt; section names in comments are its headings.
Board, prices and decks come from data/monopoly/avengers.json (partly reconstructed; see
docs/monopoly.md). Heroes are properties, Bases houses, Headquarters hotels, sidelining is
mortgaging.

How decisions map onto the engine (`to_move` lists who may decide, first the one a
simple driver should ask):
- Decisions run in a fixed priority: a trade offer's receiver, then a new owner choosing
  to reactivate or keep a sidelined hero, then a debtor raising money, then a call for
  the last building, then an auction, then the turn itself.
- Rent "ask" ("Drafted Heroes"): landing on another player's active hero opens a claim.
  The owner is listed first (ask or forgo) and keeps the right until the next player
  rolls; the player whose turn it is is listed too and may roll, which ends every claim of
  an earlier turn unasked.
- "At any time" (building, selling, sidelining, reactivating, trade offers): the player
  whose turn it is at every step of the turn; every other player in a window at the
  start of each turn (listed in order from the left of the player to roll, each ending
  theirs with `done`), which the roll closes ("before the next player rolls"); and a
  debtor while raising money. Offers have no limit in number; bots limit themselves.
- Auctions ("Undrafted Heroes", "Not Enough Buildings"): any player who has not passed
  at the current high bid may bid, in no order; all of them are listed, from the left
  of the high bidder. A bid resets everyone's pass; the auction ends when everyone but
  the high bidder has passed. Bids are whole M from 10 up to the bidder's cash.

Readings chosen where the rulebook is unclear (each also noted at its code):
- Asking ("Drafted Heroes", "Sidelining"): what is owed is what the landing made due (the
  hero's set and buildings then; a dice hero's dice are rolled on asking), not raised by
  building before asking. Sidelining rules out collecting money on a sidelined hero, so
  while the hero is sidelined, or no longer the claimant's (traded away), `ask` is neither
  offered nor accepted and only `forgo` is; the claim still lapses at the next roll, so a
  hero reactivated before it may be asked for.
- Children of Thanos: one die for the token plus one per hero card held, sidelined
  cards included (they are still held), rolled one at a time until one matches.
- A Child of Thanos escape still gives another turn after a roll out of Jail.
- Winter Soldier and Black Panther: the dice for the payment are rolled when the owner
  asks; "both" counts a sidelined one, as "Sidelining" says for the increased payment.
- Reactivating costs "the cost shown on the card" (the data file's `reactivate`); the
  10% for keeping an acquired hero sidelined is of that cost, rounded up.
- Bankruptcy ("Help! I Can't Pay"): declared only when no building can be sold and no
  hero sidelined; the debtor's remaining cash goes to the creditor (player or Bank).
- The last Base or Headquarters: when a build would take it, every other player who could
  build one of that kind may say they want it; if anyone does, it is auctioned among them
  and the builder, and the winning bid is its whole price (bids start at 10).
- Bids and trade cash are limited to cash in hand; an HQ can be sold only while the Bank
  has 4 Bases to exchange for it.
- A declined offer ("Deals & Trades": the players making the deal decide it) may not be
  made again at once: an offer with the same offerer, receiver and terms (heroes, cash,
  cards) as one the receiver has just declined is refused, "just" meaning that the decline
  is the last action applied to the game. Any other action since, by anyone (another
  offer included), and it may be made again. Nothing has changed since a decline, so the
  same offer would only stall the game.
- `turn_limit` (default 0, none) ends a game after that many turns, for simulations; the
  rulebook has no such rule, so the outcome says so and ranks by net worth.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import cache, partial
from typing import Any

from warroom.core.actions import NUMBER, Action, Arg
from warroom.core.copying import shallow_copier
from warroom.core.errors import IllegalAction, MalformedAction
from warroom.core.events import Event
from warroom.core.game import Game, OptionValue, Outcome, Seat, require, turn_limit_ending
from warroom.core.legal import Family, Legal
from warroom.core.registry import register
from warroom.core.rng import HIDDEN, Rng
from warroom.core.windows import clockwise
from warroom.games import catalogued, rules_options
from warroom.rules import monopoly as mb
from warroom.rules.first import goes_first, roll_for_first
from warroom.rules.monopoly import HQ, MonopolyBoard

BOARD = "avengers"  # the data file (data/monopoly/avengers.json)
BANK = -1

# Phases of the turn of the player whose turn it is.
START = "start"  # before a roll: roll (or leave Jail)
DRAFT = "draft"  # landed on an undrafted hero: draft or auction
END = "end"  # the moves are done: pass the dice
BUSY = "busy"  # effects being resolved (someone else decides)
OVER = "over"

CARD_SUFFIX = "-card"


# Auctions, calls and offers are not changed once made (a step replaces them); they are not
# frozen only because building a frozen dataclass takes five times as long (0.79 µs against
# 0.16 for an `Auction`), and a bid or pass, half of all decisions, builds one.
@dataclass(slots=True)
class Auction:
    space: int  # the hero, or the space the builder wants to build on
    building: str  # "" for a hero; "base" or "hq" for the last building
    seats: tuple[int, ...]  # who may bid
    targets: tuple[int, ...]  # building auctions: where each of `seats` would build
    start: int  # bidding order runs from this seat's left
    high: int
    bidder: int
    passed: tuple[int, ...]


@dataclass(slots=True)
class Call:
    """The last Base or Headquarters: who else wants it (Not Enough Buildings)."""

    builder: int
    space: int
    building: str
    asked: tuple[int, ...]
    wanted: tuple[tuple[int, int], ...]  # (seat, space)


@dataclass(slots=True)
class Offer:
    proposer: int
    receiver: int
    give_heroes: tuple[int, ...]
    give_cash: int
    give_cards: tuple[int, ...]
    get_heroes: tuple[int, ...]
    get_cash: int
    get_cards: tuple[int, ...]


@dataclass(slots=True)
class MonoState:
    """Everything about a game. Each step changes a copy (a bid or pass shares what it keeps)."""

    board: MonopolyBoard
    options: Mapping[str, OptionValue]
    players: int
    rng: Rng
    cash: list[int]
    pos: list[int]
    alive: list[bool]
    jail: list[int]  # -1: free; else the turns already tried in Jail
    held: list[list[int]]  # Get Out of Jail Free cards held
    owner: list[int]  # per space; BANK while undrafted
    sidelined: list[bool]
    level: list[int]  # 0-4 Bases, HQ (5) a Headquarters
    bases: int  # in the Bank
    hqs: int
    decks: list[list[int]]  # card ids, top first
    bank_net: int  # money the Bank paid out less money it took in
    current: Seat
    first: Seat  # who the dice sent first (Setup): the start of the turn order
    turn: int
    phase: str
    doubles: int  # doubles rolled in a row this turn
    again: bool  # another roll is due (doubles, or a battle escape)
    window: list[int]  # other players still to act before this turn's roll
    # owner (at landing), payer, space, what the landing made due (<0: times the dice)
    claims: list[tuple[int, int, int, int]]
    tasks: list[tuple[Any, ...]]  # effects waiting to resolve, first first
    # debtor, creditor, amount, what for (for the payment's line); the last is being raised
    debts: list[tuple[int, int, int, str]]
    acquire: list[tuple[int, int]]  # (new owner, sidelined hero) awaiting a choice
    auction: Auction | None
    call: Call | None
    offer: Offer | None
    declined: Offer | None  # the offer declined by the last action applied, if it was one
    offers_made: list[int]  # this turn, per player (public; bots may limit themselves)
    out_order: list[int]
    outcome: Outcome | None
    # Who decides, kept by `to_move` (and by an auction's bid or pass, which has just counted
    # the bidders): asked by the driver, `legal_actions` and `apply` for every decision.
    # Sound because a state is not changed once made (`apply` changes a copy).
    moving: tuple[Seat, ...] | None = field(default=None, compare=False, repr=False)
    # The decks as observed (each sorted), for the decks they were sorted from: states with
    # the same decks (compared by value: most steps draw no card) observe without sorting.
    # Sound because decks change only after `own`, which makes new lists: the lists kept
    # here are never changed.
    shown: tuple[list[list[int]], list[list[int]]] | None = field(
        default=None, compare=False, repr=False
    )

    def copy(self) -> MonoState:
        """An independent copy: every part this state holds copied, the generator too."""
        twin = self.share()
        twin.own()
        return twin

    def masked(self, decks: list[list[int]]) -> MonoState:
        """This state with `decks` for the decks and the generator hidden, sharing every other
        part: an observation, read and never changed (states are not changed once made:
        `apply` changes a copy), so copying them would only cost time."""
        return self._sharing(HIDDEN, decks, self.moving)

    def share(self) -> MonoState:
        """A copy sharing every part, for a step that only replaces parts (an auction bid or
        pass, half of all decisions); before changing any part in place it calls `own`."""
        twin = self._sharing(self.rng, self.decks, None)
        twin.shown = self.shown
        return twin

    def own(self) -> None:
        """Take copies of the parts `share` left shared: this state may then change them."""
        self.cash, self.pos, self.alive, self.jail = (
            self.cash[:],
            self.pos[:],
            self.alive[:],
            self.jail[:],
        )
        self.owner, self.sidelined, self.level = self.owner[:], self.sidelined[:], self.level[:]
        self.window, self.claims, self.tasks = self.window[:], self.claims[:], self.tasks[:]
        self.debts, self.acquire = self.debts[:], self.acquire[:]
        self.offers_made, self.out_order = self.offers_made[:], self.out_order[:]
        self.held = [h[:] for h in self.held]
        self.decks = [d[:] for d in self.decks]
        self.rng = self.rng.copy()

    def _sharing(
        self, rng: Rng, decks: list[list[int]], moving: tuple[Seat, ...] | None
    ) -> MonoState:
        twin = _copy_state(self)
        twin.rng = rng
        twin.decks = decks
        twin.moving = moving
        twin.shown = None
        return twin


_copy_state = shallow_copier(MonoState)  # every observation and shared step makes one


# Legal actions are families (`Legal`) built once per board and shared by every listing: the
# fixed ones here, those naming a hero, a player or a card in `_menu`.
ACCEPT, DECLINE, PAY, BANKRUPT, PASS = (
    Family(k) for k in ("accept", "decline", "pay", "bankrupt", "pass")
)
DRAFT_HERO, AUCTION_HERO, ROLL, END_TURN, DONE = (
    Family(k) for k in ("draft", "auction", "roll", "end", "done")
)
# The kinds whose buttons say the same in every state (`label`).
_PLAIN_LABELS = {
    "roll": "Roll the dice",
    "end": "End your turn",
    "done": "Done: nothing more to do now",
    "accept": "Accept the offer",
    "decline": "Decline the offer",
    "bankrupt": "Declare bankruptcy",
}
# Sample offers by what they trade: a hero bought or sold at its price, a card at the fine.
BUY, SELL_TO, BUY_CARD, SELL_CARD = range(4)


class _Menu:
    """Every action of a board that names a hero, a player or a card as a family, indexed by
    space, receiver and deck (offers: the sample `_offers` lists, at printed price and Jail
    fine), and where each names (`space`, `offer_of`), for `_allows`."""

    def __init__(self, b: MonopolyBoard) -> None:
        def per_space(kind: str) -> tuple[Family, ...]:
            return tuple(Family(kind, (name,)) for name in b.names)

        self.space = {name: s for s, name in enumerate(b.names)}
        self.build, self.sell, self.sideline = map(per_space, ("build", "sell", "sideline"))
        self.reactivate, self.keep, self.want = map(per_space, ("reactivate", "keep", "want"))
        self.ask, self.forgo = map(per_space, ("ask", "forgo"))
        self.cards = [d + CARD_SUFFIX for d in b.decks]
        self.use = tuple(Family("use", (card,)) for card in self.cards)
        self.bids: dict[int, Family] = {}
        self.buy: list[tuple[Family, ...]] = []
        self.sell_to: list[tuple[Family, ...]] = []
        self.buy_card: list[tuple[Family, ...]] = []
        self.sell_card: list[tuple[Family, ...]] = []
        # The sample offer an action is: (which sample, receiver, space or deck).
        self.offer_of: dict[Action, tuple[int, int, int]] = {}
        priced = list(zip(b.price, b.names, strict=True))
        for q in range(_MODE.max_players):  # by receiver
            to = f"Player {q + 1}"
            for what, menu, pairs in (
                (BUY, self.buy, [(price, name) for price, name in priced]),
                (SELL_TO, self.sell_to, [(name, price) for price, name in priced]),
                (BUY_CARD, self.buy_card, [(b.jail_fine, card) for card in self.cards]),
                (SELL_CARD, self.sell_card, [(card, b.jail_fine) for card in self.cards]),
            ):
                families = tuple(
                    Family("offer", (to, "give", give, "get", get)) for give, get in pairs
                )
                menu.append(families)
                for index, family in enumerate(families):
                    self.offer_of[Action(family.kind, family.args)] = (what, q, index)

    def bid(self, amount: int) -> Family:
        """A bid of `amount`, made the first time it is offered."""
        family = self.bids.get(amount)
        if family is None:
            family = self.bids[amount] = Family("bid", (amount,))
        return family


@cache
def _menu(b: MonopolyBoard) -> _Menu:
    return _Menu(b)


Handler = Callable[["MonopolyAvengers", MonoState, Seat, Action, list[Event]], None]


_MODE = catalogued("monopoly-avengers")


class MonopolyAvengers(Game[MonoState]):
    id = _MODE.id
    title = _MODE.title
    min_players = _MODE.min_players
    max_players = _MODE.max_players
    options = rules_options(_MODE)
    least_filled = frozenset({"bid"})  # a bare "bid" is the smallest raise, not the largest
    # "offer p3 give Okoye get" gives Okoye away; the sample offers' prices are no default
    typed_in_full = frozenset({"offer"})

    # -- setup ---------------------------------------------------------------------------
    def setup(self, players: int, rng: Rng, options: Mapping[str, OptionValue]) -> MonoState:
        b = mb.board(BOARD)
        first = roll_for_first(rng, players, dice=2)  # Game Play: both dice
        n = len(b)
        decks = [[c for c in range(len(b.cards)) if b.card_deck[c] == d] for d in range(2)]
        # Setup, steps 3-4: both print "Shuffle the Stark Industries cards"; the second is read
        # as the Infinity Gauntlet deck (the board has two decks, and nothing else shuffles it).
        for d in decks:
            rng.shuffle(d)
        st = MonoState(
            board=b,
            options=dict(options),
            players=players,
            rng=rng,
            cash=[b.start_cash] * players,  # Setup, step 2
            pos=[b.go] * players,
            alive=[True] * players,
            jail=[-1] * players,
            held=[[] for _ in range(players)],
            owner=[BANK] * n,
            sidelined=[False] * n,
            level=[0] * n,
            bases=b.bases,
            hqs=b.headquarters,
            decks=decks,
            bank_net=0,
            current=first,
            first=first,
            turn=1,
            phase=START,
            doubles=0,
            again=False,
            window=[],
            claims=[],
            tasks=[],
            debts=[],
            acquire=[],
            auction=None,
            call=None,
            offer=None,
            declined=None,
            offers_made=[0] * players,
            out_order=[],
            outcome=None,
        )
        st.window = _others(st, first)
        return st

    # -- who decides ---------------------------------------------------------------------
    def to_move(self, state: MonoState) -> tuple[Seat, ...]:
        seats = state.moving
        if seats is None:
            seats = state.moving = _to_move(state)
        return seats

    def opening(self, state: MonoState) -> list[Event]:
        """Game Play's roll-off, made at setup: the log says who begins and why."""
        return [goes_first(self.seat_names(state), state.first)]

    def seat_names(self, state: MonoState) -> list[str]:
        return seat_names(state.players)

    def turn_order(self, state: MonoState) -> tuple[Seat, ...]:
        """The dice find the first player; play passes to the left (`_end_turn`)."""
        return clockwise(state.first, state.players)

    # -- legal actions -------------------------------------------------------------------
    def legal_actions(self, state: MonoState, seat: Seat) -> Legal:
        """As families built only when asked for (every trade offer and sale: about a third
        of a greedy game when listed each decision); `in` is answered by `_allows`."""
        if seat not in self.to_move(state):
            return Legal(())
        return Legal.deferred(partial(_families, state, seat), partial(_allows, state, seat))

    # -- applying ------------------------------------------------------------------------
    def apply(self, state: MonoState, seat: Seat, action: Action) -> tuple[MonoState, list[Event]]:
        events: list[Event] = []
        return self._step(state, seat, action, events, owned=False), events

    def play_owned(self, state: MonoState, seat: Seat, action: Action) -> MonoState:
        """`play` on `state` itself rather than a new state: the same copies of its parts
        (observations and earlier states may share them), without a new state to hold them."""
        return self._step(state, seat, action, [], owned=True)

    def _step(
        self, state: MonoState, seat: Seat, action: Action, events: list[Event], owned: bool
    ) -> MonoState:
        self.check_seat(state, seat)
        ctx = _context(state)
        kinds = _KINDS[ctx]
        handler = kinds.get(action.kind)
        if handler is None:
            # What the seat may do now: a context's other handlers may have nothing to offer.
            self.refuse(state, seat, action, _ALL_KINDS, f"{action.kind} now")
        # A bid or pass only replaces the auction, unless it ends it (`_settle_auction` owns);
        # `done` replaces the window and the claims, and no effect waits to change more;
        # `end` replaces the turn's parts (`_end_turn`: window, tasks, offers made).
        kind = action.kind
        shares = ctx == "auction" or kind == "end" or (kind == "done" and not state.tasks)
        if owned:
            st = state
            st.moving = None
            if not shares:
                st.own()
        else:
            st = state.share() if shares else state.copy()
        handler(self, st, seat, action, events)
        if handler is not _reject:
            st.declined = None  # a decline is "just" declined until the next action
        _proceed(st, events)
        return st

    def parse(self, state: MonoState, seat: Seat, text: str) -> Action:
        """Hero and player names in any case; deck cards as "stark-card". An offer is composed,
        not picked from a list that shortened words could match, so its own words are read
        here: the receiver as `Player 2` unquoted, and heroes by a unique start ("give iron")."""
        action = Action.parse(text)
        args = list(action.args)
        if action.kind == "offer":
            if len(args) > 1 and str(args[0]).lower() == "player" and isinstance(args[1], int):
                args[:2] = [f"player {args[1]}"]
            args[1:] = [_hero_by_start(state, a) for a in args[1:]]
        return Action(action.kind, tuple(_canonical(state, a) for a in args))

    # -- outcome, views, checks ----------------------------------------------------------
    def outcome(self, state: MonoState) -> Outcome | None:
        return state.outcome

    def observe(self, state: MonoState, seat: Seat | None) -> MonoState:
        """Each deck's order masked (kept sorted: which cards it holds is public) and the
        dice to come; everything else is public."""
        shown = state.shown
        if shown is None or shown[0] != state.decks:
            shown = state.shown = (state.decks, [sorted(d) for d in state.decks])
        return state.masked(shown[1])

    def label(self, observation: MonoState, seat: Seat, action: Action) -> str:
        """Each kind in plain words for its button, with what it costs or brings ("Build a
        Base on Wong for M50"): the prices are on a space's panel only, and a player should
        not have to look there before each click."""
        st, kind, args = observation, action.kind, action.args
        b = st.board
        s = b.hero_index.get(args[0]) if args and isinstance(args[0], str) else None
        name = b.names[s] if s is not None else ""
        if kind in _PLAIN_LABELS:
            return _PLAIN_LABELS[kind]
        if kind in ("draft", "auction"):
            here = st.pos[seat]
            if kind == "auction":
                return f"Auction {b.names[here]}"
            return f"Draft {b.names[here]} for M{b.price[here]}"
        if kind == "pass":
            # Not "drop out": a later bid resets every pass, and the auction asks again.
            return "Pass for now" if st.auction is not None else "Pass"
        if kind == "bid":
            return f"Bid M{args[0]}"
        if kind == "pay":
            if st.debts and st.debts[-1][0] == seat:
                _, creditor, amount, why = st.debts[-1]
                return f"Pay M{amount} to {_who(st, creditor)} ({why})"
            return f"Pay the M{b.jail_fine} fine to leave Jail"
        if kind == "use":
            deck = b.deck_names[b.decks.index(str(args[0]).removesuffix(CARD_SUFFIX))]
            return f"Use your {deck} card to leave Jail"
        if kind == "offer":
            give, get = (item_words(b, a) for a in (args[2], args[4]))
            return f"Offer {args[0]} {give} for {get}"
        assert s is not None, f"{kind} names a space"
        if kind == "build":
            if st.level[s] == b.max_bases:
                return f"Build a Headquarters on {name} for M{b.hq_cost[s]}"
            return f"Build a Base on {name} for M{b.base_cost[s]}"
        if kind == "sell":
            if st.level[s] > b.max_bases:
                return f"Sell {name}'s Headquarters for M{b.hq_cost[s] // 2}"
            return f"Sell a Base on {name} for M{b.base_cost[s] // 2}"
        if kind == "sideline":
            return f"Sideline {name} for M{b.sideline[s]}"
        if kind == "reactivate":
            return f"Reactivate {name} for M{b.reactivate[s]}"
        if kind == "keep":
            return f"Keep {name} sidelined (M{b.keep_fee(s)} fee)"
        if kind == "ask":
            return f"Ask for the payment due on {name}"
        if kind == "forgo":
            return f"Let the payment due on {name} go"
        if kind == "want":
            assert st.call is not None
            return f"Ask for the last {st.call.building} to build on {name}"
        return super().label(observation, seat, action)

    def describe(self, observation: MonoState, seat: Seat | None) -> dict[str, Any]:
        st, b = observation, observation.board
        names = self.seat_names(st)
        worth = _net_worths(st)
        out: dict[str, Any] = {
            "mode": self.id,
            "board": b.id,
            "seat": seat,
            "turn": st.turn,
            "phase": st.phase,
            "step": _step_words(st),
            "current": st.current,
            "to_move": list(self.to_move(st)),
            "doubles": st.doubles,
            "players": names,
            "status": [
                {
                    "name": names[p],
                    "cash": st.cash[p],
                    "position": st.pos[p],
                    "space": b.names[st.pos[p]],
                    "where": place_words(st, p),
                    "in_jail": st.jail[p] >= 0,
                    "jail_turns": max(st.jail[p], 0),
                    "cards": [b.decks[b.card_deck[c]] + CARD_SUFFIX for c in st.held[p]],
                    "alive": st.alive[p],
                    "net_worth": worth[p],
                }
                for p in range(st.players)
            ],
            "owner": st.owner[:],
            "sidelined": st.sidelined[:],
            "level": st.level[:],
            "bank": {"bases": st.bases, "headquarters": st.hqs},
            "deck_sizes": {b.decks[d]: len(st.decks[d]) for d in range(len(b.decks))},
            # amount: what asking would collect now (<0: times the dice; 0: nothing)
            "claims": [
                {
                    "owner": o,
                    "payer": p,
                    "space": b.names[s],
                    "amount": due if _collectable(st, o, s) else 0,
                }
                for o, p, s, due in st.claims
            ],
            "window": st.window[:],
            "any_time": any_time_seats(st),
            "offers_made": st.offers_made[:],
            "declined": None,
            "debt": None,
            "auction": None,
            "call": None,
            "offer": None,
            "acquire": [{"seat": p, "space": b.names[s]} for p, s in st.acquire],
            "outcome": st.outcome.to_json() if st.outcome else None,
        }
        if st.debts:  # why: what it pays for, as the debt's event line says it
            d, c, a, why = st.debts[-1]
            out["debt"] = {
                "debtor": d,
                "creditor": None if c == BANK else c,
                "amount": a,
                "why": why,
            }
        if st.auction is not None:
            au = st.auction
            out["auction"] = {
                "item": au.building or "hero",
                "space": b.names[au.space],
                "high": au.high,
                "bidder": au.bidder if au.bidder >= 0 else None,
                "min_bid": min_bid(st),
                "seats": list(au.seats),
                "passed": list(au.passed),  # since the last bid (a bid resets every pass)
            }
        if st.call is not None:
            out["call"] = {"building": st.call.building, "builder": st.call.builder}
        for key, o in (("offer", st.offer), ("declined", st.declined)):
            if o is not None:
                out[key] = {
                    "proposer": o.proposer,
                    "receiver": o.receiver,
                    "give": _items(b, o.give_heroes, o.give_cash, o.give_cards),
                    "get": _items(b, o.get_heroes, o.get_cash, o.get_cards),
                }
        return out

    def invariants(self, state: MonoState) -> list[str]:
        st, b = state, state.board
        problems = []
        if sum(st.cash) != st.players * b.start_cash + st.bank_net:
            problems.append("money was made or lost outside the Bank")
        if min(st.cash) < 0:
            problems.append(f"negative cash: {st.cash}")
        if st.bases + sum(lv for lv in st.level if lv < HQ) != b.bases or st.bases < 0:
            problems.append(f"Bases not conserved: bank {st.bases}, board {st.level}")
        if st.hqs + st.level.count(HQ) != b.headquarters or st.hqs < 0:
            problems.append("Headquarters not conserved")
        cards = sorted([c for d in st.decks for c in d] + [c for h in st.held for c in h])
        if cards != list(range(len(b.cards))):
            problems.append("cards lost or duplicated")
        for p in range(st.players):
            if not st.alive[p] and (st.cash[p] or st.held[p] or p in st.owner):
                problems.append(f"bankrupt Player {p + 1} still has cash, cards or heroes")
        for s in range(len(b)):
            if st.sidelined[s] and st.owner[s] == BANK:
                problems.append(f"{b.names[s]} is sidelined but undrafted")
            if st.level[s]:
                m = b.set_members[b.set_of[s]]
                if any(st.owner[t] != st.owner[s] or st.sidelined[t] for t in m):
                    problems.append(f"{b.names[s]} has buildings without an active full set")
                levels = [st.level[t] for t in m]
                if max(levels) - min(levels) > 1:
                    problems.append(f"uneven building in {b.sets[b.set_of[s]]}")
        return problems

    def resample_hidden(self, state: MonoState, seat: Seat, rng: Rng) -> MonoState:
        """The order of both decks and the dice to come redrawn; everything else is public."""
        st = state.copy()
        for d in st.decks:
            rng.shuffle(d)
        st.rng = Rng(rng.next_u64())
        return st


# -- helpers ------------------------------------------------------------------------------
def _context(st: MonoState) -> str:
    if st.phase == OVER:
        return "over"
    if st.offer is not None:
        return "offer"
    if st.acquire:
        return "acquire"
    if st.debts:
        return "debt"
    if st.call is not None:
        return "call"
    if st.auction is not None:
        return "auction"
    if st.phase == DRAFT:
        return "draft"
    return "calm"


def _step_words(st: MonoState) -> str:
    """What the seats to move are deciding, in plain words and naming no seat (the view's
    `step`; the page says what it asks of its own seat, with the names it shows)."""
    ctx, names = _context(st), st.board.names
    buildings = {"base": "Base", "hq": "Headquarters"}
    if ctx == "over":
        return "the game is over"
    if ctx == "offer":
        return "deciding on a trade offer"
    if ctx == "acquire":
        return f"reactivating {names[st.acquire[0][1]]} or keeping it sidelined"
    if ctx == "debt":
        return "raising money to pay a debt"
    if ctx == "call":
        assert st.call is not None
        return f"saying whether they want the last {buildings[st.call.building]} too"
    if ctx == "auction":
        assert st.auction is not None
        au = st.auction
        what = f"the last {buildings[au.building]}" if au.building else names[au.space]
        return f"bidding in the auction for {what}"
    if ctx == "draft":
        return f"drafting {names[st.pos[st.current]]} or putting it up for auction"
    turn = "rolling the dice" if st.phase == START else "ending the turn"
    if st.claims or st.window:
        return f"asking for rent, building or trading before the next roll; {turn}"
    return turn


def _to_move(st: MonoState) -> tuple[Seat, ...]:
    """Who decides now, in the priority the module docstring gives (uncached)."""
    ctx = _context(st)
    if ctx == "over":
        return ()
    if ctx == "offer":
        assert st.offer is not None
        return (st.offer.receiver,)
    if ctx == "acquire":
        return (st.acquire[0][0],)
    if ctx == "debt":
        return (st.debts[-1][0],)
    if ctx == "call":
        assert st.call is not None
        return (st.call.asked[0],)
    if ctx == "auction":
        return tuple(_bidders(st))
    if ctx == "draft":
        return (st.current,)
    seats: list[int] = []
    for c in st.claims:
        if c[0] not in seats:
            seats.append(c[0])
    seats += [p for p in st.window if p not in seats]
    if st.current not in seats:
        seats.append(st.current)
    return tuple(seats)


def _others(st: MonoState, seat: Seat) -> list[int]:
    """Living players other than `seat`, from its left."""
    alive = st.alive
    return [p for p in _round_from(st.players, seat) if alive[p] and p != seat]


def net_worth(st: MonoState, p: Seat) -> int:
    """Cash, heroes at price (sidelined: sideline value), buildings at cost."""
    return _net_worths(st)[p]


def _net_worths(st: MonoState) -> list[int]:
    b = st.board
    total = st.cash[:]
    for s in b.ownable:
        o = st.owner[s]
        if o < 0:
            continue
        total[o] += b.sideline[s] if st.sidelined[s] else b.price[s]
        lv = st.level[s]
        if lv:
            total[o] += (
                b.hq_cost[s] + b.max_bases * b.base_cost[s] if lv == HQ else lv * b.base_cost[s]
            )
    return total


def _due_words(due: int) -> str:
    """A claim's amount in an event's text: "M8", or a dice hero's "4 times a roll of the
    dice" (the page's words)."""
    return f"{-due} times a roll of the dice" if due < 0 else f"M{due}"


def payment(st: MonoState, s: int) -> int:
    """What landing on hero `s` earns its owner now; a negative number is a dice multiplier."""
    b, o = st.board, st.owner[s]
    if b.kind[s] == mb.DICE_HERO:
        owned = sum(1 for t in b.dice_heroes if st.owner[t] == o)  # sidelined ones count
        return -b.multipliers[owned - 1]
    lv = st.level[s]
    if lv:
        return b.payments[s][lv]
    # Collect Color Sets: twice as much. A sidelined member still counts (Sidelining: "the
    # increased payment can be collected on the active heroes in a color set").
    full = all(st.owner[t] == o for t in b.set_members[b.set_of[s]])
    return b.payments[s][0] * (2 if full else 1)


def _collectable(st: MonoState, owner: Seat, s: int) -> bool:
    """Whether `owner`'s claim on hero `s` may be asked for now: still theirs, and active
    (Sidelining: no money is collected on a sidelined hero)."""
    return st.owner[s] == owner and not st.sidelined[s]


def _items(
    b: MonopolyBoard, heroes: tuple[int, ...], cash: int, cards: tuple[int, ...]
) -> list[Arg]:
    out: list[Arg] = [b.names[s] for s in heroes]
    if cash:
        out.append(cash)
    out += [b.decks[b.card_deck[c]] + CARD_SUFFIX for c in cards]
    return out


def _items_text(
    b: MonopolyBoard, heroes: tuple[int, ...], cash: int, cards: tuple[int, ...]
) -> str:
    """One side of a deal for the log: heroes, cash as M amounts, cards; "nothing" if empty."""
    words = [f"M{x}" if isinstance(x, int) else str(x) for x in _items(b, heroes, cash, cards)]
    return " ".join(words) or "nothing"


def item_words(b: MonopolyBoard, item: Arg) -> str:
    """One item of an offer as its button says it: M100, a hero, "a Stark card"."""
    if isinstance(item, int):
        return f"M{item}"
    if item.endswith(CARD_SUFFIX):
        return f"a {b.deck_names[b.decks.index(item.removesuffix(CARD_SUFFIX))]} card"
    return item


def _canonical(st: MonoState, arg: Arg) -> Arg:
    if not isinstance(arg, str):
        return arg
    b = st.board
    s = b.hero_index.get(arg.lower())
    if s is not None:
        return b.names[s]
    low = arg.lower()
    # Money as the board writes it ("bid M30", "give M10"); beyond 11 digits, no amount any
    # player holds, it is left as typed and refused as a word.
    if low[:1] == "m" and NUMBER.fullmatch(low[1:]) and len(low) <= 12:
        return int(low[1:])
    for p in range(st.players):
        if low in (f"player {p + 1}", f"p{p + 1}"):
            return f"Player {p + 1}"
    if low.endswith(CARD_SUFFIX) and low[: -len(CARD_SUFFIX)] in b.decks:
        return low
    return arg


def _hero_by_start(st: MonoState, arg: Arg) -> Arg:
    """The hero whose name alone starts with `arg` (any case), else `arg` as typed: an offer's
    words `give` and `get`, money and cards are no hero's start, or are left to be refused."""
    if not isinstance(arg, str) or arg.lower() in ("give", "get"):
        return arg
    found = _heroes_starting(st.board, arg)
    return found[0] if len(found) == 1 else arg


def _heroes_starting(b: MonopolyBoard, word: str) -> list[str]:
    """The heroes whose names start with `word` (any case), in name order."""
    low = word.lower()
    return sorted({b.names[s] for name, s in b.hero_index.items() if name.startswith(low)})


def _hero(st: MonoState, a: Action, usage: str) -> int:
    if len(a.args) != 1 or not isinstance(a.args[0], str):
        raise MalformedAction(f"{a.text()!r} is malformed; usage: {usage}")
    try:
        return st.board.hero(a.args[0])
    except KeyError:
        raise IllegalAction(f"there is no hero {a.args[0]!r} on the board") from None


def _no_args(a: Action, usage: str) -> None:
    if a.args:
        raise MalformedAction(f"{a.text()!r} is malformed; usage: {usage}")


def _seat_arg(st: MonoState, arg: Arg) -> int:
    if isinstance(arg, str):
        low = arg.lower()
        for p in range(st.players):
            if low in (f"player {p + 1}", f"p{p + 1}"):
                return p
    raise IllegalAction(f"there is no player {arg!r}")


def _set_levels(st: MonoState, s: int) -> list[int]:
    b = st.board
    if b.set_of[s] < 0:
        return [0]
    return [st.level[t] for t in b.set_members[b.set_of[s]]]


def _build_problem(st: MonoState, p: Seat, s: int, kind: str = "", cost: int = -1) -> str | None:
    """Why `p` may not build on `s` now (Building Bases / Headquarters), or None.

    `kind` ("base"/"hq") restricts the building; `cost` replaces the card's cost (an auction).
    """
    b = st.board
    name = b.names[s]
    if b.kind[s] != mb.HERO:
        return f"{name} is not in a colour set"
    if st.owner[s] != p:
        return f"you have not drafted {name}"
    members = b.set_members[b.set_of[s]]
    if any(st.owner[t] != p for t in members):
        return f"you do not have the whole {b.sets[b.set_of[s]]} set"
    if any(st.sidelined[t] for t in members):
        return f"a hero in the {b.sets[b.set_of[s]]} set is sidelined"
    lv = st.level[s]
    if lv == HQ:
        return f"{name} has a Headquarters already"
    # Building Bases, "You must build evenly": only on a hero with the fewest in its set (an
    # HQ counts as level 5, so the last HQs of a set go where there are still 4 Bases).
    if lv > min(_set_levels(st, s)):
        return "you must build evenly: first build on the other heroes of the set"
    building = "hq" if lv == b.max_bases else "base"
    if kind and building != kind:
        return f"{name} is not ready for a {kind}"
    if building == "base" and st.bases == 0:
        return "the Bank has no Bases left"
    if building == "hq" and st.hqs == 0:
        return "the Bank has no Headquarters left"
    price = _building_price(b, s, building) if cost < 0 else cost
    if st.cash[p] < price:
        return f"you have M{st.cash[p]}, not M{price}"
    return None


def _sell_problem(st: MonoState, p: Seat, s: int) -> str | None:
    b = st.board
    if st.owner[s] != p or b.kind[s] != mb.HERO or st.level[s] == 0:
        return f"you have no building on {b.names[s]}"
    # Selling Buildings: "Bases must be sold evenly" (from a hero with the most); an HQ is
    # "exchange[d] immediately for 4 Bases", so only while the Bank has 4 (reading).
    if st.level[s] < max(_set_levels(st, s)):
        return "sell evenly: first sell from the heroes of the set with the most"
    if st.level[s] == HQ and st.bases < b.max_bases:
        return f"the Bank has {st.bases} Bases, not 4 to exchange for the Headquarters"
    return None


def _sideline_problem(st: MonoState, p: Seat, s: int) -> str | None:
    b = st.board
    if st.owner[s] != p:
        return f"you have not drafted {b.names[s]}"
    if st.sidelined[s]:
        return f"{b.names[s]} is sidelined already"
    if any(_set_levels(st, s)):
        return "sell every building in the set first"
    return None


def _tradeable(st: MonoState, p: Seat, s: int) -> bool:
    """Deals & Trades: heroes only, with every building in their set sold first."""
    return st.owner[s] == p and not any(_set_levels(st, s))


def _families(st: MonoState, seat: Seat) -> list[Family]:
    """What `seat` may do now (one of `to_move`), in a fixed order."""
    b = st.board
    ctx = _context(st)
    menu = _menu(b)
    if ctx == "offer":
        return [ACCEPT, DECLINE]
    if ctx == "acquire":
        s = st.acquire[0][1]
        out = [menu.keep[s]]
        if st.cash[seat] >= b.reactivate[s]:
            out.insert(0, menu.reactivate[s])
        return out
    if ctx == "debt":
        amount = st.debts[-1][2]
        raise_money = _sales(st, seat)
        out = [PAY] if st.cash[seat] >= amount else []
        out += raise_money + _offers(st, seat)
        if not raise_money and st.cash[seat] < amount:
            out.append(BANKRUPT)
        return out
    if ctx == "call":
        assert st.call is not None
        kind = st.call.building
        return [
            menu.want[s]
            for s in b.ownable
            if _build_problem(st, seat, s, kind, cost=b.bid_start) is None
        ] + [PASS]
    if ctx == "auction":
        return [menu.bid(m) for m in _bids(st, seat)] + [PASS]
    out = []
    for owner, _payer, s, _due in st.claims if ctx == "calm" else []:
        if owner == seat and menu.forgo[s] not in out:
            if _collectable(st, seat, s):
                out.append(menu.ask[s])
            out.append(menu.forgo[s])
    if seat == st.current:
        if ctx == "draft":
            s = st.pos[seat]
            if st.cash[seat] >= b.price[s]:
                out.append(DRAFT_HERO)
            out.append(AUCTION_HERO)
        elif st.phase == START:
            out.append(ROLL)
            if st.jail[seat] >= 0:
                if st.cash[seat] >= b.jail_fine:
                    out.append(PAY)
                out += [menu.use[d] for d in _jail_decks(st, seat)]
        else:
            out.append(END_TURN)
    elif seat in st.window:
        out.append(DONE)
    else:
        return out
    return out + _builds(st, seat) + _sales(st, seat) + _reactivations(st, seat) + _offers(st, seat)


def _allows(st: MonoState, seat: Seat, action: Action) -> bool:
    """Whether `_families(st, seat)` lists `action`, without listing them: the same
    conditions, for the one action (the greedy bot asks only this)."""
    kind, args, ctx = action.kind, action.args, _context(st)
    if ctx == "auction":  # half of all decisions
        if kind == "pass":
            return not args
        return kind == "bid" and len(args) == 1 and _bid_listed(st, seat, args[0])
    if ctx == "offer":
        return not args and kind in ("accept", "decline")
    b, cash, menu = st.board, st.cash[seat], _menu(st.board)
    s = menu.space.get(args[0], -1) if len(args) == 1 and isinstance(args[0], str) else -1
    if ctx == "acquire":
        if s != st.acquire[0][1]:
            return False
        return kind == "keep" or (kind == "reactivate" and cash >= b.reactivate[s])
    if ctx == "call":
        if kind == "pass":
            return not args
        assert st.call is not None
        building = st.call.building
        return (
            kind == "want" and s >= 0 and _build_problem(st, seat, s, building, b.bid_start) is None
        )
    if ctx == "debt":
        amount = st.debts[-1][2]
        if kind in ("pay", "bankrupt"):
            if args:
                return False
            return cash >= amount if kind == "pay" else cash < amount and not _sales(st, seat)
        if kind in ("sell", "sideline"):
            return s >= 0 and _sale(st, seat, s) == kind
        return kind == "offer" and _offered(st, seat, action)
    # calm or draft: the turn, then what a player may do at any time
    manager = seat == st.current or seat in st.window
    if kind in ("ask", "forgo"):
        # Reading [Drafted Heroes]: asked between steps ("calm"), not while a draft, auction,
        # debt, offer or last-building call waits; the claim lasts to the next roll anyway.
        claimed = ctx == "calm" and any(c[0] == seat and c[2] == s for c in st.claims)
        return claimed and (kind == "forgo" or _collectable(st, seat, s))
    if kind in ("draft", "auction"):
        if args or ctx != "draft" or seat != st.current:
            return False
        return kind == "auction" or cash >= b.price[st.pos[seat]]
    if kind in ("roll", "pay", "use", "end"):
        if seat != st.current or ctx != "calm" or (kind == "end") != (st.phase != START):
            return False
        if kind == "use":
            decks = _jail_decks(st, seat) if st.jail[seat] >= 0 else []
            return len(args) == 1 and any(args[0] == menu.cards[d] for d in decks)
        if kind == "pay":
            return not args and st.jail[seat] >= 0 and cash >= b.jail_fine
        return not args
    if kind == "done":
        return not args and seat != st.current and seat in st.window
    if not manager:
        return False
    if kind == "build":
        return s >= 0 and s in _buildable(st, seat, s)
    if kind in ("sell", "sideline"):
        return s >= 0 and _sale(st, seat, s) == kind
    if kind == "reactivate":
        return s >= 0 and _reactivable(st, seat, s)
    return kind == "offer" and _offered(st, seat, action)


_RAISES = (0, 9, 49, 99)  # the bids listed: the least, and these raises on it


def _bids(st: MonoState, seat: Seat) -> list[int]:
    """The bids listed: the least, and `_RAISES` on it, up to `seat`'s cash."""
    lo, cash = min_bid(st), st.cash[seat]
    return [lo + r for r in _RAISES if lo + r <= cash]


def _bid_listed(st: MonoState, seat: Seat, amount: Arg) -> bool:
    """Whether `_bids(st, seat)` lists `amount`, without listing them (asked every bid)."""
    return isinstance(amount, int) and amount - min_bid(st) in _RAISES and amount <= st.cash[seat]


def _jail_decks(st: MonoState, p: Seat) -> list[int]:
    """The decks of the Get Out of Jail Free cards `p` holds, in order."""
    return sorted({st.board.card_deck[c] for c in st.held[p]})


def _builds(st: MonoState, p: Seat) -> list[Family]:
    """Builds on the heroes of the sets `p` holds whole (no other hero can be built on)."""
    owner = st.owner
    found: list[int] = []
    for members in st.board.set_members:
        if owner[members[0]] == p:  # most of a game not: a cheap test first
            found += _buildable(st, p, members[0])
    if not found:
        return []
    build = _menu(st.board).build
    return [build[s] for s in sorted(found)]  # in board order, as every list here


def _buildable(st: MonoState, p: Seat, s: int) -> list[int]:
    """The heroes of `s`'s set `p` may build on now: `_build_problem`'s checks, those of the
    set made once for the set."""
    b, owner, level = st.board, st.owner, st.level
    if b.set_of[s] < 0:
        return []
    members = b.set_members[b.set_of[s]]
    if not all([owner[t] == p for t in members]) or any([st.sidelined[t] for t in members]):
        return []
    low = min([level[t] for t in members])  # building evenly: only the lowest may rise
    if low == HQ:
        return []
    hq = low == b.max_bases
    if (st.hqs if hq else st.bases) == 0:
        return []
    cost, cash = (b.hq_cost if hq else b.base_cost), st.cash[p]
    return [t for t in members if level[t] == low and cash >= cost[t]]


def _sales(st: MonoState, p: Seat) -> list[Family]:
    """Building sales and sidelinings: `_sale`'s checks, inline (asked for every decision of
    a turn a random bot makes, and most heroes have no building)."""
    b, owner, level, set_of = st.board, st.owner, st.level, st.board.set_of
    menu = _menu(b)
    out = []
    for s in b.ownable:
        if owner[s] != p:
            continue
        if level[s]:
            if _sell_problem(st, p, s) is None:
                out.append(menu.sell[s])
        elif not st.sidelined[s] and (
            set_of[s] < 0 or not any([level[t] for t in b.set_members[set_of[s]]])
        ):
            out.append(menu.sideline[s])
    return out


def _sale(st: MonoState, p: Seat, s: int) -> str | None:
    """Whether `p` may "sell" a building on hero `s` (`_sell_problem`) or "sideline" it
    (`_sideline_problem`'s checks), else None."""
    b, level = st.board, st.level
    if st.owner[s] != p:
        return None
    if level[s]:
        return "sell" if _sell_problem(st, p, s) is None else None
    set_of = b.set_of[s]
    if st.sidelined[s] or (set_of >= 0 and any([level[t] for t in b.set_members[set_of]])):
        return None
    return "sideline"


def _reactivations(st: MonoState, p: Seat) -> list[Family]:
    b, owner, sidelined = st.board, st.owner, st.sidelined
    reactivate = _menu(b).reactivate
    return [
        reactivate[s]
        for s in b.ownable
        if owner[s] == p and sidelined[s] and st.cash[p] >= b.reactivate[s]
    ]


def _reactivable(st: MonoState, p: Seat, s: int) -> bool:
    """Whether `_reactivations(st, p)` lists hero `s`."""
    return st.owner[s] == p and st.sidelined[s] and st.cash[p] >= st.board.reactivate[s]


def _offers(st: MonoState, p: Seat) -> list[Family]:
    """A sample of offers (heroes at their printed price, cards at the Jail fine), less the
    one just declined; any other offer may be written out and is checked the same way."""
    b, owner, cash, price = st.board, st.owner, st.cash, st.board.price
    menu = _menu(b)
    free = _free(st)
    fine = b.jail_fine
    out: list[Family] = []
    for q in _others(st, p):
        # Only an offer to the receiver who just declined one can be that offer.
        refused = _refused(st, p, q)
        buy, sell = menu.buy[q], menu.sell_to[q]
        for s in free:
            if owner[s] == q and cash[p] >= price[s]:
                if refused is None or refused != Offer(p, q, (), price[s], (), (s,), 0, ()):
                    out.append(buy[s])
            elif (owner[s] == p and cash[q] >= price[s]) and (
                refused is None or refused != Offer(p, q, (s,), 0, (), (), price[s], ())
            ):
                out.append(sell[s])
        for c in st.held[q][:1]:
            if cash[p] >= fine and (
                refused is None or refused != Offer(p, q, (), fine, (), (), 0, (c,))
            ):
                out.append(menu.buy_card[q][b.card_deck[c]])
        for c in st.held[p][:1]:
            if cash[q] >= fine and (
                refused is None or refused != Offer(p, q, (), 0, (c,), (), fine, ())
            ):
                out.append(menu.sell_card[q][b.card_deck[c]])
    return out


def _free(st: MonoState) -> list[int]:
    """Heroes that may be traded: drafted, with no building in their set."""
    b, owner = st.board, st.owner
    built = {b.set_of[s] for s in b.ownable if st.level[s]}
    return [s for s in b.ownable if owner[s] >= 0 and (b.set_of[s] < 0 or b.set_of[s] not in built)]


def _refused(st: MonoState, p: Seat, q: Seat) -> Offer | None:
    """The offer `q` has just declined from `p`, if that is the last action."""
    declined = st.declined
    if declined is not None and declined.proposer == p and declined.receiver == q:
        return declined
    return None


def _offered(st: MonoState, p: Seat, action: Action) -> bool:
    """Whether `_offers(st, p)` lists `action`: the same conditions, for that one offer."""
    meaning = _menu(st.board).offer_of.get(action)
    if meaning is None:
        return False
    what, q, index = meaning
    if q >= st.players or q == p or not st.alive[q]:
        return False
    b, cash, refused = st.board, st.cash, _refused(st, p, q)
    if what in (BUY, SELL_TO):
        s, price = index, b.price[index]
        buyer, seller = (p, q) if what == BUY else (q, p)
        if st.owner[s] != seller or cash[buyer] < price or s not in _free(st):
            return False
        offer = (
            Offer(p, q, (), price, (), (s,), 0, ())
            if what == BUY
            else Offer(p, q, (s,), 0, (), (), price, ())
        )
    else:
        buyer, seller = (p, q) if what == BUY_CARD else (q, p)
        held = st.held[seller][:1]
        if not held or b.card_deck[held[0]] != index or cash[buyer] < b.jail_fine:
            return False
        c, fine = held[0], b.jail_fine
        offer = (
            Offer(p, q, (), fine, (), (), 0, (c,))
            if what == BUY_CARD
            else Offer(p, q, (), 0, (c,), (), fine, ())
        )
    return refused is None or refused != offer


def min_bid(st: MonoState) -> int:
    """The least bid the auction takes now (public: the greedy bot bids it)."""
    assert st.auction is not None
    return max(st.board.bid_start, st.auction.high + 1)


def _bidders(st: MonoState) -> list[int]:
    """Who may still raise, from the left of the high bidder (or of the auction's start)."""
    au = st.auction
    assert au is not None
    lo = min_bid(st)
    bidder = au.bidder
    alive, cash, seats, passed = st.alive, st.cash, au.seats, au.passed
    return [
        p
        for p in _round_from(st.players, bidder if bidder >= 0 else au.start)
        if p in seats and alive[p] and p not in passed and p != bidder and cash[p] >= lo
    ]


@cache
def _round_from(players: int, seat: Seat) -> tuple[Seat, ...]:
    """Every seat from `seat`'s left round to `seat` itself (asked every bid: made once)."""
    return tuple((seat + k) % players for k in range(1, players + 1))


# -- money ------------------------------------------------------------------------------
def _gain(st: MonoState, p: Seat, amount: int) -> None:
    """The Bank pays `p`."""
    st.cash[p] += amount
    st.bank_net += amount


def _spend(st: MonoState, p: Seat, amount: int) -> None:
    """`p` pays the Bank (only with the cash in hand)."""
    assert st.cash[p] >= amount
    st.cash[p] -= amount
    st.bank_net -= amount


def _transfer(st: MonoState, payer: Seat, payee: Seat, amount: int) -> None:
    if payee == BANK:
        _spend(st, payer, amount)
    else:
        assert st.cash[payer] >= amount
        st.cash[payer] -= amount
        st.cash[payee] += amount


def _who(st: MonoState, p: int) -> str:
    return "the Bank" if p == BANK else f"Player {p + 1}"


# -- the effect queue -----------------------------------------------------------------------
def _proceed(st: MonoState, ev: list[Event]) -> None:
    """Resolve waiting effects in order until someone must decide."""
    while st.tasks and st.phase != OVER and _context(st) == "calm":
        task = st.tasks.pop(0)
        _TASKS[task[0]](st, task, ev)
    if st.phase == BUSY and not st.tasks and _context(st) == "calm":
        raise AssertionError("effects ran out with no decision to make")


def _t_pay(st: MonoState, task: tuple[Any, ...], ev: list[Event]) -> None:
    """A payment due now; one the payer cannot make becomes a debt to raise money for, then
    pay or go bankrupt (reading [Help! I Can't Pay])."""
    _, debtor, creditor, amount, why = task
    if not st.alive[debtor] or (creditor != BANK and not st.alive[creditor]) or amount <= 0:
        return
    if st.cash[debtor] >= amount:
        _transfer(st, debtor, creditor, amount)
        ev.append(
            Event(
                "pay",
                f"{_who(st, debtor)} pays M{amount} to {_who(st, creditor)} ({why})",
                {"seat": debtor, "to": creditor, "amount": amount, "why": why},
            )
        )
        return
    st.debts.append((debtor, creditor, amount, why))
    ev.append(
        Event(
            "debt",
            f"{_who(st, debtor)} owes M{amount} to {_who(st, creditor)} ({why}) and has "
            f"M{st.cash[debtor]}: raise money or go bankrupt",
            {"seat": debtor, "to": creditor, "amount": amount, "why": why},
        )
    )


def _t_move(st: MonoState, task: tuple[Any, ...], ev: list[Event]) -> None:
    _move_by(st, st.current, task[1], ev)
    st.tasks.insert(0, ("land",))


def _t_land(st: MonoState, task: tuple[Any, ...], ev: list[Event]) -> None:
    _land(st, ev)


def _t_after(st: MonoState, task: tuple[Any, ...], ev: list[Event]) -> None:
    """Did you roll doubles? Roll again; otherwise (or from Jail) the turn ends.

    Reading [Children of Thanos]: doubles and an escape on the same roll both say "roll again",
    one flag (`again`): the turn has one next roll, not two."""
    p = st.current
    if st.again and st.jail[p] < 0:
        st.phase = START
        ev.append(Event("again", f"Player {p + 1} rolls again", {"seat": p}))
    else:
        st.phase = END
    st.again = False


def _t_auction(st: MonoState, task: tuple[Any, ...], ev: list[Event]) -> None:
    s = task[1]
    if st.owner[s] != BANK:
        return
    seats = tuple(p for p in range(st.players) if st.alive[p])
    st.auction = Auction(s, "", seats, (), st.current, 0, -1, ())
    ev.append(
        Event(
            "auction",
            f"The Banker auctions {st.board.names[s]}'s allegiance "
            f"(bids from M{st.board.bid_start})",
            {"space": st.board.names[s]},
        )
    )
    _settle_auction(st, ev)


def _t_next(st: MonoState, task: tuple[Any, ...], ev: list[Event]) -> None:
    _end_turn(st, ev)


_TASKS: dict[str, Callable[[MonoState, tuple[Any, ...], list[Event]], None]] = {
    "pay": _t_pay,
    "move": _t_move,
    "land": _t_land,
    "after": _t_after,
    "auction": _t_auction,
    "next": _t_next,
}


# -- movement and spaces --------------------------------------------------------------------
def _move_by(st: MonoState, p: Seat, steps: int, ev: list[Event]) -> None:
    """Move `steps` forward. The log says where only once, at the landing that always comes
    next (a "moves to Okoye" line before "lands on Okoye" said it twice)."""
    b = st.board
    start = st.pos[p]
    st.pos[p] = (start + steps) % len(b)
    if start + steps >= len(b):  # Go: pass or land on it
        _gain(st, p, b.go_salary)
        who, salary = f"Player {p + 1}", f"M{b.go_salary}"
        if st.pos[p] == b.go:  # the landing's line says where, next
            said = f"{who} collects {salary} for GO"
        else:
            said = f"{who} passes GO and collects {salary}"
        ev.append(Event("salary", said, {"seat": p}))


def _send_to_jail(st: MonoState, p: Seat, ev: list[Event], why: str = "") -> None:
    """Go to Jail: move there at once, no GO salary; the turn is over. `why` is said where no
    line before says it (a space or a card does)."""
    st.pos[p] = st.board.jail
    st.jail[p] = 0
    st.again = False
    st.doubles = 0
    ev.append(Event("jail", f"Player {p + 1} goes to Jail{why}", {"seat": p}))


def place_words(st: MonoState, p: Seat) -> str:
    """Where player `p` is, as a person reads it: a token on the Jail space is "in Jail" or
    Just Visiting, which the space's name alone ("Jail") does not say."""
    b, s = st.board, st.pos[p]
    if st.jail[p] >= 0:
        return "in Jail"
    return b.names[s] + (" (Just Visiting)" if b.kind[s] == mb.JAIL else "")


def _land(st: MonoState, ev: list[Event]) -> None:
    b, p = st.board, st.current
    s = st.pos[p]
    kind = b.kind[s]
    where = place_words(st, p)
    ev.append(Event("land", f"Player {p + 1} lands on {where}", {"seat": p, "space": s}))
    if kind in mb.OWNABLE:
        o = st.owner[s]
        if o == BANK:
            st.phase = DRAFT  # Undrafted Heroes: draft or auction
        elif o != p and not st.sidelined[s]:
            due = payment(st, s)  # what the landing makes due (reading at `_ask`)
            st.claims.append((o, p, s, due))
            ev.append(
                Event(
                    "claim",
                    f"Player {o + 1} may ask Player {p + 1} for {_due_words(due)} for {b.names[s]}",
                    {"owner": o, "payer": p, "space": b.names[s], "amount": due},
                )
            )
    elif kind == mb.TAX:
        st.tasks.insert(0, ("pay", p, BANK, b.amount[s], b.names[s]))
    elif kind == mb.BATTLE:
        _battle(st, p, s, ev)
    elif kind == mb.DECK:
        _draw(st, p, b.deck_of[s], ev)
    elif kind == mb.GO_TO_JAIL:
        _send_to_jail(st, p, ev)


def _battle(st: MonoState, p: Seat, s: int, ev: list[Event]) -> None:
    """Children of Thanos: a die for the token plus one per hero card held, until one matches.

    Sidelined hero cards are still held, so they count.
    """
    b = st.board
    dice = 1 + sum(1 for t in b.ownable if st.owner[t] == p)
    rolls = []
    for _ in range(dice):
        rolls.append(st.rng.die())
        if rolls[-1] == b.number[s]:
            break
    won = rolls[-1] == b.number[s]
    ev.append(
        Event(
            "child-of-thanos",
            f"Player {p + 1} battles {b.names[s]} (needs a {b.number[s]}): rolls "
            f"{' '.join(map(str, rolls))}: " + ("escapes, another turn" if won else "loses"),
            {"seat": p, "space": b.names[s], "rolls": rolls, "escaped": won},
            reveals=True,
        )
    )
    if won:
        st.again = True
    else:
        st.tasks.insert(0, ("pay", p, BANK, b.battle_fine, f"lost to {b.names[s]}"))


def _draw(st: MonoState, p: Seat, d: int, ev: list[Event]) -> None:
    """Take the top card, do what it says, and put it at the bottom (a Jail card is kept)."""
    b = st.board
    c = st.decks[d].pop(0)
    card = b.cards[c]
    ev.append(
        Event(
            "card",
            f"Player {p + 1} draws {b.deck_names[d]}: {card.title}",
            {"seat": p, "deck": b.decks[d], "card": card.title},
            reveals=True,
        )
    )
    if card.effect == mb.JAIL_FREE:
        st.held[p].append(c)
        return
    # Reading [Stark Industries and Infinity Gauntlet]: "return it to the bottom ... when done";
    # it goes there now, before its effect, which draws no other card, so the order is the same.
    st.decks[d].append(c)
    n = len(b)
    e = card.effect
    if e == mb.ADVANCE:
        _move_by(st, p, (card.target - st.pos[p]) % n or n, ev)
        st.tasks.insert(0, ("land",))
    elif e == mb.ADVANCE_NEAREST:
        steps = next(k for k in range(1, n + 1) if b.kind[(st.pos[p] + k) % n] == card.kind)
        _move_by(st, p, steps, ev)
        st.tasks.insert(0, ("land",))
    elif e == mb.BACK:
        # Reading [GO]: "pass or land on" GO pays; a token moved back onto GO lands on it and
        # collects, but moving back past it is not passing it (a pass is a move forward).
        # No card of the packaged decks can do either; an owner's board file could.
        st.pos[p] = (st.pos[p] - card.amount) % n
        if st.pos[p] == b.go:
            _gain(st, p, b.go_salary)
            said = f"Player {p + 1} collects M{b.go_salary} for GO"
            ev.append(Event("salary", said, {"seat": p}))
        st.tasks.insert(0, ("land",))  # the card's line says how far, the landing where
    elif e == mb.GO_TO_JAIL_CARD:
        _send_to_jail(st, p, ev)
    elif e == mb.BANK_PAYS:
        _gain(st, p, card.amount)
        said = f"The Bank pays Player {p + 1} M{card.amount} ({card.title})"  # else unseen
        ev.append(Event("collect", said, {"seat": p, "amount": card.amount}))
    elif e == mb.PAY_BANK:
        st.tasks.insert(0, ("pay", p, BANK, card.amount, card.title))
    elif e == mb.COLLECT_EACH:
        st.tasks[0:0] = [("pay", q, p, card.amount, card.title) for q in _others(st, p)]
    elif e == mb.PAY_EACH:
        st.tasks[0:0] = [("pay", p, q, card.amount, card.title) for q in _others(st, p)]
    elif e == mb.REPAIRS:
        mine = [st.level[s] for s in b.ownable if st.owner[s] == p]
        total = card.base * sum(lv for lv in mine if lv < HQ) + card.hq * mine.count(HQ)
        st.tasks.insert(0, ("pay", p, BANK, total, card.title))


def _end_turn(st: MonoState, ev: list[Event]) -> None:
    """Pass the dice to the left (the next player still in the game)."""
    limit = int(st.options["turn_limit"])
    if limit and st.turn >= limit:
        _finish_by_limit(st, ev)
        return
    nxt = _others(st, st.current)[0]
    st.current = nxt
    st.turn += 1
    st.phase = START
    st.doubles = 0
    st.again = False
    st.tasks = []
    st.window = _others(st, nxt)
    st.offers_made = [0] * st.players
    ev.append(Event("turn", f"Turn {st.turn}: Player {nxt + 1}", {"seat": nxt, "turn": st.turn}))


def seat_names(players: int) -> list[str]:
    return [f"Player {i + 1}" for i in range(players)]


def turn_limit_reason(turns: int) -> str:
    """The outcome's reason when `turn_limit` ends a game (also used by `warroom.fast`)."""
    return turn_limit_ending(turns, "players are ranked by net worth")


def last_player_reason(winner: Seat) -> str:
    """The outcome's reason when every other player is bankrupt (also used by `warroom.fast`)."""
    return f"Player {winner + 1} is the last player with money"


def _finish_by_limit(st: MonoState, ev: list[Event]) -> None:
    worth = _net_worths(st)
    alive = sorted((p for p in range(st.players) if st.alive[p]), key=lambda p: -worth[p])
    winners = tuple(p for p in alive if worth[p] == worth[alive[0]])
    st.outcome = Outcome(
        winners, turn_limit_reason(st.turn), tuple(alive) + tuple(reversed(st.out_order))
    )
    st.phase = OVER
    ev.append(Event("game-over", st.outcome.reason, {"winners": list(winners)}))


# -- handlers: the turn -------------------------------------------------------------------
def _roll(g: MonopolyAvengers, st: MonoState, seat: Seat, a: Action, ev: list[Event]) -> None:
    _no_args(a, "roll")
    require(seat == st.current and st.phase == START, "only the player whose turn it is rolls")
    b = st.board
    # Drafted Heroes: claims not asked before the next player rolls are not owed.
    lapsed = [c for c in st.claims if c[1] != seat]
    for o, p, s, _due in lapsed:
        ev.append(
            Event(
                "lapse",
                f"Player {o + 1} did not ask Player {p + 1} for {b.names[s]} in time",
                {"owner": o, "payer": p, "space": b.names[s]},
            )
        )
    st.claims = [c for c in st.claims if c[1] == seat]
    st.window = []
    d1, d2 = st.rng.roll(2)
    double = d1 == d2
    ev.append(
        Event(
            "roll",
            f"Player {seat + 1} rolls {d1}+{d2}" + (" (doubles)" if double else ""),
            {"seat": seat, "dice": [d1, d2]},
            reveals=True,
        )
    )
    st.phase = BUSY
    if st.jail[seat] >= 0:
        # How do I get out of Jail, option 3: doubles free you; the roll moves you, no more.
        # Reading (Watch Out!): those doubles start no count of doubles in a row, since they
        # earn no roll again; a Child of Thanos escape's extra roll after them counts from 0.
        if double:
            st.jail[seat] = -1
            st.again = False
            st.tasks = [("move", d1 + d2), ("after",)]
            ev.append(
                Event(
                    "jail-doubles",
                    f"Player {seat + 1} leaves Jail with doubles "
                    "(doubles out of Jail give no roll again)",
                    {"seat": seat},
                )
            )
            return
        st.jail[seat] += 1
        if st.jail[seat] < b.jail_turns:
            st.phase = END
            ev.append(
                Event(
                    "jail-stay",
                    f"Player {seat + 1} stays in Jail (no doubles: try "
                    f"{st.jail[seat]} of {b.jail_turns})",
                    {"seat": seat, "tries": st.jail[seat]},
                )
            )
            return
        # The third failed turn: pay 50 and use the roll to move.
        st.jail[seat] = -1
        st.again = False
        st.tasks = [("pay", seat, BANK, b.jail_fine, "leaving Jail"), ("move", d1 + d2), ("after",)]
        return
    st.doubles = st.doubles + 1 if double else 0
    if st.doubles == 3:  # Watch Out! Three doubles in a row: Jail, no third move
        _send_to_jail(st, seat, ev, " (three doubles in a row)")
        st.phase = END
        return
    st.again = double
    st.tasks = [("move", d1 + d2), ("after",)]


def _pay_fine(g: MonopolyAvengers, st: MonoState, seat: Seat, a: Action, ev: list[Event]) -> None:
    _no_args(a, "pay")
    b = st.board
    require(
        seat == st.current and st.phase == START and st.jail[seat] >= 0,
        "only a player starting a turn in Jail pays to leave",
    )
    require(st.cash[seat] >= b.jail_fine, f"you need M{b.jail_fine} (raise money first)")
    _spend(st, seat, b.jail_fine)
    st.jail[seat] = -1
    ev.append(Event("pay", f"Player {seat + 1} pays M{b.jail_fine} to leave Jail", {"seat": seat}))


def _use_card(g: MonopolyAvengers, st: MonoState, seat: Seat, a: Action, ev: list[Event]) -> None:
    usage = "use stark-card|gauntlet-card"
    b = st.board
    if len(a.args) != 1 or not isinstance(a.args[0], str):
        raise MalformedAction(f"{a.text()!r} is malformed; usage: {usage}")
    require(
        seat == st.current and st.phase == START and st.jail[seat] >= 0,
        "a Get Out of Jail Free card is used at the start of a turn in Jail",
    )
    name = str(a.args[0]).lower()
    card = next((c for c in st.held[seat] if b.decks[b.card_deck[c]] + CARD_SUFFIX == name), None)
    require(card is not None, f"you hold no {name}")
    assert card is not None
    st.held[seat].remove(card)
    st.decks[b.card_deck[card]].append(card)  # to the bottom of its deck
    st.jail[seat] = -1
    ev.append(Event("use", f"Player {seat + 1} uses a Get Out of Jail Free card", {"seat": seat}))


def _end(g: MonopolyAvengers, st: MonoState, seat: Seat, a: Action, ev: list[Event]) -> None:
    _no_args(a, "end")
    require(seat == st.current, "only the player whose turn it is ends it")
    if st.phase != END:  # the player's own turn, its moves not done yet
        doing = "end the turn before rolling the dice" if st.phase == START else "end the turn yet"
        g.refuse(st, seat, a, _ALL_KINDS, doing)
    _end_turn(st, ev)


def _done(g: MonopolyAvengers, st: MonoState, seat: Seat, a: Action, ev: list[Event]) -> None:
    _no_args(a, "done")
    require(seat in st.window, "you have nothing to finish")
    st.window = [p for p in st.window if p != seat]  # replaced, not changed: see `apply`
    st.claims = [c for c in st.claims if c[0] != seat]  # done: no more asking this time


def _draft(g: MonopolyAvengers, st: MonoState, seat: Seat, a: Action, ev: list[Event]) -> None:
    _no_args(a, "draft")
    b = st.board
    s = st.pos[seat]
    require(
        st.cash[seat] >= b.price[s], f"{b.names[s]} costs M{b.price[s]}; you have M{st.cash[seat]}"
    )
    _spend(st, seat, b.price[s])
    st.owner[s] = seat
    st.phase = BUSY
    ev.append(
        Event(
            "draft",
            f"Player {seat + 1} drafts {b.names[s]} for M{b.price[s]}",
            {"seat": seat, "space": b.names[s], "price": b.price[s]},
        )
    )


def _decline(g: MonopolyAvengers, st: MonoState, seat: Seat, a: Action, ev: list[Event]) -> None:
    _no_args(a, "auction")
    st.phase = BUSY
    st.tasks.insert(0, ("auction", st.pos[seat]))


def _claim_of(st: MonoState, seat: Seat, a: Action, usage: str) -> tuple[int, int, int, int]:
    s = _hero(st, a, usage)
    c = next((c for c in st.claims if c[0] == seat and c[2] == s), None)
    require(c is not None, f"you have no payment to ask for on {st.board.names[s]}")
    assert c is not None
    st.claims.remove(c)
    return c


def _ask(g: MonopolyAvengers, st: MonoState, seat: Seat, a: Action, ev: list[Event]) -> None:
    """Reading: what is owed is what the hero earned when the payer landed (Drafted Heroes:
    landing on it is what the owner asks payment for), so buildings, a set completed or a
    second dice hero gained before asking do not raise it; a dice hero's dice are rolled on
    asking. Nothing is collected while the hero is sidelined (Sidelining: no money is
    collected on a sidelined hero) or no longer the claimant's."""
    owner, payer, s, amount = _claim_of(st, seat, a, "ask HERO")
    b = st.board
    require(st.owner[s] == owner, f"you no longer have {b.names[s]}")
    require(not st.sidelined[s], f"{b.names[s]} is sidelined: no money can be collected on it now")
    if amount < 0:  # Winter Soldier and Black Panther: roll the dice to determine payment
        d1, d2 = st.rng.roll(2)
        ev.append(
            Event(
                "roll",
                f"Player {payer + 1} rolls {d1}+{d2} for {b.names[s]}: {-amount} times "
                f"{d1 + d2} is M{-amount * (d1 + d2)}",
                {"seat": payer, "dice": [d1, d2]},
                reveals=True,
            )
        )
        amount = -amount * (d1 + d2)
    ev.append(
        Event(
            "ask",
            f"Player {owner + 1} asks Player {payer + 1} for M{amount} for {b.names[s]}",
            {"owner": owner, "payer": payer, "space": b.names[s], "amount": amount},
        )
    )
    st.tasks.insert(0, ("pay", payer, owner, amount, b.names[s]))


def _forgo(g: MonopolyAvengers, st: MonoState, seat: Seat, a: Action, ev: list[Event]) -> None:
    owner, payer, s, _due = _claim_of(st, seat, a, "forgo HERO")
    ev.append(
        Event(
            "forgo",
            f"Player {owner + 1} does not ask Player {payer + 1} for {st.board.names[s]}",
            {"owner": owner, "payer": payer, "space": st.board.names[s]},
        )
    )


def any_time_seats(st: MonoState) -> list[int]:
    """The seats that may now do what the rulebook allows "at any time" (build, sell,
    sideline, reactivate, offer a trade), as `_families` lists them: the debtor while a debt
    is raised; in the turn itself (calm or a draft) the player whose turn it is and the
    players still in the window before the roll; nobody while an offer, an acquired hero, a
    call or an auction waits.

    Reading ("Deals & Trades": "at any time"; "Building Bases": "you don't have to wait for
    your turn"): a player other than the one whose turn it is takes that time in the window
    before each roll, so every player may act between any two rolls; within a turn the
    player whose turn it is decides, and the others answer what concerns them (an offer, an
    auction, a call, a claim). Listing every player at every step of a turn would make each
    step wait on all of them."""
    ctx = _context(st)
    if ctx == "debt":
        return [st.debts[-1][0]]
    if ctx not in ("calm", "draft"):
        return []
    return [st.current, *(p for p in st.window if p != st.current)]


def _manager(st: MonoState, seat: Seat) -> None:
    ctx = _context(st)
    if ctx == "debt":
        return
    require(
        seat == st.current or seat in st.window,
        "you may do that on your turn or before the next roll (say 'done' when finished)",
    )


# -- handlers: buildings and sidelining -------------------------------------------------------
def _build(g: MonopolyAvengers, st: MonoState, seat: Seat, a: Action, ev: list[Event]) -> None:
    _manager(st, seat)
    s = _hero(st, a, "build HERO")
    b = st.board
    problem = _build_problem(st, seat, s)
    require(problem is None, str(problem))
    kind = "hq" if st.level[s] == b.max_bases else "base"
    if (st.bases if kind == "base" else st.hqs) == 1:
        # Not Enough Buildings: anyone else who could build this kind may want it too.
        # Asked: each other player who could build one of this kind now, holding at least
        # the opening bid (its price will be their winning bid).
        asked = tuple(
            q
            for q in _others(st, seat)
            if any(_build_problem(st, q, t, kind, cost=b.bid_start) is None for t in b.ownable)
        )
        if asked:
            st.call = Call(seat, s, kind, asked, ())
            ev.append(
                Event(
                    "call",
                    f"Player {seat + 1} wants the last {_building_name(kind)}: who else wants it?",
                    {"seat": seat, "building": kind},
                )
            )
            return
    _place(st, seat, s, _building_price(b, s, kind), ev)


def _building_name(kind: str) -> str:
    return "Headquarters" if kind == "hq" else "Base"


def _building_price(b: MonopolyBoard, s: int, kind: str) -> int:
    return b.hq_cost[s] if kind == "hq" else b.base_cost[s]


def _place(st: MonoState, p: Seat, s: int, price: int, ev: list[Event]) -> None:
    b = st.board
    _spend(st, p, price)
    if st.level[s] == b.max_bases:  # Building Headquarters: the 4 Bases go back to the Bank
        st.hqs -= 1
        st.bases += b.max_bases
        st.level[s] = HQ
        what = "a Headquarters"
    else:
        st.bases -= 1
        st.level[s] += 1
        what = "a Base"
    ev.append(
        Event(
            "build",
            f"Player {p + 1} builds {what} on {b.names[s]} for M{price}",
            {"seat": p, "space": b.names[s], "level": st.level[s], "price": price},
        )
    )


def _want(g: MonopolyAvengers, st: MonoState, seat: Seat, a: Action, ev: list[Event]) -> None:
    call = st.call
    assert call is not None
    s = _hero(st, a, "want HERO")
    problem = _build_problem(st, seat, s, call.building, cost=st.board.bid_start)
    require(problem is None, str(problem))
    st.call = replace(call, asked=call.asked[1:], wanted=(*call.wanted, (seat, s)))
    _close_call(st, ev)


def _pass_call(g: MonopolyAvengers, st: MonoState, seat: Seat, a: Action, ev: list[Event]) -> None:
    _no_args(a, "pass")
    call = st.call
    assert call is not None
    st.call = replace(call, asked=call.asked[1:])
    _close_call(st, ev)


def _close_call(st: MonoState, ev: list[Event]) -> None:
    call = st.call
    assert call is not None
    if call.asked:
        return
    st.call = None
    b = st.board
    if not call.wanted:
        _place(st, call.builder, call.space, _building_price(b, call.space, call.building), ev)
        return
    seats = (call.builder, *(p for p, _ in call.wanted))
    targets = (call.space, *(t for _, t in call.wanted))
    st.auction = Auction(call.space, call.building, seats, targets, call.builder, 0, -1, ())
    ev.append(
        Event(
            "auction",
            f"The Banker auctions the last {_building_name(call.building)}",
            {"building": call.building, "seats": list(seats)},
        )
    )
    _settle_auction(st, ev)


def _sell(g: MonopolyAvengers, st: MonoState, seat: Seat, a: Action, ev: list[Event]) -> None:
    _manager(st, seat)
    s = _hero(st, a, "sell HERO")
    b = st.board
    problem = _sell_problem(st, seat, s)
    require(problem is None, str(problem))
    if st.level[s] == HQ:  # Selling Buildings: half the cost, exchanged for 4 Bases
        price = b.hq_cost[s] // 2
        st.hqs += 1
        st.bases -= b.max_bases
        st.level[s] = b.max_bases
        what = "a Headquarters (exchanged for 4 Bases)"
    else:
        price = b.base_cost[s] // 2
        st.bases += 1
        st.level[s] -= 1
        what = "a Base"
    _gain(st, seat, price)
    ev.append(
        Event(
            "sell",
            f"Player {seat + 1} sells {what} on {b.names[s]} for M{price}",
            {"seat": seat, "space": b.names[s], "level": st.level[s], "price": price},
        )
    )


def _sideline(g: MonopolyAvengers, st: MonoState, seat: Seat, a: Action, ev: list[Event]) -> None:
    _manager(st, seat)
    s = _hero(st, a, "sideline HERO")
    b = st.board
    problem = _sideline_problem(st, seat, s)
    require(problem is None, str(problem))
    st.sidelined[s] = True
    _gain(st, seat, b.sideline[s])
    ev.append(
        Event(
            "sideline",
            f"Player {seat + 1} sidelines {b.names[s]} for M{b.sideline[s]}",
            {"seat": seat, "space": b.names[s], "amount": b.sideline[s]},
        )
    )


def _reactivate(g: MonopolyAvengers, st: MonoState, seat: Seat, a: Action, ev: list[Event]) -> None:
    s = _hero(st, a, "reactivate HERO")
    b = st.board
    if _context(st) == "acquire":
        require(st.acquire[0][1] == s, f"choose for {b.names[st.acquire[0][1]]} first")
        st.acquire.pop(0)
    else:
        _manager(st, seat)
        require(st.owner[s] == seat and st.sidelined[s], f"you have no sidelined {b.names[s]}")
    require(st.cash[seat] >= b.reactivate[s], f"reactivating costs M{b.reactivate[s]}")
    _spend(st, seat, b.reactivate[s])
    st.sidelined[s] = False
    ev.append(
        Event(
            "reactivate",
            f"Player {seat + 1} reactivates {b.names[s]} for M{b.reactivate[s]}",
            {"seat": seat, "space": b.names[s], "amount": b.reactivate[s]},
        )
    )


def _keep(g: MonopolyAvengers, st: MonoState, seat: Seat, a: Action, ev: list[Event]) -> None:
    s = _hero(st, a, "keep HERO")
    b = st.board
    require(st.acquire[0][1] == s, f"choose for {b.names[st.acquire[0][1]]} first")
    st.acquire.pop(0)
    fee = b.keep_fee(s)
    ev.append(
        Event(
            "keep",
            f"Player {seat + 1} keeps {b.names[s]} sidelined",
            {"seat": seat, "space": b.names[s], "fee": fee},
        )
    )
    # Deals & Trades, "pay the Bank 10% of that cost now": paid before the next hero's choice,
    # so it cannot go to reactivating that one. Short of it, it waits and then is a debt.
    task = ("pay", seat, BANK, fee, f"keeping {b.names[s]} sidelined")
    if st.cash[seat] >= fee:
        _t_pay(st, task, ev)
    else:
        st.tasks.insert(0, task)


# -- handlers: auctions ------------------------------------------------------------------------
def _bid(g: MonopolyAvengers, st: MonoState, seat: Seat, a: Action, ev: list[Event]) -> None:
    if len(a.args) != 1 or not isinstance(a.args[0], int):
        raise MalformedAction(f"{a.text()!r} is malformed; usage: bid AMOUNT")
    amount = a.args[0]
    lo = min_bid(st)
    # Not `require`: its message would be formatted for every bid, half of all decisions.
    if amount < lo:
        raise IllegalAction(f"the bid must be at least M{lo}")
    # Reading: a bid is limited to the cash in hand, so no auction leaves a debt.
    if amount > st.cash[seat]:
        raise IllegalAction(f"you have only M{st.cash[seat]}")
    assert st.auction is not None
    au = st.auction
    st.auction = Auction(au.space, au.building, au.seats, au.targets, au.start, amount, seat, ())
    ev.append(Event("bid", f"Player {seat + 1} bids M{amount}", {"seat": seat, "amount": amount}))
    _settle_auction(st, ev)


def _pass_bid(g: MonopolyAvengers, st: MonoState, seat: Seat, a: Action, ev: list[Event]) -> None:
    _no_args(a, "pass")
    assert st.auction is not None
    au = st.auction
    passed = (*au.passed, seat)
    st.auction = Auction(
        au.space, au.building, au.seats, au.targets, au.start, au.high, au.bidder, passed
    )
    ev.append(Event("pass", f"Player {seat + 1} passes", {"seat": seat}))
    _settle_auction(st, ev)


def _settle_auction(st: MonoState, ev: list[Event]) -> None:
    """The Banker ends the auction when no player is willing (or able) to raise."""
    au = st.auction
    assert au is not None
    bidders = _bidders(st)
    if bidders:
        # Still an auction (a bid or pass changes nothing else): who decides is known now.
        st.moving = tuple(bidders)
        return
    st.own()  # shared with the state before a bid or pass (`apply`): it changes parts now
    st.auction = None
    b = st.board
    if au.bidder < 0:
        what = _building_name(au.building) if au.building else b.names[au.space]
        ev.append(Event("unsold", f"No bids: {what} stays with the Bank", {}))
        return
    p = au.bidder
    if au.building:
        # Not Enough Buildings (reading): the winning bid is the building's whole price,
        # paid to the Bank; the winner builds where they named.
        target = au.targets[au.seats.index(p)]
        _place(st, p, target, au.high, ev)
        return
    _spend(st, p, au.high)
    st.owner[au.space] = p
    ev.append(
        Event(
            "draft",
            f"Player {p + 1} wins {b.names[au.space]} for M{au.high}",
            {"seat": p, "space": b.names[au.space], "price": au.high},
        )
    )


# -- handlers: trades -----------------------------------------------------------------------
def _offer(g: MonopolyAvengers, st: MonoState, seat: Seat, a: Action, ev: list[Event]) -> None:
    usage = "offer PLAYER give ITEMS... get ITEMS... (heroes, M amounts, stark-card, gauntlet-card)"
    _manager(st, seat)
    args = list(a.args)
    if len(args) < 3 or args[1] != "give" or "get" not in args:
        raise MalformedAction(f"{a.text()!r} is malformed; usage: {usage}")
    q = _seat_arg(st, args[0])
    cut = args.index("get")
    give = _parse_items(st, seat, args[2:cut], usage)
    get = _parse_items(st, q, args[cut + 1 :], usage)
    require(q != seat and st.alive[q], "offer to another player still in the game")
    require(any(give) or any(get), "an offer gives or asks for something: it names nothing")
    # Reading [Deals & Trades]: heroes are traded "for cash, other heroes, and/or Get Out of Jail
    # Free cards"; cash for cash alone is the loan [Don't Use House Rules] forbids.
    require(
        bool(give[0] or give[2] or get[0] or get[2]),
        "a deal trades heroes or Get Out of Jail Free cards, not cash alone",
    )
    offer = Offer(seat, q, *give, *get)
    # Reading (Deals & Trades): the offer the receiver has just declined (the last action
    # applied) may not be made again at once: nothing has changed, so it would only stall.
    require(
        offer != st.declined,
        f"Player {q + 1} has just declined that offer; change it, or do something else first",
    )
    st.offers_made[seat] += 1
    st.offer = offer
    b = st.board
    ev.append(
        Event(
            "offer",
            f"Player {seat + 1} offers Player {q + 1}: "
            f"{_items_text(b, *give)} for {_items_text(b, *get)}",
            {"seat": seat, "to": q, "give": _items(b, *give), "get": _items(b, *get)},
        )
    )


def _parse_items(
    st: MonoState, p: Seat, words: list[Arg], usage: str
) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
    b = st.board
    heroes: list[int] = []
    cards: list[int] = []
    cash = 0
    for w in words:
        if isinstance(w, int):
            # Reading: trade cash is limited to the cash in hand (no deal leaves a debt).
            require(w > 0 and cash == 0, "name one positive amount of cash per side")
            require(w <= st.cash[p], f"Player {p + 1} has only M{st.cash[p]}")
            cash = w
            continue
        low = w.lower()
        if low.endswith(CARD_SUFFIX) and low[: -len(CARD_SUFFIX)] in b.decks:
            d = b.decks.index(low[: -len(CARD_SUFFIX)])
            have = [c for c in st.held[p] if b.card_deck[c] == d and c not in cards]
            require(bool(have), f"Player {p + 1} holds no {low}")
            cards.append(have[0])
            continue
        try:
            s = b.hero(w)
        except KeyError:
            starts = _heroes_starting(b, w)
            if starts:  # a start of several heroes' names (`_hero_by_start` took a unique one)
                raise MalformedAction(f"{w!r} could be {' or '.join(starts)}") from None
            raise MalformedAction(
                f"{w!r} is not a hero, an amount or a card; usage: {usage}"
            ) from None
        require(st.owner[s] == p, f"Player {p + 1} has not drafted {b.names[s]}")
        require(_tradeable(st, p, s), f"sell the buildings in {b.names[s]}'s set before trading it")
        require(s not in heroes, f"{b.names[s]} named twice")
        heroes.append(s)
    return tuple(sorted(heroes)), cash, tuple(cards)


def _accept(g: MonopolyAvengers, st: MonoState, seat: Seat, a: Action, ev: list[Event]) -> None:
    _no_args(a, "accept")
    o = st.offer
    assert o is not None
    st.offer = None
    p, q = o.proposer, o.receiver
    b = st.board
    for frm, to, heroes, cash, cards in (
        (p, q, o.give_heroes, o.give_cash, o.give_cards),
        (q, p, o.get_heroes, o.get_cash, o.get_cards),
    ):
        for s in heroes:
            st.owner[s] = to
            if st.sidelined[s]:  # the new owner must reactivate or pay 10% now
                st.acquire.append((to, s))
        _transfer(st, frm, to, cash)
        for c in cards:
            st.held[frm].remove(c)
            st.held[to].append(c)
    ev.append(
        Event(
            "trade",
            f"Player {q + 1} accepts: Player {p + 1} gives "
            f"{_items_text(b, o.give_heroes, o.give_cash, o.give_cards)}, gets "
            f"{_items_text(b, o.get_heroes, o.get_cash, o.get_cards)}",
            {"seat": p, "to": q},
        )
    )


def _reject(g: MonopolyAvengers, st: MonoState, seat: Seat, a: Action, ev: list[Event]) -> None:
    _no_args(a, "decline")
    st.declined = st.offer
    st.offer = None
    ev.append(Event("decline", f"Player {seat + 1} declines the offer", {"seat": seat}))


# -- handlers: debts and bankruptcy ------------------------------------------------------------
def _pay_debt(g: MonopolyAvengers, st: MonoState, seat: Seat, a: Action, ev: list[Event]) -> None:
    """The debt raised for is paid; its line says what for, as an immediate payment's does."""
    _no_args(a, "pay")
    debtor, creditor, amount, why = st.debts[-1]
    require(st.cash[seat] >= amount, f"you owe M{amount} and have M{st.cash[seat]}")
    st.debts.pop()
    _transfer(st, debtor, creditor, amount)
    ev.append(
        Event(
            "pay",
            f"{_who(st, debtor)} pays M{amount} to {_who(st, creditor)} ({why})",
            {"seat": debtor, "to": creditor, "amount": amount, "why": why},
        )
    )


def _bankrupt(g: MonopolyAvengers, st: MonoState, seat: Seat, a: Action, ev: list[Event]) -> None:
    """B. If you're still in debt, you are bankrupt and out of the game."""
    _no_args(a, "bankrupt")
    _, creditor, amount, _ = st.debts[-1]
    require(
        not _sales(st, seat),
        "first raise money: sell buildings and sideline heroes (A. Try to Raise Money)",
    )
    require(st.cash[seat] < amount, "you can pay: say 'pay'")
    b = st.board
    # Buildings that could not be sold for want of Bases to exchange go back now.
    for s in b.ownable:
        if st.owner[s] == seat and st.level[s]:
            lv = st.level[s]
            value = (
                (b.hq_cost[s] + b.max_bases * b.base_cost[s]) if lv == HQ else lv * b.base_cost[s]
            )
            st.hqs += lv == HQ
            st.bases += 0 if lv == HQ else lv
            st.level[s] = 0
            _gain(st, seat, value // 2)
    # A. Try to Raise Money: the heroes those buildings kept from being sidelined are
    # sidelined now (no other hero is active: `bankrupt` waits until none can be sidelined).
    for s in b.ownable:
        if st.owner[s] == seat and not st.sidelined[s]:
            st.sidelined[s] = True
            _gain(st, seat, b.sideline[s])
    if st.cash[seat] >= amount:
        _pay_debt(g, st, seat, a, ev)
        return
    st.debts.pop()
    heroes = [s for s in b.ownable if st.owner[s] == seat]
    cash = st.cash[seat]
    _transfer(st, seat, creditor, cash)
    if creditor == BANK:
        # Do you owe the Bank? Heroes back, reactivated, auctioned; cards to their decks.
        for s in heroes:
            st.owner[s] = BANK
            st.sidelined[s] = False
        for c in st.held[seat]:
            st.decks[b.card_deck[c]].append(c)
    else:
        # Do you owe another player? They take the (sidelined) heroes and the cards.
        for s in heroes:
            st.owner[s] = creditor
            st.acquire.append((creditor, s))
        st.held[creditor] += st.held[seat]
    cards = len(st.held[seat])
    st.held[seat] = []
    st.alive[seat] = False
    st.out_order.append(seat)
    taken = [f"M{cash}"]
    if heroes:
        taken.append(f"{len(heroes)} hero" + ("es" if len(heroes) > 1 else ""))
    card_text = f"{cards} Get Out of Jail Free card" + ("s" if cards > 1 else "")
    if cards and creditor != BANK:
        taken.append(card_text)
    text = f"Player {seat + 1} is bankrupt; {_who(st, creditor)} takes " + (
        f"{', '.join(taken[:-1])} and {taken[-1]}" if len(taken) > 1 else taken[0]
    )
    if cards and creditor == BANK:
        text += f"; {card_text} back to the bottom of " + (
            "its deck" if cards == 1 else "the decks"
        )
    ev.append(
        Event(
            "bankrupt",
            text,
            {"seat": seat, "to": creditor, "cash": cash, "heroes": [b.names[s] for s in heroes]},
        )
    )
    _remove_player(st, seat)
    alive = [p for p in range(st.players) if st.alive[p]]
    if len(alive) == 1:
        w = alive[0]
        st.outcome = Outcome((w,), last_player_reason(w), (w, *reversed(st.out_order)))
        st.phase = OVER
        st.acquire = []
        st.tasks = []
        ev.append(Event("game-over", st.outcome.reason, {"winners": [w]}))
        return
    auctions = [("auction", s) for s in heroes] if creditor == BANK else []
    if seat == st.current:
        st.tasks = [*auctions, ("next",)]
        st.phase = BUSY
    else:
        st.tasks[0:0] = auctions


def _remove_player(st: MonoState, p: Seat) -> None:
    st.debts = [d for d in st.debts if p not in (d[0], d[1])]
    st.tasks = [t for t in st.tasks if not (t[0] == "pay" and p in (t[1], t[2]))]
    st.claims = [c for c in st.claims if p not in (c[0], c[1])]
    st.window = [q for q in st.window if q != p]
    st.acquire = [x for x in st.acquire if x[0] != p]
    if st.offer is not None and p in (st.offer.proposer, st.offer.receiver):
        st.offer = None


_KINDS: dict[str, dict[str, Handler]] = {
    "over": {},
    "offer": {"accept": _accept, "decline": _reject},
    "acquire": {"reactivate": _reactivate, "keep": _keep},
    "debt": {
        "pay": _pay_debt,
        "bankrupt": _bankrupt,
        "sell": _sell,
        "sideline": _sideline,
        "offer": _offer,
    },
    "call": {"want": _want, "pass": _pass_call},
    "auction": {"bid": _bid, "pass": _pass_bid},
    "draft": {
        "draft": _draft,
        "auction": _decline,
        "build": _build,
        "sell": _sell,
        "sideline": _sideline,
        "reactivate": _reactivate,
        "offer": _offer,
    },
    "calm": {
        "roll": _roll,
        "pay": _pay_fine,
        "use": _use_card,
        "end": _end,
        "done": _done,
        "ask": _ask,
        "forgo": _forgo,
        "build": _build,
        "sell": _sell,
        "sideline": _sideline,
        "reactivate": _reactivate,
        "offer": _offer,
    },
}
_ALL_KINDS = frozenset(kind for handlers in _KINDS.values() for kind in handlers)


GAME = register(MonopolyAvengers())
