"""What every output is told, and what it is told about each game.

Games are rendered where they are checked (in a worker process with several jobs):
:func:`render_game` applies the :class:`~belote_notation.pipeline.select.ReportOptions` to a
new report, sorts its findings and, for the JSON outputs, builds its JSON text, so the main
process only writes, in input order.

>>> from belote_notation.check.findings import Finding
>>> from belote_notation.check.report import GameReport
>>> game = render_game(GameReport("g.bel", 1, findings=[Finding("BEL303", "error", "m", "g.bel", 3, 1)]))
>>> (game.errors, game.warnings, game.deals), [f.code for f in game.findings]
((1, 0, 0), ['BEL303'])
>>> summary = Summary(files=1, files_read=1)
>>> summary.add(game)
>>> print(summary.text().replace("0.00s", "…"))
Checked 1 file, 1 game, 0 deals: 1 error, 0 warnings, 0 infos in ….
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Protocol

from belote_notation.check.findings import Finding, count_by_severity, sort_key
from belote_notation.check.report import GameReport
from belote_notation.game.code_table import CODES
from belote_notation.game.lang import Arg, Message, Number, msg, msg_n, render
from belote_notation.game.lang.render import chosen_lang
from belote_notation.notation.issues import NO_GAME
from belote_notation.pipeline.select import ReportOptions

__all__ = ["JSON_KINDS", "InputInfo", "RenderedGame", "Stream", "Summary", "Writer", "plural", "render_game"]

JSON_KINDS = frozenset({"json", "jsonl"})
"""Outputs that print each game's JSON object (and want every deal's report)."""
_EVERYTHING = ReportOptions()
_COMPACT = json.JSONEncoder(ensure_ascii=False, check_circular=False, separators=(",", ":"))
"""A game's JSON text, as ``json.dumps(..., ensure_ascii=False, separators=(",", ":"))`` writes it.
A report's JSON form is a tree built afresh (no cycle to look for): the check of circular
references cost a dictionary insert and delete per list and object, a sixth of the encoding
(~1 µs of a deal's 6.7)."""


class Stream(Protocol):
    """Where the writers print: a text file, or anything with ``write`` and ``flush``."""

    def write(self, text: str, /) -> int: ...

    def flush(self) -> None: ...


@dataclass(slots=True)
class RenderedGame:
    """One checked game, ready to write: counts for the summary, the findings reported (selected,
    sorted, their severity final) and, for the JSON outputs, its JSON text."""

    errors: int
    warnings: int
    infos: int
    deals: int
    findings: list[Finding] = field(default_factory=list)
    out: str = ""
    empty: bool = False
    """The input held no game (BEL009): its report is written, it is not counted as a game."""


def render_game(report: GameReport, fmt: str = "text", options: ReportOptions = _EVERYTHING) -> RenderedGame:
    """``report`` as an output shows it (``report`` itself is not changed)."""
    if not report.findings and fmt not in JSON_KINDS:  # most games: nothing to select, count or sort
        return RenderedGame(0, 0, 0, report.deal_count)
    findings = options.reported(report)
    counts = count_by_severity(findings)
    out = ""
    if fmt in JSON_KINDS:  # the other outputs need no new report, only its findings
        out = _COMPACT.encode(report.to_dict(findings=findings))
    empty = not report.deal_count and any(f.code == NO_GAME for f in report.findings)
    return RenderedGame(counts["error"], counts["warning"], counts["info"], report.deal_count,
                        sorted(findings, key=sort_key), out, empty)


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


@dataclass(slots=True)
class Summary:
    """The figures of a run, counted as its games are written (the outputs' last lines)."""

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
        self.games += not game.empty
        self.deals += game.deals
        self.errors += game.errors
        self.warnings += game.warnings
        self.infos += game.infos
        if game.findings:
            self.codes.update(f.code for f in game.findings)

    def text(self, lang: str | None = None) -> str:
        """The summary line in ``lang`` (:func:`chosen_lang` when not given), counts by the
        catalogue's plural rules."""
        return render(self.message(), lang or chosen_lang())

    def message(self) -> Message:
        """The summary line as data (docs/languages.md)."""
        rate: Arg = ""
        if self.seconds > 0 and self.deals:
            rate = msg(", %(rate)s deals/s", rate=Number(round(self.deals / self.seconds)))
        unreadable: Arg = ""
        if self.problems:
            unreadable = msg_n(", %(n)s unreadable input", ", %(n)s unreadable inputs", "n",
                               n=self.problems)
        return msg("Checked %(files)s, %(games)s, %(deals)s: %(errors)s, %(warnings)s, "
                   "%(infos)s%(unreadable)s in %(seconds)ss%(rate)s.",
                   files=msg_n("%(n)s file", "%(n)s files", "n", n=self.files_read),
                   games=msg_n("%(n)s game", "%(n)s games", "n", n=self.games),
                   deals=msg_n("%(n)s deal", "%(n)s deals", "n", n=self.deals),
                   errors=msg_n("%(n)s error", "%(n)s errors", "n", n=self.errors),
                   warnings=msg_n("%(n)s warning", "%(n)s warnings", "n", n=self.warnings),
                   infos=msg_n("%(n)s info", "%(n)s infos", "n", n=self.infos),
                   unreadable=unreadable, seconds=f"{self.seconds:.2f}", rate=rate)

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


@dataclass(frozen=True, slots=True)
class InputInfo:
    """An input about to be read: its name in findings, its format, and whether its lines can be
    shown (``OpenInput.own_lines``)."""

    name: str
    format: str = "bel"
    own_lines: bool = True


class Writer:
    """What every output is told, in input order: ``begin``, per input ``file_start``, its games,
    ``file_end`` (with the message of a read that stopped early), ``problem`` for an input that
    could not be opened, ``end`` with the summary. Read problems go to ``err``."""

    def __init__(self, out: Stream, err: Stream) -> None:
        self.out, self.err = out, err

    def begin(self) -> None:
        pass

    def file_start(self, info: InputInfo) -> None:
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
