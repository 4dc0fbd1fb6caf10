"""The reader's limits (docs/notation.md, "Limits of the reader") applied by every importer, so
that no format builds a game the reader would refuse, and memory stays bounded whatever the
input: numbers of at most :data:`MAX_DIGITS` digits (:func:`~belote_notation.formats.values.int_value`),
at most :data:`MAX_ITEMS_PER_GAME` items in one game (an event, a row's cells), and lines of at
most :data:`MAX_LINE_BYTES` bytes.

A game that reaches the item limit is read up to there, as the reader does (BEL013 there):
the importer ends it with a BEL801 issue at that line and reads what follows as another game,
so a 60,000-deal log costs the memory of 50,000 items at a time.

>>> budget = GameBudget(limit=3)
>>> [budget.spend(1) for _ in range(4)]
[False, False, False, True]
>>> from belote_notation.game.lang import msg
>>> cut = budget.cut_issue(12, msg("events"))
>>> cut.code, cut.line, cut.message[:34], budget.used
('BEL801', 12, 'this game holds more than 3 events', 0)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from typing import BinaryIO

from belote_notation.formats.base import UNREADABLE, FormatIssue, ReadItem, issue
from belote_notation.game.lang import Listed, Message, Number, msg, msg_n, render
from belote_notation.notation.limits import MAX_DIGITS, MAX_ISSUES_PER_GAME, MAX_ITEMS_PER_GAME
from belote_notation.notation.read.stream import MAX_GAME_CHARS

__all__ = ["MAX_DIGITS", "MAX_ISSUES_PER_GAME", "MAX_ITEMS_PER_GAME", "MAX_LINE_BYTES", "GameBudget",
           "bounded_issues", "bounded_lines"]

MAX_LINE_BYTES = MAX_GAME_CHARS
"""The longest line an importer reads (a longer one is one BEL801 and is not read): as many
bytes as the characters of the largest game."""


class GameBudget:
    """The items spent on the game being read, against the reader's limit."""

    def __init__(self, limit: int = MAX_ITEMS_PER_GAME) -> None:
        self.limit, self.used = limit, 0

    def spend(self, items: int) -> bool:
        """Count ``items`` more; True once the game holds more than the limit."""
        self.used += items
        return self.used > self.limit

    def reset(self) -> None:
        """A new game begins."""
        self.used = 0

    def cut_issue(self, line: int, what: Message) -> FormatIssue:
        """The issue of a game ended at ``line`` because it reached the limit."""
        self.reset()
        return issue(UNREADABLE, msg("this game holds more than %(most)s %(what)s (the reader's limit for a "
                                     "game): it is read up to here, what follows is read as another game",
                                     most=Number(self.limit), what=what), line, line)


def bounded_lines(source: BinaryIO, limit: int = MAX_LINE_BYTES) -> Iterator[bytes | None]:
    """The lines of ``source`` as ``for raw in source`` gives them, each of at most ``limit``
    bytes; a longer line gives ``None`` in its place and is skipped without being held.

    >>> import io
    >>> list(bounded_lines(io.BytesIO(b"ab\\n" + b"x" * 10 + b"\\ncd"), limit=5))
    [b'ab\\n', None, b'cd']
    """
    while True:
        raw = source.readline(limit + 1)
        if not raw:
            return
        if len(raw) <= limit or raw.endswith(b"\n") and len(raw) == limit + 1:
            yield raw
            continue
        while raw and not raw.endswith(b"\n"):  # the rest of the long line, piece by piece
            raw = source.readline(1 << 20)
        yield None


def bounded_issues(items: Iterable[ReadItem]) -> Iterator[ReadItem]:
    """What a format read (:meth:`~belote_notation.formats.base.Format.read`), with at most
    :data:`MAX_ISSUES_PER_GAME` issues listed for each game (those before it, and after the
    last game) as the reader lists its syntax errors; the rest are counted, not kept, and said
    in one issue of the first code left out, at the last line left out. A million bad lines
    then cost the memory of a hundred issues (569 MB in ``validate`` before).

    >>> bad = [issue(UNREADABLE, f"line {n} is not CFN", n, n) for n in range(1, 251)]
    >>> listed = list(bounded_issues(bad))
    >>> len(listed), str(listed[-1])
    (101, 'line 250: BEL801 150 more issues here are not listed (BEL801: 150): the first 100 are')
    """
    listed, left_out, last = 0, Counter[str](), None
    for item in items:
        if not isinstance(item, FormatIssue) or item.lost:  # a lost game keeps its place
            if last is not None:
                yield _left_out(left_out, last)
            listed, left_out, last = 0, Counter(), None
            yield item
        elif listed < MAX_ISSUES_PER_GAME:
            listed += 1
            yield item
        else:
            left_out[item.code] += 1
            last = last or item
            last = FormatIssue(last.code, last.severity, last.message, item.line, item.event, "", item.col)
    if last is not None:
        yield _left_out(left_out, last)


def _left_out(counts: Counter[str], last: FormatIssue) -> FormatIssue:
    codes = Listed(tuple(msg("%(code)s: %(count)s", code=code, count=Number(count))
                         for code, count in sorted(counts.items())))
    said = msg_n("%(total)s more issues here are not listed (%(codes)s): the first %(first)s are",
                 "%(total)s more issues here are not listed (%(codes)s): the first %(first)s are", "total",
                 total=Number(sum(counts.values())), codes=codes, first=MAX_ISSUES_PER_GAME)
    return FormatIssue(last.code, last.severity, render(said), last.line, last.event, "", last.col, msg=said)
