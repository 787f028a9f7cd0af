"""Secrets known to several seats: the core notion (`Event.known_to`, `Game.known_to`) and
the contract's checks of it (tests/contract/knowledge.py), which must catch a mode that
tells a secret to too few seats or redraws what a teammate knows.

No registered mode has teams yet, so a toy one stands in: four seats in two teams of two,
each seat with its own hand, which its teammate sees (as Galaxy at War's reading G28) and the
other team does not.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from warroom.core import HIDDEN, NOBODY, Action, Event, Game, Match, Outcome, Rng, Seat
from warroom.core.game import OptionValue, require

from ..contract.knowledge import check_redraw, check_secrets

UNSEEN = -1
DRAWS = 6


@dataclasses.dataclass
class PairsState:
    rng: Rng
    deck: list[int]
    hands: list[list[int]]  # per seat
    turn: int = 0


def team_of(seat: Seat) -> int:
    return seat % 2


class Pairs(Game[PairsState]):
    """Seats 0 and 2 against 1 and 3; the team with the higher hand total wins."""

    id = "toy-pairs"
    title = "Pairs"
    min_players = max_players = 4

    def setup(self, players: int, rng: Rng, options: Mapping[str, OptionValue]) -> PairsState:
        deck = list(range(10))
        rng.shuffle(deck)
        return PairsState(rng, deck, [[] for _ in range(players)])

    def to_move(self, state: PairsState) -> tuple[Seat, ...]:
        return () if state.turn >= DRAWS else (state.turn % 4,)

    def legal_actions(self, state: PairsState, seat: Seat) -> Sequence[Action]:
        return [Action("draw")] if seat in self.to_move(state) else []

    def known_to(self, state: PairsState, seat: Seat) -> frozenset[Seat]:
        return frozenset(s for s in range(4) if team_of(s) == team_of(seat))

    def apply(
        self, state: PairsState, seat: Seat, action: Action
    ) -> tuple[PairsState, list[Event]]:
        self.check_seat(state, seat)
        require(action == Action("draw"), f"{action.text()!r} is not legal")
        deck = state.deck[:]
        card = deck.pop()
        hands = [h[:] for h in state.hands]
        hands[seat].append(card)
        new = PairsState(state.rng.copy(), deck, hands, state.turn + 1)
        told = self.told(new, seat)
        return new, [Event("draw", f"seat {seat} draws", known_to=told, secret={"card": card})]

    def told(self, state: PairsState, seat: Seat) -> frozenset[Seat]:
        return self.known_to(state, seat)

    def observe(self, state: PairsState, seat: Seat | None) -> PairsState:
        known = self.known_to(state, seat) if seat is not None else NOBODY
        hands = [h[:] if s in known else [UNSEEN] * len(h) for s, h in enumerate(state.hands)]
        return PairsState(HIDDEN, [UNSEEN] * len(state.deck), hands, state.turn)

    def describe(self, observation: PairsState, seat: Seat | None) -> dict[str, Any]:
        return {"hands": observation.hands, "deck": len(observation.deck)}

    def outcome(self, state: PairsState) -> Outcome | None:
        if state.turn < DRAWS:
            return None
        best = max(range(2), key=lambda team: sum(state.hands[team]) + sum(state.hands[team + 2]))
        return Outcome((best, best + 2), "the higher hand")

    def seat_names(self, state: PairsState) -> list[str]:
        return [f"Seat {s + 1}" for s in range(4)]

    def resample_hidden(self, state: PairsState, seat: Seat, rng: Rng) -> PairsState:
        """The other team's hands and the deck redrawn; the seat's team's hands kept."""
        return self.redraw(state, self.known_to(state, seat), rng)

    @staticmethod
    def redraw(state: PairsState, kept: frozenset[Seat], rng: Rng) -> PairsState:
        hands = [h[:] for h in state.hands]
        unseen = state.deck + [c for s, h in enumerate(hands) if s not in kept for c in h]
        rng.shuffle(unseen)
        for s in range(4):
            if s not in kept:
                size = len(hands[s])
                hands[s], unseen = unseen[:size], unseen[size:]
        return PairsState(Rng(rng.next_u64()), unseen, hands, state.turn)


class TellsOnlyTheDrawer(Pairs):
    """A mode that forgets the team when it tells a secret."""

    def told(self, state: PairsState, seat: Seat) -> frozenset[Seat]:
        return frozenset((seat,))


class ForgetsTheTeammate(Pairs):
    """A mode that tells the team each draw but shows a seat only its own hand, and redraws
    whatever that view hides: the seat cannot tell, its teammate (who drew it) can."""

    def observe(self, state: PairsState, seat: Seat | None) -> PairsState:
        seen = super().observe(state, seat)
        seen.hands = [h if s == seat else [UNSEEN] * len(h) for s, h in enumerate(seen.hands)]
        return seen

    def resample_hidden(self, state: PairsState, seat: Seat, rng: Rng) -> PairsState:
        return self.redraw(state, frozenset((seat,)), rng)


def play(game: Pairs, seed: int = 3) -> tuple[Match, list[PairsState], list[list[Event]]]:
    match = Match(game, 4, seed, None)
    states, events = [], []
    while match.outcome() is None:
        states.append(match.state)
        seat = match.to_move()[0]
        events.append(match.act(seat, "draw"))
    return match, states, events


def test_an_event_shows_its_secret_to_every_seat_that_knows_it() -> None:
    event = Event("peek", "the Reapers look", {"planet": 4}, frozenset((1, 3)), {"token": "x"})
    assert event.for_seat(1)["token"] == event.for_seat(3)["token"] == "x"
    assert (
        event.for_seat(0)
        == event.for_seat(None)
        == {"kind": "peek", "text": "the Reapers look", "planet": 4}
    )
    assert Event("roll", "dice").known_to == NOBODY


def test_secret_text_replaces_the_text_only_for_those_who_know() -> None:
    event = Event(
        "draw", "A draws", known_to=frozenset((0, 2)), secret={"c": 1}, secret_text="You draw 1"
    )
    assert event.for_seat(2)["text"] == "You draw 1" and event.for_seat(1)["text"] == "A draws"


def test_the_default_known_to_is_the_seat_alone() -> None:
    from warroom.games import get_mode

    game = get_mode("risk-classic")
    state = game.new_game(3, 1)
    assert [game.known_to(state, s) for s in range(3)] == [{0}, {1}, {2}]


def test_a_team_secret_passes_the_contract_checks() -> None:
    game = Pairs()
    _, states, events = play(game)
    for step, state in enumerate(states):
        check_secrets(game, states[step + 1] if step + 1 < len(states) else state, events[step], 4)
        for seat in range(4):
            other = check_redraw(game, state, seat, Rng(seat))
            for holder in game.known_to(state, seat):
                assert other.hands[holder] == state.hands[holder]


def test_the_redraw_really_redraws_what_the_seat_cannot_see() -> None:
    game = Pairs()
    _, states, _ = play(game)
    state = states[-1]
    hands = {tuple(game.resample_hidden(state, 0, Rng(k)).hands[1]) for k in range(20)}
    assert state.hands[1]
    assert len(hands) > 1


def test_the_checks_catch_a_secret_told_to_one_teammate_only() -> None:
    game = TellsOnlyTheDrawer()
    _, states, events = play(game)
    with pytest.raises(AssertionError, match="not to all of"):
        check_secrets(game, states[0], events[0], 4)


def test_the_checks_catch_a_redraw_of_what_a_teammate_knows() -> None:
    game = ForgetsTheTeammate()
    _, states, _ = play(game)
    state = states[-1]  # seat 2 holds a card
    assert state.hands[2]
    for k in range(5):  # the seat's own view alone passes: only its teammate's catches it
        other = game.resample_hidden(state, 0, Rng(k))
        assert game.observe(other, 0) == game.observe(state, 0)
    with pytest.raises(AssertionError, match="changed what seat 2 observes"):
        for k in range(5):
            check_redraw(game, state, 0, Rng(k))
