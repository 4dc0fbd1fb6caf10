"""A configuration file read within bounds (for :mod:`belote_replay.config`), and each problem
placed at its file, line and column.

A ``belote-replay.toml`` or ``pyproject.toml`` found in any parent folder is read by every
``validate``: a hostile or broken one must cost little and say where it is wrong, never a
traceback. Python's TOML reader recurses into nested arrays and tables (100,000 brackets: a
``RecursionError``), and a dotted key of N parts costs it N² memory (``a.a.a...`` of 100,000
parts, 200 KB, exhausted the machine). So before it reads a file, :func:`read_toml` checks it:

* at most :data:`MAX_CONFIG_BYTES` bytes (10 MB of comments is not a configuration);
* arrays and inline tables nested at most :data:`MAX_DEPTH` deep;
* at most :data:`MAX_DOTS` dots in one line outside strings and comments (the parts of a
  dotted key; TOML keys and inline tables are on one line);

each refusal a :class:`ConfigFileError` with ``path:line:col``. The scan is one pass over the
characters that matter (quotes, brackets, dots, comments, line ends).

>>> scan_toml('x = [[1], {a.b = "[[[["}]  # ]]]]\\n', "t.toml") is None
True
>>> scan_toml("x = " + "[" * 40 + "]" * 40, "t.toml")
Traceback (most recent call last):
...
belote_replay.config_file.ConfigFileError: t.toml:1:37: arrays and tables nested more than 32 deep
>>> line_of('a = 1\\n[tool.belote-replay]\\n"a\\\\u0000b" = 2\\n', "a\\x00b")
3
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

__all__ = ["MAX_CONFIG_BYTES", "MAX_DEPTH", "MAX_DOTS", "MAX_GLOB_CHARS", "ConfigFileError", "line_of",
           "read_toml", "scan_toml", "shown"]

MAX_CONFIG_BYTES = 1 << 20
"""A configuration file's size at most (1 MiB: ruff's own ``pyproject.toml`` files are a few KB)."""
MAX_DEPTH = 32
"""Arrays and inline tables nested at most this deep (a configuration needs two)."""
MAX_DOTS = 64
"""Dots in one line outside strings and comments at most (the parts of a dotted key)."""
MAX_GLOB_CHARS = 1024
"""A glob of ``exclude`` or ``per-file-ignores`` at most this long (a path is rarely 200)."""

_SPECIAL = re.compile(r"""["'#\[\]{}.\n\\]""")


class ConfigFileError(ValueError):
    """A configuration file refused: the message starts with ``path:line:col:`` (or ``path:``)."""


def scan_toml(text: str, path: str) -> None:
    """Refuse ``text`` (the file ``path``) when it nests or dots past the bounds (see the module)."""
    line, line_start, depth, dots, skip_to = 1, 0, 0, 0, 0
    quote = ""  # the string being read: ", ', """ or ''' ("#": a comment)
    for match in _SPECIAL.finditer(text):
        at = match.start()
        if at < skip_to:
            continue
        char = match.group()
        if char == "\n":
            line, line_start, dots = line + 1, at + 1, 0
            if quote in ("#", '"', "'"):
                quote = ""  # a comment ends; an unterminated string is the TOML reader's to say
            continue
        if quote:
            if char == "\\" and quote in ('"', '"""'):
                skip_to = at + 2  # the escaped character
            elif char == quote[0] and text.startswith(quote, at):
                quote, skip_to = "", at + len(quote)
            continue
        if char in "\"'":
            quote = char * 3 if text.startswith(char * 3, at) else char
            skip_to = at + len(quote)
        elif char == "#":
            quote = "#"
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise ConfigFileError(f"{path}:{line}:{at - line_start + 1}: arrays and tables nested more "
                                      f"than {MAX_DEPTH} deep")
        elif char in "]}":
            depth = max(0, depth - 1)
        elif char == ".":
            dots += 1
            if dots > MAX_DOTS:
                raise ConfigFileError(f"{path}:{line}:{at - line_start + 1}: more than {MAX_DOTS} dots in a "
                                      "line (a dotted key of that many parts is not a setting)")


def read_toml(path: Path) -> tuple[dict[str, Any], str]:
    """The TOML document of ``path`` and its text; :class:`ConfigFileError` for a file that
    cannot be read, is too large, nests too deep or is not TOML (with its line and column)."""
    if sys.version_info >= (3, 11):  # imported when a file is read (most starts read none)
        import tomllib
    else:  # pragma: no cover - python 3.10
        import tomli as tomllib
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_CONFIG_BYTES + 1)
    except OSError as exc:
        raise ConfigFileError(f"{path}: cannot read: {exc.strerror or exc}") from None
    if len(data) > MAX_CONFIG_BYTES:
        raise ConfigFileError(f"{path}: more than {MAX_CONFIG_BYTES:,} bytes: not read as a configuration "
                              "file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise ConfigFileError(f"{path}:{line}: not valid TOML: not UTF-8 (byte {exc.start + 1})") from None
    scan_toml(text, str(path))
    try:
        return tomllib.loads(text), text
    except tomllib.TOMLDecodeError as exc:
        raise ConfigFileError(f"{path}: not valid TOML: {exc}") from None
    except RecursionError:  # not past scan_toml's bounds: a safety net
        raise ConfigFileError(f"{path}: not valid TOML: nested too deep") from None


def line_of(text: str, key: str) -> int | None:
    """The first line of ``text`` where ``key`` is written as a key (bare, quoted or escaped as
    TOML writes it), or ``None``."""
    import json  # only for a message

    for form in dict.fromkeys((key, json.dumps(key), json.dumps(key, ensure_ascii=False), f"'{key}'")):
        found = re.search(rf"(?m)(?:^|[\s.\[{{,])(?P<key>{re.escape(form)})[ \t]*[=.\]]", text)
        if found is not None:
            return text.count("\n", 0, found.start("key")) + 1
    return None


def shown(value: object, limit: int = 60) -> str:
    """``repr(value)``, cut to ``limit`` characters (a message never holds a megabyte)."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + f"... ({len(text):,} characters)"
