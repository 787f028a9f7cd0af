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
    # Done when a turn of the person's starts after one of the bot's: the bot played a whole
    # turn by itself. The deadline only bounds a failure (a slow machine just takes longer).
    deadline = time.time() + 180
    while time.time() < deadline:
        s = state(client, g["id"])
        starts = [e["seat"] for e in s["log"] if e["kind"] == "turn"]
        if 1 in starts and 0 in starts[starts.index(1) :]:
            break
        if s["to_move"] == [0]:
            step(client, g)
        else:
            time.sleep(0.05)
    else:
        raise AssertionError("the learned bot never finished a turn")
