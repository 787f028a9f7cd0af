"""RISK Marvel Cinematic Universe: Battle for Manhattan (`mcu-battle-for-manhattan`), 3-5 players.

Every Skirmish rule applies unless one below changes it (MCU30, MCU42, MCU50), so this module is
Skirmish's (and through it Classic's) flow with more: Skirmish's trade and placement handlers,
Classic's move-in and elimination are reused as they are. What Battle for Manhattan adds, each
at its code (shared/specs/mcu.md section 2):
- MCU31-MCU40 set-up: a roll for the order of faction picks, seats in faction order, starting
  cards from the faction's own deck, resource chips, Dark Elves on Asgard, S.H.I.E.L.D. on the
  Helicarrier, Hulk at the bottom of the Rage Meter, Loki tokens placed unseen.
- MCU43-MCU49 Allies (pieces that are not units: `Tokens`, rules/pieces.py), MCU62-MCU64 Hulk,
  MCU51-MCU53 chips and the Tower, MCU54-MCU57 the Helicarrier, MCU58-MCU61 Loki and Asgard
  (neutral sides defending with d8s: `NeutralSide`, rules/pieces.py), MCU65 the maneuver with
  Allies and card powers, MCU66-MCU67 own decks and one-time powers (data: `POWERS`),
  MCU68-MCU74 the objectives, checked after every action for every player (so Ultron and
  Winter Soldier win when a third party eliminates their target).

Readings (section 2.5, the recommended ones unless said):
- B1 [BfM Set Up] set-up deployment is a Skirmish claim of 3 units until every free sector is held
  (Asgard and the Helicarrier are already held by the neutral sides). B2
  [BfM Set Up; 5 Player Turn Order] 3-4 players: the 5-player order restricted, starting cards
  1/1/1(/2), and Ultron only with Iron Man, Winter Soldier only with Captain America (data
  `setup.requires`). MCU32 ties on the pick roll reroll among the tied.
- B3 [Invading a Sector with a Resource; Winning: Iron Man] (a) chips are a pool: each unspent pair
  builds the next stage at the end of Iron Man's turn ((b) with the option `resources=turn`: only
  the pairs collected in that turn). B4
  [Winning: Captain America, Note; Winning: Iron Man] (a) Sector_25's dock closes when the 2nd
  Foundation is placed. B5 [Winning: Iron Man] the Tower is automatic.
- B6 [Invading the Helicarrier] Helicarrier sections count as territories for everything; they form
  a region worth 0.
- B7 [BfM Maneuver; Invading the Helicarrier] maneuvers follow any open connection between own
  territories.
- B8 [Invading the Helicarrier; Invading Sector_50 (Asgard)] the next living seat after the attacker
  decides the dice of S.H.I.E.L.D. and the Dark Elves; option `neutral_defence=auto` always rolls
  the most. B9 [Invading a Sector with a Loki Token] a Loki sector's d8s are automatic.
- B10 [Invading the Helicarrier] one d6 per operative removed; each 4+ may add a Winter Soldier unit
  to the attacking sector (Winter Soldier chooses how many, `hydra N`).
- B11 [Winning: Thor] the scepter is kept once found; the win is state-based. B12
  [Invading with Hulk] conquests do not move the meter while Hulk is out. B13 [Invading with Hulk]
  Hulk goes back if no own sector with 2+ units can attack; else the next action must be an invasion
  from Hulk's sector, which Hulk joins (he joins every attack from his sector until the turn ends).
  B14 [Invading with Hulk] Hulk is no unit and is never lost.
- B15 [Acquiring Allies] one Ally a turn; a piece on the board cannot be taken again. B16
  [Acquiring Allies] the attacker chooses whether the Allies in the source go along (`attack FROM TO
  alone DICE` leaves them); in defence they always count. B17 [BfM Faction Cards; Acquiring Allies]
  cards from another faction's deck give units and powers (units only with the option
  `taken_cards=units`), not Allies. B18
  [BfM Faction Cards; Invading with Hulk] taking a neutral sector earns the card and moves the
  meter. B19 [BfM Object] several objectives at once: the active player's first, else the first
  after them in turn order. B20 [Winning: Ultron; Winning: Winter Soldier] wins are state-based. B21
  [BfM Faction Cards] powers only on one's own turn, in the steps the power's timing names. B22
  [Invading a Sector with a Resource] chips are collected only by conquest. B23
  [Winning: Captain America, Note] 5 of the docks still open. B24 [BfM Faction Cards] an empty deck
  is that faction's discarded cards, shuffled.
- Modifiers from several sources (Allies, Hulk, a power, a Loki sector) combine by `combine`:
  the strongest of each kind counts (two d8 sources do not add up).
- The Ally move of MCU65 takes any or all Allies of one sector to another "connected" one, as
  the Skirmish maneuver defines it (MCU24: every sector between is the mover's own; any, with
  the through power): `allies FROM TO` moves them all, `allies FROM TO ALLY...` those named.

Actions: `faction ID`; `claim SECTOR`; `trade CARD...`; `ally CARD SECTOR`; `power CARD`;
`place SECTOR N`; `attack FROM TO DICE` (Allies go along) or `attack FROM TO alone DICE`;
`defend DICE`; `hydra N`; `move N`; `hulk SECTOR`; `maneuver FROM TO N`;
`allies FROM TO [ALLY...]`; `end`.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Any, ClassVar, Self

from warroom.core.actions import Action
from warroom.core.board import Board, reachable
from warroom.core.errors import IllegalAction, MalformedAction
from warroom.core.events import Event, faces, listed
from warroom.core.game import OptionValue, Outcome, Seat, require
from warroom.core.legal import Family, Legal
from warroom.core.registry import register
from warroom.core.rng import HIDDEN, Rng
from warroom.data import read_json
from warroom.games import catalogued, rules_options
from warroom.games import risk_classic as rc
from warroom.games.mcu import skirmish as sk
from warroom.games.mcu.components import (
    FACTIONS,
    PACKAGED_BOARD,
    POWERS,
    Battle,
    Manhattan,
    Objective,
    battle,
    decks,
    manhattan,
    recruitment,
)
from warroom.games.mcu.names import with_caption_aliases
from warroom.games.mcu.skirmish import MANEUVER, McuSkirmish, McuState, symbols
from warroom.games.risk_classic import (
    ATTACK,
    CLAIM,
    DEFEND,
    OCCUPY,
    OVER,
    REINFORCE,
    ClassicRisk,
    RiskState,
)
from warroom.rules import battle as dice
from warroom.rules.battle import BattleRule, SideRule, combine
from warroom.rules.first import picking_order
from warroom.rules.pieces import HELD, OFF_BOARD, NeutralSide, Tokens, decider

FACTION = "faction"  # MCU32: the faction picks
HULK = "hulk"  # MCU63: the player places Hulk
HYDRA = "hydra"  # MCU56/B10 [Invading the Helicarrier]: Winter Soldier adds Hydra agents
FACTION_IDS = ("captain-america", "ultron", "iron-man", "winter-soldier", "thor")
CAPTAIN_AMERICA, ULTRON, IRON_MAN, WINTER_SOLDIER, THOR = range(5)
LOKI_TOKENS, CHIPS = 8, 10  # MCU40, MCU36
TOWER_STAGES = 3  # MCU53: 2 Foundations and the Tower
TOWER_SITE = "Sector_25"  # MCU53: where they are placed
# Each stage as the log names it, in the order built (MCU53 [Winning: Iron Man]: "one of the two
# Foundation pieces", then the Tower); the log's place names come as the board captions them.
STAGE_WORDS = ("the first Foundation piece", "the second Foundation piece", "the Avengers Tower")
DOCK_CLOSES_AT = 2  # B4 [Winning: Captain America, Note; Winning: Iron Man] (a): the 2nd Foundation
UNKNOWN = -3  # the scepter's sector in a view: nobody knows it (section 2.4)
HELICARRIER_REGION = "Helicarrier"
SHIELD = NeutralSide("S.H.I.E.L.D.", dice.PRESETS["mcu-shield"])  # MCU55
DARK_ELVES = NeutralSide("Dark Elves", dice.PRESETS["mcu-dark-elves"])  # MCU61
LOKI_DEFENCE = dice.PRESETS["mcu-loki"]  # MCU58


@dataclass(slots=True)
class BfmState(McuState):
    """Skirmish's state plus Battle for Manhattan's pieces. `board` is Manhattan with the
    Helicarrier; `owner` is a seat, or `players` (S.H.I.E.L.D.) or `players + 1` (Dark Elves);
    `deck` is unused (each faction draws from its own pile)."""

    battle: Battle
    order: tuple[int, ...]  # seats in turn order (faction order), once factions are chosen
    pickers: tuple[int, ...]  # seats in the order they pick factions (MCU32)
    piles: list[list[int]]  # per faction: its own deck, the top last (MCU66)
    allies: Tokens  # the 15 Allies (3 a faction, faction by faction)
    ally_taken: bool  # B15 [Acquiring Allies]: one Ally a turn
    hulk: int  # Hulk's sector, or OFF_BOARD on the meter
    rage: int
    hulk_forced: bool  # MCU63/B13 [Invading with Hulk]: the next action is an invasion with Hulk
    loki: tuple[int, ...]  # sectors with a face-down Loki token, in order
    scepter: int  # the scepter token's sector (UNKNOWN in views), HELD once Thor has it
    illusions_boxed: int
    chips: Tokens  # the 10 resource chips: a sector, or HELD by Iron Man
    tower: int  # stages built (MCU53)
    chips_this_turn: int  # collected in this turn (B3 (b), the option `resources=turn`)
    operatives_lost: int  # MCU55: removed from the Helicarrier
    hydra_flipped: int  # MCU56: became Winter Soldier units
    hydra_pending: int  # B10 [Invading the Helicarrier]: successes Winter Soldier is choosing from
    # B16 [Acquiring Allies]: the Allies in the source go along in this invasion
    attack_allies: bool
    attack_boost: int  # a power's attack d8s for the next battle
    maneuvers_left: int
    ally_move_left: bool
    through: bool  # a power: this turn's maneuvers may pass through any sector

    def copy_more(self, twin: Self) -> None:
        super(BfmState, self).copy_more(twin)
        twin.piles = [p[:] for p in self.piles]


def _bfm(st: RiskState) -> BfmState:
    assert isinstance(st, BfmState)
    return st


@cache
def bfm_board() -> Board:
    """Manhattan with the Helicarrier's 3 sections (S0.1): the access point joined to the 9
    docking sectors by lines and to both inner sections; the sections form a region worth 0
    (B6 [Invading the Helicarrier]: they count as territories, and no region bonus comes from
    them)."""
    m = manhattan()
    raw = read_json(PACKAGED_BOARD)
    assert isinstance(raw, dict)
    data = copy.deepcopy(raw["map"])
    data["id"] = "mcu-manhattan-bfm"
    data["name"] = "RISK MCU: Manhattan and the Helicarrier"
    data["regions"][HELICARRIER_REGION] = {"bonus": 0, "color": "#b0bec5"}
    access = m.helicarrier[0]
    territories = data["territories"]
    docks = [t for k, t in enumerate(m.board.territories) if m.docking[k]]
    inner: dict[str, dict[str, str]] = {t: {} for t in m.helicarrier}
    for a, b in m.helicarrier_links:
        inner[a][b] = inner[b][a] = "border"
    for d in docks:
        territories[d]["connections"][access] = "line"
        inner[access][d] = "line"
    for k, t in enumerate(m.helicarrier):
        territories[t] = {"region": HELICARRIER_REGION, "connections": inner[t]}
        territories[t]["xy"] = [990.0, 160.0 + 110.0 * k]
    with_caption_aliases(data, m.areas)
    return Board.from_dict(data, "mcu/manhattan.json: map with the Helicarrier")


@cache
def _closed_neighbors() -> tuple[tuple[int, ...], ...]:
    """The board's neighbours once Sector_25's dock is closed (B4
    [Winning: Captain America, Note; Winning: Iron Man]): no Sector_25-access link."""
    b = bfm_board()
    s25, access = b.index[TOWER_SITE], b.index[manhattan().helicarrier[0]]
    return tuple(
        tuple(u for u in nbrs if {t, u} != {s25, access}) for t, nbrs in enumerate(b.neighbors)
    )


_MODE = catalogued("mcu-battle-for-manhattan")


class McuBattleForManhattan(McuSkirmish):
    id = _MODE.id
    title = _MODE.title
    min_players = _MODE.min_players
    max_players = _MODE.max_players
    options = rules_options(_MODE)
    forced_elimination_trade = False  # S8 [Invasions and Battles continued] still holds (MCU30)
    # Trades and Ally cards when reinforcing, card powers in every step of one's turn.
    hand_phases = frozenset({REINFORCE, ATTACK, MANEUVER})
    steps: ClassVar[Mapping[str, str]] = {
        **McuSkirmish.steps,
        FACTION: "choosing factions",
        HULK: "placing Hulk",
        HYDRA: "placing the Hydra sleeper agents rolled",
    }

    def borders(self, seen: RiskState, source: int, target: int) -> bool:
        """B4's closed dock cuts its crossings, as the attack listing (`_attacks`) reads it."""
        return target in _neighbors(_bfm(seen))[source]

    def seen_attack_rule(self, seen: RiskState, source: int, target: int) -> BattleRule:
        """`battle_rule` of that attack declared now with its Allies along (the default):
        Loki, S.H.I.E.L.D. and Dark Elves d8s, Hulk, Allies and a power played."""
        st = _bfm(seen).copy()
        st.attack_from, st.attack_to, st.attack_allies = source, target, True
        return battle_rule(st)

    def seen_defence_rule(self, seen: RiskState) -> BattleRule:
        """The declared battle's `battle_rule`, as `_battle` will roll it."""
        return battle_rule(_bfm(seen))

    # -- setup ---------------------------------------------------------------------------
    def setup(self, players: int, rng: Rng, options: Mapping[str, OptionValue]) -> BfmState:
        m, cards, chart, bat = manhattan(), decks(), recruitment(), battle()
        board = bfm_board()
        n = len(board)
        owner, armies = [-1] * n, [0] * n
        for k, name in enumerate(m.helicarrier):  # MCU39
            owner[board.index[name]], armies[board.index[name]] = players, m.operatives[k]
        for k, elves in enumerate(m.dark_elves):  # MCU37
            if elves:
                t = board.index[m.board.territories[k]]
                owner[t], armies[t] = players + 1, bat.dark_elves
        piles = []
        for f in range(len(FACTIONS)):  # MCU33: each faction's own deck, shuffled
            pile = [c for c in range(len(cards.card_ids)) if cards.faction[c] == f]
            rng.shuffle(pile)
            piles.append(pile)
        pickers = _roll_order(rng, players)  # MCU32
        factions = (-1,) * players
        if options["factions"] == "random":
            chosen = _random_factions(rng, players, bat)
            factions = tuple(chosen)
        chips = [board.index[m.board.territories[k]] for k, r in enumerate(m.resource) if r]
        st = BfmState(
            **rc.opening(
                board,
                options,
                players,
                rng,
                pickers[0],
                FACTION,
                owner=owner,
                armies=armies,
                manhattan=m,
                decks=cards,
                chart=chart,
                factions=factions,
                discard=[],
                trade_open=False,
                battle=bat,
                order=(),
                pickers=pickers,
                piles=piles,
                allies=Tokens((OFF_BOARD,) * len(bat.ally_ids)),
                ally_taken=False,
                hulk=OFF_BOARD,  # MCU38
                rage=0,
                hulk_forced=False,
                loki=(),
                scepter=OFF_BOARD,
                illusions_boxed=0,
                chips=Tokens(tuple(chips)),  # MCU36
                tower=0,
                chips_this_turn=0,
                operatives_lost=0,
                hydra_flipped=0,
                hydra_pending=0,
                attack_allies=False,
                attack_boost=0,
                maneuvers_left=1,
                ally_move_left=True,
                through=False,
            )
        )
        if options["factions"] == "random":
            _seat_in_faction_order(st)
        return st

    # -- names ---------------------------------------------------------------------------
    def _card_text(self, st: RiskState, card: int) -> str:
        bat, cards = _bfm(st).battle, _bfm(st).decks
        return (
            f"{cards.card_ids[card]} ({symbols(cards.symbols[card])}; "
            f"{bat.ally_text(bat.card_ally[card])}; power: {bat.card_power[card].text()})"
        )

    def turn_order(self, state: RiskState) -> tuple[Seat, ...]:
        """MCU34: seats play in their factions' turn order (`order`, empty until the factions
        are chosen)."""
        return _bfm(state).order

    def opening(self, state: RiskState) -> list[Event]:
        """MCU32's roll-off, made at setup: the order the factions are picked in (the seats
        then play in their factions' order, MCU34); dealt at random, the factions themselves
        (the option `factions=random`)."""
        st = _bfm(state)
        names = self.seat_names(st)
        if st.phase != FACTION:
            dealt = ", ".join(f"{rc.player_name(p)} plays {names[p]}" for p in range(st.players))
            return [Event("factions", f"Factions dealt at random: {dealt}")]
        return [picking_order("Factions are picked", names, st.pickers)]

    def seat_names(self, state: RiskState) -> list[str]:
        st = _bfm(state)
        return [
            FACTIONS[st.factions[p]] if st.factions[p] >= 0 else rc.player_name(p)
            for p in range(st.players)
        ]

    def side_name(self, st: RiskState, side: int) -> str:
        b = _bfm(st)
        if side == b.players:
            return SHIELD.name
        if side == b.players + 1:
            return DARK_ELVES.name
        return self.seat_names(st)[side]  # as the players' list names it: one name a seat

    def _side_count(self, st: RiskState) -> int:
        return st.players + 2  # S.H.I.E.L.D. and the Dark Elves

    # -- who decides ---------------------------------------------------------------------
    def to_move(self, state: RiskState) -> tuple[Seat, ...]:
        st = _bfm(state)
        if st.phase == OVER:
            return ()
        if st.phase == FACTION:
            return (st.pickers[sum(f >= 0 for f in st.factions)],)
        if st.phase == DEFEND:
            return (self._defender_seat(st),)
        return (st.current,)

    def _defender_seat(self, st: RiskState) -> Seat:
        b = _bfm(st)
        side = b.owner[b.attack_to]
        # B8 [Invading the Helicarrier; Invading Sector_50 (Asgard)]: the next living seat after the
        # attacker decides
        if side >= b.players:
            return decider(b.current, b.order, b.alive)
        return side

    # -- legal actions -------------------------------------------------------------------
    def legal_actions(self, state: RiskState, seat: Seat) -> Legal:
        """Classic's deferred families: `in` is answered by `_allows`, which lists only the
        families that could hold the action (its kind, and for an attack or a maneuver its
        own source), so the search's checks cost a sector's moves, not the board's."""
        if seat not in self.to_move(state):
            return Legal(())
        return Legal.deferred(
            lambda: self._families(state, seat), lambda action: self._allows(state, seat, action)
        )

    def _families(self, state: RiskState, seat: Seat) -> list[Family]:
        st = _bfm(state)
        names = st.board.territories
        phase = st.phase
        if phase == FACTION:
            return [Family("faction", (FACTION_IDS[f],)) for f in _pickable(st)]
        if phase == CLAIM:
            return [Family("claim", (names[t],)) for t in range(len(names)) if st.owner[t] == -1]
        if phase == HULK:
            return [Family("hulk", (names[t],)) for t in _hulk_sectors(st, seat)]
        if phase == HYDRA:
            return [Family("hydra", (), range(0, st.hydra_pending + 1))]
        if phase == DEFEND:
            return [Family("defend", (), rc._defend_dice(st))]
        if phase == OCCUPY:
            return [Family("move", (), rc._move_in_counts(st))]
        out: list[Family] = []
        if phase == REINFORCE:
            out += self._trades(st, seat) if st.trade_open else []
            if not st.ally_taken:
                own = [names[t] for t in range(len(names)) if st.owner[t] == seat]
                for c in _ally_cards(st, seat):
                    out += [Family("ally", (st.decks.card_ids[c], t)) for t in own]
        if not st.hulk_forced:
            out += [Family("power", (st.decks.card_ids[c],)) for c in _power_cards(st, seat)]
        if phase == REINFORCE:
            counts = range(1, st.pending + 1)
            out += [
                Family("place", (names[t],), counts)
                for t in range(len(names))
                if st.owner[t] == seat
            ]
        elif phase == ATTACK:
            if not st.hulk_forced:
                out.append(Family("end"))
            out += _attack_families(st, seat)
        elif phase == MANEUVER:
            out.append(Family("end"))
            if st.maneuvers_left:
                out += _maneuver_families(st, seat)
            if st.ally_move_left:
                out += _ally_families(st, seat)
        return out

    def _allows(self, state: RiskState, seat: Seat, action: Action) -> bool:
        """Whether `_families(state, seat)` lists `action`, from the families of its kind
        alone (an attack's or a maneuver's of its own source): the same helpers, narrowed."""
        st = _bfm(state)
        kind, args, phase = action.kind, action.args, st.phase
        if phase not in (REINFORCE, ATTACK, MANEUVER):
            return action in Legal(self._families(st, seat))
        if kind == "end":
            return not args and (phase == MANEUVER or (phase == ATTACK and not st.hulk_forced))
        if kind == "power":
            ids = st.decks.card_ids
            return (
                len(args) == 1
                and not st.hulk_forced
                and any(args[0] == ids[c] for c in _power_cards(st, seat))
            )
        if kind == "place":
            if phase != REINFORCE or len(args) != 2 or not isinstance(args[1], int):
                return False
            t = rc._named(st, args[0])
            return t >= 0 and st.owner[t] == seat and 1 <= args[1] <= st.pending
        if kind in ("trade", "ally"):
            return phase == REINFORCE and action in Legal(self._families(st, seat))
        if kind in ("attack", "maneuver"):
            if phase != (ATTACK if kind == "attack" else MANEUVER) or not 3 <= len(args) <= 4:
                return False
            s = rc._named(st, args[0])
            if s < 0:
                return False
            if kind == "attack":
                return action in Legal(_attack_families(st, seat, (s,)))
            return bool(st.maneuvers_left) and action in Legal(_maneuver_families(st, seat, (s,)))
        if kind == "allies":
            if phase != MANEUVER or not st.ally_move_left or len(args) < 2:
                return False
            s = rc._named(st, args[0])
            return s >= 0 and action in Legal(_ally_families(st, seat, (s,)))
        return False

    # -- applying ------------------------------------------------------------------------
    def _step(
        self,
        state: RiskState,
        seat: Seat,
        action: Action,
        events: rc.Events,
        owned: bool = False,
    ) -> RiskState:
        """Classic's dispatch, then every objective checked (MCU31, B19 [BfM Object], B20
        [Winning: Ultron; Winning: Winter Soldier]): a win can come from any action, a third party's
        included."""
        st = _bfm(super()._step(state, seat, action, events, owned))
        if st.phase not in (OVER, FACTION, CLAIM):
            _check_objectives(self, st, events)
        return st

    def parse(self, state: RiskState, seat: Seat, text: str) -> Action:
        action = super().parse(state, seat, text)
        if action.kind == "faction" and len(action.args) == 1 and isinstance(action.args[0], str):
            word = action.args[0].lower()
            hits = [f for f in FACTION_IDS if f.startswith(word)]
            if len(hits) == 1:
                return Action("faction", (hits[0],))
        return action

    # -- views ---------------------------------------------------------------------------
    def observe(self, state: RiskState, seat: Seat | None) -> BfmState:
        """Other hands show only each card's faction (the backs differ, [Avengers
        Components]); the piles are face down; the scepter's sector is known to nobody."""
        st = _bfm(state).step_copy()
        cards = st.decks
        st.hands = [
            h if p == seat else sorted(-1 - cards.faction[c] for c in h)
            for p, h in enumerate(st.hands)
        ]
        st.piles = [[rc.UNSEEN] * len(p) for p in st.piles]
        if st.scepter >= 0:
            st.scepter = UNKNOWN
        st.rng = HIDDEN
        return st

    def resample_hidden(self, state: RiskState, seat: Seat, rng: Rng) -> BfmState:
        """Other hands and the piles redrawn faction by faction (each card's back is public),
        and the scepter among the face-down tokens (section 2.4)."""
        st = _bfm(state).copy()
        cards = st.decks
        for f in range(len(FACTIONS)):
            slots = [
                (p, i)
                for p in range(st.players)
                if p != seat
                for i, c in enumerate(st.hands[p])
                if cards.faction[c] == f
            ]
            unseen = [st.hands[p][i] for p, i in slots] + st.piles[f]
            rng.shuffle(unseen)
            for k, (p, i) in enumerate(slots):
                st.hands[p][i] = unseen[k]
            st.piles[f] = unseen[len(slots) :]
        for p in range(st.players):
            st.hands[p].sort()
        if st.scepter >= 0:
            st.scepter = st.loki[rng.below(len(st.loki))]
        st.rng = Rng(rng.next_u64())
        return st

    def label(self, observation: RiskState, seat: Seat, action: Action) -> str:
        """Battle for Manhattan's own kinds in plain words: factions, Hulk, Hydra agents, and
        cards by the Ally or the power they give, Allies by name, sectors by caption."""
        st, kind, args = _bfm(observation), action.kind, action.args
        bat = st.battle
        said = [self.words(st, str(a)) for a in args]
        if kind == "faction":
            return f"Play as {FACTIONS[FACTION_IDS.index(said[0])]}"
        if kind == "hulk":
            return f"Put Hulk on {said[0]}"
        if kind == "hydra":
            count = int(args[0])
            agents = (
                f"{count} Hydra agent{'' if count == 1 else 's'}" if count else "no Hydra agents"
            )
            return f"Add {agents}"
        if kind in ("ally", "power"):
            card = st.decks.card(said[0])
            assert card is not None
            if kind == "power":
                return f"Use {said[0]}'s power: {bat.card_power[card].text()}"
            ally = bat.card_ally[card]
            does = f"{bat.ally_power(ally)}; card {said[0]}"
            return f"Put {bat.ally_name(ally)} on {said[1]} ({does})"
        if kind == "allies":
            moved = [bat.ally_name(bat.ally_ids.index(str(a))) for a in args[2:]]
            allies = listed(moved) if moved else "every Ally"
            return f"Move {allies} from {said[0]} to {said[1]}"
        if kind == "attack" and len(args) == 4:  # "alone": the Allies there stay out of it
            plain = super().label(observation, seat, Action(kind, (*args[:2], args[3])))
            return f"{plain}, without the Allies there"
        return super().label(observation, seat, action)

    def describe(self, observation: RiskState, seat: Seat | None) -> dict[str, Any]:
        st = _bfm(observation)
        out = super().describe(st, seat)
        out.pop("deck_size", None)
        names, bat = st.board.territories, st.battle
        m = st.manhattan
        heli = set(m.helicarrier)
        for t, row in enumerate(out["territories"]):
            name = names[t]
            k = m.board.index.get(name)
            row["helicarrier"] = name in heli
            row["docking"] = bool(k is not None and m.docking[k])
            row["dock_open"] = row["docking"] and not (name == TOWER_SITE and _dock_closed(st))
            row["resource"] = t in st.chips.where
            row["loki"] = t in st.loki
            row["allies"] = [bat.ally_ids[a] for a in st.allies.at(t)]
            row["hulk"] = st.hulk == t
            if st.owner[t] >= st.players:
                row["seat"] = None
        out["factions"] = [FACTIONS[f] if f >= 0 else None for f in st.factions]
        out["order"] = list(st.order)
        out["rage"] = {"level": st.rage, "top": bat.rage_meter, "hulk_out": st.hulk >= 0}
        out["hulk_forced"] = st.hulk_forced
        out["loki"] = {
            "face_down": [names[t] for t in st.loki],
            "illusions_boxed": st.illusions_boxed,
            "scepter_found": st.scepter == HELD,
        }
        out["chips"] = {
            "on_board": [names[t] for t in st.chips.where if t >= 0],
            "iron_man": st.chips.count(HELD),
            "tower": st.tower,
            "stages": ["Foundation 1", "Foundation 2", "Avengers Tower"][: st.tower],
            "dock_25_closed": _dock_closed(st),
        }
        out["shield"] = {
            "operatives_lost": st.operatives_lost,
            "hydra_flipped": st.hydra_flipped,
            "hydra_pending": st.hydra_pending,
        }
        out["pile_sizes"] = [len(p) for p in st.piles]
        out["hand_factions"] = [
            [FACTIONS[-1 - c] if c < 0 else FACTIONS[st.decks.faction[c]] for c in h]
            for h in st.hands
        ]
        out["objectives"] = [  # in the words the page and the terminal show (Malibu (01))
            self.words(st, objective_words(st, p)) if st.factions[p] >= 0 else None
            for p in range(st.players)
        ]
        out["maneuvers_left"] = st.maneuvers_left
        out["ally_move_left"] = st.ally_move_left
        out["ally_taken"] = st.ally_taken
        out["attack_boost"] = st.attack_boost
        if "hand" in out and seat is not None:
            for row in out["hand"]:
                c = st.decks.card(row["card"])
                assert c is not None
                row["ally"] = bat.ally_ids[bat.card_ally[c]]
                row["power"] = bat.card_power[c].text()
        out["allies"] = [
            {
                "ally": bat.ally_ids[a],
                "name": bat.ally_name(a),
                "power": bat.ally_power(a),
                "faction": FACTIONS[bat.ally_faction(a)],
                "sector": names[p] if p >= 0 else None,
            }
            for a, p in enumerate(st.allies.where)
        ]
        return out

    def invariants(self, state: RiskState) -> list[str]:
        st = _bfm(state)
        b, names = st.board, st.board.territories
        problems = []
        heli = {b.index[t] for t in st.manhattan.helicarrier}
        asgard = b.index["Sector_50"]
        shield, elves = st.players, st.players + 1

        # B10 [Invading the Helicarrier]: the section is empty while Hydra is chosen
        def mid_battle(t: int) -> bool:
            return st.phase == HYDRA and t == st.attack_to

        for t in range(len(b)):
            o, a = st.owner[t], st.armies[t]
            if o == -1:
                if st.phase not in (FACTION, CLAIM) or a != 0:
                    problems.append(f"{names[t]} is empty after claiming (or has units)")
            elif not 0 <= o < st.players + 2 or (a < 1 and not mid_battle(t)):
                problems.append(f"{names[t]}: owner {o} with {a} units")
            elif (o == shield and t not in heli) or (o == elves and t != asgard):
                problems.append(f"{names[t]}: a neutral side off its own ground")
        bat = st.battle
        problems += st.allies.problems(
            len(b),
            len(bat.ally_ids),
            lambda ally, t: (
                st.factions[st.owner[t]] == bat.ally_faction(ally)
                if 0 <= st.owner[t] < st.players
                else False
            ),
        )
        if st.hulk >= 0 and (st.owner[st.hulk] != st.current or st.phase in (FACTION, CLAIM)):
            problems.append("Hulk stands where the active player does not")
        problems += st.chips.problems(len(b), CHIPS)
        operatives = sum(st.armies[t] for t in heli if st.owner[t] == shield)
        if operatives + st.operatives_lost + st.hydra_flipped != sum(st.manhattan.operatives):
            problems.append("S.H.I.E.L.D. operatives are lost or duplicated")
        if st.chips.count(HELD) < 2 * st.tower:
            problems.append("more Tower stages than pairs of chips")
        if st.phase not in (FACTION, CLAIM):
            held = 1 if st.scepter == HELD else 0
            if len(st.loki) + st.illusions_boxed + held != LOKI_TOKENS:
                problems.append("Loki tokens are lost or duplicated")
            if st.scepter >= 0 and st.scepter not in st.loki:
                problems.append("the scepter is under no face-down token")
        cards = sorted([c for h in st.hands for c in h] + [c for p in st.piles for c in p])
        cards = sorted(cards + st.discard)
        if cards != list(range(len(st.decks.card_ids))):
            problems.append("cards are lost or duplicated between hands, piles and discards")
        for p in range(st.players):
            if st.alive[p] != (p in st.owner or st.phase in (FACTION, CLAIM)):
                problems.append(f"Player {p + 1} alive={st.alive[p]} disagrees with the board")
        if st.pending < 0 or st.hydra_pending < 0:
            problems.append("negative pending units")
        if st.phase not in (OVER, FACTION, CLAIM) and _winners(st):
            problems.append("an objective is complete but the game goes on")
        return problems


# -- setup helpers ---------------------------------------------------------------------------
def _roll_order(rng: Rng, players: int) -> tuple[int, ...]:
    """MCU32: everyone rolls; picks go from the highest down; R [BfM Set Up]: tied players roll
    again for their places among themselves."""

    def order(group: list[int]) -> list[int]:
        if len(group) <= 1:
            return group
        rolls = {p: rng.die() for p in group}
        out: list[int] = []
        for face in sorted(set(rolls.values()), reverse=True):
            out += order([p for p in group if rolls[p] == face])
        return out

    return tuple(order(list(range(players))))


def _valid(factions: set[int], bat: Battle) -> bool:
    """B2 [BfM Set Up; 5 Player Turn Order]: a faction whose objective needs another (Ultron, Winter
    Soldier) plays only with it."""
    return all(bat.requires.get(f, f) in factions for f in factions)


def _pickable(st: BfmState) -> list[int]:
    """The factions the next picker may take: free, and leaving a valid set completable."""
    taken = {f for f in st.factions if f >= 0}
    left = st.players - len(taken)
    out = []
    for f in range(len(FACTIONS)):
        if f in taken:
            continue
        rest = [g for g in range(len(FACTIONS)) if g not in taken and g != f]
        if any(_valid(taken | {f} | set(more), st.battle) for more in combinations(rest, left - 1)):
            out.append(f)
    return out


def _random_factions(rng: Rng, players: int, bat: Battle) -> list[int]:
    """Option `factions=random` (simulations): a valid set, dealt to the seats at random."""
    while True:
        pool = list(range(len(FACTIONS)))
        rng.shuffle(pool)
        chosen = pool[:players]
        if _valid(set(chosen), bat):
            return chosen


def _seat_in_faction_order(st: BfmState) -> None:
    """MCU32/MCU34: seats follow the faction turn order; claiming starts (B1 [BfM Set Up])."""
    st.order = tuple(sorted(range(st.players), key=lambda p: st.factions[p]))
    st.first = st.current = st.order[0]
    st.phase = CLAIM


def _next_seat(st: BfmState, seat: Seat) -> Seat:
    """The next living seat after `seat` in turn order."""
    at = st.order.index(seat)
    for step in range(1, st.players + 1):
        p = st.order[(at + step) % st.players]
        if st.alive[p]:
            return p
    return seat


def _draw_own(g: ClassicRisk, st: BfmState, seat: Seat, ev: rc.Events) -> None:
    """MCU66: the top card of the seat's own faction deck; B24 [BfM Faction Cards]: an empty deck is
    that faction's discarded cards, shuffled; with none, nothing is drawn."""
    f = st.factions[seat]
    if not st.piles[f]:
        mine = [c for c in st.discard if st.decks.faction[c] == f]
        if not mine:
            return
        st.rng = st.rng.copy()
        st.rng.shuffle(mine)
        st.discard = [c for c in st.discard if st.decks.faction[c] != f]
        st.piles = st.piles[:]
        st.piles[f] = mine
        if ev is not None:
            ev.append(Event("reshuffle", f"{FACTIONS[f]}'s discards become a new deck", {}))
    st.piles = st.piles[:]
    card = st.piles[f][-1]
    st.piles[f] = st.piles[f][:-1]
    rc.take_card(g, st, seat, card, ev)


# -- what may be done ------------------------------------------------------------------------
def _dock_closed(st: BfmState) -> bool:
    return st.tower >= DOCK_CLOSES_AT  # B4 [Winning: Captain America, Note; Winning: Iron Man] (a)


def _neighbors(st: BfmState) -> tuple[tuple[int, ...], ...] | list[tuple[int, ...]]:
    return _closed_neighbors() if _dock_closed(st) else st.board.neighbors


def _heli(st: BfmState) -> tuple[int, ...]:
    return _heli_of(st.board, st.manhattan)


@cache
def _heli_of(board: Board, m: Manhattan) -> tuple[int, ...]:
    """The Helicarrier's sections on `board`, found once (every attack listing asks)."""
    return tuple(board.index[t] for t in m.helicarrier)


def _attacks(
    st: BfmState, seat: Seat, forced: bool | None = None, sources: Collection[int] | None = None
) -> list[tuple[int, int]]:
    """MCU16/MCU54/MCU57: (source, target) pairs; Hulk's sector only while he must attack.
    `sources` narrows them to those sources (one, for a check of one attack)."""
    forced = st.hulk_forced if forced is None else forced
    owner, armies = st.owner, st.armies
    heli = _heli(st)
    access = heli[0]
    full = all(owner[t] == seat for t in heli)
    neighbors = _neighbors(st)
    if forced:
        sources = [st.hulk] if st.hulk >= 0 and (sources is None or st.hulk in sources) else []
    out = []
    for s in range(len(owner)) if sources is None else sources:
        if owner[s] != seat or armies[s] < 2:
            continue
        for t in neighbors[s]:
            if owner[t] == seat:
                continue
            if s == access and t not in heli and not full:
                continue  # MCU57: out of the Helicarrier only with all of it
            out.append((s, t))
    return out


def _maneuvers(
    st: BfmState, seat: Seat, sources: Iterable[int] | None = None
) -> list[tuple[int, list[int]]]:
    """MCU24/MCU65/B7 [BfM Maneuver; Invading the Helicarrier]: own territories joined by own ones
    (by any, with the power), for each source (of `sources` only, where given). The sources of one
    group share its search: the connections go both ways, so every own territory a source reaches
    reaches the same ones."""
    owner = st.owner
    neighbors = _neighbors(st)
    passable = _passable(st, seat)
    done: dict[int, set[int]] = {}
    out = []
    for s in range(len(owner)) if sources is None else sources:
        if owner[s] != seat or st.armies[s] < 2:
            continue
        group = done.get(s)
        if group is None:
            group = reachable(neighbors, s, passable)
            for t in group:
                if owner[t] == seat:
                    done[t] = group
        targets = sorted(t for t in group if t != s and owner[t] == seat)
        if targets:
            out.append((s, targets))
    return out


def _attack_families(
    st: BfmState, seat: Seat, sources: Collection[int] | None = None
) -> list[Family]:
    """The attacks (all, or from `sources`): each pair's dice, and alone where Allies stand."""
    names = st.board.territories
    out = []
    for s, t in _attacks(st, seat, sources=sources):
        dice = rc._attack_dice(st, s)
        out.append(Family("attack", (names[s], names[t]), dice))
        if st.allies.at(s):
            out.append(Family("attack", (names[s], names[t], "alone"), dice))
    return out


def _maneuver_families(
    st: BfmState, seat: Seat, sources: Iterable[int] | None = None
) -> list[Family]:
    """The maneuvers (all, or from `sources`): each target's counts, one unit left behind."""
    names = st.board.territories
    out = []
    for s, targets in _maneuvers(st, seat, sources):
        counts = range(1, st.armies[s])
        out += [Family("maneuver", (names[s], names[t]), counts) for t in targets]
    return out


def _passable(st: BfmState, seat: Seat) -> Callable[[int], bool]:
    """What a maneuver passes through (MCU24): own territories, or any with the power."""
    owner = st.owner
    return (lambda t: True) if st.through else (lambda t: owner[t] == seat)


def _ally_moves(
    st: BfmState, seat: Seat, sources: Collection[int] | None = None
) -> list[tuple[int, int]]:
    """MCU65: the Allies of an own sector (of `sources` only, where given) to another own
    territory "connected" to it as a maneuver's units are (MCU24), not only to a neighbour."""
    owner = st.owner
    neighbors, passable = _neighbors(st), _passable(st, seat)
    here = {p for p in st.allies.where if p >= 0 and owner[p] == seat}
    out = []
    for s in sorted(here if sources is None else here & set(sources)):
        group = reachable(neighbors, s, passable)
        out += [(s, t) for t in sorted(group) if t != s and owner[t] == seat]
    return out


def _ally_groups(st: BfmState, source: int) -> list[tuple[int, ...]]:
    """MCU65 "any or all": all the Allies at `source` (named by none), or each smaller set of
    them where several stand there (named)."""
    here = st.allies.at(source)
    return [(), *(group for k in range(1, len(here)) for group in combinations(here, k))]


def _ally_families(
    st: BfmState, seat: Seat, sources: Collection[int] | None = None
) -> list[Family]:
    """The Ally moves: `allies FROM TO` (all of them) or `allies FROM TO ALLY...`."""
    names, ids = st.board.territories, st.battle.ally_ids
    return [
        Family("allies", (names[s], names[t], *(ids[x] for x in group)))
        for s, t in _ally_moves(st, seat, sources)
        for group in _ally_groups(st, s)
    ]


def _ally_cards(st: BfmState, seat: Seat) -> list[int]:
    """MCU43/B15/B17 [Acquiring Allies; BfM Faction Cards]: own-faction cards whose Ally is not on
    the board."""
    bat = st.battle
    return [
        c
        for c in st.hands[seat]
        if st.decks.faction[c] == st.factions[seat]
        and st.allies.where[bat.card_ally[c]] == OFF_BOARD
    ]


def _step_name(phase: str) -> str | None:
    return {REINFORCE: "reinforce", ATTACK: "attack", MANEUVER: "maneuver"}.get(phase)


def _power_cards(st: BfmState, seat: Seat) -> list[int]:
    """MCU67/B21 [BfM Faction Cards]: cards whose power may be used in this step of the seat's own
    turn; with the option `taken_cards=units` (B17), only cards of its own faction's deck."""
    step = _step_name(st.phase)
    if step is None or seat != st.current:
        return []
    own = st.factions[seat] if st.options.get("taken_cards") == "units" else None
    return [
        c
        for c in st.hands[seat]
        if step in POWERS[st.battle.card_power[c].kind][1]
        and (own is None or st.decks.faction[c] == own)
    ]


def _hulk_sectors(st: BfmState, seat: Seat) -> list[int]:
    """MCU63/B13 [Invading with Hulk]: own sectors with 2+ units from which Hulk could attack."""
    return sorted({s for s, _ in _attacks(st, seat, forced=False)})


# -- objectives ------------------------------------------------------------------------------
def objective(st: BfmState, seat: Seat) -> Objective:
    """The objective of `seat`'s faction, as its Hero card gives it (battle.json)."""
    return st.battle.objectives[st.factions[seat]]


def _objective_met(st: BfmState, seat: Seat) -> bool:
    """MCU68-MCU73, for a living seat: the kind's own condition, and every sector it names
    held."""
    goal = objective(st, seat)
    idx, holds = st.board.index, st.owner
    if not all(holds[idx[sector]] == seat for sector in goal.sectors):
        return False
    if goal.kind == "helicarrier":
        if not all(holds[t] == seat for t in _heli(st)):
            return False
        # MCU68/B23 [Winning: Captain America, Note]
        return sum(holds[t] == seat for t in _open_docks(st)) >= goal.docks
    if goal.kind == "eliminate":
        # MCU70/MCU72, B20 [Winning: Ultron; Winning: Winter Soldier]
        return any(st.factions[p] == goal.target and not st.alive[p] for p in range(st.players))
    if goal.kind == "tower":
        return st.tower >= TOWER_STAGES  # MCU71
    return st.scepter == HELD  # MCU60/MCU73/B11 [Winning: Thor]


def _open_docks(st: BfmState) -> list[int]:
    m, idx = st.manhattan, st.board.index
    docks = [idx[t] for k, t in enumerate(m.board.territories) if m.docking[k]]
    if _dock_closed(st):
        # MCU69/B4 [Winning: Captain America, Note; Winning: Iron Man]
        docks.remove(idx["Sector_25"])
    return docks


def _winners(st: BfmState) -> list[Seat]:
    return [p for p in range(st.players) if st.alive[p] and _objective_met(st, p)]


def _places(st: BfmState, sectors: tuple[str, ...]) -> str:
    """Sectors as the rules' texts name them, an area with its name ("Sector_40 (Sokovia)")."""
    areas = st.manhattan.areas
    return " and ".join(f"{t} ({areas[t]})" if t in areas else t for t in sectors)


# Each kind of objective as its Hero card puts it (MCU68-MCU73), and as the game's end says
# it was met; filled in from the faction's `Objective` (battle.json).
_OBJECTIVE_WORDS = {
    "helicarrier": (
        "control the Helicarrier and {docks} Docking Station sectors",
        "controls the Helicarrier and {docks} Docking Station sectors",
    ),
    "eliminate": (
        "eliminate {target} and control {where}",
        "has seen {target} eliminated and controls {where}",
    ),
    "tower": (
        "build the Avengers Tower and control {where}",
        "has built the Avengers Tower and controls {where}",
    ),
    "scepter": (
        "find Loki's scepter and control {where}",
        "has found Loki's scepter and controls {where}",
    ),
}


def objective_words(st: BfmState, seat: Seat, *, met: bool = False) -> str:
    """The seat's objective in words: to do (views), or done (the game's end)."""
    goal = objective(st, seat)
    target = FACTIONS[goal.target] if goal.target >= 0 else ""
    words = _OBJECTIVE_WORDS[goal.kind][met]
    return words.format(docks=goal.docks, target=target, where=_places(st, goal.sectors))


def _check_objectives(g: ClassicRisk, st: BfmState, ev: rc.Events) -> None:
    """MCU31: the first to complete their objective wins; B19 [BfM Object]: the active player's
    first, else the first after them in turn order."""
    met = _winners(st)
    if not met:
        return
    start = st.order.index(st.current)
    turn_order = [st.order[(start + k) % st.players] for k in range(st.players)]
    winner = next(p for p in turn_order if p in met)
    _finish(g, st, winner, f"{g.side_name(st, winner)} {objective_words(st, winner, met=True)}", ev)


def _finish(g: ClassicRisk, st: BfmState, winner: Seat, reason: str, ev: rc.Events) -> None:
    others = sorted(
        (p for p in range(st.players) if st.alive[p] and p != winner),
        key=lambda p: (st.owner.count(p), sk._units(st, p)),
        reverse=True,
    )
    st.outcome = Outcome((winner,), reason, (winner, *others, *reversed(st.out_order)))
    st.phase = OVER
    if ev is not None:
        ev.append(Event("game-over", reason, {"winners": [winner]}))


# -- handlers --------------------------------------------------------------------------------
def _faction(g: ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    """MCU32: the pickers in descending roll each take a faction (B2
    [BfM Set Up; 5 Player Turn Order]: a set that can be valid)."""
    st = _bfm(state)
    (arg,) = rc._args(a, 1, "faction ID (" + ", ".join(FACTION_IDS) + ")")
    if not isinstance(arg, str) or arg not in FACTION_IDS:
        raise MalformedAction(f"{a.text()!r}: name a faction: {', '.join(FACTION_IDS)}")
    f = FACTION_IDS.index(arg)
    require(
        f in _pickable(st),
        f"{FACTIONS[f]} is taken, or would leave no valid set "
        "(B2 [BfM Set Up; 5 Player Turn Order])",
    )
    factions = list(st.factions)
    factions[seat] = f
    st.factions = tuple(factions)
    if ev is not None:
        ev.append(Event("faction", f"{rc.player_name(seat)} takes {FACTIONS[f]}", {"seat": seat}))
    if all(x >= 0 for x in st.factions):
        _seat_in_faction_order(st)
        if ev is not None:
            order = ", ".join(g.side_name(st, p) for p in st.order)
            ev.append(Event("order", f"Turn order: {order}", {"order": list(st.order)}))


def _claim(g: ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    """B1 [BfM Set Up]: 3 units on a free sector, in turn order, until none is left; then the Loki
    tokens (MCU40), the starting cards (MCU35) and the first turn."""
    st = _bfm(state)
    usage = "claim SECTOR"
    (arg,) = rc._args(a, 1, usage)
    t = rc._territory(st, arg, a, usage)
    require(st.owner[t] == -1, f"{st.board.territories[t]} is already occupied")
    units = st.battle.claim_units
    st.owner = st.owner[:]
    st.owner[t], st.armies[t] = seat, units
    if ev is not None:
        name = st.board.territories[t]
        ev.append(
            Event(
                "claim",
                f"{g.side_name(st, seat)} places {units} units on {name}",
                {"seat": seat, "territory": name, "armies": units},
            )
        )
    if -1 in st.owner:
        st.current = _next_seat(st, st.current)
        return
    m = st.manhattan
    index = st.board.index
    st.loki = tuple(sorted(index[n] for k, n in enumerate(m.board.territories) if m.loki[k]))
    st.rng = st.rng.copy()
    st.scepter = st.loki[st.rng.below(len(st.loki))]  # MCU40: shuffled, placed unseen
    if ev is not None:
        ev.append(Event("loki", "The 8 Loki tokens are placed face down", {}))
    row = st.battle.starting_cards[st.players]
    for position, seat_k in enumerate(st.order):  # MCU35/B2 [BfM Set Up; 5 Player Turn Order]
        for _ in range(row[position]):
            _draw_own(g, st, seat_k, ev)
    st.current = st.order[0]
    _start_turn(g, st, ev)


def _start_turn(g: ClassicRisk, st: BfmState, ev: rc.Events) -> None:
    st.trade_open = True
    st.ally_taken = False
    st.chips_this_turn = 0
    st.maneuvers_left, st.ally_move_left, st.through = 1, True, False
    st.attack_boost = 0
    rc._begin_turn(g, st, ev)  # MCU42: Skirmish's count (Classic's code); the turn limit


def _ally(g: ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    """MCU43/MCU44: one card of the hand for the Ally it shows, deployed on any own sector."""
    st = _bfm(state)
    usage = "ally CARD SECTOR"
    card_arg, sector_arg = rc._args(a, 2, usage)
    if not isinstance(card_arg, str):
        raise MalformedAction(f"{a.text()!r}: usage: {usage}")
    card = st.decks.card(card_arg)  # the card first, as typed: "ally CA10 2" with CA10 spent
    require(card is not None and card in st.hands[seat], f"you hold no card {card_arg!r}")
    assert card is not None
    t = rc._territory(st, sector_arg, a, usage)
    require(not st.ally_taken, "one Ally a turn (B15 [Acquiring Allies])")
    require(
        st.decks.faction[card] == st.factions[seat],
        "a card of another faction's deck gives no Ally "
        "(B17 [BfM Faction Cards; Acquiring Allies])",
    )
    bat = st.battle
    ally = bat.card_ally[card]
    require(
        st.allies.where[ally] == OFF_BOARD,
        f"{bat.ally_ids[ally]} is on the board (B15 [Acquiring Allies])",
    )
    require(st.owner[t] == seat, f"you do not control {st.board.territories[t]}")
    st.allies = st.allies.placed(ally, t)
    st.ally_taken = True
    st.hands = st.hands[:]
    st.hands[seat] = [c for c in st.hands[seat] if c != card]
    st.discard = [*st.discard, card]
    if ev is not None:
        ev.append(
            Event(
                "ally",
                f"{g.side_name(st, seat)} turns in {st.decks.card_ids[card]} for "
                f"{bat.ally_text(ally)}, on {st.board.territories[t]}",
                {"seat": seat, "card": st.decks.card_ids[card], "ally": bat.ally_ids[ally]},
            )
        )


def _power(g: ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    """MCU67: a card's one-time power, then the card is discarded (data: `POWERS`)."""
    st = _bfm(state)
    (arg,) = rc._args(a, 1, "power CARD")
    if not isinstance(arg, str):
        raise MalformedAction(f"{a.text()!r}: usage: power CARD")
    card = st.decks.card(arg)
    require(card is not None and card in st.hands[seat], f"you hold no card {arg!r}")
    assert card is not None
    require(not st.hulk_forced, "Hulk must attack first (MCU63 [Invading with Hulk])")
    require(
        st.options.get("taken_cards") != "units" or st.decks.faction[card] == st.factions[seat],
        "a card of another faction's deck gives units only (option taken_cards=units, B17 "
        "[BfM Faction Cards])",
    )
    require(
        card in _power_cards(st, seat), "that power is not for this step (B21 [BfM Faction Cards])"
    )
    power = st.battle.card_power[card]
    if power.kind == "units":
        st.pending += power.get("count")
    elif power.kind == "extra_maneuver":
        st.maneuvers_left += power.get("count")
    elif power.kind == "maneuver_through":
        st.through = True
    elif power.kind == "attack_d8":
        st.attack_boost = max(st.attack_boost, power.get("dice"))
    st.hands = st.hands[:]
    st.hands[seat] = [c for c in st.hands[seat] if c != card]
    st.discard = [*st.discard, card]
    if ev is not None:
        ev.append(
            Event(
                "power",
                f"{g.side_name(st, seat)} plays {st.decks.card_ids[card]}: {power.text()}",
                {"seat": seat, "card": st.decks.card_ids[card], "power": power.kind},
            )
        )


def _attack(g: ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    """MCU15-MCU18 with MCU54/MCU57 (the Helicarrier), MCU63 (Hulk first) and B16 [Acquiring Allies]
    (Allies)."""
    st = _bfm(state)
    usage = "attack FROM TO DICE, or attack FROM TO alone DICE (the Allies stay)"
    if len(a.args) == 4:
        if a.args[2] != "alone":
            raise MalformedAction(f"{a.text()!r} is malformed; usage: {usage}")
        a3 = Action(a.kind, (a.args[0], a.args[1], a.args[3]))
        alone = True
    else:
        a3, alone = a, False
    s, t, count = rc._from_to_count(st, a3, usage)
    names = st.board.territories
    require(
        (s, t) in _attacks(st, seat, sources=(s,)), f"you cannot invade {names[t]} from {names[s]}"
    )
    if count not in rc._attack_dice(st, s):
        raise IllegalAction(rc.attack_dice_refusal(g, st, s))
    require(not (alone and not st.allies.at(s)), f"no Ally stands in {names[s]}")
    st.attack_from, st.attack_to, st.attack_dice = s, t, count
    st.attack_allies = not alone
    neutral = st.owner[t] >= st.players
    auto = st.options["defender_dice"] == "auto" or (
        neutral and st.options["neutral_defence"] == "auto"
    )
    if auto:
        _battle(g, st, rc.defend_most(st), ev)
    else:
        st.phase = DEFEND


def _defend(g: ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    (k,) = rc._args(a, 1, "defend DICE")
    k = rc._count(k, a, "defend DICE")
    require(k in rc._defend_dice(state), "the defender rolls 1 or 2 dice (1 with one unit)")
    _battle(g, _bfm(state), k, ev)


def battle_rule(st: BfmState) -> BattleRule:
    """The dice of the declared battle: Allies (MCU46), Hulk (MCU63), a power, and the d8s of
    a Loki sector (MCU58/B9 [Invading a Sector with a Loki Token]) or a neutral side (MCU55/MCU61),
    combined (the strongest counts)."""
    s, t, bat = st.attack_from, st.attack_to, st.battle
    parts: list[BattleRule] = []
    if st.attack_allies:
        parts += [bat.ally_rule(x, True) for x in st.allies.at(s)]
    if st.hulk == s:
        parts.append(bat.hulk_rule())
    if st.attack_boost:
        parts.append(BattleRule(attacker=SideRule(d8=st.attack_boost)))
    parts += [bat.ally_rule(x, False) for x in st.allies.at(t)]
    if t in st.loki:
        parts.append(LOKI_DEFENCE)
    if st.owner[t] == st.players:
        parts.append(SHIELD.defence)
    elif st.owner[t] == st.players + 1:
        parts.append(DARK_ELVES.defence)
    return combine(*parts) if parts else dice.CLASSIC


def _battle(g: ClassicRisk, st: BfmState, defend_dice: int, ev: rc.Events) -> None:
    s, t = st.attack_from, st.attack_to
    attacker, defender = st.owner[s], st.owner[t]
    rule = battle_rule(st)
    st.rng = st.rng.copy()
    r = dice.roll(st.rng, st.attack_dice, defend_dice, rule)
    st.armies[s] -= r.attacker_losses
    st.armies[t] -= r.defender_losses
    st.attack_boost = 0  # a power's d8s are for one battle
    st.hulk_forced = False  # B13 [Invading with Hulk]: Hulk has attacked
    if ev is not None:  # the d8s rolled, as the Allies say them ("1 defence die is a d8")
        ev.append(rc.battle_event(g, st, r, attacker, defender, dice.rule_words(rule)))
    if defender == st.players and r.defender_losses:
        st.operatives_lost += r.defender_losses  # MCU55: removed
        if st.factions[attacker] == WINTER_SOLDIER:
            # MCU56/B10 [Invading the Helicarrier]
            rolls = [st.rng.die() for _ in range(r.defender_losses)]
            hits = sum(x >= st.battle.hydra_threshold for x in rolls)
            if ev is not None:
                ev.append(
                    Event(
                        "hydra-roll",
                        f"Hydra rolls {faces(rolls)}: {hits} sleeper agents",
                        {"rolls": rolls, "agents": hits},
                    )
                )
            if hits:
                st.hydra_pending = hits
                st.phase = HYDRA
                return
    _after_battle(g, st, ev)


def _hydra(g: ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    """B10 [Invading the Helicarrier]: Winter Soldier adds 0 to N Hydra agents to the attacking
    sector."""
    st = _bfm(state)
    (k,) = rc._args(a, 1, "hydra N")
    if not isinstance(k, int):
        raise MalformedAction(f"{a.text()!r}: usage: hydra N")
    require(0 <= k <= st.hydra_pending, f"add 0 to {st.hydra_pending} Hydra agents")
    st.operatives_lost -= k
    st.hydra_flipped += k
    st.armies[st.attack_from] += k
    st.hydra_pending = 0
    if ev is not None:
        ev.append(
            Event(
                "hydra",
                f"{g.side_name(st, seat)} adds {k} Hydra agents to "
                f"{st.board.territories[st.attack_from]}",
                {"seat": seat, "agents": k},
            )
        )
    _after_battle(g, st, ev)


def _after_battle(g: ClassicRisk, st: BfmState, ev: rc.Events) -> None:
    s, t = st.attack_from, st.attack_to
    attacker, defender = st.owner[s], st.owner[t]
    if st.armies[t] > 0:
        st.phase = ATTACK
        return
    names = st.board.territories
    # MCU21: the dice rolled move in at once (Classic); the occupy step chooses the rest.
    st.owner = st.owner[:]
    st.owner[t] = attacker
    st.armies[t] = st.attack_dice
    st.armies[s] -= st.attack_dice
    st.conquered = True  # B18 [BfM Faction Cards; Invading with Hulk]: a neutral sector too
    lost = list(st.allies.at(t))
    if lost:
        st.allies = st.allies.moved(t, OFF_BOARD)  # MCU47
    if st.attack_allies and st.allies.at(s):
        st.allies = st.allies.moved(s, t)  # MCU48
    if st.hulk == s:
        st.hulk = t  # MCU64
    text = f"{g.side_name(st, attacker)} captures {names[t]}"
    if lost:
        text += "; " + ", ".join(st.battle.ally_name(x) for x in lost) + " removed"
    faction = st.factions[attacker]
    if faction == IRON_MAN and t in st.chips.where:
        st.chips = st.chips.placed(st.chips.where.index(t), HELD)  # MCU52
        st.chips_this_turn += 1
        text += "; Iron Man collects a resource chip"
    if faction == THOR and t in st.loki:  # MCU60
        st.loki = tuple(x for x in st.loki if x != t)
        if st.scepter == t:
            st.scepter = HELD
            text += "; Thor reveals Loki's scepter"
        else:
            st.illusions_boxed += 1
            text += "; Thor reveals an illusion"
    if st.hulk == OFF_BOARD:
        st.rage = min(st.rage + 1, st.battle.rage_meter)  # MCU62/B12 [Invading with Hulk]
    if ev is not None:
        ev.append(
            Event(
                "capture",
                text,
                {"seat": attacker, "territory": names[t], "from": g.side_name(st, defender)},
                reveals=faction == THOR,
            )
        )
    if defender < st.players and defender not in st.owner:
        rc._eliminate(g, st, attacker, defender, ev)  # MCU23
        if st.phase == OVER:
            return
    st.phase = OCCUPY


def _move_in(g: ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    """Classic's move-in; then Hulk if the meter is at the top (MCU63)."""
    rc._move_in(g, state, seat, a, ev)
    st = _bfm(state)
    if st.hulk == OFF_BOARD and st.rage >= st.battle.rage_meter:
        if _hulk_sectors(st, seat):
            st.phase = HULK
        else:  # B13 [Invading with Hulk]: Hulk cannot be placed or cannot attack
            st.rage = 0
            if ev is not None:
                ev.append(Event("hulk", "Hulk rages but has nowhere to smash; he calms", {}))


def _hulk(g: ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    """MCU63: Hulk into an own sector with 2+ units; the next action attacks with him."""
    st = _bfm(state)
    (arg,) = rc._args(a, 1, "hulk SECTOR")
    t = rc._territory(st, arg, a, "hulk SECTOR")
    require(t in _hulk_sectors(st, seat), "Hulk goes to your sector with 2+ units that can attack")
    st.hulk, st.hulk_forced = t, True
    st.phase = ATTACK
    if ev is not None:
        ev.append(
            Event(
                "hulk",
                f"Hulk smashes in with {g.side_name(st, seat)} at {st.board.territories[t]}",
                {"seat": seat, "territory": st.board.territories[t]},
            )
        )


def _end_invasions(g: ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    rc._args(a, 0, "end")
    st = _bfm(state)
    require(not st.hulk_forced, "Hulk must attack first (MCU63 [Invading with Hulk])")
    st.phase = MANEUVER


def _maneuver(g: ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    """MCU24/MCU65: units along own territories (any, with the power), 1 left behind."""
    st = _bfm(state)
    s, t, k = rc._from_to_count(st, a, "maneuver FROM TO COUNT")
    names = st.board.territories
    require(st.maneuvers_left > 0, "no maneuver left this turn")
    group = dict(_maneuvers(st, seat, (s,)))
    require(t in group.get(s, []), f"no open chain joins {names[s]} to {names[t]}")
    require(1 <= k < st.armies[s], rc.move_count_refusal(g, st, s))
    st.maneuvers_left -= 1
    rc.move_armies(g, st, seat, (s, t, k), "maneuver", "maneuvers", ev)


def _allies_move(g: ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    """MCU65: any or all Allies of one sector (all where none is named) to another own
    territory connected to it through own ones (MCU24)."""
    st = _bfm(state)
    usage = "allies FROM TO [ALLY ...] (no Ally named: all of them)"
    if len(a.args) < 2:
        raise MalformedAction(f"{a.text()!r} is malformed; usage: {usage}")
    s = rc._territory(st, a.args[0], a, usage)
    t = rc._territory(st, a.args[1], a, usage)
    require(st.ally_move_left, "the Ally move is made")
    require(
        (s, t) in _ally_moves(st, seat, (s,)),
        "move your Allies to another of your sectors joined to theirs by your own "
        "(MCU65 [BfM Maneuver])",
    )
    ids, names = st.battle.ally_ids, st.board.territories
    lower = [x.lower() for x in ids]
    pieces: list[int] = []
    for arg in a.args[2:]:
        ally = lower.index(arg.lower()) if isinstance(arg, str) and arg.lower() in lower else -1
        require(
            ally in st.allies.at(s) and ally not in pieces, f"no Ally {arg} of yours in {names[s]}"
        )
        pieces.append(ally)
    moving = sorted(pieces) or list(st.allies.at(s))
    st.allies = st.allies.moved(s, t, moving)
    st.ally_move_left = False
    if ev is not None:
        moved = [ids[x] for x in moving]
        named = ", ".join(st.battle.ally_name(x) for x in moving)
        ev.append(
            Event(
                "allies",
                f"{g.side_name(st, seat)} moves {named} from {names[s]} to {names[t]}",
                {"seat": seat, "from": names[s], "to": names[t], "allies": moved},
            )
        )


def _end_turn(g: ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    """MCU66 the card, MCU53 Iron Man builds (B3
    [Invading a Sector with a Resource; Winning: Iron Man] a, B5 [Winning: Iron Man]), MCU64 Hulk
    calms; the next seat."""
    rc._args(a, 0, "end")
    st = _bfm(state)
    if st.conquered:
        _draw_own(g, st, seat, ev)
    if st.factions[seat] == IRON_MAN:
        # B3: every unspent pair of chips held (a pool); with the option resources=turn, only
        # the pairs collected this turn.
        if st.options.get("resources") == "turn":
            pairs = st.chips_this_turn // 2
        else:
            pairs = st.chips.count(HELD) // 2 - st.tower  # the pairs no stage has spent
        for _ in range(min(pairs, TOWER_STAGES - st.tower)):
            st.tower += 1
            if ev is not None:
                built = f"Iron Man places {STAGE_WORDS[st.tower - 1]} on {TOWER_SITE}"
                ev.append(Event("build", built, {"tower": st.tower}))
    if st.hulk >= 0 or st.rage >= st.battle.rage_meter:
        st.hulk, st.rage = OFF_BOARD, 0
    st.hulk_forced = False
    _check_objectives(g, st, ev)
    if st.phase == OVER:
        return
    st.current = _next_seat(st, seat)
    _start_turn(g, st, ev)


McuBattleForManhattan.handlers = {
    (FACTION, "faction"): _faction,
    (CLAIM, "claim"): _claim,
    (REINFORCE, "trade"): sk._trade,
    (REINFORCE, "ally"): _ally,
    (REINFORCE, "power"): _power,
    (REINFORCE, "place"): sk._place,
    (ATTACK, "attack"): _attack,
    (ATTACK, "power"): _power,
    (ATTACK, "end"): _end_invasions,
    (DEFEND, "defend"): _defend,
    (HYDRA, "hydra"): _hydra,
    (OCCUPY, "move"): _move_in,
    (HULK, "hulk"): _hulk,
    (MANEUVER, "maneuver"): _maneuver,
    (MANEUVER, "allies"): _allies_move,
    (MANEUVER, "power"): _power,
    (MANEUVER, "end"): _end_turn,
}


GAME = register(McuBattleForManhattan())
