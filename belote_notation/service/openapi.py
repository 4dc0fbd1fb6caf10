"""The OpenAPI document shipped with the package (``openapi.json`` beside this module), the one
``GET /v1/openapi.json`` serves; ``tests/service`` checks the two are equal. Written again
after a change of the API with ``python -m belote_notation.service.openapi``.

>>> shipped()["info"]["title"]
'belote-replay serve'
"""

from __future__ import annotations

import json
from importlib.resources import files
from pathlib import Path
from typing import Any

__all__ = ["OPTIONAL_TOKEN", "SHIPPED", "complete", "game_links", "job_links", "shipped", "write_shipped"]

SHIPPED = "openapi.json"
SCHEME = "token"
"""The security scheme's name: ``Authorization: Bearer <token>``."""
OPTIONAL_TOKEN: dict[str, Any] = {"security": [{}]}
"""A route's ``openapi_extra`` when a token is optional (it reads more with one): FastAPI puts
the token's requirement first, this adds the empty one (no token at all)."""
UNLIMITED = ("/healthz", "/readyz")
NO_DATABASE = ("/healthz", "/v1/formats", "/v1/validate")
PROBLEM_CONTENT = {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}
RETRY_AFTER = {"description": "Seconds to wait before retrying.", "schema": {"type": "integer", "minimum": 1}}


def game_links(pointer: str, summary: str) -> dict[str, Any]:
    """OpenAPI links from a game id in the answer (at the JSON pointer ``pointer``) to the
    routes of that game."""
    targets = {"Game": "getGame", "Report": "getGameReport", "Replay": "getGameReplay",
               "FirstDeal": "getDealDiagram"}
    links: dict[str, Any] = {}
    for name, operation in targets.items():
        parameters: dict[str, Any] = {"game_id": f"$response.body#{pointer}"}
        if operation == "getDealDiagram":
            parameters["number"] = 1
        links[f"{summary}{name}"] = {"operationId": operation, "parameters": parameters,
                                     "description": f"The {name.lower()} of {summary.lower()} game."}
    return links


def job_links(pointer: str = "/job") -> dict[str, Any]:
    """OpenAPI links from a job id in the answer to the job and to its events."""
    parameters = {"job_id": f"$response.body#{pointer}"}
    return {"Job": {"operationId": "getJob", "parameters": parameters},
            "JobEvents": {"operationId": "getJobEvents", "parameters": parameters}}


def complete(document: dict[str, Any]) -> dict[str, Any]:
    """What FastAPI does not write: the game report's schema, the rate limit's 429 on every
    limited route, the database's 503 on every route that reads it, ``security: []`` on the
    routes that take no token."""
    from belote_notation.service.models import VALIDATION_REPORT, GamesDocument, report_components

    components = document.setdefault("components", {})
    components.setdefault("schemas", {}).update(report_components())
    components["schemas"]["GamesDocument"] = GamesDocument.model_json_schema()
    components["schemas"]["ValidationReport"] = VALIDATION_REPORT
    components.setdefault("headers", {})["Retry-After"] = RETRY_AFTER
    for path, operations in document.get("paths", {}).items():
        for operation in operations.values():
            operation.setdefault("security", [])
            responses = operation.setdefault("responses", {})
            if path not in NO_DATABASE:
                responses.setdefault("503", {
                    "description": "Service Unavailable: the database cannot be reached; retry after "
                                   "`Retry-After` seconds.",
                    "headers": {"Retry-After": {"$ref": "#/components/headers/Retry-After"}},
                    "content": PROBLEM_CONTENT})
            if path not in UNLIMITED:
                responses["429"] = {"description": "Too Many Requests: over the rate limit (a token's, an "
                                    "address's); retry after `Retry-After` seconds.",
                                    "headers": {"Retry-After": {"$ref": "#/components/headers/Retry-After"}},
                                    "content": PROBLEM_CONTENT}
    return document


def shipped() -> dict[str, Any]:
    text = files("belote_notation.service").joinpath(SHIPPED).read_text("utf-8")
    document: dict[str, Any] = json.loads(text)
    return document


def text_of(document: dict[str, Any]) -> str:
    return json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def write_shipped() -> Path:
    """Write the document of the default application beside this module; its path."""
    from belote_notation.pipeline.files import replacing
    from belote_notation.service.app import openapi_document

    path = Path(__file__).with_name(SHIPPED)
    with replacing(str(path)) as out:
        out.write(text_of(openapi_document()))
    return path


if __name__ == "__main__":
    print(write_shipped())
