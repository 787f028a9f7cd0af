"""The dice-matching card games for interfaces and checks: an observation as JSON (the shape
is documented in the package docstring), and the state's invariants."""

from __future__ import annotations

from typing import Any

from warroom.core.game import Seat
from warroom.games.dice_cards.cards import POWER_TEXTS
from warroom.games.dice_cards.state import (
    ASIDE,
    MATCH,
    NO_TARGET,
    NOBODY,
    OVER,
    TARGET,
    UNPLACED,
    DiceCardsState,
)
from warroom.rules.dice_match import feasible, matches


def _seat(seat: Seat) -> Seat | None:
    return None if seat == NOBODY else seat


def describe(
    mode: str,
    st: DiceCardsState,
    seat: Seat | None,
    to_move: tuple[Seat, ...],
    names: list[str],
    scores: list[int],
) -> dict[str, Any]:
    """An observation as plain JSON data."""
    cards = st.cards
    rows = st.rows()
    steal_slot = len(rows) - 1 if st.stealing else -1
    return {
        "mode": mode,
        "seat": seat,
        "turn": st.turn,
        "phase": st.phase,
        "current": st.current,
        "to_move": list(to_move),
        "players": [
            {
                "seat": p,
                "name": names[p],
                "score": scores[p],
                "cards": [c.id for k, c in enumerate(cards.cards) if st.owner[k] == p],
                "groups": [g.id for k, g in enumerate(cards.groups) if st.holds_group(p, k)],
            }
            for p in range(st.players)
        ],
        "groups": [
            {
                "id": g.id,
                "name": g.name,
                "value": g.value,
                "cards_value": sum(cards.cards[c].value for c in g.cards),
                "cards": [cards.cards[c].id for c in g.cards],
                "holder": next((p for p in range(st.players) if st.holds_group(p, k)), None),
                "power": None
                if g.power is None
                else {"kind": g.power, "text": POWER_TEXTS[g.power]},
                "orb": g.orb,
            }
            for k, g in enumerate(cards.groups)
        ],
        "cards": [
            {
                "id": c.id,
                "name": c.name,
                "group": cards.groups[c.group].id,
                "value": c.value,
                "rows": [
                    {"row": n + 1, "kind": r.kind, "text": r.text(), "scan": n in c.scan}
                    for n, r in enumerate(c.rows)
                ],
                "owner": _seat(st.owner[k]),
                "locked": st.locked(k),
            }
            for k, c in enumerate(cards.cards)
        ],
        "dice": [
            {
                "die": i + 1,
                "sides": st.sides[i],
                "face": st.faces[i],
                "state": "unplaced"
                if st.slot[i] == UNPLACED
                else "aside"
                if st.slot[i] == ASIDE
                else "placed",
            }
            for i in range(len(st.sides))
        ],
        "attempt": None
        if st.target == NO_TARGET
        else {
            "card": cards.cards[st.target].id,
            "from": _seat(st.owner[st.target]),
            "stealing": st.stealing,
            "rows": [
                {
                    "row": "steal" if k == steal_slot else k + 1,
                    "kind": r.kind,
                    "text": r.text(),
                    "dice": [i + 1 for i, s in enumerate(st.slot) if s == k] or None,
                }
                for k, r in enumerate(rows)
            ],
        },
        "rerolls": st.rerolls,
        "orb": {"holder": _seat(st.orb)} if any(g.orb for g in cards.groups) else None,
        "final_round": st.final,
        "prompt": _prompt(st, names),
        "step": _step(st),
        "outcome": None if st.outcome is None else st.outcome.to_json(),
    }


def _prompt(st: DiceCardsState, names: list[str]) -> str:
    if st.phase == OVER:
        return "the game is over"
    return f"{names[st.current]}: {_step(st)}"


def _step(st: DiceCardsState) -> str:
    """What the seat to move is asked, without its name (the view's `step`)."""
    if st.phase == OVER:
        return "the game is over"
    last = " (last chance: steals only)" if st.final else ""
    if st.phase == TARGET:
        return f"select a card with a row this roll matches, or pass if none{last}"
    return f"match one row of {st.cards.cards[st.target].name}, or set a die aside{last}"


def invariants(st: DiceCardsState) -> list[str]:
    """Broken invariants of a state, described."""
    out: list[str] = []
    n = len(st.cards.cards)
    if len(st.owner) != n or any(not NOBODY <= o < st.players for o in st.owner):
        out.append("every card has an owner seat or none")
    if (st.phase == OVER) != (st.outcome is not None):
        out.append("the game is over exactly when it has an outcome")
    if not NOBODY <= st.orb < st.players:
        out.append("the Orb's holder is a seat or nobody")
    if st.final and st.final[0] != st.current:
        out.append("in the last-chance round the seat to play is the round's next")
    if st.phase == OVER:
        return out
    if not len(st.sides) == len(st.faces) == len(st.slot) >= 7:
        out.append("every die of the turn has a face and a place")
    if any(not 1 <= f <= s for f, s in zip(st.faces, st.sides, strict=False)):
        out.append("every die shows a face of its kind")
    if st.phase == TARGET and (st.target != NO_TARGET or any(s != UNPLACED for s in st.slot)):
        out.append("before a card is selected no die is placed")
    if st.phase == MATCH:
        if not 0 <= st.target < n or st.owner[st.target] == st.current:
            out.append("an attempt targets a card the player does not own (W9)")
            return out
        rows, dice = st.rows(), st.dice()
        for k, row in enumerate(rows):
            placed = [i for i, s in enumerate(st.slot) if s == k]
            if placed and not matches(row, dice, placed):
                out.append(f"the dice on row {k + 1} match it")
        if any(s >= len(rows) for s in st.slot):
            out.append("dice are placed only on the target's rows")
        open_rows = [rows[k] for k in st.open_slots()]
        if not open_rows or not feasible(open_rows, [st.sides[i] for i in st.unplaced()]):
            out.append("an attempt goes on only while its open rows can still be matched (W3)")
    return out
