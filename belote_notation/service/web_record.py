"""The recording page of the web front: ``/web/live/new`` opens a live game (its rules and
players) and ``/web/live/{id}/record`` enters it on a phone, one tap an act: a deal's dealer and
cards (five a seat and the card face up, then the rest; or eight at once), then each call,
announcement and card as a button; every act goes over the game's WebSocket and its verdict
comes back at once (a refused card is shown with the finding's words, and not kept).

``/web/live/{id}/offers`` tells the page what the engine offers now (the announcements and the
belote word of the seat to play) and, at a deal's end or on a reload, the score sheet and the
score line due (:mod:`belote_notation.check.live_offers`): the page works out no rule and adds
up no score.

The table's token (it plays this game and nothing else) is kept in an ``HttpOnly``,
``SameSite=Strict`` cookie of the game's own path, so reloading the page goes on recording it;
the page hands it to its one script (``/web/record.js``) to open the socket, which keeps it for
the tab with the act awaiting its answer (sent again after a dropped connection). Same policy
as the live page: this site's scripts and connections only, no inline script, no ``eval``.

>>> table_cookie("kKHJlPw-dlte4hxVWW0V1Q")
'belote_table_kKHJlPw-dlte4hxVWW0V1Q'
>>> [deck_of(rules) for rules in ("moroccan", "coinche")]
['spanish', 'french']
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse, Response
from pydantic import ValidationError

from belote_notation.check.live_offers import OVER, offers, score_sheet
from belote_notation.game.cards import RULE_SYSTEM_DECKS, Deck
from belote_notation.game.lang import Lang, msg
from belote_notation.game.lang.render import translations
from belote_notation.game.rules import Ruleset
from belote_notation.service.deps import state_of
from belote_notation.service.live_store import live_row, open_live, table_of
from belote_notation.service.problems import ApiProblem
from belote_notation.service.routes_games import GameId
from belote_notation.service.routes_live import LiveOpen, hub_of, opening_options, opening_tags
from belote_notation.service.tokens import Caller
from belote_notation.service.web_live import LIVE_CSP, script_response
from belote_notation.service.web_pages import (
    SMALL_FORM,
    FormRefused,
    Text,
    caller_of,
    form_of,
    may_post,
    message,
    page,
    redirect,
    request_lang,
)

__all__ = ["deal_shape", "deck_of", "router", "table_cookie"]

router = APIRouter(include_in_schema=False)
TITLE = msg("Record a game")
RULES = tuple(RULE_SYSTEM_DECKS)  # the six rule systems, as the Rules tag names them


RECORD_TEXTS = (
    msg("North"), msg("East"), msg("South"), msg("West"), msg("five"), msg("eight"),
    msg(" (noted: %(said)s)"),
    msg("%(seat)s announces %(kind)s %(cards)s"),
    msg("%(seat)s plays %(card)s"),
    msg("%(seat)s plays %(card)s saying %(word)s"),
    msg("%(seat)s to play"),
    msg("Announce %(kind)s %(cards)s"),
    msg("Connection lost: trying again…"),
    msg("Deal %(deal)s is over"),
    msg("Deal %(deal)s · %(taker)s took %(trump)s: the rest, three cards a seat, two to %(name)s "
        "(who has the card face up)"),
    msg("Deal %(deal)s · dealer %(dealer)s · contract %(contract)s · tricks %(tricks)s"),
    msg("Deal %(deal)s: the dealer and the hands"),
    msg("Deal %(deal)s: the rest of the cards"),
    msg("End the game here (result *)"),
    msg("End: %(team)s won"),
    msg("End: %(team)s won the match"),
    msg("Everybody passed: the next deal"),
    msg("Its replay"),
    msg("Recorded: %(count)s acts"),
    msg("Refused: %(why)s"),
    msg("The game is over and stored."),
    msg("Trick %(trick)s: %(cards)s"),
    msg("Write the score line: N-S %(ns)s, E-W %(ew)s"),
    msg("card points so far"),
)
"""The words ``record.js`` writes (``t(...)``), handed to it in the page's language as a JSON block."""


def record_labels(lang: Lang) -> dict[str, str] | None:
    """``record.js``'s words in ``lang`` by their English text, their ``%(name)s`` places kept
    (``None`` in English: the script's own words)."""
    if lang == "en":
        return None
    catalogue = translations(lang)
    return {text.id: catalogue.gettext(text.id) for text in RECORD_TEXTS}


def table_cookie(live_id: str) -> str:
    """The cookie that holds the table token of the live game ``live_id``."""
    return f"belote_table_{live_id}"


def deck_of(rules: str) -> str:
    """The deck a rule system plays with (the cards the page offers)."""

    return RULE_SYSTEM_DECKS.get(rules, Deck.FRENCH).value


def deal_shape(rules: str) -> str:
    """How a deal of ``rules`` is dealt: ``five`` (five cards a seat and a card face up, the
    rest after the bidding: the Moroccan *tafr9a*) or ``eight`` (a contrée's eight at once).

    >>> [deal_shape(rules) for rules in ("moroccan", "classic", "contree")]
    ['five', 'five', 'eight']
    """
    return "eight" if Ruleset.preset(rules).bidding == "contree" else "five"


def _form_page(request: Request, caller: Caller, status: int = 200, error: Text | None = None) -> Response:
    return page(request, "live_new.html", caller, status, title=TITLE, rules=RULES, error=error)


@router.get("/web/live/new")
def new_page(request: Request) -> Response:
    caller = caller_of(request)
    if caller is None:
        return redirect("/web", request)
    return _form_page(request, caller)


@router.post("/web/live/new")
async def open_game(request: Request) -> Response:
    """Open the game, keep its table token in the game's cookie, go to its recording page."""
    caller = may_post(request, "write", TITLE)
    if not isinstance(caller, Caller):
        return caller
    try:
        form = await form_of(request, SMALL_FORM)
        players = {seat: str(form.get(seat) or "").strip() or None for seat in "NESW"}
        event = str(form.get("event") or "").strip()
        opening = LiveOpen(rules=str(form.get("rules") or "moroccan"), players=players,  # type: ignore[arg-type]
                           tags=[{"name": "Event", "value": event}] if event else [],  # type: ignore[list-item]
                           private=form.get("private") == "true", show_hands=form.get("show_hands") == "true")
        options = opening_options(opening)
    except FormRefused as exc:
        return message(request, TITLE, exc.text, caller, exc.status)
    except ValidationError as exc:
        where = ".".join(str(part) for part in exc.errors()[0]["loc"])
        return _form_page(request, caller, 422, f"{where}: {exc.errors()[0]['msg']}")
    except ApiProblem as exc:
        return _form_page(request, caller, exc.status, exc.said)
    settings = state_of(request).settings
    try:
        opened = await run_in_threadpool(open_live, state_of(request).engine, caller.owner, opening.rules,
                                         opening_tags(opening), opening.private, opening.show_hands,
                                         settings.live_per_owner, settings.live_idle_timeout, options)
    except ApiProblem as exc:
        return _form_page(request, caller, exc.status, exc.said)
    answer = redirect(f"/web/live/{opened.id}/record", request)
    answer.set_cookie(table_cookie(opened.id), opened.token, path=f"/web/live/{opened.id}", httponly=True,
                      samesite="strict", secure=request.url.scheme == "https",
                      max_age=int(settings.live_idle_timeout) + 86400)
    return answer


@router.get("/web/live/{live_id}/record")
def record_page(request: Request, live_id: GameId) -> Response:
    """The page; its script plays the game over the socket with the table token of its cookie."""
    caller = caller_of(request)
    secret = request.cookies.get(table_cookie(live_id))
    if not secret or table_of(state_of(request).engine, secret) != live_id:
        return message(request, TITLE, msg("This game is recorded on the device that opened it; "
                                           "open a game of your own to record one."), caller, 403)
    row = live_row(state_of(request).engine, live_id)
    rules = row.rules if row is not None else "moroccan"
    answer = page(request, "record.html", caller, title=TITLE, live_id=live_id, token=secret, rules=rules,
                  deck=deck_of(rules), shape=deal_shape(rules), labels=record_labels(request_lang(request)))
    answer.headers["Content-Security-Policy"] = LIVE_CSP
    return answer


@router.get("/web/live/{live_id}/offers")
async def table_offers(request: Request, live_id: GameId, sheet: bool = False) -> Response:
    """For the table's device (its cookie): what the seat to play may say now (announcements,
    the belote word) and, when ``sheet`` is asked or a deal waits for its score line, the score
    sheet as the engine counts it (:mod:`belote_notation.check.live_offers`)."""
    secret = request.cookies.get(table_cookie(live_id))
    engine = state_of(request).engine
    if not secret or await run_in_threadpool(table_of, engine, secret) != live_id:
        return JSONResponse({"detail": "not this device's table"}, 403)
    table = await hub_of(request.app).table(live_id)
    if table is None:
        return JSONResponse({"detail": "no such live game"}, 404)
    async with table.lock:  # no act taken while the engine's state is read
        found = offers(table.game)
        if sheet or table.game.position.get("phase") in OVER:
            found["sheet"] = await run_in_threadpool(score_sheet, table.game)
    return JSONResponse(found, headers={"Cache-Control": "no-store"})


@router.get("/web/record.js")
def record_script() -> Response:
    return script_response("record.js")
