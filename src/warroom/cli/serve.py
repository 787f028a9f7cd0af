"""`warroom serve`: the web app on localhost, storing games in SQLite unless DATABASE_URL says."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on (loopback by default).")] = (
        "127.0.0.1"
    ),
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    data_dir: Annotated[
        Path, typer.Option(help="Where the SQLite database lives (ignored with DATABASE_URL).")
    ] = Path("warroom-data"),
    bot_delay: Annotated[
        float, typer.Option(help="Seconds a bot waits before each move, so people can follow.")
    ] = 0.4,
) -> None:
    """Play in the browser: a lobby, seats for friends and bots, games that survive restarts."""
    import uvicorn

    from warroom.web.app import create_app
    from warroom.web.store import database_url

    url = database_url(os.environ.get("DATABASE_URL"), data_dir)
    app = create_app(url, bot_delay=bot_delay)
    shown = "PostgreSQL (DATABASE_URL)" if "postgresql" in url else url.removeprefix("sqlite:///")
    typer.echo(f"warroom: http://{host}:{port}/  (games stored in {shown})")
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=64 * 1024)


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
