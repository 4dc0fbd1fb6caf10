"""Every error of the API is a JSON problem (RFC 9457): ``type``, ``title``, ``status``,
``detail`` and a stable ``code``, served as ``application/problem+json``. A problem whose text is
a message of the catalogues also has ``message``, that text in the language the request asked
for (``detail`` stays English: docs/languages.md).

>>> from belote_notation.game.lang import msg
>>> problem = ApiProblem(404, "not-found", msg("no game with this id"))
>>> body = problem.body("fr")
>>> body["type"], body["title"], body["status"], body["code"], body["detail"]
('https://belote-notation.org/problems/not-found', 'Not Found', 404, 'not-found', 'no game with this id')
"""

from __future__ import annotations

from http import HTTPStatus
from typing import Any

from pydantic import BaseModel, Field

from belote_notation.game.lang import Message, render

__all__ = ["MEDIA_TYPE", "ApiProblem", "BadCursor", "CpuLimit", "Invalid", "NotFound", "Problem",
           "StoreError",
           "TooManyGames", "Unreadable", "problem_of", "problem_responses"]

MEDIA_TYPE = "application/problem+json"
TYPE_BASE = "https://belote-notation.org/problems/"

CODES = {
    "bad-request": "a parameter or the body cannot be used",
    "unauthorized": "no token, or an unknown one",
    "forbidden": "the token's scope does not allow this",
    "not-found": "no such resource (or not yours)",
    "not-acceptable": "none of the media types in Accept can be served",
    "too-large": "the body or the number of games is above the limit",
    "unsupported-format": "the format of the body is not readable",
    "invalid": "a parameter is out of its bounds",
    "conflict": "a live game's act out of its turn (its number is not the next one) or the game is over",
    "rate-limited": "too many requests: retry after Retry-After seconds",
    "cpu-limit": "the checks of this body take more CPU time than a request may: send fewer games",
    "unavailable": "the database cannot be reached",
    "internal": "an unexpected error (logged)",
}
"""Every ``code`` a problem can have, with what it means (docs/service.md lists them)."""


class Problem(BaseModel):
    """An error, as RFC 9457 describes it, with the service's ``code``."""

    type: str = Field(description="A URI naming the kind of problem.")
    title: str
    status: int
    detail: str
    code: str = Field(description="A stable code: " + ", ".join(CODES))
    errors: list[dict[str, Any]] | None = Field(default=None, description="The parameters refused.")
    message: str | None = Field(default=None,
                                description="`detail` in the language asked for (`lang`, else "
                                "Accept-Language; docs/languages.md), when it is a catalogue message.")


class ApiProblem(Exception):
    """Raised anywhere in a request: answered as a problem."""

    def __init__(self, status: int, code: str, detail: str | Message, headers: dict[str, str] | None = None,
                 errors: list[dict[str, Any]] | None = None) -> None:
        text = render(detail) if isinstance(detail, Message) else detail
        super().__init__(text)
        assert code in CODES, code
        self.status, self.code, self.detail = status, code, text
        self.msg = detail if isinstance(detail, Message) else None
        self.headers = headers or {}
        self.errors = errors

    @property
    def said(self) -> Message | str:
        """The text as a message when it is one (for a page in the reader's language)."""
        return self.msg if self.msg is not None else self.detail

    def body(self, lang: str = "en") -> dict[str, Any]:
        """The problem as JSON; ``message`` in ``lang`` when its text is a message."""
        out: dict[str, Any] = {"type": TYPE_BASE + self.code, "title": HTTPStatus(self.status).phrase,
                               "status": self.status, "detail": self.detail, "code": self.code}
        if self.errors is not None:
            out["errors"] = self.errors
        if self.msg is not None:
            out["message"] = render(self.msg, lang)
        return out


def problem_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI ``responses`` of a route's problems."""
    return {status: {"model": Problem, "description": HTTPStatus(status).phrase,
                     "content": {MEDIA_TYPE: {"schema": {"$ref": "#/components/schemas/Problem"}}}}
            for status in statuses}


class StoreError(Exception):
    """An error of the store or of the games' checks, raised without HTTP in mind; the
    application answers each kind with its problem (:func:`problem_of`)."""

    status = 400
    code = "bad-request"

    def __init__(self, detail: Message, field: str | None = None) -> None:
        super().__init__(render(detail))
        self.detail, self.msg, self.field = render(detail), detail, field

    @property
    def said(self) -> Message:
        """The text as a message (for a page in the reader's language)."""
        return self.msg


class NotFound(StoreError):
    """No such game or job, or not the caller's."""

    status, code = 404, "not-found"


class Unreadable(StoreError):
    """The body cannot be read at all."""


class Invalid(StoreError):
    """A value out of its bounds (a cursor not ours, a NUL in a filter)."""

    status, code = 422, "invalid"


class BadCursor(Invalid):
    """A cursor the service did not give."""

    status = 400


class TooManyGames(StoreError):
    """More games in one request than the limit."""

    status, code = 413, "too-large"


class CpuLimit(StoreError):
    """The checks used up the CPU time of a request: the same body always will, so it is not
    worth a retry; the detail says where it stopped and what to send instead."""

    status, code = 413, "cpu-limit"


def problem_of(error: StoreError) -> ApiProblem:
    """The problem that answers ``error``."""
    errors = [{"field": error.field, "message": error.detail}] if error.field else None
    return ApiProblem(error.status, error.code, error.msg, errors=errors)
