"""`in` on the dice card games' legal actions (answered by the rules, `_allows`) agrees with
the listed families, and playing in place (`play_owned`) plays the same game as `apply`."""

from __future__ import annotations

import random

import pytest

from warroom.bots import make_bot
from warroom.core import Action
from warroom.core.errors import MalformedAction
from warroom.games import get_mode
from warroom.games.dice_cards.rules import STEAL, DiceCardsGame
from warroom.games.dice_cards.state import DiceCardsState

KINDS = ("target", "match", "aside", "pass", "reroll")


def _near_misses(action: Action, names: list[str]) -> list[Action]:
    """Actions a step away from a legal one: other dice, other rows, other cards, other kinds."""
    args = action.args
    out = [Action(action.kind, (*args, 1)), Action(action.kind, args[:-1])]
    if args and isinstance(args[-1], int):
        out += [Action(action.kind, (*args[:-1], args[-1] + d)) for d in (-1, 1, 5)]
        out.append(Action(action.kind, (*args[:-1], str(args[-1]))))
    for place, word in enumerate(args):
        others: list[str | int] = [STEAL, "STEAL", 1, 2, 3, 4, 0]
        if isinstance(word, str) and word != STEAL:
            others += [name for name in names if name != word] + [word.upper()]
        out += [Action(action.kind, (*args[:place], o, *args[place + 1 :])) for o in others]
    if len(args) >= 2:
        out.append(Action(action.kind, (args[1], args[0], *args[2:])))
    out += [Action(kind, args) for kind in KINDS] + [Action(kind) for kind in KINDS]
    return out


def _check(game: DiceCardsGame, state: DiceCardsState, rng: random.Random) -> None:
    seat = game.to_move(state)[0]
    legal = game.legal_actions(state, seat)
    listed = list(legal)
    names = [card.id for card in state.cards.cards]
    for action in listed if len(listed) < 6 else rng.sample(listed, 6):
        assert action in legal
        for miss in _near_misses(action, names):
            assert (miss in legal) == (miss in listed), (state.phase, miss)


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
