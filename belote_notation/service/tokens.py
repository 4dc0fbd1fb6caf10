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
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass

from sqlalchemy import Engine, insert, select

from belote_notation.service.db import now, writing
from belote_notation.service.schema import TOKENS

__all__ = ["SCOPES", "Caller", "create_token", "identify", "new_id"]

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


def create_token(engine: Engine, owner: str, scope: str = "write") -> str:
    """A new token for ``owner``; the secret is returned once and never stored."""
    if scope not in SCOPES:
        raise ValueError(f"unknown scope {scope!r}; one of {', '.join(SCOPES)}")
    if not owner or len(owner) > 100 or not owner.isprintable():
        raise ValueError("a token's name is 1 to 100 printable characters")
    secret = PREFIX + secrets.token_urlsafe(32)
    with writing(engine) as conn:
        conn.execute(insert(TOKENS).values(id=new_id(), owner=owner, scope=scope, hash=_digest(secret),
                                           created_at=now()))
    return secret


def identify(engine: Engine, secret: str) -> Caller | None:
    """The caller holding ``secret``, or ``None`` for an unknown token."""
    if not secret.startswith(PREFIX) or len(secret) > 100:
        return None
    digest = _digest(secret)
    with engine.connect() as conn:
        row = conn.execute(select(TOKENS.c.id, TOKENS.c.owner, TOKENS.c.scope, TOKENS.c.hash)
                           .where(TOKENS.c.hash == digest)).first()
    if row is None or not hmac.compare_digest(row.hash, digest):
        return None
    return Caller(row.owner, row.scope, row.id)
