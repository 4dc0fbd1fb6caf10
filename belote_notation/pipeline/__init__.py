"""The pipeline: any input opened and detected, its games checked, the reports selected and
written, over one process or many. The library half of ``belote-replay validate``: a web
service or a cluster job calls it without the command line (``docs/pipeline.md``).

>>> import belote_notation.pipeline as pipeline
>>> [f.code for f in pipeline.validate(b"[Rules \\"classic\\"]\\ndeal 1 dealer N\\nend\\n")[0].findings]
['BEL903', 'BEL902']
"""

from __future__ import annotations

from belote_notation.pipeline.api import validate
from belote_notation.pipeline.games import GameToCheck, RecordGame, TextGame, check_input, games_of
from belote_notation.pipeline.inputs import (
    Discovery,
    InputProblem,
    OpenInput,
    Source,
    detect,
    discover,
    open_input,
)

__all__ = [
    "Discovery",
    "GameToCheck",
    "InputProblem",
    "OpenInput",
    "RecordGame",
    "Source",
    "TextGame",
    "check_input",
    "detect",
    "discover",
    "games_of",
    "open_input",
    "validate",
]
