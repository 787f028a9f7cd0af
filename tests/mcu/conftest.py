"""Positions built by hand for RISK MCU Skirmish's rule tests, and dice that roll what a test
says."""

from __future__ import annotations

from warroom.core import Action, Event, get_mode
from warroom.core.rng import Rng
from warroom.games.mcu.skirmish import McuSkirmish, McuState
from warroom.games.risk_classic import REINFORCE

GAME: McuSkirmish = get_mode("mcu-skirmish")  # type: ignore[assignment]


class ScriptedRng(Rng):
    """Rolls the faces a test queued (each `roll` takes the next tuple); shuffles as SplitMix."""

    __slots__ = ("dies", "faces", "sides")

    def __init__(
        self, faces: list[tuple[int, ...]], seed: int = 5, dies: list[int] | None = None
    ) -> None:
        super().__init__(seed)
        self.faces = faces
        self.dies = dies if dies is not None else []  # single dice (the first-player roll)
        self.sides: list[int] = []  # the kind of every die rolled

    def copy(self) -> ScriptedRng:
        twin = ScriptedRng(self.faces, self.seed, self.dies)
        twin.counter, twin.sides = self.counter, self.sides
        return twin

    def die(self, sides: int = 6) -> int:
        self.sides.append(sides)
        return self.dies.pop(0)

    def roll(self, count: int, sides: int = 6) -> tuple[int, ...]:
        self.sides += [sides] * count
        faces = self.faces.pop(0)
        assert len(faces) == count, f"the test queued {faces} for a roll of {count} dice"
        return faces


class Table:
    """A Skirmish game positioned for a rule test; `do` applies actions as a player would."""

    def __init__(self, players: int = 3, seed: int = 1, **options: object) -> None:
        self.state: McuState = GAME.new_game(players, seed, options)
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
        if seat not in st.owner:  # every living player holds a sector
            st.owner[free[-1]], st.armies[free[-1]] = seat, 1
            free.pop()
        for k, t in enumerate(free):
            st.owner[t], st.armies[t] = others[k % len(others)], 1
        st.phase, st.current, st.pending, st.turn = phase, seat, pending, 5
        st.trade_open = phase == REINFORCE

    def hand(self, seat: int, *cards: str) -> None:
        """Give `seat` these cards (ids such as CA03), taken from the deck."""
        st = self.state
        for name in cards:
            card = st.decks.card(name)
            assert card is not None
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

    def dice(self, *rolls: tuple[int, ...]) -> None:
        self.state.rng = ScriptedRng(list(rolls))

    def units(self, name: str) -> int:
        return self.state.armies[self.t(name)]

    def owner(self, name: str) -> int:
        return self.state.owner[self.t(name)]

    def legal(self, seat: int) -> list[str]:
        return [a.text() for a in GAME.legal_actions(self.state, seat)]

    def hand_ids(self, seat: int) -> list[str]:
        return [self.state.decks.card_ids[c] for c in self.state.hands[seat]]
