"""Exact long-run odds of a Monopoly board: where turns end and what each hero earns.

A Markov chain over roll states: (space, doubles already rolled this turn) for a free
player and (turns already tried) for a jailed one. One step is one roll of the dice with
everything it causes (GO to Jail on the third doubles, battles, cards that move you).
The stationary distribution gives, per turn, the probability of ending the turn on each
space and the expected number of landings on each space (a turn with doubles lands more
than once), and so the expected payment per opponent turn.

Modelling choices (see docs/monopoly.md):
- A card is drawn uniformly from its deck every time (the long-run frequency of each card
  in a deck cycled from the bottom); a Get Out of Jail Free card moves no one and is not
  used (the player's Jail policy decides).
- Jail: `stay` tries for doubles for up to three turns; `pay` pays 50 at the start of the
  next turn and rolls as usual.
- A Child of Thanos is escaped with probability 1 - (5/6)^(1 + heroes held), which gives
  another roll in the same turn (doubles then still count towards three).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from warroom.rules import monopoly as mb
from warroom.rules.monopoly import MonopolyBoard

FloatArray = npt.NDArray[np.float64]
Landing = tuple[float, int, bool, bool, tuple[int, ...]]  # prob, space, jailed, escaped, landed


@dataclass(frozen=True, slots=True)
class BoardOdds:
    """Per turn: P(end on each space; index len(board) is "in Jail"), landings per space."""

    end: FloatArray
    landings: FloatArray
    rolls_per_turn: float


def _resolve(b: MonopolyBoard, q: int, heroes: int, depth: int = 0) -> list[Landing]:
    """Where a token that arrived on `q` ends up, with the spaces it landed on."""
    n = len(b)
    kind = b.kind[q]
    if kind == mb.GO_TO_JAIL:
        return [(1.0, b.jail, True, False, (q,))]
    if kind == mb.BATTLE:
        escape = 1.0 - (5.0 / 6.0) ** (1 + heroes)
        return [(escape, q, False, True, (q,)), (1.0 - escape, q, False, False, (q,))]
    if kind != mb.DECK or depth > 2:
        return [(1.0, q, False, False, (q,))]
    cards = [c for i, c in enumerate(b.cards) if b.card_deck[i] == b.deck_of[q]]
    out: list[Landing] = []
    for card in cards:
        w = 1.0 / len(cards)
        if card.effect in (mb.ADVANCE, mb.ADVANCE_NEAREST, mb.BACK):
            if card.effect == mb.ADVANCE:
                t = card.target
            elif card.effect == mb.BACK:
                t = (q - card.amount) % n
            else:
                t = next((q + k) % n for k in range(1, n + 1) if b.kind[(q + k) % n] == card.kind)
            for p, r, jailed, esc, landed in _resolve(b, t, heroes, depth + 1):
                out.append((w * p, r, jailed, esc, (q, *landed)))
        elif card.effect == mb.GO_TO_JAIL_CARD:
            out.append((w, b.jail, True, False, (q,)))
        else:
            out.append((w, q, False, False, (q,)))
    return out


@cache
def board_odds(board_id: str = "avengers", jail: str = "stay", heroes: int = 0) -> BoardOdds:
    """The exact stationary odds for a board, a Jail policy and the mover's hero count."""
    if jail not in ("stay", "pay"):
        raise ValueError("jail policy is 'stay' or 'pay'")
    b = mb.board(board_id)
    n = len(b)
    size = 3 * n + 3  # (space, doubles) then Jail after 0, 1, 2 failed turns
    jail0 = 3 * n
    trans = np.zeros((size, size))
    ends = np.zeros((size, n + 1))  # where the turn ends, per roll state
    lands = np.zeros((size, n))
    res = {q: _resolve(b, q, heroes) for q in range(n)}

    def arrive(x: int, w: float, q: int, doubles: int, extra_allowed: bool) -> None:
        """Add the outcomes of arriving on `q` with weight `w` from state `x`."""
        for p, r, jailed, esc, landed in res[q]:
            pw = w * p
            for s in landed:
                lands[x, s] += pw
            if jailed:
                ends[x, n] += pw
                trans[x, jail0] += pw
            elif doubles >= 0 and extra_allowed:
                trans[x, 3 * r + doubles] += pw
            elif esc:
                trans[x, 3 * r] += pw
            else:
                ends[x, r] += pw
                trans[x, 3 * r] += pw

    for pos in range(n):
        for d in range(3):
            x = 3 * pos + d
            for a in range(1, 7):
                for c in range(1, 7):
                    w = 1.0 / 36.0
                    if a == c and d == 2:  # third doubles: to Jail, no move
                        ends[x, n] += w
                        trans[x, jail0] += w
                        continue
                    q = (pos + a + c) % n
                    arrive(x, w, q, d + 1 if a == c else -1, a == c)
    for k in range(3):
        x = jail0 + k
        if jail == "pay":  # pay 50 at the start of the turn, then roll as usual
            trans[x] = trans[3 * b.jail]
            ends[x] = ends[3 * b.jail]
            lands[x] = lands[3 * b.jail]
            continue
        for a in range(1, 7):
            for c in range(1, 7):
                w = 1.0 / 36.0
                q = (b.jail + a + c) % n
                if a == c or k == 2:  # doubles free you; the third failure pays and moves
                    arrive(x, w, q, -1, False)
                else:
                    ends[x, n] += w
                    trans[x, x + 1] += w
    # Stationary distribution: solve pi (P - I) = 0 with sum(pi) = 1.
    system = np.vstack([(trans - np.eye(size)).T, np.ones(size)])
    rhs = np.zeros(size + 1)
    rhs[-1] = 1.0
    pi = np.linalg.lstsq(system, rhs, rcond=None)[0]
    rate = float(pi @ ends.sum(axis=1))  # turns ended per roll
    return BoardOdds(end=(pi @ ends) / rate, landings=(pi @ lands) / rate, rolls_per_turn=1 / rate)


LEVELS = ("alone", "set", "1 base", "2 bases", "3 bases", "4 bases", "HQ")


def hero_income(b: MonopolyBoard, odds: BoardOdds) -> dict[int, dict[str, float]]:
    """Expected payment per opponent turn of each hero, by level (dice heroes: 1 or 2 owned)."""
    out: dict[int, dict[str, float]] = {}
    for s in b.ownable:
        land = float(odds.landings[s])
        if b.kind[s] == mb.DICE_HERO:
            out[s] = {f"{k + 1} owned": land * m * 7.0 for k, m in enumerate(b.multipliers)}
            continue
        pay = b.payments[s]
        row = {"alone": land * pay[0], "set": land * pay[0] * 2}
        for lv in range(1, 6):
            row[LEVELS[lv + 1]] = land * pay[lv]
        out[s] = row
    return out


def set_income(b: MonopolyBoard, odds: BoardOdds) -> dict[str, dict[str, float]]:
    """Expected payment per opponent turn of each whole colour set, by building level."""
    heroes = hero_income(b, odds)
    return {
        b.sets[k]: {lv: sum(heroes[s][lv] for s in members) for lv in LEVELS[1:]}
        for k, members in enumerate(b.set_members)
    }
