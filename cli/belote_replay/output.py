"""Rendering validation results: ruff-like text lines and a summary, one streamed JSON document,
or a report for CI (:mod:`belote_replay.ci_output`: GitHub annotations, SARIF, JUnit XML).

Games are rendered where they are validated (in a worker process with ``--jobs``): the
findings are selected (``--select``/``--ignore``), their severity made final (``--strict``)
and the JSON text built there, so the main process only writes, in input order. The JSON
document is written piece by piece, so its memory stays flat however large the input::

    {"files": [{"path": ..., "games": [{...}, ...], "error": null}, ...],
     "problems": [{"path": ..., "message": ...}],
     "summary": {"files": ..., "games": ..., "deals": ..., "errors": ..., ...}}
"""

from __future__ import annotations

import dataclasses
import json
import linecache
import sys
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Protocol

from belote_notation.check.codes import CODES
from belote_notation.check.findings import Finding, effective_severity, sort_key
from belote_notation.check.report import CodeSelection, GameReport
from belote_notation.game.cards import FRENCH_SUITS, SUIT_SYMBOLS

__all__ = [
    "ConsoleStream",
    "JsonWriter",
    "RenderedGame",
    "Stream",
    "Summary",
    "TextStyle",
    "TextWriter",
    "Writer",
    "plural",
    "render_game",
]


class Stream(Protocol):
    """Where the writers print: a text file, or anything with ``write`` and ``flush``."""

    def write(self, text: str, /) -> int: ...

    def flush(self) -> None: ...


class ConsoleStream:
    """Writes to whatever ``sys.stdout``/``sys.stderr`` is at the time of writing (it follows
    rich's redirection while a progress bar shows), and never fails on a narrow console: on an
    encoding that cannot print the suit symbols (``PYTHONIOENCODING=cp1252``, a Windows console
    redirected to a file) they become letters (``♠`` → ``S``), anything else unprintable ``?``.
    """

    _LETTERS = str.maketrans(SUIT_SYMBOLS, FRENCH_SUITS)

    def __init__(self, name: str) -> None:
        self.name = name

    def write(self, text: str) -> int:
        stream = getattr(sys, self.name)
        try:
            return int(stream.write(text))
        except UnicodeEncodeError:
            encoding = getattr(stream, "encoding", None) or "ascii"
            narrow = text.translate(self._LETTERS).encode(encoding, "replace").decode(encoding)
            return int(stream.write(narrow))

    def flush(self) -> None:
        getattr(sys, self.name).flush()


@dataclass(slots=True)
class RenderedGame:
    """One validated game, ready to write: counts for the summary, the findings reported
    (selected, sorted, with their final severity) and, for ``--format json``, its JSON text."""

    errors: int
    warnings: int
    infos: int
    deals: int
    findings: list[Finding] = field(default_factory=list)
    out: str = ""


EVERY_CODE = CodeSelection()


def render_game(report: GameReport, fmt: str, strict: bool,
                selection: CodeSelection = EVERY_CODE) -> RenderedGame:
    report.findings = selection.keep(report.findings)
    counts = report.counts(strict)
    findings = sorted(report.findings, key=sort_key)
    if strict:
        findings = [dataclasses.replace(f, severity=effective_severity(f.severity, strict))
                    for f in findings]
    out = ""
    if fmt == "json":
        out = json.dumps(report.to_dict(strict), ensure_ascii=False, separators=(",", ":"))
    return RenderedGame(counts["error"], counts["warning"], counts["info"], report.deal_count,
                        findings, out)


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
    codes: Counter[str] = field(default_factory=Counter)
    """Findings reported, per code (``--statistics``)."""

    def add(self, game: RenderedGame) -> None:
        self.games += 1
        self.deals += game.deals
        self.errors += game.errors
        self.warnings += game.warnings
        self.infos += game.infos
        self.codes.update(f.code for f in game.findings)

    def text(self) -> str:
        rate = f", {self.deals / self.seconds:,.0f} deals/s" if self.seconds > 0 and self.deals else ""
        unreadable = f", {plural(self.problems, 'unreadable input')}" if self.problems else ""
        return (f"Checked {plural(self.files_read, 'file')}, {plural(self.games, 'game')}, "
                f"{plural(self.deals, 'deal')}: {plural(self.errors, 'error')}, "
                f"{plural(self.warnings, 'warning')}, {plural(self.infos, 'info')}"
                f"{unreadable} in {self.seconds:.2f}s{rate}.")

    def statistics(self) -> str:
        """One line per code reported, most frequent first: count, code, severity, title."""
        lines = []
        for code, count in sorted(self.codes.items(), key=lambda item: (-item[1], item[0])):
            info = CODES.get(code)
            severity, title = (info.severity, info.title) if info else ("", "")
            lines.append(f"{count:>6}  {code}  {severity:<7}  {title}".rstrip())
        return "".join(line + "\n" for line in lines)

    def to_dict(self) -> dict[str, Any]:
        return {"files": self.files_read, "inputs": self.files, "games": self.games,
                "deals": self.deals, "errors": self.errors, "warnings": self.warnings,
                "infos": self.infos, "unreadable": self.problems,
                "seconds": round(self.seconds, 3)}


_COLOURS = {"error": "\x1b[1;31m", "warning": "\x1b[1;33m", "info": "\x1b[1;36m"}
_BOLD, _DIM, _RESET = "\x1b[1m", "\x1b[2m", "\x1b[0m"


@dataclass(frozen=True, slots=True)
class TextStyle:
    """How ``--format text`` looks: colours by severity, the source line with a caret,
    infos and the summary left out (``--quiet``), a count per code (``--statistics``)."""

    color: bool = False
    source: bool = False
    quiet: bool = False
    statistics: bool = False
    no_source: frozenset[str] = frozenset()
    """Inputs whose lines cannot be shown (stdin, the JSON twin)."""

    def finding(self, f: Finding) -> str:
        if not self.color:
            line = f.format_text()
        else:
            colour = _COLOURS.get(f.severity, _BOLD)
            line = (f"{_BOLD}{f.file}:{f.line}:{f.col}:{_RESET} {colour}{f.severity}{_RESET} "
                    f"{_BOLD}{f.code}{_RESET} {f.message}")
        return line + "\n" + self._excerpt(f)

    def _excerpt(self, f: Finding) -> str:
        if not self.source or f.line <= 0 or f.file in self.no_source:
            return ""
        text = linecache.getline(f.file, f.line).rstrip("\r\n").lstrip("\ufeff")
        if not text:
            return ""
        gutter = f"{f.line:>5} | "
        pad = "".join(c if c == "\t" else " " for c in text[:max(f.col - 1, 0)])
        caret = "^" if f.col > 0 else ""
        if self.color:
            caret = f"{_COLOURS.get(f.severity, _BOLD)}{caret}{_RESET}"
            return f"{_DIM}{gutter}{_RESET}{text}\n{_DIM}{' ' * (len(gutter) - 2)}| {_RESET}{pad}{caret}\n"
        return f"{gutter}{text}\n{' ' * (len(gutter) - 2)}| {pad}{caret}\n"


class Writer:
    """What every output format is told, in input order: ``begin``, per input ``file_start``,
    its games, ``file_end`` (with the message of a read that stopped early), ``problem`` for
    an input that could not be opened, ``end`` with the summary. Read problems go to stderr."""

    def __init__(self, out: Stream, err: Stream) -> None:
        self.out, self.err = out, err

    def begin(self) -> None:
        pass

    def file_start(self, path: str) -> None:
        pass

    def game(self, game: RenderedGame) -> None:
        raise NotImplementedError

    def file_end(self, path: str, error: str | None) -> None:
        if error:
            self.err.write(f"belote-replay: {path}: {error}\n")

    def problem(self, path: str, message: str) -> None:
        self.err.write(f"belote-replay: {path}: {message}\n")

    def end(self, summary: Summary, problems: list[tuple[str, str]]) -> None:
        raise NotImplementedError


class TextWriter(Writer):
    """``path:line:col: severity CODE message`` lines, then the summary line."""

    def __init__(self, out: Stream, err: Stream, style: TextStyle = TextStyle()) -> None:
        super().__init__(out, err)
        self.style = style

    def game(self, game: RenderedGame) -> None:
        if self.style.statistics:
            return
        for f in game.findings:
            if not (self.style.quiet and f.severity == "info"):
                self.out.write(self.style.finding(f))

    def end(self, summary: Summary, problems: list[tuple[str, str]]) -> None:
        if self.style.statistics:
            self.out.write(summary.statistics())
        if not self.style.quiet:
            self.out.write(summary.text() + "\n")
        self.out.flush()


class JsonWriter(Writer):
    """One JSON document, streamed: files and games are written as they come."""

    def __init__(self, out: Stream, err: Stream) -> None:
        super().__init__(out, err)
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
        super().file_end(path, error)

    def end(self, summary: Summary, problems: list[tuple[str, str]]) -> None:
        self.out.write('],"problems":' + json.dumps(
            [{"path": p, "message": m} for p, m in problems], ensure_ascii=False))
        self.out.write(',"summary":' + json.dumps(summary.to_dict()) + "}\n")
        self.out.flush()
