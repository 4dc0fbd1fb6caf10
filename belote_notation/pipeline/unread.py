"""The games a command could not read whole: the one rule of what they are, and their count.

A game is read whole when it holds a record and no error among its reading's findings
(:attr:`~belote_notation.pipeline.records.ReadGame.readable`): an unreadable token of ``.bel``
(BEL0xx), a game of the JSON twin that is not a game or a twin cut short (BEL801), a line of a
log that is not readable. A command that reads games to count, keep or draw them never uses
what it read of such a game silently: :class:`Unread` lists each with its place, and the
command exits 1 (issue 38: "nothing silently partial").

>>> from belote_notation.pipeline.inputs import Source, open_input
>>> from belote_notation.pipeline.records import records_of
>>> unread = Unread()
>>> with open_input(Source("t.bel", data=b"deal 1\\nend\\ndeal 1\\ntrick 1 N:ZZ\\nend\\n")) as opened:
...     [read.number for read in unread.whole(records_of(opened))]
[1]
>>> print("\\n".join(line[:39] for line in unread.lines()))
t.bel:4:9: error BEL001 expected a play
1 game could not be read whole (left ou
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from belote_notation.game.lang import Message, Number, msg, msg_n
from belote_notation.game.lang.render import say

if TYPE_CHECKING:
    from belote_notation.check.findings import Finding
    from belote_notation.pipeline.records import ReadGame

__all__ = ["MAX_LISTED", "Unread", "why_not_whole"]

MAX_LISTED = 1000
"""Findings of games not read whole that are kept to list; past it they are counted only."""


def why_not_whole(read: ReadGame) -> list[Finding]:
    """The findings that say why ``read`` was not read whole: its errors, or every finding of an
    input that held no game (none when it was read whole)."""
    if read.readable:
        return []
    return [f for f in read.findings if not read.has_game or f.severity == "error"]


@dataclass(slots=True)
class Unread:
    """The games of a run that were not read whole: how many, and their findings (the first
    :data:`MAX_LISTED`). Small and picklable: a cluster's workers send theirs back."""

    games: int = 0
    findings: list[Finding] = field(default_factory=list)
    more: int = 0
    """Findings past :data:`MAX_LISTED`, counted only."""

    def __bool__(self) -> bool:
        return self.games > 0

    def add(self, read: ReadGame) -> bool:
        """Whether ``read`` was read whole; if not, it is counted here with its findings (its
        errors; every finding of an input that held no game)."""
        if read.readable:
            return True
        self.games += 1
        for finding in why_not_whole(read):
            if len(self.findings) < MAX_LISTED:
                self.findings.append(finding)
            else:
                self.more += 1
        return False

    def whole(self, games: Iterable[ReadGame]) -> Iterator[ReadGame]:
        """The games of ``games`` read whole, in order; the others are counted here."""
        return (read for read in games if self.add(read))

    def join(self, other: Unread) -> Unread:
        """This count and ``other``'s together (the parts of a run, in order)."""
        room = max(0, MAX_LISTED - len(self.findings))
        self.findings.extend(other.findings[:room])
        self.more += other.more + max(0, len(other.findings) - room)
        self.games += other.games
        return self

    def lines(self, fate: Message | None = None) -> Iterator[str]:
        """What a command says of these games, in the language asked (:func:`~belote_notation.
        game.lang.render.say`): each finding at its place, then how many games (``fate``: what
        the command did with them, by default ``left out``)."""
        for finding in self.findings:
            yield str(finding)
        if self.more:
            yield say(msg_n("... and %(n)s more findings", "... and %(n)s more findings", "n",
                            n=Number(self.more)))
        if self.games:
            yield say(msg_n("%(n)s game could not be read whole (%(fate)s): the findings above say "
                            "where", "%(n)s games could not be read whole (%(fate)s): the findings above "
                            "say where", "n", n=Number(self.games), fate=fate or msg("left out")))
