"""RISK Mass Effect: Galaxy at War (`mass-effect-galaxy-at-war`), 2-5 players in factions and
teams, with neutral Cerberus, ships, Harbinger, Reaper Vanguards and the two meters.

Built on Basic Training (Classic's flow through its hooks): its set trade (fixed values, out
of play), its move-in after a capture and its fortification along a path. What Galaxy at War
adds is in `gaw_rules` (one function per rule, cited there) and the data in `gaw_components`;
this module is the turn around them (shared/specs/mass-effect.md 2.1):

- Set-up (ME44-ME50): seats in chart order; claims follow `claim_order` (a seat claims for
  neutral Cerberus right after its own claim); the first Reaper seat places Harbinger (G20
  [Team: Harbinger]); setup reinforcement follows `reinforce_order`; Player 1 starts (G27
  [GaW On Your Turn]).
- A turn: Place Vanguard (Reapers, while tokens remain) → Deploy (sets, one ship built, deploy
  directives, units, then the ship) → Invade (battles with chosen ships, attacks on Harbinger)
  → Fortify (units, then one ship move) → Harbinger (Reapers: move, then devastate) → Draw.
- Teams (ME100): the seats of one faction. They share a deck, see each other's hands (G28
  [Team: Faction Cards]: so `known_to` is the team, and every secret told to one is told to both),
  fortify through each other's planets (ME83) and never attack each other (ME101); a team wins or
  loses together.

Readings (spec 2.5, the recommended ones unless said): G1 [Step 2 Play Cards for Units/Ships] (a)
ships per faction; G2 [Step 2 Play Cards for Units/Ships] any number of sets; G3 [BT Play Cards for
Units] no forced trade; G4 [Using Ships] defending ships count automatically, the attacker chooses
which ships attack (and they must move in); G5 [Using Ships] via rules/battle.py; G6 [Invading a
Reaper Vanguard] a Vanguard's defender always takes the d8s (they dominate d6s; logged); G7
[Invading a Reaper Vanguard]; G8 [Invading a Reaper Vanguard] (a) Cerberus alone sees a token it
destroys (everyone with the option `vanguard_reveal=public`, (b)); G9 [Invading a Reaper Vanguard];
G10 [Attacking Harbinger] the committed units die; G11 [Attacking Harbinger]; G12 [GaW Winning]
state-based wins; G13 [Momentum Meter; Attacking Harbinger]; G14 [Step 6; Momentum Meter]; G15 [Step
5; Attacking Harbinger]; G16 [Placing Harbinger; Attacking Harbinger]; G17 [Step 5] (0 steps
allowed; at least 1 with the option `harbinger_move=strict`); G18 [Step 5; Placing Harbinger]; G19
[Momentum Meter; Faction Cards] the Reaper chooses any Reaper planet; G20 the first Reaper seat
places Harbinger at set-up, the active Reaper afterwards; G21 [Team: Change of Command]; G23
[Neutral Cerberus] (option `neutral_defence=auto`, not printed, rolls the most dice); G26 [Step 4
Ship Fortification]; G27; G28; G29 [Momentum Meter]; G30 [Faction Cards]; G31 [GaW Winning]; G33
[Step 2 Play Cards for Units/Ships]; G34 [GaW Winning].
Sets traded go out of play as in Basic Training (ME58 "as in Basic Training"); ship cards, played
directives and an eliminated player's hand go to the faction's discard pile (ME59, ME68, ME80). ME87
(a Reaper holding the region's Harbinger Attack card may play it): the step stops for the Reaper
wherever such a card could devastate Harbinger's planet, held or not, and `end` declines; a pause
only for a holder would tell every seat what the Reaper's hand holds (`_may_be_devastated`).

Planet scanning (ME52, ME105-ME111) is the option `scanning`: the War Assets cards
(`dice/war-assets.json`) name 18 of the galaxy's planets; an unscanned card is held by whoever
controls its planet (ME52, ME110; G25 [Planet Scanning]: a neutral planet's card waits for its
taker), and the dice are matched with the shared `rules.dice_match` (W3 [WA How to Play 2]: a scan
fails as soon as the dice left cannot match the rows left, the same as rolling on).

Actions: `claim PLANET`; `cerberus PLANET` (a claim or a unit for neutral Cerberus);
`harbinger PLANET` (set-up); `place PLANET N`; `vanguard PLANET`; `trade CARD CARD CARD`;
`build CARD`; `play CARD [PLANET]` (a directive: in Deploy, before a battle or a strike, or
as the defender before the roll); `ship PLANET`; `attack FROM TO DICE [CRUISERS CARRIERS
DREADNOUGHTS]`; `strike FROM DICE [CRUISERS CARRIERS DREADNOUGHTS]` (attack Harbinger);
`defend DICE`; `move N [CRUISERS CARRIERS DREADNOUGHTS]` (ships left on the source may
follow, ME69); `fortify FROM TO N`; `ships FROM TO CRUISERS CARRIERS DREADNOUGHTS`;
`command PLANET` (ask the teammate for it), `accept`, `decline`; `roll` (move Harbinger);
`step PLANET`; `devastate CARD`; `scan PLANET`, `match ROW DIE...`, `aside DIE` (scanning);
`end`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar, Self

from warroom.core.actions import Action
from warroom.core.board import reachable
from warroom.core.errors import IllegalAction, MalformedAction
from warroom.core.events import DICE, Event, faces, listed
from warroom.core.game import OptionValue, Outcome, Seat, require
from warroom.core.legal import Family, Legal
from warroom.core.registry import register
from warroom.core.rng import HIDDEN, Rng
from warroom.core.windows import clockwise
from warroom.games import catalogued, rules_options
from warroom.games import risk_classic as rc
from warroom.games.dice_cards.cards import DiceCards, edition_cards
from warroom.games.dice_cards.war_assets import WarAssets
from warroom.games.mass_effect import basic
from warroom.games.mass_effect import gaw_rules as gr
from warroom.games.mass_effect.basic import BasicState, MassEffectBasic
from warroom.games.mass_effect.components import FACTIONS, SHIP_CLASSES, cards, galaxy
from warroom.games.mass_effect.gaw_components import (
    ALLIANCE,
    CERBERUS,
    REAPER,
    ChartRow,
    Directives,
    claim_order,
    directives,
    pieces,
)
from warroom.games.risk_classic import (
    ATTACK,
    CLAIM,
    DEFEND,
    FORTIFY,
    OCCUPY,
    OVER,
    REINFORCE,
    SETUP_PLACE,
    RiskState,
)
from warroom.rules import battle, dice_match
from warroom.rules.battle import PLAIN, SideRule, add_sides
from warroom.rules.pieces import HELD, OFF_BOARD, UNKNOWN_FACE, FaceDown, Tokens, decider
from warroom.rules.reinforcement import territory_armies

PLACE_HARBINGER = "place-harbinger"  # ME48
VANGUARD = "vanguard"  # ME54
PLACE_SHIP = "place-ship"  # ME61
RELOCATE = "relocate-vanguard"  # ME72
SHIP_MOVE = "ship-move"  # ME82
SCAN = "scan"  # ME105-ME107: matching a War Assets card's rows
COMMAND = "command"  # ME84: ask the teammate for a planet
CONSENT = "consent"  # ME84: the teammate agrees or not
HARBINGER = "harbinger"  # ME85: move or not
HARBINGER_STEP = "harbinger-step"  # ME85: where to, after the roll
DEVASTATE = "devastate"  # ME87
GONE = -1  # Harbinger destroyed (off the board)
SHIPS_PER_FACTION = 9
NO_SHIPS = (0, 0, 0)
DEPLOY_KINDS = ("units", "momentum", "resurrect")
NO_HAND_LIMIT = 1 << 30
UNPLACED, ASIDE = -1, -2  # a scan die's place


def war_assets() -> DiceCards:
    """The War Assets cards used for scanning (ME52): the War Assets mode's own file."""
    return edition_cards(WarAssets.data_file)


ATTACK_TIMINGS = ("attack", "harbinger_attack")
PLURAL = (
    "Reapers",
    "Alliance",
    "Cerberus",
)  # by faction, in running text  # the directives played in Deploy so far


@dataclass(slots=True)
class GawState(BasicState):
    """Basic Training's state plus Galaxy at War's. Sides are the seats in chart order, then
    neutral Cerberus (`neutral`, 2 and 4 players). `hands` are per seat; `deck` is unused
    (each faction has its pile)."""

    chart: ChartRow
    faction_of: tuple[int, ...]  # per side
    directives: Directives
    piles: list[list[int]]  # per faction, the top last
    # per faction, face up (R [Step 2 Play Cards for Units/Ships]: public)
    discards: list[list[int]]
    momentum: int  # a space of `galaxy.momentum`
    harbinger: int  # a planet, or GONE
    vanguards: Tokens  # OFF_BOARD: in the stack; HELD: taken by the Alliance
    faces: FaceDown  # each Vanguard's face and who knows it
    ships: Tokens  # piece k: faction k // 9, class k % 9 // 3; OFF_BOARD: in the supply
    devastation_left: int
    built: int  # the ship built this turn, waiting to be placed (-1: none)
    built_this_turn: bool
    conquered_from: tuple[int, ...]  # factions conquered from this turn (ME94)
    attack_ships: tuple[int, ...]  # the ships the attacker brought to this battle
    harbinger_roll: int  # the d6 rolled to move Harbinger
    relocating: int  # the Vanguard token Cerberus destroyed, to be placed again (-1: none)
    relocator: int  # the Reaper seat who places it
    catalyst_taken: bool
    attack_boost: SideRule  # attack directives played for the next battle or strike (ME68)
    resource_boost: int  # Cerberus's +1s for the next battle, on a resource planet only
    defence_boost: SideRule  # the defender's directives for this battle
    strike_bonus: int  # Harbinger-bonus directives for the next strike (ME77)
    asked: int  # the planet asked for in a change of command (-1: none)
    scanned: tuple[bool, ...]  # per War Assets card: set aside after a successful scan
    scanning: int  # the War Assets card being scanned (-1: none)
    scanned_this_turn: bool  # ME105: one scan a turn
    scan_dice: tuple[tuple[int, int], ...]  # (sides, face) of the 5 d6 and 2 d8
    scan_place: tuple[int, ...]  # per die: UNPLACED, ASIDE or the scan row it matched
    command_used: bool  # ME84: at most one change of command a turn

    def copy_more(self, twin: Self) -> None:
        super(GawState, self).copy_more(twin)
        twin.piles = [p[:] for p in self.piles]
        twin.discards = [d[:] for d in self.discards]


def _gaw(st: RiskState) -> GawState:
    assert isinstance(st, GawState)
    return st


@cache
def _claim_schedule(players: int) -> tuple[tuple[int, int], ...]:
    """(seat deciding, side claiming) per claim: ME46/ME47, the neutral claim by the seat that
    has just claimed for itself."""
    row = pieces().chart[players]
    out: list[tuple[int, int]] = []
    for side in claim_order(row):
        out.append((side if side < len(row.seats) else out[-1][0], side))
    return tuple(out)


@cache
def _place_schedule(players: int) -> tuple[tuple[int, int], ...]:
    """(seat deciding, side placing) per setup unit: ME49/ME50."""
    row = pieces().chart[players]
    claimed = [side for _, side in _claim_schedule(players)]
    left = [spec.troops - claimed.count(s) for s, spec in enumerate(row.sides())]
    return tuple(gr.reinforce_order(row, left))


def _ship_class(piece: int) -> int:
    return piece % SHIPS_PER_FACTION // 3


def _ship_faction(piece: int) -> int:
    return piece // SHIPS_PER_FACTION


_MODE = catalogued("mass-effect-galaxy-at-war")


class GalaxyAtWar(MassEffectBasic):
    id = _MODE.id
    title = _MODE.title
    min_players = _MODE.min_players
    max_players = _MODE.max_players
    options = rules_options(_MODE)
    # Trades, ships and deploy cards; battle cards attacking and defending; Harbinger Attack.
    hand_phases = frozenset({rc.REINFORCE, rc.ATTACK, rc.DEFEND, DEVASTATE})
    steps: ClassVar[Mapping[str, str]] = {
        **MassEffectBasic.steps,
        PLACE_HARBINGER: "placing Harbinger",
        VANGUARD: "placing a Reaper Vanguard",
        RELOCATE: "moving a lost Reaper Vanguard to another Reaper planet",
        PLACE_SHIP: "placing the ship just built",
        SHIP_MOVE: "moving ships",
        SCAN: "scanning a planet: matching a War Assets card's rows",
        COMMAND: "asking a teammate for a planet, or not",
        CONSENT: "agreeing to hand a planet to a teammate, or not",
        HARBINGER: "moving Harbinger, or not",
        HARBINGER_STEP: "choosing where Harbinger moves",
        DEVASTATE: "devastating a planet, or not",
    }

    end_words: ClassVar[Mapping[str, str]] = {
        **MassEffectBasic.end_words,
        COMMAND: "Ask your teammate for no planet",
        FORTIFY: "End fortifying",  # ship moves (ME82) and Harbinger follow: not the turn's end
        SHIP_MOVE: "End ship moves",
        HARBINGER: "Leave Harbinger where it is",
        DEVASTATE: "Devastate no planet",
    }

    def label(self, observation: RiskState, seat: Seat, action: Action) -> str:
        """Galaxy at War's own kinds in plain words: ships counted by class, a card by its
        directive, Harbinger's moves; the shared kinds (with ships along) as Classic says them."""
        st, kind, args = _gaw(observation), action.kind, action.args
        said = [str(a) for a in args]
        if kind in ("attack", "strike", "move", "ships"):
            lead = {"attack": 3, "strike": 2, "move": 1, "ships": 2}[kind]
            ships = ships_words(args[lead:])
            if kind == "ships":
                return f"Move {ships} from {said[0]} to {said[1]}"
            if kind == "strike":
                dice = DICE.of(int(args[1]))
                return f"Strike Harbinger from {said[0]} with {dice}" + (ships and f" and {ships}")
            plain = super().label(observation, seat, Action(kind, args[:lead]))
            return plain + (ships and f" and {ships}")
        if kind == "cerberus":
            if st.phase == CLAIM:
                return f"Claim {said[0]} for neutral Cerberus"
            return f"Place a Cerberus unit on {said[0]}"
        if kind == "harbinger":
            return f"Put Harbinger on {said[0]}"
        if kind == "vanguard":
            return f"Put the Reaper Vanguard on {said[0]}"
        if kind == "ship":
            return f"Put the ship just built on {said[0]}"
        if kind == "step":
            return f"Move Harbinger to {said[0]}"
        if kind == "roll":
            return "Roll to move Harbinger"
        if kind == "command":
            return f"Ask your teammate for {said[0]}"
        if kind in ("accept", "decline"):
            asked = st.board.territories[st.asked]
            return f"Hand {asked} over" if kind == "accept" else f"Keep {asked}"
        if kind == "scan":
            return f"Scan {said[0]} (roll for its War Assets card)"
        if kind == "match":
            dice = listed(f"{st.scan_dice[int(d) - 1][1]} (die {d})" for d in args[1:])
            return f"Match row {args[0]} with {dice}"
        if kind == "aside":
            sides, face = st.scan_dice[int(args[0]) - 1]
            return f"Set die {args[0]} aside (a d{sides} showing {face})"
        if kind in ("play", "build", "devastate"):
            card = st.cards.card(said[0])
            assert card is not None
            if kind == "build":
                return f"Build a {st.cards.ship_class[card]} with {said[0]}"
            if kind == "devastate":
                return f"Devastate {st.board.territories[st.harbinger]} with {said[0]}"
            where = f" on {said[1]}" if len(said) > 1 else ""
            return f"Play {said[0]}{where}: {st.directives.by_card[card].effect()}"
        return super().label(observation, seat, action)

    def seen_attack_rule(self, seen: RiskState, source: int, target: int) -> battle.BattleRule:
        """`battle_rule` of that attack declared now without the attacker's ships (chosen
        with the dice): the defender's ships, a Vanguard's d8s and directives played."""
        return self.seen_attack_rule_with_ships(seen, source, target, NO_SHIPS)

    def check_invadable(self, seen: RiskState, source: int, target: int) -> None:
        """Classic's check with ME101 (a teammate's planet), ME88 (a devastated one) and ME74
        (a Reaper planet Harbinger holds), each named, as the attack's own refusal names it."""
        super().check_invadable(seen, source, target)
        why = invasion_ban(self, _gaw(seen), seen.owner[source], target)
        if why is not None:
            raise IllegalAction(why)

    def seen_attack_rule_with_ships(
        self, seen: RiskState, source: int, target: int, ships: tuple[int, int, int] | None
    ) -> battle.BattleRule:
        """The attack with the attacker's `ships` along (none if None), as the page's attack
        panel chooses them; IllegalAction where the source holds fewer."""
        st = _gaw(seen).copy()
        along = ships or NO_SHIPS
        _require_ships(st, source, along)
        st.attack_from, st.attack_to, st.attack_ships = source, target, along
        return battle_rule(st)

    def seen_defence_rule(self, seen: RiskState) -> battle.BattleRule:
        """The declared battle's `battle_rule` (the attacker's ships, the defender's, a Vanguard,
        the cards played so far), as `_battle` will roll it."""
        return battle_rule(_gaw(seen))

    # -- setup ---------------------------------------------------------------------------
    def setup(self, players: int, rng: Rng, options: Mapping[str, OptionValue]) -> GawState:
        g, deck_cards, p = galaxy(), cards(), pieces()
        row = p.chart[players]
        piles = []
        for f in range(len(FACTIONS)):  # ME40: three decks, each shuffled on its own
            pile = [c for c in range(len(deck_cards.card_ids)) if deck_cards.faction[c] == f]
            rng.shuffle(pile)
            piles.append(pile)
        faces = FaceDown.shuffled(  # ME43: mixed and stacked face down
            [gr.CATALYST if c else gr.REAPER_TOKEN for c in p.vanguards], rng
        )
        sides = row.sides()
        return GawState(
            **rc.opening(
                g.board,
                options,
                players,
                rng,
                0,  # G27 [GaW On Your Turn]: Player 1 claims first; no roll
                CLAIM,
                neutral=players if row.neutral is not None else None,
                reserve=[s.troops for s in sides],
                galaxy=g,
                cards=deck_cards,
                out_of_play=[],
                chart=row,
                faction_of=tuple(s.faction for s in sides),
                directives=directives(),
                piles=piles,
                discards=[[] for _ in FACTIONS],
                momentum=g.momentum_start,  # ME41
                harbinger=GONE,
                vanguards=Tokens((OFF_BOARD,) * len(p.vanguards)),
                faces=faces,
                ships=Tokens((OFF_BOARD,) * (SHIPS_PER_FACTION * len(FACTIONS))),
                devastation_left=p.devastation,
                built=-1,
                built_this_turn=False,
                conquered_from=(),
                attack_ships=NO_SHIPS,
                harbinger_roll=0,
                relocating=-1,
                relocator=-1,
                catalyst_taken=False,
                attack_boost=PLAIN,
                resource_boost=0,
                defence_boost=PLAIN,
                strike_bonus=0,
                asked=-1,
                scanned=tuple(False for _ in war_assets().cards),
                scanning=-1,
                scanned_this_turn=False,
                scan_dice=(),
                scan_place=(),
                command_used=False,
            )
        )

    # -- names and teams -----------------------------------------------------------------
    def opening(self, state: RiskState) -> list[Event]:
        """No roll-off: G27 [GaW On Your Turn] Player 1 claims and plays first."""
        name = self.seat_names(state)[0]
        return [Event("first", f"{name} goes first: Player 1 always does", {"seat": 0})]

    def seat_names(self, state: RiskState) -> list[str]:
        st = _gaw(state)
        return [f"{FACTIONS[s.faction]} ({s.colour})" for s in st.chart.seats]

    def turn_order(self, state: RiskState) -> tuple[Seat, ...]:
        """G27 [GaW On Your Turn]: Player 1 takes the first turn, then play goes round
        (`_next_turn`); the seats' factions come from the set-up chart."""
        return clockwise(0, state.players)

    def team_names(self, state: RiskState) -> list[str]:
        """ME100: a faction's seats are a team (Cerberus always plays alone)."""
        st = _gaw(state)
        return [FACTIONS[st.faction_of[s]] for s in range(st.players)]

    def side_name(self, st: RiskState, side: int) -> str:
        g = _gaw(st)
        if side == g.neutral:
            return "Neutral Cerberus"
        return self.seat_names(g)[side]

    def known_to(self, state: RiskState, seat: Seat) -> frozenset[Seat]:
        """G28 [Team: Faction Cards]: teammates see each other's hands, and ME56 each other's
        Vanguard tokens."""
        return _gaw(state).chart.teams()[seat]

    def _card_text(self, st: RiskState, card: int) -> str:
        g = _gaw(st)
        directive = g.directives.by_card[card].text()
        return f"{self._card_name(g, card)} ({g.cards.ship_class[card]} class; {directive})"

    # -- who decides ---------------------------------------------------------------------
    def to_move(self, state: RiskState) -> tuple[Seat, ...]:
        st = _gaw(state)
        if st.phase == OVER:
            return ()
        if st.phase == CLAIM:
            return (_claim_schedule(st.players)[_claimed(st)][0],)
        if st.phase == SETUP_PLACE:
            return (_place_schedule(st.players)[_placed(st)][0],)
        if st.phase == PLACE_HARBINGER:
            return (st.faction_of.index(REAPER),)  # G20 [Team: Harbinger]
        if st.phase == DEFEND:
            return (self._defender_seat(st),)
        if st.phase == RELOCATE:
            return (st.relocator,)
        if st.phase == CONSENT:
            return (st.owner[st.asked],)
        return (st.current,)

    def _defender_seat(self, st: RiskState) -> Seat:
        g = _gaw(st)
        side = g.owner[g.attack_to]
        if side == g.neutral:  # ME99, G23 [Neutral Cerberus]: the next seat of another team
            return decider(g.current, list(range(g.players)), g.alive, self.known_to(g, g.current))
        return side

    # -- legal actions -------------------------------------------------------------------
    def legal_actions(self, state: RiskState, seat: Seat) -> Legal:
        """Classic's deferred families: `in` is answered by `_allows`, which lists only the
        families that could hold the action (its kind; for an attack, a strike, a fortify
        or a ship move its own source), not every planet's ship choices."""
        if seat not in self.to_move(state):
            return Legal(())
        return Legal.deferred(
            lambda: self._families(state, seat), lambda action: self._allows(state, seat, action)
        )

    def _allows(self, state: RiskState, seat: Seat, action: Action) -> bool:
        """Whether `_families(state, seat)` lists `action`, from the families of its kind and
        source alone where the step lists many (the same helpers, narrowed)."""
        st = _gaw(state)
        kind, args, phase = action.kind, action.args, st.phase
        if phase == OCCUPY and len(args) == 4:  # a move-in with ships following (ME69)
            return kind == "move" and action in Legal(_move_in_families(st))
        if phase in (DEFEND, OCCUPY):  # a die count or a move-in, after every attack
            if len(args) != 1:
                return False
            if kind == "play":
                return (
                    phase == DEFEND
                    and st.owner[st.attack_to] == seat
                    and args[0] in _battle_cards(st, seat, ("defend",))
                )
            counts = rc._defend_dice(st) if phase == DEFEND else rc._move_in_counts(st)
            return (
                kind == ("defend" if phase == DEFEND else "move")
                and isinstance(args[0], int)
                and args[0] in counts
            )
        if phase in (CLAIM, SETUP_PLACE):  # a planet each, 42 claims and 100 units
            schedule = _claim_schedule if phase == CLAIM else _place_schedule
            side = schedule(st.players)[_claimed(st) if phase == CLAIM else _placed(st)][1]
            if kind == "cerberus" or phase == CLAIM:
                mine = kind == ("claim" if side == seat else "cerberus") and len(args) == 1
            else:  # one unit of one's own
                mine = kind == "place" and side == seat and len(args) == 2
                mine = mine and isinstance(args[1], int) and args[1] == 1
            t = rc._named(st, args[0]) if mine else -1
            return t >= 0 and st.owner[t] == (-1 if phase == CLAIM else side)
        if phase not in (REINFORCE, ATTACK, FORTIFY, SHIP_MOVE):
            return action in Legal(self._families(st, seat))
        if kind == "end":
            return not args and phase != REINFORCE
        if phase == REINFORCE:
            if kind == "scan":
                scans = _scannable(st, seat)
                return len(args) == 1 and any(args[0] == st.board.territories[t] for t in scans)
            if kind != "place":
                return action in Legal(self._deploy_families(st, seat))
            if len(args) != 2 or not isinstance(args[1], int):
                return False
            t = rc._named(st, args[0])
            return t >= 0 and st.owner[t] == seat and 1 <= args[1] <= st.pending
        if phase == ATTACK and kind == "play":
            return len(args) == 1 and args[0] in _battle_cards(st, seat, ATTACK_TIMINGS)
        moves = {ATTACK: ("attack", "strike"), FORTIFY: ("fortify",), SHIP_MOVE: ("ships",)}
        if kind not in moves[phase] or not args:
            return False
        source = rc._named(st, args[0])
        if source < 0:
            return False
        if kind == "attack":
            families = _invasion_families(st, seat, (source,))
        elif kind == "strike":
            families = _strike_families(st, seat, (source,))
        elif kind == "fortify":
            families = _fortify_families(st, seat, (source,))
        else:
            families = _ship_move_families(st, seat, (source,))
        return action in Legal(families)

    def _families(self, state: RiskState, seat: Seat) -> list[Family]:
        st = _gaw(state)
        names = st.board.territories
        phase = st.phase
        if phase == CLAIM:
            side = _claim_schedule(st.players)[_claimed(st)][1]
            kind = "claim" if side == seat else "cerberus"
            return [Family(kind, (names[t],)) for t in range(len(names)) if st.owner[t] == -1]
        if phase == SETUP_PLACE:
            side = _place_schedule(st.players)[_placed(st)][1]
            mine = [names[t] for t in range(len(names)) if st.owner[t] == side]
            if side == seat:
                return [Family("place", (t,), range(1, 2)) for t in mine]
            return [Family("cerberus", (t,)) for t in mine]
        if phase == PLACE_HARBINGER:
            return [
                Family("harbinger", (names[t],))
                for t in gr.harbinger_spots(st.owner, st.faction_of)
            ]
        if phase in (VANGUARD, RELOCATE):
            return [Family("vanguard", (names[t],)) for t in _vanguard_spots(st)]
        if phase == REINFORCE:
            scans = [Family("scan", (names[t],)) for t in _scannable(st, seat)]
            return [*self._deploy_families(st, seat), *scans]
        if phase == SCAN:
            return _scan_families(st)
        if phase == PLACE_SHIP:
            return [Family("ship", (names[t],)) for t in range(len(names)) if st.owner[t] == seat]
        if phase == ATTACK:
            plays = [Family("play", (ids,)) for ids in _battle_cards(st, seat, ATTACK_TIMINGS)]
            return [Family("end"), *plays, *_attack_families(st, seat)]
        if phase == DEFEND:
            plays = (
                [Family("play", (ids,)) for ids in _battle_cards(st, seat, ("defend",))]
                if st.owner[st.attack_to] == seat  # ME99: none for neutral Cerberus
                else []
            )
            return [*plays, Family("defend", (), rc._defend_dice(st))]
        if phase == COMMAND:
            handovers = [Family("command", (names[t],)) for t in _handovers(st, seat)]
            return [Family("end"), *handovers]
        if phase == CONSENT:
            return [Family("accept"), Family("decline")]
        if phase == OCCUPY:
            return _move_in_families(st)
        if phase == FORTIFY:
            return [Family("end"), *_fortify_families(st, seat)]
        if phase == SHIP_MOVE:
            return [Family("end"), *_ship_move_families(st, seat)]
        if phase == HARBINGER:
            return [Family("end"), Family("roll")]
        if phase == HARBINGER_STEP:
            return [Family("step", (names[t],)) for t in _harbinger_reach(st)]
        if phase == DEVASTATE:
            return [
                Family("end"),
                *(Family("devastate", (st.cards.card_ids[c],)) for c in _devastate_cards(st, seat)),
            ]
        return []

    def _deploy_families(self, st: GawState, seat: Seat) -> list[Family]:
        names = st.board.territories
        # ME105: a scan comes after the cards turned in (sets and the ship's card), so none is
        # turned in once this turn's scan is rolled.
        out = [] if st.scanned_this_turn else self._trades(st, seat)
        ids = st.cards.card_ids
        if not st.built_this_turn and not st.scanned_this_turn:  # ME59: one card, one ship a turn
            out += [Family("build", (ids[c],)) for c in _buildable(st, seat)]
        for c in st.hands[seat]:
            d = st.directives.by_card[c]
            if d.timing != "deploy" or d.kind not in DEPLOY_KINDS:
                continue
            if d.kind == "resurrect":
                if st.harbinger == GONE:
                    out += [
                        Family("play", (ids[c], names[t]))
                        for t in gr.harbinger_spots(st.owner, st.faction_of)
                    ]
            else:
                out.append(Family("play", (ids[c],)))
        if st.pending:
            counts = range(1, st.pending + 1)
            out += [
                Family("place", (names[t],), counts)
                for t in range(len(names))
                if st.owner[t] == seat
            ]
        return out

    def _must_trade_at(self, st: RiskState) -> int:
        # G3 [BT Play Cards for Units]: Basic Training's forced trade is not Galaxy at War's
        return NO_HAND_LIMIT

    # -- applying ------------------------------------------------------------------------
    def _step(
        self, state: RiskState, seat: Seat, action: Action, events: rc.Events, owned: bool = False
    ) -> RiskState:
        """The step, then every win condition (G12 [GaW Winning]: state-based, after every step)."""
        st = _gaw(super()._step(state, seat, action, events, owned))
        if st.phase not in (OVER, CLAIM, SETUP_PLACE, PLACE_HARBINGER):
            _check_win(self, st, events)
        return st

    # -- views ---------------------------------------------------------------------------
    def observe(self, state: RiskState, seat: Seat | None) -> GawState:
        """Hands outside the seat's team and the piles face down (each card's back, its
        faction, is public); each Vanguard face shown only to those who know it."""
        st = _gaw(state).step_copy()
        team = self.known_to(st, seat) if seat is not None else frozenset()
        st.hands = [h if p in team else [rc.UNSEEN] * len(h) for p, h in enumerate(st.hands)]
        st.piles = [[rc.UNSEEN] * len(p) for p in st.piles]
        st.faces = FaceDown(st.faces.seen(seat), st.faces.known_to)
        st.rng = HIDDEN
        return st

    def resample_hidden(self, state: RiskState, seat: Seat, rng: Rng) -> GawState:
        """What the seat's team does not see redrawn: the other hands and piles faction by
        faction, and the Vanguard faces none of the team knows."""
        st = _gaw(state).copy()
        team = self.known_to(st, seat)
        for f in range(len(FACTIONS)):
            slots = [
                (p, i)
                for p in range(st.players)
                if p not in team
                for i, c in enumerate(st.hands[p])
                if st.cards.faction[c] == f
            ]
            unseen = [st.hands[p][i] for p, i in slots] + st.piles[f]
            rng.shuffle(unseen)
            for k, (p, i) in enumerate(slots):
                st.hands[p][i] = unseen[k]
            st.piles[f] = unseen[len(slots) :]
        for p in range(st.players):
            st.hands[p].sort()
        st.faces = st.faces.redrawn(team, rng)
        st.rng = Rng(rng.next_u64())
        return st

    def describe(self, observation: RiskState, seat: Seat | None) -> dict[str, Any]:
        st = _gaw(observation)
        out = super().describe(st, seat)
        names = st.board.territories
        ids = st.cards.card_ids
        team = self.known_to(st, seat) if seat is not None else frozenset()
        out["factions"] = [FACTIONS[f] for f in st.faction_of]
        out["teams"] = [sorted(t) for t in st.chart.teams()]
        out["hands"] = {
            str(p): [
                {
                    "card": ids[c],
                    "class": st.cards.ship_class[c],
                    "directive": st.directives.by_card[c].text(),
                }
                for c in st.hands[p]
            ]
            for p in sorted(team)
        }
        out["pile_sizes"] = [len(p) for p in st.piles]
        out["discards"] = [[ids[c] for c in d] for d in st.discards]
        out["colours"] = [side.colour for side in st.chart.sides()]  # per side, neutral last
        out["momentum"] = {"space": st.momentum, **_space(st)}
        out["momentum_meter"] = [  # the meter's spaces, the Reaper end first (ME78)
            {"side": m.side, "extra_cards": m.extra_cards, "harbinger_mod": m.harbinger_mod}
            for m in st.galaxy.momentum
        ]
        out["strategic"] = gr.resources_held(st.galaxy, st.owner, st.faction_of.index(CERBERUS))
        out["strategic_meter"] = list(st.galaxy.strategic_cards)  # extra cards by planets held
        out["harbinger"] = names[st.harbinger] if st.harbinger != GONE else None
        for t, row in enumerate(out["territories"]):  # the pieces on each planet
            row["ships"] = st.ships.count(t)
            row["vanguards"] = st.vanguards.count(t)
            row["harbinger"] = t == st.harbinger
            row["resource"] = st.galaxy.resource[t]
        if st.phase in (DEFEND, OCCUPY):  # the ships on each side of the battle (ME62-ME66)
            out["battle"]["ships"] = list(st.attack_ships)
            out["battle"]["defending_ships"] = list(_ships_on(st, st.attack_to))
        out["devastated"] = [
            names[t] for t in range(len(names)) if st.owner[t] == gr.NO_OWNER and st.phase != CLAIM
        ]
        out["devastation_left"] = st.devastation_left
        out["vanguards"] = [
            {
                "where": names[w] if w >= 0 else ("stack" if w == OFF_BOARD else "taken"),
                "face": _face_name(face),
            }
            for w, face in zip(st.vanguards.where, st.faces.faces, strict=True)
        ]
        out["ships"] = [
            {
                "planet": names[t],
                "faction": FACTIONS[_ship_faction(k)],
                "class": SHIP_CLASSES[_ship_class(k)],
            }
            for k, t in enumerate(st.ships.where)
            if t >= 0
        ]
        out["built"] = SHIP_CLASSES[_ship_class(st.built)] if st.built >= 0 else None
        if st.options.get("scanning"):
            wa = war_assets().cards
            out["war_assets"] = [
                {
                    "planet": c.name,
                    "value": c.value,
                    "scanned": st.scanned[k],
                    "rows": [c.rows[r].text() for r in c.scan],
                }
                for k, c in enumerate(wa)
            ]
        if st.phase == SCAN:
            out["scan"] = {
                "planet": war_assets().cards[st.scanning].name,
                "dice": [
                    {"die": i + 1, "sides": d[0], "face": d[1], "place": p}
                    for i, (d, p) in enumerate(zip(st.scan_dice, st.scan_place, strict=True))
                ],
            }
        if st.phase == HARBINGER_STEP:
            out["harbinger_roll"] = st.harbinger_roll
        return out

    def invariants(self, state: RiskState) -> list[str]:
        st = _gaw(state)
        devastated = {
            st.board.territories[t]
            for t in range(len(st.owner))
            if st.owner[t] == gr.NO_OWNER and st.phase != CLAIM
        }
        problems = [
            p
            for p in super(MassEffectBasic, self).invariants(st)
            if not p.startswith("cards are") and p.split(" is unowned")[0] not in devastated
        ]
        held = sorted(
            [c for h in st.hands for c in h]
            + [c for p in st.piles for c in p]
            + [c for d in st.discards for c in d]
            + st.out_of_play
        )
        if held != list(range(len(st.cards.card_ids))):
            problems.append(
                "cards are lost or duplicated between hands, piles, discards and out of play"
            )
        if len(devastated) + st.devastation_left != pieces().devastation:
            problems.append("devastated planets and Devastation tokens do not add up to 3")
        for k, t in enumerate(st.ships.where):
            if t >= 0 and (st.owner[t] < 0 or st.faction_of[st.owner[t]] != _ship_faction(k)):
                problems.append(
                    f"a {FACTIONS[_ship_faction(k)]} ship stands on {st.board.territories[t]}"
                )
        # Tokens Cerberus destroyed wait on its planet to be put back (ME72), or for good
        # when that conquest ended the game (ME104, a 10th resource planet).
        waiting = st.attack_to if st.relocating >= 0 else None
        for k, t in enumerate(st.vanguards.where):
            if (
                t >= 0
                and t != waiting
                and (st.owner[t] < 0 or st.faction_of[st.owner[t]] != REAPER)
            ):
                problems.append(f"Vanguard {k} stands on a planet the Reapers do not hold")
        return problems


# -- helpers -----------------------------------------------------------------------------------
def _claimed(st: GawState) -> int:
    return sum(1 for o in st.owner if o != -1)


def _placed(st: GawState) -> int:
    total = sum(s.troops for s in st.chart.sides())
    return total - sum(st.reserve) - len(st.owner)


def _space(st: GawState) -> dict[str, Any]:
    space = st.galaxy.momentum[st.momentum]
    return {
        "side": space.side,
        "extra_cards": space.extra_cards,
        "harbinger_mod": space.harbinger_mod,
    }


def _face_name(face: int) -> str | None:
    return None if face == UNKNOWN_FACE else ("catalyst" if face == gr.CATALYST else "reaper")


def _team(st: GawState, seat: Seat) -> frozenset[int]:
    return st.chart.teams()[seat]


def _team_path(st: GawState, seat: Seat) -> Callable[[int], bool]:
    return gr.team_passable(st.owner, _team(st, seat))


def _reapers(st: GawState) -> frozenset[int]:
    return frozenset(s for s in range(st.players) if st.faction_of[s] == REAPER)


def _vanguard_spots(st: GawState) -> list[int]:
    at = st.vanguards
    if st.phase == RELOCATE:  # ME72: another Reaper planet (the token's own one is no longer)
        at = at.placed(st.relocating, OFF_BOARD)
    return gr.vanguard_spots(st.owner, _reapers(st), at)


def _ships_on(st: GawState, planet: int) -> tuple[int, int, int]:
    counts = [0, 0, 0]
    for k in st.ships.at(planet):
        counts[_ship_class(k)] += 1
    return counts[0], counts[1], counts[2]


def _buildable(st: GawState, seat: Seat) -> list[int]:
    """ME59/ME60 (G1a): a card whose class has a ship of the faction left in the supply."""
    faction = st.faction_of[seat]
    on_board = [0, 0, 0]
    for k in range(faction * SHIPS_PER_FACTION, (faction + 1) * SHIPS_PER_FACTION):
        if st.ships.where[k] != OFF_BOARD:
            on_board[_ship_class(k)] += 1
    return [
        c
        for c in st.hands[seat]
        if gr.may_build(on_board, SHIP_CLASSES.index(st.cards.ship_class[c]))
    ]


def _attack_families(st: GawState, seat: Seat) -> list[Family]:
    return [*_invasion_families(st, seat), *_strike_families(st, seat)]


def _ship_counts(st: GawState) -> dict[int, tuple[int, int, int]]:
    """`_ships_on` of every planet with a ship, in one pass over the pieces."""
    counts: dict[int, list[int]] = {}
    for k, planet in enumerate(st.ships.where):
        if planet >= 0:
            counts.setdefault(planet, [0, 0, 0])[_ship_class(k)] += 1
    return {planet: (c[0], c[1], c[2]) for planet, c in counts.items()}


def _invasion_families(
    st: GawState, seat: Seat, sources: Iterable[int] | None = None
) -> list[Family]:
    """The invasions (from `sources` only, where given), with each choice of ships along."""
    names = st.board.territories
    out: list[Family] = []
    harbinger = st.harbinger if st.harbinger != GONE else None
    ship_counts = _ship_counts(st)
    for s in range(len(names)) if sources is None else sources:
        if st.owner[s] != seat or st.armies[s] < 2:
            continue
        ships = ship_counts.get(s, NO_SHIPS)
        for t in st.board.neighbors[s]:
            if not gr.may_attack(st.owner, st.faction_of, seat, t, harbinger):
                continue
            out.append(Family("attack", (names[s], names[t]), rc._attack_dice(st, s)))
            if any(ships):
                for dice in rc._attack_dice(st, s):
                    out += _with_ships("attack", (names[s], names[t], dice), ships)
    return out


def _strike_families(
    st: GawState, seat: Seat, sources: Collection[int] | None = None
) -> list[Family]:
    """The attacks on Harbinger (from `sources` only, where given), ships as for invasions."""
    names = st.board.territories
    out: list[Family] = []
    harbinger = st.harbinger if st.harbinger != GONE else None
    for s in gr.harbinger_sources(st.board, st.owner, st.armies, st.faction_of, harbinger, seat):
        if sources is not None and s not in sources:
            continue
        ships = _ships_on(st, s)
        out.append(Family("strike", (names[s],), rc._attack_dice(st, s)))
        if any(ships):
            for dice in rc._attack_dice(st, s):
                out += _with_ships("strike", (names[s], dice), ships)
    return out


def _fortify_families(
    st: GawState, seat: Seat, sources: Collection[int] | None = None
) -> list[Family]:
    """ME83: the units' moves along the team's planets (from `sources` only, where given)."""
    names = st.board.territories
    passable = _team_path(st, seat)
    if sources is None:
        moves = rc.path_moves(st, seat, passable)
    else:
        moves = [
            (s, targets)
            for s in sources
            if st.owner[s] == seat and st.armies[s] >= 2
            for targets in [_team_targets(st, seat, s, passable)]
            if targets
        ]
    out = []
    for s, targets in moves:
        counts = range(1, st.armies[s])
        out += [Family("fortify", (names[s], names[t]), counts) for t in targets]
    return out


def _team_targets(
    st: GawState, seat: Seat, source: int, passable: Callable[[int], bool]
) -> list[int]:
    """The seat's other planets joined to `source` along `passable` ones, in order."""
    group = reachable(st.board.neighbors, source, passable)
    return sorted(t for t in group if t != source and st.owner[t] == seat)


def _with_ships(
    kind: str, args: tuple[str | int, ...], ships: tuple[int, int, int]
) -> list[Family]:
    """The action with each choice of the ships on its source (at least one ship: with none
    it is the plain action)."""
    out = []
    for c in range(ships[0] + 1):
        for k in range(ships[1] + 1):
            least = 1 if (c, k) == (0, 0) else 0
            if least <= ships[2]:
                out.append(Family(kind, (*args, c, k), range(least, ships[2] + 1)))
    return out


def _move_in_families(st: GawState) -> list[Family]:
    """ME25/ME69: the units moving into a conquered planet (the attacking ships are in
    already), each count alone or with any choice of the ships left on the source."""
    counts = rc._move_in_counts(st)
    out = [Family("move", (), counts)]
    ships = _ships_on(st, st.attack_from)
    if any(ships):
        for k in counts:
            out += _with_ships("move", (k,), ships)
    return out


def _ship_move_families(
    st: GawState, seat: Seat, sources: Iterable[int] | None = None
) -> list[Family]:
    """ME82/ME83 (G26 [Step 4 Ship Fortification]): any ships from one of the seat's planets (of
    `sources`, where given) to another, along the team's planets."""
    names = st.board.territories
    out: list[Family] = []
    ship_counts = _ship_counts(st)
    passable = _team_path(st, seat)
    for s in range(len(names)) if sources is None else sources:
        ships = ship_counts.get(s, NO_SHIPS)
        if st.owner[s] != seat or not any(ships):
            continue
        for t in _team_targets(st, seat, s, passable):
            out += _with_ships("ships", (names[s], names[t]), ships)
    return out


def _devastate_cards(st: GawState, seat: Seat) -> list[int]:
    """ME87/ME88 (G18 [Step 5; Placing Harbinger]): Harbinger Attack cards for the region of
    Harbinger's planet."""
    if st.harbinger == GONE:
        return []
    return [
        c
        for c in st.hands[seat]
        if st.directives.by_card[c].kind == "devastate"
        and gr.may_devastate(
            st.board,
            st.owner,
            st.faction_of,
            st.harbinger,
            st.directives.by_card[c].region(),
            st.devastation_left,
        )
    ]


def ships_words(counts: Iterable[object]) -> str:
    """Ships named in an action (cruisers, carriers, dreadnoughts, zeros left out) in words:
    "1 cruiser and 2 dreadnoughts"; "" for none."""
    said = [
        f"{n} {name}{'' if n == 1 else 's'}"
        for n, name in zip(counts, SHIP_CLASSES, strict=False)
        if isinstance(n, int) and n
    ]
    return listed(said) if said else ""


def _card(st: GawState, seat: Seat, arg: object, a: Action) -> int:
    card = st.cards.card(str(arg)) if isinstance(arg, str) else None
    if card is None or card not in st.hands[seat]:
        raise IllegalAction(f"you hold no card {arg!r}")
    return card


def _to_discard(st: GawState, seat: Seat, card: int) -> None:
    st.hands = st.hands[:]
    st.hands[seat] = [c for c in st.hands[seat] if c != card]
    f = st.cards.faction[card]
    st.discards = st.discards[:]
    st.discards[f] = [*st.discards[f], card]


def _log(
    ev: rc.Events, kind: str, text: str, data: dict[str, Any] | None = None, reveals: bool = False
) -> None:
    if ev is not None:
        ev.append(Event(kind, text, data or {}, reveals=reveals))


def _capitalized(reason: str) -> str:
    """An outcome's reason as the log's line, a sentence ("The Reapers win: ..."); the reason
    itself stays as outcomes write theirs, to follow "won." in the page's banner."""
    return reason[:1].upper() + reason[1:]


def _move_momentum(
    g: GalaxyAtWar, st: GawState, faction: int, spaces: int, why: str, ev: rc.Events
) -> None:
    before = st.momentum
    st.momentum = gr.momentum_moved(st.momentum, faction, spaces, st.galaxy.momentum)
    _log(
        ev,
        "momentum",
        f"Momentum moves {abs(st.momentum - before)} toward the {PLURAL[faction]} ({why})",
        {"space": st.momentum},
    )


def _units_by_faction(st: GawState) -> list[int]:
    units = [0] * len(FACTIONS)
    for side, armies in zip(st.owner, st.armies, strict=True):
        if side >= 0:
            units[st.faction_of[side]] += armies
    return units


def _check_win(g: GalaxyAtWar, st: GawState, ev: rc.Events) -> None:
    """ME102-ME104 (G12 [GaW Winning], G31 [GaW Winning], G34 [GaW Winning])."""
    cerberus_plays = st.neutral is None
    cerberus = st.faction_of.index(CERBERUS)
    faction = gr.winning_faction(
        _units_by_faction(st),
        gr.resources_held(st.galaxy, st.owner, cerberus),
        cerberus_plays,
        st.catalyst_taken,
    )
    if faction is None:
        return
    winners = tuple(s for s in range(st.players) if st.faction_of[s] == faction)
    reason = {
        ALLIANCE: "the Alliance wins"
        + (": the Catalyst is taken" if st.catalyst_taken else ": no Reaper unit is left"),
        REAPER: "the Reapers win: no Alliance unit is left",
        CERBERUS: "Cerberus wins: it holds 10 resource planets",
    }[faction]
    st.outcome = Outcome(winners, reason, _ranked(st, winners))
    st.phase = OVER
    _log(ev, "game-over", _capitalized(reason), {"winners": list(winners)})


def _start_turn(g: GalaxyAtWar, st: GawState, ev: rc.Events) -> None:
    """ME53: a new turn of the current seat: reinforcements counted (ME57, ME90), then the
    Vanguard for a Reaper while tokens remain (ME54)."""
    limit = int(st.options["turn_limit"])
    if limit and st.turn >= limit:
        _finish_by_limit(st, ev)
        return
    st.turn += 1
    st.conquered = False
    st.conquered_from = ()
    st.built, st.built_this_turn = -1, False
    st.command_used = False
    st.scanned_this_turn = False
    seat = st.current
    held = sum(1 for o in st.owner if o == seat)
    st.pending = territory_armies(held) + gr.region_bonus(st.board, st.owner, seat)
    _log(
        ev,
        "turn",
        f"Turn {st.turn}: {g.side_name(st, seat)} receives {st.pending} units",
        {"seat": seat, "turn": st.turn, "armies": st.pending},
    )
    stack = st.vanguards.at(OFF_BOARD)
    st.phase = (
        VANGUARD if st.faction_of[seat] == REAPER and stack and _vanguard_spots(st) else REINFORCE
    )


def _ranked(st: GawState, winners: tuple[Seat, ...]) -> tuple[Seat, ...]:
    """The winners, then every other seat by the planets its faction holds, then by its own
    (seat order last). The rulebook names only the winning faction (ME100 [Team Play], G31
    [GaW Winning]); a finished game's places should read as standing, not as seat numbers."""
    faction_planets = [0] * len(FACTIONS)
    own = [0] * st.players
    for holder in st.owner:
        if 0 <= holder < st.players:
            faction_planets[st.faction_of[holder]] += 1
            own[holder] += 1
    others = [s for s in range(st.players) if s not in winners]
    others.sort(key=lambda s: (-faction_planets[st.faction_of[s]], -own[s], s))
    return (*winners, *others)


def _finish_by_limit(st: GawState, ev: rc.Events) -> None:
    """The turn limit (simulations only): the faction holding most planets wins, its team
    together."""
    held = [0] * len(FACTIONS)
    for o in st.owner:
        if 0 <= o < st.players:
            held[st.faction_of[o]] += 1
    best = max(held[st.faction_of[s]] for s in range(st.players))
    winners = tuple(s for s in range(st.players) if held[st.faction_of[s]] == best)
    # Not Classic's ranking (territories, then armies): the faction with most planets wins.
    reason = rc.turn_limit_reason(st.turn, "the faction holding the most planets wins")
    st.outcome = Outcome(winners, reason, _ranked(st, winners))
    st.phase = OVER
    _log(ev, "game-over", _capitalized(st.outcome.reason), {"winners": list(winners)})


def _next_turn(g: GalaxyAtWar, st: GawState, ev: rc.Events) -> None:
    for step in range(1, st.players + 1):
        p = (st.current + step) % st.players
        if st.alive[p]:
            st.current = p
            break
    _start_turn(g, st, ev)


# -- handlers: set-up ------------------------------------------------------------------------
def _claim(g: rc.ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    """ME46/ME47: a claim for oneself, or right after it one for neutral Cerberus."""
    st = _gaw(state)
    _, side = _claim_schedule(st.players)[_claimed(st)]
    require(
        (a.kind == "claim") == (side == seat),
        "now claim for Cerberus (cerberus PLANET)" if side != seat else "claim PLANET for yourself",
    )
    (arg,) = rc._args(a, 1, f"{a.kind} PLANET")
    t = rc._territory(st, arg, a, f"{a.kind} PLANET")
    require(st.owner[t] == -1, f"{st.board.territories[t]} is already claimed")
    st.owner, st.reserve = st.owner[:], st.reserve[:]
    st.owner[t], st.armies[t] = side, 1
    st.reserve[side] -= 1
    _log(
        ev,
        "claim",
        f"{g.side_name(st, side)} claims {st.board.territories[t]}",
        {"seat": seat, "side": side, "territory": st.board.territories[t]},
    )
    if _claimed(st) == len(st.owner):
        st.phase = PLACE_HARBINGER  # ME48


def _place_harbinger(
    g: rc.ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events
) -> None:
    """ME48 (G20 [Team: Harbinger]): the first Reaper seat places Harbinger on a Reaper planet."""
    st = _gaw(state)
    (arg,) = rc._args(a, 1, "harbinger PLANET")
    t = rc._territory(st, arg, a, "harbinger PLANET")
    require(t in gr.harbinger_spots(st.owner, st.faction_of), "Harbinger goes on a Reaper planet")
    st.harbinger = t
    _log(
        ev,
        "harbinger",
        f"Harbinger is placed on {st.board.territories[t]}",
        {"territory": st.board.territories[t]},
    )
    st.phase = SETUP_PLACE
    _after_setup_unit(g, st, ev)


def _setup_unit(g: rc.ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    """ME49/ME50: one unit on one's own planet, or after it one on a Cerberus planet."""
    st = _gaw(state)
    _, side = _place_schedule(st.players)[_placed(st)]
    usage = "place PLANET 1" if side == seat else "cerberus PLANET"
    require((a.kind == "place") == (side == seat), f"now {usage}")
    if a.kind == "place":
        arg, k = rc._args(a, 2, usage)
        require(k == 1, "setup units go one at a time (ME7 [BT Reinforcing Planets])")
    else:
        (arg,) = rc._args(a, 1, usage)
    t = rc._territory(st, arg, a, usage)
    require(st.owner[t] == side, f"{st.board.territories[t]} is not {g.side_name(st, side)}'s")
    st.armies[t] += 1
    st.reserve = st.reserve[:]
    st.reserve[side] -= 1
    _log(
        ev,
        "place",
        f"{g.side_name(st, side)} places {g.pieces.of(1)} on {st.board.territories[t]}",
        {"seat": seat, "side": side, "territory": st.board.territories[t], "armies": 1},
    )
    _after_setup_unit(g, st, ev)


def _after_setup_unit(g: rc.ClassicRisk, st: GawState, ev: rc.Events) -> None:
    if _placed(st) == len(_place_schedule(st.players)):
        st.current = 0  # G27 [GaW On Your Turn]: Player 1 takes the first turn
        assert isinstance(g, GalaxyAtWar)
        _start_turn(g, st, ev)


# -- handlers: the turn ----------------------------------------------------------------------
def _vanguard(g: rc.ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    """ME54-ME56: the top token, looked at by the Reaper team, onto a Reaper planet; ME72: a
    token Cerberus destroyed, back on another Reaper planet."""
    st = _gaw(state)
    (arg,) = rc._args(a, 1, "vanguard PLANET")
    t = rc._territory(st, arg, a, "vanguard PLANET")
    require(t in _vanguard_spots(st), f"a Vanguard may not go on {st.board.territories[t]} now")
    name = st.board.territories[t]
    if st.phase == RELOCATE:
        st.vanguards = st.vanguards.placed(st.relocating, t)
        _log(
            ev,
            "vanguard",
            f"The Reapers put the Vanguard back, face down, on {name}",
            {"territory": name},
        )
        # G9 [Invading a Reaper Vanguard]: several tokens stacked there
        left = st.vanguards.at(st.attack_to)
        if left:
            st.relocating = left[0]
        else:
            st.relocating = st.relocator = -1
            st.phase = OCCUPY
        return
    # Reading (ME54 [Step 1]: take the top token, look at it, place it): one action names the
    # planet and the look comes with it, and it may be undone like any placing. A seat that
    # looks and undoes then knows the face before choosing the planet, which is the order
    # ME54 gives anyway; placing is compulsory, so the look buys no way out of it.
    token = st.vanguards.at(OFF_BOARD)[0]
    st.faces, peek = gr.vanguard_peek(st.faces, token, g.known_to(st, seat), g.side_name(st, seat))
    st.vanguards = st.vanguards.placed(token, t)
    if ev is not None:
        ev.append(peek)
        ev.append(
            Event(
                "vanguard",
                f"{g.side_name(st, seat)} places a Vanguard on {name}",
                {"territory": name},
            )
        )
    st.phase = REINFORCE


def _trade(g: rc.ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    """ME58: Basic Training's sets (G2 [Step 2 Play Cards for Units/Ships]: any number a turn),
    before the turn's scan (ME105)."""
    require(
        not _gaw(state).scanned_this_turn,
        "sets are turned in before the scan (ME105 [Planet Scanning])",
    )
    basic._trade(g, state, seat, a, ev)


def _build(g: rc.ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    """ME59/ME60: one card a turn for a ship of its class; the card is discarded."""
    st = _gaw(state)
    (arg,) = rc._args(a, 1, "build CARD")
    card = _card(st, seat, arg, a)
    require(not st.built_this_turn, "only one ship is built a turn")
    require(
        not st.scanned_this_turn,
        "a ship's card is turned in before the scan (ME105 [Planet Scanning])",
    )
    require(card in _buildable(st, seat), "your faction has 3 ships of that class on the board")
    faction, cls = st.faction_of[seat], SHIP_CLASSES.index(st.cards.ship_class[card])
    st.built = next(
        k
        for k in range(faction * 9 + cls * 3, faction * 9 + cls * 3 + 3)
        if st.ships.where[k] == OFF_BOARD
    )
    st.built_this_turn = True
    _to_discard(st, seat, card)
    _log(
        ev,
        "build",
        f"{g.side_name(st, seat)} turns in {st.cards.card_ids[card]} "
        f"to build a {SHIP_CLASSES[cls]}",
        {"seat": seat, "class": SHIP_CLASSES[cls]},
    )


def _play(g: rc.ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    """ME68/ME97: a Deploy directive: units, Momentum (ME93) or Harbinger back (ME92, G19
    [Momentum Meter; Faction Cards])."""
    st = _gaw(state)
    if not a.args:
        raise MalformedAction(f"{a.text()!r} is malformed; usage: play CARD [PLANET]")
    card = _card(st, seat, a.args[0], a)
    d = st.directives.by_card[card]
    require(
        d.timing == "deploy" and d.kind in DEPLOY_KINDS,
        f"{st.cards.card_ids[card]}'s directive is not played in Deploy",
    )
    assert isinstance(g, GalaxyAtWar)
    if d.kind == "resurrect":
        require(len(a.args) == 2, "play CARD PLANET: where Harbinger comes back")
        require(
            st.harbinger == GONE,
            "Harbinger is still in play, and there is only one (ME91 [Team: Harbinger])",
        )
        t = rc._territory(st, a.args[1], a, "play CARD PLANET")
        require(
            t in gr.harbinger_spots(st.owner, st.faction_of),
            "Harbinger comes back on a Reaper planet",
        )
        st.harbinger = t
        _to_discard(st, seat, card)
        _log(ev, "resurrect", f"Harbinger is resurrected on {st.board.territories[t]}")
        _move_momentum(g, st, REAPER, 1, "Harbinger resurrected", ev)
        return
    require(len(a.args) == 1, f"usage: play {st.cards.card_ids[card]}")
    _to_discard(st, seat, card)
    if d.kind == "units":
        st.pending += d.number("count")
        _log(
            ev,
            "directive",
            f"{g.side_name(st, seat)} plays {st.cards.card_ids[card]}: "
            f"{d.number('count')} more units",
        )
    else:
        why = f"{g.side_name(st, seat)} plays {st.cards.card_ids[card]}"
        _move_momentum(g, st, st.faction_of[seat], d.number("spaces"), why, ev)


def _place(g: rc.ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    """ME61: all units first (Classic's placement), then the ship built."""
    st = _gaw(state)
    rc._place(g, st, seat, a, ev)
    if st.pending == 0:
        st.phase = PLACE_SHIP if st.built >= 0 else ATTACK


def _place_ship(g: rc.ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    st = _gaw(state)
    (arg,) = rc._args(a, 1, "ship PLANET")
    t = rc._territory(st, arg, a, "ship PLANET")
    require(st.owner[t] == seat, f"you do not control {st.board.territories[t]}")
    st.ships = st.ships.placed(st.built, t)
    _log(
        ev,
        "ship",
        f"{g.side_name(st, seat)} places a {SHIP_CLASSES[_ship_class(st.built)]} "
        f"on {st.board.territories[t]}",
    )
    st.built = -1
    st.phase = ATTACK


def _chosen_ships(
    st: GawState, planet: int, counts: tuple[object, ...], a: Action
) -> tuple[int, int, int]:
    want = tuple(x for x in counts if isinstance(x, int) and not isinstance(x, bool))
    if len(want) != len(counts):
        raise MalformedAction(f"{a.text()!r}: ship counts are whole numbers")
    chosen = (want[0], want[1], want[2])
    _require_ships(st, planet, chosen)
    return chosen


def invasion_ban(g: rc.ClassicRisk, st: GawState, attacker: int, target: int) -> str | None:
    """Why `attacker` may not invade `target` whatever the dice, in words (`gr.may_attack`'s
    reasons, ME101, ME88, ME74); None where it may."""
    harbinger = st.harbinger if st.harbinger != GONE else None
    if gr.may_attack(st.owner, st.faction_of, attacker, target, harbinger):
        return None
    name, side = st.board.territories[target], st.owner[target]
    if side == gr.NO_OWNER:
        return f"{name} is devastated: no one may invade it (ME88)"
    if side == attacker:
        return f"{name} is {g.side_name(st, attacker)}'s own"
    if gr.same_team(st.faction_of, attacker, side):
        return f"{name} is held by {g.side_name(st, side)}, a teammate (ME101)"
    return f"Harbinger protects {name}: a Reaper planet holding him may not be attacked (ME74)"


def _require_ships(st: GawState, planet: int, want: tuple[int, int, int]) -> None:
    """IllegalAction unless `planet` holds at least `want` of each class."""
    have = _ships_on(st, planet)
    require(
        all(0 <= w <= h for w, h in zip(want, have, strict=True)),
        f"{st.board.territories[planet]} holds {ships_words(have) or 'no ships'}",
    )


def _attack(g: rc.ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    """ME62/ME18/ME19 with ME101 (no teammate), ME88 (no devastated planet), ME74 (Harbinger's
    protection); ME67/G4 [Using Ships] the attacker picks which ships on the source join."""
    st = _gaw(state)
    usage = "attack FROM TO DICE [CRUISERS CARRIERS DREADNOUGHTS]"
    if len(a.args) not in (3, 6):
        raise MalformedAction(f"{a.text()!r} is malformed; usage: {usage}")
    s, t, dice = rc._from_to_count(st, Action(a.kind, a.args[:3]), usage)
    names = st.board.territories
    require(
        st.owner[s] == seat and st.board.adjacent(s, t),
        f"you cannot invade {names[t]} from {names[s]}",
    )
    why = invasion_ban(g, st, seat, t)
    if why is not None:
        raise IllegalAction(why)
    if dice not in rc._attack_dice(st, s):
        raise IllegalAction(rc.attack_dice_refusal(g, st, s))
    ships = _chosen_ships(st, s, a.args[3:], a) if len(a.args) == 6 else NO_SHIPS
    st.attack_from, st.attack_to, st.attack_dice, st.attack_ships = s, t, dice, ships
    neutral = st.owner[t] == st.neutral
    if st.options["defender_dice"] == "auto" or (
        neutral and st.options["neutral_defence"] == "auto"
    ):
        _battle(g, st, rc.defend_most(st), ev)
    else:
        st.phase = DEFEND


def _defend(g: rc.ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    (k,) = rc._args(a, 1, "defend DICE")
    k = rc._count(k, a, "defend DICE")
    require(k in rc._defend_dice(state), "the defender rolls 1 or 2 dice (1 with one unit)")
    _battle(g, _gaw(state), k, ev)


def battle_rule(st: GawState) -> battle.BattleRule:
    """The battle's dice: the attacker's chosen ships, the defender's ships (G4 [Using Ships]; none
    for neutral Cerberus, ME99) and a Vanguard's d8s (ME70, G6 [Invading a Reaper Vanguard], G7
    [Invading a Reaper Vanguard])."""
    t = st.attack_to
    defending = NO_SHIPS if st.owner[t] == st.neutral else _ships_on(st, t)
    vanguard = st.vanguards.count(t) > 0
    attack = [gr.ship_side(st.attack_ships), st.attack_boost]
    if st.galaxy.resource[t]:
        attack.append(SideRule(plus_one=st.resource_boost))
    defend = [gr.ship_side(defending), st.defence_boost]
    return gr.invasion_rule(attack, defend, vanguard)


def _battle(g: rc.ClassicRisk, st: GawState, defend_dice: int, ev: rc.Events) -> None:
    s, t = st.attack_from, st.attack_to
    attacker, defender = st.owner[s], st.owner[t]
    rule = battle_rule(st)
    st.rng = st.rng.copy()
    r = battle.roll(st.rng, st.attack_dice, defend_dice, rule)
    st.attack_boost, st.resource_boost, st.defence_boost = PLAIN, 0, PLAIN  # spent (ME68)
    st.armies[s] -= r.attacker_losses
    st.armies[t] -= r.defender_losses
    if ev is not None:
        ev.append(
            rc.battle_event(
                g,
                st,
                r,
                attacker,
                defender,
                battle.rule_words(rule),  # a Vanguard's d8s, the ships', directives played
            )
        )
    if st.armies[t] > 0:
        st.phase = ATTACK
        return
    _capture(g, st, attacker, defender, ev)


def _capture(g: rc.ClassicRisk, st: GawState, attacker: int, defender: int, ev: rc.Events) -> None:
    """ME25 (the dice rolled move in), ME69 (defending ships destroyed, attacking ships move
    in), ME71-ME73 (a Vanguard destroyed), ME80 (elimination: the hand to the discards)."""
    s, t = st.attack_from, st.attack_to
    names = st.board.territories
    st.owner = st.owner[:]
    st.owner[t] = attacker
    st.armies[t] = st.attack_dice
    st.armies[s] -= st.attack_dice
    st.conquered = True
    st.conquered_from = (*st.conquered_from, st.faction_of[defender])
    st.ships = st.ships.moved(t, OFF_BOARD)  # ME69: destroyed, back to the supply
    # ME69 "if you used ships to attack with, you must move them" in. Reading
    # [Winning an Invasion (GaW)]: the ships of the winning battle, as ME25 moves that battle's
    # units (an invasion's earlier battles may have come from another planet); ships left on the
    # source may follow (`_move_in`).
    movers = _pick_ships(st, s, st.attack_ships)
    st.ships = st.ships.moved(s, t, movers)
    _log(
        ev,
        "capture",
        f"{g.side_name(st, attacker)} captures {names[t]}",
        {"seat": attacker, "territory": names[t]},
    )
    assert isinstance(g, GalaxyAtWar)
    faction = st.faction_of[attacker]
    stacked = st.vanguards.at(t)
    # G8 [Invading a Reaper Vanguard]: a token Cerberus destroys "is revealed", to Cerberus
    # alone (recommended, like "may look") or to everyone (the option vanguard_reveal=public).
    public = faction != ALLIANCE and st.options.get("vanguard_reveal") == "public"
    told = frozenset(range(st.players)) if public else g.known_to(st, attacker)
    for token in stacked:
        st.faces, result = gr.vanguard_destroyed(st.faces, token, faction, told)
        if result == gr.VANGUARD_ALLIANCE_WINS:
            st.catalyst_taken = True
            st.vanguards = st.vanguards.placed(token, HELD)
            _log(
                ev,
                "vanguard",
                f"{g.side_name(st, attacker)} destroys the Vanguard on {names[t]}: the Catalyst!",
                reveals=True,
            )
            # Reading G9 (tokens stacked when no free Reaper planet was left) with ME71 ("the
            # token is removed" when the last unit dies): a Reaper token stacked with the
            # Catalyst leaves too, face up as any the Alliance removes (ME73). Its Momentum
            # step is not taken: the Catalyst has already won (G31 [GaW Winning]).
            for other in stacked:
                if st.vanguards.where[other] == t:
                    st.faces = st.faces.told(other, frozenset(range(st.players)))
                    st.vanguards = st.vanguards.placed(other, HELD)
                    _log(
                        ev,
                        "vanguard",
                        f"{g.side_name(st, attacker)} destroys a Vanguard on {names[t]}: "
                        "a Reaper token",
                        reveals=True,
                    )
            # The game ends at once, but the Reaper whose last planet this was is out all the
            # same (ME80), so the final state and the log say so.
            if defender != st.neutral and defender not in st.owner:
                _eliminate(g, st, defender, ev)
            return
        if result == gr.VANGUARD_REMOVED:
            # Spec 2.4: a token the Alliance removes is public in effect (the game goes on, so
            # it is no Catalyst); the event says so, and every seat knows its face.
            st.faces = st.faces.told(token, frozenset(range(st.players)))
            st.vanguards = st.vanguards.placed(token, HELD)
            _log(
                ev,
                "vanguard",
                f"{g.side_name(st, attacker)} destroys a Vanguard on {names[t]}: a Reaper token",
                reveals=True,
            )
            _move_momentum(g, st, ALLIANCE, 1, "a Vanguard destroyed", ev)
        else:
            if st.relocating < 0:
                st.relocating, st.relocator = token, defender
            if ev is not None:
                face = "the Catalyst" if st.faces.faces[token] == gr.CATALYST else "a Reaper token"
                seen = {"face": _face_name(st.faces.faces[token])}
                text = f"Cerberus destroys a Vanguard on {names[t]}"
                where = {"territory": names[t]}
                ev.append(
                    Event("vanguard", f"{text}: {face}", {**where, **seen}, reveals=True)
                    if public
                    else Event(
                        "vanguard",
                        text,
                        where,
                        known_to=told,
                        secret=seen,
                        secret_text=f"{text}: {face}",
                        reveals=True,
                    )
                )
    if defender != st.neutral and defender not in st.owner:
        _eliminate(g, st, defender, ev)
    if st.relocating >= 0 and _vanguard_spots(st):
        st.phase = RELOCATE
    else:
        # no Reaper planet left: the game is over (G9 [Invading a Reaper Vanguard])
        if st.relocating >= 0:
            st.vanguards = st.vanguards.placed(st.relocating, HELD)
            st.relocating = st.relocator = -1
        st.phase = OCCUPY


def _move_in(g: rc.ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    """ME25 (Classic's move-in), and ME69: "additional units and ships" may follow, so ships
    that stayed on the source may move in with the units."""
    st = _gaw(state)
    usage = "move COUNT [CRUISERS CARRIERS DREADNOUGHTS]"
    if len(a.args) not in (1, 4):
        raise MalformedAction(f"{a.text()!r} is malformed; usage: {usage}")
    s, t = st.attack_from, st.attack_to
    ships = _chosen_ships(st, s, a.args[1:], a) if len(a.args) == 4 else NO_SHIPS
    rc._move_in(g, st, seat, Action(a.kind, a.args[:1]), ev)
    if any(ships):
        st.ships = st.ships.moved(s, t, _pick_ships(st, s, ships))
        names = st.board.territories
        _log(
            ev,
            "ships",
            f"{g.side_name(st, seat)} moves {_ship_count(sum(ships))} "
            f"from {names[s]} to {names[t]}",
        )


def _ship_count(count: int) -> str:
    """'1 ship', '2 ships', for the log."""
    return f"{count} ship{'s' if count != 1 else ''}"


def _pick_ships(st: GawState, planet: int, counts: tuple[int, ...]) -> list[int]:
    out: list[int] = []
    for cls in range(3):
        out += [k for k in st.ships.at(planet) if _ship_class(k) == cls][: counts[cls]]
    return out


def _eliminate(g: rc.ClassicRisk, st: GawState, loser: int, ev: rc.Events) -> None:
    """ME80: the loser's whole hand to its faction's discard pile; the eliminator gets
    nothing; its turns are skipped."""
    st.alive = st.alive[:]
    st.alive[loser] = False
    st.out_order = [*st.out_order, loser]
    f = st.faction_of[loser]
    st.discards = st.discards[:]
    st.discards[f] = gr.eliminated_cards(st.hands[loser], st.discards[f])
    st.hands = st.hands[:]
    st.hands[loser] = []
    if st.relocator == loser:  # its teammate places the token (Reapers are a team in 4-5p)
        others = [s for s in _reapers(st) if st.alive[s]]
        st.relocator = others[0] if others else -1
        if st.relocator < 0:  # no Reaper seat left to put them back: every token there
            # (G9 [Invading a Reaper Vanguard]: several may stand) leaves
            for token in st.vanguards.at(st.attack_to):
                st.vanguards = st.vanguards.placed(token, HELD)
            st.relocating = -1
    _log(
        ev,
        "eliminated",
        f"{g.side_name(st, loser)} is eliminated; its cards are discarded",
        {"seat": loser},
    )


def _strike(g: rc.ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    """ME75-ME79 (G10 [Attacking Harbinger], G11 [Attacking Harbinger], G13
    [Momentum Meter; Attacking Harbinger]): attack Harbinger; no defence roll; 18 or more destroys
    it, otherwise the committed units die."""
    st = _gaw(state)
    usage = "strike FROM DICE [CRUISERS CARRIERS DREADNOUGHTS]"
    if len(a.args) not in (2, 5):
        raise MalformedAction(f"{a.text()!r} is malformed; usage: {usage}")
    s = rc._territory(st, a.args[0], a, usage)
    dice = rc._count(a.args[1], a, usage)
    harbinger = st.harbinger if st.harbinger != GONE else None
    require(
        s in gr.harbinger_sources(st.board, st.owner, st.armies, st.faction_of, harbinger, seat),
        f"you cannot attack Harbinger from {st.board.territories[s]}",
    )
    require(dice in rc._attack_dice(st, s), "roll 1 to 3 dice, one unit staying behind")
    ships = _chosen_ships(st, s, a.args[2:], a) if len(a.args) == 5 else NO_SHIPS
    faction = st.faction_of[seat]
    bonus = gr.harbinger_modifier(st.galaxy.momentum, st.momentum, faction) + st.strike_bonus
    side = add_sides(gr.ship_side(ships), st.attack_boost)
    st.rng = st.rng.copy()
    result = battle.harbinger_roll(st.rng, dice, side, bonus)
    st.attack_boost, st.resource_boost, st.strike_bonus = PLAIN, 0, 0  # spent (ME68)
    assert isinstance(g, GalaxyAtWar)
    target = pieces().harbinger_target
    added = f" {bonus:+d}" if bonus else ""
    _log(
        ev,
        "strike",
        f"{g.side_name(st, seat)} attacks Harbinger from {st.board.territories[s]}: "
        f"{faces(result.faces)}{added}, total {result.total} ({target} needed)",
        {"dice": list(result.faces), "total": result.total, "destroyed": result.destroyed},
        reveals=True,
    )
    if gr.harbinger_destroyed(result.total, target):
        st.harbinger = GONE
        _log(ev, "harbinger", "Harbinger is destroyed")
        if faction == ALLIANCE:  # ME78
            _move_momentum(g, st, ALLIANCE, 1, "Harbinger destroyed", ev)
    else:
        st.armies[s] -= dice  # G10 [Attacking Harbinger]: the committed units
        lost = f"{dice} unit{'s' if dice > 1 else ''}"
        _log(ev, "harbinger", f"Harbinger holds: {lost} lost on {st.board.territories[s]}")


def _end_invasions(
    g: rc.ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events
) -> None:
    """Invading ends; directives played for a battle that never came are spent (ME68: a
    played card is discarded)."""
    rc._args(a, 0, "end")
    st = _gaw(state)
    st.attack_boost, st.resource_boost, st.strike_bonus = PLAIN, 0, 0
    st.phase = FORTIFY


def _fortify(g: rc.ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    """ME81/ME83 (G21 [Team: Change of Command]): one unit move through the team's planets, ending
    on one's own."""
    st = _gaw(state)
    s, t, k = rc._from_to_count(st, a, "fortify FROM TO COUNT")
    names = st.board.territories
    require(
        rc.may_move_along(st, seat, s, t, _team_path(st, seat)),
        f"no chain of your team's planets joins {names[s]} to your {names[t]}",
    )
    require(1 <= k < st.armies[s], rc.move_count_refusal(g, st, s))
    st.armies[s] -= k
    st.armies[t] += k
    _log(
        ev,
        "fortify",
        f"{g.side_name(st, seat)} moves {g.pieces.of(k)} from {names[s]} to {names[t]}",
        {"seat": seat},
    )
    st.phase = SHIP_MOVE


def _skip(g: rc.ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    """`end`: skip this step of the turn (fortify, ship move, Harbinger, devastation)."""
    rc._args(a, 0, "end")
    st = _gaw(state)
    assert isinstance(g, GalaxyAtWar)
    if st.phase == FORTIFY:
        st.phase = SHIP_MOVE
    elif st.phase == SHIP_MOVE:
        _to_command(g, st, seat, ev)
    elif st.phase == COMMAND:
        _to_harbinger(g, st, seat, ev)
    else:
        _finish_turn(g, st, seat, ev)


def _ships(g: rc.ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    """ME82/ME83: one ship move a turn."""
    st = _gaw(state)
    usage = "ships FROM TO CRUISERS CARRIERS DREADNOUGHTS"
    if len(a.args) != 5:
        raise MalformedAction(f"{a.text()!r} is malformed; usage: {usage}")
    s = rc._territory(st, a.args[0], a, usage)
    t = rc._territory(st, a.args[1], a, usage)
    want = _chosen_ships(st, s, a.args[2:], a)
    require(sum(want) > 0, "move at least one ship")
    names = st.board.territories
    require(
        st.owner[s] == seat and rc.may_move_along(st, seat, s, t, _team_path(st, seat)),
        f"no chain of your team's planets joins {names[s]} to your {names[t]}",
    )
    st.ships = st.ships.moved(s, t, _pick_ships(st, s, want))
    _log(
        ev,
        "ships",
        f"{g.side_name(st, seat)} moves {_ship_count(sum(want))} from {names[s]} to {names[t]}",
    )
    assert isinstance(g, GalaxyAtWar)
    _to_command(g, st, seat, ev)


def _wa_planet(st: GawState, card: int) -> int:
    return st.board.territory(war_assets().cards[card].name)


def _scannable(st: GawState, seat: Seat) -> list[int]:
    """ME105/ME111 (ME52, ME110): the planets of unscanned War Assets cards `seat` controls,
    once a turn, with the option on."""
    if not st.options.get("scanning") or st.scanned_this_turn:
        return []
    cards = war_assets().cards
    return sorted(
        _wa_planet(st, c)
        for c in range(len(cards))
        if not st.scanned[c] and st.owner[_wa_planet(st, c)] == seat
    )


def _scan_rows(st: GawState) -> list[dice_match.Row]:
    card = war_assets().cards[st.scanning]
    return [card.rows[r] for r in card.scan]


def _rows_left(st: GawState) -> list[int]:
    return [k for k in range(len(_scan_rows(st))) if k not in st.scan_place]


def _free_dice(st: GawState) -> list[int]:
    return [i for i, p in enumerate(st.scan_place) if p == UNPLACED]


def _scan_families(st: GawState) -> list[Family]:
    """ME106: match one row completely with this roll; ME107: with no match, set a die aside."""
    rows, free = _scan_rows(st), _free_dice(st)
    out = [
        Family("match", (k + 1, *(i + 1 for i in way)))
        for k in _rows_left(st)
        for way in dice_match.ways(rows[k], st.scan_dice, free)
    ]
    return out or [Family("aside", (i + 1,)) for i in free]


def _roll_scan(g: GalaxyAtWar, st: GawState, seat: Seat, ev: rc.Events) -> None:
    """Roll the unplaced dice, or end the scan: won when every row is matched (ME108), failed
    when the dice left cannot match the rows left (W3 [WA How to Play 2]; ME109: try again another
    turn)."""
    rows, left, free = _scan_rows(st), _rows_left(st), _free_dice(st)
    card = war_assets().cards[st.scanning]
    if not left:
        st.pending += card.value
        st.scanned = tuple(True if k == st.scanning else x for k, x in enumerate(st.scanned))
        _log(ev, "scan", f"{g.side_name(st, seat)} scans {card.name}: {card.value} more units")
        _end_scan(st)
        return
    sides = [st.scan_dice[i][0] for i in free]
    if not dice_match.feasible([rows[k] for k in left], sides):
        _log(ev, "scan", f"{g.side_name(st, seat)} fails to scan {card.name}")
        _end_scan(st)
        return
    st.rng = st.rng.copy()
    dice = list(st.scan_dice)
    for i in free:
        dice[i] = (dice[i][0], st.rng.below(dice[i][0]) + 1)
    st.scan_dice = tuple(dice)
    faces = " ".join(f"{dice[i][1]}{'*' if dice[i][0] == 8 else ''}" for i in free)
    _log(ev, "scan-roll", f"Scan roll: {faces}", {"dice": [list(d) for d in dice]}, reveals=True)


def _end_scan(st: GawState) -> None:
    st.scanning, st.scan_dice, st.scan_place = -1, (), ()
    st.phase = REINFORCE  # the scan came before placing (ME105), so units are still to place


def _scan(g: rc.ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    """ME105: pick one War Assets planet of one's own not yet scanned; roll 5 d6 and 2 d8."""
    st = _gaw(state)
    (arg,) = rc._args(a, 1, "scan PLANET")
    t = rc._territory(st, arg, a, "scan PLANET")
    require(t in _scannable(st, seat), f"you cannot scan {st.board.territories[t]} now")
    cards = war_assets()
    st.scanning = next(c for c in range(len(cards.cards)) if _wa_planet(st, c) == t)
    st.scanned_this_turn = True
    st.scan_dice = tuple((6, 1) for _ in range(cards.d6)) + tuple((8, 1) for _ in range(cards.d8))
    st.scan_place = (UNPLACED,) * len(st.scan_dice)
    st.phase = SCAN
    assert isinstance(g, GalaxyAtWar)
    _roll_scan(g, st, seat, ev)


def _match(g: rc.ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    """ME106: the chosen dice match the row completely and stay beside it."""
    st = _gaw(state)
    require(
        Action(a.kind, a.args) in Legal(_scan_families(st)), "those dice do not match that row now"
    )
    row = int(str(a.args[0])) - 1
    place = list(st.scan_place)
    for die in a.args[1:]:
        place[int(str(die)) - 1] = row
    st.scan_place = tuple(place)
    assert isinstance(g, GalaxyAtWar)
    _roll_scan(g, st, seat, ev)


def _aside(g: rc.ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    """ME107: a roll matching no row sets one unplaced die out of play."""
    st = _gaw(state)
    require(
        Action(a.kind, a.args) in Legal(_scan_families(st)),
        "set aside an unplaced die when nothing matches",
    )
    place = list(st.scan_place)
    place[int(str(a.args[0])) - 1] = ASIDE
    st.scan_place = tuple(place)
    assert isinstance(g, GalaxyAtWar)
    _roll_scan(g, st, seat, ev)


def _to_command(g: GalaxyAtWar, st: GawState, seat: Seat, ev: rc.Events) -> None:
    """ME84: after both fortifications, a player with a teammate may ask for a planet."""
    if not st.command_used and _handovers(st, seat):
        st.phase = COMMAND
    else:
        _to_harbinger(g, st, seat, ev)


def _handovers(st: GawState, seat: Seat) -> list[int]:
    """ME84 (G22 [Team: Change of Command], G32 [Team: Change of Command]): the teammates' planets
    with exactly 1 unit, no ship and no Vanguard. Reading [Team: Change of Command]: not a
    teammate's last planet (the rules put a player out only when its units are destroyed, ME26/ME80,
    and a seat left with no planet could place no units, ME15)."""
    out = []
    for mate in _team(st, seat) - {seat}:
        if not st.alive[mate] or st.owner.count(mate) < 2:
            continue
        out += [
            t
            for t in range(len(st.owner))
            if gr.may_hand_over(st.owner, st.armies, st.ships, st.vanguards, t, mate)
        ]
    return sorted(out)


def _command(g: rc.ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    st = _gaw(state)
    (arg,) = rc._args(a, 1, "command PLANET")
    t = rc._territory(st, arg, a, "command PLANET")
    require(t in _handovers(st, seat), f"{st.board.territories[t]} cannot change command")
    st.asked, st.command_used = t, True
    _log(ev, "command", f"{g.side_name(st, seat)} asks for {st.board.territories[t]}")
    st.phase = CONSENT


def _consent(g: rc.ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    """ME84: the teammate must agree; the unit is replaced by one of the mover's own."""
    st = _gaw(state)
    rc._args(a, 0, a.kind)
    t, mover = st.asked, st.current
    name = st.board.territories[t]
    if a.kind == "accept":
        st.owner = st.owner[:]
        st.owner[t] = mover
        _log(ev, "command", f"{g.side_name(st, seat)} hands {name} to {g.side_name(st, mover)}")
    else:
        _log(ev, "command", f"{g.side_name(st, seat)} keeps {name}")
    st.asked = -1
    assert isinstance(g, GalaxyAtWar)
    _to_harbinger(g, st, mover, ev)


def _battle_cards(st: GawState, seat: Seat, timings: tuple[str, ...]) -> list[str]:
    """The battle directives `seat` may play now (ME68): attack ones before declaring a
    battle or a strike, defence ones as the defender before the roll."""
    harbinger = st.harbinger != GONE
    return [
        st.cards.card_ids[c]
        for c in st.hands[seat]
        if st.directives.by_card[c].timing in timings
        and (harbinger or st.directives.by_card[c].kind != "harbinger_bonus")
    ]


def _play_battle(g: rc.ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    """ME68: a battle directive, discarded, its dice modifier counting like ships for the
    next battle (attack) or this one (defence); a Harbinger bonus for the next strike.
    Reading [Playing Faction Cards During an Invasion]: an attack directive helps the next battle or
    strike, whichever comes first."""
    st = _gaw(state)
    (arg,) = rc._args(a, 1, "play CARD")
    card = _card(st, seat, arg, a)
    timings = ("defend",) if st.phase == DEFEND else ATTACK_TIMINGS
    name = st.cards.card_ids[card]
    require(name in _battle_cards(st, seat, timings), f"{name}'s directive is not played now")
    if st.phase == DEFEND:
        require(
            st.owner[st.attack_to] == seat,
            "neutral Cerberus plays no cards (ME99 [Neutral Cerberus])",
        )
    d = st.directives.by_card[card]
    _to_discard(st, seat, card)
    if d.kind == "harbinger_bonus":
        st.strike_bonus += d.number("plus")
    elif d.kind == "resource_plus_one":
        st.resource_boost += d.number("dice")
    else:
        found = d.side()
        assert found is not None
        if found[0] == "defend":
            st.defence_boost = add_sides(st.defence_boost, found[1])
        else:
            st.attack_boost = add_sides(st.attack_boost, found[1])
    _log(ev, "directive", f"{g.side_name(st, seat)} plays {name}: {d.effect()}", {"seat": seat})


def _to_harbinger(g: GalaxyAtWar, st: GawState, seat: Seat, ev: rc.Events) -> None:
    """ME85/ME91: a Reaper may move Harbinger after fortifying; others go to the draw."""
    if st.faction_of[seat] == REAPER and st.harbinger != GONE:
        st.phase = HARBINGER
    else:
        _finish_turn(g, st, seat, ev)


def _roll(g: rc.ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    """ME85 (G17 [Step 5]): declare the move, then roll the d6."""
    rc._args(a, 0, "roll")
    st = _gaw(state)
    st.rng = st.rng.copy()
    st.harbinger_roll = st.rng.die()
    roll = st.harbinger_roll
    planets = "planet" + ("s" if roll > 1 else "")
    text = f"Harbinger may move up to {roll} {planets}"
    if st.options.get("harbinger_move") == "strict":  # G17: at least one step
        text = (
            f"Harbinger must move 1 to {roll} planets"
            if roll > 1
            else "Harbinger must move 1 planet"
        )
    _log(
        ev,
        "harbinger-roll",
        text,
        {"roll": roll},
        reveals=True,
    )
    st.phase = HARBINGER_STEP


def _step_harbinger(
    g: rc.ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events
) -> None:
    """ME85/ME86: up to the roll, through anything."""
    st = _gaw(state)
    (arg,) = rc._args(a, 1, "step PLANET")
    t = rc._territory(st, arg, a, "step PLANET")
    require(
        t in _harbinger_reach(st),
        f"Harbinger cannot reach {st.board.territories[t]} with {st.harbinger_roll}"
        + (" (it must move: harbinger_move=strict)" if t == st.harbinger else ""),
    )
    st.harbinger = t
    _log(
        ev,
        "harbinger",
        f"Harbinger moves to {st.board.territories[t]}",
        {"territory": st.board.territories[t]},
    )
    assert isinstance(g, GalaxyAtWar)
    if _may_be_devastated(st):
        st.phase = DEVASTATE
    else:
        _finish_turn(g, st, seat, ev)


def _harbinger_reach(st: GawState) -> list[int]:
    """Where Harbinger may end this move: the roll's reach, its own planet too unless the
    option `harbinger_move=strict` asks for at least one step (G17 [Step 5])."""
    strict = st.options.get("harbinger_move") == "strict"
    return gr.harbinger_reach(st.board, st.harbinger, st.harbinger_roll, strict)


def _may_be_devastated(st: GawState) -> bool:
    """Whether the region's Harbinger Attack card could devastate Harbinger's planet (ME87,
    ME88), from what every seat sees: the Reaper is asked whether or not it holds one, so
    that its pause does not tell the table (the reading in the module's docstring)."""
    if st.harbinger == GONE:
        return False
    region = st.board.regions[st.board.region_of[st.harbinger]]
    return gr.may_devastate(
        st.board, st.owner, st.faction_of, st.harbinger, region, st.devastation_left
    )


def _devastate(g: rc.ClassicRisk, state: RiskState, seat: Seat, a: Action, ev: rc.Events) -> None:
    """ME87-ME89: every unit and ship on Harbinger's planet removed, a Devastation token on it,
    Momentum 1 toward the Reapers."""
    st = _gaw(state)
    (arg,) = rc._args(a, 1, "devastate CARD")
    card = _card(st, seat, arg, a)
    require(card in _devastate_cards(st, seat), "that card names another region")
    t = st.harbinger
    victim = st.owner[t]
    st.owner = st.owner[:]
    st.owner[t] = gr.NO_OWNER
    st.armies[t] = 0
    st.ships = st.ships.moved(t, OFF_BOARD)
    st.devastation_left -= 1
    _to_discard(st, seat, card)
    assert isinstance(g, GalaxyAtWar)
    _log(
        ev,
        "devastate",
        f"Harbinger devastates {st.board.territories[t]}",
        {"territory": st.board.territories[t]},
    )
    _move_momentum(g, st, REAPER, 1, "a planet devastated", ev)
    if victim != st.neutral and victim not in st.owner:
        _eliminate(g, st, victim, ev)  # G12 [GaW Winning]
    # ME102: the Reapers win the moment the Alliance's last unit goes, so a devastation that
    # does it ends the game here, before the turn's draw and the next turn.
    _check_win(g, st, ev)
    if st.phase != OVER:
        _finish_turn(g, st, seat, ev)


def _finish_turn(g: GalaxyAtWar, st: GawState, seat: Seat, ev: rc.Events) -> None:
    """ME94/ME95 (G14 [Step 6; Momentum Meter], G30 [Faction Cards]): cards for the factions
    conquered from, plus the meter's extras, from the faction's own pile; then the next living
    seat."""
    faction = st.faction_of[seat]
    count = gr.cards_earned(faction, st.conquered_from)
    count += gr.extra_cards(st.galaxy, st.momentum, st.owner, seat, faction)
    st.piles, st.discards = st.piles[:], st.discards[:]
    for _ in range(count):
        st.rng = st.rng.copy()
        card, st.piles[faction], st.discards[faction] = gr.draw(
            st.piles[faction], st.discards[faction], st.rng
        )
        if card is None:
            break
        rc.take_card(g, st, seat, card, ev)
    _next_turn(g, st, ev)


GalaxyAtWar.handlers = {
    (CLAIM, "claim"): _claim,
    (CLAIM, "cerberus"): _claim,
    (PLACE_HARBINGER, "harbinger"): _place_harbinger,
    (SETUP_PLACE, "place"): _setup_unit,
    (SETUP_PLACE, "cerberus"): _setup_unit,
    (VANGUARD, "vanguard"): _vanguard,
    (RELOCATE, "vanguard"): _vanguard,
    (REINFORCE, "trade"): _trade,
    (REINFORCE, "build"): _build,
    (REINFORCE, "play"): _play,
    (REINFORCE, "place"): _place,
    (PLACE_SHIP, "ship"): _place_ship,
    (ATTACK, "attack"): _attack,
    (ATTACK, "strike"): _strike,
    (ATTACK, "play"): _play_battle,
    (REINFORCE, "scan"): _scan,
    (SCAN, "match"): _match,
    (SCAN, "aside"): _aside,
    (DEFEND, "play"): _play_battle,
    (COMMAND, "command"): _command,
    (COMMAND, "end"): _skip,
    (CONSENT, "accept"): _consent,
    (CONSENT, "decline"): _consent,
    (ATTACK, "end"): _end_invasions,
    (DEFEND, "defend"): _defend,
    (OCCUPY, "move"): _move_in,
    (FORTIFY, "fortify"): _fortify,
    (FORTIFY, "end"): _skip,
    (SHIP_MOVE, "ships"): _ships,
    (SHIP_MOVE, "end"): _skip,
    (HARBINGER, "roll"): _roll,
    (HARBINGER, "end"): _skip,
    (HARBINGER_STEP, "step"): _step_harbinger,
    (DEVASTATE, "devastate"): _devastate,
    (DEVASTATE, "end"): _skip,
}

GAME = register(GalaxyAtWar())
