"""Per-game tables (CSV, or Parquet with pyarrow) and pictures of a simulation."""

from __future__ import annotations

import csv
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from warroom.core.errors import WarroomError
from warroom.sim import stats
from warroom.sim.runner import GameResult


def table_format(path: Path) -> str:
    """The format a results file's name asks for ("csv" or "parquet", in any case), refused
    before any game is played rather than after."""
    suffix = path.suffix.lower()
    if suffix not in (".csv", ".parquet"):
        raise WarroomError(f"--out {path}: name a .csv or .parquet file")
    return suffix[1:]


def write_table(results: Sequence[GameResult], path: Path) -> None:
    """One row per game; the format follows the extension (.csv, or .parquet)."""
    rows = [r.row() for r in results]
    columns: dict[str, None] = {}
    for row in rows:
        columns.update(dict.fromkeys(row))
    if table_format(path) == "parquet":
        try:
            import pyarrow as pa
            import pyarrow.parquet as pq
        except ImportError:
            raise WarroomError(
                "writing Parquet needs pyarrow (pip install pyarrow); or write .csv"
            ) from None
        table = pa.table({c: _parquet_column(pa, [row.get(c) for row in rows]) for c in columns})
        pq.write_table(table, path)
        return
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=list(columns))
        writer.writeheader()
        writer.writerows(rows)


def _parquet_column(pa: Any, values: list[Any]) -> Any:
    """Game seeds are unsigned 64-bit: give such a column that type, not int64."""
    if any(isinstance(v, int) and v >= 2**63 for v in values):
        return pa.array(values, type=pa.uint64())
    return pa.array(values)


def rate_panels(results: Sequence[GameResult]) -> list[tuple[str, list[stats.Rate]]]:
    """The win-rate charts, the terminal's tables: by bot and seat, and by turn position,
    faction and team where the mode has them (a designer reads those from the picture as well)."""
    panels = [
        ("bot", stats.by_bot(results)),
        ("seat", stats.by_seat(results)),
        ("turn position", stats.by_position(results)),  # empty where seats are the order
        ("faction", stats.by_faction(results)),  # empty where seats are "Player N"
        ("team", stats.by_team(results)),  # empty without teams
    ]
    return [(f"win rate by {what} (95% Wilson interval)", rates) for what, rates in panels if rates]


def plot(results: Sequence[GameResult], path: Path, title: str) -> None:
    """Win rates with 95% intervals (`rate_panels`), game lengths, and endings."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    panels = rate_panels(results)
    rows = (len(panels) + 3) // 2
    fig, axes = plt.subplots(rows, 2, figsize=(11, 4 * rows), squeeze=False)
    cells = [ax for row in axes for ax in row]
    for ax, (what, rates) in zip(cells, panels, strict=False):
        _bars(ax, rates, what)
    lengths_ax, endings_ax = cells[len(panels)], cells[len(panels) + 1]
    for spare in cells[len(panels) + 2 :]:
        spare.set_visible(False)
    turns = [r.turns for r in results if r.turns is not None]
    values = turns or [r.actions for r in results]
    lengths_ax.hist(values, bins=min(30, max(5, len(set(values)))), color="#4c72b0")
    lengths_ax.set_title("game length in " + ("turns" if turns else "actions"))
    lengths_ax.set_ylabel("games")
    ends = stats.endings(results)
    endings_ax.barh(range(len(ends)), [n for *_, n in ends], color="#8fd19e")
    for y, (e, why, _) in enumerate(ends):
        endings_ax.text(0, y, " " + _short(f"{e}: {why}"), va="center", fontsize=8)
    endings_ax.set_yticks([])
    endings_ax.set_xlabel("games")
    endings_ax.set_title("how games ended")
    endings_ax.invert_yaxis()
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _bars(ax: Any, rates: Sequence[stats.Rate], title: str) -> None:
    labels = [r.label for r in rates]
    values = [r.rate for r in rates]
    low = [r.rate - r.interval[0] for r in rates]
    high = [r.interval[1] - r.rate for r in rates]
    ax.bar(labels, values, yerr=[low, high], capsize=4, color="#c44e52")
    if sum(map(len, labels)) > 40:  # faction names run into each other
        ax.tick_params(axis="x", labelrotation=20)
    ax.set_ylim(0, 1)
    ax.set_title(title)


def _short(text: str, width: int = 48) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"
