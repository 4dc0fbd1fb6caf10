"""A cursor over JSON read as a stream: the buffer, places (line, column, byte) and values.

:class:`JsonCursor` reads a string or an open file (text or binary UTF-8) block by block and
moves past one JSON value at a time without parsing it (strings skipped, brackets matched,
bounds enforced), so that the text of a value can be cut out and memory holds one value;
:meth:`JsonCursor.skip` moves past a value of any size holding none of it. Bytes that are not
UTF-8 are kept as escaped surrogates until the value holding them is refused. The scan of a
JSON twin's games (:mod:`.json_scan`) is built on it.

>>> cursor = JsonCursor('  {"a": [1, "]"]} 7')
>>> start = cursor.value()
>>> cursor.buf[start:cursor.pos], cursor.where(start)
('{"a": [1, "]"]}', (1, 3))
"""

from __future__ import annotations

import codecs
import re
from typing import IO, Any, Union

from belote_notation.game.lang import Arg, Message, Number, msg, render
from belote_notation.notation.limits import MAX_DEPTH, MAX_ITEMS_PER_GAME
from belote_notation.notation.read.stream import MAX_GAME_CHARS

__all__ = ["MAX_CONTAINERS", "MAX_JSON_DEPTH", "JsonCursor", "JsonReadError", "Source"]

MAX_JSON_DEPTH = 4 * MAX_DEPTH + 12
"""JSON nesting of one game: its deals, tricks, plays and the variations above."""
MAX_CONTAINERS = 4 * MAX_ITEMS_PER_GAME
"""Objects and arrays in one game (a play is up to four: itself, its NAGs, comments, variations)."""
_BLOCK = 1 << 16

Source = Union[str, IO[str], IO[bytes]]


class JsonReadError(ValueError):
    """JSON that is not a game, a list of games or ``{"games": [...]}``, or a game past the
    limits of the reader. ``str()`` says where in English (``line L column C: reason``); ``line``
    and ``col`` (0 when not known), ``reason`` (the message without the place, a message of the
    catalogues: docs/languages.md), ``game`` (the 1-based number of the game it costs; 0: the
    structure of the input around the games) and ``fatal`` (nothing after it can be read) say
    it apart.

    >>> error = JsonReadError(msg("empty JSON input"), 3, 7, game=2)
    >>> str(error), error.fatal
    ('line 3 column 7: empty JSON input', False)
    """

    def __init__(self, reason: Message, line: int = 0, col: int = 0, *, game: int = 0,
                 fatal: bool = False) -> None:
        super().__init__(reason)
        self.reason, self.line, self.col, self.game, self.fatal = reason, line, col, game, fatal

    def __str__(self) -> str:  # rendered when asked: most errors become an issue, rendered there
        line, col = self.line, self.col
        where = f"line {line} column {col}: " if line and col else f"line {line}: " if line else ""
        return where + render(self.reason)

    def __reduce__(self) -> tuple[Any, ...]:   # pickled whole (to a worker process and back)
        return type(self), (self.reason, self.line, self.col), self.__dict__


_SPACE = re.compile(r"[ \t\r\n]*")
_SCAN = re.compile(r'"[^"\\]*"|(["\[\]{}])')
_SCALAR = re.compile(r"[^,\]}\s]*")
_SKIP_STRING = re.compile(r'["\\]')
_SKIP_OTHER = re.compile(r'["\[\]{}]')
_OPENER = {"]": "[", "}": "{"}
_BAD_BYTE = re.compile("[\udc80-\udcff]")
"""A byte that is not UTF-8, decoded as ``surrogateescape`` does (valid UTF-8 never gives one)."""


def _mend(opened: list[str], wanted: str) -> None:
    """After a closing bracket that did not match the last one opened (popped from ``opened``):
    close the brackets opened after ``wanted``, or, when none is ``wanted``, pass it over."""
    if wanted in opened:
        while opened.pop() != wanted:
            pass
    else:
        opened.append("{" if wanted == "[" else "[")


class JsonCursor:
    """A place in a JSON stream read block by block; the text before it is forgotten when it is
    no longer needed, so memory holds one value (a 55.6 MB file read whole took 2.2-3.0 GB,
    issue 13)."""

    def __init__(self, source: Source) -> None:
        self.read: Any = None
        self.decoder: Any = None
        self.bom = 0
        if isinstance(source, str):
            self.buf = source[1:] if source.startswith("\ufeff") else source
        else:
            self.read = source.read
            self.buf = ""
            if isinstance(source.read(0), bytes):
                self.decoder = codecs.getincrementaldecoder("utf-8")("surrogateescape")
        self.eof = self.read is None
        self.pos = 0
        self.keep: int | None = None
        """Offset of an object being read field by field (not dropped: it may be a game)."""
        self.counted, self.line = 0, 1  # line breaks counted up to offset ``counted``
        self.dropped_bytes = 0  # UTF-8 bytes of the text dropped from the buffer (bytes input)
        self.games = 0

    # --- the buffer ------------------------------------------------------------------------
    def more(self, at_least: int = _BLOCK) -> bool:
        """Read another block of at least ``at_least`` characters; ``False`` at the end."""
        while not self.eof:
            raw = self.read(max(at_least, _BLOCK))
            chunk = self.decoder.decode(raw, final=not raw) if self.decoder is not None else raw
            if self.decoder is not None and not self.buf and not self.dropped_bytes and \
                    chunk.startswith("\ufeff"):
                chunk, self.bom = chunk[1:], 3
            self.eof = not raw
            if chunk:
                self.buf += chunk
                return True
        return False

    def drop(self) -> None:
        """Forget the text read before ``pos`` (and before an object being read) when it is
        more than a block: each character is kept once, not copied per game."""
        cut = self.pos if self.keep is None else min(self.pos, self.keep)
        if cut > _BLOCK and cut * 2 > len(self.buf):
            self.where(cut)
            if self.decoder is not None:
                self.dropped_bytes += len(self.buf[:cut].encode("utf-8", "surrogateescape"))
            self.buf = self.buf[cut:]
            self.pos -= cut
            self.counted -= cut
            if self.keep is not None:
                self.keep -= cut

    def where(self, pos: int) -> tuple[int, int]:
        """(line, column) of offset ``pos`` of the buffer; line breaks counted once going on."""
        if pos >= self.counted:
            self.line += self.buf.count("\n", self.counted, pos)
            self.counted = pos
            line = self.line
        else:
            line = self.line - self.buf.count("\n", pos, self.counted)
        return line, pos - self.buf.rfind("\n", 0, pos)

    def error(self, pos: int, reason: Message, fatal: bool = False) -> JsonReadError:
        """The error of ``reason`` at offset ``pos``, for the game being read (unless ``fatal``)."""
        return JsonReadError(reason, *self.where(pos), game=0 if fatal else self.games, fatal=fatal)

    def fatal(self, pos: int, reason: Message) -> JsonReadError:
        """An error after which nothing can be read; a byte that is not UTF-8 is named as such."""
        bad = _BAD_BYTE.match(self.buf, pos) if self.decoder is not None else None
        if bad is not None:
            return self.error(pos, self.not_utf8(pos), fatal=True)
        return self.error(pos, reason, fatal=True)

    def bad_byte(self, start: int, end: int) -> int | None:
        """Where ``buf[start:end]`` holds a byte that is not UTF-8 (``None``: nowhere)."""
        bad = _BAD_BYTE.search(self.buf, start, end) if self.decoder is not None else None
        return None if bad is None else bad.start()

    def not_utf8(self, pos: int) -> Message:
        """The message for the byte that is not UTF-8 at ``pos``, with its offset in the input."""
        byte = self.bom + self.dropped_bytes + len(self.buf[:pos].encode("utf-8", "surrogateescape"))
        return msg("not UTF-8 text (byte %(byte)s)", byte=byte)

    def skip_space(self) -> bool:
        """Skip white space; ``False`` at the end of the input."""
        while True:
            self.pos = _SPACE.match(self.buf, self.pos).end()  # type: ignore[union-attr]
            if self.pos < len(self.buf):
                return True
            self.drop()
            if not self.more():
                return False

    def peek(self) -> str:
        return self.buf[self.pos]

    def expect(self, chars: str, fatal: bool = True) -> str:
        """Move past one of ``chars``; an error (of the game being read unless ``fatal``, and
        always fatal at the end of the input) if it is not there."""
        wanted: Arg = chars if len(chars) == 1 else msg("%(first)s or %(second)s", first=chars[0],
                                                         second=chars[1])
        if not self.skip_space():
            raise self.fatal(self.pos, msg("not JSON (expected %(wanted)s, found the end of the input)",
                                           wanted=wanted))
        if self.buf[self.pos] not in chars:
            reason = msg("not JSON (expected %(wanted)s, found %(found)s)", wanted=wanted,
                         found=repr(self.buf[self.pos]))
            raise self.fatal(self.pos, reason) if fatal else self.error(self.pos, reason)
        self.pos += 1
        return self.buf[self.pos - 1]

    def too_long(self, start: int, value: bool = False) -> None:
        """The error of a game (a ``value`` of one) past the reader's limit, if it is."""
        if self.pos - start > MAX_GAME_CHARS:
            most = Number(MAX_GAME_CHARS)
            raise self.error(start, msg("a value longer than %(most)s characters (the reader's limit)",
                                        most=most) if value else
                             msg("a game longer than %(most)s characters (the reader's limit)", most=most))

    # --- values --------------------------------------------------------------------------------
    def value(self) -> int:
        """Move ``pos`` past the value there (bounded); returns where it starts. A value past
        the reader's limits is a :class:`JsonReadError` of the game; one the input stops in,
        a fatal one."""
        self.skip_space()
        start = self.pos
        first = self.buf[start] if start < len(self.buf) else ""
        if first == '"':
            self.string()
        elif first in ("[", "{"):
            self.container(start)
        else:
            while (end := _SCALAR.match(self.buf, self.pos).end()) == len(self.buf):  # type: ignore[union-attr]
                self.pos = end
                self.too_long(start, value=True)
                if not self.more():
                    break
            self.pos = end
        return start

    def container(self, start: int) -> None:
        """Move ``pos`` past the object or array at ``start``, matching its brackets (a string
        without escapes is one match of :data:`_SCAN`, the others go through :meth:`string`).
        So that a game with a bracket left open or one too many still ends where it should
        (and only it is refused), a closing bracket closes every bracket opened after its own,
        and one that closes nothing opened in the value is passed over."""
        opened: list[str] = []
        containers = 0
        pos = start
        while True:
            buf = self.buf
            for found in _SCAN.finditer(buf, pos):
                if found.lastindex is None:          # a string without escapes
                    continue
                char = found.group(1)
                if char == "{" or char == "[":
                    opened.append(char)
                    containers += 1
                    if len(opened) > MAX_JSON_DEPTH or containers > MAX_CONTAINERS:
                        raise self.past_limits(start, found.start(), containers)
                elif char == '"':                    # a string with escapes, or cut by the buffer's end
                    self.pos = found.start()
                    self.string()
                    pos = self.pos
                    break
                else:
                    if opened.pop() != _OPENER[char]:
                        _mend(opened, _OPENER[char])
                    if not opened:
                        self.pos = found.end()
                        self.too_long(start)
                        return
            else:
                self.pos = len(buf)
                self.too_long(start)
                if not self.more():
                    raise self.fatal(start, msg("not JSON (the input stops inside this value)"))
                pos = self.pos

    def past_limits(self, start: int, at: int, containers: int) -> JsonReadError:
        """The error of a value at ``start`` nested too deep at ``at``, or holding too many containers."""
        if containers > MAX_CONTAINERS:
            return self.error(start, msg("a game of more than %(most)s objects and arrays (the reader's "
                                         "limit)", most=Number(MAX_CONTAINERS)))
        return self.error(at, msg("JSON nested more than %(most)s deep (the reader's limit for a game)",
                                  most=MAX_JSON_DEPTH))

    def string(self) -> None:
        """Move ``pos`` past the string there (found with ``str.find``, not a regular
        expression: those keep memory per escape they cross)."""
        look = self.pos + 1
        while True:
            quote = self.buf.find('"', look)
            if quote < 0:
                if len(self.buf) - self.pos > MAX_GAME_CHARS:
                    raise self.error(self.pos, msg("a string longer than %(most)s characters",
                                                   most=Number(MAX_GAME_CHARS)))
                look = len(self.buf)
                if not self.more():
                    raise self.fatal(self.pos, msg("not JSON (a string is never closed)"))
                continue
            backslash = quote
            while self.buf[backslash - 1] == "\\":
                backslash -= 1
            if (quote - backslash) % 2 == 0:
                self.pos = quote + 1
                return
            look = quote + 1

    def skip(self, start: int) -> None:
        """Move ``pos`` past the value at ``start`` whatever its size, forgetting its text as it
        goes (a game past the reader's limits: the next one is read). Brackets are counted,
        not matched (the nesting is unbounded here); fatal if the input stops inside."""
        line, col = self.where(start)
        depth, in_string, escaped, pos = 0, False, False, start
        if self.buf[start] not in '"[{':
            depth = -1                                   # a scalar: up to its end
        while True:
            if pos >= len(self.buf):
                self.pos = len(self.buf)
                self.drop()
                if not self.more():
                    if depth < 0:
                        return
                    raise JsonReadError(msg("not JSON (the input stops inside this value)"), line, col,
                                        fatal=True)
                pos = self.pos + escaped
                escaped = False
                continue
            if depth < 0:
                pos = _SCALAR.match(self.buf, pos).end()  # type: ignore[union-attr]
                if pos < len(self.buf):
                    self.pos = pos
                    return
                continue
            found = (_SKIP_STRING if in_string else _SKIP_OTHER).search(self.buf, pos)
            if found is None:
                pos = len(self.buf)
                continue
            char, pos = found.group(), found.end()
            if char == "\\":
                escaped = pos == len(self.buf)
                pos += 1
            elif char == '"':
                in_string = not in_string
                if not in_string and depth == 0:
                    self.pos = pos
                    return
            else:
                depth += 1 if char in "[{" else -1
                if depth == 0:
                    self.pos = pos
                    return
