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

from belote_notation.game.lang import Message, Number, msg
from belote_notation.notation.issues import (
    BAD_TAG_PAIR,
    NUMBER_TOO_LONG,
    TOO_MANY_ISSUES,
    UNEXPECTED_TEXT,
    SyntaxIssue,
    syntax_issue,
)
from belote_notation.notation.limits import MAX_DIGITS, MAX_ISSUES_PER_GAME, MAX_ITEMS_PER_GAME
from belote_notation.notation.visitor import Visitor

__all__ = [
    "COMMENT_TYPES",
    "Alternative",
    "Chunk",
    "ChunkLocator",
    "Issues",
    "ItemsExceeded",
    "Node",
    "Word",
    "chunk_lines",
    "comment_text",
    "number",
    "position_in",
    "split_words",
]

COMMENT_TYPES = frozenset({"COMMENT", "LINE_COMMENT"})

Word = tuple[str, int, int]
"""A word with its file (line, col)."""


class Chunk(NamedTuple):
    """A token: its terminal name, its text and the file position of its first character."""

    type: str
    value: str
    line: int
    column: int


def position_in(chunk: Chunk, offset: int) -> tuple[int, int]:
    """File position of the character at ``offset`` in ``chunk``.

    >>> chunk = Chunk("COMMENT", "{a\\nbc}", 3, 5)
    >>> position_in(chunk, 1), position_in(chunk, 4)
    ((3, 6), (4, 2))
    """
    newline = chunk.value.rfind("\n", 0, offset)
    if newline < 0:
        return chunk.line, chunk.column + offset
    return chunk.line + chunk.value.count("\n", 0, offset), offset - newline


class ChunkLocator:
    """File positions of offsets of one chunk asked in increasing order: line breaks are
    counted once (each tag pair counted them from the start of the block: 100,000 tag pairs
    took 16 s, issue 13)."""

    __slots__ = ("chunk", "done", "line", "newline")

    def __init__(self, chunk: Chunk) -> None:
        self.chunk, self.done, self.line, self.newline = chunk, 0, chunk.line, -1

    def where(self, offset: int) -> tuple[int, int]:
        value = self.chunk.value
        if offset < self.done:
            return position_in(self.chunk, offset)
        count = value.count("\n", self.done, offset)
        if count:
            self.line += count
            self.newline = value.rfind("\n", self.done, offset)
        self.done = offset
        if self.newline < 0:
            return self.line, self.chunk.column + offset
        return self.line, offset - self.newline


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
        return chunk.value[1:].strip()  # `; x` is the comment `x`, written `{x}`
    text = chunk.value[1:-1]
    return _COMMENT_ESCAPE.sub(r"\1", text) if "\\" in text else text


class ItemsExceeded(Exception):
    """Raised by :meth:`Issues.spend` past :data:`MAX_ITEMS_PER_GAME`: the reader stops the
    game there (BEL013 at ``line``, ``col``)."""

    def __init__(self, line: int, col: int) -> None:
        super().__init__(line, col)
        self.line, self.col = line, col


class Issues:
    """The syntax issues of one game, reported to the visitor as they are found (at most
    :data:`MAX_ISSUES_PER_GAME`, then one BEL011), and the items the game may still hold
    (:data:`MAX_ITEMS_PER_GAME`)."""

    __slots__ = ("count", "cut_at", "left", "name", "visitor")

    def __init__(self, visitor: Visitor[object], name: str | None,
                 max_items: int = MAX_ITEMS_PER_GAME) -> None:
        self.visitor = visitor
        self.name = name
        self.count = 0
        self.left = max_items
        """Items the game may still hold."""
        self.cut_at: tuple[int, int] | None = None
        """Where a piece of too many tokens was cut (:func:`.recovery.parse_piece`)."""

    def spend(self, items: int, line: int, col: int) -> None:
        """Count ``items`` read at (``line``, ``col``); past the limit, :class:`ItemsExceeded`."""
        self.left -= items
        if self.left < 0:
            raise ItemsExceeded(line, col)

    def afford(self, items: int) -> bool:
        """Count ``items`` if the game may hold them all; else count nothing (``False``: count
        them one at a time with :meth:`spend`, which says where the limit was passed)."""
        if self.left < items:
            return False
        self.left -= items
        return True

    def stop_if_cut(self) -> None:
        """After a piece is read: stop the game where it was cut, if it was."""
        if self.cut_at is not None:
            raise ItemsExceeded(*self.cut_at)

    def report(self, code: str, message: Message, line: int, col: int) -> None:
        """One issue of this game; past :data:`MAX_ISSUES_PER_GAME`, one BEL011, then none (an
        issue past the limit is not even rendered)."""
        self.count += 1
        if self.count <= MAX_ISSUES_PER_GAME:
            self.visitor.visit_error(syntax_issue(code, message, line, col, self.name))
        elif self.count == MAX_ISSUES_PER_GAME + 1:
            self.too_many(line, col)

    def add(self, issue: SyntaxIssue) -> None:
        """An issue found before reading (by the stream splitter)."""
        self.count += 1
        if self.count <= MAX_ISSUES_PER_GAME:
            self.visitor.visit_error(issue._replace(file=self.name))
        elif self.count == MAX_ISSUES_PER_GAME + 1:
            self.too_many(issue.line, issue.col)

    def too_many(self, line: int, col: int) -> None:
        self.visitor.visit_error(syntax_issue(
            TOO_MANY_ISSUES, msg("too many syntax errors in this game; the rest are not listed"),
            line, col, self.name))


def number(word: str, line: int, col: int, issues: Issues) -> int | None:
    """The integer ``word`` (digits, a sign allowed); ``None`` after reporting a BEL012 when
    it has more than :data:`MAX_DIGITS` digits (Python refuses to read past 4,300).

    >>> number("-42", 1, 1, Issues(None, None))  # type: ignore[arg-type]
    -42
    """
    digits = word[1:] if word[:1] in ("+", "-") else word
    if len(digits) <= MAX_DIGITS and digits.isdecimal():
        return int(word)
    if len(digits) > MAX_DIGITS:
        issues.report(NUMBER_TOO_LONG, msg("a number of %(digits)s digits: the notation reads numbers of "
                                           "at most %(most)s digits", digits=Number(len(digits)),
                                           most=MAX_DIGITS), line, col)
    else:
        issues.report(UNEXPECTED_TEXT, msg("`%(word)s` is not a number (write the digits 0-9)", word=word),
                      line, col)
    return None


_ESCAPE = re.compile(r"\\(.)")
_QUOTED_ESCAPES = {"\\": "\\", '"': '"', "n": "\n", "r": "\r", "t": "\t"}


def unescape(raw: str, chunk: Chunk | ChunkLocator, offset: int, issues: Issues) -> str:
    """Undo the escapes of a quoted value (at ``offset`` of ``chunk``), reporting bad ones (BEL003)."""
    locator = chunk if isinstance(chunk, ChunkLocator) else ChunkLocator(chunk)

    def replace(found: re.Match[str]) -> str:
        char = found.group(1)
        if char in _QUOTED_ESCAPES:
            return _QUOTED_ESCAPES[char]
        line, col = locator.where(offset + found.start())
        issues.report(BAD_TAG_PAIR, msg("bad escape `\\%(char)s` in a quoted value: only \\\" \\\\ "
                                        "\\n \\r \\t are escapes (write \\\\ for a backslash)",
                                        char=char), line, col)
        return "\\" + char
    return _ESCAPE.sub(replace, raw)
