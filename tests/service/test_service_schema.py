"""The API against its own OpenAPI document with schemathesis (slow): bounded examples of every
operation, with and without a token; no 5xx, every answer (status, media type, body, headers)
as the document says."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

schemathesis = pytest.importorskip("schemathesis", reason="schemathesis is in the test extra")
from hypothesis import HealthCheck, settings  # noqa: E402
from schemathesis.checks import negative_data_rejection, positive_data_acceptance  # noqa: E402

from belote_notation.service.app import create_app  # noqa: E402
from belote_notation.service.db import make_engine  # noqa: E402
from belote_notation.service.migrate import upgrade  # noqa: E402
from belote_notation.service.settings import Settings  # noqa: E402
from belote_notation.service.tokens import create_token  # noqa: E402

pytestmark = pytest.mark.slow
SKIPPED = [positive_data_acceptance, negative_data_rejection]
"""Left out: a request the document allows may still be refused (400) for what no schema can say
(an unknown rule option, a format name a plugin may add), and a body is any bytes (junk gets its
findings, not a refusal). The checks kept: no 5xx, and every answer's status, media type, body
and headers as the document says."""
EXAMPLES = 25

_FOLDER = Path(tempfile.mkdtemp(prefix="belote-schemathesis-"))
_URL = f"sqlite:///{_FOLDER / 'schema.db'}"
upgrade(_URL)
_ENGINE = make_engine(_URL)
TOKEN = create_token(_ENGINE, "fuzzer", "write")
APP = create_app(Settings(database_url=_URL, access_log=False, rate_per_minute=0, cpu_seconds=10),
                 engine=_ENGINE)
schema = schemathesis.openapi.from_asgi("/v1/openapi.json", APP)


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
def test_api_matches_its_document(case) -> None:  # type: ignore[no-untyped-def]
    case.call_and_validate(headers={"Authorization": f"Bearer {TOKEN}"}, excluded_checks=SKIPPED)


@schema.parametrize()
@settings(max_examples=5, deadline=None, suppress_health_check=list(HealthCheck))
def test_api_without_a_token_matches_its_document(case) -> None:  # type: ignore[no-untyped-def]
    case.call_and_validate(excluded_checks=SKIPPED)
