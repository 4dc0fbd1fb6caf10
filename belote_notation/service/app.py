"""The web application of ``belote-replay serve``: API v1, the web front, health, limits and
access logs, every error a JSON problem.

>>> from fastapi.testclient import TestClient
>>> app = create_app(Settings(database_url="sqlite://"), migrate=True)
>>> with TestClient(app) as client:
...     client.get("/healthz").json(), client.get("/v1/nothing").json()["code"]
({'status': 'ok'}, 'not-found')
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from sqlalchemy import Engine, text
from starlette.exceptions import HTTPException

from belote_notation import __version__
from belote_notation.game.lang import lang_of, msg, render
from belote_notation.game.lang.pydantic_words import said_of_errors
from belote_notation.service.db import make_engine
from belote_notation.service.deps import State
from belote_notation.service.gate import Gate
from belote_notation.service.limits import RateLimiter
from belote_notation.service.models import Health, Ready
from belote_notation.service.problems import MEDIA_TYPE, ApiProblem, StoreError, problem_of, problem_responses
from belote_notation.service.settings import Settings

__all__ = ["create_app", "openapi_document"]

_CODE_OF_STATUS = {400: "bad-request", 401: "unauthorized", 403: "forbidden", 404: "not-found",
                   405: "bad-request", 406: "not-acceptable", 409: "conflict", 413: "too-large",
                   415: "unsupported-format",
                   429: "rate-limited", 503: "unavailable"}
_STARLETTE_WORDS = {404: msg("Not Found"), 405: msg("Method Not Allowed")}
"""What Starlette says itself of a path no route takes, or a method none of its routes takes, as
messages: ``detail`` keeps Starlette's English, ``message`` says it in the language asked."""


def problem_response(problem: ApiProblem, request: Request | None = None) -> JSONResponse:
    """``problem`` as JSON, its ``message`` in the language ``request`` asks for (``?lang=``, else
    ``Accept-Language``, as the reports and pages are)."""
    asked = request.query_params.get("lang") or request.headers.get("accept-language") if request else None
    lang = lang_of(asked)
    return JSONResponse(problem.body(lang), status_code=problem.status, media_type=MEDIA_TYPE,
                        headers=problem.headers)


def create_app(settings: Settings | None = None, engine: Engine | None = None,
               migrate: bool = False) -> FastAPI:
    """The application over ``settings``' database (checked to be migrated at start-up;
    ``migrate`` applies the migrations instead: for tests and an embedded SQLite file)."""
    settings = settings or Settings.load()
    engine = engine or make_engine(settings.database_url)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        from belote_notation.service.migrate import check_current, upgrade

        if migrate:
            if settings.database_url in ("sqlite://", "sqlite:///:memory:"):
                from belote_notation.service.schema import METADATA

                METADATA.create_all(engine)
            else:
                upgrade(settings.database_url)
        else:
            check_current(settings.database_url)
        yield
        engine.dispose()

    app = FastAPI(title="belote-replay serve", version=__version__, lifespan=lifespan, docs_url=None,
                  redoc_url=None, openapi_url="/v1/openapi.json",
                  description="Validation as a service, a store of games, replay links and review jobs "
                              "(docs/service.md). Every error is a JSON problem (RFC 9457) with a `code`.",
                  responses=problem_responses(500), generate_unique_id_function=_operation_id)
    _document(app)
    app.state.service = State(settings, engine, RateLimiter(settings.rate_per_minute))
    _handlers(app)
    app.add_middleware(Gate, settings=settings)
    _health(app, engine)
    from belote_notation.service import (
        events,
        routes_games,
        routes_jobs,
        routes_live,
        routes_validate,
        routes_webhooks,
        web,
        web_live,
        web_record,
    )

    # web_record before web_live: /web/live/new is no game's id
    for module in (routes_validate, routes_games, routes_jobs, events, routes_webhooks, routes_live,
                   web_record, web_live, web):
        app.include_router(module.router)
    return app


def _operation_id(route: APIRoute) -> str:
    """A route's ``operationId`` when it names none: its function's name in camelCase."""
    head, *rest = route.name.split("_")
    return head + "".join(word.capitalize() for word in rest)


def _document(app: FastAPI) -> None:
    """The OpenAPI document completed once (:func:`~belote_notation.service.openapi.complete`)."""
    from belote_notation.service.openapi import complete

    generate = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = complete(generate())
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


def _handlers(app: FastAPI) -> None:
    @app.exception_handler(ApiProblem)
    async def api_problem(request: Request, exc: ApiProblem) -> JSONResponse:
        return problem_response(exc, request)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        fields = [(".".join(str(p) for p in e.get("loc", ())), e) for e in exc.errors()]
        errors = [{"field": field, "message": e.get("msg", "")} for field, e in fields]
        return problem_response(ApiProblem(422, "invalid", said_of_errors(fields), errors=errors), request)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        code = _CODE_OF_STATUS.get(exc.status_code, "bad-request")
        headers = dict(exc.headers or {})
        if exc.status_code == 405:
            headers["Allow"] = ", ".join(_allowed(app, request))
        said = _STARLETTE_WORDS.get(exc.status_code)
        detail = said if said is not None and render(said) == str(exc.detail) else str(exc.detail)
        return problem_response(ApiProblem(exc.status_code, code, detail, headers), request)

    @app.exception_handler(StoreError)
    async def store_error(request: Request, exc: StoreError) -> JSONResponse:
        return problem_response(problem_of(exc), request)


def _allowed(app: FastAPI, request: Request) -> list[str]:
    """Every method some route of the path takes, asked of the routes themselves (Starlette
    names only the first route's, and a router included by FastAPI names none)."""
    from starlette.routing import Match

    return [method for method in _METHODS
            if any(route.matches({**request.scope, "method": method})[0] is Match.FULL
                   for route in app.router.routes)]


_METHODS = ("DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT")
"""The methods a 405's ``Allow`` may name, in its order."""


def _health(app: FastAPI, engine: Engine) -> None:
    @app.get("/healthz", tags=["operations"], summary="The process is up", operation_id="getHealth",
             response_model=Health)
    def healthz() -> dict[str, str]:
        return {"status": "ok"}

    @app.get("/readyz", tags=["operations"], summary="The database answers", operation_id="getReadiness",
             response_model=Ready, responses=problem_responses(503))
    def readyz() -> dict[str, str]:
        try:
            with engine.connect() as conn:
                conn.execute(text("SELECT 1"))
        except Exception:
            raise ApiProblem(503, "unavailable", msg("the database cannot be reached"),
                             {"Retry-After": "5"}) from None
        return {"status": "ready"}


def openapi_document() -> dict[str, Any]:
    """The OpenAPI document of the default application (what ``openapi.json`` ships)."""
    app = create_app(Settings(database_url="sqlite://"))
    document: dict[str, Any] = app.openapi()
    return document
