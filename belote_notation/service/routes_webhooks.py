"""Webhooks of the caller: ``POST/GET /v1/webhooks``, ``DELETE /v1/webhooks/{id}`` and the
delivery log ``GET /v1/webhooks/{id}/deliveries`` (the contract is in ``webhooks.py``)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Request, Response
from fastapi.concurrency import run_in_threadpool
from sqlalchemy import Engine, delete, select

from belote_notation.game.lang import msg
from belote_notation.service.deps import reader, state_of, writer
from belote_notation.service.models import Delivery, Webhook, WebhookCreated, WebhookRequest
from belote_notation.service.problems import ApiProblem, problem_responses
from belote_notation.service.routes_games import GameId
from belote_notation.service.schema import DELIVERIES, WEBHOOKS
from belote_notation.service.tokens import Caller
from belote_notation.service.webhooks import checked_webhook, register

__all__ = ["router"]

router = APIRouter(tags=["webhooks"])
LOG_MAX = 200
"""The newest deliveries the log shows."""


def _iso(value: Any) -> str | None:
    return value.isoformat() if value is not None else None


@router.post("/v1/webhooks", status_code=201, summary="Push the end of each of my jobs to a URL",
             operation_id="createWebhook", response_model=WebhookCreated,
             responses=problem_responses(400, 401, 403, 422))
def create(request: Request, body: WebhookRequest, caller: Caller = Depends(writer)) -> dict[str, Any]:
    """Every job of the caller's account that finishes from now on is POSTed to ``url``, signed
    with the ``secret`` of the answer (shown once)."""
    state = state_of(request)
    checked_webhook(body.url, state.settings)  # 422 before anything is stored
    return register(state.engine, caller.owner, body.url, state.settings, caller.token_id)


def _own(engine: Engine, webhook_id: str, owner: str) -> None:
    with engine.connect() as conn:
        found = conn.execute(select(WEBHOOKS.c.id).where(WEBHOOKS.c.id == webhook_id,
                                                         WEBHOOKS.c.owner == owner)).first()
    if found is None:
        raise ApiProblem(404, "not-found", msg("no webhook of yours with this id"))


@router.get("/v1/webhooks", summary="My webhooks", operation_id="listWebhooks", response_model=list[Webhook],
            responses=problem_responses(401, 403))
def listing(request: Request, caller: Caller = Depends(reader)) -> list[dict[str, Any]]:
    with state_of(request).engine.connect() as conn:
        rows = conn.execute(select(WEBHOOKS).where(WEBHOOKS.c.owner == caller.owner)
                            .order_by(WEBHOOKS.c.created_at)).all()
    return [{"id": r.id, "url": r.url, "job": r.job_id, "created_at": r.created_at.isoformat()} for r in rows]


@router.delete("/v1/webhooks/{webhook_id}", status_code=204, summary="Stop a webhook (and forget its log)",
               operation_id="deleteWebhook", response_class=Response,
               responses=problem_responses(401, 403, 404, 422))
def remove(request: Request, webhook_id: GameId, caller: Caller = Depends(writer)) -> Response:
    engine = state_of(request).engine
    _own(engine, webhook_id, caller.owner)
    with engine.begin() as conn:
        conn.execute(delete(DELIVERIES).where(DELIVERIES.c.webhook_id == webhook_id))
        conn.execute(delete(WEBHOOKS).where(WEBHOOKS.c.id == webhook_id))
    return Response(status_code=204)


@router.get("/v1/webhooks/{webhook_id}/deliveries", summary="A webhook's delivery log, newest first",
            operation_id="listWebhookDeliveries", response_model=list[Delivery],
            responses=problem_responses(401, 403, 404, 422))
async def deliveries(request: Request, webhook_id: GameId, caller: Caller = Depends(reader)
                     ) -> list[dict[str, Any]]:
    """Each event pushed to the webhook: its state (pending, delivered, failed), its attempts,
    the receiver's last status or the error."""
    engine = state_of(request).engine
    await run_in_threadpool(_own, engine, webhook_id, caller.owner)

    def read() -> list[Any]:
        with engine.connect() as conn:
            return list(conn.execute(select(DELIVERIES).where(DELIVERIES.c.webhook_id == webhook_id)
                                     .order_by(DELIVERIES.c.created_at.desc()).limit(LOG_MAX)).all())

    return [{"id": r.id, "event": r.event, "job": r.job_id, "state": r.state, "attempts": r.attempts,
             "last_status": r.last_status, "last_error": r.last_error, "created_at": r.created_at.isoformat(),
             "next_attempt_at": _iso(r.next_attempt_at) if r.state == "pending" else None,
             "delivered_at": _iso(r.delivered_at)} for r in await run_in_threadpool(read)]
