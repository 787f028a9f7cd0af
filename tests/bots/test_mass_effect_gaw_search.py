"""The Galaxy at War search kit: samples drawn from a seat's observation keep every secret its
team holds (the Reaper team's Vanguard faces, teammates' hands) and nothing else, and the
`mcts` tier plays whole games from either side."""

from __future__ import annotations

import random

import pytest

from warroom.bots import make_bot, mass_effect_gaw, tiers_for
from warroom.core import Match
from warroom.games.mass_effect import galaxy_at_war as gw
from warroom.games.mass_effect.gaw_components import ALLIANCE, CERBERUS, REAPER
from warroom.games.risk_classic import ATTACK
from warroom.rules.pieces import UNKNOWN_FACE

MODE = "mass-effect-galaxy-at-war"
GAME = gw.GAME


def midgame(players: int, seed: int, turns: int = 6) -> gw.GawState:
    """A greedy game stopped at its `turns`-th turn, Vanguards placed."""
    match = Match.start(MODE, players, seed, {"turn_limit": 120})
    bots = [make_bot("greedy", MODE, s) for s in range(players)]
    while match.outcome() is None and match.state.turn < turns:
        seat = match.to_move()[0]
        match.act(seat, bots[seat].choose(seat, match.observe(seat), match.legal(seat)))
    st = match.state
    assert isinstance(st, gw.GawState) and match.outcome() is None
    return st


def test_mcts_is_offered() -> None:
    assert tiers_for(MODE)[:3] == ["random", "greedy", "mcts"]


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 1), (5, 2)])
def test_a_sample_keeps_what_every_seat_of_the_team_knows(players: int, seed: int) -> None:
    st = midgame(players, seed)
    rng = random.Random(seed)
    for seat in range(players):
        team = GAME.known_to(st, seat)
        for _ in range(3):
            sample = mass_effect_gaw.determinize(GAME.observe(st, seat), seat, rng)
            assert GAME.invariants(sample) == []
            for knower in team:
                assert GAME.observe(sample, knower) == GAME.observe(st, knower)


def test_the_reapers_sample_no_token_they_placed_and_the_alliance_guesses() -> None:
    st = midgame(2, 3)
    placed = [k for k, t in enumerate(st.vanguards.where) if t >= 0]
    assert placed, "a Reaper turn places a Vanguard (ME54)"
    reaper, alliance = st.faction_of.index(REAPER), st.faction_of.index(ALLIANCE)
    assert all(st.faces.seen(alliance)[k] == UNKNOWN_FACE for k in placed)
    rng = random.Random(0)
    alliance_faces = set()
    for _ in range(30):
        reaper_sample = mass_effect_gaw.determinize(GAME.observe(st, reaper), reaper, rng)
        assert all(reaper_sample.faces.faces[k] == st.faces.faces[k] for k in placed)
        alliance_sample = mass_effect_gaw.determinize(GAME.observe(st, alliance), alliance, rng)
        alliance_faces.add(alliance_sample.faces.faces)
    assert len(alliance_faces) > 1  # the Catalyst could be under any unknown token


def test_candidates_start_with_greedy_s_choice_and_offer_to_stop_invading() -> None:
    st = midgame(2, 3)
    seen = 0
    rnd = random.Random(0)
    while GAME.outcome(st) is None and seen < 5:
        seat = GAME.to_move(st)[0]
        legal = GAME.legal_actions(st, seat)
        moves = mass_effect_gaw.candidates(st, seat)
        assert moves and all(a in legal for a in moves)
        assert moves[0] == mass_effect_gaw.greedy_choice(st, seat, legal, random.Random(st.turn))
        if st.phase == ATTACK:
            seen += 1
            assert any(a.kind == "end" for a in moves)
        st = GAME.play(st, seat, moves[rnd.randrange(len(moves))])


@pytest.mark.parametrize(
    ("players", "search_seat", "faction"),
    [(2, 0, ALLIANCE), (2, 1, REAPER), (3, 1, CERBERUS)],
)
def test_mcts_plays_a_game_to_the_end_from_every_side(
    players: int, search_seat: int, faction: int
) -> None:
    match = Match.start(MODE, players, 4, {"turn_limit": 60})
    assert match.state.faction_of[search_seat] == faction
    bots = [make_bot("mcts:4" if s == search_seat else "greedy", MODE, s) for s in range(players)]
    while match.outcome() is None:
        seat = match.to_move()[0]
        match.act(seat, bots[seat].choose(seat, match.observe(seat), match.legal(seat)))
    assert match.outcome() is not None
