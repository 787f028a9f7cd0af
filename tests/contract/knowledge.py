"""What a seat knows, checked the same way for every mode: a secret reaches exactly the
seats that share it, and a redraw for one seat keeps what it or its teammates know.

Modes say who shares a seat's knowledge through `Game.known_to` (itself alone by default, a
team where teammates see each other's secrets); the checks below hold for any answer."""

from __future__ import annotations

from typing import Any

from warroom.core import Event, Game, Rng, Seat


def check_secrets(game: Game[Any], state: Any, events: list[Event], players: int) -> None:
    """Every secret is told to real seats, and to all who share what any of them knows."""
    for event in events:
        if event.secret is None:
            continue
        assert event.known_to, f"secret {event.kind!r} told to nobody"
        assert event.known_to <= set(range(players)), f"{event.kind!r}: {event.known_to}"
        for seat in event.known_to:
            sharers = game.known_to(state, seat)
            assert sharers <= event.known_to, (
                f"secret {event.kind!r} told to {sorted(event.known_to)}, "
                f"not to all of {sorted(sharers)}"
            )
        public = event.for_seat(None)
        for seat in range(players):
            shown = event.for_seat(seat)
            if seat in event.known_to:
                assert all(shown[key] == value for key, value in event.secret.items())
            else:
                assert shown == public, f"secret {event.kind!r} shown to seat {seat}"


def check_redraw(game: Game[Any], state: Any, seat: Seat, rng: Rng) -> Any:
    """A redraw for `seat` that no seat sharing its knowledge can tell from `state`.

    It redraws only what is hidden from `seat`: its own view and observation stay, and so do
    those of every seat in `known_to(state, seat)` (what a teammate knows, `seat` knows too).
    Returns the redrawn state (None where the mode hides nothing)."""
    other = game.resample_hidden(state, seat, rng)
    if other is None:
        return None
    team = game.known_to(state, seat)
    assert seat in team, f"known_to({seat}) = {sorted(team)} leaves out the seat itself"
    assert game.known_to(other, seat) == team, "the redraw changed who shares what"
    for knower in sorted(team):
        assert game.observe(other, knower) == game.observe(state, knower), (
            f"a redraw for seat {seat} changed what seat {knower} observes"
        )
        assert game.view(other, knower) == game.view(state, knower), (
            f"a redraw for seat {seat} changed what seat {knower} sees"
        )
    return other
