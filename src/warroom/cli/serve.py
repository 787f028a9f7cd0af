"""`warroom serve`: the web app on localhost, storing games in SQLite unless DATABASE_URL says."""

from __future__ import annotations

import logging
import os
import socket
from pathlib import Path
from typing import Annotated

import typer

from warroom.web import quotas as defaults
from warroom.web.quotas import Quotas

MOST_BOT_DELAY = 60.0  # seconds: a bot that waits longer looks like a server that stopped


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on (loopback by default).")] = (
        "127.0.0.1"
    ),
    port: Annotated[int, typer.Option(help="Port to listen on.", min=1, max=65535)] = 8000,
    data_dir: Annotated[
        Path, typer.Option(help="Where the SQLite database lives (ignored with DATABASE_URL).")
    ] = Path("warroom-data"),
    bot_delay: Annotated[
        float,
        typer.Option(
            help="Seconds from a bot's turn to its move (it thinks meanwhile), so people can "
            "follow, and a quick or slow choice tells nothing of its hand."
        ),
    ] = 0.4,
    create_rate: Annotated[
        str, typer.Option(help="Games one client address may create, e.g. '30/minute;300/day'.")
    ] = defaults.CREATE_RATE,
    action_rate: Annotated[
        str, typer.Option(help="Actions one client address may post, e.g. '20/second'.")
    ] = defaults.ACTION_RATE,
    read_rate: Annotated[
        str,
        typer.Option(help="Reads of a game's data one client address may make, e.g. '30/second'."),
    ] = defaults.READ_RATE,
    claim_rate: Annotated[
        str, typer.Option(help="Open seats one client address may claim, e.g. '20/minute'.")
    ] = defaults.CLAIM_RATE,
    list_rate: Annotated[
        str,
        typer.Option(
            help="Reads of the list of games one client address may make, e.g. '5/second'."
        ),
    ] = defaults.LIST_RATE,
    max_sockets: Annotated[
        int, typer.Option(help="Live connections (game pages) one client address may hold open.")
    ] = defaults.SOCKETS,
    max_record: Annotated[
        int, typer.Option(help="Longest record of a game with a person seated; then it stops.")
    ] = defaults.RECORD_WITH_PEOPLE,
    max_record_bots: Annotated[
        int, typer.Option(help="Longest record of a game between bots; then it stops.")
    ] = defaults.RECORD_BOTS_ONLY,
    undo_limit: Annotated[
        int, typer.Option(help="Undos a seat may make in a row, before another seat acts.")
    ] = defaults.UNDOS_IN_A_ROW,
    trust_proxy: Annotated[
        bool,
        typer.Option(
            help="Take a client's address from X-Forwarded-For on connections from 127.0.0.1 "
            "(a reverse proxy on this host), for the per-address limits. Turn it off where "
            "clients connect directly, so no program on this host can pose as other addresses."
        ),
    ] = True,
) -> None:
    """Play in the browser: a lobby, seats for friends and bots, games that survive restarts."""
    import shutil

    import uvicorn

    from warroom.cli.common import fail
    from warroom.web.app import create_app
    from warroom.web.store import StoreError, database_url

    # The operator reads what the server found at startup (damaged games, an emptied file).
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    # Every refusal comes before anything is made: the options, then the address, and only
    # then the data directory and the database, which a refused store takes away again.
    limits = _quotas(
        create_rate=("--create-rate", create_rate),
        action_rate=("--action-rate", action_rate),
        record_with_people=("--max-record", max_record),
        record_bots_only=("--max-record-bots", max_record_bots),
        undos_in_a_row=("--undo-limit", undo_limit),
        read_rate=("--read-rate", read_rate),
        claim_rate=("--claim-rate", claim_rate),
        sockets=("--max-sockets", max_sockets),
        list_rate=("--list-rate", list_rate),
    )
    # inf stalled every bot on a timer out of range; NaN and negatives passed a range check
    if not 0 <= bot_delay <= MOST_BOT_DELAY:
        raise fail(f"--bot-delay takes seconds from 0 to {MOST_BOT_DELAY:g}, not {bot_delay}")
    # Bound here, before the address is announced, so a port in use is one line, not a URL
    # that leads nowhere followed by uvicorn's log; uvicorn then serves on this very socket.
    try:
        sock = _listen(host, port)
    except OSError as exc:
        raise fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    environment_url = os.environ.get("DATABASE_URL")
    made = None if environment_url else _first_missing(data_dir)
    try:
        url = database_url(environment_url, data_dir)
        app = create_app(url, bot_delay=bot_delay, quotas=limits)
    except (OSError, StoreError) as exc:
        sock.close()
        if made is not None:
            shutil.rmtree(made, ignore_errors=True)
        if isinstance(exc, StoreError):
            raise fail(str(exc)) from None
        raise fail(f"cannot use --data-dir {data_dir}: {exc.strerror or exc}") from None
    shown = "PostgreSQL (DATABASE_URL)" if "postgresql" in url else url.removeprefix("sqlite:///")
    typer.echo(f"warroom: http://{host}:{port}/  (games stored in {shown})")
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=64 * 1024,
        proxy_headers=trust_proxy,
    )
    uvicorn.Server(config).run(sockets=[sock])


def _quotas(**given: tuple[str, str | int]) -> Quotas:
    """The server's limits from the options, `field=(option, value)`; a value the limits
    refuse is refused naming its option, each checked with the others at their defaults."""
    from warroom.cli.common import fail

    for field, (option, value) in given.items():
        try:
            Quotas(**{field: value})  # type: ignore[arg-type]
        except ValueError as exc:
            raise fail(f"{option}: {exc}") from None
    return Quotas(**{field: value for field, (_, value) in given.items()})  # type: ignore[arg-type]


def _first_missing(path: Path) -> Path | None:
    """The highest folder of `path` not yet there (what making it makes), or None."""
    missing = None
    absolute = path.absolute()
    for folder in (absolute, *absolute.parents):
        if folder.exists():
            break
        missing = folder
    return missing


def _listen(host: str, port: int) -> socket.socket:
    """A bound socket for host:port, set up as uvicorn sets up its own (IPv4 or IPv6)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    return sock


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
