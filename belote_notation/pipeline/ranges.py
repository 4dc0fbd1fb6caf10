"""Inputs cut into byte ranges at game boundaries, and the games of one range read back with
their places in the whole input: what a cluster's workers read, each its own range, by path.

:func:`cut_input` streams an input once (flat memory: the stream cutter of
:mod:`belote_notation.notation.read.stream`, one game buffered at a time) and yields
:class:`ByteRange`\\ s of about ``target`` bytes; each starts where a game starts
(``GameText.start``; the first range at byte 0, so a BOM and the blank lines before the first
game stay in it) and ends where the next range starts (the last one at the end of the input).
A range knows the number of its first game and the line of its first byte, so the games read
from it (:func:`range_games`, :func:`range_items`, :func:`range_records`) have the numbers,
lines, columns and byte offsets they have when the whole input is read: reports from a range
equal the serial ones byte for byte.

How each format is cut:

* ``.bel``: at game boundaries, as above.
* **every other format: one range per input** (``whole``). Their readers keep state across
  lines (an event log's deal spans many lines, a record's issues belong to the next game, a
  JSON document is one value), and the numbers of their games are known only by reading what
  comes before: a range in the middle could not say which game it starts with without reading
  the input up to there. Many such inputs still spread over the workers, one input each.
* A stream that is no file (stdin, a program's stream) cannot be read again by a worker: it is
  refused (:class:`~belote_notation.pipeline.inputs.InputProblem`); the bytes of an input given
  by a program are cut like a file, each range carrying its own bytes.

>>> from belote_notation.pipeline.inputs import Source
>>> data = b"deal 1\\nend\\n\\ndeal 1\\nend\\ndeal 1\\nend\\n"
>>> cut = cut_input(Source("t.bel", data=data), target=10)
>>> ranges = list(cut.ranges)
>>> [(r.start, r.end, r.first_game, r.first_line, r.games) for r in ranges]
[(0, 12, 1, 1, 1), (12, 23, 2, 4, 1), (23, None, 3, 6, 1)]
>>> [(t.index, t.first_line, t.start, t.end) for t in range_texts(ranges[1])]
[(1, 4, 12, 23)]
"""

from __future__ import annotations

import io
import os
import stat
import urllib.request
from collections.abc import Generator, Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, BinaryIO, cast

from belote_notation.formats.base import Format, ReadItem
from belote_notation.formats.limits import bounded_issues
from belote_notation.formats.native import parsed_items
from belote_notation.formats.registry import get_format
from belote_notation.game.lang import msg
from belote_notation.notation.read.reader import parse_game_text
from belote_notation.notation.read.stream import GameText, iter_game_texts
from belote_notation.pipeline.games import GameToCheck, TextGame, games_of
from belote_notation.pipeline.inputs import (
    InputProblem,
    OpenInput,
    Source,
    open_input,
    problem_message,
    problem_msg,
)
from belote_notation.pipeline.output.base import InputInfo
from belote_notation.pipeline.survey import Block, local_size, surveyed_ranges, task_bytes

if TYPE_CHECKING:
    from belote_notation.pipeline.executor import Window
    from belote_notation.pipeline.records import ReadGame

__all__ = [
    "RANGE_BYTES_VARIABLE",
    "TARGET_BYTES",
    "ByteRange",
    "CutInput",
    "cut_input",
    "is_url",
    "open_range",
    "range_games",
    "range_bytes",
    "range_items",
    "range_records",
    "range_texts",
]

TARGET_BYTES = 256 * 1024
"""The bytes of a range of an input whose size is not known (a stream from a URL); the others
are sized by work (:func:`range_bytes`; ``BELOTE_RANGE_BYTES`` sets another size)."""
RANGE_BYTES_VARIABLE = "BELOTE_RANGE_BYTES"


def range_bytes(size: int = 0, workers: int = 1) -> int:
    """The size of a range: ``BELOTE_RANGE_BYTES`` when it holds a positive number, else sized
    by work for an input of ``size`` bytes and ``workers`` workers
    (:func:`~belote_notation.pipeline.survey.task_bytes`; :data:`TARGET_BYTES` when the size
    is not known).

    >>> range_bytes() > 0
    True
    """
    value = os.environ.get(RANGE_BYTES_VARIABLE, "")
    if value.isdigit() and int(value) > 0:
        return int(value)
    return task_bytes(size, workers) if size > 0 else TARGET_BYTES
_URL_SCHEMES = ("http://", "https://")


def is_url(path: str) -> bool:
    """Whether ``path`` is an HTTP(S) address the workers read with ``Range`` requests.

    >>> is_url("https://example.org/games.bel"), is_url("games.bel")
    (True, False)
    """
    return path.startswith(_URL_SCHEMES)


@dataclass(frozen=True, slots=True)
class ByteRange:
    """Bytes ``start`` to ``end`` of one input (``end`` ``None``: to its end), read by path."""

    path: str
    """What a worker opens: an absolute path (the same on every host: shared storage) or an
    HTTP(S) URL."""
    name: str
    """The input's name in findings."""
    format: str
    """The input's format, detected once when it was cut."""
    start: int = 0
    end: int | None = None
    first_game: int = 1
    """The number (from 1) of the range's first game in the input."""
    first_line: int = 1
    """The line (from 1) of the range's first byte in the input."""
    games: int = 0
    """Games in the range as cut (0 for a whole input of another format: not counted)."""
    data: bytes | None = None
    """The range's own bytes, for an input given as bytes (these cross the network)."""

    @property
    def whole(self) -> bool:
        """The range is its whole input."""
        return self.start == 0 and self.end is None

    @property
    def size(self) -> int:
        """The range's bytes when known (0: to an end not known when cut)."""
        return 0 if self.end is None else self.end - self.start


@dataclass(slots=True)
class CutInput:
    """An input opened and being cut: what to say before its games, and its ranges (lazily:
    the input is read as the ranges are taken; ``error`` says why cutting stopped early)."""

    info: InputInfo
    ranges: Iterator[ByteRange]
    size: int = 0
    error: str | None = None


def cut_input(source: Source, target: int | None = None, format: Format | None = None, *,
              window: Window | None = None) -> CutInput | InputProblem:
    """``source`` opened (its format detected, or ``format``) and cut into ranges of about
    ``target`` bytes (default :func:`range_bytes`; see the module's documentation), or why it
    cannot be. With ``window``, a file is planned by its workers
    (:func:`~belote_notation.pipeline.survey.surveyed_ranges`): this process reads only the
    start of it, to detect its format."""
    if not (source.is_file or isinstance(source.data, bytes)):
        return InputProblem.of(source.display, msg("cannot be cut for a cluster: its workers read files "
                                                   "by path (or URL); give a file, not a stream"))
    if source.is_file and not is_url(source.path) and _read_once(source.path):
        return InputProblem.of(source.display, msg("cannot be cut for a cluster: it can be read only once "
                                                   "(a FIFO, a pipe, a device) and its workers read files "
                                                   "by path; give a regular file"))
    if source.is_file and is_url(source.path):
        opened: OpenInput | InputProblem = _open_url(source, format)
    else:
        opened = open_input(source, format)
    if isinstance(opened, InputProblem):
        return opened
    info = InputInfo(opened.name, opened.format.name, opened.own_lines)
    cut = CutInput(info, iter(()), source.size)
    cut.ranges = _ranges(opened, target, cut, window)
    return cut


def _read_once(path: str) -> bool:
    """``path`` is there but can be read only once (a FIFO, a pipe, a device: not a regular file
    nor a folder)."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def _open_url(source: Source, format: Format | None) -> OpenInput | InputProblem:
    try:
        stream = cast(BinaryIO, io.BufferedReader(urllib.request.urlopen(source.path)))  # noqa: S310
    except (OSError, ValueError) as exc:
        return InputProblem.of(source.display, problem_msg(exc))
    return open_input(Source(source.path, source.size, stream, source.label), format)


def _ranges(opened: OpenInput, target: int | None, cut: CutInput, window: Window | None
            ) -> Iterator[ByteRange]:
    path, name, fmt = opened.source.path, opened.name, opened.format.name
    data = opened.source.data if isinstance(opened.source.data, bytes) else None
    local = opened.source.is_file and not is_url(path)
    if local:
        path = os.path.abspath(path)  # a worker's current folder is not ours; the name stays as given
    template = ByteRange(path, name, fmt)
    size = local_size(path) if local and data is None else None
    workers = window.workers if window is not None else 1
    block = target or range_bytes(size or cut.size or len(data or b""), workers)
    try:
        if not opened.format.splittable:
            yield ByteRange(path, name, fmt, data=data)
            return
        if window is None or size is None:
            yield from _streamed(opened.stream, template, block, data)
            return
        opened.close()  # the workers read the rest
        if size <= block:  # one range, the whole input: nothing to plan (no survey's round trip)
            yield template
            return
        rest = yield from _planned(template, size, block, window)
        if rest is not None:
            with open_range(replace(template, start=rest.start or 0)) as stream:
                yield from _streamed(stream, replace(template, start=rest.start or 0, first_game=rest.games,
                                                     first_line=rest.lines), block, None)
    except (OSError, UnicodeError, MemoryError) as exc:
        cut.error = problem_message(exc)
    finally:
        opened.close()


def _planned(template: ByteRange, size: int, block: int, window: Window
             ) -> Generator[ByteRange, None, Block | None]:
    """The ranges planned by the workers; what is left to cut here (a survey that could not
    prove its end), if anything."""
    try:
        for item in surveyed_ranges(template, size, block, window.executor, max(64, 4 * window.workers),
                                    window.workers):
            if isinstance(item, Block):
                return item
            yield item
    except (OSError, UnicodeError, MemoryError):
        raise
    except Exception as exc:  # noqa: BLE001 - a lost survey: said as the input's error, never a traceback
        raise OSError(f"the cluster could not plan its ranges ({type(exc).__name__}: {exc})") from None
    return None


def _streamed(stream: BinaryIO, template: ByteRange, target: int, data: bytes | None) -> Iterator[ByteRange]:
    """The ranges of ``stream`` (which starts at ``template.start``, game ``first_game`` and
    line ``first_line`` of the input), cut here, reading every byte."""
    base, game0, line0 = template.start, template.first_game - 1, template.first_line - 1
    start, first_game, first_line, games = base, game0 + 1, line0 + 1, 0
    for text in iter_game_texts(stream, name=template.name):
        at = text.start + base
        if games and at - start >= target:
            yield replace(template, start=start, end=at, first_game=first_game, first_line=first_line,
                          games=games, data=data[start:at] if data is not None else None)
            start, first_game, first_line, games = at, text.index + 1 + game0, text.first_line + line0, 0
        games += 1
    yield replace(template, start=start, end=None, first_game=first_game, first_line=first_line, games=games,
                  data=data[start:] if data is not None else None)


class _Bounded(io.RawIOBase):
    """At most ``left`` bytes of ``stream``."""

    def __init__(self, stream: BinaryIO, left: int | None) -> None:
        self.stream, self.left = stream, left

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        wanted = len(buffer) if self.left is None else min(len(buffer), self.left)
        data = self.stream.read(wanted) if wanted else b""
        buffer[:len(data)] = data
        if self.left is not None:
            self.left -= len(data)
        return len(data)

    def close(self) -> None:
        self.stream.close()
        super().close()


def open_range(byte_range: ByteRange) -> BinaryIO:
    """The bytes of ``byte_range`` as a binary stream (a worker's read: a seek and a bounded
    read of a file, or an HTTP ``Range`` request). ``OSError`` when it cannot be read."""
    r = byte_range
    if r.data is not None:
        return io.BytesIO(r.data)
    if is_url(r.path):
        request = urllib.request.Request(r.path)
        if not r.whole:
            last = "" if r.end is None else str(r.end - 1)
            request.add_header("Range", f"bytes={r.start}-{last}")
        response = urllib.request.urlopen(request)  # noqa: S310 - the user's own URL
        if not r.whole and response.status != 206:
            response.close()
            raise OSError(f"{r.path}: the server does not answer byte ranges (HTTP {response.status})")
        return cast(BinaryIO, io.BufferedReader(_Bounded(response, r.size or None)))
    handle = open(r.path, "rb")
    if r.start:
        handle.seek(r.start)
    if r.end is None:
        return handle
    return cast(BinaryIO, io.BufferedReader(_Bounded(handle, r.end - r.start)))


def _placed(text: GameText, r: ByteRange) -> GameText:
    """A game text cut from a range, with its number, lines and offsets in the whole input."""
    lines, games = r.first_line - 1, r.first_game - 1
    if not (lines or games or r.start):
        return text
    issues = tuple(i._replace(line=i.line + lines) for i in text.issues)
    return text._replace(first_line=text.first_line + lines, index=text.index + games, issues=issues,
                         start=text.start + r.start, end=text.end + r.start)


def range_texts(byte_range: ByteRange) -> Iterator[GameText]:
    """The ``.bel`` game texts of ``byte_range``, placed in the whole input."""
    with open_range(byte_range) as stream:
        for text in iter_game_texts(stream, name=byte_range.name):
            yield _placed(text, byte_range)


def _open_whole(r: ByteRange) -> OpenInput:
    fmt = get_format(r.format)
    if fmt is None:
        raise OSError(f"no installed format {r.format!r} on this worker")
    source = Source(r.path, 0, open_range(r) if (r.data is not None or is_url(r.path)) else None, r.name)
    opened = open_input(source, fmt)
    if isinstance(opened, InputProblem):
        raise OSError(opened.message)
    return opened


def _splittable(byte_range: ByteRange) -> bool:
    """Whether ``byte_range`` is a piece of its input cut at game boundaries (its format is
    :attr:`~belote_notation.formats.base.Format.splittable`), not the whole input."""
    fmt = get_format(byte_range.format)
    return fmt is not None and fmt.splittable


def range_games(byte_range: ByteRange) -> Iterator[GameToCheck]:
    """The games of ``byte_range`` to check, as :func:`~belote_notation.pipeline.games.games_of`
    gives them for the whole input."""
    if _splittable(byte_range):
        yield from (TextGame(text) for text in range_texts(byte_range))
        return
    with _open_whole(byte_range) as opened:
        yield from games_of(opened)


def range_records(byte_range: ByteRange) -> Generator[ReadGame, None, None]:
    """The games of ``byte_range`` as records, as
    :func:`~belote_notation.pipeline.records.records_of` gives them for the whole input."""
    # Imported here: the records' models (pydantic) cost a cluster's client 0.09 s of CPU at its
    # start, and only a worker reading records needs them.
    from belote_notation.pipeline.records import read_game

    for item in range_games(byte_range):
        read = read_game(item, byte_range.name)
        if read.game is None and not read.findings:
            return
        yield read


def range_items(byte_range: ByteRange) -> Iterator[ReadItem]:
    """What the input's format reads (:meth:`Format.read`: games and issues) from ``byte_range``,
    as from the whole input."""
    if not _splittable(byte_range):
        with _open_whole(byte_range) as opened:  # the issues bounded as the serial reading's
            yield from bounded_issues(opened.format.read(opened.stream, opened.name))
        return
    for text in range_texts(byte_range):
        yield from parsed_items(parse_game_text(text, byte_range.name))
