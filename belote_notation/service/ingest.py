"""Games of an upload, in any readable format, checked and stored for their owner.

Each game is read through the pipeline (its one detector, every format), checked, and stored
once per owner by its fingerprint: a game already stored is a *duplicate* (a no-op success),
a game that could not be read whole is *rejected* with its findings, the others are
*imported* with their findings and recomputed scores. One upload is one transaction: after a
crash it is stored whole or not at all.

>>> from belote_notation.service.db import make_engine
>>> from belote_notation.service.schema import METADATA
>>> engine = make_engine("sqlite://"); METADATA.create_all(engine)
>>> body = open("samples/classic/partie-1.bel", "rb").read()
>>> first = store_upload(engine, "club", read_upload(body, "partie-1.bel"))
>>> again = store_upload(engine, "club", read_upload(body, "partie-1.bel"))
>>> len(first.imported), len(first.duplicates), len(again.imported), len(again.duplicates)
(1, 0, 0, 1)
>>> first.imported[0].id == again.duplicates[0].id
True
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import IO, Any, BinaryIO, cast

from sqlalchemy import Connection, Engine, insert, select, update
from sqlalchemy.exc import IntegrityError

from belote_notation.check.codes import NO_GAME, NO_GAME_IN_FILE
from belote_notation.check.findings import Finding
from belote_notation.check.report import GameReport, seat_name
from belote_notation.check.setup import ValidationConfig
from belote_notation.check.validator import validate_game
from belote_notation.formats.base import CANNOT_WRITE, UNREADABLE, Format
from belote_notation.game.code_table import CODES
from belote_notation.notation.fingerprint import game_fingerprint
from belote_notation.notation.read.reader import parse_game_text
from belote_notation.notation.records import Deal, Game
from belote_notation.notation.write.writer import NotationWriteError, write_game
from belote_notation.pipeline.games import GameToCheck, RecordGame, TextGame, games_of
from belote_notation.pipeline.inputs import InputProblem, Source, open_input
from belote_notation.pipeline.records import read_game
from belote_notation.service.db import now, writing
from belote_notation.service.limits import CpuBudget
from belote_notation.service.problems import CpuLimit, Invalid, TooManyGames, Unreadable
from belote_notation.service.schema import DEALS, FINDINGS, GAMES, TAGS
from belote_notation.service.tokens import new_id

__all__ = ["CheckedGame", "StoredRef", "UploadResult", "read_upload", "store_upload"]

_NOT_READ = frozenset({NO_GAME_IN_FILE, NO_GAME})
TAG_VALUE_MAX = 200


@dataclass(slots=True)
class CheckedGame:
    """One game of an upload, checked: its ``.bel`` text to store (``None``: rejected)."""

    number: int
    report: GameReport
    bel: str | None
    fingerprint: str | None
    game: Game | None
    source_format: str
    source_name: str = ""
    """The file the report's lines belong to: the upload (a ``.bel`` game, stored as it was
    written), or ``NAME#N.bel``, the game converted to ``.bel`` as stored."""
    first_line: int = 1
    """The stored text's first line in that file."""

    @property
    def rejected(self) -> bool:
        return self.bel is None


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


def read_upload(body: bytes | IO[bytes], name: str, format: Format | None = None,
                config: ValidationConfig | None = None, max_games: int = 0,
                budget: CpuBudget | None = None, start: int = 1) -> Iterator[CheckedGame]:
    """The games of ``body`` read (format ``format``, else detected from ``name`` and the
    content) and checked, one at a time, from game number ``start`` (the ones before it are
    read, not checked: an import resumed). A NUL anywhere in the body: :class:`Unreadable`,
    located; more than ``max_games`` (when > 0): :class:`TooManyGames`; beyond the
    ``budget``: :class:`CpuLimit` naming the game where it stopped."""
    if "\0" in name:
        raise Invalid("name: a NUL character (%00) names no file", field="name")
    data = io.BytesIO(body) if isinstance(body, bytes) else body
    refuse_nul(data, name)
    opened = open_input(Source(name, data=cast(BinaryIO, data), label=name), format)
    if isinstance(opened, InputProblem):
        raise Unreadable(f"cannot read the body: {opened.message}")
    config = config or ValidationConfig()
    with opened:
        for item in with_lost_games(games_of(opened), opened.format.name):
            if max_games and item.number > max_games:
                raise TooManyGames(f"more than {max_games} games in one request")
            if item.number < start:
                continue
            if budget is not None and budget.exceeded():
                raise CpuLimit(budget.message(name, item.number, item.line))
            yield _checked(item, opened.name, opened.format.name, config)


LOST_GAME_FORMATS = frozenset({"json", "jsonl"})
"""Formats whose unreadable record (BEL801) is a whole game the reader left out."""


def with_lost_games(items: Iterator[GameToCheck], format_name: str) -> Iterator[GameToCheck]:
    """``items``, and each game that the reader of the JSON twin (or JSON Lines) left out as
    unreadable as a game of its own, with no record (so it is listed as rejected, located in
    the file, instead of a warning on the game next to it). Games are numbered in the file's
    order, the lost ones counted."""
    if format_name not in LOST_GAME_FORMATS:
        yield from items
        return
    number = 0
    for item in items:
        if not isinstance(item, RecordGame):
            yield item
            continue
        lost = [i for i in item.issues if i.code == UNREADABLE]
        kept = tuple(i for i in item.issues if i.code != UNREADABLE)
        start = item.game.line if item.game is not None else 0
        for issue in (i for i in lost if i.line <= start):
            number += 1
            yield RecordGame(None, number, (issue,))
        if item.game is not None or kept:
            number += 1
            yield RecordGame(item.game, number, kept)
        for issue in (i for i in lost if i.line > start):
            number += 1
            yield RecordGame(None, number, (issue,))
def refuse_nul(data: IO[bytes], name: str, chunk: int = 1 << 20) -> None:
    """:class:`Unreadable` at the line and column of the first NUL byte of ``data`` (no text
    file holds one, and PostgreSQL's text cannot store one); ``data`` is rewound."""
    line, offset, last = 1, 0, b""
    while block := data.read(chunk):
        at = block.find(b"\0")
        if at >= 0:
            before = block[:at]
            start = before.rfind(b"\n")
            column = at - start if start >= 0 else len(last) + at + 1
            line += before.count(b"\n")
            data.seek(0)
            raise Unreadable(f"{name}:{line}:{column}: a NUL character (byte 0), which no text of "
                             "games holds", field="body")
        line += block.count(b"\n")
        newline = block.rfind(b"\n")
        last = block[newline + 1:] if newline >= 0 else last + block
        offset += len(block)
    data.seek(0)


def _checked(item: Any, name: str, format_name: str, config: ValidationConfig) -> CheckedGame:
    read = read_game(item, name)
    game = read.game
    report = validate_game(game or Game(), name, item.number, config, syntax=read.findings)
    if game is None or not read.readable or not game.deals or any(_unread(f) for f in report.findings):
        return CheckedGame(item.number, report, None, None, None, format_name)
    if isinstance(item, TextGame):  # stored as written: the report's lines are the upload's
        return CheckedGame(item.number, report, item.text.text, report.fingerprint or game_fingerprint(game),
                           game, format_name, name, item.line)
    try:
        bel = write_game(game)
    except NotationWriteError as exc:  # a value .bel cannot say (a negative deal number): not stored
        report.findings.append(Finding(CANNOT_WRITE, "error", f"the game cannot be stored as .bel: {exc}",
                                       name, game.line or item.line, 0, item.number))
        return CheckedGame(item.number, report, None, None, None, format_name)
    return _as_stored(item.number, bel, name, format_name, config, read.findings)


def _as_stored(number: int, bel: str, name: str, format_name: str, config: ValidationConfig,
               read: tuple[Finding, ...]) -> CheckedGame:
    """A game converted to ``.bel``, checked as stored: its findings' lines are those of the
    stored text (``NAME#N.bel``, what ``GET /v1/games/{id}`` and its replay page show), not
    positions its source format may carry from another file; what the reader of the source
    found stays located in the source."""
    label = f"{name}#{number}.bel"
    parsed = parse_game_text(bel, label)
    stored = parsed.game
    report = validate_game(stored, label, number, config,
                           syntax=(*read, *(Finding.from_issue(i, label, number) for i in parsed.errors)))
    return CheckedGame(number, report, bel, report.fingerprint or game_fingerprint(stored), stored,
                       format_name, label, 1)


def _unread(finding: Finding) -> bool:
    info = CODES.get(finding.code)
    syntax = info is not None and info.area == "syntax"
    return finding.severity == "error" and (syntax or finding.code in _NOT_READ)


def store_upload(engine: Engine, owner: str, games: Iterator[CheckedGame], private: bool = False,
                 attempts: int = 3) -> UploadResult:
    """Store the games of one upload in one transaction (all or nothing). Two uploads of one
    game at once: the second sees the unique key refused and tries again, finding it stored."""
    checked = list(games)
    for attempt in range(attempts):
        try:
            with writing(engine) as conn:
                return store_checked(conn, owner, checked, private)
        except IntegrityError:
            if attempt == attempts - 1:
                raise
    raise AssertionError("unreachable")


def store_checked(conn: Connection, owner: str, checked: list[CheckedGame], private: bool) -> UploadResult:
    """Store ``checked`` in the caller's transaction: a game already stored is a duplicate (made
    private when this upload asks for it: the stricter visibility wins, and the answer says so)."""
    result = UploadResult()
    for game in checked:
        counts = game.report.counts()
        if game.rejected or game.fingerprint is None:
            result.rejected.append(StoredRef(game.number, None, None, counts["error"], counts["warning"],
                                             tuple(game.report.findings)))
            continue
        existing = conn.execute(
            select(GAMES.c.id, GAMES.c.private).where(GAMES.c.owner == owner,
                                                      GAMES.c.fingerprint == game.fingerprint,
                                                      GAMES.c.version == 1)).first()
        if existing is not None:
            stricter = private and not existing.private
            if stricter:  # the stricter visibility wins, for the game and its reviews
                conn.execute(update(GAMES).values(private=True).where(
                    GAMES.c.owner == owner, GAMES.c.fingerprint == game.fingerprint))
            result.duplicates.append(StoredRef(game.number, existing.id, game.fingerprint, counts["error"],
                                               counts["warning"], private=private or bool(existing.private),
                                               made_private=stricter))
            continue
        game_id = insert_game(conn, owner, game, private)
        result.imported.append(StoredRef(game.number, game_id, game.fingerprint, counts["error"],
                                         counts["warning"], private=private))
    return result


def insert_game(conn: Connection, owner: str, game: CheckedGame, private: bool, version: int = 1,
                parent_id: str | None = None, annotated: bool = False) -> str:
    """Insert one checked game (and its tags, deals and findings); its new id."""
    assert game.game is not None and game.bel is not None and game.fingerprint is not None
    report, records = game.report, game.game
    counts = report.counts()
    game_id = new_id()
    conn.execute(insert(GAMES).values(
        id=game_id, owner=owner, fingerprint=game.fingerprint, version=version, parent_id=parent_id,
        annotated=annotated, private=private, source_format=game.source_format, bel=game.bel,
        source_name=game.source_name[:200] or None, first_line=game.first_line,
        report=json.dumps(report.to_dict(), ensure_ascii=False), errors=counts["error"],
        warnings=counts["warning"], infos=counts["info"], deal_count=report.deal_count, rules=report.rules,
        event=_short(records.header("Event")), date=_short(records.header("Date"), 10),
        result=_short(report.result, 16),
        winner=("NS", "EW")[report.winner] if report.winner is not None else None,
        created_at=now()))
    tags = [{"game_id": game_id, "name": h.name.lower()[:64], "value": h.value[:TAG_VALUE_MAX]}
            for h in records.headers]
    if tags:
        conn.execute(insert(TAGS), tags)
    deals = [_deal_row(game_id, d, records.deals, report) for d in report.deals]
    if deals:
        conn.execute(insert(DEALS), deals)
    findings = [{"game_id": game_id, "code": f.code, "severity": f.severity} for f in report.findings]
    if findings:
        conn.execute(insert(FINDINGS), findings)
    return game_id


def _short(value: str | None, size: int = 200) -> str | None:
    return None if value is None else value[:size]


def _deal_row(game_id: str, deal: Any, records: list[Deal], report: GameReport) -> dict[str, Any]:
    from belote_notation.game.cards import Deck

    deck = Deck(report.deck) if report.deck in ("french", "spanish") else None
    shown = deal.to_dict(deck)
    record = next((d for d in records if d.number == deal.number), None)
    return {"game_id": game_id, "number": deal.number, "taker": seat_name(deal.taker),
            "trump": shown["trump"], "contract": _contract(record) if record else None,
            "outcome": deal.outcome}


def _contract(deal: Deal) -> str | None:
    """The deal's contract in a word: the points of the last contrée bid, ``capot``,
    ``generale`` or ``take``; ``None`` when nobody took."""
    for bid in reversed(deal.bids):
        if bid.action == "bid":
            return str(bid.value)
        if bid.action in ("capot", "generale", "take"):
            return bid.action
    return None
