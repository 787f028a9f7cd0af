"""Durable storage for web games: an append-only, digest-chained action log per game, and seats.

The action log is the truth: a game is its setup row plus its actions in order, and
loading replays them through `Match.from_save`. A row is committed (SQLite in WAL mode
with synchronous=FULL, or PostgreSQL's default durable commit) before an action is
acknowledged, so a server killed at any moment keeps every acknowledged action. The
primary key (game, number) makes applying one state's action twice impossible.

Each action row carries a digest chained over the game's setup and every action before
it, and the game row keeps the count and the last digest, so a gap, an altered row or a
deleted last row is found when the game is loaded (`DamagedGame`), rather than replayed
into a different game. This guards against damage, not against someone who can write the
database (the chain is not keyed). Storage is linear in a game's length: the actions are
the only per-move rows.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Connection,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    RowMapping,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    event,
    insert,
    inspect,
    make_url,
    select,
    update,
)
from sqlalchemy.exc import ArgumentError, DatabaseError, OperationalError, SQLAlchemyError
from sqlalchemy.pool import ConnectionPoolEntry

from warroom.core.match import DEFAULT_GENERATOR, SAVE_FORMAT, SAVE_FORMAT_VERSION
from warroom.core.rng import GENERATORS

log = logging.getLogger("warroom.web")

# Version 1 (no schema table): integer seeds, no generator, no digests, snapshot rows.
SCHEMA_VERSION = 2

metadata = MetaData()

schema = Table("warroom_schema", metadata, Column("version", Integer, nullable=False))

games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("mode", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("generator", String(32), nullable=False),
    Column("seed", Text, nullable=False),  # decimal, up to 256 bits; never sent to anyone
    Column("options", Text, nullable=False),
    Column("title", String(200), nullable=False),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    Column("finished", Boolean, nullable=False, default=False),
    Column("stopped", Text),  # why the server ended the game early (its length cap), or NULL
    Column("moves", Integer, nullable=False, default=0),  # actions in the log
    Column("head", String(64), nullable=False),  # digest of the last action (or of the setup)
)

seats = Table(
    "seats",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),  # human | open | bot
    Column("tier", String(32)),
    Column("name", String(80), nullable=False),
    Column("token", String(64), nullable=False),
    Column("claimed", Boolean, nullable=False, default=False),
)

actions = Table(
    "actions",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("n", Integer, primary_key=True),  # 0-based position in the record
    Column("seat", Integer, nullable=False),
    Column("text", Text, nullable=False),
    Column("at", Float, nullable=False),
    Column("digest", String(64), nullable=False),  # chained: see action_digest
)


# A finished game's rematch: the new game its players were sent to (one per game). Added
# after schema version 2 as a table of its own, created on open where it is missing.
rematches = Table(
    "rematches",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("rematch_id", String(32), ForeignKey("games.id"), nullable=False),
)


# How fast a game's bots move ("normal" or "fast", `Hub.PACES`): chosen at creation, not part
# of the game's truth (outside the digests). Added after schema version 2 as a table of its
# own, created on open where it is missing; a game without a row moves at "normal".
paces = Table(
    "paces",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("pace", String(16), nullable=False),
)


class StoreError(Exception):
    """The database cannot be opened or used at all (every game is affected)."""


class DamagedGame(Exception):
    """One game's stored data is not what was written; the message says what was found."""


@dataclass(frozen=True, slots=True)
class SeatRow:
    seat: int
    kind: str
    tier: str | None
    name: str
    token: str
    claimed: bool


@dataclass(frozen=True, slots=True)
class GameRow:
    id: str
    mode: str
    players: int
    generator: str
    seed: int
    options: dict[str, Any]
    title: str
    created: float
    updated: float
    finished: bool
    stopped: str | None
    moves: int


@dataclass(frozen=True, slots=True)
class Listing:
    """A game as the lobby lists it; `damage` says what is wrong with its row, if anything."""

    id: str
    title: str
    mode: str
    players: int
    moves: int
    finished: bool
    stopped: str | None
    updated: float
    damage: str | None
    open_seats: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A game read back and checked: its row, seats, record and the digest its log ends on."""

    row: GameRow
    seats: list[SeatRow]
    record: list[tuple[int, str]]
    head: str

    def save(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_FORMAT_VERSION,
            "mode": self.row.mode,
            "players": self.row.players,
            "generator": self.row.generator,
            "seed": self.row.seed,
            "options": self.row.options,
            "record": [[seat, text] for seat, text in self.record],
        }


def setup_digest(
    game_id: str, mode: str, players: int, generator: str, seed: str, options: str
) -> str:
    """Where a game's chain starts: its stored setup, so an altered seed or option shows too."""
    return _sha256([game_id, mode, players, generator, seed, options])


def action_digest(previous: str, n: int, seat: int, text: str) -> str:
    """The digest of action `n`, chained over the digest before it."""
    return _sha256([previous, n, seat, text])


def _sha256(parts: list[Any]) -> str:
    return hashlib.sha256(json.dumps(parts).encode()).hexdigest()


def database_url(url: str | None, data_dir: Path) -> str:
    """The SQLAlchemy URL: `url` (a plain postgresql:// gets the psycopg driver) or SQLite."""
    if not url:
        data_dir.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{(data_dir / 'warroom.db').resolve()}"
    for plain in ("postgresql://", "postgres://"):
        if url.startswith(plain):
            return "postgresql+psycopg://" + url[len(plain) :]
    return url


class Store:
    """All database access; every method is one short transaction and safe from any thread."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.sqlite = url.startswith("sqlite")
        try:
            parsed = make_url(url)
        except ArgumentError:
            raise StoreError(
                "the database URL is not one: give a file for SQLite (--data-dir) or a URL "
                "such as postgresql://user@host/name"
            ) from None
        path = parsed.database if self.sqlite else None
        self.path = Path(path) if path and path != ":memory:" else None
        if self.sqlite and self.path is None:  # each pooled connection its own empty database
            raise StoreError(
                "an in-memory SQLite database keeps no game: name a file (sqlite:///PATH)"
            )
        if self.path is not None and self.path.is_file() and self.path.stat().st_size == 0:
            log.warning(
                "the database file %s was empty (0 bytes): starting a new store there, with "
                "no games; if it held games, restore it from a backup",
                self.path,
            )
        try:
            self.engine = _engine(url)
        except (ArgumentError, ImportError) as exc:  # an unknown kind, a driver not installed
            raise StoreError(
                f"cannot use a {parsed.drivername} database: {exc} (SQLite and PostgreSQL "
                "through psycopg are what warroom installs)"
            ) from None
        # SQLite takes one writer at a time and makes the others sleep and retry, which
        # showed up as a long latency tail; queueing writers here is fairer and faster.
        self._write_lock: threading.Lock | contextlib.nullcontext[None] = (
            threading.Lock() if self.sqlite else contextlib.nullcontext()
        )
        try:
            with self.engine.begin() as conn:
                _migrate(conn)
        except StoreError:
            self.engine.dispose()
            raise
        except SQLAlchemyError as exc:
            self.engine.dispose()
            said = exc.orig if isinstance(exc, DatabaseError) else exc
            if self.path is not None and not isinstance(exc, OperationalError):
                raise StoreError(
                    f"the database file {self.path} is damaged (SQLite says: {said}); "
                    "restore it from a backup, or move it away to start an empty store"
                ) from None
            raise StoreError(f"cannot open the database: {said}") from None

    def close(self) -> None:
        self.engine.dispose()

    # -- writing -------------------------------------------------------------------------
    def create_game(self, row: GameRow, seat_rows: list[SeatRow], pace: str = "normal") -> str:
        """Store a new game with no actions; returns the digest its log starts from."""
        values = _game_values(row)
        head = setup_digest(
            row.id, row.mode, row.players, row.generator, values["seed"], values["options"]
        )
        with self._write_lock, self.engine.begin() as conn:
            conn.execute(insert(games).values(**values, moves=0, head=head))
            conn.execute(
                insert(seats),
                [
                    {
                        "game_id": row.id,
                        "seat": s.seat,
                        "kind": s.kind,
                        "tier": s.tier,
                        "name": s.name,
                        "token": s.token,
                        "claimed": s.claimed,
                    }
                    for s in seat_rows
                ],
            )
            conn.execute(insert(paces).values(game_id=row.id, pace=pace))
        return head

    def append(
        self,
        game_id: str,
        n: int,
        seat: int,
        text: str,
        previous: str,
        finished: bool,
        stopped: str | None = None,
    ) -> str:
        """Commit action number `n` after the log that ends on digest `previous`; returns the
        new head. A taken `n`, or a stored log that does not end there, commits nothing."""
        now = time.time()
        digest = action_digest(previous, n, seat, text)
        with self._write_lock, self.engine.begin() as conn:
            conn.execute(
                insert(actions).values(
                    game_id=game_id, n=n, seat=seat, text=text, at=now, digest=digest
                )
            )
            done = conn.execute(
                update(games)
                .where(games.c.id == game_id, games.c.moves == n, games.c.head == previous)
                .values(updated=now, finished=finished, stopped=stopped, moves=n + 1, head=digest)
            )
            if done.rowcount != 1:
                raise DamagedGame(
                    f"the stored log does not end where the server's copy does (before "
                    f"action {n}); nothing was stored"
                )
        return digest

    def claim(self, game_id: str, seat: int, name: str | None = None) -> str | None:
        """Mark an open seat taken (renamed `name`, if given) and return its token; None if
        it was not open."""
        with self._write_lock, self.engine.begin() as conn:
            done = conn.execute(
                update(seats)
                .where(
                    seats.c.game_id == game_id,
                    seats.c.seat == seat,
                    seats.c.kind == "open",
                    seats.c.claimed.is_(False),
                )
                .values(claimed=True, **({} if name is None else {"name": name}))
            )
            if done.rowcount != 1:
                return None
            token = conn.execute(
                select(seats.c.token).where(seats.c.game_id == game_id, seats.c.seat == seat)
            ).scalar_one()
            return str(token)

    def set_rematch(self, game_id: str, rematch_id: str) -> None:
        """Record the rematch of a finished game (at most one: the key refuses a second)."""
        with self._write_lock, self.engine.begin() as conn:
            conn.execute(insert(rematches).values(game_id=game_id, rematch_id=rematch_id))

    # -- reading -------------------------------------------------------------------------
    def rematch_of(self, game_id: str) -> str | None:
        """The id of the game's rematch, if one was started."""
        with self.engine.connect() as conn:
            found = conn.execute(
                select(rematches.c.rematch_id).where(rematches.c.game_id == game_id)
            ).scalar()
        return None if found is None else str(found)

    def set_pace(self, game_id: str, pace: str) -> None:
        """Change how fast the game's bots move (a row added for a game stored before)."""
        with self._write_lock, self.engine.begin() as conn:
            changed = conn.execute(
                update(paces).where(paces.c.game_id == game_id).values(pace=pace)
            ).rowcount
            if not changed:
                conn.execute(insert(paces).values(game_id=game_id, pace=pace))

    def pace_of(self, game_id: str) -> str:
        """How fast the game's bots move ("normal" for a game stored before paces were)."""
        with self.engine.connect() as conn:
            found = conn.execute(select(paces.c.pace).where(paces.c.game_id == game_id)).scalar()
        return "normal" if found is None else str(found)

    def seats(self, game_id: str) -> list[SeatRow]:
        with self.engine.connect() as conn:
            return _seat_rows(conn, game_id)

    def list_games(self, limit: int = 50) -> list[Listing]:
        """The `limit` most recently played games, and besides them the `limit` most recent
        games still waiting for someone to join (so that bot games moving do not push a seat
        to take out of the lobby), most recent first; a damaged row is listed with what is
        wrong. Their open seats come in one query, not one a game, since anyone may ask."""
        newest = games.c.updated.desc()
        with self.engine.connect() as conn:
            recent = conn.execute(select(games).order_by(newest).limit(limit)).mappings().all()
            waiting_ids = select(seats.c.game_id).where(
                seats.c.kind == "open", seats.c.claimed.is_(False)
            )
            waiting = conn.execute(
                select(games)
                .where(games.c.id.in_(waiting_ids), games.c.finished.is_(False))
                .order_by(newest)
                .limit(limit)
            ).mappings()
            by_id = {r["id"]: r for r in (*recent, *waiting)}
            listed = sorted(by_id.values(), key=lambda r: r["updated"], reverse=True)
            unclaimed = conn.execute(
                select(seats.c.game_id, seats.c.seat)
                .where(seats.c.game_id.in_([r["id"] for r in listed]))
                .where(seats.c.kind == "open", seats.c.claimed.is_(False))
                .order_by(seats.c.game_id, seats.c.seat)
            )
            open_seats: dict[str, list[int]] = {}
            for game_id, seat in unclaimed:
                open_seats.setdefault(game_id, []).append(seat)
            return [
                Listing(
                    id=r["id"],
                    title=r["title"],
                    mode=r["mode"],
                    players=r["players"],
                    moves=r["moves"],
                    finished=bool(r["finished"]),
                    stopped=r["stopped"],
                    updated=r["updated"],
                    damage=_row_damage(r),
                    open_seats=tuple(open_seats.get(r["id"], ())),
                )
                for r in listed
            ]

    def counts(self) -> tuple[int, list[str]]:
        """How many games are stored, and the ids of the unfinished ones."""
        with self.engine.connect() as conn:
            oldest_first = select(games.c.id, games.c.finished).order_by(games.c.created)
            rows = conn.execute(oldest_first).all()
        return len(rows), [str(game_id) for game_id, finished in rows if not finished]

    def load(self, game_id: str) -> StoredGame | None:
        """The game read at one moment and checked against its digests (None: no such game);
        `DamagedGame` says what was found when the log or row is not what was written."""
        with self._snapshot() as conn:
            raw = conn.execute(select(games).where(games.c.id == game_id)).mappings().first()
            if raw is None:
                return None
            logged = conn.execute(
                select(actions.c.n, actions.c.seat, actions.c.text, actions.c.digest)
                .where(actions.c.game_id == game_id)
                .order_by(actions.c.n)
            ).all()
            seat_rows = _seat_rows(conn, game_id)
        row = _game_row(raw)
        head = setup_digest(
            raw["id"], raw["mode"], raw["players"], raw["generator"], raw["seed"], raw["options"]
        )
        record: list[tuple[int, str]] = []
        for expected, (n, seat, action, stored) in enumerate(logged):
            if n != expected:
                raise DamagedGame(f"its action log has a gap: action {expected} is missing")
            head = action_digest(head, n, seat, action)
            if stored != head:
                raise DamagedGame(
                    f"action {n} does not match its digest: that action, one before it or "
                    "the game's setup was altered"
                )
            record.append((seat, action))
        if len(record) != row.moves:
            missing = row.moves - len(record)
            raise DamagedGame(
                f"the game row counts {row.moves} actions but its log holds {len(record)}: "
                + (f"the last {missing} were deleted" if missing > 0 else "rows were added")
            )
        if head != raw["head"]:
            raise DamagedGame(
                "its log does not end on the digest the game row keeps: its last action was "
                "replaced or its row altered"
            )
        return StoredGame(row, seat_rows, record, head)

    def _snapshot(self) -> Connection:
        """A connection whose reads all see one moment, so a game's row and log agree even
        while it is being played (SQLite's transactions already do; see `_engine`)."""
        conn = self.engine.connect()
        return conn if self.sqlite else conn.execution_options(isolation_level="REPEATABLE READ")


def _engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(
            url, connect_args={"check_same_thread": False, "timeout": 30}, pool_size=8
        )

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, record: ConnectionPoolEntry) -> None:
            # The driver's own transaction handling would begin only at the first write
            # and commit before DDL; SQLAlchemy's recipe: turn it off and BEGIN ourselves,
            # so reads see one snapshot and a schema migration is all or nothing.
            dbapi_conn.isolation_level = None
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=FULL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        @event.listens_for(engine, "begin")
        def _begin(conn: Connection) -> None:
            conn.exec_driver_sql("BEGIN")

        return engine
    return create_engine(url, pool_size=10, max_overflow=10, pool_pre_ping=True)


def _migrate(conn: Connection) -> None:
    """Create the tables in an empty database, or bring an older schema up to this one."""
    tables = set(inspect(conn).get_table_names())
    if "games" not in tables:
        metadata.create_all(conn)
        conn.execute(insert(schema).values(version=SCHEMA_VERSION))
        return
    version = conn.execute(select(schema.c.version)).scalar_one() if schema.name in tables else 1
    if version > SCHEMA_VERSION:
        raise StoreError(
            f"the database has schema version {version}, written by a newer warroom "
            f"(this one knows up to {SCHEMA_VERSION})"
        )
    if version == 1:
        _upgrade_from_1(conn)
    metadata.create_all(conn, tables=[rematches, paces])


def _upgrade_from_1(conn: Connection) -> None:
    """Seeds as text (256-bit keys), the generator (old games: SplitMix64), the stop reason,
    digests over the existing logs, and no more snapshots (the actions hold everything)."""
    for statement in (
        "ALTER TABLE games RENAME COLUMN seed TO seed_v1",
        "ALTER TABLE games ADD COLUMN seed TEXT NOT NULL DEFAULT ''",
        "UPDATE games SET seed = CAST(seed_v1 AS TEXT)",
        "ALTER TABLE games DROP COLUMN seed_v1",
        f"ALTER TABLE games ADD COLUMN generator VARCHAR(32) NOT NULL "
        f"DEFAULT '{DEFAULT_GENERATOR}'",
        "ALTER TABLE games ADD COLUMN stopped TEXT",
        "ALTER TABLE games ADD COLUMN head VARCHAR(64) NOT NULL DEFAULT ''",
        "ALTER TABLE actions ADD COLUMN digest VARCHAR(64) NOT NULL DEFAULT ''",
        "DROP TABLE IF EXISTS snapshots",
    ):
        conn.exec_driver_sql(statement)
    # Digests over what is there: a gap or a short count stays visible to `load`, because
    # numbers are chained as stored and the row's action count is left as it was.
    set_digest = (
        update(actions)
        .where(actions.c.game_id == bindparam("game"), actions.c.n == bindparam("number"))
        .values(digest=bindparam("chained"))
    )
    for game in conn.execute(select(games)).mappings().all():
        head = setup_digest(
            game["id"],
            game["mode"],
            game["players"],
            game["generator"],
            game["seed"],
            game["options"],
        )
        chained = []
        for n, seat, action in conn.execute(
            select(actions.c.n, actions.c.seat, actions.c.text)
            .where(actions.c.game_id == game["id"])
            .order_by(actions.c.n)
        ):
            head = action_digest(head, n, seat, action)
            chained.append({"game": game["id"], "number": n, "chained": head})
        if chained:
            conn.execute(set_digest, chained)
        conn.execute(update(games).where(games.c.id == game["id"]).values(head=head))
    metadata.create_all(conn, tables=[schema])
    conn.execute(insert(schema).values(version=SCHEMA_VERSION))


def _seat_rows(conn: Connection, game_id: str) -> list[SeatRow]:
    rows = conn.execute(
        select(seats).where(seats.c.game_id == game_id).order_by(seats.c.seat)
    ).mappings()
    return [
        SeatRow(r["seat"], r["kind"], r["tier"], r["name"], r["token"], r["claimed"]) for r in rows
    ]


def _game_values(row: GameRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "mode": row.mode,
        "players": row.players,
        "generator": row.generator,
        "seed": str(row.seed),
        "options": json.dumps(row.options),
        "title": row.title,
        "created": row.created,
        "updated": row.updated,
        "finished": row.finished,
        "stopped": row.stopped,
    }


def _row_damage(r: RowMapping) -> str | None:
    """What makes a game row unreadable, without saying what its seed is."""
    try:
        options = json.loads(r["options"])
    except ValueError as exc:
        return f"its options are not JSON ({exc})"
    if not isinstance(options, dict):
        return "its options are not a JSON object"
    if not r["seed"].isdecimal():
        return "its seed is not a whole number"
    if r["generator"] not in GENERATORS:
        return f"its generator {r['generator']!r} is not one this server knows"
    return None


def _game_row(r: RowMapping) -> GameRow:
    damage = _row_damage(r)
    if damage is not None:
        raise DamagedGame(damage)
    return GameRow(
        id=r["id"],
        mode=r["mode"],
        players=r["players"],
        generator=r["generator"],
        seed=int(r["seed"]),
        options=json.loads(r["options"]),
        title=r["title"],
        created=r["created"],
        updated=r["updated"],
        finished=bool(r["finished"]),
        stopped=r["stopped"],
        moves=r["moves"],
    )
