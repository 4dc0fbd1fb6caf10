"""The pipeline: any input opened and detected, its games checked, the reports selected and
written, over one process or many. The library half of ``belote-replay validate``: a web
service or a cluster job calls it without the command line (``docs/pipeline.md``).

>>> import belote_notation.pipeline as pipeline
>>> [f.code for f in pipeline.validate(b"[Rules \\"classic\\"]\\ndeal 1 dealer N\\nend\\n")[0].findings]
['BEL903', 'BEL902']

Names are imported on first use: the outputs and the inputs do not need the checker loaded.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_EXPORTS = {
    "validate": "api",
    "iter_reports": "api",
    "GameToCheck": "games",
    "RecordGame": "games",
    "TextGame": "games",
    "check_input": "games",
    "games_of": "games",
    "issue_finding": "games",
    "Discovery": "inputs",
    "InputProblem": "inputs",
    "OpenInput": "inputs",
    "Source": "inputs",
    "detect": "inputs",
    "discover": "inputs",
    "open_input": "inputs",
    "run": "pool",
    "Job": "pool",
    "ReportOptions": "select",
}

__all__ = [
    "Discovery",
    "GameToCheck",
    "InputProblem",
    "Job",
    "OpenInput",
    "RecordGame",
    "ReportOptions",
    "Source",
    "TextGame",
    "check_input",
    "detect",
    "discover",
    "games_of",
    "issue_finding",
    "iter_reports",
    "open_input",
    "run",
    "validate",
]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'belote_notation.pipeline' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"belote_notation.pipeline.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS})


if TYPE_CHECKING:
    from belote_notation.pipeline.api import iter_reports, validate
    from belote_notation.pipeline.games import (
        GameToCheck,
        RecordGame,
        TextGame,
        check_input,
        games_of,
        issue_finding,
    )
    from belote_notation.pipeline.inputs import (
        Discovery,
        InputProblem,
        OpenInput,
        Source,
        detect,
        discover,
        open_input,
    )
    from belote_notation.pipeline.pool import Job, run
    from belote_notation.pipeline.select import ReportOptions
