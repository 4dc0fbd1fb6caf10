"""Helpers of the service's tests: a test client with tokens, the samples, a real ``serve``
subprocess on a free port (the fixtures are in conftest.py)."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy.engine import make_url

from belote_notation.service.app import create_app
from belote_notation.service.migrate import upgrade
from belote_notation.service.settings import Settings
from belote_notation.service.tokens import create_token

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"


@dataclass
class Service:
    """A test client of the application and a few tokens."""

    client: TestClient
    settings: Settings
    alice: dict[str, str]
    bob: dict[str, str]
    reader: dict[str, str]

    @property
    def engine(self):  # type: ignore[no-untyped-def]
        return self.client.app.state.service.engine  # type: ignore[attr-defined]


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


_TEMPLATE = tempfile.TemporaryDirectory(prefix="belote-migrated-")
"""Where this process keeps its migrated SQLite file (removed when the process ends)."""


def _migrated_copy(database_url: str) -> None:
    """A new SQLite file at ``database_url`` starts as a copy of one migrated once for the
    process: running every migration costs ~80 ms of CPU, the copy ~1 ms, and the application
    still runs the (then empty) upgrade at start-up. Migrating an empty database is tested on
    its own (``test_service_store``, ``test_service_ingest``, ``migrate``'s doctest)."""
    url = make_url(database_url)
    if url.get_backend_name() != "sqlite" or url.database in (None, "", ":memory:"):
        return
    target = Path(url.database)
    if target.exists():
        return
    template = Path(_TEMPLATE.name) / "migrated.db"
    if not template.exists():
        upgrade(f"sqlite:///{template}")
    shutil.copyfile(template, target)


def make_service(database_url: str, **settings: object) -> Iterator[Service]:
    _migrated_copy(database_url)
    config = Settings(database_url=database_url, **{"access_log": False, **settings})  # type: ignore[arg-type]
    app = create_app(config, migrate=True)
    with TestClient(app) as client:
        engine = app.state.service.engine
        tokens = [bearer(create_token(engine, owner, scope))
                  for owner, scope in (("alice", "write"), ("bob", "write"), ("alice", "read"))]
        yield Service(client, config, *tokens)


def sample(path: str) -> bytes:
    return (SAMPLES / path).read_bytes()


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def served_in_thread(app: Any) -> Iterator[str]:
    """``app`` served by uvicorn in a thread on a free port of 127.0.0.1, for as long as the
    block lasts: its base URL."""
    import uvicorn

    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=free_port(), log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{server.config.port}"
    finally:
        server.should_exit = True
        thread.join(10)


CLI = [os.environ.get("PYTHON", sys.executable), "-m", "belote_replay"]


def cli(*args: str, cwd: Path, env: dict[str, str] | None = None,
        timeout: float = 120) -> Any:
    import subprocess

    return subprocess.run([*CLI, *args], cwd=cwd, capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, **(env or {})})


class Server:
    """``belote-replay serve`` in a subprocess on a free port of 127.0.0.1."""

    def __init__(self, database_url: str, cwd: Path, *extra: str, env: dict[str, str] | None = None) -> None:
        self.database_url, self.cwd, self.extra = database_url, cwd, extra
        self.env = {**os.environ, **(env or {})}
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: Any = None
        self.log = cwd / f"serve-{self.port}.log"

    def start(self, wait: float = 60) -> Server:
        import subprocess
        import time

        import httpx

        handle = self.log.open("ab")
        self.process = subprocess.Popen(
            [*CLI, "serve", "--port", str(self.port), "--database", self.database_url, *self.extra],
            cwd=self.cwd, stdout=handle, stderr=subprocess.STDOUT, start_new_session=True, env=self.env)
        handle.close()
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                log = self.log.read_text()[-3000:]
                raise AssertionError(f"serve exited {self.process.returncode}: {log}")
            try:
                if httpx.get(self.url + "/readyz", timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        raise AssertionError(f"serve did not get ready: {self.log.read_text()[-3000:]}")

    def kill(self) -> None:
        """SIGKILL to the whole process group (web process and job workers)."""
        import signal

        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(30)

    def stop(self, timeout: float = 60) -> int:
        import signal

        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        code: int = self.process.wait(timeout)
        return code
