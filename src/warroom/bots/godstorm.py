"""RISK Godstorm bots: a greedy player of the mode's own ideas, and the search kit (determinized
MCTS) built on it.

Everything is weighed in armies: a territory is worth a point at the end and income on the
way, a continent its bonus twice over (points and income), a temple the faith and army it
raises every turn left, a god the 3 faith it costs. Faith is worth about an army (it raises
as many as armies do, and buys gods, temples and cards) until the last epoch, where only the
tie-break wants it. With those prices the greedy
- bids for turn order a share of its faith that grows with what the order is worth this
  epoch, and only where it can outbid what the others are likely to bid (every bid is paid);
- takes the first marker, and the last in the fifth epoch (the last word before scoring);
- places and reinforces where its best attack starts, or else on its most threatened border,
  never in a plague land; with the Book of the Dead, declines raised armies only for the faith
  that reaches a god or temple its step 2 buys, when that is worth more than the armies;
- summons the god of war (and of magic) with its main army, where they attack, the gods of
  the sky and of death where they are safest; builds temples while they have turns left to
  pay back, on safe ground;
- buys the cards whose gods it has in play as faith allows, and plays a miracle when its
  value in armies beats its cost in faith (destroying, halving, plague and banishing aimed at
  the opponents that matter; the maelstrom over the water connection whose closing spares
  most, against the opponents still to move while it lasts); answers an invasion with the Sky
  card that saves most (a Sky maelstrom only over the connection the invasion crosses);
- invades by the exact conquest odds of the invasion's dice rule (gods, temples and relics
  included: `warroom.odds`), weighted by what the territory is worth, with lower standards
  when the game's last turns leave no time for a counter-attack; takes its gods into a
  godswar only when it is the likelier winner;
- fortifies out of plague lands and idle interiors to the front, embarks its heaven's armies
  into the gates and invades Underworld spaces with good odds.

The greedy reads only what its seat observes (the other hands as card backs, sealed bids as
hidden), so the same code is the bot and, on sampled full states, the search's rollouts.
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from functools import cache

from warroom.bots import Bot, PolicyBot, register_tier
from warroom.bots.search import SearchKit, register_search_kit
from warroom.core.actions import Action
from warroom.core.game import Seat
from warroom.core.rng import Rng
from warroom.games.godstorm import economy, invasion, miracles, order, rules, underworld
from warroom.games.godstorm.battle import battle_rule, godswar_setup
from warroom.games.godstorm.components import DECK_GOD, DECKS, DOMAINS, Card
from warroom.games.godstorm.rules import Godstorm, gods_arg
from warroom.games.godstorm.scoring import score
from warroom.games.godstorm.state import (
    BANISHED,
    DEATH,
    MAGIC,
    NOBODY,
    SKY,
    WAR,
    GodstormState,
)
from warroom.odds import godswar_odds, win_probability
from warroom.rules.battle import BattleRule

GAME = Godstorm()

# Prices, in armies.
FAITH = 0.9  # a faith point before the last epoch
LATE_FAITH = 0.25  # ... and in it: only the tie-break wants faith then
ENEMY_ARMY = 0.8  # an opposing army destroyed (it was not ours to gain, and others fight it)
GOD_PRICE = 3.0  # a god banished: what summoning it again costs
CARD_PRICE = 1.5  # a miracle card drawn free
TEMPLE_TURN = 2.0  # a temple's faith and army, each turn it still has
# Decisions.
ATTACK_ODDS = 0.6  # least conquest odds worth invading for, before the last turns
LATE_ATTACK_ODDS = 0.35  # in the last epoch, where armies soon count for nothing
GODSWAR_ODDS = 0.5  # least odds of a godswar round worth risking a god for
CONTINUE_ODDS = 0.3  # least odds worth rolling on for, once an invasion has begun
PLAY_MARGIN = 0.5  # how much more than its cost a miracle must be worth
DECLINE_MARGIN = 0.5  # how much the Book of the Dead's faith must be worth over its armies
LATER_EPOCHS = 0.5  # a game-long maelstrom's share, each later epoch, of what it spares now
UNDERWORLD_ODDS = 0.6  # least odds worth invading an Underworld space for
BID_SHARE = {1: 0.34, 2: 0.25, 3: 0.25, 4: 0.3, 5: 0.5}  # of its faith a seat may bid
TEMPLE_LAST_EPOCH = 3  # temples are built in epochs up to this (later, with faith to spare)
GOD_WORTH = {WAR: 4.0, MAGIC: 3.0, SKY: 2.5, DEATH: 2.0}  # which god to risk in a godswar
MAIN_ARMY_GODS = (WAR, MAGIC)  # summoned where the army attacks; the others where it is safe


# -- what things are worth ---------------------------------------------------------------------
def epochs(st: GodstormState) -> int:
    return int(st.parts.constants["epochs"])


def faith_price(st: GodstormState) -> float:
    return LATE_FAITH if last_round(st) else FAITH


def turns_left(st: GodstormState) -> int:
    """Turns of its own a seat still has after this one (one an epoch)."""
    return epochs(st) - st.epoch


def last_round(st: GodstormState) -> bool:
    """The last epoch: territories are points soon, armies little more than that."""
    return st.epoch >= epochs(st)


def _mine(st: GodstormState, seat: Seat, t: int) -> bool:
    return st.owner[t] == seat and st.armies[t] > 0


def _rivals(st: GodstormState, seat: Seat, t: int) -> list[int]:
    """Neighbours of `t` held by someone else (an opponent or the neutral), crossable now."""
    return [
        n
        for n in st.parts.earth.neighbors[t]
        if st.armies[n] > 0 and st.owner[n] != seat and invasion.adjacent(st, t, n)
    ]


def _open(st: GodstormState, seat: Seat, t: int) -> list[int]:
    """Neighbours of `t` `seat` could invade: held by others, or unoccupied."""
    return [
        n
        for n in st.parts.earth.neighbors[t]
        if not _mine(st, seat, n) and invasion.adjacent(st, t, n) and not st.gone(n)
    ]


def threat(st: GodstormState, seat: Seat, t: int) -> int:
    """Armies of opponents that could invade `t` next (the neutral never attacks)."""
    return sum(st.armies[n] - 1 for n in _rivals(st, seat, t) if st.owner[n] >= 0)


def territory_value(st: GodstormState, seat: Seat, t: int) -> float:
    """What holding `t` is worth to `seat`: its point, a share of its continent (all of the
    bonus when it completes one, the bonus denied when it breaks an opponent's), its temple,
    the relic points it carries, the gods banished with it; less for a plague land."""
    earth = st.parts.earth
    region = earth.region_of[t]
    members = earth.region_members[region]
    bonus = earth.region_bonus[region]
    held = sum(1 for m in members if _mine(st, seat, m))
    value = 1.0 + bonus * (held + 1) / len(members)
    if held + 1 == len(members) and not _mine(st, seat, t):
        value += 2 * bonus  # completes the continent: points and income alike
    holder = st.owner[t]
    if holder >= 0 and holder != seat and all(_mine(st, holder, m) for m in members):
        value += bonus  # breaks the holder's continent
    if st.temple[t]:
        value += TEMPLE_TURN * max(1, turns_left(st))
    if holder >= 0 and holder != seat:
        value += GOD_PRICE * len(st.gods_at(holder, t))
    for card in st.relics[seat]:
        for effect in st.parts.cards[card].effects:
            named = getattr(effect.params, "territory", None)
            if effect.primitive == "territory-point" and earth.territory(str(named)) == t:
                value += getattr(effect.params, "points", 1)
    if st.plague[t]:
        value *= 0.5
    return value


# -- odds -------------------------------------------------------------------------------------
def conquest_odds(
    st: GodstormState, seat: Seat, source: int, target: int, force: list[int]
) -> float:
    """Exact odds of taking `target` from `source` rolling to the end, under the invasion's
    own dice rule (gods in the force, the defender's temple and gods, relics)."""
    if st.armies[target] == 0:
        return 1.0
    rule = battle_rule(st, force, target, seat)
    return win_probability(st.armies[source], st.armies[target], rule)


def godswar_chance(
    st: GodstormState, seat: Seat, source: int, target: int, force: list[int]
) -> float:
    """Odds that the attacking god wins one godswar round from `source` into `target`, with
    all of the source's army committed (A8 [Godswar; Sky Cards in Battle])."""
    attack_dice, defend_dice, rule = godswar_setup(st, seat, force, target)
    committed = st.armies[source] - 1
    return _godswar(attack_dice, defend_dice, committed - st.armies[target], rule)


@cache
def _godswar(attack_dice: int, defend_dice: int, margin: int, rule: BattleRule) -> float:
    """Only the armies' difference matters to a round (each side adds its own)."""
    margin = max(-30, min(30, margin))  # beyond this the dice cannot turn it
    odds: Fraction = godswar_odds(attack_dice, defend_dice, max(margin, 0), max(-margin, 0), rule)
    return float(odds)


def godswar_due(st: GodstormState, target: int) -> bool:
    defender = st.owner[target]
    return defender >= 0 and bool(st.gods_at(defender, target))


# -- plans ------------------------------------------------------------------------------------
def attack_plans(st: GodstormState, seat: Seat) -> list[tuple[float, Action]]:
    """Invasions worth making, best first, each as (weighted odds, action): every army but
    one committed, the source's gods taken along unless a godswar there is likelier lost."""
    names = st.parts.earth.territories
    threshold = LATE_ATTACK_ODDS if last_round(st) else ATTACK_ODDS
    plans = []
    for source in st.territories_of(seat):
        if st.armies[source] < 2:
            continue
        here = st.gods_at(seat, source)
        for target in _open(st, seat, source):
            force = here
            risky = here and godswar_due(st, target)
            if risky and godswar_chance(st, seat, source, target, here) < GODSWAR_ODDS:
                force = []
            odds = conquest_odds(st, seat, source, target, force)
            if odds < threshold:
                continue
            value = odds * territory_value(st, seat, target)
            action = Action(
                "invade",
                (names[source], names[target], gods_arg(force), st.armies[source] - 1),
            )
            plans.append((value, action))
    plans.sort(key=lambda plan: -plan[0])
    return plans


def staging(st: GodstormState, seat: Seat, extra: int = 0) -> int:
    """Where new armies do most: the source of the most valuable attack they make likely, or
    the border most outnumbered; never a plague land while another territory is left."""
    mine = st.territories_of(seat)
    clean = [t for t in mine if not st.plague[t]] or mine
    best, best_key = clean[0], -1e9
    for t in clean:
        attack = 0.0
        for n in _open(st, seat, t):
            odds = 1.0 if st.armies[n] == 0 else win_probability(st.armies[t] + extra, st.armies[n])
            attack = max(attack, odds * territory_value(st, seat, n))
        need = threat(st, seat, t) - st.armies[t]
        key = attack + 0.2 * max(0, need) + (0.5 if _rivals(st, seat, t) else 0.0)
        if key > best_key:
            best, best_key = t, key
    return best


def safest(st: GodstormState, seat: Seat, candidates: list[int]) -> int:
    """The territory least threatened for its armies, off the plague."""
    return min(
        candidates,
        key=lambda t: (st.plague[t], threat(st, seat, t) - st.armies[t], -st.armies[t], t),
    )


def claim_choice(st: GodstormState, seat: Seat) -> int:
    """G20's claims: a free territory of the region where this seat holds the largest share
    (a continent's bonus is the income that lasts), smaller regions first on a tie."""
    earth = st.parts.earth
    free = [t for t in range(len(earth.territories)) if st.owner[t] == NOBODY]

    def share(t: int) -> tuple[float, int, int]:
        members = earth.region_members[earth.region_of[t]]
        held = sum(1 for m in members if st.owner[m] == seat)
        return (-held / len(members), len(members), t)

    return min(free, key=share)


# -- the greedy policy ---------------------------------------------------------------------------
def greedy_action(st: GodstormState, seat: Seat) -> Action:
    """The greedy choice for `seat` (a seat to move) from what it may know; legal by
    construction (the bot checks it all the same)."""
    phase = st.phase
    names = st.parts.earth.territories
    if phase == rules.PANTHEON:
        taken = {p for p in st.pantheon if p >= 0}
        free = [p for p in range(len(st.parts.pantheons)) if p not in taken]
        return Action("pantheon", (st.parts.pantheons[free[0]],))
    if phase == rules.PILE:  # G21: the piles lie face down, so any free one is as good
        return Action("pile", (st.piles.index(NOBODY) + 1,))
    if phase == rules.CLAIM:
        return Action("claim", (names[claim_choice(st, seat)],))
    if phase == rules.PLACE:
        room = min(3 - st.placed, st.to_place[seat])
        return Action("place", (names[staging(st, seat, room)], room))
    if phase == rules.RAISE:
        declined = decline_count(st, seat)
        if declined:
            return Action("decline", (declined,))
        return Action("place", (names[staging(st, seat, st.to_place[seat])], st.to_place[seat]))
    if phase == rules.BEGIN:
        mine = st.territories_of(seat)
        return Action("begin", (names[staging(st, seat)], names[safest(st, seat, mine)]))
    if phase == rules.BID:
        return Action("bid", (bid_amount(st, seat),))
    if phase == rules.MARKER:
        free = [m + 1 for m, holder in enumerate(st.markers) if holder == NOBODY]
        return Action("marker", (free[-1] if last_round(st) else free[0],))
    if phase == rules.CRYPT:
        moves = rules.crypt_moves(st, seat)
        return moves[0].action(0) if moves else Action("done")
    if phase == rules.GODS:
        return gods_and_temples(st, seat)
    if phase == rules.BUY:
        return Action("buy", purchase(st, seat))
    if phase == rules.PLAY:
        plays = miracle_plays(st, seat, "play")
        return plays[0][1] if plays else Action("done")
    if phase == rules.INVADE:
        plans = attack_plans(st, seat)
        return plans[0][1] if plans else Action("done")
    if phase == rules.SKY:
        plays = miracle_plays(st, seat, "attacked")
        return plays[0][1] if plays else Action("pass")
    if phase in (rules.GOD_ATTACK, rules.GOD_DEFEND):
        return Action("god", (DOMAINS[god_to_risk(st, seat)],))
    if phase == rules.GOD_AGAIN:
        return fight_on(st, seat)
    if phase == rules.ATTACK:
        return roll_on(st, seat)
    if phase == rules.DEFEND:
        return defend_dice(st, seat)
    if phase == rules.OCCUPY:
        return Action("move", (occupy_count(st, seat),))
    if phase == rules.FORTIFY:
        return fortify(st, seat)
    if phase == rules.EMBARK:
        return embark(st, seat)
    if phase == rules.UNDERWORLD:
        return descend(st, seat)
    return Action("done")


def bid_amount(st: GodstormState, seat: Seat) -> int:
    """A sealed bid for turn order: every bid is paid (G27), so bid only to win, one more than
    the most another seat is likely to bid (the same share of its faith), up to this epoch's
    share of one's own faith; nothing where that share cannot win."""
    assert st.bids is not None
    share = BID_SHARE.get(st.epoch, 0.3)
    others = [st.faith[s] for s in st.bids.bidders if s != seat]
    expected = max((round(share * f) for f in others), default=0)
    cap = round(share * st.faith[seat])
    if expected + 1 > cap:
        return 0
    return min(st.bids.limit(seat), expected + 1)


def gods_and_temples(st: GodstormState, seat: Seat) -> Action:
    """Step 2, one act at a time: the god of war (the main army's), a temple while it has
    turns to pay back, then the other gods as faith allows; done when nothing is worth it."""
    names = st.parts.earth.territories
    mine = [t for t in st.territories_of(seat) if not st.plague[t]]
    if not mine:
        return Action("done")
    faith = st.faith[seat]
    summon = economy.summon_cost(st, seat)  # relic discounts included (G71)
    front = staging(st, seat)
    if not st.god_in_play(seat, WAR) and faith >= summon:
        return Action("summon", (DOMAINS[WAR], names[front]))
    temple_cost = economy.temple_cost(st, seat)
    room = sum(st.temple) < st.parts.constants["temples"]
    spare = temple_cost + (0 if st.epoch <= TEMPLE_LAST_EPOCH else summon + 2)
    if room and faith >= spare and not last_round(st):
        sites = [t for t in mine if not st.temple[t]]
        if sites:
            return Action("temple", (names[safest(st, seat, sites)],))
    # The other gods, each leaving faith for the cards it lets the seat buy.
    wants = ((MAGIC, summon + 2), (SKY, summon + 3), (DEATH, summon + 6))
    for domain, needed in wants:
        if not st.god_in_play(seat, domain) and faith >= needed:
            where = front if domain in MAIN_ARMY_GODS else safest(st, seat, mine)
            return Action("summon", (DOMAINS[domain], names[where]))
    return Action("done")


def step_two_worth(st: GodstormState, seat: Seat, faith: int) -> float:
    """What `faith` is worth to `seat` at step 2, in armies: the gods and temples
    `gods_and_temples` would buy with it, in its order and on its conditions (a god at
    `GOD_WORTH`, a temple at its turns left), and the faith left over at its price."""
    summon, temple = economy.summon_cost(st, seat), economy.temple_cost(st, seat)
    mine = [t for t in st.territories_of(seat) if not st.plague[t]]
    if not mine:
        return faith * faith_price(st)
    worth = 0.0
    if not st.god_in_play(seat, WAR) and faith >= summon:
        worth, faith = worth + GOD_WORTH[WAR], faith - summon
    room = int(st.parts.constants["temples"]) - sum(st.temple)
    sites = sum(1 for t in mine if not st.temple[t])
    spare = temple + (0 if st.epoch <= TEMPLE_LAST_EPOCH else summon + 2)
    while room > 0 and sites > 0 and faith >= spare and not last_round(st):
        worth, faith = worth + TEMPLE_TURN * max(1, turns_left(st)), faith - temple
        room, sites = room - 1, sites - 1
    for domain, needed in ((MAGIC, summon + 2), (SKY, summon + 3), (DEATH, summon + 6)):
        if not st.god_in_play(seat, domain) and faith >= needed:
            worth, faith = worth + GOD_WORTH[domain], faith - summon
    return worth + faith * faith_price(st)


def decline_count(st: GodstormState, seat: Seat) -> int:
    """Book of the Dead (`decline k`: `rate` raised armies back to the reserve for each
    faith; G38: raised armies only, so in step 1's placing): the k that most raises the
    armies' and the faith's worth together, each army worth 1 and the faith what step 2 buys
    with it. At the module's prices faith alone (0.9) never pays for 2 armies, so it declines
    only to reach a temple's or a god's price, by more than `DECLINE_MARGIN`; 0 otherwise."""
    rate = economy.decline_rate(st, seat)
    if not rate:
        return 0
    faith = st.faith[seat]
    base = step_two_worth(st, seat, faith)
    best, best_gain = 0, DECLINE_MARGIN
    for k in range(1, st.to_place[seat] // rate + 1):
        gain = step_two_worth(st, seat, faith + k) - base - rate * k
        if gain > best_gain:
            best, best_gain = k, gain
    return best


def purchase(st: GodstormState, seat: Seat) -> tuple[int, ...]:
    """One purchase (G55): War cards first (cheap armies), a Magic relic while it has epochs
    to act in, a Sky card when none is held, a Death card with faith left to play it; within
    what the faith pays for, at most 4, keeping 2 faith to play cards with."""
    k = st.parts.constants
    budget = max(0, (st.faith[seat] - 2) // k["miracle_cost"])
    budget = min(budget, k["purchases_per_turn"])
    held = [st.parts.cards[c].deck for c in st.hands[seat] if c >= 0]
    wanted = {
        "War": 2,
        "Magic": 1 if st.epoch <= 4 else 0,
        "Sky": 0 if "Sky" in held else 1,
        "Death": 1 if st.faith[seat] >= 10 else 0,
    }
    counts = dict.fromkeys(DECKS, 0)
    for deck in ("War", "Magic", "Sky", "Death", "War"):
        if budget <= 0:
            break
        if not st.god_in_play(seat, DOMAINS.index(DECK_GOD[deck])):
            continue
        n = min(wanted[deck] - counts[deck], budget, len(st.decks[deck]) - counts[deck])
        if deck == "War" and counts["War"] == 0:
            n = min(n, 1)  # one War card, then the others, then a second War card
        n = max(0, n)
        counts[deck] += n
        budget -= n
    return tuple(counts[deck] for deck in DECKS)


# -- miracles -----------------------------------------------------------------------------------
def miracle_plays(st: GodstormState, seat: Seat, hook: str) -> list[tuple[float, Action]]:
    """Castable cards with their best targets, worth more than their cost, best first, each
    as (gain over cost, action)."""
    out = []
    price = faith_price(st)
    for index in sorted(set(c for c in st.hands[seat] if c >= 0)):
        if miracles.play_problem(st, seat, index, hook) is not None:
            continue
        card = st.parts.cards[index]
        cost = 0 if index == st.free_card else miracles.cost_of(st, seat, card)
        best: tuple[float, tuple[int, ...]] | None = None
        for values in rules.target_choices(st, seat, card):
            if miracles.check_targets(st, seat, card, values) is not None:
                continue
            worth = card_value(st, seat, card, values)
            if best is None or worth > best[0]:
                best = (worth, values)
        if best is None:
            continue
        gain = best[0] - cost * price
        if gain > PLAY_MARGIN:
            words = rules.target_words(st, card, best[1])
            out.append((gain, Action("cast", (card.id, *words))))
    out.sort(key=lambda play: -play[0])
    return out


def card_value(st: GodstormState, seat: Seat, card: Card, values: tuple[int, ...]) -> float:
    """A card's effects, with these targets, in armies to `seat`."""
    total = 0.0
    queue = list(values)
    for effect in card.effects:
        need = sum(2 if k == "sea" else 1 for k in miracles.targets_of(effect))
        mine, queue = queue[:need], queue[need:]
        total += effect_value(st, seat, effect.primitive, effect.params, mine)
    return total


def _enemy_weight(st: GodstormState, seat: Seat, t: int) -> float:
    """An opposing army counts more where it borders the seat (it attacks or defends there)."""
    near = any(_mine(st, seat, n) for n in st.parts.earth.neighbors[t])
    return ENEMY_ARMY * (1.25 if near else 1.0) if st.owner[t] >= 0 else ENEMY_ARMY * 0.5


def effect_value(
    st: GodstormState, seat: Seat, primitive: str, params: object, targets: list[int]
) -> float:
    """One effect's worth in armies (module docstring's prices); 0 for what it cannot judge."""
    earth = st.parts.earth
    inv = st.invasion if st.phase == rules.SKY else None
    target = getattr(params, "target", None)
    count = int(getattr(params, "count", 0))
    if inv is not None and primitive in _DEFENCE:
        return _defence_value(st, seat, primitive, params, targets)
    if primitive == "gain-armies":
        return float(economy.raisable(st, seat, count))
    if primitive == "destroy-armies":
        to_zero = bool(getattr(params, "to_zero", False))

        def lost(t: int) -> int:
            return max(0, min(count, st.armies[t] - (0 if to_zero else 1)))

        if target == "every-territory":
            places = [t for t in range(len(earth)) if st.armies[t] > 0 and st.owner[t] != seat]
        elif target == "every-opponent":
            places = [_largest(st, o) for o in range(st.players) if o != seat and st.alive(o)]
        else:
            places = targets[:1]
        return sum(lost(t) * _enemy_weight(st, seat, t) for t in places if t >= 0)
    if primitive == "halve-armies":
        if target == "every-territory":
            region = getattr(params, "region", None)
            places = [
                t
                for t in range(len(earth))
                if not st.gone(t)
                and (region is None or earth.regions[earth.region_of[t]] == region)
            ]
        else:
            places = targets[:1]
        total = 0.0
        for t in places:
            half = st.armies[t] // 2
            total += -half if st.owner[t] == seat else half * _enemy_weight(st, seat, t)
        return total
    if primitive == "move-armies" and len(targets) == 2:
        source, dest = targets
        moved = min(count, st.armies[source] - 1)
        if getattr(params, "adjacent_only", True) and not invasion.adjacent(st, source, dest):
            return 0.0
        useful = bool(_rivals(st, seat, dest)) and not _rivals(st, seat, source)
        return 0.5 * moved if useful and not st.plague[dest] else 0.0
    if primitive == "faith":
        amount = int(getattr(params, "amount", 0))
        if target in (None, "self"):
            return amount * faith_price(st)
        victims = (
            targets[:1]
            if target == "chosen-player"
            else [o for o in range(st.players) if o != seat and st.alive(o)]
        )
        return sum(min(-amount, st.faith[o]) for o in victims) * 0.5 * faith_price(st)
    if primitive == "draw-cards":
        deck = str(getattr(params, "deck", "War"))
        return CARD_PRICE * min(count, len(st.decks[deck]))
    if primitive == "banish-god" and len(targets) == 2:
        place_or_player, domain = targets
        if target == "chosen-player":
            victim_in_play = st.gods[place_or_player][domain] != BANISHED
            return GOD_PRICE if victim_in_play else 0.0
        victims = [
            o for o in range(st.players) if o != seat and st.gods[o][domain] == place_or_player
        ]
        return GOD_PRICE * len(victims)
    if primitive == "plague":
        action = getattr(params, "action", "place")
        gain = 0.0
        if action in ("move", "remove"):
            old = targets[0]
            gain += st.armies[old] // 2 * (1 if st.owner[old] == seat else -ENEMY_ARMY)
        if action in ("place", "move"):
            land = targets[-1]
            if st.owner[land] == seat or st.armies[land] == 0:
                return -1.0
            gods = len(st.gods_at(st.owner[land], land)) if st.owner[land] >= 0 else 0
            gain += st.armies[land] // 2 * _enemy_weight(st, seat, land) + GOD_PRICE * gods
        return gain
    if primitive == "maelstrom" and len(targets) == 2:
        duration = str(getattr(params, "duration", "turn"))
        return maelstrom_value(st, seat, (targets[0], targets[1]), duration)
    if primitive == "sink-atlantis":
        atlantis = earth.region_members[earth.regions.index("Atlantis")]
        total = 0.0
        for t in atlantis:
            if st.owner[t] == seat:
                total -= st.armies[t] + 1.0
            elif st.owner[t] >= 0:
                total += ENEMY_ARMY * st.armies[t] + 1.0
        return total
    return 0.0  # what it cannot judge: never worth a card


def _largest(st: GodstormState, owner: int) -> int:
    held = [t for t in range(len(st.owner)) if st.owner[t] == owner and st.armies[t] > 0]
    held = [t for t in held if not st.gone(t)]
    return max(held, key=lambda t: (st.armies[t], -t)) if held else -1


# -- the maelstrom ---------------------------------------------------------------------------------
Edge = tuple[int, int]


def _crossable(st: GodstormState, a: int, b: int, blocked: Edge | None) -> bool:
    """`invasion.adjacent` with the maelstrom over `blocked` instead of where it lies."""
    earth = st.parts.earth
    if not earth.adjacent(a, b) or st.gone(a) or st.gone(b):
        return False
    return blocked not in ((a, b), (b, a))


def still_to_move(st: GodstormState, seat: Seat) -> list[Seat]:
    """The opponents whose turns in this epoch come after the current one (G28)."""
    later = st.markers[st.turn + 1 :] if 0 <= st.turn < len(st.markers) else []
    return [s for s in later if s >= 0 and s != seat and st.alive(s)]


def _sea_standing(
    st: GodstormState,
    seat: Seat,
    places: set[int],
    blocked: Edge | None,
    movers: list[Seat],
    own: bool,
) -> float:
    """Around `places`, with the maelstrom over `blocked`: the seat's best invasion (when
    `own`: plain odds past the invasion threshold, times the territory's worth) less what its
    lands there stand to lose, each to the strongest invasion an opponent in `movers` could
    make into it."""
    neighbors = st.parts.earth.neighbors
    threshold = LATE_ATTACK_ODDS if last_round(st) else ATTACK_ODDS
    attack, loss = 0.0, 0.0
    for x in places:
        if _mine(st, seat, x):
            worst = max(
                (
                    win_probability(st.armies[n], st.armies[x])
                    for n in neighbors[x]
                    if st.owner[n] in movers and st.armies[n] > 1 and _crossable(st, n, x, blocked)
                ),
                default=0.0,
            )
            loss += worst * (territory_value(st, seat, x) + 0.3 * st.armies[x])
        elif own and not st.gone(x):
            for n in neighbors[x]:
                if _mine(st, seat, n) and st.armies[n] > 1 and _crossable(st, n, x, blocked):
                    odds = 1.0 if st.armies[x] == 0 else win_probability(st.armies[n], st.armies[x])
                    if odds >= threshold:
                        attack = max(attack, odds * territory_value(st, seat, x))
    return attack - loss


def maelstrom_value(st: GodstormState, seat: Seat, edge: Edge, duration: str) -> float:
    """The maelstrom moved onto `edge` (one marker: it leaves where it lies; R8
    [Readying for War; its duration not in the rulebook: reconstructed]: it lasts the turn, the
    epoch or the game), in armies to `seat`.

    Played on its own turn (a War or Death card, §4, before its invasions of §5): the losses
    it spares the seat's lands at either end from the opponents still to move while it lasts
    (G28: later markers this epoch), less its own best invasion across it, against the marker
    where it lies now; a game-long one counts each later epoch, every opponent moving, at
    `LATER_EPOCHS`. In the Sky window (G70, A12 [Sky Cards; Sky Cards in Battle]): over the very
    connection the invasion crosses it ends the invasion before any dice (`rules._after_sky`), worth
    what cancelling it is; elsewhere it saves nothing; either way the marker it lifts stops blocking
    anyone."""
    old = st.maelstrom
    places = set(edge) | set(old or ())

    def gain(new: Edge | None, movers: list[Seat], own: bool) -> float:
        after = _sea_standing(st, seat, places, new, movers, own)
        return after - _sea_standing(st, seat, places, old, movers, own)

    later = still_to_move(st, seat)
    inv = st.invasion
    if st.phase == rules.SKY and inv is not None:
        lifted = gain(None, [inv.attacker, *later], False) if old is not None else 0.0
        if {inv.source, inv.target} != set(edge):
            return lifted
        return _defence_value(st, seat, "cancel-invasion", None, []) + lifted
    if duration == "turn":
        return gain(edge, [], True)  # only the seat's own invasions move in its turn
    value = gain(edge, later, True)
    if duration == "game":
        everyone = [s for s in range(st.players) if s != seat and st.alive(s)]
        value += LATER_EPOCHS * turns_left(st) * gain(edge, everyone, True)
    return value


# Effects a defender weighs by what they do to the invasion it faces.
_DEFENCE = frozenset(
    {
        "cancel-invasion",
        "reduce-attack",
        "extra-dice",
        "reroll-ones",
        "win-ties",
        "destroy-armies",
        "halve-armies",
        "gain-armies",
        "banish-god",
        "move-armies",
    }
)
_DICE_SHARE = {"extra-dice": 0.35, "reroll-ones": 0.2, "win-ties": 0.3, "reduce-attack": 0.05}


def _defence_value(
    st: GodstormState, seat: Seat, primitive: str, params: object, targets: list[int]
) -> float:
    """A Sky card's worth to the invaded seat: the loss it spares (the odds of losing the
    territory times what it is worth to the seat), read from the odds after the effect."""
    inv = st.invasion
    assert inv is not None
    source, target = inv.source, inv.target
    force = list(inv.force)
    odds = conquest_odds(st, inv.attacker, source, target, force)
    at_stake = territory_value(st, seat, target) + st.armies[target] * 0.3
    count = int(getattr(params, "count", 0))
    if primitive == "cancel-invasion":
        return odds * at_stake
    if primitive in _DICE_SHARE:
        share = _DICE_SHARE[primitive] * max(1, count)
        return odds * at_stake * min(share, 0.8)
    attackers, defenders = st.armies[source], st.armies[target]
    if primitive == "destroy-armies":
        attackers -= min(count, attackers - 1)
    elif primitive == "halve-armies":
        attackers -= attackers // 2
    elif primitive == "gain-armies":
        defenders += economy.raisable(st, seat, count)
    elif primitive == "move-armies" and len(targets) == 2:
        if targets[1] != target or not invasion.adjacent(st, targets[0], target):
            return 0.0
        defenders += min(count, st.armies[targets[0]] - 1)
    elif primitive == "banish-god":
        domain = targets[-1] if targets else -1
        if domain not in force:
            return 0.0
        force.remove(domain)
        return (
            GOD_PRICE + (odds - conquest_odds(st, inv.attacker, source, target, force)) * at_stake
        )
    if attackers < 2:
        return odds * at_stake
    rule = battle_rule(st, force, target, inv.attacker)
    after = win_probability(attackers, defenders, rule)
    return (odds - after) * at_stake + (st.armies[source] - attackers) * ENEMY_ARMY


# -- battles --------------------------------------------------------------------------------------
def god_to_risk(st: GodstormState, seat: Seat) -> int:
    """The godswar's fighter: the least valuable god this side has in the battle."""
    inv = st.invasion
    assert inv is not None
    gods = list(inv.force) if st.phase == rules.GOD_ATTACK else st.gods_at(seat, inv.target)
    return min(gods, key=lambda d: (GOD_WORTH[d], d))


def fight_on(st: GodstormState, seat: Seat) -> Action:
    """Another godswar round while the force is the likelier winner; else call it off."""
    inv = st.invasion
    assert inv is not None
    odds = godswar_chance(st, seat, inv.source, inv.target, list(inv.force))
    return Action("fight") if odds >= GODSWAR_ODDS else Action("retreat")


def _spare_faith(st: GodstormState, seat: Seat) -> bool:
    """Tablet of Destiny's die is bought only with faith enough left to summon a god."""
    return st.faith[seat] - economy.tablet_rate(st, seat) >= economy.summon_cost(st, seat)


def defend_dice(st: GodstormState, seat: Seat) -> Action:
    """The most dice, with Tablet of Destiny's when faith is to spare."""
    most = rules.defend_most(st)
    return Action("defend", (most + (rules.defend_tablet(st) and _spare_faith(st, seat)),))


def roll_on(st: GodstormState, seat: Seat) -> Action:
    """The most dice while taking the territory is still likely enough; else call it off."""
    inv = st.invasion
    assert inv is not None
    if inv.underworld:
        source = None if inv.source < 0 else inv.source
        most = min(3, underworld.underworld_available(st, seat, source))
        available = underworld.underworld_available(st, seat, source)
        odds = win_probability(available + 1, st.space_armies[inv.target]) if most >= 1 else 0.0
    else:
        most = invasion.attack_dice_most(st, inv)
        most += rules.attack_tablet(st) and _spare_faith(st, seat)
        sky = st.sky or invasion.NO_SKY
        rule = sky.rule(battle_rule(st, inv.force, inv.target, seat))
        odds = win_probability(st.armies[inv.source], st.armies[inv.target], rule)
    can_stop = inv.attacked or most < 1
    if can_stop and (most < 1 or odds < CONTINUE_ODDS):
        return Action("retreat")
    return Action("roll", (most,))


def occupy_count(st: GodstormState, seat: Seat) -> int:
    """Armies moving in: all the source can spare when the source is left out of reach of the
    enemy, the least when the new territory is, half otherwise."""
    least, most = rules.occupy_range(st)
    inv = st.invasion
    assert inv is not None
    if inv.underworld:
        return most
    source_exposed = any(n != inv.target for n in _rivals(st, seat, inv.source))
    target_exposed = any(n != inv.source for n in _rivals(st, seat, inv.target))
    if not target_exposed and source_exposed:
        return least
    if not source_exposed:
        return most
    return max(least, (least + most + 1) // 2)


def fortify(st: GodstormState, seat: Seat) -> Action:
    """One move (G100): armies out of a plague land first, else the largest idle stack away
    from the front, to the most outnumbered front territory it reaches, its gods along."""
    names = st.parts.earth.territories
    mine = st.territories_of(seat)
    sources = [
        t
        for t in mine
        if (st.armies[t] > 1 or st.gods_at(seat, t)) and (st.plague[t] or not _rivals(st, seat, t))
    ]
    sources.sort(key=lambda t: (not st.plague[t], -st.armies[t], t))
    for source in sources:
        reach = underworld.fortify_reach(st, seat, source) - {source}
        fronts = [t for t in reach if _rivals(st, seat, t) and not st.plague[t]]
        if not fronts:
            fronts = [t for t in reach if not st.plague[t]] if st.plague[source] else []
        if not fronts:
            continue
        target = max(fronts, key=lambda t: (threat(st, seat, t) - st.armies[t], -t))
        gods = st.gods_at(seat, source)
        moving = st.armies[source] - 1
        if moving < 1 and not gods:
            continue
        return Action("fortify", (names[source], names[target], gods_arg(gods), moving))
    return Action("done")


def embark(st: GodstormState, seat: Seat) -> Action:
    """The heaven's armies into the Underworld: onto a space already held, or an empty gate
    (they do nothing in the heaven, and gates held are bases against other players' armies
    there)."""
    if st.heaven[seat] < 1:
        return Action("done")
    targets = underworld.embark_targets(st, seat)
    if not targets:
        return Action("done")
    space = max(targets, key=lambda s: (st.space_owner[s] == seat, st.space_armies[s], -s))
    return Action("embark", (st.parts.underworld.territories[space], st.heaven[seat]))


def descend(st: GodstormState, seat: Seat) -> Action:
    """An Underworld invasion with good plain odds (G110: no god or temple reaches there), or
    an empty space entered (A16 [9. Invade the Underworld; Eliminating a Player])."""
    under = st.parts.underworld
    best: tuple[float, Action] | None = None
    sources: list[int | None] = [None, *underworld.spaces_of(st, seat)]
    for source in sources:
        available = underworld.underworld_available(st, seat, source)
        for target in range(len(under)):
            if underworld.underworld_attack_problem(st, seat, source, target) is not None:
                continue
            defenders = st.space_armies[target]
            # A16 [9. Invade the Underworld; Eliminating a Player]: an empty space is entered
            # without dice, so it is taken for sure.
            odds = win_probability(available + 1, defenders) if defenders else 1.0
            if odds >= UNDERWORLD_ODDS and (best is None or odds > best[0]):
                word = rules.HEAVEN if source is None else under.territories[source]
                best = (odds, Action("descend", (word, under.territories[target])))
    return best[1] if best is not None else Action("done")


# -- the search kit --------------------------------------------------------------------------------
POINT = 1.0  # a point of the final score (G113)
ARMY = 0.25  # an army on Ancient Earth: points to come, and the tie-break
FAITH_HELD = 0.15  # a faith point held
TEMPLE = 1.0  # a temple: its faith and army every turn left
GOD = 0.5  # a god in play
EVAL_FLOOR = 1.0  # added to every surviving seat's standing: no seat counts as 0
SEARCHED = frozenset(
    {rules.BID, rules.MARKER, rules.GODS, rules.BUY, rules.PLAY, rules.INVADE, rules.SKY}
)
"""The decisions the search weighs; in the others (placement, dice, moving in, fortifying,
the Underworld) the greedy choice stands, which spares the search most of a turn's decisions
and keeps its budget for what the greedy prices roughly (judgment: placement and dice follow
from the invasion chosen)."""


def standing(st: GodstormState, seat: Seat) -> float:
    """A surviving seat's standing: its score now, plus what it holds to raise it."""
    now = score(st, seat)
    return (
        POINT * now.points
        + ARMY * now.armies
        + FAITH_HELD * now.faith
        + TEMPLE * now.temples
        + GOD * now.gods
    )


def evaluate(st: GodstormState) -> list[float]:
    """Each seat's share of the standings, in [0, 1]; the winners share 1 at the end."""
    if st.outcome is not None:
        winners = st.outcome.winners
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(st.players)]
    values = [standing(st, p) + EVAL_FLOOR if st.alive(p) else 0.0 for p in range(st.players)]
    total = sum(values)
    return [v / total for v in values]


def turn_number(st: GodstormState) -> int:
    """Turns so far, counting every seat's turn in every epoch (the bid opens an epoch's
    first turn)."""
    return (st.epoch - 1) * st.players + st.turn


def determinize(observation: GodstormState, seat: Seat, rng: random.Random) -> GodstormState:
    """A full state agreeing with what `seat` observes; the rules' `resample_hidden` then
    redraws the hidden rest.

    Each deck's cards that `seat` cannot place (all but its hand, the relics and the discards)
    are dealt into the other hands' card backs of that deck, the eliminated players' unseen
    cards and the deck (a card Pandora's Box drew free stays a Death card of the player whose
    turn it is); `resample_hidden` shuffles them within the deck, redraws the sealed bids and
    gives chance a fresh generator.
    Judgment: each bid made is then, with even odds, what the greedy would bid for that seat
    (a likely bid) instead of the uniform draw (any bid).
    """
    st = observation.copy()
    cards = st.parts.cards
    known = set(st.hands[seat]) | set(st.discards) | {c for held in st.relics for c in held}
    for deck in DECKS:
        back = rules.miracles_unseen(deck)
        pool = [c for c in range(len(cards)) if cards[c].deck == deck and c not in known]
        for holder in range(st.players):
            if holder != seat:
                st.hands[holder] = [pool.pop() if c == back else c for c in st.hands[holder]]
        st.buried = [pool.pop() if c == back else c for c in st.buried]
        st.decks[deck] = pool
    if st.free_card < NOBODY:  # a card back: the active player's free Death card
        active = order.active(st)
        st.free_card = next(c for c in st.hands[active] if cards[c].deck == "Death")
    st = GAME.resample_hidden(st, seat, Rng(rng.getrandbits(64)))
    if st.bids is not None:
        bids = list(st.bids.bids)
        for k, bidder in enumerate(st.bids.bidders):
            if bidder != seat and bids[k] is not None and rng.random() < 0.5:
                bids[k] = bid_amount(st, bidder)
        st.bids = replace(st.bids, bids=tuple(bids))
    return st


def candidates(st: GodstormState, seat: Seat) -> list[Action]:
    """The greedy choice first, then a few alternatives of the same decision; in decisions
    outside `SEARCHED` the greedy choice alone."""
    first = greedy_action(st, seat)
    out = [first]
    phase = st.phase
    if phase not in SEARCHED:
        return out
    names = st.parts.earth.territories
    if phase == rules.BID:
        assert st.bids is not None
        limit = st.bids.limit(seat)
        out += [Action("bid", (b,)) for b in (0, limit // 4, limit // 2)]
    elif phase == rules.MARKER:
        out += [Action("marker", (m + 1,)) for m, s in enumerate(st.markers) if s == NOBODY]
    elif phase == rules.GODS:
        out.append(Action("done"))
        mine = [t for t in st.territories_of(seat) if not st.plague[t]]
        if mine:
            front, safe = staging(st, seat), safest(st, seat, mine)
            if economy.temple_problem(st, seat, safe) is None:
                out.append(Action("temple", (names[safe],)))
            for domain in range(len(DOMAINS)):
                if economy.summon_problem(st, seat, domain, front) is None:
                    out.append(Action("summon", (DOMAINS[domain], names[front])))
    elif phase == rules.BUY:
        out.append(Action("buy", (0,) * len(DECKS)))
    elif phase in (rules.PLAY, rules.SKY):
        hook = "play" if phase == rules.PLAY else "attacked"
        out += [play for _, play in miracle_plays(st, seat, hook)[:2]]
        out.append(Action("done" if phase == rules.PLAY else "pass"))
    elif phase == rules.INVADE:
        out += [plan for _, plan in attack_plans(st, seat)[:3]]
        out.append(Action("done"))
    return list(dict.fromkeys(out))


KIT: SearchKit[GodstormState] = SearchKit(
    game=GAME,
    determinize=determinize,
    policy=lambda st, seat, rng: greedy_action(st, seat),
    candidates=candidates,
    evaluate=evaluate,
    horizon_over=lambda st, root_turn: turn_number(st) > root_turn + 1,
    turn=turn_number,
    # As Strike's and Battle for Manhattan's: the root's moves tried in turn on the same
    # sample and dice, so their differences carry less luck.
    paired=True,
)


class GreedyGodstormBot(PolicyBot):
    """Greedy RISK Godstorm: bids, gods, temples, miracles and invasions priced in armies."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(greedy_action, seed, prefer=(Action("done"), Action("pass")))


def _greedy(mode: str, seed: int) -> Bot:
    return GreedyGodstormBot(seed)


register_tier("greedy", "risk-godstorm", _greedy)
register_search_kit("risk-godstorm", KIT)
