"""``POST /v1/validate``: stateless validation of a body in any readable format."""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO, Any

from fastapi import APIRouter, Depends, Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import Response, StreamingResponse

from belote_notation.check.setup import ValidationConfig
from belote_notation.check.suggest import ConfigError
from belote_notation.formats.registry import all_formats
from belote_notation.game.lang import msg
from belote_notation.game.lang.render import lang_of, using_lang
from belote_notation.pipeline.select import ReportOptions
from belote_notation.service.deps import body_of, state_of
from belote_notation.service.limits import SPOOL_IN_MEMORY, CpuBudget
from belote_notation.service.models import (
    SARIF,
    Format,
    code_prefixes,
    format_names,
    option_pattern,
    rules_names,
)
from belote_notation.service.problems import ApiProblem, problem_responses
from belote_notation.service.validation import MEDIA_OF, input_format, output_format, validate_body

__all__ = ["BODY", "FORMAT", "OPTION", "RULES", "config_of", "router"]

router = APIRouter(tags=["validate"])

BODY: dict[str, Any] = {"requestBody": {"required": False, "description": "A file of games in any readable "
                                        "format (GET /v1/formats); none is an empty file (BEL009). "
                                        "A stored game is text: "
                                        "POST /v1/games refuses a body holding a NUL byte (400, with "
                                        "its line and column).",
                                        "content": {
    "text/x-bel": {"schema": {"type": "string", "format": "binary"}},
    "application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}}}
CHUNK = 64 * 1024
VALIDATION_REF = "#/components/schemas/ValidationReport"
FORMAT: dict[str, Any] = {"enum": format_names()}
RULES: dict[str, Any] = {"enum": rules_names()}
OPTION: dict[str, Any] = {"items": {"type": "string", "pattern": option_pattern()}}
CODES: dict[str, Any] = {"items": {"type": "string", "enum": code_prefixes()}}
"""The closed sets of the parameters, in the document; the checks refuse another value with 400
(415 for a format), saying what was meant."""


def config_of(rules: str | None, option: list[str]) -> ValidationConfig:
    """The checks' configuration of ``?rules=`` and ``?option=NAME=VALUE``; 400 when refused."""
    pairs = []
    for item in option:
        name, sep, value = item.partition("=")
        if not sep or not name:
            refused = msg("option %(option)s: write NAME=VALUE", option=repr(item))
            raise ApiProblem(400, "bad-request", refused, errors=[{"field": "option", "value": item}])
        pairs.append((name.strip(), value.strip()))
    try:
        return ValidationConfig(rules=rules, options=tuple(pairs))
    except ConfigError as exc:
        raise ApiProblem(400, "bad-request", exc.reason, errors=[{"field": exc.field}]) from None


def report_options(select: list[str], ignore: list[str], strict: bool) -> ReportOptions:
    try:
        return ReportOptions.from_text(select=select, ignore=ignore, strict=strict)
    except ConfigError as exc:
        raise ApiProblem(400, "bad-request", exc.reason, errors=[{"field": exc.field}]) from None


def stream_spool(spool: IO[bytes]) -> Iterator[bytes]:
    try:
        while chunk := spool.read(CHUNK):
            yield chunk
    finally:
        spool.close()


@router.post("/v1/validate", openapi_extra=BODY, summary="Check a file of games", operation_id="validateFile",
             responses={200: {"description": "The report: JSON (the document of `validate --format json`), "
                              "JSON Lines, SARIF, JUnit or text, by Accept",
                              "content": {"application/json": {"schema": {"$ref": VALIDATION_REF}},
                                          "application/x-ndjson": {"schema": {"type": "string"}},
                                          "application/sarif+json": {"schema": SARIF},
                                          "application/junit+xml": {"schema": {"type": "string"}},
                                          "text/plain": {"schema": {"type": "string"}}}},
                        **problem_responses(400, 406, 413, 415, 422, 429, 503)})
async def validate(request: Request, body: IO[bytes] = Depends(body_of),
                   format: str | None = Query(None, max_length=40, description="The body's format "
                                              "(else Content-Type, else detected)", json_schema_extra=FORMAT),
                   name: str = Query("upload", max_length=200, description="The file's name in findings "
                                     "(its extension helps detection)"),
                   rules: str | None = Query(None, max_length=40, json_schema_extra=RULES),
                   option: list[str] = Query([], max_length=40, description="NAME=VALUE, as --option",
                                             json_schema_extra=OPTION),
                   select: list[str] = Query([], max_length=100, json_schema_extra=CODES),
                   ignore: list[str] = Query([], max_length=100, json_schema_extra=CODES),
                   strict: bool = False,
                   lang: str | None = Query(None, pattern="^(en|fr|ar)$",
                                            description="The findings' language (else Accept-Language, "
                                            "else en; docs/languages.md)")) -> Response:
    """Check every game of the body, as `belote-replay validate` does; the answer streams."""
    state = state_of(request)
    try:
        out_fmt = output_format(request.headers.get("accept"))
        fmt = input_format(request.headers.get("content-type"), format)
        config = config_of(rules, option)
        options = report_options(select, ignore, strict)

        language = lang or lang_of(request.headers.get("accept-language"))

        def work() -> IO[bytes]:
            budget = CpuBudget(state.settings.cpu_seconds)
            with using_lang(language):
                return validate_body(body, name, fmt, config, out_fmt, options, state.settings.max_games,
                                     budget)

        spool = await run_in_threadpool(work)
    finally:
        body.close()
    size = spool.seek(0, 2)
    spool.seek(0)
    if size <= SPOOL_IN_MEMORY:  # a small report in one write: a stream's last chunk would wait for an ACK
        with spool:
            return Response(spool.read(), media_type=MEDIA_OF[out_fmt])
    return StreamingResponse(stream_spool(spool), media_type=MEDIA_OF[out_fmt])


@router.get("/v1/formats", summary="The readable formats", tags=["validate"], operation_id="listFormats",
            response_model=list[Format])
def formats() -> list[dict[str, Any]]:
    """Every installed format (built-in and plugins): its name, extensions and what it does."""
    return [{"name": f.name, "title": f.title, "extensions": list(f.extensions), "read": f.can_read,
             "write": f.can_write} for f in all_formats()]
