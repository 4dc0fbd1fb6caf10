"""What the checks keep of a deal while its events go by: plain slotted classes, no validation.

The :class:`~belote_notation.check.checker.GameChecker` fills a :class:`DealFacts` from the
reader's events (or from ``game.accept``), then the phase checks of
:mod:`belote_notation.check.deal` replay it through the engine. Every fact keeps the file
position of the token it comes from, so that a finding can point at it.

A canonical deal read by the compiled reader comes made of these classes at once
(``GameChecker.DEAL_PARTS``): their slots hold the notation's names of each part's fields
(:data:`belote_notation.notation.visitor.PART_FIELDS`), and any slot the notation does not name
(``variations``) starts as ``None``, as ``__init__`` sets it. Compiled, each part class keeps its
fields in a type of the reader (``_canon.part_fields``), which the reader fills and the engine
reads in place (``_play.record_fields``); docs/speed.md "The hand-over between the reader and the
engine".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from belote_notation.game.compiled import compiled
from belote_notation.game.lang import Message

__all__ = [
    "AnnouncementFact", "BidFact", "DealFacts", "HandFact", "Item", "OfferFact", "PlayFact",
    "READ_IN_PLACE", "ScoreFact", "TrickFact", "UnreadTrick", "Variation",
]

Position = tuple[int, int]

_HAND = ("bits", "cards", "col", "line", "positions", "seat")
_OFFER = ("card", "col", "line")
_BID = ("action", "col", "line", "round", "seat", "suit", "value", "variations")
_ANNOUNCEMENT = ("before_card", "cards", "col", "kind", "line", "positions", "seat", "trick", "variations")
_TRICK = ("cards", "col", "line", "marks", "number", "positions", "seats", "variations", "winner",
          "winner_pos")
_SCORE = ("col", "ew", "line", "ns")
_DEAL = ("announcements", "bids", "col", "dealer", "fingerprint", "five", "hands", "line", "match_score",
         "number", "offer", "pot", "pot_pos", "rest", "score", "tricks")


def _fields(names: tuple[str, ...]) -> type:
    """The compiled reader's type of a part's fields (``_canon.part_fields``, ``_parts.c``): it
    fills a part of a subclass with no slot of its own where that type puts the fields, with no
    descriptor call each (some 185 a deal); ``object`` without the extension."""
    def load() -> type:
        from belote_notation.notation.read import _canon

        return _canon.part_fields(names)

    return compiled(load) or object


def _slots(base: type, names: tuple[str, ...]) -> tuple[str, ...]:
    """A part class's ``__slots__``: its names, or none of its own over a compiled base."""
    return names if base is object else ()


if TYPE_CHECKING:
    _HandBase = object
    _OfferBase = object
    _BidBase = object
    _AnnouncementBase = object
    _TrickBase = object
    _ScoreBase = object
    _DealBase = object
else:
    _HandBase, _OfferBase, _BidBase, _AnnouncementBase, _TrickBase, _ScoreBase, _DealBase = map(
        _fields, (_HAND, _OFFER, _BID, _ANNOUNCEMENT, _TRICK, _SCORE, _DEAL))

_BITS = {card: 1 << card for card in range(32)}
"""Each card's bit, by card (a dict: a number out of 0..31 is a ``KeyError``, not a wrapped index)."""


class HandFact(_HandBase):
    """Cards of one seat (five, rest or hand), with the position of each card.

    ``bits`` is the sum of the cards' bits when every card is one of the deck's 0..31 (their
    mask when none is written twice), else ``None``.

    >>> HandFact(0, [0, 3], [(1, 8), (1, 11)], 1, 1).bits, HandFact(0, [3, 3, 40], [], 1, 1).bits
    (9, None)
    """

    __slots__ = _slots(_HandBase, _HAND)

    def __init__(self, seat: int, cards: Sequence[int], positions: Sequence[Position], line: int,
                 col: int) -> None:
        self.seat, self.cards, self.positions, self.line, self.col = seat, cards, positions, line, col
        try:
            # ~3x fewer interpreter steps than or-ing bit by bit; duplicates are found on the deal
            self.bits: int | None = sum(map(_BITS.__getitem__, cards))
        except (KeyError, TypeError):  # a number that is not a card of the deck (a record made in Python)
            self.bits = None


class OfferFact(_OfferBase):
    """The face-up offer card."""

    __slots__ = _slots(_OfferBase, _OFFER)

    def __init__(self, card: int, line: int, col: int) -> None:
        self.card, self.line, self.col = card, line, col


class BidFact(_BidBase):
    """One call; ``variations`` are the alternative lines written after it."""

    __slots__ = _slots(_BidBase, _BID)

    def __init__(self, seat: int | None, action: str, suit: int | None, round: int, line: int,
                 col: int, value: int | None = None) -> None:
        self.seat, self.action, self.suit, self.round = seat, action, suit, round
        self.value = value
        """The points of a contrée bid."""
        self.line, self.col = line, col
        self.variations: list[Variation] | None = None


class PlayFact:
    """One card played (``mark``: belote or rebelote said with it)."""

    __slots__ = ("card", "col", "line", "mark", "seat", "variations")

    def __init__(self, seat: int | None, card: int, mark: str | None, line: int, col: int) -> None:
        self.seat, self.card, self.mark, self.line, self.col = seat, card, mark, line, col
        self.variations: list[Variation] | None = None


class AnnouncementFact(_AnnouncementBase):
    """A declared sequence, carré or belote (its variations are read but not replayed), with
    the position of each card shown."""

    __slots__ = _slots(_AnnouncementBase, _ANNOUNCEMENT)

    def __init__(self, seat: int, kind: str, cards: Sequence[int], trick: int | None,
                 before_card: int | None, line: int, col: int, positions: Sequence[Position] = ()) -> None:
        self.seat, self.kind, self.cards, self.trick = seat, kind, cards, trick
        self.before_card, self.line, self.col, self.positions = before_card, line, col, positions
        self.variations: list[Variation] | None = None


Item = BidFact | PlayFact
Variation = list[Item]
"""An alternative line: the calls or plays that replace the item it follows."""


class TrickFact(_TrickBase):
    """``trick N`` with its plays and the recorded winner (and where the winner is written).

    The plays are kept as parallel sequences (no object per card: ~1 us a card less when the
    reader gives a whole trick at once): ``seats[i]`` played ``cards[i]`` saying ``marks[i]``,
    written at ``positions[i]``; ``variations`` maps a play's index to its alternative lines.
    """

    __slots__ = _slots(_TrickBase, _TRICK)

    def __init__(self, number: int, line: int, col: int, seats: Sequence[int | None] = (),
                 cards: Sequence[int] = (), marks: Sequence[str | None] = (),
                 positions: Sequence[Position] = ()) -> None:
        self.number, self.line, self.col = number, line, col
        self.seats, self.cards, self.marks, self.positions = seats, cards, marks, positions
        self.variations: dict[int, list[Variation]] | None = None
        self.winner: int | None = None
        self.winner_pos: Position = (line, col)

    @property
    def plays(self) -> list[PlayFact]:
        """The plays as objects, made on demand (partial records, end-of-deal notes)."""
        out = []
        lines = self.variations or {}
        for i, (seat, card, mark, (line, col)) in enumerate(zip(self.seats, self.cards, self.marks,
                                                                self.positions, strict=True)):
            play = PlayFact(seat, card, mark, line, col)
            play.variations = lines.get(i)
            out.append(play)
        return out


class ScoreFact(_ScoreBase):
    """A recorded pair ``N-S E-W`` (deal score or match totals)."""

    __slots__ = _slots(_ScoreBase, _SCORE)

    def __init__(self, ns: int, ew: int, line: int, col: int) -> None:
        self.ns, self.ew, self.line, self.col = ns, ew, line, col


class UnreadTrick:
    """A trick with a syntax error (an unknown card, a skipped line): ``index`` (0-based) in the
    deal's tricks, the broken ``line``. The play fills :attr:`worked_out` with the cards it
    worked out from the hands to go on with the tricks after it, or sets :attr:`stopped`."""

    __slots__ = ("index", "line", "stopped", "worked_out")

    def __init__(self, index: int, line: int) -> None:
        self.index, self.line = index, line
        self.worked_out: list[Message] = []
        """Each card that could not be read, as the hands say it was (``N's 4E``: a seat and a
        card, named per deck and language)."""
        self.stopped = False
        """The cards could not be worked out: the deal is checked up to this trick."""


class DealFacts(_DealBase):
    """Everything a deal's record says, by section, in the order it was written."""

    __slots__ = _slots(_DealBase, _DEAL)

    def __init__(self, number: int, dealer: int | None, line: int, col: int) -> None:
        self.number, self.dealer, self.line, self.col = number, dealer, line, col
        self.five: list[HandFact] = []
        self.offer: OfferFact | None = None
        self.bids: list[BidFact] = []
        self.rest: list[HandFact] = []
        self.hands: list[HandFact] = []
        self.announcements: list[AnnouncementFact] = []
        self.tricks: list[TrickFact] = []
        self.score: ScoreFact | None = None
        self.match_score: ScoreFact | None = None
        self.pot: int | None = None
        self.pot_pos: Position = (line, col)
        self.fingerprint: str | None = None
        """Made by the compiled reader when the checks ask for it (``PART_FIELDS``), else ``None``."""

    def scores_only(self) -> bool:
        """A deal of a score sheet: its ``score``/``match`` lines and nothing else."""
        return ((self.score is not None or self.match_score is not None) and not self.five
                and self.offer is None and not self.bids and not self.rest and not self.hands
                and not self.announcements and not self.tricks)


def _read_in_place() -> tuple[bool, ...]:
    """Has the compiled engine read the facts it is handed (calls, tricks, hand lines) at their
    fields (``_play.record_fields``, proven there by a probe), where ``getattr`` is ~170
    instructions a read; what it answers for each."""
    from belote_notation.game.engine import _play

    return tuple(_play.record_fields(cls, vars(cls.__mro__[1])["__slots__"])
                 for cls in (BidFact, TrickFact, HandFact) if cls.__mro__[1] is not object)


READ_IN_PLACE = compiled(_read_in_place) or ()
"""For the compiled engine: whether it reads a ``BidFact``, ``TrickFact``, ``HandFact`` at its fields."""

