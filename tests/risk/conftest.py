"""Builders for Classic RISK positions: start a real game, then set the board by hand."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from warroom.core import Action, Event
from warroom.games.risk_classic import GAME, REINFORCE, RiskState


class Table:
    """A game positioned for a rule test; `do` applies actions the way a player would."""

    def __init__(self, players: int = 3, seed: int = 1, **options: object) -> None:
        self.state: RiskState = GAME.new_game(players, seed, options)
        self.events: list[Event] = []

    def t(self, name: str) -> int:
        return self.state.board.territory(name)

    def give(self, owner: int, armies: int = 1, *names: str) -> None:
        for n in names:
            self.state.owner[self.t(n)] = owner
            self.state.armies[self.t(n)] = armies

    def turn_of(self, seat: int, phase: str = REINFORCE, pending: int = 0) -> None:
        """Skip setup: what is not given is shared by the other players; it is `seat`'s turn."""
        st = self.state
        others = [p for p in range(st.players) if p != seat]
        free = [t for t in range(len(st.board)) if st.owner[t] == -1]
        for k, t in enumerate(free):
            st.owner[t], st.armies[t] = others[k % len(others)], 1
        st.reserve = [0] * len(st.reserve)
        st.phase, st.current, st.pending, st.turn = phase, seat, pending, 5

    def hand(self, seat: int, *cards: str) -> None:
        """Give `seat` these cards (territory names or 'wild'), taken from the deck."""
        st = self.state
        n = len(st.board)
        wilds = [c for c in st.deck if c >= n]
        for c in cards:
            card = wilds.pop() if c == "wild" else self.t(c)
            for h in st.hands:
                if card in h:
                    h.remove(card)
            if card in st.deck:
                st.deck.remove(card)
            st.hands[seat].append(card)
        st.hands[seat].sort()

    def do(self, seat: int, text: str) -> list[Event]:
        self.state, events = GAME.apply(self.state, seat, Action.parse(text))
        self.events += events
        assert not GAME.invariants(self.state), GAME.invariants(self.state)
        return events

    def armies(self, name: str) -> int:
        return self.state.armies[self.t(name)]

    def owner(self, name: str) -> int:
        return self.state.owner[self.t(name)]

    def legal(self, seat: int) -> list[str]:
        return [a.text() for a in GAME.legal_actions(self.state, seat)]


@pytest.fixture
def table() -> Callable[..., Table]:
    return Table


def rig_dice(table: Table, faces: list[int]) -> None:
    """Make the next roll show `faces` (attacker's dice then defender's), by choosing a seed."""
    from warroom.core.rng import Rng

    for seed in range(200_000):
        rng = Rng(seed)
        if list(rng.roll(len(faces), 6)) == faces:
            table.state.rng = Rng(seed)
            return
    raise AssertionError(f"no seed rolls {faces}")
