"""Reading the store: a caller's games by filters and a cursor, one game, a deletion.

Every filter is a bound parameter of a query built from the tables; a cursor is opaque (the
creation time and id of the last game of a page: ``CURSOR_PATTERN``).

>>> from belote_notation.service.db import make_engine
>>> from belote_notation.service.schema import METADATA
>>> from belote_notation.service.ingest import read_upload, store_upload
>>> engine = make_engine("sqlite://"); METADATA.create_all(engine)
>>> body = b"".join(open(f"samples/classic/partie-{n}.bel", "rb").read() for n in (1, 2))
>>> _ = store_upload(engine, "club", read_upload(body, "two.bel"))
>>> page = list_games(engine, "club", GameFilter(), limit=1)
>>> len(page.rows), page.cursor is not None
(1, True)
>>> len(list_games(engine, "club", GameFilter(), limit=5, cursor=page.cursor).rows)
1
>>> count_games(engine, "club", GameFilter(rules="classic")), count_games(engine, "other", GameFilter())
(2, 0)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Connection,
    Engine,
    Row,
    Select,
    and_,
    delete,
    exists,
    func,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from belote_notation.game.lang import msg
from belote_notation.service.db import now, reading, writing
from belote_notation.service.problems import BadCursor, Invalid, NotFound
from belote_notation.service.schema import DEALS, FINDINGS, GAMES, JOBS, RENDERS, TAGS

__all__ = ["GameFilter", "Page", "count_games", "delete_game", "game_access", "game_reports", "get_game",
           "iter_games", "list_games", "rendered", "set_private"]

_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
"""An id of a game (as the routes' ``GameId``)."""
SEAT_TAGS = ("north", "east", "south", "west")
LIST_COLUMNS = (GAMES.c.id, GAMES.c.fingerprint, GAMES.c.version, GAMES.c.parent_id, GAMES.c.annotated,
                GAMES.c.private, GAMES.c.source_format, GAMES.c.errors, GAMES.c.warnings, GAMES.c.infos,
                GAMES.c.deal_count, GAMES.c.rules, GAMES.c.event, GAMES.c.date, GAMES.c.result,
                GAMES.c.winner, GAMES.c.created_at)


@dataclass(frozen=True)
class GameFilter:
    """What ``GET /v1/games`` may ask; every field optional (``None``: no condition)."""

    player: str | None = None
    team: str | None = None
    rules: str | None = None
    date_from: str | None = None
    date_to: str | None = None
    result: str | None = None
    taker: str | None = None
    trump: str | None = None
    contract: str | None = None
    code: str | None = None
    has_findings: bool | None = None
    annotated: bool | None = None
    tags: tuple[tuple[str, str], ...] = field(default_factory=tuple)

    def __post_init__(self) -> None:
        """No value with a NUL reaches the database (PostgreSQL's text cannot hold one)."""
        for name, value in vars(self).items():
            values = [v for pair in value for v in pair] if name == "tags" else [value]
            if any(isinstance(v, str) and "\0" in v for v in values):
                raise Invalid(msg("%(name)s: a NUL character (%%00) is in no game", name=name), field=name)

    def conditions(self) -> list[ColumnElement[bool]]:
        c: list[ColumnElement[bool]] = []
        if self.player is not None:
            c.append(_tag(TAGS.c.name.in_(SEAT_TAGS), TAGS.c.value == self.player))
        if self.team is not None:
            c.append(_tag(TAGS.c.name.like("team%"), TAGS.c.value.contains(self.team, autoescape=True)))
        for name, value in self.tags:
            c.append(_tag(TAGS.c.name == name.lower(), TAGS.c.value == value))
        if self.rules is not None:
            c.append(GAMES.c.rules == self.rules)
        if self.date_from is not None:
            c.append(GAMES.c.date >= self.date_from.replace("-", "."))
        if self.date_to is not None:
            c.append(GAMES.c.date <= self.date_to.replace("-", "."))
        if self.result is not None:
            c.append(GAMES.c.result == self.result)
        deal_filters: list[tuple[Any, str | None]] = [
            (DEALS.c.taker, self.taker), (DEALS.c.trump, self.trump), (DEALS.c.contract, self.contract)]
        for column, wanted in deal_filters:
            if wanted is not None:
                c.append(exists().where(DEALS.c.game_id == GAMES.c.id, column == wanted))
        if self.code is not None:
            c.append(exists().where(FINDINGS.c.game_id == GAMES.c.id,
                                    FINDINGS.c.code.startswith(self.code, autoescape=True)))
        if self.has_findings is not None:
            some = (GAMES.c.errors + GAMES.c.warnings) > 0
            c.append(some if self.has_findings else ~some)
        if self.annotated is not None:
            c.append(GAMES.c.annotated == self.annotated)
        return c


def _tag(*where: ColumnElement[bool]) -> ColumnElement[bool]:
    return exists().where(TAGS.c.game_id == GAMES.c.id, *where)


@dataclass(frozen=True)
class Page:
    rows: list[Row[Any]]
    cursor: str | None


def _owned(owner: str, filters: GameFilter) -> Select[Any]:
    return select(*LIST_COLUMNS).where(GAMES.c.owner == owner, *filters.conditions())


CURSOR_PATTERN = r"^(0|[1-9][0-9]{0,15})\.[A-Za-z0-9_-]{1,32}$"
"""A cursor: the microseconds since 1970 of the last game's creation, a dot, its id. Any text
of this form is a place in the list (the page after it), so the document can say it exactly."""
_EPOCH = datetime(1970, 1, 1)


def encode_cursor(created: datetime, game_id: str) -> str:
    return f"{(created - _EPOCH) // timedelta(microseconds=1)}.{game_id}"


def decode_cursor(cursor: str) -> tuple[datetime, str]:
    if not re.fullmatch(CURSOR_PATTERN, cursor):
        raise BadCursor(msg("the cursor is not one this service gave"), field="cursor")
    micros, game_id = cursor.split(".", 1)
    return _EPOCH + timedelta(microseconds=int(micros)), game_id


def list_games(engine: Engine, owner: str, filters: GameFilter, limit: int = 50,
               cursor: str | None = None) -> Page:
    """One page of ``owner``'s games, newest first, and the cursor of the next page."""
    query = _owned(owner, filters)
    if cursor is not None:
        created, last = decode_cursor(cursor)
        query = query.where(or_(GAMES.c.created_at < created,
                                and_(GAMES.c.created_at == created, GAMES.c.id < last)))
    query = query.order_by(GAMES.c.created_at.desc(), GAMES.c.id.desc()).limit(limit + 1)
    with reading(engine) as conn:
        rows = list(conn.execute(query))
    more = len(rows) > limit
    rows = rows[:limit]
    return Page(rows, encode_cursor(rows[-1].created_at, rows[-1].id) if more and rows else None)


def count_games(engine: Engine, owner: str, filters: GameFilter) -> int:
    query = select(func.count()).select_from(GAMES).where(GAMES.c.owner == owner, *filters.conditions())
    with reading(engine) as conn:
        return int(conn.execute(query).scalar() or 0)


def iter_games(engine: Engine, owner: str, filters: GameFilter, batch: int = 200) -> Iterator[Any]:
    """Every matching game with its ``.bel`` text, oldest first, read in batches (flat memory)."""
    after: tuple[datetime, str] | None = None
    while True:
        query = select(GAMES.c.id, GAMES.c.bel, GAMES.c.created_at).where(
            GAMES.c.owner == owner, *filters.conditions())
        if after is not None:
            query = query.where(or_(GAMES.c.created_at > after[0],
                                    and_(GAMES.c.created_at == after[0], GAMES.c.id > after[1])))
        with reading(engine) as conn:
            rows = list(conn.execute(query.order_by(GAMES.c.created_at, GAMES.c.id).limit(batch)))
        yield from rows
        if len(rows) < batch:
            return
        after = (rows[-1].created_at, rows[-1].id)


def get_game(engine: Engine, game_id: str, owner: str | None, admin: bool = False) -> Row[Any]:
    """The game ``game_id`` for a caller (``owner``; ``None``: no token). A private game is
    shown to its owner (and an admin) only; anyone else gets the same 404 as for no game."""
    with reading(engine) as conn:
        row = conn.execute(select(GAMES).where(GAMES.c.id == game_id)).first()
    if row is None or (row.private and not admin and row.owner != owner):
        raise NotFound(msg("no game with this id"))
    return row


def game_access(engine: Engine, game_id: str, owner: str | None, admin: bool = False) -> Row[Any]:
    """What deciding who reads ``game_id`` needs (``id``, ``owner``, ``private``, ``event``),
    without its text; :class:`NotFound` as :func:`get_game`."""
    query: Select[Any] = select(GAMES.c.id, GAMES.c.owner, GAMES.c.private, GAMES.c.event)
    with reading(engine) as conn:
        row = conn.execute(query.where(GAMES.c.id == game_id)).first()
    if row is None or (row.private and not admin and row.owner != owner):
        raise NotFound(msg("no game with this id"))
    return row


def rendered(engine: Engine, game_id: str, kind: str,
             render: Callable[[], tuple[str, bytes]]) -> tuple[str, bytes]:
    """The game's rendering ``kind`` (its media type and bytes): stored the first time
    ``render()`` makes it, read after (a game never changes under its id)."""
    with reading(engine) as conn:
        row = conn.execute(select(RENDERS.c.media_type, RENDERS.c.body)
                           .where(RENDERS.c.game_id == game_id, RENDERS.c.kind == kind)).first()
    if row is not None:
        return row.media_type, bytes(row.body)
    media_type, body = render()
    try:
        with writing(engine) as conn:
            conn.execute(insert(RENDERS).values(game_id=game_id, kind=kind, media_type=media_type,
                                                body=body, created_at=now()))
    except IntegrityError:  # rendered at the same time by another request (or the game deleted)
        pass
    return media_type, body


def _owner_of(conn: Connection, game_id: str, owner: str, admin: bool) -> str:
    """The owner of ``game_id`` when the caller may change it (its owner, or an admin)."""
    found = conn.execute(select(GAMES.c.owner).where(GAMES.c.id == game_id)).first()
    if found is None or (found.owner != owner and not admin):
        raise NotFound(msg("no game of yours with this id"))
    return str(found.owner)


def delete_game(engine: Engine, game_id: str, owner: str, admin: bool = False) -> None:
    """Delete ``owner``'s game (an admin: anyone's), its reviews, tags, deals and findings with
    it; :class:`NotFound` otherwise."""
    with writing(engine) as conn:
        owner = _owner_of(conn, game_id, owner, admin)
        ids = [game_id, *conn.execute(select(GAMES.c.id).where(GAMES.c.parent_id == game_id,
                                                                 GAMES.c.owner == owner)).scalars()]
        for table in (TAGS, DEALS, FINDINGS, RENDERS):
            conn.execute(delete(table).where(table.c.game_id.in_(ids)))
        conn.execute(delete(GAMES).where(GAMES.c.id.in_(ids[1:])))
        conn.execute(delete(GAMES).where(GAMES.c.id == game_id))


def set_private(engine: Engine, game_id: str, owner: str, private: bool, admin: bool = False) -> Row[Any]:
    """Make ``owner``'s game (an admin: anyone's) private or public, with its reviews (every
    version of it); the game as it is now."""
    with writing(engine) as conn:
        owner = _owner_of(conn, game_id, owner, admin)
        fingerprint, recorded = conn.execute(select(GAMES.c.fingerprint, GAMES.c.recorded)
                                             .where(GAMES.c.id == game_id)).one()
        conn.execute(update(GAMES).where(GAMES.c.owner == owner, GAMES.c.fingerprint == fingerprint,
                                         GAMES.c.recorded == recorded).values(private=private))
        query: Select[Any] = select(*LIST_COLUMNS)
        return conn.execute(query.where(GAMES.c.id == game_id)).one()


def job_row(engine: Engine, job_id: str) -> Row[Any] | None:
    with reading(engine) as conn:
        return conn.execute(select(JOBS).where(JOBS.c.id == job_id)).first()


def game_reports(engine: Engine, owner: str, ids: list[str], batch: int = 500) -> dict[str, Any]:
    """The event and stored report of each of ``owner``'s games ``ids`` (an upload's answer
    page shows their findings), by id; ids of other owners are left out."""
    out: dict[str, Any] = {}
    with engine.connect() as conn:
        for start in range(0, len(ids), batch):
            query = select(GAMES.c.id, GAMES.c.event, GAMES.c.report).where(
                GAMES.c.owner == owner, GAMES.c.id.in_(ids[start:start + batch]))
            for row in conn.execute(query):
                out[row.id] = row
    return out
