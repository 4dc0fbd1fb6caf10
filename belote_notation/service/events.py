"""A job's progress pushed as Server-Sent Events: ``GET /v1/jobs/{id}/events``.

The stream sends the job (the body of ``GET /v1/jobs/{id}``) each time its state or progress
changes, as a ``progress`` event, then one final ``done`` or ``failed`` event, and closes.
An event's id says how far the job was (``0`` queued, ``1`` + progress in thousandths while
running, ``1002`` finished), so a client that reconnects with ``Last-Event-ID`` gets only what
came after; between events a comment (``: keep-alive``) keeps proxies from closing the
connection. A stream lasts at most :data:`MAX_SECONDS` (the client reconnects, as browsers'
``EventSource`` do by themselves).

>>> frame("progress", 5, {"state": "running"})
'id: 5\\nevent: progress\\ndata: {"state": "running"}\\n\\n'
>>> event_id("queued", 0.0), event_id("running", 0.5), event_id("done", 1.0)
(0, 501, 1002)
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Callable
from typing import Any

from fastapi import APIRouter, Depends, Header, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import StreamingResponse

from belote_notation.game.lang import msg
from belote_notation.service.deps import reader, state_of
from belote_notation.service.models import JobState, job_body
from belote_notation.service.problems import ApiProblem, problem_responses
from belote_notation.service.routes_games import GameId
from belote_notation.service.tokens import Caller

__all__ = ["FINAL_ID", "MAX_SECONDS", "event_id", "frame", "router"]

router = APIRouter(tags=["jobs"])
MEDIA_TYPE = "text/event-stream"
FINAL_ID = 1002
POLL = 0.25
"""Seconds between two looks at the job (one indexed read)."""
MAX_SECONDS = 300.0
RETRY_MS = 2000
"""What the stream tells a client to wait before reconnecting."""
FINISHED = (JobState.done.value, JobState.failed.value)


def event_id(state: str, progress: float) -> int:
    """How far a job is, as a number that only grows: the id of the event that says so."""
    if state in FINISHED:
        return FINAL_ID
    if state == JobState.running.value:
        return 1 + round(max(0.0, min(1.0, progress)) * 1000)
    return 0


def frame(event: str, ident: int, data: dict[str, Any]) -> str:
    """One event of the stream, as the SSE format writes it."""
    return f"id: {ident}\nevent: {event}\ndata: {json.dumps(data, separators=(', ', ': '))}\n\n"


def _last_id(header: str | None) -> int:
    try:
        return int(header) if header is not None else -1
    except ValueError:
        return -1


async def stream(load: Callable[[], Any], last: int, keepalive: float) -> AsyncIterator[str]:
    """The events of the job ``load()`` reads, after the id ``last``."""
    yield f"retry: {RETRY_MS}\n\n"
    started = quiet_since = time.monotonic()
    while time.monotonic() - started < MAX_SECONDS:
        row = await run_in_threadpool(load)
        if row is None:  # deleted while followed
            return
        ident = event_id(row.state, row.progress)
        if ident > last:
            last = ident
            yield frame(row.state if ident == FINAL_ID else "progress", ident, job_body(row))
            quiet_since = time.monotonic()
        if ident == FINAL_ID:
            return
        if time.monotonic() - quiet_since >= keepalive:
            yield ": keep-alive\n\n"
            quiet_since = time.monotonic()
        await asyncio.sleep(POLL)


EVENTS_DOC = (
    "`text/event-stream`: a `progress` event at each change of the job's state or progress, then "
    "`done` or `failed`, and the stream closes. Each event's `data` is the job (as `GET /v1/jobs/{id}`), "
    "its `id` how far the job was: `0` queued, `1` + progress in thousandths while running, `1002` "
    "finished. Send `Last-Event-ID` to resume after an event. Comments (`: keep-alive`) come between events.")


@router.get("/v1/jobs/{job_id}/events", summary="A job's progress, pushed (Server-Sent Events)",
            operation_id="getJobEvents", response_class=StreamingResponse,
            responses={200: {"description": EVENTS_DOC,
                             "content": {MEDIA_TYPE: {"schema": {"type": "string"}}}},
                       **problem_responses(401, 403, 404, 422)})
async def job_events(request: Request, job_id: GameId, caller: Caller = Depends(reader),
                     last_event_id: str | None = Header(None, max_length=20, pattern="^[0-9]+$",
                                                        description="Resume after this event")
                     ) -> StreamingResponse:
    """The job's progress and end as Server-Sent Events (the job must be the caller's)."""
    from belote_notation.service.queries import job_row

    state = state_of(request)
    row = await run_in_threadpool(job_row, state.engine, job_id)
    if row is None or row.owner != caller.owner:
        raise ApiProblem(404, "not-found", msg("no job of yours with this id"))
    events = stream(lambda: job_row(state.engine, job_id), _last_id(last_event_id),
                    state.settings.events_keepalive)
    return StreamingResponse(events, media_type=MEDIA_TYPE,
                             headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
