"""The odds players are shown against the battles the rules engines play.

test_monte_carlo.py checks the exact odds against `rules.battle.roll`; here each mode's own
`apply` fights one roll from a positioned table many times (its seeded Rng, a fresh seed
each time), and the frequency of every (attacker losses, defender losses) must lie within
4 standard errors of the exact figure for the preset `warroom odds` names for that battle
(impossible outcomes never happen). RISK Strike fights whole battles (the end's cards left on
each side) and the dice-matching games whole attempts on a card (missed, failed, claimed),
played by the policy the odds assume. 4000 trials a case: a 4-SE miss by chance is about 1 in
15,000 per outcome.
"""

from __future__ import annotations

import json
import math
import zlib
from collections import Counter
from collections.abc import Callable
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from warroom.cli.main import app
from warroom.core import Action, Game, Rng, get_mode
from warroom.games.dice_cards.rules import DiceCardsGame
from warroom.games.dice_cards.state import DiceCardsState
from warroom.games.godstorm.invasion import army_roll, declare
from warroom.games.godstorm.state import MAGIC, WAR
from warroom.games.mass_effect import galaxy_at_war as gw
from warroom.games.mass_effect.gaw_components import ALLIANCE, REAPER
from warroom.games.risk_classic import ATTACK, RiskState
from warroom.games.strike.state import AFTER_ROLL, AGAIN, WINDOW, StrikeState
from warroom.odds import harbinger_odds, roll_distribution
from warroom.odds.dice_match import Match, best_match_exact, card_odds
from warroom.odds.strike import ATTACKER_LOWEST, strike_battle_exact
from warroom.rules.battle import PRESETS, BattleRule, SideRule, combine

from ..godstorm.conftest import hold, table
from ..mass_effect import conftest as mass_effect
from ..mass_effect.test_gaw_mode import holding, started
from ..mcu import conftest as skirmish
from ..mcu.bfm import THOR, ULTRON, Bfm
from ..risk.table import Table
from ..strike.conftest import GAME as STRIKE
from ..strike.conftest import position

TRIALS = 4000
runner = CliRunner()
Outcome = tuple[int, int]


def _agrees(seen: Counter[Outcome], exact: dict[Outcome, Fraction]) -> None:
    n = sum(seen.values())
    assert set(seen) <= set(exact), set(seen) - set(exact)
    for outcome, p in exact.items():
        q = float(p)
        error = math.sqrt(q * (1 - q) / n)
        assert abs(seen[outcome] / n - q) <= 4 * error, (outcome, seen[outcome] / n, q)


def _losses(
    game: Game[RiskState], state: RiskState, seat: int, text: str, source: int, target: int
) -> Counter[Outcome]:
    """One roll of `text` played TRIALS times by the mode's `apply`: the armies each side lost."""
    seed = f"{type(game).__name__}/{text}/{state.owner[target]}"  # a stream per case
    stream = Rng(zlib.crc32(seed.encode()))
    action = game.parse(state, seat, text)
    seen: Counter[Outcome] = Counter()
    for _ in range(TRIALS):
        trial = state.copy()
        trial.rng = Rng(stream.next_u64())
        after, _ = game.apply(trial, seat, action)
        seen[
            state.armies[source] - after.armies[source],
            state.armies[target] - after.armies[target],
        ] += 1
    return seen


def _risk_table(kind: Callable[..., Table]) -> tuple[Table, int, int]:
    """Seat 0 attacks from the first territory (10 armies) into a neighbour (5, seat 1); the
    defence rolls its most dice, as `warroom odds` assumes."""
    t = kind(players=3, defender_dice="auto")
    t.turn_of(0, ATTACK)
    board = t.state.board
    source = next(s for s in range(len(board)) if board.neighbors[s])
    target = min(board.neighbors[source])
    t.give(0, 10, board.territories[source])
    t.give(1, 5, board.territories[target])
    return t, source, target


def _attack(t: Table, source: int, target: int, tail: str) -> str:
    names = t.state.board.territories
    return f"attack {names[source]} {names[target]} {tail}"


@pytest.mark.parametrize(
    ("kind", "preset"),
    [
        (Table, "classic"),
        (skirmish.Table, "mcu-skirmish"),
        (mass_effect.Table, "mass-effect-basic"),
    ],
)
@pytest.mark.parametrize("dice", [3, 1])
def test_classic_dice_modes(kind: Callable[..., Table], preset: str, dice: int) -> None:
    t, source, target = _risk_table(kind)
    seen = _losses(t.game, t.state, 0, _attack(t, source, target, str(dice)), source, target)
    _agrees(seen, roll_distribution(PRESETS[preset], dice, 2))


def _bfm(target_owner: Callable[[Bfm], int], loki: bool = False) -> tuple[Bfm, int, int]:
    """Thor attacks from a sector with 10 units into a neighbour with 5 held by
    `target_owner`; on a Loki sector if asked, else on one without."""
    t = Bfm(defender_dice="auto", neutral_defence="auto")
    t.turn_of(THOR, ATTACK)
    st = t.state
    target = next(
        x for x in range(len(st.board)) if (x in st.loki) == loki and st.board.neighbors[x]
    )
    source = min(st.board.neighbors[target])
    names = st.board.territories
    t.give(THOR, 10, names[source])
    t.give(target_owner(t), 5, names[target])
    return t, source, target


@pytest.mark.parametrize(
    ("owner", "preset"),
    [
        (lambda t: t.state.players, "mcu-shield"),
        (lambda t: t.state.players + 1, "mcu-dark-elves"),
        (lambda t: ULTRON, "classic"),
    ],
)
def test_bfm_neutral_sides_defend_with_d8s(owner: Callable[[Bfm], int], preset: str) -> None:
    t, source, target = _bfm(owner)
    seen = _losses(t.game, t.state, THOR, _attack(t, source, target, "3"), source, target)
    _agrees(seen, roll_distribution(PRESETS[preset], 3, 2))


def test_bfm_loki_sector_with_allies_on_both_sides() -> None:
    from warroom.cli.odds import mode_presets

    t, source, target = _bfm(lambda t: ULTRON, loki=True)
    st = t.state
    st.allies = st.allies.placed(st.battle.ally_ids.index("TH-ALLY1"), source)
    st.allies = st.allies.placed(st.battle.ally_ids.index("UL-ALLY2"), target)
    presets = mode_presets()
    rule = combine(
        PRESETS["mcu-loki"], presets["mcu-th-ally1-attack"], presets["mcu-ul-ally2-defence"]
    )
    seen = _losses(t.game, st, THOR, _attack(t, source, target, "3"), source, target)
    _agrees(seen, roll_distribution(rule, 3, 2))


def _cli_rule(*args: str) -> BattleRule:
    """The rule `warroom odds ... --json` reports it used."""
    out = runner.invoke(app, ["odds", *args, "--json"])
    assert out.exit_code == 0, out.output
    shown = json.loads(out.output)["rule"]
    return BattleRule(
        SideRule(**shown["attacker"]),
        SideRule(**shown["defender"]),
        shown["attacker_wins_ties"],
        shown["attack_max"],
        shown["defend_max"],
    )


def _gaw() -> gw.GawState:
    """Alliance (seat 0) on Thessia with 10 units and a Cruiser, Carrier and Dreadnought; the
    Reapers on Zorya with 5, a Cruiser and a Vanguard."""
    st = started(3, 3)
    reapers = st.faction_of.index(REAPER)
    st = holding(st, {"Thessia": (0, 10), "Zorya": (reapers, 5)}, 0, ATTACK)
    st.options = {**st.options, "defender_dice": "auto"}
    thessia, zorya = st.board.territory("Thessia"), st.board.territory("Zorya")
    for piece in (0, 3, 6):  # a Cruiser, a Carrier and a Dreadnought (ship piece order)
        st.ships = st.ships.placed(9 * ALLIANCE + piece, thessia)
    st.ships = st.ships.placed(9 * REAPER, zorya)
    st.vanguards = st.vanguards.placed(0, zorya)
    return st


def test_gaw_ships_against_a_vanguard() -> None:
    st = _gaw()
    source, target = st.board.territory("Thessia"), st.board.territory("Zorya")
    rule = _cli_rule(
        "4", "5", "-p", "mass-effect-vanguard", "--attack-d8", "1", "--attack-reroll-until",
        "1", "--attack-plus", "1", "--defend-reroll-until", "1",
    )  # fmt: skip
    seen = _losses(gw.GAME, st, 0, "attack Thessia Zorya 3 1 1 1", source, target)
    _agrees(seen, roll_distribution(rule, 3, 2))


def test_gaw_harbinger_with_ships_and_momentum() -> None:
    st = _gaw()
    st.harbinger = st.board.territory("Zorya")
    st.vanguards = st.vanguards.placed(0, -1)
    st.momentum = len(st.galaxy.momentum) - 1  # the Alliance's end: its bonus on Harbinger
    bonus = st.galaxy.momentum[st.momentum].harbinger_mod
    assert bonus > 0
    stream, destroyed = Rng(18), 0
    action = gw.GAME.parse(st, 0, "strike Thessia 3 1 1 1")
    for _ in range(TRIALS):
        trial = st.copy()
        trial.rng = Rng(stream.next_u64())
        after, _ = gw.GAME.apply(trial, 0, action)
        destroyed += after.harbinger == gw.GONE
    shown = runner.invoke(
        app, ["odds", "4", "--harbinger", "--bonus", str(bonus), "--attack-d8", "1",
              "--attack-reroll-until", "1", "--attack-plus", "1", "--json"],
    )  # fmt: skip
    assert shown.exit_code == 0, shown.output
    p = harbinger_odds(3, SideRule(d8=1, reroll_until=1, plus_one=1), bonus)
    assert Fraction(json.loads(shown.output)["harbinger"]["p_destroyed"]) == p
    _agrees(Counter({(0, 1): destroyed, (0, 0): TRIALS - destroyed}), {(0, 1): p, (0, 0): 1 - p})


def test_godstorm_war_god_against_a_temple_with_the_goddess_of_magic() -> None:
    """`army_roll`, the roll of the Godstorm engine's invasions, against the presets the
    odds name: the god of war attacking, a temple and the goddess of magic defending."""
    state = table()
    hold(state, 0, {"Roma": 10})
    hold(state, 1, {"Apulia": 5})
    roma, apulia = state.parts.earth.territory("Roma"), state.parts.earth.territory("Apulia")
    state.gods[0][WAR] = roma
    state.gods[1][MAGIC] = apulia
    state.temple[apulia] = True
    state.decks = {deck: [] for deck in state.decks}  # no Labor card changes the dice
    stream, seen = Rng(86), Counter[Outcome]()
    for _ in range(TRIALS):
        fight = state.copy()
        fight.rng = Rng(stream.next_u64())
        army_roll(fight, declare(fight, 0, roma, apulia, 3, [WAR]), 3, 2)
        seen[state.armies[roma] - fight.armies[roma], 5 - fight.armies[apulia]] += 1
    rule = _cli_rule(
        "4", "5", "-p", "godstorm-war", "-p", "godstorm-temple", "-p", "godstorm-magic-defend"
    )
    _agrees(seen, roll_distribution(rule, 3, 2))


def _strike_battle(card: str | None) -> StrikeState:
    """Africa (Player 1: 2 cards, 1 troop, `card` in hand) attacks Player 2's Asia (2 cards,
    1 troop), 2 players. Neither can take a coin, so no win ends the battle early."""
    st = position(
        players=2,
        claimed={0: {"africa": 2}, 1: {"asia": 2}},
        hands={0: ["troop", *([card] if card else [])], 1: ["troop"]},
    )
    for seat, text in ((0, "attack africa p2 asia"), (0, "deploy 1"), (1, "deploy 1")):
        st, _ = STRIKE.apply(st, seat, STRIKE.parse(st, seat, text))
    return st


def _fight(st: StrikeState, card: str | None) -> StrikeState:
    """The battle to its end as the odds assume: `card` on the first roll (Bombard on the
    attacker's lowest die), nobody else plays a card, and the attacker rolls while it can.
    Actions are built, not parsed: parsing was a third of the time."""
    while st.in_battle:
        seat, action = STRIKE.to_move(st)[0], Action("pass")
        if st.phase == AGAIN:
            action = Action("again")
        elif card and st.phase == WINDOW and st.stage == AFTER_ROLL and st.chain is None:
            bombard = Action("bombard", ("attacker", len(st.dice[0])))
            action = Action("rally") if card == "rally" else bombard
            seat, card = st.current, None
        st, _ = STRIKE.apply(st, seat, action)
    return st


@pytest.mark.parametrize("card", [None, "rally", "bombard"])
def test_strike_battle_to_the_end(card: str | None) -> None:
    st = _strike_battle(card)
    africa, asia = (st.cards.continent_ids.index(c) for c in ("africa", "asia"))
    stream, seen = Rng(zlib.crc32(f"strike/{card}".encode())), Counter[Outcome]()
    for _ in range(TRIALS):
        trial = st.copy()
        trial.rng = Rng(stream.next_u64())
        after = _fight(trial, card)
        seen[after.claimed[0][africa], after.claimed[1][asia]] += 1
    bombard = ATTACKER_LOWEST if card == "bombard" else None
    exact = strike_battle_exact(2, 1, 2, 1, rally=int(card == "rally"), bombard=bombard)
    _agrees(seen, exact.ends)


MISSED, FAILED, CLAIMED = (0, 0), (1, 0), (1, 1)  # (selected, claimed) of one attempt


def _row_name(st: DiceCardsState, slot: int) -> str:
    return "steal" if st.stealing and slot == len(st.rows()) - 1 else str(slot + 1)


def _attempt(game: DiceCardsGame, st: DiceCardsState, card: int) -> Outcome:
    """One turn on `card` from the engine's first roll, each decision the odds' best action
    (`best_match_exact`, the optimal play `warroom odds --match` assumes)."""
    seat, rows = st.current, game.target_rows(st, st.current, card)
    first = best_match_exact(rows, st.dice(), first_roll=True)
    if not isinstance(first, Match):  # the first roll matches no row (W2/Q5): nothing to do
        return MISSED
    stealing = len(rows) > len(st.cards.cards[card].rows)
    row = "steal" if stealing and first.row == len(rows) - 1 else str(first.row + 1)
    text = f"target {st.cards.cards[card].id} {row} " + " ".join(str(i + 1) for i in first.dice)
    while True:
        st, _ = game.apply(st, seat, game.parse(st, seat, text))
        if st.current != seat:  # claimed or failed: the dice passed on
            return CLAIMED if st.owner[card] == seat else FAILED
        slots, free = st.open_slots(), st.unplaced()
        dice = st.dice()
        best = best_match_exact([st.rows()[k] for k in slots], [dice[i] for i in free])
        if isinstance(best, Match):
            chosen = " ".join(str(free[i] + 1) for i in best.dice)
            text = f"match {_row_name(st, slots[best.row])} {chosen}"
        else:
            assert best is not None
            text = f"aside {free[best.die] + 1}"


@pytest.mark.parametrize(
    ("mode", "card_id", "owned"),
    [
        ("mass-effect-war-assets", "sur-kesh", False),
        ("mass-effect-war-assets", "thessia", True),
        ("mcu-guardians", "gamora", False),
    ],
)
def test_dice_card_attempts(mode: str, card_id: str, owned: bool) -> None:
    """An owned card is Player 2's, so Player 1's attempt needs the steal row too."""
    game = get_mode(mode)
    assert isinstance(game, DiceCardsGame)
    st = game.new_game(2, 1, {})
    st.current, card = 0, st.cards.card(card_id)
    assert card is not None
    if owned:
        st.owner[card] = 1
    stream, seen = Rng(zlib.crc32(f"{mode}/{card_id}".encode())), Counter[Outcome]()
    for _ in range(TRIALS):
        trial = st.copy()
        trial.rng = Rng(stream.next_u64())
        seen[_attempt(game, game.begin_turn(trial), card)] += 1
    cards = st.cards
    odds = card_odds(cards.cards[card].rows, cards.d6, cards.d8, steal=owned)
    _agrees(
        seen,
        {
            MISSED: 1 - odds.p_select,
            FAILED: odds.p_select - odds.p_complete,
            CLAIMED: odds.p_complete,
        },
    )
