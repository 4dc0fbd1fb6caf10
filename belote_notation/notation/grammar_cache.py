"""The per-user folder where the grammar's parsing tables are kept between runs, kept so that
what is found there cannot be used against the reader (issue 38).

A file in that folder is read as data only, never unpickled: Lark's own ``save``/``load`` is
``pickle``, and a pickle planted there ran as soon as any command read a ``.bel`` file. The
tables are JSON (:func:`dumps`/:func:`loads`: tuples and dicts with any keys tagged so that
Lark's structures come back as they were), named and stamped by a SHA-256 of what they
were made from, and what they hold is checked by their user (the terminals' patterns against
the table shipped with the grammar: :mod:`belote_notation.notation.vocabulary`).

The folder is made ``0700``; one owned by another user, or that others may write, is no cache.
A file is opened without following a link and without waiting (``O_NOFOLLOW``,
``O_NONBLOCK``): a FIFO or a device planted under a cache file's name is not read, and neither
is a file owned by another user or larger than :data:`MAX_FILE`. Nothing here is an error: a
refused or damaged cache is no cache, and the grammar is built as without one.

>>> loads(dumps({0: (1, [2, "a"]), "k": None}))
{0: (1, [2, 'a']), 'k': None}
"""

from __future__ import annotations

import json
import os
import stat
import sys
from pathlib import Path
from typing import Any

__all__ = ["CACHE_ENV", "MAX_FILE", "cache_dir", "dumps", "loads", "read", "save"]

CACHE_ENV = "BELOTE_NOTATION_CACHE"
"""The environment variable naming the folder of the grammar's cache (empty: no cache)."""

MAX_FILE = 8 << 20
"""The largest cache file read (the parser's tables are about 0.2 MB)."""


def cache_dir() -> Path | None:
    """The per-user folder where the grammar's parsing tables are kept between runs: the
    folder named by ``$BELOTE_NOTATION_CACHE`` (empty: no cache), else ``belote-notation``
    in the platform's cache folder (``$XDG_CACHE_HOME`` or ``~/.cache``, ``~/Library/Caches``,
    ``%LOCALAPPDATA%``). Not made here (:func:`save` makes it): whether it may be used is
    asked each time it is read or written.

    >>> from unittest import mock
    >>> with mock.patch.dict(os.environ, {CACHE_ENV: ""}):
    ...     cache_dir() is None
    True
    >>> with mock.patch.dict(os.environ, {CACHE_ENV: "/tmp/x"}):
    ...     cache_dir().name
    'x'
    """
    chosen = os.environ.get(CACHE_ENV)
    if chosen is not None:
        return Path(chosen) if chosen else None
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = str(Path.home() / "Library" / "Caches")
    else:
        base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "belote-notation"


def _ours(status: os.stat_result) -> bool:
    """Owned by this process's user and writable by nobody else (where the platform says)."""
    geteuid = getattr(os, "geteuid", None)
    if geteuid is None:  # Windows: no owners nor modes to compare
        return True
    return status.st_uid == geteuid() and not status.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def _usable(folder: Path) -> bool:
    """Whether ``folder`` is a folder this user owns and nobody else may write."""
    try:
        status = os.stat(folder)
    except (OSError, ValueError):
        return False
    return stat.S_ISDIR(status.st_mode) and _ours(status)


def read(path: Path) -> bytes | None:
    """The bytes of the cache file ``path``, or ``None`` when it is not there or may not be
    trusted: its folder refused (:func:`_usable`), a link, anything but a regular file (opened
    without waiting, so a FIFO never blocks), another user's, or larger than :data:`MAX_FILE`."""
    if not _usable(path.parent):
        return None
    flags = os.O_RDONLY
    for optional in ("O_NOFOLLOW", "O_NONBLOCK", "O_BINARY"):  # where the platform has them
        flags |= getattr(os, optional, 0)
    try:
        handle = os.open(path, flags)
    except (OSError, ValueError):
        return None
    try:
        status = os.fstat(handle)
        if not stat.S_ISREG(status.st_mode) or not _ours(status) or status.st_size > MAX_FILE:
            return None
        with os.fdopen(os.dup(handle), "rb") as stored:
            data = stored.read(MAX_FILE + 1)
        return data if len(data) <= MAX_FILE else None
    except OSError:
        return None
    finally:
        os.close(handle)


def save(path: Path, data: bytes) -> None:
    """``data`` saved at ``path`` through a temporary renamed (processes starting together never
    read half a file), the folder made ``0700`` first; nothing when the folder is refused or
    cannot be written."""
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not _usable(path.parent):
            return
        import tempfile  # when a cache file is written: rarely

        handle, temporary = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(temporary, path)
        finally:
            if os.path.exists(temporary):
                os.unlink(temporary)
    except OSError:
        pass                    # a read-only or missing folder: no cache this time


def _encoded(value: Any) -> Any:
    if isinstance(value, list):
        return [_encoded(item) for item in value]
    if isinstance(value, tuple):
        return {"t": [_encoded(item) for item in value]}
    if isinstance(value, dict):
        return {"d": [[_encoded(key), _encoded(item)] for key, item in value.items()]}
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    raise TypeError(f"not kept in the cache: {type(value).__name__}")


def dumps(value: Any) -> bytes:
    """``value`` (scalars, lists, tuples, dicts with any keys) as JSON that :func:`loads` turns
    back into it: every object of the text is a tag, ``{"t": [...]}`` a tuple and
    ``{"d": [[key, value]...]}`` a dict."""
    return json.dumps(_encoded(value), ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _tagged(pairs: list[tuple[str, Any]]) -> Any:
    if len(pairs) == 1 and isinstance(pairs[0][1], list):
        tag, items = pairs[0]
        if tag == "t":
            return tuple(items)
        if tag == "d" and all(isinstance(pair, list) and len(pair) == 2 for pair in items):
            return {key: item for key, item in items}
    raise ValueError("not a value of the cache")


def loads(data: bytes) -> Any:
    """What :func:`dumps` made ``data`` from (the JSON parser in C, a small hook per object);
    ``ValueError`` for anything it cannot have made."""
    try:
        return json.loads(data, object_pairs_hook=_tagged)
    except (TypeError, RecursionError) as exc:  # an unhashable key, nesting past the stack
        raise ValueError(f"not a value of the cache: {exc}") from None
