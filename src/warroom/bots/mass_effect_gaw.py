"""RISK Mass Effect Galaxy at War: a greedy bot that plays either side (any faction, alone or in
a team) from its seat's observation.

Its ideas are the mode's own: hold the planets it can keep, press the front, take Vanguards
when playing the Alliance (one hides the Catalyst), strike Harbinger only when the exact odds
(`odds.harbinger_odds`, with the ships and the Momentum bonus) are worth the units, guard
Vanguards with the biggest stacks when playing the Reapers, and send Harbinger where a
Harbinger Attack card in hand can devastate. Battles are chosen by the units on each side
(attack where the source holds more than the target plus one, with every ship there); sets,
ships (Dreadnoughts first) and unit or Momentum directives are used as soon as they can be.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from warroom.bots import register_tier
from warroom.core.actions import Action
from warroom.core.game import Seat
from warroom.games.mass_effect import galaxy_at_war as gw
from warroom.games.mass_effect import gaw_rules as gr
from warroom.games.mass_effect.gaw_components import ALLIANCE
from warroom.games.risk_classic import ATTACK, DEFEND, FORTIFY, OCCUPY, REINFORCE
from warroom.odds.dice import harbinger_odds

STRIKE_ODDS = 0.15  # least chance of destroying Harbinger worth up to 3 units
BUILD_ORDER = ("dreadnought", "carrier", "cruiser")


class GreedyGawBot:
    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rnd = random.Random(seed)

    def choose(self, seat: Seat, observation: Any, legal: Sequence[Action]) -> Action:
        st = observation
        assert isinstance(st, gw.GawState)
        actions = list(legal)
        by_kind: dict[str, list[Action]] = {}
        for a in actions:
            by_kind.setdefault(a.kind, []).append(a)
        pick = self._pick(st, seat, by_kind)
        return pick if pick is not None and pick in legal else self.rnd.choice(actions)

    # -- one decision --------------------------------------------------------------------------
    def _pick(self, st: gw.GawState, seat: Seat, by: dict[str, list[Action]]) -> Action | None:
        phase = st.phase
        if phase == DEFEND and "play" in by:
            return by["play"][0]  # a defence directive before the roll
        for kind in ("accept", "defend", "move", "match", "roll", "devastate"):
            if kind in by:
                return max(by[kind], key=lambda a: a.args[-1] if a.args else 0)
        if "aside" in by:
            return by["aside"][0]
        if "claim" in by or "cerberus" in by or "harbinger" in by:
            choices = by.get("claim") or by.get("cerberus") or by["harbinger"]
            return max(choices, key=lambda a: self._front(st, seat, _t(st, a.args[0])))
        if "place" in by and phase != REINFORCE:
            return max(by["place"], key=lambda a: self._front(st, seat, _t(st, a.args[0])))
        if "vanguard" in by or "ship" in by:
            choices = by.get("vanguard") or by["ship"]
            return max(choices, key=lambda a: st.armies[_t(st, a.args[0])])
        if phase == REINFORCE:
            return self._deploy(st, seat, by)
        if phase == ATTACK:
            return self._invade(st, seat, by)
        if phase == FORTIFY:
            return self._fortify(st, seat, by)
        if "step" in by:
            return max(by["step"], key=lambda a: self._harbinger_target(st, seat, a))
        return by.get("end", [None])[0] if phase != OCCUPY else None

    def _front(self, st: gw.GawState, seat: Seat, t: int) -> float:
        """How much a planet borders others' planets, with a little noise to break ties."""
        mine = sum(1 for n in st.board.neighbors[t] if st.owner[n] == seat)
        enemy = sum(1 for n in st.board.neighbors[t] if st.owner[n] not in (seat, -1))
        return enemy + 0.5 * mine + self.rnd.random() * 0.1

    def _deploy(self, st: gw.GawState, seat: Seat, by: dict[str, list[Action]]) -> Action | None:
        if "trade" in by:
            return by["trade"][0]
        if "build" in by:
            return min(by["build"], key=lambda a: _build_rank(st, a))
        plays = [a for a in by.get("play", []) if len(a.args) == 1] + [
            a for a in by.get("play", []) if len(a.args) == 2
        ]
        if plays:
            return plays[0]
        if "scan" in by:
            return by["scan"][0]
        places = by.get("place", [])
        if not places:
            return None
        best = max(places, key=lambda a: self._front(st, seat, _t(st, a.args[0])))
        return max((a for a in places if a.args[0] == best.args[0]), key=lambda a: a.args[1])

    def _invade(self, st: gw.GawState, seat: Seat, by: dict[str, list[Action]]) -> Action | None:
        faction = st.faction_of[seat]
        strikes = by.get("strike", [])
        if strikes:
            best = max(strikes, key=lambda a: self._strike_odds(st, faction, a))
            if self._strike_odds(st, faction, best) >= STRIKE_ODDS:
                return best
        scored = []
        for a in by.get("attack", []):
            s, t = _t(st, a.args[0]), _t(st, a.args[1])
            dice = a.args[2]
            if not isinstance(dice, int) or dice != min(3, st.armies[s] - 1):
                continue
            margin = st.armies[s] - 1 - st.armies[t]
            if margin < 1:
                continue
            value = margin + sum(int(x) for x in a.args[3:] if isinstance(x, int))
            if faction == ALLIANCE and st.vanguards.count(t):
                value += 3  # one of them hides the Catalyst
            scored.append((value, a))
        if scored:
            return max(scored, key=lambda x: x[0])[1]
        return by.get("end", [None])[0]

    def _strike_odds(self, st: gw.GawState, faction: int, a: Action) -> float:
        dice = a.args[1]
        if not isinstance(dice, int):
            return 0.0
        counts = tuple(int(x) for x in a.args[2:] if isinstance(x, int))
        ships = (*counts, 0, 0, 0)[:3] if counts else gw.NO_SHIPS
        bonus = gr.harbinger_modifier(st.galaxy.momentum, st.momentum, faction) + st.strike_bonus
        return float(harbinger_odds(dice, gr.ship_side(ships), bonus))

    def _fortify(self, st: gw.GawState, seat: Seat, by: dict[str, list[Action]]) -> Action | None:
        best: tuple[float, Action] | None = None
        for a in by.get("fortify", []):
            s, t = _t(st, a.args[0]), _t(st, a.args[1])
            if self._front(st, seat, s) >= 1 or a.args[2] != st.armies[s] - 1:
                continue
            value = self._front(st, seat, t) * st.armies[s]
            if best is None or value > best[0]:
                best = (value, a)
        return best[1] if best is not None else by.get("end", [None])[0]

    def _harbinger_target(self, st: gw.GawState, seat: Seat, a: Action) -> float:
        t = _t(st, a.args[0])
        cards = [st.directives.by_card[c] for c in st.hands[seat] if c >= 0]
        region = st.board.regions[st.board.region_of[t]]
        can = any(
            d.kind == "devastate"
            and d.region() == region
            and gr.may_devastate(st.board, st.owner, st.faction_of, t, region, st.devastation_left)
            for d in cards
        )
        return (10.0 if can else 0.0) + st.armies[t] * (st.owner[t] != seat)


def _t(st: gw.GawState, name: object) -> int:
    return st.board.index[str(name)]


def _build_rank(st: gw.GawState, a: Action) -> int:
    card = st.cards.card(str(a.args[0]))
    return BUILD_ORDER.index(st.cards.ship_class[card]) if card is not None else len(BUILD_ORDER)


register_tier("greedy", "mass-effect-galaxy-at-war", lambda mode, seed: GreedyGawBot(seed))
