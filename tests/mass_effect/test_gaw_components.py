"""Galaxy at War's data: the set-up chart, the pieces and the card directives load, satisfy
every stated fact and every constraint a reconstruction must meet (shared/specs/mass-effect.md
2.3), say where each item is from, and a broken transcription is refused with every problem
named; `warroom board check` reads both formats. Also the shared pieces GaW uses: the team-aware
neutral decider and ship/card dice modifiers that add up."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from warroom.cli.main import app
from warroom.core.errors import BoardError
from warroom.data import read_json
from warroom.games.mass_effect.components import FACTIONS, cards, galaxy
from warroom.games.mass_effect.gaw_components import (
    ALLIANCE,
    ATTACK,
    CERBERUS,
    DEFEND,
    DIRECTIVES,
    PACKAGED_DIRECTIVES,
    PACKAGED_GAW,
    REAPER,
    claim_order,
    directives,
    directives_from_dict,
    pieces,
    pieces_from_dict,
)
from warroom.rules.battle import PLAIN, SideRule, add_sides, finish
from warroom.rules.pieces import decider


def broken(name: str) -> dict[str, Any]:
    return copy.deepcopy(read_json(name))


def counts(players: int) -> list[int]:
    row = pieces().chart[players]
    order = claim_order(row)
    return [order.count(side) for side in range(len(row.sides()))]


@pytest.mark.parametrize(
    ("players", "claimed", "left"),
    [
        (2, [15, 20, 7], [25, 25, 18]),  # A, R, neutral C
        (3, [15, 7, 20], [15, 18, 15]),  # A, C, R
        (4, [8, 9, 8, 9, 8], [20, 22, 20, 22, 17]),  # LB, Red, DB, Burgundy, neutral C
        (5, [8, 9, 8, 8, 9], [20, 22, 17, 20, 22]),  # LB, Red, C, DB, Burgundy
    ],
)
def test_e8_the_set_up_chart_claims_all_42_and_leaves_the_printed_units(
    players: int, claimed: list[int], left: list[int]
) -> None:
    row = pieces().chart[players]
    assert counts(players) == claimed and sum(claimed) == 42
    assert [spec.troops - n for spec, n in zip(row.sides(), claimed, strict=True)] == left


def test_e9_the_two_player_neutral_claim_order() -> None:
    alliance, reaper, cerberus = 0, 1, 2
    start = [alliance, cerberus, reaper, cerberus] * 3 + [alliance, cerberus]
    order = claim_order(pieces().chart[2])
    assert order[:14] == start and order.count(cerberus) == 7
    assert cerberus not in order[14:] and set(order[14:]) == {alliance, reaper}


def test_e9_three_players_cerberus_stops_at_7_and_the_alliance_at_15() -> None:
    alliance, cerberus, reaper = 0, 1, 2
    order = claim_order(pieces().chart[3])
    assert order[:21] == [alliance, cerberus, reaper] * 7  # Cerberus's 7th is planet 20
    assert order[21:37] == [alliance, reaper] * 8  # the Alliance's 15th is planet 36
    assert order[37:] == [reaper] * 5 and order.count(reaper) == 20


def test_teams_are_the_seats_of_one_faction() -> None:
    chart = pieces().chart
    assert chart[4].teams() == ({0, 2}, {1, 3}, {0, 2}, {1, 3})
    assert chart[5].teams()[2] == {2}  # Cerberus plays alone (ME100)
    assert chart[3].teams() == ({0}, {1}, {2})


def test_the_pieces_are_as_printed() -> None:
    p = pieces()
    assert sum(p.ships) == 9 and max(p.ships) <= 3
    assert len(p.vanguards) == 5 and sum(p.vanguards) == 1
    assert (p.devastation, p.harbinger_target, p.harbinger_pieces, p.d6, p.d8) == (3, 18, 2, 5, 4)
    assert p.provenance["ships.classes"].startswith("reconstructed")
    assert p.provenance["setup.seats"].startswith("stated")


def test_every_card_has_a_directive_of_a_known_kind_and_timing() -> None:
    deck, found = cards(), directives()
    assert len(found.by_card) == len(deck.card_ids) == 81
    for c, directive in enumerate(found.by_card):
        kind = DIRECTIVES[directive.kind]
        assert directive.timing in kind.timings and deck.faction[c] in kind.factions
        assert found.provenance[f"cards.{deck.card_ids[c]}"].startswith("reconstructed")


def test_e11_a_reaper_harbinger_attack_card_exists_for_every_region() -> None:
    deck, found = cards(), directives()
    regions = {
        d.region()
        for c, d in enumerate(found.by_card)
        if d.kind == "devastate" and deck.faction[c] == REAPER
    }
    assert regions == set(galaxy().board.regions)
    b = galaxy().board
    assert b.regions[b.region_of[b.territory("Ontarom")]] in regions


def test_the_decks_hold_what_the_rules_need() -> None:
    deck, found = cards(), directives()
    held = {(deck.faction[c], d.kind) for c, d in enumerate(found.by_card)}
    for need in ((REAPER, "resurrect"), (REAPER, "momentum"), (ALLIANCE, "momentum")):
        assert need in held
    assert (ALLIANCE, "harbinger_bonus") in held and (CERBERUS, "resource_plus_one") in held
    assert {d.timing for d in found.by_card} >= {ATTACK, DEFEND}


def test_battle_directives_count_as_dice_modifiers() -> None:
    found = directives().by_card
    sides = [d.side() for d in found]
    assert any(s == (ATTACK, SideRule(d8=1)) for s in sides)
    assert any(s is not None and s[0] == DEFEND for s in sides)
    assert all(s is None for d, s in zip(found, sides, strict=True) if d.kind == "units")


def test_ships_and_cards_add_up_with_at_most_plus_one_a_die() -> None:
    two_dreadnoughts = SideRule(d8=2)
    assert add_sides(two_dreadnoughts, SideRule(d8=1)).d8 == 3
    three_carriers_and_a_card = add_sides(SideRule(plus_one=3), SideRule(plus_one=1))
    assert finish(three_carriers_and_a_card, [6, 3, 2]) == (7, 4, 3)
    assert add_sides() == PLAIN


def test_g23_the_neutral_decider_is_the_next_opponent_not_a_teammate() -> None:
    order, alive = [0, 1, 2, 3], [True] * 4
    assert decider(0, order, alive, allies={0, 2}) == 1
    assert decider(1, order, alive, allies={1, 3}) == 2
    assert decider(3, order, [False, True, True, True], allies={1, 3}) == 2
    assert decider(0, [0, 1], [True, True]) == 1  # 2 players: the other one


def test_a_wrong_chart_and_pieces_are_refused_with_every_problem() -> None:
    data = broken(PACKAGED_GAW)
    data["setup"]["3"]["seats"][0]["troops"] = 31
    data["ships"]["classes"]["cruiser"] = 4
    data["vanguards"]["tokens"][1] = "catalyst"
    data["devastation"]["tokens"] = 4
    with pytest.raises(BoardError) as caught:
        pieces_from_dict(data, "mine.json")
    text = str(caught.value)
    for entry in ("setup.3.seats", "ships.classes", "vanguards.tokens", "devastation.tokens"):
        assert f"mine.json: {entry}:" in text


def test_a_wrong_set_up_source_is_a_listed_problem_not_a_traceback() -> None:
    data = broken(PACKAGED_GAW)
    data["setup"]["provenance"]["seats"] = 1.5
    del data["setup"]["provenance"]["neutral"]["kind"]
    data["ships"]["classes"]["cruiser"] = 4
    data["setup"]["3"]["seats"][0]["troops"] = "x"
    data["setup"]["2"] = None  # a player count's row left empty: not a row skipped
    with pytest.raises(BoardError) as caught:
        pieces_from_dict(data, "mine.json")
    text = str(caught.value)
    assert "mine.json: setup.2: Input should be a valid dictionary" in text
    assert "validation error for" not in text  # pydantic's summary, naming a class
    assert "mine.json: setup.3.seats.0.troops: Input should be a valid integer" in text
    assert "mine.json: setup.provenance.seats: Input should be a valid dictionary" in text
    assert "mine.json: setup.provenance.neutral.kind: Field required" in text
    assert "mine.json: ships.classes:" in text


def test_a_chart_that_cannot_claim_every_planet_is_refused() -> None:
    data = broken(PACKAGED_GAW)
    data["setup"]["3"]["seats"][2]["limit"] = 10  # the Reapers would stop: planets left over
    with pytest.raises(BoardError, match="unclaimed"):
        pieces_from_dict(data, "mine.json")


def test_wrong_directives_are_refused_with_every_problem() -> None:
    data = broken(PACKAGED_DIRECTIVES)
    data["cards"]["reaper-03"]["effect"] = {"kind": "fly", "dice": 1}
    data["cards"]["reaper-04"]["timing"] = "defend"  # a resurrect card
    data["cards"]["alliance-01"]["effect"] = {"kind": "devastate", "region": "Terminus Systems"}
    data["cards"]["cerberus-01"]["effect"] = {"kind": "units", "count": 0}
    data["cards"]["cerberus-02"]["effect"] = {"kind": "units"}
    del data["cards"]["cerberus-27"]
    with pytest.raises(BoardError) as caught:
        directives_from_dict(data, "mine.json", cards(), galaxy())
    text = str(caught.value)
    assert "cards.reaper-03.effect.kind" in text and "cards.reaper-04.timing" in text
    assert "cards.alliance-01: devastate belongs only in the ['Reaper'] decks" in text
    assert "cards.cerberus-01.effect" in text and "cards.cerberus-02.effect" in text
    assert "missing ['cerberus-27']" in text


def test_a_deck_without_a_rule_s_card_is_refused() -> None:
    data = broken(PACKAGED_DIRECTIVES)
    for card in data["cards"].values():
        if card["effect"]["kind"] == "resurrect":
            card["effect"] = {"kind": "units", "count": 2}
    with pytest.raises(BoardError, match="resurrect"):
        directives_from_dict(data, "mine.json", cards(), galaxy())


@pytest.mark.parametrize("name", [PACKAGED_GAW, PACKAGED_DIRECTIVES])
def test_board_check_reads_both_formats(name: str, tmp_path: Path) -> None:
    runner = CliRunner()
    good = tmp_path / "good.json"
    good.write_text(json.dumps(read_json(name)))
    result = runner.invoke(app, ["board", "check", str(good)])
    assert result.exit_code == 0 and "ok" in result.output
    bad = broken(name)
    bad["version"] = 2
    wrong = tmp_path / "bad.json"
    wrong.write_text(json.dumps(bad))
    result = runner.invoke(app, ["board", "check", str(wrong)])
    assert result.exit_code != 0 and "version" in result.output


def test_factions_are_the_three_decks() -> None:
    assert (FACTIONS[REAPER], FACTIONS[ALLIANCE], FACTIONS[CERBERUS]) == FACTIONS
