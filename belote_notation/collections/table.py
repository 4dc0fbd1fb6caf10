"""The fingerprint table of ``dedupe``: in memory up to a limit, then on disk (sqlite3).

Rows are ``(kind, key, game, value)``: ``key`` a 16-byte digest, ``game`` the 0-based number
of a game in the whole run (input order), ``value`` an int. Up to :data:`MEMORY_ROWS` rows live
in an in-memory sqlite3 database (measured: about 100 bytes a row with its index, so ~50 MB at
the limit); past it the database is copied to a temporary file, deleted when the table closes,
whose page cache is bounded to :data:`CACHE_KIB` KiB. So the table's memory stays under ~50 MB
whatever the input's size: tens of millions of deals cost disk (~140 bytes a deal), not memory.

>>> table = FingerprintTable(memory_rows=2)
>>> table.add_many([("g", b"a" * 16, 0, 5), ("g", b"a" * 16, 3, 9), ("g", b"b" * 16, 1, 2)])
>>> table.on_disk, table.first("g", b"a" * 16), table.first("g", b"c" * 16)
(True, (0, 5), None)
>>> table.close()
"""

from __future__ import annotations

import errno
import os
import sqlite3
import tempfile
from collections.abc import Iterable

__all__ = ["CACHE_KIB", "MEMORY_ROWS", "FingerprintTable", "GameRow", "TableError"]

GameRow = tuple[int, int, int, bytes, str, bytes | None, int, bytes, bytes]
"""A row of the ``games`` table (see :meth:`FingerprintTable.add_games`)."""

MEMORY_ROWS = 500_000
"""Rows kept in memory before the table moves to a file."""
CACHE_KIB = 16_384
"""The on-disk table's page cache, in KiB."""

class TableError(OSError):
    """The table could not be kept (its temporary file: a full disk, most often); the table is
    closed and its file removed when this is raised."""

    @classmethod
    def of(cls, exc: BaseException, folder: str | None) -> TableError:
        where = folder or tempfile.gettempdir()
        full = "full" in str(exc) or getattr(exc, "errno", None) == errno.ENOSPC
        reason = "no space left on device" if full else str(exc)
        return cls(errno.ENOSPC if full else errno.EIO,
                   f"cannot keep dedupe's fingerprint table in {where}: {reason} (TMPDIR chooses the folder)")


_SCHEMA = ("CREATE TABLE rows (kind TEXT NOT NULL, key BLOB NOT NULL, game INTEGER NOT NULL, "
           "value INTEGER NOT NULL); CREATE INDEX rows_key ON rows (kind, key, game); "
           "CREATE TABLE games (game INTEGER PRIMARY KEY, input INTEGER, number INTEGER, fingerprint BLOB, "
           "kind TEXT, key BLOB, length INTEGER, deals BLOB, played BLOB); "
           "CREATE TABLE decisions (game INTEGER NOT NULL, dropped INTEGER NOT NULL, reason TEXT NOT NULL, "
           "other INTEGER NOT NULL, deal INTEGER, other_deal INTEGER)")


class FingerprintTable:
    """The rows of one ``dedupe`` run (see the module's text)."""

    def __init__(self, memory_rows: int = MEMORY_ROWS, folder: str | None = None) -> None:
        self.memory_rows, self.folder = memory_rows, folder
        self.rows = 0
        self.path: str | None = None
        self.db = sqlite3.connect(":memory:")
        self.db.executescript(_SCHEMA)

    @property
    def on_disk(self) -> bool:
        return self.path is not None

    def add_many(self, rows: Iterable[tuple[str, bytes, int, int]]) -> None:
        batch = list(rows)
        self.db.executemany("INSERT INTO rows VALUES (?, ?, ?, ?)", batch)
        self.rows += len(batch)
        if self.path is None and self.rows > self.memory_rows:
            self._to_disk()

    def add_games(self, games: Iterable[GameRow]) -> None:
        """Rows of the ``games`` table: game, input, number, fingerprint, kind and key of the
        game's whole play, its length, its deals' fingerprints end to end, and its deals'
        tricks end to end (``dedupe``'s ``GameEntry.played``)."""
        batch = list(games)
        self.db.executemany("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", batch)
        self.rows += len(batch)
        if self.path is None and self.rows > self.memory_rows:
            self._to_disk()

    def games(self, start: int, count: int) -> list[GameRow]:
        """``count`` rows of ``games`` from game ``start`` on, in order."""
        return self.db.execute("SELECT * FROM games WHERE game >= ? ORDER BY game LIMIT ?",
                               (start, count)).fetchall()

    def _to_disk(self) -> None:
        fd, path = tempfile.mkstemp(prefix="belote-dedupe-", suffix=".sqlite3", dir=self.folder)
        os.close(fd)
        disk = sqlite3.connect(path)
        try:
            self.db.commit()
            self.db.backup(disk)
        except BaseException:  # a full disk: no half-copied file left behind
            disk.close()
            os.unlink(path)
            raise
        self.db.close()
        disk.execute(f"PRAGMA cache_size = -{CACHE_KIB}")
        disk.execute("PRAGMA journal_mode = OFF")
        disk.execute("PRAGMA synchronous = OFF")
        self.db, self.path = disk, path

    def first(self, kind: str, key: bytes, *, other_than: int = -1, value_above: int | None = None
              ) -> tuple[int, int] | None:
        """The row of ``kind`` and ``key`` with the smallest game (not ``other_than``; with a
        value above ``value_above`` when given), as ``(game, value)``."""
        query = "SELECT game, value FROM rows WHERE kind = ? AND key = ? AND game != ?"
        args: list[object] = [kind, key, other_than]
        if value_above is not None:
            query += " AND value > ?"
            args.append(value_above)
        row = self.db.execute(query + " ORDER BY game LIMIT 1", args).fetchone()
        return (int(row[0]), int(row[1])) if row is not None else None

    def matching(self, kind: str, key: bytes, *, other_than: int,
                 value_above: int) -> list[tuple[int, bytes]]:
        """Every game with a row of ``kind`` and ``key`` and a value above ``value_above`` (not
        ``other_than``), smallest first, with its ``played`` blob."""
        query = ("SELECT r.game, g.played FROM rows r JOIN games g ON g.game = r.game WHERE r.kind = ? "
                 "AND r.key = ? AND r.game != ? AND r.value > ? ORDER BY r.game")
        return [(int(game), bytes(played)) for game, played in
                self.db.execute(query, (kind, key, other_than, value_above))]

    def close(self) -> None:
        self.db.close()
        if self.path is not None:
            try:
                os.unlink(self.path)
            except OSError:
                pass
            self.path = None
