"""The reader of the ``events`` log (:mod:`belote_notation.formats.events`): lenient event lines
into games through a :class:`~belote_notation.notation.read.build.RecordBuilder`, one game at a time.

The parts: the line scanner (:mod:`~belote_notation.formats.events_scan`), the handler of each
event type (:mod:`~belote_notation.formats.events_translate`) over the reader's frame and field
readers (:mod:`~belote_notation.formats.events_frame`), and the shortcuts for what the writer
prints most, which give the same records (:mod:`~belote_notation.formats.events_steps`): a
canonical trick or hand read by one match of the scanner, a line read before replayed from its
cached step.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Iterator
from typing import Any, BinaryIO

from belote_notation.formats.base import ReadItem
from belote_notation.formats.events_frame import FIELD_ALIASES, TYPE_ALIASES
from belote_notation.formats.events_scan import decode_line, is_trick, pieces
from belote_notation.formats.events_steps import Step, read_hand, read_trick
from belote_notation.formats.events_translate import HANDLERS, EventReader
from belote_notation.formats.limits import GameBudget
from belote_notation.game.lang import msg

__all__ = ["FIELD_ALIASES", "HANDLERS", "TYPE_ALIASES", "EventReader", "Translate", "read_json_lines"]


Translate = Callable[[dict[str, Any], int, EventReader], Iterable[dict[str, Any]]]
"""A foreign log's message (a JSON object, its line, the reader for issues) as our events."""


def _as_is(event: dict[str, Any], line: int, reader: EventReader) -> Iterable[dict[str, Any]]:
    return (event,)


def read_json_lines(source: BinaryIO, translate: Translate = _as_is,
                    drop_unknown: bool = False) -> Iterator[ReadItem]:
    """Games from JSON Lines of events (or of a foreign log's messages, through ``translate``),
    one at a time, each after the issues found in it; ``drop_unknown``: leave unknown fields
    out instead of keeping them as comments (BEL805).

    >>> import io
    >>> text = b'{"type": "deal", "number": 1}\\n{"type": "card", "seat": "N", "card": "AS"}\\n'
    >>> [type(item).__name__ for item in read_json_lines(io.BytesIO(text))]
    ['Game']
    """
    return _read_json_lines(source, translate, drop_unknown)


def _read_json_lines(source: BinaryIO, translate: Translate,
                     drop_unknown: bool = False) -> Generator[ReadItem, None, None]:
    reader = EventReader()
    reader.drop_unknown = drop_unknown
    seen: dict[bytes, dict[str, Any]] = {}
    """Lines already decoded (a log repeats its card lines): bounded, so memory stays flat.
    The events are only read, never changed, so a decoded line is shared."""
    steps: dict[bytes, Step] = {}
    """Lines already read that can be replayed as steps (for the current deck)."""
    names = reader.names
    own = translate is _as_is
    replay = reader.replay
    budget = GameBudget()  # the reader's items per game: one event, one item (a trick's six lines: six)
    for first, piece, match in pieces(source, own):
        if budget.spend(1 if match is None or not is_trick(match) else 6) and reader.open:
            cut = budget.cut_issue(first, msg("events"))
            yield from _drain(reader)
            game = reader.finish()
            yield cut
            if game is not None:
                yield game
        lines: Iterable[tuple[int, bytes]] = ((first, piece),)
        if match is not None:
            if (read_trick if is_trick(match) else read_hand)(reader, match, first):
                continue
            lines = enumerate(match[0].splitlines(keepends=True), first)
        for number, raw in lines:
            if own:
                step = steps.get(raw)
                if step is not None and reader.names is names and replay(step, number):
                    continue
            message = seen.get(raw)
            if message is None:
                message = decode_line(raw, number, reader.issues)
                if message is None:
                    continue
                if len(raw) < 120:
                    if len(seen) > 4096:
                        seen.clear()
                    seen[raw] = message
            reader.line = number
            for event in (message,) if own else translate(message, number, reader):
                game = reader.feed(event, number)
                if reader.step is not None:
                    if reader.names is not names:
                        names, steps = reader.names, {}
                    if len(steps) < 4096:
                        steps[raw] = reader.step
                    reader.step = None
                if reader.issues:
                    yield from _drain(reader)
                if game is not None:
                    budget.reset()
                    yield game
            if reader.issues:
                yield from _drain(reader)
    game = reader.finish()
    yield from _drain(reader)
    if game is not None:
        yield game


def _drain(reader: EventReader) -> Iterator[ReadItem]:
    """The issues found so far, handed on (and forgotten by the reader)."""
    yield from reader.issues
    reader.issues.clear()
