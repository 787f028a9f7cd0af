"""`warroom games`: the modes in the catalogue, as a table or as JSON.

Reads only `warroom.games.CATALOG`, so the command needs no Typer, Rich or rules module and
starts within a few times Python's own start-up (benchmarks/startup_bench.py).
"""

from __future__ import annotations

from warroom.games import CATALOG

TYPE_CHECKING = False  # importing typing would cost a good part of the start-up saved
if TYPE_CHECKING:
    from typing import Any


def rows() -> list[dict[str, Any]]:
    """One JSON object per mode: id, title, player counts and options."""
    return [
        {
            "id": m.id,
            "title": m.title,
            "min_players": m.min_players,
            "max_players": m.max_players,
            "options": {
                o.name: {"default": o.default, "choices": list(o.choices), "help": o.help}
                for o in m.options
            },
        }
        for m in sorted(CATALOG, key=lambda m: m.id)
    ]


def list_modes(as_json: bool) -> None:
    """Print the modes: indented JSON for programs, else the table people read."""
    if as_json:
        import json

        print(json.dumps(rows(), indent=2))
        return
    from warroom.cli import table

    cells = [
        [
            r["id"],
            r["title"],
            f"{r['min_players']}-{r['max_players']}",
            ", ".join(f"{k}={v['default']}" for k, v in r["options"].items()),
        ]
        for r in rows()
    ]
    text = table.render(
        "Game modes",
        ["id", "game", "players", "options"],
        cells,
        table.terminal_width(),
        table.styled(),
    )
    print(text, end="")
