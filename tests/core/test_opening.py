"""A game's log begins with what its setup decided by chance (`Game.opening`): the roll-off
for the first player was made and thrown away, so a log opened on a bot's move with nothing
saying why that seat began."""

from __future__ import annotations

import pytest

from warroom.core.match import Match

ROLL_OFF = [
    ("risk-classic", 2),
    ("risk-classic", 4),
    ("mass-effect-basic", 3),
    ("mcu-skirmish", 5),
    ("risk-strike", 2),
    ("risk-strike", 4),
    ("monopoly-avengers", 3),
]


def _asked_while(match: Match, phase: str) -> list[str]:
    """The seats asked, in order, while the game is in `phase` (each takes its first choice)."""
    asked = []
    while match.state.phase == phase:
        seat = match.to_move()[0]
        asked.append(f"Player {seat + 1}")
        match.act(seat, match.legal(seat)[0])
    return asked


@pytest.mark.parametrize(("mode", "players"), ROLL_OFF)
def test_a_roll_off_made_at_setup_begins_the_log(mode: str, players: int) -> None:
    firsts = set()
    for seed in range(12):
        match = Match.start(mode, players, seed, {})
        (event,) = match.log
        first = match.state.first
        firsts.add(first)
        assert event.kind == "first" and event.data == {"seat": first}
        name = match.game.seat_names(match.state)[first]
        assert event.text == f"{name} rolled highest and goes first"
        assert match.to_move()[-1] == first  # the seat named is the one the game waits on
        seat = match.to_move()[0]
        match.act(seat, match.legal(seat)[0])
        assert match.log[0] == event  # kept as the game goes on
        assert Match.from_save(match.to_save()).log[0] == event  # and through a reload
    assert len(firsts) > 1  # the roll decides, not the seat order


def test_galaxy_at_war_says_player_1_begins_without_a_roll() -> None:
    """G27 [GaW On Your Turn]: Player 1 claims first, whatever the seed."""
    for seed in range(4):
        match = Match.start("mass-effect-galaxy-at-war", 4, seed, {})
        (event,) = match.log
        assert event.data == {"seat": 0} and match.to_move() == (0,)
        assert event.text.endswith("goes first: Player 1 always does")


def test_godstorm_s_log_begins_with_the_plague_and_the_choosing_order() -> None:
    """G12 puts plague on four lands and G14's roll-off orders the pantheon choices, both at
    setup: the log names the lands marked on the board and the seats in the order asked."""
    for seed in range(6):
        match = Match.start("risk-godstorm", 4, seed, {})
        st = match.state
        plague, order = match.log
        earth = st.parts.earth.territories
        marked = [earth[t] for t, sick in enumerate(st.plague) if sick]
        assert len(marked) == 4 and plague.data == {"territories": marked}
        assert plague.text == f"Plague lands on {', '.join(marked)}"
        asked = _asked_while(match, "pantheon")
        assert order.text == f"Pantheons are chosen in the roll-off's order: {', '.join(asked)}"


def test_battle_for_manhattan_s_log_begins_with_the_picking_order_or_the_deal() -> None:
    """MCU32's roll-off orders the faction picks at setup; with `factions=random` the factions
    are dealt instead. The log began with the first pick and nothing saying why."""
    for seed in range(4):
        match = Match.start("mcu-battle-for-manhattan", 4, seed, {})
        (event,) = match.log
        picked = _asked_while(match, "faction")
        assert event.text == f"Factions are picked in the roll-off's order: {', '.join(picked)}"
        dealt = Match.start("mcu-battle-for-manhattan", 3, seed, {"factions": "random"})
        names = dealt.game.seat_names(dealt.state)
        said = ", ".join(f"Player {p + 1} plays {names[p]}" for p in range(3))
        assert [e.text for e in dealt.log] == [f"Factions dealt at random: {said}"]
