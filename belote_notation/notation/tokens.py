"""What the section readers read: tokens with file positions, split into words.

Both reading paths hand the same things to the section readers (:mod:`.sections`): a
:class:`Chunk` per token of the grammar (a canonical line is a chunk of its section's
terminal) and an :class:`Alternative` per variation, so one reader per section serves both.

>>> split_words(Chunk("TRICK", "trick 1  N:AS\\n E:7S", 3, 5))
[('trick', 3, 5), ('1', 3, 11), ('N:AS', 3, 14), ('E:7S', 4, 2)]
"""

from __future__ import annotations

import re
from typing import NamedTuple

from belote_notation.notation.issues import TOO_MANY_ISSUES, SyntaxIssue
from belote_notation.notation.visitor import Visitor

__all__ = [
    "COMMENT_TYPES",
    "MAX_ISSUES_PER_GAME",
    "Alternative",
    "Chunk",
    "Issues",
    "Node",
    "Word",
    "chunk_lines",
    "comment_text",
    "split_words",
]

MAX_ISSUES_PER_GAME = 100
COMMENT_TYPES = frozenset({"COMMENT", "LINE_COMMENT"})

Word = tuple[str, int, int]
"""A word with its file (line, col)."""


class Chunk(NamedTuple):
    """A token: its terminal name, its text and the file position of its first character."""

    type: str
    value: str
    line: int
    column: int


class Alternative(NamedTuple):
    """A variation: the position of its ``(`` and what it holds, nested variations included."""

    line: int
    column: int
    children: list[Chunk | Alternative]


Node = Chunk | Alternative

_ODD_SPACE = str.maketrans("\t\r\f", "   ")


def chunk_lines(chunk: Chunk) -> list[str]:
    """The lines of a chunk, tabs, CR and form feeds read as spaces (positions unchanged)."""
    value = chunk.value
    if "\t" in value or "\r" in value or "\f" in value:
        value = value.translate(_ODD_SPACE)
    return value.split("\n")


def split_words(chunk: Chunk) -> list[Word]:
    """The words of a chunk (split at any white space) with their file positions."""
    value = chunk.value
    if "\t" in value or "\r" in value or "\f" in value:
        value = value.translate(_ODD_SPACE)
    line, col = chunk.line, chunk.column
    out: list[Word] = []
    append = out.append
    for text_line in value.split("\n"):
        c = col
        for word in text_line.split(" "):
            if word:
                append((word, line, c))
            c += len(word) + 1
        line += 1
        col = 1
    return out


_COMMENT_ESCAPE = re.compile(r"\\([\\{}\[])")


def comment_text(chunk: Chunk) -> str:
    """A comment without its delimiters; ``\\}`` ``\\{`` ``\\[`` ``\\\\`` unescaped."""
    if chunk.type == "LINE_COMMENT":
        return chunk.value[1:].rstrip("\r")
    text = chunk.value[1:-1]
    return _COMMENT_ESCAPE.sub(r"\1", text) if "\\" in text else text


class Issues:
    """The syntax issues of one game, reported to the visitor as they are found (at most
    :data:`MAX_ISSUES_PER_GAME`, then one BEL011)."""

    __slots__ = ("count", "name", "visitor")

    def __init__(self, visitor: Visitor[object], name: str | None) -> None:
        self.visitor = visitor
        self.name = name
        self.count = 0

    def report(self, code: str, message: str, line: int, col: int) -> None:
        self.count += 1
        if self.count <= MAX_ISSUES_PER_GAME:
            self.visitor.visit_error(SyntaxIssue(code, message, line, col, self.name))
        elif self.count == MAX_ISSUES_PER_GAME + 1:
            self.visitor.visit_error(SyntaxIssue(
                TOO_MANY_ISSUES, "too many syntax errors in this game; the rest are not listed",
                line, col, self.name))

    def add(self, issue: SyntaxIssue) -> None:
        """An issue found before reading (by the stream splitter)."""
        self.report(issue.code, issue.message, issue.line, issue.col)
