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

__all__ = ["SHIPPED", "shipped", "write_shipped"]

SHIPPED = "openapi.json"


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
