"""`warroom games`: the modes in the catalogue, as a table or as JSON.

Reads only `warroom.games.CATALOG`, so the command needs no Typer, Rich or rules module and
starts within a few times Python's own start-up (benchmarks/startup_bench.py).
"""

from __future__ import annotations

from warroom.games import CATALOG, option_text, strength

TYPE_CHECKING = False  # importing typing would cost a good part of the start-up saved
if TYPE_CHECKING:
    from typing import Any


def rows() -> list[dict[str, Any]]:
    """One JSON object per mode: id, title, player counts, options and its bot tiers with
    where each stands on the mode's measured ladder (`warroom.games.strength`)."""
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
            "bots": strength.strengths(strength.stored_ladder(m.id), list(m.bots)),
        }
        for m in sorted(CATALOG, key=lambda m: m.id)
    ]


def list_modes(as_json: bool) -> None:
    """Print the modes: indented JSON for programs, else one block per mode for people (plain
    text: Rich alone would take several times Python's start-up)."""
    if as_json:
        import json

        print(json.dumps(rows(), indent=2))
        return
    for mode in rows():
        players = f"{mode['min_players']}-{mode['max_players']} players"
        print(f"{mode['id']}  ({players})  {mode['title']}")
        for name, option in mode["options"].items():
            choices = "|".join(str(c) for c in option["choices"])
            shown = f"  [{choices}]" if choices else ""
            print(f"    --option {name}={option_text(option['default'])}{shown}")
            print(f"        {option['help']}")
        print("    bots, weakest first:")
        for bot in mode["bots"]:
            print(f"      {bot['tier']:10s} {bot['summary']}")
