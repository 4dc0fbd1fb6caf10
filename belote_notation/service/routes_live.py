"""Live games (docs/live.md, "The service"): ``POST /v1/live`` opens one; its acts come over a
WebSocket (``/v1/live/{id}/play``) or as NDJSON (``POST /v1/live/{id}/acts``), each answered
with its verdict; its followers read ``GET /v1/live/{id}/events`` (Server-Sent Events or NDJSON:
the state first, then each act).

A message in is an act (``{"act": "card", "seat": "N", "card": "AH"}``, docs/live.md "Acts")
with its number ``seq`` beside its fields (the number it takes: the game's count of acts + 1;
left out: the next), or ``{"seq": N, "undo": true}`` (take back act N, the last). Each is answered, in
order, by a ``verdict`` (or ``undone``), or a ``problem`` holding an RFC 9457 problem object.

A verdict's findings speak the language of the connection (docs/languages.md): ``?lang=`` on the
socket's, the acts' or the events' URL, else its ``Accept-Language``; ``POST /v1/live?lang=fr``
hands back URLs that carry it.

>>> answer_of_problem(ApiProblem(409, "conflict", "act 9 is not the next one"), 9)["problem"]["code"]
'conflict'
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import IO, Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from belote_notation.check.report import translated_report
from belote_notation.game.lang import msg
from belote_notation.game.lang.render import lang_of
from belote_notation.service.db import release_reads
from belote_notation.service.deps import body_of, optional_caller, state_of, writer
from belote_notation.service.live import Hub, Table
from belote_notation.service.live_store import PLAYING, open_live, table_of
from belote_notation.service.models import option_pattern, rules_names
from belote_notation.service.problems import ApiProblem, problem_responses
from belote_notation.service.routes_games import GameId
from belote_notation.service.tokens import Caller, identify

__all__ = ["answer_of_problem", "hub_of", "opening_options", "opening_tags", "router"]

router = APIRouter(tags=["live"])
SEATS = {"N": "North", "E": "East", "S": "South", "W": "West"}
NDJSON = "application/x-ndjson"
SSE = "text/event-stream"
KEEPALIVE = 15.0
"""Seconds between two keep-alives of a follower's stream (an empty line, an SSE comment)."""
CLOSE_POLICY = 1008
LANG = Query(None, pattern="^(en|fr|ar)$", description="The verdicts' language (else Accept-Language, else "
             "en; docs/languages.md)")


def language(lang: str | None, headers: Any) -> str:
    """The language a connection asked for: ``lang``, else its ``Accept-Language``, else English."""
    return lang_of(lang or headers.get("accept-language"))


TAG_TEXT = r"^[^\x00-\x1f\x7f]*$"
"""A tag's value: one line, no control character."""
Name = Annotated[str, StringConstraints(max_length=200, pattern=TAG_TEXT)]


class Players(BaseModel):
    """The players by seat (the record's ``North`` ... ``West`` tags)."""

    model_config = ConfigDict(extra="forbid")
    N: Name | None = None
    E: Name | None = None
    S: Name | None = None
    W: Name | None = None


class Tag(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(pattern=r"^[A-Za-z][A-Za-z0-9_]{0,63}$")
    value: Name


class LiveOpen(BaseModel):
    """A live game to open."""

    model_config = ConfigDict(extra="forbid")
    rules: Literal[tuple(n for n in rules_names() if n)] = "moroccan"  # type: ignore[valid-type]
    options: list[Annotated[str, StringConstraints(pattern=option_pattern())]] = Field(
        default_factory=list, max_length=40, description="The rule system's options, `NAME=VALUE` as "
                                                         "`--option` takes them")
    players: Players = Field(default_factory=Players)
    tags: list[Tag] = Field(default_factory=list, max_length=40, description="More tags of the record "
                            "(Event, Site, Date, Round, ...); Rules, Result and Option are set otherwise")
    private: bool = Field(False, description="Followed by its owner only (else by anyone with its id)")
    show_hands: bool = Field(False, description="Spectators see the hands while it is played")


class LiveOpened(BaseModel):
    id: str
    token: str = Field(description="The table's write token, shown once: plays this game and nothing else")
    play: str
    acts: str
    events: str
    state: str


def hub_of(app: Any) -> Hub:
    hub: Hub | None = getattr(app.state, "live", None)
    if hub is None:
        service = app.state.service
        hub = app.state.live = Hub(service.engine, service.settings)
    return hub


def opening_tags(opening: LiveOpen) -> dict[str, str]:
    """The record's tags of ``opening``: its players', then its own but those set otherwise."""
    tags = {SEATS[seat]: name for seat, name in opening.players.model_dump().items() if name is not None}
    for tag in opening.tags:
        if tag.name.lower() not in ("rules", "result", "option"):
            tags[tag.name] = tag.value
    return tags


def opening_options(opening: LiveOpen) -> dict[str, str]:
    """The options, checked as ``validate --option`` checks them; 422 for a combination refused."""
    from belote_notation.check.setup import ValidationConfig
    from belote_notation.check.suggest import ConfigError

    options = dict(item.partition("=")[::2] for item in opening.options)
    try:
        ValidationConfig(rules=opening.rules, options=tuple(options.items()))
    except ConfigError as exc:
        raise ApiProblem(422, "invalid", exc.reason, errors=[{"field": "options"}]) from None
    return options


@router.post("/v1/live", summary="Open a live game", operation_id="openLive", status_code=201,
             response_model=LiveOpened, responses=problem_responses(400, 401, 403, 422, 429))
async def open_game(request: Request, opening: LiveOpen, caller: Caller = Depends(writer),
                    lang: str | None = LANG) -> dict[str, Any]:
    """A new live game of the caller, and the write token of its table (for the device that records it);
    with `lang`, the URLs of its socket, acts and events carry it (their verdicts in that language)."""
    state = state_of(request)
    settings = state.settings
    release_reads()
    opened = await run_in_threadpool(open_live, state.engine, caller.owner, opening.rules,
                                     opening_tags(opening), opening.private, opening.show_hands,
                                     settings.live_per_owner, settings.live_idle_timeout,
                                     opening_options(opening))
    base = f"{settings.base_url}/v1/live/{opened.id}"
    asked = f"?lang={lang}" if lang else ""
    return {"id": opened.id, "token": opened.token, "play": base + "/play" + asked,
            "acts": base + "/acts" + asked, "events": base + "/events" + asked, "state": base}


def answer_of_problem(problem: ApiProblem, seq: Any = None, lang: str = "en") -> dict[str, Any]:
    """A problem as a message of the socket or of the acts' stream (its ``message`` in ``lang``)."""
    return {"type": "problem", "seq": seq if isinstance(seq, int) else None, "problem": problem.body(lang)}


async def answer(hub: Hub, table: Table, text: str | bytes, lang: str = "en") -> dict[str, Any]:
    """The answer to one message: a verdict, or a problem (never an exception) with its
    ``message`` in ``lang``."""
    seq: Any = None
    try:
        if len(text) > hub.settings.live_message_max:
            raise ApiProblem(413, "too-large", msg("a message is at most %(limit)s bytes",
                                                  limit=hub.settings.live_message_max))
        try:
            message = json.loads(text)
        except (ValueError, UnicodeDecodeError) as exc:
            raise ApiProblem(400, "bad-request", msg("not JSON: %(error)s", error=str(exc))) from None
        if not isinstance(message, dict):
            said = msg('a message is an object: {"seq": N, "act": "card", ...}')
            raise ApiProblem(400, "bad-request", said)
        seq = message.pop("seq", None)
        if seq is not None and (not isinstance(seq, int) or isinstance(seq, bool) or seq < 1):
            raise ApiProblem(422, "invalid", msg("seq: a number from 1"), errors=[{"field": "seq"}])
        if message == {"undo": True}:
            return await hub.undo(table, seq)
        return await hub.play(table, seq, message)
    except ApiProblem as problem:
        return answer_of_problem(problem, seq, lang)
    except Exception:  # noqa: BLE001 - a message never closes the table: logged, answered
        import logging

        logging.getLogger("belote_notation.service").exception("live game %s: message failed", table.id)
        internal = ApiProblem(500, "internal", msg("an internal error; it was logged"))
        return answer_of_problem(internal, seq, lang)


async def _player_of(request_like: Any, hub: Hub, live_id: str, secret: str | None) -> Table:
    """The table ``live_id`` if ``secret`` plays it (its table token, or a write token of its owner)."""
    table = await hub.table(live_id)
    if table is None:
        raise ApiProblem(404, "not-found", msg("no live game with this id"))
    if not secret:
        raise ApiProblem(401, "unauthorized",
                         msg("this needs the table's token (or a write token of its owner)"),
                         {"WWW-Authenticate": "Bearer"})
    engine = hub.engine
    if secret.startswith("bt_"):
        if await run_in_threadpool(table_of, engine, secret) == live_id:
            return table
    else:
        caller = await run_in_threadpool(identify, engine, secret)
        owner = caller is not None and (caller.owner == table.owner or caller.can("admin"))
        if owner and caller is not None and caller.can("write"):
            return table
    raise ApiProblem(403, "forbidden", msg("this token does not play this live game"))


def _bearer(headers: Any) -> str | None:
    value = headers.get("authorization") or ""
    scheme, _, secret = value.partition(" ")
    return secret.strip() if scheme.lower() == "bearer" else None


@router.websocket("/v1/live/{live_id}/play")
async def play(websocket: WebSocket, live_id: str, token: str | None = None, lang: str | None = None) -> None:
    """One JSON message per act, each answered (in order) with its verdict and the new position;
    the first message from the service is the game's state (resume from its ``seq``)."""
    hub = hub_of(websocket.app)
    speaks = language(lang, websocket.headers)
    await websocket.accept()
    try:
        table = await _player_of(websocket, hub, live_id, token or _bearer(websocket.headers))
    except ApiProblem as problem:
        await websocket.send_json(answer_of_problem(problem, lang=speaks))
        await websocket.close(CLOSE_POLICY)
        return
    await websocket.send_json(table.state_event(spectator=False, base=hub.settings.base_url))
    idle = hub.settings.live_idle_timeout
    try:
        while True:
            try:
                message = await asyncio.wait_for(websocket.receive(), idle if idle > 0 else None)
            except asyncio.TimeoutError:  # said in the connection's language, then closed ("idle": a token)
                await websocket.send_json(answer_of_problem(ApiProblem(408, "bad-request", msg(
                    "no message for %(seconds)s s: the connection is closed; the game is kept, connect again "
                    "to go on", seconds=format(idle, "g"))), lang=speaks))
                await websocket.close(1001, "idle")
                return
            if message["type"] == "websocket.disconnect":
                return
            text = message.get("text")
            data = text if text is not None else message["bytes"]
            await websocket.send_json(translated_report(await answer(hub, table, data, speaks), speaks))
            if hub.tables.get(live_id) is not table:  # dropped after a failed write: the game as written
                table = await hub.table(live_id) or table
    except WebSocketDisconnect:
        return


ACTS_DOC = ("NDJSON: one message per line (an act with its number: `{\"seq\": N, \"act\": \"card\", ...}`, "
            "or `{\"seq\": N, \"undo\": true}`); "
            "the answer is NDJSON too, one answer per message in order: `verdict`, `undone` or `problem`.")


@router.post("/v1/live/{live_id}/acts", summary="Send acts of a live game (NDJSON)",
             operation_id="sendLiveActs", response_class=StreamingResponse,
             openapi_extra={"requestBody": {"required": True, "description": ACTS_DOC, "content": {
                 NDJSON: {"schema": {"type": "string"}},
                 "application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}}},
             responses={200: {"description": ACTS_DOC, "content": {NDJSON: {"schema": {"type": "string"}}}},
                        **problem_responses(400, 401, 403, 404, 413, 422, 429)})
async def send_acts(request: Request, live_id: GameId,
                    body: IO[bytes] = Depends(body_of), lang: str | None = LANG) -> StreamingResponse:
    """Each line's act taken in order and answered on the same line of the answer."""
    hub = hub_of(request.app)
    speaks = language(lang, request.headers)
    table = await _player_of(request, hub, live_id, _bearer(request.headers))
    release_reads()
    answers = []
    with body:
        for line in body:
            if line.strip():
                said = translated_report(await answer(hub, table, line.strip(), speaks), speaks)
                answers.append(json.dumps(said, separators=(",", ":")) + "\n")
    return StreamingResponse(iter(answers), media_type=NDJSON)


async def _follower_of(request: Request, live_id: str, caller: Caller | None) -> tuple[Table, bool]:
    """The table and whether the caller is a spectator (not its owner); 404 for a private game of another."""
    hub = hub_of(request.app)
    table = await hub.table(live_id)
    owner = caller is not None and (caller.owner == table.owner or caller.can("admin")) if table else False
    if table is None or (table.private and not owner):
        raise ApiProblem(404, "not-found", msg("no live game with this id"))
    return table, not owner


@router.get("/v1/live/{live_id}", summary="A live game's state", operation_id="getLive",
            responses=problem_responses(401, 404, 422, 429))
async def live_state(request: Request, live_id: GameId,
                     caller: Caller | None = Depends(optional_caller)) -> dict[str, Any]:
    """The game now: its acts, its position, whether it ended (and the stored game, once it did)."""
    table, spectator = await _follower_of(request, live_id, caller)
    return table.state_event(spectator, state_of(request).settings.base_url)


EVENTS_DOC = ("The state first (`type` `state`: every act so far and the position), then each act as it is "
              "taken (`act`), taken back (`undo`), and the end (`end`, with the stored game); then the "
              "stream closes. NDJSON (lichess's stream format; an empty line keeps it alive) or Server-Sent "
              "Events by Accept (each event's name its `type`, its `id` the act's number). Spectators see "
              "no hand while it is played unless its owner opened it with `show_hands`.")


@router.get("/v1/live/{live_id}/events", summary="Follow a live game", operation_id="followLive",
            response_class=StreamingResponse,
            responses={200: {"description": EVENTS_DOC, "content": {NDJSON: {"schema": {"type": "string"}},
                                                                    SSE: {"schema": {"type": "string"}}}},
                       **problem_responses(401, 404, 422, 429)})
async def live_events(request: Request, live_id: GameId,
                      caller: Caller | None = Depends(optional_caller),
                      lang: str | None = LANG) -> StreamingResponse:
    """The game's state, then each of its acts as it is taken (its findings in `lang`), until it ends."""
    table, spectator = await _follower_of(request, live_id, caller)
    sse = SSE in (request.headers.get("accept") or "")
    base = state_of(request).settings.base_url
    speaks = language(lang, request.headers)
    return StreamingResponse(_events(hub_of(request.app), table, spectator, sse, base, speaks),
                             media_type=SSE if sse else NDJSON,
                             headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})


def _line(event: dict[str, Any], sse: bool) -> str:
    data = json.dumps(event, separators=(",", ":"))
    if not sse:
        return data + "\n"
    ident = f"id: {event['seq']}\n" if isinstance(event.get("seq"), int) else ""
    return f"{ident}event: {event['type']}\ndata: {data}\n\n"


async def _events(hub: Hub, table: Table, spectator: bool, sse: bool, base: str,
                  speaks: str = "en") -> AsyncIterator[str]:
    queue = table.follow()
    try:
        if sse:
            yield "retry: 2000\n\n"
        yield _line(table.state_event(spectator, base), sse)
        if table.state != PLAYING:
            return
        while True:
            try:
                event = await asyncio.wait_for(queue.get(), KEEPALIVE)
            except asyncio.TimeoutError:
                # An idle game is closed by a sweep, and with nobody playing, no request may come to
                # run one: the followers' keep-alives do, so that their streams end.
                await hub.sweep()
                yield ": keep-alive\n\n" if sse else "\n"
                continue
            if event is None:
                return
            yield _line(translated_report(table.view(event, spectator), speaks), sse)
    finally:
        table.followers.discard(queue)
