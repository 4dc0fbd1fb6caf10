"""What the pages of the web front share: the templates (Jinja2, every value escaped by
default), the headers of every page (a strict Content-Security-Policy, no framing), who is
signed in, and the check that a form was posted by these pages (no cross-site form).

The token is kept in an ``HttpOnly``, ``SameSite=Strict`` cookie that only these pages read
(the API takes ``Authorization: Bearer`` only, so the cookie cannot be used across sites).
Every form that changes something (signing in included: a page elsewhere must not sign a
browser in as someone else) is refused unless the browser says it comes from this site
(``Sec-Fetch-Site: same-origin``, else an ``Origin`` of this host).

>>> from starlette.requests import Request
>>> def req(**headers):
...     raw = [(k.replace("_", "-").encode(), v.encode()) for k, v in {"host": "club.org", **headers}.items()]
...     return Request({"type": "http", "method": "POST", "headers": raw, "scheme": "https"})
>>> from_this_site(req(sec_fetch_site="same-origin")), from_this_site(req(sec_fetch_site="cross-site"))
(True, False)
>>> from_this_site(req(origin="https://club.org")), from_this_site(req(origin="https://evil.example"))
(True, False)
>>> from_this_site(req(origin="null")), from_this_site(req())
(False, True)
"""

from __future__ import annotations

from collections.abc import AsyncGenerator
from typing import IO, Any
from urllib.parse import urlsplit

from fastapi import Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from jinja2 import Environment, PackageLoader, StrictUndefined
from starlette.datastructures import FormData
from starlette.formparsers import FormParser, MultiPartException, MultiPartParser

from belote_notation.service.deps import state_of
from belote_notation.service.limits import SPOOL_IN_MEMORY, spool_body
from belote_notation.service.problems import ApiProblem
from belote_notation.service.tokens import Caller, identify

__all__ = ["COOKIE", "CSP", "HEADERS", "SMALL_FORM", "FormRefused", "caller_of", "form_of", "from_this_site",
           "may_post", "message", "page", "redirect"]

COOKIE = "belote_token"
CSP = ("default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; "
       "base-uri 'none'")
HEADERS = {"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff",
           "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY", "Cache-Control": "no-store"}
"""The headers of every page and redirect of the web front."""
SMALL_FORM = 16 * 1024
"""The largest form but an upload's (a few short fields)."""

TEMPLATES = Environment(loader=PackageLoader("belote_notation.service", "templates"), autoescape=True,
                        undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)


def page(request: Request, template: str, caller: Caller | None, status: int = 200,
         **context: Any) -> HTMLResponse:
    """The page ``template`` (in ``templates/``) with ``context``; every value escaped."""
    html = TEMPLATES.get_template(template).render(caller=caller, path=request.url.path, **context)
    return HTMLResponse(html, status_code=status, headers=HEADERS)


def message(request: Request, title: str, text: str, caller: Caller | None, status: int) -> HTMLResponse:
    """A page that says one thing (a refusal, an error) with a way back."""
    return page(request, "message.html", caller, status, title=title, text=text)


def redirect(url: str) -> RedirectResponse:
    """A ``303 See Other`` to ``url`` (after a form: the browser then GETs it)."""
    return RedirectResponse(url, status_code=303, headers=HEADERS)


def caller_of(request: Request) -> Caller | None:
    """Who is signed in (the cookie's token), or ``None``."""
    secret = request.cookies.get(COOKIE)
    return identify(state_of(request).engine, secret) if secret else None


def from_this_site(request: Request, base_url: str = "") -> bool:
    """Whether a form post comes from a page of this site. ``Sec-Fetch-Site`` when the browser
    sends it, else ``Origin`` (the request's host, or ``base_url``: ``BELOTE_BASE_URL``); a
    client that sends neither is not a browser following another site's form, and may post."""
    site = request.headers.get("sec-fetch-site")
    if site is not None:
        return site == "same-origin"
    origin = request.headers.get("origin")
    if origin is None:
        return True
    parts = urlsplit(origin)
    if not parts.scheme or not parts.netloc:
        return False  # "null": a sandboxed frame, a file, a redirect across sites
    if base_url and origin.rstrip("/") == base_url.rstrip("/"):
        return True
    return parts.netloc == request.headers.get("host")


def may_post(request: Request, scope: str, title: str) -> Caller | Response:
    """The caller signed in with ``scope``, for a form from this site; else the page (or the
    redirect to the sign-in page) that answers instead. Checked before the body is read."""
    caller = caller_of(request)
    if not from_this_site(request, state_of(request).settings.base_url):
        return message(request, title, "This form was not sent from this site.", caller, 403)
    if caller is None:
        return redirect("/web")
    if not caller.can(scope):
        return message(request, title, f"This token may only {caller.scope}; this needs a {scope} token.",
                       caller, 403)
    return caller


class FormRefused(Exception):
    """A form that cannot be read: too large (``status`` 413) or malformed (400)."""

    def __init__(self, status: int, text: str) -> None:
        super().__init__(text)
        self.status, self.text = status, text


async def form_of(request: Request, limit: int, fields: int = 20) -> FormData:
    """The fields (and files) of a posted form, read only after the caller's checks, within
    ``limit`` bytes: refused from ``Content-Length`` before a byte is read, else as soon as the
    body passes it (a file goes to a temporary file, never all in memory)."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise FormRefused(413, f"The form is larger than {limit:,} bytes.")
    try:
        body = await spool_body(request.stream(), limit)
    except ApiProblem:
        raise FormRefused(413, f"The form is larger than {limit:,} bytes.") from None
    with body:
        media = request.headers.get("content-type", "").split(";")[0].strip().lower()
        parser: MultiPartParser | FormParser
        if media == "multipart/form-data":
            parser = MultiPartParser(request.headers, _chunks(body), max_files=1, max_fields=fields,
                                     max_part_size=limit)
        elif media == "application/x-www-form-urlencoded":
            parser = FormParser(request.headers, _chunks(body), max_fields=fields, max_part_size=limit)
        else:
            raise FormRefused(400, "This is not a form of these pages.")
        try:
            return await parser.parse()
        except MultiPartException as exc:
            raise FormRefused(400, f"The form cannot be read: {exc.message}") from None


async def _chunks(body: IO[bytes]) -> AsyncGenerator[bytes, None]:
    while chunk := body.read(SPOOL_IN_MEMORY):
        yield chunk
