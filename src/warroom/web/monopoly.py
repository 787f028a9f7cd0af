"""Monopoly board drawing data: the spaces in order, with their public printed values.

Everything here is what is printed on the board and the hero cards (names, kinds, set
colours, prices, payments, building costs); no deck order or anything else hidden.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from warroom.rules import monopoly as mb
from warroom.rules.monopoly import set_color


def monopoly_board_json(board_id: str) -> dict[str, Any]:
    """What the browser needs to draw a Monopoly board; a BoardError if there is none."""
    return _monopoly_board_json(board_id)


@cache
def _monopoly_board_json(board_id: str) -> dict[str, Any]:
    b = mb.board(board_id)
    colors = {name: set_color(name) for name in b.sets}
    spaces: list[dict[str, Any]] = []
    for i, name in enumerate(b.names):
        kind = b.kind[i]
        # about: the rulebook's section on the space in short, as the terminal's `look` says it
        space: dict[str, Any] = {
            "index": i,
            "name": name,
            "kind": kind,
            "about": mb.space_about(b, i),
        }
        if kind in mb.OWNABLE:
            space.update(
                price=b.price[i],
                sideline=b.sideline[i],
                reactivate=b.reactivate[i],
                keep_fee=b.keep_fee(i),
            )
        if kind == mb.HERO:
            group = b.sets[b.set_of[i]]
            space.update(
                set=group,
                color=colors[group],
                payments=list(b.payments[i]),
                base_cost=b.base_cost[i],
                hq_cost=b.hq_cost[i],
            )
        if kind == mb.DICE_HERO:
            space["multipliers"] = list(b.multipliers)
        if kind == mb.DECK:
            space.update(deck=b.decks[b.deck_of[i]], deck_name=b.deck_names[b.deck_of[i]])
        if kind == mb.TAX:
            space["amount"] = b.amount[i]
        if kind == mb.BATTLE:
            space["number"] = b.number[i]
        spaces.append(space)
    return {
        "id": b.id,
        "name": b.name,
        "game": "monopoly",
        "side": -(-len(b) // 4),  # spaces from one corner to the next
        "spaces": spaces,
        "sets": [
            {"name": name, "color": colors[name], "members": [b.names[s] for s in members]}
            for name, members in zip(b.sets, b.set_members, strict=True)
        ],
        "decks": [{"id": d, "name": n} for d, n in zip(b.decks, b.deck_names, strict=True)],
        "rules": b.rules(),
    }
