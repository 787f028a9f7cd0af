"""The `warroom` command line.

`run` is the console script. It answers `warroom games` from the mode catalogue alone and hands
every other command line to the Typer app in `warroom.cli.main`: importing Typer, and the pydantic
it loads to parse options, takes several times as long as Python's own start-up.
"""

import sys


def run() -> None:
    """Run the command line."""
    if sys.argv[1:] in (["games"], ["games", "--json"]):
        from warroom.cli.games import list_modes

        list_modes(as_json=len(sys.argv) == 3)
        return
    from warroom.cli.main import app

    app()
