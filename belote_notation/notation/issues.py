"""Syntax issues (codes BEL0xx): what the notation reader reports instead of raising."""

from __future__ import annotations

from typing import NamedTuple, Optional

__all__ = ["SyntaxIssue", "SYNTAX_CODES"]

#: Every syntax code with a one-line title (docs/notation.md, "Syntax errors", explains each).
SYNTAX_CODES: dict[str, str] = {
    "BEL001": "unexpected text: not what the notation allows here",
    "BEL002": "a brace comment is never closed",
    "BEL003": "a tag pair is malformed (unclosed quote or bad escape)",
    "BEL004": "unknown card in the game's deck",
    "BEL005": "unknown value (seat, suit, deck, round, announcement kind)",
    "BEL006": "the game does not end with `end` (truncated file?)",
    "BEL007": "the bytes are not valid UTF-8",
    "BEL008": "a game is too large to buffer; it was skipped",
    "BEL009": "no game in the file (empty or only blank lines)",
    "BEL010": "review material with nothing to attach to",
    "BEL011": "too many syntax errors in one game; the rest are not listed",
    "BEL099": "internal error of the reader (please report it)",
}


class SyntaxIssue(NamedTuple):
    """A syntax problem at a place in the file.

    ``line`` and ``col`` are 1-based (``col`` counts characters, not bytes); ``file`` is the
    name given to the reader, if any.
    """

    code: str
    message: str
    line: int
    col: int
    file: Optional[str] = None

    def __str__(self) -> str:
        where = f"{self.file}:" if self.file else ""
        return f"{where}{self.line}:{self.col}: {self.code} {self.message}"
