"""The API against its own OpenAPI document with schemathesis (slow), on SQLite and on
PostgreSQL, with every check (positive and negative data acceptance included): bounded
examples of every operation, with a token and without; no 5xx, every answer (status, media
type, body, headers) as the document says, every request the document allows accepted and every
request it forbids refused. Each operation gets EXAMPLES cases in each mode (positive,
negative), derandomized (the same cases every run: a CI failure reproduces); both databases in
about three minutes on two shared cores.

One constraint no JSON Schema can state is told to the generator instead: a review's thresholds
grow (``inaccuracy <= mistake <= blunder``); a body that breaks only that is not generated as a
valid one (the API refuses it with 422, as ``tests/service/test_service_api.py`` checks)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

schemathesis = pytest.importorskip("schemathesis", reason="schemathesis is in the test extra")
from hypothesis import HealthCheck, Phase, assume, given, settings  # noqa: E402
from hypothesis.errors import Unsatisfiable  # noqa: E402
from schemathesis.generation.modes import GenerationMode  # noqa: E402

from belote_notation.service.app import create_app  # noqa: E402
from belote_notation.service.db import make_engine  # noqa: E402
from belote_notation.service.migrate import upgrade  # noqa: E402
from belote_notation.service.settings import Settings  # noqa: E402
from belote_notation.service.tokens import create_token  # noqa: E402

pytestmark = pytest.mark.slow
EXAMPLES = 25
ANONYMOUS_EXAMPLES = 5


def _ordered_thresholds(body: Any) -> bool:
    if not isinstance(body, dict):
        return True
    defaults = (("inaccuracy", 6), ("mistake", 16), ("blunder", 40))
    values = [body.get(name, default) for name, default in defaults]
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) and float(v).is_integer()
               and 1 <= v <= 162 for v in values):  # 6.0 is an integer to JSON Schema
        return True  # not a valid body anyway: the negative cases keep it
    return values[0] <= values[1] <= values[2]


DATABASES = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]


def _database(request: pytest.FixtureRequest, database: str, folder: Path) -> str:
    """A migrated database: an SQLite file, or a clean schema of the session's PostgreSQL database."""
    if database == "sqlite":
        url = f"sqlite:///{folder / 'schema.db'}"
    else:
        from tests.service.conftest import _clean_postgres

        url = request.getfixturevalue("postgres_server")
        _clean_postgres(url)
    upgrade(url)
    return url


class Bearer:
    """The fuzzer's token, set by schemathesis itself (so it knows which cases go without it)."""

    token = ""

    def get(self, case: Any, ctx: Any) -> str:
        return self.token

    def set(self, case: Any, data: str, ctx: Any) -> None:
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {data}"}


def _check(strategy: Any, examples: int, ordered: bool, text_only: bool = False) -> None:
    """``examples`` cases of ``strategy`` sent and checked (every check)."""

    @given(case=strategy)
    @settings(max_examples=examples, deadline=None, suppress_health_check=list(HealthCheck),
              database=None, derandomize=True, phases=[Phase.explicit, Phase.generate])
    def run(case: Any) -> None:
        if ordered:
            assume(_ordered_thresholds(case.body))
        if text_only:  # JSON Schema cannot say "binary without a NUL byte": the document says it
            body = getattr(case.body, "data", case.body)  # schemathesis wraps bytes in Binary
            assume(not (isinstance(body, (bytes, bytearray)) and b"\0" in body))
        case.call_and_validate()

    run()


def _failures(loaded: Any, token: str | None, examples: int) -> list[str]:
    """Every operation, in positive and negative mode, ``examples`` cases each; what failed."""
    failures: list[str] = []
    if token is not None:
        Bearer.token = token
        loaded.auth()(Bearer)
    for result in loaded.get_all_operations():
        operation = result.ok()
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            auth = loaded.auth if token is not None else None
            strategy = operation.as_strategy(generation_mode=mode, auth_storage=auth)
            try:
                positive = mode is GenerationMode.POSITIVE
                _check(strategy, examples, ordered=positive and operation.path.endswith("/review"),
                       text_only=positive and operation.label == "POST /v1/games")
            except Unsatisfiable:  # an operation without parameters has no invalid request
                assert mode is GenerationMode.NEGATIVE, operation.label
            except Exception as exc:  # noqa: BLE001 - every operation's failure reported at the end
                failures.append(f"{operation.label} ({mode.value}): {exc}")
    return failures


@pytest.mark.parametrize("database", DATABASES)
def test_api_matches_its_document(database: str, request: pytest.FixtureRequest, tmp_path: Path) -> None:
    url = _database(request, database, tmp_path)
    engine = make_engine(url)
    token = create_token(engine, "fuzzer", "write")
    app = create_app(Settings(database_url=url, access_log=False, rate_per_minute=0, cpu_seconds=10),
                     engine=engine)
    try:
        failures = _failures(schemathesis.openapi.from_asgi("/v1/openapi.json", app), token, EXAMPLES)
        anonymous = schemathesis.openapi.from_asgi("/v1/openapi.json", app)
        failures += _failures(anonymous, None, ANONYMOUS_EXAMPLES)
    finally:
        engine.dispose()
    assert not failures, "\n\n".join(failures)
