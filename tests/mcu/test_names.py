"""MCU's places have one name at every table: the board's caption ("Sector 07", "Malibu (01)",
"Helicarrier Bridge"), which the page, the terminal and the log all show, and which may be
typed back, while the rules and typed actions keep the ids (Sector_07)."""

from __future__ import annotations

import pytest

from warroom.cli.show import display_for
from warroom.core import Match
from warroom.core.shortform import complete
from warroom.games.mcu.names import caption, in_words

MODE = "mcu-skirmish"


def _claiming(seed: int = 7) -> Match:
    return Match.start(MODE, 3, seed, {})


def test_a_sector_an_area_and_a_section_are_named_as_the_board_captions_them() -> None:
    assert caption("Sector_07", None) == "Sector 07"
    assert caption("Sector_01", "Malibu") == "Malibu (01)"
    assert caption("Helicarrier_Bridge", None) == "Helicarrier Bridge"
    said = {"Sector_01": "Malibu (01)", "Sector_25": "Sector 25"}
    # an area named after its id is said once; another bracket stays
    assert in_words("Sector_01 (Malibu) and Sector_25 (a dock)", said) == (
        "Malibu (01) and Sector 25 (a dock)"
    )
    assert in_words("Sector_99 stays", said) == "Sector_99 stays"


def test_the_view_gives_each_sector_its_caption_and_area() -> None:
    rows = {t["name"]: t for t in _claiming().view(0)["territories"]}
    assert rows["Sector_07"]["caption"] == "Sector 07" and rows["Sector_07"]["area"] is None
    assert rows["Sector_50"]["caption"] == "Asgard (50)" and rows["Sector_50"]["area"] == "Asgard"
    # the Avengers Tower site is labelled but on the island: a plain sector in sentences
    assert rows["Sector_25"]["caption"] == "Sector 25" and rows["Sector_25"]["area"] is None


def test_events_read_with_captions_and_a_caption_may_be_typed_back() -> None:
    match = _claiming()
    places = display_for(MODE).places(match)
    seat = match.to_move()[0]
    action = complete(match, seat, "claim Sector 12", places)
    assert action.args == ("Sector_12",)  # the rules' id, as the page sends it
    events = match.act(seat, action)
    assert [match.shown(e, seat)["text"] for e in events] == [
        f"{match.game.side_name(match.state, seat)} places 3 units on Sector 12"
    ]
    assert "Sector_12" in events[0].text  # the rules' own event is unchanged
    seat = match.to_move()[0]
    assert complete(match, seat, "claim malibu (01)", places).args == ("Sector_01",)


@pytest.mark.parametrize("mode", ["mcu-skirmish", "mcu-battle-for-manhattan"])
def test_a_seat_has_one_name_in_the_log_the_players_and_the_board(mode: str) -> None:
    """A seat is its faction ("Iron Man") in the players' list and the prompt, so the log and
    the board's owners say that too, not "Player 3 (Iron Man)"; in Battle for Manhattan a seat
    still choosing its faction is "Player 3" everywhere."""
    match = Match.start(mode, 3, 4, {})
    seat = match.to_move()[0]
    while match.game.seat_names(match.state)[seat].startswith("Player") or match.to_move() != (
        seat,
    ):
        assert match.outcome() is None
        mover = match.to_move()[0]
        match.act(mover, match.legal(mover)[0])
    name = match.game.seat_names(match.state)[seat]
    assert match.view(seat)["players"][seat] == name
    events = match.act(seat, match.legal(seat)[0])
    assert events[0].text.startswith(f"{name} ") and "Player" not in events[0].text
    owners = {t["owner"] for t in match.view(seat)["territories"] if t["seat"] == seat}
    assert owners <= {name}
