"""Running the service: the web processes (uvicorn) and the job workers, started and stopped
together. SIGTERM or Ctrl-C stops taking connections, finishes the requests in flight (up to
``GRACE`` seconds), lets each worker finish its job, then exits.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import signal
import socket
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

from belote_notation.service.settings import Settings

__all__ = ["GRACE", "GuardedH11", "make_app", "prepare_database", "serve", "worker_main"]

GRACE = 30
"""Seconds the requests in flight and the jobs running are given at shutdown."""
log = logging.getLogger("belote_notation.service")
WORKER_NICENESS = 5
"""Job workers run at a lower CPU priority than the web processes: a long import or review
never starves the requests of the same machine."""
TIMED_OUT = b"HTTP/1.1 408 Request Timeout\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"


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
    """The application of a web process, its settings from the environment (``serve`` sets it).
    A web process of ``--workers`` (a child of ``serve``) dies with ``serve``, as a job worker does."""
    from belote_notation.service.app import create_app

    if multiprocessing.parent_process() is not None:
        _die_with_parent()

    return create_app(Settings.load())


def worker_main(settings: Settings, parent: int | None = None) -> None:
    """A job worker process: SIGTERM lets it finish its job, then it exits. It dies with its
    parent: the kernel kills it when the parent dies (Linux), and it stops when it sees itself
    orphaned (elsewhere). On SQLite it claims only while it holds the file's job lock: after a
    restart, a worker of the old process still finishing cannot claim beside the new one."""
    _die_with_parent()
    with suppress(OSError):
        os.nice(WORKER_NICENESS)
    configure_logging()
    from belote_notation.service.jobs import run_worker

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    parent = parent or os.getppid()
    threading.Thread(target=_watch_parent, args=(parent, stop), daemon=True, name="parent").start()
    with _job_lock(settings, stop):
        if not stop.is_set():
            run_worker(settings, stop)


def _die_with_parent() -> None:
    """Ask the kernel for SIGKILL when the parent process dies (Linux ``PR_SET_PDEATHSIG``)."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # 1: PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # no prctl: the watch thread stops the worker instead
        pass


def _watch_parent(parent: int, stop: threading.Event, every: float = 1.0) -> None:
    while not stop.wait(every):
        if os.getppid() != parent:
            log.warning("the serve process %d is gone: this worker stops", parent)
            stop.set()


@contextmanager
def _job_lock(settings: Settings, stop: threading.Event) -> Iterator[None]:
    """On an SQLite file, an exclusive lock on ``<file>.jobs.lock`` (waited for until ``stop``):
    one claimer per file, whatever the processes. Elsewhere (PostgreSQL), nothing."""
    path = _sqlite_path(settings.database_url)
    if path is None:
        yield
        return
    import fcntl

    with open(path + ".jobs.lock", "a+b") as handle:
        waited = False
        while not stop.is_set():
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if not waited:
                    log.warning("another job worker claims on %s: this one waits for it", path)
                    waited = True
                stop.wait(0.5)
        yield


def _sqlite_path(url: str) -> str | None:
    """The file of an SQLite URL; ``None`` for another database or an in-memory one."""
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    if not parsed.drivername.startswith("sqlite") or parsed.database in (None, "", ":memory:"):
        return None
    return os.path.abspath(parsed.database)


class GuardedH11(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a deadline for a request's line and headers (a slow
    client is answered 408 and closed) and ``TCP_NODELAY`` on every accepted socket (an answer
    written in two parts must not wait for the client's delayed ACK)."""

    header_timeout = float(os.environ.get("BELOTE_HEADER_TIMEOUT") or Settings.header_timeout)
    """From the environment: a web process of ``--workers`` starts with ``serve``'s settings there."""

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        sock = transport.get_extra_info("socket")
        if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
            with suppress(OSError):
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self._arm()

    def _arm(self) -> None:
        """Start the deadline of the next request's headers (the current cycle is the last one)."""
        self._armed_cycle = self.cycle
        self._header_timer = self.loop.call_later(self.header_timeout, self._too_slow) \
            if self.header_timeout > 0 else None

    def _disarm(self) -> None:
        timer: asyncio.TimerHandle | None = getattr(self, "_header_timer", None)
        if timer is not None:
            timer.cancel()
            self._header_timer = None

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.cycle is not self._armed_cycle:  # a request's headers arrived: its deadline is met
            self._disarm()

    def handle_websocket_upgrade(self, event: Any) -> None:
        """A WebSocket (a live game's table) is handed its own protocol: no deadline of the next
        request's headers is left to fire into it."""
        self._disarm()
        super().handle_websocket_upgrade(event)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._disarm()
            self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _too_slow(self) -> None:
        self._header_timer = None
        if self.cycle is self._armed_cycle and not self.transport.is_closing():
            self.transport.write(TIMED_OUT)
            self.transport.close()


def serve(settings: Settings) -> None:
    """Serve until stopped: ``settings.workers`` web processes, ``settings.jobs`` job workers
    (one on SQLite: a single claimer)."""
    import uvicorn

    configure_logging()
    prepare_database(settings)
    os.environ.update(settings.to_env())
    context = multiprocessing.get_context("spawn")
    count = min(settings.jobs, 1) if settings.is_sqlite else settings.jobs
    workers = [context.Process(target=worker_main, args=(settings, os.getpid()), name=f"jobs-{n}",
                               daemon=False) for n in range(count)]
    for process in workers:
        process.start()
    log.info("serving on http://%s:%d with %d web process(es) and %d job worker(s); database %s",
             settings.host, settings.port, settings.workers, count, _safe_url(settings.database_url))
    stopped: list[int] = []
    for sig in (signal.SIGTERM, signal.SIGINT):
        # uvicorn raises the signal again once it has stopped: noted here, the workers stopped below
        signal.signal(sig, lambda number, _frame: stopped.append(number))
    GuardedH11.header_timeout = settings.header_timeout
    trusted = settings.trusted_proxies.strip()
    try:
        uvicorn.run("belote_notation.service.server:make_app", factory=True, host=settings.host,
                    port=settings.port, workers=settings.workers if settings.workers > 1 else None,
                    access_log=False, timeout_graceful_shutdown=GRACE, log_level="info", http=GuardedH11,
                    timeout_keep_alive=settings.idle_timeout,
                    ws_max_size=max(8 * settings.live_message_max, 1 << 20),  # larger: closed (1009)
                    limit_concurrency=settings.max_connections or None,
                    proxy_headers=bool(trusted), forwarded_allow_ips=trusted or None)
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
