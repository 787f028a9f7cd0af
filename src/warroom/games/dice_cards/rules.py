"""The turn both dice-matching card games share: roll, select a card a row of the first roll
matches, match one row per roll or set a die aside, claim the card or fail, pass the dice.

Comments cite the War Assets rules (ME120-ME132, readings W1-W9, shared/specs/mass-effect.md
section 3) and the Guardians rules (MCU80-MCU95, readings Q1-Q10, shared/specs/mcu.md section
3), which state the same turn. An edition is a subclass naming its card file and overriding
the hooks (`extra_dice`, `rerolls_for`, `steal_row_needed`, `after_claim`, `next_seat`,
`bonus`); the package docstring lists the actions and the `describe` shape.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from typing import Any, ClassVar

from warroom.core.actions import Action, Arg
from warroom.core.errors import IllegalAction, MalformedAction
from warroom.core.events import Event, Pieces, listed
from warroom.core.game import Game, OptionValue, Outcome, Seat
from warroom.core.legal import Family, Legal
from warroom.core.rng import HIDDEN, Rng
from warroom.core.windows import clockwise
from warroom.games.dice_cards.cards import D6, D8, DiceCards, edition_cards
from warroom.games.dice_cards.state import (
    ASIDE,
    MATCH,
    NO_TARGET,
    NOBODY,
    OVER,
    TARGET,
    UNPLACED,
    DiceCardsState,
)
from warroom.games.dice_cards.view import describe, invariants
from warroom.rules.dice_match import Row, feasible, group_dice, grouped_ways, matches, steal6

STEAL = "steal"  # the steal row's name in actions

_STEAL_ROW = steal6()  # ME126/MCU87: the row every owned card adds when stealing needs it
POINTS = Pieces("point", "points")  # a card's worth, as the rulebooks count it


def seat_name(seat: Seat) -> str:
    return f"Player {seat + 1}"


def row_name(st: DiceCardsState, slot: int) -> Arg:
    """A row slot as actions name it: 1.. for the card's rows, "steal" for the steal row."""
    return STEAL if st.stealing and slot == len(st.rows()) - 1 else slot + 1


class DiceCardsGame(Game[DiceCardsState]):
    """A dice-matching card game; subclasses set the mode, the card file and the hooks."""

    data_file: ClassVar[str]
    chosen_numbers = frozenset({"target", "match", "aside"})  # the dice placed are chosen

    def edition(self) -> DiceCards:
        return edition_cards(self.data_file)

    # -- the edition's hooks ------------------------------------------------------------
    def extra_dice(self, st: DiceCardsState, seat: Seat) -> int:
        """More d6s than the 7 dice in `seat`'s turns (a Guardians Set power)."""
        return 0

    def rerolls_for(self, st: DiceCardsState, seat: Seat) -> int:
        """Rerolls of the unplaced dice `seat` may make in a turn (a Guardians Set power)."""
        return 0

    def steal_row_needed(self, st: DiceCardsState, seat: Seat) -> bool:
        """ME126/MCU87: taking an owned card needs the steal row too."""
        return True

    def after_claim(
        self, st: DiceCardsState, seat: Seat, card: int, victim: Seat, ev: list[Event]
    ) -> None:
        """What else a claimed card brings (Guardians' Orb)."""

    def next_seat(self, st: DiceCardsState, ev: list[Event]) -> Seat | None:
        """Who plays next (ME131: the dice pass clockwise), or None when the game is over
        (ME132/W7 [WA Ending the Game]: at once when no card is left unclaimed)."""
        if st.unclaimed() == 0:
            return None
        return (st.current + 1) % st.players

    def bonus(self, st: DiceCardsState, seat: Seat) -> int:
        """Points beyond the cards (Guardians' Orb)."""
        return 0

    # -- the contract ------------------------------------------------------------------------
    def setup(self, players: int, rng: Rng, options: Mapping[str, OptionValue]) -> DiceCardsState:
        cards = self.edition()
        # ME121/MCU82: every card face-up; a random start player.
        st = DiceCardsState(
            cards=cards,
            players=players,
            rng=rng,
            owner=[NOBODY] * len(cards.cards),
            current=rng.below(players),
            turn=1,
            phase=TARGET,
            sides=[],
            faces=[],
            slot=[],
            target=NO_TARGET,
            stealing=False,
            rerolls=0,
            orb=NOBODY,
            final=[],
            outcome=None,
        )
        self._start_turn(st, [])
        return st

    def to_move(self, state: DiceCardsState) -> tuple[Seat, ...]:
        return () if state.phase == OVER else (state.current,)

    def seat_names(self, state: DiceCardsState) -> list[str]:
        return [seat_name(p) for p in range(state.players)]

    def turn_order(self, state: DiceCardsState) -> tuple[Seat, ...]:
        """ME121/MCU82: a random start player; then the dice pass clockwise every turn (ME131,
        the last round too), so the start player sat `turn - 1` seats before the current."""
        return clockwise((state.current - state.turn + 1) % state.players, state.players)

    def legal_actions(self, state: DiceCardsState, seat: Seat) -> Legal:
        """Built only when listed; `in` (the bots' check, `play_owned`'s) is answered by
        `_allows`, which lists a target's own card or a match's own row only."""
        if seat not in self.to_move(state):
            return Legal(())
        return Legal.deferred(
            lambda: self._families(state), lambda action: self._allows(state, action)
        )

    def apply(
        self, state: DiceCardsState, seat: Seat, action: Action
    ) -> tuple[DiceCardsState, list[Event]]:
        events: list[Event] = []
        return self._step(state, seat, action, events, owned=False), events

    def play_owned(self, state: DiceCardsState, seat: Seat, action: Action) -> DiceCardsState:
        """`play` in place for a listed action, which every handler check passes (the
        handlers change only the state's own lists: `copy` and `observe` give every state
        lists of its own); any other is played on a copy, so that a refusal changes nothing."""
        owned = action in self.legal_actions(state, seat)
        return self._step(state, seat, action, [], owned=owned)

    def _step(
        self,
        state: DiceCardsState,
        seat: Seat,
        action: Action,
        events: list[Event],
        owned: bool,
    ) -> DiceCardsState:
        self.check_seat(state, seat)
        handler = _HANDLERS.get(action.kind)
        if handler is None:
            self.refuse(state, seat, action, _HANDLERS, f"{action.kind} now")
        st = state if owned else state.copy()
        handler(self, st, action, events)
        return st

    def parse(self, state: DiceCardsState, seat: Seat, text: str) -> Action:
        """Cards by id or name in any case ("Eden Prime", "eden-prime"), "steal" in any case."""
        action = Action.parse(text)
        args = list(action.args)
        if action.kind == "target" and args and isinstance(args[0], str):
            found = state.cards.card(args[0])
            if found is not None:
                args[0] = state.cards.cards[found].id
        for k, arg in enumerate(args):
            if isinstance(arg, str) and arg.lower() == STEAL:
                args[k] = STEAL
        return Action(action.kind, tuple(args))

    def outcome(self, state: DiceCardsState) -> Outcome | None:
        return state.outcome

    def observe(self, state: DiceCardsState, seat: Seat | None) -> DiceCardsState:
        """Nothing is hidden (spec 3.4 of both editions) but the chance to come."""
        obs = state.copy()
        obs.rng = HIDDEN
        return obs

    def resample_hidden(self, state: DiceCardsState, seat: Seat, rng: Rng) -> DiceCardsState:
        """Only the dice to come are unknown: a fresh generator."""
        st = state.copy()
        st.rng = Rng(rng.next_u64())
        return st

    def label(self, observation: DiceCardsState, seat: Seat, action: Action) -> str:
        """Each kind in plain words (the page draws the dice; this is its button's title and
        the words of any other interface): the card by name, the row and what it asks, the
        dice by their faces."""
        st, kind, args = observation, action.kind, action.args

        def faces(numbers: Iterable[Arg]) -> str:
            return listed(f"{st.faces[int(n) - 1]} (d{st.sides[int(n) - 1]})" for n in numbers)

        def row(card: int, name: Arg) -> str:
            if name == STEAL:
                return "the steal row (a 6)"
            return f"row {name} ({st.cards.cards[card].rows[int(name) - 1].text()})"

        if kind == "target":
            card = next(c for c, x in enumerate(st.cards.cards) if x.id == args[0])
            return f"{st.cards.cards[card].name}: {row(card, args[1])} with {faces(args[2:])}"
        if kind == "match":
            return f"Match {row(st.target, args[0])} with {faces(args[1:])}"
        if kind == "aside":
            die = int(args[0]) - 1
            return f"Set aside the d{st.sides[die]} showing {st.faces[die]}"
        if kind == "pass":
            return "Pass: this roll matches no card"
        if kind == "reroll":
            return "Reroll the unplaced dice (Set power)"
        return super().label(observation, seat, action)

    def describe(self, observation: DiceCardsState, seat: Seat | None) -> dict[str, Any]:
        return describe(
            self.id,
            observation,
            seat,
            self.to_move(observation),
            self.seat_names(observation),
            self.scores(observation),
        )

    def invariants(self, state: DiceCardsState) -> list[str]:
        return invariants(state)

    # -- scoring ---------------------------------------------------------------------------
    def scores(self, st: DiceCardsState) -> list[int]:
        """ME132/MCU95: card values, a whole group scoring its value instead, plus bonuses."""
        out = [self.bonus(st, seat) for seat in range(st.players)]
        owner, cards = st.owner, st.cards.cards
        for group in st.cards.groups:  # each group once, not once per seat: bots score often
            first = owner[group.cards[0]]
            if first != NOBODY and all(owner[c] == first for c in group.cards):
                out[first] += group.value
                continue
            for c in group.cards:
                if owner[c] != NOBODY:
                    out[owner[c]] += cards[c].value
        return out

    # -- what may be done ------------------------------------------------------------------
    def targetable(self, st: DiceCardsState, seat: Seat, card: int) -> bool:
        """ME123/MCU84: an unclaimed card or an opponent's (W9 [WA How to Play 1]: never your own),
        unless its group is locked (ME130/MCU91, W8 [WA How to Play 3])."""
        return st.owner[card] != seat and not st.locked(card)

    def target_rows(self, st: DiceCardsState, seat: Seat, card: int) -> tuple[Row, ...]:
        """The rows an attempt on `card` must match: the steal row last when it is owned (and
        the seat's Set powers do not waive it). `_targets` lists the same rows by number."""
        rows = st.cards.cards[card].rows
        if st.owner[card] != NOBODY and self.steal_row_needed(st, seat):
            return (*rows, _STEAL_ROW)
        return rows

    def _families(self, st: DiceCardsState) -> list[Family]:
        if st.phase == TARGET:
            # W2/Q5 [WA How to Play 1; GotG 1; GotG 3]: a roll that matches nothing ends the turn.
            out = self._targets(st, range(len(st.cards.cards))) or [Family("pass")]
        else:
            out = self._matches(st, st.open_slots())
            if not out:
                # ME128, W4 [WA How to Play 2]: any unplaced die; dice of one kind are alike once
                # rerolled.
                free = st.unplaced()
                kinds = sorted({st.sides[i]: i for i in reversed(free)}.items())
                out += [Family("aside", (i + 1,)) for _, i in kinds]
        if st.rerolls:
            out.append(Family("reroll"))
        return out

    def _targets(self, st: DiceCardsState, cards: Iterable[int]) -> list[Family]:
        """A first roll's targets on `cards`: every row of each, every distinct way to match.
        The roll is grouped once, and each distinct row's ways listed once (most rows are
        several cards', the steal row every owned card's), found by number, not by hashing.
        The rows are `target_rows`', with whether the steal row is needed asked once: it is
        the seat's (a Set power), not the card's."""
        by_face = group_dice(st.dice(), st.unplaced())
        distinct, numbered = _distinct_rows(st.cards)
        steal = len(distinct)  # the steal row's number, after the edition's own
        found: list[list[tuple[int, ...]] | None] = [None] * (steal + 1)
        seat, owner, every = st.current, st.owner, st.cards.cards
        steal_needed: bool | None = None
        out: list[Family] = []
        for card in cards:
            if not self.targetable(st, seat, card):
                continue
            numbers = numbered[card]
            if owner[card] != NOBODY:
                if steal_needed is None:
                    steal_needed = self.steal_row_needed(st, seat)
                if steal_needed:
                    numbers = (*numbers, steal)
            card_id = every[card].id
            for k, number in enumerate(numbers):
                ways = found[number]
                if ways is None:
                    row = _STEAL_ROW if number == steal else distinct[number]
                    ways = found[number] = [_numbers(way) for way in grouped_ways(row, by_face)]
                name: Arg = STEAL if number == steal else k + 1
                out += [Family("target", (card_id, name, *way)) for way in ways]
        return out

    def _matches(self, st: DiceCardsState, slots: Iterable[int]) -> list[Family]:
        """A later roll's matches on the staged card's row `slots`."""
        by_face, rows = group_dice(st.dice(), st.unplaced()), st.rows()
        return [
            Family("match", (row_name(st, k), *_numbers(way)))
            for k in slots
            for way in grouped_ways(rows[k], by_face)
        ]

    def _allows(self, st: DiceCardsState, action: Action) -> bool:
        """Whether `_families(st)` lists `action`. A target or a match is looked for among its
        own card's or row's ways only: listing every card's is most of what a greedy decision
        costs otherwise, and a search's rollout checks every action it plays."""
        kind = action.kind
        if kind == "reroll":
            return bool(st.rerolls) and not action.args  # listed last whenever one is left
        named = action.args[0] if action.args else None
        if kind == "target" and st.phase == TARGET:
            card = _card_indices(st.cards).get(named) if isinstance(named, str) else None
            if card is None:
                return False  # the listing names every card by its id
            return any(f.args == action.args for f in self._targets(st, (card,)))
        if kind == "match" and st.phase == MATCH:
            slots = [k for k in st.open_slots() if row_name(st, k) == named]
            return any(f.args == action.args for f in self._matches(st, slots))
        return action in Legal(self._families(st))

    # -- the turn ----------------------------------------------------------------------------
    def begin_turn(self, state: DiceCardsState) -> DiceCardsState:
        """A copy of `state` with `state.current`'s turn begun afresh: the dice that seat
        rolls (its Set powers counted), rolled. For positions set up by hand (tests, puzzles,
        an owner's scenario), whose owners and Orb are set before the dice are rolled."""
        st = state.copy()
        self._start_turn(st, [])
        return st

    def _start_turn(self, st: DiceCardsState, ev: list[Event]) -> None:
        cards = st.cards
        st.sides = [D6] * cards.d6 + [D8] * cards.d8 + [D6] * self.extra_dice(st, st.current)
        st.faces = [0] * len(st.sides)
        st.slot = [UNPLACED] * len(st.sides)
        st.target, st.stealing = NO_TARGET, False
        st.rerolls = self.rerolls_for(st, st.current)
        st.phase = TARGET
        ev.append(_turn_event(st))
        _roll(st, ev)  # ME123/MCU84: roll all the dice

    def opening(self, state: DiceCardsState) -> list[Event]:
        """The first turn's start and roll, made at setup before any decision."""
        return [_turn_event(state), _roll_event(state, state.unplaced())]

    def _go_on(self, st: DiceCardsState, ev: list[Event]) -> None:
        """After a placement or a set-aside: claim when every row is matched; fail when the
        dice left can match the open rows in no outcome (W3/Q7 [WA How to Play 2; GotG 3]); else
        roll on (ME127)."""
        rows = st.rows()
        open_rows = [rows[k] for k in st.open_slots()]
        if not open_rows:
            self._claim(st, ev)
        elif not feasible(open_rows, [st.sides[i] for i in st.unplaced()]):
            card = st.cards.cards[st.target]
            ev.append(
                Event(
                    "fail",
                    f"{seat_name(st.current)} cannot match {card.name}'s other rows: the "
                    "attempt fails",
                    {"seat": st.current, "card": card.id},
                )
            )
            self._end_turn(st, ev)  # ME131/MCU89: the card stays or goes back
        else:
            st.phase = MATCH
            _roll(st, ev)

    def _claim(self, st: DiceCardsState, ev: list[Event]) -> None:
        """ME129/MCU90: the card is the player's, taken from its owner if it had one. R
        [WA How to Play 3; WA How to Play 4; GotG 3; GotG 4] (both books say the turn ends only of a
        failure): a success ends it too, a turn being one try for one card; Guardians' permissive
        wording of the collection is read as the card always being taken, as War Assets states
        it."""
        seat, card = st.current, st.target
        victim = st.owner[card]
        st.owner[card] = seat
        info = st.cards.cards[card]
        taken = "" if victim == NOBODY else f" from {seat_name(victim)}"
        ev.append(
            Event(
                "claim",
                f"{seat_name(seat)} claims {info.name}{taken}",
                {"seat": seat, "card": info.id, "from": None if victim == NOBODY else victim},
            )
        )
        if st.holds_group(seat, info.group):
            group = st.cards.groups[info.group]
            ev.append(
                Event(
                    "group",
                    f"{seat_name(seat)} holds all of {group.name}: locked, worth {group.value}",
                    {"seat": seat, "group": group.id},
                )
            )
        self.after_claim(st, seat, card, victim, ev)
        self._end_turn(st, ev)

    def _end_turn(self, st: DiceCardsState, ev: list[Event]) -> None:
        """ME131/MCU89: collect the dice and pass them on, or score when the game is over."""
        following = self.next_seat(st, ev)
        if following is None:
            self._finish(st, ev)
            return
        st.current = following
        st.turn += 1
        self._start_turn(st, ev)

    def _finish(self, st: DiceCardsState, ev: list[Event]) -> None:
        """ME132/MCU95: most points wins; W7/Q2 [WA Ending the Game; GotG end]: a tie is a shared
        win."""
        scores = self.scores(st)
        best = max(scores)
        winners = tuple(p for p in range(st.players) if scores[p] == best)
        ranking = tuple(sorted(range(st.players), key=lambda p: (-scores[p], p)))
        # "Player 1 has 29 points": a count beside a seat's number ("Player 1 29") misread
        listed = ", ".join(f"{seat_name(p)} has {POINTS.of(scores[p])}" for p in ranking)
        reason = f"every card is claimed; {listed}"
        st.outcome = Outcome(winners, reason, ranking)
        st.phase = OVER
        st.sides, st.faces, st.slot = [], [], []
        st.target, st.stealing, st.rerolls = NO_TARGET, False, 0
        # The log's line says who won, as a sentence (the reason alone names no winner).
        names = " and ".join(seat_name(p) for p in winners)
        won = f"{names} {'win' if len(winners) > 1 else 'wins'}: {reason}"
        ev.append(Event("game-over", won, {"winners": list(winners), "scores": scores}))


@cache
def _card_indices(cards: DiceCards) -> dict[str, int]:
    """Each card's index by its id, as the listing names it."""
    return {card.id: index for index, card in enumerate(cards.cards)}


@cache
def _distinct_rows(cards: DiceCards) -> tuple[tuple[Row, ...], tuple[tuple[int, ...], ...]]:
    """The edition's distinct rows, and each card's rows as numbers into them."""
    distinct: dict[Row, int] = {}
    numbered = tuple(
        tuple(distinct.setdefault(row, len(distinct)) for row in card.rows) for card in cards.cards
    )
    return tuple(distinct), numbered


# -- dice ------------------------------------------------------------------------------------
def _numbers(way: Sequence[int]) -> tuple[int, ...]:
    """Die indices as actions name them (1..)."""
    return tuple(i + 1 for i in way)


def _roll(st: DiceCardsState, ev: list[Event]) -> None:
    """Roll every unplaced die: the d6s in one draw, then the d8s."""
    free = st.unplaced()
    for sides in (D6, D8):
        which = [i for i in free if st.sides[i] == sides]
        if which:
            for i, face in zip(which, st.rng.roll(len(which), sides), strict=True):
                st.faces[i] = face
    ev.append(_roll_event(st, free))


def _turn_event(st: DiceCardsState) -> Event:
    return Event(
        "turn", f"Turn {st.turn}: {seat_name(st.current)}", {"seat": st.current, "turn": st.turn}
    )


def _roll_event(st: DiceCardsState, free: list[int]) -> Event:
    """The dice `free` as rolled."""
    shown = " ".join(f"{st.faces[i]}{'' if st.sides[i] == D6 else ' (d8)'}" for i in free)
    return Event(
        "roll",
        f"{seat_name(st.current)} rolls {shown}",
        {"seat": st.current, "dice": [[i + 1, st.sides[i], st.faces[i]] for i in free]},
        reveals=True,
    )


def _dice_args(args: Sequence[Arg], st: DiceCardsState) -> list[int]:
    """Die numbers (1..) as indices; each must be an unplaced die, none twice."""
    out = []
    for arg in args:
        if not isinstance(arg, int) or not 1 <= arg <= len(st.sides):
            raise MalformedAction(f"a die is a number from 1 to {len(st.sides)}, not {arg!r}")
        out.append(arg - 1)
    if not out:
        raise MalformedAction("name the dice to place, by number")
    if len(set(out)) != len(out):
        raise IllegalAction("a die is named twice")
    placed = [i + 1 for i in out if st.slot[i] != UNPLACED]
    if placed:
        raise IllegalAction(f"die {placed[0]} is not among the dice just rolled")
    return out


def row_words(st: DiceCardsState, slot: int) -> str:
    """A row for sentences, its number and what it asks ("row 2 (1 3)", "steal row (a 6)"):
    the printed text alone ("row 1 3", "row 6") reads as row numbers."""
    if row_name(st, slot) == STEAL:
        return "steal row (a 6)"
    return f"row {slot + 1} ({st.rows()[slot].text()})"


def _place(st: DiceCardsState, slot: int, dice: list[int], ev: list[Event]) -> None:
    row = st.rows()[slot]
    card = st.cards.cards[st.target]
    shown = " ".join(str(st.faces[i]) for i in dice)
    if not matches(row, st.dice(), dice):
        named = " ".join(str(i + 1) for i in dice)
        dice_words = (
            f"dice {named} (showing {shown}) do"
            if len(dice) > 1
            else f"die {named} (showing {shown}) does"
        )
        raise IllegalAction(f"{dice_words} not match {card.name}'s {row_words(st, slot)}")
    for i in dice:
        st.slot[i] = slot
    ev.append(
        Event(
            "match",
            f"{seat_name(st.current)} matches {card.name}'s {row_words(st, slot)} with {shown}",
            {
                "seat": st.current,
                "card": card.id,
                "row": row_name(st, slot),
                "dice": list(_numbers(dice)),
            },
        )
    )


def _slot_of(st: DiceCardsState, arg: Arg, count: int) -> int:
    """A row name (1.. or "steal") as a slot of rows numbering `count` (steal last)."""
    if arg == STEAL:
        if not st.stealing:
            raise IllegalAction("the steal row is needed only for a card another player owns")
        return count - 1
    if not isinstance(arg, int) or not 1 <= arg <= count - (1 if st.stealing else 0):
        raise MalformedAction(f"no row {arg!r}: rows are numbered from 1, or 'steal'")
    return arg - 1


# -- handlers ------------------------------------------------------------------------------------
def _h_target(game: DiceCardsGame, st: DiceCardsState, a: Action, ev: list[Event]) -> None:
    """ME123/MCU84-85: select a card with a row this first roll matches, placing its dice."""
    if st.phase != TARGET:
        raise IllegalAction("a card is selected on the first roll of a turn, not a later one")
    if len(a.args) < 3 or not isinstance(a.args[0], str):
        raise MalformedAction("target CARD ROW DIE...: a card, a row and the dice")
    card = st.cards.card(a.args[0])
    if card is None:
        raise MalformedAction(f"no card {a.args[0]!r}")
    if not game.targetable(st, st.current, card):
        name = st.cards.cards[card].name
        if st.owner[card] == st.current:
            raise IllegalAction(
                f"{name} is yours already (W9/MCU84 [WA How to Play 1; GotG 1]: a card "
                "selected is unclaimed or an opponent's)"
            )
        raise IllegalAction(
            f"{name}'s group is locked: one player holds all of it (ME130/MCU91 "
            "[WA How to Play 3; GotG 4])"
        )
    rows = game.target_rows(st, st.current, card)
    st.target = card
    st.stealing = len(rows) > len(st.cards.cards[card].rows)
    slot = _slot_of(st, a.args[1], len(rows))
    _place(st, slot, _dice_args(a.args[2:], st), ev)
    game._go_on(st, ev)


def _h_match(game: DiceCardsGame, st: DiceCardsState, a: Action, ev: list[Event]) -> None:
    """ME127/MCU88: one row per roll; placed dice stay, the rest roll again."""
    if st.phase != MATCH:
        raise IllegalAction("a row is matched on a later roll, once a card is selected")
    if len(a.args) < 2:
        raise MalformedAction("match ROW DIE...: a row and the dice placed on it")
    slot = _slot_of(st, a.args[0], len(st.rows()))
    if slot not in st.open_slots():
        raise IllegalAction(f"row {a.args[0]} is already matched")
    _place(st, slot, _dice_args(a.args[1:], st), ev)
    game._go_on(st, ev)


def _h_aside(game: DiceCardsGame, st: DiceCardsState, a: Action, ev: list[Event]) -> None:
    """ME128/MCU88: a roll that matches nothing costs one unplaced die, chosen (W4/Q6
    [WA How to Play 2; GotG 3]). R [WA How to Play 2; GotG 3] (spec 3.1 of both): the die is lost
    for failing to match, so a roll that can match a row must match one, never set a die aside
    instead (as the solver)."""
    if st.phase != MATCH:
        raise IllegalAction("a die is set aside only after a roll of an attempt")
    rows, by_face = st.rows(), group_dice(st.dice(), st.unplaced())
    if any(grouped_ways(rows[k], by_face) for k in st.open_slots()):
        raise IllegalAction("a row can be matched: a die is set aside only when none can")
    if len(a.args) != 1:
        raise MalformedAction("aside DIE: one die, by number")
    (die,) = _dice_args(a.args, st)
    st.slot[die] = ASIDE
    ev.append(
        Event(
            "aside",
            f"{seat_name(st.current)} sets aside a d{st.sides[die]}",
            {"seat": st.current, "die": die + 1},
        )
    )
    game._go_on(st, ev)


def _h_pass(game: DiceCardsGame, st: DiceCardsState, a: Action, ev: list[Event]) -> None:
    """W2/Q5 [WA How to Play 1; GotG 1; GotG 3]: a first roll that matches no card's row ends the
    turn (nothing is lost)."""
    if st.phase != TARGET or a.args or Family("pass") not in game._families(st):
        raise IllegalAction("pass only when the first roll matches no card's row")
    ev.append(
        Event(
            "no-match",
            f"{seat_name(st.current)}'s roll matches no card: the turn ends",
            {"seat": st.current},
        )
    )
    game._end_turn(st, ev)


def _h_reroll(game: DiceCardsGame, st: DiceCardsState, a: Action, ev: list[Event]) -> None:
    """Q8 [GotG 4] (a reconstructed Set power):
    reroll every unplaced die instead of deciding."""
    if not st.rerolls or a.args:
        raise IllegalAction("no reroll is left this turn")
    st.rerolls -= 1
    _roll(st, ev)


_Handler = Callable[[DiceCardsGame, DiceCardsState, Action, list[Event]], None]
_HANDLERS: dict[str, _Handler] = {
    "target": _h_target,
    "match": _h_match,
    "aside": _h_aside,
    "pass": _h_pass,
    "reroll": _h_reroll,
}
