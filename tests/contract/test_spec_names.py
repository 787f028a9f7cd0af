"""Every numbered item of a mode's rule inventory (shared/specs: its rules, the readings chosen
where the rulebook is unclear, the missing components and the worked examples) has a test named
after it among that mode's tests (`test_g76_...`, `test_s44_m5_e4_...`), so that each rule can be
traced to its test and a rule left without one is seen. The inventories live beside the
repository, in the workspace's `shared/specs`; a clone without them skips this."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]
SPECS = TESTS.parents[1] / "shared" / "specs"
# Each inventory's tests: the dice games (War Assets, Guardians) share tests/dice.
MODE_TESTS = {
    "godstorm.md": ("godstorm",),
    "strike.md": ("strike",),
    "mass-effect.md": ("mass_effect", "dice"),
    "mcu.md": ("mcu", "dice"),
}
# Items with nothing a test could check, and why.
NOTHING_TO_TEST = {
    "strike.md": {
        "E3": "the Attack Phase 2 example is a picture the scan lost",
        "M7": "the same lost picture, listed as a missing component",
    },
}
# A list item ("- **G12** ...", "- G12 [...]") or a table row ("| A22 | ...") opening with an id.
ITEM = re.compile(r"^(?:- \*{0,2}|\| *\**)([A-Z]{1,3}\d+)\**(?=[ :.|])", re.MULTILINE)
TEST_NAME = re.compile(r"^def test_(\w+)", re.MULTILINE)


def spec_ids(text: str) -> set[str]:
    return set(ITEM.findall(text))


def names_of_tests(folders: tuple[str, ...]) -> set[str]:
    return {
        name
        for folder in folders
        for path in (TESTS / folder).glob("test_*.py")
        for name in TEST_NAME.findall(path.read_text())
    }


def named(item: str, names: set[str]) -> bool:
    """Whether some test's name carries `item` as one of its words ("g7" is not "g76")."""
    word = f"_{item.lower()}_"
    return any(word in f"_{name}_" for name in names)


def test_the_id_pattern_reads_list_items_and_table_rows() -> None:
    text = "- **G12** four plague lands\n- A22 [Setup] the next\n| E3 | [Attack] |\n- G1x no\n"
    assert spec_ids(text) == {"G12", "A22", "E3"}
    assert named("g7", {"g7_plague"}) and not named("g7", {"g76_water", "eg7_x"})


@pytest.mark.parametrize("spec", sorted(MODE_TESTS))
def test_every_item_of_the_inventory_has_a_test_named_after_it(spec: str) -> None:
    path = SPECS / spec
    if not path.exists():
        pytest.skip(f"the rule inventories are not beside this clone ({SPECS})")
    items = spec_ids(path.read_text())
    assert len(items) > 80  # the inventory was read: each lists some hundred items or more
    names = names_of_tests(MODE_TESTS[spec])
    untestable = NOTHING_TO_TEST.get(spec, {})
    assert set(untestable) <= items
    missing = sorted(item for item in items - set(untestable) if not named(item, names))
    assert missing == [], f"{spec}: no test named after {', '.join(missing)}"
