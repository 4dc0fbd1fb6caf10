"""The service's tests: one API suite run against SQLite and against a real PostgreSQL.

The PostgreSQL half is marked ``postgres`` (left out of the default run; ``.ci/run`` runs it).
Each run creates a throwaway database ``belote_test_<random>`` on the server of
``BELOTE_TEST_POSTGRES_URL`` (default ``postgresql+psycopg://postgres@127.0.0.1:5432/postgres``)
and drops it afterwards. The helpers are in ``support.py`` (``tests.service.support``).
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the service extra is not installed")

from sqlalchemy import create_engine, text  # noqa: E402
from sqlalchemy.engine import make_url  # noqa: E402

from tests.render.conftest import artifacts, screenshot  # noqa: E402,F401  (the browser tests' screenshots)
from tests.service.support import Service, make_service  # noqa: E402

POSTGRES_URL = os.environ.get("BELOTE_TEST_POSTGRES_URL",
                              "postgresql+psycopg://postgres@127.0.0.1:5432/postgres")


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """A fresh database on the PostgreSQL server, dropped at the end of the session; its URL."""
    server = make_url(POSTGRES_URL)
    name = f"belote_test_{secrets.token_hex(6)}"
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))  # a name made here, not an input
    except Exception as exc:  # noqa: BLE001
        if os.environ.get("CI"):
            raise
        pytest.skip(f"no PostgreSQL at {server.render_as_string(hide_password=True)}: {exc}")
    try:
        yield server.set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def _clean_postgres(url: str) -> None:
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("DROP SCHEMA public CASCADE; CREATE SCHEMA public"))
    engine.dispose()


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database: an SQLite file, or a clean schema of the session's PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'service.db'}"
    url: str = request.getfixturevalue("postgres_server")
    _clean_postgres(url)
    return url


@pytest.fixture
def service(database_url: str) -> Iterator[Service]:
    yield from make_service(database_url)
