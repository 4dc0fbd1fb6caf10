"""A game's canonical text from its parts as read, no records built: what ``dedupe`` and
``select`` write of a game read straight into the checks.

The parts are a deal's as the reader hands them over (the names of
:data:`~belote_notation.notation.visitor.PART_FIELDS`: ``five``, ``offer``, ``bids``, ``rest``,
``hands``, ``announcements``, ``tricks`` with their ``seats``, ``cards``, ``marks`` and
``winner``, ``score``, ``match_score``, ``pot``). A deal with review material (glyphs, NAGs,
comments, alternative lines) is not one of these: it is written from its records. The layout
is the writer's own (:mod:`.writer`: one owner), so the text is the one
:func:`~.writer.write_game` writes of the same game's records, byte for byte (a test compares
them over the samples and generated games of every rule system).

>>> from types import SimpleNamespace as Part
>>> trick = Part(number=1, seats=[0, 1, 2, 3], cards=[7, 15, 6, 5], marks=[None] * 4, winner=None)
>>> deal = Part(number=1, dealer=0, five=[], offer=None, bids=[], rest=[], hands=[], announcements=[],
...             tricks=[trick], score=Part(ns=20, ew=0), match_score=None, pot=None)
>>> read = ReadDeal(deal, [trick.seats], [], deal.score)
>>> print(write_read_game([("Rules", "classic")], [read], "NS"), end="")
[Rules "classic"]
<BLANKLINE>
deal 1 dealer N
trick 1 N:AS E:AH S:KS W:QS
score 20 0
<BLANKLINE>
end NS
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from belote_notation.game.cards import SEAT_NAMES
from belote_notation.notation.headers import Tag, game_deck
from belote_notation.notation.write.writer import _number, _seat, _Writer, game_end, game_head

__all__ = ["ReadDeal", "write_read_game"]


class ReadDeal(NamedTuple):
    """One deal to write: its parts, and the parts the checks may replace as they replay a deal,
    as they were read (each trick's seats, contrée's ``rest``, the ``score`` line)."""

    deal: Any
    seats: Sequence[Sequence[int | None]]
    rest: Sequence[Any]
    score: Any


_SEATED: dict[int | None, str] = {None: "", **{seat: name + ":" for seat, name in enumerate(SEAT_NAMES)}}
_CONTRACTS = frozenset({"bid", "capot", "generale", "take"})
"""The calls the writer's own rule writes (a contract or a suit named)."""
_HEADS = ["trick " + str(number) for number in range(10)]
"""``trick N`` of the numbers a deal's tricks have (any other made by the writer's rule)."""


class _PartsWriter(_Writer):
    """The writer's layout, a trick taken as its parallel seats, cards and marks. The parts
    are the reader's: a card is one of the deck's 0..31 and a seat one of 0..3 or ``None``
    (anything else is the writer's error, as for a record)."""

    _made: dict[Any, tuple[list[str], list[str], list[list[str]]]] = {}
    """The names of each deck's cards, alone, after a space and after each seat (made once)."""

    def __init__(self, deck: Any) -> None:  # the writer's own __init__ once a deck: its names are made once
        made = self._made.get(deck)
        if made is None:
            super().__init__(deck)
            made = self._made[deck] = (self.names, [" " + name for name in self.names],
                                       [[f"{seat}:{name}" for name in self.names] for seat in SEAT_NAMES])
        self.deck = deck
        self.names, self.spaced, self.seated = made

    def cards(self, cards: Iterable[int]) -> str:
        try:
            return "".join([self.spaced[card] for card in cards])
        except (IndexError, TypeError):
            return super().cards(cards)

    def hand(self, keyword: str, hand: Any) -> str:
        seat = hand.seat
        if 0 <= seat <= 3:
            return f"{keyword} {SEAT_NAMES[seat]}{self.cards(hand.cards)}"
        return super().hand(keyword, hand)

    def bid_text(self, bid: Any) -> str:
        """A pass, a double or a redouble at once; any other call by the writer's rule."""
        seated = _SEATED.get(bid.seat)
        if seated is None or bid.suit is not None or bid.action in _CONTRACTS:
            return super().bid_text(bid)
        return seated + str(bid.action)

    def read_trick(self, trick: Any, seats: Sequence[int | None]) -> str:
        """``trick N`` and its plays."""
        number = trick.number
        head = _HEADS[number] if 0 <= number < 10 else "trick " + _number(number, "trick number")
        seated = self.seated
        try:
            plays = [seated[seat][card] for seat, card in zip(seats, trick.cards, strict=True)]  # type: ignore[index]
        except (IndexError, TypeError):  # a seat left out
            plays = [(_seat(seat) + ":" if seat is not None else "") + self.card(card)
                     for seat, card in zip(seats, trick.cards, strict=True)]
        marks = trick.marks
        if any(marks):
            plays = [text if mark is None else f"{text} {mark}"
                     for text, mark in zip(plays, marks, strict=True)]
        if trick.winner is not None:
            plays.append("winner " + _seat(trick.winner))  # token: the notation's keyword
        return head + " " + " ".join(plays) if plays else head

    def read_deal(self, read: ReadDeal, lines: list[str]) -> None:
        deal = read.deal
        tricks = [self.read_trick(t, s) for t, s in zip(deal.tricks, read.seats, strict=True)]
        self.deal_lines(deal, lines, (), self.bid_text, self.announcement_text, tricks, read.rest, read.score)


def write_read_game(tags: Sequence[tuple[str, str]], deals: Iterable[ReadDeal], result: str | None,
                    preamble: Sequence[str] = (), comments: Sequence[str] = ()) -> str:
    """The canonical text of a game from its parts as read: its tag pairs, its deals (none with
    review material), the result after ``end``, the comments before its tag pairs and its
    game comments (:func:`~.writer.write_game`'s text of the same game; its
    :class:`~.writer.NotationWriteError` when a part cannot be written)."""
    pairs = [Tag(name, value) for name, value in tags]
    writer = _PartsWriter(game_deck(pairs))
    lines = game_head(preamble, pairs, comments)
    for read in deals:
        writer.read_deal(read, lines)
        lines.append("")
    lines.append(game_end(result))
    return "\n".join(lines) + "\n"
