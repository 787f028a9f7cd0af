"""RISK Godstorm as a game (rules.py): who decides what through setup, the bids and a turn,
and the contract's properties on a few seeded random games, each setup and player count."""

from __future__ import annotations

import random

import pytest

from warroom.core import Match, get_mode
from warroom.core.actions import Action
from warroom.core.errors import IllegalAction, MalformedAction, NotYourDecision
from warroom.core.rng import Rng
from warroom.core.sealed import HIDDEN as HIDDEN_BID
from warroom.games.godstorm.rules import (
    BEGIN,
    BID,
    GODS,
    INVADE,
    MARKER,
    OVER,
    PANTHEON,
    PLACE,
    PLAY,
    RAISE,
    STEPS,
    UNDERWORLD,
    Godstorm,
)
from warroom.games.godstorm.state import BANISHED, WAR, GodstormState

from .conftest import hold, space, table
from .dice import roll_draw, scripted

GAME: Godstorm = get_mode("risk-godstorm")  # type: ignore[assignment]


def first_legal(state: GodstormState) -> GodstormState:
    seat = GAME.to_move(state)[0]
    return GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])[0]


def until(state: GodstormState, phase: str) -> GodstormState:
    while state.phase != phase:
        state = first_legal(state)
    return state


def test_g14_g16_g17_setup_choices_deal_and_placements_of_three() -> None:
    state = GAME.setup(4, Rng(3), {})
    assert state.phase == PANTHEON and sum(state.plague) == 4  # G12
    chooser = GAME.to_move(state)[0]
    state, _ = GAME.apply(state, chooser, Action("pantheon", ("Norse",)))
    assert state.names[chooser] == "Norse"
    assert Action("pantheon", ("Norse",)) not in GAME.legal_actions(state, GAME.to_move(state)[0])
    state = until(state, PLACE)
    assert sorted(sum(1 for o in state.owner if o == s) for s in range(4)) == [10, 10, 11, 11]
    placer = GAME.to_move(state)[0]
    legal = GAME.legal_actions(state, placer)
    assert max(int(a.args[1]) for a in legal if a.kind == "place") == 3  # G17: 3 at a time
    territory = str(legal[0].args[0])
    state, _ = GAME.apply(state, placer, Action("place", (territory, 2)))
    assert GAME.to_move(state) == (placer,)
    state, _ = GAME.apply(state, placer, Action("place", (territory, 1)))
    assert GAME.to_move(state) == ((placer + 1) % 4,)


def test_g18_g19_g24_gods_temples_faith_then_a_sealed_bid() -> None:
    state = until(GAME.setup(3, Rng(5), {}), BEGIN)
    assert sum(state.to_place) == 0
    state = until(state, BID)
    assert sum(state.temple) == 3 and state.faith == [3, 3, 3]
    for s in range(3):  # on a territory of its own, or banished by a plague land (G45)
        where = state.gods[s][WAR]
        assert where == BANISHED or (state.owner[where] == s and not state.plague[where])
    assert GAME.to_move(state) == (0, 1, 2)  # every bidder at once
    state, events = GAME.apply(state, 1, Action("bid", (2,)))
    assert GAME.to_move(state) == (0, 2)
    assert GAME.observe(state, 0).bids.bids[1] == HIDDEN_BID  # type: ignore[union-attr]
    assert "2" not in events[0].for_seat(0)["text"]
    state, _ = GAME.apply(state, 0, Action("bid", (0,)))
    state, events = GAME.apply(state, 2, Action("bid", (1,)))
    assert state.phase == MARKER and state.faith == [3, 1, 2] and events[1].reveals
    assert GAME.to_move(state) == (1,)


def test_g28_g30_a_turn_runs_its_steps_in_order() -> None:
    state = until(GAME.setup(3, Rng(8), {}), MARKER)
    for _ in range(3):
        seat = GAME.to_move(state)[0]
        marker = int(GAME.legal_actions(state, seat)[0].args[0])
        state, _ = GAME.apply(state, seat, Action("marker", (marker,)))
    assert state.phase == RAISE and GAME.to_move(state) == (state.markers[0],)
    seat = state.markers[0]
    assert state.to_place[seat] >= 3  # G31: at least 3
    state = until(state, GODS)
    kinds = {a.kind for a in GAME.legal_actions(state, seat)}
    assert "done" in kinds and "cast" not in kinds  # G64: cards wait for step 4
    state = until(state, PLAY)
    state, _ = GAME.apply(state, seat, Action("done"))
    assert state.phase == INVADE  # §5 plague struck automatically on the way


def test_each_step_reads_after_your_move_and_after_waiting_for_a_player() -> None:
    """The view's `step` follows both "Your move: " and "Waiting for Player 2: " on the page
    (and the terminal's prompt): what is being done, as Classic's steps say it ("choosing how
    many dice to defend with"), never naming a side ("the attacker rolls") or giving an order
    ("fight the godswar on")."""
    for phase, words in STEPS.items():
        if phase == OVER:
            assert words == "the game is over"
            continue
        assert words.split()[0].endswith("ing"), (phase, words)
        assert "attacker" not in words and "defender" not in words, (phase, words)


def test_illegal_and_malformed_actions_change_nothing() -> None:
    state = until(GAME.setup(3, Rng(9), {}), BID)
    before = state.copy()
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, Action("bid", (4,)))
    with pytest.raises(MalformedAction):
        GAME.apply(state, 0, Action("summon-kraken"))
    assert state == before
    state = until(state, RAISE)
    before = state.copy()
    with pytest.raises(NotYourDecision):
        GAME.apply(state, (state.markers[0] + 1) % 3, Action("done"))
    with pytest.raises(IllegalAction):
        GAME.apply(state, state.markers[0], Action("place", ("Atlantis", 1)))
    assert state == before


def test_typed_place_names_read_in_any_case_so_a_refusal_gives_its_reason() -> None:
    """ "place dacia 5" was refused as a place not offered ("cannot place dacia 5 now"), where
    "place Dacia 5" says the count is out of bounds: a whole name of either board is read in
    any case; gods are read in any order ("war+sky" is the listing's "sky+war"); other words
    (pantheons, cards) stay as typed."""
    state = until(GAME.setup(3, Rng(3), {}), PLACE)
    placer = GAME.to_move(state)[0]
    mine = str(GAME.legal_actions(state, placer)[0].args[0])
    typed = GAME.parse(state, placer, f"place {mine.lower()} 5")
    assert typed == Action("place", (mine, 5))
    with pytest.raises(IllegalAction, match=f"place {mine} takes 1 to 3"):
        GAME.apply(state, placer, typed)
    underworld = state.parts.underworld.territories[0]
    assert GAME.parse(state, placer, f"move {underworld.upper()}").args == (underworld,)
    assert GAME.parse(state, placer, "pantheon greeks war+sky").args == ("greeks", "sky+war")


def _random_game(
    seed: int, players: int, setup: str = "deal"
) -> tuple[GodstormState, list[GodstormState]]:
    state = GAME.setup(players, Rng(seed), {"setup": setup})
    pick = random.Random(seed)
    seen = []
    while GAME.outcome(state) is None:
        seat = GAME.to_move(state)[0]
        legal = GAME.legal_actions(state, seat)
        assert legal, f"{state.phase}: seat {seat} has no action"
        if pick.random() < 0.03:
            seen.append(state)
        state = GAME.apply(state, seat, legal[pick.randrange(len(legal))])[0]
        assert GAME.invariants(state) == []
    return state, seen


@pytest.mark.parametrize(
    ("seed", "players", "setup"),
    [(11, 3, "deal"), (12, 5, "deal"), (13, 2, "deal"), (14, 4, "claim")],
)
def test_g23_random_games_finish_after_five_epochs(seed: int, players: int, setup: str) -> None:
    final, seen = _random_game(seed, players, setup)
    outcome = GAME.outcome(final)
    assert outcome is not None and outcome.winners and len(outcome.ranking) == players
    assert final.epoch == 5 or len(final.eliminated) == players - 1
    for state in seen:  # nothing hidden from a seat shows when it is redrawn
        for viewer in range(players):
            other = GAME.resample_hidden(state, viewer, Rng(seed))
            assert GAME.observe(other, viewer) == GAME.observe(state, viewer)
            assert GAME.view(other, viewer) == GAME.view(state, viewer)


def test_the_log_reads_pantheons_as_plurals() -> None:
    """Every pantheon's name is a plural: "Norse place 1 army in ...", not "Norse places"; a seat
    still without one is "Player 2", one player."""
    state = GAME.setup(4, Rng(3), {})
    chooser = GAME.to_move(state)[0]
    assert state.does(chooser, "takes") == f"Player {chooser + 1} takes"
    state = until(state, PLACE)
    placer = GAME.to_move(state)[0]
    territory = str(next(a for a in GAME.legal_actions(state, placer) if a.kind == "place").args[0])
    name = state.names[placer]
    assert not name.startswith("Player")  # every seat has chosen its pantheon by now
    _, events = GAME.apply(state, placer, Action("place", (territory, 1)))
    assert f"{name} place 1 army in {territory}" in [e.text for e in events]


def test_the_log_tells_captures_temple_armies_and_free_draws() -> None:
    """What changes the board is in the log: the armies moving into a conquest (as Classic's
    'moves 3 into'), an Underworld space entered, the armies the temples raise (G34), and a
    card a relic or a miracle draws (secret to its holder, its deck public, G6)."""
    state = table()
    hold(state, 0, {"Roma": 6, "Sicilia": 1})
    hold(state, 1, {"Apulia": 1, "Egypt": 1})
    hold(state, 2, {"Sumer": 1})
    roma, sicilia = state.parts.earth.territory("Roma"), state.parts.earth.territory("Sicilia")
    state.temple[roma] = state.temple[sicilia] = True
    state.markers, state.turn, state.phase = [0, 1, 2], 0, INVADE
    me = state.names[0]
    state, _ = GAME.apply(state, 0, Action("invade", ("Roma", "Apulia", "-", 5)))
    state, _ = GAME.apply(state, 0, Action("roll", (3,)))
    state.rng = scripted(roll_draw(6, 5, 4, 1))
    state, _ = GAME.apply(state, 1, Action("defend", (1,)))
    state, events = GAME.apply(state, 0, Action("move", (4,)))
    assert events[0].text == f"{me} move 4 armies into Apulia" and events[0].data["from"] == "Roma"
    state, events = GAME.apply(state, 0, Action("invade", ("Roma", "Corsica", "-", 1)))
    state, events = GAME.apply(state, 0, Action("move", (1,)))  # A15: an empty one
    assert [e.text for e in events] == [f"{me} move 1 army into Corsica"]
    state.phase = UNDERWORLD
    space(state, 0, "Gate of Horn", 3)
    state, _ = GAME.apply(state, 0, Action("descend", ("Gate of Horn", "Ashen Field")))
    state, events = GAME.apply(state, 0, Action("move", (2,)))  # A16: an empty space
    assert [e.text for e in events] == [f"{me} move 2 armies into Ashen Field"]
    pandora = next(i for i, c in enumerate(state.parts.cards) if c.title == "Pandora's Box")
    state.relics[1] = [pandora]
    state.temple[state.parts.earth.territory("Egypt")] = True
    state, events = GAME.apply(state, 0, Action("done"))  # seat 1's turn begins
    them = state.names[1]
    drawn = next(e for e in events if e.kind == "draw")
    assert drawn.for_seat(0)["text"] == f"{them} draw a Death card (Pandora's Box)"
    assert drawn.for_seat(1)["card"] == state.parts.cards[state.hands[1][0]].name
    state, events = GAME.apply(state, 1, Action("place", ("Egypt", state.to_place[1])))
    assert events[-1].text == f"{them} place 1 army at the temple in Egypt"
    state.phase = RAISE  # seat 0's two temples, as its own turn would raise them
    state.markers, state.turn, state.to_place[0] = [0, 1, 2], 0, 1
    state, events = GAME.apply(state, 0, Action("place", ("Roma", 1)))
    assert events[-1].text == f"{me} place 1 army at each temple: Roma, Sicilia"


def test_the_log_says_where_the_god_of_war_and_the_first_temple_go() -> None:
    """G18: both are placed on the open board, yet the log said only 'Greeks place a god of
    war and a temple', leaving a reader of the log (a terminal player) to find them."""
    match = Match.start("risk-godstorm", 3, 2)
    while match.state.phase != "begin":
        seat = match.to_move()[0]
        match.act(seat, match.legal(seat)[0])
    seat = match.to_move()[0]
    action = match.legal(seat)[-1]
    [event] = match.act(seat, action)
    god = match.view(seat)["players"][seat]["god_names"]["war"]
    assert event.text.endswith(
        f"{god}, god of war, in {action.args[0]} and a temple in {action.args[1]}"
    ), event.text
