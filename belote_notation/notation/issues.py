"""Syntax issues (codes BEL0xx): what the notation reader reports instead of raising."""

from __future__ import annotations

from typing import NamedTuple

from belote_notation.game.code_table import raised_by
from belote_notation.game.lang import Message, render

__all__ = [
    "BAD_TAG_PAIR",
    "BAD_UTF8",
    "GAME_TOO_LARGE",
    "INTERNAL_ERROR",
    "MISSING_END",
    "NOTHING_TO_ANNOTATE",
    "NO_GAME",
    "NUMBER_TOO_LONG",
    "SYNTAX_CODES",
    "TOO_MANY_ISSUES",
    "TOO_MANY_ITEMS",
    "UNCLOSED_COMMENT",
    "UNEXPECTED_TEXT",
    "UNKNOWN_CARD",
    "UNKNOWN_VALUE",
    "SyntaxIssue",
    "syntax_issue",
]

UNEXPECTED_TEXT = "BEL001"
UNCLOSED_COMMENT = "BEL002"
BAD_TAG_PAIR = "BEL003"
UNKNOWN_CARD = "BEL004"
UNKNOWN_VALUE = "BEL005"
MISSING_END = "BEL006"
BAD_UTF8 = "BEL007"
GAME_TOO_LARGE = "BEL008"
NO_GAME = "BEL009"
NOTHING_TO_ANNOTATE = "BEL010"
TOO_MANY_ISSUES = "BEL011"
NUMBER_TOO_LONG = "BEL012"
TOO_MANY_ITEMS = "BEL013"
INTERNAL_ERROR = "BEL099"

SYNTAX_CODES: dict[str, str] = {code: row.title for code, row in raised_by("reader").items()}
"""Every syntax code with its one-line title: the reader's view of the one code table
(:mod:`belote_notation.game.code_table`; docs/notation.md, "Syntax errors", explains each)."""


class SyntaxIssue(NamedTuple):
    """A syntax problem at a place in the file.

    ``line`` and ``col`` are 1-based (``col`` counts characters, not bytes); ``file`` is the
    name given to the reader, if any.

    >>> str(SyntaxIssue(UNKNOWN_CARD, "unknown card `9O`", 3, 10, "f.bel"))
    'f.bel:3:10: BEL004 unknown card `9O`'
    """

    code: str
    message: str
    line: int
    col: int
    file: str | None = None
    msg: Message | None = None
    """The message as data (its catalogue id and parameters); ``message`` is its English text."""

    def __str__(self) -> str:
        where = f"{self.file}:" if self.file else ""
        return f"{where}{self.line}:{self.col}: {self.code} {self.message}"


def syntax_issue(code: str, message: Message, line: int, col: int, file: str | None = None) -> SyntaxIssue:
    """The issue of ``message``, its English text rendered once (docs/languages.md).

    >>> from belote_notation.game.lang import msg
    >>> issue = syntax_issue(NO_GAME, msg("no game here: the input is empty"), 3, 1)
    >>> issue.message, issue.msg == msg("no game here: the input is empty")
    ('no game here: the input is empty', True)
    """
    return SyntaxIssue(code, render(message), line, col, file, message)
