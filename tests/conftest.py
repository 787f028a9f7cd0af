"""How the suite shares out among workers (pytest-xdist; `./run test` starts one per core).

Each test goes to whichever worker is free, except for two kinds kept together:
- the browser tests (a real server and Chromium each) run one after another on one worker,
  beside the other tests rather than against each other, so that their waits on the page
  stay far from their limits; being the largest group, they are handed out first;
- tests of one module with the same parameters, where a module-scoped fixture plays a game
  once for all of them (the contract suite checks each game five ways), stay on one worker,
  so that the game is not played again on another.
The groups are read from the test ids, so this does not depend on how xdist marks nodes.
"""

from __future__ import annotations

from typing import Any

import pytest

BROWSER_MODULES = {
    "tests/web/test_browser.py",
    "tests/web/test_dice_cards.py",
    "tests/web/test_monopoly_page.py",
    "tests/web/test_risk_page.py",
    "tests/web/test_strike.py",
}
SHARED_GAMES = {"tests/contract/test_contract.py", "tests/monopoly/test_play.py"}


def work_unit(nodeid: str) -> str:
    """The group a test runs in: tests with the same group run on one worker, in order."""
    path, _, rest = nodeid.partition("::")
    if path in BROWSER_MODULES:
        return "browser"
    if path in SHARED_GAMES and "[" in rest:
        return f"{path}[{rest.split('[', 1)[1]}"
    return nodeid


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    from xdist.scheduler import LoadScopeScheduling

    class Grouped(LoadScopeScheduling):  # type: ignore[misc]
        """xdist's scope scheduling (larger groups first), with the groups above."""

        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

    return Grouped(config, log)
