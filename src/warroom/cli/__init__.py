"""The `warroom` command line.

`run` is the console script. It answers `warroom games` from the mode catalogue alone and hands
every other command line to the Typer app in `warroom.cli.main`: importing Typer, and the pydantic
it loads to parse options, takes several times as long as Python's own start-up.
"""

import os
import sys


def run() -> None:
    """Run the command line; output cut short by its reader (`warroom games | head`) ends
    the command quietly, as other command-line tools do, rather than with a traceback."""
    try:
        try:
            _dispatch()
        finally:  # Typer ends with SystemExit: what it printed is flushed here, not at exit
            sys.stdout.flush()
    except BrokenPipeError:
        # Python's documented way out: point stdout at devnull so that the flush at exit
        # does not raise again (docs.python.org, "Note on SIGPIPE").
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)


def _dispatch() -> None:
    if sys.argv[1:] in (["games"], ["games", "--json"]):
        from warroom.cli.games import list_modes

        list_modes(as_json=len(sys.argv) == 3)
        return
    from warroom.cli.main import app

    app()
