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
from collections.abc import Iterator
from typing import IO, Any, NamedTuple, Union

from belote_notation.notation.issues import BAD_UTF8, GAME_TOO_LARGE, SyntaxIssue

__all__ = ["MAX_GAME_CHARS", "MAX_LINE", "GameText", "Source", "iter_game_texts"]

Source = Union[str, "os.PathLike[str]", IO[str], IO[bytes]]

MAX_LINE = 1 << 20
"""Bytes (or characters) read at once when a line has no end in sight."""
MAX_GAME_CHARS = 8_000_000
"""The most text buffered for one game (a 2000-point match is well under 1 MB)."""
MAX_DECODE_ISSUES = 20
BLOCK = 1 << 16


class GameText(NamedTuple):
    """The text of one game, cut from the stream without parsing it.

    ``first_line`` is the 1-based line of the game's first line in the file and ``index`` the
    0-based number of the game in the file. ``issues`` holds what the reader itself found
    (bad UTF-8, a game too large to buffer): pass the whole ``GameText`` to
    :func:`belote_notation.notation.reader.parse_game_text` to keep them.
    """

    text: str
    first_line: int
    index: int  # type: ignore[assignment]  # shadows tuple.index; the name is public API
    issues: tuple[SyntaxIssue, ...] = ()




_CLEAN = SyntaxIssue("", "", 0, 0)
"""Marker in place of an issue: the piece is a block of whole, clean lines."""


def _clean_block(text: str) -> bool:
    return not ("{" in text or "}" in text or ";" in text or "\\" in text or "\r" in text)


def _plain(line: str) -> bool:
    """No tag, comment, quote, escape or `end`/`fin` in the line (cheap substring tests)."""
    if "[" in line or "{" in line or "}" in line or '"' in line or ";" in line or "\\" in line:
        return False
    low = line.lower()
    return "end" not in low and "fin" not in low

_SPECIAL = re.compile(r'[{}";\\]')
_END = re.compile(r"(?<![\w:])(?:end|fin)(?![\w])", re.IGNORECASE)
_TOKENS = re.compile(r'\\[\s\S]|[{}";]|(?<![\w:])(?:end|fin)(?![\w])', re.IGNORECASE)


def _scan(line: str, in_comment: bool) -> tuple[bool, bool]:
    """Follow brace comments, quotes and ``;`` comments through one line.

    Returns (still inside a brace comment at the end of the line, an ``end`` keyword seen).
    """
    if not in_comment and _SPECIAL.search(line) is None:
        return False, _END.search(line) is not None
    in_string = False
    has_end = False
    for match in _TOKENS.finditer(line):
        tok = match.group()
        if in_comment:
            if tok == "}":
                in_comment = False
            continue
        if in_string:
            if tok == '"':
                in_string = False
            continue
        if tok == "{":
            in_comment = True
        elif tok == '"':
            in_string = True
        elif tok == ";":
            break
        elif tok[0] != "\\" and tok != "}":
            has_end = True
    return in_comment, has_end


class _Reader:
    """Yields (piece of text, complete_line, line number, issues) from any source."""

    def __init__(self, handle: IO[Any], binary: bool, name: str | None) -> None:
        self.handle = handle
        self.binary = binary
        self.name = name
        self.line = 1
        self.carry = b""
        self.decode_issues = 0

    def pieces(self) -> Iterator[tuple[str, bool, int, SyntaxIssue | None]]:
        """Lines (with their ``\\n``), or pieces of at most :data:`MAX_LINE` of a longer line."""
        read = self.handle.read
        newline = b"\n" if self.binary else "\n"
        buf = b"" if self.binary else ""
        first = True
        while True:
            try:
                chunk = read(BLOCK)
            except (OSError, ValueError, UnicodeDecodeError) as exc:
                yield "", True, self.line, SyntaxIssue(
                    BAD_UTF8, f"cannot read the input: {exc}", self.line, 1, self.name)
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

    def _emit(self, block: Any, first: bool, final: bool) -> Iterator[tuple[str, bool, int, SyntaxIssue | None]]:
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
        if text.endswith("\n") and _clean_block(text):
            # Whole lines with no comment, quote-escape or CR: the splitter reads it at once.
            count = text.count("\n")
            yield text, True, self.line, _CLEAN
            self.line += count
            return
        lines = text.split("\n")
        last = lines.pop()
        line = self.line
        for item in lines:
            item = item.removesuffix("\r")
            yield item + "\n", True, line, None
            line += 1
        self.line = line
        if last:
            yield last, False, line, None

    def _emit_lossy(self, data: bytes, first: bool, final: bool) -> Iterator[tuple[str, bool, int, SyntaxIssue | None]]:
        raw_lines = data.split(b"\n")
        last = raw_lines.pop()
        for raw in raw_lines:
            text, issue = self._decode_lossy(raw + b"\n")
            if first and text.startswith("\ufeff"):
                text = text[1:]
            first = False
            if text.endswith("\r\n"):
                text = text[:-2] + "\n"
            yield text, True, self.line, issue
            self.line += 1
        if last:
            text, issue = self._decode(last, final)
            yield text, False, self.line, issue

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
            col = len(data[: exc.start].decode("utf-8", "replace")) + 1
            text = data.decode("utf-8", "replace")
            self.decode_issues += 1
            if self.decode_issues > MAX_DECODE_ISSUES:
                return text, None
            return text, SyntaxIssue(
                BAD_UTF8, f"invalid UTF-8 byte 0x{data[exc.start]:02x}: the file must be UTF-8 text "
                f"(the byte is read as U+FFFD)", self.line, col, self.name)


def _open(source: Source) -> tuple[IO[Any], bool, bool]:
    """(handle, binary, we_opened_it)."""
    if isinstance(source, (str, os.PathLike)):
        return open(source, "rb"), True, True
    try:
        probe = source.read(0)
    except Exception:  # noqa: BLE001 - any unreadable handle is reported by the caller
        probe = b""
    return source, isinstance(probe, (bytes, bytearray)), False


def iter_game_texts(source: Source, name: str | None = None,
                    max_game_chars: int = MAX_GAME_CHARS) -> Iterator[GameText]:
    """Cut ``source`` (a path, or an open text or binary file) into game texts, streaming.

    An empty source yields one empty ``GameText`` so that the parser can report it (BEL009).
    A path that cannot be opened raises ``OSError`` (the caller reports it).
    """
    handle, binary, opened = _open(source)
    if name is None and isinstance(source, (str, os.PathLike)):
        name = os.fspath(source)
    try:
        yield from _split(_Reader(handle, binary, name), name, max_game_chars)
    finally:
        if opened:
            handle.close()


_NON_BLANK = re.compile(r"\S")


def _has_body(text: str) -> bool:
    """A line of ``text`` that is not a tag pair or blank (the game's body has begun)."""
    for line in text.split("\n"):
        stripped = line.lstrip()
        if stripped and stripped[0] != "[":
            return True
    return False


def _block_cut(block: str, low: str, pos: int, body: bool) -> tuple[int, bool]:
    """Where the game that continues at ``pos`` stops in a clean block.

    Returns (offset after the game's last line in the block, whether the game ended there).
    A game ends after the line of its ``end``/``fin`` keyword, or before a line starting with
    ``[`` once its body has begun (the rules of :func:`iter_game_texts`). ``low`` is
    ``block.lower()``.
    """
    n = len(block)
    # the earliest `[` line after the body has begun
    bracket = -1
    line_start = pos
    seen_body = body
    while line_start < n:
        nl = block.find("\n", line_start)
        nl = n if nl < 0 else nl
        first = block[line_start:nl].lstrip()[:1]
        if first == "[":
            if seen_body and block[line_start] == "[":
                bracket = line_start
                break
        elif first:
            seen_body = True
            # past the tag pairs: the next `[` line is found with one search
            k = block.find("\n[", nl - 1 if nl > line_start else line_start)
            bracket = k + 1 if k >= 0 else -1
            break
        line_start = nl + 1
    limit = bracket if bracket >= 0 else n
    # the first `end`/`fin` keyword outside quotes (a clean block has no comments)
    i = pos
    while True:
        a = low.find("end", i, limit)
        b = low.find("fin", i, limit)
        k = a if b < 0 or (0 <= a < b) else b
        if k < 0:
            break
        i = k + 3
        before = block[k - 1] if k > 0 else " "
        after = block[k + 3] if k + 3 < n else " "
        if before.isalnum() or before in "_:" or after.isalnum() or after == "_":
            continue
        start = block.rfind("\n", 0, k) + 1
        if block.count('"', start, k) % 2:
            continue                # inside a quoted value
        nl = block.find("\n", k)
        return (n if nl < 0 else nl + 1), True
    if bracket >= 0:
        return bracket, False
    return n, False


def _split(reader: _Reader, name: str | None, max_chars: int) -> Iterator[GameText]:
    parts: list[str] = []
    size = 0
    issues: list[SyntaxIssue] = []
    first_line = 0          # 0: no game text started
    body = False            # the current game has something other than tag pairs
    in_comment = False
    oversized = False
    index = 0
    at_line_start = True
    pending_end = False

    def flush() -> GameText:
        nonlocal parts, size, issues, first_line, body, in_comment, oversized, index
        text = "" if oversized else "".join(parts)
        game = GameText(text, first_line or 1, index, tuple(issues))
        parts, size, issues, first_line, body, in_comment, oversized = [], 0, [], 0, False, False, False
        index += 1
        return game

    for piece, complete, line_no, issue in reader.pieces():
        if issue is _CLEAN:
            low = piece.lower()
            if (not in_comment and not oversized and not pending_end and at_line_start
                    and len(low) == len(piece)):
                pos, end_text = 0, len(piece)
                while pos < end_text:
                    if not first_line:
                        m = _NON_BLANK.search(piece, pos)
                        if m is None:
                            break
                        start = piece.rfind("\n", 0, m.start()) + 1
                        first_line = line_no + piece.count("\n", 0, start)
                        pos = start
                    cut, ends_game = _block_cut(piece, low, pos, body)
                    chunk = piece[pos:cut]
                    if size + len(chunk) > max_chars:
                        break               # let the line path report the oversized game
                    parts.append(chunk)
                    size += len(chunk)
                    if not body:
                        body = _has_body(chunk)
                    pos = cut
                    if ends_game or cut < end_text:
                        yield flush()
                if pos >= end_text:
                    continue
                line_no += piece.count("\n", 0, pos)
                piece = piece[pos:]
            lines = piece.split("\n")
            lines.pop()
            pieces: list[tuple[str, bool, int, SyntaxIssue | None]] = [
                (text + "\n", True, line_no + k, None) for k, text in enumerate(lines)]
        else:
            pieces = [(piece, complete, line_no, issue)]
        for piece, complete, line_no, issue in pieces:
            line_start = at_line_start
            at_line_start = complete
            if (first_line and line_start and complete and not in_comment and issue is None
                    and not oversized and size + len(piece) <= max_chars
                    and _plain(piece)):
                # The common line: no tag, comment, quote or `end`: just keep it.
                parts.append(piece)
                size += len(piece)
                if not body and not piece.isspace():
                    body = True
                continue
            stripped = piece.lstrip() if line_start else piece
            if line_start and piece.startswith("[") and first_line and (body or in_comment):
                yield flush()
            if not first_line:
                if not stripped.strip() and issue is None:
                    continue  # blank lines between games belong to no game
                first_line = line_no
            if issue is not None:
                issues.append(issue)
            if not oversized:
                parts.append(piece)
                size += len(piece)
                if size > max_chars:
                    oversized = True
                    parts = []
                    issues.append(SyntaxIssue(
                        GAME_TOO_LARGE, f"this game is longer than {max_chars:,} characters (or has no `end`"
                        " before that much text); it was skipped", first_line, 1, name))
            was_in_comment = in_comment
            in_comment, has_end = _scan(piece, in_comment)
            if line_start and not was_in_comment and stripped[:1] not in ("[", "{", ";", ""):
                body = True
            pending_end = pending_end or has_end
            if pending_end and complete:
                pending_end = False
                yield flush()
    if first_line:
        yield flush()
    elif index == 0:
        yield GameText("", 1, 0, tuple(issues))


def text_source(text: str) -> io.StringIO:
    """A text handle over a string (newlines kept as written)."""
    return io.StringIO(text, newline="\n")
