"""`in` on Basic Training's and Galaxy at War's legal actions (answered by the rules'
`_allows`) agrees with the listed families, in every step a game visits."""

from __future__ import annotations

import random

import pytest

from warroom.bots import make_bot
from warroom.core import Action, get_mode
from warroom.games.mass_effect.basic import BasicState

KINDS = (
    "claim",
    "cerberus",
    "place",
    "trade",
    "build",
    "play",
    "attack",
    "strike",
    "end",
    "move",
    "fortify",
    "ships",
    "step",
)


def _near_misses(action: Action, names: tuple[str, ...], cards: list[str]) -> list[Action]:
    """Actions a step away from a legal one: other counts (of dice and of ships), other
    planets, other cards, other kinds."""
    kind, args = action.kind, action.args
    out = [Action(kind, (*args, 1)), Action(kind, args[:-1]), Action(kind, args[1:])]
    for place, word in enumerate(args):
        if isinstance(word, int):
            changed = [word + d for d in (-1, 1, 5)] + [str(word)]
            out += [Action(kind, (*args[:place], w, *args[place + 1 :])) for w in changed]
        elif isinstance(word, str):
            others = names[place::7] if word in names else cards
            out += [Action(kind, (*args[:place], o, *args[place + 1 :])) for o in others]
            out.append(Action(kind, (*args[:place], word.lower(), *args[place + 1 :])))
    if len(args) == 3:
        out.append(Action(kind, (*args, 0, 0, 1)))
    if len(args) >= 2:
        out.append(Action(kind, (args[1], args[0], *args[2:])))
    out += [Action(other, args) for other in KINDS]
    return out


STEPS = {"claim", "setup-place", "reinforce", "attack", "defend", "occupy", "fortify"}
GAW = "mass-effect-galaxy-at-war"


@pytest.mark.parametrize(
    ("mode", "tier", "players", "seed", "steps"),
    [
        ("mass-effect-basic", "greedy", 3, 1, STEPS),
        ("mass-effect-basic", "random", 4, 2, STEPS - {"occupy"}),
        (GAW, "greedy", 2, 1, {*STEPS, "ship-move", "place-ship", "harbinger-step"}),
        (GAW, "greedy", 5, 2, {*STEPS, "ship-move", "command", "vanguard"}),
        (GAW, "random", 4, 3, STEPS - {"occupy"} | {"ship-move", "harbinger"}),
    ],
)
def test_membership_agrees_with_the_list(
    mode: str, tier: str, players: int, seed: int, steps: set[str]
) -> None:
    game = get_mode(mode)
    state = game.new_game(players, seed, {"turn_limit": 12})
    bots = [make_bot(tier, mode, seed * 10 + s) for s in range(players)]
    rng = random.Random(seed)
    phases = set()
    while game.outcome(state) is None:
        assert isinstance(state, BasicState)
        seat = game.to_move(state)[0]
        legal = game.legal_actions(state, seat)
        for other in range(players):
            if other != seat:
                assert Action("end") not in game.legal_actions(state, other)
        listed = list(legal)
        cards = [state.cards.card_ids[c] for c in state.hands[seat]]
        for action in listed if len(listed) < 10 else rng.sample(listed, 10):
            assert action in legal
            for miss in _near_misses(action, state.board.territories, cards):
                assert (miss in legal) == (miss in listed), (state.phase, miss)
        phases.add(state.phase)
        state = game.play(state, seat, bots[seat].choose(seat, game.observe(state, seat), legal))
    assert steps <= phases
