"""The games of an opened input as records, for the commands that need the records themselves
(``render`` draws them, ``annotate`` reviews and rewrites them), whatever the input's format.

Each game comes with the findings its reading gave, located in **that** input: the syntax
issues of a ``.bel`` game (BEL0xx) or the format's issues before it (BEL8xx at the event's or
the row's line). A game with an error among them was not read whole.

>>> from belote_notation.pipeline.inputs import Source, open_input
>>> with open_input(Source("t.bel", data=b"deal 1\\nend\\ndeal 1\\ntrick 1 N:ZZ\\nend\\n")) as opened:
...     [(g.number, g.readable, [f.code for f in g.findings]) for g in records_of(opened)]
[(1, True, []), (2, False, ['BEL001'])]

An input in another format gives the same records, its findings at its own lines:

>>> log = b'{"type": "deal", "number": 1, "dealer": "N"}\\n{"type": "offer", "card": "ZZ"}\\n'
>>> with open_input(Source("app.events.jsonl", data=log)) as opened:
...     [str(f) for g in records_of(opened) for f in g.findings]
["app.events.jsonl:2:1: warning BEL803 cannot read a card from 'ZZ'"]
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import BinaryIO, NamedTuple

from belote_notation.check.checker import DEFAULT_CONFIG
from belote_notation.check.findings import Finding
from belote_notation.check.replay import GameReplay, replay_game, replay_text
from belote_notation.check.setup import ValidationConfig
from belote_notation.formats.base import CANNOT_WRITE
from belote_notation.game.lang import Number, msg
from belote_notation.notation.issues import GAME_TOO_LARGE, SyntaxIssue, syntax_issue
from belote_notation.notation.limits import MAX_DEPTH
from belote_notation.notation.read.kept import KeptGame
from belote_notation.notation.read.reader import parse_game_text
from belote_notation.notation.read.stream import MAX_GAME_CHARS
from belote_notation.notation.records import Game
from belote_notation.notation.write.jsonio import JsonWriteError, check_depth
from belote_notation.pipeline.games import GameToCheck, RecordGame, games_of, issue_finding
from belote_notation.pipeline.inputs import (
    InputLike,
    InputProblem,
    OpenInput,
    Source,
    discover,
    each_opened,
    open_input,
    problem_msg,
)

__all__ = ["PickedGame", "ReadGame", "iter_replays", "pick_game", "read_game", "records_of", "replays_of"]


@dataclass(frozen=True, slots=True)
class ReadGame:
    """One game of an input as records (``None``: the input held findings but no game), its
    1-based number in the input and the findings its reading gave."""

    content: Game | KeptGame | None
    """The game's records, or the game as read for its replay (its canonical deals' records made
    when :attr:`game` is asked for); ``None``: no game."""
    number: int
    findings: tuple[Finding, ...] = ()
    replayed: tuple[str, ValidationConfig, GameReplay] | None = field(default=None, compare=False, repr=False)
    """The replay made as the game's text was read (its file name and config), when one was
    asked for (:func:`read_game`)."""

    @property
    def game(self) -> Game | None:
        """The game's records (``None``: the input held findings but no game)."""
        content = self.content
        return content.game if isinstance(content, KeptGame) else content

    @property
    def has_game(self) -> bool:
        """A game was read (without making its records)."""
        return self.content is not None

    @property
    def readable(self) -> bool:
        """Read whole: a game, and no error among the reading's findings."""
        return self.content is not None and all(f.severity != "error" for f in self.findings)

    def too_deep(self, file: str) -> Finding | None:
        """``None`` when every alternative line of the game is nested at most
        :data:`~belote_notation.notation.read.jsonio.MAX_DEPTH` deep (what the JSON twin and the
        replay page hold); else a BEL810 finding at the first item past it. Walked without
        recursion, so any depth is answered.

        >>> from belote_notation.notation.read.reader import parse_text
        >>> text = "deal 1\\ntrick 1 N:AS " + "(E:7S " * 101 + ")" * 101 + "\\nend\\n"
        >>> print(ReadGame(parse_text(text)[0].game, 1).too_deep("deep.bel"))
        deep.bel:2:609: warning BEL810 game 1 cannot be drawn: alternative lines nested more than 100 deep
        >>> ReadGame(parse_text("deal 1\\nend\\n")[0].game, 1).too_deep("flat.bel") is None
        True
        """
        content = self.content
        try:  # a canonical deal kept as read has no alternative line: only the others' records
            check_depth(content.event_deals() if isinstance(content, KeptGame) else content or Game())
        except JsonWriteError as exc:
            issue = syntax_issue(CANNOT_WRITE, msg("game %(game)s cannot be drawn: alternative lines nested "
                                                   "more than %(most)s deep", game=self.number,
                                                   most=MAX_DEPTH), exc.line, exc.col)
            return Finding.from_issue(issue, file, self.number, "warning")
        return None

    def replay(self, file: str, config: ValidationConfig = DEFAULT_CONFIG) -> GameReplay:
        """The game replayed by the checks (an empty game when there is none), the reading's
        findings among the replay's: the one made as its text was read when it was asked for
        with this file name and config, else replayed from the records."""
        kept = self.replayed
        if kept is not None and kept[0] == file and kept[1] == config:
            return kept[2]
        return replay_game(self.game or Game(), file, self.number, config, self.findings)


def read_game(item: GameToCheck, file: str, replay: ValidationConfig | None = None) -> ReadGame:
    """The records of one game of :func:`~belote_notation.pipeline.games.games_of`; with
    ``replay`` (a config), a ``.bel`` game's text is read ONCE into the records and the checks
    (:func:`~belote_notation.check.replay.replay_text`), the replay kept for
    :meth:`ReadGame.replay` (records of another format are replayed from the records).

    >>> from belote_notation.notation.read.stream import GameText
    >>> from belote_notation.pipeline.games import TextGame
    >>> read = read_game(TextGame(GameText("deal 1\\nend\\n", 1, 0)), "t.bel", DEFAULT_CONFIG)
    >>> read.replay("t.bel") is read.replay("t.bel"), len(read.replay("t.bel").deals)
    (True, 1)
    """
    if isinstance(item, RecordGame):
        findings = tuple(issue_finding(i, file, item.number) for i in item.issues)
        return ReadGame(item.game, item.number, findings)
    if replay is not None:
        once = replay_text(item.text, file, replay)
        return ReadGame(once.read, item.number, _syntax(once.errors, file, item.number),
                        (file, replay, once.replay))
    parsed = parse_game_text(item.text, file)  # the .bel text of this game only
    return ReadGame(parsed.game, item.number, _syntax(parsed.errors, file, item.number))


def _syntax(errors: list[SyntaxIssue], file: str, number: int) -> tuple[Finding, ...]:
    return tuple(Finding.from_issue(i, file, number) for i in errors)


def records_of(opened: OpenInput, game: int | None = None,
               replay: ValidationConfig | None = None) -> Iterator[ReadGame]:
    """The games of ``opened`` as records, one at a time (flat memory); only game number
    ``game`` (from 1) when given (the other ``.bel`` games are skipped unread). An input with no
    game but findings gives one :class:`ReadGame` without a game; an empty input, nothing.
    With ``replay`` (a config), each ``.bel`` game is replayed as it is read (:func:`read_game`)."""
    for item in games_of(opened):
        findings_only = isinstance(item, RecordGame) and item.game is None and not item.lost
        if game is not None and item.number != game and not findings_only:
            continue
        read = read_game(item, opened.name, replay)
        if not read.has_game and not read.findings:
            return
        yield read
        if game is not None and item.number == game:
            return


def replays_of(opened: OpenInput, config: ValidationConfig = DEFAULT_CONFIG,
               game: int | None = None) -> Iterator[GameReplay]:
    """Each game of ``opened`` replayed by the checks (what ``render`` draws), the reading's
    findings among the replay's, one game at a time; only game ``game`` when given. Games
    that hold no record (an input with findings only) are left out: read them with
    :func:`records_of`.

    >>> from belote_notation.pipeline.inputs import Source, open_input
    >>> with open_input(Source("t.bel", data=b"deal 1\\nend\\ndeal 1\\nend\\n")) as opened:
    ...     [(r.report.game, len(r.deals)) for r in replays_of(opened)]
    [(1, 1), (2, 1)]
    """
    for read in records_of(opened, game, config):
        if read.has_game:
            yield read.replay(opened.name, config)


def iter_replays(what: InputLike, name: str | None = None, config: ValidationConfig = DEFAULT_CONFIG,
                 game: int | None = None) -> Iterator[GameReplay]:
    """Each game of an input in any readable format (a path, the bytes of a file, an open
    stream) replayed, as :func:`replays_of`; ``name`` is the input's name in the findings. An
    input that cannot be opened raises ``OSError`` with the reason in plain words.

    >>> import io
    >>> [(r.report.game, len(r.deals)) for r in iter_replays(io.StringIO("deal 1\\nend\\ndeal 1\\nend\\n"))]
    [(1, 1), (2, 1)]
    """
    for opened in each_opened(what, name):
        yield from replays_of(opened, config, game)


class PickedGame(NamedTuple):
    """A game of an input as records, and what reading it found (syntax or format issues)."""

    game: Game
    syntax: list[Finding]
    replay: GameReplay | None = None
    """The game replayed as it was read, when :func:`pick_game` was asked for it (a ``.bel``
    game)."""


PICK_BUDGET = 4 * MAX_GAME_CHARS + (1 << 21)
"""Bytes read past the last game without a new one that end a pick: more bytes than the
characters a game may hold (4 bytes a character at most), so the game in progress is one the
reader skips (BEL008) however long it goes on (``/dev/zero``)."""


class _Budget:
    """A binary stream that counts what is read since :meth:`reset` and stops the reading
    (:class:`_Spent`) past ``limit`` bytes."""

    def __init__(self, stream: BinaryIO, limit: int) -> None:
        self.stream, self.limit, self.used = stream, limit, 0

    def reset(self, limit: int) -> None:
        self.used, self.limit = 0, limit

    def read(self, size: int = -1) -> bytes:
        data = self.stream.read(size if size is not None and size >= 0 else 1 << 20)
        self.used += len(data)
        if self.used > self.limit:
            raise _Spent()
        return data


class _Spent(Exception):
    """More than a game's worth of bytes read without a game."""


def pick_game(what: InputLike, number: int, held: list[Finding] | None = None, name: str | None = None,
              replay: ValidationConfig | None = None) -> PickedGame | InputProblem | None:
    """Game ``number`` (from 1) of an input in any readable format (what ``show`` and ``solve``
    look at), ``None`` when it has fewer games, or what kept the input from being read. Reading
    streams and stops at that game: one game in memory, the games before it skipped unread
    (``.bel``); a game that never ends (``/dev/zero``) is given, empty, with its BEL008 finding
    once more bytes were read than a game may hold. ``held`` (a list), when given, receives the
    findings of an input that held no game (malformed JSON, a log without a deal) or of the game
    asked for when it could not be read at all (then ``None`` is returned). ``name`` is
    the input's name in the findings (and what its format is told by). With ``replay`` (a
    config), a ``.bel`` game is replayed as it is read (:func:`read_game`): its
    :attr:`PickedGame.replay`.

    >>> picked = pick_game(b"deal 1\\nend\\ndeal 1\\ntrick 1 N:AS\\n", 2)
    >>> len(picked.game.deals), [f.code for f in picked.syntax]
    (1, ['BEL006'])
    >>> pick_game(b"deal 1\\nend\\n", 3) is None
    True
    >>> found = []
    >>> pick_game(b'{"games": [', 1, found) is None, [f.code for f in found]
    (True, ['BEL801'])
    """
    found = discover([what])
    if found.problems or not found.sources:
        return found.problems[0] if found.problems else None
    source = found.sources[0]
    opened = open_input(source if name is None else Source(source.path, source.size, source.data, name))
    if isinstance(opened, InputProblem):
        return opened
    # only the game asked for is stopped: a long game before it is skipped as validate skips it
    budget = _Budget(opened.stream, PICK_BUDGET if number == 1 else sys.maxsize)
    counted = opened if not opened.format.game_texts else OpenInput(  # the .bel reader only reads
        opened.source, budget, opened.format)  # type: ignore[arg-type]
    with opened:
        try:
            for item in games_of(counted):
                budget.reset(PICK_BUDGET if item.number + 1 == number else sys.maxsize)
                if isinstance(item, RecordGame) and item.game is None and item.lost:
                    if item.number != number:
                        continue  # another game's finding
                    if held is not None:  # the game asked for could not be read: nothing to give
                        held.extend(read_game(item, opened.name).findings)
                    return None
                if isinstance(item, RecordGame) and item.game is None:
                    if held is not None:
                        held.extend(read_game(item, opened.name).findings)
                    continue
                if item.number == number:
                    read = read_game(item, opened.name, replay)
                    kept = read.replayed[2] if read.replayed is not None else None
                    return PickedGame(read.game or Game(), list(read.findings), kept)
        except _Spent:
            return _never_ending(opened.name, number, budget.limit)
        except (OSError, UnicodeError, MemoryError) as exc:
            return InputProblem.of(opened.name, problem_msg(exc))
    return None


def _never_ending(file: str, number: int, limit: int) -> PickedGame | InputProblem:
    """What a pick says of an input whose game goes on past ``limit`` bytes."""
    message = msg("this game is longer than %(most)s characters (or has no `end` before that much text); it "
                  "was skipped, and reading stopped after %(limit)s bytes of it", most=Number(MAX_GAME_CHARS),
                  limit=Number(limit))
    line = 1 if number == 1 else 0  # where a later game starts is not known here
    finding = Finding.from_issue(syntax_issue(GAME_TOO_LARGE, message, line, 1), file, number)
    return PickedGame(Game(), [finding])
