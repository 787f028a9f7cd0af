"""RISK Strike for interfaces and checks: an observation as JSON, and the state's invariants.

`describe` is the mode's JSON contract (documented in the package docstring): everything an
interface needs to draw the card table, from an observation (so hidden cards are already
masked as `UNSEEN` and come out as counts).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from warroom.core.game import Seat
from warroom.games.strike.cards import KIND_IDS, TROOP
from warroom.games.strike.state import (
    ACT,
    AFTER_ROLL,
    AGAIN,
    ATTACKER,
    BEFORE_ROLL,
    DEFENDER,
    DEPLOY,
    DRAW,
    LOSS,
    NOBODY,
    OVER,
    SABOTAGE_WINDOW,
    SIDE_NAMES,
    UNSEEN,
    WINDOW,
    StrikeState,
)

_WINDOW_PROMPTS = {
    SABOTAGE_WINDOW: "answering the deployment: Sabotage, Artillery, or a pass",
    BEFORE_ROLL: "answering before the roll: Artillery, or a pass",
    AFTER_ROLL: "answering the roll: Rally, Bombard, Artillery, or a pass",
}


def describe(
    st: StrikeState, seat: Seat | None, to_move: tuple[Seat, ...], names: list[str]
) -> dict[str, Any]:
    """An observation as plain JSON data (see the package docstring for the shape)."""
    cards = st.cards
    ids = cards.continent_ids
    out: dict[str, Any] = {
        "mode": "risk-strike",
        "seat": seat,
        "turn": st.turn,
        "phase": st.phase,
        "current": st.current,
        "to_move": list(to_move),
        "players": names,
        "prompt": _prompt(st, to_move, names),
        "step": _step(st, names),
        "continents": [
            {
                "id": ids[c],
                "name": cards.continent_names[c],
                "color": cards.colors[c],
                "cards": cards.cards[c],
                "domination": cards.domination[c],
                "adjacent": [ids[n] for n in sorted(cards.neighbors[c])],
                "coin": None if st.coins[c] == NOBODY else st.coins[c],
            }
            for c in range(len(ids))
        ],
        "seats": [
            {
                "name": names[p],
                "claimed": {ids[c]: n for c, n in enumerate(st.claimed[p]) if n},
                "coins": [ids[c] for c, holder in enumerate(st.coins) if holder == p],
                "hand_size": len(st.hands[p]),
                "hand": _hand(st.hands[p]),
                "unseen": st.hands[p].count(UNSEEN),
            }
            for p in range(st.players)
        ],
        "decks": {"continent": len(st.continent_deck), "tactics": len(st.tactics_deck)},
        "surrendered": {ids[c]: n for c, n in enumerate(st.surrendered) if n},
        "discard": {
            "size": len(st.discard),
            "top": KIND_IDS[st.discard[-1]] if st.discard else None,
        },
        "draws_left": st.draws_left if st.phase == DRAW else 0,
        "continent_picks": st.gains,
        "battle": _battle(st) if st.in_battle else None,
        "window": None,
        "chain": None,
        "outcome": st.outcome.to_json() if st.outcome else None,
    }
    if st.window is not None and st.phase == WINDOW:
        out["window"] = {
            "stage": st.stage,
            "priority": st.window.holder,
            "order": list(st.window.seats),
            "waiting": list(st.window.waiting()),
        }
    if st.chain is not None:
        effective = st.chain.effective()
        out["chain"] = {
            "plays": [
                {"seat": p.seat, "card": p.card, "args": list(p.args), "stands": effective[i]}
                for i, p in enumerate(st.chain.plays)
            ],
            "priority": st.chain.responses.holder if st.chain.responses else None,
            "waiting": list(st.chain.responses.waiting()) if st.chain.responses else [],
        }
    return out


def _hand(hand: list[int]) -> list[str]:
    """The cards of a hand this observation shows by name (the rest are only counted)."""
    return [KIND_IDS[k] for k in hand if k != UNSEEN]


def _battle(st: StrikeState) -> dict[str, Any]:
    ids = st.cards.continent_ids
    return {
        "attacker": st.current,
        "defender": st.defender,
        "from": ids[st.attack_from],
        "to": ids[st.attack_to],
        "attacking_cards": st.active_attacking(),
        "defending_cards": st.claimed[st.defender][st.attack_to],
        "troops": {
            SIDE_NAMES[side]: {str(p): n for p, n in enumerate(st.troops[side]) if n}
            for side in (ATTACKER, DEFENDER)
        },
        "held_aside": {ids[c]: n for c, n in enumerate(st.aside) if n},
        "deploy_queue": st.deploy_queue[:],
        "dice": {
            SIDE_NAMES[side]: {
                "rolled": st.rolled[side][:],
                "faces": st.dice[side][:],
                "values": st.values(side),
            }
            for side in (ATTACKER, DEFENDER)
        },
        "rallies": st.rallies,
        "losses_pending": [SIDE_NAMES[s] for s in st.losses],
    }


def _prompt(st: StrikeState, to_move: tuple[Seat, ...], names: list[str]) -> str:
    if st.phase == OVER:
        return st.outcome.reason if st.outcome else "the game is over"
    return f"{names[to_move[0]]}: {_step(st, names)}"


def _step(st: StrikeState, names: list[str]) -> str:
    """What the seat to move is doing, without its name (the view's `step`), described as the
    other modes describe theirs ("Waiting for Player 2: attacking or passing." reads as news
    where an order would seem addressed to the reader); a card waiting for answers is named
    with its player (the active player's Spy or Expand may come before any draw, B27)."""
    if st.phase == OVER:
        return "the game is over"
    if st.chain is not None:
        play = st.chain.newest
        card = st.cards.kind_names[KIND_IDS.index(play.card)]
        return f"answering {names[play.seat]}'s {card}: Canceled Orders, or a pass"
    if st.gains:
        return "taking a continent card for Expand (deck or surrendered row)"
    steps = {
        DRAW: f"drawing a card ({st.draws_left} left): tactics, continent or surrendered",
        ACT: "attacking or passing",
        DEPLOY: "deploying troops into the battle",
        LOSS: f"choosing whose troop the {SIDE_NAMES[st.losses[0]] if st.losses else ''} loses",
        AGAIN: "rolling again or stopping",
    }
    if st.phase == WINDOW:
        return _WINDOW_PROMPTS[st.stage]
    return steps[st.phase]


def invariants(st: StrikeState) -> list[str]:
    """Card conservation, coins where domination puts them, knowledge within the hands."""
    problems: list[str] = []
    cards = st.cards
    for c, total in enumerate(cards.cards):
        held = st.continent_deck.count(c) + sum(row[c] for row in st.claimed) + st.surrendered[c]
        if held != total:
            problems.append(f"{cards.continent_names[c]}: {held} cards, not {total}")
        if st.aside[c] > st.claimed[st.current][c]:
            problems.append(f"{cards.continent_names[c]}: more cards held aside than claimed")
        for p in range(st.players):
            if st.claimed[p][c] >= cards.domination[c] and st.coins[c] != p:
                problems.append(
                    f"Player {p + 1} dominates {cards.continent_names[c]} without its coin"
                )
    tactics: Counter[int] = Counter(st.tactics_deck)
    tactics.update(st.discard)
    for hand in st.hands:
        tactics.update(hand)
        if hand != sorted(hand):
            problems.append("a hand is not kept sorted")
    tactics[TROOP] += sum(sum(side) for side in st.troops)
    if st.chain is not None:
        tactics.update(KIND_IDS.index(p.card) for p in st.chain.plays)
    if tactics != Counter(dict(enumerate(cards.kind_counts))):
        problems.append(f"tactics cards not conserved: {dict(tactics)}")
    for viewer, row in enumerate(st.known):
        if row[viewer]:
            problems.append(f"Player {viewer + 1} 'has seen' their own hand")
        for holder, seen in enumerate(row):
            if Counter(seen) - Counter(st.hands[holder]):
                problems.append(f"Player {viewer + 1} knows cards Player {holder + 1} lacks")
    winners = [p for p in range(st.players) if st.coins.count(p) >= 2]
    if winners and st.phase != OVER:
        problems.append(f"Player {winners[0] + 1} holds 2 coins but the game goes on")
    if (st.phase == OVER) != (st.outcome is not None):
        problems.append("the phase and the outcome disagree")
    if not st.in_battle and (any(map(any, st.troops)) or any(st.aside)):
        problems.append("troops or held-aside cards outside a battle")
    return problems
