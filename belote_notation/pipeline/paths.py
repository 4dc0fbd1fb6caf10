"""Globs over the paths of the inputs, as a configuration writes them: ``exclude`` (files and
folders not checked) and the patterns of ``per-file-ignores``.

A pattern is matched against the path relative to ``root`` (the folder of the configuration
file; the path as given when it lies outside) with ``/`` as separator, ``*`` and ``?`` matching
any characters (``/`` included) and ``[...]`` a set, as :func:`fnmatch.fnmatchcase` does; a
pattern without ``/`` is also matched against every single name of the path (so ``drafts``
excludes a folder ``drafts`` anywhere, ``*.tmp.bel`` a file anywhere).

>>> patterns = PathPatterns(("drafts", "club/2025-*.bel"), root="/home/org")
>>> [patterns.matches(p) for p in ("/home/org/drafts/a.bel", "club/2025-11.bel", "club/2026-01.bel")]
[True, True, False]
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from fnmatch import fnmatchcase
from pathlib import PurePath

from belote_notation.pipeline.inputs import Discovery

__all__ = ["AnyPatterns", "PathPatterns", "without_excluded"]


@dataclass(frozen=True, slots=True)
class PathPatterns:
    """Globs over paths (picklable: it travels to worker processes)."""

    patterns: tuple[str, ...] = ()
    root: str | None = None
    """The folder relative paths are taken from (``None``: the current folder)."""

    def matches(self, path: str) -> bool:
        """Whether ``path`` (a file or a folder) or a folder holding it matches a pattern."""
        if not self.patterns:
            return False
        relative = self.relative(path)
        parts = PurePath(relative).parts
        for pattern in self.patterns:
            pattern = pattern.replace(os.sep, "/").removeprefix("./").rstrip("/")
            if fnmatchcase(relative, pattern) or any(
                    fnmatchcase("/".join(parts[:i]), pattern) for i in range(1, len(parts))):
                return True
            if "/" not in pattern and any(fnmatchcase(part, pattern) for part in parts):
                return True
        return False

    def relative(self, path: str) -> str:
        """``path`` relative to :attr:`root` when it lies inside it, with ``/`` separators."""
        root = os.path.abspath(self.root or os.curdir)
        absolute = os.path.abspath(path)
        if os.path.commonpath([root, absolute]) == root:
            path = os.path.relpath(absolute, root)
        return path.replace(os.sep, "/")


@dataclass(frozen=True, slots=True)
class AnyPatterns:
    """Paths that any of several :class:`PathPatterns` match (each with its own root: the globs
    of a configuration file and those of the command line).

    >>> both = AnyPatterns((PathPatterns(("*.csv",), "/home/org"), PathPatterns(("logs",))))
    >>> bool(both), [both.matches(p) for p in ("/home/org/s/a.csv", "logs/a.json", "s/a.json")]
    (True, [True, True, False])
    """

    parts: tuple[PathPatterns, ...]

    def __bool__(self) -> bool:
        return any(part.patterns for part in self.parts)

    def matches(self, path: str) -> bool:
        return any(part.matches(path) for part in self.parts)


def without_excluded(found: Discovery, named: Iterable[str], exclude: PathPatterns) -> Discovery:
    """``found`` without the files found in a folder that ``exclude`` matches; a file named
    on its own is read whatever the patterns say (as ruff does).

    >>> from belote_notation.pipeline.inputs import Source
    >>> found = Discovery([Source("games/a.bel"), Source("games/drafts/b.bel"), Source("c.bel")])
    >>> kept = without_excluded(found, ["games", "c.bel"], PathPatterns(("drafts", "c.bel")))
    >>> [s.path for s in kept.sources]
    ['games/a.bel', 'c.bel']
    """
    if not exclude.patterns:
        return found
    given = {os.path.normpath(p) for p in named}
    kept = [s for s in found.sources
            if not s.is_file or os.path.normpath(s.path) in given or not exclude.matches(s.path)]
    return Discovery(kept, found.problems)
