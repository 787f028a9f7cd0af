"""`Game.turn_order`, which simulations tally win rates by turn position from, is the order in
which every mode's turns really come: the first round of a game, read from the public view's
turn counter and current player, is that order exactly, whatever seat the dice sent first."""

from __future__ import annotations

import pytest

import warroom.games as games
from warroom.bots import make_bot
from warroom.core import Match

MODES = [g.id for g in games.modes()]
SEEDS = range(6)  # enough for the dice to send different seats first in every mode


def first_round(mode: str, players: int, seed: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(the seats holding turns 1, 2, ... of the first round, `turn_order` at the game's end),
    random bots in every seat."""
    game = games.get_mode(mode)
    limit = {"turn_limit": 30} if any(o.name == "turn_limit" for o in game.options) else {}
    match = Match.start(mode, players, seed, limit)
    bots = [make_bot("random", mode, seed * 10 + s) for s in range(players)]
    holders: dict[int, int] = {}
    while match.outcome() is None and len(holders) < players:
        view = match.view(None)
        turn, current = view.get("turn"), view.get("current")
        if isinstance(turn, int) and turn >= 1 and isinstance(current, int):
            holders.setdefault(turn, current)
        seat = match.to_move()[0]
        match.act(seat, bots[seat].choose(seat, match.observe(seat), match.legal(seat)))
    return tuple(holders[t] for t in sorted(holders)), match.game.turn_order(match.state)


@pytest.mark.parametrize("mode", MODES)
def test_the_first_round_of_turns_comes_in_turn_order(mode: str) -> None:
    game = games.get_mode(mode)
    players = min(game.max_players, max(game.min_players, 3))
    firsts = set()
    for seed in SEEDS:
        played, order = first_round(mode, players, seed)
        if not order:  # a mode with no one order says so (Godstorm bids for it every epoch)
            assert mode == "risk-godstorm"
            continue
        assert sorted(order) == list(range(players)), f"{mode} seed {seed}: {order}"
        assert played == order, f"{mode} seed {seed}: turns came {played}, order says {order}"
        firsts.add(order[0])
    if mode == "mass-effect-galaxy-at-war":  # G27: Player 1 always takes the first turn
        assert firsts == {0}
    elif mode != "risk-godstorm":  # the dice (or faction order) send different seats first
        assert len(firsts) > 1, f"{mode}: always seat {firsts}"
