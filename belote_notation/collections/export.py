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
order and written by :class:`ParquetWriter`.
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

__all__ = ["BATCH_GAMES", "PARTITION_COLUMNS", "TABLES", "ExportWork", "ParquetWriter", "Rows",
           "game_rows", "schemas"]

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
        """A hive folder is ``column=value`` with the value percent-encoded: one longer than a
        folder name may be (255 bytes on most disks) is refused, naming the game (issue 38: a
        ``Source`` of 249+ encoded bytes ended in a traceback)."""
        from urllib.parse import quote

        for column in self.partition_by:
            value = game.get(column)
            if value is None:
                continue
            size = len(column) + 1 + len(quote(str(value), safe=""))
            if size > self.name_max:
                raise ValueError(f"{game['file']}: game {game['game']}: its {column} ({len(str(value))} "
                                 f"characters, {size} bytes as a folder name) cannot name a partition: a "
                                 f"folder name holds at most {self.name_max} bytes; partition by another "
                                 f"column, or shorten the tag")

    def flush(self) -> None:
        import pyarrow as pa
        import pyarrow.dataset as ds

        games = len(self.pending["games"])
        for table in TABLES:
            data = pa.Table.from_pylist(self.pending[table], schema=self.schemas[table])
            if self.batch and not data.num_rows:
                continue
            target = os.path.join(self.tmp, table)
            keys = pa.schema([self.schemas[table].field(c) for c in self.partition_by])
            partitioning = ds.partitioning(keys, flavor="hive") if self.partition_by else None
            ds.write_dataset(data, target, format="parquet", partitioning=partitioning,
                             basename_template=f"part-{self.batch:05d}-{{i}}.parquet",
                             existing_data_behavior="overwrite_or_ignore",
                             max_partitions=games + 1)  # at most one a game: any number of sources
        self.batch += 1
        self.pending = {t: [] for t in TABLES}

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
    """The rows of a collection's tables."""

    config: ValidationConfig = DEFAULT_CONFIG
    reads_tricks: ClassVar[bool] = True
    """Its games are read with their tricks (:mod:`.reading`): the ``tricks`` table."""

    def rows(self, games: Iterable[InputGame]) -> Iterable[Rows]:
        file = input_name(games)
        for read in games:
            if read.has_game:
                yield game_rows(game_facts(read, file, self.config, tricks=True))

    def map(self, games: Iterable[InputGame]) -> Rows:
        out: Rows = {t: [] for t in TABLES}
        for rows in self.rows(games):
            _extend(out, rows)
        return out

    def merge(self, parts: Iterable[Rows]) -> Rows:
        out: Rows = {t: [] for t in TABLES}
        for part in parts:
            _extend(out, part)
        return out
