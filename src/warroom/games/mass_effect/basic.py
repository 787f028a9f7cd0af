"""RISK Mass Effect: Basic Training (`mass-effect-basic`), 3-4 players on the 42-planet galaxy.

Basic Training is Classic RISK's flow on other components (shared/specs/mass-effect.md section
1.7), so it is `ClassicRisk` with some steps replaced: claiming one planet at a time, the
setup rounds of one unit, the reinforcement chart and region bonuses, the attack, the
defender's choice of dice, the capture with its minimum move-in, elimination (the eliminator
takes the cards) and the last-player win are Classic's own code. What Basic Training changes,
each at its code:
- ME2: one deck of all 81 faction cards, used only for their ship class (A5 [Faction Cards]).
- ME3: 35 starting units each for 3 players, 30 for 4.
- ME7: setup reinforcement starts with the first claimer, not after the last claimer.
- ME11/ME12: a set is worth a fixed amount by its classes (`fixed_set_value`, rules/cards.py),
  never escalating, and goes out of play; ME13: no card gives a planet bonus.
- ME14/ME27: 5 cards force a trade, at the start of the turn and after an elimination.
- ME28/ME29: the fortification follows a chain of the player's own planets (`path_moves`).
- ME8/ME30: the card is drawn after fortifying, one if a planet was conquered.

Readings (section 1.5, the recommended ones; each also at its code):
- A1 [BT Set Up Chart] 3 and 4 players only, as printed. A2 [BT Claiming Planets] first-player ties
  reroll the tied (`rules.first.roll_for_first`). A3 [BT Play Cards for Units] more than one set a
  turn is allowed. A4 [BT Play Cards for Units] an empty deck gives no card (traded cards are out of
  play). A5 directives are not used. A6 [BT Eliminating Another Player] the elimination trade comes
  after the mandatory move-in, as in Classic. A7
  [BT Play Cards for Units; BT Eliminating Another Player] the forced trade is at 5 or more.

Readings of our own (not in section 1.5), each where Classic's shared code does it:
- ME13 [BT Play Cards for Units] "At this point you could turn in a set" names when a trade is
  first offered, not the only moment: a set may be traded while any units of the Deploy remain
  to be placed (Classic's `legal_actions` in its place phase), which changes nothing but the
  order of placing.
- ME7/ME8 [BT Reinforcing Planets] "the turn order continues as above": the first claimer, who
  also placed the first setup unit, takes the first turn (Classic's Setup step 7,
  `_next_setup_player`).
- ME27 [BT Eliminating Another Player] "when you have 4 or fewer cards, continue your turn": once
  the eliminator is down to 4, no more sets are traded that turn (Classic's `_may_trade`): sets
  are traded in Deploy, and after an elimination only those the rule forces.

Actions: `claim PLANET`; `place PLANET N`; `trade CARD CARD CARD`; `attack FROM TO DICE`;
`defend DICE`; `move N` (after a capture, the total moved in); `end` (no more invasions, or no
fortification); `fortify FROM TO N`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Self

from warroom.core.actions import Action
from warroom.core.errors import IllegalAction, MalformedAction
from warroom.core.events import UNITS, Event, Pieces
from warroom.core.game import OptionValue, Seat, require
from warroom.core.legal import Family
from warroom.core.registry import register
from warroom.core.rng import Rng
from warroom.games import catalogued, rules_options
from warroom.games import risk_classic as rc
from warroom.games.mass_effect.components import RELAY, Cards, Galaxy, cards, galaxy
from warroom.games.risk_classic import (
    ATTACK,
    CLAIM,
    FORTIFY,
    REINFORCE,
    SETUP_PLACE,
    ClassicRisk,
    RiskState,
)
from warroom.rules.cards import fixed_set_value
from warroom.rules.first import roll_for_first

STARTING_UNITS = {3: 35, 4: 30}  # ME3 [Set Up Chart]
# ME11 [Reinforcement Chart]: three of a class, or one of each; the same all game.
SET_ALIKE = {"cruiser": 4, "carrier": 5, "dreadnought": 6}
SET_MIXED = 7
# ME14/ME27 (A7 [BT Play Cards for Units; BT Eliminating Another Player]): 5 or more cards force a
# trade
MUST_TRADE_AT = 5


@dataclass(slots=True)
class BasicState(RiskState):
    """A Classic RISK state plus Basic Training's parts. `board` is `galaxy.board`; the card
    numbers index `cards`; `hands` and `deck` hold those numbers as in Classic."""

    galaxy: Galaxy
    cards: Cards
    out_of_play: list[int]  # ME12: traded sets, face up (public)

    def copy_more(self, twin: Self) -> None:
        twin.out_of_play = self.out_of_play[:]


_MODE = catalogued("mass-effect-basic")


def _basic(st: RiskState) -> BasicState:
    """The Basic Training state a shared Classic step was handed (handlers are typed for it)."""
    assert isinstance(st, BasicState)
    return st


def set_value(designs: tuple[str, ...] | list[str]) -> int | None:
    """ME11: units for three cards of these classes; None if they are not a set."""
    return fixed_set_value(designs, SET_ALIKE, SET_MIXED)


class MassEffectBasic(ClassicRisk):
    id = _MODE.id
    title = _MODE.title
    min_players = _MODE.min_players
    max_players = _MODE.max_players
    options = rules_options(_MODE)
    elimination_trade_at = MUST_TRADE_AT  # ME27: 5 or more after an elimination
    pieces = UNITS  # the rulebook's word ("Place Units"), in the shared handlers' texts too
    places = Pieces("planet", "planets")  # the board's ("Claiming Planets"), as the page counts

    # -- setup ---------------------------------------------------------------------------
    def setup(self, players: int, rng: Rng, options: Mapping[str, OptionValue]) -> BasicState:
        g, deck_cards = galaxy(), cards()
        first = roll_for_first(rng, players)  # ME4/A2 [BT Claiming Planets]
        deck = list(range(len(deck_cards.card_ids)))
        rng.shuffle(deck)  # ME2: all 81 faction cards in one deck
        return BasicState(
            **rc.opening(
                g.board,
                options,
                players,
                rng,
                first,
                CLAIM,  # ME5: claim one planet at a time (Classic's `_claim`)
                reserve=[STARTING_UNITS[players]] * players,
                deck=deck,
                galaxy=g,
                cards=deck_cards,
                out_of_play=[],
            )
        )

    # -- names ---------------------------------------------------------------------------
    def _card_name(self, st: RiskState, card: int) -> str:
        return _basic(st).cards.card_ids[card]

    def _card_text(self, st: RiskState, card: int) -> str:
        return f"{self._card_name(st, card)} ({self._design(st, card)} class)"

    def _design(self, st: RiskState, card: int) -> str:
        return _basic(st).cards.ship_class[card]

    # -- legal actions -------------------------------------------------------------------
    def _families(self, st: RiskState, seat: Seat) -> list[Family]:
        if st.phase == FORTIFY:
            return rc.path_move_families(st, seat, "fortify")  # ME28
        return super()._families(st, seat)

    def _allows(self, st: RiskState, seat: Seat, action: Action) -> bool:
        if action.kind == "fortify":
            return st.phase == FORTIFY and rc.allows_path_move(st, seat, action.args)
        return super()._allows(st, seat, action)

    def _bonus_choices(self, st: RiskState, seat: Seat, combo: tuple[int, ...]) -> list[int]:
        return []  # ME13: no card names a planet, so no "+2 on a named planet"

    def _must_trade_at(self, st: RiskState) -> int:
        return MUST_TRADE_AT  # ME14 at the start of the turn, ME27 after an elimination

    # -- views and checks ----------------------------------------------------------------
    def describe(self, observation: RiskState, seat: Seat | None) -> dict[str, Any]:
        st = _basic(observation)
        out = super().describe(st, seat)
        for key in ("sets_traded", "next_set_value", "card_bonus_taken"):
            out.pop(key)
        b, deck_cards = st.board, st.cards
        for t, row in enumerate(out["territories"]):
            row["xy"] = list(b.xy[t] or (0.0, 0.0))
            row["neighbors"] = [b.territories[u] for u in b.neighbors[t]]
            row["relays"] = [b.territories[u] for u in b.neighbors[t] if b.kind_of[(t, u)] == RELAY]
        out["regions"] = [
            {
                "name": name,
                "bonus": bonus,
                "color": color,
                "planets": [b.territories[t] for t in members],
            }
            for name, bonus, color, members in zip(
                b.regions, b.region_bonus, b.region_color, b.region_members, strict=True
            )
        ]
        out["planets_held"] = [st.owner.count(p) for p in range(st.players)]
        out["units"] = [_units(st, p) for p in range(st.players)]
        out["out_of_play"] = [
            {"card": deck_cards.card_ids[c], "class": deck_cards.ship_class[c]}
            for c in st.out_of_play
        ]
        out["set_values"] = {
            **{f"3 {k}": v for k, v in SET_ALIKE.items()},
            "one of each": SET_MIXED,
        }
        if "hand" in out and seat is not None:
            out["hand"] = [
                {
                    "card": deck_cards.card_ids[c],
                    "class": deck_cards.ship_class[c],
                    "design": deck_cards.ship_class[c],
                }
                for c in st.hands[seat]
            ]
        return out

    def invariants(self, state: RiskState) -> list[str]:
        st = _basic(state)
        problems = [p for p in super().invariants(st) if not p.startswith("cards are")]
        held = sorted([c for h in st.hands for c in h] + st.deck + st.out_of_play)
        if held != list(range(len(st.cards.card_ids))):  # spec 1.7: deck + hands + out = 81
            problems.append("cards are lost or duplicated between hands, deck and out of play")
        if st.phase not in (CLAIM, SETUP_PLACE) and any(st.reserve):
            problems.append("starting units left unplaced after setup")  # ME7
        return problems


def _units(st: RiskState, seat: Seat) -> int:
    return sum(a for o, a in zip(st.owner, st.armies, strict=True) if o == seat)


# -- handlers (Classic's signature; the state is a BasicState) ----------------------------------
def _trade(g: ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    """ME11-ME13: three cards of one class or one of each, for the chart's fixed units; the
    cards leave the game (ME12). A3 [BT Play Cards for Units]: any number of sets a turn."""
    st = _basic(state)
    usage = "trade CARD CARD CARD (3 of one class, or one of each)"
    if len(a.args) != 3 or not all(isinstance(x, str) for x in a.args):
        raise MalformedAction(f"{a.text()!r} is malformed; usage: {usage}")
    require(g._may_trade(st, seat), "your hand is down to 4 cards: you must stop trading")
    hand = st.hands[seat]
    combo = rc.named_cards(st.cards, hand, a.args)
    classes = [st.cards.ship_class[c] for c in combo]
    value = set_value(classes)
    if value is None:
        raise IllegalAction(
            f"{', '.join(classes)} is not a set: three of one class, or one of each "
            "(ME11 [BT Reinforcement Chart])"
        )
    st.pending += value  # ME11: never escalates
    st.hands = st.hands[:]
    st.hands[seat] = [c for c in hand if c not in combo]
    st.out_of_play = [*st.out_of_play, *sorted(combo)]  # ME12: out of play, not to the deck
    if ev is not None:
        names = [st.cards.card_ids[c] for c in sorted(combo)]
        ev.append(
            Event(
                "trade",
                f"{g.side_name(st, seat)} turns in {', '.join(names)} "
                f"({', '.join(sorted(classes))}) for {value} units",
                {"seat": seat, "cards": names, "classes": sorted(classes), "armies": value},
            )
        )


def _claim(g: ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    """ME5 (Classic's claim), then ME7: once every planet is claimed, the player who claimed
    first places the first setup unit. Classic passes on from the last claimer, which is the
    same seat only when the 42 planets divide evenly (3 players, not 4)."""
    rc._claim(g, state, seat, a, ev)
    if state.phase == SETUP_PLACE:
        state.current = state.first


def _end_invasions(g: ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    """ME8: invading ends; the fortification comes next and the card after it (ME30)."""
    rc._args(a, 0, "end")
    state.phase = FORTIFY


def _fortify(g: ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    """ME28/ME29: any units from one planet to another through the player's own planets only,
    1 left behind; not an attack."""
    st = _basic(state)
    rc.move_along_own(g, st, seat, a, "planets", "moves", ev)
    _finish_turn(g, st, seat, ev)


def _skip_fortify(g: ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    rc._args(a, 0, "end")
    _finish_turn(g, _basic(state), seat, ev)


def _finish_turn(g: ClassicRisk, st: BasicState, seat: Seat, ev: rc.Events) -> None:
    """ME30: one card after fortifying if a planet was conquered this turn (however many,
    from however many players); A4 [BT Play Cards for Units]: an empty deck gives none. Then the
    next living player clockwise (Classic's `_end_turn`, which also applies the turn limit)."""
    if st.conquered and st.deck:
        card = st.deck[-1]
        st.deck = st.deck[:-1]
        rc.take_card(g, st, seat, card, ev)
    rc._end_turn(g, st, ev)


MassEffectBasic.handlers = {
    (CLAIM, "claim"): _claim,  # ME4/ME5: one unit on an empty planet, in turn order
    (SETUP_PLACE, "place"): rc._setup_place,  # ME7: one unit a round on one's own planet
    (REINFORCE, "trade"): _trade,
    (REINFORCE, "place"): rc._place,  # ME15: all units on own planets; 5 cards trade first
    (ATTACK, "attack"): rc._attack,  # ME18/ME19
    (ATTACK, "end"): _end_invasions,
    (rc.DEFEND, "defend"): rc._defend,  # ME20-ME22
    (rc.OCCUPY, "move"): rc._move_in,  # ME25
    (FORTIFY, "fortify"): _fortify,
    (FORTIFY, "end"): _skip_fortify,
}


GAME = register(MassEffectBasic())
