"""Monopoly: Marvel Avengers games between `random` and `greedy` bots in C.

`_monopoly_avengers.c` plays a whole game exactly as `warroom.sim.runner.play_rules` would
with `warroom.games.monopoly_avengers` and the bots in `warroom.bots`: same dice, same
cards, same choices. It holds no data of its own: the board, both decks and the constants
(the greedy bot's `RESERVE` and `OFFERS_PER_TURN`) are passed in from the loaded
`MonopolyBoard` once and kept (`_board`). `trace` also returns every action, which
tests/fast/test_monopoly_avengers.py replays through the rules and the Python bots.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from warroom.bots.monopoly import OFFERS_PER_TURN, RESERVE
from warroom.core.actions import Action, Arg
from warroom.core.game import OptionValue
from warroom.core.windows import clockwise
from warroom.fast import Played, check_args, load
from warroom.games.monopoly_avengers import (
    BOARD,
    CARD_SUFFIX,
    GAME,
    last_player_reason,
    seat_names,
    turn_limit_reason,
)
from warroom.rules import monopoly as mb

# The kernel's numbering (the enums at the top of the C file), in the same order.
KINDS = (
    mb.GO,
    mb.HERO,
    mb.DICE_HERO,
    mb.DECK,
    mb.TAX,
    mb.BATTLE,
    mb.JAIL,
    mb.FREE_PARKING,
    mb.GO_TO_JAIL,
)
EFFECTS = (
    mb.ADVANCE,
    mb.ADVANCE_NEAREST,
    mb.BACK,
    mb.GO_TO_JAIL_CARD,
    mb.JAIL_FREE,
    mb.BANK_PAYS,
    mb.PAY_BANK,
    mb.COLLECT_EACH,
    mb.PAY_EACH,
    mb.REPAIRS,
)
# Action kinds sorted by name: the random bot draws a kind from the sorted kinds present.
ACTIONS = (
    "accept",
    "ask",
    "auction",
    "bankrupt",
    "bid",
    "build",
    "decline",
    "done",
    "draft",
    "end",
    "forgo",
    "keep",
    "offer",
    "pass",
    "pay",
    "reactivate",
    "roll",
    "sell",
    "sideline",
    "use",
    "want",
)
BOTS = ("random", "greedy")  # the tiers the kernel plays
END_CAP, END_LAST_PLAYER, END_TURN_LIMIT = range(3)
_DEAL_BUY_HERO, _DEAL_SELL_HERO, _DEAL_BUY_CARD, _DEAL_SELL_CARD = range(4)
_HERO_ARG = {"ask", "build", "forgo", "keep", "reactivate", "sell", "sideline", "want"}


@dataclass(frozen=True)
class Trace:
    """A kernel game in full: the result, every (seat, action), and the final state."""

    played: Played
    ranking: tuple[int, ...]
    actions: list[tuple[int, Action]]
    final: dict[str, Any]


def play(
    players: int,
    seed: int,
    lineup: Sequence[str],
    bot_seeds: Sequence[int],
    options: Mapping[str, OptionValue],
    action_cap: int,
) -> Played | None:
    """The game the runner would play through the rules, or None where the kernel is not
    built or a seat's bot is not one it plays (the runner then uses the rules)."""
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
) -> Trace | None:
    """`play` with every action and the final state (unless not `record`), for checking
    against the rules."""
    seed, seeds = check_args(GAME, players, seed, lineup, bot_seeds, action_cap)
    turn_limit = int(GAME.resolve_options(options)["turn_limit"])
    kernel = load("_monopoly_avengers")
    if kernel is None or any(tier not in BOTS for tier in lineup):
        return None
    bots = [BOTS.index(tier) for tier in lineup]
    ending, winners, ranking, turn, actions, codes, final, first = kernel.play(
        _board(), players, seed, bots, seeds, turn_limit, action_cap, record
    )
    reason = None
    if ending == END_LAST_PLAYER:
        reason = last_player_reason(winners[0])
    elif ending == END_TURN_LIMIT:
        reason = turn_limit_reason(turn)
    order = clockwise(first, players)  # as `MonopolyAvengers.turn_order` reads it
    played = Played(tuple(seat_names(players)), tuple(winners), reason, turn, actions, (), order)
    moves = [decode(code) for code in codes] if record else []
    return Trace(played, tuple(ranking), moves, final or {})


@cache
def _board() -> Any:
    """The kernel's copy of the board the rules load, made once per process."""
    kernel = load("_monopoly_avengers")
    assert kernel is not None
    return kernel.board(board_arrays(mb.board(BOARD)))


def board_arrays(b: mb.MonopolyBoard) -> dict[str, Any]:
    """A board as the kernel reads it: per-space lists, sets and cards flattened, kinds
    and effects numbered as KINDS and EFFECTS."""
    n = len(b)
    cards: list[int] = []
    for c in b.cards:
        kind = KINDS.index(c.kind) if c.kind else -1
        cards += [EFFECTS.index(c.effect), c.target, kind, c.amount, c.base, c.hq]
    return {
        "kind": [KINDS.index(k) for k in b.kind],
        "price": list(b.price),
        "payments": [m for s in range(n) for m in (b.payments[s] or (0,) * 6)],
        "base_cost": list(b.base_cost),
        "hq_cost": list(b.hq_cost),
        "sideline": list(b.sideline),
        "reactivate": list(b.reactivate),
        "keep_fee": [b.keep_fee(s) for s in range(n)],
        "set_of": list(b.set_of),
        "deck_of": list(b.deck_of),
        "number": list(b.number),
        "amount": list(b.amount),
        "multipliers": list(b.multipliers),
        "set_size": [len(m) for m in b.set_members],
        "set_members": [s for m in b.set_members for s in m],
        "card_deck": list(b.card_deck),
        "cards": cards,
        **b.rules(),
        "go": b.go,
        "greedy_offers": OFFERS_PER_TURN,
        "reserve": RESERVE,
    }


def decode(code: int) -> tuple[int, Action]:
    """A kernel action: seat | kind << 4 | (space + 1) << 9 | (to + 1) << 16 | deal << 20 |
    amount << 22, as (seat, the Action the rules and bots use)."""
    b = mb.board(BOARD)
    seat, kind = code & 15, ACTIONS[code >> 4 & 31]
    space, to = (code >> 9 & 127) - 1, (code >> 16 & 15) - 1
    deal, amount = code >> 20 & 3, code >> 22
    if kind in _HERO_ARG:
        return seat, Action(kind, (b.names[space],))
    if kind == "use":
        return seat, Action(kind, (b.decks[space] + CARD_SUFFIX,))
    if kind == "bid":
        return seat, Action(kind, (amount,))
    if kind != "offer":
        return seat, Action(kind)
    hero = deal in (_DEAL_BUY_HERO, _DEAL_SELL_HERO)
    item: Arg = b.names[space] if hero else b.decks[space] + CARD_SUFFIX
    give, get = (amount, item) if deal in (_DEAL_BUY_HERO, _DEAL_BUY_CARD) else (item, amount)
    return seat, Action("offer", (f"Player {to + 1}", "give", give, "get", get))
