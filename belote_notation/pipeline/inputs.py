"""Opening inputs: a path, a folder, a binary stream, bytes or stdin, each through one detector.

What an input is comes from :func:`detect`, the one answer to "which format is this?": the
format registry's :func:`~belote_notation.formats.registry.guess_format` (the name's longest
extension, then the content; plugins included), with ``.bel`` when nothing matches.

>>> detect("app.events.jsonl").name, detect("x.jsonl", b'{"type": "deal", "deal": 1}').name
('events', 'events')
>>> detect(None, b'{"games": []}').name, detect("notes.txt", b"deal 1").name
('json', 'bel')

Problems are data, never raised: a missing path, a permission refused or a folder with
nothing to read becomes an :class:`InputProblem` that the caller reports.

>>> found = discover(["no/such/file.bel", b"deal 1\\nend\\n"])
>>> [(p.path, p.message) for p in found.problems]
[('no/such/file.bel', 'no such file or folder')]
>>> opened = open_input(found.sources[0])
>>> opened.name, opened.format.name, opened.own_lines
('<bytes>', 'bel', False)
>>> opened.close()
"""

from __future__ import annotations

import io
import os
import stat
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, TextIO, cast

from belote_notation.formats.base import Format
from belote_notation.formats.registry import get_format, guess_format
from belote_notation.game.lang import Listed, Message, Number, msg, msg_n, render
from belote_notation.game.lang.render import say

if TYPE_CHECKING:
    from belote_notation.pipeline.executor import Backend

__all__ = [
    "FOLDER_SUFFIX",
    "HEAD_BYTES",
    "LEFT_OUT_NAMED",
    "STDIN",
    "Discovery",
    "InputLike",
    "InputProblem",
    "OpenInput",
    "Source",
    "detect",
    "discover",
    "discover_for",
    "each_opened",
    "open_input",
    "problem_message",
    "problem_msg",
]

STDIN = "-"
HEAD_BYTES = 4096
"""The first bytes a format's ``sniff`` is shown."""
FOLDER_SUFFIX = ".bel"
"""Inside a folder only these files count, and those an ``include`` glob names (ruff's
``extend-include``): a folder of games also holds exports, logs and notes, and reading every
``.json`` or ``.csv`` of a project would report files that are no games at all. The others are
counted (:attr:`Discovery.left_out`), never skipped without a word. A file named on its own is
read whatever its name."""
LEFT_OUT_NAMED = 3
"""Files left out of a folder named in :attr:`Discovery.left_out_names` (the rest counted)."""

InputLike = str | os.PathLike[str] | bytes | BinaryIO | TextIO
"""What :func:`discover` takes: a path (``"-"``: stdin), the bytes of an input, or an open
stream (binary; a text stream is read as UTF-8)."""


def detect(name: str | None, head: bytes = b"") -> Format:
    """The format to read an input with: its name's extension, then its first bytes (a format
    that recognises its content wins over a name it shares), else ``.bel``."""
    found = guess_format(name, head) or get_format("bel")
    assert found is not None  # .bel is a built-in
    return found


@dataclass(frozen=True, slots=True)
class Source:
    """One input to read: a file (``path``), stdin (``"-"``), or bytes or a stream given by a program."""

    path: str
    """The name shown in findings: the path as given (or found in a folder), ``-`` for stdin."""
    size: int = 0
    """Size in bytes when known (0 for stdin and streams), for a progress display."""
    data: bytes | BinaryIO | TextIO | None = field(default=None, compare=False, repr=False)
    """The input itself when it is not a file."""
    label: str | None = None
    """The name to show instead of ``path`` (a program's own name for the input)."""

    @property
    def is_stdin(self) -> bool:
        return self.data is None and self.path == STDIN

    @property
    def is_file(self) -> bool:
        return self.data is None and self.path != STDIN

    @property
    def rereadable(self) -> bool:
        """A regular file: it can be opened and read again. A FIFO, a pipe (``<(cmd)``), a
        device, stdin or a stream is read once, as a stream (a second open of a FIFO waits for
        a writer that never comes; a pipe read again is empty): a command that needs two
        passes spools it first."""
        if not self.is_file:
            return False
        try:
            return stat.S_ISREG(os.stat(self.path).st_mode)
        except OSError:
            return False

    @property
    def display(self) -> str:
        if self.label is not None:
            return self.label
        return "<stdin>" if self.is_stdin else self.path


@dataclass(frozen=True, slots=True)
class InputProblem:
    """An input that gives nothing to read, with the reason in plain words."""

    path: str
    message: str
    msg: Message | None = None
    """The reason as data (docs/languages.md); ``message`` is its English text."""

    @classmethod
    def of(cls, path: str, reason: Message) -> InputProblem:
        """The problem of ``path``, its English text rendered once."""
        return cls(path, render(reason), reason)


@dataclass(slots=True)
class Discovery:
    """The inputs found for the paths asked for, and those that could not be used."""

    sources: list[Source] = field(default_factory=list)
    problems: list[InputProblem] = field(default_factory=list)
    left_out: int = 0
    """Files found in the folders that were not read: not ``.bel`` and no ``include`` glob."""
    left_out_names: list[str] = field(default_factory=list)
    """The first :data:`LEFT_OUT_NAMED` of them."""

    def left_out_line(self) -> str | None:
        """What a command says of the files it left out of the folders (``None``: none), said in the
        language asked.

        >>> Discovery(left_out=2, left_out_names=["s/app.events.jsonl", "s/sheet.csv"]).left_out_line()
        '2 files not read (not .bel): s/app.events.jsonl, s/sheet.csv; name them or add them to include'
        """
        if not self.left_out:
            return None
        cut = ("...",) if self.left_out > len(self.left_out_names) else ()
        return say(msg_n("%(n)s file not read (not %(suffix)s): %(names)s; name them or add them to include",
                         "%(n)s files not read (not %(suffix)s): %(names)s; name them or add them to include",
                         "n", n=Number(self.left_out), suffix=FOLDER_SUFFIX,
                         names=Listed((*self.left_out_names, *cut))))


def discover(items: Iterable[InputLike], suffix: str = FOLDER_SUFFIX,
             include: Callable[[str], bool] | None = None) -> Discovery:
    """The inputs to read for ``items``, in the order given: folders searched recursively
    (sorted; hidden names and symbolic-link loops skipped; files that neither end in ``suffix``
    nor are named by ``include``, a test of a path such as ``PathPatterns.matches``, counted in
    :attr:`Discovery.left_out`), each file once even if named twice, stdin once."""
    result = Discovery()
    seen: set[str] = set()
    for count, item in enumerate(items):
        if isinstance(item, bytes | bytearray):
            result.sources.append(Source("<bytes>", len(item), bytes(item)))
        elif not isinstance(item, str | os.PathLike):
            result.sources.append(Source(str(getattr(item, "name", "") or f"<stream {count + 1}>"), 0, item))
        elif os.fspath(item) == STDIN:
            if STDIN not in seen:
                seen.add(STDIN)
                result.sources.append(Source(STDIN))
        else:
            _add_path(os.fspath(item), suffix, result, seen, include)
    return result


def discover_for(backend: Backend, items: Sequence[str], include: Callable[[str], bool] | None = None
                 ) -> Discovery:
    """The inputs of a command line that runs on ``backend``: as :func:`discover` finds them,
    and, when its workers read byte ranges (a cluster), HTTP(S) URLs as they are (the workers
    read them with ``Range`` requests: :func:`~.range_checks.discover_with_urls`)."""
    if not backend.reads_ranges:
        return discover(items, include=include)
    from belote_notation.pipeline.range_checks import discover_with_urls

    return discover_with_urls(items, include)


def _add_path(raw: str, suffix: str, result: Discovery, seen: set[str],
              include: Callable[[str], bool] | None = None) -> None:
    path = Path(raw)
    try:
        is_dir = path.is_dir()
        exists = is_dir or path.exists()
    except OSError as exc:  # a name too long for the file system
        reason = msg("cannot read: %(error)s", error=str(exc.strerror or exc))
        result.problems.append(InputProblem.of(raw, reason))
        return
    if not exists:
        result.problems.append(InputProblem.of(raw, msg("no such file or folder")))
        return
    left_before = result.left_out
    files = _walk(path, suffix, include, result) if is_dir else [raw]
    if is_dir and not files:
        left = result.left_out - left_before
        reason = msg("folder holds no %(suffix)s file", suffix=suffix)
        if left:
            reason = msg("%(reason)s (%(others)s: name them or add them to include)", reason=reason,
                         others=msg_n("%(n)s other file", "%(n)s other files", "n", n=Number(left)))
        result.problems.append(InputProblem.of(raw, reason))
    for file in files:
        key = os.path.realpath(file)
        if key not in seen:
            seen.add(key)
            result.sources.append(Source(file, _size(file)))


def _size(path: str) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 0


def _walk(folder: Path, suffix: str, include: Callable[[str], bool] | None, result: Discovery) -> list[str]:
    found: list[str] = []
    for root, dirs, files in os.walk(folder, onerror=None, followlinks=False):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if name.startswith("."):
                continue
            path = os.path.join(root, name)
            if name.lower().endswith(suffix) or (include is not None and include(path)):
                found.append(path)
            else:
                result.left_out += 1
                if len(result.left_out_names) < LEFT_OUT_NAMED:
                    result.left_out_names.append(path)
    return found


def problem_message(exc: BaseException) -> str:
    """What stopped reading an input, in plain words (English: :func:`problem_msg`'s text).

    >>> problem_message(FileNotFoundError(2, "No such file")), problem_message(PermissionError(13, "x"))
    ('no such file or folder', 'permission denied')
    """
    return render(problem_msg(exc))


def problem_msg(exc: BaseException) -> Message:
    """What stopped reading an input, as a message (the system's own words, ``strerror``, as they are)."""
    if isinstance(exc, IsADirectoryError):
        return msg("is a folder, not a file")
    if isinstance(exc, FileNotFoundError):
        return msg("no such file or folder")
    if isinstance(exc, PermissionError):
        return msg("permission denied")
    if isinstance(exc, OSError):
        return msg("cannot read: %(error)s", error=str(exc.strerror or exc))
    if isinstance(exc, MemoryError):
        return msg("cannot read: out of memory")
    return msg("cannot read: %(error)s", error=str(exc))


@dataclass(slots=True)
class OpenInput:
    """An input opened for reading, with its format; close it (or use ``with``) when done."""

    source: Source
    stream: BinaryIO
    format: Format

    @property
    def name(self) -> str:
        """The input's name in findings."""
        return self.source.display

    @property
    def own_lines(self) -> bool:
        """Whether the findings' lines are lines of a file that can be shown (a source excerpt):
        not for stdin or data given by a program, nor for the JSON twin (its records keep the
        positions of the ``.bel`` text they came from)."""
        return self.source.is_file and self.format.own_positions

    def tell(self) -> int:
        """Bytes read so far (0 when the stream cannot say)."""
        try:
            return self.stream.tell()
        except (OSError, ValueError, AttributeError):
            return 0

    def close(self) -> None:
        if self.source.is_file:
            self.stream.close()

    def __enter__(self) -> OpenInput:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def open_input(source: Source, format: Format | None = None) -> OpenInput | InputProblem:
    """``source`` opened, its format detected (or ``format``), or what prevented it."""
    try:
        stream = _stream(source)
    except (OSError, MemoryError, ValueError) as exc:
        return InputProblem.of(source.display, problem_msg(exc))
    if format is not None:
        return OpenInput(source, stream, format)
    try:
        stream, head = _peek(stream)
    except (OSError, MemoryError, ValueError) as exc:
        if source.is_file:
            stream.close()
        return InputProblem.of(source.display, problem_msg(exc))
    name = source.label if source.label is not None else source.path if source.is_file else None
    return OpenInput(source, stream, detect(name, head))


def each_opened(what: InputLike, name: str | None = None) -> Iterator[OpenInput]:
    """Each input ``what`` names (a folder: its files), opened with its format detected and
    closed after its turn; ``name`` is its name in the findings. An input that cannot be found
    or opened raises ``OSError`` with the reason in plain words (the library readers' one
    way in: :func:`~belote_notation.pipeline.reading.read_games`, ``iter_replays``)."""
    found = discover([what])
    for problem in found.problems:
        raise OSError(f"{problem.path}: {problem.message}")
    for source in found.sources:
        if name is not None:
            source = Source(source.path, source.size, source.data, name)
        opened = open_input(source)
        if isinstance(opened, InputProblem):
            raise OSError(f"{opened.path}: {opened.message}")
        with opened:
            yield opened


def _stream(source: Source) -> BinaryIO:
    if isinstance(source.data, bytes):
        return io.BytesIO(source.data)
    if isinstance(source.data, io.TextIOBase) or hasattr(source.data, "encoding"):  # a text stream
        return io.BufferedReader(_Replay(b"", cast(TextIO, source.data)))
    if source.data is not None:
        return source.data
    if source.is_stdin:
        return sys.stdin.buffer
    if os.path.isdir(source.path):
        raise IsADirectoryError(21, "Is a directory", source.path)
    return open(source.path, "rb")


def _peek(stream: BinaryIO) -> tuple[BinaryIO, bytes]:
    """The first bytes of ``stream`` without consuming them (a stream that can neither peek
    nor seek is wrapped: the bytes read are given back first)."""
    peek = getattr(stream, "peek", None)
    if peek is not None:
        return stream, bytes(peek(HEAD_BYTES)[:HEAD_BYTES])
    if getattr(stream, "seekable", lambda: False)():
        start = stream.tell()
        head = stream.read(HEAD_BYTES)
        stream.seek(start)
        return stream, bytes(head)
    head = stream.read(HEAD_BYTES)
    return cast(BinaryIO, io.BufferedReader(_Replay(head, stream))), bytes(head)


class _Replay(io.RawIOBase):
    """A stream's first bytes, already read, then the rest of it (a text stream: as UTF-8)."""

    def __init__(self, head: bytes, rest: BinaryIO | TextIO) -> None:
        self.head, self.rest = head, rest

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        if not self.head:
            chunk = self.rest.read(len(buffer))
            self.head = chunk.encode("utf-8") if isinstance(chunk, str) else chunk
        data, self.head = self.head[:len(buffer)], self.head[len(buffer):]
        buffer[:len(data)] = data
        return len(data)

