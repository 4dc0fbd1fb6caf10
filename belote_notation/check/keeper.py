"""A deal's facts kept from the reader's events: the part of the checker that reads a deal.

:class:`DealKeeper` turns the events of a deal's lines (``visit_hand``, ``visit_call``,
``visit_trick``...) and of its alternative lines into the facts of :mod:`.facts`, in the deal
that ``begin_deal`` opened; :class:`~.checker.GameChecker` extends it with the game and the
checks.

>>> keeper = DealKeeper()
>>> keeper.deal = DealFacts(1, None, 1, 1)
>>> keeper.visit_offer(7, 2, 7)
>>> keeper.deal.offer.card
7
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from belote_notation.check.facts import (
    AnnouncementFact,
    BidFact,
    DealFacts,
    HandFact,
    OfferFact,
    PlayFact,
    ScoreFact,
    TrickFact,
    Variation,
)
from belote_notation.notation.visitor import (
    SKIP,
    Action,
    HandSection,
    Kind,
    Mark,
    Position,
    ScoreKind,
    Section,
    Skip,
    Visitor,
)

__all__ = ["Annotated", "DealKeeper"]

T = TypeVar("T")
Annotated = BidFact | PlayFact | AnnouncementFact | TrickFact
"""What review material (a variation, a belote word) follows: a call, an announcement, a play
of an alternative line, or the last play of a trick (a play of the deal itself)."""


class DealKeeper(Visitor[T]):
    """Keeps the facts of the deal being read (:attr:`deal`) from its lines' events."""

    __slots__ = ("cards", "current", "deal", "last", "lines", "marks", "parents", "positions", "seats",
                 "trick")

    deal: DealFacts | None
    trick: TrickFact | None
    last: Annotated | None
    lines: list[Variation]
    parents: list[Annotated]

    def __init__(self) -> None:
        self.deal = self.trick = self.last = None
        self.lines, self.parents = [], []

    def begin_section(self, section: Section, line: int, col: int) -> None:
        self.last = None

    def visit_hand(self, section: HandSection, seat: int, cards: Sequence[int],
                   positions: Sequence[Position], line: int, col: int) -> None:
        deal = self.deal
        if deal is not None:
            hands = deal.five if section == "five" else deal.rest if section == "rest" else deal.hands
            hands.append(HandFact(seat, cards, positions, line, col))

    def visit_offer(self, card: int, line: int, col: int) -> None:
        if self.deal is not None:
            self.deal.offer = OfferFact(card, line, col)

    def visit_call(self, seat: int | None, action: Action, suit: int | None, round: int,
                   line: int, col: int, value: int | None = None) -> None:
        fact = BidFact(seat, action, suit, round, line, col, value)
        if self.lines:
            self.lines[-1].append(fact)
        elif self.deal is not None:
            self.deal.bids.append(fact)
        self.last = fact

    def visit_announcement(self, seat: int, kind: Kind, cards: Sequence[int],
                           positions: Sequence[Position], trick: int | None,
                           before_card: int | None, line: int, col: int) -> None:
        fact = AnnouncementFact(seat, kind, cards, trick, before_card, line, col, positions)
        if self.deal is not None:
            self.deal.announcements.append(fact)
        self.last = fact

    def begin_trick(self, number: int, line: int, col: int) -> None:
        if self.deal is not None:
            self.trick = trick = TrickFact(number, line, col)
            self.deal.tricks.append(trick)
            self._new_trick(trick)

    def _new_trick(self, trick: TrickFact) -> None:
        """The lists the plays of ``trick`` are appended to, one event at a time."""
        self.seats: list[int | None] = []
        self.cards: list[int] = []
        self.marks: list[str | None] = []
        self.positions: list[Position] = []
        trick.seats, trick.cards, trick.marks = self.seats, self.cards, self.marks
        trick.positions = self.positions
        self.current = trick

    def visit_trick(self, number: int, line: int, col: int, seats: Sequence[int | None],
                    cards: Sequence[int], marks: Sequence[Mark | None], positions: Sequence[Position],
                    winner: int | None, winner_pos: Position | None) -> None:
        """A whole trick at once (the reader's batch event): its sequences are kept as given."""
        deal = self.deal
        if deal is None:
            return
        self.trick = trick = TrickFact(number, line, col, seats, cards, marks, positions)
        deal.tricks.append(trick)
        self.current = trick
        if winner is not None:
            trick.winner, trick.winner_pos = winner, winner_pos or (line, col)
        if cards:
            self.last = trick

    def visit_play(self, seat: int | None, card: int, mark: Mark | None, line: int,
                   col: int) -> None:
        if self.lines:
            self.last = fact = PlayFact(seat, card, mark, line, col)
            self.lines[-1].append(fact)
            return
        trick = self.current
        if trick.cards is not self.cards:  # a trick given whole, then a play more
            self._extend(trick)
        self.seats.append(seat)
        self.cards.append(card)
        self.marks.append(mark)
        self.positions.append((line, col))
        self.last = trick

    def _extend(self, trick: TrickFact) -> None:
        seats, cards, marks, positions = trick.seats, trick.cards, trick.marks, trick.positions
        self._new_trick(trick)
        self.seats.extend(seats)
        self.cards.extend(cards)
        self.marks.extend(marks)
        self.positions.extend(positions)

    def visit_mark(self, mark: Mark, line: int, col: int) -> None:
        last = self.last
        if isinstance(last, PlayFact):
            last.mark = mark
        elif isinstance(last, TrickFact) and last.cards:
            marks = last.marks if last.marks is self.marks else list(last.marks)
            marks[-1] = mark
            last.marks = marks

    def visit_winner(self, seat: int, line: int, col: int) -> None:
        if self.trick is not None:
            self.trick.winner, self.trick.winner_pos = seat, (line, col)

    def visit_score(self, kind: ScoreKind, ns: int, ew: int | None, line: int, col: int) -> None:
        deal = self.deal
        if deal is None:
            return
        if kind == "pot":
            deal.pot, deal.pot_pos = ns, (line, col)
        elif kind == "score":
            deal.score = ScoreFact(ns, ew or 0, line, col)
        else:
            deal.match_score = ScoreFact(ns, ew or 0, line, col)

    # ------------------------------------------------------------------ alternative lines
    def begin_variation(self, line: int, col: int) -> Skip | None:
        parent = self.last
        if parent is None:
            return SKIP
        variation: Variation = []
        if isinstance(parent, TrickFact):  # after the trick's last play so far
            lines = parent.variations
            if lines is None:
                lines = parent.variations = {}
            lines.setdefault(len(parent.cards) - 1, []).append(variation)
        else:
            if parent.variations is None:
                parent.variations = []
            parent.variations.append(variation)
        self.lines.append(variation)
        self.parents.append(parent)
        self.last = None
        return None

    def end_variation(self) -> None:
        self.lines.pop()
        self.last = self.parents.pop()
