"""What the routes share: the service's state, the caller behind the token, the body read."""

from __future__ import annotations

from dataclasses import dataclass
from typing import IO

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from sqlalchemy import Engine

from belote_notation.game.lang import msg
from belote_notation.service.limits import RateLimiter, spool_body
from belote_notation.service.problems import ApiProblem
from belote_notation.service.settings import Settings
from belote_notation.service.tokens import Caller, identify

__all__ = ["State", "body_of", "optional_caller", "reader", "state_of", "writer"]

BEARER = HTTPBearer(auto_error=False, scheme_name="token",
                    description="A token of `belote-replay serve token create NAME`.")


@dataclass
class State:
    settings: Settings
    engine: Engine
    limiter: RateLimiter


def state_of(request: Request) -> State:
    state: State = request.app.state.service
    return state


def optional_caller(request: Request,
                    credentials: HTTPAuthorizationCredentials | None = Depends(BEARER)) -> Caller | None:
    """The token's caller; ``None`` without a token; 401 for a token that is not one of ours."""
    if credentials is None:
        if request.headers.get("authorization"):
            raise ApiProblem(401, "unauthorized", msg("send the token as `Authorization: Bearer <token>`"),
                             {"WWW-Authenticate": "Bearer"})
        return None
    found = identify(state_of(request).engine, credentials.credentials)
    if found is None:
        raise ApiProblem(401, "unauthorized", msg("unknown token"), {"WWW-Authenticate": "Bearer"})
    return found


def _needs(scope: str, caller: Caller | None) -> Caller:
    if caller is None:
        raise ApiProblem(401, "unauthorized", msg("this needs a token with the %(scope)s scope", scope=scope),
                         {"WWW-Authenticate": "Bearer"})
    if not caller.can(scope):
        raise ApiProblem(403, "forbidden", msg("this token's scope is %(has)s; this needs %(needs)s",
                                                  has=caller.scope, needs=scope))
    return caller


def reader(caller: Caller | None = Depends(optional_caller)) -> Caller:
    """A caller with at least the read scope."""
    return _needs("read", caller)


def writer(caller: Caller | None = Depends(optional_caller)) -> Caller:
    """A caller with at least the write scope."""
    return _needs("write", caller)


async def body_of(request: Request) -> IO[bytes]:
    """The request body in a spool, refused with 413 above the limit (``Content-Length`` first)."""
    limit = state_of(request).settings.max_body
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise ApiProblem(413, "too-large", msg("the body is larger than %(limit)s bytes", limit=limit))
    return await spool_body(request.stream(), limit)
