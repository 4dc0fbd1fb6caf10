"""Reading a source line by line with flat memory, decoding UTF-8 without ever raising.

A line longer than :data:`MAX_LINE` is read in pieces; bad bytes become U+FFFD and a BEL007
issue. Blocks of whole lines with no comment, quote or escape are handed on at once. The
delimiters and keywords followed here come from the grammar.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from typing import IO, Any, Union

from belote_notation.game.lang import msg
from belote_notation.notation import vocabulary as vocab
from belote_notation.notation.issues import BAD_UTF8, SyntaxIssue, syntax_issue

__all__ = ["CLEAN", "MAX_LINE", "LineReader", "Source", "open_source", "utf8_size"]

Source = Union[str, "os.PathLike[str]", IO[str], IO[bytes]]

MAX_LINE = 1 << 20
"""Bytes (or characters) read at once when a line has no end in sight."""
MAX_DECODE_ISSUES = 20
BLOCK = 1 << 16

CLEAN = SyntaxIssue("", "", 0, 0)
"""Marker in place of an issue: the piece is a block of whole, clean lines."""

# The delimiters and keywords the splitter follows, from the grammar.
COMMENT_OPEN, COMMENT_CLOSE = vocab.delimiters("COMMENT")
LINE_COMMENT_OPEN = vocab.delimiters("LINE_COMMENT")[0]
QUOTE = vocab.delimiters("STRING")[0]
ESCAPE = "\\"
SPECIAL_CHARS = (COMMENT_OPEN, COMMENT_CLOSE, QUOTE, LINE_COMMENT_OPEN, ESCAPE)
END_WORDS = tuple(sorted(vocab.keywords("END_KW")))
END_KEYWORD = r"(?<![\w:])" + vocab.pattern("END_KW")
SPECIAL = re.compile("[" + "".join(map(re.escape, SPECIAL_CHARS)) + "]")
END = re.compile(END_KEYWORD)
TOKENS = re.compile(r"\\[\s\S]|[" + "".join(map(re.escape, SPECIAL_CHARS[:4])) + "]|" + END_KEYWORD)


def _clean_block(text: str) -> bool:
    """No comment, escape or CR in ``text`` (quotes may be there: the block path skips them)."""
    return not (COMMENT_OPEN in text or COMMENT_CLOSE in text or LINE_COMMENT_OPEN in text
                or ESCAPE in text or "\r" in text)



Piece = tuple[str, bool, int, Union[SyntaxIssue, None], int]
"""A line (or a piece of a long line), whether it is complete, its line number, an issue, and
the bytes it takes in the source (its ``\\r`` and bad bytes included, a BOM not: see
:attr:`LineReader.bom`)."""


def utf8_size(text: str) -> int:
    """The bytes of ``text`` in UTF-8 (``isascii`` is O(1): no encoding for ASCII text).

    >>> utf8_size("pli"), utf8_size("Sévérine")
    (3, 10)
    """
    return len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass"))


class LineReader:
    """Yields (piece of text, complete_line, line number, issue, bytes) from any source.

    The bytes are those of the source for a binary handle (or a path); for a text handle,
    those of the text read in UTF-8 (a text handle has no bytes of its own).
    """

    def __init__(self, handle: IO[Any], binary: bool, name: str | None) -> None:
        self.handle = handle
        self.binary = binary
        self.name = name
        self.line = 1
        self.carry = b""
        self.decode_issues = 0
        self.column = 0
        """Characters of the current line in the pieces before (a line longer than
        :data:`MAX_LINE`): BEL007 columns count from the line's start, not the piece's."""
        self.bom = 0
        """Bytes of the byte order mark skipped at the start (before the first piece)."""
        self.block_lines = -1
        """The lines of the clean block just yielded, when its consumer counted them (the
        splitter does, finding where each game starts): not counted again. -1: not counted."""

    def pieces(self) -> Iterator[Piece]:
        """Lines (with their ``\\n``), or pieces of at most :data:`MAX_LINE` of a longer line."""
        read = self.handle.read
        newline = b"\n" if self.binary else "\n"
        buf = b"" if self.binary else ""
        first = True
        while True:
            try:
                chunk = read(BLOCK)
            except (OSError, ValueError, UnicodeDecodeError) as exc:
                yield "", True, self.line, syntax_issue(
                    BAD_UTF8, msg("cannot read the input: %(error)s", error=str(exc)), self.line, 1,
                    self.name), 0
                return
            if not chunk:
                if buf or self.carry:
                    yield from self._emit(buf, first, final=True)
                return
            buf = buf + chunk if buf else chunk
            nl = buf.rfind(newline)
            if nl < 0:
                if len(buf) >= MAX_LINE:
                    yield from self._emit(buf, first, final=False)
                    first = False
                    buf = buf[:0]
                continue
            block, buf = buf[: nl + 1], buf[nl + 1:]
            yield from self._emit(block, first, final=False)
            first = False

    def _emit(self, block: Any, first: bool, final: bool) -> Iterator[Piece]:
        """Split a block (whole lines, or one piece of a long line) into pieces."""
        if self.binary:
            data = self.carry + block
            self.carry = b""
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError:
                yield from self._emit_lossy(data, first, final)
                return
        else:
            text = block
        if first and text.startswith("\ufeff"):
            text = text[1:]
            self.bom = 3
        if text.endswith("\n") and _clean_block(text):
            # Whole lines with no comment, quote-escape or CR: the splitter reads it at once.
            self.block_lines = -1
            yield text, True, self.line, CLEAN, utf8_size(text)
            self.line += self.block_lines if self.block_lines >= 0 else text.count("\n")
            self.column = 0
            return
        lines = text.split("\n")
        last = lines.pop()
        line = self.line
        for item in lines:
            yield item.removesuffix("\r") + "\n", True, line, None, utf8_size(item) + 1
            line += 1
            self.column = 0
        self.line = line
        if last:
            yield last, False, line, None, utf8_size(last)
            self.column += len(last)

    def _emit_lossy(self, data: bytes, first: bool, final: bool) -> Iterator[Piece]:
        raw_lines = data.split(b"\n")
        last = raw_lines.pop()
        for raw in raw_lines:
            text, issue = self._decode_lossy(raw + b"\n")
            size = len(raw) + 1
            if first and text.startswith("\ufeff"):
                text = text[1:]
                self.bom, size = 3, size - 3
            first = False
            if text.endswith("\r\n"):
                text = text[:-2] + "\n"
            yield text, True, self.line, issue, size
            self.line += 1
            self.column = 0
        if last:
            carried = len(self.carry)
            text, issue = self._decode(last, final)
            yield text, False, self.line, issue, carried + len(last) - len(self.carry)
            self.column += len(text)

    def _decode(self, raw: bytes, final: bool) -> tuple[str, SyntaxIssue | None]:
        data = self.carry + raw
        self.carry = b""
        try:
            return data.decode("utf-8"), None
        except UnicodeDecodeError as exc:
            if not final and exc.reason == "unexpected end of data" and exc.end == len(data) \
                    and not data.endswith(b"\n"):
                # A multi-byte character cut by the line-length limit: finish it next time.
                self.carry = data[exc.start:]
                head, issue = self._decode_lossy(data[:exc.start])
                return head, issue
            return self._decode_lossy(data)

    def _decode_lossy(self, data: bytes) -> tuple[str, SyntaxIssue | None]:
        try:
            return data.decode("utf-8"), None
        except UnicodeDecodeError as exc:
            col = self.column + len(data[: exc.start].decode("utf-8", "replace")) + 1
            text = data.decode("utf-8", "replace")
            self.decode_issues += 1
            if self.decode_issues > MAX_DECODE_ISSUES:
                return text, None
            return text, syntax_issue(
                BAD_UTF8, msg("invalid UTF-8 byte %(byte)s: the file must be UTF-8 text (the byte is read "
                              "as U+FFFD)", byte="0x" + format(data[exc.start], "02x")),
                self.line, col, self.name)


def open_source(source: Source) -> tuple[IO[Any], bool, bool]:
    """(handle, binary, we_opened_it)."""
    if isinstance(source, (str, os.PathLike)):
        return open(source, "rb"), True, True
    try:
        probe = source.read(0)
    except Exception:  # noqa: BLE001 - any unreadable handle is reported by the caller
        probe = b""
    return source, isinstance(probe, (bytes, bytearray)), False
