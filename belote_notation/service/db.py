"""The database engine: an SQLite file in WAL mode by default, PostgreSQL through psycopg 3.

Reads and writes begin differently on SQLite: a read (``engine.connect()``) begins a deferred
transaction, which in WAL mode reads its snapshot and never waits for a writer; a write
(:func:`writing`) begins ``IMMEDIATE``, taking the one write lock at once, so a read-then-write
(a dedupe, a job claimed) cannot be overtaken by another process between the two.

>>> engine = make_engine("sqlite://")
>>> engine.dialect.name, is_postgres(engine)
('sqlite', False)
>>> with writing(engine) as conn:
...     conn.exec_driver_sql("CREATE TABLE t (x INTEGER)").rowcount
-1
>>> engine.dispose()
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime, timezone
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.pool import StaticPool

__all__ = ["RequestSession", "is_postgres", "make_engine", "now", "reading", "release_reads",
           "request_session", "writing"]

SQLITE_BUSY_MS = 30_000
"""How long an SQLite writer waits for the lock held by another process."""
WRITE = "belote_write"
"""The execution option :func:`writing` sets: this connection's transaction begins IMMEDIATE."""


def now() -> datetime:
    """The current time in UTC, without a zone (every timestamp the service stores is UTC)."""
    return datetime.now(timezone.utc).replace(tzinfo=None)


def is_postgres(engine: Engine) -> bool:
    return engine.dialect.name == "postgresql"


def make_engine(url: str) -> Engine:
    """An engine for ``url``. SQLite: WAL journal, full sync, foreign keys on, a writer waiting
    for the lock rather than failing; an in-memory database (``sqlite://``) shared by the
    threads of this process. PostgreSQL: a small pool checked before use."""
    if url.startswith("sqlite"):
        memory = url in ("sqlite://", "sqlite:///:memory:")
        connect = {"check_same_thread": False, "timeout": SQLITE_BUSY_MS / 1000}
        kwargs: dict[str, Any] = {"connect_args": connect}
        if memory:
            kwargs["poolclass"] = StaticPool
        engine = create_engine(url, **kwargs)
        event.listen(engine, "connect", _sqlite_pragmas)
        event.listen(engine, "begin", _sqlite_begin)
        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=5, max_overflow=5)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    dbapi_connection.isolation_level = None  # transactions begun below, not by the driver
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=30000")  # SQLITE_BUSY_MS
    cursor.close()


@contextmanager
def writing(engine: Engine) -> Iterator[Connection]:
    """A write transaction, committed at the end (rolled back on an exception). On SQLite it
    takes the write lock at once (``BEGIN IMMEDIATE``); every other transaction is a deferred
    read. Keep it short: other writers wait for it (reads never do)."""
    with engine.connect() as conn:
        conn.execution_options(**{WRITE: True})
        with conn.begin():
            yield conn


class RequestSession:
    """The one connection a request reads through (per engine), opened at its first read and
    closed when the request ends (:func:`request_session`)."""

    def __init__(self) -> None:
        self.connections: dict[int, Connection] = {}

    def connection(self, engine: Engine) -> Connection:
        conn = self.connections.get(id(engine))
        if conn is None:
            conn = self.connections[id(engine)] = engine.connect()
        return conn

    def close(self) -> None:
        for conn in self.connections.values():
            conn.close()
        self.connections.clear()


_SESSION: ContextVar[RequestSession | None] = ContextVar("belote_request_session", default=None)


@contextmanager
def request_session() -> Iterator[RequestSession]:
    """A request's session: every :func:`reading` inside it (the threads the request runs on
    included: they copy its context) shares one connection, closed at the end."""
    session = RequestSession()
    token = _SESSION.set(session)
    try:
        yield session
    finally:
        _SESSION.reset(token)
        session.close()


def release_reads() -> None:
    """Give back the request's read connection now (a later read opens another): a request that
    goes on to write must not hold one connection of the pool while it waits for a second,
    or as many such requests as the pool holds wait for each other until the pool's timeout."""
    session = _SESSION.get()
    if session is not None:
        session.close()


@contextmanager
def reading(engine: Engine) -> Iterator[Connection]:
    """A read: the request's connection inside a request (each read its own short deferred
    transaction, ended after it), else a connection of its own."""
    session = _SESSION.get()
    if session is None:
        with engine.connect() as own:
            yield own
        return
    conn = session.connection(engine)
    try:
        yield conn
    finally:
        if conn.in_transaction():
            conn.rollback()


def _sqlite_begin(conn: Any) -> None:
    """A write (:func:`writing`) begins IMMEDIATE; a read begins deferred: in WAL mode it
    reads its snapshot and never waits for the writer."""
    if conn.get_execution_options().get(WRITE):
        conn.exec_driver_sql("BEGIN IMMEDIATE")
    else:
        conn.exec_driver_sql("BEGIN")
