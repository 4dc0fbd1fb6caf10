"""``export --to parquet``: a collection as four tables for DuckDB, pandas or Spark.

The tables (their schema is :data:`SCHEMAS`; docs/collections.md shows queries):

* ``games``: one row per game (its input, number, fingerprint, rule system, tags, players,
  result, winner, deals, findings);
* ``deals``: one row per deal (dealer, taker, trump, contract, outcome, points per team);
* ``tricks``: one row per trick played (leader, winner, the cards in play order, points);
* ``findings``: one row per finding (code, severity, place, message).

Every table also carries the game's ``file``, ``game``, ``rules`` and ``source`` (the
``Source`` tag: which app or person wrote the record) and ``year`` (of the ``Date`` tag), so
that any of them may partition every table (``partition_by``: hive folders such as
``deals/rules=classic/``). Cards are written in French letters (``AS``, ``10H``), seats as
``N E S W``, teams as ``NS``/``EW``; every fact about play comes from the checks (:mod:`.facts`).

Rows are written in batches of :data:`BATCH_GAMES` games (flat memory). As a
:class:`~.work.CollectionWork`, a part is the rows of one piece of the inputs, merged in
order; on a cluster (``ExportWork(into=...)``) a part is the Parquet files of its piece's
batches, made on the worker, and the process that merges only places them
(docs/collections.md: how such an export equals the serial one).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from belote_notation.check.checker import DEFAULT_CONFIG
from belote_notation.check.setup import ValidationConfig
from belote_notation.collections.facts import GameFacts, game_facts
from belote_notation.collections.reading import InputGame
from belote_notation.collections.work import input_name
from belote_notation.game.cards import SEAT_NAMES, Deck, card_name

__all__ = ["BATCH_GAMES", "PARTITION_COLUMNS", "TABLES", "BatchFiles", "ExportPart", "ExportWork", "Exported",
           "ParquetWriter", "Rows", "batch_files", "game_rows", "partition_refusal", "place_batch", "schemas",
           "write_batch", "write_table"]

BATCH_GAMES = 2_000
TABLES = ("games", "deals", "tricks", "findings")
PARTITION_COLUMNS = ("rules", "source", "year")
TRUMPS = ("S", "H", "D", "C", "SA", "TA")

Rows = dict[str, list[dict[str, Any]]]


def schemas() -> dict[str, Any]:
    """The pyarrow schema of each table (pyarrow is imported here: the ``collections`` extra)."""
    import pyarrow as pa

    common = [("file", pa.string()), ("game", pa.int32()), ("rules", pa.string()), ("source", pa.string()),
              ("year", pa.string())]
    pair = [("ns", pa.int32()), ("ew", pa.int32())]
    return {
        "games": pa.schema(common + [
            ("fingerprint", pa.string()), ("deck", pa.string()), ("event", pa.string()),
            ("site", pa.string()),
            ("date", pa.string()), ("north", pa.string()), ("east", pa.string()), ("south", pa.string()),
            ("west", pa.string()), ("team_ns", pa.string()), ("team_ew", pa.string()),
            ("result", pa.string()),
            ("winner", pa.string()), ("deals", pa.int32()), ("findings", pa.int32()), ("errors", pa.int32()),
            ("annotated", pa.bool_()), ("tags", pa.map_(pa.string(), pa.string()))]),
        "deals": pa.schema(common + [
            ("deal", pa.int32()), ("number", pa.int32()), ("fingerprint", pa.string()),
            ("dealer", pa.string()),
            ("taker", pa.string()), ("taker_team", pa.string()), ("trump", pa.string()),
            ("contract", pa.string()), ("contract_value", pa.int32()), ("outcome", pa.string()),
            ("made", pa.bool_()), *[(f"credited_{k}", t) for k, t in pair],
            *[(f"belote_{k}", t) for k, t in pair], *[(f"announcements_{k}", t) for k, t in pair],
            ("findings", pa.int32()), ("glyphs", pa.list_(pa.string()))]),
        "tricks": pa.schema(common + [
            ("deal", pa.int32()), ("trick", pa.int32()), ("leader", pa.string()), ("winner", pa.string()),
            ("cards", pa.list_(pa.string())), ("seats", pa.list_(pa.string())), ("points", pa.int32())]),
        "findings": pa.schema(common + [
            ("deal", pa.int32()), ("trick", pa.int32()), ("seat", pa.string()), ("code", pa.string()),
            ("severity", pa.string()), ("line", pa.int32()), ("col", pa.int32()), ("message", pa.string())]),
    }


def _seat(seat: int | None) -> str | None:
    return SEAT_NAMES[seat] if seat is not None and 0 <= seat < 4 else None


def _pair(values: Sequence[int] | None, name: str) -> dict[str, int | None]:
    return {f"{name}_ns": values[0] if values else None, f"{name}_ew": values[1] if values else None}


def game_rows(facts: GameFacts) -> Rows:
    """The rows of one game in every table."""
    date = facts.tag("Date")
    common = {"file": facts.file, "game": facts.number, "rules": facts.rules, "source": facts.tag("Source"),
              "year": date[:4] if date and date[:4].isdigit() else None}
    report = facts.report
    game = {**common, "fingerprint": facts.fingerprint, "deck": report.deck, "event": facts.tag("Event"),
            "site": facts.tag("Site"), "date": date, "north": facts.players[0], "east": facts.players[1],
            "south": facts.players[2], "west": facts.players[3], "team_ns": facts.teams[0],
            "team_ew": facts.teams[1], "result": facts.result,
            "winner": ("NS", "EW")[report.winner] if report.winner is not None else None,
            "deals": len(facts.deals), "findings": len(report.findings),
            "errors": sum(f.severity == "error" for f in report.findings), "annotated": facts.annotated,
            "tags": list(facts.tags)}
    rows: Rows = {"games": [game], "deals": [], "tricks": [], "findings": []}
    for deal in facts.deals:
        rows["deals"].append({
            **common, "deal": deal.position, "number": deal.number, "fingerprint": deal.fingerprint,
            "dealer": _seat(deal.dealer), "taker": _seat(deal.taker),
            "taker_team": ("NS", "EW")[deal.taker & 1] if deal.taker is not None else None,
            "trump": TRUMPS[deal.trump] if deal.trump is not None else None, "contract": deal.contract_kind,
            "contract_value": deal.contract_value, "outcome": deal.outcome,
            "made": deal.made if deal.taker is not None else None, **_pair(deal.credited, "credited"),
            **_pair(deal.belote, "belote"), **_pair(deal.announcements, "announcements"),
            "findings": len(deal.findings), "glyphs": sorted(deal.glyphs)})
        for trace in deal.tricks:
            rows["tricks"].append({
                **common, "deal": deal.position, "trick": trace.number, "leader": _seat(trace.seats[0]),
                "winner": _seat(trace.winner), "cards": [card_name(c, Deck.FRENCH) for c in trace.cards],
                "seats": [_seat(s) for s in trace.seats], "points": trace.points})
    placed: dict[int, int] = {}  # a finding (the replay's own object) -> its deal, in one pass
    for deal in facts.deals:
        for finding in deal.findings:
            placed.setdefault(id(finding), deal.position)
    for f in report.findings:
        rows["findings"].append({**common, "deal": placed.get(id(f)), "trick": f.trick, "seat": _seat(f.seat),
                                 "code": f.code, "severity": f.severity, "line": f.line, "col": f.col,
                                 "message": f.message})
    return rows


def _extend(into: Rows, rows: Rows) -> None:
    for table in TABLES:
        into[table].extend(rows[table])


def partition_refusal(game: dict[str, Any], partition_by: Sequence[str], name_max: int) -> str | None:
    """Why ``game`` (its row in ``games``) cannot be partitioned by ``partition_by``, or ``None``.

    A hive folder is ``column=value`` with the value percent-encoded: one longer than a folder
    name may be (``name_max``: 255 bytes on most disks) is refused, naming the game (issue 38: a
    ``Source`` of 249+ encoded bytes ended in a traceback)."""
    from urllib.parse import quote

    for column in partition_by:
        value = game.get(column)
        if value is None:
            continue
        size = len(column) + 1 + len(quote(str(value), safe=""))
        if size > name_max:
            return (f"{game['file']}: game {game['game']}: its {column} ({len(str(value))} "
                    f"characters, {size} bytes as a folder name) cannot name a partition: a "
                    f"folder name holds at most {name_max} bytes; partition by another "
                    f"column, or shorten the tag")
    return None


def write_table(data: Any, folder: str, basename: str, partition_by: Sequence[str],
                max_partitions: int) -> None:
    """A pyarrow table into ``folder`` (``basename``: pyarrow's template of the files' names; hive
    folders under it when partitioned), its rows in their order."""
    import pyarrow as pa
    import pyarrow.dataset as ds

    keys = pa.schema([data.schema.field(c) for c in partition_by])
    # preserve_order: else pyarrow's threads write a table's slices (131,072 rows each) in the
    # order they finish (issue 34: export's rows out of order past about 16,000 deals a batch)
    ds.write_dataset(data, folder, format="parquet",
                     partitioning=ds.partitioning(keys, flavor="hive") if partition_by else None,
                     basename_template=basename, existing_data_behavior="overwrite_or_ignore",
                     max_partitions=max_partitions, preserve_order=True)


def write_batch(rows: Rows, root: str, basename: str, partition_by: Sequence[str], tables: dict[str, Any],
                first: bool = False) -> None:
    """One batch of rows into ``root/<table>/`` (:func:`write_table`); a table without a row is
    left out, but in the ``first`` batch. ``tables``: :func:`schemas`."""
    import pyarrow as pa

    games = len(rows["games"])
    for table in TABLES:
        data = pa.Table.from_pylist(rows[table], schema=tables[table])
        if first or data.num_rows:
            write_table(data, os.path.join(root, table), basename, partition_by,
                        games + 1)  # at most one partition a game: any number of sources


@dataclass(frozen=True, slots=True)
class BatchFiles:
    """A batch's Parquet files made where the rows were (a cluster's worker), to be placed by
    :meth:`ParquetWriter.add_batch`: each file's folder in the export (``deals``,
    ``deals/rules=classic``), its number in the batch (pyarrow's ``{i}``) and its bytes."""

    files: tuple[tuple[str, str, bytes], ...]
    games: int


def batch_files(rows: Rows, partition_by: Sequence[str], tables: dict[str, Any]) -> BatchFiles:
    """The files :func:`write_batch` makes of ``rows``, made in a temporary folder and read back:
    the same files, in the same folders, as the writer makes of the same batch."""
    tmp = tempfile.mkdtemp(prefix=".belote-export-")
    try:
        write_batch(rows, tmp, "part-{i}.parquet", partition_by, tables)
        files = []
        for folder, _, names in sorted(os.walk(tmp)):
            for name in sorted(names):
                with open(os.path.join(folder, name), "rb") as data:
                    files.append((os.path.relpath(folder, tmp), name[len("part-"):-len(".parquet")],
                                  data.read()))
        return BatchFiles(tuple(files), len(rows["games"]))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def place_batch(root: str, number: int, batch: BatchFiles) -> None:
    """``batch``'s files written into the export being made at ``root`` as its batch ``number``,
    named as :class:`ParquetWriter` names its own (``part-00003-0.parquet``)."""
    for folder, index, data in batch.files:
        target = os.path.join(root, folder)
        os.makedirs(target, exist_ok=True)
        with open(os.path.join(target, f"part-{number:05d}-{index}.parquet"), "wb") as out:
            out.write(data)


@dataclass(frozen=True, slots=True)
class ExportPart:
    """A piece of the inputs exported on a worker: its batches' files, or why one of its games
    cannot be partitioned (then no file: the export stops there, as a serial run does)."""

    batches: tuple[BatchFiles, ...]
    refused: str | None = None


@dataclass(frozen=True, slots=True)
class Exported:
    """What :meth:`ExportWork.merge` placed in the export being made: games and batches."""

    games: int
    batches: int


class ParquetWriter:
    """Writes rows into ``folder/<table>/`` (one Parquet file per batch, or hive partitions),
    into a temporary folder beside ``folder`` renamed into place by :meth:`close` (the export
    appears whole, or not at all). ``folder`` must not exist yet, or be empty."""

    def __init__(self, folder: str, partition_by: Sequence[str] = ()) -> None:
        wrong = [c for c in partition_by if c not in PARTITION_COLUMNS]
        if wrong:
            raise ValueError(f"cannot partition by {wrong[0]!r}: one of {', '.join(PARTITION_COLUMNS)}")
        if os.path.exists(folder) and (not os.path.isdir(folder) or os.listdir(folder)):
            raise FileExistsError(f"{folder} exists and is not an empty folder")
        if os.path.islink(folder):  # a link to an empty folder: that folder is written, the link kept
            folder = os.path.realpath(folder)
        self.folder, self.partition_by = folder, tuple(partition_by)
        parent = os.path.dirname(os.path.abspath(folder))
        self.tmp = tempfile.mkdtemp(prefix=f".{os.path.basename(folder)}.", dir=parent)
        try:
            self.name_max = os.pathconf(self.tmp, "PC_NAME_MAX")
        except (OSError, ValueError, AttributeError):  # no pathconf (Windows): the common limit
            self.name_max = 255
        self.schemas = schemas()
        self.batch = 0
        self.pending: Rows = {t: [] for t in TABLES}
        self.games = 0

    def add(self, rows: Rows) -> None:
        """Rows of games to write; ``ValueError`` (naming the game) for a game whose partition
        value cannot be a folder name."""
        for game in rows["games"]:
            self._check_partition(game)
        _extend(self.pending, rows)
        self.games += len(rows["games"])
        if len(self.pending["games"]) >= BATCH_GAMES:
            self.flush()

    def _check_partition(self, game: dict[str, Any]) -> None:
        refused = partition_refusal(game, self.partition_by, self.name_max)
        if refused is not None:
            raise ValueError(refused)

    def flush(self) -> None:
        """The rows pending written as the next batch (one file per table, or per partition)."""
        write_batch(self.pending, self.tmp, f"part-{self.batch:05d}-{{i}}.parquet", self.partition_by,
                    self.schemas, first=not self.batch)
        self.batch += 1
        self.pending = {t: [] for t in TABLES}

    def placed(self, done: Exported) -> None:
        """Batches placed in :attr:`tmp` by :meth:`ExportWork.merge` (a cluster's run) counted,
        as if written here: the next batch is named after them."""
        self.batch += done.batches
        self.games += done.games

    def close(self) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        if any(self.pending.values()) or self.batch == 0:
            self.flush()
        for table in TABLES:  # a table without any row is one empty file: every query still runs
            target = os.path.join(self.tmp, table)
            if not os.path.isdir(target):
                os.makedirs(target)
                pq.write_table(pa.Table.from_pylist([], schema=self.schemas[table]),
                               os.path.join(target, "part-empty.parquet"))
        if os.path.isdir(self.folder):
            os.rmdir(self.folder)  # empty: checked when the export started
        os.replace(self.tmp, self.folder)

    def abort(self) -> None:
        shutil.rmtree(self.tmp, ignore_errors=True)


@dataclass(frozen=True, slots=True)
class ExportWork:
    """The rows of a collection's tables; with ``into`` (the temporary folder of the
    :class:`ParquetWriter` of the process that merges), each part is its piece's Parquet files,
    made where it was mapped (a cluster's worker) in batches of :data:`BATCH_GAMES` games, and
    ``merge`` only places them, in input order."""

    config: ValidationConfig = DEFAULT_CONFIG
    reads_tricks: ClassVar[bool] = True
    """Its games are read with their tricks (:mod:`.reading`): the ``tricks`` table."""
    partition_by: tuple[str, ...] = ()
    name_max: int = 255
    """The longest folder name where the export is written (:func:`partition_refusal`)."""
    into: str | None = None

    def rows(self, games: Iterable[InputGame]) -> Iterable[Rows]:
        file = input_name(games)
        for read in games:
            if read.has_game:
                yield game_rows(game_facts(read, file, self.config, tricks=True))

    def map(self, games: Iterable[InputGame]) -> Rows | ExportPart:
        if self.into is not None:
            return self._files(games)
        out: Rows = {t: [] for t in TABLES}
        for rows in self.rows(games):
            _extend(out, rows)
        return out

    def _files(self, games: Iterable[InputGame]) -> ExportPart:
        tables = schemas()
        batches: list[BatchFiles] = []
        pending: Rows = {t: [] for t in TABLES}
        for rows in self.rows(games):
            refused = partition_refusal(rows["games"][0], self.partition_by, self.name_max)
            if refused is not None:
                return ExportPart((), refused)
            _extend(pending, rows)
            if len(pending["games"]) >= BATCH_GAMES:
                batches.append(batch_files(pending, self.partition_by, tables))
                pending = {t: [] for t in TABLES}
        if pending["games"]:
            batches.append(batch_files(pending, self.partition_by, tables))
        return ExportPart(tuple(batches))

    def merge(self, parts: Iterable[Rows | ExportPart]) -> Rows | Exported:
        """The rows in order; with ``into``, the parts' files placed there (``ValueError``: the
        first game, in input order, that cannot be partitioned)."""
        if self.into is None:
            out: Rows = {t: [] for t in TABLES}
            for part in parts:
                assert not isinstance(part, ExportPart)
                _extend(out, part)
            return out
        games = batches = 0
        for part in parts:
            assert isinstance(part, ExportPart)
            if part.refused is not None:
                raise ValueError(part.refused)
            for batch in part.batches:
                place_batch(self.into, batches, batch)
                batches += 1
                games += batch.games
        return Exported(games, batches)
