"""Running the service: the web processes (uvicorn) and the job workers, started and stopped
together. SIGTERM or Ctrl-C stops taking connections, finishes the requests in flight (up to
``GRACE`` seconds), lets each worker finish its job, then exits.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import sys
import threading
from typing import Any

from belote_notation.service.settings import Settings

__all__ = ["GRACE", "make_app", "prepare_database", "serve", "worker_main"]

GRACE = 30
"""Seconds the requests in flight and the jobs running are given at shutdown."""
log = logging.getLogger("belote_notation.service")


def configure_logging() -> None:
    """One line per record on stderr; the access log's records are JSON objects."""
    logging.basicConfig(level=logging.INFO, stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s %(message)s")


def prepare_database(settings: Settings) -> None:
    """An SQLite file is migrated on start (the embedded default needs no step); another
    database must have been migrated with ``belote-replay serve migrate``."""
    from belote_notation.service.migrate import check_current, upgrade

    if settings.is_sqlite:
        upgrade(settings.database_url)
    else:
        check_current(settings.database_url)


def make_app() -> Any:
    """The application of a web process, its settings from the environment (``serve`` sets it)."""
    from belote_notation.service.app import create_app

    return create_app(Settings.load())


def worker_main(settings: Settings) -> None:
    """A job worker process: SIGTERM lets it finish its job, then it exits."""
    configure_logging()
    from belote_notation.service.jobs import run_worker

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    run_worker(settings, stop)


def serve(settings: Settings) -> None:
    """Serve until stopped: ``settings.workers`` web processes, ``settings.jobs`` job workers
    (one on SQLite: a single claimer)."""
    import uvicorn

    configure_logging()
    prepare_database(settings)
    os.environ.update(settings.to_env())
    context = multiprocessing.get_context("spawn")
    count = min(settings.jobs, 1) if settings.is_sqlite else settings.jobs
    workers = [context.Process(target=worker_main, args=(settings,), name=f"jobs-{n}", daemon=False)
               for n in range(count)]
    for process in workers:
        process.start()
    log.info("serving on http://%s:%d with %d web process(es) and %d job worker(s); database %s",
             settings.host, settings.port, settings.workers, count, _safe_url(settings.database_url))
    stopped: list[int] = []
    for sig in (signal.SIGTERM, signal.SIGINT):
        # uvicorn raises the signal again once it has stopped: noted here, the workers stopped below
        signal.signal(sig, lambda number, _frame: stopped.append(number))
    try:
        uvicorn.run("belote_notation.service.server:make_app", factory=True, host=settings.host,
                    port=settings.port, workers=settings.workers if settings.workers > 1 else None,
                    access_log=False, timeout_graceful_shutdown=GRACE, log_level="info")
    finally:
        for process in workers:
            if process.pid is not None:
                os.kill(process.pid, signal.SIGTERM)
        for process in workers:
            process.join(GRACE)
            if process.is_alive():
                process.kill()  # its job's lease runs out: another worker takes it again
    log.info("stopped%s", f" by signal {stopped[0]}" if stopped else "")


def _safe_url(url: str) -> str:
    """The URL without its password, for the log."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
