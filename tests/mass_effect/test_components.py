"""RISK Mass Effect's data files: the packaged galaxy and faction cards satisfy every fact the
rulebook states (shared/specs/mass-effect.md section 0.1), each item says where it is from, a
broken transcription is refused with every problem named, and `warroom board check` reads
both formats."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from warroom.cli.main import app
from warroom.core.board import reachable
from warroom.core.errors import BoardError
from warroom.data import read_json
from warroom.games.dice_cards.cards import cards_from_dict as war_assets_from_dict
from warroom.games.mass_effect.basic import set_value
from warroom.games.mass_effect.components import (
    CERBERUS_MOST_CLAIMED,
    CERBERUS_WIN,
    FACTIONS,
    HARBINGER_TARGET,
    NAMED_PLANETS,
    PACKAGED_CARDS,
    PACKAGED_GALAXY,
    REGIONS,
    SHIP_CLASSES,
    cards,
    cards_from_dict,
    galaxy,
    galaxy_from_dict,
)


def packaged(name: str) -> Any:
    return read_json(name)


def test_the_galaxy_has_42_planets_in_the_six_named_regions() -> None:
    b = galaxy().board
    assert len(b) == 42
    assert sorted(b.regions) == sorted(REGIONS)
    assert set(NAMED_PLANETS) <= set(b.territories) and len(NAMED_PLANETS) == 17
    assert len(reachable(b.neighbors, 0)) == 42  # connected
    assert set(b.kind_of.values()) == {"border", "mass_relay"}


def test_palaven_has_exactly_its_stated_neighbours_and_not_sur_kesh() -> None:
    b = galaxy().board
    palaven = b.territory("Palaven")
    kinds = {b.territories[n]: b.kind_of[(palaven, n)] for n in b.neighbors[palaven]}
    assert kinds == {
        "Lesuss": "border",
        "Dekuuna": "border",
        "Tuchanka": "border",
        "Irune": "border",
        "Benning": "mass_relay",
    }
    assert not b.adjacent(palaven, b.territory("Sur'Kesh"))


@pytest.mark.parametrize(
    ("a", "c", "kind"),
    [
        ("Thessia", "Zorya", None),
        ("Ontarom", "Antibaar", None),
        ("Noveria", "Earth", None),
        ("Earth", "Benning", None),
        ("Noveria", "Eden Prime", None),
        ("Noveria", "Elysium", "mass_relay"),
        ("Haestrom", "Pragia", "mass_relay"),
        ("Pragia", "Ontarom", None),
    ],
)
def test_the_examples_connections_are_on_the_map(a: str, c: str, kind: str | None) -> None:
    b = galaxy().board
    i, j = b.territory(a), b.territory(c)
    assert b.adjacent(i, j) and b.adjacent(j, i)
    if kind is not None:
        assert b.kind_of[(i, j)] == kind == b.kind_of[(j, i)]


def test_some_mass_relays_join_two_regions() -> None:
    b = galaxy().board
    across = {
        frozenset((b.territories[i], b.territories[j]))
        for (i, j), kind in b.kind_of.items()
        if kind == "mass_relay" and b.region_of[i] != b.region_of[j]
    }
    assert frozenset(("Palaven", "Benning")) in across
    assert frozenset(("Haestrom", "Pragia")) in across


def test_the_fortify_example_needs_a_path_through_earth() -> None:
    """[Step 3 - Fortify] moves Noveria -> Earth -> Benning: the map keeps it a path (R)."""
    b = galaxy().board
    assert not b.adjacent(b.territory("Noveria"), b.territory("Benning"))


def test_region_bonuses_earth_central_is_two_and_others_follow_size() -> None:
    b = galaxy().board
    bonus = dict(zip(b.regions, b.region_bonus, strict=True))
    assert bonus["Earth Central Systems"] == 2
    for r, members in zip(b.regions, b.region_members, strict=True):
        # The reconstruction's rule, which the stated 2 for 4 planets fits.
        assert bonus[r] == (len(members) + 1) // 2 >= 2


def test_thirteen_resource_planets_cerberus_can_reach_but_not_hold_at_setup() -> None:
    g = galaxy()
    b = g.board
    assert sum(g.resource) == 13
    assert CERBERUS_MOST_CLAIMED < CERBERUS_WIN <= sum(g.resource)
    per_region = [sum(g.resource[t] for t in members) for members in b.region_members]
    assert min(per_region) >= 1 and max(per_region) <= 3  # spread: no block to grab


def test_momentum_meter_start_allows_a_plain_harbinger_attack() -> None:
    g = galaxy()
    start = g.momentum[g.momentum_start]
    assert start.side == "reaper"
    assert 3 * 6 + start.harbinger_mod >= HARBINGER_TARGET  # spec 0.1 caution
    for space in g.momentum:
        assert space.extra_cards in (0, 1, 2) and -3 <= space.harbinger_mod <= 3
        if space.side == "balanced":
            assert (space.extra_cards, space.harbinger_mod) == (0, 0)
    sides = {s.side for s in g.momentum}
    assert sides == {"reaper", "balanced", "alliance"}
    assert {s.extra_cards for s in g.momentum if s.side != "balanced"} == {1, 2}


def test_strategic_planet_meter_is_non_decreasing_zero_to_two() -> None:
    cards_for = galaxy().strategic_cards
    assert len(cards_for) == 14
    assert list(cards_for) == sorted(cards_for) and set(cards_for) <= {0, 1, 2}


def test_every_item_says_whether_it_is_stated_or_reconstructed() -> None:
    g = galaxy()
    for name in g.board.territories:
        for field in ("name", "region", "connections", "xy", "resource"):
            kind = g.provenance[f"{name}.{field}"].split(":")[0]
            assert kind in ("stated", "reconstructed")
    named = {n for n in g.board.territories if g.provenance[f"{n}.name"].startswith("stated")}
    assert named == set(NAMED_PLANETS)
    assert g.provenance["Palaven.connections"].startswith("stated")
    assert g.provenance["Earth Central Systems.region"].startswith("stated")
    assert g.provenance["Omega.connections"].startswith("reconstructed")
    assert g.provenance["momentum.spaces"].startswith("reconstructed")


def test_war_assets_planets_lie_in_the_same_regions() -> None:
    """The War Assets cards (Galaxy at War's scanning) show each planet's region: both
    reconstructions agree."""
    wa = war_assets_from_dict(packaged("dice/war-assets.json"), "war-assets")
    b = galaxy().board
    for card in wa.cards:
        assert b.regions[b.region_of[b.territory(card.name)]] == wa.groups[card.group].name


def test_a_broken_galaxy_names_every_problem() -> None:
    data = packaged(PACKAGED_GALAXY)
    terr = data["map"]["territories"]
    terr["Palaven"]["connections"]["Sur'Kesh"] = "border"
    terr["Sur'Kesh"]["connections"]["Palaven"] = "border"
    terr["Haestrom"]["connections"]["Pragia"] = "border"
    terr["Pragia"]["connections"]["Haestrom"] = "border"
    data["map"]["regions"]["Earth Central Systems"]["bonus"] = 3
    data["planets"]["Omega"]["resource"] = False
    data["momentum"]["spaces"][data["momentum"]["start"]]["harbinger_mod"] = -1
    data["strategic"]["extra_cards"][13] = 0
    del data["planets"]["Earth"]["provenance"]["xy"]
    with pytest.raises(BoardError) as caught:
        galaxy_from_dict(data, "test")
    message = str(caught.value)
    for fragment in (
        "Sur'Kesh is not adjacent",
        "Palaven.connections: exactly",
        "Haestrom.connections.Pragia: the rulebook says 'mass_relay'",
        "Earth Central Systems.bonus: the rulebook says 2",
        "exactly 13 resource planets, not 12",
        "no negative Harbinger modifier at Start",
        "non-decreasing",
        "planets.Earth.provenance: missing ['xy']",
    ):
        assert fragment in message


def test_a_galaxy_missing_a_planet_or_an_edge_is_refused() -> None:
    data = packaged(PACKAGED_GALAXY)
    terr = data["map"]["territories"]
    del terr["Thessia"]["connections"]["Zorya"], terr["Zorya"]["connections"]["Thessia"]
    data["map"]["territories"]["Noveria"]["connections"]["Nowhere"] = "hyperlane"
    with pytest.raises(BoardError) as caught:
        galaxy_from_dict(data, "test")
    assert "unknown territory 'Nowhere'" in str(caught.value)
    del data["map"]["territories"]["Noveria"]["connections"]["Nowhere"]
    with pytest.raises(BoardError, match="joins it to Zorya"):
        galaxy_from_dict(data, "test")


def test_81_cards_27_a_deck_each_with_a_ship_class() -> None:
    c = cards()
    assert len(c.card_ids) == 81 == len(set(c.card_ids))
    for f in range(len(FACTIONS)):
        assert sum(1 for x in c.faction if x == f) == 27
    assert set(c.ship_class) == set(SHIP_CLASSES)
    assert c.card("REAPER-01") == 0


def test_every_hand_of_five_holds_a_set() -> None:
    """Spec 1.3: under any split of classes, 5 cards hold 3 alike or one of each, so the
    forced trades of ME14 and ME27 are always possible."""
    for hand in itertools.combinations_with_replacement(SHIP_CLASSES, 5):
        assert any(set_value(three) is not None for three in itertools.combinations(hand, 3))


def test_broken_cards_name_every_problem() -> None:
    data = packaged(PACKAGED_CARDS)
    data["decks"][0]["cards"][0]["class"] = "frigate"
    data["decks"][1]["cards"][0]["id"] = "reaper-02"
    data["decks"][2]["cards"].pop()
    with pytest.raises(BoardError) as caught:
        cards_from_dict(data, "test")
    message = str(caught.value)
    assert "'frigate'" in message and "used twice" in message and "27 cards, not 26" in message


@pytest.mark.parametrize("name", [PACKAGED_GALAXY, PACKAGED_CARDS])
def test_board_check_reads_each_file_and_names_a_problem(name: str, tmp_path: Path) -> None:
    runner = CliRunner()
    good = tmp_path / "good.json"
    good.write_text(json.dumps(packaged(name)))
    ok = runner.invoke(app, ["board", "check", str(good)])
    assert ok.exit_code == 0 and "ok" in ok.output
    data = packaged(name)
    data["version"] = 2
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    result = runner.invoke(app, ["board", "check", str(bad)])
    assert result.exit_code != 0 and "version" in result.output
