"""A hostile seat's requests: what it is refused must not tell it what another seat keeps
hidden, however it asks."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.web.play import HUMANS3, bot_choice, play_people
from tests.web.test_api import state
from warroom.web.hub import Hub

GODSTORM = "risk-godstorm"


def test_an_undo_refusal_does_not_quote_a_sealed_bid(client: TestClient, hub: Hub) -> None:
    """Another seat's sealed faith bid is its secret until the reveal: asking to undo after it
    gets the same refusal whatever the amount."""
    r = client.post("/api/games", json={"mode": GODSTORM, "seats": HUMANS3})
    assert r.status_code == 201, r.text
    game = r.json()["id"]
    tokens = {s["seat"]: s["token"] for s in r.json()["seats"]}
    room = hub.room(game)
    play_people(hub, game, tokens, bot_choice(GODSTORM, "random"), lambda: room.match.state.bids)
    bidder, asker = state(client, game)["to_move"][:2]
    url = f"/api/games/{game}/act"
    refusals = []
    for amount in (room.match.state.bids.limit(bidder), 0):
        sealed = state(client, game)["state"]
        bid = client.post(
            url,
            json={"state": sealed, "action": ["bid", amount]},
            headers={"X-Seat-Token": tokens[bidder]},
        )
        assert bid.status_code == 200, bid.text
        undo = client.post(
            url,
            json={"state": sealed + 1, "action": ["undo"]},
            headers={"X-Seat-Token": tokens[asker]},
        )
        assert undo.status_code == 422, undo.text
        refusals.append(undo.json()["error"])
        taken_back = client.post(
            url,
            json={"state": sealed + 1, "action": ["undo"]},
            headers={"X-Seat-Token": tokens[bidder]},
        )
        assert taken_back.status_code == 200, taken_back.text
    assert refusals[0] == refusals[1], refusals
