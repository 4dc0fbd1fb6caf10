"""Syntax issues (codes BEL0xx): what the notation reader reports instead of raising."""

from __future__ import annotations

from typing import NamedTuple

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

#: Every syntax code with a one-line title (docs/notation.md, "Syntax errors", explains each).
SYNTAX_CODES: dict[str, str] = {
    UNEXPECTED_TEXT: "unexpected text: not what the notation allows here",
    UNCLOSED_COMMENT: "a brace comment is never closed",
    BAD_TAG_PAIR: "a tag pair is malformed (unclosed quote or bad escape)",
    UNKNOWN_CARD: "unknown card in the game's deck",
    UNKNOWN_VALUE: "unknown value (seat, suit, deck, round, announcement kind)",
    MISSING_END: "the game does not end with `end` (truncated file?)",
    BAD_UTF8: "the bytes are not valid UTF-8",
    GAME_TOO_LARGE: "a game is too large to buffer; it was skipped",
    NO_GAME: "no game in the file (empty or only blank lines)",
    NOTHING_TO_ANNOTATE: "review material with nothing to attach to",
    TOO_MANY_ISSUES: "too many syntax errors in one game; the rest are not listed",
    NUMBER_TOO_LONG: "a number has more digits than the reader reads",
    TOO_MANY_ITEMS: "a game holds more items than the reader reads; the rest is not read",
    INTERNAL_ERROR: "internal error of the reader (please report it)",
}


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

    def __str__(self) -> str:
        where = f"{self.file}:" if self.file else ""
        return f"{where}{self.line}:{self.col}: {self.code} {self.message}"
