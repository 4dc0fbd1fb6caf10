"""Games of an upload, in any readable format, checked and stored for their owner.

Each game is read through the pipeline (its one detector, every format), checked, and stored
once per owner by its fingerprint (:mod:`~belote_notation.service.storing`). A ``.bel`` game goes
``validate``'s road: its text straight into the checks, which keep the store's columns in the
same pass (:class:`~belote_notation.check.as_read.AsReadChecker`), no records built; a game of
another format comes as records, is checked so, and is stored as ``.bel`` text read the same
way. A game already stored is a *duplicate* (a no-op success),
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
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, BinaryIO, cast

from sqlalchemy import Engine
from sqlalchemy.exc import IntegrityError

from belote_notation.check.as_read import AsReadChecker
from belote_notation.check.codes import NO_GAME, NO_GAME_IN_FILE
from belote_notation.check.findings import Finding
from belote_notation.check.report import GameReport
from belote_notation.check.setup import ValidationConfig
from belote_notation.formats.base import CANNOT_WRITE, UNREADABLE, Format
from belote_notation.game.code_table import CODES
from belote_notation.game.lang import msg
from belote_notation.notation.fingerprint import game_fingerprint
from belote_notation.notation.read.reader import GameText, parse_game_text, read_game_events
from belote_notation.pipeline.games import GameToCheck, RecordGame, TextGame, games_of
from belote_notation.pipeline.inputs import InputProblem, Source, open_input
from belote_notation.service.columns import GameColumns, columns_of, recorded_key
from belote_notation.service.db import writing
from belote_notation.service.limits import CpuBudget
from belote_notation.service.problems import CpuLimit, Invalid, TooManyGames, Unreadable
from belote_notation.service.storing import UploadResult, prepare, store_checked

__all__ = ["CheckedGame", "read_upload", "store_upload"]

_NOT_READ = frozenset({NO_GAME_IN_FILE, NO_GAME})


@dataclass(slots=True)
class CheckedGame:
    """One game of an upload, checked: its ``.bel`` text to store (``None``: rejected)."""

    number: int
    report: GameReport
    bel: str | None
    fingerprint: str | None
    columns: GameColumns | None
    """What the store's columns read besides the report (``None``: rejected)."""
    source_format: str
    source_name: str = ""
    """The file the report's lines belong to: the upload (a ``.bel`` game, stored as it was
    written), or ``NAME#N.bel``, the game converted to ``.bel`` as stored."""
    first_line: int = 1
    """The stored text's first line in that file."""

    @property
    def rejected(self) -> bool:
        return self.bel is None


def read_upload(body: bytes | IO[bytes], name: str, format: Format | None = None,
                config: ValidationConfig | None = None, max_games: int = 0,
                budget: CpuBudget | None = None, start: int = 1) -> Iterator[CheckedGame]:
    """The games of ``body`` read (format ``format``, else detected from ``name`` and the
    content) and checked, one at a time, from game number ``start`` (the ones before it are
    read, not checked: an import resumed). A NUL anywhere in the body: :class:`Unreadable`,
    located; more than ``max_games`` (when > 0): :class:`TooManyGames`; beyond the
    ``budget``: :class:`CpuLimit` naming the game where it stopped."""
    if "\0" in name:
        raise Invalid(msg("name: a NUL character (%%00) names no file"), field="name")
    data = io.BytesIO(body) if isinstance(body, bytes) else body
    refuse_nul(data, name)
    opened = open_input(Source(name, data=cast(BinaryIO, data), label=name), format)
    if isinstance(opened, InputProblem):
        raise Unreadable(msg("cannot read the body: %(why)s", why=opened.msg or opened.message))
    config = config or ValidationConfig()
    with opened:
        for item in with_lost_games(games_of(opened), opened.format.name):
            if max_games and item.number > max_games:
                raise TooManyGames(msg("more than %(most)s games in one request", most=max_games))
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
            raise Unreadable(msg("%(name)s:%(line)s:%(column)s: a NUL character (byte 0), which no text of "
                                 "games holds", name=name, line=line, column=column), field="body")
        line += block.count(b"\n")
        newline = block.rfind(b"\n")
        last = block[newline + 1:] if newline >= 0 else last + block
        offset += len(block)
    data.seek(0)


def _checked(item: GameToCheck, name: str, format_name: str, config: ValidationConfig) -> CheckedGame:
    if isinstance(item, TextGame):
        return _text_checked(item, name, format_name, config)
    # another format's game comes as records: checked as read (a rejected game's findings are
    # located in its source), then as stored
    from belote_notation.check.validator import validate_game
    from belote_notation.notation.records import Game
    from belote_notation.notation.write.writer import NotationWriteError, write_game
    from belote_notation.pipeline.records import read_game

    read = read_game(item, name)
    game = read.game
    report = validate_game(game or Game(), name, item.number, config, syntax=read.findings)
    if game is None or not read.readable or not game.deals or any(_unread(f) for f in report.findings):
        return CheckedGame(item.number, report, None, None, None, format_name)
    try:
        bel = write_game(game)
    except NotationWriteError as exc:  # a value .bel cannot say (a negative deal number): not stored
        why = msg("the game cannot be stored as .bel: %(error)s", error=exc.reason)
        refused = Finding.of(CANNOT_WRITE, why, name, game.line or item.line, 0, item.number)
        refused.severity = "error"  # not stored: an error here, not the export's warning
        report.findings.append(refused)
        return CheckedGame(item.number, report, None, None, None, format_name)
    # checked as stored: its findings' lines are those of the stored text (``NAME#N.bel``, what
    # GET /v1/games/{id} and its replay page show), what the source's reader found stays located
    # in the source
    label = f"{name}#{item.number}.bel"
    return _read_and_checked(GameText(bel, 1, item.number - 1), label, format_name, config, 1, read.findings)


def _text_checked(item: TextGame, name: str, format_name: str, config: ValidationConfig) -> CheckedGame:
    """A ``.bel`` game read straight into the checks (as ``validate`` reads it, no records) and
    stored as it was written: the report's lines are the upload's."""
    checker = AsReadChecker(config, name, item.number, keeps_deals=False)
    report = read_game_events(item.text, checker, name)
    if checker.read_error or not report.deal_count or any(_unread(f) for f in report.findings):
        return CheckedGame(item.number, report, None, None, None, format_name)
    return _stored(item.text, checker, report, name, format_name, item.line)


def _read_and_checked(text: GameText, label: str, format_name: str, config: ValidationConfig,
                      first_line: int, syntax: tuple[Finding, ...]) -> CheckedGame:
    """A game converted to ``.bel`` read into the checks and the columns as stored (``syntax``:
    what its source's reader found)."""
    checker = AsReadChecker(config, label, text.index + 1, syntax=syntax, keeps_deals=False)
    return _stored(text, checker, read_game_events(text, checker, label), label, format_name, first_line)


def _stored(text: GameText, checker: AsReadChecker, report: GameReport, label: str, format_name: str,
            first_line: int) -> CheckedGame:
    """A game to store, read by ``checker``. A score sheet's
    :func:`~belote_notation.service.columns.recorded_key` is read from records (a few lines)."""
    number = text.index + 1
    recorded = ""
    game_print = report.fingerprint
    if checker.card_less or game_print is None:
        records = parse_game_text(text, label).game
        recorded = recorded_key(records)
        game_print = game_print or game_fingerprint(records)
    return CheckedGame(number, report, text.text, game_print, columns_of(checker, recorded), format_name,
                       label, first_line)


def _unread(finding: Finding) -> bool:
    info = CODES.get(finding.code)
    syntax = info is not None and info.area == "syntax"
    return finding.severity == "error" and (syntax or finding.code in _NOT_READ)


def store_upload(engine: Engine, owner: str, games: Iterator[CheckedGame], private: bool = False,
                 attempts: int = 3) -> UploadResult:
    """Store the games of one upload in one transaction (all or nothing). Each game is made its
    rows as it is read (:func:`~belote_notation.service.storing.prepare`): the upload keeps
    those until its transaction, not its games' reports. Two uploads of one game at once: the
    second sees the unique key refused and tries again, finding it stored."""
    prepared = [prepare(game) for game in games]
    for attempt in range(attempts):
        try:
            with writing(engine) as conn:
                return store_checked(conn, owner, prepared, private)
        except IntegrityError:
            if attempt == attempts - 1:
                raise
    raise AssertionError("unreachable")
