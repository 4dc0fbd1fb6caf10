"""The fuzz target ``speed``: the compiled path and the pure-Python path give the same reports.

The bytes are validated here, with the compiled accelerators this process loaded (the reader
of canonical deals, the engine's ``play_cards``), and by a worker process started once with
``BELOTE_PURE_PYTHON=1`` (``python -m fuzz.speed --worker``: one input per request on its
standard input, one JSON line of reports back); the two lists of reports, as ``validate
--format json`` writes them, must be equal. Inputs worth starting from are canonical deals
(the seed corpus: every sample, and flawed generated games of every rule system,
tests/speed/corpus.py), so that the fuzzer mutates what the compiled path reads.
Without the C extensions both sides are the Python path and the property holds trivially.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import IO, Any

from belote_notation.check.validator import validate_source
from belote_notation.game.compiled import PURE_PYTHON_VARIABLE

__all__ = ["both_paths", "reports_of", "seeds"]

_ROOT = Path(__file__).resolve().parent.parent


def reports_of(data: bytes) -> list[dict[str, Any]]:
    """The reports of ``data`` in this process, as JSON data."""
    return [report.to_dict() for report in validate_source(io.BytesIO(data), "fuzz.bel")]


class _PureWorker:
    """The worker process of the pure-Python path, started on first use."""

    def __init__(self) -> None:
        self.proc: subprocess.Popen[bytes] | None = None

    def reports(self, data: bytes) -> list[dict[str, Any]]:
        if self.proc is None or self.proc.poll() is not None:
            env = {**os.environ, PURE_PYTHON_VARIABLE: "1"}
            self.proc = subprocess.Popen([sys.executable, "-m", "fuzz.speed", "--worker"], env=env, cwd=_ROOT,
                                         stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(b"%d\n" % len(data) + data)
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the pure-Python worker stopped")
        found: list[dict[str, Any]] = json.loads(line)
        return found


_WORKER = _PureWorker()


def both_paths(data: bytes) -> None:
    """The property: the reports of both paths are equal."""
    from fuzz.targets import PropertyFailed

    fast, pure = reports_of(data), _WORKER.reports(data)
    if fast != pure:
        first = next((i for i, (a, b) in enumerate(zip(fast, pure, strict=False)) if a != b),
                     min(len(fast), len(pure)))
        raise PropertyFailed(f"the compiled and the pure-Python paths differ from game {first + 1} on")


def seeds() -> list[tuple[str, bytes]]:
    """Flawed generated games of every rule system, one seed a rule system and flaw rate."""
    from tests.speed.corpus import corpus_text

    out = []
    for rate in (0.0, 0.05):
        for k, text in enumerate(corpus_text(12, seed=7, rate=rate)):
            out.append((f"generated-{k}-{int(rate * 100)}.bel", text.encode()))
    return out


def _serve(stdin: IO[bytes], stdout: IO[bytes]) -> None:
    while header := stdin.readline():
        data = stdin.read(int(header))
        stdout.write(json.dumps(reports_of(data)).encode() + b"\n")
        stdout.flush()


if __name__ == "__main__":
    if sys.argv[1:] == ["--worker"]:
        _serve(sys.stdin.buffer, sys.stdout.buffer)
