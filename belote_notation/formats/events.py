"""``events``: the event log we propose to Belote apps (JSON Lines, one event per act).

Documented in ``docs/formats/events.md`` with its JSON Schema (``docs/formats/events.schema.json``).
The events are the reader's own (:mod:`belote_notation.notation.visitor`): the writer is a
:class:`~belote_notation.notation.visitor.Visitor` fed by ``game.accept``, the reader drives
the :class:`~belote_notation.notation.read.build.RecordBuilder` with the events it reads, so a
record read from an event log is built by the same code as one read from ``.bel``.

Output is exact (one canonical line per event, cards named in the game's deck); input is
lenient (cards of either deck or 0..31, seats as letters, numbers or words, the notation's
call and belote words, unknown fields kept as tags or comments).

>>> from belote_notation.notation.records import Deal, Game, Play, Trick
>>> game = Game(deals=[Deal(number=1, tricks=[Trick(number=1, plays=[Play(seat=0, card=7)])])])
>>> print(events_text(game), end="")
{"type": "match_start", "version": 1, "tags": []}
{"type": "deal", "number": 1}
{"type": "trick", "number": 1}
{"type": "card", "seat": "N", "card": "AS"}
{"type": "trick_end"}
{"type": "deal_end"}
{"type": "match_end"}
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TextIO

from belote_notation.formats.base import (
    Format,
    FormatIssue,
    ReadItem,
    Stream,
    binary_stream,
    first_line,
)
from belote_notation.formats.events_reader import (
    FIELD_ALIASES,
    TYPE_ALIASES,
    EventReader,
    read_json_lines,
)
from belote_notation.formats.events_writer import PLAYER_TAGS, VERSION, EventsWriter, events_text
from belote_notation.game.lang import msg
from belote_notation.notation.records import Game

__all__ = [
    "FIELD_ALIASES", "PLAYER_TAGS", "TYPE_ALIASES", "VERSION", "EventReader", "EventsFormat", "EventsWriter",
    "events_text", "read_json_lines",
]


class EventsFormat(Format):
    name = "events"
    title = msg("the event log for apps: JSON Lines, one event per act (docs/formats/events.md)").id
    extensions = (".events.jsonl", ".events")

    def sniff(self, head: bytes) -> bool:
        first = first_line(head)
        return first.startswith(b"{") and b'"type"' in first and (
            b'"match_start"' in first or b'"deal"' in first or b'"start"' in first)

    drop_unknown = False

    def dropping_unknown(self) -> Format:
        variant = EventsFormat()
        variant.drop_unknown = True
        return variant

    def read(self, source: Stream, name: str = "<input>") -> Iterator[ReadItem]:
        return read_json_lines(binary_stream(source), drop_unknown=self.drop_unknown)

    def write(self, games: Iterable[Game], out: TextIO) -> Iterator[FormatIssue]:
        for game in games:
            game.accept(EventsWriter(out))
        return iter(())
