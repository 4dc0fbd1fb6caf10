"""The interface every format implements, and the findings of an importer.

An importer never raises on bad input: what it cannot read becomes a :class:`FormatIssue`
(a code of BEL800-849, registered in ``belote_notation.game.code_table``, and a location: input
line, event number, field) and reading goes on. What the input lacks stays out of the record
(a partial record), never guessed.

>>> print(FormatIssue("BEL803", "warning", "unknown card 'ZZ'", line=3, event=5, field="card"))
line 3, event 5, field card: BEL803 unknown card 'ZZ'
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, BinaryIO, ClassVar, TextIO, TypeAlias, cast

from belote_notation.game.code_table import Severity, raised_by
from belote_notation.game.lang import Message, render

if TYPE_CHECKING:  # the records are imported by the formats that read or write them
    from belote_notation.notation.records import Game

__all__ = [
    "CANNOT_WRITE",
    "ISSUE_CODES",
    "KEPT_AS_TEXT",
    "MISSING_FIELD",
    "NEWER_VERSION",
    "OUT_OF_PLACE",
    "UNKNOWN_KIND",
    "UNREADABLE",
    "UNREADABLE_VALUE",
    "Format",
    "FormatIssue",
    "ReadItem",
    "Severity",
    "Stream",
    "binary_stream",
]

# The codes of the importers and exporters (docs/findings.md, "BEL8xx: formats").
UNREADABLE = "BEL801"
"""A line or row that is not readable in the format at all (not JSON, not UTF-8, bad CFN): an
error, as an unreadable token of ``.bel`` is (the game it belongs to was not read whole)."""
UNKNOWN_KIND = "BEL802"
"""An event or message type the format does not define: kept as a comment."""
UNREADABLE_VALUE = "BEL803"
"""A value that cannot be read (a card, seat, suit, number): its item is left out."""
MISSING_FIELD = "BEL804"
"""A field the item needs is missing: the item is left out."""
KEPT_AS_TEXT = "BEL805"
"""Something .bel cannot say (an unknown field, a contrée bid) kept as a tag or comment."""
OUT_OF_PLACE = "BEL806"
"""An item where the format does not allow it (a card before any deal): left out."""
NEWER_VERSION = "BEL807"
"""An input written by a newer version of the format than this reader knows."""
CANNOT_WRITE = "BEL810"
"""The output format cannot say part of a record: that part is left out of the output."""

ISSUE_CODES: dict[str, Severity] = {code: row.severity for code, row in raised_by("formats").items()}
"""Every code a format raises and its severity: the formats' view of the one code table
(:mod:`belote_notation.game.code_table`)."""


@dataclass(frozen=True)
class FormatIssue:
    """What a format could not read or write, and where."""

    code: str
    severity: Severity
    message: str
    line: int = 0
    """1-based line (or CSV row) of the input; 0 when not known."""
    event: int = 0
    """1-based number of the event, message or record in the input; 0 when not known."""
    field: str = ""
    """The field (or column) in question; empty for the whole item."""
    col: int = 1
    lost: bool = False
    """The issue stands in the place of a whole game that could not be read (a game of the JSON
    twin that is not a game): it counts as that game, so the games after it keep their numbers
    in the input and the issue is that game's finding."""
    msg: Message | None = None
    """The message as data (docs/languages.md); ``message`` is its English text. ``None`` for the
    formats whose issues are not in the catalogues yet."""

    def where(self) -> str:
        parts = []
        if self.line:
            parts.append(f"line {self.line}" + (f", column {self.col}" if self.col > 1 else ""))
        if self.event and self.event != self.line:
            parts.append(f"event {self.event}")
        if self.field:
            parts.append(f"field {self.field}")
        return ", ".join(parts)

    def __str__(self) -> str:
        where = self.where()
        return f"{where}: {self.code} {self.message}" if where else f"{self.code} {self.message}"


def first_line(head: bytes) -> bytes:
    """The first line of an input's first bytes, without a BOM or leading blanks (for ``sniff``)."""
    return head.lstrip(b"\xef\xbb\xbf \t\r\n").split(b"\n", 1)[0]


def issue(code: str, message: Message | str, line: int = 0, event: int = 0, field: str = "") -> FormatIssue:
    """A :class:`FormatIssue` with its code's severity; a :class:`Message`'s English text rendered
    once (a ``str``: a format whose issues are not in the catalogues yet, docs/languages.md)."""
    if isinstance(message, str):
        return FormatIssue(code, ISSUE_CODES[code], message, line, event, field)
    return FormatIssue(code, ISSUE_CODES[code], render(message), line, event, field, msg=message)


Stream = BinaryIO | TextIO
"""What :meth:`Format.read` reads: a byte stream, or a text stream (read as its UTF-8 bytes)."""

TEXT_CHUNK = 1 << 16
"""Characters read at a time from a text stream given to :meth:`Format.read`."""


class _EncodedText(io.RawIOBase):
    """A text stream as the UTF-8 bytes of its text, a chunk at a time (flat memory). A lone
    surrogate is kept as its bytes (``surrogatepass``): the reader says it is not UTF-8."""

    def __init__(self, text: TextIO) -> None:
        self.text = text
        self.pending = b""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        while not self.pending:
            chunk = self.text.read(TEXT_CHUNK)
            if not chunk:
                return 0
            self.pending = chunk.encode("utf-8", "surrogatepass")
        size = min(len(buffer), len(self.pending))
        buffer[:size] = self.pending[:size]
        self.pending = self.pending[size:]
        return size


def binary_stream(source: Stream) -> BinaryIO:
    """``source`` itself when it gives bytes; a text stream (``io.StringIO``, a file opened in
    text mode) as the UTF-8 bytes of its text.

    >>> binary_stream(io.StringIO("deal 1 ♠\\n")).read()
    b'deal 1 \\xe2\\x99\\xa0\\n'
    >>> raw = io.BytesIO(b"x"); binary_stream(raw) is raw
    True
    """
    if isinstance(source, io.TextIOBase) or hasattr(source, "encoding"):
        return cast(BinaryIO, io.BufferedReader(_EncodedText(cast(TextIO, source))))
    return source


ReadItem: TypeAlias = "Game | FormatIssue"
"""What :meth:`Format.read` yields: each game once read, the issues found before it."""


class Format:
    """A format: its name, file extensions, and what it can do.

    Subclass it, set the class attributes, override :meth:`read` and/or :meth:`write`
    (``can_read``/``can_write`` follow from which is overridden) and, for guessing from
    content, :meth:`sniff`. A plugin registers its subclass (or an instance) under the
    entry-point group ``belote_notation.formats``.
    """

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    """What it is, in a line; a built-in's is a msgid of the catalogues (``msg(...).id``), which
    ``belote-replay formats`` says in the language asked."""
    extensions: ClassVar[tuple[str, ...]] = ()
    """File name endings, with the dot (``".events.jsonl"`` before ``".jsonl"``)."""
    game_texts: ClassVar[bool] = False
    """The notation's own text (``.bel``): the pipeline cuts it into game texts and reads each
    with the notation's streaming reader (events, no records unless asked) instead of
    :meth:`read`."""
    own_positions: ClassVar[bool] = True
    """The records' positions are lines of this input (``False`` for the JSON twin: its records
    keep the positions of the ``.bel`` text they came from)."""
    notation_text: ClassVar[bool] = False
    """Its text is the notation's own (``.bel``): a text already in the notation is in this
    format (the store serves its games' text as it is), ``--fix`` edits its files in place (the
    fixes are edits of the notation's text), ``convert`` turns it into the JSON twin by default,
    and an input read in it though its name says otherwise was read so because nothing claimed it."""
    splittable: ClassVar[bool] = False
    """An input in this format can be cut at game boundaries into byte ranges, each read alone
    (``pipeline/ranges.py``: a cluster's workers read a range each); the others are read whole."""
    canonical_rewrite: ClassVar[bool] = False
    """``belote-replay fmt`` rewrites its files in their canonical form, the format kept (the
    project's own forms: ``.bel`` and its JSON twin); the others are refused (convert them)."""

    @property
    def can_read(self) -> bool:
        return type(self).read is not Format.read

    @property
    def can_write(self) -> bool:
        return type(self).write is not Format.write

    def sniff(self, head: bytes) -> bool:
        """True when the first bytes of an input look like this format."""
        return False

    def without_positions(self) -> Format:
        """This format for records without source positions (the caller has stripped them):
        a format that would print them anyway returns a compact variant."""
        return self

    def dropping_unknown(self) -> Format:
        """This format reading without what it does not know (``convert --drop-unknown``): a
        format that keeps unknown fields as tags or comments (BEL805) returns a variant that
        leaves them out; the others return themselves."""
        return self

    def read(self, source: Stream, name: str = "<input>") -> Iterator[ReadItem]:
        """Games from a byte stream (or a text stream: :func:`binary_stream`), one at a time,
        each preceded by the issues found in it."""
        raise NotImplementedError(f"format {self.name!r} cannot be read")

    def write(self, games: Iterable[Game], out: TextIO) -> Iterator[FormatIssue]:
        """Write ``games`` to ``out`` one at a time; yields what could not be written."""
        raise NotImplementedError(f"format {self.name!r} cannot be written")
