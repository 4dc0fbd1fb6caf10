"""``belote-replay fmt FILE... [--check] [--diff]``: rewrite records in the canonical form.

A file with a syntax error is never rewritten (nothing the user wrote may be lost): its
issues are listed as ``path:line:col: CODE message`` and the exit code is 2. With
``--check`` nothing is written: files that are not canonical are listed and the exit
code is 1; ``--diff`` shows what would change as a unified diff (exit 1 too). The new text
is written to a temporary file next to the original and moved over it only when the whole
file was read cleanly and the text changed (``pipeline.files.replacing``). ``fmt -`` reads
standard input and writes the canonical text to standard output, and so does a FILE that is not
a regular file (a FIFO, a pipe: read once, as a stream). A symbolic link is kept: the file it
points to is rewritten.

A file keeps its format, as the pipeline's one detector tells it (the name, then the content):
a ``.bel`` file is rewritten as canonical ``.bel`` (always UTF-8, ``\\n`` line ends, whatever
the locale), the JSON twin as the canonical JSON twin (JSON Lines for ``.jsonl``). A file in
another format (an events log, CFN, a CSV sheet...) is refused in one line pointing at
``belote-replay convert`` (exit 2), never misread as ``.bel``.
"""

from __future__ import annotations

import difflib
import io
import os
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import BinaryIO, TextIO, cast

import click

from belote_notation.check.findings import Finding
from belote_notation.notation.read.jsonio import JsonReadError, read_json_games
from belote_notation.notation.read.reader import iter_games
from belote_notation.notation.records import Game
from belote_notation.notation.write.jsonio import write_json_games, write_jsonl_games
from belote_notation.notation.write.writer import NotationWriteError, write_game
from belote_notation.pipeline.files import replacing
from belote_notation.pipeline.inputs import InputProblem, Source, discover, open_input
from belote_replay.output import ConsoleStream
from belote_replay.progress import ProgressDisplay

__all__ = ["command", "format_file"]


def _write_bel(handle: BinaryIO, name: str, out: TextIO) -> list[str]:
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
            messages.append(f"{name}: game {parsed.index + 1}: {exc}")
            continue
        if count:
            out.write("\n")
        out.write(text)
        count += 1
    return messages


def _write_json(handle: BinaryIO, name: str, out: TextIO) -> list[str]:
    return _write_twin(handle, name, out, write_json_games)


def _write_jsonl(handle: BinaryIO, name: str, out: TextIO) -> list[str]:
    return _write_twin(handle, name, out, write_jsonl_games)


def _write_twin(handle: BinaryIO, name: str, out: TextIO,
                write: Callable[[Iterable[Game], TextIO], object]) -> list[str]:
    try:
        games = list(read_json_games(handle))  # whole before writing: a bad game leaves the file as it was
    except (JsonReadError, UnicodeDecodeError) as exc:
        return [f"{name}: cannot read: {exc}"]
    write(games, out)
    return []


_REWRITE = {"bel": _write_bel, "json": _write_json, "jsonl": _write_jsonl}
"""The formats ``fmt`` rewrites, each in its own canonical form: the project's own."""


def canonical(handle: BinaryIO, name: str, out: TextIO) -> tuple[str | None, list[str]]:
    """Write the canonical form of the games read from ``handle`` to ``out``; returns why it
    may not be rewritten (``None``, ``"error"`` or ``"refused"``) and the issues that say so.

    The format is the pipeline's one detector's answer (the name, then the content, else
    ``.bel``): a file in another format (an events log, CFN, CSV...) is refused in one line,
    never read as ``.bel``."""
    opened = open_input(Source(name, data=handle, label=name))
    if isinstance(opened, InputProblem):
        return "error", [f"{name}: {opened.message}"]
    rewrite = _REWRITE.get(opened.format.name)
    if rewrite is None:
        given = "-" if name == "<stdin>" else name
        return "refused", [f"{name}: format {opened.format.name}, not .bel or its JSON twin: fmt leaves it "
                           f"alone (`belote-replay convert {given} --to bel` makes a .bel of it)"]
    messages = rewrite(opened.stream, name, out)
    return ("error" if messages else None), messages


def _diff(old: str, new: str, name: str) -> str:
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


def format_file(path: Path, check: bool, diff: bool = False) -> tuple[str, list[str]]:
    """Format one file: returns (status, messages); status is one of
    ``unchanged``, ``reformatted``, ``would-reformat``, ``error``, ``refused`` (not a format
    fmt rewrites), ``to-stdout`` (not a regular file: see :func:`_format_once`). ``check`` and
    ``diff`` write nothing (issue 38: ``--check`` wrote a temporary copy beside the input); a
    rewrite goes through :func:`replacing` (a temporary renamed; a link or a hard-linked file
    keeps what it is)."""
    if not Source(str(path)).rereadable and os.path.exists(path):
        return _format_once(path, check, diff)
    try:
        if check or diff:
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
                return "would-reformat", [_diff(old, new.getvalue(), str(path)).rstrip("\n")]
            return "would-reformat", [f"would reformat {path}"]
        with open(path, "rb") as handle, open(path, "rb") as original, replacing(path) as out:
            compared = _Compared(original, out)
            refusal, messages = canonical(handle, str(path), cast(TextIO, compared))
            if refusal is not None:
                raise _Kept(refusal, messages)
            if compared.matched():
                raise _Kept("unchanged", [])
        return "reformatted", [f"reformatted {path}"]
    except _Kept as kept:
        return kept.status, kept.messages
    except OSError as exc:
        return "error", [f"{path}: cannot rewrite: {exc.strerror or exc}"]


def _format_once(path: Path, check: bool, diff: bool) -> tuple[str, list[str]]:
    """A FILE that is not a regular file (a FIFO, a pipe ``<(cmd)``, a device) is opened once
    and read as a stream (a second open of a FIFO waits for ever): it cannot be rewritten in
    place, so its canonical text goes to standard output, as ``fmt -`` does; ``--check`` and
    ``--diff`` compare."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        return "error", [f"{path}: cannot read: {exc.strerror or exc}"]
    new = io.StringIO(newline="\n")
    refusal, messages = canonical(io.BytesIO(data), str(path), new)
    if refusal is not None:
        return refusal, messages
    text = new.getvalue()
    if check or diff:
        if text.encode("utf-8") == data:
            return "unchanged", []
        if diff:
            return "would-reformat", [_diff(data.decode("utf-8", "replace"), text, str(path)).rstrip("\n")]
        return "would-reformat", [f"would reformat {path}"]
    sys.stdout.flush()
    sys.stdout.buffer.write(text.encode("utf-8"))
    sys.stdout.buffer.flush()
    return "to-stdout", []


def _format_stdin(check: bool, diff: bool) -> None:
    """``fmt -``: the canonical text of standard input on standard output, in UTF-8."""
    data = sys.stdin.buffer.read()
    new = io.StringIO(newline="\n")
    refusal, messages = canonical(io.BytesIO(data), "<stdin>", new)
    err = ConsoleStream("stderr")
    for message in messages:
        err.write(message + "\n")
    if refusal is not None:
        raise SystemExit(2)
    text = new.getvalue()
    changed = text.encode("utf-8") != data
    if diff:
        ConsoleStream("stdout").write(_diff(data.decode("utf-8", "replace"), text, "<stdin>"))
    elif check:
        if changed:
            err.write("would reformat <stdin>\n")
    else:
        sys.stdout.flush()
        sys.stdout.buffer.write(text.encode("utf-8"))
        sys.stdout.buffer.flush()
    if changed and (check or diff):
        raise SystemExit(1)


@click.command("fmt")
@click.argument("files", nargs=-1, required=True)
@click.option("--check", is_flag=True, help="Do not write; list the files that are not canonical (exit 1).")
@click.option("--diff", is_flag=True, help="Do not write; show what would change as a unified diff (exit 1).")
@click.option("--progress/--no-progress", default=None,
              help="Progress display on stderr (default: when stderr is a terminal).")
def command(files: tuple[str, ...], check: bool, diff: bool, progress: bool | None) -> None:
    """Rewrite .bel FILES (or the .bel files under directories) in the canonical form;
    - reads standard input and writes standard output.

    Files with syntax errors are left untouched and reported (exit 2). The JSON twin is
    rewritten as the canonical JSON twin; other formats are refused (use convert, exit 2).
    """
    if files == ("-",):
        _format_stdin(check, diff)
        return
    counts = {"unchanged": 0, "reformatted": 0, "would-reformat": 0, "to-stdout": 0, "error": 0, "refused": 0}
    found = discover(files)  # the pipeline's: folders searched for .bel files, each file once
    out, err = ConsoleStream("stdout"), ConsoleStream("stderr")
    for problem in found.problems:
        err.write(f"{problem.path}: {problem.message}\n")
        counts["error"] += 1
    if any(source.is_stdin for source in found.sources):
        err.write("-: standard input is formatted only when it is the one FILE (`fmt -`)\n")
        counts["error"] += 1
    paths = [Path(source.path) for source in found.sources if source.is_file]
    with ProgressDisplay("formatting", len(paths), "files", progress) as display:
        for done, path in enumerate(paths, 1):
            status, messages = format_file(path, check, diff)
            counts[status] += 1
            for message in messages:
                (err if status in ("error", "refused") else out).write(message + "\n")
            display.update(done, description=path.name)
    parts = []
    if counts["reformatted"]:
        parts.append(f"{counts['reformatted']} reformatted")
    if counts["would-reformat"]:
        parts.append(f"{counts['would-reformat']} would be reformatted")
    if counts["to-stdout"]:
        parts.append(f"{counts['to-stdout']} written to standard output (not a regular file)")
    parts.append(f"{counts['unchanged']} unchanged")
    if counts["error"]:
        parts.append(f"{counts['error']} with errors (left untouched)")
    if counts["refused"]:
        parts.append(f"{counts['refused']} refused (not .bel or its JSON twin)")
    err.write(", ".join(parts) + "\n")
    if counts["error"] or counts["refused"]:
        raise SystemExit(2)
    if counts["would-reformat"]:
        raise SystemExit(1)
