"""RISK Strike bots: a greedy heuristic, a determinizer, and the search kit for MCTS.

Everything is valued in one currency, a seat's *standing*: the two continents closest to a
coin (a coin held counts 1, a continent `need` cards short of its domination number less,
geometrically) plus a little per card held, since two coins win. A decision compares the
standing it leaves each seat relative to the best other seat, so taking a card from the
leader, or the coin the leader holds, is worth more than the same card from anyone else.

Battles are valued over their whole end distribution (`warroom.odds.strike`): each end
(attacking and defending cards left) is scored as the claimed cards it leaves, and the
attacker's stopping point is the one best for the attacker. Deployments, Sabotage, Artillery,
Rally, Bombard, Canceled Orders and rolling again are chosen by comparing those values, a
card played only when it gains more than holding it is worth.

The greedy policy reads only what its seat observes (faceup cards, its own hand, hand sizes,
the deck's composition), so the same code is the bot and, on sampled full states, the search's
rollout policy.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from warroom.bots import Bot, PolicyBot, register_tier
from warroom.bots.search import SearchKit, register_search_kit
from warroom.core.actions import Action
from warroom.core.game import Seat
from warroom.core.rng import Rng
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
)
from warroom.games.strike.rules import ARTILLERY_HITS, RALLY_BONUS, RiskStrike, seat_arg
from warroom.games.strike.state import (
    ACT,
    AFTER_ROLL,
    AGAIN,
    ATTACKER,
    DEFENDER,
    DEPLOY,
    DRAW,
    LOSS,
    NOBODY,
    SABOTAGE_WINDOW,
    SIDE_NAMES,
    UNSEEN,
    WINDOW,
    StrikeState,
)
from warroom.odds.strike import after_roll, strike_battle
from warroom.rules.battle import compare

GAME = RiskStrike()

WIN = 10.0  # two coins: the game
COIN = 1.0  # a coin held
COIN_MARGIN = 0.05  # per card held beyond the number, up to two: a coin harder to take
NEAR = 0.55  # a continent one card short of its domination number
NEAR_DECAY = 0.6  # each further card short multiplies the value by this
CARD = 0.02  # any claimed card: something to attack from, something to lose
HAND_CARD = 0.04  # a tactics card in hand, any kind
TROOP_VALUE = 0.06  # a Troop in hand, spent by deploying it
TACTICS_DRAW = 0.05  # drawing an unseen tactics card
SHORT_OF_TROOPS = 0.03  # more when it holds fewer than two Troops
PLAY_COST = {  # what holding each card is worth: play it only to gain more
    RALLY: 0.05,
    BOMBARD: 0.05,
    ARTILLERY: 0.05,
    SABOTAGE: 0.08,
    CANCEL: 0.1,
    EXPAND: 0.05,
}
ATTACK_MARGIN = 0.02  # an attack must beat passing (and its draw) by this much
STOPS = (0, 1)  # the attacker's stopping points considered (0: to the end), and "roll once"
DEFENCE_SHARE = 0.8  # of its Troops a defender is expected to deploy
MAX_DEPLOY = 6  # deployments considered: 0..this, and everything held
SEARCH_MARGIN = 0.01  # paired samples share their luck: a smaller margin than 0.02 suffices
EVAL_FLOOR = 0.2  # added to every standing in the search's shares: no seat counts as 0


# -- standing --------------------------------------------------------------------------------
def strengths(st: StrikeState, claimed: list[list[int]], coins: list[int]) -> list[float]:
    """Each seat's standing: its best two continents towards a coin, plus cards held."""
    return [_strength(st, p, claimed[p], coins) for p in range(st.players)]


def _strength(st: StrikeState, seat: Seat, row: list[int], coins: list[int]) -> float:
    if coins.count(seat) >= 2:
        return WIN
    best = second = 0.0
    for c, dom in enumerate(st.cards.domination):
        n = row[c]
        if coins[c] == seat:
            v = COIN + COIN_MARGIN * min(2, n - dom + 1) if n >= dom else COIN
        elif n:
            v = NEAR * NEAR_DECAY ** (dom - n - 1) if n < dom else NEAR
        else:
            continue
        if v > best:
            best, second = v, best
        elif v > second:
            second = v
    return best + second + CARD * sum(row) + HAND_CARD * len(st.hands[seat])


def relative(values: list[float]) -> list[float]:
    """Each seat's standing less the best other seat's: what every decision maximises."""
    top = max(values)
    leader = values.index(top)
    second = max(v for p, v in enumerate(values) if p != leader)
    return [v - (second if p == leader else top) for p, v in enumerate(values)]


def scores(st: StrikeState) -> list[float]:
    return relative(strengths(st, st.claimed, st.coins))


def _claim_scores(
    st: StrikeState, seat: Seat, continent: int, base: list[float] | None = None
) -> list[float]:
    """Scores after `seat` claims one card of `continent` (the coin moves as in S50-S52);
    `base` is the standings now, when the caller has them."""
    values = strengths(st, st.claimed, st.coins) if base is None else base[:]
    row = st.claimed[seat][:]
    row[continent] += 1
    coins = st.coins
    if row[continent] >= st.cards.domination[continent] and coins[continent] != seat:
        before = coins[continent]
        coins = coins[:]
        coins[continent] = seat
        if before != NOBODY:
            values[before] = _strength(st, before, st.claimed[before], coins)
    values[seat] = _strength(st, seat, row, coins)
    return relative(values)


def _draw_values(st: StrikeState, seat: Seat) -> dict[Action, float]:
    """The seat's score after each continent source: a named surrendered card, or the
    deck's top (its composition is public: the expectation over it)."""
    out: dict[Action, float] = {}
    ids = st.cards.continent_ids
    base = strengths(st, st.claimed, st.coins)
    for c, n in enumerate(st.surrendered):
        if n:
            out[Action("take", (ids[c],))] = _claim_scores(st, seat, c, base)[seat]
    deck = st.continent_deck
    if deck:
        counts = [deck.count(c) for c in range(len(ids))]
        expected = sum(
            k * _claim_scores(st, seat, c, base)[seat] for c, k in enumerate(counts) if k
        ) / len(deck)
        out[Action("draw", ("continent",))] = expected
    return out


def _tactics_value(st: StrikeState, seat: Seat) -> float:
    return TACTICS_DRAW + (SHORT_OF_TROOPS if st.hands[seat].count(TROOP) < 2 else 0.0)


# -- battles ---------------------------------------------------------------------------------
@dataclass
class _Battle:
    """A battle (declared or considered) from a given position: what its ends are worth.

    `ac`/`dc` are the attacking and defending cards at the start; ends are scored relative to
    the claimed cards then, and cached, since many deployments share them.
    """

    st: StrikeState
    attacker: Seat
    defender: Seat
    x: int
    y: int
    ac: int
    dc: int
    ends: dict[tuple[int, int], list[float]] = field(default_factory=dict)
    fights: dict[tuple[int, int, int, int, tuple[int, ...]], list[float]] = field(
        default_factory=dict
    )
    base: list[float] = field(default_factory=list)

    def end(self, a_left: int, d_left: int) -> list[float]:
        """Scores once the battle ends with these cards left; only the two sides' standings
        (and a coin's former holder's) change."""
        key = (a_left, d_left)
        got = self.ends.get(key)
        if got is None:
            st = self.st
            if not self.base:
                self.base = strengths(st, st.claimed, st.coins)
            values = self.base[:]
            att = st.claimed[self.attacker][:]
            dfd = st.claimed[self.defender][:]
            won = self.dc - d_left
            att[self.x] -= self.ac - a_left
            att[self.y] += won
            dfd[self.y] -= won
            coins = st.coins
            if att[self.y] >= st.cards.domination[self.y] and coins[self.y] != self.attacker:
                before = coins[self.y]
                coins = coins[:]
                coins[self.y] = self.attacker
                if before != NOBODY and before != self.defender:
                    values[before] = _strength(st, before, st.claimed[before], coins)
            values[self.attacker] = _strength(st, self.attacker, att, coins)
            values[self.defender] = _strength(st, self.defender, dfd, coins)
            got = self.ends[key] = relative(values)
        return got

    def fight(
        self, ac: int, at: int, dc: int, dt: int, stops: Sequence[int] = STOPS
    ) -> list[float]:
        """Expected scores from (ac, at, dc, dt) before a roll, the attacker stopping where
        it does best among `stops` (and rolling once at least)."""
        if ac <= 0 or dc <= 0:
            return self.end(max(ac, 0), max(dc, 0))
        key = (ac, at, dc, dt, tuple(stops))
        known = self.fights.get(key)
        if known is not None:
            return known
        best: list[float] | None = None
        for stop in {min(s, ac) for s in stops}:
            battle = strike_battle(ac, at, dc, dt, stop)
            total = [0.0] * self.st.players
            for (a_left, d_left), p in battle.ends.items():
                for seat, v in enumerate(self.end(a_left, d_left)):
                    total[seat] += p * v
            if best is None or total[self.attacker] > best[self.attacker]:
                best = total
        assert best is not None
        self.fights[key] = best
        return best

    def after_dice(
        self, ac: int, at: int, dc: int, dt: int, attack: Sequence[int], defend: Sequence[int]
    ) -> list[float]:
        """Expected scores once a roll with these final values is resolved; the attacker then
        stops or rolls on, whichever is better for it."""
        a_loss, d_loss = compare(attack, defend)
        nac, nat, ndc, ndt = after_roll((ac, at, dc, dt), a_loss, d_loss)
        now = self.end(nac, ndc)
        if nac == 0 or ndc == 0:
            return now
        on = self.fight(nac, nat, ndc, ndt)
        return on if on[self.attacker] > now[self.attacker] else now


def _current_battle(st: StrikeState) -> tuple[_Battle, tuple[int, int, int, int]]:
    """The battle under way, valued from now, with its (ac, at, dc, dt)."""
    ac = st.active_attacking()
    dc = st.claimed[st.defender][st.attack_to]
    battle = _Battle(st, st.current, st.defender, st.attack_from, st.attack_to, ac, dc)
    return battle, (ac, st.side_troops(ATTACKER), dc, st.side_troops(DEFENDER))


def _window_value(
    st: StrikeState,
    battle: _Battle,
    units: tuple[int, int, int, int],
    attack: Sequence[int] | None = None,
    defend: Sequence[int] | None = None,
) -> list[float]:
    """The battle's value in a window: after the roll on the table (with changed values, if
    given), or from the next roll."""
    if st.dice[ATTACKER]:
        return battle.after_dice(
            *units,
            st.values(ATTACKER) if attack is None else attack,
            st.values(DEFENDER) if defend is None else defend,
        )
    return battle.fight(*units)


def _deploy_counts(have: int) -> list[int]:
    return sorted({*range(min(have, MAX_DEPLOY) + 1), have})


def _unseen_troop_share(st: StrikeState, seat: Seat) -> float:
    """The share of Troops among the tactics cards `seat` cannot place (deck and unseen hand
    cards): the counts less what it holds, sees in hands, in the discard pile and in play."""
    total = list(st.cards.kind_counts)
    for kind in _placed_cards(st, seat):
        total[kind] -= 1
    unknown = sum(total)
    return total[TROOP] / unknown if unknown > 0 else 0.0


def _placed_cards(st: StrikeState, seat: Seat) -> list[int]:
    """Tactics cards whose place `seat` knows: its hand, cards it saw in hands, the discard
    pile, troops in battle, and cards waiting in a chain."""
    out = [k for hand in st.hands for k in hand if k != UNSEEN] + st.discard
    out += [TROOP] * (st.side_troops(ATTACKER) + st.side_troops(DEFENDER))
    if st.chain is not None:
        out += [KIND_IDS.index(p.card) for p in st.chain.plays]
    return out


def _expected_troops(st: StrikeState, seat: Seat, other: Seat) -> int:
    """How many Troops `seat` expects `other` to deploy in defence (most of what it holds)."""
    hand = st.hands[other]
    known = hand.count(TROOP)
    unseen = hand.count(UNSEEN) * _unseen_troop_share(st, seat)
    return round(DEFENCE_SHARE * (known + unseen))


# -- the greedy policy -----------------------------------------------------------------------
def greedy_action(st: StrikeState, seat: Seat, thorough: bool = True) -> Action:
    """The greedy choice for `seat` (the seat to move) from what it may know; `thorough`
    off considers fewer deployments and attacks (the rollout policy)."""
    if st.chain is not None:
        return _respond(st, seat)
    if st.gains:
        return _best_source(st, seat, tactics=False)
    phase = st.phase
    if phase == DRAW:
        if EXPAND in st.hands[seat] and _expand_worth(st, seat):
            return Action("expand", ("continents",))
        return _best_source(st, seat, tactics=True)
    if phase == ACT:
        return _act(st, seat, thorough)
    if phase == DEPLOY:
        return _deploy(st, seat, thorough)
    if phase == WINDOW:
        return _window(st, seat)
    if phase == LOSS:
        return _discard(st, seat)
    assert phase == AGAIN
    battle, units = _current_battle(st)
    on = battle.fight(*units)[seat]
    return Action("again") if on > battle.end(units[0], units[2])[seat] else Action("stop")


def _best_source(st: StrikeState, seat: Seat, tactics: bool) -> Action:
    """A start-of-turn draw (or an Expand pick): the continent card that brings the seat
    closest to a coin or takes one, else a tactics card."""
    options = _draw_values(st, seat)
    if tactics and (st.tactics_deck or st.discard):
        options[Action("draw", ("tactics",))] = scores(st)[seat] + _tactics_value(st, seat)
    return max(options, key=options.__getitem__)


def _expand_worth(st: StrikeState, seat: Seat) -> bool:
    """Expand for two continent cards when one already gains more than holding the card."""
    options = _draw_values(st, seat)
    return bool(options) and max(options.values()) - scores(st)[seat] > PLAY_COST[EXPAND]


@dataclass(frozen=True)
class _Plan:
    value: float
    action: Action


def _attack_plans(st: StrikeState, seat: Seat, thorough: bool, floor: float = -WIN) -> list[_Plan]:
    """The declarations worth more than `floor` with the value of their best deployment,
    best first; one whose best end (every defending card won, none lost) stays at or below
    `floor` is not valued further."""
    ids = st.cards.continent_ids
    have = st.hands[seat].count(TROOP)
    counts = _deploy_counts(have) if thorough else sorted({0, have})
    stops = STOPS if thorough else STOPS[:1]
    base = strengths(st, st.claimed, st.coins)
    plans = []
    for x in range(len(ids)):
        ac = st.claimed[seat][x]
        if not ac:
            continue
        for other in range(st.players):
            if other == seat:
                continue
            dt = _expected_troops(st, seat, other)
            for y in st.cards.reachable(x):
                dc = st.claimed[other][y]
                if not dc:
                    continue
                battle = _Battle(st, seat, other, x, y, ac, dc, base=base)
                if battle.end(ac, 0)[seat] <= floor:
                    continue
                value = max(
                    battle.fight(ac, k, dc, dt, stops)[seat] - TROOP_VALUE * k for k in counts
                )
                if value > floor:
                    action = Action("attack", (ids[x], seat_arg(other), ids[y]))
                    plans.append(_Plan(value, action))
    plans.sort(key=lambda p: -p.value)
    return plans


def _act(st: StrikeState, seat: Seat, thorough: bool) -> Action:
    """Attack where the battle's expected value beats passing (which draws a card)."""
    if EXPAND in st.hands[seat] and _expand_worth(st, seat):
        return Action("expand", ("continents",))
    stay = scores(st)[seat] + _tactics_value(st, seat)
    plans = _attack_plans(st, seat, thorough, stay + ATTACK_MARGIN)
    if plans:
        return plans[0].action
    if SPY in st.hands[seat] and st.tactics_deck:
        # Spy replaces itself with a draw (from a deck that has one: otherwise it would draw
        # itself back for ever); what it sees serves the search's sampling. The leading
        # seat whose hand holds cards it has not seen.
        now = scores(st)
        hidden = [p for p in range(st.players) if p != seat and UNSEEN in st.hands[p]]
        if hidden:
            return Action("spy", (seat_arg(max(hidden, key=now.__getitem__)),))
    return Action("pass")


def _deploy(st: StrikeState, seat: Seat, thorough: bool) -> Action:
    """Troops to the level that makes the battle best for this seat, less what they cost."""
    battle, (ac, at, dc, dt) = _current_battle(st)
    have = st.hands[seat].count(TROOP)
    counts = _deploy_counts(have) if thorough else sorted({0, have})
    if seat == st.current:
        dt = _expected_troops(st, seat, st.defender)
        k = max(counts, key=lambda k: battle.fight(ac, k, dc, dt)[seat] - TROOP_VALUE * k)
        return Action("deploy", (k,))
    if seat == st.defender:
        k = max(counts, key=lambda k: battle.fight(ac, at, dc, k)[seat] - TROOP_VALUE * k)
        return Action("deploy", (k,))
    # A helper: the side (and count) that leaves it best placed, usually against the leader.
    best, choice = battle.fight(ac, at, dc, dt)[seat], Action("deploy", (0,))
    for k in counts[1:]:
        for side, units in (("attacker", (ac, at + k, dc, dt)), ("defender", (ac, at, dc, dt + k))):
            value = battle.fight(*units)[seat] - TROOP_VALUE * k
            if value > best:
                best, choice = value, Action("deploy", (side, k))
    return choice


def _window(st: StrikeState, seat: Seat) -> Action:
    """The card whose effect gains this seat more than the card is worth, else pass."""
    hand = st.hands[seat]
    if not any(k in hand for k in (SABOTAGE, ARTILLERY, RALLY, BOMBARD)):
        return Action("pass")
    battle, units = _current_battle(st)
    base = _window_value(st, battle, units)[seat]
    best, choice = 0.0, Action("pass")
    for action, value in _window_options(st, seat, battle, units):
        gain = value - base - PLAY_COST[KIND_IDS.index(action.kind)]
        if gain > best:
            best, choice = gain, action
    return choice


def _window_options(
    st: StrikeState, seat: Seat, battle: _Battle, units: tuple[int, int, int, int]
) -> list[tuple[Action, float]]:
    """The cards this seat could play now, each with its value to the seat if it resolves."""
    hand = st.hands[seat]
    out: list[tuple[Action, float]] = []
    if st.stage == SABOTAGE_WINDOW and SABOTAGE in hand:
        out.append((Action("sabotage"), _sabotaged(st, seat)))
    if ARTILLERY in hand:
        for p in range(st.players):
            if p != seat and st.troops[ATTACKER][p] + st.troops[DEFENDER][p]:
                value = _artillery_value(st, battle, units, p)[seat]
                out.append((Action("artillery", (seat_arg(p),)), value))
    if st.stage == AFTER_ROLL and st.dice[ATTACKER]:
        attack = st.values(ATTACKER)
        if seat == st.current and RALLY in hand:
            value = _window_value(st, battle, units, [v + RALLY_BONUS for v in attack])[seat]
            out.append((Action("rally"), value))
        if BOMBARD in hand:
            side = ATTACKER if seat == st.current else DEFENDER
            for die in range(len(st.dice[side])):
                value = _bombard_value(st, battle, units, side, die)[seat]
                out.append((Action("bombard", (SIDE_NAMES[side], die + 1)), value))
    return out


def _sabotaged(st: StrikeState, seat: Seat) -> float:
    """The battle called off: positions as they stand, and this seat's troops back in hand."""
    mine = st.troops[ATTACKER][seat] + st.troops[DEFENDER][seat]
    return scores(st)[seat] + TROOP_VALUE * mine


def _artillery_value(
    st: StrikeState, battle: _Battle, units: tuple[int, int, int, int], target: Seat
) -> list[float]:
    ac, at, dc, dt = units
    from_attack = min(ARTILLERY_HITS, st.troops[ATTACKER][target])
    from_defence = min(ARTILLERY_HITS - from_attack, st.troops[DEFENDER][target])
    return _window_value(st, battle, (ac, at - from_attack, dc, dt - from_defence))


def _bombard_value(
    st: StrikeState, battle: _Battle, units: tuple[int, int, int, int], side: int, die: int
) -> list[float]:
    faces = st.dice[side][:]
    faces[die] = 6
    bonus = RALLY_BONUS * st.rallies if side == ATTACKER else 0
    values = [f + bonus for f in faces]
    if side == ATTACKER:
        return _window_value(st, battle, units, attack=values)
    return _window_value(st, battle, units, defend=values)


def _respond(st: StrikeState, seat: Seat) -> Action:
    """Canceled Orders when the card at the chain's foot decides enough against this seat
    (or, cancelled, would have decided enough for it), not as a reflex."""
    chain = st.chain
    assert chain is not None
    if CANCEL not in st.hands[seat]:
        return Action("pass")
    effect = _play_effect(st, seat, chain.plays[0].seat, chain.plays[0].card, chain.plays[0].args)
    standing = chain.effective()[0]
    gain = -effect if standing else effect
    return Action("cancel") if gain > PLAY_COST[CANCEL] else Action("pass")


def _play_effect(
    st: StrikeState, seat: Seat, player: Seat, card: str, args: tuple[object, ...]
) -> float:
    """How much a played card, resolving, changes this seat's score."""
    if card == "expand":
        if args[0] != "continents":
            return 0.0
        # Two picks for the player: its best single gain, twice, in its standing.
        now = strengths(st, st.claimed, st.coins)
        picks = _draw_values(st, player)
        gain = 2 * max(0.0, max(picks.values(), default=0.0) - scores(st)[player])
        after = now[:]
        after[player] += gain
        return relative(after)[seat] - relative(now)[seat]
    if not st.in_battle or card == "spy":
        return 0.0
    battle, units = _current_battle(st)
    base = _window_value(st, battle, units)[seat]
    if card == "sabotage":
        return _sabotaged(st, seat) - base
    if card == "artillery":
        target = int(str(args[0])[1:]) - 1
        return _artillery_value(st, battle, units, target)[seat] - base
    if card == "rally":
        return (
            _window_value(st, battle, units, [v + RALLY_BONUS for v in st.values(ATTACKER)])[seat]
            - base
        )
    assert card == "bombard"
    side = SIDE_NAMES.index(str(args[0]))
    return _bombard_value(st, battle, units, side, int(str(args[1])) - 1)[seat] - base


def _discard(st: StrikeState, seat: Seat) -> Action:
    """A lost pair costs another owner's troop first: own troops come back on Sabotage."""
    side = st.losses[0]
    owners = [p for p in range(st.players) if st.troops[side][p]]
    owner = max(owners, key=lambda p: (p != seat, st.troops[side][p]))
    return Action("discard", (seat_arg(owner),))


# -- determinization -------------------------------------------------------------------------
def determinize(observation: StrikeState, seat: Seat, rng: random.Random) -> StrikeState:
    """A full state agreeing with everything `seat` observes; the hidden rest is sampled.

    As the rules' `resample_hidden`, from the observation instead of the full state: the
    tactics cards `seat` cannot place (all but its hand, the cards it saw through Spy, the
    discard pile and cards in play) are dealt at random into the unseen hand slots and the
    deck; the continent deck is shuffled; chance gets a fresh generator.
    """
    st = observation.copy()
    pool = list(st.cards.kind_counts)
    for kind in _placed_cards(st, seat):
        pool[kind] -= 1
    unseen = [kind for kind, n in enumerate(pool) for _ in range(n)]
    rng.shuffle(unseen)
    for holder in range(st.players):
        hand = st.hands[holder]
        if holder != seat and UNSEEN in hand:
            missing = hand.count(UNSEEN)
            st.hands[holder] = sorted([k for k in hand if k != UNSEEN] + unseen[:missing])
            del unseen[:missing]
    st.tactics_deck = unseen
    rng.shuffle(st.continent_deck)
    st.rng = Rng(rng.getrandbits(64))
    return st


# -- the search kit --------------------------------------------------------------------------
def candidates(st: StrikeState, seat: Seat) -> list[Action]:
    """A few sensible actions, the greedy one first: the search chooses among these.

    Only the turn's own decisions are searched (draws, the attack, the principals'
    deployments, rolling again); in windows, chains and helpers' deployments the greedy
    choice stands: it already values the dice on the table exactly, and sampled rollouts
    would only add noise there.
    """
    first = greedy_action(st, seat)
    out = [first]
    if st.gains or (st.phase == DRAW and st.chain is None):
        out += list(_draw_values(st, seat))
        if not st.gains and (st.tactics_deck or st.discard):
            out.append(Action("draw", ("tactics",)))
    elif st.phase == ACT:
        out.append(Action("pass"))
        stay = scores(st)[seat]
        out += [p.action for p in _attack_plans(st, seat, False, stay)[:2]]
    elif st.phase == DEPLOY and seat in (st.current, st.defender):
        have = st.hands[seat].count(TROOP)
        out += [Action("deploy", (k,)) for k in (0, have)]
    elif st.phase == AGAIN:
        out += [Action("again"), Action("stop")]
    return list(dict.fromkeys(out))


def evaluate(st: StrikeState) -> list[float]:
    """Each seat's share of the standing, in [0, 1]; the winner gets 1."""
    if st.outcome is not None:
        return [1.0 if p in st.outcome.winners else 0.0 for p in range(st.players)]
    values = [v + EVAL_FLOOR for v in strengths(st, st.claimed, st.coins)]
    total = sum(values)
    return [v / total for v in values]


def _horizon_over(st: StrikeState, root_turn: int) -> bool:
    """Rollouts stop at the end of the next player's turn: the standing takes over there."""
    return st.turn > root_turn + 1


KIT: SearchKit[StrikeState] = SearchKit(
    game=GAME,
    determinize=determinize,
    policy=lambda st, seat, rng: greedy_action(st, seat, thorough=False),
    candidates=candidates,
    evaluate=evaluate,
    horizon_over=_horizon_over,
    turn=lambda st: st.turn,
    margin=SEARCH_MARGIN,
    paired=True,
)


class GreedyStrikeBot(PolicyBot):
    """Greedy RISK Strike: every choice the one that most improves its standing against the
    best other seat, battles valued by their exact end distributions."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(greedy_action, seed)


def _greedy(mode: str, seed: int) -> Bot:
    return GreedyStrikeBot(seed)


register_tier("greedy", "risk-strike", _greedy)
register_search_kit("risk-strike", KIT)

__all__ = ["KIT", "GreedyStrikeBot", "candidates", "determinize", "evaluate", "greedy_action"]
