"""The Monopoly fast path plays exactly as the rules and the bots do.

Every kernel game is replayed through `GAME.apply`: at each step the Python bot of the seat
`to_move` names first chooses from `GAME.view` and `GAME.legal_actions`, and the kernel's
action must be that choice; at the end the state and the outcome must be the same. The
games are chosen so that together they take every path the bots can reach (checked by
`test_the_games_take_every_path`). The sweep (`./run test -m sweep tests/fast`, not in the
default run) replays WARROOM_FAST_SWEEP whole games (10 unless set) more of each lineup at 2
to 6 players (slow: about 10 games a second).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from typing import Any

import pytest

from tests.fast import kernel
from warroom.bots import RandomBot, make_bot, register_tier
from warroom.core.actions import Action
from warroom.core.errors import WarroomError
from warroom.fast import Played
from warroom.fast import monopoly_avengers as fast
from warroom.games.monopoly_avengers import _KINDS, BANK, GAME, HQ, MonoState, _context
from warroom.rules.monopoly import DICE_HERO as DICE
from warroom.sim.runner import DEFAULT_ACTION_CAP, SimConfig, bot_seed, game_seed, run

R, G = "random", "greedy"
Lineup = tuple[str, ...]


def lineup(kind: str, players: int, seed: int) -> Lineup:
    """All random, all greedy, or both, seated differently from seed to seed."""
    if kind in (R, G):
        return (kind,) * players
    return tuple((R, G)[(seat * (seed % 3 + 1) + seed) % 2] for seat in range(players))


def paths(
    state: MonoState, seat: int, action: Action, after: MonoState, events: list[str]
) -> set[str]:
    """What an action exercised: its context and kind, and the rare rules it reached."""
    out = {f"{_context(state)} {action.kind}"}
    if action.kind == "bankrupt" and not after.alive[seat]:
        out.add("bankrupt to the Bank" if state.debts[-1][1] == BANK else "bankrupt to a player")
    if action.kind == "bid" and state.auction is not None and state.auction.building:
        out.add("bid for the last building")
    if action.kind == "ask" and state.board.kind[state.board.hero(str(action.args[0]))] == DICE:
        out.add("ask for a dice hero")
    if action.kind == "build" and after.level.count(HQ) > state.level.count(HQ):
        out.add("Headquarters built")
    if action.kind == "offer" and state.declined and state.declined.proposer == seat:
        out.add("offer again just after a decline")
    if action.kind == "accept" and after.acquire:
        out.add("sidelined hero traded")
    if action.kind == "roll" and events[:2] == ["roll", "jail"]:
        out.add("three doubles")
    if "unsold" in events:
        out.add("auction without bids")
    return out


def replay(
    players: int,
    seed: int,
    bots: Lineup,
    turn_limit: int = 300,
    action_cap: int = DEFAULT_ACTION_CAP,
) -> set[str]:
    """Plays a kernel game, checks it against the rules step by step; what it exercised."""
    seeds = [bot_seed(seed, s) for s in range(players)]
    options = {"turn_limit": turn_limit}
    traced = fast.trace(players, seed, bots, seeds, options, action_cap)
    assert traced is not None
    return check(traced, players, seed, bots, seeds, turn_limit)


def check(
    traced: fast.Trace,
    players: int,
    seed: int,
    bots: Lineup,
    seeds: Sequence[int],
    turn_limit: int,
) -> set[str]:
    state = GAME.new_game(players, seed, {"turn_limit": turn_limit})
    python = [make_bot(tier, GAME.id, s) for tier, s in zip(bots, seeds, strict=True)]
    game = f"seed {seed}, {players} players {'/'.join(bots)}"
    seen: set[str] = set()
    for step, (seat, action) in enumerate(traced.actions):
        asked = GAME.to_move(state)[0]
        legal = GAME.legal_actions(state, asked)
        chosen = python[asked].choose(asked, GAME.observe(state, asked), legal)
        assert (seat, action) == (asked, chosen), (
            f"{game}, step {step} (turn {state.turn}, phase {state.phase}, "
            f"deciding: {_context(state)}): kernel Player {seat + 1} {action.text()!r}, "
            f"rules Player {asked + 1} {chosen.text()!r}"
        )
        after, events = GAME.apply(state, seat, action)
        seen |= paths(state, seat, action, after, [e.kind for e in events])
        state = after
    outcome = GAME.outcome(state)
    played = traced.played
    assert played.actions == len(traced.actions), game
    assert played.factions == tuple(GAME.seat_names(state)), game
    assert played.order == GAME.turn_order(state), game
    assert played.turns == state.turn, game
    if outcome is None:
        assert played.reason is None and played.winners == () and traced.ranking == (), game
    else:
        assert (played.winners, played.reason, traced.ranking) == (
            outcome.winners,
            outcome.reason,
            outcome.ranking,
        ), game
        seen.add("ends: " + ("turn limit" if "turn limit" in outcome.reason else "last player"))
    assert traced.final == final_state(state), game
    return seen


def final_state(st: MonoState) -> dict[str, Any]:
    """The rules' state in the kernel's terms (fast.trace's `final`)."""
    return {
        "cash": st.cash,
        "pos": st.pos,
        "alive": [int(a) for a in st.alive],
        "jail": st.jail,
        "held": st.held,
        "owner": st.owner,
        "sidelined": [int(s) for s in st.sidelined],
        "level": st.level,
        "bases": st.bases,
        "hqs": st.hqs,
        "decks": st.decks,
        "bank_net": st.bank_net,
        "current": st.current,
        "turn": st.turn,
        "doubles": st.doubles,
        "rng_counter": st.rng.counter,
        "out_order": st.out_order,
    }


# (name, players, lineup kind, turn limit, action cap or 0 for none, seeds)
GROUPS = [
    ("greedy 4p", 4, G, 300, 0, range(60)),
    ("random 4p", 4, R, 300, 0, range(15)),
    ("mixed 4p", 4, "mix", 300, 0, [game_seed(5, i) for i in range(30)]),
    *[(f"{k} {n}p short", n, k, 40, 0, range(10)) for n in (2, 3, 5, 6) for k in (R, G, "mix")],
    ("mixed 12p short", 12, "mix", 12, 0, range(4)),
    ("mixed 4p capped", 4, "mix", 300, 1, range(20)),
    # Not Enough Buildings: the last Base or Headquarters is called for and auctioned
    ("greedy 6p shortage", 6, G, 0, 0, [20]),
    ("greedy 8p shortage", 8, G, 0, 0, [87]),
    ("mixed 8p shortage", 8, "mix", 0, 0, [7]),
]


@cache
def replay_group(name: str) -> frozenset[str]:
    _, players, kind, limit, capped, seeds = next(g for g in GROUPS if g[0] == name)
    seen: set[str] = set()
    for i, seed in enumerate(seeds):
        cap = 1 + 47 * i if capped else DEFAULT_ACTION_CAP  # stops anywhere, even mid-auction
        seen |= replay(players, seed, lineup(kind, players, seed), limit, cap)
    if capped:
        seen.add("ends: action cap")
    return frozenset(seen)


@pytest.mark.parametrize("name", [g[0] for g in GROUPS])
def test_kernel_plays_as_the_rules(name: str) -> None:
    assert replay_group(name)


CONTEXTS = {  # what the bots do in each context (see _KINDS)
    "calm": "roll pay use end done ask forgo build sell sideline reactivate offer",
    "draft": "draft auction sideline reactivate offer",
    "debt": "pay bankrupt sell sideline offer",
    "offer": "accept decline",
    "acquire": "reactivate keep",
    "auction": "bid pass",
    "call": "want pass",
}
RARE = [
    "bankrupt to the Bank",
    "bankrupt to a player",
    "bid for the last building",
    "ask for a dice hero",
    "Headquarters built",
    "sidelined hero traded",
    "offer again just after a decline",
    "three doubles",
    "auction without bids",
    "ends: turn limit",
    "ends: last player",
    "ends: action cap",
]
EVERY_PATH = {f"{c} {k}" for c, kinds in CONTEXTS.items() for k in kinds.split()} | set(RARE)


def test_the_games_take_every_path() -> None:
    """Together the games above reach every kind of decision in every context, and the
    rare rules; a path no game reaches would be a path the kernel is not checked on."""
    seen = frozenset().union(*(replay_group(g[0]) for g in GROUPS))
    assert EVERY_PATH - seen == set()
    assert {a for k in _KINDS.values() for a in k} == set(fast.ACTIONS)


@pytest.mark.sweep
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("kind", [R, G, "mix"])
def test_sweep(players: int, kind: str) -> None:
    for i in range(int(os.environ.get("WARROOM_FAST_SWEEP", "10"))):
        seed = game_seed(players * 1000 + len(kind), i)
        replay(players, seed, lineup(kind, players, i), 1000)


def test_the_check_catches_a_difference() -> None:
    """The replay fails, naming the game, step and both actions, when one action differs."""
    seeds = [bot_seed(3, s) for s in range(4)]
    traced = fast.trace(4, 3, (G,) * 4, seeds, {"turn_limit": 30}, 10_000)
    assert traced is not None
    step = next(i for i, (_, a) in enumerate(traced.actions) if i > 20 and a.kind == "roll")
    seat = traced.actions[step][0]
    wrong = [*traced.actions]
    wrong[step] = (seat, Action("end"))
    with pytest.raises(AssertionError, match=rf"seed 3, .* step {step} .*'end', rules .*'roll'"):
        check(replace(traced, actions=wrong), 4, 3, (G,) * 4, seeds, 30)
    richer = {**traced.final, "cash": [c + 1 for c in traced.final["cash"]]}
    with pytest.raises(AssertionError, match="seed 3"):
        check(replace(traced, final=richer), 4, 3, (G,) * 4, seeds, 30)


def _rows(config: SimConfig) -> list[dict[str, Any]]:
    return [{k: v for k, v in r.row().items() if k != "seconds"} for r in run(config, workers=1)]


def test_runner_gives_the_same_table_either_way() -> None:
    for bots, cap in (((G,), DEFAULT_ACTION_CAP), ((R, G, G, R), DEFAULT_ACTION_CAP), ((R,), 700)):
        config = SimConfig(GAME.id, 4, bots, 4, seed=11, options={"turn_limit": 50}, action_cap=cap)
        python = _rows(replace(config, engine="python"))
        assert _rows(replace(config, engine="fast")) == python
        assert _rows(config) == python  # auto: the fast path
    assert {r["ending"] for r in python} == {"action-cap"}


# A tier the kernel does not play (Monopoly has no search tier to stand in for one).
register_tier("rules-only", "monopoly", lambda mode, seed: RandomBot(seed), offered=False)


def test_lineups_the_kernel_does_not_play_go_to_the_rules() -> None:
    args: dict[str, Any] = dict(seed=1, bot_seeds=[1, 2], options={}, action_cap=10)
    assert fast.play(2, lineup=(G, "rules-only"), **args) is None
    with pytest.raises(WarroomError, match="no fast path plays"):
        run(SimConfig(GAME.id, 1, (G, "rules-only"), 2, engine="fast"), workers=1)
    auto = run(SimConfig(GAME.id, 1, (G, "rules-only"), 2, action_cap=10), workers=1)
    assert auto[0].actions == 10  # auto: played through the rules instead
    played = fast.play(2, lineup=(G, R), **args)
    assert isinstance(played, Played) and played.actions == 10 and played.reason is None


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"players": 1}, "for 2 to 12 players, not 1"),
        ({"players": 13}, "for 2 to 12 players, not 13"),
        ({"players": 2.0}, "players must be a whole number"),
        ({"seed": 1.5}, "seed must be a whole number"),
        ({"bot_seeds": [1, True]}, "bot seed 1 must be a whole number"),
        ({"lineup": (G,)}, "2 seats, 1 bots, 2 seeds"),
        ({"lineup": "gr"}, "a tier name per seat, not the string 'gr'"),
        ({"bot_seeds": [1]}, "2 seats, 2 bots, 1 seeds"),
        ({"action_cap": -1}, "action_cap must be at least 0"),
        ({"options": {"turns": 5}}, "has no option 'turns'"),
        ({"options": {"turn_limit": "many"}}, "not a whole number"),
    ],
)
def test_bad_arguments_are_refused(change: dict[str, Any], message: str) -> None:
    args: dict[str, Any] = dict(
        players=2, seed=1, lineup=(G, R), bot_seeds=[1, 2], options={}, action_cap=10
    )
    with pytest.raises(WarroomError, match=message):
        fast.play(**{**args, **change})


def test_seeds_are_taken_modulo_two_to_the_64() -> None:
    """As `Rng` takes them, so a seed out of range names the same game on both paths."""
    args: dict[str, Any] = dict(players=2, lineup=(G, R), options={}, action_cap=300)
    base = fast.trace(seed=1, bot_seeds=[1, 2], **args)
    wrapped = fast.trace(seed=1 + 2**64, bot_seeds=[1 - 2**64, 2], **args)
    assert base is not None and wrapped is not None
    assert base.actions == wrapped.actions and base.final == wrapped.final


def test_the_kernel_refuses_a_board_it_cannot_play() -> None:
    module = kernel("_monopoly_avengers")
    good = fast.board_arrays(GAME.new_game(2, 0).board)
    with pytest.raises(KeyError, match="no price"):
        module.board({k: v for k, v in good.items() if k != "price"})
    with pytest.raises(ValueError, match="hq_cost has 39 entries, not 40"):
        module.board({**good, "hq_cost": good["hq_cost"][1:]})
    with pytest.raises(ValueError, match="a space of unknown kind"):
        module.board({**good, "kind": [99, *good["kind"][1:]]})
    with pytest.raises(ValueError, match="4 Bases before a Headquarters"):
        module.board({**good, "max_bases": 3})
    with pytest.raises(TypeError, match="a dict"):
        module.board([good])
