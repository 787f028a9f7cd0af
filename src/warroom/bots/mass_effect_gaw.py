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
from typing import Any, TypeVar, overload

from warroom.bots import register_tier
from warroom.bots import risk as classic
from warroom.bots.search import SearchKit, register_search_kit
from warroom.core.actions import Action
from warroom.core.game import Seat
from warroom.core.legal import Legal
from warroom.core.rng import Rng
from warroom.games.mass_effect import galaxy_at_war as gw
from warroom.games.mass_effect import gaw_rules as gr
from warroom.games.mass_effect.components import CERBERUS_WIN
from warroom.games.mass_effect.gaw_components import ALLIANCE, CERBERUS, REAPER, pieces
from warroom.games.mass_effect.gaw_rules import CATALYST, REAPER_TOKEN
from warroom.games.risk_classic import ATTACK, DEFEND, FORTIFY, OCCUPY, REINFORCE, RiskState
from warroom.odds.dice import harbinger_odds
from warroom.rules.pieces import HELD, UNKNOWN_FACE, FaceDown

STRIKE_ODDS = 0.15  # least chance of destroying Harbinger worth up to 3 units
SEARCH_ATTACKS = 3  # attacks the search tries besides greedy's own
SEARCH_PLACES = 2  # other front planets the search tries for the units
GOAL_WEIGHT = 0.5  # the share of a search leaf's value that is progress toward the victory
GUARD_UNITS = 8  # units on a Vanguard's planet beyond which more guard it no better
BUILD_ORDER = ("dreadnought", "carrier", "cruiser")
_T = TypeVar("_T")


class GreedyGawBot:
    """The greedy player as a bot: `greedy_choice` on its own tie-breaking generator."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rnd = random.Random(seed)

    def choose(self, seat: Seat, observation: Any, legal: Sequence[Action]) -> Action:
        return greedy_choice(observation, seat, legal, self.rnd)


def greedy_choice(st: RiskState, seat: Seat, legal: Sequence[Action], rnd: random.Random) -> Action:
    """The greedy player's choice among `legal` (a random legal action where its heuristics
    name none); `rnd` breaks ties between equally placed planets."""
    assert isinstance(st, gw.GawState)
    pick = _Greedy(rnd)._pick(st, seat, _ByKind(legal))  # one of `legal`'s own, or None
    return pick if pick is not None else rnd.choice(legal)


class _Greedy:
    """The heuristics, each reading the observation and the legal actions by kind."""

    def __init__(self, rnd: random.Random) -> None:
        self.rnd = rnd

    # -- one decision --------------------------------------------------------------------------
    def _pick(self, st: gw.GawState, seat: Seat, by: _ByKind) -> Action | None:
        phase = st.phase
        if phase == DEFEND and "play" in by:
            return by["play"][0]  # a defence directive before the roll
        if "move" in by:  # every unit in; ships left home stay there (ME69 lets them follow)
            return max(by["move"], key=lambda a: (a.args[0], -len(a.args)))
        for kind in ("accept", "defend", "match", "roll", "devastate"):
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

    def _deploy(self, st: gw.GawState, seat: Seat, by: _ByKind) -> Action | None:
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

    def _invade(self, st: gw.GawState, seat: Seat, by: _ByKind) -> Action | None:
        faction = st.faction_of[seat]
        strikes = by.get("strike", [])
        if strikes:
            best = max(strikes, key=lambda a: self.strike_odds(st, faction, a))
            if self.strike_odds(st, faction, best) >= STRIKE_ODDS:
                return best
        scored = [
            (value, a) for value, margin, a in self.attack_scores(st, seat, by) if margin >= 1
        ]
        if scored:
            return max(scored, key=lambda x: x[0])[1]
        return by.get("end", [None])[0]

    def attack_scores(
        self, st: gw.GawState, seat: Seat, by: _ByKind
    ) -> list[tuple[int, int, Action]]:
        """(value, margin, attack) for each full-dice attack with every ship along: the margin
        is the units it outnumbers the target with (worth rolling from 1 up), the value adds its
        ships and, for the Alliance, a Vanguard's worth."""
        faction = st.faction_of[seat]
        scored = []
        for a in by.full_dice_attacks(st):
            s, t = _t(st, a.args[0]), _t(st, a.args[1])
            margin = st.armies[s] - 1 - st.armies[t]
            value = margin + sum(int(x) for x in a.args[3:] if isinstance(x, int))
            if faction == ALLIANCE and st.vanguards.count(t):
                value += 3  # one of them hides the Catalyst
            scored.append((value, margin, a))
        return scored

    def strike_odds(self, st: gw.GawState, faction: int, a: Action) -> float:
        """The exact chance a strike destroys Harbinger, its ships and bonuses counted."""
        dice = a.args[1]
        if not isinstance(dice, int):
            return 0.0
        counts = tuple(int(x) for x in a.args[2:] if isinstance(x, int))
        ships = (*counts, 0, 0, 0)[:3] if counts else gw.NO_SHIPS
        bonus = gr.harbinger_modifier(st.galaxy.momentum, st.momentum, faction) + st.strike_bonus
        return float(harbinger_odds(dice, gr.ship_side(ships), bonus))

    def _fortify(self, st: gw.GawState, seat: Seat, by: _ByKind) -> Action | None:
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


# -- the search kit ---------------------------------------------------------------------------
def determinize(observation: RiskState, seat: Seat, rng: random.Random) -> gw.GawState:
    """A full state the seat's team cannot tell from the real one: the masked cards and
    Vanguard faces filled in from what is left unseen, then the mode's own `resample_hidden`
    redraws everything the team does not know (G28 [Team: Faction Cards], ME56: the Reaper team
    knows every token it placed; Cerberus a token it destroyed, G8 [Invading a Reaper Vanguard]), so
    no secret of the team is guessed."""
    sample = gw.GAME.resample_hidden(_filled(observation, seat), seat, Rng(rng.getrandbits(64)))
    assert isinstance(sample, gw.GawState)
    return sample


def _filled(observation: RiskState, seat: Seat) -> gw.GawState:
    """The observation with every `UNSEEN` card and unknown face given one consistent value:
    a hand holds only its faction's cards (ME96: each faction draws its own deck; ME80 sends
    an eliminated hand to the discards), the piles the rest of each deck, and the unknown
    faces the Vanguard faces no one in the team has seen. Which goes where is left to the
    redraw."""
    st = observation.copy()
    assert isinstance(st, gw.GawState)
    team = gw.GAME.known_to(st, seat)
    seen = {c for p in team for c in st.hands[p]}
    seen.update(c for pile in st.discards for c in pile)
    seen.update(st.out_of_play)
    unseen: list[list[int]] = [[] for _ in st.piles]
    for c in range(len(st.cards.card_ids)):
        if c not in seen:
            unseen[st.cards.faction[c]].append(c)
    for p, hand in enumerate(st.hands):
        if p not in team:
            faction = st.faction_of[p]
            st.hands[p] = sorted(unseen[faction].pop() for _ in hand)
    st.piles = unseen
    known = [f for f in st.faces.faces if f != UNKNOWN_FACE]
    left = [CATALYST if c else REAPER_TOKEN for c in pieces().vanguards]
    for face in known:
        left.remove(face)
    faces = tuple(left.pop() if f == UNKNOWN_FACE else f for f in st.faces.faces)
    st.faces = FaceDown(faces, st.faces.known_to)
    return st


def policy(state: RiskState, seat: Seat, rng: random.Random) -> Action:
    """The rollout policy: greedy over the rules' legal actions."""
    return greedy_choice(state, seat, gw.GAME.legal_actions(state, seat), rng)


def candidates(state: RiskState, seat: Seat) -> list[Action]:
    """Greedy's choice first, then the alternatives worth searching where it matters: ending
    the invasions, the next best attacks (ships along) and strikes on Harbinger; the
    fortification's other targets or none; the other front planets for the units; moving
    Harbinger or not. Elsewhere (set-up, dice counts, move-ins) greedy's choice alone."""
    st = state
    assert isinstance(st, gw.GawState)
    legal = gw.GAME.legal_actions(st, seat)
    rnd = random.Random(st.turn)  # ties broken alike in every sample of one decision
    first = greedy_choice(st, seat, legal, rnd)
    out = [first]
    phase = st.phase
    by = _ByKind(legal)
    if phase == ATTACK:
        greedy = _Greedy(rnd)
        attacks = sorted(greedy.attack_scores(st, seat, by), key=lambda x: -x[0])
        out += [a for _, margin, a in attacks if margin >= 0][:SEARCH_ATTACKS]
        faction = st.faction_of[seat]
        strikes = [a for a in by.get("strike", []) if greedy.strike_odds(st, faction, a) > 0]
        out += sorted(strikes, key=lambda a: -greedy.strike_odds(st, faction, a))[:1]
        out.append(Action("end"))
    elif phase == FORTIFY:
        out.append(Action("end"))
    elif phase == REINFORCE and first.kind == "place":
        greedy = _Greedy(rnd)
        # In the listing's order, not a set's: the noise `_front` draws follows it, and a
        # set of names iterates in an order that changes with each process's hash seed.
        names = dict.fromkeys(a.args[0] for a in by["place"])
        planets = sorted(
            [name for name in names if name != first.args[0]],
            key=lambda name: -greedy._front(st, seat, _t(st, name)),
        )
        out += [Action("place", (name, st.pending)) for name in planets[:SEARCH_PLACES]]
    elif phase in (gw.HARBINGER, gw.DEVASTATE):
        out.append(Action("end"))
    return [a for a in dict.fromkeys(out) if a in legal]


class _ByKind:
    """The legal actions by kind, a kind's listed only when a heuristic reads it: most kinds
    are only tested for, and the rollouts decide thousands of times a search."""

    def __init__(self, legal: Sequence[Action]) -> None:
        self.families = Legal.of(legal).families_by_kind()
        self.listed: dict[str, list[Action]] = {}

    def __contains__(self, kind: str) -> bool:
        return kind in self.families

    def __getitem__(self, kind: str) -> list[Action]:
        listed = self.listed.get(kind)
        if listed is None:
            families = self.families[kind]
            listed = [f.action(i) for f in families for i in range(f.size())]
            self.listed[kind] = listed
        return listed

    @overload
    def get(self, kind: str) -> list[Action] | None: ...

    @overload
    def get(self, kind: str, default: list[_T]) -> list[Action] | list[_T]: ...

    def get(self, kind: str, default: list[_T] | None = None) -> list[Action] | list[_T] | None:
        """As `dict.get`."""
        return self[kind] if kind in self.families else default

    def full_dice_attacks(self, st: gw.GawState) -> list[Action]:
        """The attacks rolling all the dice their source allows (min(3, units - 1)), in list
        order, without listing the other dice counts: a family's dice are its counts, or,
        with ships along, its third argument."""
        out = []
        for family in self.families.get("attack", []):
            dice = min(3, st.armies[_t(st, family.args[0])] - 1)
            if len(family.args) == 2:
                if family.counts is not None and dice in family.counts:
                    out.append(Action("attack", (*family.args, dice)))
            elif family.args[2] == dice:
                out += [family.action(i) for i in range(family.size())]
        return out


def evaluate(state: RiskState) -> list[float]:
    """Each seat's value in [0, 1], its team's (teammates win together, ME100): Classic's
    share of strength, blended with the team's share of progress toward its own victory
    (spec 2.3: the Alliance's Vanguards removed, the Reapers' guarded tokens and Harbinger,
    Cerberus's resource planets of its 10)."""
    st = state
    assert isinstance(st, gw.GawState)
    if st.outcome is not None:
        return [1.0 if p in st.outcome.winners else 0.0 for p in range(st.players)]
    strength = classic.evaluate(st)
    teams = st.chart.teams()
    team_strength = [sum(strength[q] for q in teams[p]) for p in range(st.players)]
    team_goal = [
        _progress(st, st.faction_of[p]) if any(st.alive[q] for q in teams[p]) else 0.0
        for p in range(st.players)
    ]
    by_team = {min(teams[p]): team_goal[p] for p in range(st.players)}
    total = sum(by_team.values()) or 1.0
    return [
        (1 - GOAL_WEIGHT) * s + GOAL_WEIGHT * g / total
        for s, g in zip(team_strength, team_goal, strict=True)
    ]


def _progress(st: gw.GawState, faction: int) -> float:
    if faction == ALLIANCE:
        # ME71/ME73: each Reaper token removed leaves the Catalyst under fewer.
        return 0.1 + st.vanguards.count(HELD) / len(st.vanguards.where)
    if faction == REAPER:
        placed = [t for t in st.vanguards.where if t >= 0]
        guard = sum(min(st.armies[t], GUARD_UNITS) for t in placed) / GUARD_UNITS
        return 0.1 + 0.5 * (st.harbinger != gw.GONE) + guard / len(st.vanguards.where)
    side = st.faction_of.index(CERBERUS)
    return 0.1 + gr.resources_held(st.galaxy, st.owner, side) / CERBERUS_WIN


KIT: SearchKit[RiskState] = SearchKit(
    game=gw.GAME,
    determinize=determinize,
    policy=policy,
    candidates=candidates,
    evaluate=evaluate,
    horizon_over=lambda st, root_turn: st.turn > root_turn + 1,
    turn=lambda st: st.turn,
    paired=True,
)

register_tier("greedy", "mass-effect-galaxy-at-war", lambda mode, seed: GreedyGawBot(seed))
register_search_kit("mass-effect-galaxy-at-war", KIT)
