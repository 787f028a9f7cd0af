"""Positions built by hand for Battle for Manhattan's rule tests, and dice that roll what a
test says (d8s included)."""

from __future__ import annotations

from typing import ClassVar

from warroom.core import Action, Event, get_mode
from warroom.games.mcu.manhattan import FACTION, FACTION_IDS, BfmState, McuBattleForManhattan
from warroom.games.risk_classic import REINFORCE
from warroom.rules.pieces import OFF_BOARD

from ..risk import table
from ..risk.table import ScriptedRng

GAME: McuBattleForManhattan = get_mode("mcu-battle-for-manhattan")  # type: ignore[assignment]
CA, ULTRON, IRON_MAN, WS, THOR = range(5)


class Dice(ScriptedRng):
    """ScriptedRng whose empty rolls (no d8 on a side) take nothing from the queue."""

    def roll(self, count: int, sides: int = 6) -> tuple[int, ...]:
        if count == 0:
            return ()
        return super().roll(count, sides)


def picked(
    players: int = 5, seed: int = 1, factions: list[int] | None = None, **options: object
) -> BfmState:
    """A new game after the faction picks: seat p takes faction `factions[p]` (default p)."""
    st: BfmState = GAME.new_game(players, seed, options)  # type: ignore[assignment]
    want = factions if factions is not None else list(range(players))
    while st.phase == FACTION:
        seat = GAME.to_move(st)[0]
        st, _ = GAME.apply(st, seat, Action("faction", (FACTION_IDS[want[seat]],)))  # type: ignore[assignment]
    return st


class Bfm(table.Table):
    """A Battle for Manhattan game positioned for a rule test."""

    game: ClassVar[McuBattleForManhattan] = GAME
    state: BfmState

    def __init__(
        self, players: int = 5, seed: int = 1, factions: list[int] | None = None, **options: object
    ) -> None:
        self.state = picked(players, seed, factions, **options)
        self.events: list[Event] = []

    def give(self, owner: int, units: int, *names: str) -> None:
        """`owner` holds these with `units` each; operatives taken away count as lost."""
        st = self.state
        for n in names:
            t = self.t(n)
            if st.owner[t] == st.players:
                st.operatives_lost += st.armies[t]
            st.owner[t] = owner
            st.armies[t] = units
            if owner == st.players:
                st.operatives_lost -= units

    def shield(self, name: str, left: int) -> None:
        """S.H.I.E.L.D. down to `left` operatives in a section (the others lost before)."""
        self.give(self.state.players, left, name)

    def turn_of(
        self,
        seat: int,
        phase: str = REINFORCE,
        pending: int = 0,
        rest: list[int] | None = None,
        scepter: str = "",
    ) -> None:
        """Skip claiming, as every table does; the Loki tokens are placed (the scepter where
        asked, else on the first)."""
        super().turn_of(seat, phase, pending, rest)
        st = self.state
        m = st.manhattan
        st.loki = tuple(sorted(self.t(n) for k, n in enumerate(m.board.territories) if m.loki[k]))
        st.scepter = self.t(scepter) if scepter else st.loki[0]
        st.trade_open = phase == REINFORCE

    def hand(self, seat: int, *cards: str) -> None:
        st = self.state
        for name in cards:
            card = st.decks.card(name)
            assert card is not None
            for h in [*st.hands, *st.piles]:
                if card in h:
                    h.remove(card)
            st.hands[seat].append(card)
        st.hands[seat].sort()

    def dice(self, *rolls: tuple[int, ...], dies: list[int] | None = None) -> Dice:
        rng = Dice(list(rolls), dies=dies or [])
        self.state.rng = rng
        return rng

    def ally_at(self, ally: str) -> str | None:
        st = self.state
        where = st.allies.where[st.battle.ally_ids.index(ally)]
        return None if where == OFF_BOARD else st.board.territories[where]
