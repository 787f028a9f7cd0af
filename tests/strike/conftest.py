"""Positions built by hand for RISK Strike's rule tests, and dice that roll what a test says."""

from __future__ import annotations

from typing import Any

from warroom.core import Action, Event, get_mode
from warroom.core.rng import Rng
from warroom.games.strike.cards import KIND_IDS
from warroom.games.strike.rules import RiskStrike
from warroom.games.strike.state import ACT, NOBODY, StrikeState

GAME: RiskStrike = get_mode("risk-strike")  # type: ignore[assignment]


class ScriptedRng(Rng):
    """Rolls the faces a test queued (each `roll` takes the next tuple); shuffles as SplitMix."""

    __slots__ = ("counts", "faces")

    def __init__(self, faces: list[tuple[int, ...]], seed: int = 5) -> None:
        super().__init__(seed)
        self.faces = faces
        self.counts: list[int] = []

    def copy(self) -> ScriptedRng:
        twin = ScriptedRng(self.faces, self.seed)
        twin.counter, twin.counts = self.counter, self.counts
        return twin

    def roll(self, count: int, sides: int = 6) -> tuple[int, ...]:
        self.counts.append(count)
        faces = self.faces.pop(0)
        assert len(faces) == count, f"the test queued {faces} for a roll of {count} dice"
        return faces


def position(
    players: int = 3,
    claimed: dict[int, dict[str, int]] | None = None,
    hands: dict[int, list[str]] | None = None,
    current: int = 0,
    phase: str = ACT,
    dice: list[tuple[int, ...]] | None = None,
    surrendered: dict[str, int] | None = None,
) -> StrikeState:
    """A game at `phase` of `current`'s turn with these claimed cards and hands (everything
    else in the decks), no coins unless the cards earn them, and scripted dice."""
    st = GAME.new_game(players, 1, {})
    cards = st.cards
    ids = cards.continent_ids
    st.claimed = [[0] * len(ids) for _ in range(players)]
    for seat, by_continent in (claimed or {}).items():
        for cid, n in by_continent.items():
            st.claimed[seat][ids.index(cid)] = n
    st.surrendered = [0] * len(ids)
    for cid, n in (surrendered or {}).items():
        st.surrendered[ids.index(cid)] = n
    st.continent_deck = [
        c
        for c in range(len(ids))
        for _ in range(cards.cards[c] - sum(r[c] for r in st.claimed) - st.surrendered[c])
    ]
    st.hands = [sorted(KIND_IDS.index(k) for k in (hands or {}).get(p, [])) for p in range(players)]
    st.tactics_deck = [
        k
        for k in range(len(KIND_IDS))
        for _ in range(cards.kind_counts[k] - sum(h.count(k) for h in st.hands))
    ]
    st.discard = []
    st.known = [[[] for _ in range(players)] for _ in range(players)]
    st.coins = [NOBODY] * len(ids)
    for c in range(len(ids)):
        for p in range(players):
            if st.claimed[p][c] >= cards.domination[c]:
                st.coins[c] = p
    st.current = st.first = current
    st.phase = phase
    st.draws_left = 0
    st.rng = ScriptedRng(list(dice or []))
    assert GAME.invariants(st) == []
    return st


def do(st: StrikeState, seat: int, text: str) -> tuple[StrikeState, list[Event]]:
    """Apply `text` for `seat`, checking the invariants after it."""
    new, events = GAME.apply(st, seat, GAME.parse(st, seat, text))
    assert GAME.invariants(new) == [], GAME.invariants(new)
    return new, events


def play(st: StrikeState, *moves: tuple[int, str]) -> StrikeState:
    for seat, text in moves:
        st, _ = do(st, seat, text)
    return st


def pass_round(st: StrikeState) -> StrikeState:
    """Everyone passes until no window or chain is open (nobody plays a card)."""
    while st.phase == "window" or st.chain is not None:
        st, _ = do(st, GAME.to_move(st)[0], "pass")
    return st


def legal(st: StrikeState, seat: int) -> list[str]:
    return [a.text() for a in GAME.legal_actions(st, seat)]


def texts(events: list[Event]) -> list[str]:
    return [e.text for e in events]


def hand(st: StrikeState, seat: int) -> list[str]:
    return [KIND_IDS[k] for k in st.hands[seat]]


def act(kind: str, *args: Any) -> Action:
    return Action(kind, tuple(args))
