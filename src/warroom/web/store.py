"""Durable storage for web games: an append-only action log per game, seats and snapshots.

The action log is the truth: a game is its setup row plus its actions in order, and
loading replays them through `Match.from_save`. A row is committed (SQLite in WAL mode
with synchronous=FULL, or PostgreSQL's default durable commit) before an action is
acknowledged, so a server killed at any moment keeps every acknowledged action. The
primary key (game, number) makes applying one state's action twice impossible.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.pool import ConnectionPoolEntry

from warroom.core.match import DEFAULT_GENERATOR, SAVE_FORMAT, SAVE_FORMAT_VERSION

SNAPSHOT_EVERY = 50  # actions between snapshots of the save

metadata = MetaData()

games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("mode", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", Integer, nullable=False),  # server-only: never sent to anyone
    Column("options", Text, nullable=False),
    Column("title", String(200), nullable=False),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    Column("finished", Boolean, nullable=False, default=False),
    Column("moves", Integer, nullable=False, default=0),
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
)

snapshots = Table(
    "snapshots",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("n", Integer, primary_key=True),  # record length the save covers
    Column("save", Text, nullable=False),
)


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
    seed: int
    options: dict[str, Any]
    title: str
    created: float
    updated: float
    finished: bool
    moves: int


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
        self.engine = _engine(url)
        # SQLite takes one writer at a time and makes the others sleep and retry, which
        # showed up as a long latency tail; queueing writers here is fairer and faster.
        self._write_lock: threading.Lock | contextlib.nullcontext[None] = (
            threading.Lock() if url.startswith("sqlite") else contextlib.nullcontext()
        )
        metadata.create_all(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    # -- writing -------------------------------------------------------------------------
    def create_game(self, row: GameRow, seat_rows: list[SeatRow]) -> None:
        with self._write_lock, self.engine.begin() as conn:
            conn.execute(insert(games).values(**_game_values(row)))
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

    def append(
        self,
        game_id: str,
        n: int,
        seat: int,
        text: str,
        finished: bool,
        save: dict[str, Any] | None = None,
    ) -> None:
        """Commit action number `n` (and a snapshot when `save` is given); a taken `n` fails."""
        now = time.time()
        with self._write_lock, self.engine.begin() as conn:
            conn.execute(insert(actions).values(game_id=game_id, n=n, seat=seat, text=text, at=now))
            conn.execute(
                update(games)
                .where(games.c.id == game_id)
                .values(updated=now, finished=finished, moves=n + 1)
            )
            if save is not None:
                conn.execute(
                    insert(snapshots).values(game_id=game_id, n=n + 1, save=json.dumps(save))
                )

    def claim(self, game_id: str, seat: int) -> str | None:
        """Mark an open seat taken and return its token; None if it was not open."""
        with self._write_lock, self.engine.begin() as conn:
            done = conn.execute(
                update(seats)
                .where(
                    seats.c.game_id == game_id,
                    seats.c.seat == seat,
                    seats.c.kind == "open",
                    seats.c.claimed.is_(False),
                )
                .values(claimed=True)
            )
            if done.rowcount != 1:
                return None
            token = conn.execute(
                select(seats.c.token).where(seats.c.game_id == game_id, seats.c.seat == seat)
            ).scalar_one()
            return str(token)

    # -- reading -------------------------------------------------------------------------
    def game(self, game_id: str) -> GameRow | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(games).where(games.c.id == game_id)).mappings().first()
        return None if r is None else _game_row(r)

    def seats(self, game_id: str) -> list[SeatRow]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(seats).where(seats.c.game_id == game_id).order_by(seats.c.seat)
            ).mappings()
            return [
                SeatRow(r["seat"], r["kind"], r["tier"], r["name"], r["token"], r["claimed"])
                for r in rows
            ]

    def list_games(self, limit: int = 50) -> list[GameRow]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(games).order_by(games.c.updated.desc()).limit(limit))
            return [_game_row(r) for r in rows.mappings()]

    def unfinished_ids(self) -> list[str]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(games.c.id).where(games.c.finished.is_(False)))
            return [str(r[0]) for r in rows]

    def save(self, game_id: str) -> dict[str, Any] | None:
        """The game's save: the latest snapshot plus every action logged after it."""
        g = self.game(game_id)
        if g is None:
            return None
        with self.engine.connect() as conn:
            snap = conn.execute(
                select(snapshots.c.n, snapshots.c.save)
                .where(snapshots.c.game_id == game_id)
                .order_by(snapshots.c.n.desc())
                .limit(1)
            ).first()
            start, record = 0, []
            if snap is not None:
                start, record = int(snap[0]), json.loads(snap[1])["record"]
            rows = conn.execute(
                select(actions.c.n, actions.c.seat, actions.c.text)
                .where(actions.c.game_id == game_id, actions.c.n >= start)
                .order_by(actions.c.n)
            ).all()
        for expected, (n, seat, text) in enumerate(rows, start=start):
            if n != expected:
                raise RuntimeError(f"game {game_id}: action log has a gap at {expected}")
            record.append([seat, text])
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_FORMAT_VERSION,
            "mode": g.mode,
            "players": g.players,
            "generator": DEFAULT_GENERATOR,
            "seed": g.seed,
            "options": g.options,
            "record": record,
        }

    def action_count(self) -> int:
        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(actions)).scalar_one())


def _engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(
            url, connect_args={"check_same_thread": False, "timeout": 30}, pool_size=8
        )

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, record: ConnectionPoolEntry) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=FULL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    return create_engine(url, pool_size=10, max_overflow=10, pool_pre_ping=True)


def _game_values(row: GameRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "mode": row.mode,
        "players": row.players,
        "seed": row.seed,
        "options": json.dumps(row.options),
        "title": row.title,
        "created": row.created,
        "updated": row.updated,
        "finished": row.finished,
        "moves": row.moves,
    }


def _game_row(r: Any) -> GameRow:
    return GameRow(
        id=r["id"],
        mode=r["mode"],
        players=r["players"],
        seed=r["seed"],
        options=json.loads(r["options"]),
        title=r["title"],
        created=r["created"],
        updated=r["updated"],
        finished=bool(r["finished"]),
        moves=r["moves"],
    )
