"""Streaming split of a .bel source into game texts, with flat memory.

The reader never parses here: it reads line by line (a line longer than
:data:`MAX_LINE` is read in pieces), decodes UTF-8 itself (bad bytes become U+FFFD and
a BEL007 issue), and cuts the stream into games at the boundaries the notation defines:

* a game ends after the line holding its ``end`` keyword (outside comments and quotes);
* a line starting with ``[`` after the game's body has begun starts a new game even when
  the previous one never said ``end`` (a truncated or broken game does not swallow the next);
  such a line also closes a brace comment left open.

Only one game is buffered at a time, at most :data:`MAX_GAME_CHARS` characters; a longer
game is skipped with a BEL008 issue and reading goes on with the next one.
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Callable, Generator, Iterator
from functools import partial
from typing import NamedTuple, cast

from belote_notation.game.lang import Number, msg
from belote_notation.notation.issues import GAME_TOO_LARGE, SyntaxIssue, syntax_issue
from belote_notation.notation.read.canon import compiled_cut
from belote_notation.notation.read.lines import (
    CLEAN,
    COMMENT_CLOSE,
    COMMENT_OPEN,
    END,
    END_WORDS,
    ESCAPE,
    LINE_COMMENT_OPEN,
    MAX_LINE,
    QUOTE,
    SPECIAL,
    TOKENS,
    LineReader,
    Source,
    open_source,
    utf8_size,
)

__all__ = ["MAX_GAME_CHARS", "MAX_LINE", "GameText", "Source", "iter_game_texts"]


MAX_GAME_CHARS = 8_000_000
"""The most text buffered for one game (a 2000-point match is well under 1 MB)."""


class GameText(NamedTuple):
    """The text of one game, cut from the stream without parsing it.

    ``first_line`` is the 1-based line of the game's first line in the file and ``index`` the
    0-based number of the game in the file. ``issues`` holds what the reader itself found
    (bad UTF-8, a game too large to buffer): pass the whole ``GameText`` to
    :func:`belote_notation.notation.read.reader.parse_game_text` to keep them.

    ``start`` and ``end`` are the byte offsets of the game in its source: ``source[start:end]``
    is exactly the game's bytes, from the start of its first line to the end of the line of its
    ``end`` keyword (or to where the next game starts), CRs and bad bytes included, a BOM and
    the blank lines between games not. For a text handle they count the text in UTF-8.
    ``text`` is what the reader reads: its CRs before a line feed are dropped and a bad byte
    is U+FFFD.
    """

    text: str
    first_line: int
    index: int  # type: ignore[assignment]  # shadows tuple.index; the name is public API
    issues: tuple[SyntaxIssue, ...] = ()
    start: int = 0
    end: int = 0






def _plain(line: str) -> bool:
    """No tag, comment, quote, escape or `end` keyword in the line (cheap substring tests)."""
    if SPECIAL.search(line) is not None or "[" in line:
        return False
    low = line.lower()
    for word in END_WORDS:
        if word in low:
            return False
    return True


def _scan(line: str, in_comment: bool) -> tuple[bool, bool]:
    """Follow brace comments, quotes and ``;`` comments through one line.

    Returns (still inside a brace comment at the end of the line, an ``end`` keyword seen).
    """
    if not in_comment and SPECIAL.search(line) is None:
        return False, END.search(line) is not None
    in_string = False
    has_end = False
    for match in TOKENS.finditer(line):
        tok = match.group()
        if in_comment:
            if tok == COMMENT_CLOSE:
                in_comment = False
            continue
        if in_string:
            if tok == QUOTE:
                in_string = False
            continue
        if tok == COMMENT_OPEN:
            in_comment = True
        elif tok == QUOTE:
            in_string = True
        elif tok == LINE_COMMENT_OPEN:
            break
        elif tok[0] != ESCAPE and tok != COMMENT_CLOSE:
            has_end = True
    return in_comment, has_end


def iter_game_texts(source: Source, name: str | None = None,
                    max_game_chars: int = MAX_GAME_CHARS) -> Iterator[GameText]:
    """Cut ``source`` (a path, or an open text or binary file) into game texts, streaming.

    An empty source yields one empty ``GameText`` so that the parser can report it (BEL009).
    A path that cannot be opened raises ``OSError`` (the caller reports it).
    """
    handle, binary, opened = open_source(source)
    if name is None and isinstance(source, (str, os.PathLike)):
        name = os.fspath(source)
    try:
        yield from _Splitter(name, max_game_chars).run(LineReader(handle, binary, name))
    finally:
        if opened:
            handle.close()


_NON_BLANK = re.compile(r"\S")
_CUT_GAME = compiled_cut()
_CUT = None if _CUT_GAME is None else partial(_CUT_GAME, END_WORDS, QUOTE)
"""The compiled :func:`_block_cut` (``None``: not built, or switched off)."""
_BODY_LINE = re.compile(r"^[^\S\n]*[^\s\[]", re.MULTILINE)
"""A line that is not blank and does not start with ``[`` (after its leading white space): a
line of a game's body. ``^`` matches after a line feed only (the clean blocks hold no CR)."""


def _first_end_word(low: str, start: int, limit: int) -> tuple[int, str]:
    """The first `end` keyword spelling in ``low[start:limit]``: (offset or -1, the word).
    (``str.find`` per spelling: a regular expression of the spellings scans five times slower.)"""
    best, found = -1, ""
    for word in END_WORDS:
        k = low.find(word, start, limit)
        if k >= 0 and (best < 0 or k < best):
            best, found = k, word
    return best, found


def _tag_line(block: str, start: int) -> int:
    """Where the first line that starts with ``[`` after offset ``start`` starts (-1: none):
    ``block.find("\\n[", start) + 1``, but a search for one character is several times faster,
    and ``[`` is rare in a game's body.

    >>> _tag_line("a[b\\n[c", 0), _tag_line("[a\\n[b", 1), _tag_line("x[\\n", 0)
    (4, 3, -1)
    """
    at = block.find("[", start + 1)
    while at >= 0 and block[at - 1] != "\n":
        at = block.find("[", at + 1)
    return at


Cut = Callable[[int, bool], "tuple[int, bool, int, int]"]
"""Where a game stops in a block: :func:`_block_cut` of the block, from an offset."""


def _cutter(block: str) -> Cut | None:
    """:func:`_block_cut` of ``block``, compiled for a block of one byte a character (``cut_game``
    of ``_canon.c``); ``None`` when lowering the block changes its length (then it is read line
    by line)."""
    if _CUT is not None and _CUT(block, len(block), True) is not None:  # the block is of one byte a character
        return cast(Cut, partial(_CUT, block))  # it gives None for no position of such a block
    low = block.lower()
    return partial(_block_cut, block, low) if len(low) == len(block) else None


def _block_cut(block: str, low: str, pos: int, body: bool) -> tuple[int, bool, int, int]:
    """Where the game that continues at ``pos`` stops in a clean block.

    Returns (offset after the game's last line in the block, whether the game ended there,
    where the first line of its body is at or after ``pos``: ``pos`` when ``body`` says it has
    begun, -1 when there is none, the line feeds before the offset returned from ``pos`` on).
    A game ends after the line of its ``end``/``fin`` keyword, or before a line starting with
    ``[`` once its body has begun (the rules of :func:`iter_game_texts`). ``low`` is
    ``block.lower()``.
    """
    n = len(block)
    # the earliest line starting with `[` (in its first column) after the body has begun: from
    # ``pos`` when it has, else after the first line of the body (tag pairs, indented or not,
    # and blank lines before it)
    first_body = pos if body else -1
    if body and block.startswith("[", pos):
        bracket = pos
    else:
        if not body:
            found = _BODY_LINE.search(block, pos)
            if found is not None:
                first_body = found.start()
        bracket = _tag_line(block, first_body) if first_body >= 0 else -1
    limit = bracket if bracket >= 0 else n
    # the first `end`/`fin` keyword outside quotes (a clean block has no comments)
    i = pos
    while True:
        k, word = _first_end_word(low, i, limit)
        if k < 0:
            break
        i = k + len(word)
        before = block[k - 1] if k > 0 else " "
        after = block[i] if i < n else " "
        if before.isalnum() or before in "_:" or after.isalnum() or after == "_":
            continue
        start = block.rfind("\n", 0, k) + 1
        if block.count(QUOTE, start, k) % 2:
            continue                # inside a quoted value
        nl = block.find("\n", k)
        cut = n if nl < 0 else nl + 1
        return cut, True, first_body, block.count("\n", pos, cut)
    cut = bracket if bracket >= 0 else n
    return cut, False, first_body, block.count("\n", pos, cut)


class _Splitter:
    """Cuts the pieces of a :class:`_Reader` into game texts (the rules of
    :func:`iter_game_texts`), buffering one game at a time."""

    def __init__(self, name: str | None, max_chars: int) -> None:
        self.name, self.max_chars = name, max_chars
        self.parts: list[str] = []
        self.size = 0
        self.issues: list[SyntaxIssue] = []
        self.first_line = 0         # 0: no game text started
        self.body = False           # the current game has something other than tag pairs
        self.in_comment = False
        self.oversized = False
        self.index = 0
        self.at_line_start = True
        self.pending_end = False
        self.pos = 0                # bytes of the source before what is read next
        self.start = 0              # where the current game starts, in bytes
        self.mark = (0, 0)          # (character, byte) reached in the current clean block

    def flush(self, end: int) -> GameText:
        text = "" if self.oversized else "".join(self.parts)
        # tuple.__new__: the GameText without namedtuple's Python __new__ (once a game)
        game = tuple.__new__(GameText, (text, self.first_line or 1, self.index, tuple(self.issues),
                                        self.start, end))
        self.parts, self.size, self.issues = [], 0, []
        self.first_line, self.body, self.in_comment, self.oversized = 0, False, False, False
        self.index += 1
        return game

    def run(self, reader: LineReader) -> Iterator[GameText]:
        for piece, complete, line_no, issue, size in reader.pieces():
            if not self.pos:
                self.pos = reader.bom
            if issue is CLEAN:
                block_line = line_no
                rest, line_no = yield from self.clean_block(piece, line_no, size)
                lines = rest.split("\n")
                lines.pop()
                for k, text in enumerate(lines):
                    yield from self.line(text + "\n", True, line_no + k, None, utf8_size(text) + 1)
                reader.block_lines = line_no + len(lines) - block_line  # counted here: not again
            else:
                yield from self.line(piece, complete, line_no, issue, size)
        if self.first_line:
            yield self.flush(self.pos)
        elif self.index == 0:
            yield GameText("", 1, 0, tuple(self.issues), reader.bom, self.pos)  # the whole blank input

    def byte_at(self, piece: str, base: int, index: int) -> int:
        """The byte offset of ``piece[index]`` (``piece`` starts at byte ``base``): counted on
        from the last offset asked in this piece, so a block costs one pass, not one a game."""
        if piece.isascii():
            return base + index
        char, byte = self.mark if self.mark[0] <= index else (0, 0)
        byte += utf8_size(piece[char:index])
        self.mark = (index, byte)
        return base + byte

    def clean_block(self, piece: str, line_no: int, size: int) -> Generator[GameText, None, tuple[str, int]]:
        """Whole clean lines read at once (``size`` bytes); returns what is left for the line
        path (whole lines, ``""``: nothing) and the line where it starts."""
        if self.in_comment or self.oversized or self.pending_end or not self.at_line_start:
            return piece, line_no
        cut_from = _cutter(piece)
        if cut_from is None:
            return piece, line_no
        base, self.mark = self.pos, (0, 0)
        ascii_only = piece.isascii()  # then a character is a byte: byte_at is base + index
        pos, end_text = 0, len(piece)
        counted, lines = 0, line_no   # the line of offset ``counted``: counted on, not from 0
        while pos < end_text:
            if not self.first_line:
                found = _NON_BLANK.search(piece, pos)
                if found is None:
                    break
                start = piece.rfind("\n", 0, found.start()) + 1
                lines += piece.count("\n", counted, start)
                counted = start
                self.first_line = lines
                self.start = base + start if ascii_only else self.byte_at(piece, base, start)
                pos = start
            cut, ends_game, first_body, newlines = cut_from(pos, self.body)
            chunk = piece[pos:cut]
            if self.size + len(chunk) > self.max_chars:
                break               # let the line path report the oversized game
            lines, counted = lines + newlines, cut
            self.parts.append(chunk)
            self.size += len(chunk)
            if not self.body:  # a line of the body in the game's text so far (whole lines)
                self.body = 0 <= first_body < cut
            pos = cut
            if ends_game or cut < end_text:
                yield self.flush(base + cut if ascii_only else self.byte_at(piece, base, cut))
        if pos >= end_text:
            self.pos = base + size
            return "", lines + piece.count("\n", counted, end_text)
        self.pos = self.byte_at(piece, base, pos)
        return piece[pos:], lines + piece.count("\n", counted, pos)

    def line(self, piece: str, complete: bool, line_no: int, issue: SyntaxIssue | None,
             size: int) -> Iterator[GameText]:
        """One line or piece of a line, of ``size`` bytes in the source."""
        line_start = self.at_line_start
        self.at_line_start = complete
        at, self.pos = self.pos, self.pos + size
        if (self.first_line and line_start and complete and not self.in_comment and issue is None
                and not self.oversized and self.size + len(piece) <= self.max_chars
                and _plain(piece)):
            # The common line: no tag, comment, quote or `end`: just keep it.
            self.parts.append(piece)
            self.size += len(piece)
            if not self.body and not piece.isspace():
                self.body = True
            return
        stripped = piece.lstrip() if line_start else piece
        if line_start and piece.startswith("[") and self.first_line and (self.body or self.in_comment):
            yield self.flush(at)
        if not self.first_line:
            if not stripped.strip() and issue is None:
                return  # blank lines between games belong to no game
            self.first_line = line_no
            self.start = at
        if issue is not None:
            self.issues.append(issue)
        self.keep(piece)
        was_in_comment = self.in_comment
        self.in_comment, has_end = _scan(piece, self.in_comment)
        opens_no_body = ("[", COMMENT_OPEN, LINE_COMMENT_OPEN, "")
        if line_start and not was_in_comment and stripped[:1] not in opens_no_body:
            self.body = True
        self.pending_end = self.pending_end or has_end
        if self.pending_end and complete:
            self.pending_end = False
            yield self.flush(self.pos)

    def keep(self, piece: str) -> None:
        if self.oversized:
            return
        self.parts.append(piece)
        self.size += len(piece)
        if self.size > self.max_chars:
            self.oversized = True
            self.parts = []
            self.issues.append(syntax_issue(
                GAME_TOO_LARGE, msg("this game is longer than %(most)s characters (or has no `end` before "
                                    "that much text); it was skipped", most=Number(self.max_chars)),
                self.first_line, 1, self.name))


def text_source(text: str) -> io.StringIO:
    """A text handle over a string (newlines kept as written)."""
    return io.StringIO(text, newline="\n")
