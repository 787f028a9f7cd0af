"""The scripted generator (explicit chance): it plays outcomes given one by one, asks for the
next with the draw's bound, and a game played on the outcomes a real generator drew is that
same game, move for move, in every mode."""

from __future__ import annotations

from typing import Any

import pytest

import warroom.games as games
from warroom.bots import RandomBot
from warroom.core import ChanceNeeded, Rng, Script, ScriptedRng

MODES = [g.id for g in games.modes()]


class RecordingRng(Rng):
    """SplitMix64 that notes each draw's bound and outcome (its copies note in the same list),
    the script a `ScriptedRng` must play to draw what this one drew."""

    __slots__ = ("draws",)

    def __init__(self, seed: int, counter: int = 0, draws: list[tuple[int, int]] | None = None):
        super().__init__(seed, counter)
        self.draws = [] if draws is None else draws

    def copy(self) -> RecordingRng:
        return RecordingRng(self.seed, self.counter, self.draws)

    def below(self, n: int) -> int:
        outcome = super().below(n)
        self.draws.append((n, outcome))
        return outcome


def test_scripted_draws_are_the_generators_for_dice_rolls_and_shuffles() -> None:
    real = RecordingRng(5)
    drawn = (real.die(), real.roll(3), real.die(8), [*range(10)])
    real.shuffle(drawn[3])
    scripted = ScriptedRng(Script(tuple(outcome for _, outcome in real.draws)))
    again = (scripted.die(), scripted.roll(3), scripted.die(8), [*range(10)])
    scripted.shuffle(again[3])
    assert again == drawn
    assert [bound for bound, _ in real.draws] == [6, 6**3, 8, *range(10, 1, -1)]


def test_a_spent_script_asks_for_the_next_draw_with_its_bound_and_moves_nothing() -> None:
    generator = ScriptedRng(Script((3,)))
    assert generator.die() == 4
    with pytest.raises(ChanceNeeded) as asked:
        generator.roll(5)
    assert asked.value.bound == 6**5 and generator.counter == 1
    generator.script.outcomes += (7775,)
    assert generator.roll(5) == (6, 6, 6, 6, 6)


def test_copies_share_the_script_and_keep_their_own_place() -> None:
    script = Script((0, 1))
    first = ScriptedRng(script)
    first.below(2)
    twin = first.copy()
    assert twin.below(2) == 1 and first.counter == 1  # the twin drew; the original did not
    script.outcomes, script.start = (5,), 2  # the outcomes from draw 2 on
    assert twin.below(6) == 5
    with pytest.raises(ValueError, match="before the script"):
        first.below(2)


def test_an_outcome_outside_the_draw_and_other_draws_are_refused() -> None:
    with pytest.raises(ValueError, match="not below 6"):
        ScriptedRng(Script((6,))).die()
    with pytest.raises(RuntimeError, match="bounded draws"):
        ScriptedRng(Script()).next_u64()


def _play(game: Any, generator: Rng, moves: int) -> list[Any]:
    """Views after each of `moves` random actions (a bot of its own seed), from setup."""
    players = game.min_players
    names = {o.name for o in game.options}
    options = game.resolve_options({"turn_limit": 8} if "turn_limit" in names else {})
    state = game.setup(players, generator, options)
    bot = RandomBot(3)
    views = [game.view(state, None)]
    for _ in range(moves):
        movers = game.to_move(state)
        if not movers:
            break
        seat = movers[0]
        state = game.play(state, seat, bot.choose(seat, None, game.legal_actions(state, seat)))
        views.append([game.view(state, s) for s in (None, *range(players))])
    return views


@pytest.mark.parametrize("mode", MODES)
def test_every_mode_plays_the_same_game_on_a_script_of_its_generators_draws(mode: str) -> None:
    """The explicit game is the game: the outcomes SplitMix64 drew, given to a scripted
    generator, make every view equal, move for move; and the recording changed nothing."""
    game = games.get_mode(mode)
    real = RecordingRng(17)
    played = _play(game, real, 150)
    assert _play(game, Rng(17), 150) == played
    assert real.draws, "a game with no chance at all"
    script = Script(tuple(outcome for _, outcome in real.draws))
    assert _play(game, ScriptedRng(script), 150) == played
