"""The HTTP and WebSocket interface: a lobby API, per-seat game streams and the static pages.

Browsers only send action intents with the state id they were chosen in and show the
views they are sent; every refusal is a JSON body {"error": message} with a status that
says which kind (400 malformed, 403 wrong token, 404 unknown, 409 stale, 413 too large,
422 against the rules, 429 too many requests from one address, 503 not stored or damaged),
whichever layer refuses it: FastAPI's own errors are rewritten here.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import sys
import threading
import unicodedata
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from dataclasses import asdict
from functools import cache
from importlib import resources
from typing import Annotated, Any, Literal

from fastapi import Depends, FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from markdown_it import MarkdownIt
from pydantic import AfterValidator, BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection

import warroom.games as games
from warroom.bots import tiers_for
from warroom.core.actions import MAX_TEXT
from warroom.core.errors import (
    BoardError,
    MalformedAction,
    MissingGuide,
    UnknownMode,
    WarroomError,
)
from warroom.games.godstorm.odds import UNSEEN_SKY
from warroom.games.godstorm.rules import Godstorm
from warroom.games.strength import strengths
from warroom.odds import defence_odds, invasion
from warroom.rules.battle import CLASSIC, BattleRule
from warroom.sim.ladder import load_record
from warroom.web.hub import LOG_PAGE, Hub, SeatSpec, Sent, WebError
from warroom.web.layout import board_json
from warroom.web.monopoly import monopoly_board_json
from warroom.web.quotas import Quotas
from warroom.web.rates import ClientRates, ClientSockets, RateLimited
from warroom.web.store import Store

MAX_BODY = 32 * 1024  # bytes: no legitimate request comes near this
TOO_LARGE = f"request body over {MAX_BODY} bytes"
MAX_ODDS_ARMIES = 500
BOARD_ID = re.compile(r"[a-z0-9-]{1,64}")  # data file names: anything else is no board
STATIC = resources.files("warroom.web").joinpath("static")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]


class _Strict(BaseModel):
    """No unknown fields and no coercion: "0", true and 1.0 are not the number 0 or 1."""

    model_config = ConfigDict(extra="forbid", strict=True)


# Embeddings, overrides and isolates reorder the text shown after them ("Ada" written
# backwards by U+202E): a name could pass for another on every page.
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _printable(text: str) -> str:
    """Names and titles are shown to everyone and stored: PostgreSQL refuses NUL in text,
    and no database stores a lone surrogate, which JSON can carry ("\\ud800") and pydantic
    lets through in a nested model."""
    if any(unicodedata.category(c) in ("Cc", "Cs") for c in text):
        raise ValueError("control characters and lone surrogates are not allowed")
    if any(c in _BIDI_CONTROLS for c in text):
        raise ValueError("characters that reorder the text shown (bidi controls) are not allowed")
    return text


Label = Annotated[str, AfterValidator(_printable)]


class SeatIn(_Strict):
    kind: str = Field(pattern="^(human|open|bot)$")
    tier: str | None = Field(default=None, max_length=32)
    name: Label | None = Field(default=None, max_length=40)


class CreateIn(_Strict):
    mode: str = Field(max_length=64)
    seats: list[SeatIn] = Field(min_length=1, max_length=12)
    options: dict[str, str | int | bool] = Field(default={}, max_length=32)
    title: Label = Field(default="", max_length=100)
    bot_pace: Literal["normal", "fast"] = "normal"  # hub.PACES


class PaceIn(_Strict):
    pace: Literal["normal", "fast"]  # hub.PACES


class ActIn(_Strict):
    state: int = Field(ge=0)
    action: list[str | int] | None = Field(default=None, max_length=16)
    text: str | None = Field(default=None, max_length=MAX_TEXT)
    token: str | None = Field(default=None, max_length=64)
    on_stale: Literal["refuse", "report"] = "refuse"  # report: the game page (Hub.act)


class ParseIn(_Strict):
    text: str = Field(max_length=MAX_TEXT)


class ClaimIn(_Strict):
    seat: int = Field(ge=0, le=64)
    name: Label | None = Field(default=None, max_length=40)  # the joiner's, shown to all


class BodyLimit:
    """Refuse request bodies over MAX_BODY, counted as they arrive (chunked ones too)."""

    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        # The length of the digits first: int() refuses over 4300 of them with ValueError;
        # leading zeros are no size ("000000000070" is 70 bytes).
        digits = declared.lstrip(b"0") if declared is not None else None
        if declared is not None and (
            not declared.isdigit() or len(digits or b"") > 9 or int(declared) > MAX_BODY
        ):
            await _too_large(send)
            return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > MAX_BODY:
                raise _TooLarge
            return message

        try:
            await self.app(scope, limited, send)
        except _TooLarge:
            await _too_large(send)


class _TooLarge(Exception):
    pass


async def _too_large(send: Send) -> None:
    body = json.dumps({"error": TOO_LARGE}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [(b"content-type", b"application/json")],
        }
    )
    await send({"type": "http.response.body", "body": body})


def create_app(
    database_url: str,
    bot_delay: float = 0.0,
    hub: Hub | None = None,
    resume: bool = True,
    quotas: Quotas | None = None,
) -> FastAPI:
    """The application over one database; `hub` may be given by tests that need its seeds
    (then its quotas apply, and `quotas` is not used)."""
    the_hub = hub or Hub(Store(database_url), bot_delay=bot_delay, quotas=quotas)
    rates = ClientRates(the_hub.quotas)
    sockets = ClientSockets(the_hub.quotas.sockets)

    def spending(kind: str) -> Callable[[Request], None]:
        """A dependency that counts the request against its client address's rate."""

        def spend(request: Request) -> None:
            rates.spend(kind, _address(request))

        return spend

    reading = [Depends(spending("read"))]  # a GET of one game's data, which may load it

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if resume:
            threading.Thread(target=the_hub.resume, name="resume", daemon=True).start()
        yield
        the_hub.close()

    app = FastAPI(title="warroom", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)
    app.state.hub = the_hub
    app.add_middleware(BodyLimit)
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")

    @app.exception_handler(WebError)
    async def web_error(request: Request, exc: WebError) -> JSONResponse:
        return JSONResponse({"error": exc.message}, status_code=exc.status)

    @app.exception_handler(RateLimited)
    async def rate_limited(request: Request, exc: RateLimited) -> JSONResponse:
        headers = {"Retry-After": str(exc.retry_after)}
        return JSONResponse({"error": exc.message}, status_code=429, headers=headers)

    @app.exception_handler(WarroomError)
    async def rules_error(request: Request, exc: WarroomError) -> JSONResponse:
        status = 400 if isinstance(exc, MalformedAction) else 422
        return JSONResponse({"error": str(exc)}, status_code=status)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        """Starlette's and FastAPI's own refusals (no route, wrong method, a body that
        Python's JSON parser gave up on) in the shape of every other refusal."""
        cause = exc.__cause__
        if isinstance(cause, _TooLarge):  # a chunked body over the limit, read by FastAPI
            return JSONResponse({"error": TOO_LARGE}, status_code=413)
        if isinstance(cause, RecursionError | ValueError):
            message = f"the request body is {_not_json(cause)}"
        else:
            message = str(exc.detail)
        return JSONResponse({"error": message}, status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(Exception)
    async def server_error(request: Request, exc: Exception) -> JSONResponse:
        """A defect of ours: still the documented shape (Starlette logs and re-raises it)."""
        return JSONResponse({"error": "the server failed on this request"}, status_code=500)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {"loc": (), "msg": "invalid request"}
        if first.get("type") == "json_invalid":
            return JSONResponse({"error": "the request body is not valid JSON"}, status_code=400)
        where = ".".join(str(p) for p in first["loc"] if p != "body") or "body"
        ctx = first.get("ctx")
        most = ctx.get("max_length") if isinstance(ctx, dict) else None
        if first.get("type") == "too_long" and isinstance(first.get("input"), str) and most:
            # A name checked after its own validator: pydantic counts its "items".
            return JSONResponse({"error": f"{where}: at most {most} characters"}, status_code=400)
        return JSONResponse({"error": f"{where}: {first['msg']}"}, status_code=400)

    # -- pages --------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    def lobby_page() -> FileResponse:
        return FileResponse(str(STATIC.joinpath("index.html")))

    @app.get("/game/{game_id}", include_in_schema=False)
    def game_page(game_id: str) -> FileResponse:
        return FileResponse(str(STATIC.joinpath("game.html")))

    # -- lobby --------------------------------------------------------------------------
    @app.get("/api/modes")
    def list_modes() -> list[dict[str, Any]]:
        return [
            {
                "id": g.id,
                "title": g.title,
                "min_players": g.min_players,
                "max_players": g.max_players,
                "options": [
                    {
                        "name": o.name,
                        "default": o.default,
                        "choices": list(o.choices),
                        "minimum": o.minimum,
                        "maximum": o.maximum,
                        "help": o.help,
                    }
                    for o in g.options
                ],
                "bot_tiers": tiers_for(g.id),
                "bot_strength": _bot_strength(g.id),
            }
            for g in games.modes()
        ]

    @app.get("/api/modes/{mode_id}/guide", response_class=HTMLResponse)
    def mode_guide(mode_id: str) -> HTMLResponse:
        """The mode's how-to-play guide as an HTML fragment, for the page's "How to play"."""
        try:
            return HTMLResponse(_guide_html(mode_id))
        except (UnknownMode, MissingGuide) as exc:
            raise WebError(404, str(exc)) from None

    @app.post("/api/games", status_code=201, dependencies=[Depends(spending("create"))])
    def create_game(body: CreateIn) -> dict[str, Any]:
        specs = [SeatSpec(s.kind, s.tier, s.name) for s in body.seats]
        row, seat_rows = the_hub.create(
            body.mode, specs, dict(body.options), body.title, body.bot_pace
        )
        return {
            "id": row.id,
            "title": row.title,
            "seats": [
                {
                    "seat": s.seat,
                    "name": s.name,
                    "kind": s.kind,
                    "tier": s.tier,
                    **(
                        {"token": s.token, "link": f"/game/{row.id}#seat={s.seat}&token={s.token}"}
                        if s.kind == "human"
                        else {}
                    ),
                }
                for s in seat_rows
            ],
        }

    # Every game's row: an address may ask only so often (the lobby page asks every 10 s).
    @app.get("/api/games", dependencies=[Depends(spending("list"))])
    def list_games() -> list[dict[str, Any]]:
        rows = the_hub.store.list_games()  # a damaged row is listed as such, never a 500
        return [
            {
                "id": g.id,
                "title": g.title,
                "mode": g.mode,
                "players": g.players,
                "moves": g.moves,
                "finished": g.finished,
                "stopped": g.stopped,
                "damaged": the_hub.damaged.get(g.id) or g.damage,
                "updated": g.updated,
                "open_seats": [] if g.finished else list(g.open_seats),  # none to join
            }
            for g in rows
        ]

    @app.get("/api/games/{game_id}", dependencies=reading)
    def game_state(
        game_id: str, x_seat_token: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        room = the_hub.room(game_id)
        seat = the_hub.seat_for(room, x_seat_token)
        with room.lock:
            return the_hub.state_message(room, seat, with_log=True)

    @app.get("/api/games/{game_id}/log", dependencies=reading)
    def game_log(
        game_id: str,
        since: Annotated[int, Query(ge=0)] = 0,
        limit: Annotated[int, Query(ge=1, le=LOG_PAGE)] = LOG_PAGE,
        x_seat_token: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        """The log from position `since`, as this seat may read it: what comes before the
        `log_start` of a state message (which carries only the log's tail)."""
        room = the_hub.room(game_id)
        seat = the_hub.seat_for(room, x_seat_token)
        return the_hub.log_page(room, seat, since, limit)

    @app.get("/api/games/{game_id}/save", dependencies=reading)
    def game_save(game_id: str) -> JSONResponse:
        """The whole game as a save file, once it is over: `warroom play --load` replays it."""
        room = the_hub.room(game_id)
        with room.lock:
            if room.match.outcome() is None and room.stopped is None:
                raise WebError(
                    409,
                    "the save is offered once the game is over: it holds the seed, the "
                    "deck order and every hand",
                )
            save = room.match.to_save()
        disposition = f'attachment; filename="{room.row.mode}-{game_id}.warroom.json"'
        return JSONResponse(save, headers={"Content-Disposition": disposition})

    @app.get("/api/games/{game_id}/summary", dependencies=reading)
    def game_summary(game_id: str) -> dict[str, Any]:
        """A finished game: winners, how, and a public number per seat turn by turn
        (territories, net worth, score), read from the spectator's view (409 while it goes on)."""
        return the_hub.summary(game_id)

    @app.post("/api/games/{game_id}/rematch", dependencies=[Depends(spending("create"))])
    def rematch(
        game_id: str, x_seat_token: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        """A new game like this finished one (same mode, options, bots and people); the
        same for every seat that asks. Your own token opens your seat there."""
        new_id = the_hub.rematch(game_id, x_seat_token)
        return {"id": new_id, "link": f"/game/{new_id}"}

    @app.post("/api/games/{game_id}/pace", dependencies=[Depends(spending("act"))])
    def set_pace(
        game_id: str, body: PaceIn, x_seat_token: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        """How fast the game's bots move from now on (normal or fast), set from a seat."""
        return {"pace": the_hub.set_pace(game_id, x_seat_token, body.pace)}

    @app.post("/api/games/{game_id}/claim", dependencies=[Depends(spending("claim"))])
    def claim_seat(game_id: str, body: ClaimIn) -> dict[str, Any]:
        seat, token, name = the_hub.claim(game_id, body.seat, body.name)
        link = f"/game/{game_id}#seat={seat}&token={token}"
        return {"seat": seat, "token": token, "name": name, "link": link}

    @app.post("/api/games/{game_id}/act", dependencies=[Depends(spending("act"))])
    def act(
        game_id: str, body: ActIn, x_seat_token: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        token = x_seat_token or body.token
        report = body.on_stale == "report"
        return the_hub.act(game_id, token, body.state, body.action, body.text, report)

    @app.post("/api/games/{game_id}/parse", dependencies=[Depends(spending("act"))])
    def parse(
        game_id: str, body: ParseIn, x_seat_token: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        """A typed short form as the legal action it stands for now; nothing is done."""
        return the_hub.parse(game_id, x_seat_token, body.text)

    # -- board and odds -------------------------------------------------------------------
    @app.get("/api/boards/{board_id}")
    def board(board_id: str) -> dict[str, Any]:
        if not BOARD_ID.fullmatch(board_id):
            raise WebError(404, f"no board {board_id!r}")
        try:
            return board_json(board_id)
        except BoardError:
            raise WebError(404, f"no board {board_id!r}") from None

    @app.get("/api/boards/monopoly/{board_id}")
    def monopoly_board(board_id: str) -> dict[str, Any]:
        """A Monopoly board's spaces in order from GO, with their printed values."""
        if not BOARD_ID.fullmatch(board_id):
            raise WebError(404, f"no Monopoly board {board_id!r}")
        try:
            return monopoly_board_json(board_id)
        except BoardError:
            raise WebError(404, f"no Monopoly board {board_id!r}") from None

    @app.get("/api/odds")
    def odds(attackers: int, defenders: int) -> dict[str, Any]:
        """Chance to take a territory attacking from `attackers` armies against `defenders`."""
        return _odds(attackers, defenders)

    def asked_in(
        game_id: str, state: int | None, ask: Callable[[], dict[str, Any]]
    ) -> dict[str, Any]:
        """An odds question about `state` (the one the page shows): answered `{"stale": ...,
        "state": now}` once the game has moved past it, not refused. A bot's defence lands
        while the page asks about the roll before it; that race is the page's normal life and
        no bad request (a 409 or 400 there was a console error on every page that lost it)."""

        def moved_on() -> dict[str, Any] | None:
            now = the_hub.room(game_id).state_id
            if state is None or state == now:
                return None
            return {"stale": f"the game is at state {now}, not {state}", "state": now}

        stale = moved_on()
        if stale is not None:
            return stale
        try:
            return ask()
        except WebError as exc:
            stale = moved_on() if exc.status in (400, 409) else None
            if stale is None:
                raise
            return stale

    @app.get("/api/games/{game_id}/odds", dependencies=reading)
    def attack_odds(
        game_id: str,
        source: str | None = None,
        target: str | None = None,
        gods: str | None = None,
        ships: str | None = None,
        state: Annotated[int | None, Query(ge=0)] = None,
    ) -> dict[str, Any]:
        """Chance to take `target` attacking from `source` until it falls, with the dice
        this game's mode rolls for that attack (the page's % before an attack; in Godstorm an
        invasion with the `gods` going along, its godswar weighed in; in Galaxy at War with the
        attacker's `ships` along, "CRUISERS,CARRIERS,DREADNOUGHTS"); with neither, the
        battle waiting on its defender: each number of dice it may roll, with the exact
        outcomes of that one roll (the page's advice beside the defence buttons). A Godstorm
        invasion's answer words the invasion as anyone may read it (`words`), the page's line.
        With `state`, asked about that state (`asked_in`)."""
        if (source is None) != (target is None):
            raise WebError(400, "give source and target together, or neither for the defence")

        def ask() -> dict[str, Any]:
            if source is None or target is None:
                return _defence_odds(*the_hub.defence(game_id))
            if isinstance(the_hub.room(game_id).match.game, Godstorm):  # never changes
                odds, words = the_hub.invasion(game_id, source, target, gods)
                unseen = UNSEEN_SKY if odds.sky_unseen else None
                return asdict(odds) | {"words": words, "unseen": unseen}
            attackers, defenders, rule = the_hub.attack(game_id, source, target, _ships(ships))
            return _odds(attackers, defenders, rule) | {"rule": asdict(rule)}

        return asked_in(game_id, state, ask)

    @app.get("/api/games/{game_id}/strike-odds", dependencies=reading)
    def strike_odds(
        game_id: str,
        source: str | None = None,
        defender: str | None = None,
        target: str | None = None,
        state: Annotated[int | None, Query(ge=0)] = None,
    ) -> dict[str, Any]:
        """A RISK Strike battle's chance and expected card losses: the attack from the active
        player's `source` on `defender`'s `target` as it would start (no troops yet), or with
        none of them the battle under way, with the deployment due in it troop by troop (the
        page's line at an attack, a deployment and a roll again). `state`: `asked_in`."""
        return asked_in(
            game_id, state, lambda: the_hub.strike_odds(game_id, source, defender, target)
        )

    @app.get("/api/games/{game_id}/dice-odds", dependencies=reading)
    def dice_odds(game_id: str, state: Annotated[int | None, Query(ge=0)] = None) -> dict[str, Any]:
        """A dice card game's chance to complete the card after each way to stage it, match a
        row, set a die aside or reroll the staged card's dice now, playing on at best (the
        page's % beside each choice, the terminal's `actions`). `state`: `asked_in`."""
        return asked_in(game_id, state, lambda: the_hub.dice_odds(game_id))

    # -- live stream --------------------------------------------------------------------------
    @app.websocket("/ws/games/{game_id}")
    async def stream(websocket: WebSocket, game_id: str) -> None:
        """First message {"token": ...} (or {} to spectate); then every state, as it happens.
        An address holding its quota of live connections, or over its read rate (a hello
        loads the game as a read does), is told so, and the socket closed."""
        await websocket.accept()
        client = _address(websocket)
        if not sockets.take(client):
            cap = the_hub.quotas.sockets
            message = (
                f"too many live connections from your address (at most {cap}); "
                "close another game page and load this one again"
            )
            await _refuse(websocket, {"error": message}, 4429)
            return
        try:
            rates.spend("read", client)
        except RateLimited as exc:
            sockets.release(client)
            await _refuse(websocket, {"error": exc.message, "retry_after": exc.retry_after}, 4429)
            return
        try:
            await serve_stream(websocket, game_id)
        finally:
            sockets.release(client)

    async def serve_stream(websocket: WebSocket, game_id: str) -> None:
        """One accepted connection, counted in `sockets`: its hello, then its game's states."""
        try:
            hello = _read_hello(await asyncio.wait_for(_receive_text(websocket), timeout=15))
            token = hello.get("token")
            if token is not None and not isinstance(token, str):
                raise WebError(400, 'the token is a string: {"token": "..."}')
            room = await asyncio.to_thread(the_hub.room, game_id)
            seat = the_hub.seat_for(room, token)
        except (WebError, WarroomError, TimeoutError) as exc:
            message = exc.message if isinstance(exc, WebError) else str(exc) or "bad hello"
            await _refuse(websocket, {"error": message}, 4400)
            return
        except WebSocketDisconnect:
            return
        loop = asyncio.get_running_loop()
        sub, first = await asyncio.to_thread(the_hub.subscribe, room, seat, loop)
        try:
            await websocket.send_text(first)
            sender = asyncio.create_task(_pump(websocket, sub.queue, the_hub, room, seat))
            try:
                while True:
                    if await _receive_text(websocket) == "ping":
                        await websocket.send_text(json.dumps({"type": "pong"}))
            finally:
                sender.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await sender
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            the_hub.unsubscribe(room, sub)

    return app


def _ships(asked: str | None) -> tuple[int, int, int] | None:
    """Galaxy at War's ships along an attack, as /odds is asked for them: "1,0,2" (cruisers,
    carriers, dreadnoughts)."""
    if asked is None:
        return None
    parts = asked.split(",")
    if len(parts) != 3 or not all(p.isascii() and p.isdigit() and len(p) <= 2 for p in parts):
        raise WebError(400, "ships are three counts: CRUISERS,CARRIERS,DREADNOUGHTS, e.g. 1,0,2")
    return int(parts[0]), int(parts[1]), int(parts[2])


def _odds(attackers: int, defenders: int, rule: BattleRule = CLASSIC) -> dict[str, Any]:
    """An attack until the territory falls, under `rule`: the page's % and expected losses."""
    if not (2 <= attackers <= MAX_ODDS_ARMIES and 1 <= defenders <= MAX_ODDS_ARMIES):
        raise WebError(400, f"attackers 2..{MAX_ODDS_ARMIES}, defenders 1..{MAX_ODDS_ARMIES}")
    inv = invasion(attackers, defenders, rule)
    return {
        "attackers": attackers,
        "defenders": defenders,
        "p_conquest": inv.p_conquest,
        "expected_attacker_losses": inv.expected_attacker_losses,
        "expected_defender_losses": inv.expected_defender_losses,
    }


def _defence_odds(state: int, attack_dice: int, most: int, rule: BattleRule) -> dict[str, Any]:
    """Each defence of the battle under way (1..`most` dice) with its roll's exact outcomes,
    read in `state`; attacker's losses first, as the battle log has them."""
    return {
        "state": state,
        "attack_dice": attack_dice,
        "rule": asdict(rule),
        "defence": [
            {
                "dice": dice,
                "outcomes": [
                    {"attacker_losses": a, "defender_losses": d, "p": float(p)}
                    for (a, d), p in outcomes.items()
                ],
            }
            for dice, outcomes in defence_odds(rule, attack_dice, most).items()
        ],
    }


@cache
def _guide_html(mode_id: str) -> str:
    """A guide's Markdown as HTML, once per mode. CommonMark with raw HTML off: any tag in the
    text is shown as text, and links that could run script are refused by markdown-it."""
    html: str = MarkdownIt("commonmark", {"html": False}).render(games.guide(mode_id))
    return html


def _bot_strength(mode: str) -> list[dict[str, Any]]:
    """Where each offered tier stands on the mode's measured ladder, validated as it is read
    (a broken shipped file fails the listing, not a game), for the lobby to show."""
    record = load_record(mode)
    return strengths(None if record is None else record.model_dump(mode="json"), tiers_for(mode))


def _not_json(error: RecursionError | ValueError) -> str:
    """Why Python's JSON parser refused a text, in words."""
    if isinstance(error, RecursionError):
        return "not valid JSON: nested too deeply"
    if isinstance(error, json.JSONDecodeError):
        return f"not valid JSON: {error.msg}"
    if isinstance(error, UnicodeDecodeError):
        return "not valid JSON: not UTF-8 text"
    return f"not valid JSON: numbers have at most {sys.get_int_max_str_digits()} digits"


async def _refuse(websocket: WebSocket, refusal: dict[str, Any], code: int) -> None:
    """Tell a live connection why it is refused, in an error frame, and close it with `code`
    (4400 a bad hello, 4429 a limit of its address)."""
    await websocket.send_text(json.dumps({"type": "error", **refusal}))
    await websocket.close(code=code)


def _address(connection: HTTPConnection) -> str:
    """The client address a request or a connection counts against."""
    return connection.client.host if connection.client else "unknown"


def _read_hello(text: str | None) -> dict[str, Any]:
    """The first WebSocket message, {"token": ...} or {}; anything else is a WebError."""
    shape = 'the first message is a JSON object {"token": ...}'
    if text is None:
        raise WebError(400, f"{shape}, sent as text")
    try:
        hello = json.loads(text)
    except (RecursionError, ValueError) as exc:
        raise WebError(400, f"{shape}; this is {_not_json(exc)}") from None
    if not isinstance(hello, dict):
        raise WebError(400, shape)
    return hello


async def _receive_text(websocket: WebSocket) -> str | None:
    """The next message's text, None for a binary one (`receive_text` would raise KeyError)."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text: str | None = message.get("text")
    return text


async def _pump(
    websocket: WebSocket, queue: asyncio.Queue[Sent | None], hub: Hub, room: Any, seat: int | None
) -> None:
    """Send the socket's messages in order. After a complete state (the client fell behind),
    the messages queued after it that it already holds are skipped: sent, their events would
    be in the page's log twice."""
    held = 0  # the number of the last message a complete state sent held
    while True:
        queued = await queue.get()
        if queued is None:
            held, message = await asyncio.to_thread(hub.full_state, room, seat)
        elif queued[0] <= held:
            continue
        else:
            message = queued[1]
        await websocket.send_text(message)
