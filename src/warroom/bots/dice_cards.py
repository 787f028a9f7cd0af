"""Bots for the dice-matching card games (War Assets, Guardians): greedy, lookahead, the search
kit.

Every decision inside an attempt (which row to match, which die to set aside, whether to
reroll) maximises the exact probability of completing the staged card, from the odds solver
`warroom.odds.dice_match`: that solver is the optimal play for one card, so the greedy bot
plays each attempt optimally. The choice that is a matter of judgement is the card: the
greedy bot takes the `target` action maximising P(complete it) x what the card is worth to
it, where worth is the change in its estimated share of the win (`shares`: a soft share of
strength, points plus what groups in progress and Set powers promise, that sharpens as the
cards run out, and the exact result when a claim ends the game). A card worth less than
nothing (the last card claimed by a player who would then lose) is played to fail.

The lookahead tier (`lookahead`, the search tier of the ladders) plays as greedy but looks
past the other seats' replies: a claim is worth greedy's gain times the exact chance that no
other seat takes the card back before this one plays again (`keep_chance`, from the solver's
first-roll odds with the steal row), so it trades easy cards back and forth far less and
locks groups first. It beats greedy where sampled search did not (docs/ladder-war-assets.md).

The generic search (`mcts`, `mcts:N`) is the determinized MCTS of `warroom.bots.search`
with this module's kit: it branches over the few best cards by the greedy score, plays the
rest of the turn and the following turns by the greedy policy, and evaluates positions by a
soft share of strength. Nothing is hidden in these games but the dice to come, so a
determinization is the observation with a fresh generator.

The policy works on a state (an observation or a sampled state alike) and builds its action
from the legal families of the rules, so bot and rollout policy are the same code.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from warroom.bots import Bot, RandomBot, register_tier
from warroom.bots.search import SearchKit, register_search_kit
from warroom.core.actions import Action
from warroom.core.game import Seat
from warroom.core.rng import Rng
from warroom.games import get_mode
from warroom.games.dice_cards.cards import D6, D8, DiceCards
from warroom.games.dice_cards.guardians import ORB_BONUS, ORB_KIND, Guardians
from warroom.games.dice_cards.rules import STEAL, DiceCardsGame
from warroom.games.dice_cards.state import NOBODY, TARGET, DiceCardsState
from warroom.odds.dice_match import card_odds_float, completion_float
from warroom.rules.dice_match import Row

MODES = ("mass-effect-war-assets", "mcu-guardians")

POWER_WORTH = {"extra_die": 3.0, "reroll": 2.0, "ignore_steal": 1.5}
"""Points a Set power is worth to its holder at the start of a game (Q8
[GotG 4], reconstructed powers: judgement, scaled
down as the cards run out)."""
PROGRESS = 0.8  # share of a group's promise counted when its other cards are all unclaimed
CONTESTED = 0.4  # the same when an opponent holds one of them
TEMPERATURE = 1.0  # points of strength per e-fold of the win share, scaled by sqrt(1 + unclaimed)
UNSETTLED = 0.05  # per card left unclaimed (and one for the game going on at all): the share of
MOST_UNSETTLED = 0.6  # the win that the points so far do not decide, up to this much
IMPATIENCE = 3e-4  # per turn played: draining the unclaimed cards gains this much more worth
# (a share of the win), so that games of bots stealing back and forth still end: without it,
# bots that each refuse to claim a last card they would lose by played 30,000-turn games.
CANDIDATES = 5  # cards the search branches over at a target decision
EPSILON = 1e-9


# -- values ----------------------------------------------------------------------------------
@cache
def orb_roll_chance(d6: int, d8: int) -> float:
    """P(at least three of a kind among d6 d6s and d8 d8s): the Orb roll (MCU93, Q3 [GotG 5])."""
    # Distributions of face counts, d6s and d8s independent; a face is 1..8.
    counts: dict[tuple[int, ...], float] = {(0,) * 9: 1.0}
    for sides, n in ((D6, d6), (D8, d8)):
        for _ in range(n):
            nxt: dict[tuple[int, ...], float] = {}
            for c, p in counts.items():
                for f in range(1, sides + 1):
                    key = (*c[:f], c[f] + 1, *c[f + 1 :])
                    nxt[key] = nxt.get(key, 0.0) + p / sides
            counts = nxt
    return sum(p for c, p in counts.items() if max(c) >= ORB_KIND)


def strength(game: DiceCardsGame, st: DiceCardsState) -> list[float]:
    """Each seat's points (the rules' scores), plus what its groups in progress promise and
    what its Set powers are worth over the rest of the game."""
    cards: DiceCards = st.cards
    out = [float(s) for s in game.scores(st)]
    left = 0.3 + 0.7 * st.unclaimed() / len(cards.cards)
    for group in cards.groups:
        owners = [st.owner[c] for c in group.cards]
        worth = POWER_WORTH.get(group.power or "", 0.0) * left
        if group.orb and st.orb == NOBODY:
            worth += ORB_BONUS  # MCU92/Q10 [GotG 5]: its first completion brings the Orb
        if owners.count(owners[0]) == len(owners) and owners[0] != NOBODY:
            out[owners[0]] += worth  # held: the points are in the score, the power is its
            continue
        promise = group.value - sum(cards.cards[c].value for c in group.cards) + worth
        for seat in set(owners) - {NOBODY}:
            mine = owners.count(seat)
            contested = any(o not in (seat, NOBODY) for o in owners)
            share = CONTESTED if contested else PROGRESS
            out[seat] += promise * share * (mine / len(owners)) ** 2
    return out


def shares(game: DiceCardsGame, st: DiceCardsState) -> list[float]:
    """Each seat's estimated share of the win, in [0, 1], summing to 1.

    At the end, the rules' outcome (a tie shares). Before it, a soft share of strength whose
    temperature grows with the cards still unclaimed, mixed with an even share that also grows
    with them (UNSETTLED): while cards are left, cards can be stolen back, so a lead is never
    a win. Claiming an unclaimed card, the last one most of all, is then worth something to
    the leader even when its lead is large, and a trailing player would rather steal.
    """
    if st.outcome is not None or (st.unclaimed() == 0 and not isinstance(game, Guardians)):
        scores = game.scores(st)
        best = max(scores)
        winners = [p for p in range(st.players) if scores[p] == best]
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(st.players)]
    values = strength(game, st)
    top = max(values)
    temperature = TEMPERATURE * (1 + st.unclaimed())
    weights = [math.exp((v - top) / temperature) for v in values]
    total = sum(weights)
    unsettled = min(UNSETTLED * (1 + st.unclaimed()), MOST_UNSETTLED)
    return [(1 - unsettled) * w / total + unsettled / st.players for w in weights]


def claim_worth(
    game: DiceCardsGame, st: DiceCardsState, seat: Seat, card: int, before: float | None = None
) -> float:
    """What claiming `card` changes in `seat`'s share of the win, the Orb as the rules move it
    (an expectation over the Orb roll of a steal from its holder, MCU93), plus IMPATIENCE per
    turn played for an unclaimed card. `before` is `seat`'s share now, when the caller has it
    (it is the same for every card)."""
    if before is None:
        before = shares(game, st)[seat]
    after = st.copy()
    victim = after.owner[card]
    after.owner[card] = seat
    group = st.cards.groups[st.cards.cards[card].group]
    if group.orb and after.orb == NOBODY and after.holds_group(seat, st.cards.cards[card].group):
        after.orb = seat
    gained = shares(game, after)[seat] - before
    if victim != NOBODY and victim == st.orb:
        after.orb = seat
        with_orb = shares(game, after)[seat] - before
        gained += orb_roll_chance(st.cards.d6, st.cards.d8) * (with_orb - gained)
    if victim == NOBODY:
        gained += IMPATIENCE * st.turn
    return gained


# -- the attempt's odds ---------------------------------------------------------------------
def _left(st: DiceCardsState, used: Sequence[int] = ()) -> tuple[int, int]:
    """Unplaced d6s and d8s, leaving out the dice at `used`."""
    free = [i for i in st.unplaced() if i not in used]
    d8 = sum(1 for i in free if st.sides[i] == D8)
    return len(free) - d8, d8


def chance(rows: Sequence[Row], d6: int, d8: int) -> float:
    """P(completing these rows with these dice about to roll), optimal play; 1 with no row."""
    if not rows:
        return 1.0
    return completion_float(tuple(rows), d6, d8)[0]


@cache
def first_roll_chance(rows: tuple[Row, ...], d6: int, d8: int) -> float:
    """P(selecting and completing a card with these rows from a first roll of these dice)."""
    return card_odds_float(rows, d6, d8).p_complete


def _dice(args: Sequence[object]) -> list[int]:
    return [a - 1 for a in args if isinstance(a, int)]


def _slot(rows: Sequence[Row], name: object) -> int:
    return len(rows) - 1 if name == STEAL else int(str(name)) - 1


@dataclass(frozen=True, slots=True)
class Scored:
    """A legal action with its completion chance (negated when aiming to fail) and, for a
    target, the card's worth."""

    action: Action
    chance: float
    worth: float = 0.0

    @property
    def score(self) -> float:
        return self.chance * self.worth


def score_targets(
    game: DiceCardsGame, st: DiceCardsState, seat: Seat, legal: Sequence[Action] | None = None
) -> list[Scored]:
    """Every legal `target` action, scored: P(complete) after placing its dice x worth.
    `legal` is the decision's listing when the caller has one (a bot is handed it, often
    listed already), so that every card's targets are not listed twice."""
    worth: dict[int, float] = {}
    found: dict[object, int | None] = {}  # a card's index by its name in the actions
    out = []
    before = shares(game, st)[seat]
    for action in game.legal_actions(st, seat) if legal is None else legal:
        if action.kind != "target":
            continue
        named = action.args[0]
        if named not in found:
            found[named] = st.cards.card(str(named))
        card = found[named]
        assert card is not None
        if card not in worth:
            worth[card] = claim_worth(game, st, seat, card, before)
        rows = game.target_rows(st, seat, card)
        slot = _slot(rows, action.args[1])
        rest = rows[:slot] + rows[slot + 1 :]
        out.append(
            Scored(
                action,
                chance(rest, *_left(st, _dice(action.args[2:]))),
                worth[card],
            )
        )
    return out


def best_target(
    game: DiceCardsGame, st: DiceCardsState, seat: Seat, legal: Sequence[Action] | None = None
) -> list[Scored]:
    """The best `target` action for each card, best card first (of `legal`, when given)."""
    per_card: dict[object, Scored] = {}
    for s in score_targets(game, st, seat, legal):
        card = s.action.args[0]
        held = per_card.get(card)
        if held is None or s.chance > held.chance + EPSILON:
            per_card[card] = s
    return sorted(per_card.values(), key=lambda s: -s.score)


def _reroll_worth(game: DiceCardsGame, st: DiceCardsState, seat: Seat) -> float:
    """A rough worth of rerolling every die before selecting: the best card's chance from a
    fresh first roll x its worth (a lower bound: the card is chosen after the roll)."""
    d6, d8 = _left(st)
    best = 0.0
    before = shares(game, st)[seat]
    for card in range(len(st.cards.cards)):
        if game.targetable(st, seat, card):
            p = first_roll_chance(game.target_rows(st, seat, card), d6, d8)
            best = max(best, p * claim_worth(game, st, seat, card, before))
    return best


def greedy_action(
    game: DiceCardsGame,
    st: DiceCardsState,
    seat: Seat,
    lookahead: bool = False,
    legal: Sequence[Action] | None = None,
) -> Action:
    """The greedy choice: the card by chance x worth, then the solver's optimal play; with
    `lookahead`, the card by chance x worth past the other seats' replies (`look_past`).
    `legal` is the decision's listing when the caller was handed one."""
    if legal is None:
        legal = game.legal_actions(st, seat)
    reroll = Action("reroll") in legal  # answered without listing the rest
    if st.phase == TARGET:
        ranked = best_target(game, st, seat, legal)
        now = ranked[0].score if ranked else 0.0
        if reroll and (not ranked or _reroll_worth(game, st, seat) > now):
            return Action("reroll")
        if not ranked:
            return Action("pass")
        return look_past(game, st, seat, ranked).action if lookahead else ranked[0].action
    rows = st.rows()
    open_slots = st.open_slots()
    # Complete a card worth having; one worth less than nothing, fail as likely as may be.
    sign = 1.0 if claim_worth(game, st, seat, st.target) >= 0 else -1.0
    best: Scored | None = None
    for action in legal:
        if action.kind == "match":
            used = _dice(action.args[1:])
            slot = _slot(rows, action.args[0])
            rest = [rows[k] for k in open_slots if k != slot]
        elif action.kind == "aside":
            used = _dice(action.args)
            rest = [rows[k] for k in open_slots]
        else:
            continue
        scored = Scored(action, sign * chance(rest, *_left(st, used)))
        if best is None or scored.chance > best.chance + EPSILON:
            best = scored
    if reroll:
        again = sign * chance([rows[k] for k in open_slots], *_left(st))
        if best is None or again > best.chance + EPSILON:
            return Action("reroll")
    assert best is not None, "an attempt always has a match or a die to set aside"
    return best.action


# -- the lookahead -----------------------------------------------------------------------------
def keep_chance(game: DiceCardsGame, st: DiceCardsState, seat: Seat, card: int) -> float:
    """P(no other seat takes `card` from `seat` before `seat` plays again), once `seat` has
    claimed it: each other seat in turn tries to, from a first roll, the steal row included
    (the exact solver's chance of selecting and completing it), as if it tried nothing else.
    1 for a card whose group the claim completes (ME130/MCU91: nobody may try it)."""
    after = st.copy()
    after.owner[card] = seat
    keep = 1.0
    for k in range(1, st.players):
        other = (seat + k) % st.players
        if not game.targetable(after, other, card):
            return 1.0
        d6 = st.cards.d6 + game.extra_dice(after, other)
        keep *= 1.0 - first_roll_chance(game.target_rows(after, other, card), d6, st.cards.d8)
    return keep


def _kept(game: DiceCardsGame, st: DiceCardsState, seat: Seat, card: int, gained: float) -> float:
    """A gain of `gained` past the replies: it lasts only while the card is kept, unless the
    claim ends the game (War Assets' last card, W7 [WA Ending the Game]) or is worth nothing."""
    ends = st.unclaimed() == 1 and st.owner[card] == NOBODY and not isinstance(game, Guardians)
    if gained <= 0 or ends:
        return gained
    return gained * keep_chance(game, st, seat, card)


def lookahead_worth(game: DiceCardsGame, st: DiceCardsState, seat: Seat, card: int) -> float:
    """`claim_worth` once the other seats have replied (`keep_chance`)."""
    return _kept(game, st, seat, card, claim_worth(game, st, seat, card))


def look_past(
    game: DiceCardsGame, st: DiceCardsState, seat: Seat, ranked: Sequence[Scored]
) -> Scored:
    """The target maximising P(complete) x `lookahead_worth`, from `best_target`'s ranking.

    A card's worth past the replies is at most its greedy worth, so the cards are taken in
    greedy order and the search stops at the first whose greedy score cannot beat the best
    found: few cards need the other seats' chances (each a solver call, slow when first met).
    """
    best, value = ranked[0], -math.inf
    for s in ranked:
        if s.score <= value:
            break
        card = st.cards.card(str(s.action.args[0]))
        assert card is not None
        mine = s.chance * _kept(game, st, seat, card, s.worth)
        if mine > value:
            best, value = s, mine
    return best


# -- the bots ----------------------------------------------------------------------------------
class GreedyDiceBot:
    """The greedy tier: the card by completion chance x worth, each roll played optimally."""

    name = "greedy"
    lookahead = False

    def __init__(self, mode: str, seed: int = 0) -> None:
        game = get_mode(mode)
        assert isinstance(game, DiceCardsGame)
        self.game = game
        self.fallback = RandomBot(seed)

    def choose(self, seat: Seat, observation: DiceCardsState, legal: Sequence[Action]) -> Action:
        action = greedy_action(self.game, observation, seat, self.lookahead, legal)
        if action in legal:
            return action
        return self.fallback.choose(seat, observation, legal)


class LookaheadDiceBot(GreedyDiceBot):
    """The search tier: greedy's play, each card's worth looked at past the other seats'
    replies with the exact solver (`lookahead_worth`)."""

    name = "lookahead"
    lookahead = True


# -- the search kit ----------------------------------------------------------------------------
def determinize(observation: DiceCardsState, seat: Seat, rng: random.Random) -> DiceCardsState:
    """Only the dice to come are unknown: the observation with a fresh generator."""
    st = observation.copy()
    st.rng = Rng(rng.getrandbits(64))
    return st


def candidates_for(game: DiceCardsGame) -> Callable[[DiceCardsState, Seat], list[Action]]:
    """The few best cards at a target decision (the greedy one first); inside an attempt,
    the greedy (optimal) action alone."""

    def candidates(st: DiceCardsState, seat: Seat) -> list[Action]:
        first = greedy_action(game, st, seat)
        if st.phase != TARGET or first.kind == "reroll":
            return [first]
        others = [s.action for s in best_target(game, st, seat)[:CANDIDATES]]
        return [first, *(a for a in others if a != first)]

    return candidates


def _kit(game: DiceCardsGame) -> SearchKit[DiceCardsState]:
    return SearchKit(
        game=game,
        determinize=determinize,
        policy=lambda st, seat, rng: greedy_action(game, st, seat),
        candidates=candidates_for(game),
        evaluate=lambda st: shares(game, st),
        horizon_over=lambda st, root_turn: st.turn > root_turn + st.players,
        turn=lambda st: st.turn,
        paired=True,
        margin=0.02,
    )


def _greedy(mode: str, seed: int) -> Bot:
    return GreedyDiceBot(mode, seed)


def _lookahead(mode: str, seed: int) -> Bot:
    return LookaheadDiceBot(mode, seed)


for _mode in MODES:
    _game = get_mode(_mode)
    assert isinstance(_game, DiceCardsGame)
    register_tier("greedy", _mode, _greedy)
    register_search_kit(_mode, _kit(_game))
    register_tier("lookahead", _mode, _lookahead)

__all__ = [
    "GreedyDiceBot",
    "LookaheadDiceBot",
    "claim_worth",
    "determinize",
    "greedy_action",
    "keep_chance",
    "look_past",
    "lookahead_worth",
    "orb_roll_chance",
    "score_targets",
    "shares",
    "strength",
]
