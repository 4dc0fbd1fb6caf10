"""Checked games stored: their rows made as each game is read, inserted a table at a time.

A checked game becomes a :class:`PreparedGame` as soon as it is read (:func:`prepare`): the
rows of its game, tags, deals and findings, made from its report and its columns, so that an
upload keeps strings until its transaction, not every game's report (Python's collector
rescanned them again and again). :func:`store_checked` then finds the duplicates in one query
and inserts each table's rows in one statement (``executemany``).

A game is the same game as one stored when its fingerprint (what was played) and its
``recorded`` key (a score sheet's claimed scores and identifying tags; ``""`` when every deal
records cards: :func:`~belote_notation.service.columns.recorded_key`) are both the same.

>>> from belote_notation.service.db import make_engine, writing
>>> from belote_notation.service.ingest import read_upload
>>> from belote_notation.service.schema import METADATA
>>> engine = make_engine("sqlite://"); METADATA.create_all(engine)
>>> text = open("samples/classic/partie-1.bel", "rb").read()
>>> games = [prepare(g) for g in read_upload(text + b"\\n" + text, "twice.bel")]
>>> with writing(engine) as conn:
...     result = store_checked(conn, "club", games, private=False)
>>> first = result.imported[0]
>>> first.number, [(d.number, d.id == first.id) for d in result.duplicates]
(1, [(2, True)])
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, insert, select, update

from belote_notation.check.findings import Finding
from belote_notation.check.report import seat_name
from belote_notation.service.db import now
from belote_notation.service.schema import DEALS, FINDINGS, GAMES, TAGS
from belote_notation.service.tokens import new_id

if TYPE_CHECKING:
    from belote_notation.service.ingest import CheckedGame

__all__ = ["TAG_VALUE_MAX", "PreparedGame", "StoredRef", "UploadResult", "insert_game", "prepare",
           "store_checked"]

TAG_VALUE_MAX = 200
_REPORT_JSON = json.JSONEncoder(ensure_ascii=False, check_circular=False, separators=(",", ":"))
"""The stored report's JSON, compact (every reader parses it: ``GET /v1/games/{id}/report`` and
the pages answer the same bytes): a fifth less to write than ``json.dumps``'s spacing."""
_LOOKUP_CHUNK = 500
"""Fingerprints looked up per query (SQLite allows 999 bound parameters on old builds)."""


@dataclass(frozen=True, slots=True)
class StoredRef:
    """A game of the answer: its number in the upload, its id and its findings' counts."""

    number: int
    id: str | None
    fingerprint: str | None
    errors: int
    warnings: int
    findings: tuple[Finding, ...] = ()
    private: bool = False
    """The stored game's visibility now."""
    made_private: bool = False
    """A duplicate uploaded with ``private=true`` of a game stored public: made private."""

    def to_dict(self, base: str = "", with_findings: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {"game": self.number, "id": self.id, "fingerprint": self.fingerprint,
                               "errors": self.errors, "warnings": self.warnings}
        if self.id is not None:
            out["url"] = f"{base}/v1/games/{self.id}"
            out["replay"] = f"{base}/v1/games/{self.id}/replay"
            out["private"] = self.private
        if self.made_private:
            out["made_private"] = True
        if with_findings:
            out["findings"] = [f.to_dict() for f in self.findings]
        return out


@dataclass(slots=True)
class UploadResult:
    imported: list[StoredRef] = field(default_factory=list)
    duplicates: list[StoredRef] = field(default_factory=list)
    rejected: list[StoredRef] = field(default_factory=list)

    def to_dict(self, base: str = "") -> dict[str, Any]:
        return {"imported": [r.to_dict(base) for r in self.imported],
                "duplicates": [r.to_dict(base) for r in self.duplicates],
                "rejected": [r.to_dict(base, with_findings=True) for r in self.rejected]}


@dataclass(slots=True)
class PreparedGame:
    """One checked game as the store needs it: ``row`` is ``None`` for a rejected game (its
    ``findings`` are then the answer's), else the values of its ``games`` row but the owner,
    visibility and time of storing, with the rows of its tags, deals and findings."""

    number: int
    line: int
    fingerprint: str | None
    recorded: str
    errors: int
    warnings: int
    findings: tuple[Finding, ...] = ()
    row: dict[str, Any] | None = None
    tags: list[dict[str, Any]] = field(default_factory=list)
    deals: list[dict[str, Any]] = field(default_factory=list)
    codes: list[dict[str, Any]] = field(default_factory=list)

    def ref(self, game_id: str | None, private: bool = False, made_private: bool = False) -> StoredRef:
        findings = self.findings if self.row is None else ()
        return StoredRef(self.number, game_id, self.fingerprint, self.errors, self.warnings, findings,
                         private, made_private)


def prepare(game: CheckedGame, version: int = 1, parent_id: str | None = None,
            annotated: bool = False) -> PreparedGame:
    """The rows of ``game`` (a new id for it), its report written as JSON once."""
    report = game.report
    counts = report.counts()
    columns = game.columns
    if game.bel is None or game.fingerprint is None or columns is None:
        return PreparedGame(game.number, report.line, None, "", counts["error"], counts["warning"],
                            tuple(report.findings))
    game_id = new_id()
    data = report.to_dict()
    tag = columns.tag_values()
    row = {"id": game_id, "fingerprint": game.fingerprint, "recorded": columns.recorded, "version": version,
           "parent_id": parent_id, "annotated": annotated, "source_format": game.source_format,
           "bel": game.bel, "source_name": game.source_name[:200] or None, "first_line": game.first_line,
           "report": _REPORT_JSON.encode(data), "errors": counts["error"],
           "warnings": counts["warning"], "infos": counts["info"], "deal_count": report.deal_count,
           "rules": report.rules, "event": _short(tag.get("event")),
           "date": _short(tag.get("date"), 10),
           "result": _short(report.result, 16),
           "winner": ("NS", "EW")[report.winner] if report.winner is not None else None}
    tags = [{"game_id": game_id, "name": name.lower()[:64], "value": value[:TAG_VALUE_MAX]}
            for name, value in columns.tags]
    contracts = columns.contracts
    deals = [{"game_id": game_id, "number": deal.number, "taker": seat_name(deal.taker),
              "trump": shown["trump"], "contract": contracts.get(deal.number), "outcome": deal.outcome}
             for deal, shown in zip(report.deals, data["deals"], strict=True)]
    codes = [{"game_id": game_id, "code": f.code, "severity": f.severity} for f in report.findings]
    return PreparedGame(game.number, report.line, game.fingerprint, columns.recorded, counts["error"],
                        counts["warning"], (), row, tags, deals, codes)


def _short(value: str | None, size: int = 200) -> str | None:
    return None if value is None else value[:size]


def store_checked(conn: Connection, owner: str, games: Iterable[PreparedGame], private: bool) -> UploadResult:
    """Store ``games`` in the caller's transaction: a game already stored is a duplicate (made
    private when this upload asks for it: the stricter visibility wins, and the answer says so).
    A game twice in ``games`` is stored once, the second a duplicate of the first."""
    games = list(games)
    result = UploadResult()
    stored = _stored(conn, owner, {g.fingerprint for g in games if g.row is not None and g.fingerprint})
    new: list[PreparedGame] = []
    for game in games:
        if game.row is None or game.fingerprint is None:
            result.rejected.append(game.ref(None))
            continue
        key = (game.fingerprint, game.recorded)
        existing = stored.get(key)
        if existing is not None:
            game_id, was_private = existing
            stricter = private and not was_private
            if stricter:  # the stricter visibility wins, for the game and its reviews
                conn.execute(update(GAMES).values(private=True).where(
                    GAMES.c.owner == owner, GAMES.c.fingerprint == game.fingerprint,
                    GAMES.c.recorded == game.recorded))
                stored[key] = (game_id, True)
            result.duplicates.append(game.ref(game_id, private or was_private, stricter))
            continue
        stored[key] = (game.row["id"], private)
        new.append(game)
        result.imported.append(game.ref(game.row["id"], private))
    _insert(conn, owner, new, private)
    return result


def _stored(conn: Connection, owner: str, prints: set[str]) -> dict[tuple[str, str], tuple[str, bool]]:
    """The owner's games (first versions) among ``prints``: (fingerprint, recorded) -> (id, private)."""
    found: dict[tuple[str, str], tuple[str, bool]] = {}
    wanted = sorted(prints)
    for start in range(0, len(wanted), _LOOKUP_CHUNK):
        rows = conn.execute(select(GAMES.c.id, GAMES.c.private, GAMES.c.fingerprint, GAMES.c.recorded).where(
            GAMES.c.owner == owner, GAMES.c.version == 1,
            GAMES.c.fingerprint.in_(wanted[start:start + _LOOKUP_CHUNK])))
        for row in rows:
            found[(row.fingerprint, row.recorded)] = (row.id, bool(row.private))
    return found


def _insert(conn: Connection, owner: str, games: list[PreparedGame], private: bool) -> None:
    """Each table's rows of ``games`` in one statement, the games first (the others point at them);
    each game stamped as it comes (the newest of an upload is its last)."""
    if not games:
        return
    rows = []
    for game in games:
        assert game.row is not None
        rows.append({**game.row, "owner": owner, "private": private, "created_at": now()})
    conn.execute(insert(GAMES), rows)
    for table, part in ((TAGS, "tags"), (DEALS, "deals"), (FINDINGS, "codes")):
        children = [row for game in games for row in getattr(game, part)]
        if children:
            conn.execute(insert(table), children)


def insert_game(conn: Connection, owner: str, game: CheckedGame, private: bool, version: int = 1,
                parent_id: str | None = None, annotated: bool = False) -> str:
    """Insert one checked game (and its tags, deals and findings); its new id."""
    prepared = prepare(game, version, parent_id, annotated)
    assert prepared.row is not None
    _insert(conn, owner, [prepared], private)
    return str(prepared.row["id"])
