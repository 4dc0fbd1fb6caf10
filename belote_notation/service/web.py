"""The web front, for a club: sign in with a token, upload a file or paste games, see what
became of each game (its findings, a link that opens the replay at the first one), list the
games with filters, open a game's report, have it reviewed, delete it, manage the tokens.

Server-rendered pages (Jinja2 templates in ``templates/``, every value escaped), plain HTML
forms and no script at all, served with a strict Content-Security-Policy (``web_pages``): only
this site's stylesheet loads, nothing may frame the pages, forms post only here and only from
here. The pages of one game are in ``web_games``, the tokens' in ``web_tokens``.
"""

from __future__ import annotations

import inspect
from functools import cache
from importlib.resources import files
from typing import Any, get_type_hints
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import Response
from pydantic import BaseModel, ValidationError, create_model
from starlette.datastructures import UploadFile

from belote_notation.game.lang import Message, Number, msg, render
from belote_notation.service import web_games, web_tokens
from belote_notation.service.deps import state_of
from belote_notation.service.ingest import read_upload, store_upload
from belote_notation.service.jobs import enqueue
from belote_notation.service.limits import CpuBudget
from belote_notation.service.problems import ApiProblem, StoreError
from belote_notation.service.queries import GameFilter, count_games, list_games
from belote_notation.service.routes_games import game_filter
from belote_notation.service.tokens import Caller, identify
from belote_notation.service.web_games import upload_entries
from belote_notation.service.web_pages import (
    COOKIE,
    HEADERS,
    SMALL_FORM,
    FormRefused,
    caller_of,
    form_of,
    from_this_site,
    may_post,
    message,
    page,
    redirect,
    request_lang,
)

__all__ = ["router"]

router = APIRouter(include_in_schema=False)
router.include_router(web_games.router)
router.include_router(web_tokens.router)
PAGE_SIZE = 50
FORM_FRAMING = 64 * 1024
"""What a multipart upload may add to the file's own bytes (boundaries, the other fields)."""
FILTERS = ("player", "team", "rules", "date_from", "date_to", "result", "taker", "trump", "contract", "code")
HINTS = {"date_from": msg("a date like 2026.01.31"), "date_to": msg("a date like 2026.01.31"),
         "taker": msg("one seat: N, E, S or W"),
         "code": msg("a finding code like BEL303, or its start like BEL3"),
         "has_findings": msg("true or false"), "annotated": msg("true or false")}
"""What a filter's value should look like, said under the field when it does not."""


@router.get("/web/site.css")
def stylesheet() -> Response:
    css = files("belote_notation.service").joinpath("static/site.css").read_text("utf-8")
    return Response(css, media_type="text/css", headers={**HEADERS, "Cache-Control": "max-age=3600"})


@router.get("/")
def root(request: Request) -> Response:
    return redirect("/web", request)


@router.get("/web")
def sign_in_page(request: Request) -> Response:
    if caller_of(request) is not None:
        return redirect("/web/games", request)
    return page(request, "sign_in.html", None, title=msg("Sign in"), error=None)


@router.post("/web/session")
async def sign_in(request: Request) -> Response:
    if not from_this_site(request, state_of(request).settings.base_url):
        return message(request, msg("Sign in"), msg("This form was not sent from this site."), None, 403)
    try:
        form = await form_of(request, SMALL_FORM)
    except FormRefused as exc:
        return message(request, msg("Sign in"), exc.text, None, exc.status)
    token = str(form.get("token") or "").strip()
    if identify(state_of(request).engine, token) is None:
        return page(request, "sign_in.html", None, 401, title=msg("Sign in"), error=msg("Unknown token."))
    response = redirect("/web/games", request)
    response.set_cookie(COOKIE, token, httponly=True, samesite="strict",
                        secure=request.url.scheme == "https", path="/web")
    return response


@router.post("/web/signout")
def sign_out(request: Request) -> Response:
    if not from_this_site(request, state_of(request).settings.base_url):
        return message(request, msg("Sign out"), msg("This form was not sent from this site."),
                       caller_of(request), 403)
    response = redirect("/web", request)
    response.delete_cookie(COOKIE, path="/web")
    return response


@cache
def _filter_model() -> type[BaseModel]:
    """The filters' rules as a model, taken from ``game_filter`` (the API's one owner of them)."""
    hints = get_type_hints(game_filter)
    fields: dict[str, Any] = {name: (hints[name], param.default)
                              for name, param in inspect.signature(game_filter).parameters.items()}
    return create_model("WebFilters", **fields)


def web_filter(request: Request) -> tuple[GameFilter | None, dict[str, str], dict[str, str]]:
    """The filters of the list page's query: an empty field is no filter; each bad value is
    explained under its field, in the page's language (the filter is then ``None``). Also the
    values to show back."""
    lang = request_lang(request)
    shown = {k: v for k, v in request.query_params.items() if k != "cursor"}
    values: dict[str, Any] = {k: v.strip() for k, v in shown.items() if v.strip() and k in FILTERS + (
        "has_findings", "annotated")}
    tags = [t for t in request.query_params.getlist("tag") if t.strip()]
    if tags:
        values["tag"] = tags
    try:
        checked = _filter_model().model_validate(values)
        return game_filter(**dict(checked)), shown, {}
    except ValidationError as exc:
        errors = {}
        for error in exc.errors():
            field = str(error["loc"][0]) if error["loc"] else "filters"
            value = values.get(field, "")
            errors[field] = (render(msg("“%(value)s” is not %(hint)s", value=value, hint=HINTS[field]), lang)
                             if field in HINTS else error["msg"])
        return None, shown, errors
    except (ApiProblem, StoreError) as exc:
        return None, shown, {"tag": render(exc.said, lang) if isinstance(exc.said, Message) else exc.said}


@router.get("/web/games")
def games_page(request: Request) -> Response:
    caller = caller_of(request)
    if caller is None:
        return redirect("/web", request)
    filters, shown, errors = web_filter(request)
    deleted = request.query_params.get("deleted")
    context: dict[str, Any] = {"title": msg("Your games"), "query": shown, "errors": errors,
                               "filters": FILTERS, "rows": [], "total": None, "next": None,
                               "notice": msg("The game was deleted.") if deleted else None}
    if filters is None:
        return page(request, "games.html", caller, 422, **context)
    state = state_of(request)
    cursor = request.query_params.get("cursor") or None
    try:
        found = list_games(state.engine, caller.owner, filters, PAGE_SIZE, cursor)
    except (ApiProblem, StoreError) as exc:  # a cursor that is not one of ours
        return message(request, msg("Your games"), exc.said, caller, exc.status)
    context["rows"] = found.rows
    context["total"] = count_games(state.engine, caller.owner, filters)
    if found.cursor:
        context["next"] = "/web/games?" + urlencode({**shown, "cursor": found.cursor})
    return page(request, "games.html", caller, **context)


@router.get("/web/upload")
def upload_page(request: Request) -> Response:
    caller = caller_of(request)
    if caller is None:
        return redirect("/web", request)
    return page(request, "upload.html", caller, title=msg("Upload games"), error=None,
                max_body=state_of(request).settings.max_body)


@router.post("/web/upload")
async def upload(request: Request) -> Response:
    """A file or pasted text stored for the caller: the result page; a large one: a job."""
    caller = may_post(request, "write", msg("Upload games"))
    if not isinstance(caller, Caller):
        return caller
    state, lang = state_of(request), request_lang(request)
    limit = state.settings.max_body
    try:
        form = await form_of(request, limit + FORM_FRAMING, fields=8)
    except FormRefused as exc:
        return message(request, msg("Upload games"), exc.file_text, caller, exc.status)
    file, pasted = form.get("file"), str(form.get("text") or "")
    file = file if isinstance(file, UploadFile) and file.filename else None
    if file is not None and pasted.strip():
        return page(request, "upload.html", caller, 400, title=msg("Upload games"), max_body=limit,
                    error=msg("A file and pasted games: send one at a time (nothing was stored)."))
    if file is not None:
        data, name = await file.read(limit + 1), (file.filename or "upload")[:200]
    elif pasted.strip():
        data, name = pasted.encode("utf-8"), (str(form.get("name") or "").strip() or "pasted")[:200]
    else:
        return page(request, "upload.html", caller, 400, title=msg("Upload games"),
                    error=msg("Choose a file, or paste games in the box."), max_body=limit)
    await form.close()
    if len(data) > limit:
        return message(request, msg("Upload games"), msg("The file is larger than %(limit)s bytes.",
                                                          limit=Number(limit)), caller, 413)
    private = form.get("private") == "true"
    if len(data) > state.settings.job_threshold:
        payload: dict[str, Any] = {"name": name, "format": None, "rules": None, "options": [],
                                   "private": private, "max_games": state.settings.max_games}
        job_id = await run_in_threadpool(enqueue, state.engine, caller.owner, "import", payload, data)
        return redirect(f"/web/jobs/{job_id}", request)

    def work() -> dict[str, Any]:
        budget = CpuBudget(state.settings.cpu_seconds)
        games = read_upload(data, name, None, None, state.settings.max_games, budget)
        result = store_upload(state.engine, caller.owner, games, private).to_dict()
        return {"entries": upload_entries(state.engine, caller.owner, result, lang), "result": result}

    try:
        done = await run_in_threadpool(work)
    except (ApiProblem, StoreError) as exc:  # the store raises StoreError (detail, status)
        return message(request, msg("Upload games"), exc.said, caller, exc.status)
    return page(request, "uploaded.html", caller, title=msg("Uploaded"), name=name, **done)
