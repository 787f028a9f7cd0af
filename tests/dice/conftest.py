"""Positions built by hand for the dice-matching card games, and dice that roll what a test
says."""

from __future__ import annotations

from warroom.core import Event, get_mode
from warroom.core.rng import Rng
from warroom.games.dice_cards.rules import DiceCardsGame
from warroom.games.dice_cards.state import NOBODY, DiceCardsState

WAR_ASSETS: DiceCardsGame = get_mode("mass-effect-war-assets")  # type: ignore[assignment]
GUARDIANS: DiceCardsGame = get_mode("mcu-guardians")  # type: ignore[assignment]


class ScriptedRng(Rng):
    """Rolls the faces a test queued: each `roll` takes the next tuple, which must have as
    many faces as the roll has dice (the d6s are rolled before the d8s)."""

    __slots__ = ("faces",)

    def __init__(self, faces: list[tuple[int, ...]], seed: int = 5) -> None:
        super().__init__(seed)
        self.faces = faces

    def copy(self) -> ScriptedRng:
        twin = ScriptedRng(self.faces, self.seed)
        twin.counter = self.counter
        return twin

    def roll(self, count: int, sides: int = 6) -> tuple[int, ...]:
        faces = self.faces.pop(0)
        assert len(faces) == count, f"the test queued {faces} for {count} d{sides}"
        assert all(1 <= f <= sides for f in faces), f"{faces} on d{sides}"
        return faces


def position(
    game: DiceCardsGame,
    dice: list[tuple[int, ...]],
    players: int = 3,
    owner: dict[str, int] | None = None,
    current: int = 0,
    orb: int = NOBODY,
) -> DiceCardsState:
    """`current`'s turn starting, with these owners (others unclaimed) and the Orb's holder;
    `dice` is queued: the first roll's d6 faces, its d8 faces, then every later roll."""
    st = game.new_game(players, 1, {})
    st.owner = [NOBODY] * len(st.cards.cards)
    for card, seat in (owner or {}).items():
        index = st.cards.card(card)
        assert index is not None, card
        st.owner[index] = seat
    st.current, st.orb, st.turn = current, orb, 1
    st.rng = ScriptedRng(list(dice))
    st = game.begin_turn(st)
    assert game.invariants(st) == []
    return st


def do(game: DiceCardsGame, st: DiceCardsState, text: str) -> tuple[DiceCardsState, list[Event]]:
    """Apply `text` for the seat to move, checking the invariants after it."""
    seat = game.to_move(st)[0]
    new, events = game.apply(st, seat, game.parse(st, seat, text))
    assert game.invariants(new) == [], game.invariants(new)
    return new, events


def play(game: DiceCardsGame, st: DiceCardsState, *texts: str) -> DiceCardsState:
    for text in texts:
        st, _ = do(game, st, text)
    return st


def legal(game: DiceCardsGame, st: DiceCardsState) -> list[str]:
    return [a.text() for a in game.legal_actions(st, game.to_move(st)[0])]


def owner_of(st: DiceCardsState, card: str) -> int:
    index = st.cards.card(card)
    assert index is not None
    return st.owner[index]


def all_owned_but(st: DiceCardsState, *left: str, seat: int = 1) -> dict[str, int]:
    """Every card owned by `seat` except `left` (a nearly finished game)."""
    return {c.id: seat for c in st.cards.cards if c.id not in left}
