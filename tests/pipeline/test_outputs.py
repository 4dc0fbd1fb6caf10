"""One loop of checked games into outputs (``pipeline/outputs.py``): ``validate`` and
``POST /v1/validate`` tell their writers the same events the same way."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from belote_notation.check.report import GameReport
from belote_notation.check.setup import ValidationConfig
from belote_notation.pipeline.inputs import Source
from belote_notation.pipeline.output import InputInfo, make_writer, render_game
from belote_notation.pipeline.outputs import RunOutputs
from belote_notation.pipeline.pool import GameChecked, InputEnded, InputFailed, InputStarted, run
from belote_notation.service.validation import validate_body

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = [path for folder in ("invalid", "classic")
           for path in sorted((ROOT / "samples" / folder).glob("*.bel"))]
TIME = re.compile(r"in \d+\.\d\ds(, [\d,]+ deals/s)?")


def _through_the_loop(path: Path, out_fmt: str) -> str:
    out = io.StringIO()
    outputs = RunOutputs.begin(make_writer(out_fmt, out, io.StringIO()), inputs=1)
    outputs.tell_all(run([Source(str(path))], ValidationConfig(), out_fmt))
    outputs.end()
    return out.getvalue()


@pytest.mark.parametrize("out_fmt", ["text", "junit"])
@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_the_service_writes_what_validate_writes(path: Path, out_fmt: str) -> None:
    """The outputs without fixes (the service's JSON and SARIF leave them out) are the same
    bytes, the run's time apart."""
    with path.open("rb") as body:
        served = validate_body(body, str(path), None, ValidationConfig(), out_fmt).read().decode("utf-8")
    assert TIME.sub("T", served) == TIME.sub("T", _through_the_loop(path, out_fmt))


def test_problems_known_before_the_run_come_first_and_are_counted() -> None:
    out = io.StringIO()
    outputs = RunOutputs.begin(make_writer("jsonl", out, io.StringIO()), inputs=3,
                               problems=[("gone.bel", "no such file or folder")])
    game = render_game(GameReport("g.bel", 1, deal_count=2), "jsonl")
    outputs.tell_all([InputStarted(InputInfo("g.bel")), GameChecked("g.bel", game),
                      InputEnded("g.bel", "cannot read: disk"), InputFailed("x.bel", "permission denied")])
    summary = outputs.end()
    kinds = [line.split('"type":"')[1].split('"')[0] for line in out.getvalue().splitlines()]
    assert kinds == ["problem", "game", "problem", "problem", "summary"]
    counts = (summary.files, summary.files_read, summary.games, summary.deals, summary.problems)
    assert counts == (3, 1, 1, 2, 3)
    assert outputs.problems == [("gone.bel", "no such file or folder"), ("g.bel", "cannot read: disk"),
                                ("x.bel", "permission denied")]
    assert not outputs.nothing_read


@pytest.mark.parametrize(("name", "data", "nothing"), [
    ("bad.json", b'{"games": [}', True),   # BEL801 and no deal: no game could be read
    ("empty.bel", b"", False),               # BEL009: read, and it holds no game
    ("g.bel", b"deal 1\nend\n", False),
])
def test_whether_anything_was_read(name: str, data: bytes, nothing: bool) -> None:
    """``validate`` exits 2 when no game could be read from any input."""
    outputs = RunOutputs.begin(make_writer("text", io.StringIO(), io.StringIO()), inputs=1)
    outputs.tell_all(run([Source(name, data=data)], ValidationConfig()))
    outputs.end()
    assert outputs.summary.files_read == 1
    assert outputs.nothing_read is nothing
