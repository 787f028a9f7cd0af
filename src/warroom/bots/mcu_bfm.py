"""RISK MCU Battle for Manhattan bots: a greedy player of each faction's objective, and the
search kit (determinized MCTS) built on it.

The greedy reads only its seat's observation. Each faction presses on the sectors its
objective names (`goal_sectors`): Captain America the Helicarrier and the docks, Ultron
Sokovia and Iron Man's sectors, Iron Man the chips, Sector_25 and Malibu, Winter Soldier
Washington and Captain America's sectors, Thor the Loki sectors and Asgard. Attacks are scored
by Classic's exact conquest odds (d8 defenders read as one defender more, a rough price),
weighted up on goal sectors; the rest is Classic's and Skirmish's greedy code (placement near
the best attack, the move-in, the maneuver to the front). Cards: the best unit trade at
reinforcement, an Ally whenever one can be taken (on the sector the next attack comes from),
the units power at once; the other powers are kept for trades.
"""

from __future__ import annotations

import random

from warroom.bots import Bot, PolicyBot, register_tier
from warroom.bots import mcu as skirmish_bots
from warroom.bots import risk as classic
from warroom.bots.search import SearchKit, register_search_kit
from warroom.core.actions import Action
from warroom.core.errors import WarroomError
from warroom.core.game import Seat
from warroom.core.rng import Rng
from warroom.games import risk_classic as rc
from warroom.games.mcu import manhattan as bfm
from warroom.games.mcu.manhattan import (
    CAPTAIN_AMERICA,
    FACTION,
    FACTION_IDS,
    HULK,
    HYDRA,
    IRON_MAN,
    THOR,
    ULTRON,
    UNKNOWN,
    WINTER_SOLDIER,
    BfmState,
)
from warroom.games.mcu.skirmish import MANEUVER
from warroom.games.risk_classic import RiskState
from warroom.rules.pieces import HELD

GOAL_WEIGHT = 2.0  # how much a goal sector's conquest is worth over any other
THREAT = 0.5  # a rival's objective progress from which the search tries to block it
BLOCKS = 2  # blocking attacks offered to the search at most
THREAT_WEIGHT = 0.5  # how far the nearest rival's squared progress discounts a seat's value
ATTACK_THRESHOLD = 0.55  # least weighted conquest odds worth rolling for
PREFERENCE = (THOR, IRON_MAN, CAPTAIN_AMERICA, ULTRON, WINTER_SOLDIER)  # picks, best first


def _bfm(st: RiskState) -> BfmState:
    assert isinstance(st, BfmState)
    return st


def goal_sectors(st: BfmState, seat: Seat) -> set[int]:
    """The territories the seat's objective asks for, that it does not hold."""
    goal = bfm.objective(st, seat)
    goals = _named(st, goal.sectors)
    if goal.kind == "helicarrier":
        goals |= set(bfm._heli(st)) | set(bfm._open_docks(st))
    elif goal.kind == "eliminate":
        victims = {p for p in range(st.players) if st.factions[p] == goal.target}
        goals |= {t for t, o in enumerate(st.owner) if o in victims}
    elif goal.kind == "tower":
        goals |= {t for t in st.chips.where if t >= 0}
    elif st.scepter != HELD:
        goals |= set(st.loki)
    return {t for t in goals if st.owner[t] != seat}


def _named(st: BfmState, sectors: tuple[str, ...]) -> set[int]:
    idx = st.board.index
    return {idx[t] for t in sectors}


def _d8_defence(st: BfmState, t: int) -> bool:
    return t in st.loki or st.owner[t] >= st.players


def _scored_attacks(st: BfmState, seat: Seat) -> list[tuple[float, int, int]]:
    goals = goal_sectors(st, seat)
    out = []
    for s, t in bfm._attacks(st, seat):
        defenders = st.armies[t] + (1 if _d8_defence(st, t) else 0)
        p = classic.p_conquer(st.armies[s], defenders)
        weight = GOAL_WEIGHT if t in goals else 1.0
        out.append((p * weight, s, t))
    out.sort(key=lambda x: (-x[0], x[1], x[2]))
    return out


def greedy_action(state: RiskState, seat: Seat) -> Action:
    """The greedy player's choice, legal by construction (the bot checks it all the same)."""
    st = _bfm(state)
    names = st.board.territories
    phase = st.phase
    if phase == FACTION:
        free = bfm._pickable(st)
        return Action("faction", (FACTION_IDS[min(free, key=PREFERENCE.index)],))
    if phase == rc.CLAIM:
        return Action("claim", (names[_best_claim(st, seat)],))
    if phase == HYDRA:
        return Action("hydra", (st.hydra_pending,))
    if phase == HULK:
        options = bfm._hulk_sectors(st, seat)
        return Action("hulk", (names[max(options, key=lambda t: (st.armies[t], -t))],))
    if phase == rc.DEFEND:
        return Action("defend", (rc.defend_most(st),))
    if phase == rc.OCCUPY:
        return Action("move", (classic._occupy_count(st, seat),))
    if phase == rc.REINFORCE:
        trade = skirmish_bots.best_trade(st, seat)
        if trade is not None:
            return trade
        for c in bfm._power_cards(st, seat):
            if st.battle.card_power[c].kind == "units":
                return Action("power", (st.decks.card_ids[c],))
        base = _staging(st, seat)
        if not st.ally_taken:
            cards = bfm._ally_cards(st, seat)
            if cards:
                return Action("ally", (st.decks.card_ids[cards[0]], names[base]))
        return Action("place", (names[base], st.pending))
    if phase == rc.ATTACK:
        scored = _scored_attacks(st, seat)
        if scored and (scored[0][0] >= ATTACK_THRESHOLD or st.hulk_forced):
            _, s, t = scored[0]
            return Action("attack", (names[s], names[t], len(rc._attack_dice(st, s))))
        return Action("end")
    if phase == MANEUVER:
        if st.maneuvers_left:
            move = classic.best_path_move(st, seat)
            if move is not None:
                s, t, k = move
                if t in dict(bfm._maneuvers(st, seat)).get(s, []):
                    return Action("maneuver", (names[s], names[t], k))
        return Action("end")
    raise WarroomError(f"no decision in phase {phase!r}")


def _staging(st: BfmState, seat: Seat) -> int:
    """Where reinforcements go: the source of the best goal attack, else Classic's choice."""
    goals = goal_sectors(st, seat)
    best: tuple[int, int] | None = None
    for s in range(len(st.owner)):
        if st.owner[s] != seat:
            continue
        if any(u in goals for u in st.board.neighbors[s]):
            key = (st.armies[s], -s)
            if best is None or key > (st.armies[best[1]], -best[1]):
                best = (0, s)
    if best is not None:
        return best[1]
    return classic.best_placement(st, seat, max(1, st.pending))


def _best_claim(st: BfmState, seat: Seat) -> int:
    """A free goal sector first (the objective's own ground), else Classic's claim."""
    free = [t for t in range(len(st.owner)) if st.owner[t] == -1]
    goals = goal_sectors(st, seat) & set(free)
    if goals:
        return min(goals)
    return classic._best_claim(st, seat)


def held_objective(st: BfmState, seat: Seat) -> set[int]:
    """The territories the seat holds that its objective needs kept: what a rival takes
    from it to set it back."""
    goal = bfm.objective(st, seat)
    needed = _named(st, goal.sectors)
    if goal.kind == "helicarrier":
        needed |= set(bfm._heli(st)) | set(bfm._open_docks(st))
    return {t for t in needed if st.owner[t] == seat}


def blocking_attacks(st: BfmState, seat: Seat) -> list[tuple[int, int]]:
    """Attacks on what the leading rival's objective needs kept, best odds first, when
    that rival's progress has reached `THREAT`: greedy scores only its own objective, so
    without these the search would never try to stop a rival about to win."""
    rivals = [p for p in range(st.players) if p != seat and st.alive[p]]
    if not rivals:
        return []
    leader = max(rivals, key=lambda p: (progress(st, p), -p))
    if progress(st, leader) < THREAT:
        return []
    needed = held_objective(st, leader)
    scored = [
        (classic.p_conquer(st.armies[s], st.armies[t] + (1 if _d8_defence(st, t) else 0)), s, t)
        for s, t in bfm._attacks(st, seat)
        if t in needed
    ]
    scored.sort(key=lambda x: (-x[0], x[1], x[2]))
    return [(s, t) for _, s, t in scored[:BLOCKS]]


def candidates(state: RiskState, seat: Seat) -> list[Action]:
    """The greedy choice first, then a few alternatives of the same step, attacks on the
    leading rival's objective among them."""
    st = _bfm(state)
    first = greedy_action(st, seat)
    out = [first]
    names = st.board.territories
    if st.phase == rc.ATTACK:
        for _, s, t in _scored_attacks(st, seat)[:3]:
            out.append(Action("attack", (names[s], names[t], len(rc._attack_dice(st, s)))))
        for s, t in blocking_attacks(st, seat):
            out.append(Action("attack", (names[s], names[t], len(rc._attack_dice(st, s)))))
        if not st.hulk_forced:
            out.append(Action("end"))
    elif st.phase == MANEUVER:
        out.append(Action("end"))
    elif st.phase == rc.REINFORCE and first.kind == "place":
        out += [
            Action("place", (names[t], st.pending))
            for t in classic._placements(st, seat, st.pending)[:2]
        ]
        out += [Action("place", (names[s], st.pending)) for s, _ in blocking_attacks(st, seat)[:1]]
    return list(dict.fromkeys(out))


def progress(st: BfmState, seat: Seat) -> float:
    """How far the seat's objective has come, 0 to 1 (1: complete)."""
    goal, owner = bfm.objective(st, seat), st.owner
    idx = st.board.index
    held = [owner[idx[t]] == seat for t in goal.sectors]
    if goal.kind == "helicarrier":
        heli = sum(owner[t] == seat for t in bfm._heli(st)) / 3
        docks = sum(owner[t] == seat for t in bfm._open_docks(st))
        return (heli + min(docks, goal.docks) / goal.docks) / 2
    if goal.kind == "eliminate":
        victims = [p for p in range(st.players) if st.factions[p] == goal.target]
        left = sum(owner.count(p) for p in victims)
        return 0.5 * (1 - min(left, 20) / 20) + 0.5 * sum(held) / len(held)
    if goal.kind == "tower":
        value = 0.6 * min(st.chips.count(HELD), 6) / 6
        for kept in held:  # 0.2 for each of the two (the card's), added one by one
            value += 0.4 / len(held) * kept
        return value
    found = 1.0 if st.scepter == HELD else 0.5 * st.illusions_boxed / 7
    return 0.5 * found + 0.5 * sum(held) / len(held)


def evaluate(state: RiskState) -> list[float]:
    """Classic's share of strength blended with objective progress (squared, so near-wins
    count most), discounted by the nearest rival's progress: one rival close to its
    objective threatens every other seat's game, whatever their shares."""
    st = _bfm(state)
    if st.outcome is not None:
        return [1.0 if p in st.outcome.winners else 0.0 for p in range(st.players)]
    strength = classic.evaluate(st)
    goal = [progress(st, p) ** 2 if st.alive[p] else 0.0 for p in range(st.players)]
    total = sum(goal) or 1.0
    return [
        (0.5 * strength[p] + 0.5 * goal[p] / total)
        * (1 - THREAT_WEIGHT * max(g for q, g in enumerate(goal) if q != p))
        for p in range(st.players)
    ]


def determinize(observation: RiskState, seat: Seat, rng: random.Random) -> BfmState:
    """A full state agreeing with the seat's view: the other hands keep each card's faction
    (the backs are public), the piles their sizes; the scepter under a random face-down
    token; a fresh generator."""
    classic.searching()  # Classic's greedy targets, kept by owners while searching
    st = _bfm(observation).copy()
    cards = st.decks
    known = set(st.hands[seat]) | set(st.discard)
    for f in range(len(st.piles)):
        pool = [c for c in range(len(cards.card_ids)) if cards.faction[c] == f and c not in known]
        rng.shuffle(pool)
        for p in range(st.players):
            if p == seat:
                continue
            hand = st.hands[p]
            for i, c in enumerate(hand):
                if c == -1 - f:
                    hand[i] = pool.pop()
        st.piles[f] = pool[: len(st.piles[f])]
    for p in range(st.players):
        st.hands[p].sort()
    if st.scepter == UNKNOWN:
        st.scepter = st.loki[rng.randrange(len(st.loki))]
    st.rng = Rng(rng.getrandbits(64))
    return st


def _rollout_start(st: RiskState) -> RiskState:
    """Defender and neutral dice rolled at once in rollouts, as the policy always chooses."""
    if st.options["defender_dice"] == "auto":
        return st
    twin = st.step_copy()
    twin.options = {**st.options, "defender_dice": "auto"}
    return twin


KIT: SearchKit[RiskState] = SearchKit(
    game=bfm.GAME,
    determinize=determinize,
    policy=lambda st, seat, rng: greedy_action(st, seat),
    candidates=candidates,
    evaluate=evaluate,
    # To the end of the round: every rival replies once, so a move that leaves one to win
    # shows in the rollout.
    horizon_over=lambda st, root_turn: st.turn >= root_turn + st.players,
    turn=lambda st: st.turn,
    rollout_start=_rollout_start,
    # The root's moves tried in turn on the same sample and dice (as Strike's), so their
    # differences carry less luck. Every measurement against greedy: docs/ladder-mcu-bfm.md.
    paired=True,
)


class GreedyBfmBot(PolicyBot):
    """Greedy Battle for Manhattan: each faction presses on its objective's sectors."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(greedy_action, seed, prefer=(Action("end"),))


def _greedy(mode: str, seed: int) -> Bot:
    return GreedyBfmBot(seed)


register_tier("greedy", "mcu-battle-for-manhattan", _greedy)
register_search_kit("mcu-battle-for-manhattan", KIT)
