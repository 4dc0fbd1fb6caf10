"""The quick line readers: whole lines as programs write them (single spaces, exact words).

Each reader reads one line, checking every word, and returns what it found (``None``: not a
quick line, read it the general way); nothing is reported while reading. They serve both
paths: a run of lines handed over as one chunk by the general path (here), and a deal in the
canonical layout read line by line (:mod:`.canonical`, whose events are kept until its last
line is read, so that a deal any reader rejects reports nothing before it is read again the
general way).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from belote_notation.notation import vocabulary as vocab
from belote_notation.notation.limits import MAX_DIGITS
from belote_notation.notation.read.items import ItemReader
from belote_notation.notation.read.quick_words import (
    quick_calls,
    quick_points_bid,
    quick_rounds,
    quick_score_words,
    quick_strains,
    quick_suits,
)
from belote_notation.notation.read.tokens import Chunk, Node
from belote_notation.notation.visitor import Action, HandSection, Mark, Position, ScoreKind, Section

__all__ = ["Call", "Hand", "QuickReader", "Score", "Trick"]

Hand = tuple[int, list[int], list[Position]]
Call = tuple[int | None, Action, int | None, int, int, int] | tuple[int | None, Action, int | None, int, int,
                                                                 int, int]
"""A call's ``visit_call`` arguments (a contrée bid of points adds its value)."""
Score = tuple[ScoreKind, int, int | None, int, int]
Trick = tuple[int, int, int, list[int | None], list[int], Sequence[Mark | None], list[Position],
              int | None, Position | None]
T = TypeVar("T")

_NO_MARKS: tuple[tuple[None, ...], ...] = tuple((None,) * n for n in range(9))
"""No belote word in a trick of n plays (one tuple a length, shared)."""


class QuickReader(ItemReader):
    """The quick line readers of the sections that programs write most (hands, bids, tricks)."""

    def section(self, section: Section, nodes: Sequence[Node]) -> None:
        """Read one section the general way (see :class:`~.sections.DealReader`)."""
        raise NotImplementedError

    # --- one line each ------------------------------------------------------------------
    def hand_line(self, text: str, line: int, col: int, starts: frozenset[str]) -> Hand | None:
        """``keyword SEAT cards``: (seat, cards, positions)."""
        words = text.split(" ")
        if len(words) < 2 or words[0] not in starts or words[1] not in vocab.SEATS:
            return None
        table = self.table
        cards: list[int] = []
        positions: list[Position] = []
        c = col + len(words[0]) + len(words[1]) + 2
        for word in words[2:]:
            card = table.get(word)
            if card is None:
                return None
            cards.append(card)
            positions.append((line, c))
            c += len(word) + 1
        return vocab.SEATS[words[1]], cards, positions

    def bid_line(self, text: str, line: int, col: int) -> list[Call] | None:
        """``smsara 1|2 calls``: (seat, action, suit, round, line, col) per call."""
        words = text.split(" ")
        number = quick_rounds().get(words[1]) if len(words) >= 2 else None
        if number is None or words[0] not in vocab.keywords("SMSARA_KW"):
            return None
        calls, suits = quick_calls(), quick_suits(self.deck)
        found: list[Call] = []
        c = col + len(words[0]) + len(words[1]) + 2
        i, n = 2, len(words)
        while i < n:
            word = words[i]
            call = calls.get(word)
            if call is None:
                points = quick_points_bid(word, self.deck)  # contrée: 80H, N:110SA
                if points is None:
                    return None
                found.append((points[0], "bid", points[2], number, line, c, points[1]))
                c += len(word) + 1
                i += 1
                continue
            suit = None
            here = c
            c += len(word) + 1
            i += 1
            if call[1] in ("capot", "generale"):  # contrée: capot S, generale TA
                suit = quick_strains(self.deck).get(words[i]) if i < n else None
                if suit is None:
                    return None
                c += len(words[i]) + 1
                i += 1
            elif call[1] == "take" and i < n and words[i] not in calls:
                suit = suits.get(words[i])
                if suit is None:
                    return None
                c += len(words[i]) + 1
                i += 1
            found.append((call[0], call[1], suit, number, line, here))
        return found

    def trick_line(self, text: str, line: int, col: int) -> Trick | None:
        """``trick N plays [winner SEAT]``: the arguments of one ``visit_trick``."""
        words = text.split(" ")
        if (len(words) < 2 or words[0] not in self.trick_words or not words[1].isdigit()
                or not words[1].isascii() or len(words[1]) > MAX_DIGITS):
            return None
        seats_of = vocab.SEATS
        winner = winner_pos = None
        end = len(words)
        if end > 3 and words[-2] in self.winners and words[-1] in seats_of:
            winner = seats_of[words[-1]]
            winner_pos = (line, col + len(text) - len(words[-1]))
            end -= 2
        plays = self.plays
        c = col + len(words[0]) + len(words[1]) + 2
        seats: list[int | None] = []
        cards: list[int] = []
        positions: list[Position] = []
        marks: Sequence[Mark | None] = ()
        for word in words[2:end]:
            pair = plays.get(word)
            if pair is None:    # a belote word, or not a play: read the line again
                read = self.marked_plays(words[2:end], line, col + len(words[0]) + len(words[1]) + 2)
                if read is None:
                    return None
                seats, cards, marks, positions = read
                break
            seats.append(pair[0])
            cards.append(pair[1])
            positions.append((line, c))
            c += len(word) + 1
        else:
            marks = _NO_MARKS[len(cards)] if len(cards) < len(_NO_MARKS) else (None,) * len(cards)
        return int(words[1]), line, col, seats, cards, marks, positions, winner, winner_pos

    def marked_plays(self, words: list[str], line: int, col: int
                     ) -> tuple[list[int | None], list[int], list[Mark | None], list[Position]] | None:
        """Plays with belote/rebelote words after some of them (``None``: something else)."""
        seats: list[int | None] = []
        cards: list[int] = []
        marks: list[Mark | None] = []
        positions: list[Position] = []
        for word in words:
            pair = self.plays.get(word)
            if pair is not None:
                seats.append(pair[0])
                cards.append(pair[1])
                marks.append(None)
                positions.append((line, col))
            elif word in self.marks and marks and marks[-1] is None:
                marks[-1] = vocab.mark_of(word)
            else:
                return None
            col += len(word) + 1
        return seats, cards, marks, positions

    def score_line(self, text: str, line: int, col: int) -> Score | None:
        """``score NS EW``, ``match NS EW`` or ``pot N``: the arguments of one ``visit_score``
        (placed at the keyword, at the number for ``pot``)."""
        words = text.split(" ")
        kind = quick_score_words().get(words[0])
        if kind is None or len(words) != (2 if kind == "pot" else 3):
            return None
        for word in words[1:]:
            digits = word[1:] if word[:1] in ("+", "-") else word
            if not (digits.isdigit() and digits.isascii()) or len(digits) > MAX_DIGITS:
                return None
        if kind == "pot":
            return kind, int(words[1]), None, line, col + len(words[0]) + 1
        return kind, int(words[1]), int(words[2]), line, col

    # --- a run of lines (one chunk of the general path) -----------------------------------
    def run_of(self, chunk: Chunk,
               read: Callable[[str, int, int], T | None]) -> list[tuple[T, int, int]] | None:
        """:func:`_every_line`, its words counted as items of the game; ``None`` too when the
        game may not hold that many more (the general path then says where it stops)."""
        words = chunk.value.count(" ") + chunk.value.count("\n") + 1
        found = _every_line(chunk, read) if words <= self.issues.left else None
        if found is not None:
            self.issues.spend(words, chunk.line, chunk.column)
        return found

    def score_lines(self, chunk: Chunk) -> bool:
        """A run of quick score lines (``False``: nothing reported)."""
        found = self.run_of(chunk, self.score_line)
        if found is None:
            return False
        visit_score = self.visitor.visit_score
        for score, _, _ in found:
            visit_score(*score)
        return True

    def hand_lines(self, section: HandSection, chunk: Chunk, starts: frozenset[str]) -> bool:
        """A run of quick hand lines (``False``: nothing reported, read it the general way)."""
        found = self.run_of(chunk, lambda text, line, col: self.hand_line(text, line, col, starts))
        if found is None:
            return False
        visit_hand = self.visitor.visit_hand
        for (seat, cards, positions), line, col in found:
            visit_hand(section, seat, cards, positions, line, col)
        return True

    def bid_lines(self, chunk: Chunk) -> bool:
        """A run of quick bidding lines (``False``: nothing reported)."""
        found = self.run_of(chunk, self.bid_line)
        if found is None:
            return False
        visit_call = self.visitor.visit_call
        for calls, _, _ in found:
            self.calls += len(calls)
            for call in calls:
                visit_call(*call)
        return True

    def trick_lines(self, chunk: Chunk) -> bool:
        """A run of quick trick lines, one batch event per trick (``False``: nothing reported)."""
        found = self.run_of(chunk, self.trick_line)
        if found is None:
            return False
        visit_trick = self.visitor.visit_trick
        for batch, _, _ in found:
            self.trick = batch[0]
            visit_trick(*batch)
        return True


def _every_line(chunk: Chunk, read: Callable[[str, int, int], T | None]) -> list[tuple[T, int, int]] | None:
    """Every line of ``chunk`` read by ``read`` (text, line, col), with its position; ``None``
    as soon as one line is not a quick line (then nothing may be reported for the chunk)."""
    found = []
    line, col = chunk.line, chunk.column
    for text in chunk.value.split("\n"):
        item = read(text, line, col)
        if item is None:
            return None
        found.append((item, line, col))
        line, col = line + 1, 1
    return found
