"""The Rich-free table draws exactly what Rich draws, so `warroom games` looks as it did."""

from __future__ import annotations

import io
import random
import string
from collections.abc import Sequence

import pytest
from rich.console import Console
from rich.table import Table

from warroom.cli import table
from warroom.cli.games import rows


def _by_rich(
    title: str, header: Sequence[str], cells: Sequence[Sequence[str]], width: int, style: bool
) -> str:
    t = Table(title=title)
    for name in header:
        t.add_column(name)
    for row in cells:
        t.add_row(*row)
    out = io.StringIO()
    colors = "standard" if style else None
    Console(file=out, width=width, force_terminal=style, color_system=colors).print(t)
    return out.getvalue()


MODES = [
    [r["id"], r["title"], f"{r['min_players']}-{r['max_players']}", str(r["options"])]
    for r in rows()
]


@pytest.mark.parametrize("style", [False, True])
def test_the_mode_list_at_every_width(style: bool) -> None:
    header = ["id", "game", "players", "options"]
    # Below 17 cells some columns have no room for a letter; Rich styles those oddly.
    for width in range(17, 240):
        expected = _by_rich("Game modes", header, MODES, width, style)
        assert table.render("Game modes", header, MODES, width, style) == expected, width


def test_random_tables_wrap_and_cut_as_rich_does() -> None:
    rnd = random.Random(7)

    def text() -> str:
        words = ("".join(rnd.choices(string.ascii_letters, k=rnd.randint(1, 14))) for _ in "x" * 8)
        return " ".join(list(words)[: rnd.randint(0, 8)]) + rnd.choice(["", " ", "  "])

    for _ in range(400):
        n = rnd.randint(1, 5)
        header = [text() or "h" for _ in range(n)]
        cells = [[text() for _ in range(n)] for _ in range(rnd.randint(0, 4))]
        width, title, style = rnd.randint(4 * n + 3, 150), text() or "T", rnd.random() < 0.5
        expected = _by_rich(title, header, cells, width, style)
        assert table.render(title, header, cells, width, style) == expected


def test_the_width_is_rich_s(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "123")
    assert table.terminal_width() == Console().width == 123
