"""Jobs in the database: claimed once each by concurrent workers (``FOR UPDATE SKIP LOCKED`` on
PostgreSQL, the write lock on SQLite), kept by heartbeats, taken again when their worker died."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest
from sqlalchemy import select

from belote_notation.service import jobs
from belote_notation.service.db import now
from belote_notation.service.jobs import ClaimedJob, claim, enqueue, finish, work_one
from belote_notation.service.schema import JOBS
from tests.service.support import Service


def _state(service: Service, job_id: str) -> tuple[str, int]:
    with service.engine.connect() as conn:
        row = conn.execute(select(JOBS.c.state, JOBS.c.attempts).where(JOBS.c.id == job_id)).one()
    return row.state, row.attempts


def test_concurrent_workers_claim_each_job_once(service: Service) -> None:
    ids = {enqueue(service.engine, "alice", "import", {"n": n}) for n in range(24)}

    def drain(worker: str) -> list[str]:
        got = []
        while (job := claim(service.engine, worker, lease_seconds=60)) is not None:
            got.append(job.id)
        return got

    with ThreadPoolExecutor(4) as pool:
        claimed = [job for part in pool.map(drain, ["w1", "w2", "w3", "w4"]) for job in part]
    assert sorted(claimed) == sorted(ids)


def test_a_job_whose_worker_died_is_taken_again_then_failed(service: Service,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    # The jobs' clock moved by the test, not by sleeping: under load a short real lease could
    # run out before the second claim that must find the job taken.
    clock = [now()]
    monkeypatch.setattr(jobs, "now", lambda: clock[0])
    job_id = enqueue(service.engine, "alice", "import", {})
    first = claim(service.engine, "dead-worker", lease_seconds=60)
    assert first is not None and claim(service.engine, "other", lease_seconds=60) is None
    clock[0] += timedelta(seconds=61)  # the lease runs out: nobody renewed it
    again = claim(service.engine, "w2", lease_seconds=60, max_attempts=2)
    assert again is not None and again.id == job_id and again.attempts == 2
    assert claim(service.engine, "other", lease_seconds=60, max_attempts=2) is None
    clock[0] += timedelta(seconds=61)
    assert claim(service.engine, "w3", lease_seconds=60, max_attempts=2) is None
    assert _state(service, job_id) == ("failed", 2)


def test_heartbeats_keep_a_long_job_its_own(service: Service) -> None:
    job_id = enqueue(service.engine, "alice", "import", {})
    stolen: list[ClaimedJob] = []
    running = threading.Event()

    def slow(engine, job, worker, progress):  # type: ignore[no-untyped-def]
        running.set()
        deadline = time.monotonic() + 1.8  # three leases long
        while time.monotonic() < deadline:
            other = claim(engine, "thief", lease_seconds=60)
            if other is not None:
                stolen.append(other)
            time.sleep(0.05)
        with engine.begin() as conn:
            assert finish(conn, job.id, worker, {"ok": True})

    settings = service.settings.replace(lease_seconds=0.6)
    assert work_one(service.engine, settings, "w1", {"import": slow})
    assert running.is_set() and stolen == []
    assert _state(service, job_id) == ("done", 1)


def test_a_failing_runner_fails_its_job_and_the_worker_goes_on(service: Service) -> None:
    broken = enqueue(service.engine, "alice", "import", {})
    fine = enqueue(service.engine, "alice", "review", {"game": "no-such-game"})

    def boom(engine, job, worker, progress):  # type: ignore[no-untyped-def]
        raise RuntimeError("a bug")

    from belote_notation.service.work import RUNNERS

    runners = {"import": boom, "review": RUNNERS["review"]}
    assert work_one(service.engine, service.settings, "w", runners)
    assert work_one(service.engine, service.settings, "w", runners)
    assert _state(service, broken) == ("failed", 1)
    assert _state(service, fine) == ("failed", 1)  # the game is gone: failed at once, with why
    with service.engine.connect() as conn:
        assert "deleted" in conn.execute(select(JOBS.c.error).where(JOBS.c.id == fine)).scalar_one()
