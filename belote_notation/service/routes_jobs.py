"""Review jobs and their state: ``POST /v1/games/{id}/review``, ``GET /v1/jobs/{id}``."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, model_validator

from belote_notation.game.lang import msg
from belote_notation.service.deps import reader, state_of, writer
from belote_notation.service.jobs import enqueue
from belote_notation.service.models import WEBHOOK_URL, Job, JobAccepted, job_body
from belote_notation.service.openapi import job_links
from belote_notation.service.problems import ApiProblem, problem_responses
from belote_notation.service.queries import get_game, job_row
from belote_notation.service.routes_games import GameId
from belote_notation.service.tokens import Caller
from belote_notation.service.webhooks import checked_webhook, register

__all__ = ["ReviewRequest", "router"]

router = APIRouter(tags=["jobs"])


class ReviewRequest(BaseModel):
    """The options of ``belote-replay annotate`` (another field is refused: a typo is not ignored)."""

    model_config = ConfigDict(extra="forbid")

    samples: int = Field(0, ge=0, le=20, description="Also judge each card over N sampled deals")
    seed: int = Field(0, ge=0, le=2**31 - 1)
    inaccuracy: int = Field(6, ge=1, le=162)
    mistake: int = Field(16, ge=1, le=162)
    blunder: int = Field(40, ge=1, le=162)
    webhook: str | None = Field(None, max_length=2000, pattern=WEBHOOK_URL,
                                description="A URL the review's end is pushed to")

    @model_validator(mode="after")
    def _growing(self) -> ReviewRequest:
        if not self.inaccuracy <= self.mistake <= self.blunder:
            raise ValueError("the thresholds must grow: inaccuracy <= mistake <= blunder")
        return self

    def payload(self, game_id: str) -> dict[str, Any]:
        """The review job's payload for the game ``game_id`` (what ``work.review_game`` reads)."""
        return {"game": game_id, "samples": self.samples, "seed": self.seed,
                "thresholds": {"inaccuracy": self.inaccuracy, "mistake": self.mistake,
                               "blunder": self.blunder}}


@router.post("/v1/games/{game_id}/review", status_code=202, summary="Queue a review of a game",
             operation_id="reviewGame", response_model=JobAccepted,
             responses={202: {"description": "The job (GET its url)", "links": job_links()},
                        **problem_responses(400, 401, 403, 404, 422, 429)})
async def review(request: Request, game_id: GameId, options: ReviewRequest | None = None,
                 caller: Caller = Depends(writer)) -> JSONResponse:
    """Annotate the game with the solver; the reviewed copy is stored as a new version."""
    state = state_of(request)
    options = options or ReviewRequest.model_validate({})
    hook = checked_webhook(options.webhook, state.settings)
    row = await run_in_threadpool(get_game, state.engine, game_id, caller.owner, caller.can("admin"))
    if row.owner != caller.owner and not caller.can("admin"):
        raise ApiProblem(404, "not-found", msg("no game of yours with this id"))
    job_id = await run_in_threadpool(enqueue, state.engine, caller.owner, "review", options.payload(game_id))
    created = None if hook is None else await run_in_threadpool(
        register, state.engine, caller.owner, hook, state.settings, caller.token_id, job_id)
    return JSONResponse({"job": job_id, "url": f"/v1/jobs/{job_id}", "state": "queued",
                         "webhook": created}, status_code=202,
                        headers={"Location": f"/v1/jobs/{job_id}"})


@router.get("/v1/jobs/{job_id}", summary="A job's state", operation_id="getJob", response_model=Job,
            responses=problem_responses(401, 403, 404, 422, 429))
def job(request: Request, job_id: GameId, caller: Caller = Depends(reader)) -> dict[str, Any]:
    """``state`` (queued, running, done, failed), ``progress`` (0 to 1), ``result`` when done."""
    row = job_row(state_of(request).engine, job_id)
    if row is None or row.owner != caller.owner:
        raise ApiProblem(404, "not-found", msg("no job of yours with this id"))
    return job_body(row)
