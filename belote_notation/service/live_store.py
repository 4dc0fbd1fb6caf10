"""The rows of live games: a game opened, its acts written (several tables' acts in one
transaction: a group commit), undone, its end stored as an uploaded game, an idle game closed.

Every act a live game accepts is in ``live_acts`` before it is acknowledged; the key
``(live_id, seq)`` keeps two writers from both taking one number (a second web process, a
client that sent twice). ``service/live.py`` holds the games in memory over these rows.

>>> from belote_notation.service.db import make_engine
>>> from belote_notation.service.schema import METADATA
>>> engine = make_engine("sqlite://"); METADATA.create_all(engine)
>>> opened = open_live(engine, "club", "classic", {"Event": "Final"}, private=False, show_hands=False,
...                    per_owner=2, idle=60)
>>> write_acts(engine, [Append(opened.id, 1, '{"act": "deal"}')])
>>> row = live_row(engine, opened.id)
>>> row.state, row.seq, [seq for seq, _ in acts_of(engine, opened.id)]
('playing', 1, [1])
>>> table_of(engine, opened.token) == opened.id
True
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from sqlalchemy import Engine, Row, and_, delete, func, insert, select, update

from belote_notation.game.lang import msg_n
from belote_notation.service.db import now, writing
from belote_notation.service.problems import ApiProblem
from belote_notation.service.schema import LIVE_ACTS, LIVE_GAMES
from belote_notation.service.tokens import new_id

__all__ = ["PLAYING", "Append", "Opened", "Undo", "acts_of", "close_idle", "finish", "live_row", "open_live",
           "relaxed", "table_of", "write_acts"]

PLAYING, FINISHED, CLOSED = "playing", "finished", "closed"
TABLE_PREFIX = "bt_"
"""A table's write token: it plays one live game and nothing else."""


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(frozen=True, slots=True)
class Opened:
    id: str
    token: str


@dataclass(frozen=True, slots=True)
class Append:
    """An accepted act to write: its game, number and JSON."""

    live_id: str
    seq: int
    act: str


@dataclass(frozen=True, slots=True)
class Undo:
    """The last act of a game taken back: its row deleted."""

    live_id: str
    seq: int


def open_live(engine: Engine, owner: str, rules: str, tags: dict[str, str], private: bool, show_hands: bool,
              per_owner: int, idle: float, options: dict[str, str] | None = None) -> Opened:
    """A new live game of ``owner`` and its table token (returned once, stored hashed); 429 when
    the owner already has ``per_owner`` games in progress (an idle one is closed first)."""
    secret = TABLE_PREFIX + secrets.token_urlsafe(32)
    moment = now()
    with writing(engine) as conn:
        conn.execute(update(LIVE_GAMES).where(
            LIVE_GAMES.c.owner == owner, LIVE_GAMES.c.state == PLAYING,
            LIVE_GAMES.c.updated_at < moment - timedelta(seconds=idle)).values(state=CLOSED))
        playing = conn.execute(select(func.count()).select_from(LIVE_GAMES).where(
            LIVE_GAMES.c.owner == owner, LIVE_GAMES.c.state == PLAYING)).scalar_one()
        if per_owner > 0 and playing >= per_owner:
            # English keeps its one form (as before); the catalogues count by their own rule
            busy = msg_n("%(games)s live games in progress: the most an account may hold at once; finish one "
                         "or let it close",
                         "%(games)s live games in progress: the most an account may hold at once; finish one "
                         "or let it close", "games", games=playing)
            raise ApiProblem(429, "rate-limited", busy, {"Retry-After": "60"})
        live_id = new_id()
        conn.execute(insert(LIVE_GAMES).values(
            id=live_id, owner=owner, token_hash=_digest(secret), rules=rules, tags=json.dumps(tags),
            options=json.dumps(options or {}),
            private=private, show_hands=show_hands, state=PLAYING, seq=0, game_id=None, created_at=moment,
            updated_at=moment))
    return Opened(live_id, secret)


def live_row(engine: Engine, live_id: str) -> Row[Any] | None:
    with engine.connect() as conn:  # not the request's: a stream would hold it
        return conn.execute(select(LIVE_GAMES).where(LIVE_GAMES.c.id == live_id)).first()


def table_of(engine: Engine, secret: str) -> str | None:
    """The live game a table token plays, ``None`` for no such token."""
    if not secret.startswith(TABLE_PREFIX) or len(secret) > 100:
        return None
    with engine.connect() as conn:  # not the request's: a stream would hold it
        found: str | None = conn.execute(select(LIVE_GAMES.c.id).where(
            LIVE_GAMES.c.token_hash == _digest(secret))).scalar()
    return found


def acts_of(engine: Engine, live_id: str) -> list[tuple[int, dict[str, Any]]]:
    """The acts of a game as written, in order."""
    with engine.connect() as conn:  # not the request's: a stream would hold it
        rows = conn.execute(select(LIVE_ACTS.c.seq, LIVE_ACTS.c.act).where(LIVE_ACTS.c.live_id == live_id)
                            .order_by(LIVE_ACTS.c.seq))
        return [(seq, json.loads(act)) for seq, act in rows]


def relaxed(engine: Engine) -> Engine:
    """An engine over ``engine``'s database whose commits do not wait for the disk's sync (the
    setting ``live_sync=normal``); ``engine`` itself for an in-memory database (one connection)."""
    from sqlalchemy import event
    from sqlalchemy.pool import StaticPool

    from belote_notation.service.db import make_engine

    if isinstance(engine.pool, StaticPool):
        return engine
    other = make_engine(engine.url.render_as_string(hide_password=False))
    statement = ("PRAGMA synchronous=NORMAL" if engine.dialect.name == "sqlite"
                 else "SET synchronous_commit TO off")

    def relax(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute(statement)
        cursor.close()
        if engine.dialect.name != "sqlite":
            dbapi_connection.commit()

    event.listen(other, "connect", relax)  # after make_engine's own pragmas: this one wins
    return other


def write_acts(engine: Engine, changes: list[Append | Undo]) -> None:
    """Every change in one transaction (all or none): the acts inserted, the undone deleted,
    each game's number and time of its last act. A number taken twice raises ``IntegrityError``."""
    moment = now()
    last: dict[str, int] = {}
    with writing(engine) as conn:
        appended = [{"live_id": c.live_id, "seq": c.seq, "act": c.act, "created_at": moment}
                    for c in changes if isinstance(c, Append)]
        for change in changes:
            if isinstance(change, Undo):
                if appended:  # an undo after appends of the same batch: those first
                    conn.execute(insert(LIVE_ACTS), appended)
                    appended = []
                conn.execute(delete(LIVE_ACTS).where(LIVE_ACTS.c.live_id == change.live_id,
                                                     LIVE_ACTS.c.seq == change.seq))
                last[change.live_id] = change.seq - 1
            else:
                last[change.live_id] = change.seq
        if appended:
            conn.execute(insert(LIVE_ACTS), appended)
        for live_id, seq in last.items():
            conn.execute(update(LIVE_GAMES).where(LIVE_GAMES.c.id == live_id)
                         .values(seq=seq, updated_at=moment))


def finish(engine: Engine, live_id: str, owner: str, private: bool, text: str) -> str | None:
    """Store the finished game's record as an upload of it is stored (the same checks, the same
    fingerprint: a later upload of the same game is its duplicate); the stored game's id."""
    from belote_notation.service.ingest import read_upload, store_upload

    result = store_upload(engine, owner, read_upload(text.encode("utf-8"), f"live-{live_id}.bel"), private)
    refs = result.imported or result.duplicates
    game_id = refs[0].id if refs else None
    with writing(engine) as conn:
        conn.execute(update(LIVE_GAMES).where(LIVE_GAMES.c.id == live_id).values(
            state=FINISHED, game_id=game_id, updated_at=now()))
    return game_id


def close_idle(engine: Engine, idle: float) -> list[str]:
    """Close the games without an act for ``idle`` seconds; their ids."""
    limit = now() - timedelta(seconds=idle)
    stale = and_(LIVE_GAMES.c.state == PLAYING, LIVE_GAMES.c.updated_at < limit)
    with writing(engine) as conn:
        ids = [row.id for row in conn.execute(select(LIVE_GAMES.c.id).where(stale))]
        if ids:
            conn.execute(update(LIVE_GAMES).where(LIVE_GAMES.c.id.in_(ids)).values(state=CLOSED))
    return ids
