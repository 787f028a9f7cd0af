"""The Classic RISK kernel plays the rules' own game, action for action.

Each game the kernel plays is replayed through the Python rules (`GAME.apply`): at every step
the Python bot of the seat to move chooses from `GAME.view` and `GAME.legal_actions`, exactly
as `warroom.sim.runner.play_rules` does, and the kernel's action must be that choice. At the
end the whole state must match (board, hands, deck order, counters, the generators' counters,
the outcome). The sweep (`./run test -m sweep tests/fast`, not in the default run) replays
WARROOM_FAST_SWEEP games (10 unless set) more for every combination of options, players and
bots.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import os
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.fast import kernel
from tests.risk.conftest import Table
from warroom.bots import RandomBot, make_bot, risk
from warroom.cli.main import app
from warroom.core.actions import Action
from warroom.core.errors import WarroomError
from warroom.core.game import OptionValue
from warroom.core.rng import Rng
from warroom.fast import Played, play
from warroom.fast import risk_classic as fast_rc
from warroom.games import risk_classic as rc
from warroom.rules import cards
from warroom.sim.runner import SimConfig, bot_seed, game_seed, run

MODE = "risk-classic"
OPTIONS = [
    {"map": m, "setup": s, "defender_dice": d}
    for m, s, d in itertools.product(
        ("ancient-earth", "classic-world"), ("claim", "deal"), ("choose", "auto")
    )
]


def lineup(kind: str, players: int, index: int) -> list[str]:
    if kind == "mixed":  # alternate seats, starting with a different bot each game
        return [("random", "greedy")[(seat + index) % 2] for seat in range(players)]
    return [kind] * players


def replay(
    players: int,
    seed: int,
    bots: Sequence[str],
    options: Mapping[str, OptionValue],
    action_cap: int = 200_000,
) -> Counter[str]:
    """Check the kernel's game `seed` against the rules and bots, as the runner seeds it."""
    opts = rc.GAME.resolve_options(options)
    seeds = [bot_seed(seed, s) for s in range(players)]
    traced = fast_rc.trace(players, seed, bots, seeds, opts, action_cap)
    assert traced is not None
    where = f"game seed {seed}, {players} players, bots {list(bots)}, options {dict(options)}"
    start = rc.GAME.new_game(players, seed, opts)
    return check(where, start, bots, seeds, action_cap, traced)


def replay_from(
    where: str, start: rc.RiskState, bots: Sequence[str], seeds: Sequence[int], action_cap: int
) -> Counter[str]:
    """Check the kernel's game from `start` against the rules and bots."""
    traced = fast_rc.trace_from(start, bots, seeds, action_cap)
    assert traced is not None
    return check(where, start, bots, seeds, action_cap, traced)


def check(
    where: str,
    start: rc.RiskState,
    bots: Sequence[str],
    seeds: Sequence[int],
    action_cap: int,
    traced: fast_rc.Traced,
) -> Counter[str]:
    """Play `traced` back through the rules from `start`, each action checked against the
    Python bot's choice, then compare the final states; returns the rare situations the game
    went through (so tests can show they were covered)."""
    python = [make_bot(spec, MODE, s) for spec, s in zip(bots, seeds, strict=True)]
    seen: Counter[str] = Counter()
    odds = risk.p_conquer

    def watched(attackers: int, defenders: int) -> float:
        if max(attackers, defenders) >= 128:  # beyond the kernel's table: its hashed memo
            seen["greedy odds for 128 or more armies"] += 1
        return odds(attackers, defenders)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(risk, "p_conquer", watched)
        state = _play_back(where, traced, start, python, seen)
    if state.outcome is None:
        assert len(traced.actions) == action_cap, f"{where}: the kernel stopped early"
    _same_final_state(where, state, traced, python)
    return seen


def _play_back(
    where: str,
    traced: fast_rc.Traced,
    state: rc.RiskState,
    python: Sequence[Any],
    seen: Counter[str],
) -> rc.RiskState:
    """Apply the kernel's actions to `state`, each after checking it is the Python bot's."""
    for step, (seat, action) in enumerate(traced.actions):
        assert state.outcome is None, f"{where}: the kernel played on after the end (step {step})"
        me = rc.GAME.to_move(state)[0]
        legal = rc.GAME.legal_actions(state, me)
        bot = python[me]
        # RandomBot reads only the legal list; observing for it would only cost time.
        observation = None if type(bot) is RandomBot else rc.GAME.observe(state, me)
        fallbacks = _fallback_draws(bot)
        want = bot.choose(me, observation, legal)
        assert (seat, action) == (me, want), (
            f"{where}: step {step} ({state.phase}): the kernel played {action} for seat {seat}, "
            f"the Python bot {want} for seat {me}"
        )
        assert _fallback_draws(bot) == fallbacks, f"{where}: step {step}: greedy played randomly"
        _note(seen, state, me, want, legal, type(bot) is RandomBot)
        state, _ = rc.GAME.apply(state, me, want)
    return state


def _fallback_draws(bot: Any) -> int:
    fallback = getattr(bot, "fallback", None)
    return -1 if fallback is None else int(fallback.rng.counter)


def _note(
    seen: Counter[str],
    st: rc.RiskState,
    seat: int,
    action: Action,
    legal: Sequence[Action],
    random_bot: bool,
) -> None:
    """Count the situations where the kernel and the rules could most easily part ways."""
    n = len(st.board)
    situations = {
        "trade with a choice of bonus territories": action.kind == "trade"
        and sum(a.kind == "trade" and a.args[:3] == action.args[:3] for a in legal) > 1,
        "trade forced by an elimination": action.kind == "trade" and st.elimination_trade,
        "random trade holding both wild cards": action.kind == "trade"
        and random_bot
        and {n, n + 1} <= set(st.hands[seat]),
        "defence of a neutral territory": st.phase == rc.DEFEND
        and st.owner[st.attack_to] == st.neutral,
    }
    seen.update(k for k, happened in situations.items() if happened)


def _same_final_state(
    where: str, st: rc.RiskState, traced: fast_rc.Traced, bots: Sequence[Any]
) -> None:
    for key, value in fast_rc.state_fields(st).items():
        mine = traced.state[key]
        assert mine == value, f"{where}: final {key} differs: kernel {mine}, rules {value}"
    assert set(traced.state) == set(fast_rc.state_fields(st))
    draws = tuple(getattr(b, "fallback", b).rng.counter for b in bots)
    assert traced.bot_draws == draws, f"{where}: bots drew {traced.bot_draws}, not {draws}"
    played = traced.played
    assert played.actions == len(traced.actions)
    assert played.turns == st.turn
    assert played.factions == tuple(rc.GAME.seat_names(st))
    assert played.order == rc.GAME.turn_order(st), f"{where}: turn order {played.order}"
    if st.outcome is None:
        assert (played.winners, played.reason) == ((), None), where
    else:
        mine_outcome = (played.winners, played.reason, traced.ranking)
        theirs = (st.outcome.winners, st.outcome.reason, st.outcome.ranking)
        assert mine_outcome == theirs, f"{where}: outcome {mine_outcome} != rules {theirs}"


# -- every combination of options, players and bots ----------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("bots", ["random", "greedy", "mixed"])
def test_kernel_plays_the_rules_game(players: int, bots: str) -> None:
    """8 option combinations x 4 seeds each; random games are cut at 30 turns (one seed at
    300), greedy ones mostly end by elimination."""
    for k, options in enumerate(OPTIONS):
        for i in range(4):
            index = k * 4 + i
            seed = game_seed(players, index)
            limit = 300 if bots != "random" or i == 0 else 30
            replay(players, seed, lineup(bots, players, index), {**options, "turn_limit": limit})


@pytest.mark.parametrize(
    ("players", "bots", "turn_limit", "action_cap"),
    [
        (2, "random", 0, 3000),  # no turn limit: stopped by the action cap
        (4, "greedy", 0, 200_000),  # no turn limit: ends by elimination
        (3, "mixed", 1, 200_000),  # the limit after one turn
        (5, "random", 12, 150),  # the cap in the middle of setup
        (4, "mixed", 2, 200_000),  # the limit after two turns
    ],
)
def test_limits_and_caps(players: int, bots: str, turn_limit: int, action_cap: int) -> None:
    for i in range(3):
        options = {**OPTIONS[i * 3 % 8], "turn_limit": turn_limit}
        replay(players, game_seed(99, i), lineup(bots, players, i), options, action_cap)


# Games found to go through rare rules (see `_note`), pinned so that the suite always covers
# them: (players, bots, game seed's index under master seed 11, turn limit).
RARE = [
    (2, "random", 2005, 300),  # a random bot trades holding both wild cards
    (5, "greedy", 1, 300),  # an elimination trade
    (4, "greedy", 0, 300),  # odds for 128 or more armies
]


def test_pinned_games_cover_the_rare_rules() -> None:
    seen: Counter[str] = Counter()
    for players, bots, index, limit in RARE:
        seed = game_seed(11, index)
        seen += replay(players, seed, lineup(bots, players, index), {"turn_limit": limit})
    assert set(seen) == {
        "trade with a choice of bonus territories",
        "trade forced by an elimination",
        "random trade holding both wild cards",
        "defence of a neutral territory",
        "greedy odds for 128 or more armies",
    }, seen


# Positions set by hand where the rules are at their most intricate: trades with both wild
# cards (listed once by name), two trades in one elimination trade (the 2 extra armies once a
# turn), and an elimination trade that stops at 4 cards holding a set (where trading must stop
# though a set is held).
POSITIONS = {
    "a forced trade holding both wild cards": (
        ["Hibernia", "Caledonia", "Thule", "wild", "wild"],
        {"pending": 3},
    ),
    "an optional trade holding both wild cards": (["Hibernia", "Anglia", "wild", "wild"], {}),
    "an elimination trade of two sets": (
        ["Hibernia", "Thule", "Alemannia", "Caledonia", "Varangia", "Gaul", "Anglia", "wild"],
        {"pending": 0, "elimination_trade": True},
    ),
    "an elimination trade that stops holding a set": (
        ["Hibernia", "Thule", "Alemannia", "Poseidonis", "Assyria", "Sheba", "Caledonia"],
        {"pending": 0, "elimination_trade": True},
    ),
}


def position(hand: list[str], fields: Mapping[str, Any], game_rng: int) -> rc.RiskState:
    """Player 1 of 4 to reinforce, holding `hand` and the territories on its cards."""
    table = Table(4, seed=7)
    table.give(0, 3, *(card for card in hand if card != cards.WILD))
    table.turn_of(0, rc.REINFORCE, pending=fields.get("pending", 5))
    table.hand(0, *hand)
    for name, value in fields.items():
        setattr(table.state, name, value)
    table.state.rng = Rng(game_rng)
    return table.state


@pytest.mark.parametrize("name", POSITIONS)
@pytest.mark.parametrize("bots", ["random", "greedy"])
def test_kernel_plays_on_from_intricate_positions(name: str, bots: str) -> None:
    hand, fields = POSITIONS[name]
    for i in range(12):
        seeds = [bot_seed(i, s) for s in range(4)]
        start = position(hand, fields, i)
        replay_from(f"{name}, bots seeded from {i}", start, [bots] * 4, seeds, 60)


@pytest.mark.sweep
def test_sweep() -> None:
    n = int(os.environ.get("WARROOM_FAST_SWEEP", "10"))
    seen: Counter[str] = Counter()
    for players, bots, options in itertools.product(
        [2, 3, 4, 5], ["random", "greedy", "mixed"], OPTIONS
    ):
        for i in range(n):
            seed = game_seed(2026, i)
            seen += replay(players, seed, lineup(bots, players, i), {**options, "turn_limit": 300})
    print(dict(seen))


# -- the checks above can fail ---------------------------------------------------------------
BOTS3 = ["greedy", "random", "greedy"]


def _traced(seed: int = 5) -> tuple[rc.RiskState, list[int], fast_rc.Traced]:
    seeds = [bot_seed(seed, s) for s in range(3)]
    start = rc.GAME.new_game(3, seed, {"turn_limit": 20})
    traced = fast_rc.trace_from(start, BOTS3, seeds, 10**5)
    assert traced is not None
    return start, seeds, traced


def test_replay_names_the_first_different_action() -> None:
    start, seeds, traced = _traced()
    actions = list(traced.actions)
    step = next(i for i, (_, a) in enumerate(actions) if a.kind == "attack")
    seat, attack = actions[step]
    actions[step] = (seat, Action("end"))
    wrong = dataclasses.replace(traced, actions=actions)
    with pytest.raises(AssertionError, match=rf"here: step {step} \(attack\).*{attack}"):
        check("here", start, BOTS3, seeds, 10**5, wrong)


def test_replay_compares_the_final_state() -> None:
    start, seeds, traced = _traced()
    check("here", start, BOTS3, seeds, 10**5, traced)
    deck = traced.state["deck"]
    wrong = dataclasses.replace(traced, state={**traced.state, "deck": deck[1:] + deck[:1]})
    with pytest.raises(AssertionError, match="final deck differs"):
        check("here", start, BOTS3, seeds, 10**5, wrong)
    draws = (traced.bot_draws[0] + 1, *traced.bot_draws[1:])
    with pytest.raises(AssertionError, match="bots drew"):
        check("here", start, BOTS3, seeds, 10**5, dataclasses.replace(traced, bot_draws=draws))


def test_kernel_constants_are_the_rules() -> None:
    copied = kernel("_risk_classic").RULES
    assert copied == {
        "STARTING_ARMIES": tuple(rc.STARTING_ARMIES[p] for p in (3, 4, 5)),
        "TWO_PLAYER_ARMIES": rc.TWO_PLAYER_ARMIES,
        "MAX_CARD_BONUS": rc.MAX_CARD_BONUS,
        "MUST_TRADE_AT": rc.MUST_TRADE_AT,
        "ELIMINATION_TRADE_AT": rc.ELIMINATION_TRADE_AT,
        "ELIMINATION_TRADE_DOWN_TO": rc.ELIMINATION_TRADE_DOWN_TO,
        "CLASSIC_SET_VALUES": cards.CLASSIC_SET_VALUES,
        "CLASSIC_STEP_AFTER": cards.CLASSIC_STEP_AFTER,
        "CARD_VALUE": risk.CARD_VALUE,
        "ATTACK_THRESHOLD": risk.ATTACK_THRESHOLD,
    }
    assert kernel("_risk_classic").PHASES[:-1] == (
        rc.CLAIM,
        rc.SETUP_PLACE,
        rc.SETUP_NEUTRAL,
        rc.REINFORCE,
        rc.ATTACK,
        rc.DEFEND,
        rc.OCCUPY,
        rc.FORTIFY,
    )


# -- through the runner ------------------------------------------------------------------------
def _rows(config: SimConfig) -> list[dict[str, Any]]:
    return [{k: v for k, v in r.row().items() if k != "seconds"} for r in run(config, workers=1)]


@pytest.mark.parametrize(
    ("players", "bots", "options"),
    [
        (4, ("greedy", "random"), {"map": "classic-world"}),
        (2, ("random",), {"setup": "deal", "turn_limit": 40}),
        (3, ("greedy",), {"defender_dice": "auto"}),
    ],
)
def test_runner_gives_the_same_results_either_way(
    players: int, bots: tuple[str, ...], options: dict[str, OptionValue]
) -> None:
    if len(bots) > 1:
        bots = tuple(bots[s % 2] for s in range(players))
    config = SimConfig(MODE, 6, bots, players, seed=4, options=options, engine="fast")
    fast = _rows(config)
    assert fast == _rows(dataclasses.replace(config, engine="python"))
    assert {r["ending"] for r in fast} <= {"rulebook", "turn-limit"}


def test_runner_falls_back_for_bots_the_kernel_does_not_play() -> None:
    args = (3, 1, ["greedy", "mcts:5", "random"], [1, 2, 3], rc.GAME.resolve_options({}), 10)
    assert fast_rc.play(*args) is None
    assert play("no-such-mode", *args) is None
    with pytest.raises(WarroomError, match="no fast path plays risk-classic with bots"):
        run(SimConfig(MODE, 1, ("mcts:5",), 2, engine="fast"), workers=1)


def _user_board(tmp_path: Path, **changes: Any) -> dict[str, OptionValue]:
    """The `map` option naming a copy of the classic board with `changes` made."""
    board = json.loads(
        (Path(rc.__file__).parents[1] / "data/boards/classic-world.json").read_text()
    )
    mine = tmp_path / "mine.json"
    mine.write_text(json.dumps({**board, **changes}))
    return {"map": str(mine)}


def test_a_board_beyond_the_kernel_s_sizes_is_played_by_the_rules(tmp_path: Path) -> None:
    # The kernel holds 8 wild cards; 9 raised its ValueError through `warroom simulate`.
    options = _user_board(tmp_path, wild_cards=fast_rc.MOST_WILDS + 1)
    args = (3, 1, ["greedy"] * 3, [1, 2, 3], rc.GAME.resolve_options(options), 10)
    assert fast_rc.play(*args) is None
    config = SimConfig(MODE, 2, ("greedy", "random", "greedy"), 3, seed=4, options=options)
    assert _rows(config) == _rows(dataclasses.replace(config, engine="python"))


def test_kernel_sizes_are_the_kernel_s() -> None:
    source = (Path(fast_rc.__file__).parent / "_risk_classic.c").read_text()
    for name, value in (
        ("MAX_TERRITORIES", fast_rc.MOST_TERRITORIES),
        ("MAX_LINKS", fast_rc.MOST_LINKS),
        ("MAX_REGIONS", fast_rc.MOST_REGIONS),
        ("MAX_WILDS", fast_rc.MOST_WILDS),
    ):
        assert f"    {name} = {value}," in source, name


def test_a_board_too_large_for_the_starting_armies_is_refused_either_way(
    tmp_path: Path,
) -> None:
    # 2 players and the neutral hold 30 armies each: 91 territories leave one side 31.
    names = [f"T{i}" for i in range(91)]
    territories = {
        n: {"region": "R", "connections": {names[i - 1]: "land", names[(i + 1) % 91]: "land"}}
        for i, n in enumerate(names)
    }
    options = _user_board(
        tmp_path, territories=territories, regions={"R": {"bonus": 3}}, card_designs=[], sources={}
    )
    for engine in ("fast", "python"):
        with pytest.raises(WarroomError, match="91 territories: too many for 2 players"):
            run(SimConfig(MODE, 1, ("random",), 2, options=options, engine=engine), workers=1)


def _line_board(tmp_path: Path, count: int) -> dict[str, OptionValue]:
    """The `map` option naming a board of `count` territories in a row, in two regions."""
    names = "ABCDEFGH"[:count]
    territories = {
        name: {
            "region": "R1" if i < count - 1 else "R2",
            "connections": {n: "land" for n in names[max(0, i - 1) : i + 2] if n != name},
            "xy": [i, 0],
        }
        for i, name in enumerate(names)
    }
    regions = {"R1": {"bonus": 2, "color": "#ff0000"}, "R2": {"bonus": 1, "color": "#00ff00"}}
    mine = tmp_path / str(count)
    mine.mkdir()
    return _user_board(mine, name="Tiny", territories=territories, regions=regions, card_designs=[])


def test_a_board_with_fewer_territories_than_sides_is_refused_either_way(
    tmp_path: Path,
) -> None:
    """Three territories in a row: a side each for 2 players and the neutral, or for 3
    players; 4 players would leave one with none (the greedy bot found nothing to place on,
    the kernel raised a ValueError, both as tracebacks). `board check` says which fit."""
    three, two = _line_board(tmp_path, 3), _line_board(tmp_path, 2)
    for engine in ("fast", "python"):
        with pytest.raises(WarroomError, match="3 territories: too few for 4 players, who"):
            run(SimConfig(MODE, 1, ("greedy",), 4, options=three, engine=engine), workers=1)
        with pytest.raises(WarroomError, match="too few for 2 players and the neutral"):
            run(SimConfig(MODE, 1, ("greedy",), 2, options=two, engine=engine), workers=1)
        for players in (2, 3):
            config = SimConfig(MODE, 2, ("greedy",), players, options=three, engine=engine)
            assert all(r.winners for r in run(config, workers=1))
    said = CliRunner().invoke(app, ["board", "check", str(three["map"])])
    assert said.exit_code == 0
    assert "as a Classic RISK map: 2-3 players" in " ".join(said.output.split())  # unwrapped
    said = CliRunner().invoke(app, ["board", "check", str(two["map"])])
    assert "too small or too large for any game of Classic RISK" in " ".join(said.output.split())


def test_played_matches_the_rules_result() -> None:
    seed = game_seed(3, 3)
    seeds = [bot_seed(seed, s) for s in range(4)]
    opts = rc.GAME.resolve_options({"turn_limit": 300})
    played = fast_rc.play(4, seed, ["greedy"] * 4, seeds, opts, 200_000)
    assert isinstance(played, Played)
    assert played.reason is not None and played.reason.endswith("eliminated every opponent")
    assert played.winners and played.actions > 100


# -- bad arguments -----------------------------------------------------------------------------
GOOD: dict[str, Any] = {
    "players": 2,
    "seed": 1,
    "lineup": ["random", "greedy"],
    "bot_seeds": [1, 2],
    "options": {},
    "action_cap": 100,
}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"players": 1}, "for 2 to 5 players, not 1"),
        ({"players": 6}, "for 2 to 5 players, not 6"),
        ({"players": "2"}, "players must be a whole number"),
        ({"players": True}, "players must be a whole number"),
        ({"lineup": ["random"]}, "2 seats, 1 bots, 2 seeds"),
        ({"lineup": "rg"}, "a tier name per seat, not the string 'rg'"),
        ({"bot_seeds": [1, 2, 3]}, "2 seats, 2 bots, 3 seeds"),
        ({"seed": 1.5}, "seed must be a whole number"),
        ({"bot_seeds": [1, None]}, "bot seed 1 must be a whole number"),
        ({"options": {"colour": "red"}}, "has no option 'colour'"),
        ({"options": {"setup": "auction"}}, "option setup: 'auction' is not one of"),
        ({"options": {"turn_limit": "soon"}}, "option turn_limit: 'soon' is not a whole number"),
        ({"options": {"turn_limit": -5}}, "option turn_limit: -5 is below 0"),
        ({"action_cap": -1}, "action_cap must be at least 0"),
    ],
)
def test_bad_arguments_are_refused_clearly(change: dict[str, Any], message: str) -> None:
    with pytest.raises(WarroomError, match=message):
        fast_rc.play(**{**GOOD, **change})


def test_seeds_are_taken_modulo_two_to_the_64() -> None:
    base = fast_rc.trace(**GOOD)
    wrapped = fast_rc.trace(**{**GOOD, "seed": 1 + 2**64, "bot_seeds": [1 - 2**64, 2]})
    assert base is not None and wrapped is not None
    assert base.actions == wrapped.actions and base.state == wrapped.state


def test_kernel_refuses_bad_input() -> None:
    k = kernel("_risk_classic")
    with pytest.raises(ValueError, match="neighbors"):
        k.board([[1], [5]], [0, 0], [1], [0, 0], 0)
    with pytest.raises(ValueError, match="region_of"):
        k.board([[1], [0]], [0], [1], [0, 0], 0)
    with pytest.raises(ValueError, match="region 1 has no territories"):
        k.board([[1], [0]], [0, 0], [1, 2], [0, 0], 0)
    with pytest.raises(ValueError, match="a board of 1 to"):
        k.board([[]] * 1000, [0] * 1000, [1], [0] * 1000, 0)
    with pytest.raises(TypeError, match="p_conquer"):
        k.odds(3)
    with pytest.raises(ValueError, match="a territory for each side"):
        k.play(
            k.board([[1], [0]], [0, 0], [1], [0, 0], 2),
            k.odds(risk.p_conquer),
            2,
            1,
            [0, 0],
            [1, 2],
            False,
            False,
            5,
            100,
            False,
        )
    board = k.board([[1, 2], [0, 2], [0, 1]], [0, 0, 0], [1], [0, -1, 1], 2)
    odds = k.odds(risk.p_conquer)
    good = (board, odds, 2, 1, [0, 1], [1, 2], False, False, 5, 100, False)
    assert k.play(*good)[3] <= 5
    for at, value, error in [
        (0, odds, TypeError),  # not a board
        (2, 6, ValueError),  # players
        (4, [0, 2], ValueError),  # bot codes
        (5, [1], ValueError),  # one seed per player
        (9, -1, ValueError),  # action cap
    ]:
        with pytest.raises(error):
            k.play(*good[:at], value, *good[at + 1 :])


def test_errors_from_the_odds_function_reach_the_caller() -> None:
    def broken(attackers: int, defenders: int) -> float:
        raise ZeroDivisionError("no odds today")

    k = kernel("_risk_classic")
    board = fast_rc._board(rc.GAME.new_game(2, 1, {}).board)
    with pytest.raises(ZeroDivisionError, match="no odds today"):
        k.play(board, k.odds(broken), 2, 1, [1, 1], [1, 2], False, False, 0, 10**5, False)


def test_trace_from_refuses_states_the_rules_do_not_reach() -> None:
    start = position(["Hibernia", "wild"], {}, 1)
    broken = start.copy()
    broken.hands[1].append(broken.deck.pop())  # unsorted is fine for Python, not a lost card
    broken.hands[0].append(broken.hands[0][0])
    with pytest.raises(WarroomError, match="not a state of the rules: cards are lost"):
        fast_rc.trace_from(broken, ["random"] * 4, [1, 2, 3, 4], 10)
    over = start.copy()
    over.outcome = rc.Outcome((0,), "test")
    with pytest.raises(WarroomError, match="the game is over"):
        fast_rc.trace_from(over, ["random"] * 4, [1, 2, 3, 4], 10)
    assert fast_rc.trace_from(start, ["mcts", "random", "random", "random"], [1] * 4, 10) is None


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"phase": "over"}, "phase: one of the phases of a game going on"),
        ({"deck": ()}, "each card once"),
        ({"hands": ((43, 42), (), (), ())}, "hands: each sorted"),
        ({"hands": ((), (), ())}, "hands: one per player"),
        ({"owner": (5,) * 42}, r"owner: 5 is not in \[-1, 3\]"),
        ({"current": 2, "alive": (True, True, False, True), "out_order": (2,)}, "player is out"),
        ({"phase": "occupy", "attack": (0, 1, 4)}, "attack: .from, to, dice."),
        ({"rng": 5}, r"rng: \(seed, counter\)"),
        ({"turn": None}, "an integer is required|must be an integer|object cannot be interpreted"),
    ],
)
def test_kernel_refuses_a_bad_start(change: dict[str, Any], message: str) -> None:
    start = position(["Hibernia", "wild"], {}, 1)
    k = kernel("_risk_classic")

    def play_from(fields: dict[str, Any]) -> tuple[Any, ...]:
        board, odds = fast_rc._board(start.board), fast_rc._odds()
        return tuple(k.play(board, odds, 4, 0, [0] * 4, [1] * 4, 0, 0, 0, 10, False, fields))

    with pytest.raises((ValueError, TypeError), match=message):
        play_from({**fast_rc.state_fields(start), **change})
    assert play_from(fast_rc.state_fields(start))[4] == 10  # actions played
