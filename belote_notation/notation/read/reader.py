"""Reading .bel text: one reader reporting events to a visitor, streaming, never raising on input.

>>> games = parse_text('deal 1 dealer N\\ntrick 1 N:AS E:7S S:8S W:9S\\nend *\\n')
>>> games[0].errors, games[0].game.deals[0].tricks[0].plays[0].card
([], 7)

How it works (docs/notation.md has the notation itself):

1. :func:`iter_game_texts` cuts the stream into game texts without parsing (flat memory).
2. :func:`read_game_events` reads one game's text and reports it to a
   :class:`~belote_notation.notation.visitor.Visitor` (:mod:`.game_reader`): the game is cut at
   its ``deal``/``end`` keywords into pieces; a deal in the canonical layout is read without
   Lark, anything else is parsed by Lark's LALR parser built from ``belote.lark``, with error
   recovery, and both hand their tokens to the same section readers (:mod:`.sections`).
3. :class:`~belote_notation.notation.read.build.RecordBuilder` is the visitor that builds the
   records; :func:`iter_games` and :func:`parse_text` use it. It is imported when first used
   (this module's ``ParsedGame`` and ``RecordBuilder`` too): a visitor of the events, as the
   checks are, needs neither the records nor pydantic.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar, overload

from belote_notation.game.lang import Number, msg
from belote_notation.notation.issues import INTERNAL_ERROR, NO_GAME, TOO_MANY_ITEMS, SyntaxIssue
from belote_notation.notation.limits import MAX_ISSUES_PER_GAME, MAX_ITEMS_PER_GAME
from belote_notation.notation.read.game_reader import GameReader
from belote_notation.notation.read.stream import GameText, Source, iter_game_texts, text_source
from belote_notation.notation.read.tokens import Issues, ItemsExceeded
from belote_notation.notation.visitor import SKIP, Visitor

if TYPE_CHECKING:
    from belote_notation.notation.read.build import ParsedGame, RecordBuilder

__all__ = [
    "MAX_ISSUES_PER_GAME",
    "GameText",
    "ParsedGame",
    "RecordBuilder",
    "SyntaxIssue",
    "iter_game_texts",
    "iter_games",
    "parse_game_text",
    "parse_text",
    "read_game_events",
    "read_games",
    "text_source",
]

T = TypeVar("T")


def read_game_events(text: str | GameText, visitor: Visitor[T], name: str | None = None,
                     first_line: int = 1) -> T:
    """Read the text of one game, report it to ``visitor``; returns ``visitor.result()``.

    Positions are file positions (``first_line``: where the text starts in its file). ``text``
    may be a :class:`GameText` from :func:`iter_game_texts`: its own issues (bad UTF-8, an
    oversized game) are reported and its ``first_line`` and ``index`` are used.

    >>> from belote_notation.notation.visitor import HeadersVisitor
    >>> read_game_events('[Site "x"]\\ndeal 1\\nend\\n', HeadersVisitor())
    [('Site', 'x')]
    """
    index = 0
    early: tuple[SyntaxIssue, ...] = ()
    if isinstance(text, GameText):
        first_line, index, early = text.first_line, text.index, text.issues
        text = text.text
    _read(text, visitor, name, first_line, index, early)  # type: ignore[arg-type]
    return visitor.result()


def _read(text: str, visitor: Visitor[object], name: str | None, first_line: int, index: int,
          early: tuple[SyntaxIssue, ...]) -> None:
    blank = not text or text.isspace()
    # An empty game is at no place of the text: (0, 0), like a record not read from text.
    if (visitor.begin_game(index, 0, 0) if blank else visitor.begin_game(index, first_line, 1)) is SKIP:
        return
    issues = Issues(visitor, name)
    for issue in early:
        issues.add(issue)
    if blank:
        if not early:
            issues.report(NO_GAME, msg("no game here: the input is empty"), first_line, 1)
        visitor.end_headers()
        visitor.end_game()
        return
    if "\\" in text:  # a fast scan: most texts have no escape, and no call is made for them
        text = _within_escapes(text, issues, first_line)
    reader = GameReader(text, visitor, issues, first_line)
    head_read = False
    try:
        pos = reader.head()
        head_read = True
        if visitor.end_headers() is not SKIP:
            reader.body(pos)
            if issues.cut_at is not None:  # issues.stop_if_cut(), without its call in the common game
                issues.stop_if_cut()
            if not reader.tail_seen:
                reader.missing_end()
    except ItemsExceeded as stop:
        issues.report(TOO_MANY_ITEMS, msg("this game holds more than %(most)s items (plays, calls, cards, "
                                          "comments, NAGs...); it is read up to here",
                                          most=Number(MAX_ITEMS_PER_GAME)), stop.line, stop.col)
        if not head_read:
            visitor.end_headers()
        _close(reader, visitor)
    except Exception as exc:  # noqa: BLE001 - the reader never raises on input
        issues.report(INTERNAL_ERROR, msg("internal error while reading this game: %(detail)s",
                                          detail=repr(exc)), first_line, 1)
        _close(reader, visitor)
    visitor.end_game()


def _within_escapes(text: str, issues: Issues, first_line: int) -> str:
    """``text``, or the lines of it before its backslash past :data:`MAX_ITEMS_PER_GAME` (each
    escape is an item: Python's regular expressions keep about 100 bytes per escape they cross,
    so 8 MB of ``\\"`` took 900 MB); ``issues.cut_at`` then says where reading stops."""
    if text.count("\\") <= MAX_ITEMS_PER_GAME:
        return text
    at = -1
    for _ in range(MAX_ITEMS_PER_GAME + 1):
        at = text.find("\\", at + 1)
    line_start = text.rfind("\n", 0, at) + 1
    issues.cut_at = (first_line + text.count("\n", 0, at), at - line_start + 1)
    return text[:line_start]


def _close(reader: GameReader, visitor: Visitor[object]) -> None:
    """After an internal error: end what was begun, so the events stay balanced."""
    if reader.deal is not None:
        for _ in range(reader.deal.depth):
            visitor.end_variation()
        reader.end_deal()


def __getattr__(name: str) -> Any:
    """``ParsedGame`` and ``RecordBuilder``, from :mod:`.build` on first use."""
    if name in ("ParsedGame", "RecordBuilder"):
        from belote_notation.notation.read import build

        return getattr(build, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@overload
def read_games(source: Source, visitor_factory: None = None,
               name: str | None = None) -> Iterator[ParsedGame]: ...


@overload
def read_games(source: Source, visitor_factory: Callable[[], Visitor[T]],
               name: str | None = None) -> Iterator[T]: ...


def read_games(source: Source, visitor_factory: Callable[[], Visitor[Any]] | None = None,
               name: str | None = None) -> Iterator[Any]:
    """Read games one at a time from a path or an open file (text or binary), flat memory:
    each game is reported to a new ``visitor_factory()`` (by default the record builder:
    :class:`ParsedGame` results) and its result yielded.

    Never raises on bad content; a path that cannot be opened raises ``OSError``.

    >>> from belote_notation.notation.visitor import HeadersVisitor
    >>> list(read_games(text_source('[A "1"]\\nend\\n[A "2"]\\nend\\n'), HeadersVisitor))
    [[('A', '1')], [('A', '2')]]
    """
    factory = visitor_factory
    if factory is None:
        from belote_notation.notation.read.build import RecordBuilder

        factory = RecordBuilder
    if name is None and not hasattr(source, "read"):
        name = os.fspath(source)
    for game_text in iter_game_texts(source, name):
        yield read_game_events(game_text, factory(), name)


def iter_games(source: Source, name: str | None = None) -> Iterator[ParsedGame]:
    """Read games as records one at a time from a path or an open file (flat memory).

    Never raises on bad content; a path that cannot be opened raises ``OSError``.
    """
    return read_games(source, name=name)


def parse_game_text(text: str | GameText, name: str | None = None,
                    first_line: int = 1) -> ParsedGame:
    """The records of the text of one game (see :func:`read_game_events`)."""
    from belote_notation.notation.read.build import RecordBuilder

    return read_game_events(text, RecordBuilder(), name, first_line)


def parse_text(text: str, name: str = "<string>") -> list[ParsedGame]:
    """Parse every game of a string."""
    return list(iter_games(text_source(text), name))
