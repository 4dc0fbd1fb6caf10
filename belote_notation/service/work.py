"""What the jobs do: a review (the library's annotate) stored as a new version of a game, and a
large upload imported. Each stores its result and marks its job done in one transaction.

>>> sorted(RUNNERS)
['import', 'review']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import Engine, func, select

from belote_notation.analysis.review import Thresholds
from belote_notation.check.as_read import AsReadChecker
from belote_notation.check.setup import ValidationConfig
from belote_notation.notation.write.writer import write_game
from belote_notation.pipeline.annotate import annotated
from belote_notation.pipeline.records import records_of
from belote_notation.pipeline.review import ReviewSettings, judge_games
from belote_notation.service.columns import columns_of
from belote_notation.service.db import writing
from belote_notation.service.ingest import CheckedGame, read_upload
from belote_notation.service.jobs import ClaimedJob, JobFailed, Runner, finish, keep
from belote_notation.service.limits import CpuBudget
from belote_notation.service.problems import StoreError
from belote_notation.service.schema import GAMES
from belote_notation.service.settings import Settings
from belote_notation.service.storing import PreparedGame, UploadResult, insert_game, prepare, store_checked

__all__ = ["IMPORT_CHUNK", "RUNNERS", "import_upload", "review_game", "validation_config"]

IMPORT_CHUNK = 50
"""Games an import stores per transaction (the write lock is held for one chunk only)."""


def validation_config(payload: dict[str, Any]) -> ValidationConfig:
    """The checks' configuration a request asked for (``rules``, ``options`` as pairs)."""
    return ValidationConfig(rules=payload.get("rules"),
                            options=tuple((str(k), str(v)) for k, v in payload.get("options", [])))


def review_game(engine: Engine, job: ClaimedJob, worker: str, progress: Callable[[float], None]) -> None:
    """Annotate the job's game with the solver (as ``belote-replay annotate`` does) and store the
    reviewed copy as the next version of the game, beside the original."""
    payload = job.payload
    with engine.connect() as conn:
        original = conn.execute(select(GAMES).where(GAMES.c.id == payload["game"])).first()
    if original is None:
        raise JobFailed("the game was deleted before its review")
    read = [r for r in records_of_text(original.bel) if r.game is not None]
    if len(read) != 1 or not read[0].readable or read[0].game is None:
        raise JobFailed("the stored game cannot be read whole")
    game = read[0].game
    thresholds = Thresholds(**payload.get("thresholds", {}))
    settings = ReviewSettings(thresholds, int(payload.get("samples", 0)), int(payload.get("seed", 0)))
    judgements = []
    total = max(1, len(game.deals))
    for _, judgement in judge_games([game], "game.bel", settings):
        judgements.append(judgement)
        progress(len(judgements) / total)
    review = annotated(game.model_copy(deep=True), judgements, "game.bel", 1)
    text = write_game(review.game)
    checker = AsReadChecker(ValidationConfig(rules=original.rules), "game.bel", 1, keeps_deals=False)
    report = review.game.accept(checker)  # the checks, and the columns, of the reviewed records
    columns = columns_of(checker, original.recorded)
    checked = CheckedGame(1, report, text, original.fingerprint, columns, "bel")
    with writing(engine) as conn:
        version = conn.execute(select(func.max(GAMES.c.version)).where(
            GAMES.c.owner == original.owner, GAMES.c.fingerprint == original.fingerprint,
            GAMES.c.recorded == original.recorded)).scalar() or 1
        new_id = insert_game(conn, original.owner, checked, original.private, version + 1, original.id, True)
        players = review.players()
        finish(conn, job.id, worker, {"game": new_id, "url": f"/v1/games/{new_id}",
                                      "replay": f"/v1/games/{new_id}/replay", "players": players})


def records_of_text(text: str) -> list[Any]:
    from belote_notation.pipeline.inputs import InputProblem, Source, open_input

    opened = open_input(Source("game.bel", data=text.encode("utf-8")))
    assert not isinstance(opened, InputProblem)
    with opened:
        return list(records_of(opened))


def import_upload(engine: Engine, job: ClaimedJob, worker: str, progress: Callable[[float], None]) -> None:
    """Store a large upload as ``POST /v1/games`` stores a small one, under the same CPU budget,
    ``IMPORT_CHUNK`` games per transaction: a reader never waits long for the write lock, the
    memory holds one chunk, and a job whose worker died resumes after its last chunk stored.
    An input that cannot be stored whole (unreadable, too many games, past the CPU budget)
    fails the job with where it stopped: the same input would fail again, so it is not retried."""
    from belote_notation.formats.registry import get_format

    payload = job.payload
    fmt = get_format(payload["format"]) if payload.get("format") else None
    answer: dict[str, list[Any]] = payload.get("partial") or {"imported": [], "duplicates": [],
                                                               "rejected": []}
    start = int(payload.get("next", 1))
    seconds = float(payload.get("cpu_seconds") or Settings.load().cpu_seconds)
    data = job.data or b""
    lines = max(1, data.count(b"\n"))
    chunk: list[PreparedGame] = []
    try:
        games = read_upload(data, payload.get("name", "upload"), fmt, validation_config(payload),
                            int(payload.get("max_games", 0)), CpuBudget(seconds), start)
        for game in games:
            chunk.append(prepare(game))
            if len(chunk) >= IMPORT_CHUNK:
                _store_chunk(engine, job, worker, chunk, answer)
                progress(min(0.99, (game.report.line or 0) / lines))
                chunk = []
    except StoreError as exc:
        raise JobFailed(exc.detail) from None
    with writing(engine) as conn:
        if chunk:
            _add(answer, store_checked(conn, job.owner, chunk, bool(payload.get("private"))))
        finish(conn, job.id, worker, answer)


def _store_chunk(engine: Engine, job: ClaimedJob, worker: str, chunk: list[PreparedGame],
                 answer: dict[str, list[Any]]) -> None:
    """One chunk stored, and the answer so far kept with the job, in one transaction."""
    with writing(engine) as conn:
        _add(answer, store_checked(conn, job.owner, chunk, bool(job.payload.get("private"))))
        payload = {**job.payload, "partial": answer, "next": chunk[-1].number + 1}
        if not keep(conn, job.id, worker, payload):
            raise JobFailed("the job was taken by another worker")  # rolled back: it stores this chunk


def _add(answer: dict[str, list[Any]], part: UploadResult) -> None:
    for key, values in part.to_dict().items():
        answer[key].extend(values)


RUNNERS: dict[str, Runner] = {"review": review_game, "import": import_upload}
