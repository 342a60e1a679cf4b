"""Event-sourced storage of served games (SQLAlchemy 2; SQLite by default, PostgreSQL by URL).

A game is one `games` row (game id, options, seed, seats, status) plus one `actions` row per
accepted action, unique per game and ply. The live state is never stored: it is rebuilt by
replaying the rows with the seed, so an acknowledged action (committed first) survives any
restart. Seat tokens are kept only as SHA-256 hashes. The schema belongs to Alembic
(`migrations/`); `Store` upgrades the database to the newest revision when it opens it.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
    create_engine,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, sessionmaker

MIGRATIONS = Path(__file__).parent / "migrations"


class Base(DeclarativeBase):
    pass


def _now() -> datetime:
    return datetime.now(UTC)


class GameRow(Base):
    __tablename__ = "games"

    pk: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    id: Mapped[str] = mapped_column(String(40), unique=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    seats: Mapped[list[str]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class SeatTokenRow(Base):
    __tablename__ = "seat_tokens"

    pk: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_pk: Mapped[int] = mapped_column(ForeignKey("games.pk", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)

    __table_args__ = (UniqueConstraint("game_pk", "seat", name="uq_seat_tokens_game_seat"),)


class ActionRow(Base):
    __tablename__ = "actions"

    pk: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_pk: Mapped[int] = mapped_column(ForeignKey("games.pk", ondelete="CASCADE"))
    ply: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)

    __table_args__ = (UniqueConstraint("game_pk", "ply", name="uq_actions_game_ply"),)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class PlyTaken(Exception):
    """Another writer stored this ply first (the unique key refused the row)."""


def _sqlite_pragmas(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        # WAL lets readers go on while one writer commits; synchronous=FULL keeps a commit
        # on disk before it returns, so an acknowledged action survives a crash.
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=5000")
        cursor.close()


def upgrade(engine: Engine) -> None:
    """Bring the schema to Alembic's newest revision."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


class Store:
    """The database of one server. Methods are blocking: call them from worker threads."""

    def __init__(self, url: str) -> None:
        self.url = url
        if url.startswith("sqlite"):
            self.engine = create_engine(url, connect_args={"check_same_thread": False})
            _sqlite_pragmas(self.engine)
        else:
            self.engine = create_engine(url, pool_size=10, max_overflow=10, pool_pre_ping=True)
        upgrade(self.engine)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)

    def close(self) -> None:
        self.engine.dispose()

    def create_game(
        self,
        game_id: str,
        game: str,
        players: int,
        options: dict[str, Any],
        seed: int,
        seats: list[str],
        token_hashes: dict[int, str],
    ) -> GameRow:
        with self.sessions.begin() as session:
            row = GameRow(
                id=game_id,
                game=game,
                players=players,
                options=options,
                seed=seed,
                seats=seats,
                status="active",
            )
            session.add(row)
            session.flush()
            for seat, token_hash in token_hashes.items():
                session.add(SeatTokenRow(game_pk=row.pk, seat=seat, token_hash=token_hash))
        return row

    def append(self, game_pk: int, ply: int, seat: int, action: dict[str, Any]) -> None:
        """Commit one accepted action; PlyTaken if that ply is already stored. Plain SQL
        statements rather than the ORM's unit of work, as this runs once per ply: 0.50 ms of
        CPU per call against 0.71 ms (SQLite, 2,000 appends each)."""
        now = _now()
        try:
            with self.engine.begin() as connection:
                connection.execute(
                    insert(ActionRow).values(
                        game_pk=game_pk, ply=ply, seat=seat, action=action, created_at=now
                    )
                )
                connection.execute(
                    update(GameRow).where(GameRow.pk == game_pk).values(updated_at=now)
                )
        except IntegrityError:
            raise PlyTaken(f"ply {ply} of game {game_pk} is already stored") from None

    def set_status(self, game_pk: int, status: str) -> None:
        with self.sessions.begin() as session:
            session.execute(
                update(GameRow)
                .where(GameRow.pk == game_pk)
                .values(status=status, updated_at=_now())
            )

    def game(self, game_id: str) -> GameRow | None:
        with self.sessions() as session:
            return session.scalars(select(GameRow).where(GameRow.id == game_id)).first()

    def actions(self, game_pk: int) -> list[tuple[int, int, dict[str, Any]]]:
        """(ply, seat, action) of a game, in order."""
        with self.sessions() as session:
            rows = session.execute(
                select(ActionRow.ply, ActionRow.seat, ActionRow.action)
                .where(ActionRow.game_pk == game_pk)
                .order_by(ActionRow.ply)
            )
            return [(ply, seat, action) for ply, seat, action in rows]

    def token_hashes(self, game_pk: int) -> dict[str, int]:
        with self.sessions() as session:
            rows = session.execute(
                select(SeatTokenRow.token_hash, SeatTokenRow.seat).where(
                    SeatTokenRow.game_pk == game_pk
                )
            )
            return {token_hash: seat for token_hash, seat in rows}

    def active_game_ids(self, since: datetime | None = None) -> list[str]:
        """The unfinished games (those that moved since `since`, if given)."""
        query = select(GameRow.id).where(GameRow.status == "active")
        if since is not None:
            query = query.where(GameRow.updated_at >= since)
        with self.sessions() as session:
            return list(session.scalars(query))

    def recent_games(self, limit: int = 100) -> list[tuple[GameRow, int]]:
        """The newest games with how many actions each has, newest first."""
        with self.sessions() as session:
            counts = (
                select(ActionRow.game_pk, func.count().label("n"))
                .group_by(ActionRow.game_pk)
                .subquery()
            )
            rows = session.execute(
                select(GameRow, func.coalesce(counts.c.n, 0))
                .outerjoin(counts, counts.c.game_pk == GameRow.pk)
                .order_by(GameRow.updated_at.desc())
                .limit(limit)
            )
            return [(row, int(n)) for row, n in rows]
