"""Positions built by hand for RISK Mass Effect Basic Training's rule tests."""

from __future__ import annotations

from warroom.core import Action, Event, get_mode
from warroom.games.mass_effect.basic import BasicState, MassEffectBasic
from warroom.games.risk_classic import REINFORCE

from ..mcu.conftest import ScriptedRng

GAME: MassEffectBasic = get_mode("mass-effect-basic")  # type: ignore[assignment]

__all__ = ["GAME", "ScriptedRng", "Table"]


class Table:
    """A Basic Training game positioned for a rule test; `do` applies actions as a player
    would and checks the invariants after each."""

    def __init__(self, players: int = 3, seed: int = 1, **options: object) -> None:
        self.state: BasicState = GAME.new_game(players, seed, options)
        self.events: list[Event] = []

    def t(self, name: str) -> int:
        return self.state.board.territory(name)

    def give(self, owner: int, units: int, *names: str) -> None:
        for n in names:
            self.state.owner[self.t(n)] = owner
            self.state.armies[self.t(n)] = units

    def turn_of(
        self, seat: int, phase: str = REINFORCE, pending: int = 0, rest: list[int] | None = None
    ) -> None:
        """Skip setup: what is not given is shared by `rest` (default: the other players), one
        unit each."""
        st = self.state
        others = rest if rest is not None else [p for p in range(st.players) if p != seat]
        free = [t for t in range(len(st.board)) if st.owner[t] == -1]
        if seat not in st.owner:
            st.owner[free[-1]], st.armies[free[-1]] = seat, 1
            free.pop()
        for k, t in enumerate(free):
            st.owner[t], st.armies[t] = others[k % len(others)], 1
        st.reserve = [0] * st.players
        st.phase, st.current, st.pending, st.turn = phase, seat, pending, 5

    def hand(self, seat: int, *cards: str) -> None:
        """Give `seat` these cards (ids such as reaper-01), taken from wherever they are."""
        st = self.state
        for name in cards:
            card = st.cards.card(name)
            assert card is not None
            for h in st.hands:
                if card in h:
                    h.remove(card)
            if card in st.deck:
                st.deck.remove(card)
            st.hands[seat].append(card)
        st.hands[seat].sort()

    def do(self, seat: int, text: str) -> list[Event]:
        self.state, events = GAME.apply(self.state, seat, GAME.parse(self.state, seat, text))
        self.events += events
        assert not GAME.invariants(self.state), GAME.invariants(self.state)
        return events

    def act(self, seat: int, action: Action) -> None:
        self.state, events = GAME.apply(self.state, seat, action)
        self.events += events

    def dice(self, *rolls: tuple[int, ...], dies: list[int] | None = None) -> None:
        self.state.rng = ScriptedRng(list(rolls), dies=dies)

    def units(self, name: str) -> int:
        return self.state.armies[self.t(name)]

    def owner(self, name: str) -> int:
        return self.state.owner[self.t(name)]

    def legal(self, seat: int) -> list[str]:
        return [a.text() for a in GAME.legal_actions(self.state, seat)]

    def hand_ids(self, seat: int) -> list[str]:
        return [self.state.cards.card_ids[c] for c in self.state.hands[seat]]
