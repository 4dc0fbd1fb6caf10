"""``dedupe``: the games of a collection told apart by what was played (fingerprints).

A game is dropped when it is

* ``exact``: its game fingerprint is an earlier game's (the same players, rules and deals,
  however written: ``notation/fingerprint.py``); the first copy is kept;
* ``prefix``: its deals are the first deals of a longer game with the same rules and players
  (a live feed stopped early); its last deal may be cut short after a trick, and is then
  recognised by its dealt cards (dealer, first five cards and offer, else the 8-card hands; a
  record of the tricks only: its first trick, when complete) *and* the tricks played so far,
  which must be the first tricks of the longer game's deal (a deal cut in the middle of a
  trick is the start of nothing: its last cards cannot be compared);
* ``deal`` (only with ``drop_deals``): a deal of it was played in an earlier kept game (the
  same deal replayed in another match). Without ``drop_deals`` these are reported, not dropped.

Deals without any card recorded have no meaningful fingerprint and are never compared as
deals. A game with such deals (a score sheet) is told apart by what it records
(:func:`~belote_notation.notation.fingerprint.recorded_text`: its Event, Site, Date, Round,
Result and every deal's claimed scores, issue 38), and its deals count towards a prefix by
their claimed scores: two club nights of the same four players are two games.

Reading is the collections' (any readable format; a ``.bel`` game's text straight into the
checks, whose fingerprints are those of its records: :mod:`.dedupe_entry`). The fingerprints
go into a :class:`~.table.FingerprintTable` (memory, then disk), so memory stays bounded
whatever the number of deals. As a :class:`~.work.CollectionWork` a part is the list of one
piece's :class:`GameEntry` values (about 40 bytes a deal), merged into a
:class:`DedupeResult`, which keeps its decisions in the table too (merge runs in the process
that writes the output: the result holds the open table).

>>> from belote_notation.pipeline.inputs import Source
>>> from belote_notation.collections.work import run_serial
>>> game = "[North \\"A\\"]\\ndeal 1 dealer N\\ntrick 1 N:AS E:KS S:QS W:JS\\nend\\n"
>>> longer = game.replace("end", "deal 2 dealer E\\ntrick 1 E:AH S:KH W:QH N:JH\\nend")
>>> result = run_serial(DedupeWork(), [Source("a.bel", data=(game + game + longer).encode())])
>>> [(d.number, d.reason, d.other_number) for d in result.dropped()]
[(1, 'prefix', 3), (2, 'exact', 1)]
>>> result.kept_count, result.games, list(result.kept_flags())
(1, 3, [False, False, True])
>>> result.close()
"""

from __future__ import annotations

import io
import json
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TextIO

from belote_notation.collections.dedupe_entry import (
    CUT,
    PLAYED,
    TRICK_DIGEST,
    GameEntry,
    game_entry,
    read_entry,
)
from belote_notation.collections.reading import InputGame
from belote_notation.collections.table import MEMORY_ROWS, FingerprintTable, GameRow, TableError
from belote_notation.collections.work import input_name
from belote_notation.game.lang import Arg, Message, msg, msg_n
from belote_notation.game.lang.render import say
from belote_notation.notation.write.writer import NotationWriteError, write_game

__all__ = ["DedupeResult", "DedupeWork", "Dropped", "GameEntry", "Deduper", "game_entry"]

_BATCH = 2_000
EMPTY = b"\0" * 16
"""The place of a deal without any card among a game's deal fingerprints."""
REASONS = ("exact", "prefix", "deal")


@dataclass(frozen=True, slots=True)
class Dropped:
    """A game left out, and why: ``exact``, ``prefix`` or ``deal`` (its deal ``deal``,
    1-based, is deal ``other_deal`` of the other game)."""

    file: str
    number: int
    reason: str
    other_file: str
    other_number: int
    deal: int | None = None
    other_deal: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"file": self.file, "game": self.number, "reason": self.reason,
                "other": {"file": self.other_file, "game": self.other_number, "deal": self.other_deal},
                "deal": self.deal}

    def message(self) -> Message:
        """The decision in words (its text in the language asked: ``str``)."""
        where = msg("%(file)s game %(game)s", file=self.file, game=self.number)
        other = msg("%(file)s game %(game)s", file=self.other_file, game=self.other_number)
        if self.reason == "exact":
            return msg("%(where)s: the same game as %(other)s", where=where, other=other)
        if self.reason == "prefix":
            return msg("%(where)s: the start of %(other)s", where=where, other=other)
        deals: dict[str, Arg] = {"where": where, "deal": str(self.deal), "other_deal": str(self.other_deal),
                                 "other": other}
        if self.deal is not None and self.reason == "deal":
            return msg("%(where)s: deal %(deal)s is deal %(other_deal)s of %(other)s (dropped)", **deals)
        return msg("%(where)s: deal %(deal)s is deal %(other_deal)s of %(other)s (kept)", **deals)

    def __str__(self) -> str:
        return say(self.message())


class DedupeResult:
    """What ``dedupe`` decided, kept in its table (memory or disk) until :meth:`close`: the
    counts, what was dropped and why (:meth:`dropped`), the repeated deals of kept games
    (:meth:`repeated_deals`), and whether each game is kept, in input order
    (:meth:`kept_flags`)."""

    def __init__(self, table: FingerprintTable, files: Sequence[str], games: int, deals: int) -> None:
        self.table, self.files, self.games, self.deals = table, list(files), games, deals
        self.on_disk = table.on_disk
        counted = dict(table.db.execute(
            "SELECT reason || ':' || dropped, count(*) FROM decisions GROUP BY reason, dropped").fetchall())
        self.counts = {r: int(counted.get(f"{r}:1", 0)) for r in REASONS}
        self.repeated = int(counted.get("deal:0", 0))

    @property
    def kept_count(self) -> int:
        return self.games - sum(self.counts.values())

    def _decisions(self, dropped: int) -> Iterator[Dropped]:
        query = ("SELECT a.input, a.number, d.reason, b.input, b.number, d.deal, d.other_deal "
                 "FROM decisions d JOIN games a ON a.game = d.game JOIN games b ON b.game = d.other "
                 "WHERE d.dropped = ? ORDER BY d.rowid")
        for row in self.table.db.execute(query, (dropped,)):
            yield Dropped(self.files[row[0]], row[1], row[2], self.files[row[3]], row[4], row[5], row[6])

    def dropped(self) -> Iterator[Dropped]:
        """The games dropped, in input order."""
        return self._decisions(1)

    def repeated_deals(self) -> Iterator[Dropped]:
        """The deals of kept games already played in an earlier kept game."""
        return self._decisions(0)

    def kept_flags(self) -> Iterator[bool]:
        """For every game, in input order: kept."""
        query = ("SELECT NOT EXISTS (SELECT 1 FROM decisions d WHERE d.game = g.game AND d.dropped = 1) "
                 "FROM games g ORDER BY g.game")
        for (kept,) in self.table.db.execute(query):
            yield bool(kept)

    def kept_places(self) -> Iterator[tuple[str, int]]:
        """The input and number of every game kept, in input order (what to write: the other
        games need not be read again)."""
        for _, file, number in self.kept_games():
            yield file, number

    def kept_games(self) -> Iterator[tuple[int, str, int]]:
        """Every game kept, in input order: its index among the games decided (0-based), its
        input and its number there."""
        query = ("SELECT g.game, g.input, g.number FROM games g WHERE NOT EXISTS (SELECT 1 FROM decisions d "
                 "WHERE d.game = g.game AND d.dropped = 1) ORDER BY g.game")
        for game, file, number in self.table.db.execute(query):
            yield game, self.files[file], number

    def summary(self) -> str:
        """The counts in a line, in the language asked (the English words plural whatever the
        count, as the line has always said them)."""
        return say(msg("%(games)s, %(deals)s: %(kept)s kept, %(exact)s exact duplicates, %(prefix)s prefixes "
                       "of a longer game, %(deal)s dropped for a repeated deal; %(repeated)s repeated deals "
                       "in kept games", games=msg_n("%(n)s games", "%(n)s games", "n", n=self.games),
                       deals=msg_n("%(n)s deals", "%(n)s deals", "n", n=self.deals), kept=self.kept_count,
                       exact=self.counts["exact"], prefix=self.counts["prefix"], deal=self.counts["deal"],
                       repeated=self.repeated))

    def write_report(self, out: TextIO, fmt: str = "text") -> None:
        """The report, streamed: ``text`` (a line per decision, then the summary) or ``json``."""
        if fmt == "text":
            for item in self.dropped():
                out.write(f"{item}\n")
            for item in self.repeated_deals():
                out.write(f"{item}\n")
            out.write(self.summary() + "\n")
            return
        out.write(f'{{"games": {self.games}, "deals": {self.deals}, "kept": {self.kept_count}, '
                  f'"counts": {json.dumps(self.counts)}, "dropped": [')
        for key, items in (("dropped", self.dropped()), ("repeated_deals", self.repeated_deals())):
            if key == "repeated_deals":
                out.write('], "repeated_deals": [')
            for index, item in enumerate(items):
                out.write((",\n  " if index else "\n  ") + json.dumps(item.to_dict(), ensure_ascii=False))
        out.write("]}\n")

    def to_dict(self) -> dict[str, Any]:
        buffer = io.StringIO()
        self.write_report(buffer, "json")
        data: dict[str, Any] = json.loads(buffer.getvalue())
        return data

    def text(self) -> str:
        buffer = io.StringIO()
        self.write_report(buffer, "text")
        return buffer.getvalue()

    def close(self) -> None:
        self.table.close()

    def __enter__(self) -> DedupeResult:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class Deduper:
    """Entries in input order in (:meth:`add`), the decisions out (:meth:`result`)."""

    def __init__(self, drop_deals: bool = False, memory_rows: int = MEMORY_ROWS) -> None:
        self.drop_deals = drop_deals
        self.table = FingerprintTable(memory_rows)
        self.files: list[str] = []
        self.count = self.deals = 0
        self.seen = SeenFilter()

    def add(self, entries: Iterable[GameEntry]) -> None:
        rows: list[tuple[str, bytes, int, int]] = []
        games: list[GameRow] = []
        for entry in entries:
            if not self.files or self.files[-1] != entry.file:
                self.files.append(entry.file)
            game = self.count
            self.count += 1
            self.deals += len(entry.deals)
            rows.append(("game", entry.fingerprint, game, 0))
            rows.extend((kind, key, game, entry.length) for kind, key in entry.prefixes)
            kind, key = entry.whole if entry.whole is not None else ("", None)
            games.append((game, len(self.files) - 1, entry.number, entry.fingerprint, kind, key, entry.length,
                          b"".join(d or EMPTY for d in entry.deals), entry.played))
            if len(games) >= _BATCH:
                self.table.add_many(rows)
                self.table.add_games(games)
                rows, games = [], []
        self.table.add_many(rows)
        self.table.add_games(games)

    def result(self) -> DedupeResult:
        """Every game decided in input order; the result holds the table (close it)."""
        start = 0
        while batch := self.table.games(start, _BATCH):
            decisions: list[tuple[int, int, str, int, int | None, int | None]] = []
            for row in batch:
                decisions += self._decide(row)
            self.table.db.executemany("INSERT INTO decisions VALUES (?, ?, ?, ?, ?, ?)", decisions)
            start = batch[-1][0] + 1
        return DedupeResult(self.table, self.files, self.count, self.deals)

    def _longer(self, game: int, kind: str, key: bytes, length: int, played: bytes) -> int | None:
        """The first longer game this one is the start of: for a game whose last deal was cut
        after ``t`` tricks, one whose same deal was dealt the same *and* played the same ``t``
        tricks (issue 38: a feed whose first trick differed was taken as the start)."""
        tricks = (length % 64) // 4
        if kind != CUT or tricks == 0:
            found = self.table.first(kind, key, other_than=game, value_above=length)
            return found[0] if found is not None else None
        start = (length // 64 - 1) * PLAYED
        end = start + tricks * TRICK_DIGEST
        mine = played[start:end]  # the cut deal's tricks so far
        candidates = self.table.matching(kind, key, other_than=game, value_above=length)
        return next((other for other, theirs in candidates if theirs[start:end] == mine), None)

    def _decide(self, row: GameRow) -> list[tuple[int, int, str, int, int | None, int | None]]:
        game, _input, _number, fingerprint, kind, key, length, deals, played = row
        same = self.table.first("game", fingerprint, other_than=game)
        if same is not None and same[0] < game:
            return [(game, 1, "exact", same[0], None, None)]
        if key is not None:
            longer = self._longer(game, kind, key, length, played)
            if longer is not None:
                return [(game, 1, "prefix", longer, None, None)]
        fingerprints = [deals[i:i + 16] for i in range(0, len(deals), 16)]
        repeated: list[tuple[int, int, str, int, int | None, int | None]] = []
        for position, deal in enumerate(fingerprints, start=1):
            seen = self.table.first("seen", deal) if deal != EMPTY and deal in self.seen else None
            if seen is not None:
                repeated.append((game, 0, "deal", seen[0], position, seen[1]))
        if repeated and self.drop_deals:
            return [(game, 1, *repeated[0][2:])]
        kept = [("seen", deal, game, position) for position, deal in enumerate(fingerprints, start=1)
                if deal != EMPTY]
        self.table.add_many(kept)
        for _, deal, _, _ in kept:
            self.seen.add(deal)
        return repeated


class SeenFilter:
    """The deals kept so far, as a Bloom filter of fixed size (4 MiB, two bits a deal taken from
    its fingerprint, itself a digest): a deal it has not seen is surely new, and the table is
    asked only of the others (one query a deal before; a few in a million pass wrongly at
    2,000,000 deals, and the table then answers). Memory stays flat whatever the deals.

    >>> seen = SeenFilter()
    >>> seen.add(bytes(range(16))); bytes(range(16)) in seen, bytes(16) in seen
    (True, False)
    """

    BITS = 1 << 25

    def __init__(self) -> None:
        self.bits = bytearray(self.BITS // 8)

    def _places(self, key: bytes) -> tuple[int, int]:
        return (int.from_bytes(key[0:4], "little") % self.BITS,
                int.from_bytes(key[4:8], "little") % self.BITS)

    def add(self, key: bytes) -> None:
        for place in self._places(key):
            self.bits[place >> 3] |= 1 << (place & 7)

    def __contains__(self, key: bytes) -> bool:
        return all(self.bits[place >> 3] >> (place & 7) & 1 for place in self._places(key))


class TextSink(Protocol):
    """Where :meth:`DedupeWork.entries` puts each game's text (``None``: it has none)."""

    def add(self, text: str | None) -> None: ...


def _records_text(read: InputGame) -> str | None:
    """The ``.bel`` text of a game's records (``None``: the writer refuses them; the output says
    so where it writes that game)."""
    game = read.game
    assert game is not None  # an entry is made of a game that holds a record
    try:
        return write_game(game)
    except NotationWriteError:
        return None


@dataclass(frozen=True, slots=True)
class DedupeWork:
    """The entries of a collection's games, decided together (``drop_deals``: drop a game
    that repeats a deal of an earlier kept game)."""

    drop_deals: bool = False
    memory_rows: int = MEMORY_ROWS

    def entries(self, games: Iterable[InputGame], texts: TextSink | None = None,
                records_text: bool = False) -> Iterator[GameEntry]:
        """The entry of each game, a ``.bel`` game's from its reading into the checks; with
        ``texts``, each game's canonical text from the same reading there too (``None`` for a
        game only its records can say: :mod:`.dedupe_texts`; with ``records_text``, such a
        game's text written from its records, ``None`` only when the writer refuses them)."""
        file = input_name(games)
        for read in games:
            if not read.has_game:
                continue
            collected = read.collected()
            entry = read_entry(collected, file, read.number) if collected is not None else None
            if entry is None:  # another format, or the checks could not finish: its records
                game = read.game
                assert game is not None
                entry = game_entry(game, file, read.number)
            if texts is not None:
                text = collected.canonical_text() if collected is not None else None
                texts.add(_records_text(read) if text is None and records_text else text)
            yield entry

    def map(self, games: Iterable[InputGame]) -> list[GameEntry]:
        return list(self.entries(games))

    def merge(self, parts: Iterable[Sequence[GameEntry]]) -> DedupeResult:
        return self.streamed(parts)

    def streamed(self, inputs: Iterable[Iterable[GameEntry]]) -> DedupeResult:
        """The result of every entry, taken as they come (flat memory: what ``dedupe`` runs
        here, each input's :meth:`entries` read while the table fills)."""
        deduper = Deduper(self.drop_deals, self.memory_rows)
        try:
            for entries in inputs:
                deduper.add(entries)
            return deduper.result()
        except (sqlite3.Error, OSError) as exc:  # its temporary file on a full disk: removed, said
            deduper.table.close()
            raise TableError.of(exc, deduper.table.folder) from None
        except BaseException:
            deduper.table.close()
            raise
