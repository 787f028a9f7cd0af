"""What the modes' membership tests share (`tests/*/test_legal_membership.py`): actions a step
away from a legal one, and the check that a mode's own `in` (answered without listing) agrees
with its listing for them."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from warroom.core import Action
from warroom.core.actions import Arg


def near_misses(action: Action, words: Sequence[Arg], kinds: Sequence[str]) -> list[Action]:
    """A count added or dropped, the first argument dropped, each number moved (-1, +1, +5) or
    written as text, each word replaced by each of `words` or written in another case, the
    first two arguments swapped, and the same arguments (or none) under each of `kinds`."""
    kind, args = action.kind, action.args
    out = [Action(kind, (*args, 1)), Action(kind, args[:-1]), Action(kind, args[1:])]
    for place, word in enumerate(args):
        others: list[Arg]
        if isinstance(word, int):
            others = [word + step for step in (-1, 1, 5)] + [str(word)]
        else:
            others = [w for w in words if w != word] + [word.lower(), word.upper()]
        out += [Action(kind, (*args[:place], other, *args[place + 1 :])) for other in others]
    if len(args) >= 2:
        out.append(Action(kind, (args[1], args[0], *args[2:])))
    out += [Action(other, args) for other in kinds] + [Action(other) for other in kinds]
    return out


def check_membership(
    legal: Sequence[Action],
    rng: random.Random,
    sample: int,
    words: Sequence[Arg],
    kinds: Sequence[str],
    more: Callable[[Action], list[Action]] = lambda action: [],
    where: object = None,
) -> None:
    """Up to `sample` listed actions are `in`, and each near miss (and what `more` adds) is
    `in` exactly when the listing holds it."""
    listed = list(legal)
    for action in listed if len(listed) <= sample else rng.sample(listed, sample):
        assert action in legal
        for miss in near_misses(action, words, kinds) + more(action):
            assert (miss in legal) == (miss in listed), (where, miss)
