"""The web front's tokens page: a signed-in owner sees their tokens (never a secret: only
its SHA-256 is stored), creates one (its secret shown once, on the answer page, never in a
URL) and revokes one. A token may create and revoke tokens up to its own scope, no higher."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import Response

from belote_notation.game.lang import msg
from belote_notation.service.deps import state_of
from belote_notation.service.tokens import SCOPES, Caller, create_token, list_tokens, revoke_token
from belote_notation.service.web_pages import (
    COOKIE,
    SMALL_FORM,
    FormRefused,
    Text,
    caller_of,
    form_of,
    may_post,
    message,
    page,
    redirect,
)

__all__ = ["router"]

router = APIRouter(include_in_schema=False)
TITLE = msg("Your tokens")


def _tokens_page(request: Request, caller: Caller, status: int = 200, secret: str | None = None,
                 error: Text | None = None) -> Response:
    tokens = list_tokens(state_of(request).engine, caller.owner)
    scopes = SCOPES[:SCOPES.index(caller.scope) + 1]
    return page(request, "tokens.html", caller, status, title=TITLE, tokens=tokens, scopes=scopes,
                secret=secret, error=error)


@router.get("/web/tokens")
def tokens_page(request: Request) -> Response:
    caller = caller_of(request)
    if caller is None:
        return redirect("/web", request)
    return _tokens_page(request, caller)


@router.post("/web/tokens")
async def create(request: Request) -> Response:
    """A new token of the caller's account; the answer shows its secret once."""
    caller = may_post(request, "read", TITLE)
    if not isinstance(caller, Caller):
        return caller
    try:
        form = await form_of(request, SMALL_FORM)
    except FormRefused as exc:
        return message(request, TITLE, exc.text, caller, exc.status)
    scope = str(form.get("scope") or "read")
    if scope not in SCOPES or not caller.can(scope):
        return _tokens_page(request, caller, 403, error=msg("This token may create tokens up to %(scope)s.",
                                                                          scope=caller.scope))
    secret = await run_in_threadpool(create_token, state_of(request).engine, caller.owner, scope)
    return _tokens_page(request, caller, secret=secret)


@router.post("/web/tokens/{token_id:str}/revoke")
async def revoke(request: Request, token_id: str) -> Response:
    """Revoke one of the caller's tokens; revoking the one signed in also signs out."""
    caller = may_post(request, "read", TITLE)
    if not isinstance(caller, Caller):
        return caller
    engine = state_of(request).engine
    target = next((t for t in list_tokens(engine, caller.owner) if t.id == token_id), None)
    if target is None:
        return _tokens_page(request, caller, 404, error=msg("No token of yours has this id."))
    if not caller.can(target.scope):
        return _tokens_page(request, caller, 403, error=msg("This token may revoke tokens up to %(scope)s.",
                                                                          scope=caller.scope))
    await run_in_threadpool(revoke_token, engine, token_id, caller.owner)
    if token_id == caller.token_id:
        response = redirect("/web", request)
        response.delete_cookie(COOKIE, path="/web")
        return response
    return redirect("/web/tokens", request)
