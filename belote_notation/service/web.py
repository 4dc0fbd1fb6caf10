"""The small web front: sign in with a token, upload a file, list your games with the filters
and their findings, open their replay pages. Plain HTML forms (no script, no framework),
every text escaped, served with a strict Content-Security-Policy: nothing but this site's own
stylesheet may load, no script may run, forms post only here.

The token is kept in an ``HttpOnly``, ``SameSite=Strict`` cookie that only these pages read
(the API takes ``Authorization: Bearer`` only, so the cookie cannot be used across sites).
"""

from __future__ import annotations

from html import escape
from importlib.resources import files
from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, Depends, Form, Request, UploadFile
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from belote_notation.service.deps import state_of
from belote_notation.service.ingest import read_upload, store_upload
from belote_notation.service.limits import CpuBudget
from belote_notation.service.problems import ApiProblem, StoreError
from belote_notation.service.queries import GameFilter, count_games, list_games
from belote_notation.service.routes_games import game_filter
from belote_notation.service.tokens import Caller, identify

__all__ = ["CSP", "router"]

router = APIRouter(include_in_schema=False)
COOKIE = "belote_token"
CSP = ("default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; "
       "base-uri 'none'")
HEADERS = {"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff",
           "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY", "Cache-Control": "no-store"}
FILTERS = ("player", "team", "rules", "date_from", "date_to", "result", "taker", "trump", "contract", "code")


def _page(title: str, body: str, caller: Caller | None, status: int = 200) -> HTMLResponse:
    nav = ('<a href="/web/games">Games</a> <a href="/web/upload">Upload</a> '
           '<form method="post" action="/web/signout">'
           f'<button>Sign out {escape(caller.owner)}</button></form>'
           if caller else '<a href="/web">Sign in</a>')
    html = (f'<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            '<link rel="stylesheet" href="/web/site.css"></head><body>'
            f'<header><h1>belote-replay</h1>{nav}</header><main><h2>{escape(title)}</h2>{body}</main>'
            '</body></html>\n')
    return HTMLResponse(html, status_code=status, headers=HEADERS)


def _caller(request: Request) -> Caller | None:
    secret = request.cookies.get(COOKIE)
    return identify(state_of(request).engine, secret) if secret else None


def _signed_in(request: Request) -> Caller:
    caller = _caller(request)
    if caller is None:
        raise _SignIn()
    return caller


class _SignIn(Exception):
    """No token: the sign-in page (handled by a redirect)."""


@router.get("/web/site.css")
def stylesheet() -> Response:
    css = files("belote_notation.service").joinpath("static/site.css").read_text("utf-8")
    return Response(css, media_type="text/css", headers={"Cache-Control": "max-age=3600"})


@router.get("/")
def root() -> RedirectResponse:
    return RedirectResponse("/web", status_code=303)


@router.get("/web")
def sign_in_page(request: Request) -> Response:
    caller = _caller(request)
    if caller is not None:
        return RedirectResponse("/web/games", status_code=303)
    form = ('<form method="post" action="/web/session"><label>Token '
            '<input name="token" type="password" autocomplete="off" required maxlength="100"></label> '
            '<button>Sign in</button></form><p class="notice">A token comes from '
            '<code>belote-replay serve token create NAME</code>.</p>')
    return _page("Sign in", form, None)


@router.post("/web/session")
def sign_in(request: Request, token: str = Form(max_length=100)) -> Response:
    if identify(state_of(request).engine, token) is None:
        return _page("Sign in", '<p class="errors">Unknown token.</p><p><a href="/web">Try again</a></p>',
                     None, 401)
    response = RedirectResponse("/web/games", status_code=303)
    response.set_cookie(COOKIE, token, httponly=True, samesite="strict",
                        secure=request.url.scheme == "https", path="/web")
    return response


@router.post("/web/signout")
def sign_out() -> Response:
    response = RedirectResponse("/web", status_code=303)
    response.delete_cookie(COOKIE, path="/web")
    return response


def _filter_form(query: dict[str, str]) -> str:
    fields = "".join(f'<label>{name.replace("_", " ")}<input name="{name}" '
                     f'value="{escape(query.get(name, ""))}" maxlength="40"></label>' for name in FILTERS)
    checked = ' selected' if query.get("has_findings") == "true" else ""
    return (f'<form class="filters" method="get" action="/web/games">{fields}'
            f'<label>findings<select name="has_findings"><option value="">any</option>'
            f'<option value="true"{checked}>with findings</option></select></label>'
            '<button>Filter</button></form>')


def _rows(rows: list[Any]) -> str:
    out = []
    for row in rows:
        players = escape(row.event or "")
        out.append(
            f'<tr><td><a href="/v1/games/{escape(row.id)}/replay">{players or escape(row.id)}</a></td>'
            f'<td>{escape(row.date or "")}</td><td>{escape(row.rules or "")}</td>'
            f'<td>{escape(row.result or "")}</td>'
            f'<td class="num">{row.deal_count}</td><td class="num errors">{row.errors}</td>'
            f'<td class="num warnings">{row.warnings}</td><td>{"yes" if row.annotated else ""}</td>'
            f'<td><a href="/v1/games/{escape(row.id)}">.bel</a> '
            f'<a href="/v1/games/{escape(row.id)}/report">report</a></td></tr>')
    return "".join(out)


@router.get("/web/games")
def games_page(request: Request, filters: GameFilter = Depends(game_filter),
               cursor: str | None = None) -> Response:
    try:
        caller = _signed_in(request)
    except _SignIn:
        return RedirectResponse("/web", status_code=303)
    state = state_of(request)
    page = list_games(state.engine, caller.owner, filters, 50, cursor)
    total = count_games(state.engine, caller.owner, filters)
    query = {k: v for k, v in request.query_params.items() if k != "cursor"}
    next_query = escape(urlencode({**query, "cursor": page.cursor or ""}))
    more = f'<p><a href="/web/games?{next_query}">Next page</a></p>' if page.cursor else ""
    table = ('<table><thead><tr><th>Game</th><th>Date</th><th>Rules</th><th>Result</th><th>Deals</th>'
             '<th>Errors</th><th>Warnings</th><th>Reviewed</th><th></th></tr></thead>'
             f'<tbody>{_rows(page.rows)}</tbody></table>')
    return _page("Your games", f'{_filter_form(query)}<p>{total} game(s)</p>{table}{more}', caller)


@router.get("/web/upload")
def upload_page(request: Request) -> Response:
    try:
        caller = _signed_in(request)
    except _SignIn:
        return RedirectResponse("/web", status_code=303)
    form = ('<form method="post" action="/web/upload" enctype="multipart/form-data">'
            '<input type="file" name="file" required> <label>'
            '<input type="checkbox" name="private" value="true"> private</label> '
            '<button>Upload</button></form><p class="notice">Any readable format: .bel, the JSON twin, '
            'event logs, CFN, score sheets...</p>')
    return _page("Upload games", form, caller)


@router.post("/web/upload")
async def upload(request: Request, file: UploadFile, private: bool = Form(False)) -> Response:
    try:
        caller = _signed_in(request)
    except _SignIn:
        return RedirectResponse("/web", status_code=303)
    state = state_of(request)
    if not caller.can("write"):
        return _page("Upload games", '<p class="errors">This token may only read.</p>', caller, 403)
    data = await file.read(state.settings.max_body + 1)
    if len(data) > state.settings.max_body:
        return _page("Upload games", '<p class="errors">The file is too large.</p>', caller, 413)
    name = (file.filename or "upload")[:200]

    def work() -> dict[str, Any]:
        budget = CpuBudget(state.settings.cpu_seconds)
        games = read_upload(data, name, None, None, state.settings.max_games, budget)
        return store_upload(state.engine, caller.owner, games, private).to_dict()

    try:
        result = await run_in_threadpool(work)
    except (ApiProblem, StoreError) as exc:  # the store raises StoreError (detail, status)
        return _page("Upload games", f'<p class="errors">{escape(exc.detail)}</p>', caller, exc.status)
    items = []
    for kind in ("imported", "duplicates", "rejected"):
        for ref in result[kind]:
            link = f'<a href="{escape(ref["replay"])}">replay</a>' if ref.get("replay") else ""
            findings = "".join(f"<li>{escape(str(f.get('line')))}: {escape(f['code'])} "
                               f"{escape(f['message'])}</li>" for f in ref.get("findings", []))
            items.append(f'<li>game {ref["game"]}: {kind} {link}<ul>{findings}</ul></li>')
    summary = (f'<p>{len(result["imported"])} imported, {len(result["duplicates"])} already stored, '
               f'{len(result["rejected"])} rejected.</p><ul>{"".join(items)}</ul>'
               '<p><a href="/web/games">Your games</a></p>')
    return _page("Uploaded", summary, caller)
