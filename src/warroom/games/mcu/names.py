"""RISK MCU's places as people read them: the one source of the names the page, the terminal
and the log all show.

The rules name sectors by id (`Sector_07`, `Helicarrier_Bridge`), which typed actions use; the
board captions them by number, an area off Manhattan by its name too. In sentences a sector is
"Sector 07", an area off Manhattan "Malibu (01)" and a section of the Helicarrier "Helicarrier
Bridge". The captions are also the board's aliases (`with_caption_aliases`), so what a person
reads may be typed back, as may a sector's number ("7", "Sector 7").
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

SECTOR = re.compile(r"^Sector_(\d+)$")
HELICARRIER_PREFIX = "Helicarrier_"
# An id in a text, with the parenthesis after it ("Sector_01 (Malibu)" names the area twice).
_IN_TEXT = re.compile(r"\b(Sector_\d+|Helicarrier_[A-Za-z]+)\b( \(([^()]*)\))?")


def caption(name: str, area: str | None) -> str:
    """`name` in a sentence: "Sector 07", "Malibu (01)" where `area` names the area off
    Manhattan that it is, "Helicarrier Bridge"; any other name as it is."""
    if name.startswith(HELICARRIER_PREFIX):
        return name.replace("_", " ", 1)
    number = SECTOR.match(name)
    if number is None:
        return name
    return f"{area} ({number[1]})" if area else f"Sector {number[1]}"


def areas(map_data: Mapping[str, Any], labels: Mapping[str, str | None]) -> dict[str, str]:
    """The areas off Manhattan by sector id: a labelled sector joined to others only by lines
    (Malibu, Washington D.C., Sokovia, Asgard; the Avengers Tower site is on the island)."""
    out = {}
    for name, row in map_data["territories"].items():
        label = labels.get(name)
        links = row["connections"].values()
        if label and links and all(kind == "line" for kind in links):
            out[name] = label
    return out


def with_caption_aliases(map_data: dict[str, Any], area_of: Mapping[str, str]) -> None:
    """Add each territory's caption to its aliases (in place), so that "place Sector 07 3" and
    "attack Malibu (01) Sector 04" read as the ids do; a caption the file already has as a
    name or alias is left alone."""
    taken = set()
    for name, row in map_data["territories"].items():
        taken.add(name.lower())
        taken.update(a.lower() for a in row.get("aliases", ()))
    for name, row in map_data["territories"].items():
        for said in (caption(name, area_of.get(name)), *_number_forms(name)):
            if said.lower() not in taken:
                row["aliases"] = [*row.get("aliases", ()), said]
                taken.add(said.lower())


def _number_forms(name: str) -> tuple[str, ...]:
    """A sector's number as a person may type it alone or without its zero: "7", "07",
    "Sector 7", "Sector_7" for Sector_07 (for `look 7`; actions read a bare number by
    `parse`)."""
    number = SECTOR.match(name)
    if number is None:
        return ()
    digits, plain = number[1], str(int(number[1]))
    return (digits, plain, f"Sector {digits}", f"Sector {plain}", f"Sector_{plain}")


def in_words(text: str, said: Mapping[str, str]) -> str:
    """`text` with the rules' ids of places (`said`'s keys) as sentences name them; an id
    followed by its own area in brackets ("Sector_01 (Malibu)") says the area once."""

    def one(found: re.Match[str]) -> str:
        name, bracket, inner = found[1], found[2], found[3]
        words = said.get(name)
        if words is None:
            return found[0]
        if bracket and words.startswith(f"{inner} ("):
            return words
        return words + (bracket or "")

    return _IN_TEXT.sub(one, text)
