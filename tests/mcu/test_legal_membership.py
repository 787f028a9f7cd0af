"""`in` on Skirmish's and Battle for Manhattan's legal actions (answered by the rules'
`_allows`) agrees with the listed families, in every step a game visits."""

from __future__ import annotations

import random

import pytest

from warroom.bots import make_bot
from warroom.core import Action, get_mode
from warroom.games.mcu.skirmish import McuState

KINDS = ("claim", "trade", "ally", "power", "place", "attack", "end", "maneuver", "allies", "move")


def _near_misses(action: Action, names: tuple[str, ...], cards: list[str]) -> list[Action]:
    """Actions a step away from a legal one: other counts, other sectors, other cards (a trade
    of other cards of the same mix, too), Allies left or taken along, other kinds."""
    kind, args = action.kind, action.args
    out = [Action(kind, (*args, 1)), Action(kind, args[:-1]), Action(kind, args[1:])]
    if args and isinstance(args[-1], int):
        out += [Action(kind, (*args[:-1], args[-1] + d)) for d in (-1, 1, 5)]
        out.append(Action(kind, (*args[:-1], str(args[-1]))))
    for place, word in enumerate(args):
        if not isinstance(word, str):
            continue
        others = names[place::9] if word in names else cards
        out += [Action(kind, (*args[:place], o, *args[place + 1 :])) for o in others]
        out.append(Action(kind, (*args[:place], word.lower(), *args[place + 1 :])))
    if len(args) == 3:
        out.append(Action(kind, (*args[:2], "alone", args[2])))
    if len(args) >= 2:
        out.append(Action(kind, (args[1], args[0], *args[2:])))
    out += [Action(other, args) for other in KINDS]
    return out


STEPS = {"claim", "reinforce", "attack", "defend", "occupy", "maneuver"}


@pytest.mark.parametrize(
    ("mode", "tier", "players", "seed", "steps"),
    [
        ("mcu-skirmish", "greedy", 5, 1, STEPS),
        ("mcu-skirmish", "random", 4, 2, STEPS),
        ("mcu-battle-for-manhattan", "greedy", 3, 1, {*STEPS, "hulk"}),
        ("mcu-battle-for-manhattan", "greedy", 5, 3, {*STEPS, "hulk"}),
        ("mcu-battle-for-manhattan", "random", 5, 2, STEPS - {"occupy"}),
    ],
)
def test_membership_agrees_with_the_list(
    mode: str, tier: str, players: int, seed: int, steps: set[str]
) -> None:
    game = get_mode(mode)
    options = {"turn_limit": 16 if tier == "random" else 12, "factions": "random"}
    state = game.new_game(players, seed, options)
    bots = [make_bot(tier, mode, seed * 10 + s) for s in range(players)]
    rng = random.Random(seed)
    phases = set()
    while game.outcome(state) is None:
        assert isinstance(state, McuState)
        seat = game.to_move(state)[0]
        legal = game.legal_actions(state, seat)
        for other in range(players):
            if other != seat:
                assert Action("end") not in game.legal_actions(state, other)
        listed = list(legal)
        cards = [state.decks.card_ids[c] for c in state.hands[seat]]
        for action in listed if len(listed) < 12 else rng.sample(listed, 12):
            assert action in legal
            for miss in _near_misses(action, state.board.territories, cards):
                assert (miss in legal) == (miss in listed), (state.phase, miss)
        phases.add(state.phase)
        state = game.play(state, seat, bots[seat].choose(seat, game.observe(state, seat), legal))
    assert steps <= phases
