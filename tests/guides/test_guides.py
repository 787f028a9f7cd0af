"""The how-to-play guides: one per registered mode, in the shared shape, read by one loader."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest

from warroom.core.errors import MissingGuide, UnknownMode
from warroom.games import CATALOG, GUIDE_SECTIONS, get_mode, guide


def sections(text: str) -> list[str]:
    """The `## ` headings of a guide, in order."""
    return re.findall(r"^## (.+)$", text, flags=re.MULTILINE)


@pytest.mark.parametrize("mode", [info.id for info in CATALOG])
def test_every_mode_has_a_guide_in_the_shared_shape(mode: str) -> None:
    """Titled as the mode, then exactly the five sections in order, each with some text, and
    the terminal's command named where the guide says how to play in this app."""
    text = guide(mode)
    first, _, rest = text.partition("\n")
    assert first == f"# {get_mode(mode).title}"
    assert sections(text) == list(GUIDE_SECTIONS)
    bodies = re.split(r"^## .+$", rest, flags=re.MULTILINE)[1:]
    assert all(len(body.split()) >= 5 for body in bodies), "a section is nearly empty"
    assert "`rules`" in bodies[-1]


def test_a_guide_is_short_enough_to_read_on_a_phone() -> None:
    """No guide runs past about five phone screens of text (Godstorm, with its epochs,
    miracles and the Underworld, is the longest)."""
    for info in CATALOG:
        assert len(guide(info.id).split()) < 1_250, info.id


def test_an_unknown_mode_is_refused_by_name() -> None:
    with pytest.raises(UnknownMode, match=re.escape("no game mode '../risk-classic'")):
        guide("../risk-classic")


def test_a_mode_without_a_guide_is_refused_by_name(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A mode another package registers may ship no guide: the refusal names it."""
    monkeypatch.setattr(resources, "files", lambda package: tmp_path)
    with pytest.raises(MissingGuide, match="'risk-classic' has no how-to-play guide"):
        guide("risk-classic")
