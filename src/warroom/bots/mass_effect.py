"""RISK Mass Effect Basic Training bots: a greedy heuristic and the search kit, on Classic's bot
code.

Basic Training's state is a Classic `RiskState` (see warroom.games.mass_effect.basic), so the
Classic greedy's claim, placement, attack scoring and move-in (warroom.bots.risk) play it
too; this module adds what Basic Training plays differently:
- sets are worth a fixed amount by their classes (ME11) and never grow, so nothing is gained
  by waiting: trade the most valuable set held as soon as one is (one of each is worth most);
- the eliminator takes the loser's cards (ME26) and trades them at once (ME27): a player
  down to a few planets and holding cards is hunted whenever the odds are fair;
- the fortification follows a chain of own planets (ME28): the largest idle stack goes to
  the most threatened front planet it can reach, not one step.
"""

from __future__ import annotations

import random
from itertools import combinations

from warroom.bots import Bot, PolicyBot, register_tier
from warroom.bots import risk as classic
from warroom.bots.search import SearchKit, register_search_kit
from warroom.core.actions import Action
from warroom.core.errors import WarroomError
from warroom.core.game import Seat
from warroom.games import risk_classic as rc
from warroom.games.mass_effect import basic
from warroom.games.mass_effect.basic import BasicState
from warroom.games.risk_classic import RiskState

HUNT_PLANETS = 2  # a player with this many planets or fewer is worth eliminating
HUNT_CARDS = 2  # ... when they hold at least this many cards to win
HUNT_THRESHOLD = 0.5  # least conquest odds worth rolling for on a hunt


def _basic(st: RiskState) -> BasicState:
    assert isinstance(st, BasicState)
    return st


def determinize(observation: RiskState, seat: Seat, rng: random.Random) -> BasicState:
    """A full state agreeing with what `seat` sees: own hand, hand sizes, the face-up cards
    out of play and the deck's size are known; the other cards are dealt at random."""
    classic.searching()  # Classic's greedy targets, kept by owners while searching
    st = _basic(observation).copy()
    classic.deal_unseen(st, seat, len(st.cards.card_ids), {*st.hands[seat], *st.out_of_play}, rng)
    return st


def greedy_action(state: RiskState, seat: Seat) -> Action:
    """The greedy player's choice, legal by construction."""
    st = _basic(state)
    names = st.board.territories
    phase = st.phase
    if phase == rc.REINFORCE:
        trade = best_trade(st, seat)
        if trade is not None:
            return trade
        # All at once where it does most (Classic's placement; Classic's trades do not apply).
        return classic.place_all(st, seat)
    if phase == rc.FORTIFY:
        return classic.move_action(st, "fortify", classic.best_path_move(st, seat))
    if phase == rc.ATTACK:
        hunt = best_hunt(st, seat)
        if hunt is not None:
            s, t = hunt
            return Action("attack", (names[s], names[t], min(3, st.armies[s] - 1)))
    if phase in (rc.CLAIM, rc.SETUP_PLACE, rc.ATTACK, rc.DEFEND, rc.OCCUPY):
        return classic.greedy_action(st, seat)
    raise WarroomError(f"no decision in phase {phase!r}")


def best_trade(st: BasicState, seat: Seat) -> Action | None:
    """ME11: the most valuable set held (fixed values: waiting gains nothing); None when no
    set is held or trading is closed (down to 4 after an elimination)."""
    hand = st.hands[seat]
    if len(hand) < 3 or (st.elimination_trade and len(hand) <= rc.ELIMINATION_TRADE_DOWN_TO):
        return None
    best: tuple[int, tuple[int, ...]] | None = None
    for combo in combinations(hand, 3):
        value = basic.set_value([st.cards.ship_class[c] for c in combo])
        if value is not None and (best is None or value > best[0]):
            best = (value, combo)
    if best is None:
        return None
    return Action("trade", tuple(st.cards.card_ids[c] for c in best[1]))


def best_hunt(st: BasicState, seat: Seat) -> tuple[int, int] | None:
    """ME26/ME27: an attack on a nearly beaten player with cards to win, if the odds are fair
    (the attack with the best conquest odds on any of their planets)."""
    owner, armies = st.owner, st.armies
    prey = {
        p
        for p in range(st.players)
        if p != seat
        and st.alive[p]
        and len(st.hands[p]) >= HUNT_CARDS
        and owner.count(p) <= HUNT_PLANETS
    }
    if not prey:
        return None
    best: tuple[float, int, int] | None = None
    for t in range(len(owner)):
        if owner[t] not in prey:
            continue
        for s in st.board.neighbors[t]:
            if owner[s] == seat and armies[s] >= 2:
                odds = classic.p_conquer(armies[s], armies[t])
                if best is None or odds > best[0]:
                    best = (odds, s, t)
    if best is None or best[0] < HUNT_THRESHOLD:
        return None
    return best[1], best[2]


def candidates(state: RiskState, seat: Seat) -> list[Action]:
    """The greedy action first, then Classic's alternatives (and skipping a trade or the
    fortification)."""
    st = _basic(state)
    first = greedy_action(st, seat)
    out = [first]
    if st.phase == rc.FORTIFY:
        out.append(Action("end"))
    elif st.phase == rc.REINFORCE and first.kind == "trade":
        names = st.board.territories
        if len(st.hands[seat]) < basic.MUST_TRADE_AT and not st.elimination_trade:
            out += [
                Action("place", (names[t], st.pending))
                for t in classic._placements(st, seat, st.pending)[:2]
            ]
    else:
        out += classic.candidates(st, seat)
    return list(dict.fromkeys(out))


KIT: SearchKit[RiskState] = SearchKit(
    game=basic.GAME,
    determinize=determinize,
    policy=lambda st, seat, rng: greedy_action(st, seat),
    candidates=candidates,
    evaluate=classic.evaluate,
    horizon_over=lambda st, root_turn: st.turn > root_turn + 1,
    turn=lambda st: st.turn,
    rollout_start=classic._rollout_start,
)


class GreedyMassEffectBot(PolicyBot):
    """Greedy Basic Training: Classic's odds-weighted conquests, the best fixed set at once,
    hunting weak players for their cards, fortifying along own planets."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(greedy_action, seed, exact=True)


def _greedy(mode: str, seed: int) -> Bot:
    return GreedyMassEffectBot(seed)


register_tier("greedy", "mass-effect-basic", _greedy)
register_search_kit("mass-effect-basic", KIT)
