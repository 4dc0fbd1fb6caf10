"""API tokens: accounts without passwords. A token is ``bn_`` and 32 random bytes (URL-safe
base64); only its SHA-256 is stored, so a copy of the database gives no token away. Its name
is its owner: every token created with one name sees the same games.

>>> from belote_notation.service.db import make_engine
>>> from belote_notation.service.schema import METADATA
>>> engine = make_engine("sqlite://"); METADATA.create_all(engine)
>>> secret = create_token(engine, "club", "write")
>>> found = identify(engine, secret)
>>> (found.owner, found.scope, found.can("write"), found.can("admin"))
('club', 'write', True, False)
>>> identify(engine, secret + "x") is None
True
>>> [t.scope for t in list_tokens(engine, "club")], revoke_token(engine, found.token_id, "club").scope
(['write'], 'write')
>>> identify(engine, secret) is None, list_tokens(engine, "club")
(True, [])
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Engine, delete, insert, select, update
from sqlalchemy.pool import StaticPool

from belote_notation.game.lang import Listed, Message, msg, render
from belote_notation.service.db import now, reading, writing
from belote_notation.service.schema import TOKENS

__all__ = ["SCOPES", "Caller", "TokenInfo", "TokenRefused", "create_token", "identify", "list_tokens",
           "new_id", "revoke_token"]

SCOPES = ("read", "write", "admin")
"""In order: each scope may do what the ones before it may."""
PREFIX = "bn_"


def new_id() -> str:
    """An unguessable id (128 random bits, URL-safe): the ids of games and jobs."""
    return secrets.token_urlsafe(16)


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(frozen=True, slots=True)
class Caller:
    """Who sent a request: a token's owner and scope."""

    owner: str
    scope: str
    token_id: str

    def can(self, scope: str) -> bool:
        return SCOPES.index(self.scope) >= SCOPES.index(scope)


class TokenRefused(ValueError):
    """A token that cannot be made (``reason``: a message of the catalogues, ``str()`` its
    English text)."""

    def __init__(self, reason: Message) -> None:
        super().__init__(render(reason))
        self.reason = reason


def create_token(engine: Engine, owner: str, scope: str = "write", expires: timedelta | None = None) -> str:
    """A new token for ``owner`` (refused after ``expires`` from now, when given); the secret
    is returned once and never stored."""
    if scope not in SCOPES:
        raise TokenRefused(msg("unknown scope %(scope)s; one of %(scopes)s", scope=repr(scope),
                               scopes=Listed(tuple(SCOPES))))
    if not owner or len(owner) > 100 or not owner.isprintable():
        raise TokenRefused(msg("a token's name is 1 to 100 printable characters"))
    if expires is not None and expires.total_seconds() <= 0:
        raise TokenRefused(msg("a token's lifetime is more than 0"))
    secret = PREFIX + secrets.token_urlsafe(32)
    with writing(engine) as conn:
        conn.execute(insert(TOKENS).values(id=new_id(), owner=owner, scope=scope, hash=_digest(secret),
                                           created_at=now(), expires_at=now() + expires if expires else None))
    return secret


@dataclass(frozen=True, slots=True)
class TokenInfo:
    """A token as its owner sees it: never its secret."""

    id: str
    owner: str
    scope: str
    created_at: datetime
    expires_at: datetime | None
    last_used_at: datetime | None

    @property
    def expired(self) -> bool:
        return self.expires_at is not None and self.expires_at <= now()

    def to_dict(self) -> dict[str, Any]:
        def iso(moment: datetime | None) -> str | None:
            return moment.isoformat(timespec="seconds") if moment else None

        return {"id": self.id, "owner": self.owner, "scope": self.scope, "created_at": iso(self.created_at),
                "expires_at": iso(self.expires_at), "last_used_at": iso(self.last_used_at),
                "expired": self.expired}


def list_tokens(engine: Engine, owner: str | None = None) -> list[TokenInfo]:
    """The tokens of ``owner`` (``None``: everyone's), oldest first."""
    query = select(TOKENS.c.id, TOKENS.c.owner, TOKENS.c.scope, TOKENS.c.created_at, TOKENS.c.expires_at,
                   TOKENS.c.last_used_at).order_by(TOKENS.c.created_at, TOKENS.c.id)
    if owner is not None:
        query = query.where(TOKENS.c.owner == owner)
    with reading(engine) as conn:
        return [TokenInfo(*row) for row in conn.execute(query)]


def revoke_token(engine: Engine, token_id: str, owner: str | None = None) -> TokenInfo | None:
    """Delete the token ``token_id`` (or the one token whose id starts with it, 6 characters at
    least) of ``owner`` (``None``: anyone's); the token revoked, ``None`` when none matches."""
    if len(token_id) < 6:
        return None
    with writing(engine) as conn:
        query = select(TOKENS.c.id, TOKENS.c.owner, TOKENS.c.scope, TOKENS.c.created_at, TOKENS.c.expires_at,
                       TOKENS.c.last_used_at).where(TOKENS.c.id.startswith(token_id, autoescape=True))
        if owner is not None:
            query = query.where(TOKENS.c.owner == owner)
        rows = list(conn.execute(query.limit(2)))
        if len(rows) != 1:
            return None
        conn.execute(delete(TOKENS).where(TOKENS.c.id == rows[0].id))
    return TokenInfo(*rows[0])


def identify(engine: Engine, secret: str) -> Caller | None:
    """The caller holding ``secret``, or ``None`` for an unknown or expired token. Its last use
    is noted (to the minute, by a thread of its own: a request never waits for that write)."""
    if not secret.startswith(PREFIX) or len(secret) > 100:
        return None
    digest = _digest(secret)
    with reading(engine) as conn:
        row = conn.execute(select(TOKENS.c.id, TOKENS.c.owner, TOKENS.c.scope, TOKENS.c.hash,
                                  TOKENS.c.expires_at, TOKENS.c.last_used_at)
                           .where(TOKENS.c.hash == digest)).first()
    if row is None or not hmac.compare_digest(row.hash, digest):
        return None
    moment = now()
    if row.expires_at is not None and row.expires_at <= moment:
        return None
    if row.last_used_at is None or moment - row.last_used_at > LAST_USE_STEP:
        _note_use(engine, row.id, moment)
    return Caller(row.owner, row.scope, row.id)


LAST_USE_STEP = timedelta(minutes=1)
"""A token's last use is written at most this often."""
_noted: dict[str, datetime] = {}


def _note_use(engine: Engine, token_id: str, moment: datetime) -> None:
    if moment - _noted.get(token_id, datetime.min) <= LAST_USE_STEP:
        return
    if len(_noted) > 10_000:
        _noted.clear()  # only ever writes a last use again
    _noted[token_id] = moment

    def write() -> None:
        try:
            with writing(engine) as conn:
                conn.execute(update(TOKENS).where(TOKENS.c.id == token_id).values(last_used_at=moment))
        except Exception:  # noqa: BLE001 - a last use not noted is not worth a failed request
            pass

    if isinstance(engine.pool, StaticPool):  # one connection for every thread (in memory): not beside it
        write()
    else:
        threading.Thread(target=write, daemon=True, name="token-last-use").start()
