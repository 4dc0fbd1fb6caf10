"""Rendering validation results: ruff-like text lines, a summary, or one streamed JSON document.

Games are rendered where they are validated (in a worker process with ``--jobs``), so the
main process only writes strings in input order. The JSON document is written piece by
piece, so its memory stays flat however large the input::

    {"files": [{"path": ..., "games": [{...}, ...], "error": null}, ...],
     "problems": [{"path": ..., "message": ...}],
     "summary": {"files": ..., "games": ..., "deals": ..., "errors": ..., ...}}
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Protocol

from belote_notation.check.findings import effective_severity, sort_key
from belote_notation.check.report import GameReport

__all__ = ["JsonWriter", "RenderedGame", "Stream", "Summary", "TextWriter", "plural", "render_game"]


class Stream(Protocol):
    """Where the writers print: a text file, or anything with ``write`` and ``flush``."""

    def write(self, text: str, /) -> int: ...

    def flush(self) -> None: ...


@dataclass(slots=True)
class RenderedGame:
    """One validated game, ready to write: counts for the summary and the output text."""

    errors: int
    warnings: int
    infos: int
    deals: int
    out: str


def render_game(report: GameReport, fmt: str, strict: bool) -> RenderedGame:
    counts = report.counts(strict)
    if fmt == "json":
        out = json.dumps(report.to_dict(strict), ensure_ascii=False, separators=(",", ":"))
    else:
        findings = sorted(report.findings, key=sort_key)
        out = "".join(f.format_text(effective_severity(f.severity, strict)) + "\n" for f in findings)
    return RenderedGame(counts["error"], counts["warning"], counts["info"], report.deal_count, out)


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


@dataclass(slots=True)
class Summary:
    files: int = 0
    files_read: int = 0
    games: int = 0
    deals: int = 0
    errors: int = 0
    warnings: int = 0
    infos: int = 0
    problems: int = 0
    seconds: float = 0.0

    def add(self, game: RenderedGame) -> None:
        self.games += 1
        self.deals += game.deals
        self.errors += game.errors
        self.warnings += game.warnings
        self.infos += game.infos

    def text(self) -> str:
        rate = f", {self.deals / self.seconds:,.0f} deals/s" if self.seconds > 0 and self.deals else ""
        unreadable = f", {plural(self.problems, 'unreadable input')}" if self.problems else ""
        return (f"Checked {plural(self.files_read, 'file')}, {plural(self.games, 'game')}, "
                f"{plural(self.deals, 'deal')}: {plural(self.errors, 'error')}, "
                f"{plural(self.warnings, 'warning')}, {plural(self.infos, 'info')}"
                f"{unreadable} in {self.seconds:.2f}s{rate}.")

    def to_dict(self) -> dict[str, Any]:
        return {"files": self.files_read, "inputs": self.files, "games": self.games,
                "deals": self.deals, "errors": self.errors, "warnings": self.warnings,
                "infos": self.infos, "unreadable": self.problems,
                "seconds": round(self.seconds, 3)}


class TextWriter:
    """``path:line:col: severity CODE message`` lines, then the summary line."""

    def __init__(self, out: Stream, err: Stream) -> None:
        self.out, self.err = out, err

    def begin(self) -> None:
        pass

    def file_start(self, path: str) -> None:
        pass

    def game(self, game: RenderedGame) -> None:
        if game.out:
            self.out.write(game.out)

    def file_end(self, path: str, error: str | None) -> None:
        if error:
            self.err.write(f"belote-replay: {path}: {error}\n")

    def problem(self, path: str, message: str) -> None:
        self.err.write(f"belote-replay: {path}: {message}\n")

    def end(self, summary: Summary, problems: list[tuple[str, str]]) -> None:
        self.out.write(summary.text() + "\n")
        self.out.flush()


class JsonWriter:
    """One JSON document, streamed: files and games are written as they come."""

    def __init__(self, out: Stream, err: Stream) -> None:
        self.out, self.err = out, err
        self._files = 0
        self._games = 0

    def begin(self) -> None:
        self.out.write('{"files":[')

    def file_start(self, path: str) -> None:
        self.out.write(("," if self._files else "") + '{"path":' + json.dumps(path, ensure_ascii=False)
                       + ',"games":[')
        self._files += 1
        self._games = 0

    def game(self, game: RenderedGame) -> None:
        self.out.write(("," if self._games else "") + game.out)
        self._games += 1

    def file_end(self, path: str, error: str | None) -> None:
        self.out.write('],"error":' + json.dumps(error, ensure_ascii=False) + "}")
        if error:
            self.err.write(f"belote-replay: {path}: {error}\n")

    def problem(self, path: str, message: str) -> None:
        self.err.write(f"belote-replay: {path}: {message}\n")

    def end(self, summary: Summary, problems: list[tuple[str, str]]) -> None:
        self.out.write('],"problems":' + json.dumps(
            [{"path": p, "message": m} for p, m in problems], ensure_ascii=False))
        self.out.write(',"summary":' + json.dumps(summary.to_dict()) + "}\n")
        self.out.flush()
