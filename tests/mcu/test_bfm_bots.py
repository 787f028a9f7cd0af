"""Battle for Manhattan bots: the tiers are offered, the search (paired root) plays legal moves
and repeats from its seed, offers blocks against a rival near its objective and rolls out to
the end of the round, the evaluation values the objectives (a near rival's as a threat), and
seeded games of greedy (and, in the sweep, random) bots finish through `warroom simulate`
with win rates by faction."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from warroom.bots import make_bot, tiers_for
from warroom.bots.mcu_bfm import KIT, candidates, evaluate, greedy_action, progress
from warroom.bots.search import MctsBot, search_kit
from warroom.cli.main import app
from warroom.games.mcu.manhattan import BfmState
from warroom.games.risk_classic import ATTACK, REINFORCE
from warroom.rules.pieces import HELD

from .bfm import GAME, IRON_MAN, THOR, Bfm

MODE = "mcu-battle-for-manhattan"


def _states(seed: int, every: int = 7, limit: int = 400) -> list[BfmState]:
    """States along a greedy game (4 players, factions dealt), one every few actions."""
    st: BfmState = GAME.new_game(4, seed, {"factions": "random", "turn_limit": 40})  # type: ignore[assignment]
    bots = [make_bot("greedy", MODE, seed * 10 + s) for s in range(4)]
    out = []
    for k in range(limit):
        if GAME.outcome(st) is not None:
            break
        seat = GAME.to_move(st)[0]
        if k % every == 0:
            out.append(st)
        action = bots[seat].choose(seat, GAME.observe(st, seat), GAME.legal_actions(st, seat))
        st = GAME.play(st, seat, action)  # type: ignore[assignment]
    return out


def test_tiers_offered_and_the_search_is_paired() -> None:
    assert {"random", "greedy", "mcts"} <= set(tiers_for(MODE))
    assert search_kit(MODE) is KIT and KIT.paired


def test_search_tries_each_root_move_alike_and_repeats_from_its_seed() -> None:
    checked = 0
    for st in _states(3)[5:40]:
        seat = GAME.to_move(st)[0]
        seen, legal = GAME.observe(st, seat), GAME.legal_actions(st, seat)
        bots = [MctsBot(KIT, seed=5, iterations=9) for _ in range(2)]
        picks = [bot.choose(seat, seen, legal) for bot in bots]
        assert picks[0] in legal and picks[0] == picks[1]
        if len(bots[0].stats.values) < 2:
            continue
        checked += 1
        assert bots[0].stats.values == bots[1].stats.values
        visits = [n for n, _ in bots[0].stats.values.values()]
        assert max(visits) - min(visits) <= 1  # round robin over the root's moves
        if checked == 3:
            break
    assert checked == 3


def _thor_on_asgard(units: int) -> Bfm:
    """Iron Man to attack, with three easy conquests and Sector_48 next to Asgard."""
    table = Bfm()
    table.turn_of(IRON_MAN, ATTACK)
    table.give(THOR, units, "Sector_50")
    table.give(IRON_MAN, 10, "Sector_48", "Sector_45", "Sector_49")
    return table


def test_the_search_may_attack_a_leading_rival_on_its_objective() -> None:
    table = _thor_on_asgard(6)
    st = table.state
    block = "attack Sector_48 Sector_50 3"
    assert progress(st, THOR) >= 0.5  # Asgard held: the scepter's finding would win
    assert greedy_action(st, IRON_MAN).text() != block
    offered = [a.text() for a in candidates(st, IRON_MAN)]
    assert block in offered and offered.index(block) > 0
    table.give(st.players + 1, 6, "Sector_50")  # the Dark Elves back on Asgard: no threat
    assert block not in [a.text() for a in candidates(st, IRON_MAN)]


def test_the_search_may_reinforce_where_it_would_block() -> None:
    table = Bfm()
    table.turn_of(IRON_MAN, REINFORCE, pending=3)
    table.give(THOR, 6, "Sector_50")
    table.give(IRON_MAN, 10, "Sector_45", "Sector_49")
    table.give(IRON_MAN, 2, "Sector_48")  # the only own sector next to Asgard, and weak
    offered = [a.text() for a in candidates(table.state, IRON_MAN)]
    assert offered[0] != "place Sector_48 3" and "place Sector_48 3" in offered


def test_a_rival_near_its_objective_lowers_every_other_value() -> None:
    table = _thor_on_asgard(6)
    st = table.state
    assert progress(st, IRON_MAN) == 0.0  # no chip, neither Sector_25 nor Malibu: no share
    before = evaluate(st)[IRON_MAN]
    st.loki, st.illusions_boxed = st.loki[:1], len(st.loki) - 1  # one Loki token left
    assert progress(st, THOR) > 0.7
    assert evaluate(st)[IRON_MAN] < before  # the same board and strength, a closer Thor


def test_rollouts_run_to_the_end_of_the_round() -> None:
    st = _thor_on_asgard(6).state
    root = st.turn
    st.turn = root + st.players - 1  # the last rival's turn: it still plays
    assert not KIT.horizon_over(st, root)
    st.turn = root + st.players
    assert KIT.horizon_over(st, root)


def test_evaluation_values_the_objective() -> None:
    table = Bfm()
    st = table.state
    asgard = table.t("Sector_50")
    before = evaluate(st)[THOR]
    assert progress(st, THOR) < 0.5
    st.scepter = HELD
    st.owner[asgard] = THOR  # the objective's two parts, short of the check that ends the game
    assert progress(st, THOR) == 1.0
    values = evaluate(st)
    assert values[THOR] > before and all(0.0 <= v <= 1.0 for v in values)


@pytest.mark.parametrize("bots", ["greedy", pytest.param("random", marks=pytest.mark.sweep)])
def test_twelve_seeded_games_finish_through_simulate_with_rates_by_faction(bots: str) -> None:
    out = CliRunner().invoke(
        app,
        ["simulate", MODE, "--games", "12", "--bots", bots, "--seed", "1", "--workers", "1"],
        env={"COLUMNS": "200"},
    )
    assert out.exit_code == 0, out.output
    assert "Win rate by faction" in out.output and "12 games" in out.output
    if bots == "greedy":
        assert "turn-limit" not in out.output  # every greedy game ends by the rules
