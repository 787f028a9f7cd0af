"""`in` on the dice card games' legal actions (answered by the rules, `_allows`) agrees with
the listed families, and playing in place (`play_owned`) plays the same game as `apply`."""

from __future__ import annotations

import random

import pytest

from tests.membership import check_membership
from warroom.bots import make_bot
from warroom.core import Action
from warroom.core.errors import MalformedAction
from warroom.games import get_mode
from warroom.games.dice_cards.rules import STEAL, DiceCardsGame
from warroom.games.dice_cards.state import DiceCardsState

KINDS = ("target", "match", "aside", "pass", "reroll")


def _check(game: DiceCardsGame, state: DiceCardsState, rng: random.Random) -> None:
    seat = game.to_move(state)[0]
    words: list[str | int] = [card.id for card in state.cards.cards]
    words += [STEAL, "STEAL", 1, 2, 3, 4, 0]
    check_membership(game.legal_actions(state, seat), rng, 6, words, KINDS, where=state.phase)


@pytest.mark.parametrize(
    ("mode", "tier", "players", "seed"),
    [
        ("mass-effect-war-assets", "greedy", 2, 1),
        ("mass-effect-war-assets", "random", 4, 2),
        ("mcu-guardians", "greedy", 3, 3),
        ("mcu-guardians", "random", 2, 4),
    ],
)
def test_membership_agrees_with_the_list(mode: str, tier: str, players: int, seed: int) -> None:
    game = get_mode(mode)
    assert isinstance(game, DiceCardsGame)
    state = game.new_game(players, seed, {})
    owned = state.copy()
    bots = [make_bot(tier, mode, seed + s) for s in range(players)]
    rng = random.Random(seed)
    kinds = set()
    while game.outcome(state) is None and state.turn < 80:
        _check(game, state, rng)
        seat = game.to_move(state)[0]
        action = bots[seat].choose(seat, game.observe(state, seat), game.legal_actions(state, seat))
        kinds.add(action.kind)
        state, _ = game.apply(state, seat, action)
        owned = game.play_owned(owned, seat, action)
        assert owned == state
    assert {"target", "match"} <= kinds


def test_an_action_refused_in_place_changes_nothing() -> None:
    """`play_owned` plays an unlisted action on a copy: a refusal leaves the state as it was."""
    game = get_mode("mass-effect-war-assets")
    assert isinstance(game, DiceCardsGame)
    state = game.new_game(2, 5, {})
    before = state.copy()
    seat = game.to_move(state)[0]
    card = state.cards.cards[0].id
    with pytest.raises(MalformedAction, match="a die is a number"):
        game.play_owned(state, seat, Action("target", (card, 1, 99)))
    assert state == before
