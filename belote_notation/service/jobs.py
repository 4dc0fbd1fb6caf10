"""Jobs in the database: reviews and large imports, claimed by worker processes.

A job is ``queued``, then ``running`` under a worker's lease (renewed by a heartbeat thread
while it runs), then ``done`` or ``failed``. A running job whose lease ran out (its worker was
killed) is claimed again, up to ``max_attempts`` times. Claiming takes the oldest job with
``FOR UPDATE SKIP LOCKED`` on PostgreSQL, so workers never wait for one another; on SQLite
a write takes the lock first (``BEGIN IMMEDIATE``), and one worker per file claims (see
``server``). A review's result and what it stores are written in one transaction; an import
stores its games a chunk at a time, each chunk with how far it got (:func:`keep`): a job
finished is never done twice, and a job cut short resumes after its last chunk stored.
A job whose input is the cause of its failure (:class:`JobFailed`) fails at once: only a
worker's death (its lease run out) makes it claimed again.

>>> from belote_notation.service.db import make_engine
>>> from belote_notation.service.schema import METADATA
>>> engine = make_engine("sqlite://"); METADATA.create_all(engine)
>>> job_id = enqueue(engine, "club", "import", {"name": "g.bel"}, b"deal 1\\nend\\n")
>>> claimed = claim(engine, "w1", lease_seconds=30)
>>> claimed.id == job_id, claimed.attempts, claim(engine, "w2", lease_seconds=30)
(True, 1, None)
"""

from __future__ import annotations

import json
import logging
import os
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from sqlalchemy import Connection, Engine, insert, or_, select, update

from belote_notation.service.db import make_engine, now, writing
from belote_notation.service.schema import JOBS
from belote_notation.service.settings import Settings
from belote_notation.service.tokens import new_id

__all__ = ["ClaimedJob", "JobFailed", "claim", "enqueue", "heartbeat", "keep", "run_worker",
           "work_one"]

log = logging.getLogger("belote_notation.service.jobs")
KINDS = ("review", "import")


class JobFailed(Exception):
    """A job that cannot succeed (its game was deleted, its input unreadable): failed at once."""


@dataclass(frozen=True, slots=True)
class ClaimedJob:
    id: str
    owner: str
    kind: str
    payload: dict[str, Any]
    data: bytes | None
    attempts: int


def enqueue(engine: Engine, owner: str, kind: str, payload: dict[str, Any], data: bytes | None = None,
            conn: Connection | None = None) -> str:
    """A new queued job; its id."""
    assert kind in KINDS, kind
    job_id = new_id()
    values = {"id": job_id, "owner": owner, "kind": kind, "state": "queued", "payload": json.dumps(payload),
              "data": data, "progress": 0.0, "attempts": 0, "created_at": now(), "updated_at": now()}
    if conn is not None:
        conn.execute(insert(JOBS).values(**values))
    else:
        with writing(engine) as own:
            own.execute(insert(JOBS).values(**values))
    return job_id


def claim(engine: Engine, worker: str, lease_seconds: float, max_attempts: int = 3) -> ClaimedJob | None:
    """The oldest job waiting (or whose worker's lease ran out), now this worker's; ``None``
    when there is none. A job that used up its attempts is failed instead of claimed."""
    moment = now()
    with writing(engine) as conn:
        while True:
            row = conn.execute(
                select(JOBS.c.id, JOBS.c.owner, JOBS.c.kind, JOBS.c.payload, JOBS.c.data, JOBS.c.attempts)
                .where(or_(JOBS.c.state == "queued",
                           (JOBS.c.state == "running") & (JOBS.c.lease_until < moment)))
                .order_by(JOBS.c.created_at).limit(1).with_for_update(skip_locked=True)).first()
            if row is None:
                return None
            if row.attempts >= max_attempts:
                conn.execute(update(JOBS).where(JOBS.c.id == row.id).values(
                    state="failed", updated_at=moment, lease_until=None,
                    error=f"its worker stopped {row.attempts} times before finishing it"))
                continue
            conn.execute(update(JOBS).where(JOBS.c.id == row.id).values(
                state="running", worker=worker, attempts=row.attempts + 1, updated_at=moment,
                lease_until=moment + timedelta(seconds=lease_seconds)))
            return ClaimedJob(row.id, row.owner, row.kind, json.loads(row.payload), row.data,
                              row.attempts + 1)


def heartbeat(engine: Engine, job_id: str, worker: str, lease_seconds: float,
              progress: float | None = None) -> bool:
    """Renew this worker's lease (and say how far it got); ``False`` if the job is no longer its own."""
    values: dict[str, Any] = {"lease_until": now() + timedelta(seconds=lease_seconds), "updated_at": now()}
    if progress is not None:
        values["progress"] = progress
    with writing(engine) as conn:
        done = conn.execute(update(JOBS).where(JOBS.c.id == job_id, JOBS.c.worker == worker,
                                               JOBS.c.state == "running").values(**values))
    return bool(done.rowcount)


def finish(conn: Connection, job_id: str, worker: str, result: dict[str, Any]) -> bool:
    """Mark the job done with ``result``, inside the caller's transaction (with what it stores)."""
    done = conn.execute(update(JOBS).where(JOBS.c.id == job_id, JOBS.c.worker == worker,
                                           JOBS.c.state == "running").values(
        state="done", progress=1.0, result=json.dumps(result), lease_until=None, updated_at=now()))
    return bool(done.rowcount)


def keep(conn: Connection, job_id: str, worker: str, payload: dict[str, Any]) -> bool:
    """Keep how far a job got (its ``payload`` with the answer so far) inside the caller's
    transaction, with what it stores; ``False`` if the job is no longer this worker's."""
    done = conn.execute(update(JOBS).where(JOBS.c.id == job_id, JOBS.c.worker == worker,
                                           JOBS.c.state == "running").values(
        payload=json.dumps(payload), updated_at=now()))
    return bool(done.rowcount)


def fail(engine: Engine, job_id: str, worker: str, error: str) -> None:
    with writing(engine) as conn:
        conn.execute(update(JOBS).where(JOBS.c.id == job_id, JOBS.c.worker == worker).values(
            state="failed", error=error[:2000], lease_until=None, updated_at=now()))


Runner = Callable[[Engine, ClaimedJob, str, Callable[[float], None]], None]
"""``runner(engine, job, worker, progress)``: does the job and calls :func:`finish` in the
transaction that stores its result."""


class _Heartbeat(threading.Thread):
    def __init__(self, engine: Engine, job: ClaimedJob, worker: str, lease: float) -> None:
        super().__init__(daemon=True, name=f"heartbeat-{job.id}")
        self.engine, self.job, self.worker, self.lease = engine, job, worker, lease
        self.progress: float | None = None
        self.stopped = threading.Event()

    def run(self) -> None:
        while not self.stopped.wait(self.lease / 3):
            try:
                heartbeat(self.engine, self.job.id, self.worker, self.lease, self.progress)
            except Exception:  # the database away for a moment: the next beat tries again
                log.warning("heartbeat of job %s failed", self.job.id, exc_info=True)


def work_one(engine: Engine, settings: Settings, worker: str, runners: dict[str, Runner]) -> bool:
    """Claim and run one job; ``False`` when none was waiting."""
    job = claim(engine, worker, settings.lease_seconds, settings.max_attempts)
    if job is None:
        return False
    beat = _Heartbeat(engine, job, worker, settings.lease_seconds)
    beat.start()

    def progress(value: float) -> None:
        beat.progress = round(max(0.0, min(1.0, value)), 3)

    started = time.monotonic()
    try:
        runners[job.kind](engine, job, worker, progress)
        log.info("job %s (%s) done in %.1f s", job.id, job.kind, time.monotonic() - started)
    except JobFailed as exc:
        fail(engine, job.id, worker, str(exc))
    except Exception as exc:  # a bug of a runner: the job fails with the reason, the worker goes on
        log.exception("job %s (%s) failed", job.id, job.kind)
        fail(engine, job.id, worker, f"{type(exc).__name__}: {exc}")
    finally:
        beat.stopped.set()
        beat.join()
    return True


def run_worker(settings: Settings, stop: threading.Event | None = None, poll: float = 0.5) -> None:
    """A worker process's loop: claim and run jobs until ``stop`` is set (SIGTERM sets it in
    ``belote-replay serve``); a job that is running when it is set is finished first."""
    from belote_notation.service.work import RUNNERS

    engine = make_engine(settings.database_url)
    worker = f"{socket.gethostname()}:{os.getpid()}:{new_id()[:6]}"
    stop = stop or threading.Event()
    log.info("worker %s started", worker)
    from belote_notation.service.webhooks import Deliverer

    deliverer = Deliverer(engine, settings, stop)  # webhooks sent beside the jobs, never by a request
    deliverer.start()
    try:
        while not stop.is_set():
            try:
                busy = work_one(engine, settings, worker, RUNNERS)
            except Exception:  # the database unreachable: wait and try again
                log.warning("worker %s could not claim a job", worker, exc_info=True)
                busy = False
            if not busy:
                stop.wait(poll)
    finally:
        deliverer.join(settings.webhook_timeout + 5)
        engine.dispose()
