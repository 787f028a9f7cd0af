"""What Galaxy at War's view gives the browser: each side's colour (neutral Cerberus last), the
Momentum Meter's spaces and the Strategic Planet Meter's table, the resource planets, a
battle's ships on both sides and its losses in the log, and Vanguard faces only for the seats
that know them (spec 2.4)."""

from __future__ import annotations

from warroom.bots import make_bot
from warroom.core import Action, Match
from warroom.games.mass_effect.gaw_components import ALLIANCE, REAPER
from warroom.games.risk_classic import DEFEND

MODE = "mass-effect-galaxy-at-war"


def test_colours_meters_and_resource_planets() -> None:
    match = Match.start(MODE, 2, 1)
    view = match.view(0)
    assert view["colours"] == ["blue", "red", "orange"]  # neutral Cerberus last
    assert len(view["momentum_meter"]) == 9
    assert view["momentum_meter"][view["momentum"]["space"]]["side"] == "reaper"  # ME41
    assert len(view["strategic_meter"]) == 14  # extra cards for 0 to 13 resource planets
    assert sum(t["resource"] for t in view["territories"]) == 13


def test_a_battle_shows_its_ships_and_logs_its_losses_and_faces_stay_with_the_reapers() -> None:
    match = Match.start(MODE, 2, 3, {"turn_limit": 60})
    bots = [make_bot("greedy", MODE, s) for s in range(2)]
    battles = []
    seen_defence = False
    while match.outcome() is None and not (seen_defence and battles and match.state.turn > 3):
        seat = match.to_move()[0]
        if match.state.phase == DEFEND:
            battle = match.view(seat)["battle"]
            assert len(battle["ships"]) == 3 and len(battle["defending_ships"]) == 3
            seen_defence = True
        action = bots[seat].choose(seat, match.observe(seat), match.legal(seat))
        battles += [e for e in match.act(seat, action) if e.kind == "battle"]
    assert seen_defence and battles
    assert {"attacker_losses", "defender_losses"} <= set(battles[0].data)
    alliance = match.state.faction_of.index(ALLIANCE)
    reaper = match.state.faction_of.index(REAPER)
    placed = [v for v in match.view(reaper)["vanguards"] if v["where"] not in ("stack", "taken")]
    assert placed and all(v["face"] in ("reaper", "catalyst") for v in placed)
    hidden = [v for v in match.view(alliance)["vanguards"] if v["where"] not in ("stack", "taken")]
    assert all(v["face"] is None for v in hidden)


def test_the_button_that_ends_fortifying_does_not_say_it_ends_the_turn() -> None:
    """ME82: ship moves follow fortifying, so "End your turn" there led to "moving ships"."""
    match = Match.start("mass-effect-galaxy-at-war", 3, 2, {})
    for _ in range(5000):
        seat = match.to_move()[0]
        if match.state.phase == "fortify":
            break
        match.act(seat, match.legal(seat)[0])
    else:
        raise AssertionError("no fortifying in 5,000 steps")
    end = Action("end")
    assert end in match.legal(seat)
    assert match.labels(seat, [end]) == ["End fortifying"]
