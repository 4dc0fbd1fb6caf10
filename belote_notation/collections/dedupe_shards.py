"""``dedupe`` on a cluster's workers: the fingerprints partitioned by a hash prefix there, this
process given only the verdicts (issue 34).

Two stages of tasks (:func:`~.spread.run_shuffled`):

1. each byte range's games are read on a worker into their entries (:mod:`.dedupe_entry`) and,
   for a ``.bel`` output, their texts (:class:`~.dedupe_texts.TextBlock`); the entries are
   packed, each key into the partition its first byte names (:func:`pieces_of`): the games'
   fingerprints, their whole plays and every shorter game each continues (a ``cut`` key with
   the tricks of its deal), and the deals' fingerprints;
2. each partition's pieces, every range's in input order, are decided on a worker
   (:func:`decide`): the exact copies and the prefixes there (each is decided by one key, so
   by one partition), and the deals found more than once (:class:`Verdicts`).

This process puts the texts in their file and hands the pieces on (bytes: no deal is looked
at here), then orders the verdicts (:func:`decisions`): a game found exact or a prefix is
dropped, and the repeated deals are walked in input order, which only the deals seen twice or
more take part in. The result is a :class:`~.dedupe.DedupeResult` like the serial run's, so
the outputs are the same bytes.

>>> from belote_notation.collections.spread import run_shuffled
>>> from belote_notation.pipeline.executor import Backend
>>> from belote_notation.pipeline.inputs import Source
>>> game = "[North \\"A\\"]\\ndeal 1 dealer N\\ntrick 1 N:AS E:KS S:QS W:JS\\nend\\n"
>>> longer = game.replace("end", "deal 2 dealer E\\ntrick 1 E:AH S:KH W:QH N:JH\\nend")
>>> source = Source("a.bel", data=(game + game + longer).encode())
>>> done = run_shuffled(DedupeShardWork(), [source], Backend.serial(), target=1)
>>> [(d.number, d.reason, d.other_number) for d in done.result.dropped()]
[(1, 'prefix', 3), (2, 'exact', 1)]
>>> done.result.close()
"""

from __future__ import annotations

import sqlite3
from array import array
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from struct import Struct
from typing import Any, NamedTuple

from belote_notation.collections.dedupe import DedupeResult, DedupeWork, GameEntry
from belote_notation.collections.dedupe_entry import CUT, PLAYED
from belote_notation.collections.dedupe_texts import GameTexts, TextBlock
from belote_notation.collections.reading import InputGame
from belote_notation.collections.table import MEMORY_ROWS, FingerprintTable, TableError
from belote_notation.collections.work import InputGames, input_name, whole_games
from belote_notation.pipeline.unread import Unread

__all__ = ["DedupeShardWork", "Shuffled", "Verdicts", "decide", "decisions", "pieces_of"]

_EXACT = Struct("<16sI")
"""A game's fingerprint and its index in its range."""
_QUERY = Struct("<B16sII64s")
"""A game's whole play: cut (1) or not, its key, its index, its length, its last deal's tricks."""
_WHOLE_ROW = Struct("<16sII")
"""A shorter game's whole play this game continues: the key, the game's index and length."""
_CUT_ROW = Struct("<16sII64s")
"""The same for a shorter game cut in one of this game's deals: with that deal's tricks."""
_DEAL = Struct("<16sII")
"""A deal's fingerprint, its game's index and its place in the game (1-based)."""
_SECTIONS = (_EXACT, _QUERY, _WHOLE_ROW, _CUT_ROW, _DEAL)

Piece = tuple[bytes, bytes, bytes, bytes, bytes]
"""One range's records of one partition, a block of each kind of :data:`_SECTIONS`."""
Decision = tuple[int, int, str, int, int | None, int | None]
"""A row of the table's ``decisions``: game, dropped, reason, other game, deal, other deal."""


def pieces_of(entries: Sequence[GameEntry], partitions: int) -> list[Piece]:
    """The records of ``entries`` (one range's games, in order) packed by partition: each key
    goes where its first byte (a digest's) names."""
    out = [[bytearray() for _ in _SECTIONS] for _ in range(partitions)]
    for game, entry in enumerate(entries):
        out[entry.fingerprint[0] % partitions][0] += _EXACT.pack(entry.fingerprint, game)
        if entry.whole is not None:
            kind, key = entry.whole
            last = (entry.length // 64 - 1) * PLAYED
            tricks = entry.played[last:last + PLAYED] if kind == CUT else b""
            out[key[0] % partitions][1] += _QUERY.pack(kind == CUT, key, game, entry.length, tricks)
        cuts = iter(entry.cuts)
        for kind, key in entry.prefixes:
            if kind == CUT:
                at = next(cuts) * PLAYED
                out[key[0] % partitions][3] += _CUT_ROW.pack(key, game, entry.length,
                                                             entry.played[at:at + PLAYED])
            else:
                out[key[0] % partitions][2] += _WHOLE_ROW.pack(key, game, entry.length)
        for position, deal in enumerate(entry.deals, start=1):
            if deal:
                out[deal[0] % partitions][4] += _DEAL.pack(deal, game, position)
    return [(bytes(a), bytes(b), bytes(c), bytes(d), bytes(e)) for a, b, c, d, e in out]


@dataclass(frozen=True, slots=True)
class Verdicts:
    """What one partition decided: ``exact`` and ``prefix`` (game, the other game), and every
    deal played more than once (its places, ``(game, deal)``, in input order)."""

    exact: list[tuple[int, int]] = field(default_factory=list)
    prefix: list[tuple[int, int]] = field(default_factory=list)
    repeated: list[list[tuple[int, int]]] = field(default_factory=list)


def _records(pieces: Sequence[tuple[int, Piece]], section: int) -> Iterable[tuple[Any, ...]]:
    for offset, piece in pieces:
        for record in _SECTIONS[section].iter_unpack(piece[section]):
            yield (offset + record[1] if section != 1 else offset + record[2], *record)


def _prefixes(pieces: Sequence[tuple[int, Piece]]) -> list[tuple[int, int]]:
    """For each game whose whole play lies here: the first other, longer game that starts the
    same (a game cut in a deal: whose same deal was also played the same so far)."""
    queries = [(game, kind, key, length, tricks)
               for game, kind, key, _, length, tricks in _records(pieces, 1)]
    wanted = {(kind, key) for _, kind, key, _, _ in queries}
    rows: dict[tuple[int, bytes], list[tuple[int, int, bytes]]] = {}
    for game, key, _, length in _records(pieces, 2):
        if (0, key) in wanted:
            rows.setdefault((0, key), []).append((game, length, b""))
    for game, key, _, length, played in _records(pieces, 3):
        if (1, key) in wanted:
            rows.setdefault((1, key), []).append((game, length, played))
    found = []
    for game, kind, key, length, tricks in queries:
        size = (length % 64) // 4 * 8 if kind else 0
        mine = tricks[:size]
        other = next((o for o, their_length, played in rows.get((kind, key), ())
                      if o != game and their_length > length and played[:size] == mine), None)
        if other is not None:
            found.append((game, other))
    return found


def decide(pieces: Sequence[tuple[int, Piece]]) -> Verdicts:
    """The verdicts of one partition (a task, on a worker): ``pieces`` are every range's, in
    input order, each with the index of its range's first game in the whole run."""
    verdicts = Verdicts(prefix=_prefixes(pieces))
    first_game: dict[bytes, int] = {}
    for game, fingerprint, _ in _records(pieces, 0):
        first = first_game.setdefault(fingerprint, game)
        if first != game:
            verdicts.exact.append((game, first))
    first_deal: dict[bytes, tuple[int, int]] = {}
    repeated: dict[bytes, list[tuple[int, int]]] = {}
    for game, deal, _, position in _records(pieces, 4):
        place = (game, position)
        first_place = first_deal.setdefault(deal, place)
        if first_place is not place:
            repeated.setdefault(deal, [first_place]).append(place)
    verdicts.repeated.extend(repeated.values())
    return verdicts


def decisions(verdicts: Iterable[Verdicts], drop_deals: bool) -> list[Decision]:
    """The rows of the decisions table, in input order, from every partition's verdicts: what
    the serial :class:`~.dedupe.Deduper` decides (an exact copy, then a prefix, then the deals
    already played in an earlier kept game), walking only the games these name."""
    exact: dict[int, int] = {}
    prefix: dict[int, int] = {}
    places: dict[int, list[tuple[int, int]]] = {}  # game: (its deal, the deal's group)
    groups = 0
    for verdict in verdicts:
        exact.update(verdict.exact)
        prefix.update(verdict.prefix)
        for repeated_deal in verdict.repeated:
            for game, position in repeated_deal:
                places.setdefault(game, []).append((position, groups))
            groups += 1
    seen: dict[int, tuple[int, int]] = {}  # a group: its first place in a game kept
    out: list[Decision] = []
    for game in sorted(exact.keys() | prefix.keys() | places.keys()):
        if game in exact:
            out.append((game, 1, "exact", exact[game], None, None))
            continue
        if game in prefix:
            out.append((game, 1, "prefix", prefix[game], None, None))
            continue
        mine = sorted(places[game])
        repeated: list[Decision] = [(game, 0, "deal", seen[group][0], position, seen[group][1])
                                    for position, group in mine if group in seen]
        if repeated and drop_deals:
            out.append((game, 1, "deal", *repeated[0][3:]))
            continue
        for position, group in mine:
            seen.setdefault(group, (game, position))
        out += repeated
    return out


class Shuffled(NamedTuple):
    """What :class:`DedupeShardWork` gives: the decisions, the texts of every game (for a
    ``.bel`` output) and the games that were not read whole."""

    result: DedupeResult
    texts: GameTexts | None
    unread: Unread


RangePart = tuple[tuple[str, "array[int]", int, TextBlock | None, Unread], list[Piece]]
"""One range's part: its input's name, its games' numbers, its deals, its texts, what was not
read whole; and its pieces of every partition."""


class _Merger:
    """The side of :class:`DedupeShardWork` in this process."""

    def __init__(self, work: DedupeShardWork) -> None:
        self.work = work
        self.files: list[str] = []
        self.inputs, self.numbers = array("l"), array("q")
        self.deals = 0
        assert work.folder is not None or not work.texts  # where the texts go: the command's folder
        self.texts = GameTexts(work.folder) if work.folder is not None and work.texts else None
        self.unread = Unread()

    def add(self, part: RangePart) -> list[tuple[int, Piece]]:
        (name, numbers, deals, block, unread), pieces = part
        self.unread.join(unread)
        if numbers and (not self.files or self.files[-1] != name):
            self.files.append(name)
        offset = len(self.numbers)
        self.inputs.extend([len(self.files) - 1] * len(numbers))
        self.numbers.extend(numbers)
        self.deals += deals
        if self.texts is not None and block is not None:
            self.texts.add_block(block)
        return [(offset, piece) for piece in pieces]

    def finish(self, verdicts: Sequence[Verdicts]) -> Shuffled:
        rows = decisions(verdicts, self.work.drop_deals)
        table = FingerprintTable(self.work.memory_rows)
        try:
            table.add_games((game, self.inputs[game], self.numbers[game], b"", "", None, 0, b"", b"")
                            for game in range(len(self.numbers)))
            table.db.executemany("INSERT INTO decisions VALUES (?, ?, ?, ?, ?, ?)", rows)
            result = DedupeResult(table, self.files, len(self.numbers), self.deals)
        except (sqlite3.Error, OSError) as exc:  # its temporary file on a full disk: removed, said
            table.close()
            raise TableError.of(exc, table.folder) from None
        return Shuffled(result, self.texts, self.unread)

    def close(self) -> None:
        if self.texts is not None:
            self.texts.close()


@dataclass(frozen=True, slots=True)
class DedupeShardWork:
    """``dedupe`` in two stages on the workers (see the module's text): ``texts`` for a
    ``.bel`` output (each game's text sent back with its range, put in a
    :class:`~.dedupe_texts.GameTexts` of ``folder``), ``partitions`` set for the workers
    (:meth:`sized`)."""

    drop_deals: bool = False
    memory_rows: int = MEMORY_ROWS
    texts: bool = False
    folder: str | None = None
    partitions: int = 1

    def sized(self, workers: int) -> DedupeShardWork:
        """Two partitions a worker (at most 256: a partition is named by a key's first byte)."""
        return replace(self, partitions=min(256, 2 * workers))

    def map(self, games: Iterable[InputGame]) -> RangePart:
        unread = Unread()
        name = input_name(games)
        block = TextBlock() if self.texts else None
        whole = InputGames(name, whole_games(games, unread))
        entries = list(DedupeWork(self.drop_deals).entries(whole, block, records_text=True))
        numbers = array("q", (entry.number for entry in entries))
        deals = sum(len(entry.deals) for entry in entries)
        return ((name, numbers, deals, block.done() if block is not None else None, unread),
                pieces_of(entries, self.partitions))

    def reduce(self, pieces: Sequence[tuple[int, Piece]]) -> Verdicts:
        return decide(pieces)

    def merger(self) -> _Merger:
        return _Merger(self)
