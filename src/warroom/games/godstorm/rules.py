"""RISK Godstorm as a game: who decides what, in the order of spec section 1, on the rule
functions of the other modules (one implementation of each rule).

Registered for 2 to 5 players: it passes the contract suite with the random and greedy tiers
(bots/godstorm.py). docs/godstorm.md says what is left.

Readings taken here (the spec's ambiguity numbers):
- A13 [4. Play Miracle Cards]: War and Death cards only in step 4. A9 [Godswar]: between godswar
  rounds the attacker fights on or ends the invasion. A35 [Calling It Off; Godswar]: a godswar round
  counts as an attack. A37 [1. Raise Armies and Gather Faith]: raised armies, then crypt revivals,
  then temple armies. A36 [3. Obtain Miracle Cards]: Labor draws are automatic.
- A23 [Setup for 2 Players]: with 2 players the first pantheon chooser picks a pile first, and the
  other player decides the neutral's defence dice (the shared `decider`, as in the other modes'
  neutrals).
- R7 [not in the rulebook: Pandora's Box, public FAQ]: a Death card drawn by Pandora's Box may be
  played free in step 4 of the same turn, even without a god of death; if not played then, it is
  held like any other.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import product
from typing import Any

from warroom.core.actions import Action, Arg
from warroom.core.errors import IllegalAction
from warroom.core.events import ARMIES, DICE, Event, listed, possessive
from warroom.core.game import Game, OptionValue, Outcome, Seat
from warroom.core.legal import Family, Legal
from warroom.core.registry import register
from warroom.core.rng import HIDDEN, Rng
from warroom.games import catalogued, rules_options
from warroom.games.godstorm import economy, invasion, miracles, order, underworld
from warroom.games.godstorm.components import DECK_GOD, DECKS, DOMAINS, components
from warroom.games.godstorm.effects import effects_words
from warroom.games.godstorm.losses import banish_gods_without_armies, eliminate, suffer_plague
from warroom.games.godstorm.scoring import final_outcome, score
from warroom.games.godstorm.setup import (
    PILES,
    SETUP,
    blank,
    choosing_order,
    claim,
    count_out,
    deal,
    deal_piles,
    neutral_pantheon,
    place_plague,
)
from warroom.games.godstorm.state import BANISHED, NEUTRAL, NOBODY, WAR, GodstormState
from warroom.rules.battle import CLASSIC, BattleRule
from warroom.rules.first import picking_order
from warroom.rules.pieces import decider

# Phases: whose decision the game waits on.
PANTHEON, PLACE, BEGIN = "pantheon", "place", "begin"  # setup (1.0 steps 3, 5, 6)
PILE, CLAIM = "pile", "claim"  # setup 1.0 step 4: the 2-player piles (G21), claims (G20)
BID, MARKER = "bid", "marker"  # 1.1 steps 1-3
RAISE, CRYPT, GODS, BUY, PLAY = "raise", "crypt", "gods", "buy", "play"  # 1.2 steps 1-4
INVADE, SKY, GOD_ATTACK, GOD_DEFEND, GOD_AGAIN = "invade", "sky", "god", "god-defend", "again"
ATTACK, DEFEND, OCCUPY = "attack", "defend", "occupy"  # 1.2 step 6
FORTIFY, EMBARK, UNDERWORLD = "fortify", "embark", "underworld"  # steps 7-9
OVER = "over"
# Each phase in plain words (the view's `step`: the terminal's and the page's prompt).
STEPS = {
    SETUP: "setting up the table",  # before the plague lands and the pantheon roll-off (`blank`)
    PANTHEON: "choosing pantheons",
    # G21: what a pile is and what becomes of the one left, where the choice is made
    PILE: "taking one of the face-down piles of territory cards (the one left goes neutral)",
    CLAIM: "claiming territories one at a time",
    PLACE: "placing starting armies, 3 at a time",
    BEGIN: "placing the god of war and the first temple",
    BID: "sealing a faith bid for turn order",
    MARKER: "choosing turn-order markers, highest bid first",
    RAISE: "placing raised armies",
    CRYPT: "reviving armies from crypts",
    GODS: "summoning gods and building temples",
    BUY: "buying miracle cards",
    PLAY: "playing miracles",
    INVADE: "invading",
    SKY: "answering the invasion with a Sky card, or not",
    GOD_ATTACK: "choosing the attacking god for the godswar",
    GOD_DEFEND: "choosing the defending god for the godswar",
    GOD_AGAIN: "fighting the godswar on, or calling the invasion off",
    ATTACK: "choosing how many dice to attack with",
    DEFEND: "choosing how many dice to defend with",
    OCCUPY: "moving into the captured land",
    FORTIFY: "fortifying",
    EMBARK: "embarking from the heaven",
    UNDERWORLD: "invading the Underworld",
    OVER: "the game is over",
}
# The kinds that close or answer a step, as their buttons say them in each step (`label`).
STEP_WORDS: Mapping[str, Mapping[str, str]] = {
    "done": {
        CRYPT: "Done reviving",
        GODS: "Done summoning and building",
        PLAY: "Done playing miracles",
        INVADE: "End invasions",
        FORTIFY: "Done fortifying",
        EMBARK: "Done embarking",
        UNDERWORLD: "End your turn",
    },
    "pass": {SKY: "Play no Sky card"},
    "fight": {GOD_AGAIN: "Fight the godswar on"},
    "retreat": {GOD_AGAIN: "Call the invasion off", ATTACK: "Retreat: end this invasion"},
}
HEAVEN = "heaven"  # the source word for invading a gate from one's heaven (G106)
NO_GODS = "-"  # the gods argument of an invasion or a fortification that takes none


def gods_arg(domains: tuple[int, ...] | list[int]) -> str:
    """Gods named by domain, joined in domain order: "sky+war"; NO_GODS for none."""
    return "+".join(DOMAINS[d] for d in sorted(domains)) or NO_GODS


def parse_gods(word: object) -> list[int] | None:
    if not isinstance(word, str):
        return None
    if word == NO_GODS:
        return []
    names = word.split("+")
    if any(n not in DOMAINS for n in names):
        return None
    return [DOMAINS.index(n) for n in names]


# The Ancient Earth territories an action must name among the seat's own (G10: held by at
# least 1 army), by its kind and the word's place among its arguments: placing (G17), summoning
# (G39), building a temple (G42), an invasion's source (G76) and a fortification's ends (G100).
_OWN_PLACES = {"place": (0,), "summon": (1,), "temple": (0,), "invade": (0,), "fortify": (0, 1)}


def _place_problem(
    st: GodstormState, seat: Seat, action: Action, open_kinds: Sequence[str]
) -> str | None:
    """Why an action of a kind open now names a place it may not: no such territory, or one
    not the seat's; None to leave the refusal to the listing of what may be done now."""
    if action.kind not in open_kinds:
        return None
    earth = st.parts.earth
    for position in _OWN_PLACES.get(action.kind, ()):
        word = action.args[position] if position < len(action.args) else None
        if not isinstance(word, str):
            continue
        territory = earth.index.get(word)
        if territory is None:
            return earth.no_such(word)
        if territory not in st.territories_of(seat):
            return f"{word} is not yours"
    return None


def _gods_named(word: Arg) -> Arg:
    """`word` as the gods argument's own spelling where it names gods in any order or case."""
    if not isinstance(word, str) or word == NO_GODS:
        return word
    names = word.lower().split("+")
    if "+" not in word and word.lower() not in DOMAINS:
        return word
    if any(name not in DOMAINS for name in names) or len(set(names)) != len(names):
        return word
    return gods_arg([DOMAINS.index(name) for name in names])


def _place_named(word: Arg) -> Arg:
    """`word` as a place's own spelling where it names one of either board in any case."""
    if not isinstance(word, str):
        return word
    parts = components()
    for board in (parts.earth, parts.underworld):
        try:
            return board.territories[board.territory(word)]
        except KeyError:
            continue
    return word


_INFO = catalogued("risk-godstorm")


class Godstorm(Game[GodstormState]):
    id = _INFO.id
    title = _INFO.title
    min_players = _INFO.min_players
    max_players = _INFO.max_players
    options = rules_options(_INFO)
    # G27: every bid is paid, won or lost; a bare "bid" is not taken as all one's faith.
    typed_in_full = frozenset({"bid"})

    def setup(self, players: int, rng: Rng, options: Mapping[str, OptionValue]) -> GodstormState:
        """1.0: plague lands (G12), the pantheon roll-off (G14); the deal waits on the choices."""
        state = blank(components(), players, rng, options)
        place_plague(state)
        first, _ = choosing_order(state.rng, players)
        state.queue = list(first)
        state.first = first[0]
        state.phase = PANTHEON
        return state

    def opening(self, state: GodstormState) -> list[Event]:
        """What the setup did before any choice: where the plague landed (G12) and the order
        the roll-off gave for choosing pantheons (G14)."""
        earth = state.parts.earth.territories
        lands = [earth[t] for t, sick in enumerate(state.plague) if sick]
        return [
            Event("plague", f"Plague lands on {', '.join(lands)}", {"territories": lands}),
            picking_order("Pantheons are chosen", state.names, state.queue),
        ]

    # -- who decides --------------------------------------------------------------------
    def to_move(self, state: GodstormState) -> tuple[Seat, ...]:
        if state.phase == OVER:
            return ()
        if state.phase in (PANTHEON, PILE, CLAIM, PLACE, BEGIN):
            return (state.queue[0],)
        if state.phase == BID:
            assert state.bids is not None
            return state.bids.waiting()
        if state.phase == MARKER:
            return (state.bid_rank[0],)
        if state.phase in (SKY, GOD_DEFEND, DEFEND):
            assert state.invasion is not None
            return (_defending_seat(state),)
        return (order.current(state),)

    def seat_names(self, state: GodstormState) -> list[str]:
        return state.names

    def turn_order(self, state: GodstormState) -> tuple[Seat, ...]:
        """None fixed: the turn order is bid for anew before every epoch (G24, G25 [Start of
        an Epoch]), so a win rate by turn position would mix five orders."""
        return ()

    def choices_public(self, state: GodstormState, seat: Seat) -> bool:
        """Playing miracles (and the Sky window) reads which cards the hand holds, of which
        only the decks are public (G6): there, with cards in hand, the count is a secret."""
        return not state.hands[seat] or state.phase not in (PLAY, SKY)

    def legal_actions(self, state: GodstormState, seat: Seat) -> Legal:
        """Built only when listed; `in` (every `apply`, and the greedy bot's check) is
        answered by `_allows`, which lists only the families that could hold the action."""
        if seat not in self.to_move(state):
            return Legal(())
        return Legal.deferred(
            lambda: _families(state, seat), lambda action: _allows(state, seat, action)
        )

    # -- applying -------------------------------------------------------------------------
    def apply(
        self, state: GodstormState, seat: Seat, action: Action
    ) -> tuple[GodstormState, list[Event]]:
        events: list[Event] = []
        return self._step(state, seat, action, events, owned=False), events

    def play_owned(self, state: GodstormState, seat: Seat, action: Action) -> GodstormState:
        """`play` in place: the handlers change only the state's own lists (`observe` and
        `copy` give every state lists of its own)."""
        return self._step(state, seat, action, [], owned=True)

    def _step(
        self, state: GodstormState, seat: Seat, action: Action, events: list[Event], owned: bool
    ) -> GodstormState:
        self.check_seat(state, seat)
        legal = self.legal_actions(state, seat)
        if action not in legal:
            problem = _place_problem(state, seat, action, legal.kinds())
            if problem is not None:
                raise IllegalAction(problem)
            self.refuse(state, seat, action, _HANDLERS, f"{action.text()} now")
        st = state if owned else state.copy()
        _HANDLERS[action.kind](st, seat, action, events)
        return st

    def outcome(self, state: GodstormState) -> Outcome | None:
        return state.outcome

    # -- views ----------------------------------------------------------------------------
    def defence(self, state: GodstormState) -> tuple[int, int, BattleRule]:
        """The roll waiting on its defender's dice (the `defend` step): the attacker's dice,
        the most the defender may roll (a Sky card's die and the Tablet of Destiny's bought
        one counted) and the roll's dice rule (`invasion.army_rule`; the Underworld's are
        plain, G110), for the odds of each choice shown at that prompt. Read from a
        spectator's observation: anyone may ask."""
        seen = self.observe(state, None)
        inv = seen.invasion
        assert seen.phase == DEFEND and inv is not None
        sky = seen.sky or invasion.NO_SKY
        rule = CLASSIC if inv.underworld else invasion.army_rule(seen, inv, sky)
        return seen.attack_dice, defend_most(seen) + defend_tablet(seen), rule

    def parse(self, state: GodstormState, seat: Seat, text: str) -> Action:
        """Place names in any case, on either board ("place dacia 3" is "place Dacia 3"), as
        Classic reads them, so a refusal names the place and its own reason. Whole names only:
        gods, pantheons and cards are words too, and a prefix of a place is left to the
        terminal's short forms, which match it against the legal actions.

        Gods joined in any order and case ("war+sky" is "sky+war"). An invasion named by its
        two places alone takes every god in the source (G79: they go unless declared out),
        the short forms then filling in the most armies. "done" at the purchase step buys
        nothing: the step is optional, as "done" says of every other."""
        action = Action.parse(text)
        args = tuple(_gods_named(_place_named(a)) for a in action.args)
        if action.kind == "done" and not args and state.phase == BUY:
            return Action("buy", (0,) * len(DECKS))
        if action.kind == "invade" and len(args) == 2 and state.phase == INVADE:
            found = state.parts.earth.matching(str(args[0]))
            if len(found) == 1:
                args = (*args, gods_arg(state.gods_at(seat, found[0])))
        return Action(action.kind, args)

    def observe(self, state: GodstormState, seat: Seat | None) -> GodstormState:
        """G6: other hands, and the hands the eliminated left face down, as the deck of each
        card only; decks as their sizes; unrevealed bids as HIDDEN (the core's SealedBids);
        the chance to come hidden."""
        obs = state.copy()
        obs.rng = HIDDEN
        obs.decks = {
            deck: [miracles_unseen(deck)] * len(cards) for deck, cards in state.decks.items()
        }
        for holder in range(state.players):
            if holder != seat:
                obs.hands[holder] = sorted(
                    miracles_unseen(state.parts.cards[c].deck) for c in state.hands[holder]
                )
        obs.buried = sorted(miracles_unseen(state.parts.cards[c].deck) for c in state.buried)
        if state.free_card != NOBODY and seat != order.active(state):
            obs.free_card = miracles_unseen("Death")  # that there is one is public
        if state.bids is not None:
            obs.bids = state.bids.masked(seat)
        return obs

    def resample_hidden(self, state: GodstormState, seat: Seat, rng: Rng) -> GodstormState:
        """Other hands redrawn within the same deck (spec section 4; a card Pandora's Box drew
        free stays the free one), the eliminated players' unseen cards too, every deck's
        order, unrevealed bids, the chance to come."""
        st = state.copy()
        for deck in DECKS:
            buried = [c for c in st.buried if st.parts.cards[c].deck == deck]
            pool = st.decks[deck] + buried
            st.buried = [c for c in st.buried if c not in buried]
            counts = {}
            for holder in range(st.players):
                if holder != seat:
                    mine = [c for c in st.hands[holder] if st.parts.cards[c].deck == deck]
                    counts[holder] = len(mine)
                    pool += mine
                    st.hands[holder] = [c for c in st.hands[holder] if c not in mine]
            rng.shuffle(pool)
            for holder, count in counts.items():
                fresh = [pool.pop() for _ in range(count)]
                redraw_free = fresh and holder == order.active(st) and st.free_card != NOBODY
                if redraw_free and st.parts.cards[st.free_card].deck == deck:
                    st.free_card = fresh[0]
                st.hands[holder] += fresh
                st.hands[holder].sort()
            st.buried += sorted(pool.pop() for _ in buried)
            st.decks[deck] = pool
        if st.bids is not None:
            st.bids = st.bids.resampled(seat, rng)
        st.rng = Rng(rng.next_u64())
        return st

    def label(self, observation: GodstormState, seat: Seat, action: Action) -> str:
        """Each kind in plain words for its button: gods by name and domain, cards by name,
        the Underworld's spaces and the heaven as the board says them."""
        st, kind, args = observation, action.kind, action.args
        said = [str(a) for a in args]
        count = args[-1] if args and isinstance(args[-1], int) else 0
        armies = ARMIES.of(count)

        def god(domain: str) -> str:
            names = st.parts.gods[st.pantheon[seat]] if st.pantheon[seat] >= 0 else ()
            index = DOMAINS.index(domain)
            return f"{names[index]} (god of {domain})" if names else f"the god of {domain}"

        def gods(word: str) -> str:
            domains = [] if word == NO_GODS else word.split("+")
            return f" and {listed(god(d) for d in domains)}" if domains else ""

        if kind in STEP_WORDS:
            return STEP_WORDS[kind].get(st.phase, "Done")
        if kind == "pantheon":
            return f"Play the {said[0]}"
        if kind == "pile":
            return f"Take pile {said[0]}"
        if kind == "claim":
            return f"Claim {said[0]}"
        if kind == "place":
            return f"Place {armies} on {said[0]}"
        if kind == "decline":
            declined = ARMIES.of(count * economy.decline_rate(st, seat))
            return f"Turn down {declined} for {count} faith"
        if kind == "begin":
            return f"Put {god('war')} on {said[0]} and your first temple on {said[1]}"
        if kind == "bid":
            return f"Bid {count} faith"
        if kind == "marker":
            return f"Take turn-order marker {said[0]}"
        if kind == "revive":
            return f"Revive armies from {said[0]} at your temple on {said[1]}"
        if kind == "summon":
            return f"Summon {god(said[0])} to {said[1]}"
        if kind == "temple":
            return f"Build a temple on {said[0]}"
        if kind == "buy":
            bought = [f"{n} {deck}" for n, deck in zip(args, DECKS, strict=True) if n]
            total = sum(n for n in args if isinstance(n, int))
            cards = f"miracle card{'' if total == 1 else 's'}"
            return f"Buy {listed(bought)} {cards}" if bought else "Buy no miracle cards"
        if kind == "cast":
            card = next(c for c in st.parts.cards if c.id == said[0])
            targets = [f"the god of {t}" if t in DOMAINS else t for t in said[1:]]
            return f"Play {card.name}" + (f" on {listed(targets)}" if targets else "")
        if kind == "invade":
            return f"Invade {said[1]} from {said[0]} with {armies}{gods(said[2])}"
        if kind == "fortify":
            where = f"from {said[0]} to {said[1]}"
            if not count:  # gods alone
                return f"Move {listed(god(d) for d in said[2].split('+'))} {where}"
            return f"Move {armies}{gods(said[2])} {where}"
        if kind == "god":
            verb = "Send" if st.phase == GOD_ATTACK else "Defend with"
            return f"{verb} {god(said[0])} in the godswar"
        if kind == "roll":
            return f"Attack with {DICE.of(count)}"
        if kind == "defend":
            return f"Defend with {DICE.of(count)}"
        if kind == "move":
            assert st.invasion is not None
            return f"Move {armies} into {st.parts.earth.territories[st.invasion.target]}"
        if kind == "embark":
            return f"Send {armies} from your heaven to {said[0]}"
        if kind == "descend":
            source = "your heaven" if said[0] == HEAVEN else said[0]
            return f"Invade {said[1]} from {source}"
        return super().label(observation, seat, action)

    def describe(self, observation: GodstormState, seat: Seat | None) -> dict[str, Any]:
        view = describe(observation, seat, self.to_move(observation))
        # The defence awaited, in words (the page's status line, the terminal's header): with
        # the dice this seat may defend with, from its own legal actions.
        dice = []
        if seat is not None and seat in view["to_move"] and view["phase"] == DEFEND:
            legal = self.legal_actions(observation, seat)
            dice = [int(a.args[0]) for a in legal if a.kind == "defend"]
        view["battle"] = battle_words(view, seat, dice, relic_notes(observation))
        return view

    def invariants(self, state: GodstormState) -> list[str]:
        return invariants(state)


def miracles_unseen(deck: str) -> int:
    """A masked card: which deck it came from is public (G6), the card is not."""
    return -2 - list(DECKS).index(deck)


def may_answer_with_sky(state: GodstormState, seat: Seat) -> bool:
    """G80, A12 [Sky Cards; Sky Cards in Battle]: whether the Sky window opens for an
    invaded `seat`: a player (not the neutral) holding a Sky card, with its god of the Sky in
    play (G63: no Sky card can be played without it). Reading: both facts are public (a hand's
    cards show their deck, G6; the gods stand on the board), so that the window opens tells the
    other seats nothing; whether a held Sky card is affordable, or has a target, is not asked
    here, since its cost and targets would tell which card it is: a defender who cannot play
    one passes. Takes a state or an observation (a masked card counts by its deck)."""
    if seat < 0 or not state.god_in_play(seat, DOMAINS.index(DECK_GOD["Sky"])):
        return False
    cards, masked = state.parts.cards, miracles_unseen("Sky")
    return any(c == masked or (c >= 0 and cards[c].deck == "Sky") for c in state.hands[seat])


def _defending_seat(state: GodstormState) -> Seat:
    """Who answers for the defender; for the neutral (G22), the attacker's opponent (A23
    [Setup for 2 Players])."""
    inv = state.invasion
    assert inv is not None
    if inv.underworld:
        return state.space_owner[inv.target] if state.phase != SKY else NOBODY
    if inv.defender == NEUTRAL:
        seats = range(state.players)
        return decider(inv.attacker, seats, [state.alive(s) for s in seats])
    return inv.defender


# -- legal actions ---------------------------------------------------------------------------
def _families(st: GodstormState, seat: Seat) -> list[Family]:
    earth = st.parts.earth
    phase = st.phase
    if phase == PANTHEON:
        taken = set(st.pantheon)
        return [
            Family("pantheon", (name,))
            for p, name in enumerate(st.parts.pantheons)
            if p not in taken
        ]
    if phase == PILE:
        return [Family("pile", (p + 1,)) for p, who in enumerate(st.piles) if who == NOBODY]
    if phase == CLAIM:
        return [
            Family("claim", (name,))
            for t, name in enumerate(earth.territories)
            if st.owner[t] == NOBODY
        ]
    if phase in (PLACE, RAISE):
        room = st.to_place[seat] if phase == RAISE else min(3 - st.placed, st.to_place[seat])
        places = [
            Family("place", (earth.territories[t],), range(1, room + 1))
            for t in st.territories_of(seat)
        ]
        rate = economy.decline_rate(st, seat) if phase == RAISE else 0
        if rate and st.to_place[seat] >= rate:  # Book of the Dead: raised armies for faith
            places.append(Family("decline", (), range(1, st.to_place[seat] // rate + 1)))
        return places
    if phase == BEGIN:
        mine = st.territories_of(seat)
        return [
            Family("begin", (earth.territories[g], earth.territories[t]))
            for g, t in product(mine, mine)
        ]
    if phase == BID:
        assert st.bids is not None
        return [Family("bid", (), range(0, st.bids.limit(seat) + 1))]
    if phase == MARKER:
        return [Family("marker", (m + 1,)) for m, s in enumerate(st.markers) if s == NOBODY]
    if phase == CRYPT:
        return [*crypt_moves(st, seat), Family("done")]
    if phase == GODS:
        return [*_gods_and_temples(st, seat), Family("done")]
    if phase == BUY:
        return _purchases(st, seat)
    if phase == PLAY:
        return [*_plays(st, seat, "play"), Family("done")]
    if phase == INVADE:
        return [*_invasions(st, seat), Family("done")]
    if phase == SKY:
        return [*_plays(st, seat, "attacked"), Family("pass")]
    if phase == GOD_ATTACK:
        assert st.invasion is not None
        return [Family("god", (DOMAINS[d],)) for d in st.invasion.force]
    if phase == GOD_DEFEND:
        assert st.invasion is not None
        return [Family("god", (DOMAINS[d],)) for d in st.gods_at(seat, st.invasion.target)]
    if phase == GOD_AGAIN:
        return [Family("fight"), Family("retreat")]
    if phase == ATTACK:
        return _attack_dice(st)
    if phase == DEFEND:
        assert st.invasion is not None
        most = defend_most(st) + defend_tablet(st)
        return [Family("defend", (), range(1, most + 1))]
    if phase == OCCUPY:
        assert st.invasion is not None
        least, most = occupy_range(st)
        return [Family("move", (), range(least, most + 1))]
    if phase == FORTIFY:
        return [*_fortifications(st, seat), Family("done")]
    if phase == EMBARK:
        under = st.parts.underworld
        return [
            Family("embark", (under.territories[s],), range(1, st.heaven[seat] + 1))
            for s in underworld.embark_targets(st, seat)
            if st.heaven[seat] > 0
        ] + [Family("done")]
    if phase == UNDERWORLD:
        return [*_underworld_invasions(st, seat), Family("done")]
    return []


def _allows(st: GodstormState, seat: Seat, action: Action) -> bool:
    """Whether `_families(st, seat)` lists `action`. A fortification or an invasion is looked
    for among its own source's families only, a summoning or temple among its territory's, a
    purchase alone: listing them all costs a path search from every territory (and 625
    purchases), which was most of a search's rollout. A miracle is looked for among its own
    card's plays, and the step's closing word (`_families`: "done", "pass" in the Sky
    window) without them: every card's every choice of targets is many."""
    kind, args, phase = action.kind, action.args, st.phase
    if kind == "buy" and phase == BUY:
        return action in Legal(_purchases(st, seat, args))
    if phase in (PLAY, SKY):
        if kind != "cast":
            return kind == ("done" if phase == PLAY else "pass") and not args
        cards = st.parts.cards
        held = [index for index in st.hands[seat] if args and cards[index].id == args[0]]
        return action in Legal(_plays(st, seat, "play" if phase == PLAY else "attacked", held))
    where = 1 if kind == "summon" else 0  # the territory's place among the arguments
    narrowed = (
        (kind == "fortify" and phase == FORTIFY)
        or (kind == "invade" and phase == INVADE)
        or (kind in ("summon", "temple") and phase == GODS)
    )
    if not narrowed:
        return action in Legal(_families(st, seat))
    earth = st.parts.earth
    named = args[where] if len(args) > where else None
    source = earth.index.get(named) if isinstance(named, str) else None
    if source is None:
        return False  # no territory; an alias is found, then fails the listing's exact names
    if phase == GODS:
        return action in Legal(_gods_and_temples(st, seat, [source]))
    listing = _fortifications if kind == "fortify" else _invasions
    return action in Legal(listing(st, seat, [source]))


def crypt_moves(st: GodstormState, seat: Seat) -> list[Family]:
    under, earth = st.parts.underworld, st.parts.earth
    return [
        Family("revive", (under.territories[c], earth.territories[t]))
        for c in underworld.spaces_of(st, seat, "crypt")
        if c not in st.revived
        for t in st.temples_of(seat)
        if underworld.revive_problem(st, seat, c, t) is None
    ]


def _gods_and_temples(
    st: GodstormState, seat: Seat, where: Sequence[int] | None = None
) -> list[Family]:
    """Every summoning and temple, or those in the territories `where` only."""
    earth = st.parts.earth
    mine = st.territories_of(seat)
    if where is not None:
        mine = [t for t in mine if t in where]
    out = [
        Family("summon", (DOMAINS[d], earth.territories[t]))
        for d in range(len(DOMAINS))
        for t in mine
        if economy.summon_problem(st, seat, d, t) is None
    ]
    out += [
        Family("temple", (earth.territories[t],))
        for t in mine
        if economy.temple_problem(st, seat, t) is None
    ]
    return out


def _purchases(
    st: GodstormState, seat: Seat, only: tuple[object, ...] | None = None
) -> list[Family]:
    """G55: one decision, a count per deck (War, Magic, Sky, Death), at most 4 in all; with
    `only`, just that one purchase if it is legal."""
    most = st.parts.constants["purchases_per_turn"]
    out = []
    every: Iterable[tuple[object, ...]] = product(range(most + 1), repeat=len(DECKS))
    for counts in every if only is None else [only]:
        numbers = tuple(k for k in counts if isinstance(k, int) and k >= 0)
        if len(numbers) != len(DECKS) or len(counts) != len(DECKS):
            continue
        named = dict(zip(DECKS, numbers, strict=True))
        if sum(numbers) <= most and economy.purchase_problem(st, seat, named) is None:
            out.append(Family("buy", numbers))
    return out


def _plays(
    st: GodstormState, seat: Seat, hook: str, held: Sequence[int] | None = None
) -> list[Family]:
    """Every card `seat` may play at `hook` (of the hand's cards `held` only, where given),
    with every legal choice of targets."""
    out = []
    for index in sorted(set(st.hands[seat] if held is None else held)):
        if miracles.play_problem(st, seat, index, hook) is not None:
            continue
        card = st.parts.cards[index]
        for values in target_choices(st, seat, card):
            if miracles.check_targets(st, seat, card, values) is None:
                out.append(Family("cast", (card.id, *target_words(st, card, values))))
    return out


def target_choices(st: GodstormState, seat: Seat, card: Any) -> list[tuple[int, ...]]:
    """Candidate target tuples for a card: territories, opponents or domains per target."""
    pools: list[list[tuple[int, ...]]] = []
    earth = st.parts.earth
    for kind in miracles.card_targets(card):
        if kind == "sea":
            pools.append([(a, b) for (a, b), k in earth.kind_of.items() if k == "sea" and a < b])
            continue
        values = (
            range(st.players)
            if kind == "player"
            else range(len(DOMAINS) if kind == "god" else len(earth))
        )
        pools.append([(v,) for v in values if miracles.target_problem(st, seat, kind, v) is None])
    return [tuple(v for part in combo for v in part) for combo in product(*pools)]


def target_words(st: GodstormState, card: Any, values: tuple[int, ...]) -> list[str]:
    words = []
    kinds = [k for k in miracles.card_targets(card) for _ in range(2 if k == "sea" else 1)]
    for kind, value in zip(kinds, values, strict=True):
        if kind == "player":
            words.append(st.names[value])
        elif kind == "god":
            words.append(DOMAINS[value])
        else:
            words.append(st.parts.earth.territories[value])
    return words


def _invasions(st: GodstormState, seat: Seat, sources: Sequence[int] | None = None) -> list[Family]:
    """Every invasion, or those from `sources` only."""
    earth = st.parts.earth
    out = []
    mine = st.territories_of(seat)
    for source in mine if sources is None else [s for s in sources if s in mine]:
        if st.armies[source] < 2:
            continue
        here = st.gods_at(seat, source)
        subsets = [
            [d for d, keep in zip(here, mask, strict=True) if keep]
            for mask in product((False, True), repeat=len(here))
        ]
        for target in earth.neighbors[source]:
            if invasion.invasion_problem(st, seat, source, target, 1, []) is not None:
                continue
            for gods in subsets:
                out.append(
                    Family(
                        "invade",
                        (earth.territories[source], earth.territories[target], gods_arg(gods)),
                        range(1, st.armies[source]),
                    )
                )
    return out


def _attack_dice(st: GodstormState) -> list[Family]:
    inv = st.invasion
    assert inv is not None
    if inv.underworld:
        source = None if inv.source < 0 else inv.source
        most = min(3, underworld.underworld_available(st, inv.attacker, source))
    else:
        most = invasion.attack_dice_most(st, inv) + attack_tablet(st)
    out = [Family("roll", (), range(1, most + 1))] if most >= 1 else []
    if inv.attacked or most < 1:
        out.append(Family("retreat"))
    return out


def _tablet_die(st: GodstormState, seat: Seat, armies: int, most: int, full: int) -> int:
    """1 where Tablet of Destiny offers `seat` one die more than the `most` G90 allows (see
    `economy.tablet_rate`), else 0: only to a side already rolling its `full` dice (3 to
    attack, 2 to defend, before a Sky card's die) with more `armies` able to roll than that,
    on Ancient Earth, that can pay. An attacker rolling 4 then moves at least 4 in (G94)."""
    rate = economy.tablet_rate(st, seat)
    return int(rate > 0 and most >= full and armies > most and st.faith[seat] >= rate)


def attack_tablet(st: GodstormState) -> int:
    """1 where the attacker may buy Tablet of Destiny's die (`_tablet_die`), else 0."""
    inv = st.invasion
    assert inv is not None
    if inv.underworld:
        return 0
    most = invasion.attack_dice_most(st, inv)
    return _tablet_die(st, inv.attacker, st.armies[inv.source] - 1, most, 3)


def defend_tablet(st: GodstormState) -> int:
    """1 where the defender may buy Tablet of Destiny's die (`_tablet_die`), else 0."""
    inv = st.invasion
    assert inv is not None
    if inv.underworld or inv.defender < 0:  # nobody, or the neutral (no relics)
        return 0
    armies = st.armies[inv.target]
    return _tablet_die(st, inv.defender, armies, min(2, armies), 2)


def defend_most(st: GodstormState) -> int:
    inv = st.invasion
    assert inv is not None
    if inv.underworld:
        return min(2, st.space_armies[inv.target])
    return invasion.defend_dice_most(st, inv, st.sky or invasion.NO_SKY)


def occupy_range(st: GodstormState) -> tuple[int, int]:
    inv = st.invasion
    assert inv is not None
    if inv.underworld:
        source = None if inv.source < 0 else inv.source
        most = underworld.underworld_available(st, inv.attacker, source)
    else:
        most = st.armies[inv.source] - 1
    return min(max(1, inv.last_dice), most), most


def _fortifications(
    st: GodstormState, seat: Seat, sources: Sequence[int] | None = None
) -> list[Family]:
    """G100, G101, A32 [7. Fortify a Position]: from each territory (or each of `sources`), along
    paths of one's own, armies (1 stays) and/or the gods there (never ending in a plague land)."""
    earth = st.parts.earth
    out = []
    mine = st.territories_of(seat)
    for source in mine if sources is None else [s for s in sources if s in mine]:
        here = st.gods_at(seat, source)
        subsets = [
            [d for d, keep in zip(here, mask, strict=True) if keep]
            for mask in product((False, True), repeat=len(here))
        ]
        most = st.armies[source] - 1
        for target in sorted(underworld.fortify_reach(st, seat, source) - {source}):
            for gods in subsets:
                least = 0 if gods else 1
                if most < least or (gods and st.plague[target]):
                    continue
                out.append(
                    Family(
                        "fortify",
                        (earth.territories[source], earth.territories[target], gods_arg(gods)),
                        range(least, most + 1),
                    )
                )
    return out


def _underworld_invasions(st: GodstormState, seat: Seat) -> list[Family]:
    under = st.parts.underworld
    out = []
    sources: list[int | None] = [None, *underworld.spaces_of(st, seat)]
    for source in sources:
        for target in range(len(under)):
            if underworld.underworld_attack_problem(st, seat, source, target) is None:
                word = HEAVEN if source is None else under.territories[source]
                out.append(Family("descend", (word, under.territories[target])))
    return out


# -- handlers --------------------------------------------------------------------------------
def _h_pantheon(st: GodstormState, seat: Seat, a: Action, ev: list[Event]) -> None:
    """1.0 step 3: pantheons chosen from the highest roll down; then the deal (G16) from the
    first chooser clockwise, and placement from the seat after the last card (A22 [Setup §3])."""
    st.pantheon[seat] = st.parts.pantheons.index(str(a.args[0]))
    ev.append(Event("pantheon", f"Player {seat + 1} leads the {a.args[0]}", {"seat": seat}))
    st.queue.pop(0)
    if st.queue:
        return
    if st.players == 2:  # G21, A23 [Setup for 2 Players]: the first chooser picks a pile first
        st.neutral_pantheon = neutral_pantheon(st)
        st.piles = [NOBODY] * PILES
        st.queue = [st.first, 1 - st.first]
        st.phase = PILE
        return
    if st.options.get("setup") == "claim":  # G20: a new roll finds the first to claim
        count_out(st)
        rank, rolls = choosing_order(st.rng, st.players)
        shown = ", ".join(f"{st.names[s]} {face}" for s, face in rolls)
        ev.append(Event("first-claim", f"Rolls to claim first: {shown}", reveals=True))
        st.queue = [(rank[0] + k) % st.players for k in range(st.players)]
        st.phase = CLAIM
        return
    last = deal(st, st.first)
    # A14 [Setup; Turn Overview]: territory cards only seat the armies; nobody earns or trades
    # them during play (no step of the Turn Overview draws or trades one).
    ev.append(Event("deal", "The territory cards are dealt", reveals=True))
    _start_placement(st, last)


def _start_placement(st: GodstormState, last: Seat) -> None:
    """G17, A22 [Setup §3]: 3 at a time, from the seat after the one who took the last card, claim
    or pile."""
    st.queue = [(last + 1 + k) % st.players for k in range(st.players)]
    st.phase = PLACE
    _next_placer(st)


def _h_pile(st: GodstormState, seat: Seat, a: Action, ev: list[Event]) -> None:
    """G21: each player takes a different face-down pile; once both have, the piles are dealt
    and the one left is neutral."""
    st.piles[int(a.args[0]) - 1] = seat
    ev.append(Event("pile", f"{st.does(seat, 'takes')} pile {a.args[0]}", {"seat": seat}))
    st.queue.pop(0)
    if st.queue:
        return
    deal_piles(st)
    neutral = st.parts.pantheons[st.neutral_pantheon]
    ev.append(Event("deal", f"The piles are dealt; the {neutral} are neutral", reveals=True))
    _start_placement(st, seat)


def _h_claim(st: GodstormState, seat: Seat, a: Action, ev: list[Event]) -> None:
    """G20: one army at a time onto an unoccupied territory, clockwise, until all are taken."""
    claim(st, seat, st.parts.earth.territory(str(a.args[0])))
    ev.append(Event("claim", f"{st.does(seat, 'claims')} {a.args[0]}", {"seat": seat}))
    if NOBODY in st.owner:
        st.queue.append(st.queue.pop(0))
        return
    _start_placement(st, seat)


def _h_place(st: GodstormState, seat: Seat, a: Action, ev: list[Event]) -> None:
    t = st.parts.earth.territory(str(a.args[0]))
    count = int(a.args[1])
    st.armies[t] += count
    st.to_place[seat] -= count
    placed = f"{st.does(seat, 'places')} {ARMIES.of(count)} in {a.args[0]}"
    ev.append(Event("place", placed, {"seat": seat}))
    if st.phase == RAISE:
        if st.to_place[seat] == 0:
            _after_raise(st, seat, ev)
        return
    st.placed += count
    if st.placed >= 3 or st.to_place[seat] == 0:
        st.placed = 0
        st.queue.append(st.queue.pop(0))
        _next_placer(st)


def _h_decline(st: GodstormState, seat: Seat, a: Action, ev: list[Event]) -> None:
    """Book of the Dead: raised armies turned down for faith (G38: only raised ones, so only
    in step 1's placing, before the crypt and temple armies)."""
    faith = int(a.args[0])
    armies = economy.decline(st, seat, faith)
    ev.append(
        Event("decline", f"{st.does(seat, 'declines')} {ARMIES.of(armies)} for {faith} faith", {})
    )
    if st.to_place[seat] == 0:
        _after_raise(st, seat, ev)


def _next_placer(st: GodstormState) -> None:
    """G17: 3 at a time in order until every starting army is placed; then gods of war and
    temples, from the seat after the last placer (A22 [Setup §3])."""
    for _ in range(st.players):
        if st.to_place[st.queue[0]] > 0:
            return
        st.queue.append(st.queue.pop(0))
    st.phase = BEGIN


def _h_begin(st: GodstormState, seat: Seat, a: Action, ev: list[Event]) -> None:
    """G18: the god of war and one temple, free, in territories you control; then 3 faith
    each (G19) and the first bid."""
    earth = st.parts.earth
    god, temple = earth.territory(str(a.args[0])), earth.territory(str(a.args[1]))
    st.gods[seat][WAR] = god
    banish_gods_without_armies(st, god)  # G45, A21 [Setup §1]: placed in a plague land, banished
    st.temple[temple] = True
    # Both go on the open board (G18): the log says where, as a summon's line does.
    war_god = st.parts.gods[st.pantheon[seat]][WAR]
    ev.append(
        Event(
            "begin",
            f"{st.does(seat, 'places')} {war_god}, god of war, in {earth.territories[god]} "
            f"and a temple in {earth.territories[temple]}",
            {},
        )
    )
    st.queue.pop(0)
    if st.queue:
        return
    for s in range(st.players):
        st.faith[s] = st.parts.constants["starting_faith"]
    order.open_bids(st)
    st.phase = BID


def _h_bid(st: GodstormState, seat: Seat, a: Action, ev: list[Event]) -> None:
    ev += order.place_bid(st, seat, int(a.args[0]))
    if st.bids is None:
        st.phase = MARKER


def _h_marker(st: GodstormState, seat: Seat, a: Action, ev: list[Event]) -> None:
    order.choose_marker(st, seat, int(a.args[0]))
    ev.append(Event("marker", f"{st.does(seat, 'takes')} marker {a.args[0]}", {"seat": seat}))
    if not st.bid_rank:
        st.turn = 0
        _start_turn(st, ev)


def _start_turn(st: GodstormState, ev: list[Event]) -> None:
    """1.2: a new turn; Pandora's Box first (start-of-turn relics), then §1's income: faith at
    once, armies from the reserve to place (A2 [Artifacts of the Past; 9. Invade the Underworld],
    A34 [1. Raise Armies and Gather Faith])."""
    seat = order.current(st)
    st.conquests = 0
    st.labors = []
    st.revived = []
    st.free_card = NOBODY
    ev.append(Event("turn", f"Epoch {st.epoch}: {possessive(st.names[seat])} turn", {"seat": seat}))
    for relic in st.relics[seat][:]:  # a card drawn here is no relic acting now
        for effect in st.parts.cards[relic].effects:
            if effect.hook != "start-of-turn" or effect.primitive != "draw-cards":
                continue
            for _ in range(int(getattr(effect.params, "count", 1))):
                card = economy.draw(st, seat, getattr(effect.params, "deck", "Death"))
                if card is None:
                    break
                ev.append(economy.drawn_event(st, seat, card, st.parts.cards[relic].name))
                if getattr(effect.params, "play_free", False):  # of one card (hook_problems)
                    st.free_card = card  # R7 [not in the rulebook: Pandora's Box, public FAQ]
    got = economy.income(st, seat)
    # A25 [Setup §4: Gain Faith Tokens]: the pool has no limit; only temples are limited (G43),
    # so faith grows freely. A38 [1. Raise Armies and Gather Faith]: faith gathered now may be
    # spent later this same turn (steps 2 to 4, Sky cards).
    st.faith[seat] += got.faith
    st.to_place[seat] = economy.take_from_reserve(st, seat, got.armies)
    ev.append(
        Event(
            "raise",
            f"{st.does(seat, 'raises')} {ARMIES.of(st.to_place[seat])} and {got.faith} faith",
            {"seat": seat, "armies": st.to_place[seat], "faith": got.faith},
        )
    )
    st.phase = RAISE
    if st.to_place[seat] == 0:
        _after_raise(st, seat, ev)


def _after_raise(st: GodstormState, seat: Seat, ev: list[Event]) -> None:
    """A37 [1. Raise Armies and Gather Faith]: crypt revivals next (if any is possible), then the
    temple armies (G34)."""
    st.phase = CRYPT
    if not crypt_moves(st, seat):
        _temple_armies(st, seat, ev)


def _temple_armies(st: GodstormState, seat: Seat, ev: list[Event]) -> None:
    """G34: 1 army from the reserve at each temple the player controls (A34
    [1. Raise Armies and Gather Faith]: none if empty)."""
    placed = []
    for t in st.temples_of(seat):
        if economy.take_from_reserve(st, seat, 1):
            st.armies[t] += 1
            placed.append(st.parts.earth.territories[t])
    if placed:
        where = f"the temple in {placed[0]}" if len(placed) == 1 else "each temple: "
        text = f"{st.does(seat, 'places')} 1 army at {where}"
        ev.append(Event("temples", text + (", ".join(placed) if len(placed) > 1 else ""), {}))
    st.phase = GODS


def _h_revive(st: GodstormState, seat: Seat, a: Action, ev: list[Event]) -> None:
    crypt = st.parts.underworld.territory(str(a.args[0]))
    underworld.revive(st, seat, crypt, st.parts.earth.territory(str(a.args[1])))
    st.revived.append(crypt)
    ev.append(Event("revive", f"{st.does(seat, 'revives')} an army from {a.args[0]}", {}))
    if not crypt_moves(st, seat):
        _temple_armies(st, seat, ev)


def _h_summon(st: GodstormState, seat: Seat, a: Action, ev: list[Event]) -> None:
    domain = DOMAINS.index(str(a.args[0]))
    banished = economy.summon(st, seat, domain, st.parts.earth.territory(str(a.args[1])))
    god = st.parts.gods[st.pantheon[seat]][domain]
    ev.append(Event("summon", f"{st.does(seat, 'summons')} {god} to {a.args[1]}", {"seat": seat}))
    if banished:
        ev.append(Event("banished", f"The plague banishes {god} at once (A21 [Setup §1])", {}))


def _h_temple(st: GodstormState, seat: Seat, a: Action, ev: list[Event]) -> None:
    economy.build_temple(st, seat, st.parts.earth.territory(str(a.args[0])))
    ev.append(Event("temple", f"{st.does(seat, 'builds')} a temple in {a.args[0]}", {}))


def _h_buy(st: GodstormState, seat: Seat, a: Action, ev: list[Event]) -> None:
    counts = dict(zip(DECKS, (int(x) for x in a.args), strict=True))
    drawn = economy.buy(st, seat, counts)
    ev += [economy.drawn_event(st, seat, card, verb="buys") for card in drawn]
    st.phase = PLAY


def _card_values(st: GodstormState, card: Any, words: tuple[Any, ...]) -> list[int]:
    kinds = [k for k in miracles.card_targets(card) for _ in range(2 if k == "sea" else 1)]
    values = []
    for kind, word in zip(kinds, words, strict=True):
        if kind == "player":
            values.append(st.names.index(str(word)))
        elif kind == "god":
            values.append(DOMAINS.index(str(word)))
        else:
            values.append(st.parts.earth.territory(str(word)))
    return values


def _h_cast(st: GodstormState, seat: Seat, a: Action, ev: list[Event]) -> None:
    index = next(i for i, c in enumerate(st.parts.cards) if c.id == a.args[0])
    card = st.parts.cards[index]
    free = index == st.free_card
    if free:
        st.free_card = NOBODY
    inv = st.invasion if st.phase == SKY else None
    effects, more = miracles.play(st, seat, index, _card_values(st, card, a.args[1:]), free, inv)
    ev += more
    if st.phase == SKY:
        st.sky = _merge(st.sky or invasion.NO_SKY, effects)
    _check_survivors(st, ev)


def _merge(old: invasion.SkyEffects, new: invasion.SkyEffects) -> invasion.SkyEffects:
    return invasion.SkyEffects(
        old.cancel or new.cancel,
        old.reduce + new.reduce,
        old.defend_extra_dice + new.defend_extra_dice,
        old.defend_reroll or new.defend_reroll,
        old.defend_reroll_until or new.defend_reroll_until,
        old.defend_wins_ties or new.defend_wins_ties,
    )


def _h_done(st: GodstormState, seat: Seat, a: Action, ev: list[Event]) -> None:
    """Ends the optional step the player is in, moving to the next (G30)."""
    if st.phase == CRYPT:
        _temple_armies(st, seat, ev)
    elif st.phase == GODS:
        st.phase = BUY
    elif st.phase == PLAY:
        struck = suffer_plague(st, seat)  # §5, automatic (G73-G75)
        for t, lost in struck:
            if lost:
                ev.append(
                    Event(
                        "plague",
                        f"Plague: {lost} die in {st.parts.earth.territories[t]}",
                        {"lost": lost},
                    )
                )
        st.phase = INVADE
        _check_survivors(st, ev)
    elif st.phase == INVADE:
        st.phase = FORTIFY
    elif st.phase == FORTIFY:
        st.phase = EMBARK
    elif st.phase == EMBARK:
        st.phase = UNDERWORLD
    elif st.phase == UNDERWORLD:
        _end_turn(st, seat, ev)


def _h_invade(st: GodstormState, seat: Seat, a: Action, ev: list[Event]) -> None:
    earth = st.parts.earth
    source, target = earth.territory(str(a.args[0])), earth.territory(str(a.args[1]))
    gods = parse_gods(a.args[2]) or []
    committed = int(a.args[3])
    problem = invasion.invasion_problem(st, seat, source, target, committed, gods)
    if problem is not None:
        raise IllegalAction(problem)
    st.invasion = invasion.declare(st, seat, source, target, committed, gods)
    st.sky = None
    # whose territory is invaded, as Classic's battle lines say it: the dice that follow are
    # "attacker" and "defender" only
    invaded = f"{st.does(seat, 'invades')} {st.held(target)} from {a.args[0]}"
    ev.append(Event("invade", f"{invaded} with {ARMIES.of(committed)}", {"seat": seat}))
    # A15 [War Cards; Eliminating a Player]: no defender, no dice
    if st.invasion.defender == NOBODY:
        st.phase = OCCUPY
        return
    defender = st.invasion.defender
    if may_answer_with_sky(st, defender):
        st.phase = SKY
        return
    _after_sky(st)


def _h_pass(st: GodstormState, seat: Seat, a: Action, ev: list[Event]) -> None:
    """The invaded player answers with no Sky card: logged, as every decision is (an `undo`
    names the decision it takes back; the window's asking was public already)."""
    ev.append(Event("pass", f"{st.does(seat, 'plays')} no Sky card", {"seat": seat}))
    _after_sky(st)


def _after_sky(st: GodstormState) -> None:
    inv = st.invasion
    assert inv is not None
    sky = st.sky or invasion.NO_SKY
    # A Sky card may cancel the invasion, leave the source too few armies, or cover the very
    # water connection it crosses with the maelstrom (nothing crosses it, R8
    # [Readying for War; its duration not in the rulebook: reconstructed]): it ends.
    cut = not invasion.adjacent(st, inv.source, inv.target)
    if sky.cancel or st.armies[inv.source] < 2 or cut:
        _end_invasion(st)
        return
    committed = max(1, min(inv.committed - sky.reduce, st.armies[inv.source] - 1))
    force = tuple(d for d in inv.force if st.gods[inv.attacker][d] == inv.source)
    st.invasion = inv.__class__(**{**_as_dict(inv), "committed": committed, "force": force})
    st.phase = GOD_ATTACK if invasion.godswar_due(st, st.invasion) else ATTACK


def _as_dict(inv: invasion.Invasion) -> dict[str, Any]:
    return {name: getattr(inv, name) for name in inv.__slots__}


def _end_invasion(st: GodstormState) -> None:
    """The declared invasion ends before any dice (a Sky card cancelled it, left the source
    too few armies or cut the connection): back to declaring (Earth invasions only have a Sky
    window, A12 [Sky Cards; Sky Cards in Battle])."""
    st.invasion = None
    st.sky = None
    st.chosen_god = NOBODY
    st.phase = INVADE


def _h_god(st: GodstormState, seat: Seat, a: Action, ev: list[Event]) -> None:
    domain = DOMAINS.index(str(a.args[0]))
    if st.phase == GOD_ATTACK:
        st.chosen_god = domain
        st.phase = GOD_DEFEND
        return
    inv = st.invasion
    assert inv is not None
    st.invasion, more = invasion.fight_godswar(st, inv, st.chosen_god, domain)
    ev += more
    st.chosen_god = NOBODY
    if invasion.godswar_due(st, st.invasion):
        st.phase = GOD_AGAIN
    else:
        st.phase = ATTACK


def _h_fight(st: GodstormState, seat: Seat, a: Action, ev: list[Event]) -> None:
    st.phase = GOD_ATTACK


def _h_retreat(st: GodstormState, seat: Seat, a: Action, ev: list[Event]) -> None:
    """G81, A9 [Godswar]: calling the invasion off (after at least one attack)."""
    inv = st.invasion
    assert inv is not None
    ev.append(Event("retreat", f"{st.does(seat, 'calls')} the invasion off", {}))
    underworld_turn = inv.underworld
    st.invasion = None
    st.sky = None
    st.phase = UNDERWORLD if underworld_turn else INVADE


def _h_roll(st: GodstormState, seat: Seat, a: Action, ev: list[Event]) -> None:
    st.attack_dice = int(a.args[0])
    inv = st.invasion
    assert inv is not None
    if not inv.underworld and st.attack_dice > invasion.attack_dice_most(st, inv):
        _pay_tablet(st, inv.attacker, st.attack_dice, ev)
    st.phase = DEFEND


def _pay_tablet(st: GodstormState, seat: Seat, dice: int, ev: list[Event]) -> None:
    """The die Tablet of Destiny adds is paid for as it is announced."""
    rate = economy.tablet_rate(st, seat)
    st.faith[seat] -= rate
    ev.append(
        Event(
            "tablet",
            f"{st.does(seat, 'sacrifices')} {rate} faith to the Tablet of Destiny: {dice} dice",
            {"seat": seat, "faith": rate, "dice": dice},
        )
    )


def _h_defend(st: GodstormState, seat: Seat, a: Action, ev: list[Event]) -> None:
    inv = st.invasion
    assert inv is not None
    defend = int(a.args[0])
    if defend > defend_most(st):
        _pay_tablet(st, inv.defender, defend, ev)
    if inv.underworld:
        source = None if inv.source < 0 else inv.source
        ev += underworld.underworld_roll(
            st, inv.attacker, source, inv.target, st.attack_dice, defend
        )
        st.invasion = inv.__class__(
            **{**_as_dict(inv), "attacked": True, "last_dice": st.attack_dice}
        )
        won = st.space_armies[inv.target] == 0
        left = underworld.underworld_available(st, inv.attacker, source)
    else:
        st.invasion, more = invasion.army_roll(
            st, inv, st.attack_dice, defend, st.sky or invasion.NO_SKY
        )
        ev += more
        won = st.armies[inv.target] == 0
        left = st.armies[inv.source] - 1
    if won:
        # Taken when its last army falls, as Classic's log says it; the moving in follows.
        board = st.parts.underworld if inv.underworld else st.parts.earth
        name = board.territories[inv.target]
        who = st.names[inv.defender] if inv.defender >= 0 else "the neutral"
        ev.append(
            Event(
                "capture",
                f"{st.does(inv.attacker, 'captures')} {name}",
                {"seat": inv.attacker, "territory": name, "from": who},
            )
        )
        st.phase = OCCUPY
    elif left < 1:
        _h_retreat(st, inv.attacker, a, ev)
    else:
        st.phase = ATTACK


def _h_move(st: GodstormState, seat: Seat, a: Action, ev: list[Event]) -> None:
    inv = st.invasion
    assert inv is not None
    moving = int(a.args[0])
    if inv.underworld:
        source = None if inv.source < 0 else inv.source
        underworld.occupy_space(st, seat, source, inv.target, moving)
        spaces = st.parts.underworld.territories
        start = spaces[st.parts.heaven[st.pantheon[seat]] if source is None else source]
        name = spaces[inv.target]
        ev.append(
            Event(
                "move",
                f"{st.does(seat, 'moves')} {ARMIES.of(moving)} into {name}",
                {"seat": seat, "from": start, "to": name, "armies": moving},
            )
        )
        st.invasion = None
        st.phase = UNDERWORLD
        return
    ev += invasion.capture(st, inv, moving)
    st.invasion = None
    st.sky = None
    st.phase = INVADE
    _check_survivors(st, ev)


def _h_fortify(st: GodstormState, seat: Seat, a: Action, ev: list[Event]) -> None:
    earth = st.parts.earth
    source, target = earth.territory(str(a.args[0])), earth.territory(str(a.args[1]))
    gods = parse_gods(a.args[2]) or []
    armies = int(a.args[3])
    underworld.fortify(st, seat, source, target, armies, gods)
    # What moved, as an invasion's line says it: the armies and the gods by name.
    names = st.parts.gods[st.pantheon[seat]]
    moved = ([ARMIES.of(armies)] if armies else []) + [names[d] for d in gods]
    ev.append(
        Event(
            "fortify",
            f"{st.does(seat, 'fortifies')} {a.args[1]} from {a.args[0]} with {' and '.join(moved)}",
            {},
        )
    )
    st.phase = EMBARK  # G100: one move


def _h_embark(st: GodstormState, seat: Seat, a: Action, ev: list[Event]) -> None:
    space = st.parts.underworld.territory(str(a.args[0]))
    underworld.embark(st, seat, space, int(a.args[1]))
    armies = ARMIES.of(int(a.args[1]))
    ev.append(Event("embark", f"{st.does(seat, 'embarks')} {armies} into {a.args[0]}", {}))


def _h_descend(st: GodstormState, seat: Seat, a: Action, ev: list[Event]) -> None:
    under = st.parts.underworld
    source = -1 if a.args[0] == HEAVEN else under.territory(str(a.args[0]))
    target = under.territory(str(a.args[1]))
    defender = st.space_owner[target] if st.space_armies[target] > 0 else NOBODY
    st.invasion = invasion.Invasion(seat, source, target, 1, (), defender, underworld=True)
    ev.append(Event("descend", f"{st.does(seat, 'invades')} {a.args[1]}", {"seat": seat}))
    # A16 [9. Invade the Underworld; Eliminating a Player]: an empty space, no dice
    st.phase = OCCUPY if defender == NOBODY else ATTACK


def _end_turn(st: GodstormState, seat: Seat, ev: list[Event]) -> None:
    """§10: the Death Labor, then the next marker; after the last, the epoch ends (G29). A
    free card from Pandora's Box not played is now held like any other (R7
    [not in the rulebook: Pandora's Box, public FAQ])."""
    ev += underworld.death_labor(st, seat)
    _next_marker(st, ev)


def _next_marker(st: GodstormState, ev: list[Event]) -> None:
    """A turn is over, however it ended: its free card with it (R7
    [not in the rulebook: Pandora's Box, public FAQ]), the maelstrom if it lasted the turn (R8
    [Readying for War; its duration not in the rulebook: reconstructed]); the next marker's turn,
    else the next epoch's bid, else scoring."""
    st.free_card = NOBODY
    miracles.expire_maelstrom(st, "turn")
    if order.next_turn(st):
        _start_turn(st, ev)
        return
    miracles.expire_maelstrom(st, "epoch")
    if order.end_epoch(st):
        st.phase = BID
        ev.append(Event("epoch", f"Epoch {st.epoch} begins: bid faith for turn order", {}))
        return
    _finish(st, final_outcome(st), ev)


def _check_survivors(st: GodstormState, ev: list[Event]) -> None:
    """A24 [4. Play Miracle Cards; Eliminating a Player]: a player whose last Earth army dies
    outside battle is out too; with one player left, that player wins at once."""
    for s in range(st.players):
        if st.alive(s) and not st.territories_of(s):
            eliminate(st, s)
            ev.append(Event("eliminated", f"{st.does(s, 'is')} eliminated", {"seat": s}))
    alive = [s for s in range(st.players) if st.alive(s)]
    if len(alive) == 1:
        ranking = (alive[0], *reversed(st.eliminated))
        _finish(st, Outcome((alive[0],), "last pantheon standing", ranking), ev)
    elif st.phase != OVER and order.active(st) >= 0 and not st.alive(order.active(st)):
        _end_turn_of_eliminated(st, ev)


def _end_turn_of_eliminated(st: GodstormState, ev: list[Event]) -> None:
    """A27 [Start of an Epoch; Eliminating a Player]: the active player went out (by its own card):
    the epoch moves on."""
    st.invasion = None
    st.sky = None
    st.chosen_god = NOBODY
    _next_marker(st, ev)


def _finish(st: GodstormState, outcome: Outcome, ev: list[Event]) -> None:
    st.outcome = outcome
    st.phase = OVER
    names = " and ".join(st.names[s] for s in outcome.winners)
    ev.append(Event("game-over", f"{names} win: {outcome.reason}", outcome.to_json()))


_HANDLERS = {
    "pantheon": _h_pantheon,
    "pile": _h_pile,
    "claim": _h_claim,
    "place": _h_place,
    "decline": _h_decline,
    "begin": _h_begin,
    "bid": _h_bid,
    "marker": _h_marker,
    "revive": _h_revive,
    "summon": _h_summon,
    "temple": _h_temple,
    "buy": _h_buy,
    "cast": _h_cast,
    "done": _h_done,
    "invade": _h_invade,
    "pass": _h_pass,
    "god": _h_god,
    "fight": _h_fight,
    "retreat": _h_retreat,
    "roll": _h_roll,
    "defend": _h_defend,
    "move": _h_move,
    "fortify": _h_fortify,
    "embark": _h_embark,
    "descend": _h_descend,
}


# -- views and checks --------------------------------------------------------------------------
def describe(st: GodstormState, seat: Seat | None, movers: tuple[Seat, ...]) -> dict[str, Any]:
    """An observation as JSON: both boards, pieces, faith, cards as this seat may see them.

    Territory and space rows name their owner and seat as Classic's do (so the terminal and the
    page draw them as any RISK board), and carry the pieces that stand there; a heaven shows the
    dead of the pantheon it belongs to. The seat's own hand comes in full (`cards`: id, deck,
    cost, what it does); every other hand as counts by deck (G6)."""
    earth, under = st.parts.earth, st.parts.underworld
    cards = st.parts.cards

    def card_text(c: int) -> str:
        return cards[c].name if c >= 0 else f"a {list(DECKS)[-2 - c]} card"

    def holder(o: int) -> tuple[str | None, int | None]:
        return st.holder_name(o), (o if o >= 0 else None)

    def deck_of(c: int) -> str:
        return cards[c].deck if c >= 0 else list(DECKS)[-2 - c]

    heaven_of = {  # Underworld space -> the seat whose dead it holds
        st.parts.heaven[st.pantheon[s]]: s for s in range(st.players) if st.pantheon[s] >= 0
    }
    gods_at: dict[int, list[dict[str, Any]]] = {}
    for s in range(st.players):
        for d, where in enumerate(st.gods[s]):
            if where != BANISHED:
                name = st.parts.gods[st.pantheon[s]][d]
                gods_at.setdefault(where, []).append(
                    {"seat": s, "domain": DOMAINS[d], "name": name}
                )
    out: dict[str, Any] = {
        "mode": Godstorm.id,
        "board": earth.id,
        "underworld_board": under.id,
        "phase": st.phase,
        "step": STEPS[st.phase],
        "to_move": list(movers),
        "epoch": st.epoch,
        "neutral": (
            st.parts.pantheons[st.neutral_pantheon] if st.neutral_pantheon != NOBODY else None
        ),
        "epochs": st.parts.constants["epochs"],
        # A seat's turn each epoch, counted over the game (what simulations and charts read;
        # a seat out of the game leaves its turns uncounted), and the marker whose holder is
        # to play now.
        "turn": (st.epoch - 1) * st.players + st.turn,
        "turn_of_epoch": st.turn,
        "current": order.active(st) if order.active(st) >= 0 else None,
        "players": [
            {
                "name": st.names[s],
                "pantheon": st.names[s] if st.pantheon[s] >= 0 else None,
                "faith": st.faith[s],
                "heaven": st.heaven[s],
                "reserve": None if economy.unlimited(st) else st.reserve[s],  # A2's option
                "to_place": st.to_place[s],
                "gods": {
                    DOMAINS[d]: (earth.territories[w] if w != BANISHED else None)
                    for d, w in enumerate(st.gods[s])
                },
                "god_names": (
                    dict(zip(DOMAINS, st.parts.gods[st.pantheon[s]], strict=True))
                    if st.pantheon[s] >= 0
                    else {}
                ),
                "hand": [card_text(c) for c in st.hands[s]],
                "hand_counts": {d: sum(deck_of(c) == d for c in st.hands[s]) for d in DECKS},
                "relics": [cards[c].name for c in st.relics[s]],
                "points": score(st, s).points if st.alive(s) else 0,
                "eliminated": not st.alive(s),
            }
            for s in range(st.players)
        ],
        "territories": [
            {
                "name": earth.territories[t],
                "region": earth.regions[earth.region_of[t]],
                "owner": holder(st.owner[t])[0],
                "seat": holder(st.owner[t])[1],
                "armies": st.armies[t],
                "plague": st.plague[t],
                "temple": st.temple[t],
                "gods": gods_at.get(t, []),
                "sunk": st.gone(t),
            }
            for t in range(len(earth))
        ],
        "underworld": [
            {
                "name": under.territories[s],
                "kind": under.space_kind[s],
                "owner": holder(heaven_of.get(s, st.space_owner[s]))[0],
                "seat": holder(heaven_of.get(s, st.space_owner[s]))[1],
                "armies": st.heaven[heaven_of[s]] if s in heaven_of else st.space_armies[s],
            }
            for s in range(len(under))
        ],
        "decks": {deck: len(c) for deck, c in st.decks.items()},
        "markers": list(st.markers),
        "bid_rank": list(st.bid_rank),
        "bids": None if st.bids is None else [b for b in st.bids.bids],
        "bidders": None if st.bids is None else list(st.bids.bidders),
        "sunk": st.sunk,
        "maelstrom": (
            None if st.maelstrom is None else [earth.territories[t] for t in st.maelstrom]
        ),
        "conquests": st.conquests,
        "labors": list(st.labors),
        "invasion": _invasion_view(st),
        "outcome": None if st.outcome is None else st.outcome.to_json(),
    }
    if seat is not None and 0 <= seat < st.players:
        out["seat"] = seat
        out["cards"] = [
            {
                "id": cards[c].id,
                "name": cards[c].name,
                "deck": cards[c].deck,
                "cost": miracles.cost_of(st, seat, cards[c]),
                "free": c == st.free_card,
                "does": card_words(cards[c]),
            }
            for c in st.hands[seat]
        ]
    return out


def card_words(card: Any) -> str:
    """What a card does, from its effects (most titles and texts are reconstructed, M3), in
    plain words: "played in your turn: 3 armies from your reserve to one of your territories"."""
    return effects_words([(e.hook, e.primitive, e.params) for e in card.effects])


def _invasion_view(st: GodstormState) -> dict[str, Any] | None:
    """The invasion being fought: who, from where (a heaven for an Underworld raid from it),
    to where, with what; the attacker's dice once announced and its god once chosen (G83: the
    attacker chooses first, in the open)."""
    inv = st.invasion
    if inv is None:
        return None
    board = st.parts.underworld if inv.underworld else st.parts.earth
    if inv.source < 0:
        source = st.parts.underworld.territories[st.parts.heaven[st.pantheon[inv.attacker]]]
    else:
        source = board.territories[inv.source]
    return {
        "attacker": inv.attacker,
        "from": source,
        "to": board.territories[inv.target],
        "defender": inv.defender if inv.defender >= 0 else None,
        # Who holds the target by name: the neutral too (no seat, yet not nobody, G22).
        "holder": st.holder_name(inv.defender),
        "committed": inv.committed,
        "gods": [DOMAINS[d] for d in inv.force],
        "underworld": inv.underworld,
        "attacked": inv.attacked,
        "dice": st.attack_dice if st.phase == DEFEND else None,
        "god": DOMAINS[st.chosen_god] if st.chosen_god != NOBODY else None,
    }


def relic_notes(st: GodstormState) -> list[str]:
    """What either side's relics do to the army battle awaiting its defence (G71: relics act
    whenever the card allows; the Underworld's dice are plain, G110), in the words of
    `battle_words`' notes, so a defender sees all that bears on its choice: the rerolls and
    ties of `battle.relic_rule`, and the defender's Tablet of Destiny die with its price
    (`defend_tablet`), which the defence would otherwise take without saying."""
    inv = st.invasion
    if st.phase != DEFEND or inv is None or inv.underworld:
        return []
    notes = []
    for side, seat in (("attack", inv.attacker), ("defend", inv.defender)):
        if seat < 0:  # nobody, or the neutral (no relics)
            continue
        who = "the attacker" if side == "attack" else "the defender"
        for card in st.relics[seat]:
            relic = st.parts.cards[card]
            for effect in relic.effects:
                params = effect.params
                if effect.hook != "battle" or getattr(params, "side", side) not in (side, "either"):
                    continue
                if effect.primitive == "reroll-ones":
                    how = "until none is left" if getattr(params, "until", False) else "once"
                    notes.append(f"{relic.name}: {who} rerolls 1s {how}")
                elif effect.primitive == "win-ties" and side == "attack":
                    notes.append(f"{relic.name}: {who} wins ties")
                elif (
                    effect.primitive == "faith-for-armies"
                    and side == "defend"
                    and defend_tablet(st)
                ):
                    rate = economy.tablet_rate(st, seat)
                    notes.append(f"{relic.name}: {who} may roll one die more for {rate} faith")
    return notes


def battle_words(
    view: Mapping[str, Any],
    seat: Seat | None,
    defend_dice: Sequence[int],
    relics: Sequence[str] = (),
) -> str:
    """The invasion awaiting its defence (the view's `battle`), from a seat's view only: who
    attacks which land, held by whom and with how many armies, from where with how many, with
    how many dice and which gods; what the gods, the land's temple and either side's `relics`
    (`relic_notes`) do to the dice (the Underworld's dice are plain, G110); then the dice `seat`
    may defend with (its legal defences: a Sky card or the Tablet of Destiny may add one), or
    who is yet to defend. "" when no defence is awaited."""
    inv = view.get("invasion")
    if view.get("phase") != DEFEND or not inv or not inv["dice"] or view.get("outcome"):
        return ""
    rows = {row["name"]: row for row in [*view["territories"], *view["underworld"]]}
    target, source = rows[inv["to"]], rows[inv["from"]]
    players = view["players"]
    attacker = players[inv["attacker"]]

    if inv["attacker"] == seat:
        attacks = "you attack"
    else:  # a pantheon's name is a plural: "Greeks attack", but "Player 1 attacks"
        attacks = f"{attacker['name']} {'attack' if attacker['pantheon'] else 'attacks'}"
    if seat is not None and target["seat"] == seat:
        whose = "your"
    else:
        whose = possessive(target["owner"]) if target["owner"] else "the"
    gods = [f"{attacker['god_names'].get(d, d)}, god of {d}" for d in inv["gods"]]
    text = (
        f"{attacks} {whose} {target['name']} "
        f"({ARMIES.of(target['armies'])}) from {source['name']} ({source['armies']}) "
        f"with {inv['dice']} {'die' if inv['dice'] == 1 else 'dice'}"
        + (f" and {either(gods)}" if gods else "")
    )
    notes = []
    if not inv["underworld"]:
        defending = [g["domain"] for g in target["gods"] if g["seat"] == target["seat"]]
        if "war" in inv["gods"]:
            notes.append("the attacker wins ties")
        if "magic" in inv["gods"]:
            notes.append("the attacker rerolls 1s once")
        if "magic" in defending:
            notes.append("the defending god of magic rerolls the defender's 1s once")
        if target["temple"] and target["seat"] is not None:
            notes.append("the temple rerolls the defender's 1s until none is left")
        notes += relics
    if notes:
        text += f" ({'; '.join(notes)})"
    if seat is not None and seat in view["to_move"]:
        counts = sorted(set(defend_dice))
        if counts:
            # A23: in the 2-player game a seat may defend the neutral's land, not its own
            who = "defend" if target["seat"] == seat else f"you defend for {target['owner']}"
            text += f" — {who} with {either([str(n) for n in counts])} "
            text += "die" if counts[-1] == 1 else "dice"
    else:
        waiting = ", ".join(players[s]["name"] for s in view["to_move"]) or target["owner"]
        text += f" — waiting for {waiting} to defend"
    return text[0].upper() + text[1:] + "."


def either(items: Sequence[str]) -> str:
    """ "1", "1 or 2", "1, 2 or 3"."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} or {items[-1]}"


def invariants(st: GodstormState) -> list[str]:
    """Spec section 7, item 10: armies and gods where they may be, temples, faith, cards."""
    problems = []
    for t, n in enumerate(st.armies):
        if n < 0 or (n == 0) != (st.owner[t] == NOBODY):
            problems.append(f"territory {t}: {n} armies, owner {st.owner[t]}")
        if st.owner[t] == NEUTRAL and (
            st.players != 2 or n > st.parts.constants["neutral_per_territory"]
        ):
            problems.append(f"territory {t}: neutral armies that may not be there (G21, G22)")
    for s in range(st.players):
        for d, where in enumerate(st.gods[s]):
            if where == BANISHED:
                continue
            if st.owner[where] != s or st.plague[where]:
                problems.append(f"seat {s}'s god {DOMAINS[d]} stands where it may not")
        if st.faith[s] < 0:
            problems.append(f"seat {s} has negative faith")
    if sum(st.temple) > st.parts.constants["temples"]:
        problems.append("more than 12 temples")
    held = sum(len(h) for h in st.hands) + sum(len(r) for r in st.relics) + len(st.buried)
    if held + len(st.discards) + sum(len(d) for d in st.decks.values()) != len(st.parts.cards):
        problems.append("miracle cards lost or duplicated")
    return problems


register(Godstorm())
