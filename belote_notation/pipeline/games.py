"""The games of an opened input, whatever its format, as one stream of things to check.

* ``.bel`` is cut into game texts without parsing (:class:`TextGame`); each is read and checked
  in one pass, the reader's events fed to the checker, no records built.
* Every other readable format gives records through its :meth:`Format.read`, each game with
  the :class:`~belote_notation.formats.base.FormatIssue`\\ s found before it
  (:class:`RecordGame`); the issues become findings located in that input (its line and
  column), and issues after the last game join the last game's report.

Both are small picklable values, so they can be checked here or in a worker process, and
:meth:`check` gives the same report either way.

>>> from belote_notation.pipeline.inputs import Source, open_input
>>> with open_input(Source("t.bel", data=b"deal 1\\nend\\ndeal 1\\nend\\n")) as opened:
...     [(r.game, r.deal_count) for r in check_input(opened)]
[(1, 1), (2, 1)]
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from belote_notation.check.checker import DEFAULT_CONFIG
from belote_notation.check.findings import Finding, sort_key
from belote_notation.check.report import GameReport
from belote_notation.check.setup import ValidationConfig
from belote_notation.check.validator import no_game_report, validate_game, validate_game_text, validate_source
from belote_notation.formats.base import FormatIssue
from belote_notation.notation.read.stream import GameText, iter_game_texts
from belote_notation.pipeline.inputs import (
    OpenInput,
)

if TYPE_CHECKING:  # a .bel game is checked from its text: no record
    from belote_notation.notation.records import Game

__all__ = [
    "GameToCheck",
    "RecordGame",
    "TextGame",
    "check_input",
    "games_of",
    "issue_finding",
]


def issue_finding(issue: FormatIssue, file: str, game: int | None = None) -> Finding:
    """A format's issue as a finding of ``file`` at the issue's line and column.

    >>> from belote_notation.formats.base import issue
    >>> print(issue_finding(issue("BEL803", "unknown card 'ZZ'", line=3, event=3), "app.events.jsonl", 1))
    app.events.jsonl:3:1: warning BEL803 unknown card 'ZZ'
    """
    return Finding.from_issue(issue, file, game, issue.severity)


@dataclass(frozen=True, slots=True)
class TextGame:
    """The text of one ``.bel`` game, cut from its file (checked by reading it)."""

    text: GameText

    @property
    def size(self) -> int:
        """Characters, for batching."""
        return len(self.text.text)

    @property
    def number(self) -> int:
        return self.text.index + 1

    @property
    def line(self) -> int:
        return self.text.first_line

    def check(self, file: str, config: ValidationConfig = DEFAULT_CONFIG) -> GameReport:
        return validate_game_text(self.text, file, config)


@dataclass(frozen=True, slots=True)
class RecordGame:
    """A game read by a format as records (``None``: the input held issues but no game, or this
    game could not be read: :attr:`lost`), with the issues found before it (and, for the last
    game, after it)."""

    game: Game | None
    number: int
    issues: tuple[FormatIssue, ...] = ()

    @property
    def size(self) -> int:
        """About the characters of its ``.bel`` text, for batching."""
        return 100 + (250 * len(self.game.deals) if self.game else 0)

    @property
    def line(self) -> int:
        return self.game.line if self.game else 0

    def check(self, file: str, config: ValidationConfig = DEFAULT_CONFIG) -> GameReport:
        syntax = [issue_finding(i, file, self.number) for i in self.issues]
        if self.game is not None:
            return validate_game(self.game, file, self.number, config, syntax=syntax)
        report = no_game_report(file, self.number)  # its BEL708 "no game found", after the issues
        if self.lost:  # the game's own finding says why it is not there
            report.findings = []
        report.findings = sorted(syntax, key=sort_key) + report.findings
        report.line = min((f.line for f in syntax if f.line), default=0)
        return report

    @property
    def lost(self) -> bool:
        """A game of the input that could not be read at all (its issue says why)."""
        return self.game is None and any(i.lost for i in self.issues)


GameToCheck = TextGame | RecordGame
"""One game of an input, ready to be checked here or in a worker."""


def games_of(opened: OpenInput) -> Iterator[GameToCheck]:
    """The games of ``opened`` one at a time (flat memory), in order."""
    if opened.format.game_texts:
        return (TextGame(text) for text in iter_game_texts(opened.stream, name=opened.name))
    return _records(opened)


def _records(opened: OpenInput) -> Iterator[RecordGame]:
    from belote_notation.formats.limits import bounded_issues  # not for .bel: not at validate's start

    issues: list[FormatIssue] = []
    held: RecordGame | None = None  # the last game waits: issues after it are its own
    count = 0
    for item in bounded_issues(opened.format.read(opened.stream, opened.name)):  # counted past 100 a game
        if isinstance(item, FormatIssue) and not item.lost:
            issues.append(item)
            continue
        if held is not None:
            yield held
        count += 1
        if isinstance(item, FormatIssue):  # a game that could not be read keeps its number
            held, issues = RecordGame(None, count, (*issues, item)), []
        else:
            held, issues = RecordGame(item, count, tuple(issues)), []
    if held is not None:
        yield RecordGame(held.game, held.number, held.issues + tuple(issues))
    elif issues or not count:
        yield RecordGame(None, 1, tuple(issues))


def check_input(opened: OpenInput, config: ValidationConfig = DEFAULT_CONFIG) -> Iterator[GameReport]:
    """The report of every game of ``opened``, in order (``.bel``: read and checked in one pass).
    Reading errors of the stream (``OSError``, ``UnicodeError``) are the caller's to report."""
    if opened.format.game_texts:
        yield from validate_source(opened.stream, opened.name, config)
        return
    for game in _records(opened):
        yield game.check(opened.name, config)
