"""Finding the inputs of a command: files, folders (recursively, ``*.bel``) and ``-`` (stdin).

Problems are returned as data, never raised: a missing path or a folder with no ``.bel``
file becomes an :class:`InputProblem` that the command reports, and the exit code says
whether anything at all could be read.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["JSON_SUFFIXES", "STDIN", "Discovery", "InputProblem", "Source", "discover", "looks_like_json"]

STDIN = "-"
JSON_SUFFIXES = (".json", ".jsonl")
"""Inputs read as the JSON twin whatever their content; others when their content is JSON."""


def looks_like_json(head: bytes) -> bool:
    r"""Whether the first bytes of an input are JSON (an object, or a list of objects), not .bel
    (whose ``{comment}`` also opens with a brace, but not with a brace and a quote).

    >>> looks_like_json(b'\xef\xbb\xbf  {"games": []}'), looks_like_json(b"[ ]"), looks_like_json(b"[{}]")
    (True, True, True)
    >>> looks_like_json(b"{a comment} deal 1"), looks_like_json(b"deal 1")
    (False, False)
    """
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    first, rest = text[:1], text[1:].lstrip()[:1]
    return (first == b"{" and rest in (b'"', b"}")) or (first == b"[" and rest in (b"{", b"]"))


def _json_file(path: str) -> bool:
    if path.lower().endswith(JSON_SUFFIXES):
        return True
    try:
        with open(path, "rb") as handle:
            return looks_like_json(handle.read(256))
    except OSError:
        return False  # said when the file is read


@dataclass(frozen=True, slots=True)
class Source:
    """One input to read: a file path, or standard input when ``path`` is ``"-"``."""

    path: str
    """The path as it is shown in findings (as the user wrote it, or relative to the folder)."""
    size: int = 0
    """Size in bytes when known (0 for stdin), for the progress display."""
    json: bool = False
    """The JSON twin (by extension or content; stdin is looked at when it is read)."""

    @property
    def is_stdin(self) -> bool:
        return self.path == STDIN

    @property
    def display(self) -> str:
        return "<stdin>" if self.is_stdin else self.path


@dataclass(frozen=True, slots=True)
class InputProblem:
    """A path that gives nothing to read, with the reason in plain words."""

    path: str
    message: str


@dataclass(slots=True)
class Discovery:
    sources: list[Source] = field(default_factory=list)
    problems: list[InputProblem] = field(default_factory=list)


def _size(path: str) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 0


def discover(paths: list[str] | tuple[str, ...], suffix: str = ".bel") -> Discovery:
    """The files to read for ``paths``, in the order given; folders sorted, searched recursively.

    A file named explicitly is read whatever its suffix; inside a folder only ``*.bel``
    files count. Each file is listed once even if named twice. ``-`` means stdin (once).
    """
    result = Discovery()
    seen: set[str] = set()
    stdin_taken = False
    for raw in paths:
        if raw == STDIN:
            if not stdin_taken:
                result.sources.append(Source(STDIN))
                stdin_taken = True
            continue
        path = Path(raw)
        try:
            is_dir = path.is_dir()
            exists = is_dir or path.exists()
        except OSError as exc:  # e.g. a name too long for the file system
            result.problems.append(InputProblem(raw, f"cannot read: {exc.strerror or exc}"))
            continue
        if not exists:
            result.problems.append(InputProblem(raw, "no such file or folder"))
            continue
        if is_dir:
            found = _walk(path, suffix)
            if not found:
                result.problems.append(InputProblem(raw, f"folder holds no {suffix} file"))
            for file in found:
                key = os.path.realpath(file)
                if key not in seen:
                    seen.add(key)
                    result.sources.append(Source(file, _size(file)))
            continue
        key = os.path.realpath(raw)
        if key not in seen:
            seen.add(key)
            result.sources.append(Source(raw, _size(raw), _json_file(raw)))
    return result


def _walk(folder: Path, suffix: str) -> list[str]:
    """``*suffix`` files under ``folder``, sorted, hidden folders skipped, no symlink loops."""
    found: list[str] = []
    for root, dirs, files in os.walk(folder, onerror=None, followlinks=False):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if name.lower().endswith(suffix) and not name.startswith("."):
                found.append(os.path.join(root, name))
    return found
