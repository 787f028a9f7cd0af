"""Classic RISK games between `random` and `greedy` bots through the compiled kernel.

`_risk_classic.c` plays a whole game as `warroom.sim.runner.play_rules` would with the same
seeds; this module hands it what Python owns (the board's arrays, the greedy bot's odds
function, the options) and turns its result into a `Played`, with the rules' own outcome
texts. `trace` also returns every action and the final state, and `trace_from` goes on from
a given state, for tests/fast to replay through the rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from warroom import data
from warroom.bots import risk as risk_bots
from warroom.core.actions import Action
from warroom.core.board import Board
from warroom.core.errors import WarroomError
from warroom.core.game import OptionValue
from warroom.core.windows import clockwise
from warroom.fast import Played, check_args, load
from warroom.games import risk_classic as rc
from warroom.rules.cards import WILD

BOTS = {"random": 0, "greedy": 1}
"""The bot tiers the kernel plays, and its code for each."""

_kernel: Any = load("_risk_classic")
# The kernel's fixed sizes (MAX_TERRITORIES, MAX_LINKS, MAX_REGIONS, MAX_WILDS in
# `_risk_classic.c`): a user's board beyond them is played by the rules instead.
MOST_TERRITORIES, MOST_LINKS, MOST_REGIONS, MOST_WILDS = 250, 4096, 64, 8
_FOREVER = 2**62  # limits beyond any game's length are all the same to the kernel
_LAST_STANDING, _TURN_LIMIT = 1, 2  # the kernel's endings (0: stopped by the action cap)


@dataclass(frozen=True)
class Traced:
    """A game with everything the kernel did: (seat, action) per step, the final state as
    `state_fields` gives it, and how many numbers each seat's bot drew from its generator."""

    played: Played
    ranking: tuple[int, ...]
    actions: list[tuple[int, Action]]
    state: dict[str, Any]
    bot_draws: tuple[int, ...]


def play(
    players: int,
    seed: int,
    lineup: Sequence[str],
    bot_seeds: Sequence[int],
    options: Mapping[str, OptionValue],
    action_cap: int,
) -> Played | None:
    """The game `warroom.sim.runner.play_rules` plays from these seeds, or None where a seat's
    bot is not one the kernel plays (or the kernel was not built)."""
    done = trace(players, seed, lineup, bot_seeds, options, action_cap, record=False)
    return None if done is None else done.played


def trace(
    players: int,
    seed: int,
    lineup: Sequence[str],
    bot_seeds: Sequence[int],
    options: Mapping[str, OptionValue],
    action_cap: int,
    record: bool = True,
    start: rc.RiskState | None = None,
) -> Traced | None:
    """As `play`, with every action and the final state (unless `record` is off), going on
    from `start` where given instead of a new game from `seed`."""
    seed, seeds = check_args(rc.GAME, players, seed, lineup, bot_seeds, action_cap)
    opts = rc.GAME.resolve_options(options)
    if _kernel is None or not all(spec in BOTS for spec in lineup):
        return None
    if start is None:
        board = data.map_board(str(opts["map"]), rc.MAPS)
        rc.check_board_size(board, players)  # as the rules' setup refuses it
    else:
        board = start.board
    if not fits(board):
        return None
    ending, winners, ranking, turn, actions, moves, state, draws, first = _kernel.play(
        _board(board),
        _odds(),
        players,
        seed,
        [BOTS[spec] for spec in lineup],
        seeds,
        opts["setup"] == "deal",
        opts["defender_dice"] == "auto",
        min(_FOREVER, int(opts["turn_limit"])),
        min(_FOREVER, action_cap),
        record,
        None if start is None else state_fields(start),
    )
    reason = None  # stopped by the action cap
    if ending == _LAST_STANDING:
        reason = rc.last_standing_reason(winners[0])
    elif ending == _TURN_LIMIT:
        reason = rc.turn_limit_reason(turn)
    names = tuple(rc.player_name(s) for s in range(players))
    # The turn order as `ClassicRisk.turn_order` reads it from the kernel's first player.
    played = Played(names, winners, reason, turn, actions, (), clockwise(first, players))
    steps = [] if moves is None else _actions(board, moves)
    return Traced(played, ranking, steps, state or {}, draws or ())


def trace_from(
    state: rc.RiskState, lineup: Sequence[str], bot_seeds: Sequence[int], action_cap: int
) -> Traced | None:
    """As `trace`, going on from `state` (one the rules reach: it is not changed) with bots
    that have not drawn yet."""
    if state.outcome is not None:
        raise WarroomError("the game is over")
    problems = rc.GAME.invariants(state)
    if problems:
        raise WarroomError(f"not a state of the rules: {'; '.join(problems)}")
    return trace(state.players, 0, lineup, bot_seeds, state.options, action_cap, start=state)


def state_fields(st: rc.RiskState) -> dict[str, Any]:
    """A state in the kernel's terms: what `trace_from` hands it and `Traced.state` is."""
    return {
        "phase": st.phase,
        "owner": tuple(st.owner),
        "armies": tuple(st.armies),
        "reserve": tuple(st.reserve),
        "hands": tuple(tuple(h) for h in st.hands),
        "deck": tuple(st.deck),
        "sets_traded": st.sets_traded,
        "current": st.current,
        "first": st.first,
        "turn": st.turn,
        "pending": st.pending,
        "alive": tuple(st.alive),
        "out_order": tuple(st.out_order),
        "elimination_trade": st.elimination_trade,
        "conquered": st.conquered,
        "card_bonus_taken": st.card_bonus_taken,
        "attack": (st.attack_from, st.attack_to, st.attack_dice),
        "rng": (st.rng.seed, st.rng.counter),
    }


def fits(board: Board) -> bool:
    """Whether the kernel's fixed-size arrays hold this board."""
    return (
        len(board) <= MOST_TERRITORIES
        and sum(len(n) for n in board.neighbors) <= MOST_LINKS
        and len(board.regions) <= MOST_REGIONS
        and board.wild_cards <= MOST_WILDS
    )


@cache
def _board(board: Board) -> Any:
    """The kernel's copy of a board's arrays, once per board."""
    designs: dict[str, int] = {}
    codes = [
        -1 if d is None or d == WILD else designs.setdefault(d, len(designs))
        for d in board.card_design
    ]
    return _kernel.board(
        board.neighbors, board.region_of, board.region_bonus, codes, board.wild_cards
    )


@cache
def _odds() -> Any:
    """The greedy bot's conquest odds: the kernel asks `p_conquer` once per army pair."""
    return _kernel.odds(risk_bots.p_conquer)


def _actions(board: Board, moves: Sequence[int]) -> list[tuple[int, Action]]:
    """The kernel's actions (seat, kind, a, b, c, d per action) as the rules' Actions."""
    kinds: tuple[str, ...] = _kernel.KINDS
    names = board.territories
    out: list[tuple[int, Action]] = []
    for i in range(0, len(moves), 6):
        seat, k, a, b, c, d = moves[i : i + 6]
        kind = kinds[k]
        args: tuple[str | int, ...]
        if kind in ("claim", "neutral"):
            args = (names[a],)
        elif kind == "place":
            args = (names[a], b)
        elif kind == "trade":
            cards = tuple(rc.card_name(board, x) for x in (a, b, c))
            args = cards + ((names[d],) if d >= 0 else ())
        elif kind in ("attack", "fortify"):
            args = (names[a], names[b], c)
        elif kind in ("defend", "move"):
            args = (a,)
        else:
            args = ()
        out.append((seat, Action(kind, args)))
    return out
