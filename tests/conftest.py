"""How the suite shares out among workers (pytest-xdist; `./run test` starts one per core).

Each test goes to whichever worker is free, except for two kinds kept together:
- the browser tests (every module that opens Chromium, each test a real server) run one
  after another on one worker, beside the other tests rather than against each other, so
  that their waits on the page stay far from their limits; the largest group, it goes first;
- tests of one module with the same parameters, where a module-scoped fixture plays a game
  once for all of them (the contract suite checks each game five ways), stay on one worker,
  so that the game is not played again on another.
The groups are read from the test ids (xdist's own `xdist_group` marks rename the ids, which
pytest 9.2 no longer allows, so `--dist loadgroup` would group nothing).
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

# Hypothesis's default limit of 200 ms an example fails a test on a loaded machine (a parse
# of a long number took 248 ms with other jobs running) though nothing is wrong: these tests
# check what the code does, not how fast; speed is the benchmarks' (benchmarks/).
settings.register_profile("warroom", deadline=None)
settings.load_profile("warroom")

ROOT = Path(__file__).resolve().parents[1]  # where test ids start

SHARED_GAMES = {"tests/contract/test_contract.py", "tests/monopoly/test_play.py"}


def work_unit(nodeid: str) -> str:
    """The group a test runs in: tests with the same group run on one worker, in order."""
    path, _, rest = nodeid.partition("::")
    if _starts_chromium(path):
        return "browser"
    if path in SHARED_GAMES and "[" in rest:
        return f"{path}[{rest.split('[', 1)[1]}"
    return nodeid


# What a module that opens Chromium calls (`tests.web.system`): the shared helpers, or
# `chromium()` itself for a launch of its own.
_OPENS_CHROMIUM = ("browser_page(", "chromium_browser(", "chromium()")


@functools.cache
def _starts_chromium(path: str) -> bool:
    """A test module that opens Chromium: it calls `browser_page` or `chromium_browser`
    (`tests.web.system`), or `chromium()` for a launch of its own."""
    try:
        text = (ROOT / path).read_text(encoding="utf-8")
    except OSError:
        return False
    return any(call in text for call in _OPENS_CHROMIUM)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    from xdist.scheduler import LoadScopeScheduling

    class Grouped(LoadScopeScheduling):  # type: ignore[misc]
        """xdist's scope scheduling (larger groups first), with the groups above."""

        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

    return Grouped(config, log)


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Browser tests share their worker's Chromium (`tests.web.system`); any other test
    starts with it closed, since Playwright's running loop would refuse its `asyncio.run`."""
    if not _starts_chromium(item.nodeid.partition("::")[0]):
        _close_shared_browser()


def pytest_sessionfinish(session: pytest.Session) -> None:
    _close_shared_browser()


def _close_shared_browser() -> None:
    from tests.web.system import close_shared_browser

    close_shared_browser()
