"""`in` on Godstorm's legal actions (answered by the rules, `rules._allows`) agrees with the
listed families, and the fortify paths it narrows to agree with the rules' adjacency."""

from __future__ import annotations

import random

import pytest

from tests.membership import check_membership
from warroom.bots import make_bot
from warroom.core import Action
from warroom.games.godstorm import underworld
from warroom.games.godstorm.invasion import adjacent
from warroom.games.godstorm.rules import FORTIFY, Godstorm
from warroom.games.godstorm.state import GodstormState

GAME = Godstorm()
KINDS = ("fortify", "invade", "summon", "temple", "buy", "place", "done", "move", "roll")


def _check(state: GodstormState, rng: random.Random) -> None:
    seat = GAME.to_move(state)[0]
    names = state.parts.earth.territories
    check_membership(
        GAME.legal_actions(state, seat),
        rng,
        8,
        names[::9],
        KINDS,
        lambda a: (
            [Action("buy", (True, *a.args[1:])), Action("buy", (*a.args[:-1], -1))]
            if a.kind == "buy"
            else []
        ),
        state.phase,
    )


@pytest.mark.parametrize(("tier", "players", "seed"), [("greedy", 3, 1), ("random", 4, 2)])
def test_membership_agrees_with_the_list(tier: str, players: int, seed: int) -> None:
    state = GAME.new_game(players, seed, {})
    bots = [make_bot(tier, GAME.id, seed + s) for s in range(players)]
    rng = random.Random(seed)
    phases = set()
    while GAME.outcome(state) is None:
        _check(state, rng)
        phases.add(state.phase)
        seat = GAME.to_move(state)[0]
        action = bots[seat].choose(seat, GAME.observe(state, seat), GAME.legal_actions(state, seat))
        state, _ = GAME.apply(state, seat, action)
    assert {"fortify", "invade", "gods", "buy"} <= phases


def _paths(state: GodstormState, seat: int, source: int) -> set[int]:
    """The fortify paths by the rules' own adjacency, one territory at a time."""
    mine = set(state.territories_of(seat))
    seen, frontier = {source}, [source] if source in mine else []
    while frontier:
        here = frontier.pop()
        for there in mine - seen:
            if adjacent(state, here, there):
                seen.add(there)
                frontier.append(there)
    return seen


def test_fortify_reach_follows_the_rules_adjacency_under_a_maelstrom() -> None:
    """A maelstrom's water crossing cuts a path; sunken Atlantis joins nothing."""
    state = GAME.new_game(3, 4, {})
    bots = [make_bot("greedy", GAME.id, s) for s in range(3)]
    seas = [pair for pair, kind in state.parts.earth.kind_of.items() if kind == "sea"]
    rng = random.Random(4)
    checked = 0
    while GAME.outcome(state) is None:
        seat = GAME.to_move(state)[0]
        if state.phase == FORTIFY:
            for maelstrom, sunk in ((None, False), (rng.choice(seas), False), (None, True)):
                probe = state.copy()
                probe.maelstrom, probe.sunk = maelstrom, sunk
                for source in range(len(probe.parts.earth)):
                    reach = underworld.fortify_reach(probe, seat, source)
                    assert reach == _paths(probe, seat, source), (maelstrom, sunk, source)
                checked += 1
        action = bots[seat].choose(seat, GAME.observe(state, seat), GAME.legal_actions(state, seat))
        state, _ = GAME.apply(state, seat, action)
    assert checked > 5
