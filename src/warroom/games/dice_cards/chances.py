"""The chance to complete the staged card after a `target` or `match` action, playing on at
best (the exact solver of `warroom.odds.dice_match`, in floats): what the terminal's `actions`
and `odds` show beside each choice, and the page beside each button (`/dice-odds`)."""

from __future__ import annotations

from warroom.core import Action
from warroom.games.dice_cards.rules import STEAL, DiceCardsGame
from warroom.games.dice_cards.state import DiceCardsState
from warroom.odds.dice_match import completion_float


def completion_chance(game: DiceCardsGame, st: DiceCardsState, seat: int, action: Action) -> float:
    """The chance `action` (a `target` or `match` of `seat`'s) leads to the card completed,
    every later roll played at best."""
    if action.kind == "target":
        k = st.cards.card(str(action.args[0]))
        assert k is not None
        rows = list(game.target_rows(st, seat, k))
        open_slots = list(range(len(rows)))
        row, dice = action.args[1], action.args[2:]
    else:
        rows = list(st.rows())
        open_slots = st.open_slots()
        row, dice = action.args[0], action.args[1:]
    slot = len(rows) - 1 if row == STEAL else int(row) - 1
    left = [rows[k] for k in open_slots if k != slot]
    if not left:
        return 1.0
    used = {int(str(n)) - 1 for n in dice}
    free = [i for i in st.unplaced() if i not in used]
    d6 = sum(1 for i in free if st.sides[i] == 6)
    return completion_float(left, d6, len(free) - d6)[0]
