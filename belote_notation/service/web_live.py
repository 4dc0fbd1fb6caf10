"""The live page of the web front: ``/web/live/{id}`` follows a live game as it is played (the
state, then each act, from ``GET /v1/live/{id}/events`` as Server-Sent Events), on a phone or a
projector. Its one script is this site's own (``/web/live.js``): the page's policy allows no
other script, no inline one, and connections to this site only.

>>> "script-src 'self'" in LIVE_CSP and "connect-src 'self'" in LIVE_CSP and "unsafe-inline" not in LIVE_CSP
True
"""

from __future__ import annotations

from importlib.resources import files

from fastapi import APIRouter, Request
from fastapi.responses import Response

from belote_notation.game.lang import msg
from belote_notation.service.routes_games import GameId
from belote_notation.service.web_pages import HEADERS, caller_of, page

__all__ = ["LIVE_CSP", "router", "script_response"]

router = APIRouter(include_in_schema=False)
LIVE_CSP = ("default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self'; img-src 'self'; "
            "form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
"""The web front's policy with this site's scripts and connections allowed (the live stream)."""


@router.get("/web/live/{live_id}")
def live_page(request: Request, live_id: GameId) -> Response:
    """The page; its script fills it from the stream, as a spectator sees the game (the hands
    hidden while it is played, unless its owner shows them; a private game: "no such live game")."""
    answer = page(request, "live.html", caller_of(request), title=msg("Live game"), live_id=live_id)
    answer.headers["Content-Security-Policy"] = LIVE_CSP
    return answer


def script_response(name: str) -> Response:
    """One of this site's scripts (``static/NAME``), as the live pages' policy allows them."""
    script = files("belote_notation.service").joinpath(f"static/{name}").read_text("utf-8")
    return Response(script, media_type="text/javascript",
                    headers={**HEADERS, "Cache-Control": "max-age=3600"})


@router.get("/web/live.js")
def live_script() -> Response:
    return script_response("live.js")
