"""The public readers (``bn.read_games``, ``bn.iter_games``, ``bn.replay_game``): any readable
input, its format told by the one detector the commands use (:func:`~.inputs.detect`).

``.bel`` is read by the notation's streaming reader (``notation/read/reader.py``); any other format
(the JSON twin, an event log, a CSV sheet, CFN, a server's log, a plugin's format) by its
:meth:`Format.read`, each game with the issues found in it. Either way a game comes as a
:class:`~belote_notation.notation.read.build.ParsedGame` (or as what a visitor makes of it), numbered
as in the input: a game that could not be read at all keeps its place, empty, with its issue.

>>> log = b'{"type": "deal", "number": 1, "dealer": "N"}\\n{"type": "bid", "seat": "E", "action": "pass"}\\n'
>>> parsed = next(read_games(log, name="app.events.jsonl"))
>>> len(parsed.game.deals), parsed.game.deals[0].bids[0].action, parsed.errors
(1, 'pass', [])
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar, cast

from belote_notation.check.checker import DEFAULT_CONFIG
from belote_notation.check.findings import Finding
from belote_notation.check.replay import GameReplay
from belote_notation.check.replay import replay_game as replay_records
from belote_notation.check.setup import ValidationConfig
from belote_notation.formats.base import FormatIssue
from belote_notation.notation.issues import SyntaxIssue
from belote_notation.notation.read.reader import read_games as read_bel_games
from belote_notation.notation.records import Game
from belote_notation.notation.visitor import Visitor
from belote_notation.pipeline.games import RecordGame, games_of
from belote_notation.pipeline.inputs import InputLike, InputProblem, discover, each_opened
from belote_notation.pipeline.records import pick_game

if TYPE_CHECKING:
    from belote_notation.notation.read.build import ParsedGame

__all__ = ["iter_games", "read_games", "replay_game"]

T = TypeVar("T")


def read_games(source: InputLike, visitor_factory: Callable[[], Visitor[Any]] | None = None,
               name: str | None = None) -> Iterator[Any]:
    """The games of ``source`` one at a time (flat memory), in any readable format: a path (a
    folder: its ``.bel`` files), the bytes of a file, an open file in text or binary mode.
    Each game is reported to a new ``visitor_factory()`` (by default the record builder:
    :class:`~belote_notation.notation.read.build.ParsedGame` results) and its result yielded.
    ``name`` is the input's name in the issues (and, for a stream or bytes, what its format is
    told by: ``"app.events.jsonl"``).

    A format's issues are the game's ``errors`` (those of severity error and warning: what was
    not read; the notes of BEL805 are not errors). Never raises on bad content; an input that
    cannot be opened raises ``OSError``.

    >>> [len(p.game.deals) for p in read_games(b'{"games": [{"deals": [{"number": 1}]}, {"deals": 7}, {}]}')]
    [1, 0, 0]
    """
    for opened in each_opened(source, name):
        if opened.format.game_texts:  # the streaming reader: events, no records unless asked
            yield from read_bel_games(opened.stream, visitor_factory, opened.name)
            continue
        for item in games_of(opened):
            assert isinstance(item, RecordGame)
            yield _reported(item, visitor_factory, opened.name)


def iter_games(source: InputLike, name: str | None = None) -> Iterator[ParsedGame]:
    """The games of ``source`` as records, one at a time, in any readable format (see
    :func:`read_games`)."""
    return read_games(source, name=name)


def _reported(item: RecordGame, factory: Callable[[], Visitor[Any]] | None, name: str) -> Any:
    """A game read by a format, as the ``.bel`` reader would give it."""
    errors = [_issue(i, name) for i in item.issues if i.severity != "info"]
    game = item.game if item.game is not None else Game()
    if factory is None:
        from belote_notation.notation.read.build import ParsedGame

        return ParsedGame(game, errors, item.number - 1)
    # _WithErrors is the visitor itself (every other event passed through as it is)
    return game.accept(cast(Visitor[Any], _WithErrors(factory(), errors)), item.number - 1)


def _issue(issue: FormatIssue, name: str) -> SyntaxIssue:
    return SyntaxIssue(issue.code, issue.message, issue.line, issue.col, name, issue.msg)


class _WithErrors:
    """A visitor that is told the format's issues of a game right after its ``begin_game``."""

    def __init__(self, visitor: Visitor[Any], errors: list[SyntaxIssue]) -> None:
        self._visitor, self._errors = visitor, errors

    def begin_game(self, index: int, line: int, col: int) -> Any:
        answer = self._visitor.begin_game(index, line, col)
        for error in self._errors:
            self._visitor.visit_error(error)
        return answer

    def __getattr__(self, name: str) -> Any:
        return getattr(self._visitor, name)


def replay_game(what: Game | InputLike, file: str | None = None, number: int = 1,
                config: ValidationConfig = DEFAULT_CONFIG, syntax: tuple[Finding, ...] | list[Finding] = (),
                ) -> GameReplay:
    """A game replayed through the checks, every deal kept (``docs/api.md``, "Positions"): a
    game's records, or game ``number`` (from 1) of an input in any readable format (a path, the
    bytes of a file, an open stream), its reading's findings among the replay's. ``file`` is
    the name in the findings. An input that cannot be opened raises ``OSError``; one with fewer
    games, ``LookupError``.

    >>> replay = replay_game(b'{"type": "deal", "number": 1, "dealer": "N"}\\n', "app.events.jsonl")
    >>> [d.deal.number for d in replay.deals], replay.report.file
    ([1], 'app.events.jsonl')
    """
    if isinstance(what, Game):
        return replay_records(what, file or "<string>", number, config, syntax)
    held: list[Finding] = []
    picked = pick_game(what, number, held, name=file)
    if isinstance(picked, InputProblem):
        raise OSError(f"{picked.path}: {picked.message}")
    if picked is None:
        why = f": it could not be read ({held[-1]})" if held else ""
        raise LookupError(f"{file or 'the input'} holds no game {number}{why}")
    name = file if file is not None else picked.syntax[0].file if picked.syntax else _name_of(what)
    return replay_records(picked.game, name, number, config, [*syntax, *picked.syntax])


def _name_of(what: InputLike) -> str:
    found = discover([what])
    return found.sources[0].display if found.sources else "<input>"
