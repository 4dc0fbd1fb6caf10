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
from functools import cache
from typing import IO, Any
from urllib.parse import urlsplit

from fastapi import Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from jinja2 import Environment, PackageLoader, StrictUndefined
from starlette.datastructures import FormData
from starlette.formparsers import FormParser, MultiPartException, MultiPartParser

from belote_notation.game.lang import Lang, Message, Number, lang_of, msg, render
from belote_notation.game.lang.render import translations
from belote_notation.service.deps import state_of
from belote_notation.service.limits import SPOOL_IN_MEMORY, spool_body
from belote_notation.service.problems import ApiProblem
from belote_notation.service.tokens import Caller, identify

__all__ = ["COOKIE", "CSP", "HEADERS", "SMALL_FORM", "FormRefused", "Text", "caller_of", "form_of",
           "from_this_site",
           "in_lang", "may_post", "message", "page", "redirect", "request_lang"]

COOKIE = "belote_token"
CSP = ("default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; "
       "base-uri 'none'")
HEADERS = {"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff",
           "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY", "Cache-Control": "no-store"}
"""The headers of every page and redirect of the web front."""
SMALL_FORM = 16 * 1024
"""The largest form but an upload's (a few short fields)."""

Text = str | Message
"""A page's title or sentence: a ``msg(...)`` of the catalogue (rendered in the page's
language), or a ``str`` shown as it is (a name the user gave, a store's own words)."""


@cache
def templates(lang: Lang) -> Environment:
    """The templates in ``lang``: Jinja2's i18n extension with the catalogue's translations
    (``{% trans %}`` and ``_()`` in the templates; tools/i18n.py extracts them). One environment
    a language, so that no request changes another's translations."""
    environment = Environment(loader=PackageLoader("belote_notation.service", "templates"), autoescape=True,
                              undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                              extensions=["jinja2.ext.i18n"])
    environment.install_gettext_translations(translations(lang), newstyle=True)  # type: ignore[attr-defined]
    return environment


def request_lang(request: Request) -> Lang:
    """The language a request asks for: ``?lang=``, else ``Accept-Language``, else English
    (the one rule of every page of the web front and of the service's reports)."""
    return lang_of(request.query_params.get("lang") or request.headers.get("accept-language"))


def in_lang(request: Request, url: str) -> str:
    """``url`` with the request's ``lang`` kept when it was given or is not English (the links
    between pages, the redirects after a form); ``url`` itself otherwise.

    >>> from starlette.requests import Request
    >>> def req(query):
    ...     return Request({"type": "http", "method": "GET", "headers": [], "query_string": query})
    >>> in_lang(req(b"lang=fr"), "/v1/games/g/replay#d1t2c3"), in_lang(req(b"lang=ar"), "/web/games?x=1")
    ('/v1/games/g/replay?lang=fr#d1t2c3', '/web/games?x=1&lang=ar')
    >>> in_lang(req(b""), "/web/games"), in_lang(req(b"lang=en"), "/web/games")
    ('/web/games', '/web/games?lang=en')
    """
    lang = request_lang(request)
    if lang == "en" and "lang" not in request.query_params:
        return url
    path, hash_, fragment = url.partition("#")
    return f"{path}{'&' if '?' in path else '?'}lang={lang}{hash_}{fragment}"


def page(request: Request, template: str, caller: Caller | None, status: int = 200,
         **context: Any) -> HTMLResponse:
    """The page ``template`` (in ``templates/``) with ``context``, in the request's language
    (a value given as a message rendered in it); every value escaped."""
    lang = request_lang(request)
    context = {key: render(value, lang) if isinstance(value, Message) else value
               for key, value in context.items()}
    context.setdefault("lang", lang)
    context.setdefault("in_lang", in_lang(request, ""))
    html = templates(lang).get_template(template).render(caller=caller, path=request.url.path, **context)
    return HTMLResponse(html, status_code=status, headers=HEADERS)


def message(request: Request, title: Text, text: Text, caller: Caller | None, status: int) -> HTMLResponse:
    """A page that says one thing (a refusal, an error) with a way back."""
    said = render(text, request_lang(request)) if isinstance(text, Message) else text
    return page(request, "message.html", caller, status, title=title, text=said)


def redirect(url: str, request: Request | None = None) -> RedirectResponse:
    """A ``303 See Other`` to ``url`` (after a form: the browser then GETs it), in the language
    of ``request`` when it asked for one (:func:`in_lang`)."""
    return RedirectResponse(in_lang(request, url) if request is not None else url, status_code=303,
                            headers=HEADERS)


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


def may_post(request: Request, scope: str, title: Text) -> Caller | Response:
    """The caller signed in with ``scope``, for a form from this site; else the page (or the
    redirect to the sign-in page) that answers instead. Checked before the body is read."""
    caller = caller_of(request)
    if not from_this_site(request, state_of(request).settings.base_url):
        return message(request, title, msg("This form was not sent from this site."), caller, 403)
    if caller is None:
        return redirect("/web", request)
    if not caller.can(scope):
        return message(request, title, msg("This token may only %(scope)s; this needs a %(needed)s token.",
                                           scope=caller.scope, needed=scope), caller, 403)
    return caller


class FormRefused(Exception):
    """A form that cannot be read: too large (``status`` 413) or malformed (400); ``text`` says
    why, ``file_text`` the same of an upload's file."""

    def __init__(self, status: int, text: Message, file_text: Message) -> None:
        super().__init__(render(text))
        self.status, self.text, self.file_text = status, text, file_text


def _too_large(limit: int) -> FormRefused:
    return FormRefused(413, msg("The form is larger than %(limit)s bytes.", limit=Number(limit)),
                       msg("The file is larger than %(limit)s bytes.", limit=Number(limit)))


async def form_of(request: Request, limit: int, fields: int = 20) -> FormData:
    """The fields (and files) of a posted form, read only after the caller's checks, within
    ``limit`` bytes: refused from ``Content-Length`` before a byte is read, else as soon as the
    body passes it (a file goes to a temporary file, never all in memory)."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise _too_large(limit)
    try:
        body = await spool_body(request.stream(), limit)
    except ApiProblem:
        raise _too_large(limit) from None
    with body:
        media = request.headers.get("content-type", "").split(";")[0].strip().lower()
        parser: MultiPartParser | FormParser
        if media == "multipart/form-data":
            parser = MultiPartParser(request.headers, _chunks(body), max_files=1, max_fields=fields,
                                     max_part_size=limit)
        elif media == "application/x-www-form-urlencoded":
            parser = FormParser(request.headers, _chunks(body), max_fields=fields, max_part_size=limit)
        else:
            raise FormRefused(400, msg("This is not a form of these pages."),
                              msg("This is not a file of these pages."))
        try:
            return await parser.parse()
        except MultiPartException as exc:
            # python-multipart's own words on what it refuses are kept
            raise FormRefused(400, msg("The form cannot be read: %(why)s", why=exc.message),
                              msg("The file cannot be read: %(why)s", why=exc.message)) from None


async def _chunks(body: IO[bytes]) -> AsyncGenerator[bytes, None]:
    while chunk := body.read(SPOOL_IN_MEMORY):
        yield chunk
