"""Line editing, history and Tab completion for `warroom play` at a real terminal (readline).

Without it the arrow keys arrive as escape codes in the typed action.
"""

from __future__ import annotations

import atexit
import contextlib
from collections.abc import Callable
from pathlib import Path

HISTORY = Path.home() / ".warroom_history"
HISTORY_LINES = 1000


def completer(words: Callable[[], list[str]]) -> Callable[[str, int], str | None]:
    """readline's completer: the `state`-th of the words now typable that start with `text`
    (any case); a place name with spaces completes whole."""
    found: list[str] = []

    def complete(text: str, state: int) -> str | None:
        if state == 0:
            low = text.lower()
            found[:] = [w for w in words() if w.lower().startswith(low)]
        return found[state] if state < len(found) else None

    return complete


def tty_reader(words: Callable[[], list[str]]) -> Callable[[str], str]:
    """`input` with readline's editing, a history kept in ~/.warroom_history, and completion."""
    import readline

    with contextlib.suppress(OSError):  # no history yet, or an unreadable one: start afresh
        readline.read_history_file(HISTORY)
    readline.set_history_length(HISTORY_LINES)
    atexit.register(_write_history)
    readline.set_completer_delims(" \t\n\"'")
    readline.set_completer(completer(words))
    readline.parse_and_bind("tab: complete")
    return input


def _write_history() -> None:
    import readline

    with contextlib.suppress(OSError):  # an unwritable home loses the history, not the game
        readline.write_history_file(HISTORY)
