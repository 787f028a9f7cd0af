"""A game page under the server's per-address limits (Chromium): a log longer than one page
still loads whole when the read rate refuses some of its pages (the page waits out each
429), and a page over the cap of live connections says so and does not reconnect."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.web.play import SHORT, bot_choice, play_people
from tests.web.system import chromium_browser, open_page
from tests.web.test_browser import msg
from warroom.web import hub as hub_module
from warroom.web.hub import Hub, SeatSpec
from warroom.web.quotas import Quotas
from warroom.web.store import Store

TAIL = 10  # a short tail in the state message, so that the log comes by pages


@pytest.fixture
def served_hub(tmp_path: Path) -> Hub:
    """The server's hub with two reads every 5 seconds (the page's live connection and one
    page of log) and one live connection per address."""
    quotas = Quotas(read_rate="2/5 seconds", sockets=1)
    return Hub(Store(f"sqlite:///{tmp_path / 'warroom.db'}"), seed_source=lambda: 7, quotas=quotas)


def test_a_long_log_loads_past_the_read_rate_and_a_page_over_the_socket_cap_says_so(
    server: str, served_hub: Hub, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hub_module, "LOG_TAIL", TAIL)
    row, seats = served_hub.create("risk-classic", [SeatSpec("human")] * 3, SHORT)
    tokens = {s.seat: s.token for s in seats if s.token}
    room = served_hub.room(row.id)
    # Two pages of log before the tail: the second is asked for within the first's window.
    wanted = TAIL + hub_module.LOG_PAGE + 50
    play_people(
        served_hub,
        row.id,
        tokens,
        bot_choice("risk-classic", "random"),
        until=lambda: len(room.match.log) > wanted,
    )
    assert room.match.outcome() is None
    url = f"{server}/game/{row.id}#seat=0&token={tokens[0]}"
    with chromium_browser() as browser:
        statuses: list[int] = []
        first = open_page(browser)
        first.on("response", lambda r: "/log?" in r.url and statuses.append(r.status))
        first.goto(url)
        first.wait_for_function("G.msg && G.msg.log_start > 0")
        expected = [e.for_seat(0)["text"] for e in room.match.log]
        shown: list[str] = []
        deadline = time.time() + 30
        while shown != expected and time.time() < deadline:
            time.sleep(0.2)
            shown = first.evaluate(
                "[...document.querySelectorAll('#log div')].map(d => d.textContent)"
            )
        assert shown == expected
        assert statuses[0] == 200 and 429 in statuses and statuses[-1] == 200, statuses
        assert first.locator("#error").inner_text() == ""
        # The same address opens a second page: its one live connection is taken.
        second = open_page(browser, url)
        second.wait_for_selector("#error:has-text('too many live connections')")
        assert second.evaluate("G.fatal") is True and second.locator("#offline").is_hidden()
        first.close()  # its connection ends, and with it the address's one place
        deadline = time.time() + 10
        while room.subscribers and time.time() < deadline:
            time.sleep(0.05)
        second.reload()
        second.wait_for_function("G.msg !== null && G.msg.seat === 0")
        assert msg(second)["state"] == room.state_id
        assert second.locator("#error").inner_text() == ""
