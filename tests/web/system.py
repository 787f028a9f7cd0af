"""Outside programs the web tests need (PostgreSQL, Chromium), installed from Debian if missing,
and how the browser tests open Chromium (`chromium_browser`, `open_page`, `browser_page`).

CI starts on a fresh machine with only python3, so the tests install what they need when
they run as root with apt-get; anywhere else a missing program skips those tests with
the reason, rather than failing them.
"""

from __future__ import annotations

import asyncio
import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    import httpx
    from fastapi import FastAPI
    from playwright.sync_api import Browser, Page, Playwright

_updated = False


def apt_install(package: str) -> str | None:
    """Install a Debian package; None when done, else why it could not be."""
    global _updated
    if shutil.which("apt-get") is None:
        return "apt-get is not available"
    if os.geteuid() != 0:
        return "not running as root, so cannot apt-get install"
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    try:
        if not _updated:
            subprocess.run(["apt-get", "update", "-q"], env=env, check=True, capture_output=True)
            _updated = True
        subprocess.run(
            ["apt-get", "install", "-y", "-q", package], env=env, check=True, capture_output=True
        )
    except subprocess.CalledProcessError as exc:
        return f"apt-get install {package} failed: {exc.stderr.decode(errors='replace')[-300:]}"
    return None


def chromium() -> str:
    """Path of Debian's Chromium, installing it if needed, or skip the test."""
    path = "/usr/bin/chromium"
    if not os.path.exists(path):
        why = apt_install("chromium")
        if why is not None:
            pytest.skip(f"Chromium is not installed and {why}")
    return path


# Chromium's switches for the browser tests: no window, no GPU, nothing fetched in the
# background that the tests did not ask for.
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


# One Chromium for the browser tests of a worker, launched at the first and kept while they
# run one after another (tests/conftest.py closes it before any other test, and at the end):
# starting Playwright's driver and a browser took about a second a test. Each test still gets
# contexts of its own, closed when it ends, so no cookie, storage or page outlives it.
_shared: tuple[Playwright, Browser] | None = None


def _shared_browser() -> Browser:
    """The worker's Chromium, launched if there is none or it has gone (a crash)."""
    global _shared
    if _shared is not None and not _shared[1].is_connected():
        close_shared_browser()
    if _shared is None:
        from playwright.sync_api import sync_playwright

        path = chromium()
        driver = sync_playwright().start()
        try:
            _shared = driver, driver.chromium.launch(executable_path=path, args=ARGS)
        except BaseException:
            driver.stop()
            raise
    return _shared[1]


def close_shared_browser() -> None:
    """Close the worker's Chromium and stop Playwright's driver, if started: while it runs,
    its event loop counts as running in this thread, so `asyncio.run` would refuse."""
    global _shared
    if _shared is None:
        return
    driver, browser = _shared
    _shared = None
    try:
        if browser.is_connected():
            browser.close()
    finally:
        driver.stop()


@contextmanager
def chromium_browser() -> Iterator[Browser]:
    """Debian's Chromium (`chromium()`, so a test skips without it), driven by Playwright;
    every context opened in it is closed however the test ends. For a test that opens several
    pages: see `open_page`."""
    browser = _shared_browser()
    before = set(browser.contexts)
    try:
        yield browser
    finally:
        for context in browser.contexts:
            if context not in before:
                context.close()


def open_page(
    browser: Browser,
    url: str | None = None,
    *,
    width: int = 1400,
    height: int = 900,
    errors: list[str] | None = None,
    **context: Any,
) -> Page:
    """A page in a browser context of its own, `width` by `height` (and any other context
    options, e.g. `reduced_motion`, `is_mobile`); each uncaught error of its scripts is
    appended to `errors` when given; it loads `url` when given."""
    page = browser.new_context(viewport={"width": width, "height": height}, **context).new_page()
    if errors is not None:
        page.on("pageerror", lambda exc: errors.append(str(exc)))
    if url is not None:
        page.goto(url)
    return page


@contextmanager
def browser_page(
    url: str | None = None, *, width: int = 1400, height: int = 900
) -> Iterator[tuple[Page, list[str]]]:
    """One page in its own Chromium (`chromium_browser`, `open_page`), and the list its
    uncaught script errors go to, for the test to check."""
    with chromium_browser() as browser:
        errors: list[str] = []
        yield open_page(browser, url, width=width, height=height, errors=errors), errors


class InProcessClient:
    """The app's HTTP API called in an event loop of this thread's own, through httpx's ASGI
    transport, for tests that read a game thousands of times: `TestClient` answers the same,
    but hands every message of every request to a loop in another thread and back, which
    cost more than most reads themselves. No websockets: those tests keep `TestClient`. Used
    as a context manager: the app's lifespan runs on entry and is closed on exit."""

    def __init__(self, app: FastAPI) -> None:
        import httpx

        self._loop = asyncio.new_event_loop()
        self._lifespan = app.router.lifespan_context(app)
        self._loop.run_until_complete(self._lifespan.__aenter__())
        transport = httpx.ASGITransport(app=app)
        self._client = httpx.AsyncClient(transport=transport, base_url="http://testserver")

    def get(self, url: str, **options: Any) -> httpx.Response:
        return self._loop.run_until_complete(self._client.get(url, **options))

    def post(self, url: str, **options: Any) -> httpx.Response:
        return self._loop.run_until_complete(self._client.post(url, **options))

    def __enter__(self) -> InProcessClient:
        return self

    def __exit__(self, *exc: object) -> None:
        try:
            self._loop.run_until_complete(self._client.aclose())
            self._loop.run_until_complete(self._lifespan.__aexit__(None, None, None))
        finally:
            self._loop.close()


def postgres_bin() -> Path:
    """The directory holding initdb and pg_ctl, installing PostgreSQL if needed, or skip."""

    def find() -> Path | None:
        found = shutil.which("initdb")
        if found:
            return Path(os.path.realpath(found)).parent
        dirs = sorted(glob.glob("/usr/lib/postgresql/*/bin"))
        return Path(dirs[-1]) if dirs else None

    where = find()
    if where is None:
        why = apt_install("postgresql")
        if why is not None:
            pytest.skip(f"PostgreSQL is not installed and {why}")
        where = find()
        if where is None:
            pytest.skip("PostgreSQL installed but initdb not found")
    return where


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Postgres:
    """A throwaway PostgreSQL cluster on a loopback port, owned by the postgres user if root."""

    def __init__(self) -> None:
        self.bin = postgres_bin()
        # Not under pytest's own temp dir: the postgres user could not reach into it.
        self.dir = Path(tempfile.mkdtemp(prefix="warroom-pg-"))
        self.port = free_port()
        self.as_user: list[str] = []
        if os.geteuid() == 0:  # PostgreSQL refuses to run as root
            shutil.chown(self.dir, "postgres")
            self.as_user = ["runuser", "-u", "postgres", "--"]

    def start(self) -> str:
        data = self.dir / "data"
        self._run("initdb", "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8")
        # A port found free may be taken before PostgreSQL binds it (another test's server, a
        # client's connection): then it starts on another one.
        for attempt in range(5):
            self.port = free_port()
            opts = f"-h 127.0.0.1 -p {self.port} -k {self.dir} -c fsync=on"
            log = self.dir / "log"
            try:
                self._run("pg_ctl", "-D", str(data), "-o", opts, "-l", str(log), "-w", "start")
                break
            except RuntimeError:
                taken = log.exists() and "Address already in use" in log.read_text(errors="replace")
                if attempt == 4 or not taken:
                    raise
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.2)
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.dir / "data"), "-m", "immediate", "stop", check=False)
        shutil.rmtree(self.dir, ignore_errors=True)

    def _run(self, tool: str, *args: str, check: bool = True) -> None:
        done = subprocess.run([*self.as_user, str(self.bin / tool), *args], capture_output=True)
        if check and done.returncode != 0:
            raise RuntimeError(f"{tool} failed: {done.stderr.decode(errors='replace')[-500:]}")


def create_in_lobby(
    page: Any,
    mode: str,
    players: int,
    seats: dict[int, str],
    options: dict[str, str] | None = None,
    pace: str = "normal",
) -> None:
    """Make a game in the lobby as a person would: the mode, the players, each seat named in
    `seats` (seat number -> "human", "open" or "bot:TIER"; the others keep their default), the
    options and the bots' pace, then Create."""
    page.select_option("#mode", mode)
    page.select_option("#players", str(players))
    for seat, value in seats.items():
        page.select_option(f"#seat-{seat}", value)
    for name, value in (options or {}).items():
        page.select_option(f"#opt-{name}", value)
    page.select_option("#pace", pace)
    page.click("#create")


def open_lobby_game(page: Any, server: str, mode: str) -> None:
    """Make a 2-player game of `mode` in the lobby, seat 2 a random bot, and open seat 1's page;
    the lobby must offer exactly the bot tiers that play the mode (in the ladder's order)."""
    from warroom.bots import tiers_for

    page.goto(server + "/")
    page.select_option("#mode", mode)
    page.select_option("#players", "2")
    options = page.locator("#seat-1 option").evaluate_all("os => os.map(o => o.value)")
    offered = [o for o in options if o.startswith("bot:")]  # weakest first as measured
    assert sorted(offered) == sorted(f"bot:{t}" for t in tiers_for(mode))
    page.select_option("#seat-1", "bot:random")
    page.click("#create")
    page.goto(str(page.locator("#play-first").get_attribute("href")))


def create_game(
    server: str, mode: str, seats: list[dict[str, Any]], options: dict[str, Any] | None = None
) -> dict[str, Any]:
    """A game made over the API (`POST /api/games`), its answer: id and each seat's token and
    link."""
    import httpx

    r = httpx.post(
        server + "/api/games", json={"mode": mode, "seats": seats, "options": options or {}}
    )
    assert r.status_code == 201, r.text
    return dict(r.json())
