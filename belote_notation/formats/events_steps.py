"""The event reader's shortcuts (:mod:`belote_notation.formats.events_reader`): an event line
read before, kept as a :class:`Step` and replayed without decoding its JSON again, and the
canonical trick or hand matched by the line scanner in one piece (:func:`read_trick`,
:func:`read_hand`).

A shortcut does what the event's handler does with the values it read; it declines (returns
``False``) when the place of the line does not allow it (then the line is read in full), so
the records and issues are those of the plain reading.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from belote_notation.formats.events_frame import EventFrame
from belote_notation.formats.events_scan import FAST
from belote_notation.game.cards import SEAT_NAMES
from belote_notation.notation.visitor import Action, HandSection, Mark, ScoreKind

__all__ = [
    "CallStep", "CardStep", "DealEndStep", "DealStep", "OfferStep", "ScoreStep", "Step", "TrickEndStep",
    "TrickStep", "read_hand", "read_trick",
]

_SEAT_BYTES = {letter.encode(): seat for seat, letter in enumerate(SEAT_NAMES)}
_NO_MARKS = (None, None, None, None)


class Step:
    """A line read before, replayed on the reader (``False``: read the line in full)."""

    __slots__ = ()

    def replay(self, reader: EventFrame, line: int) -> bool:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class CardStep(Step):
    """A canonical ``card`` event, in an open trick."""

    seat: int
    card: int
    mark: Mark | None

    def replay(self, reader: EventFrame, line: int) -> bool:
        if reader.pending is None or reader.trick_is_full():
            return False
        reader.pending.add(self.seat, self.card, self.mark, line)
        reader.cards_in_trick += 1
        return True


@dataclass(frozen=True, slots=True)
class DealStep(Step):
    """A ``deal`` event, in a game."""

    number: int | None
    dealer: int | None

    def replay(self, reader: EventFrame, line: int) -> bool:
        if not reader.open:
            return False
        reader.line = line
        reader.flush()
        reader.open_deal(self.number, self.dealer)
        return True


class _InDeal(Step):
    """A step of a deal's main line (outside any variation)."""

    __slots__ = ()

    def replay(self, reader: EventFrame, line: int) -> bool:
        if reader.depth or not reader.in_deal:
            return False
        reader.line = line
        self.apply(reader, line)
        return True

    def apply(self, reader: EventFrame, line: int) -> None:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class ScoreStep(_InDeal):
    """A ``deal_score``, ``match_score`` or ``pot`` event."""

    kind: ScoreKind
    ns: int
    ew: int | None

    def apply(self, reader: EventFrame, line: int) -> None:
        reader.flush()
        reader.enter("scores")
        reader.builder.visit_score(self.kind, self.ns, self.ew, line, 1)


@dataclass(frozen=True, slots=True)
class CallStep(_InDeal):
    """A ``call`` event (its round as written: ``None`` when left out)."""

    seat: int | None
    action: Action
    suit: int | None
    round: int | None
    value: int | None

    def apply(self, reader: EventFrame, line: int) -> None:
        reader.flush()
        reader.enter("bidding")
        reader.calls += 1
        reader.round = self.round if self.round is not None else (2 if reader.calls > 4 else 1)
        visit_call = reader.builder.visit_call
        if self.value is None:
            visit_call(self.seat, self.action, self.suit, reader.round, line, 1)
        else:
            visit_call(self.seat, self.action, self.suit, reader.round, line, 1, self.value)


@dataclass(frozen=True, slots=True)
class OfferStep(_InDeal):
    """An ``offer`` event."""

    card: int

    def apply(self, reader: EventFrame, line: int) -> None:
        reader.flush()
        reader.enter("offer")
        reader.builder.visit_offer(self.card, line, 1)


@dataclass(frozen=True, slots=True)
class DealEndStep(_InDeal):
    """A ``deal_end`` event."""

    def apply(self, reader: EventFrame, line: int) -> None:
        reader.end_deal()


@dataclass(frozen=True, slots=True)
class TrickStep(_InDeal):
    """A ``trick`` event with its number."""

    number: int

    def apply(self, reader: EventFrame, line: int) -> None:
        reader.flush()
        reader.enter_tricks(line)
        reader.open_trick(self.number, line)


@dataclass(frozen=True, slots=True)
class TrickEndStep(Step):
    """A ``trick_end`` event with its winner, closing an open trick."""

    winner: int

    def replay(self, reader: EventFrame, line: int) -> bool:
        if reader.depth or not reader.in_deal or reader.pending is None:
            return False
        reader.line = line
        reader.flush(self.winner)
        reader.in_trick = False
        return True


def _group(name: str) -> int:
    """The index of the scanner's group ``name`` in ``match.groups()`` (one call for all the
    groups: four times faster than fetching them by name)."""
    return FAST.groupindex[name] - 1


_NUMBER, _WINNER = _group("number"), _group("winner")
_SEATS = slice(_group("seat1"), _group("seat4") + 1, _group("seat2") - _group("seat1"))
_CARDS = slice(_group("card1"), _group("card4") + 1, _group("card2") - _group("card1"))
_MARKS = slice(_group("mark1"), _group("mark4") + 1, _group("mark2") - _group("mark1"))
_HAND, _HAND_SEAT, _HAND_CARDS = _group("hand"), _group("hand_seat"), _group("cards")


def read_hand(reader: EventFrame, match: re.Match[bytes], line: int) -> bool:
    """A canonical hand line (the scanner's ``hand`` match) given to the builder as its event
    would be; ``False`` when its place or its cards do not allow it."""
    if reader.depth or not reader.in_deal:
        return False
    names = reader.byte_names
    reader.line = line
    groups = match.groups()
    listed = groups[_HAND_CARDS]
    cards = list(map(names.get, listed[1:-1].split(b'", "'))) if listed else []
    if None in cards:
        return False
    if reader.pending is not None:
        reader.flush()
    section: HandSection = groups[_HAND].decode()  # type: ignore[assignment]
    reader.enter(section)
    reader.builder.visit_hand(section, _SEAT_BYTES[groups[_HAND_SEAT]], cards,  # type: ignore[arg-type]
                              [(line, 1)] * len(cards), line, 1)
    return True


def read_trick(reader: EventFrame, match: re.Match[bytes], line: int) -> bool:
    """A canonical trick (the scanner's six-line ``trick`` match, from ``line``) given to the
    builder as its events would be; ``False`` when its place or its cards do not allow it."""
    if reader.depth or not reader.in_deal:
        return False
    names = reader.byte_names
    reader.line = line
    groups = match.groups()
    card1, card2, card3, card4 = groups[_CARDS]
    cards = [names.get(card1), names.get(card2), names.get(card3), names.get(card4)]
    if None in cards:
        return False
    if reader.pending is not None:
        reader.flush()
    if reader.section != "trick":
        reader.enter_tricks(line)
    reader.trick = int(groups[_NUMBER])
    reader.line = line + 5
    seat1, seat2, seat3, seat4 = groups[_SEATS]
    seats = [_SEAT_BYTES[seat1], _SEAT_BYTES[seat2], _SEAT_BYTES[seat3], _SEAT_BYTES[seat4]]
    marks = groups[_MARKS]
    winner = groups[_WINNER]
    reader.builder.visit_trick(
        reader.trick, line, 1, seats, cards,  # type: ignore[arg-type]
        _NO_MARKS if marks == _NO_MARKS else [None if m is None else m.decode() for m in marks],  # type: ignore[misc]
        [(line + 1, 1), (line + 2, 1), (line + 3, 1), (line + 4, 1)],
        None if winner is None else _SEAT_BYTES[winner], None if winner is None else (line + 5, 1))
    reader.in_trick = False
    return True
