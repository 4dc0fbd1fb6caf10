"""``POST /v1/validate``'s work: a body in any readable format checked through the pipeline
and written by one of its writers (JSON, JSON Lines, SARIF, JUnit, text) into a spool that the
answer streams back, so a large report never sits in memory and a limit reached half-way is
still answered with its own status.

>>> import io
>>> from belote_notation.check.setup import ValidationConfig
>>> out = validate_body(io.BytesIO(b"deal 1\\nend\\n"), "g.bel", None, ValidationConfig(), "jsonl")
>>> [line[:14] for line in out.read().decode().splitlines()]
['{"type":"game"', '{"type":"summa']
"""

from __future__ import annotations

import io
import tempfile
from collections.abc import Iterator
from typing import IO, BinaryIO, cast

from belote_notation.check.setup import ValidationConfig
from belote_notation.formats.base import Format
from belote_notation.formats.registry import get_format
from belote_notation.game.lang import Listed, msg
from belote_notation.pipeline.games import check_input
from belote_notation.pipeline.inputs import InputProblem, OpenInput, Source, open_input
from belote_notation.pipeline.output import FORMATS, InputInfo, make_writer, render_game
from belote_notation.pipeline.outputs import RunOutputs
from belote_notation.pipeline.pool import Event, GameChecked, InputEnded, InputFailed, InputStarted
from belote_notation.pipeline.select import ReportOptions
from belote_notation.service.limits import SPOOL_IN_MEMORY, CpuBudget
from belote_notation.service.problems import ApiProblem, CpuLimit, TooManyGames

__all__ = ["OUTPUT_TYPES", "input_format", "output_format", "validate_body"]

OUTPUT_TYPES = {
    "application/json": "json",
    "application/x-ndjson": "jsonl",
    "application/jsonl": "jsonl",
    "application/sarif+json": "sarif",
    "application/junit+xml": "junit",
    "application/xml": "junit",
    "text/plain": "text",
}
"""The media types ``Accept`` may name, and the pipeline's output for each."""
MEDIA_OF = {"json": "application/json", "jsonl": "application/x-ndjson", "sarif": "application/sarif+json",
            "junit": "application/junit+xml", "text": "text/plain; charset=utf-8"}
INPUT_TYPES = {"text/x-bel": "bel", "application/x-bel": "bel", "text/csv": "csv", "application/x-cfn": "cfn"}
"""Content types naming a format; any other is detected from ``name`` and the content."""
VENDOR = "application/vnd.belote."


def output_format(accept: str | None) -> str:
    """The pipeline output for an ``Accept`` header (its first type that can be served).

    >>> output_format("application/sarif+json, */*"), output_format(None), output_format("text/*")
    ('sarif', 'json', 'text')
    """
    if not accept:
        return "json"
    for part in accept.split(","):
        media = part.split(";")[0].strip().lower()
        if media in OUTPUT_TYPES:
            return OUTPUT_TYPES[media]
        if media in ("*/*", "application/*"):
            return "json"
        if media == "text/*":
            return "text"
    raise ApiProblem(406, "not-acceptable", msg("Accept one of %(types)s", types=Listed(tuple(OUTPUT_TYPES))))


def input_format(content_type: str | None, query: str | None) -> Format | None:
    """The format of a body: ``?format=``, else its ``Content-Type`` when it names one
    (``text/x-bel``, ``text/csv``, ``application/vnd.belote.<format>``), else ``None``
    (detected from the name and the content by the pipeline's detector)."""
    name = query
    if name is None and content_type:
        media = content_type.split(";")[0].strip().lower()
        vendor = media[len(VENDOR):].split("+")[0] if media.startswith(VENDOR) else None
        name = INPUT_TYPES.get(media) or vendor
    if name is None:
        return None
    found = get_format(name)
    if found is None:
        said = msg("unknown format %(name)s (GET /v1/formats lists them)", name=repr(name))
        raise ApiProblem(415, "unsupported-format", said)
    return found


def validate_body(body: IO[bytes], name: str, fmt: Format | None, config: ValidationConfig, out_fmt: str,
                  options: ReportOptions = ReportOptions(), max_games: int = 0,
                  budget: CpuBudget | None = None) -> IO[bytes]:
    """The report of every game of ``body`` in output ``out_fmt``, in a rewound spool (written
    through the pipeline's one loop of checked games into outputs, as ``validate``'s)."""
    assert out_fmt in FORMATS
    spool = tempfile.SpooledTemporaryFile(max_size=SPOOL_IN_MEMORY)
    out = io.TextIOWrapper(spool, encoding="utf-8", newline="", write_through=True)  # type: ignore[type-var]
    opened = open_input(Source(name, data=cast(BinaryIO, body), label=name), fmt)
    outputs = RunOutputs.begin(make_writer(out_fmt, out, io.StringIO()), inputs=1)
    outputs.tell_all(_checked(opened, name, config, out_fmt, options, max_games, budget))
    outputs.end()
    out.flush()
    out.detach()
    spool.seek(0)
    return spool


def _checked(opened: OpenInput | InputProblem, name: str, config: ValidationConfig, out_fmt: str,
             options: ReportOptions, max_games: int, budget: CpuBudget | None) -> Iterator[Event]:
    """The events of checking the one input of a request, stopped by its limits (``max_games``,
    the CPU ``budget``) with the problem that answers the request."""
    if isinstance(opened, InputProblem):
        yield InputFailed(name, opened.message, opened.msg)
        return
    yield InputStarted(InputInfo(opened.name, opened.format.name, False))
    error = None
    with opened:
        try:
            for report in check_input(opened, config):
                if max_games and report.game > max_games:
                    raise TooManyGames(msg("more than %(most)s games in one request", most=max_games))
                if budget is not None and budget.exceeded():
                    raise CpuLimit(budget.message(name, report.game, report.line))
                yield GameChecked(opened.name, render_game(report, out_fmt, options))
        except (OSError, UnicodeError) as exc:
            error = f"cannot read: {exc}"
    yield InputEnded(opened.name, error)
