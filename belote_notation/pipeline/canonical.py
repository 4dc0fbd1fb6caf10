"""The canonical rewrite (``belote-replay fmt``'s work): a file rewritten in the canonical form
of its own format, or told how it differs from it.

A file keeps its format, as the pipeline's one detector tells it (the name, then the content):
a format that says :attr:`~belote_notation.formats.base.Format.canonical_rewrite` is rewritten
in its canonical form (``.bel``: always UTF-8, ``\\n`` line ends, whatever the locale; the JSON
twin as the canonical JSON twin, JSON Lines for ``.jsonl``); any other is refused in one line
pointing at ``belote-replay convert``, never misread as ``.bel``. A file with a syntax error is
never rewritten (nothing the user wrote may be lost): its issues are the messages. A rewrite
goes to a temporary file next to the original, moved over it only when the whole file was read
cleanly and the text changed (:func:`~belote_notation.pipeline.files.replacing`).

>>> refusal, messages, text = canonical_text(b"[Rules \\"classic\\"]\\nDeal 1 Dealer s\\nfin *\\n", "g.bel")
>>> refusal, messages, text.splitlines()[1:]
(None, [], ['', 'deal 1 dealer S', '', 'end *'])
>>> refusal, messages, _ = canonical_text(b"deal 1\\n  nord: 7S\\n", "g.bel")
>>> refusal, [message.split()[2] for message in messages]
('error', ['BEL001', 'BEL006'])
"""

from __future__ import annotations

import difflib
import io
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, TextIO, cast

from belote_notation.check.findings import Finding
from belote_notation.formats.base import Format
from belote_notation.game.lang import Message, msg
from belote_notation.game.lang.render import said, say
from belote_notation.notation.read.reader import iter_games
from belote_notation.notation.write.writer import NotationWriteError, write_game
from belote_notation.pipeline.files import replacing
from belote_notation.pipeline.inputs import InputProblem, Source, open_input

if TYPE_CHECKING:
    from belote_notation.notation.read.json_cursor import JsonReadError

__all__ = ["STATUSES", "canonical", "canonical_text", "format_file", "to_standard_output", "unified_diff"]

STATUSES = ("unchanged", "reformatted", "would-reformat", "to-stdout", "error", "refused")
"""What :func:`format_file` can say of a file."""

Rewrite = Callable[[BinaryIO, str, TextIO], list[str]]


def _write_notation(handle: BinaryIO, name: str, out: TextIO) -> list[str]:
    """The notation's text rewritten game by game; every syntax issue of the file listed (and
    nothing written from the first one on)."""
    messages: list[str] = []
    count = 0
    for parsed in iter_games(handle, name):
        messages += [str(Finding.from_issue(issue, issue.file or name, parsed.index + 1))
                     for issue in parsed.errors]
        if messages:
            continue  # keep reading: every issue of the file is listed
        try:
            text = write_game(parsed.game)
        except NotationWriteError as exc:
            messages.append(f"{name}: " + say(msg("game %(game)s: %(reason)s", game=parsed.index + 1,
                                                  reason=exc.reason)))
            continue
        if count:
            out.write("\n")
        out.write(text)
        count += 1
    return messages


def _placed(exc: JsonReadError) -> Message:
    """The reading error with its place, as ``str(exc)`` says it in English."""
    if exc.line and exc.col:
        return msg("line %(line)s column %(col)s: %(reason)s", line=exc.line, col=exc.col, reason=exc.reason)
    if exc.line:
        return msg("line %(line)s: %(reason)s", line=exc.line, reason=exc.reason)
    return exc.reason


def _twin_rewrite(fmt: Format) -> Rewrite:
    """The JSON twin read whole (a bad game leaves the file as it was), then written by ``fmt``."""

    def rewrite(handle: BinaryIO, name: str, out: TextIO) -> list[str]:
        from belote_notation.notation.read.jsonio import JsonReadError, read_json_games

        try:
            games = list(read_json_games(handle))
        except JsonReadError as exc:
            return [f"{name}: " + say(msg("cannot read: %(error)s", error=_placed(exc)))]
        except UnicodeDecodeError as exc:
            return [f"{name}: " + say(msg("cannot read: %(error)s", error=str(exc)))]
        return [f"{name}: {issue}" for issue in fmt.write(games, out)]

    return rewrite


def canonical(handle: BinaryIO, name: str, out: TextIO) -> tuple[str | None, list[str]]:
    """Write the canonical form of the games read from ``handle`` to ``out``; returns why it
    may not be rewritten (``None``, ``"error"`` or ``"refused"``) and the issues that say so.

    The format is the pipeline's one detector's answer (the name, then the content, else
    ``.bel``): a file in another format (an events log, CFN, CSV...) is refused in one line,
    never read as ``.bel``."""
    opened = open_input(Source(name, data=handle, label=name))
    if isinstance(opened, InputProblem):
        return "error", [f"{name}: {said(opened.msg, opened.message)}"]
    fmt = opened.format
    if not fmt.canonical_rewrite:
        given = "-" if name == "<stdin>" else name
        refused = msg("format %(format)s, not .bel or its JSON twin: fmt leaves it alone (`belote-replay "
                      "convert %(file)s --to bel` makes a .bel of it)", format=fmt.name, file=given)
        return "refused", [f"{name}: {say(refused)}"]
    rewrite = _write_notation if fmt.game_texts else _twin_rewrite(fmt)
    messages = rewrite(opened.stream, name, out)
    return ("error" if messages else None), messages


def canonical_text(data: bytes, name: str) -> tuple[str | None, list[str], str]:
    """:func:`canonical` of ``data``: why it may not be rewritten, the issues, and the text."""
    new = io.StringIO(newline="\n")
    refusal, messages = canonical(io.BytesIO(data), name, new)
    return refusal, messages, new.getvalue()


def unified_diff(old: str, new: str, name: str) -> str:
    """What the rewrite changes, as a unified diff (``fmt --diff``)."""
    return "".join(difflib.unified_diff(old.splitlines(keepends=True), new.splitlines(keepends=True),
                                        f"{name}\t(original)", f"{name}\t(formatted)"))


class _Compared(io.TextIOBase):
    """A text sink that compares what is written with the bytes of ``original`` as it goes (and
    hands it on to ``out``, if any): ``fmt --check`` knows whether a file is canonical without
    writing anything, and a rewrite whose text comes out the same is abandoned."""

    def __init__(self, original: BinaryIO, out: TextIO | None) -> None:
        self.original, self.out, self.same = original, out, True

    def write(self, text: str) -> int:
        if self.same:
            data = text.encode("utf-8")
            self.same = self.original.read(len(data)) == data
        if self.out is not None:
            self.out.write(text)
        return len(text)

    def matched(self) -> bool:
        """Whether everything written was the original, and the original has nothing more."""
        return self.same and not self.original.read(1)


class _Kept(Exception):
    """The file is left as it was (it is canonical, or may not be rewritten): its status."""

    def __init__(self, status: str, messages: list[str]) -> None:
        super().__init__(status)
        self.status, self.messages = status, messages


def to_standard_output(data: bytes) -> None:
    """``data`` on standard output, after what was printed there as text."""
    sys.stdout.flush()
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


def format_file(path: Path, check: bool, diff: bool = False,
                send: Callable[[bytes], None] = to_standard_output) -> tuple[str, list[str]]:
    """Format one file: returns (status, messages); status is one of :data:`STATUSES`:
    ``unchanged``, ``reformatted``, ``would-reformat``, ``error``, ``refused`` (not a format
    fmt rewrites), ``to-stdout`` (not a regular file: its canonical text given to ``send``, see
    :func:`_format_once`). ``check`` and ``diff`` write nothing (issue 38: ``--check`` wrote a
    temporary copy beside the input); a rewrite goes through :func:`replacing` (a temporary
    renamed; a link or a hard-linked file keeps what it is)."""
    if not Source(str(path)).rereadable and os.path.exists(path):
        return _format_once(path, check, diff, send)
    try:
        if check or diff:
            return _compare(path, diff)
        with open(path, "rb") as handle, open(path, "rb") as original, replacing(path) as out:
            compared = _Compared(original, out)
            refusal, messages = canonical(handle, str(path), cast(TextIO, compared))
            if refusal is not None:
                raise _Kept(refusal, messages)
            if compared.matched():
                raise _Kept("unchanged", [])
        return "reformatted", [say(msg("reformatted %(file)s", file=str(path)))]
    except _Kept as kept:
        return kept.status, kept.messages
    except OSError as exc:
        return "error", [f"{path}: " + say(msg("cannot rewrite: %(error)s", error=str(exc.strerror or exc)))]


def _compare(path: Path, diff: bool) -> tuple[str, list[str]]:
    """``--check`` and ``--diff`` of a regular file: nothing opened for writing."""
    new = io.StringIO(newline="\n") if diff else None
    with open(path, "rb") as handle, open(path, "rb") as original:
        compared = _Compared(original, new)
        refusal, messages = canonical(handle, str(path), cast(TextIO, compared))
        same = compared.matched()
    if refusal is not None:
        return refusal, messages
    if same:
        return "unchanged", []
    if new is not None:
        old = path.read_bytes().decode("utf-8", "replace")
        return "would-reformat", [unified_diff(old, new.getvalue(), str(path)).rstrip("\n")]
    return "would-reformat", [say(msg("would reformat %(file)s", file=str(path)))]


def _format_once(path: Path, check: bool, diff: bool, send: Callable[[bytes], None]) -> tuple[str, list[str]]:
    """A FILE that is not a regular file (a FIFO, a pipe ``<(cmd)``, a device) is opened once
    and read as a stream (a second open of a FIFO waits for ever): it cannot be rewritten in
    place, so its canonical text goes to ``send`` (standard output, as ``fmt -`` does);
    ``--check`` and ``--diff`` compare."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        return "error", [f"{path}: " + say(msg("cannot read: %(error)s", error=str(exc.strerror or exc)))]
    refusal, messages, text = canonical_text(data, str(path))
    if refusal is not None:
        return refusal, messages
    if check or diff:
        if text.encode("utf-8") == data:
            return "unchanged", []
        if diff:
            old = data.decode("utf-8", "replace")
            return "would-reformat", [unified_diff(old, text, str(path)).rstrip("\n")]
        return "would-reformat", [say(msg("would reformat %(file)s", file=str(path)))]
    send(text.encode("utf-8"))
    return "to-stdout", []
