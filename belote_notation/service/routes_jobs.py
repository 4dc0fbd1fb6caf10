"""Review jobs and their state: ``POST /v1/games/{id}/review``, ``GET /v1/jobs/{id}``."""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field, model_validator

from belote_notation.service.deps import reader, state_of, writer
from belote_notation.service.jobs import enqueue
from belote_notation.service.problems import ApiProblem, problem_responses
from belote_notation.service.queries import get_game, job_row
from belote_notation.service.routes_games import GameId
from belote_notation.service.tokens import Caller

__all__ = ["ReviewRequest", "router"]

router = APIRouter(tags=["jobs"])


class ReviewRequest(BaseModel):
    """The options of ``belote-replay annotate``."""

    samples: int = Field(0, ge=0, le=20, description="Also judge each card over N sampled deals")
    seed: int = Field(0, ge=0, le=2**31 - 1)
    inaccuracy: int = Field(6, ge=1, le=162)
    mistake: int = Field(16, ge=1, le=162)
    blunder: int = Field(40, ge=1, le=162)

    @model_validator(mode="after")
    def _growing(self) -> ReviewRequest:
        if not self.inaccuracy <= self.mistake <= self.blunder:
            raise ValueError("the thresholds must grow: inaccuracy <= mistake <= blunder")
        return self


@router.post("/v1/games/{game_id}/review", status_code=202, summary="Queue a review of a game",
             responses={202: {"description": "The job (GET its url)"},
                        **problem_responses(400, 401, 403, 404, 422, 429)})
async def review(request: Request, game_id: GameId, options: ReviewRequest | None = None,
                 caller: Caller = Depends(writer)) -> JSONResponse:
    """Annotate the game with the solver; the reviewed copy is stored as a new version."""
    state = state_of(request)
    options = options or ReviewRequest.model_validate({})
    row = await run_in_threadpool(get_game, state.engine, game_id, caller.owner, caller.can("admin"))
    if row.owner != caller.owner and not caller.can("admin"):
        raise ApiProblem(404, "not-found", "no game of yours with this id")
    payload = {"game": game_id, "samples": options.samples, "seed": options.seed,
               "thresholds": {"inaccuracy": options.inaccuracy, "mistake": options.mistake,
                              "blunder": options.blunder}}
    job_id = await run_in_threadpool(enqueue, state.engine, caller.owner, "review", payload)
    return JSONResponse({"job": job_id, "url": f"/v1/jobs/{job_id}", "state": "queued"}, status_code=202,
                        headers={"Location": f"/v1/jobs/{job_id}"})


@router.get("/v1/jobs/{job_id}", summary="A job's state",
            responses=problem_responses(401, 403, 404, 422, 429))
def job(request: Request, job_id: GameId, caller: Caller = Depends(reader)) -> dict[str, Any]:
    """``state`` (queued, running, done, failed), ``progress`` (0 to 1), ``result`` when done."""
    row = job_row(state_of(request).engine, job_id)
    if row is None or row.owner != caller.owner:
        raise ApiProblem(404, "not-found", "no job of yours with this id")
    return {"id": row.id, "kind": row.kind, "state": row.state, "progress": row.progress,
            "attempts": row.attempts, "result": json.loads(row.result) if row.result else None,
            "error": row.error, "created_at": row.created_at.isoformat(),
            "updated_at": row.updated_at.isoformat()}
