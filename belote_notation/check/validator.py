"""Entry points of the checks: a game's records, a parsed game, a text, a file.

Every path runs the same visitor, :class:`~belote_notation.check.checker.GameChecker`
(``belote_notation.validate``, in :mod:`belote_notation.pipeline`, opens an input of any
format and comes here)::

    text or file ── reader events ──▶ GameChecker ──▶ GameReport   (no records built)
    records (JSON twin, a converter, a program) ── game.accept ──▶ GameChecker ──▶ GameReport

>>> reports = validate_text('[Rules "classic"]\\ndeal 1 dealer N\\nend\\n', "t.bel")
>>> [(f.code, f.line) for f in reports[0].findings]
[('BEL903', 2), ('BEL902', 2)]
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from typing import IO, TYPE_CHECKING

from belote_notation.check.checker import DEFAULT_CONFIG, GameChecker
from belote_notation.check.codes import NO_GAME, NO_GAME_IN_FILE
from belote_notation.check.context import DealObserver, TrickTrace
from belote_notation.check.findings import Finding
from belote_notation.check.report import DealReport, GameReport
from belote_notation.check.setup import ValidationConfig
from belote_notation.game.lang import Message, msg
from belote_notation.notation.read.reader import (
    GameText,
    iter_game_texts,
    read_game_events,
    read_games,
    text_source,
)

if TYPE_CHECKING:  # the records are the caller's: checking a text or a file builds none
    from belote_notation.notation.read.reader import ParsedGame
    from belote_notation.notation.records import Game

__all__ = [
    "DealObserver",
    "DealReport",
    "GameChecker",
    "GameReport",
    "TrickTrace",
    "ValidationConfig",
    "no_game_report",
    "validate_game",
    "validate_game_text",
    "validate_parsed",
    "validate_source",
    "validate_text",
]


def no_game_report(file: str, number: int = 1, line: int = 0, message: Message | None = None) -> GameReport:
    """A report for an input with no game at all (or a game that could not be checked).

    >>> [f.code for f in no_game_report("empty.bel").findings]
    ['BEL708']
    """
    report = GameReport(file, number, line)
    if message is None:
        report.findings.append(Finding.of(NO_GAME_IN_FILE, msg("no game found in this input"), file, line))
    else:
        report.findings.append(Finding.of(NO_GAME, message, file, line, 0, number))
    return report


def validate_game(game: Game, file: str = "<string>", number: int = 1,
                  config: ValidationConfig = DEFAULT_CONFIG, syntax: Iterable[Finding] = (),
                  observer: DealObserver | None = None) -> GameReport:
    """Replay every deal of ``game`` and return the findings and recomputed scores.

    ``syntax`` are the reader's findings for this game (deals touched by one are not
    replayed); ``observer`` is told about every deal replayed. Never raises on bad input.

    >>> from belote_notation.notation.records import Game
    >>> report = validate_game(Game(), file="empty.bel")
    >>> report.deal_count, [f.code for f in report.findings]
    (0, [])
    """
    return game.accept(GameChecker(config, file, number, observer, syntax), number - 1)


def validate_parsed(parsed: ParsedGame, file: str = "<string>", number: int = 1,
                    config: ValidationConfig = DEFAULT_CONFIG,
                    observer: DealObserver | None = None) -> GameReport:
    """Validate a ``ParsedGame`` of the reader: its syntax issues, then its records.

    >>> from belote_notation.notation.read.reader import parse_text
    >>> parsed = parse_text("deal 1\\ntrick 1 N:AS\\n")[0]
    >>> [f.code for f in validate_parsed(parsed, "p.bel").findings][:1]
    ['BEL006']
    """
    syntax = [Finding.from_issue(i, file, number) for i in parsed.errors]
    return validate_game(parsed.game, file, number, config, syntax, observer)


def validate_text(text: str, name: str = "<string>",
                  config: ValidationConfig = DEFAULT_CONFIG) -> list[GameReport]:
    """Read and validate a whole text (for tests and small inputs): one report per game.

    >>> [r.deal_count for r in validate_text("deal 1\\nend\\ndeal 1\\ndeal 2\\nend\\n")]
    [1, 2]
    """
    reports = list(read_games(text_source(text), lambda: GameChecker(config, name), name))
    return reports or [no_game_report(name)]


def validate_game_text(text: str | GameText, file: str = "<string>",
                       config: ValidationConfig = DEFAULT_CONFIG) -> GameReport:
    """Read and validate the text of one game (a :class:`GameText` from the splitter keeps
    its place and number in its file): what the worker processes of ``validate`` run.

    >>> report = validate_game_text("deal 1 dealer N\\nsmsara N:take S\\nend\\n", "t.bel")
    >>> report.game, [f.code for f in report.findings]
    (1, ['BEL912', 'BEL903', 'BEL902'])
    """
    report = read_game_events(text, GameChecker(config, file), file)
    if isinstance(text, GameText):  # where the game is in its source, for an index
        report.offset, report.length = text.start, text.end - text.start
    return report


def validate_source(source: str | os.PathLike[str] | IO[str] | IO[bytes], name: str | None = None,
                    config: ValidationConfig = DEFAULT_CONFIG) -> Iterator[GameReport]:
    """Stream a file (path or handle) game by game, one report per game (flat memory).

    >>> import io
    >>> text = io.StringIO("deal 1\\nend\\ndeal 1\\nend\\n")
    >>> [(r.game, r.deal_count) for r in validate_source(text, "s.bel")]
    [(1, 1), (2, 1)]
    """
    label = name or str(source)
    count = 0
    for game_text in iter_game_texts(source, label):
        count += 1
        yield validate_game_text(game_text, label, config)
    if count == 0:
        yield no_game_report(label)
