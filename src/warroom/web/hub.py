"""Games in play on the server: one room per game, one lock per room, bots on worker threads.

The server alone runs the rules. An action is applied to the room's `Match`, committed to
the store, and only then acknowledged and broadcast; a failed commit reloads the room from
the store, so memory never runs ahead of the log. Every message for a seat is built from
`game.view(state, seat)` and `Event.for_seat(seat)`: no seed, deck order, RNG state or
other seat's hand ever leaves here. Games draw from the keyed generator with a 256-bit seed
from the operating system, so what a seat sees says nothing about what comes next. Bots
take one move per task on a shared pool, so a long bot game cannot starve the others.
A game whose stored data is damaged is set aside; every other game loads and runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
import re
import secrets
import threading
import time
import unicodedata
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from warroom.bots import Bot, RandomBot, make_bot, tiers_for
from warroom.cli.show import display_for
from warroom.core.actions import Action
from warroom.core.errors import IllegalAction, SaveError, WarroomError
from warroom.core.game import Game, is_data_file
from warroom.core.match import UNDO, Match
from warroom.core.registry import get_mode
from warroom.core.shortform import complete, refusal
from warroom.games.dice_cards.chances import completion_chance, has_chance
from warroom.games.dice_cards.rules import DiceCardsGame
from warroom.games.godstorm.odds import InvasionOdds, invasion_between, invasion_words
from warroom.games.godstorm.rules import Godstorm, parse_gods
from warroom.games.risk_classic import DEFEND, ClassicRisk
from warroom.games.strike.odds import battle_forces, declared_forces, deployment
from warroom.games.strike.rules import RiskStrike, seat_of
from warroom.odds.strike import StrikeOdds
from warroom.rules.battle import BattleRule
from warroom.web.quotas import Quotas
from warroom.web.store import DamagedGame, GameRow, SeatRow, Store, StoredGame
from warroom.web.summary import game_summary

log = logging.getLogger("warroom.web")

SERVED_GENERATOR = "blake2b"  # keyed: no seed search recovers a game from what it shows
SEED_BITS = 256
LOG_TAIL = 300  # the log's last events, sent in every full state; the rest by pages
LOG_PAGE = 1000  # the most events one `log_page` gives
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")  # what `secrets.token_urlsafe` makes
BOT_RETRY = 1.0  # seconds before a bot's move the store could not take is tried again
QUEUE_LIMIT = 200  # messages queued for one slow client before it is sent a fresh state
FINISHED_KEPT = 64  # finished games loaded for a read and watched by nobody, kept at most


class WebError(Exception):
    """A refusal with an HTTP status and a message for people."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


Sent = tuple[int, str]
"""A message for a socket and its place in the room's messages (`Room.sent`): the socket's
pump skips those a complete state sent after them already holds."""


@dataclass(eq=False)
class Subscriber:
    """One live connection: its seat (None: spectator) and the queue its socket drains."""

    seat: int | None
    queue: asyncio.Queue[Sent | None]
    loop: asyncio.AbstractEventLoop

    def offer(self, message: Sent) -> None:
        """Queue a message from any thread; a client too far behind gets a fresh state (None),
        and the messages queued after it that the fresh state holds are skipped when sent."""

        def put() -> None:
            if self.queue.qsize() >= QUEUE_LIMIT:
                while not self.queue.empty():
                    self.queue.get_nowait()
                self.queue.put_nowait(None)  # None: send a complete state instead
            else:
                self.queue.put_nowait(message)

        with contextlib.suppress(RuntimeError):  # the connection's loop has closed
            self.loop.call_soon_threadsafe(put)


@dataclass(eq=False)
class Room:
    row: GameRow
    seats: list[SeatRow]
    match: Match
    bots: dict[int, Bot]
    head: str  # the digest the stored log ends on
    stopped: str | None = None  # why the server ended the game (its length cap)
    lock: threading.Lock = field(default_factory=threading.Lock)
    subscribers: list[Subscriber] = field(default_factory=list)
    bot_running: bool = False
    rematch: str | None = None  # the id of the game its players went on to, once started
    pace: str = "normal"  # how fast its bots move (`PACES`)
    summary: dict[str, Any] | None = None  # built once the game is over (game_summary)
    sent: int = 0  # messages broadcast so far: each is numbered, and so is a complete state

    @property
    def state_id(self) -> int:
        return len(self.match.record)


@dataclass(frozen=True, slots=True)
class SeatSpec:
    kind: str  # human | open | bot
    tier: str | None = None
    name: str | None = None
    token: str | None = None  # a rematch keeps each person's token: the same link opens it


PACES = {"normal": 1.0, "fast": 0.25}
"""A game's bots' pace, chosen when it is created and changed from any of its seats: the share
of the server's `bot_delay` each bot move waits. Fast lets a person play a RISK game against
bots without watching every roll at the pace meant for following them (a bot's turn of 100
rolls: 40 s, or 10 s)."""


class Hub:
    """Every room in memory, loaded lazily from the store; safe to call from any thread."""

    def __init__(
        self,
        store: Store,
        bot_delay: float = 0.0,
        workers: int = 4,
        seed_source: Callable[[], int] | None = None,
        quotas: Quotas | None = None,
    ) -> None:
        self.store = store
        self.quotas = quotas or Quotas()
        self.bot_delay = bot_delay
        self.rooms: dict[str, Room] = {}
        self.rooms_lock = threading.Lock()
        self.finished_kept = FINISHED_KEPT
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="bots")
        self.seed_source = seed_source or (lambda: secrets.randbits(SEED_BITS))
        self.damaged: dict[str, str] = {}  # game id: what was found, for games set aside
        self.stopping = False
        self.bots_paused = False  # see `pause_bots`
        self.applied = 0  # actions applied since start, for the load benchmark

    def close(self) -> None:
        self.stopping = True
        self.pool.shutdown(wait=True, cancel_futures=True)

    # -- creating and finding games -------------------------------------------------------
    def create(
        self,
        mode: str,
        seat_specs: list[SeatSpec],
        options: dict[str, Any],
        title: str = "",
        pace: str = "normal",
    ) -> tuple[GameRow, list[SeatRow]]:
        if pace not in PACES:
            raise WebError(400, f"bot_pace must be one of {', '.join(PACES)}, not {pace!r}")
        game = get_mode(mode)
        _check_option_types(game, options)
        players = len(seat_specs)
        seed = self.seed_source()
        match = Match.start(mode, players, seed, options, SERVED_GENERATOR)  # checks them
        names = game.seat_names(match.state)
        seat_rows: list[SeatRow] = []
        for i, spec in enumerate(seat_specs):
            if spec.kind not in ("human", "open", "bot"):
                raise WebError(400, f"seat {i + 1}: kind must be human, open or bot")
            if spec.kind == "bot":
                offered = tiers_for(mode)  # only the tiers that play this mode
                if spec.tier not in offered:
                    raise WebError(400, f"seat {i + 1}: bot tier must be one of {offered}")
                make_bot(spec.tier, mode, 0)
            label = _distinct_name(
                (spec.name or "").strip()[:40]
                or (names[i] + _bot_suffix(spec.tier) if spec.kind == "bot" else names[i]),
                [r.name for r in seat_rows],
            )
            seat_rows.append(
                SeatRow(
                    seat=i,
                    kind=spec.kind,
                    tier=spec.tier if spec.kind == "bot" else None,
                    name=label,
                    token=spec.token or secrets.token_urlsafe(18),
                    claimed=spec.kind != "open",
                )
            )
        now = time.time()
        row = GameRow(
            id=secrets.token_urlsafe(6),
            mode=mode,
            players=players,
            generator=match.generator,
            seed=seed,
            options=dict(match.options),
            title=(title.strip()[:100] or game.title),
            created=now,
            updated=now,
            finished=False,
            stopped=None,
            moves=0,
        )
        head = self.store.create_game(row, seat_rows, pace)
        room = self._room_from(row, seat_rows, match, head, pace)
        with self.rooms_lock:
            self.rooms[row.id] = room
        with room.lock:
            self._schedule_bots(room)
        return row, seat_rows

    def room(self, game_id: str) -> Room:
        with self.rooms_lock:
            room = self.rooms.get(game_id)
        if room is not None:
            return room
        if game_id in self.damaged:
            raise _damaged(game_id, self.damaged[game_id])
        # Replay outside the registry lock so a long load never holds up other games; if
        # two requests load the same game at once, the first one stored is kept.
        stored, match = self._load(game_id)
        loaded = self._room_from(
            stored.row, stored.seats, match, stored.head, self.store.pace_of(game_id)
        )
        with self.rooms_lock:
            room = self.rooms.setdefault(game_id, loaded)
        if _finished(loaded):
            self._trim_finished(keep=room)
        with room.lock:
            self._schedule_bots(room)
        return room

    def _trim_finished(self, keep: Room) -> None:
        """Finished games read (state, log, save, summary) and watched by nobody stay loaded
        for the next read, the `finished_kept` latest only: reading every stored game must
        not fill the memory. A room busy at the moment stays; the next load looks again."""
        with self.rooms_lock:
            rooms = [r for r in self.rooms.values() if r is not keep]
            idle: list[Room] = []
            for room in rooms:
                if room.lock.acquire(blocking=False):  # never waits: `room` locks the other way
                    if _finished(room) and not room.subscribers:
                        idle.append(room)
                    else:
                        room.lock.release()
            try:
                for room in idle[: max(0, len(idle) + 1 - self.finished_kept)]:  # +1: `keep`
                    del self.rooms[room.row.id]
            finally:
                for room in idle:
                    room.lock.release()

    def resume(self) -> None:
        """Load every unfinished game so that bots whose turn it is carry on after a restart;
        a game that cannot be loaded is logged and skipped, never stopping the others."""
        total, unfinished = self.store.counts()
        resumed, failed = 0, 0
        for game_id in unfinished:
            if self.stopping:
                return
            try:
                self.room(game_id)
                resumed += 1
            except Exception:  # one game's trouble must not keep the rest frozen
                if game_id not in self.damaged:
                    log.exception("game %s: could not be resumed", game_id)
                    failed += 1
        set_aside = [g for g in unfinished if g in self.damaged]
        log.log(
            logging.WARNING if set_aside or failed else logging.INFO,
            "games stored: %d, unfinished: %d; resumed: %d, set aside as damaged: %d%s%s",
            total,
            len(unfinished),
            resumed,
            len(set_aside),
            f" ({', '.join(set_aside)})" if set_aside else "",
            f", {failed} not loaded for other reasons (logged above)" if failed else "",
        )

    def _load(self, game_id: str) -> tuple[StoredGame, Match]:
        """Read and replay a game: 404 if there is none, 503 (set aside) if it is damaged."""
        try:
            stored = self.store.load(game_id) if GAME_ID.fullmatch(game_id) else None
            if stored is None:
                raise WebError(404, f"no game {game_id!r}")
            return stored, Match.from_save(stored.save())
        except DamagedGame as exc:
            raise self._set_aside(game_id, str(exc)) from None
        except SaveError as exc:
            # The client is not told which action failed: that would name hidden moves.
            raise self._set_aside(game_id, "its log does not replay", str(exc)) from None

    def _set_aside(self, game_id: str, reason: str, detail: str | None = None) -> WebError:
        """Keep a damaged game out of play (until restart) and tell the operator; returns the
        refusal its requests get."""
        self.damaged[game_id] = reason
        log.error(
            "game %s is damaged and set aside: %s%s",
            game_id,
            reason,
            f" ({detail})" if detail else "",
        )
        return _damaged(game_id, reason)

    def _room_from(
        self, row: GameRow, seat_rows: list[SeatRow], match: Match, head: str, pace: str
    ) -> Room:
        # Bots draw their own seeds from the OS: seeded from the game, a random bot's moves
        # would give away bits of the game's seed.
        bots = {
            s.seat: make_bot(s.tier or "random", row.mode, secrets.randbits(64))
            for s in seat_rows
            if s.kind == "bot"
        }
        finished = match.outcome() is not None or row.stopped is not None
        return Room(
            row=row,
            seats=seat_rows,
            match=match,
            bots=bots,
            head=head,
            stopped=row.stopped,
            rematch=self.store.rematch_of(row.id) if finished else None,
            pace=pace,
        )

    def record_cap(self, room: Room) -> tuple[int, str]:
        """How long this game's record may grow (shorter when no person holds a seat), and
        what kind of game that is, for the reason a stopped game shows."""
        if all(s.kind == "bot" for s in room.seats):
            return self.quotas.record_bots_only, "a game between bots"
        return self.quotas.record_with_people, "a game with a person seated"

    def undo_refusal(self, room: Room, seat: int) -> str | None:
        """Why the server refuses `seat` another undo now (room locked), or None. The rules'
        own reasons come from `Match.can_undo`; this bounds place-and-undo loops."""
        if room.stopped is not None:
            return f"the game is over: {room.stopped}"
        undone = 0
        for by, text in reversed(room.match.record):
            if by != seat:
                break
            undone += text == UNDO
        if undone >= self.quotas.undos_in_a_row:
            return (
                f"seat {seat + 1} has undone {undone} times since another seat acted, the "
                "server's limit; make a decision instead"
            )
        return None

    # -- seats ----------------------------------------------------------------------------
    def seat_for(self, room: Room, token: str | None) -> int | None:
        """The seat a token opens; None for no token (a spectator); 403 for a wrong one."""
        if not token:
            return None
        for s in room.seats:
            # Tokens are ASCII, and compare_digest raises TypeError on a str that is not.
            if s.kind != "bot" and token.isascii() and hmac.compare_digest(s.token, token):
                if not s.claimed:
                    break
                return s.seat
        raise WebError(403, "that seat token does not open any seat of this game")

    def claim(self, game_id: str, seat: int, name: str | None = None) -> tuple[int, str, str]:
        """Take an open seat, under `name` if one is given (else the seat keeps its label),
        made distinct from the table's other names (`_distinct_name`); returns the seat, its
        token and the name it goes by."""
        room = self.room(game_id)
        if not 0 <= seat < len(room.seats):
            raise WebError(404, f"no seat {seat + 1} in this game")
        if _finished(room):  # a finished game stays as it ended, its players included
            raise WebError(409, f"the game is over: seat {seat + 1} is no longer open to join")
        with room.lock:  # two joining under one name at once get two names
            others = [s.name for s in room.seats if s.seat != seat]
            typed = (name or "").strip()[:40]
            label = _distinct_name(typed, others) if typed else None
            token = self.store.claim(game_id, seat, label)
            if token is None:
                raise WebError(409, f"seat {seat + 1} is not open to join")
            named = room.seats[seat].name if label is None else label
            room.seats[seat] = replace(room.seats[seat], claimed=True, name=named)
            self._broadcast(room, [], log_reset=False)  # the seat shows as taken
            self._schedule_bots(room)  # the last open seat taken: the bots start
        return seat, token, named

    def set_pace(self, game_id: str, token: str | None, pace: str) -> str:
        """Make the game's bots move at `pace` (`PACES`), from now on; any seat's person may,
        since the pace is everyone's wait (spectators may not)."""
        if pace not in PACES:
            raise WebError(400, f"pace must be one of {', '.join(PACES)}, not {pace!r}")
        room = self.room(game_id)
        if self.seat_for(room, token) is None:
            raise WebError(403, "the bots' pace is set from a seat of the game (spectators cannot)")
        with room.lock:
            if _finished(room):  # its bots are done; a rematch takes the pace it ended with
                raise WebError(409, "the game is over: its bots' pace no longer changes")
            if room.pace != pace:
                self.store.set_pace(game_id, pace)
                room.pace = pace
                self._broadcast(room, [], log_reset=False)  # every page shows the pace
        return pace

    # -- after the game -------------------------------------------------------------------
    def rematch(self, game_id: str, token: str | None) -> str:
        """Start (once) a new game like this finished one: the same mode, options and seats,
        bots of the same tiers, people under the same names and tokens (so each person's
        own link opens their seat there); returns its id. Every page of the old game is
        told, so the other players can follow with one click."""
        room = self.room(game_id)
        seat = self.seat_for(room, token)
        if seat is None:
            raise WebError(403, "a rematch is started from a seat of the game (spectators cannot)")
        with room.lock:
            if room.match.outcome() is None and room.stopped is None:
                raise WebError(409, "the game is not over: a rematch starts from a finished game")
            if room.rematch is None:
                room.rematch = self.store.rematch_of(room.row.id)
            if room.rematch is not None:
                return room.rematch
            # A seat named by default (a bot's "Thor (greedy bot)", a person's "Thor") is
            # named again from the new game's seats: a new deal may give it another faction.
            labels = room.match.game.seat_names(room.match.state)
            specs = [
                SeatSpec("bot", s.tier, None if s.name.endswith(_bot_suffix(s.tier)) else s.name)
                if s.kind == "bot"
                else SeatSpec("open")
                if s.kind == "open" and not s.claimed
                else SeatSpec("human", None, None if s.name == labels[s.seat] else s.name, s.token)
                for s in room.seats
            ]
            title = room.row.title.removesuffix(" (rematch)") + " (rematch)"
            row, _ = self.create(room.row.mode, specs, dict(room.row.options), title, room.pace)
            self.store.set_rematch(room.row.id, row.id)
            room.rematch = row.id
            self._broadcast(room, [], log_reset=False)
            return row.id

    def summary(self, game_id: str) -> dict[str, Any]:
        """Who won, how, and the public measure per seat turn by turn (`game_summary`), for a
        finished game; built once per loaded room."""
        room = self.room(game_id)
        with room.lock:
            if room.match.outcome() is None and room.stopped is None:
                raise WebError(409, "the summary is made once the game is over")
            if room.summary is None:
                room.summary = game_summary(room.match)
                room.summary["stopped"] = room.stopped
            return room.summary

    # -- acting ---------------------------------------------------------------------------
    def act(
        self,
        game_id: str,
        token: str | None,
        state_id: int,
        action: list[Any] | None = None,
        text: str | None = None,
        report_stale: bool = False,
    ) -> dict[str, Any]:
        """Apply a seat's action chosen in `state_id`. One the game has moved on from is
        refused (409), or with `report_stale` answered: {"ok": false, "stale": why, "state",
        "yours": whether this seat decided since}, for the game page, to which a lost race
        is news, not a fault (a browser logs every 4xx answer as a console error)."""
        room = self.room(game_id)
        seat = self.seat_for(room, token)
        if seat is None:
            raise WebError(403, "acting needs your seat's token (spectators cannot act)")
        return self._apply(room, seat, state_id, action, text, report_stale=report_stale)

    def attack(
        self,
        game_id: str,
        source: str,
        target: str,
        ships: tuple[int, int, int] | None = None,
    ) -> tuple[int, int, BattleRule]:
        """The armies on each side of an attack from `source` into `target` now and the dice
        the mode would roll for it (Loki, S.H.I.E.L.D., Dark Elves, Allies, a Vanguard,
        ships), so the odds the page shows are that battle's, not Classic's; in Galaxy at
        War with the attacker's `ships` along (cruisers, carriers, dreadnoughts) where given."""
        room = self.room(game_id)
        with room.lock:
            game, state = room.match.game, room.match.state
            if isinstance(game, RiskStrike):
                raise WebError(404, f"{game.title}'s battles are asked at /strike-odds")
            if not isinstance(game, ClassicRisk):
                raise WebError(404, f"{game.title} has no attack odds")
            names = state.board.territories
            for name in (source, target):
                if name not in names:
                    raise WebError(400, f"no territory {name!r} on this board")
            s, t = names.index(source), names.index(target)
            if not state.board.adjacent(s, t):  # never joined, whatever the board's state
                raise WebError(400, f"{source} does not border {target}")
            seen = game.observe(state, None)  # what `attack_rule` reads: anyone may ask
            try:  # both one side's: a well-formed question the board has moved past (the page
                # asked between a capture and its news), so a conflict, not a bad request
                game.check_invadable(seen, s, t)
            except WarroomError as exc:
                raise WebError(409, str(exc)) from exc
            try:
                rule = game.seen_attack_rule_with_ships(seen, s, t, ships)
            except WarroomError as exc:  # ships the source lacks, or a mode without ships
                raise WebError(400, str(exc)) from exc
            return state.armies[s], state.armies[t], rule

    def invasion(
        self, game_id: str, source: str, target: str, gods: str | None
    ) -> tuple[InvasionOdds, str]:
        """A Godstorm invasion from `source` into `target` as the board stands, with the gods
        `gods` ("war+sky", "-"; every god in the source when None), the dice its gods, temple,
        relics and Sky cards played give (`invasion_between`), and the invasion in words
        (`invasion_words`). Read from a spectator's observation: anyone may ask, and a Sky
        card not yet played counts for nothing. 409 where the board as it stands refuses the
        invasion, 400 where the names never make one."""
        room = self.room(game_id)
        with room.lock:
            game, state = room.match.game, room.match.state
            if not isinstance(game, Godstorm):
                raise WebError(404, f"{game.title} has no invasions")
            force = None if gods is None else parse_gods(gods)
            if gods is not None and force is None:
                raise WebError(400, f"no gods {gods!r}: name domains joined by '+', or '-'")
            try:
                seen = game.observe(state, None)
                return (
                    invasion_between(seen, source, target, force),
                    invasion_words(seen, source, target, force),
                )
            except IllegalAction as exc:  # the board has moved past the question (the page
                # asked between a move and its news): a conflict, as the attack odds answer
                raise WebError(409, str(exc)) from None
            except (WarroomError, KeyError) as exc:
                raise WebError(400, str(exc)) from None

    def defence(self, game_id: str) -> tuple[int, int, int, BattleRule]:
        """The battle waiting on its defender's dice: the state it was read in, the attacker's
        dice, the most the defender may roll and the dice the mode rolls for it, so the page
        can show each defence's roll before the defender chooses. Read from a spectator's
        observation (`ClassicRisk.defence`, `Godstorm.defence`): anyone may ask."""
        room = self.room(game_id)
        with room.lock:
            game, state = room.match.game, room.match.state
            if isinstance(game, RiskStrike):
                raise WebError(404, f"{game.title}'s battles are asked at /strike-odds")
            if not isinstance(game, ClassicRisk | Godstorm):
                raise WebError(404, f"{game.title} has no defence odds")
            if state.phase != DEFEND or room.match.outcome() is not None:
                raise WebError(
                    409, "no battle is waiting on its defender: name an attack to see its odds"
                )
            return room.state_id, *game.defence(state)

    def strike_odds(
        self, game_id: str, source: str | None, defender: str | None, target: str | None
    ) -> dict[str, Any]:
        """A RISK Strike battle's odds: the attack `source`, `defender`, `target` would start,
        or with none of them the battle under way (and the deployment due in it), read from a
        spectator's observation, with the state they were read in."""
        declaring = (source, defender, target)
        if any(x is None for x in declaring) and any(x is not None for x in declaring):
            raise WebError(
                400, "give source, defender and target together, or none for the battle under way"
            )
        room = self.room(game_id)
        with room.lock:
            game = room.match.game
            if not isinstance(game, RiskStrike):
                raise WebError(404, f"{game.title} has no RISK Strike battles")
            seen = game.observe(room.match.state, None)
            state_id = room.state_id
        ids = seen.cards.continent_ids
        if source is None or defender is None or target is None:
            if not seen.in_battle:
                raise WebError(409, "no battle is under way: name an attack to see its odds")
            forces, due = battle_forces(seen), deployment(seen)
            defending_seat, from_id, to_id = seen.defender, seen.attack_from, seen.attack_to
        else:
            if seen.in_battle:
                raise WebError(409, "a battle is under way: ask without an attack for its odds")
            x, y = seen.cards.continent(source), seen.cards.continent(target)
            if x is None or y is None:
                raise WebError(400, f"no continent {source if x is None else target!r}")
            try:
                defending_seat = seat_of(seen, defender)
            except IllegalAction:
                raise WebError(
                    400, f"no player {defender!r}: name one as p1..p{seen.players}"
                ) from None
            forces, due = declared_forces(seen, x, defending_seat, y), None
            from_id, to_id = x, y
        return {
            "state": state_id,
            "attacker": seen.current,
            "defender": defending_seat,
            "from": ids[from_id],
            "to": ids[to_id],
            "under_way": seen.in_battle,
            "attacking_cards": forces.attacking_cards,
            "attacking_troops": forces.attacking_troops,
            "defending_cards": forces.defending_cards,
            "defending_troops": forces.defending_troops,
            **_strike_odds_json(forces.odds()),
            "deployment": None
            if due is None
            else {
                "seat": due.seat,
                "sides": {
                    side: [_strike_odds_json(o) for o in table] for side, table in due.sides.items()
                },
            },
        }

    def dice_odds(self, game_id: str) -> dict[str, Any]:
        """A dice card game's chances: for each choice the player to move may make (a
        `target`, a `match`, an `aside`, a `reroll` of a staged card's dice: `has_chance`), the
        chance the card is then completed playing on at best, rerolls left included, with the
        state they were read in (the dice are face up: anyone may see them)."""
        room = self.room(game_id)
        with room.lock:
            match, state_id = room.match, room.state_id
            game, state = match.game, match.state
            if not isinstance(game, DiceCardsGame):
                raise WebError(404, f"{game.title} has no dice card odds")
            movers = match.to_move()
            if not movers:
                return {"state": state_id, "seat": None, "odds": []}
            seat = movers[0]
            legal = [a for a in match.legal(seat) if has_chance(state, a)]
        return {
            "state": state_id,
            "seat": seat,
            "odds": [[a.to_json(), completion_chance(game, state, seat, a)] for a in legal],
        }

    def parse(self, game_id: str, token: str | None, text: str) -> dict[str, Any]:
        """The legal action a typed short form stands for now ("attack lig dal" is the attack
        with the most dice), without acting: the page runs "attack A B until N" from it."""
        room = self.room(game_id)
        seat = self.seat_for(room, token)
        if seat is None:
            raise WebError(403, "parsing an action needs your seat's token")
        with room.lock, _in_words(room.match):
            over = _over(room)
            if over is not None:  # as acting would answer, not a seat's turn that never comes
                raise WebError(409, over)
            match = room.match
            action = complete(match, seat, text, places(match))
            if action not in match.legal(seat):
                refusal(match, seat, action)  # raises the rules' reason, if they give one
                raise WebError(422, f"{action.text()!r} is not a legal action now")
            return {"state": room.state_id, "action": action.to_json()}

    def _apply(
        self,
        room: Room,
        seat: int,
        state_id: int,
        action_json: list[Any] | None,
        text: str | None,
        action: Action | None = None,
        report_stale: bool = False,
        by_bot: bool = False,
    ) -> dict[str, Any]:
        with room.lock:
            if by_bot:
                # Checked under the lock the move is applied in, which `pause_bots` waits on.
                room.bot_running = False
                if self.bots_paused or self.stopping:
                    return {"ok": False, "dropped": "the bots are paused"}
            match = room.match
            ended = _over(room)
            if ended is not None or state_id != room.state_id:
                why = (
                    f"{ended}; nothing was done"
                    if ended is not None
                    else f"stale action: it was chosen in state {state_id}, but the game is "
                    f"now at state {room.state_id}; nothing was done"
                )
                if not report_stale:
                    raise WebError(409, why)
                # This seat's own decision among those since (another tab of it): the page
                # must not make its choice again in the new state.
                yours = any(by == seat for by, _ in match.record[state_id:])
                return {"ok": False, "stale": why, "state": room.state_id, "yours": yours}
            with _in_words(match):
                if action is None:
                    action = _read_action(room, seat, action_json, text)
                undo = action.kind == UNDO and not action.args
                if undo:
                    refusal = self.undo_refusal(room, seat)
                    if refusal is not None:
                        raise WebError(422, f"cannot undo: {refusal}")
                    step = match.undo(seat)
                    events = list(step.events)
                else:
                    events = match.act(seat, action)
            n = room.state_id - 1
            over = match.outcome() is not None
            cap, kind = self.record_cap(room)
            stopped = None
            if not over and room.state_id >= cap:
                stopped = (
                    f"stopped by the server: the record reached {cap} actions, the most it "
                    f"allows for {kind}"
                )
            try:
                room.head = self.store.append(
                    room.row.id,
                    n,
                    seat,
                    match.record[-1][1],
                    room.head,
                    finished=over or stopped is not None,
                    stopped=stopped,
                )
            except (SQLAlchemyError, DamagedGame):
                log.exception("game %s: could not store action %d", room.row.id, n)
                self._reload(room)
                # A commit can land and its answer still be lost (the connection dropped at
                # the commit): the store, read again, says whether the action stands.
                if room.match.record[n:] != [(seat, match.record[-1][1])]:
                    raise WebError(
                        503, "the action could not be stored; nothing was done"
                    ) from None
                log.warning("game %s: action %d was stored after all", room.row.id, n)
            room.stopped = stopped
            self.applied += 1
            # An undo's message carries the log as it now is; the events undone are not news.
            self._broadcast(room, [] if undo else events, log_reset=undo)
            self._schedule_bots(room)
            self._forget_if_finished(room)
            return {
                "ok": True,
                "state": room.state_id,
                "events": [match.shown(e, seat) for e in events] if not undo else [],
            }

    def _reload(self, room: Room) -> None:
        """Put the room back to exactly what the store holds (after a failed commit), or set
        the game aside if what the store holds is damaged (room locked). Where the store
        cannot be read either (its database gone for a while), the room takes the action back
        by its own record: what it held before it is what was stored, and memory must never
        run ahead of the stored log (a page would show a move a restart loses)."""
        try:
            stored, room.match = self._load(room.row.id)
        except WebError:
            room.stopped = "the game is damaged and set aside"
            with self.rooms_lock:
                self.rooms.pop(room.row.id, None)
            raise
        except SQLAlchemyError:
            log.exception("game %s: the store cannot be read either; replaying", room.row.id)
            data = room.match.to_save()
            data["record"] = data["record"][:-1]
            room.match = Match.from_save(data)
            return
        room.head = stored.head

    # -- what each seat sees ---------------------------------------------------------------
    def state_message(self, room: Room, seat: int | None, with_log: bool) -> dict[str, Any]:
        """The whole picture for one seat (None: a spectator); call with the room locked."""
        match = room.match
        msg: dict[str, Any] = {
            "type": "state",
            "game": room.row.id,
            "mode": room.row.mode,
            "title": room.row.title,
            "options": room.row.options,
            "state": room.state_id,
            "seat": seat,
            "seats": self._seat_info(room),
            "to_move": [] if room.stopped else list(match.to_move()),
            "view": match.view(seat),
            "outcome": match.outcome_shown(),
            "stopped": room.stopped,
            "waiting_for": _open_seats(room),  # open seats: no bot moves until they are taken
            "rematch": room.rematch,
            "pace": room.pace,  # how fast its bots move (PACES)
        }
        if seat is not None:
            legal = [] if room.stopped else list(match.legal(seat))
            msg["legal"] = [a.to_json() for a in legal]
            # Each action's button in plain words, in the order of `legal` (`Game.label`).
            msg["labels"] = match.labels(seat, legal)
            msg["can_undo"] = match.can_undo(seat) is None and self.undo_refusal(room, seat) is None
            # The page sends a forced choice by itself only where every seat can tell it is
            # forced: one sent at once where the count hangs on the hand would tell the table.
            msg["forced"] = len(msg["legal"]) == 1 and match.game.choices_public(match.state, seat)
        if with_log:
            # The whole game's log can run to thousands of events: a full state carries
            # its tail, and says where that starts so the page can fetch the rest.
            start = max(0, len(match.log) - LOG_TAIL)
            msg["log_start"] = start
            msg["log"] = [match.shown(e, seat) for e in match.log[start:]]
        return msg

    def log_page(self, room: Room, seat: int | None, since: int, limit: int) -> dict[str, Any]:
        """Up to `limit` (at most LOG_PAGE) events of the log from position `since`, as `seat`
        may read them."""
        with room.lock:
            log = room.match.log
            return {
                "since": since,
                "total": len(log),
                "events": [room.match.shown(e, seat) for e in log[since : since + limit]],
            }

    def _seat_info(self, room: Room) -> list[dict[str, Any]]:
        online = {s.seat for s in room.subscribers}
        # The rules' own label of each seat ("Player 1", a faction, a pantheon): the log and
        # the board use it, so a seat named by its person still says which it is.
        labels = room.match.game.seat_names(room.match.state)
        return [
            {
                "seat": s.seat,
                "name": s.name,
                "plays_as": labels[s.seat],
                "kind": s.kind,
                "tier": s.tier,
                "open": s.kind == "open" and not s.claimed,
                "online": s.kind == "bot" or s.seat in online,
            }
            for s in room.seats
        ]

    def subscribe(
        self, room: Room, seat: int | None, loop: asyncio.AbstractEventLoop
    ) -> tuple[Subscriber, str]:
        """Register a connection and give its first full state, atomically (no gap)."""
        sub = Subscriber(seat, asyncio.Queue(), loop)
        with room.lock:
            arriving = seat is not None and all(s.seat != seat for s in room.subscribers)
            room.subscribers.append(sub)
            if arriving:  # the pages already open show this seat online; its own gets `first`
                self._broadcast(room, [], log_reset=False, skip=sub)
            first = json.dumps(self.state_message(room, seat, with_log=True))
        return sub, first

    def unsubscribe(self, room: Room, sub: Subscriber) -> None:
        with room.lock:
            if sub in room.subscribers:
                room.subscribers.remove(sub)
                if sub.seat is not None and all(s.seat != sub.seat for s in room.subscribers):
                    self._broadcast(room, [], log_reset=False)  # the others see it away
            self._forget_if_finished(room)

    def _forget_if_finished(self, room: Room) -> None:
        """Drop a finished game nobody watches from memory (room locked); the store keeps it
        and `room` loads it again on request, so a long-running server does not grow."""
        if room.subscribers or not _finished(room):
            return
        with self.rooms_lock:
            if self.rooms.get(room.row.id) is room:
                del self.rooms[room.row.id]

    def full_state(self, room: Room, seat: int | None) -> Sent:
        """A complete state, numbered as the last message broadcast before it: every message
        up to that one is in it, and a socket sending it skips them (`Sent`)."""
        with room.lock:
            return room.sent, json.dumps(self.state_message(room, seat, with_log=True))

    def _broadcast(
        self, room: Room, events: list[Any], log_reset: bool, skip: Subscriber | None = None
    ) -> None:
        room.sent += 1
        by_seat: dict[int | None, str] = {}
        for sub in room.subscribers:
            if sub is skip:
                continue
            if sub.seat not in by_seat:
                msg = self.state_message(room, sub.seat, with_log=log_reset)
                msg["events"] = [room.match.shown(e, sub.seat) for e in events]
                by_seat[sub.seat] = json.dumps(msg)
            sub.offer((room.sent, by_seat[sub.seat]))

    # -- bots -----------------------------------------------------------------------------
    def pause_bots(self) -> None:
        """Start no bot move until `resume_bots`, in any game. A test pauses the bots while a
        page answers, rather than slowing every bot down and hoping the page is quicker; a
        move a bot chose that is due during the pause is dropped (it is chosen again once the
        bots resume). Once this returns no bot move lands: each checks the pause under its
        room's lock, and a move landing at this moment holds that lock, waited for here."""
        self.bots_paused = True
        with self.rooms_lock:
            rooms = list(self.rooms.values())
        for room in rooms:
            with room.lock:
                pass

    def resume_bots(self) -> None:
        """Let the bots move again, starting those whose turn came while they were paused."""
        self.bots_paused = False
        with self.rooms_lock:
            rooms = list(self.rooms.values())
        for room in rooms:
            with room.lock:
                self._schedule_bots(room)

    def _bot_to_move(self, room: Room) -> int | None:
        """The bot that decides next; none while an open seat waits for someone to join, so a
        game does not play on before all its players are there, nor while bots are paused."""
        if room.stopped is not None or _open_seats(room) or self.bots_paused:
            return None
        for seat in room.match.to_move():
            if seat in room.bots:
                return seat
        return None

    def _schedule_bots(self, room: Room, wait: float = 0.0) -> None:
        """Start one bot move if a bot must decide and none is under way (room locked). The
        bot thinks at once; its move is due `bot_delay` after its turn came, not after it has
        thought: how long a bot thinks hangs on what it holds, and a move that landed that
        much later would tell whoever watches the clock. `wait`: at least that long (a move
        the store could not take is tried again, not at once)."""
        if room.bot_running or self.stopping or self._bot_to_move(room) is None:
            return
        room.bot_running = True
        due = time.monotonic() + max(self.bot_delay * PACES[room.pace], wait)
        try:
            self.pool.submit(self._bot_move, room, due)
        except RuntimeError:  # shutting down
            room.bot_running = False

    def _bot_move(self, room: Room, due: float) -> None:
        """Choose outside the lock (a search bot may think a while), then land the move when
        it is due (`_land_bot`)."""
        try:
            with room.lock:
                seat = self._bot_to_move(room)
                if seat is None or self.stopping:
                    room.bot_running = False
                    return
                state_id = room.state_id
                observation = room.match.observe(seat)
                legal = room.match.legal(seat)
                bot = room.bots[seat]
            try:
                action = bot.choose(seat, observation, legal)
                if action not in legal:
                    self._written_out(room, state_id, seat, action)
            except Exception:  # a broken bot must not stall the game
                log.exception(
                    "game %s: bot for seat %d failed; playing randomly", room.row.id, seat
                )
                action = RandomBot(state_id).choose(seat, observation, legal)
            wait = due - time.monotonic()
            if wait > 0:  # on a timer, not in the pool: a waiting move holds no worker
                timer = threading.Timer(wait, self._land_bot, (room, seat, state_id, action))
                timer.daemon = True
                timer.start()
            else:
                self._land_bot(room, seat, state_id, action)
        except Exception:
            log.exception("game %s: bot move crashed", room.row.id)
            room.bot_running = False

    @staticmethod
    def _written_out(room: Room, state_id: int, seat: int, action: Action) -> None:
        """A move not in the listing may still be one the rules take: Monopoly lists offers
        at the heroes' prices, and its greedy bot writes its own price out, as a person may
        type one. The rules decide (raising WarroomError), on the state it was chosen for:
        `apply` changes nothing it is given. A state moved on since is left to `_land_bot`,
        which refuses the move as stale."""
        with room.lock:
            if room.state_id == state_id:
                room.match.game.apply(room.match.state, seat, action)

    def _land_bot(self, room: Room, seat: int, state_id: int, action: Action) -> None:
        """Apply a bot's chosen move, now due: refused as stale if a person moved since (the
        bot then plans again), dropped while the bots are paused or the server stops."""
        try:
            try:
                self._apply(room, seat, state_id, None, None, action=action, by_bot=True)
            except WebError as exc:
                if exc.status != 409:  # 409: a human acted first; re-plan below
                    log.warning("game %s: bot move refused: %s", room.row.id, exc.message)
                with room.lock:
                    # 503: the store could not take it; the game goes on once it can.
                    self._schedule_bots(room, BOT_RETRY if exc.status == 503 else 0.0)
        except Exception:
            log.exception("game %s: bot move crashed", room.row.id)
            room.bot_running = False


def _check_option_types(game: Game[Any], options: dict[str, Any]) -> None:
    """Refuse a value not of its option's JSON type: the web takes no "5" for 5, nor 1 for true
    (the command line's text values go through `Option.check` alone)."""
    known = {o.name: o for o in game.options}
    for name, value in options.items():
        option = known.get(name.replace("-", "_"))
        if option is None:
            continue  # `resolve_options` refuses it, naming the options there are
        expected = type(option.choices[0] if option.choices else option.default)
        if type(value) is not expected:
            raise WebError(400, f"option {name}: {value!r} is not {_JSON_TYPES[expected]}")
        if option.files and is_data_file(value):
            raise WebError(
                400,
                f"option {name}: the server plays only its own {option.files}s; "
                f"{option.files} files are for 'warroom play' and 'warroom simulate'",
            )


def _over(room: Room) -> str | None:
    """Why nothing more may be done in this game ("the game is over: ..."), or None: stopped
    by the server, or ended by the rules (a conflict with the request, as a stale one is)."""
    if room.stopped is not None:
        return f"the game is over: {room.stopped}"
    outcome = room.match.outcome()
    return None if outcome is None else f"the game is over: {outcome.reason}"


def _finished(room: Room) -> bool:
    """Over by the rules, or stopped by the server (its record cap)."""
    return _over(room) is not None


_JSON_TYPES = {bool: "true or false", int: "a whole number", str: "a string"}


def _damaged(game_id: str, reason: str) -> WebError:
    return WebError(
        503,
        f"game {game_id} is damaged and set aside: {reason}. Nothing can be done with it "
        "until the server's operator repairs the database",
    )


def _open_seats(room: Room) -> list[int]:
    """The seats still to be joined; none once the game is over (nobody joins it then)."""
    if _finished(room):
        return []
    return [s.seat for s in room.seats if s.kind == "open" and not s.claimed]


def places(match: Match) -> list[str]:
    """The board's place names, as the terminal knows them (for names typed unquoted)."""
    return display_for(match.game.id).places(match)


@contextlib.contextmanager
def _in_words(match: Match) -> Iterator[None]:
    """The rules' refusals in the game's words (`Game.words`: MCU's "Sector 48 does not border
    Malibu (01)"), as the terminal prints them, not the ids the rules use."""
    try:
        yield
    except WarroomError as exc:
        said = match.words(str(exc))
        if said == str(exc):
            raise
        raise type(exc)(said) from None


def _read_action(room: Room, seat: int, action_json: list[Any] | None, text: str | None) -> Action:
    if action_json is not None:
        return Action.from_json(action_json)
    if text is not None:
        if text.strip() == UNDO:
            return Action(UNDO)
        return complete(room.match, seat, text, places(room.match))
    raise WebError(400, "send the action as 'action': [kind, args...] or as 'text'")


def _strike_odds_json(odds: StrikeOdds) -> dict[str, float]:
    """A Strike battle's chance and its expected losses, in cards (troops are discarded after
    every battle, S36, so cards are what a battle costs)."""
    return {
        "p_conquest": odds.p_conquest,
        "expected_attacker_losses": odds.expected_cards_surrendered,
        "expected_defender_losses": odds.expected_cards_won,
        "expected_rolls": odds.expected_rolls,
    }


def _distinct_name(name: str, taken: list[str]) -> str:
    """`name`, or where another seat at the table goes by it (letter case aside) `name (2)`,
    `name (3)`, ... within the 40 characters a name may have: one person joining two seats
    from one browser, or two friends called alike, stay apart in the players' table, and no
    one takes a bot's name ("Player 2 (greedy bot)") as their own."""
    used = {_looks(other) for other in taken}
    if _looks(name) not in used:
        return name
    number = 2
    while True:
        suffix = f" ({number})"
        candidate = name[: 40 - len(suffix)].rstrip() + suffix
        if _looks(candidate) not in used:
            return candidate
        number += 1


def _looks(name: str) -> str:
    """How `name` reads on a page: compatibility forms folded (a full-width A, a no-break
    space), invisible format characters (a zero-width space) dropped, letter case aside; two
    names that read alike are one name."""
    folded = unicodedata.normalize("NFKC", name)
    return "".join(c for c in folded if unicodedata.category(c) != "Cf").casefold()


def _bot_suffix(tier: str | None) -> str:
    """What a bot's default name adds to its seat's label ("Thor (greedy bot)")."""
    return f" ({tier} bot)"
