"""The web front's pages of one game and of a job: the report as a page (each finding linked
to its place in the replay), the replay opened at the first finding, a review, a deletion
(asked, then done), and a job's progress and result (a large upload, a review).

A finding's place in the replay is the replay page's own (``render.view.game_view`` places
each finding at its act); the link is the page's anchor (``#d3t5c2``: deal 3, trick 5, card 2;
``#d2b4``: deal 2 after the 4th call), as ``belote-replay render`` writes them.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Iterable
from typing import Any

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import Response
from pydantic import ValidationError
from sqlalchemy import Engine

from belote_notation.check.report import translated_report
from belote_notation.game.lang import msg
from belote_notation.pipeline.records import iter_replays
from belote_notation.render.view import game_view
from belote_notation.service.deps import state_of
from belote_notation.service.jobs import enqueue
from belote_notation.service.problems import ApiProblem, StoreError
from belote_notation.service.queries import delete_game, game_reports, get_game, job_row
from belote_notation.service.routes_jobs import ReviewRequest
from belote_notation.service.tokens import Caller
from belote_notation.service.web_pages import (
    SMALL_FORM,
    FormRefused,
    caller_of,
    form_of,
    may_post,
    message,
    page,
    redirect,
    request_lang,
)

__all__ = ["anchor", "router", "upload_entries"]

router = APIRouter(include_in_schema=False)
FINDINGS_SHOWN = 8
"""Findings listed per game on an upload's answer page (the rest: the game's report page)."""
ID = "{game_id:str}"
REVIEW = msg("Review a game")
JOB_TITLES = {("import", "queued"): msg("Import queued"), ("import", "running"): msg("Import running"),
              ("import", "done"): msg("Import done"), ("import", "failed"): msg("Import failed"),
              ("review", "queued"): msg("Review queued"), ("review", "running"): msg("Review running"),
              ("review", "done"): msg("Review done"), ("review", "failed"): msg("Review failed")}
"""The job page's title, by the job's kind and state."""


def anchor(deal_index: int, at: list[int] | tuple[int, int] | None) -> str:
    """The replay page's anchor of a position: ``deal_index`` from 0, ``at`` (trick, card)
    from 1, or (0, k) after the k-th call, (0, 0) the deal as dealt (``viewer.js`` ``hashOf``).

    >>> anchor(2, (5, 2)), anchor(1, (0, 4)), anchor(0, (0, 0)), anchor(0, None)
    ('#d3t5c2', '#d2b4', '#d1', '#d1')
    """
    trick, step = at or (0, 0)
    return f"#d{deal_index + 1}" + (f"t{trick}c{step}" if trick else f"b{step}" if step else "")


def _places(bel: str) -> dict[tuple[Any, ...], list[str]]:
    """Each finding of the stored game placed as the replay page places it: its anchors in
    order, by (deal number, code, message) and by (deal number, code). The stored report's
    lines are the upload's, the page's those of the stored text: the same findings in the
    same order, their places matched by what they say, not by their lines."""
    out: dict[tuple[Any, ...], list[str]] = {}
    for replay in iter_replays(bel.encode("utf-8"), "game.bel"):
        view = game_view(replay)
        for index, deal in enumerate(view["deals"]):
            for found in deal["findings"]:
                place = anchor(index, found["at"])
                out.setdefault((deal["number"], found["code"], found["message"]), []).append(place)
                out.setdefault((deal["number"], found["code"]), []).append(place)
        break
    return out


class _PlacesCache:
    """The places of the last games asked for, by game id (a stored game never changes), so
    that the report page and its replay link replay a game once, not on every visit."""

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self.places: OrderedDict[str, dict[tuple[Any, ...], list[str]]] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, game_id: str, bel: str) -> dict[tuple[Any, ...], list[str]]:
        with self.lock:
            if game_id in self.places:
                self.places.move_to_end(game_id)
                return self.places[game_id]
        found = _places(bel)
        with self.lock:
            self.places[game_id] = found
            while len(self.places) > self.size:
                self.places.popitem(last=False)
        return found


PLACES = _PlacesCache()


def placed_findings(game_id: str, bel: str, findings: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The stored report's findings, each with ``anchor``: its place in the replay (``None``
    for a finding about the whole game)."""
    places = {key: list(value) for key, value in PLACES.get(game_id, bel).items()}
    out = []
    for found in findings:
        exact = places.get((found.get("deal"), found["code"], found["message"]))
        left = exact or places.get((found.get("deal"), found["code"]))
        out.append({**found, "anchor": left.pop(0) if left else None})
    return out


def upload_entries(engine: Engine, owner: str, result: dict[str, Any],
                   lang: str = "en") -> list[dict[str, Any]]:
    """An upload's answer as the page lists it, in the file's order: each game's number,
    what became of it, its title and its first findings (a rejected game's located in the
    file; an imported one's from its stored report), their text in ``lang``."""
    ids = [ref["id"] for kind in ("imported", "duplicates") for ref in result[kind]]
    stored = game_reports(engine, owner, ids)
    entries = []
    for kind in ("imported", "duplicates", "rejected"):
        for ref in result[kind]:
            row = stored.get(ref["id"]) if ref.get("id") else None
            findings = ref.get("findings") or []
            if kind == "imported" and row is not None and (ref["errors"] or ref["warnings"]):
                findings = json.loads(row.report)["findings"]
            findings = sorted(translated_report({"findings": findings}, lang)["findings"],
                              key=lambda f: (f.get("line") or 0, f.get("col") or 0))
            entries.append({**ref, "kind": kind, "title": row.event if row is not None else None,
                            "findings": findings[:FINDINGS_SHOWN],
                            "more": max(0, len(findings) - FINDINGS_SHOWN)})
    entries.sort(key=lambda e: e["game"])
    return entries


def _game_or_page(request: Request, game_id: str, caller: Caller | None) -> Any:
    admin = bool(caller and caller.can("admin"))
    try:
        return get_game(state_of(request).engine, game_id, caller.owner if caller else None, admin)
    except (ApiProblem, StoreError) as exc:
        return message(request, msg("No such game"), exc.said, caller, exc.status)


@router.get(f"/web/games/{ID}")
async def game_page(request: Request, game_id: str) -> Response:
    """The game's report as a page: what was recomputed, each finding with its place, its text in
    the language asked for (``?lang=``, else Accept-Language), and the replay in that language."""
    caller = caller_of(request)
    row = _game_or_page(request, game_id, caller)
    if isinstance(row, Response):
        return row
    report = json.loads(row.report)
    findings = await run_in_threadpool(placed_findings, row.id, row.bel, report["findings"])
    lang = request_lang(request)
    findings = translated_report({"findings": findings}, lang)["findings"]  # placed by their English text
    owned = caller is not None and caller.owner == row.owner
    return page(request, "game.html", caller, title=row.event or msg("Game %(game)s", game=row.id), row=row,
                report=report, findings=findings,
                can_change=owned and caller is not None and caller.can("write"))


@router.get(f"/web/games/{ID}/first-finding")
async def first_finding(request: Request, game_id: str) -> Response:
    """The replay page, opened at the game's first finding (in the file's order)."""
    caller = caller_of(request)
    row = _game_or_page(request, game_id, caller)
    if isinstance(row, Response):
        return row
    report = json.loads(row.report)
    ordered = sorted(report["findings"], key=lambda f: (f.get("line") or 0, f.get("col") or 0))
    placed = await run_in_threadpool(placed_findings, row.id, row.bel, ordered)
    first = next((f["anchor"] for f in placed if f["anchor"]), "")
    return redirect(f"/v1/games/{row.id}/replay{first}", request)


@router.get(f"/web/games/{ID}/delete")
def delete_page(request: Request, game_id: str) -> Response:
    """Asks before deleting (a link never deletes)."""
    caller = caller_of(request)
    if caller is None:
        return redirect("/web", request)
    row = _game_or_page(request, game_id, caller)
    if isinstance(row, Response):
        return row
    return page(request, "delete.html", caller, title=msg("Delete a game"), row=row)


@router.post(f"/web/games/{ID}/delete")
def delete(request: Request, game_id: str) -> Response:
    caller = may_post(request, "write", msg("Delete a game"))
    if not isinstance(caller, Caller):
        return caller
    try:
        delete_game(state_of(request).engine, game_id, caller.owner)
    except (ApiProblem, StoreError) as exc:
        return message(request, msg("Delete a game"), exc.said, caller, exc.status)
    return redirect("/web/games?deleted=1", request)


@router.post(f"/web/games/{ID}/review")
async def review(request: Request, game_id: str) -> Response:
    """A review job for one of the caller's games; its page follows it."""
    caller = may_post(request, "write", REVIEW)
    if not isinstance(caller, Caller):
        return caller
    try:
        form = await form_of(request, SMALL_FORM)
        options = ReviewRequest.model_validate({"samples": str(form.get("samples") or "0")})
    except FormRefused as exc:
        return message(request, REVIEW, exc.text, caller, exc.status)
    except ValidationError:
        return message(request, REVIEW, msg("Samples: a number from 0 to 20."), caller, 422)
    engine = state_of(request).engine
    row = _game_or_page(request, game_id, caller)
    if isinstance(row, Response):
        return row
    if row.owner != caller.owner:
        return message(request, REVIEW, msg("Only its owner may have a game reviewed."), caller, 404)
    job_id = await run_in_threadpool(enqueue, engine, caller.owner, "review", options.payload(game_id))
    return redirect(f"/web/jobs/{job_id}", request)


@router.get("/web/jobs/{job_id:str}")
def job_page(request: Request, job_id: str) -> Response:
    """A job's state (the page reloads itself while it runs) and, when done, its result."""
    caller = caller_of(request)
    if caller is None:
        return redirect("/web", request)
    engine = state_of(request).engine
    row = job_row(engine, job_id)
    if row is None or row.owner != caller.owner:
        return message(request, msg("No such job"), msg("No job of yours has this id."), caller, 404)
    result = json.loads(row.result) if row.result else None
    lang = request_lang(request)
    entries = upload_entries(engine, caller.owner, result, lang) if result and row.kind == "import" else None
    title = JOB_TITLES.get((row.kind, row.state), f"{row.kind} {row.state}")
    return page(request, "job.html", caller, title=title, job=row, result=result, entries=entries,
                waiting=row.state in ("queued", "running"))
