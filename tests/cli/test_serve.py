"""`warroom serve` refuses what it cannot serve with one line, before announcing an address."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import NoReturn

import pytest
import uvicorn
from typer.testing import CliRunner

from warroom.cli.main import app
from warroom.web.store import StoreError

runner = CliRunner()


def test_a_port_out_of_range_is_refused() -> None:
    result = runner.invoke(app, ["serve", "--port", "70000"])
    assert result.exit_code == 2 and "65535" in result.output and "http://" not in result.output


@pytest.mark.parametrize("delay", ["inf", "nan", "-1", "61"])
def test_a_bot_delay_that_is_no_span_of_seconds_is_refused(delay: str, tmp_path: Path) -> None:
    """inf started a server whose bots never moved (a timer out of range, in a thread's
    traceback); NaN and negative delays started one too."""
    result = runner.invoke(app, ["serve", "--bot-delay", delay, "--data-dir", str(tmp_path)])
    assert result.exit_code == 2 and "seconds from 0 to 60" in result.output, result.output
    assert "http://" not in result.output


def test_a_port_in_use_is_one_line_before_any_address(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        args = ["serve", "--port", str(port), "--data-dir", str(tmp_path)]
        result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert f"error: cannot listen on 127.0.0.1:{port}" in result.output
    assert "http://" not in result.output and "Traceback" not in result.output


def test_an_unusable_data_dir_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    for bad in (tmp_path / "file", tmp_path / "file" / "sub"):
        result = runner.invoke(app, ["serve", "--port", "1", "--data-dir", str(bad)])
        assert result.exit_code == 2 and f"error: cannot use --data-dir {bad}" in result.output
        assert "Traceback" not in result.output


def _refused_store(*args: object, **kwargs: object) -> NoReturn:
    raise StoreError("the database file is damaged")


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--port", "{taken}"], "cannot listen on 127.0.0.1:{taken}: Address already in use"),
        (["--host", "192.0.2.1"], "cannot listen on 192.0.2.1:"),  # an address not this host's
        (["--create-rate", "lots"], "--create-rate: couldn't parse rate limit string 'lots'"),
        (["--list-rate", "0/second"], "--list-rate: '0/second' allows nothing"),
        (["--undo-limit", "0"], "--undo-limit: the record caps and the undo limit must be at"),
        (["--max-sockets", "0"], "--max-sockets: the live connections allowed per address"),
        (["--bot-delay", "-1"], "--bot-delay takes seconds from 0 to 60, not -1.0"),
        (["--port", "{free}"], "the database file is damaged"),  # the store refuses (below)
    ],
)
def test_a_refused_serve_is_one_line_like_other_commands_and_makes_nothing(
    args: list[str], said: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Refusals were 'warroom: ...' with exit 1, or Typer's box for the rates and the bot
    delay, unlike every other command's 'error: ...'; and a refused serve (a port in use, a
    host that is none) left behind the data directory with an empty database in it."""
    import warroom.web.app

    monkeypatch.setattr(warroom.web.app, "create_app", _refused_store)
    data = tmp_path / "made" / "warroom-data"
    with socket.socket() as taken, socket.socket() as probe:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        probe.bind(("127.0.0.1", 0))
        ports = {"taken": taken.getsockname()[1], "free": probe.getsockname()[1]}
        probe.close()  # free again: serve binds it, and the store is refused after
        given = [arg.format(**ports) for arg in args]
        result = runner.invoke(app, ["serve", *given, "--data-dir", str(data)])
    assert result.exit_code == 2, result.output
    assert result.output.startswith(f"error: {said.format(**ports)}"), result.output
    assert len(result.output.splitlines()) == 1, result.output
    assert not (tmp_path / "made").exists()


def test_proxy_headers_are_trusted_unless_turned_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Clients connecting directly: any program on the host could set X-Forwarded-For and
    get fresh per-address limits for each address it names, with no way to say otherwise."""
    seen: list[bool] = []

    def run(server: uvicorn.Server, sockets: object = None) -> None:
        seen.append(server.config.proxy_headers)

    monkeypatch.setattr(uvicorn.Server, "run", run)
    for flag, trusted in (([], True), (["--no-trust-proxy"], False)):
        with socket.socket() as probe:  # a free port, given back before serve binds it
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        args = ["serve", "--port", str(port), "--data-dir", str(tmp_path), *flag]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        assert seen.pop() is trusted
