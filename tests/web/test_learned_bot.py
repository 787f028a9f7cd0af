"""The learned tier (weights shipped for Classic RISK) is offered in the lobby and takes its
turns in a served game like any bot."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

from tests.web.test_api import create, state, step
from warroom.bots import tiers_for


def test_the_learned_bot_is_offered_and_plays_its_seat(client: TestClient) -> None:
    modes = {m["id"]: m for m in client.get("/api/modes").json()}
    assert "learned" in modes["risk-classic"]["bot_tiers"] == tiers_for("risk-classic")
    assert "learned" not in modes["risk-strike"]["bot_tiers"]  # no weights ship for it
    g = create(client, [{"kind": "human"}, {"kind": "bot", "tier": "learned"}])
    deadline = time.time() + 30
    bot_turn = handed_back = False
    while time.time() < deadline and not handed_back:
        s = state(client, g["id"])
        if s["to_move"] == [1]:
            bot_turn = True
        elif s["to_move"] == [0]:
            # After the bot's turn, the turn came back: the bot decided by itself.
            handed_back = bot_turn
            if not handed_back:
                step(client, g)
        time.sleep(0.05)
    assert handed_back, "the learned bot never finished a turn"
