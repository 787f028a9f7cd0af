"""`warroom monopoly`: exact long-run odds of a Monopoly board, in the terminal or as JSON."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from warroom.cli.common import check_png, check_writable, fail, make_console

monopoly_app = typer.Typer(help="Monopoly editions: exact odds.", no_args_is_help=True)


@monopoly_app.command("odds")
def odds(
    jail: Annotated[
        str, typer.Option(help="Jail policy: 'stay' (roll for doubles) or 'pay' at once.")
    ] = "stay",
    heroes: Annotated[
        int, typer.Option(min=0, help="Hero cards the moving player holds (battle dice).")
    ] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable.")] = False,
    plot: Annotated[
        Path | None, typer.Option(help="Also write a PNG: where turns end, space by space.")
    ] = None,
) -> None:
    """Where turns end, landings per turn, and expected payment per opponent turn."""
    # numpy (the odds), pydantic (the board) and Rich load only when the command runs.
    from rich.table import Table

    from warroom.odds.monopoly import LEVELS, board_odds, hero_income, set_income
    from warroom.rules.monopoly import board, set_color

    if jail not in ("stay", "pay"):
        raise fail("--jail must be 'stay' or 'pay'")
    if plot is not None:  # before the work: matplotlib refuses other names only after it
        check_png(plot, "--plot")
        check_writable(plot)
    b = board("avengers")
    if heroes > len(b.ownable):
        cards = len(b.ownable)
        raise fail(f"--heroes: a player holds at most the {cards} hero cards, not {heroes}")
    o = board_odds("avengers", jail, heroes)
    names = [*b.names, "In Jail"]
    income = hero_income(b, o)
    sets = set_income(b, o)
    if plot is not None:
        _plot(
            plot,
            b.name,
            names,
            [float(x) for x in o.end],
            [b.set_of[s] for s in range(len(b))],
            [set_color(name) for name in b.sets],
        )
    if as_json:
        out: dict[str, Any] = {
            "board": b.id,
            "jail": jail,
            "heroes": heroes,
            "rolls_per_turn": o.rolls_per_turn,
            "spaces": [
                {
                    "space": names[s],
                    "end_of_turn": float(o.end[s]),
                    "landings_per_turn": float(o.landings[s]) if s < len(b) else None,
                }
                for s in range(len(names))
            ],
            "heroes_income": {b.names[s]: row for s, row in income.items()},
            "sets_income": sets,
        }
        print(json.dumps(out, indent=2))
        return
    console = make_console()
    t = Table(title=f"{b.name}: per turn (jail={jail}, heroes held={heroes})")
    for col in ("#", "space", "P(end turn here)", "landings per turn"):
        t.add_column(col, justify="right" if col != "space" else "left")
    for s, name in enumerate(names):
        land = f"{o.landings[s]:.4f}" if s < len(b) else ""
        t.add_row(str(s) if s < len(b) else "", name, f"{o.end[s]:.4f}", land)
    console.print(t)
    h = Table(
        title="Expected payment per opponent turn, by hero and level (M)",
        caption="A dice hero (marked *): 'alone' with one of the two owned, 'set' with both",
    )
    h.add_column("hero")
    for lv in LEVELS:
        h.add_column(lv, justify="right")
    for s, row in income.items():
        if b.set_of[s] >= 0:
            h.add_row(b.names[s], *(f"{row[lv]:.2f}" for lv in LEVELS))
        else:
            owned = [f"{v:.2f}" for v in row.values()]  # one of the two owned, then both
            h.add_row(f"{b.names[s]} *", *owned, *[""] * (len(LEVELS) - len(owned)))
    console.print(h)
    st = Table(title="Expected payment per opponent turn, whole colour set (M)")
    st.add_column("set")
    for lv in LEVELS[1:]:
        st.add_column(lv, justify="right")
    for name, row in sets.items():
        st.add_row(name, *(f"{row[lv]:.2f}" for lv in LEVELS[1:]))
    console.print(st)
    if plot is not None:
        console.print(f"wrote {plot}", markup=False, highlight=False)


def _plot(
    path: Path,
    title: str,
    names: list[str],
    end: list[float],
    set_of: list[int],
    colors: list[str],
) -> None:
    """Bars of the chance that a turn ends on each space, hero bars in their set's colour."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(14, 5))
    bar_colors = [
        colors[set_of[i]] if i < len(set_of) and set_of[i] >= 0 else "#9a9a9a"
        for i in range(len(names))
    ]
    ax.bar(range(len(names)), end, color=bar_colors, edgecolor="#333333", linewidth=0.4)
    ax.set_xticks(range(len(names)), names, rotation=75, ha="right", fontsize=8)
    ax.set_ylabel("P(turn ends here)")
    ax.set_title(f"{title}: where turns end in the long run (exact)")
    fig.tight_layout()
    try:
        fig.savefig(path, dpi=110)
    except OSError as exc:
        raise fail(f"cannot write {path}: {exc.strerror}") from None
    finally:
        plt.close(fig)
