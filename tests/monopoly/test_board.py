"""The board file: complete, consistent with the rulebook, reconstructions marked, and a
broken copy refused with a message naming the file, the entry and the problem."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from warroom.core import BoardError
from warroom.data import read_json
from warroom.rules import monopoly as mb

RAW: dict[str, Any] = read_json("monopoly/avengers.json")


def test_board_has_every_fact_the_rulebook_states() -> None:
    b = mb.board("avengers")
    assert len(b.ownable) == 24  # 24 Hero Cards
    assert {b.names[s] for s in b.dice_heroes} == {"Winter Soldier", "Black Panther"}
    assert all(b.set_of[s] == -1 for s in b.dice_heroes)  # outside the colour sets
    battles = {b.names[s] for s in range(len(b)) if b.kind[s] == mb.BATTLE}
    assert battles == {"Cull Obsidian", "Proxima Midnight", "Corvus Glaive", "Ebony Maw"}
    taxes = {b.names[s] for s in range(len(b)) if b.kind[s] == mb.TAX}
    assert taxes == {"Ultron", "Hela"}
    assert (b.bases, b.headquarters, b.start_cash, b.go_salary) == (32, 12, 1500, 200)
    assert (b.jail_fine, b.battle_fine, b.bid_start) == (50, 200, 10)
    assert [b.card_deck.count(d) for d in range(2)] == [16, 16]
    assert sum(1 for c in b.cards if c.effect == mb.JAIL_FREE) == 2  # one per deck


def test_every_reconstructed_entry_is_marked() -> None:
    for space in RAW["spaces"]:
        if space["type"] in ("hero", "dice-hero", "battle", "tax", "deck"):
            assert space.get("reconstructed"), space["name"]
    for deck in RAW["decks"].values():
        assert all(card["reconstructed"] for card in deck["cards"])
    assert RAW["provenance"]["reconstructed"]


def _broken(edit: Any) -> str:
    data = copy.deepcopy(RAW)
    edit(data)
    with pytest.raises(BoardError) as err:
        mb.board_from_dict(data, "my-board.json")
    return str(err.value)


def test_broken_files_name_file_entry_and_problem() -> None:
    msg = _broken(lambda d: d["decks"]["stark"]["cards"].pop())
    assert msg.startswith("my-board.json: decks.stark") and "16 cards" in msg
    msg = _broken(lambda d: d["spaces"][1].update(set="purple"))
    assert "spaces.1 (Maria Hill)" in msg and "unknown set" in msg
    msg = _broken(lambda d: d["spaces"][1].update(payments=[1, 2, 3]))
    assert "spaces.1" in msg and "payments" in msg
    msg = _broken(lambda d: d["spaces"][5].update(number=7))
    assert "spaces.5.number" in msg
    msg = _broken(lambda d: d["spaces"][3].update(name="Maria Hill"))
    assert "used twice" in msg
    msg = _broken(lambda d: d["decks"]["gauntlet"]["cards"][1].update(to="Nowhere"))
    assert "decks.gauntlet.cards.1" in msg and "unknown space" in msg
    # a field the card's effect does not read was dropped: "advance to GO and collect M50"
    msg = _broken(lambda d: d["decks"]["gauntlet"]["cards"][0].update(amount=50))
    assert "decks.gauntlet.cards.0" in msg and "an advance card does not read 'amount'" in msg
    assert "(takes only 'to')" in msg
    msg = _broken(lambda d: d["decks"]["stark"]["cards"][5].update(spaces=3))
    assert "a go-to-jail card does not read 'spaces' (takes none)" in msg
    msg = _broken(lambda d: d["spaces"].__setitem__(12, dict(d["spaces"][20])))
    assert "dice_heroes" in msg or "heroes" in msg


def test_board_from_file(tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(RAW))
    assert mb.board_from_file(path).name == RAW["name"]
    path.write_text("{")
    with pytest.raises(BoardError, match=r"mine\.json: not valid JSON"):
        mb.board_from_file(path)


def test_a_set_colour_any_board_may_give_is_drawn_in_it() -> None:
    """`board check` takes any CSS colour's name ("navy", "Light Blue") and the printed names
    CSS lacks; the page drew every name outside the board's own palette in grey."""
    from warroom.core.colours import PRINTED
    from warroom.rules.monopoly import FALLBACK, SET_COLORS, set_color

    assert set_color("Light Blue") == set_color("light-blue") == SET_COLORS["light-blue"]
    assert set_color("navy") == "navy" and set_color("Dark Slate Gray") == "darkslategray"
    assert set_color("burgundy") == PRINTED["burgundy"] and set_color("#a1b") == "#a1b"
    assert set_color("notacolor") == FALLBACK
