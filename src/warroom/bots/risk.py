"""Classic RISK bots: a determinizer, a greedy heuristic, and the search kit for MCTS.

The greedy policy works on a `RiskState`, so the same code is the bot (on its seat's
observation: it reads only public facts and its own hand) and the cheap rollout policy of
the search bot (on a sampled state). It builds its action directly
from the rules rather than from the legal list, which keeps rollouts fast; the bot
checks the result against the legal list it was given.

Attack decisions use the exact conquest odds from `warroom.odds`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from functools import cache
from itertools import compress, repeat
from operator import eq, ne

from warroom.bots import Bot, PolicyBot, register_tier
from warroom.bots.search import SearchKit, register_search_kit
from warroom.core.actions import Action
from warroom.core.board import Board, reachable
from warroom.core.errors import WarroomError
from warroom.core.game import Seat
from warroom.core.rng import Rng
from warroom.games import risk_classic as rc
from warroom.games.risk_classic import RiskState
from warroom.odds import win_probability, win_table
from warroom.rules.cards import WILD, is_set
from warroom.rules.reinforcement import owners_of, region_owners, territory_armies

_TABLE_SIZE = 80
_WIN: list[list[float]] = win_table(_TABLE_SIZE, _TABLE_SIZE).tolist()
CARD_VALUE = 1.5  # a territory card, in territories: roughly a third of a set
ATTACK_THRESHOLD = 0.62  # least value-weighted conquest odds worth rolling for
_END = Action("end")  # an action is immutable: one for every end of a step


def p_conquer(attackers: int, defenders: int) -> float:
    """Exact P(taking the territory) attacking to the end (attackers include the one left)."""
    if attackers < _TABLE_SIZE and defenders < _TABLE_SIZE:
        return _WIN[attackers][defenders]
    return win_probability(attackers, defenders)


# -- determinization -------------------------------------------------------------------------
def determinize(observation: RiskState, seat: Seat, rng: random.Random) -> RiskState:
    """A full state agreeing with everything `seat` observes; the hidden rest is sampled.

    Known: the board, own hand, every hand's size, the deck's size. The cards `seat` cannot
    see (all but its own hand) are shuffled and dealt into the other hands and the deck, and
    chance comes from a fresh generator seeded from `rng`.
    """
    searching()
    st = observation.copy()
    deal_unseen(st, seat, len(st.board) + st.board.wild_cards, set(st.hands[seat]), rng)
    return st


def deal_unseen(st: RiskState, seat: Seat, cards: int, known: set[int], rng: random.Random) -> None:
    """The cards `seat` has not seen (of `cards`, numbered from 0; all but `known`) dealt at
    random into the other hands and the deck at their sizes, and a fresh generator for
    chance: the hidden part of a determinized state, sampled alike by every edition whose
    cards are only hands, a deck and piles face up."""
    unseen = [c for c in range(cards) if c not in known]
    rng.shuffle(unseen)
    dealt = 0
    for p, hand in enumerate(st.hands):
        if p != seat:
            st.hands[p] = sorted(unseen[dealt : dealt + len(hand)])
            dealt += len(hand)
    st.deck = unseen[dealt : dealt + len(st.deck)]
    st.rng = Rng(rng.getrandbits(64))


# -- board facts, computed once per board ------------------------------------------------------
@cache
def _region_size(board: Board) -> tuple[int, ...]:
    return tuple(len(m) for m in board.region_members)


@cache
def _neighbor_owners(board: Board) -> tuple[Callable[[list[int]], tuple[int, ...]], ...]:
    """Per territory, a function from the owner list to its neighbours' owners."""
    return tuple(owners_of(around) for around in board.neighbors)


def _threat(st: RiskState, seat: int, t: int) -> int:
    """Armies that could attack `t` next turn (the neutral never attacks)."""
    total = 0
    for u in st.board.neighbors[t]:
        o = st.owner[u]
        if o != seat and o != st.neutral and o >= 0:
            total += st.armies[u] - 1
    return total


def _region_counts(st: RiskState, seat: int) -> list[int]:
    counts = [0] * len(st.board.regions)
    region_of = st.board.region_of
    for t, o in enumerate(st.owner):
        if o == seat:
            counts[region_of[t]] += 1
    return counts


class _Targets:
    """What each target is worth to `seat`, with the facts every target shares (own
    territories per region, who holds each region, territories per side) counted once, and
    the score of every attack.

    A value depends only on who owns what and the hands' sizes (only where a side is down
    to two territories), and a step replaces the owner list whenever it changes one
    (`RiskState.step_copy`), so the same list and sizes mean the same values: the rolls of
    an attack and the fortifying after it reuse them (`_targets`), and rescore only the
    attacks whose armies changed. Search meets the same owners again and again (every
    iteration walks from the same root), so `_targets` also keeps them by owners; what they
    keep is mostly tuples, which the garbage collector stops tracking, since a kept state and
    its lists would make every full collection longer."""

    __slots__ = (
        "armies_seen",
        "board",
        "card_seen",
        "counts",
        "front",
        "hands",
        "hands_matter",
        "held",
        "left",
        "neutral",
        "owner",
        "pairs",
        "players",
        "scores",
        "seat",
        "sizes",
        "touching",
        "values",
    )

    def __init__(self, st: RiskState, seat: int) -> None:
        self.board, self.players, self.neutral, self.seat = st.board, st.players, st.neutral, seat
        self.values: dict[int, float] = {}
        owner = self.owner = st.owner
        in_regions = [members(owner) for members in region_owners(st.board)]
        self.counts = tuple(owners.count(seat) for owners in in_regions)
        # The side holding every territory of a region, or -1.
        self.held = tuple(
            owners[0] if owners.count(owners[0]) == len(owners) else -1 for owners in in_regions
        )
        # Territories per side, the neutral's too; the last entry also counts unclaimed ones.
        left = [owner.count(o) for o in range(st.players + 2)]
        left[-1] += owner.count(-1)
        self.left = tuple(left)
        # Only a side down to one or two territories has its hand in a value (`value`); one
        # with none (out of the game) owns no target, so its hand never counts.
        self.hands_matter = any(0 < left[o] <= 2 for o in range(st.players) if o != st.neutral)
        self.hands = st.hands if self.hands_matter else None
        self.sizes = tuple(map(len, st.hands)) if self.hands_matter else ()
        self.front: list[int] | None = None
        self.pairs: tuple[tuple[int, int], ...] = ()  # (own territory, another side's neighbour)
        self.scores: list[float] = []  # per pair; -inf: too few armies to attack
        self.touching: dict[int, tuple[int, ...]] | None = None  # territory: the pairs it is in
        self.armies_seen: list[int] = []  # the armies `scores` were scored with
        self.card_seen = -1.0  # the card value they were scored with (-1: never scored)

    def fits(self, st: RiskState, seat: int) -> bool:
        return (
            self.owner is st.owner
            and self.seat == seat
            and (not self.hands_matter or tuple(map(len, st.hands)) == self.sizes)
        )

    def take(self, st: RiskState) -> _Targets | None:
        """These targets for `st`, which has the same owners (as another list), board and
        seat: None where the hands' sizes count and differ."""
        if st.board is not self.board or (
            self.hands_matter and tuple(map(len, st.hands)) != self.sizes
        ):
            return None
        self.owner = st.owner
        if self.hands_matter:
            self.hands = st.hands
        return self

    def value(self, t: int) -> float:
        """What taking `t` is worth to `seat`, in territories."""
        known = self.values.get(t)
        if known is not None:
            return known
        seat, neutral = self.seat, self.neutral
        b = self.board
        r = b.region_of[t]
        size = _region_size(b)[r]
        bonus = b.region_bonus[r]
        count = self.counts[r]
        value = 1.0 + bonus * (count + 1) / size
        if count + 1 == size:
            value += 2.0 * bonus  # completes the region
        holder = self.held[r]
        if holder >= 0 and holder != seat and holder != neutral:
            value += 1.5 * bonus  # breaks an opponent's region
        o = self.owner[t]
        if 0 <= o < self.players and o != neutral:
            left = self.left[o]
            if left <= 2:
                assert self.hands is not None  # kept wherever a side is down to two
                value += 3.0 + CARD_VALUE * len(self.hands[o]) / left  # towards an elimination
        self.values[t] = value
        return value

    def attack_scores(self, armies: list[int], card: float) -> list[float]:
        """A score per pair of `pairs` (-inf where the source has one army), rescoring only
        the pairs whose armies changed since the last call with the same card value."""
        if card != self.card_seen:
            self._score_all(armies, card)
            return self.scores
        seen = self.armies_seen
        if armies == seen:
            return self.scores
        if self.touching is None:
            lists: dict[int, list[int]] = {}
            for i, (s, t) in enumerate(self.pairs):
                lists.setdefault(s, []).append(i)
                lists.setdefault(t, []).append(i)
            self.touching = {u: tuple(pairs) for u, pairs in lists.items()}
        touching, pairs, scores = self.touching, self.pairs, self.scores
        values, value, win = self.values, self.value, _WIN
        for u in compress(range(len(armies)), map(ne, armies, seen)):
            for i in touching.get(u, ()):
                s, t = pairs[i]
                a, d = armies[s], armies[t]
                if a < 2:
                    scores[i] = -math.inf
                    continue
                # `p_conquer`, its table read here: this is the hottest loop of a rollout.
                p = win[a][d] if a < _TABLE_SIZE and d < _TABLE_SIZE else p_conquer(a, d)
                v = values.get(t)
                if v is None:
                    v = value(t)
                scores[i] = p * (v + card) - (1 - p) * 1.0
        self.armies_seen = armies[:]
        return scores

    def _score_all(self, armies: list[int], card: float) -> None:
        """Every pair listed (in board order) and scored afresh."""
        owner, seat, neighbors = self.owner, self.seat, self.board.neighbors
        values, value, win = self.values, self.value, _WIN
        pairs: list[tuple[int, int]] = []
        scores: list[float] = []
        for s in compress(range(len(owner)), map(eq, owner, repeat(seat))):
            a = armies[s]
            for t in neighbors[s]:
                if owner[t] == seat:
                    continue
                pairs.append((s, t))
                if a < 2:
                    scores.append(-math.inf)
                    continue
                d = armies[t]
                p = win[a][d] if a < _TABLE_SIZE and d < _TABLE_SIZE else p_conquer(a, d)
                v = values.get(t)
                if v is None:
                    v = value(t)
                scores.append(p * (v + card) - (1 - p) * 1.0)
        self.pairs, self.scores, self.touching = tuple(pairs), scores, None
        self.armies_seen, self.card_seen = armies[:], card

    def front_distance(self) -> list[int]:
        """`_front_distance` for these owners, computed once (not to be changed)."""
        if self.front is None:
            self.front = _front_of(self.board, self.owner, self.seat)
        return self.front


_latest: dict[int, _Targets] = {}  # per seat, the targets last used
# Targets by (seat, sides, owners), for owners met a second time, once a search is under way
# in this process (`searching`): its iterations meet the same owners again and again (every
# one walks from the same root, and each decision's root follows the last), a plain game
# hardly ever, where keeping them would only make the garbage collector's passes longer.
_kept: dict[tuple[object, ...], _Targets] = {}
_met: set[int] = set()  # the hashes of the keys met once
_search: list[bool] = []  # [True] once a search has determinized a state here
KEPT_MOST = 2048  # owner lists kept at most; all are dropped when full


def searching() -> None:
    """Keep targets by owners from now on (each determinization for a search calls this)."""
    if not _search:
        _search.append(True)


def _targets(st: RiskState, seat: int) -> _Targets:
    """The seat's latest targets if they fit `st`, else (once searching) those kept for the
    same owners, else new ones. Values, pairs and front distances depend only on the owners
    (and sizes), and scores are rescored where the armies differ, so any of them gives the
    same answers."""
    known = _latest.get(seat)
    if known is not None and known.fits(st, seat):
        return known
    if not _search:
        fresh = _latest[seat] = _Targets(st, seat)
        return fresh
    key = (seat, st.players, st.neutral, *st.owner)
    kept = _kept.get(key)
    targets = kept.take(st) if kept is not None else None
    if targets is None:
        targets = _Targets(st, seat)
        met = hash(key)
        if met in _met:
            if len(_kept) >= KEPT_MOST:
                _kept.clear()
            _kept[key] = targets
        else:
            if len(_met) >= 8 * KEPT_MOST:
                _met.clear()
            _met.add(met)
    _latest[seat] = targets
    return targets


# -- the greedy policy on full states ----------------------------------------------------------
def greedy_action(st: RiskState, seat: int) -> Action:
    """The greedy player's choice, built from the rules (legal by construction)."""
    phase = st.phase
    names = st.board.territories
    # The steps of play first, the most frequent (a roll) first of all.
    if phase == rc.ATTACK:
        return move_action(st, "attack", _attack_move(st, seat))
    if phase == rc.OCCUPY:
        return Action("move", (_occupy_count(st, seat),))
    if phase == rc.DEFEND:
        return Action("defend", (min(2, st.armies[st.attack_to]),))
    if phase == rc.REINFORCE:
        trade = _best_trade(st, seat)
        if trade is not None:
            return trade
        return place_all(st, seat)
    if phase == rc.FORTIFY:
        return move_action(st, "fortify", _best_fortify(st, seat))
    if phase == rc.CLAIM:
        return Action("claim", (names[_best_claim(st, seat)],))
    if phase == rc.SETUP_PLACE:
        most = st.pending if st.neutral is not None else 1
        return Action("place", (names[best_placement(st, seat, most)], most))
    if phase == rc.SETUP_NEUTRAL:
        return Action("neutral", (names[_best_neutral(st, seat)],))
    raise WarroomError(f"no decision in phase {phase!r}")


def greedy_play(game: rc.ClassicRisk, st: RiskState, seat: int) -> RiskState:
    """`greedy_action` played on `st` in place, the search's rollout step: the steps of play
    (attacks, moving in, fortifying, placing) by territory numbers through the rules' own
    effects, with no action built and parsed and checked again (the choice is legal by
    construction); the rest (trades, setup, a defence asked for) as actions, checked."""
    phase = st.phase
    if phase == rc.ATTACK:
        move = _attack_move(st, seat)
        if move is None:
            rc.end_attack(game, st, seat, None)
        else:
            rc.attack(game, st, move, None)
    elif phase == rc.OCCUPY:
        rc.move_in(game, st, seat, _occupy_count(st, seat), None)
    elif phase == rc.FORTIFY:
        rc.fortify(game, st, seat, _best_fortify(st, seat), None)
    elif phase == rc.REINFORCE:
        trade = _best_trade(st, seat)
        if trade is not None or st.pending < 1 or not game.may_place(st, seat):
            # A trade, or a placement the rules refuse now (as `_place` would): checked.
            return game.play_owned(st, seat, trade or place_all(st, seat))
        rc.place(game, st, seat, best_placement(st, seat, st.pending), st.pending, None)
    else:
        return game.play_owned(st, seat, greedy_action(st, seat))
    return st


def place_all(st: RiskState, seat: int) -> Action:
    """All the armies to place, at once, where they do most (`best_placement`)."""
    return Action("place", (st.board.territories[best_placement(st, seat, st.pending)], st.pending))


def move_action(st: RiskState, kind: str, move: tuple[int, int, int] | None) -> Action:
    """The end-of-turn `move` (source, target, count) as an action of `kind`; `end` for
    none."""
    if move is None:
        return _END
    source, target, count = move
    names = st.board.territories
    return Action(kind, (names[source], names[target], count))


def _best_claim(st: RiskState, seat: int) -> int:
    b, owner = st.board, st.owner
    counts = _region_counts(st, seat)
    sizes = _region_size(b)
    # Per region, the territories another side has claimed, counted once.
    in_regions = [members(owner) for members in region_owners(b)]
    others = [len(o) - o.count(-1) - o.count(seat) for o in in_regions]
    around = _neighbor_owners(b)
    best, best_score = -1, -1e9
    for t in compress(range(len(owner)), map(eq, owner, repeat(-1))):
        r = b.region_of[t]
        score = (counts[r] + 1 - 1.5 * others[r]) / sizes[r] + 0.1 * b.region_bonus[r] / sizes[r]
        score += 0.05 * around[t](owner).count(seat)
        if score > best_score:
            best, best_score = t, score
    return best


def _front_gains(st: RiskState, seat: int, armies: int) -> list[tuple[float, int]]:
    """(best gain, territory) for each own territory on a front, in board order: with
    `armies` more there, the best of its enemy neighbours' conquest odds times their value."""
    targets = _targets(st, seat)
    values, value = targets.values, targets.value
    owner, stacks, neighbors, win = st.owner, st.armies, st.board.neighbors, _WIN
    gains: list[tuple[float, int]] = []
    for t in compress(range(len(owner)), map(eq, owner, repeat(seat))):
        here = stacks[t] + armies
        best = -1.0  # no front pair yet (a pair's odds times value is never negative)
        for u in neighbors[t]:
            if owner[u] != seat and owner[u] >= 0:
                # `p_conquer` and `value` read from their tables here: every front pair of
                # every placement.
                d = stacks[u]
                p = win[here][d] if here < _TABLE_SIZE and d < _TABLE_SIZE else p_conquer(here, d)
                v = values.get(u)
                gain = p * (value(u) if v is None else v)
                if gain > best:
                    best = gain
        if best >= 0.0:
            gains.append((best, t))
    return gains


def best_placement(st: RiskState, seat: int, armies: int) -> int:
    """Where new armies do most: the best attack they enable, or the most threatened front."""
    b = st.board
    counts, sizes, stacks = _targets(st, seat).counts, _region_size(b), st.armies
    best, best_score = -1, -1e9
    for attack, t in _front_gains(st, seat, armies):
        threat = _threat(st, seat, t)
        r = b.region_of[t]
        guard = b.region_bonus[r] if counts[r] == sizes[r] else 0.5
        defend = guard * threat / (threat + stacks[t] + 1)
        score = attack + defend
        if score > best_score:
            best, best_score = t, score
    if best < 0:  # nothing borders an enemy (only in setup): any own territory
        best = st.owner.index(seat)
    return best


def _best_neutral(st: RiskState, seat: int) -> int:
    """A neutral army where it blocks the opponent most and hinders us least."""
    b = st.board
    best, best_score = -1, -1e9
    for t in range(len(b)):
        if st.owner[t] != st.neutral:
            continue
        score = (
            sum((1 if st.owner[u] not in (seat, st.neutral) else -1) for u in b.neighbors[t])
            - 0.1 * st.armies[t]
        )
        if score > best_score:
            best, best_score = t, score
    return best


def _best_trade(st: RiskState, seat: int) -> Action | None:
    """Trade whenever a set is held (armies now beat cards later), saving wild cards."""
    hand = st.hands[seat]
    if len(hand) < 3:
        return None
    if st.elimination_trade and len(hand) <= rc.ELIMINATION_TRADE_DOWN_TO:
        return None
    b = st.board
    n = len(b)

    def design(c: int) -> str:
        return WILD if c >= n else b.card_design[c] or WILD

    best: tuple[float, tuple[int, int, int]] | None = None
    ordered = sorted(hand)
    for i in range(len(ordered)):
        for j in range(i + 1, len(ordered)):
            for k in range(j + 1, len(ordered)):
                combo = (ordered[i], ordered[j], ordered[k])
                if not is_set([design(c) for c in combo]):
                    continue
                score = -2.0 * sum(1 for c in combo if c >= n)
                score += sum(1 for c in combo if c < n and st.owner[c] == seat)
                if best is None or score > best[0]:
                    best = (score, combo)
    if best is None:
        return None
    combo = best[1]
    cards = tuple(WILD if c >= n else b.territories[c] for c in combo)
    if not st.card_bonus_taken:
        bonus = sorted({c for c in combo if c < n and st.owner[c] == seat})
        if bonus:
            spot = max(bonus, key=lambda t: _threat(st, seat, t))
            return Action("trade", (*cards, b.territories[spot]))
    return Action("trade", cards)


def _attacks(st: RiskState, seat: int, most: int) -> list[tuple[int, int, float]]:
    """(from, to, score) for the `most` best-scoring attacks, best first (ties in board
    order)."""
    targets = _targets(st, seat)
    scores = targets.attack_scores(st.armies, 0.0 if st.conquered or not st.deck else CARD_VALUE)
    return [
        (*targets.pairs[i], scores[i])
        # What `heapq.nlargest` gives (ties in board order), sorted in C: a few dozen pairs.
        for i in sorted(range(len(scores)), key=scores.__getitem__, reverse=True)[:most]
        if scores[i] != -math.inf
    ]


def _best_attack(st: RiskState, seat: int) -> tuple[int, int, float] | None:
    """The first of the best-scoring attacks (as `_attacks` ranks them), without sorting."""
    targets = _targets(st, seat)
    scores = targets.attack_scores(st.armies, 0.0 if st.conquered or not st.deck else CARD_VALUE)
    if not scores:
        return None
    best = max(scores)
    if not _worth_rolling(best):
        return None
    s, t = targets.pairs[scores.index(best)]
    return s, t, best


def _worth_rolling(score: float) -> bool:
    """Whether the greedy attacks with the best attack's score rather than stopping."""
    return score >= ATTACK_THRESHOLD


def _attack_move(st: RiskState, seat: int) -> tuple[int, int, int] | None:
    """The best attack (`_best_attack`) as (source, target, dice), rolling the most dice it
    may; None to stop attacking."""
    best = _best_attack(st, seat)
    if best is None:
        return None
    s, t, _ = best
    return s, t, min(3, st.armies[s] - 1)


def _occupy_count(st: RiskState, seat: int) -> int:
    """Move everything forward unless the territory left behind is itself on the front."""
    s, t, least = st.attack_from, st.attack_to, st.attack_dice
    most = least + st.armies[s] - 1
    owner, around, neighbors = st.owner, _neighbor_owners(st.board), st.board.neighbors
    if around[s](owner).count(seat) == len(neighbors[s]):  # the one left behind is safe
        return most
    if around[t](owner).count(seat) == len(neighbors[t]):  # the one taken borders no other side
        return least
    return max(least, min(most, (least + st.armies[s]) // 2))


def _best_fortify(st: RiskState, seat: int) -> tuple[int, int, int] | None:
    """Bring the largest idle interior stack one step towards the front."""
    dist = _targets(st, seat).front_distance()
    owner, armies, neighbors = st.owner, st.armies, st.board.neighbors
    best: tuple[int, int, int] | None = None
    most = 1
    for s in compress(range(len(owner)), map(eq, owner, repeat(seat))):
        if armies[s] <= most or dist[s] == 0:
            continue
        own = [u for u in neighbors[s] if owner[u] == seat]
        nearest = min((dist[u] for u in own), default=dist[s])
        if nearest >= dist[s]:
            continue
        # The nearest own neighbour, the most threatened of those (the first of equals).
        step = min((u for u in own if dist[u] == nearest), key=lambda u: -_threat(st, seat, u))
        best, most = (s, step, armies[s] - 1), armies[s]
    return best


def best_path_move(st: RiskState, seat: int) -> tuple[int, int, int] | None:
    """Where an edition moves along a chain of own territories (Mass Effect's fortify, ME28;
    MCU's maneuver, MCU24): the largest stack away from the front to the most threatened
    front territory joined to it by own territories, all but one unit."""
    dist = _targets(st, seat).front_distance()
    owner, armies = st.owner, st.armies
    interior = [t for t in range(len(owner)) if owner[t] == seat and dist[t] > 0 and armies[t] > 1]
    if not interior:
        return None
    source = max(interior, key=lambda t: (armies[t], -t))
    group = reachable(st.board.neighbors, source, lambda t: owner[t] == seat)
    front = [t for t in group if dist[t] == 0]
    if not front:
        return None
    target = max(front, key=lambda t: (_threat(st, seat, t) - armies[t], -t))
    return source, target, armies[source] - 1


def _front_distance(st: RiskState, seat: int) -> list[int]:
    """Steps through own territories to one bordering another side (0: on the front)."""
    return _front_of(st.board, st.owner, seat)


def _front_of(b: Board, owner: list[int], seat: int) -> list[int]:
    """`_front_distance` from the board and owner list."""
    neighbors = b.neighbors
    far = len(b) + 1
    dist = [far] * len(b)
    around = _neighbor_owners(b)
    queue = [
        t
        for t in compress(range(len(owner)), map(eq, owner, repeat(seat)))
        if around[t](owner).count(seat) != len(neighbors[t])
    ]
    for t in queue:
        dist[t] = 0
    for t in queue:
        for u in neighbors[t]:
            if owner[u] == seat and dist[u] == far:
                dist[u] = dist[t] + 1
                queue.append(u)
    return dist


# -- the search kit ----------------------------------------------------------------------------
def candidates(st: RiskState, seat: int) -> list[Action]:
    """A few sensible actions, the greedy one first: the search chooses among these."""
    names = st.board.territories
    phase = st.phase
    if phase == rc.ATTACK:
        # The best attacks ranked once: the greedy's own (`_best_attack`, the first of them)
        # is the first if it scores enough, else ending is; no action listed twice.
        ranked = _attacks(st, seat, 3)
        attacks = [
            Action("attack", (names[s], names[t], min(3, st.armies[s] - 1)))
            for s, t, score in ranked
            if score > 0
        ]
        if ranked and _worth_rolling(ranked[0][2]):
            return [attacks[0], _END, *attacks[1:]]
        return [_END, *attacks]
    first = greedy_action(st, seat)
    out = [first]
    if phase == rc.REINFORCE and first.kind == "place":
        scored = _placements(st, seat, st.pending)
        out += [Action("place", (names[t], st.pending)) for t in scored[:3]]
    elif phase == rc.OCCUPY:
        least, most = st.attack_dice, st.attack_dice + st.armies[st.attack_from] - 1
        out += [Action("move", (k,)) for k in (least, most, (least + most) // 2)]
    elif phase == rc.FORTIFY:
        out.append(_END)
    return list(dict.fromkeys(out))


def _placements(st: RiskState, seat: int, armies: int) -> list[int]:
    """Own front territories ranked by the best conquest odds the armies would give."""
    scored = _front_gains(st, seat, armies)
    scored.sort(reverse=True)
    return [t for _, t in scored]


def evaluate(st: RiskState) -> list[float]:
    """Each seat's share of the strength on the board, in [0, 1]; the winner gets 1.

    Strength counts income (territories and regions), armies, cards, and territories at
    risk next turn by the exact conquest odds of the strongest adjacent enemy stack.
    """
    if st.outcome is not None:
        return [1.0 if p in st.outcome.winners else 0.0 for p in range(st.players)]
    players, neutral, owner, armies, win = st.players, st.neutral, st.owner, st.armies, _WIN
    b = st.board
    risk = [0.0] * players
    total_armies = [0] * players
    for t, neighbors in enumerate(b.neighbors):
        o = owner[t]
        if not 0 <= o < players or o == neutral:
            continue
        here = armies[t]
        total_armies[o] += here
        worst = 0.0
        for u in neighbors:
            e = owner[u]
            a = armies[u]
            if e != o and 0 <= e < players and e != neutral and a > 1:
                # `p_conquer`, its table read here (every pair of sides' neighbours).
                p = win[a][here] if a < _TABLE_SIZE and here < _TABLE_SIZE else p_conquer(a, here)
                if p > worst:
                    worst = p
        risk[o] += worst
    # Income as `reinforcements` counts it, with who holds each region found once.
    bonus = [0] * (players + 2)
    for r, members in enumerate(region_owners(b)):
        owners = members(owner)
        if owners.count(owners[0]) == len(owners):
            bonus[owners[0]] += b.region_bonus[r]
    strength = [0.0] * players
    for p in range(players):
        if not st.alive[p]:
            continue
        income = territory_armies(owner.count(p)) + bonus[p]
        strength[p] = 3.0 * income + 0.4 * total_armies[p] + CARD_VALUE * len(st.hands[p]) - risk[p]
        strength[p] = max(strength[p], 0.1)
    total = sum(strength)
    return [s / total for s in strength]


def _horizon_over(st: RiskState, root_turn: int) -> bool:
    """Rollouts stop at the end of the next player's turn: the heuristic takes over there."""
    return st.turn > root_turn + 1


def _rollout_start(st: RiskState) -> RiskState:
    """The leaf with the defender's dice rolled at once (`defender_dice=auto`): the policy
    always rolls the most it may, so the rollout draws the same dice, one step fewer a roll."""
    if st.options["defender_dice"] == "auto":
        return st
    twin = st.step_copy()
    twin.options = {**st.options, "defender_dice": "auto"}
    return twin


KIT: SearchKit[RiskState] = SearchKit(
    game=rc.GAME,
    determinize=determinize,
    policy=lambda st, seat, rng: greedy_action(st, seat),
    candidates=candidates,
    evaluate=evaluate,
    horizon_over=_horizon_over,
    turn=lambda st: st.turn,
    rollout_start=_rollout_start,
    policy_play=lambda st, seat, rng: greedy_play(rc.GAME, st, seat),
)


class GreedyRiskBot(PolicyBot):
    """Greedy Classic RISK: best region-weighted conquest by exact odds, armies to the front."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(greedy_action, seed, exact=True)


def _greedy(mode: str, seed: int) -> Bot:
    return GreedyRiskBot(seed)


register_tier("greedy", "risk-classic", _greedy)  # its heuristics read a Classic board
register_search_kit("risk-classic", KIT)
