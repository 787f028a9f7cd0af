"""RISK Marvel Cinematic Universe: Skirmish (`mcu-skirmish`), 3-5 players on Manhattan.

Skirmish is Classic RISK's flow with other components (shared/specs/mcu.md section 1.7), so it is
`ClassicRisk` with some steps replaced: the attack, the defender's choice of dice, the capture
with its minimum move-in, the occupation, elimination, turn order and the first-player roll are
Classic's own code. What Skirmish changes, each at its code:
- MCU5: a claim places 3 units; claiming is all of setup (no separate placement round).
- MCU7: the 4th and 5th players in turn order start with 1 hidden card.
- MCU11-MCU13: a trade is any cards totalling 2-10 symbols, priced by the Recruitment chart
  (`SymbolChart`, shared in rules/cards.py); traded cards go to a face-up discard pile.
- MCU24: the maneuver follows a chain of the player's own sectors (`reachable`, core/board.py).
- MCU8/MCU25: the card is drawn after the maneuver, one if a sector was conquered.
- MCU26: the first to hold `sectors_to_win` sectors (default 20) wins.

Readings (section 1.5, the recommended ones; each at its code, S7 and S10 here only: they
change nothing of Classic's attack, which names its source, nor of the board, whose Asgard is
a sector like any other):
- S1 [Sk Set Up] claims go round until every sector is occupied. S2 [Sk Set Up] first-player ties
  reroll (`rules.first.roll_for_first`). S3 [Reinforcement] one turn-in a turn, before the first
  unit is placed (MCU13: "at the start of the turn"). S4 [Reinforcement] no forced trade and no hand
  limit. S5 [Faction Cards] an empty deck is made again from the shuffled discard pile; with both
  empty nothing is drawn. S6 [Winning] the win is checked right after each capture's minimum
  move-in, and ends the game mid-turn. S7 [Invasions and Battles continued] each battle names its
  source, as in Classic. S8 [Invasions and Battles continued] an eliminated player's cards go to the
  eliminator, with no forced trade. S9 [Sk Set Up] the 4th and 5th players are counted in turn order
  from the first player. S10 [Sk Set Up] every sector, Asgard included, is an ordinary sector.
- MCU26 with S1: the claims share out every sector, so a `sectors_to_win` at or under the
  largest share (17, 13 or 10 of 50 sectors) would be met before the first turn; such a
  target is refused at set-up rather than won by the first capture of any player over it.
- Factions are cosmetic (spec section 1.1, Setup step 1; MCU3): the option `factions` deals
  them at random (default) or in the printed turn order (Captain America first), one a seat;
  they name the seats.

Actions: `claim SECTOR`; `trade CARD...` (any cards of your hand, 2-10 symbols); `place SECTOR
N`; `attack FROM TO DICE`; `defend DICE`; `move N` (after a capture, the total moved in);
`end` (no more invasions, or no maneuver); `maneuver FROM TO N`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from warroom.core.actions import Action
from warroom.core.errors import MalformedAction, WarroomError
from warroom.core.events import UNITS, Event, Pieces, listed
from warroom.core.game import OptionValue, Outcome, Seat, require
from warroom.core.legal import Family, Legal
from warroom.core.registry import register
from warroom.core.rng import Rng
from warroom.games import catalogued, rules_options
from warroom.games import risk_classic as rc
from warroom.games.mcu.components import Decks, Manhattan, decks, manhattan, recruitment
from warroom.games.mcu.names import in_words
from warroom.games.risk_classic import ATTACK, CLAIM, OVER, REINFORCE, ClassicRisk, RiskState
from warroom.rules.cards import SymbolChart, symbol_trades
from warroom.rules.first import roll_for_first

CLAIM_UNITS = 3  # MCU5: each claim places 3 units
STARTING_CARD_POSITIONS = (3, 4)  # MCU7/S9 [Sk Set Up]: the 4th and 5th players in turn order
MANEUVER = "maneuver"  # MCU24: the one move after invading
NO_FORCED_TRADE = 1 << 30  # S4 [Reinforcement]: no hand is ever large enough to force a trade


@dataclass(slots=True)
class McuState(RiskState):
    """A Classic RISK state plus Skirmish's parts. `board` is `manhattan.board`; the card
    numbers index `decks`; `hands` and `deck` hold those numbers as in Classic."""

    manhattan: Manhattan
    decks: Decks
    chart: SymbolChart
    factions: tuple[int, ...]  # per seat, an index into `decks.factions`
    discard: list[int]  # MCU13: traded cards, face up (public)
    trade_open: bool  # S3/MCU13 [Reinforcement]: a turn-in may still be made this turn

    def copy_more(self, twin: Self) -> None:
        twin.discard = self.discard[:]


_MODE = catalogued("mcu-skirmish")


def symbols(count: int) -> str:
    """A count of card symbols in words: "1 symbol", "3 symbols"."""
    return f"{count} symbol{'' if count == 1 else 's'}"


def _mcu(st: RiskState) -> McuState:
    """The Skirmish state a shared Classic step was handed (handlers are typed for Classic)."""
    assert isinstance(st, McuState)
    return st


class McuSkirmish(ClassicRisk):
    id = _MODE.id
    title = _MODE.title
    min_players = _MODE.min_players
    max_players = _MODE.max_players
    options = rules_options(_MODE)
    # S8 [Invasions and Battles continued]: no forced trade after an elimination
    forced_elimination_trade = False
    pieces = UNITS  # the rulebook's word (MCU5, MCU17), in the shared handlers' texts too
    places = Pieces("sector", "sectors")  # the board's (MCU5), as the page counts them
    steps: ClassVar[Mapping[str, str]] = {
        **ClassicRisk.steps,
        MANEUVER: "making the turn's one maneuver",
    }

    # -- setup ---------------------------------------------------------------------------
    def setup(self, players: int, rng: Rng, options: Mapping[str, OptionValue]) -> McuState:
        m, cards, chart = manhattan(), decks(), recruitment()
        board = m.board
        _check_target(int(options["sectors_to_win"]), len(board), players)
        # MCU3: the 5 faction decks shuffled into one; MCU1/MCU3 factions are cosmetic.
        factions = list(range(len(cards.factions)))
        if options["factions"] == "random":
            rng.shuffle(factions)
        first = roll_for_first(rng, players)  # MCU4/S2 [Sk Set Up]
        deck = list(range(len(cards.card_ids)))
        rng.shuffle(deck)
        return McuState(
            **rc.opening(
                board,
                options,
                players,
                rng,
                first,
                CLAIM,
                deck=deck,
                manhattan=m,
                decks=cards,
                chart=chart,
                factions=tuple(factions[:players]),
                discard=[],
                trade_open=False,
            )
        )

    # -- names ---------------------------------------------------------------------------
    def seat_names(self, state: RiskState) -> list[str]:
        """Each seat by its faction (cosmetic, MCU3), as simulations tally win rates."""
        st = _mcu(state)
        return [st.decks.factions[st.factions[p]] for p in range(st.players)]

    def side_name(self, st: RiskState, side: int) -> str:
        """The seat's faction, as the players' list and the prompt name it (each seat has its
        own, MCU3), so the log and the board's owners read the same name."""
        return self.seat_names(st)[side]

    def words(self, state: RiskState, text: str) -> str:
        """Sectors as the map captions them ("Sector 07", "Malibu (01)"), not as typed."""
        return in_words(text, _mcu(state).manhattan.captions)

    end_words: ClassVar[Mapping[str, str]] = {
        **ClassicRisk.end_words,
        MANEUVER: "End your turn",
    }

    def label(self, observation: RiskState, seat: Seat, action: Action) -> str:
        """A turn-in says its symbols and the units they fetch (MCU13); the shared kinds say
        sectors by their captions, as Classic's `label` does through `words`."""
        st = _mcu(observation)
        if action.kind == "trade":
            found = [st.decks.card(str(a)) for a in action.args]
            total = sum(st.decks.symbols[c] for c in found if c is not None)
            cards = listed(str(a) for a in action.args)
            return f"Turn in {cards} ({symbols(total)}) for {UNITS.of(st.chart.price(total))}"
        return super().label(observation, seat, action)

    def _card_name(self, st: RiskState, card: int) -> str:
        return _mcu(st).decks.card_ids[card]

    def _card_text(self, st: RiskState, card: int) -> str:
        return f"{self._card_name(st, card)} ({symbols(_mcu(st).decks.symbols[card])})"

    def _design(self, st: RiskState, card: int) -> str:
        return symbols(_mcu(st).decks.symbols[card])

    # -- legal actions -------------------------------------------------------------------
    def _families(self, st: RiskState, seat: Seat) -> list[Family]:
        if st.phase == MANEUVER:
            return rc.path_move_families(st, seat, "maneuver")  # MCU24
        return super()._families(st, seat)

    def _allows(self, st: RiskState, seat: Seat, action: Action) -> bool:
        kind, args, phase = action.kind, action.args, st.phase
        if phase == MANEUVER:
            if kind == "end":
                return not args
            return kind == "maneuver" and rc.allows_path_move(st, seat, args)
        if kind == "trade":
            # The listed trades only (one card set per mix of symbols, ids as printed), as
            # the listing has them; the handler takes any cards of a mix, in any case.
            return (
                phase == REINFORCE
                and self._may_trade(st, seat)
                and action in Legal(self._trades(st, seat))
            )
        if kind == "maneuver":
            return False
        return super()._allows(st, seat, action)

    def _trades(self, st: RiskState, seat: Seat) -> list[Family]:
        """MCU11: one trade per distinct mix of 1- and 2-symbol cards totalling 2-10 (only
        symbols count in Skirmish; the lowest-numbered cards of each kind stand for them, and
        `trade` takes any cards of the same mix as well)."""
        mcu = _mcu(st)
        ids = mcu.decks.card_ids
        return [
            Family("trade", tuple(ids[c] for c in combo))
            for combo in symbol_trades(st.hands[seat], mcu.decks.symbols, mcu.chart)
        ]

    def _may_trade(self, st: RiskState, seat: Seat) -> bool:
        # S3 [Reinforcement]: one turn-in, before the first unit is placed
        return _mcu(st).trade_open

    def _must_trade_at(self, st: RiskState) -> int:
        return NO_FORCED_TRADE  # S4 [Reinforcement]

    def _captured(self, st: RiskState, seat: Seat, events: rc.Events) -> None:
        """S6/MCU26 [Winning]: the win is checked right after the capture's minimum move-in."""
        target = int(st.options["sectors_to_win"])
        held = st.owner.count(seat)
        if held < target:
            return
        others = sorted(
            (p for p in range(st.players) if st.alive[p] and p != seat),
            key=lambda p: (st.owner.count(p), _units(st, p)),
            reverse=True,
        )
        ranking = (seat, *others, *reversed(st.out_order))
        reason = f"{self.side_name(st, seat)} controls {held} sectors (the target is {target})"
        st.outcome = Outcome((seat,), reason, ranking)
        st.phase = OVER
        if events is not None:
            events.append(Event("game-over", reason, {"winners": [seat]}))

    # -- views and checks ----------------------------------------------------------------
    def parse(self, state: RiskState, seat: Seat, text: str) -> Action:
        """Also a sector by its number, as the map captions it ("claim 25", "attack 12 13 3"
        for Sector_12 on Sector_13): a number stands for Sector_NN where this kind's legal
        actions name a sector in its place, so a count stays a count. Any sector there, not
        only one the legal actions name: "maneuver 32 7 1" from a sector with no unit to
        spare is refused for that, not for a number where a name was expected."""
        action = super().parse(state, seat, text)
        args = list(action.args)
        numbered = [i for i, arg in enumerate(args) if isinstance(arg, int) and arg >= 0]
        if not numbered or seat not in self.to_move(state):
            return action
        same = [a.args for a in self.legal_actions(state, seat) if a.kind == action.kind]
        index = state.board.index
        for i in numbered:
            name = f"Sector_{args[i]:02d}"
            if name in index and any(len(other) > i and other[i] in index for other in same):
                args[i] = name
        return Action(action.kind, tuple(args))

    def describe(self, observation: RiskState, seat: Seat | None) -> dict[str, Any]:
        st = _mcu(observation)
        out = super().describe(st, seat)
        for key in ("sets_traded", "next_set_value", "reserve", "card_bonus_taken"):
            out.pop(key)
        m, cards, b = st.manhattan, st.decks, st.board  # b: Battle for Manhattan adds sections
        for t, row in enumerate(out["territories"]):
            k = m.board.index.get(b.territories[t])
            row["label"] = None if k is None else m.labels[k]
            row["caption"] = m.captions.get(b.territories[t], b.territories[t])
            row["area"] = m.areas.get(b.territories[t])  # off Manhattan: Malibu, Asgard...
            row["xy"] = list(b.xy[t] or (0.0, 0.0))
            row["neighbors"] = [b.territories[u] for u in b.neighbors[t]]
            row["lines"] = [b.territories[u] for u in b.neighbors[t] if b.kind_of[(t, u)] == "line"]
        out["regions"] = [
            {
                "name": name,
                "bonus": bonus,
                "color": color,
                "sectors": [b.territories[t] for t in members],
            }
            for name, bonus, color, members in zip(
                b.regions,
                b.region_bonus,
                b.region_color,
                b.region_members,
                strict=True,
            )
        ]
        out["factions"] = [cards.factions[f] if f >= 0 else None for f in st.factions]
        out["sectors_held"] = [st.owner.count(p) for p in range(st.players)]
        out["units"] = [_units(st, p) for p in range(st.players)]
        if "sectors_to_win" in st.options:  # Battle for Manhattan wins by objectives
            out["sectors_to_win"] = int(st.options["sectors_to_win"])
        out["discard"] = [
            {"card": cards.card_ids[c], "symbols": cards.symbols[c]} for c in st.discard
        ]
        out["recruitment"] = {
            str(t): st.chart.price(t) for t in range(st.chart.least, st.chart.most + 1)
        }
        out["trade_open"] = st.trade_open
        if "hand" in out and seat is not None:
            out["hand"] = [
                {
                    "card": cards.card_ids[c],
                    "symbols": cards.symbols[c],
                    "faction": cards.factions[cards.faction[c]],
                }
                for c in st.hands[seat]
            ]
        return out

    def invariants(self, state: RiskState) -> list[str]:
        st = _mcu(state)
        b = st.board
        problems = []
        for t in range(len(b)):
            o, a = st.owner[t], st.armies[t]
            if o == -1 and (st.phase != CLAIM or a != 0):
                problems.append(f"{b.territories[t]} is empty after claiming (or has units)")
            elif o != -1 and (not 0 <= o < st.players or a < 1):
                problems.append(f"{b.territories[t]}: owner {o} with {a} units")  # MCU6
        cards = sorted([c for h in st.hands for c in h] + st.deck + st.discard)
        if cards != list(range(len(st.decks.card_ids))):
            problems.append("cards are lost or duplicated between hands, deck and discard pile")
        for p in range(st.players):
            if st.alive[p] != (p in st.owner or st.phase == CLAIM):
                problems.append(f"Player {p + 1} alive={st.alive[p]} disagrees with the board")
        if st.pending < 0:
            problems.append("negative pending units")
        if st.phase != OVER and st.phase != CLAIM:
            target = int(st.options["sectors_to_win"])
            if st.conquered and st.owner.count(st.current) >= target:
                problems.append("a player holds the winning sectors but the game goes on")
        return problems


def _check_target(target: int, sectors: int, players: int) -> None:
    """MCU26/S1 [Sk Set Up]: refuse a target some player already holds when the claims end (the
    largest share of the sectors), which the first capture of any such player would win."""
    most = -(-sectors // players)
    if target <= most:
        raise WarroomError(
            f"option sectors_to_win: {target} is reached in set-up, where {players} players' "
            f"claims give one of them {most} sectors; choose {most + 1} or more "
            "(MCU26 [Winning])"
        )


def _units(st: RiskState, seat: Seat) -> int:
    return sum(a for o, a in zip(st.owner, st.armies, strict=True) if o == seat)


# -- handlers (Classic's signature; the state is a McuState) -----------------------------------
def _claim(g: ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    """MCU5/S1 [Sk Set Up]: 3 units on an unoccupied sector, in turn order, until none is left."""
    st = _mcu(state)
    usage = "claim SECTOR"
    (arg,) = rc._args(a, 1, usage)
    t = rc._territory(st, arg, a, usage)
    require(st.owner[t] == -1, f"{st.board.territories[t]} is already occupied")  # MCU6
    st.owner = st.owner[:]
    st.owner[t], st.armies[t] = seat, CLAIM_UNITS
    if ev is not None:
        name = st.board.territories[t]
        ev.append(
            Event(
                "claim",
                f"{g.side_name(st, seat)} places {CLAIM_UNITS} units on {name}",
                {"seat": seat, "territory": name, "armies": CLAIM_UNITS},
            )
        )
    if -1 in st.owner:
        st.current = (st.current + 1) % st.players
        return
    _deal_starting_cards(g, st, ev)
    st.current = st.first
    _start_turn(g, st, ev)


def _deal_starting_cards(g: ClassicRisk, st: McuState, ev: rc.Events) -> None:
    """MCU7/S9 [Sk Set Up]: the 4th and 5th players in turn order from the first draw 1 hidden
    card. Reading: drawn once the claims end (the step printed after them); a card is only
    played on its holder's turn, so when it is drawn during setup changes nothing."""
    st.hands = st.hands[:]
    for position in STARTING_CARD_POSITIONS:
        if position >= st.players:
            continue
        seat = (st.first + position) % st.players
        _draw(g, st, seat, ev)


def _draw(g: ClassicRisk, st: McuState, seat: Seat, ev: rc.Events) -> None:
    """Draw the top card into `seat`'s hand; S5 [Faction Cards]: an empty deck is the shuffled
    discard pile."""
    if not st.deck:
        if not st.discard:
            return
        st.rng = st.rng.copy()
        st.deck = st.discard[:]
        st.rng.shuffle(st.deck)
        st.discard = []
        if ev is not None:
            ev.append(Event("reshuffle", "The discard pile is shuffled into a new deck", {}))
    card = st.deck[-1]
    st.deck = st.deck[:-1]
    rc.take_card(g, st, seat, card, ev)


def _start_turn(g: ClassicRisk, st: McuState, ev: rc.Events) -> None:
    """Classic's turn start (MCU9/MCU10 reinforcements, the turn limit), trading open (S3
    [Reinforcement])."""
    st.trade_open = True
    rc._begin_turn(g, st, ev)


def _trade(g: ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    """MCU11-MCU13: any cards of the hand totalling 2-10 symbols, for the chart's units."""
    st = _mcu(state)
    usage = "trade CARD CARD ... (2 to 10 symbols in all)"
    if not a.args or not all(isinstance(x, str) for x in a.args):
        raise MalformedAction(f"{a.text()!r} is malformed; usage: {usage}")
    require(
        st.trade_open,
        "cards are turned in once a turn, before placing units "
        "(MCU13 [Faction Cards], S3 [Reinforcement])",
    )
    hand = st.hands[seat]
    combo = rc.named_cards(st.decks, hand, a.args)
    total = sum(st.decks.symbols[c] for c in combo)
    require(
        st.chart.least <= total <= st.chart.most,
        f"those cards show {symbols(total)}: turn in {st.chart.least} to {st.chart.most} "
        "(MCU11, MCU12 [Reinforcement])",
    )
    units = st.chart.price(total)
    st.pending += units
    st.trade_open = False
    st.hands = st.hands[:]
    st.hands[seat] = [c for c in hand if c not in combo]
    st.discard = [*st.discard, *sorted(combo)]  # MCU13: face up, a separate pile
    if ev is not None:
        names = [st.decks.card_ids[c] for c in sorted(combo)]
        ev.append(
            Event(
                "trade",
                f"{g.side_name(st, seat)} turns in {', '.join(names)} ({symbols(total)}) "
                f"for {units} units",
                {"seat": seat, "cards": names, "symbols": total, "armies": units},
            )
        )


def _place(g: ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    """MCU14: Classic's placement; the first unit placed closes trading for the turn (S3
    [Reinforcement])."""
    rc._place(g, state, seat, a, ev)
    _mcu(state).trade_open = False


def _end_invasions(g: ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    """MCU8: invading ends; the maneuver comes next and the card after it (MCU25)."""
    rc._args(a, 0, "end")
    state.phase = MANEUVER


def _maneuver(g: ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    """MCU24: any units from one sector to another through own sectors, 1 left behind.

    Reading [Maneuver]: "control all the sectors in between" names no way between them; the
    chain may follow a connection line as well as a shared border, as an invasion may
    ([Invasions and Battles]: sectors touching or joined by a line are connected)."""
    st = _mcu(state)
    rc.move_along_own(g, st, seat, a, "sectors", "maneuvers", ev)
    _finish_turn(g, st, seat, ev)


def _skip_maneuver(g: ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    rc._args(a, 0, "end")
    _finish_turn(g, _mcu(state), seat, ev)


def _finish_turn(g: ClassicRisk, st: McuState, seat: Seat, ev: rc.Events) -> None:
    """MCU25: one card after the maneuver if a sector was conquered this turn; then the next
    living player clockwise (Classic's `_end_turn`, which also applies the turn limit)."""
    if st.conquered:
        _draw(g, st, seat, ev)
    st.trade_open = True
    rc._end_turn(g, st, ev)


McuSkirmish.handlers = {
    (CLAIM, "claim"): _claim,
    (REINFORCE, "trade"): _trade,
    (REINFORCE, "place"): _place,
    (ATTACK, "attack"): rc._attack,
    (ATTACK, "end"): _end_invasions,
    (rc.DEFEND, "defend"): rc._defend,
    (rc.OCCUPY, "move"): rc._move_in,
    (MANEUVER, "maneuver"): _maneuver,
    (MANEUVER, "end"): _skip_maneuver,
}


GAME = register(McuSkirmish())
