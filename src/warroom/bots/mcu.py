"""RISK MCU Skirmish bots: a greedy heuristic and the search kit, on Classic's bot code.

Skirmish's state is a Classic `RiskState` (see warroom.games.mcu.skirmish), so the Classic
greedy's claim, placement, attack scoring and move-in (warroom.bots.risk) play it too; this
module adds what Skirmish plays differently:
- card trades priced by the Recruitment chart: the trade worth most units over what its
  symbols would be worth held (`SYMBOL_VALUE` units each), so a good chart value, not any set;
- the 20-sector race: when the sectors to win are within this turn's reach, every attack
  with fair odds is worth rolling for, and the evaluation weighs sectors held;
- the maneuver along a chain of own sectors: the largest idle stack to the most threatened
  front sector it can reach (Classic's `best_path_move`, which Mass Effect's fortify shares).
"""

from __future__ import annotations

import random

from warroom.bots import Bot, PolicyBot, register_tier
from warroom.bots import risk as classic
from warroom.bots.search import SearchKit, register_search_kit
from warroom.core.actions import Action
from warroom.core.errors import WarroomError
from warroom.core.game import Seat
from warroom.games import risk_classic as rc
from warroom.games.mcu import skirmish
from warroom.games.mcu.skirmish import MANEUVER, McuState
from warroom.games.risk_classic import RiskState
from warroom.rules.cards import symbol_trades

SYMBOL_VALUE = 1.5  # units a held symbol is worth later (about the chart's rate, less waiting)
RACE_REACH = 4  # sectors short of the target at which the race takes over
RACE_THRESHOLD = 0.35  # least conquest odds worth rolling for once the race is on
RACE_WEIGHT = 0.5  # the evaluation's share for sectors held (squared, towards the target)


def _mcu(st: RiskState) -> McuState:
    assert isinstance(st, McuState)
    return st


def determinize(observation: RiskState, seat: Seat, rng: random.Random) -> McuState:
    """A full state agreeing with what `seat` sees: own hand, hand sizes, the face-up discard
    pile and the deck's size are known; the other cards are dealt at random."""
    classic.searching()  # Classic's greedy targets, kept by owners while searching
    st = _mcu(observation).copy()
    classic.deal_unseen(st, seat, len(st.decks.card_ids), {*st.hands[seat], *st.discard}, rng)
    return st


def greedy_action(state: RiskState, seat: Seat) -> Action:
    """The greedy player's choice, legal by construction."""
    st = _mcu(state)
    names = st.board.territories
    phase = st.phase
    if phase == rc.REINFORCE:
        trade = best_trade(st, seat)
        if trade is not None:
            return trade
        # All at once where it does most (Classic's placement; Classic's trades do not apply).
        return classic.place_all(st, seat)
    if phase == MANEUVER:
        return classic.move_action(st, "maneuver", classic.best_path_move(st, seat))
    if phase == rc.ATTACK and _racing(st, seat):
        best = max(
            classic._attacks(st, seat, 1) or [(-1, -1, 0.0)],
            key=lambda a: a[2],
        )
        s, t, _ = best
        if s >= 0 and classic.p_conquer(st.armies[s], st.armies[t]) >= RACE_THRESHOLD:
            return Action("attack", (names[s], names[t], min(3, st.armies[s] - 1)))
    if phase in (rc.CLAIM, rc.ATTACK, rc.DEFEND, rc.OCCUPY):
        return classic.greedy_action(st, seat)
    raise WarroomError(f"no decision in phase {phase!r}")


def best_trade(st: McuState, seat: Seat) -> Action | None:
    """MCU11: the trade worth most units beyond its symbols' keep, if any is worth making."""
    if not st.trade_open:
        return None
    symbols = st.decks.symbols
    best: tuple[float, tuple[int, ...]] | None = None
    for combo in symbol_trades(st.hands[seat], symbols, st.chart):
        total = sum(symbols[c] for c in combo)
        gain = st.chart.price(total) - SYMBOL_VALUE * total
        if best is None or gain > best[0]:
            best = (gain, combo)
    if best is None or best[0] <= 0:
        return None
    return Action("trade", tuple(st.decks.card_ids[c] for c in best[1]))


def _racing(st: McuState, seat: Seat) -> bool:
    """MCU26: whether the sectors to win are close enough to press for them this turn."""
    return st.owner.count(seat) >= int(st.options["sectors_to_win"]) - RACE_REACH


def candidates(state: RiskState, seat: Seat) -> list[Action]:
    """The greedy action first, then Classic's alternatives (and skipping a trade or the
    maneuver)."""
    st = _mcu(state)
    first = greedy_action(st, seat)
    out = [first]
    if st.phase == MANEUVER:
        out.append(Action("end"))
    elif st.phase == rc.REINFORCE and first.kind == "trade":
        names = st.board.territories
        out += [
            Action("place", (names[t], st.pending))
            for t in classic._placements(st, seat, st.pending)[:2]
        ]
    else:
        out += classic.candidates(st, seat)
    return list(dict.fromkeys(out))


def evaluate(state: RiskState) -> list[float]:
    """Classic's share of strength, blended with the 20-sector race: sectors held, squared."""
    st = _mcu(state)
    if st.outcome is not None:
        return [1.0 if p in st.outcome.winners else 0.0 for p in range(st.players)]
    strength = classic.evaluate(st)
    target = int(st.options["sectors_to_win"])
    race = [min(st.owner.count(p), target) ** 2 if st.alive[p] else 0 for p in range(st.players)]
    total = sum(race) or 1
    return [
        (1 - RACE_WEIGHT) * s + RACE_WEIGHT * r / total for s, r in zip(strength, race, strict=True)
    ]


KIT: SearchKit[RiskState] = SearchKit(
    game=skirmish.GAME,
    determinize=determinize,
    policy=lambda st, seat, rng: greedy_action(st, seat),
    candidates=candidates,
    evaluate=evaluate,
    horizon_over=lambda st, root_turn: st.turn > root_turn + 1,
    turn=lambda st: st.turn,
    rollout_start=classic._rollout_start,
)


class GreedyMcuBot(PolicyBot):
    """Greedy Skirmish: regions and the 20-sector race by exact odds, trades at good value."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(greedy_action, seed, exact=True)


def _greedy(mode: str, seed: int) -> Bot:
    return GreedyMcuBot(seed)


register_tier("greedy", "mcu-skirmish", _greedy)
register_search_kit("mcu-skirmish", KIT)
