"""The store of games: upload, list with filters and a cursor, count, export, one game in each
form (``.bel``, JSON twin, events), its report, its replay page and diagrams, deletion."""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterator
from typing import IO, Annotated, Any, Literal

from fastapi import APIRouter, Depends, Path, Query, Request, Response
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse, StreamingResponse
from pydantic import BaseModel, Field
from sqlalchemy import Row

from belote_notation import __version__
from belote_notation.check.report import translated_report
from belote_notation.formats.registry import get_format
from belote_notation.game.lang import Listed, msg
from belote_notation.game.lang.render import lang_of
from belote_notation.pipeline.records import iter_replays
from belote_notation.render.page import content_policy, viewer_script, write_page
from belote_notation.render.svg import DiagramError, deal_svg
from belote_notation.service.deps import body_of, optional_caller, reader, state_of, writer
from belote_notation.service.ingest import read_upload, store_upload
from belote_notation.service.jobs import enqueue
from belote_notation.service.limits import CpuBudget
from belote_notation.service.models import (
    GAMES_REF,
    REPORT_REF,
    TEXT_PATTERN,
    WEBHOOK_URL,
    Count,
    GameSummary,
    JobAccepted,
    Page,
    UploadResult,
)
from belote_notation.service.openapi import OPTIONAL_TOKEN, game_links, job_links
from belote_notation.service.problems import ApiProblem, problem_responses
from belote_notation.service.queries import (
    CURSOR_PATTERN,
    GameFilter,
    count_games,
    delete_game,
    game_access,
    get_game,
    iter_games,
    list_games,
    rendered,
    set_private,
)
from belote_notation.service.routes_validate import BODY, FORMAT, OPTION, RULES, config_of
from belote_notation.service.tokens import Caller
from belote_notation.service.validation import input_format
from belote_notation.service.webhooks import checked_webhook, register
from belote_notation.service.work import records_of_text

__all__ = ["PAGE_MAX", "GameId", "game_filter", "router"]

router = APIRouter(tags=["games"])
PAGE_MAX = 200
GAME_TYPES = {"text/x-bel": "bel", "text/plain": "bel", "application/json": "json",
              "application/x-ndjson": "events", "application/vnd.belote.events+jsonl": "events"}
MEDIA = {"bel": "text/x-bel; charset=utf-8", "json": "application/json", "jsonl": "application/x-ndjson",
         "events": "application/x-ndjson"}
PAGE_HEADERS = {"Content-Security-Policy": content_policy(viewer_script()) + "; frame-ancestors 'none'",
                "X-Frame-Options": "DENY", "X-Content-Type-Options": "nosniff",
                "Referrer-Policy": "no-referrer"}
"""The replay page's own policy (its one script allowed by hash), sent as a header too, and no
framing by another page (``frame-ancestors`` works in a header only, not in the page's meta)."""
GameId = Annotated[str, Path(min_length=1, max_length=32, pattern="^[A-Za-z0-9_-]+$")]
"""An id of a game or a job (URL-safe)."""
TAG: dict[str, Any] = {"items": {"type": "string", "pattern": r"^[^=\x00-\x1f\x7f]+=[^\x00-\x1f\x7f]*$"}}


def game_filter(player: str | None = Query(None, max_length=200, pattern=TEXT_PATTERN),
                team: str | None = Query(None, max_length=200, pattern=TEXT_PATTERN),
                rules: str | None = Query(None, max_length=40, pattern=TEXT_PATTERN),
                date_from: str | None = Query(None, pattern=r"^\d{4}[.-]\d{2}[.-]\d{2}$"),
                date_to: str | None = Query(None, pattern=r"^\d{4}[.-]\d{2}[.-]\d{2}$"),
                result: str | None = Query(None, max_length=16, pattern=TEXT_PATTERN),
                taker: Literal["N", "E", "S", "W"] | None = None,
                trump: str | None = Query(None, max_length=16, pattern=TEXT_PATTERN),
                contract: str | None = Query(None, max_length=16, pattern=TEXT_PATTERN),
                code: str | None = Query(None, pattern="^BEL[0-9]{0,3}$", description="A code or a prefix"),
                has_findings: bool | None = None, annotated: bool | None = None,
                tag: list[str] = Query([], max_length=20, description="NAME=VALUE", json_schema_extra=TAG)
                ) -> GameFilter:
    """The filters of ``GET /v1/games``, ``/count`` and ``/export``."""
    tags = []
    for item in tag:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise ApiProblem(400, "bad-request", msg("tag %(tag)s: write NAME=VALUE", tag=repr(item)),
                             errors=[{"field": "tag"}])
        tags.append((name, value))
    return GameFilter(player, team, rules, date_from, date_to, result, taker, trump, contract, code,
                      has_findings, annotated, tuple(tags))


def summary(row: Row[Any], base: str = "") -> dict[str, Any]:
    return {"id": row.id, "url": f"{base}/v1/games/{row.id}", "replay": f"{base}/v1/games/{row.id}/replay",
            "fingerprint": row.fingerprint, "version": row.version, "parent": row.parent_id,
            "annotated": bool(row.annotated), "private": bool(row.private), "format": row.source_format,
            "event": row.event, "date": row.date, "rules": row.rules, "result": row.result,
            "winner": row.winner, "deals": row.deal_count,
            "findings": {"errors": row.errors, "warnings": row.warnings, "infos": row.infos},
            "created_at": row.created_at.isoformat()}


@router.post("/v1/games", openapi_extra=BODY, summary="Store a file of games", operation_id="uploadGames",
             response_model=UploadResult,
             responses={200: {"description": "What became of each game: imported, duplicates, rejected",
                              "links": {**game_links("/imported/0/id", "Imported"),
                                        **game_links("/duplicates/0/id", "Duplicate")}},
                        202: {"description": "A large file: an import job (GET its url)",
                              "model": JobAccepted, "links": job_links()},
                        **problem_responses(400, 401, 403, 413, 415, 422, 429, 503)})
async def upload(request: Request, caller: Caller = Depends(writer), body: IO[bytes] = Depends(body_of),
                 format: str | None = Query(None, max_length=40, json_schema_extra=FORMAT),
                 name: str = Query("upload", max_length=200),
                 rules: str | None = Query(None, max_length=40, json_schema_extra=RULES),
                 option: list[str] = Query([], max_length=40, json_schema_extra=OPTION),
                 private: bool = False,
                 webhook: str | None = Query(None, max_length=2000, pattern=WEBHOOK_URL,
                                             description="When the file becomes a "
                                             "job: a URL its end is pushed to (docs/service.md, Webhooks)")
                 ) -> JSONResponse:
    """Each game of the body stored once for the caller (by its fingerprint), checked."""
    state = state_of(request)
    try:
        fmt = input_format(request.headers.get("content-type"), format)
        config = config_of(rules, option)
        hook = checked_webhook(webhook, state.settings)
        size = body.seek(0, io.SEEK_END)
        body.seek(0)
        if size > state.settings.job_threshold:
            payload = {"name": name, "format": fmt.name if fmt else None, "rules": rules,
                       "options": [o.split("=", 1) for o in option], "private": private,
                       "max_games": state.settings.max_games, "cpu_seconds": state.settings.cpu_seconds}
            data = body.read()
            job_id = await run_in_threadpool(enqueue, state.engine, caller.owner, "import", payload, data)
            created = None if hook is None else await run_in_threadpool(
                register, state.engine, caller.owner, hook, state.settings, caller.token_id, job_id)
            return JSONResponse({"job": job_id, "url": f"/v1/jobs/{job_id}", "state": "queued",
                                 "webhook": created},
                                status_code=202,
                                headers={"Location": f"/v1/jobs/{job_id}"})

        def work() -> dict[str, Any]:
            budget = CpuBudget(state.settings.cpu_seconds)
            games = read_upload(body, name, fmt, config, state.settings.max_games, budget)
            return store_upload(state.engine, caller.owner, games, private).to_dict(state.settings.base_url)

        return JSONResponse(await run_in_threadpool(work))
    finally:
        body.close()


@router.get("/v1/games", summary="The caller's games", operation_id="listGames", response_model=Page,
            responses={200: {"description": "A page of games", "links": game_links("/games/0/id", "First")},
                       **problem_responses(400, 401, 403, 422, 429)})
def games(request: Request, caller: Caller = Depends(reader), filters: GameFilter = Depends(game_filter),
          limit: int = Query(50, ge=1, le=PAGE_MAX),
          cursor: str | None = Query(None, max_length=60, pattern=CURSOR_PATTERN)) -> dict[str, Any]:
    """A page of the caller's games, newest first; ``next`` is the cursor of the next page."""
    limit = min(limit, state_of(request).settings.page_max)
    page = list_games(state_of(request).engine, caller.owner, filters, limit, cursor)
    base = state_of(request).settings.base_url
    return {"games": [summary(r, base) for r in page.rows], "next": page.cursor}


@router.get("/v1/games/count", summary="How many of the caller's games match", operation_id="countGames",
            response_model=Count,
            responses=problem_responses(400, 401, 403, 422, 429))
def count(request: Request, caller: Caller = Depends(reader),
          filters: GameFilter = Depends(game_filter)) -> dict[str, int]:
    return {"count": count_games(state_of(request).engine, caller.owner, filters)}


@router.get("/v1/games/export", summary="The matching games in one file, streamed",
            operation_id="exportGames",
            responses={200: {"description": "`.bel`, the JSON twin or JSON Lines",
                             "content": {"text/x-bel": {"schema": {"type": "string"}},
                                         "application/json": {"schema": {"$ref": GAMES_REF}},
                                         "application/x-ndjson": {"schema": {"type": "string"}}}},
                       **problem_responses(400, 401, 403, 422, 429)})
def export(request: Request, caller: Caller = Depends(reader), filters: GameFilter = Depends(game_filter),
           format: Literal["bel", "json", "jsonl"] = "bel") -> StreamingResponse:
    rows = iter_games(state_of(request).engine, caller.owner, filters)
    return StreamingResponse(_export(rows, format), media_type=MEDIA[format])


def _as_stored(name: str) -> bool:
    """Whether games asked for in format ``name`` are served as the store keeps them: that
    format's text is the notation's, as the store's (its column ``bel``) is."""
    fmt = get_format(name)
    return fmt is not None and fmt.notation_text


def _export(rows: Iterator[Row[Any]], format: str) -> Iterator[str]:
    if _as_stored(format):
        for number, row in enumerate(rows):
            yield ("\n" if number else "") + row.bel.rstrip("\n") + "\n"
        return
    lines = get_format("jsonl")
    assert lines is not None
    first = True
    if format == "json":
        yield '{"games": ['
    for row in rows:
        out = io.StringIO()
        list(lines.write([r.game for r in records_of_text(row.bel) if r.game is not None], out))
        text = out.getvalue().strip()
        if format == "json":
            yield ("" if first else ",\n") + text
        else:
            yield text + "\n"
        first = False
    if format == "json":
        yield "]}\n"


def _game_format(accept: str | None) -> str:
    for part in (accept or "text/x-bel").split(","):
        media = part.split(";")[0].strip().lower()
        if media in GAME_TYPES:
            return GAME_TYPES[media]
        if media in ("*/*", "text/*"):
            return "bel"
    raise ApiProblem(406, "not-acceptable", msg("Accept one of %(types)s", types=Listed(tuple(GAME_TYPES))))


def _read(request: Request, game_id: str, caller: Caller | None) -> Row[Any]:
    return get_game(state_of(request).engine, game_id, caller.owner if caller else None,
                    bool(caller and caller.can("admin")))


@router.get("/v1/games/{game_id}", summary="One game, as .bel, its JSON twin or its events",
            operation_id="getGame", openapi_extra=OPTIONAL_TOKEN,
            responses={200: {"description": "The game", "content": {
                "text/x-bel": {"schema": {"type": "string"}},
                "application/json": {"schema": {"$ref": GAMES_REF}},
                "application/x-ndjson": {"schema": {"type": "string"}}}},
                **problem_responses(401, 404, 406, 422, 429)})
def game(request: Request, game_id: GameId,
         caller: Caller | None = Depends(optional_caller)) -> Response:
    """A game by its id (a link: no token needed unless it is private)."""
    fmt = _game_format(request.headers.get("accept"))
    if _as_stored(fmt):
        return Response(_read(request, game_id, caller).bel, media_type=MEDIA["bel"])

    def render(row: Row[Any]) -> bytes:
        records = [r.game for r in records_of_text(row.bel) if r.game is not None]
        out = io.StringIO()
        writer_format = get_format("json" if fmt == "json" else "events")
        assert writer_format is not None
        list(writer_format.write(records, out))
        return out.getvalue().encode("utf-8")

    return _cached(request, game_id, caller, fmt, MEDIA[fmt], render, {"Vary": "Accept"})


def _cached(request: Request, game_id: str, caller: Caller | None, kind: str, media_type: str,
            render: Callable[[Row[Any]], bytes], headers: dict[str, str]) -> Response:
    """A rendering of a game made once and stored (a game never changes under its id), served
    with an ``ETag``: a conditional GET that matches is answered 304 without reading it."""
    state = state_of(request)
    owner, admin = (caller.owner, caller.can("admin")) if caller else (None, False)
    access = game_access(state.engine, game_id, owner, admin)
    tag = f'"{game_id}.{kind}.{__version__}"'
    cache = {**headers, "ETag": tag,
             "Cache-Control": f"{'private' if access.private else 'public'}, max-age=86400, immutable"}
    if tag in request.headers.get("if-none-match", ""):
        return Response(status_code=304, headers=cache)
    media, body = rendered(state.engine, game_id, f"{kind}.{__version__}",
                           lambda: (media_type, render(get_game(state.engine, game_id, owner, admin))))
    return Response(body, media_type=media, headers=cache)


@router.get("/v1/games/{game_id}/report", summary="The game's report (findings, recomputed scores)",
            operation_id="getGameReport", openapi_extra=OPTIONAL_TOKEN, response_model=None,
            responses={200: {"description": "The report (the schema of `validate --format json`'s games)",
                             "content": {"application/json": {"schema": {"$ref": REPORT_REF}}}},
                       **problem_responses(401, 404, 422, 429)})
def report(request: Request, game_id: GameId,
           caller: Caller | None = Depends(optional_caller),
           lang: str | None = Query(None, pattern="^(en|fr|ar)$",
                                    description="The findings' language (else Accept-Language, else en)"),
           ) -> dict[str, Any]:
    """The report stored with the game (its lines are those of the file as uploaded), its
    findings' messages in the language asked for (rendered from their ``message_id`` and
    ``args``)."""
    data: dict[str, Any] = json.loads(_read(request, game_id, caller).report)
    return translated_report(data, lang or lang_of(request.headers.get("accept-language")))


@router.get("/v1/games/{game_id}/replay", summary="The replay page", response_class=Response,
            operation_id="getGameReplay", openapi_extra=OPTIONAL_TOKEN,
            responses={200: {"description": "HTML", "content": {"text/html": {"schema": {"type": "string"}}}},
                       **problem_responses(401, 404, 422, 429)})
def replay(request: Request, game_id: GameId,
           caller: Caller | None = Depends(optional_caller),
           lang: str | None = Query(None, pattern="^(en|fr|ar)$",
                                    description="The page's language (else Accept-Language, else en; "
                                    "Arabic right to left)")) -> Response:
    """The page `belote-replay render` writes: a link per position (``#d3t5c2``), every finding
    linked to its card, in the language asked for. Served with a strict Content-Security-Policy
    (nothing loaded); rendered once per language, then served from the store (``ETag``,
    conditional GET)."""
    language = lang_of(lang or request.headers.get("accept-language"))

    def render(row: Row[Any]) -> bytes:
        out = io.StringIO()
        # drawn at the lines of the report: the stored text where it stood in its file
        text = "\n" * ((row.first_line or 1) - 1) + row.bel
        write_page(out, iter_replays(text.encode("utf-8"), row.source_name or "game.bel"),
                   row.event or "Belote replay", language)
        return out.getvalue().encode("utf-8")

    kind = "replay" if language == "en" else f"replay-{language}"
    return _cached(request, game_id, caller, kind, "text/html; charset=utf-8", render,
                   {**PAGE_HEADERS, "Vary": "Accept-Language"})


@router.get("/v1/games/{game_id}/deals/{number}.svg", summary="A deal's diagram", response_class=Response,
            operation_id="getDealDiagram", openapi_extra=OPTIONAL_TOKEN,
            responses={200: {"description": "SVG",
                             "content": {"image/svg+xml": {"schema": {"type": "string"}}}},
                       **problem_responses(401, 404, 422, 429)})
def deal_diagram(request: Request, game_id: GameId, number: int = Path(ge=1, le=10_000),
                 trick: int | None = Query(None, ge=1, le=8),
                 caller: Caller | None = Depends(optional_caller)) -> Response:
    def render(row: Row[Any]) -> bytes:
        replays = iter_replays(row.bel.encode("utf-8"), "game.bel")
        try:
            return deal_svg(next(replays), number - 1, trick).encode("utf-8")
        except (DiagramError, IndexError, StopIteration) as exc:
            raise ApiProblem(404, "not-found", str(exc) or "no such deal") from None

    return _cached(request, game_id, caller, f"deal{number}.{trick or 0}.svg", "image/svg+xml", render,
                   PAGE_HEADERS)


@router.delete("/v1/games/{game_id}", status_code=204, summary="Delete one of the caller's games",
               operation_id="deleteGame",
               response_class=Response, responses=problem_responses(401, 403, 404, 422, 429))
def remove(request: Request, game_id: GameId, caller: Caller = Depends(writer)) -> Response:
    """The game and its reviews; another owner's game is answered 404 as if there were none
    (an ``admin`` token deletes anyone's)."""
    delete_game(state_of(request).engine, game_id, caller.owner, caller.can("admin"))
    return Response(status_code=204)


class Visibility(BaseModel):
    """What ``PATCH /v1/games/{id}`` may change."""

    private: bool = Field(description="true: only its owner (and an admin) reads the game and its reviews")


@router.patch("/v1/games/{game_id}", summary="Make one of the caller's games private or public",
              operation_id="setGameVisibility", response_model=GameSummary,
              responses=problem_responses(400, 401, 403, 404, 422, 429))
def change(request: Request, game_id: GameId, visibility: Visibility,
           caller: Caller = Depends(writer)) -> dict[str, Any]:
    """The game and its reviews made private or public; the game's summary as it is now
    (another owner's game: 404; an ``admin`` token changes anyone's)."""
    state = state_of(request)
    row = set_private(state.engine, game_id, caller.owner, visibility.private, caller.can("admin"))
    return summary(row, state.settings.base_url)
