"""The gate every HTTP request passes (a plain ASGI middleware, the cheapest kind): the rate
limits and their headers, one database connection for the request's reads, ``HEAD`` answered
as ``GET`` without the body, a body that stops arriving timed out, an unexpected error answered
500 on a connection kept open, the security headers, and one access-log line per request.

>>> gate = Gate(None, Settings(rate_per_minute=0))
>>> gate.expensive("/v1/games/abc/replay"), gate.expensive("/v1/games/count")
(True, False)
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import re
import time
from typing import Any

from belote_notation.game.lang import Message as LangMessage
from belote_notation.game.lang import lang_of, msg, render
from belote_notation.service.db import request_session
from belote_notation.service.limits import RateLimiter
from belote_notation.service.problems import MEDIA_TYPE, ApiProblem
from belote_notation.service.settings import Settings

__all__ = ["EXPENSIVE", "Gate"]

access_log = logging.getLogger("belote_notation.service.access")
error_log = logging.getLogger("belote_notation.service")
UNLIMITED = frozenset({"/healthz", "/readyz"})
EXPENSIVE = re.compile(r"/v1/games/(export|[^/]+/(replay|report|deals/[^/]+\.svg))")
"""The routes that render (a replay page, a report, a diagram, an export): their own lower limit."""
NO_FRAMES = "frame-ancestors 'none'"
Scope = dict[str, Any]
Message = dict[str, Any]


class BodyTimeout(Exception):
    """No byte of the body arrived for ``body_timeout`` seconds (``said``: how long, as a message)."""

    def __init__(self, said: LangMessage) -> None:
        super().__init__(render(said))
        self.said = said


class Gate:
    """The ASGI middleware in front of the application (``app.add_middleware(Gate, settings=...)``)."""

    def __init__(self, app: Any, settings: Settings) -> None:
        self.app, self.settings = app, settings
        self.limiter = RateLimiter(settings.rate_per_minute)
        self.costly_per_minute = settings.expensive_rate_per_minute if settings.rate_per_minute > 0 else 0
        """``rate_per_minute`` 0 turns every limit off (a proxy's limit in front)."""
        self.costly = RateLimiter(self.costly_per_minute)

    @staticmethod
    def expensive(path: str) -> bool:
        return EXPENSIVE.fullmatch(path) is not None

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        head = scope["method"] == "HEAD"
        if head:
            scope = {**scope, "method": "GET"}
        sent: dict[str, Any] = {"status": None, "length": None}

        async def send_out(message: Message) -> None:
            if message["type"] == "http.response.start":
                sent["status"] = message["status"]
                headers = _secured(message.get("headers", []), sent.pop("extra", []))
                sent["length"] = next((v.decode() for k, v in headers if k == b"content-length"), None)
                message = {**message, "headers": headers}
            elif head and message["type"] == "http.response.body":
                if message.get("more_body"):
                    return
                message = {"type": "http.response.body", "body": b"", "more_body": False}
            await send(message)

        try:
            problem, sent["extra"] = self._refusal(scope)
            if problem is not None:
                await _problem(send_out, problem, scope)
            else:
                with request_session():  # one connection for the request's reads
                    await self.app(scope, self._timed(receive), send_out)
        except Exception as exc:  # noqa: BLE001 - every error is answered, the connection kept
            if sent["status"] is not None:
                error_log.exception("error after the answer began: %s %s", scope["method"], scope["path"])
                raise
            await _problem(send_out, _problem_of(exc), scope)
        finally:
            if self.settings.access_log:
                client = scope.get("client")
                access_log.info(json.dumps({
                    "method": "HEAD" if head else scope["method"], "path": scope["path"],
                    "status": sent["status"], "ms": round((time.perf_counter() - started) * 1000, 1),
                    "client": client[0] if client else None, "length": sent["length"]}))

    def _refusal(self, scope: Scope) -> tuple[ApiProblem | None, list[tuple[bytes, bytes]]]:
        """The problem that refuses the request before any route, and the rate-limit headers."""
        path = scope["path"]
        if path in UNLIMITED:
            return None, []
        keys = _rate_keys(scope)
        problem, headers = self._limit(self.limiter, keys, "default", self.settings.rate_per_minute)
        if problem is None and self.expensive(path):
            problem, headers = self._limit(self.costly, [f"costly:{k}" for k in keys], "render",
                                           self.costly_per_minute)
        return problem, headers

    @staticmethod
    def _limit(limiter: RateLimiter, keys: list[str], policy: str,
               per_minute: int) -> tuple[ApiProblem | None, list[tuple[bytes, bytes]]]:
        if per_minute <= 0:
            return None, []
        taken = [limiter.take(key) for key in keys]
        wait = max(t[0] for t in taken)
        remaining = min(t[1] for t in taken)
        reset = max(t[2] for t in taken)
        headers = [(b"ratelimit-policy", f'"{policy}";q={per_minute};w=60'.encode()),
                   (b"ratelimit", f'"{policy}";r={remaining};t={max(0, round(reset))}'.encode())]
        if not wait:
            return None, headers
        retry = str(max(1, round(wait + 0.5)))
        said = (msg("more than %(n)s requests a minute to the routes that render", n=per_minute)
                if policy == "render" else msg("more than %(n)s requests a minute", n=per_minute))
        return ApiProblem(429, "rate-limited", said, {"Retry-After": retry}), headers

    def _timed(self, receive: Any) -> Any:
        """``receive`` with a timeout while the body arrives (not after: a stream waits on it)."""
        timeout = self.settings.body_timeout
        done = False

        async def timed() -> Message:
            nonlocal done
            if done or timeout <= 0:
                message: Message = await receive()
                return message
            try:
                message = await asyncio.wait_for(receive(), timeout)
            except asyncio.TimeoutError:
                said = msg("no byte of the body for %(seconds)s s", seconds=format(timeout, "g"))
                raise BodyTimeout(said) from None
            done = message["type"] != "http.request" or not message.get("more_body", False)
            return message

        return timed


def _rate_keys(scope: Scope) -> list[str]:
    client = scope.get("client")
    keys = [f"address:{client[0] if client else '-'}"]
    for name, value in scope.get("headers", []):
        if name == b"authorization":
            keys.append("token:" + hashlib.sha256(value).hexdigest()[:24])
            break
    return keys


def _secured(headers: Any, extra: list[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
    """The answer's headers, with ``nosniff``, no framing (``frame-ancestors 'none'`` added to
    any Content-Security-Policy, or one of its own) and the rate-limit headers."""
    out: list[tuple[bytes, bytes]] = []
    policy = sniff = frame = False
    for name, value in headers:
        name = name.lower()
        if name == b"content-security-policy":
            policy = True
            if b"frame-ancestors" not in value:
                value = value.rstrip(b"; ") + b"; " + NO_FRAMES.encode()
        sniff = sniff or name == b"x-content-type-options"
        frame = frame or name == b"x-frame-options"
        out.append((name, value))
    if not policy:
        out.append((b"content-security-policy", NO_FRAMES.encode()))
    if not sniff:
        out.append((b"x-content-type-options", b"nosniff"))
    if not frame:
        out.append((b"x-frame-options", b"DENY"))
    return out + extra


def _problem_of(exc: Exception) -> ApiProblem:
    from sqlalchemy.exc import OperationalError

    if isinstance(exc, BodyTimeout):
        return ApiProblem(408, "bad-request", exc.said, {"Connection": "close"})
    if isinstance(exc, OperationalError):
        error_log.warning("database unavailable: %s", exc)
        return ApiProblem(503, "unavailable", msg("the database cannot be reached; retry"),
                          {"Retry-After": "5"})
    error_log.exception("internal error", exc_info=exc)
    return ApiProblem(500, "internal", msg("an internal error; it was logged"))


def _lang_of(scope: Scope) -> str:
    """The language a request asks for: ``?lang=``, else ``Accept-Language`` (as the routes' is)."""
    from urllib.parse import parse_qs

    asked = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("lang")
    header = next((v.decode("latin-1") for k, v in scope.get("headers", []) if k == b"accept-language"), None)
    return lang_of(asked[0] if asked else header)


async def _problem(send: Any, problem: ApiProblem, scope: Scope) -> None:
    body = json.dumps(problem.body(_lang_of(scope))).encode()
    headers = [(b"content-type", MEDIA_TYPE.encode()), (b"content-length", str(len(body)).encode())]
    headers += [(k.lower().encode(), v.encode()) for k, v in problem.headers.items()]
    await send({"type": "http.response.start", "status": problem.status, "headers": headers})
    await send({"type": "http.response.body", "body": body, "more_body": False})
