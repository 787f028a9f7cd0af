"""The chance to complete the staged card after a choice, playing on at best (the exact solver
of `warroom.odds.dice_match`, in floats): what the terminal's `actions` and `odds` show beside
each choice, and the page beside each button (`/dice-odds`).

Every choice counts the rerolls left this turn (Guardians' `reroll` power), each used at best.
A reroll is answered only once a card is staged: on the first roll no card is, and what the
new roll allows the player to stage is the player's choice among cards of different worth, so
there is no one card whose chance it would be."""

from __future__ import annotations

from warroom.core import Action
from warroom.core.actions import Arg
from warroom.games.dice_cards.rules import STEAL, DiceCardsGame
from warroom.games.dice_cards.state import MATCH, DiceCardsState
from warroom.odds.dice_match import completion_float
from warroom.rules.dice_match import Row

CHANCE_KINDS = ("target", "match", "aside", "reroll")
"""The kinds of choice a chance may be given for (`has_chance` says which, now)."""


def has_chance(st: DiceCardsState, action: Action) -> bool:
    """Whether `completion_chance` answers `action`: a target, a match, a die set aside, or a
    reroll of a staged card's dice."""
    return action.kind in CHANCE_KINDS and (action.kind != "reroll" or st.phase == MATCH)


def completion_chance(game: DiceCardsGame, st: DiceCardsState, seat: int, action: Action) -> float:
    """The chance `action` (one `has_chance` answers, of `seat`'s) leads to the card completed,
    every later roll, and every reroll left, played at best."""
    if action.kind == "target":
        k = st.cards.card(str(action.args[0]))
        assert k is not None
        rows = list(game.target_rows(st, seat, k))
        open_slots = list(range(len(rows)))
        slot, placed = _slot(rows, action.args[1]), action.args[2:]
    else:
        rows = list(st.rows())
        open_slots = st.open_slots()
        if action.kind == "match":
            slot, placed = _slot(rows, action.args[0]), action.args[1:]
        else:  # a die set aside fills no row; a reroll places no die
            slot, placed = -1, action.args
    left = [rows[k] for k in open_slots if k != slot]
    if not left:
        return 1.0
    used = {int(str(n)) - 1 for n in placed}
    free = [i for i in st.unplaced() if i not in used]
    d6 = sum(1 for i in free if st.sides[i] == 6)
    rerolls = st.rerolls - (action.kind == "reroll")
    return completion_float(left, d6, len(free) - d6, rerolls=rerolls)[0]


def _slot(rows: list[Row], name: Arg) -> int:
    """The row an action names: by number from 1, or the steal row (last)."""
    return len(rows) - 1 if name == STEAL else int(name) - 1
