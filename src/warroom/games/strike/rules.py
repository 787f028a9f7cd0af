"""RISK Strike's rules: the turn, the battle, the tactics cards and domination.

Comments cite the rule inventory (shared/specs/strike.md): S-numbers are rules the rulebook
states, B-numbers the readings chosen where it is unclear, section names in brackets the
rulebook's headings. The package docstring lists the actions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from warroom.core.actions import Action, Arg
from warroom.core.errors import IllegalAction, MalformedAction
from warroom.core.events import Event, Pieces, faces
from warroom.core.game import Game, OptionValue, Outcome, Seat, turn_limit_ending
from warroom.core.legal import Family, Legal
from warroom.core.registry import register
from warroom.core.rng import HIDDEN, Rng
from warroom.core.windows import Chain, Play, Priority, clockwise
from warroom.games import catalogued, rules_options
from warroom.games.strike.cards import (
    ARTILLERY,
    BOMBARD,
    CANCEL,
    EXPAND,
    KIND_IDS,
    RALLY,
    SABOTAGE,
    SPY,
    TROOP,
    StrikeCards,
    strike_cards,
)
from warroom.games.strike.state import (
    ACT,
    AFTER_ROLL,
    AGAIN,
    ATTACKER,
    BEFORE_ROLL,
    DEFENDER,
    DEPLOY,
    DRAW,
    LOSS,
    NOBODY,
    OVER,
    SABOTAGE_WINDOW,
    SIDE_NAMES,
    UNSEEN,
    WINDOW,
    StrikeState,
)
from warroom.games.strike.view import describe, invariants
from warroom.rules.first import goes_first, roll_for_first

SETUP_CONTINENT = 3  # [Setup]: three continent cards each
SETUP_TACTICS = 3  # [Setup]: three tactics cards each
TURN_DRAWS = 2  # [On Your Turn] 1: draw any two cards
ATTACK_DICE, DEFEND_DICE = 3, 2  # S26/S27
RALLY_BONUS = 2  # S44/B7 [Tactics Cards]
ARTILLERY_HITS = 2  # S45/B9 [Tactics Cards]
WINNING_COINS = 2  # S52
TROOPS = Pieces("troop", "troops")

_MODE = catalogued("risk-strike")


def seat_arg(seat: Seat) -> str:
    """A seat as actions name it: "p1" for Player 1."""
    return f"p{seat + 1}"


class RiskStrike(Game[StrikeState]):
    id = _MODE.id
    title = _MODE.title
    min_players = _MODE.min_players
    max_players = _MODE.max_players
    options = rules_options(_MODE)
    chosen_numbers = frozenset({"bombard"})  # which die the card turns to a 6

    # -- setup ---------------------------------------------------------------------------
    def setup(self, players: int, rng: Rng, options: Mapping[str, OptionValue]) -> StrikeState:
        cards = strike_cards()
        continents = len(cards.cards)
        continent_deck = [c for c in range(continents) for _ in range(cards.cards[c])]
        tactics_deck = [k for k in range(len(KIND_IDS)) for _ in range(cards.kind_counts[k])]
        st = StrikeState(
            cards=cards,
            options=dict(options),
            players=players,
            rng=rng,
            continent_deck=continent_deck,
            claimed=[[0] * continents for _ in range(players)],
            surrendered=[0] * continents,
            coins=[NOBODY] * continents,
            tactics_deck=tactics_deck,
            discard=[],
            hands=[[] for _ in range(players)],
            known=[[[] for _ in range(players)] for _ in range(players)],
            current=0,
            first=0,
            turn=1,
            phase=DRAW,
            draws_left=TURN_DRAWS,
            gains=0,
            attack_from=-1,
            defender=NOBODY,
            attack_to=-1,
            deploy_queue=[],
            troops=[[0] * players, [0] * players],
            aside=[0] * continents,
            rolled=[[], []],
            dice=[[], []],
            rallies=0,
            losses=[],
            stage="",
            window=None,
            chain=None,
            outcome=None,
        )
        ignored: list[Event] = []
        # S6: shuffle, three continent cards each, faceup; B13 [Setup; Domination]: domination
        # checked at once.
        rng.shuffle(st.continent_deck)
        for seat in range(players):
            for _ in range(SETUP_CONTINENT):
                _gain_from_deck(st, seat, ignored)
        # S7: shuffle, three tactics cards each.
        rng.shuffle(st.tactics_deck)
        for seat in range(players):
            for _ in range(SETUP_TACTICS):
                _draw_tactics(st, seat, ignored)
        # S8: a die each, ties roll again.
        st.first = st.current = roll_for_first(rng, players)  # S8
        # S9: everyone but the first player draws one more tactics card.
        for seat in clockwise(st.first, players, skip=(st.first,)):
            _draw_tactics(st, seat, ignored)
        # S10: with two players, the second also draws a fourth continent card.
        if players == 2:
            _gain_from_deck(st, 1 - st.first, ignored)
        if st.outcome is None:
            _settle(st, ignored)
        return st

    # -- who decides, and what -----------------------------------------------------------
    def to_move(self, state: StrikeState) -> tuple[Seat, ...]:
        return _to_move(state)

    def opening(self, state: StrikeState) -> list[Event]:
        """S8's roll-off, made at setup: the log says who begins and why."""
        return [goes_first(self.seat_names(state), state.first)]

    def seat_names(self, state: StrikeState) -> list[str]:
        return [f"Player {p + 1}" for p in range(state.players)]

    def turn_order(self, state: StrikeState) -> tuple[Seat, ...]:
        """S8: the dice find the first player; turns pass to the left."""
        return clockwise(state.first, state.players)

    def choices_public(self, state: StrikeState, seat: Seat) -> bool:
        """Every step but the continent picks and a lost pair's troop may offer a card from
        the hand (a window's plays, Canceled Orders, Spy and Expand, troops to deploy): with
        cards in hand, how many actions the seat has is its secret (B28
        [not in the rulebook: table practice]: only sizes are public)."""
        if not state.hands[seat]:
            return True
        return state.chain is None and (state.gains > 0 or state.phase == LOSS)

    def legal_actions(self, state: StrikeState, seat: Seat) -> Legal:
        """Built only when listed; `in` (every `apply`, and the greedy bots' check) is
        answered by `_allows`, which lists a declaration's own continent only."""
        if seat not in _to_move(state):
            return Legal(())
        return Legal.deferred(
            lambda: _families(state, seat), lambda action: _allows(state, seat, action)
        )

    # -- applying ------------------------------------------------------------------------
    def apply(
        self, state: StrikeState, seat: Seat, action: Action
    ) -> tuple[StrikeState, list[Event]]:
        events: list[Event] = []
        return self._step(state, seat, action, events, owned=False), events

    def play_owned(self, state: StrikeState, seat: Seat, action: Action) -> StrikeState:
        """`play` in place: the handlers change only the state's own lists (`copy`,
        `observe`, `resample_hidden` and the bots' `determinize` give every state lists of
        its own), and the action is checked before any change."""
        return self._step(state, seat, action, [], owned=True)

    def _step(
        self, state: StrikeState, seat: Seat, action: Action, events: list[Event], owned: bool
    ) -> StrikeState:
        self.check_seat(state, seat)
        legal = self.legal_actions(state, seat)
        if action not in legal:
            self.refuse(state, seat, action, _HANDLERS, f"{action.text()} now")
        st = state if owned else state.copy()
        _HANDLERS[action.kind](st, seat, action, events)
        if st.outcome is None:
            _settle(st, events)
        return st

    def parse(self, state: StrikeState, seat: Seat, text: str) -> Action:
        """Continents by id or name in any case ("Africa", "south-america"); players as "p2",
        "P2", "player2", "Player 2" (quoted) or 2; sides as "attacker"/"defender" or "a"/"d"."""
        action = Action.parse(text)
        if action.kind == "deploy" and not action.args:
            _sideless_deploy(state, seat)
        return Action(action.kind, _canonical_args(state.cards, action))

    # -- outcome, views, checks ----------------------------------------------------------
    def outcome(self, state: StrikeState) -> Outcome | None:
        return state.outcome

    def observe(self, state: StrikeState, seat: Seat | None) -> StrikeState:
        """Hands masked to the cards this seat has seen (its own, and Spy's that have not
        left since), the tactics deck to its size, the continent deck's order (what it holds
        follows from the faceup cards), what other seats have seen, and the generator."""
        obs = state.copy()
        obs.rng = HIDDEN
        obs.tactics_deck = [UNSEEN] * len(state.tactics_deck)
        obs.continent_deck = sorted(state.continent_deck)
        for holder in range(state.players):
            if holder != seat:
                seen = state.known[seat][holder] if seat is not None else []
                obs.hands[holder] = seen + [UNSEEN] * (len(state.hands[holder]) - len(seen))
        obs.known = [
            [seen[:] for seen in state.known[viewer]]
            if viewer == seat
            else [[] for _ in range(state.players)]
            for viewer in range(state.players)
        ]
        return obs

    def resample_hidden(self, state: StrikeState, seat: Seat, rng: Rng) -> StrikeState:
        """Other hands (keeping the cards `seat` saw through Spy), both decks' order and the
        chance to come redrawn; what other seats have seen is cut to what they still hold."""
        st = state.copy()
        pool = st.tactics_deck[:]
        unknown = [0] * st.players
        for holder in range(st.players):
            if holder != seat:
                rest = _without(st.hands[holder], st.known[seat][holder])
                unknown[holder] = len(rest)
                pool += rest
        rng.shuffle(pool)
        for holder in range(st.players):
            if holder != seat:
                fresh = [pool.pop() for _ in range(unknown[holder])]
                st.hands[holder] = sorted(st.known[seat][holder] + fresh)
        st.tactics_deck = pool
        rng.shuffle(st.continent_deck)
        for viewer in range(st.players):
            if viewer != seat:
                st.known[viewer] = [
                    _common(seen, st.hands[holder]) for holder, seen in enumerate(st.known[viewer])
                ]
        st.rng = Rng(rng.next_u64())
        return st

    def describe(self, observation: StrikeState, seat: Seat | None) -> dict[str, Any]:
        return describe(observation, seat, _to_move(observation), self.seat_names(observation))

    def label(self, observation: StrikeState, seat: Seat, action: Action) -> str:
        """Each kind in plain words for its button, continents and players by name, a card
        played by its name and what it does."""
        st, kind, args = observation, action.kind, action.args
        cards, names = st.cards, self.seat_names(st)

        def continent(arg: Arg) -> str:
            return cards.continent_names[cards.continent_ids.index(str(arg))]

        def player(arg: Arg) -> str:
            p = int(str(arg)[1:]) - 1
            return f"{names[p]} (you)" if p == seat else names[p]

        def troops(count: int) -> str:
            return f"{count} troop{'' if count == 1 else 's'}"

        if kind == "draw":
            return "Draw a tactics card" if args[0] == "tactics" else "Draw the top continent card"
        if kind == "take":
            return f"Take one {continent(args[0])} card from the surrendered row"
        if kind == "attack":
            return f"Attack {player(args[1])}'s {continent(args[2])} from {continent(args[0])}"
        if kind == "pass":
            if st.chain is not None:
                return "Pass: let it stand"
            return "Pass: no attack (draw 1 tactics, end turn)" if st.phase == ACT else "Pass"
        if kind == "cancel":
            assert st.chain is not None
            played = cards.kind_names[KIND_IDS.index(st.chain.plays[-1].card)]
            return f"Canceled Orders: cancel the {played}"
        if kind == "deploy":
            if len(args) == 1:
                count = int(args[0])
                return f"Deploy {troops(count)}" if count else "Deploy no troops"
            return f"Help the {args[0]}: {troops(int(args[1]))}"
        if kind == "spy":
            return f"Spy on {player(args[0])}"
        if kind == "expand":
            # S47: one tactics card, or two continent cards.
            if args[0] == "tactics":
                return "Expand: draw 1 tactics card"
            return "Expand: take 2 continent cards"
        if kind == "sabotage":
            return "Sabotage: call the battle off"
        if kind == "artillery":
            return f"Artillery on {player(args[0])}"
        if kind == "rally":
            return "Rally: +2 on each attack die"
        if kind == "bombard":
            die = int(args[1])
            face = st.dice[SIDE_NAMES.index(str(args[0]))][die - 1]
            change = "a 6 already: no change" if face == 6 else f"a {face} becomes a 6"
            return f"Bombard the {args[0]}'s die {die} ({change})"
        if kind == "discard":
            return f"Lose a troop of {player(args[0])}"
        if kind == "again":
            return "Roll again"
        if kind == "stop":
            return "Stop the battle"
        return super().label(observation, seat, action)

    def invariants(self, state: StrikeState) -> list[str]:
        return invariants(state)


# -- who decides --------------------------------------------------------------------------
def _to_move(st: StrikeState) -> tuple[Seat, ...]:
    """The one seat that decides now: a chain's responder, Expand's picker, or the phase's."""
    if st.phase == OVER:
        return ()
    if st.chain is not None and st.chain.responses is not None:
        return (st.chain.responses.holder,)
    if st.gains:
        return (st.current,)
    if st.phase == DEPLOY:
        return (st.deploy_queue[0],)
    if st.phase == WINDOW:
        assert st.window is not None
        return (st.window.holder,)
    if st.phase == LOSS:
        return (_principal(st, st.losses[0]),)
    return (st.current,)


def _principal(st: StrikeState, side: int) -> Seat:
    return st.current if side == ATTACKER else st.defender


def _families(st: StrikeState, seat: Seat) -> list[Family]:
    """The legal actions of the one seat to move, as families."""
    if st.chain is not None:
        # B6 [Tactics Cards]: only Canceled Orders answers a played card; anyone may decline.
        out = [Family("pass")]
        if CANCEL in st.hands[seat]:
            out.insert(0, Family("cancel"))
        return out
    if st.gains:
        return _continent_sources(st)
    if st.phase == DRAW:
        out = _continent_sources(st)
        if _tactics_available(st):
            out.insert(0, Family("draw", ("tactics",)))
        return out + _free(st, seat)
    if st.phase == ACT:
        # B21 [On Your Turn]: with no legal declaration the only choice is to pass.
        return [*_declarations(st), Family("pass"), *_free(st, seat)]
    if st.phase == DEPLOY:
        # Spy and Expand say "anytime on your turn": the attacker's own deployment step too.
        return _deployments(st, seat) + _free(st, seat)
    if st.phase == WINDOW:
        return _window_plays(st, seat)
    if st.phase == LOSS:
        side = st.losses[0]
        return [Family("discard", (seat_arg(p),)) for p in range(st.players) if st.troops[side][p]]
    assert st.phase == AGAIN
    return [Family("again"), Family("stop"), *_free(st, seat)]


def _allows(st: StrikeState, seat: Seat, action: Action) -> bool:
    """Whether `_families(st, seat)` lists `action`. A declaration is looked for among its
    own continent's only: listing every continent's against every other player is most of
    what a greedy game's `apply` costs otherwise."""
    if st.phase != ACT or st.chain is not None or st.gains:
        return action in Legal(_families(st, seat))
    if action.kind != "attack":
        return action in Legal([Family("pass"), *_free(st, seat)])
    ids = st.cards.continent_ids
    named = action.args[0] if action.args else None
    if not isinstance(named, str) or named not in ids:
        return False  # the listing names every continent by its id
    return action in Legal(_declarations(st, ids.index(named)))


def _free(st: StrikeState, seat: Seat) -> list[Family]:
    """S42/S47 (B4 [Tactics Cards], B27 [Tactics Cards; On Your Turn]): Spy and Expand, whenever the
    active player holds priority."""
    if seat != st.current:
        return []
    out: list[Family] = []
    hand = st.hands[seat]
    if SPY in hand:
        out += [Family("spy", (seat_arg(p),)) for p in range(st.players) if p != seat]
    if EXPAND in hand:
        out.append(Family("expand", ("tactics",)))
        if st.continent_deck or any(st.surrendered):
            out.append(Family("expand", ("continents",)))
    return out


def _continent_sources(st: StrikeState) -> list[Family]:
    """S13 (B17 [Tactics Cards; More to Know]): the continent deck's top card, or a card of a
    continent in the surrendered row, named (B12 [Attack Phase 3: Roll & Resolve; More to Know]:
    cards of a continent are interchangeable)."""
    out = [Family("draw", ("continent",))] if st.continent_deck else []
    ids = st.cards.continent_ids
    return out + [Family("take", (ids[c],)) for c, n in enumerate(st.surrendered) if n]


def _tactics_available(st: StrikeState) -> bool:
    return bool(st.tactics_deck or st.discard)


def _declarations(st: StrikeState, source: int | None = None) -> list[Family]:
    """S18-S20, B19 [Attack Phase 1: Declare Battle], B20 [Attack Phase 1: Declare Battle]: from a
    continent P holds (every one, or `source` only), against another player's cards of that
    continent or a connected one."""
    me, ids = st.current, st.cards.continent_ids
    out = []
    for x in range(len(ids)) if source is None else (source,):
        if not st.claimed[me][x]:
            continue
        for other in clockwise(me, st.players, skip=(me,)):
            for y in st.cards.reachable(x):
                if st.claimed[other][y]:
                    out.append(Family("attack", (ids[x], seat_arg(other), ids[y])))
    return out


def _deployments(st: StrikeState, seat: Seat) -> list[Family]:
    """S22-S24, B22 [Attack Phase 2: Deploy Troops], B26 [Attack Phase 2: Deploy Troops]: the
    principals deploy for their own side; a helper names a side."""
    have = st.hands[seat].count(TROOP)
    if seat in (st.current, st.defender):
        return [Family("deploy", (), range(have + 1))]
    return [
        Family("deploy", (), range(1)),
        Family("deploy", ("attacker",), range(1, have + 1)),
        Family("deploy", ("defender",), range(1, have + 1)),
    ]


def _sideless_deploy(st: StrikeState, seat: Seat) -> None:
    """A bare `deploy` from a helper holding troops names no side (B22, B26 [Attack Phase 2:
    Deploy Troops]: a helper's troops join the side it picks): refused with the forms it
    takes, where the short form's filling in of the most troops found only "deploy 0", the
    one deployment with no side, and deployed none. The principals' bare `deploy` is every
    troop they hold, their side being their own."""
    helping = st.phase == DEPLOY and st.chain is None and st.deploy_queue[0] == seat
    have = st.hands[seat].count(TROOP)
    if helping and seat not in (st.current, st.defender) and have:
        most = "1" if have == 1 else f"1 to {have}"
        raise MalformedAction(
            f"a helper names the side its troops join: 'deploy attacker N' or 'deploy "
            f"defender N' (N {most}), or 'deploy 0' for none"
        )


def _window_plays(st: StrikeState, seat: Seat) -> list[Family]:
    hand = st.hands[seat]
    out: list[Family] = []
    if st.stage == SABOTAGE_WINDOW and SABOTAGE in hand:
        out.append(Family("sabotage"))  # B10 [Tactics Cards]: right after Phase 2 only
    if ARTILLERY in hand:  # S45/B9 [Tactics Cards]: any player, on a player with active troops
        out += [
            Family("artillery", (seat_arg(p),))
            for p in range(st.players)
            if st.troops[ATTACKER][p] + st.troops[DEFENDER][p]
        ]
    if st.stage == AFTER_ROLL:
        if seat == st.current and RALLY in hand:
            out.append(Family("rally"))  # B7 [Tactics Cards]: the attacker's own turn only
        # B8 [Tactics Cards]: any player, any die of either side; on a die already showing a 6
        # too, legal with no effect (the inventory's reading: it spends the card, and may draw
        # out an opponent's Canceled Orders), its label saying so.
        if BOMBARD in hand:
            out += [
                Family("bombard", (SIDE_NAMES[side], die + 1))
                for side in (ATTACKER, DEFENDER)
                for die in range(len(st.dice[side]))
            ]
    return [*out, *_free(st, seat), Family("pass")]


# -- flow ---------------------------------------------------------------------------------
def _settle(st: StrikeState, ev: list[Event]) -> None:
    """Skip decisions nobody can take: draws from empty sources (B16 [More to Know]), Expand picks
    with no continent card left."""
    if st.gains and not (st.continent_deck or any(st.surrendered)):
        ev.append(Event("expand-short", "No continent card is left to take for Expand"))
        st.gains = 0
    if st.phase == DRAW and st.chain is None and not st.gains:
        if st.draws_left and not (
            _tactics_available(st) or st.continent_deck or any(st.surrendered)
        ):
            ev.append(Event("draw-skipped", "No card is left to draw: the draw is skipped"))
            st.draws_left = 0
        if not st.draws_left:
            st.phase = ACT


def _draw_tactics(st: StrikeState, seat: Seat, ev: list[Event]) -> None:
    """S40: an empty deck is refilled by shuffling the discard pile; with both empty nothing
    is drawn (B16 [More to Know]). Reading of [More to Know] "ever runs out": when a draw finds the
    deck empty, so the pile shuffled is the one at that draw."""
    if not st.tactics_deck:
        if not st.discard:
            ev.append(Event("no-tactics", "No tactics card is left to draw", {"seat": seat}))
            return
        st.tactics_deck, st.discard = st.discard, []
        st.rng.shuffle(st.tactics_deck)
        ev.append(
            Event("reshuffle", "The tactics discard pile is shuffled into a new deck", reveals=True)
        )
    kind = st.tactics_deck.pop()
    _add_to_hand(st, seat, kind)
    name = st.cards.kind_names[kind]
    ev.append(
        Event(
            "draw-tactics",
            f"Player {seat + 1} draws a tactics card",
            {"seat": seat},
            known_to=frozenset((seat,)),  # no teams: `Game.known_to`'s default
            secret={"card": KIND_IDS[kind]},
            secret_text=f"You draw {name}",
            reveals=True,
        )
    )


def _add_to_hand(st: StrikeState, seat: Seat, kind: int, public: bool = False) -> None:
    """A card into a hand, kept sorted; `public` cards (troops taken back) become known to all."""
    hand = st.hands[seat]
    hand.append(kind)
    hand.sort()
    if public:
        for viewer in range(st.players):
            if viewer != seat:
                st.known[viewer][seat] = sorted([*st.known[viewer][seat], kind])


def _take_from_hand(st: StrikeState, seat: Seat, kind: int) -> None:
    """A card leaves a hand: whoever saw a card of that kind there can no longer be sure it
    is still there, so one seen card of that kind is forgotten (spec section 4)."""
    st.hands[seat].remove(kind)
    for viewer in range(st.players):
        seen = st.known[viewer][seat]
        if kind in seen:
            seen.remove(kind)


def _gain_from_deck(st: StrikeState, seat: Seat, ev: list[Event]) -> int:
    continent = st.continent_deck.pop()
    name = st.cards.continent_names[continent]
    ev.append(
        Event(
            "draw-continent",
            f"Player {seat + 1} draws a continent card: {name}",
            {"seat": seat, "continent": st.cards.continent_ids[continent]},
            reveals=True,
        )
    )
    _claim(st, seat, continent, ev)
    return continent


def _claim(st: StrikeState, seat: Seat, continent: int, ev: list[Event]) -> None:
    """S14 and S50-S52 (B13 [Setup; Domination], B14 [Domination]): a claimed card may take the
    continent's coin, even from another player, and a second coin wins at once. B15 [Domination]
    (Domination coins, S51): the coin moves only here; a holder who falls below the number, even to
    0 cards, keeps it. S32 ([Resolve Wins] note): any card claimed during a battle, whether won or
    taken with Expand, is held aside for the rest of it (B25
    [Attack Phase 3: Roll & Resolve; Domination]), since the note names no source."""
    st.claimed[seat][continent] += 1
    if st.in_battle and seat == st.current:
        st.aside[continent] += 1
    if (
        st.claimed[seat][continent] >= st.cards.domination[continent]
        and st.coins[continent] != seat
    ):
        before = st.coins[continent]
        st.coins[continent] = seat
        name = st.cards.continent_names[continent]
        taken = f" from Player {before + 1}" if before != NOBODY else ""
        ev.append(
            Event(
                "coin",
                f"Player {seat + 1} dominates {name} and takes its coin{taken}",
                {"seat": seat, "continent": st.cards.continent_ids[continent], "from": before},
            )
        )
        if st.coins.count(seat) >= WINNING_COINS:
            _finish(st, (seat,), f"Player {seat + 1} holds {WINNING_COINS} domination coins", ev)


def _ranking(st: StrikeState) -> list[Seat]:
    """B29 [Domination; a turn limit is not in the rulebook]: by coins, then claimed continent
    cards."""
    return sorted(range(st.players), key=lambda p: (-st.coins.count(p), -sum(st.claimed[p]), p))


def _finish(st: StrikeState, winners: tuple[Seat, ...], reason: str, ev: list[Event]) -> None:
    ranking = _ranking(st)
    ranking = [*winners, *(p for p in ranking if p not in winners)]
    st.outcome = Outcome(winners, reason, tuple(ranking))
    st.phase = OVER
    ev.append(Event("game-over", reason, {"winners": list(winners)}))


def turn_limit_reason(turns: int) -> str:
    return turn_limit_ending(
        turns, "players are ranked by domination coins, then claimed continent cards"
    )


def _end_turn(st: StrikeState, ev: list[Event]) -> None:
    """S17: play passes to the left; B29 [Domination; a turn limit is not in the rulebook]: the turn
    limit ends the game."""
    _clear_battle(st)
    limit = int(st.options.get("turn_limit", 0))
    if limit and st.turn >= limit:
        ranking = _ranking(st)
        top = (st.coins.count(ranking[0]), sum(st.claimed[ranking[0]]))
        winners = tuple(p for p in ranking if (st.coins.count(p), sum(st.claimed[p])) == top)
        _finish(st, winners, turn_limit_reason(limit), ev)
        return
    st.turn += 1
    st.current = (st.current + 1) % st.players
    st.phase = DRAW
    st.draws_left = TURN_DRAWS
    ev.append(
        Event(
            "turn",
            f"Turn {st.turn}: Player {st.current + 1}",
            {"seat": st.current, "turn": st.turn},
        )
    )


def _clear_battle(st: StrikeState) -> None:
    st.attack_from = st.attack_to = -1
    st.defender = NOBODY
    st.deploy_queue = []
    st.troops = [[0] * st.players, [0] * st.players]
    st.aside = [0] * len(st.aside)
    st.rolled, st.dice = [[], []], [[], []]
    st.rallies = 0
    st.losses = []
    st.stage = ""
    st.window = None


def _end_battle(st: StrikeState, ev: list[Event]) -> None:
    """S36: every remaining active troop is discarded; the attacker's turn ends (S17)."""
    for side in (ATTACKER, DEFENDER):
        st.discard += [TROOP] * sum(st.troops[side])
    ev.append(Event("battle-end", "The battle ends; remaining troops are discarded"))
    _end_turn(st, ev)


def _open_window(st: StrikeState, stage: str) -> None:
    """B5 [How to Use Tactics Cards]: every player may act, the active player first, then
    clockwise."""
    st.phase = WINDOW
    st.stage = stage
    st.window = Priority(clockwise(st.current, st.players))


def _close_window(st: StrikeState, ev: list[Event]) -> None:
    stage = st.stage
    st.window = None
    if stage == AFTER_ROLL:
        _resolve_roll(st, ev)
    else:
        _roll(st, ev)


def _roll(st: StrikeState, ev: list[Event]) -> None:
    """S26-S28, B30 [Attack Phase 3: Roll & Resolve]: fixed dice counts, troops beyond the maximum
    add no die."""
    attack = min(ATTACK_DICE, st.active_attacking() + st.side_troops(ATTACKER))
    defend = min(DEFEND_DICE, st.claimed[st.defender][st.attack_to] + st.side_troops(DEFENDER))
    st.rolled = [
        sorted(st.rng.roll(attack), reverse=True),
        sorted(st.rng.roll(defend), reverse=True),
    ]
    st.dice = [st.rolled[ATTACKER][:], st.rolled[DEFENDER][:]]
    st.rallies = 0
    ev.append(
        Event(
            "roll",
            f"Attacker rolls {faces(st.dice[ATTACKER])}, defender rolls {faces(st.dice[DEFENDER])}",
            {"attack": st.dice[ATTACKER][:], "defend": st.dice[DEFENDER][:]},
            reveals=True,
        )
    )
    _open_window(st, AFTER_ROLL)


def _resolve_roll(st: StrikeState, ev: list[Event]) -> None:
    """S29 (B8 [Tactics Cards]: Bombard re-sorts): pairs from the highest down, ties to the
    defender; each lost pair costs its side one troop or card (B23
    [Attack Phase 3: Roll & Resolve]), highest pair first."""
    attack = sorted(st.values(ATTACKER), reverse=True)
    defend = sorted(st.values(DEFENDER), reverse=True)
    st.losses = [DEFENDER if a > d else ATTACKER for a, d in zip(attack, defend, strict=False)]
    lost = f"attacker loses {st.losses.count(ATTACKER)}, defender loses {st.losses.count(DEFENDER)}"
    # The roll's own line gave the dice: they are said again only where a card changed them.
    changed = [attack, defend] != [sorted(rolled, reverse=True) for rolled in st.rolled]
    dice = f"Attacker {faces(attack)} against defender {faces(defend)}: " if changed else ""
    ev.append(
        Event(
            "resolve",
            f"{dice}{lost}" if changed else lost.capitalize(),
            {"attack": attack, "defend": defend, "losses": [SIDE_NAMES[s] for s in st.losses]},
        )
    )
    _work_losses(st, ev)


def _work_losses(st: StrikeState, ev: list[Event]) -> None:
    """S30/S31: a troop if the side has one (B3 [Attack Phase 3: Roll & Resolve]: its principal
    picks whose when owners differ), else a card: the defender gives one of Y, the attacker
    surrenders one of X."""
    while st.losses:
        side = st.losses[0]
        owners = [p for p in range(st.players) if st.troops[side][p]]
        if len(owners) > 1:
            st.phase = LOSS
            return
        st.losses.pop(0)
        if owners:
            _lose_troop(st, side, owners[0], ev)
        elif side == DEFENDER:
            _defender_gives(st, ev)
            if st.outcome is not None:
                return
        else:
            _attacker_surrenders(st, ev)
    _after_roll(st, ev)


def _lose_troop(st: StrikeState, side: int, owner: Seat, ev: list[Event]) -> None:
    st.troops[side][owner] -= 1
    st.discard.append(TROOP)
    ev.append(
        Event(
            "lose-troop",
            f"The {SIDE_NAMES[side]} discards a troop of Player {owner + 1}",
            {"side": SIDE_NAMES[side], "owner": owner},
        )
    )


def _defender_gives(st: StrikeState, ev: list[Event]) -> None:
    """S30, B25 [Attack Phase 3: Roll & Resolve; Domination]: the card won is claimed at once but
    held aside for this battle (`_claim`)."""
    y = st.attack_to
    if not st.claimed[st.defender][y]:
        return  # B23 [Attack Phase 3: Roll & Resolve]: no card left to give; the loss is ignored
    st.claimed[st.defender][y] -= 1
    name = st.cards.continent_names[y]
    ev.append(
        Event(
            "give",
            f"Player {st.defender + 1} gives Player {st.current + 1} a card of {name}",
            {"from": st.defender, "to": st.current, "continent": st.cards.continent_ids[y]},
        )
    )
    _claim(st, st.current, y, ev)


def _attacker_surrenders(st: StrikeState, ev: list[Event]) -> None:
    """S31, B31 [Attack Phase 3: Roll & Resolve]: to the surrendered row, never to the defender; B25
    [Attack Phase 3: Roll & Resolve; Domination]: never a card held aside."""
    x = st.attack_from
    if not st.active_attacking():
        return  # B23 [Attack Phase 3: Roll & Resolve]
    st.claimed[st.current][x] -= 1
    st.surrendered[x] += 1
    name = st.cards.continent_names[x]
    ev.append(
        Event(
            "surrender",
            f"Player {st.current + 1} surrenders a card of {name}",
            {"seat": st.current, "continent": st.cards.continent_ids[x]},
        )
    )


def _after_roll(st: StrikeState, ev: list[Event]) -> None:
    """S33-S35 (B24 [After the Roll Has Been Resolved]): the battle ends when Y is empty, whatever
    troops remain; the attacker may roll again while both continents have cards."""
    st.rolled, st.dice, st.rallies = [[], []], [[], []], 0
    if not st.claimed[st.defender][st.attack_to]:
        _end_battle(st, ev)
    elif st.active_attacking():
        st.phase = AGAIN
    else:
        _end_battle(st, ev)


# -- handlers -----------------------------------------------------------------------------
def _h_draw(st: StrikeState, seat: Seat, a: Action, ev: list[Event]) -> None:
    """S12-S14: one of the two start-of-turn draws (or one of Expand's continent cards)."""
    if a.args[0] == "tactics":
        _draw_tactics(st, seat, ev)
    else:
        _gain_from_deck(st, seat, ev)
    _count_draw(st)


def _h_take(st: StrikeState, seat: Seat, a: Action, ev: list[Event]) -> None:
    """S11/S13: a named card from the surrendered row."""
    continent = st.cards.continent_ids.index(str(a.args[0]))
    st.surrendered[continent] -= 1
    ev.append(
        Event(
            "take",
            f"Player {seat + 1} takes a surrendered card of {st.cards.continent_names[continent]}",
            {"seat": seat, "continent": a.args[0]},
        )
    )
    _claim(st, seat, continent, ev)
    _count_draw(st)


def _count_draw(st: StrikeState) -> None:
    if st.gains:
        st.gains -= 1
    else:
        st.draws_left -= 1


def _h_pass(st: StrikeState, seat: Seat, a: Action, ev: list[Event]) -> None:
    if st.chain is not None:
        chain = st.chain.passed()
        st.chain = chain
        if chain.ready:
            _resolve_chain(st, ev)
    elif st.phase == WINDOW:
        assert st.window is not None
        window = st.window.passed()
        st.window = window
        if window is None:
            _close_window(st, ev)
    else:
        # S16: a player who passes draws one more tactics card, and the turn ends.
        ev.append(Event("pass", f"Player {seat + 1} passes", {"seat": seat}))
        _draw_tactics(st, seat, ev)
        _end_turn(st, ev)


def _h_attack(st: StrikeState, seat: Seat, a: Action, ev: list[Event]) -> None:
    """S18-S19 (Phase 1); then Phase 2: attacker, defender, then helpers from the attacker's
    left, skipping the defender (S22-S24, B22 [Attack Phase 2: Deploy Troops])."""
    ids = st.cards.continent_ids
    st.attack_from = ids.index(str(a.args[0]))
    st.defender = seat_of(st, a.args[1])
    st.attack_to = ids.index(str(a.args[2]))
    st.deploy_queue = [st.current, st.defender] + [
        p for p in clockwise(st.current, st.players, skip=(st.current, st.defender))
    ]
    st.phase = DEPLOY
    names = st.cards.continent_names
    ev.append(
        Event(
            "attack",
            f"Player {seat + 1} attacks Player {st.defender + 1}'s {names[st.attack_to]} "
            f"from {names[st.attack_from]}",
            {"attacker": seat, "defender": st.defender, "from": a.args[0], "to": a.args[2]},
        )
    )


def _h_deploy(st: StrikeState, seat: Seat, a: Action, ev: list[Event]) -> None:
    """S22-S25: Troop cards faceup beside a side; they are never cancelled (S43). A helper's
    `deploy 0` joins no side, so its event names none."""
    count = int(a.args[-1])
    side: int | None
    if seat == st.current:
        side = ATTACKER
    elif seat == st.defender:
        side = DEFENDER
    else:
        side = SIDE_NAMES.index(str(a.args[0])) if count else None
    for _ in range(count):
        _take_from_hand(st, seat, TROOP)
    troops = TROOPS.of(count) if count else "no troops"  # "deploys 0 troops" read as a slip
    text = f"Player {seat + 1} deploys {troops}"
    if side is not None:
        st.troops[side][seat] += count
        if seat not in (st.current, st.defender):
            text += f" for the {SIDE_NAMES[side]}"
    joined = None if side is None else SIDE_NAMES[side]
    ev.append(Event("deploy", text, {"seat": seat, "side": joined, "count": count}))
    st.deploy_queue.pop(0)
    if not st.deploy_queue:
        _open_window(st, SABOTAGE_WINDOW)  # B10 [Tactics Cards]


def _h_discard(st: StrikeState, seat: Seat, a: Action, ev: list[Event]) -> None:
    """B3 [Attack Phase 3: Roll & Resolve]: the side's principal picks whose active troop a lost
    pair discards."""
    side = st.losses.pop(0)
    _lose_troop(st, side, seat_of(st, a.args[0]), ev)
    _work_losses(st, ev)  # sets the phase: another choice, roll again, or the battle's end


def _h_again(st: StrikeState, seat: Seat, a: Action, ev: list[Event]) -> None:
    """S34, B11 [After the Roll Has Been Resolved]: back to Phase 3 without a new Phase 2; Artillery
    may come first."""
    ev.append(Event("again", f"Player {seat + 1} rolls again", {"seat": seat}))
    _open_window(st, BEFORE_ROLL)


def _h_stop(st: StrikeState, seat: Seat, a: Action, ev: list[Event]) -> None:
    ev.append(Event("stop", f"Player {seat + 1} stops the battle", {"seat": seat}))
    _end_battle(st, ev)


def _h_card(st: StrikeState, seat: Seat, a: Action, ev: list[Event]) -> None:
    """Any tactics card but a Troop: it leaves the hand and waits in a chain while every
    other player, from the active player round, may cancel it (B6 [Tactics Cards], S43)."""
    kind = KIND_IDS.index(a.kind)
    _take_from_hand(st, seat, kind)
    responders = clockwise(st.current, st.players, skip=(seat,))
    st.chain = Chain.open(Play(seat, a.kind, a.args), responders)
    ev.append(
        Event(
            "play",
            f"Player {seat + 1} plays {st.cards.kind_names[kind]}{_target_text(st, a)}",
            {"seat": seat, "card": a.kind, "args": list(a.args)},
        )
    )
    if st.chain.ready:
        _resolve_chain(st, ev)


def _target_text(st: StrikeState, a: Action) -> str:
    """What a card is played on, in the log's words: a player (Spy, Artillery), a side's die
    (Bombard) or what Expand takes; nothing for a card with no target."""
    if not a.args:
        return ""
    if a.kind in ("spy", "artillery"):
        return f" on Player {seat_of(st, a.args[0]) + 1}"
    if a.kind == "bombard":
        return f" on the {a.args[0]}'s die {a.args[1]}"
    if a.kind == "expand":
        return " for a tactics card" if a.args[0] == "tactics" else " for 2 continent cards"
    return " (" + " ".join(str(x) for x in a.args) + ")"


def _h_cancel(st: StrikeState, seat: Seat, a: Action, ev: list[Event]) -> None:
    """S43, B6 [Tactics Cards]: Canceled Orders against the card just played (never a Troop, which
    opens no chain); it may itself be cancelled by anyone but its own player."""
    assert st.chain is not None
    target = st.chain.newest
    _take_from_hand(st, seat, CANCEL)
    responders = clockwise(st.current, st.players, skip=(seat,))
    st.chain = st.chain.countered(Play(seat, "cancel"), responders)
    ev.append(
        Event(
            "play",
            f"Player {seat + 1} plays Canceled Orders against Player {target.seat + 1}'s "
            f"{_card_name(st, target.card)}",
            {"seat": seat, "card": "cancel", "against": target.card},
        )
    )
    if st.chain.ready:
        _resolve_chain(st, ev)


def _card_name(st: StrikeState, card: str) -> str:
    return st.cards.kind_names[KIND_IDS.index(card)]


def _resolve_chain(st: StrikeState, ev: list[Event]) -> None:
    """S38/S39: the card at the chain's foot takes effect unless cancelled (B6 [Tactics Cards]);
    then the played cards go to the discard pile ("after you use" it: a Spy or Expand drawing from
    an empty deck does not reshuffle itself in). After any play, priority returns to the first seat
    (B5 [How to Use Tactics Cards])."""
    chain = st.chain
    assert chain is not None
    st.chain = None
    pile, mark = st.discard, len(st.discard)
    play = chain.plays[0]
    if chain.effective()[0]:
        _EFFECTS[play.card](st, play, ev)
    else:
        ev.append(
            Event(
                "cancelled",
                f"Player {play.seat + 1}'s {_card_name(st, play.card)} is cancelled",
                {"seat": play.seat, "card": play.card},
            )
        )
    # Beneath what the effect discarded (Artillery's troops), where they always lay: no rule
    # orders the pile, and its order decides later reshuffles, so seeded games keep theirs.
    spot = mark if st.discard is pile else 0  # a new pile if the effect reshuffled the old
    st.discard[spot:spot] = [KIND_IDS.index(p.card) for p in chain.plays]
    if st.window is not None and st.phase == WINDOW:
        st.window = st.window.played()


def _e_spy(st: StrikeState, play: Play, ev: list[Event]) -> None:
    """S42, B18 [Tactics Cards]: look at one player's tactics hand, then draw one tactics card."""
    target = seat_of(st, play.args[0])
    seen = st.hands[target][:]
    st.known[play.seat][target] = seen[:]
    names = [st.cards.kind_names[k] for k in seen]
    ev.append(
        Event(
            "spy",
            f"Player {play.seat + 1} looks at Player {target + 1}'s hand",
            {"seat": play.seat, "target": target},
            known_to=frozenset((play.seat,)),
            secret={"hand": [KIND_IDS[k] for k in seen]},
            secret_text=f"Player {target + 1} holds: {', '.join(names) or 'nothing'}",
            reveals=True,
        )
    )
    _draw_tactics(st, play.seat, ev)


def _e_expand(st: StrikeState, play: Play, ev: list[Event]) -> None:
    """S47, B17 [Tactics Cards; More to Know]: one tactics card, or two continent cards, each from
    the deck or the row."""
    if play.args[0] == "tactics":
        _draw_tactics(st, play.seat, ev)
    else:
        st.gains = 2
        ev.append(Event("expand", f"Expand: Player {play.seat + 1} is to take 2 continent cards"))


def _e_rally(st: StrikeState, play: Play, ev: list[Event]) -> None:
    """S44, B7 [Tactics Cards]: +2 on each of the attacker's dice this roll; several add up."""
    st.rallies += 1
    ev.append(
        Event(
            "rally",
            f"Rally: the attacker's dice are now {faces(st.values(ATTACKER))}",
            {"values": st.values(ATTACKER)},
        )
    )


def _e_bombard(st: StrikeState, play: Play, ev: list[Event]) -> None:
    """S48, B8 [Tactics Cards]: the die's face becomes 6 (Rally still adds to it); pairs are
    re-sorted when the roll is resolved."""
    side = SIDE_NAMES.index(str(play.args[0]))
    die = int(play.args[1]) - 1
    was = st.dice[side][die]
    st.dice[side][die] = 6
    # The die by its place in the roll and its face, not "die 1", which reads as a face.
    place = ("first", "second", "third", "fourth", "fifth")[die] if die < 5 else f"no. {die + 1}"
    ev.append(
        Event(
            "bombard",
            f"Bombard: the {SIDE_NAMES[side]}'s {place} die, a {was}, is now a 6",
            {"side": SIDE_NAMES[side], "die": die + 1, "values": st.values(side)},
        )
    )


def _e_artillery(st: StrikeState, play: Play, ev: list[Event]) -> None:
    """S45, B9 [Tactics Cards]: the target discards min(2, its active troops); troops are alike."""
    target = seat_of(st, play.args[0])
    hits = 0
    for side in (ATTACKER, DEFENDER):
        while hits < ARTILLERY_HITS and st.troops[side][target]:
            st.troops[side][target] -= 1
            st.discard.append(TROOP)
            hits += 1
    ev.append(
        Event(
            "artillery",
            f"Artillery: Player {target + 1} discards {TROOPS.of(hits)}",
            {"target": target, "count": hits},
        )
    )


def _e_sabotage(st: StrikeState, play: Play, ev: list[Event]) -> None:
    """S46, B10 [Tactics Cards]: the battle ends, troops go back to their owners' hands (seen by
    all), and the attacker's turn ends without the pass draw."""
    for side in (ATTACKER, DEFENDER):
        for owner in range(st.players):
            for _ in range(st.troops[side][owner]):
                _add_to_hand(st, owner, TROOP, public=True)
    ev.append(Event("sabotage", "Sabotage: the battle ends and troops return to their hands"))
    st.troops = [[0] * st.players, [0] * st.players]
    _end_turn(st, ev)


def seat_of(st: StrikeState, arg: Arg) -> Seat:
    """The seat an argument names: "p2", "player 2" or "2"."""
    text = str(arg).lower().replace(" ", "")
    for prefix in ("player", "p"):
        if text.startswith(prefix) and text[len(prefix) :].isdigit():
            text = text[len(prefix) :]
            break
    if text.isascii() and text.isdigit() and 1 <= int(text) <= st.players:
        return int(text) - 1
    raise IllegalAction(f"there is no player {arg!r}")


def _canonical_args(cards: StrikeCards, action: Action) -> tuple[Arg, ...]:
    """Continent names to ids, players to "pN", sides to "attacker"/"defender"."""
    out: list[Arg] = []
    for arg in action.args:
        if isinstance(arg, int):
            if arg >= 1 and (
                action.kind in ("spy", "artillery", "discard")
                or (action.kind == "attack" and len(out) == 1)
            ):
                out.append(f"p{arg}")
            else:
                out.append(arg)
            continue
        low = arg.lower()
        continent = cards.continent(low)
        if continent is not None:
            out.append(cards.continent_ids[continent])
        elif low in ("a", "d") and not out and action.kind in ("deploy", "bombard"):
            # Only where a side is named (first): elsewhere a refusal would quote words the
            # player never typed ("attack attacker b ...").
            out.append("attacker" if low == "a" else "defender")
        elif low.startswith("player") and low[6:].strip().isdigit():  # "Player 2" quoted too
            out.append(f"p{low[6:].strip()}")
        else:
            out.append(low)
    return tuple(out)


def _without(cards: list[int], removed: list[int]) -> list[int]:
    """The multiset difference `cards` - `removed`."""
    rest = cards[:]
    for kind in removed:
        rest.remove(kind)
    return rest


def _common(seen: list[int], hand: list[int]) -> list[int]:
    """The multiset intersection, sorted."""
    rest = hand[:]
    out = []
    for kind in seen:
        if kind in rest:
            rest.remove(kind)
            out.append(kind)
    return sorted(out)


_Handler = Callable[[StrikeState, Seat, Action, list[Event]], None]
_HANDLERS: dict[str, _Handler] = {
    "draw": _h_draw,
    "take": _h_take,
    "pass": _h_pass,
    "attack": _h_attack,
    "deploy": _h_deploy,
    "discard": _h_discard,
    "again": _h_again,
    "stop": _h_stop,
    "cancel": _h_cancel,
    **{KIND_IDS[k]: _h_card for k in (SPY, EXPAND, RALLY, BOMBARD, ARTILLERY, SABOTAGE)},
}
_EFFECTS: dict[str, Callable[[StrikeState, Play, list[Event]], None]] = {
    "spy": _e_spy,
    "expand": _e_expand,
    "rally": _e_rally,
    "bombard": _e_bombard,
    "artillery": _e_artillery,
    "sabotage": _e_sabotage,
}

register(RiskStrike())

__all__ = ["RiskStrike", "seat_arg", "turn_limit_reason"]
