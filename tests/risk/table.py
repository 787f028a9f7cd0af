"""A game of Classic RISK or a mode built on it, positioned by hand for a rule test: start a
real game, then set the board, the hands and the dice; `do` applies actions the way a player
would and checks the invariants after each. Each mode's tests subclass it for their game."""

from __future__ import annotations

from typing import ClassVar

import pytest

from warroom.core import Action, Event, IllegalAction
from warroom.core.rng import Rng
from warroom.games.risk_classic import GAME, REINFORCE, ClassicRisk, RiskState


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
        twin = type(self)(self.faces, self.seed, self.dies)
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
    """Classic RISK's table; a mode's subclass names its game and how its cards are found."""

    game: ClassVar[ClassicRisk] = GAME

    def __init__(self, players: int = 3, seed: int = 1, **options: object) -> None:
        self.state: RiskState = self.game.new_game(players, seed, options)
        self.events: list[Event] = []

    def t(self, name: str) -> int:
        return self.state.board.territory(name)

    def give(self, owner: int, units: int = 1, *names: str) -> None:
        for n in names:
            self.state.owner[self.t(n)] = owner
            self.state.armies[self.t(n)] = units

    def turn_of(
        self, seat: int, phase: str = REINFORCE, pending: int = 0, rest: list[int] | None = None
    ) -> None:
        """Skip setup: it is `seat`'s turn; what is not given is shared by `rest` (default: the
        other players), one unit each, and `seat` takes one if it holds nothing."""
        st = self.state
        others = rest if rest is not None else [p for p in range(st.players) if p != seat]
        free = [t for t in range(len(st.board)) if st.owner[t] == -1]
        if seat not in st.owner:
            st.owner[free[-1]], st.armies[free[-1]] = seat, 1
            free.pop()
        for k, t in enumerate(free):
            st.owner[t], st.armies[t] = others[k % len(others)], 1
        st.reserve = [0] * len(st.reserve)
        st.phase, st.current, st.pending, st.turn = phase, seat, pending, 5

    def card(self, name: str) -> int:
        """Classic: a territory's card by the territory's name, or 'wild' (one from the deck)."""
        st = self.state
        if name == "wild":
            return [c for c in st.deck if c >= len(st.board)][-1]
        return self.t(name)

    def hand(self, seat: int, *cards: str) -> None:
        """Give `seat` these cards (see `card`), taken from wherever they are."""
        st = self.state
        for name in cards:
            card = self.card(name)
            for h in st.hands:
                if card in h:
                    h.remove(card)
            if card in st.deck:
                st.deck.remove(card)
            st.hands[seat].append(card)
        st.hands[seat].sort()

    def act(self, seat: int, action: Action) -> list[Event]:
        self.state, events = self.game.apply(self.state, seat, action)
        self.events += events
        assert not self.game.invariants(self.state), self.game.invariants(self.state)
        return events

    def do(self, seat: int, text: str) -> list[Event]:
        """`text` read as the game reads a player's (short names and prefixes too)."""
        return self.act(seat, self.game.parse(self.state, seat, text))

    def dice(self, *rolls: tuple[int, ...], dies: list[int] | None = None) -> ScriptedRng:
        rng = ScriptedRng(list(rolls), dies=dies)
        self.state.rng = rng
        return rng

    def units(self, name: str) -> int:
        return self.state.armies[self.t(name)]

    def owner(self, name: str) -> int:
        return self.state.owner[self.t(name)]

    def legal(self, seat: int) -> list[str]:
        return [a.text() for a in self.game.legal_actions(self.state, seat)]


def play_a_turn_counting_units(table: Table, mine: str, theirs: str, fortify: str) -> None:
    """One turn through Classic's shared handlers on a board whose rulebook calls the pieces
    units (Mass Effect, MCU): each refusal on the way counts units, and a choice of one count
    reads as one ("1 die", not "1 to 1 dice"). `fortify` is the mode's word for the move at
    the end of a turn. Seat 0 holds `mine`, seat 1 `theirs`; the turn ends with seat 1's."""
    table.give(0, 1, mine)
    table.give(1, 1, theirs)
    table.turn_of(0, REINFORCE, pending=1)
    with pytest.raises(IllegalAction, match=r"^you have 1 unit to place$"):
        table.do(0, f"place {mine} 2")
    table.do(0, f"place {mine} 1")
    table.give(0, 1, mine)
    with pytest.raises(IllegalAction, match=rf"^you need at least 2 units in {mine} to attack"):
        table.do(0, f"attack {mine} {theirs} 1")
    table.give(0, 2, mine)
    with pytest.raises(IllegalAction, match=rf"^from {mine} you may roll 1 die \(at least one"):
        table.do(0, f"attack {mine} {theirs} 2")
    table.give(0, 3, mine)
    table.dice((6, 6, 1))
    table.do(0, f"attack {mine} {theirs} 2")
    table.do(1, "defend 1")
    with pytest.raises(IllegalAction, match=rf"^move 2 units into {theirs} \(at least the dice"):
        table.do(0, "move 3")
    table.do(0, "move 2")
    table.do(0, "end")
    with pytest.raises(IllegalAction, match=r"^move 1 unit; one stays behind$"):
        table.do(0, f"{fortify} {theirs} {mine} 2")
    with pytest.raises(IllegalAction, match=rf"^{mine} has 1 unit, which must stay behind$"):
        table.do(0, f"{fortify} {mine} {theirs} 1")
    table.do(0, "end")
