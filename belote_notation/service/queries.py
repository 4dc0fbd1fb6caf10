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
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import ColumnElement, Engine, Row, Select, and_, delete, exists, func, or_, select

from belote_notation.service.problems import ApiProblem
from belote_notation.service.schema import DEALS, FINDINGS, GAMES, JOBS, TAGS

__all__ = ["GameFilter", "Page", "count_games", "delete_game", "game_reports", "get_game", "iter_games",
           "list_games"]

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
        raise ApiProblem(400, "invalid", "the cursor is not one this service gave")
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
    with engine.connect() as conn:
        rows = list(conn.execute(query))
    more = len(rows) > limit
    rows = rows[:limit]
    return Page(rows, encode_cursor(rows[-1].created_at, rows[-1].id) if more and rows else None)


def count_games(engine: Engine, owner: str, filters: GameFilter) -> int:
    query = select(func.count()).select_from(GAMES).where(GAMES.c.owner == owner, *filters.conditions())
    with engine.connect() as conn:
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
        with engine.connect() as conn:
            rows = list(conn.execute(query.order_by(GAMES.c.created_at, GAMES.c.id).limit(batch)))
        yield from rows
        if len(rows) < batch:
            return
        after = (rows[-1].created_at, rows[-1].id)


def get_game(engine: Engine, game_id: str, owner: str | None, admin: bool = False) -> Row[Any]:
    """The game ``game_id`` for a caller (``owner``; ``None``: no token). A private game is
    shown to its owner (and an admin) only; anyone else gets the same 404 as for no game."""
    with engine.connect() as conn:
        row = conn.execute(select(GAMES).where(GAMES.c.id == game_id)).first()
    if row is None or (row.private and not admin and row.owner != owner):
        raise ApiProblem(404, "not-found", "no game with this id")
    return row


def delete_game(engine: Engine, game_id: str, owner: str) -> None:
    """Delete ``owner``'s game (its reviews, tags, deals and findings with it); 404 otherwise."""
    with engine.begin() as conn:
        ids = [game_id, *conn.execute(select(GAMES.c.id).where(GAMES.c.parent_id == game_id,
                                                                 GAMES.c.owner == owner)).scalars()]
        found = conn.execute(select(GAMES.c.id).where(GAMES.c.id == game_id, GAMES.c.owner == owner)).first()
        if found is None:
            raise ApiProblem(404, "not-found", "no game of yours with this id")
        for table in (TAGS, DEALS, FINDINGS):
            conn.execute(delete(table).where(table.c.game_id.in_(ids)))
        conn.execute(delete(GAMES).where(GAMES.c.id.in_(ids[1:])))
        conn.execute(delete(GAMES).where(GAMES.c.id == game_id))


def job_row(engine: Engine, job_id: str) -> Row[Any] | None:
    with engine.connect() as conn:
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
