"""The outputs of the pipeline: text, one JSON document, JSON Lines, GitHub annotations,
SARIF 2.1.0 and JUnit XML, each a :class:`Writer` told about the inputs and games in order.

>>> import io
>>> out = io.StringIO()
>>> writer = make_writer("github", out, io.StringIO())
>>> type(writer).__name__, sorted(FORMATS)
('GithubWriter', ['github', 'json', 'jsonl', 'junit', 'sarif', 'text'])
"""

from __future__ import annotations

from belote_notation.pipeline.output.base import (
    JSON_KINDS,
    InputInfo,
    RenderedGame,
    Stream,
    Summary,
    Writer,
    plural,
    render_game,
)
from belote_notation.pipeline.output.text import TextStyle, TextWriter

__all__ = [
    "FORMATS",
    "JSON_KINDS",
    "InputInfo",
    "RenderedGame",
    "Stream",
    "Summary",
    "TextStyle",
    "TextWriter",
    "Writer",
    "make_writer",
    "plural",
    "render_game",
]

FORMATS = ("text", "json", "jsonl", "github", "sarif", "junit")


def make_writer(fmt: str, out: Stream, err: Stream, style: TextStyle | None = None) -> Writer:
    """The writer of output ``fmt`` (one of :data:`FORMATS`); ``style`` is the text's."""
    if fmt == "text":
        return TextWriter(out, err, style or TextStyle())
    if fmt in JSON_KINDS:
        from belote_notation.pipeline.output.jsonout import JsonLinesWriter, JsonWriter

        return (JsonWriter if fmt == "json" else JsonLinesWriter)(out, err)
    from belote_notation.pipeline.output.ci import GithubWriter, JunitWriter, SarifWriter

    kinds: dict[str, type[Writer]] = {"github": GithubWriter, "sarif": SarifWriter, "junit": JunitWriter}
    if fmt not in kinds:
        raise ValueError(f"unknown output {fmt!r}; one of {', '.join(FORMATS)}")
    return kinds[fmt](out, err)
