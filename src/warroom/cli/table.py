"""Rich's default table (a title, a heavy-headed box), drawn without importing Rich.

`warroom games` has to start within a few times Python's own start-up, and importing Rich
alone takes longer than that. This draws the same table Rich draws, with Rich's sizing and
wrapping (tests/cli/test_table.py compares the two); it counts one terminal cell per character,
which holds for the ASCII it is given.
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False  # importing typing would cost a good part of the start-up saved
if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence

_BOLD, _ITALIC, _RESET = "\x1b[1m", "\x1b[3m", "\x1b[0m"


def terminal_width() -> int:
    """The width Rich's console takes: $COLUMNS, else the terminal's, else 80."""
    if _dumb_terminal():
        return 80
    width = 0
    for fd in (0, 1, 2):
        try:
            width = os.get_terminal_size(fd).columns
        except (ValueError, OSError):
            continue
        break
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit():
        width = int(columns)
    return width or 80


def styled() -> bool:
    """Whether Rich would style the output: a terminal that is not a dumb one."""
    return sys.stdout.isatty() and not _dumb_terminal()


def _dumb_terminal() -> bool:
    return sys.stdout.isatty() and os.environ.get("TERM", "").lower() in ("dumb", "unknown")


def render(
    title: str, header: Sequence[str], rows: Sequence[Sequence[str]], width: int, style: bool
) -> str:
    """The table as Rich prints it on a console `width` cells wide (`style`: bold header,
    italic title)."""
    grid = [list(header), *(list(r) for r in rows)]
    n = len(header)
    space = width - (n + 1)  # less the borders
    widths = [
        min(max(max((len(ln) for ln in row[c].splitlines()), default=0) for row in grid) + 2, space)
        for c in range(n)
    ]
    if sum(widths) > space:
        widths = _collapse(widths, space)
        if sum(widths) > space:
            widths = _reduce(sum(widths) - space, [1] * n, widths, widths)
    table_width = sum(widths) + n + 1
    out = [
        _ITALIC + line + _RESET if style else line
        for line in _wrap(title, table_width, fold=True, justify="center")
    ]
    out.append("┏" + "┳".join("━" * w for w in widths) + "┓")
    out.extend(_row(grid[0], widths, "┃", _BOLD if style else "", header=True))
    out.append("┡" + "╇".join("━" * w for w in widths) + "┩")
    for row in grid[1:]:
        out.extend(_row(row, widths, "│", "", header=False))
    out.append("└" + "┴".join("─" * w for w in widths) + "┘")
    return "\n".join(out) + "\n"


def _row(cells: list[str], widths: list[int], bar: str, style: str, header: bool) -> Iterator[str]:
    """The lines of one row: each cell wrapped inside its padding, short cells filled with blank
    lines (above them in the header, below elsewhere), styled in the pieces Rich writes."""

    def on(text: str) -> str:
        return style + text + _RESET if style else text

    wrapped = [
        [on(" ") + on(ln) + on(" ") for ln in _wrap(cell, w - 2, fold=False, justify="left")]
        if w > 2
        else [" " * w]  # no room for text: Rich leaves the cell blank and unstyled
        for cell, w in zip(cells, widths, strict=True)
    ]
    height = max(len(lines) for lines in wrapped)
    for lines, w in zip(wrapped, widths, strict=True):
        blanks = [on(" " * w) if w > 2 else " " * w] * (height - len(lines))
        lines[:] = blanks + lines if header else lines + blanks
    for i in range(height):
        yield bar + bar.join(lines[i] for lines in wrapped) + bar


def _collapse(widths: list[int], space: int) -> list[int]:
    """Rich's Table._collapse_widths: narrow the widest columns, in turn, towards the next."""
    excess = sum(widths) - space
    while excess > 0:
        widest = max(widths)
        second = max((w for w in widths if w != widest), default=0)
        if widest == second:
            break
        ratios = [1 if w == widest else 0 for w in widths]
        widths = _reduce(excess, ratios, [min(excess, widest - second)] * len(widths), widths)
        excess = sum(widths) - space
    return widths


def _reduce(total: int, ratios: list[int], maximums: list[int], values: list[int]) -> list[int]:
    """Rich's ratio_reduce: take `total` off `values` in proportion to `ratios`."""
    ratios = [r if m else 0 for r, m in zip(ratios, maximums, strict=True)]
    total_ratio = sum(ratios)
    if not total_ratio:
        return values[:]
    out: list[int] = []
    for ratio, maximum, value in zip(ratios, maximums, values, strict=True):
        if ratio and total_ratio > 0:
            taken = min(maximum, round(ratio * total / total_ratio))
            out.append(value - taken)
            total -= taken
            total_ratio -= ratio
        else:
            out.append(value)
    return out


def _wrap(text: str, width: int, fold: bool, justify: str) -> list[str]:
    """Rich's Text.wrap: break before a word that does not fit; a word longer than the line is
    folded (`fold`) or cut with an ellipsis; lines padded (`justify` left) or centred."""
    out = []
    for line in text.split("\n"):
        pieces = []
        start = 0
        for cut in _breaks(line, width, fold):
            pieces.append(line[start:cut])
            start = cut
        pieces.append(line[start:])
        for piece in pieces:
            if len(piece) > width:  # Text.rstrip_end: spaces past the edge go first
                piece = piece[: max(len(piece.rstrip()), width)]
            if justify == "left":
                piece = piece[: width - 1] + "…" if len(piece) > width else piece.ljust(width)
            else:
                piece = piece.rstrip()[:width]
                left = (width - len(piece)) // 2
                piece = (" " * left + piece).ljust(width)
            out.append(piece)
    return out


def _breaks(line: str, width: int, fold: bool) -> list[int]:
    """Rich's divide_line: the offsets at which to break `line` to fit `width`."""
    breaks: list[int] = []
    offset = 0
    for start, word in _words(line):
        length = len(word.rstrip())
        if width - offset >= length:
            offset += len(word)
        elif length > width:
            if fold:
                chunks = [word[i : i + width] for i in range(0, len(word), width)]
                for chunk in chunks:
                    if start:
                        breaks.append(start)
                    start += len(chunk)
                offset = len(chunks[-1])
            else:
                if start:
                    breaks.append(start)
                offset = len(word)
        elif offset and start:
            breaks.append(start)
            offset = len(word)
    return breaks


def _words(line: str) -> Iterator[tuple[int, str]]:
    """Each word with the spaces after it (and any before the first), as Rich's wrap sees it."""
    i, n = 0, len(line)
    while i < n:
        j = i
        while j < n and line[j].isspace():
            j += 1
        if j == n:
            return
        while j < n and not line[j].isspace():
            j += 1
        while j < n and line[j].isspace():
            j += 1
        yield i, line[i:j]
        i = j
