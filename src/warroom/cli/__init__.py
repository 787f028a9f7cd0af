"""The `warroom` command line.

`run` is the console script. `warroom games` is answered from the mode catalogue alone; every
other command goes to the Typer app in `warroom.cli.main`, whose import (Typer, then pydantic
for its option parsing) takes several times Python's own start-up.
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
