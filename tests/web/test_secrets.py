"""Every mode served, every seat and a spectator: nothing any of them can fetch (the state
message, the whole log, the odds, the refusals of an undo, a save or a summary asked too
early) changes when what is hidden from it is redrawn, and none of it names the seed, the
generator's key or another seat's token.

The redraw is the mode's own `resample_hidden` (other hands, deck order, face-down pieces,
sealed bids, the generator), put in place of the room's state for the time of one read: a
read that differs between the two states tells its reader something it may not know."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import warroom.games as games
from tests.web.conftest import FAST
from tests.web.play import bot_choice
from tests.web.system import InProcessClient
from warroom.core import Rng
from warroom.games.godstorm.rules import Godstorm
from warroom.games.risk_classic import ClassicRisk
from warroom.games.strike.rules import RiskStrike
from warroom.web.app import create_app
from warroom.web.hub import Hub, Room
from warroom.web.store import Store

# 256 bits, as a served game's seed: its decimal and hexadecimal forms cannot occur by chance.
SEED = 0x9E3779B97F4A7C15F39CC0605CEDC8341082276BF3A27251F86C6A11D0C18E95
MODES = [g.id for g in games.modes()]
ACTIONS = 240  # decisions played in each game: past the setup into cards, battles and bids
EVERY = 24  # the decisions between two sweeps of every seat's reads
PROBES_PER_SEAT = 3  # typed actions asked about, from each seat's legal ones
DEFENCES = 3  # defence prompts swept besides, where a mode asks the defender for its dice


def players_for(mode: str) -> int:
    """Galaxy at War at four, where it has teams that share their hands (G28); three, or the
    fewest a mode allows, elsewhere."""
    game = games.get_mode(mode)
    wanted = 4 if mode == "mass-effect-galaxy-at-war" else 3
    return max(game.min_players, min(game.max_players, wanted))


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[InProcessClient, Hub]]:
    hub = Hub(Store(f"sqlite:///{tmp_path / 'w.db'}"), seed_source=lambda: SEED, quotas=FAST)
    with InProcessClient(create_app(hub.store.url, hub=hub, resume=False)) as client:
        yield client, hub
    hub.close()
    hub.store.close()


def reads(
    client: InProcessClient, room: Room, token: str | None, probes: list[str]
) -> dict[str, Any]:
    """Everything a reader holding `token` (None: a spectator) can fetch about the game now,
    each answer as its status and body; a seat also asks what each of `probes` (typed
    actions) would be for it now, and is refused an undo where the page offers none."""
    game = f"/api/games/{room.row.id}"
    headers = {"X-Seat-Token": token} if token else {}
    asked = {
        "state": client.get(game, headers=headers),
        "log": client.get(f"{game}/log", params={"since": 0}, headers=headers),
        "save": client.get(f"{game}/save", headers=headers),
        "summary": client.get(f"{game}/summary", headers=headers),
        "strike-odds": client.get(f"{game}/strike-odds", headers=headers),
        "dice-odds": client.get(f"{game}/dice-odds", headers=headers),
    }
    match = room.match
    if isinstance(match.game, ClassicRisk | Godstorm):
        # The battle waiting on its defender (refused at other times), each defence's roll.
        asked["defence odds"] = client.get(f"{game}/odds", headers=headers)
    if isinstance(match.game, ClassicRisk):
        board = match.state.board
        names = board.territories
        # An attack's odds between every neighbouring pair would be many reads: a few spread.
        for source in range(0, len(names), max(1, len(names) // 4)):
            target = board.neighbors[source][0]
            params = {"source": names[source], "target": names[target]}
            asked[f"odds {source} {target}"] = client.get(
                f"{game}/odds", params=params, headers=headers
            )
    if isinstance(match.game, Godstorm):
        # An invasion's odds and words (gods, temple, relics, a Sky card the defender
        # holds): a few spread pairs, the invasions and Underworld raids on offer now with
        # the gods each takes along, and the invasion under way as the page asks it.
        earth = match.state.parts.earth
        pairs = {
            f"invasion odds {t}": {
                "source": earth.territories[t],
                "target": earth.territories[earth.neighbors[t][0]],
            }
            for t in range(0, len(earth), max(1, len(earth) // 4))
        }
        legal = [a for s in match.to_move() for a in match.legal(s)]
        for kind in ("invade", "descend"):
            offered = [a for a in legal if a.kind == kind]
            for a in offered[:: max(1, len(offered) // 3)][:3]:
                gods = {"gods": str(a.args[2])} if kind == "invade" else {}
                params = {"source": str(a.args[0]), "target": str(a.args[1])} | gods
                pairs[f"{kind} odds {sorted(params.items())}"] = params
        under_way = match.view(None)["invasion"]
        if under_way:
            pairs["invasion odds under way"] = {
                "source": under_way["from"],
                "target": under_way["to"],
            }
        for name, params in pairs.items():
            asked[name] = client.get(f"{game}/odds", params=params, headers=headers)
    if isinstance(match.game, RiskStrike):
        seen = match.game.observe(match.state, None)
        if not seen.in_battle:
            ids = seen.cards.continent_ids
            params = {"source": ids[0], "defender": "p2", "target": ids[1]}
            asked["strike-odds declared"] = client.get(
                f"{game}/strike-odds", params=params, headers=headers
            )
    answers = {name: (r.status_code, r.json()) for name, r in asked.items()}
    state = answers["state"][1]
    if token and not state["can_undo"]:
        # Refused whatever the seat's hand or the last decision of another seat held.
        undo = client.post(
            f"{game}/act", json={"state": state["state"], "action": ["undo"]}, headers=headers
        )
        answers["undo"] = (undo.status_code, undo.json())
    for text in probes if token else []:
        parsed = client.post(f"{game}/parse", json={"text": text}, headers=headers)
        answers[f"parse {text}"] = (parsed.status_code, parsed.json())
    return answers


def probes_now(room: Room) -> list[str]:
    """Typed actions to ask every seat about: what any seat may do now (another seat's
    choices among them, whose refusal must not say what that seat holds), a few of each."""
    match = room.match
    texts = {
        action.text()
        for seat in range(match.players)
        for action in list(match.legal(seat))[:PROBES_PER_SEAT]
    }
    return sorted(texts)


def reads_redrawn(
    client: InProcessClient,
    room: Room,
    token: str | None,
    probes: list[str],
    redraw_for: int,
    rng: Rng,
) -> dict[str, Any] | None:
    """`reads` with everything hidden from seat `redraw_for` redrawn in the room for the
    time of the reads (None where the mode hides nothing from it)."""
    with room.lock:
        real = room.match.state
        redrawn = room.match.game.resample_hidden(real, redraw_for, rng)
        if redrawn is None:
            return None
        room.match.state = redrawn
    try:
        return reads(client, room, token, probes)
    finally:
        with room.lock:
            room.match.state = real


def secrets_named(blob: str, tokens: dict[int, str], seat: int | None) -> list[str]:
    """The seed, in any form the server might write it, and the other seats' tokens, found
    in `blob`."""
    found = [form for form in (str(SEED), f"{SEED:x}", f"{SEED:X}") if form in blob]
    return found + [f"seat {s}'s token" for s, t in tokens.items() if s != seat and t in blob]


@pytest.mark.parametrize("mode", MODES)
def test_no_read_changes_with_what_is_hidden_from_its_reader(
    served: tuple[InProcessClient, Hub], mode: str
) -> None:
    client, hub = served
    players = players_for(mode)
    made = client.post("/api/games", json={"mode": mode, "seats": [{"kind": "human"}] * players})
    assert made.status_code == 201, made.text
    tokens = {s["seat"]: s["token"] for s in made.json()["seats"]}
    game = made.json()["id"]
    room = hub.room(game)
    choose = bot_choice(mode, "random")
    rng = Rng(2024)
    hidden_somewhere = defences = invasions = under_way = descents = 0
    for played in range(ACTIONS):
        if room.match.outcome() is not None:
            break
        defending = (
            isinstance(room.match.game, ClassicRisk | Godstorm)
            and room.match.state.phase == "defend"
        )
        if played % EVERY == 0 or (defending and defences < DEFENCES):
            defences += defending
            probes = probes_now(room)
            for seat in [None, *range(players)]:
                token = None if seat is None else tokens[seat]
                now = reads(client, room, token, probes)
                invasions += sum(
                    1 for name, (status, _) in now.items() if "invasion" in name and status == 200
                )
                under_way += now.get("invasion odds under way", (0,))[0] == 200
                descents += sum(
                    1 for name, (status, _) in now.items() if "descend" in name and status == 200
                )
                blob = json.dumps(now)
                assert not secrets_named(blob, tokens, seat), (
                    seat,
                    secrets_named(blob, tokens, seat),
                )
                # A spectator knows less than any seat: a redraw for any seat is one for it.
                for redraw_for in range(players) if seat is None else [seat]:
                    other = reads_redrawn(client, room, token, probes, redraw_for, rng)
                    if other is None:
                        continue
                    hidden_somewhere += 1
                    for name, answer in now.items():
                        assert other.get(name) == answer, (
                            f"{mode}, decision {played}: {name!r} as seat {seat} reads it "
                            f"changes with what is hidden from seat {redraw_for}"
                        )
        seat = room.match.to_move()[0]
        action = choose(room.match, seat).to_json()
        ack = client.post(
            f"/api/games/{game}/act",
            json={"state": room.state_id, "action": action},
            headers={"X-Seat-Token": tokens[seat]},
        )
        assert ack.status_code == 200, ack.text
    assert hidden_somewhere, f"{mode}: nothing was ever hidden, so nothing was tested"
    if isinstance(room.match.game, ClassicRisk | Godstorm):  # the defender chooses its dice
        assert defences, f"{mode}: no defence was read, so its odds were not tested"
    if isinstance(room.match.game, Godstorm):
        assert invasions, f"{mode}: no invasion's odds were answered, so none was tested"
        assert under_way, f"{mode}: no invasion under way was asked, so its odds were not tested"
        assert descents, f"{mode}: no Underworld raid's odds were answered, so none was tested"
