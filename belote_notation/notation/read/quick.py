"""The quick line readers: whole lines as programs write them (single spaces, exact words).

Each reader reads one line, checking every word, and returns what it found (``None``: not a
quick line, read it the general way); nothing is reported while reading. They serve both
paths: a run of lines handed over as one chunk by the general path, and a deal in the
canonical layout read line by line (:meth:`QuickReader.canonical_deal`), whose events are kept
until its last line is read, so that a deal any reader rejects reports nothing before it is
read again the general way.

Over 400 lines on purpose: each line reader, its use on a run of lines and its use in a
canonical deal (``_kept_*``, the table of :func:`canonical_lines`) are methods of one reader,
in that order, and ``_canon.c`` mirrors them one for one; split across files, a reader and
its twins would be read apart.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import Any, TypeVar

from belote_notation.game.cards import Deck
from belote_notation.notation import vocabulary as vocab
from belote_notation.notation.limits import MAX_DIGITS
from belote_notation.notation.read.canon import compiled_reader, part_spec, static_tables
from belote_notation.notation.read.items import ItemReader
from belote_notation.notation.read.quick_words import (
    quick_calls,
    quick_points_bid,
    quick_score_words,
    quick_strains,
    quick_suits,
)
from belote_notation.notation.read.tokens import Chunk, Node
from belote_notation.notation.visitor import Action, HandSection, Mark, Position, ScoreKind, Section, Visitor

__all__ = ["CanonicalLine", "KeptDeal", "QuickReader", "canonical_lines"]

Hand = tuple[int, list[int], list[Position]]
Call = tuple[int | None, Action, int | None, int, int, int] | tuple[int | None, Action, int | None, int, int,
                                                                 int, int]
"""A call's ``visit_call`` arguments (a contrée bid of points adds its value)."""
Score = tuple[ScoreKind, int, int | None, int, int]
Trick = tuple[int, int, int, list[int | None], list[int], Sequence[Mark | None], list[Position],
              int | None, Position | None]
T = TypeVar("T")
Event = tuple[Callable[..., Any], tuple[Any, ...]]
"""A visitor call kept for later: the bound method and its arguments."""
CanonicalDeal = tuple[int, "int | None", "list[Event] | None", int, int]
"""A canonical deal read: its number and dealer, its events (kept, not reported), the offset
after it and the line there. ``None`` in place of the events: the compiled reader gave the
deal at once to the visitor (:meth:`.Visitor.visit_deal_parts`), and those of the canonical
deals right after it, their items counted; the rest is said of the last one."""

_NO_MARKS: tuple[tuple[None, ...], ...] = tuple((None,) * n for n in range(9))
_HANDS: dict[str, HandSection] = {"tafr9a": "five", "rest": "rest", "hand": "hand"}
_HAND_STARTS = frozenset(_HANDS)
# The canonical heading and the other canonical lines (the grammar's CANONICAL_DEAL), and
# what must follow a canonical deal (the lookahead that ends CANONICAL_DEAL).
_C_CARD = r"(?:10|11|12|[1-9JQKA])[SHDCEOB]"
_INT = "[0-9]{1,%d}" % MAX_DIGITS   # lark.common's INT, as long as the reader reads
_HEADING = re.compile(r"deal (" + _INT + r")(?: dealer ([NESW]))?")
_OFFER = re.compile("offer " + _C_CARD)
_ANNOUNCE = re.compile(r"announce [NESW] (?:sequence|carre|belote)(?: " + _C_CARD + r")*(?: trick=" + _INT
                       + r")?(?: before=" + _INT + ")?")
_LINE_KINDS = (*((w, "hand") for w in ("tafr9a", "rest", "hand")), ("offer", "offer"),
               ("announce", "announce"),
               *((w, "calls") for w in vocab.keywords("SMSARA_KW")),
               *((w, "trick") for w in vocab.keywords("TRICK_KW")),
               *((w, "score") for w in quick_score_words()))
"""The first word of each kind of canonical line, for the compiled reader (the keys of
:func:`canonical_lines`, checked by a doctest there)."""
_DEAL_END = re.compile(r"[ \t\r\n]*(?:deal|end)(?![\w])|[ \t\r\n]*\Z")


class QuickReader(ItemReader):
    """The quick line readers of the sections that programs write most (hands, bids, tricks)."""

    _tables: tuple[Deck, tuple[Any, ...]] | None = None
    """The compiled reader's tables, and the deck they were made for (:meth:`_scan_tables`)."""

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
        if len(words) < 2 or words[0] not in vocab.keywords("SMSARA_KW") or words[1] not in ("1", "2"):
            return None
        calls, suits = quick_calls(), quick_suits(self.deck)
        found: list[Call] = []
        number = int(words[1])
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

    # --- a whole canonical deal -----------------------------------------------------------
    def canonical_deal(self, text: str, pos: int, line: int, col: int) -> CanonicalDeal | None:
        """The deal at ``pos`` (file line ``line``, column ``col``) in the canonical layout, its
        items counted but for the heading's second one (:class:`CanonicalDeal`; from the compiled
        reader, for a visitor that takes deals at once, the deals given to it, all their items counted);
        ``None``: not canonical, read it the general way."""
        scan = compiled_reader()
        if scan is not None:
            scanned = scan(text, pos, line, col, self.issues.left, self._scan_tables(),
                           part_spec(type(self.visitor).DEAL_PARTS))
            if scanned is not None:
                self.issues.left = scanned[5]
                return scanned[0], scanned[1], scanned[2], scanned[3], scanned[4]
        nl = text.find("\n", pos)
        if nl < 0 or (heading := _HEADING.fullmatch(text, pos, nl)) is None:
            return None
        kept = KeptDeal(self.visitor)
        lines = canonical_lines()
        left = self.issues.left - 1  # the heading: one item here, one more in begin_deal
        while True:
            pos, line = nl + 1, line + 1
            nl = text.find("\n", pos)
            if nl < 0:
                if _DEAL_END.match(text, pos) is None:
                    return None
                break
            row = text[pos:nl]
            left -= row.count(" ") + 1
            if left < 0:
                return None     # more words than the game may still hold: the general path says where
            read = lines.get(row[:row.find(" ")])
            if read is None:
                if _DEAL_END.match(text, pos) is None:
                    return None
                break
            if not read(self, row, line, kept):
                return None
        self.issues.left = left
        number, dealer = heading.group(1, 2)
        return int(number), vocab.SEATS[dealer] if dealer else None, kept.events, pos, line

    def _scan_tables(self) -> tuple[Any, ...]:
        """What the compiled reader reads with: the tables of this deck, the visitor's events
        (made once a reader: none of them refers to the reader, which would make a cycle of it)."""
        tables = self._tables
        if tables is None or tables[0] is not self.deck:
            visitor = self.visitor
            self._tables = tables = (self.deck, (
                *_deck_tables(self.deck), self.issues.spend, _DEAL_END.match, visitor.begin_section,
                visitor.visit_hand, visitor.visit_trick, visitor.visit_call, visitor.visit_score,
                visitor.visit_offer, visitor.visit_announcement, visitor.visit_deal_parts))
        return tables[1]

    def _kept_trick(self, row: str, line: int, kept: KeptDeal) -> bool:
        batch = self.trick_line(row, line, 1)
        if batch is None:
            return False
        if kept.current != "trick":  # kept.enter, inlined: this runs eight times a deal
            kept.enter("trick", line)
        kept.events.append((kept.visit_trick, batch))
        return True

    def _kept_hand(self, row: str, line: int, kept: KeptDeal) -> bool:
        hand = self.hand_line(row, line, 1, _HAND_STARTS)
        if hand is None:
            return False
        section = _HANDS[row[:row.find(" ")]]
        if kept.current != section:  # kept.enter, inlined: this runs up to twelve times a deal
            kept.enter(section, line)
        kept.events.append((kept.visit_hand, (section, *hand, line, 1)))
        return True

    def _kept_calls(self, row: str, line: int, kept: KeptDeal) -> bool:
        calls = self.bid_line(row, line, 1)
        if calls is None:
            return False
        kept.enter("bidding", line)
        visit_call = self.visitor.visit_call
        kept.events.extend((visit_call, call) for call in calls)
        return True

    def _kept_score(self, row: str, line: int, kept: KeptDeal) -> bool:
        score = self.score_line(row, line, 1)
        if score is None:
            return False
        kept.enter("scores", line)
        kept.events.append((self.visitor.visit_score, score))
        return True

    def _kept_offer(self, row: str, line: int, kept: KeptDeal) -> bool:
        """``offer CARD``: the events of the offer reader (:meth:`.DealReader.offer`), the item
        it spends included. A second offer in the deal, or a card of another deck: not
        canonical (the general path says what is wrong)."""
        if kept.offered or _OFFER.fullmatch(row) is None:
            return False
        card = self.table.get(row[6:])
        if card is None:
            return False
        kept.offered = True
        kept.current = "offer"
        kept.events.extend(((kept.begin_section, ("offer", line, 1)), (self.issues.spend, (1, line, 7)),
                            (self.visitor.visit_offer, (card, line, 7))))
        return True

    def _kept_announcement(self, row: str, line: int, kept: KeptDeal) -> bool:
        """``announce SEAT KIND cards [trick=N] [before=N]``: the events of the announcement
        reader (:meth:`.DealReader.announce`), the items it spends included (a card of
        another deck: not canonical)."""
        if _ANNOUNCE.fullmatch(row) is None:
            return False
        words = row.split(" ")
        cards: list[int] = []
        positions: list[Position] = []
        trick = before = None
        col = len(words[0]) + len(words[1]) + len(words[2]) + 4
        for word in words[3:]:
            if word.startswith("trick="):
                trick = int(word[6:])
            elif word.startswith("before="):
                before = int(word[7:])
            else:
                card = self.table.get(word)
                if card is None:
                    return False
                cards.append(card)
                positions.append((line, col))
            col += len(word) + 1
        kept.current = "announce"
        seat, kind = vocab.SEATS[words[1]], vocab.kind_of(words[2])
        kept.events.extend((
            (kept.begin_section, ("announce", line, 1)), (self.issues.spend, (len(words) - 2, line, 1)),
            (self.visitor.visit_announcement, (seat, kind, cards, positions, trick, before, line, 1))))
        return True


class KeptDeal:
    """The events of a canonical deal, kept until its last line is read."""

    __slots__ = ("begin_section", "current", "events", "offered", "visit_hand", "visit_trick")

    def __init__(self, visitor: Visitor[Any]) -> None:
        self.events: list[Event] = []
        self.current: Section | None = None
        self.offered = False
        self.begin_section = visitor.begin_section
        self.visit_trick, self.visit_hand = visitor.visit_trick, visitor.visit_hand

    def enter(self, section: Section, line: int) -> None:
        """Section ``section`` from ``line`` on (a ``begin_section`` when it changes)."""
        if self.current != section:
            self.current = section
            self.events.append((self.begin_section, (section, line, 1)))


CanonicalLine = Callable[[QuickReader, str, int, KeptDeal], bool]
"""The reader of one kind of line of a canonical deal: its text and line, the deal's events so
far, to which it adds the line's (``False``: not canonical)."""


@cache
def _deck_tables(deck: Deck) -> tuple[Any, ...]:
    """The word tables of the compiled reader for ``deck`` (made once a deck, not once a deal)."""
    return static_tables(deck, _LINE_KINDS, tuple(_HANDS.items()))


@cache
def canonical_lines() -> dict[str, CanonicalLine]:
    """The lines of a canonical deal, its sections in the order it writes them: the first word
    of each kind of line and its reader (a method of :class:`QuickReader`, unbound: a table of
    bound methods kept on the reader would make a reference cycle of every reader).

    >>> canonical_lines()["trick"] is QuickReader._kept_trick
    True
    >>> sorted(canonical_lines()) == sorted(word for word, _ in _LINE_KINDS)
    True
    """
    q = QuickReader
    kinds: tuple[tuple[Iterable[str], CanonicalLine], ...] = (
        (("tafr9a",), q._kept_hand), (("offer",), q._kept_offer),
        (vocab.keywords("SMSARA_KW"), q._kept_calls), (("rest", "hand"), q._kept_hand),
        (("announce",), q._kept_announcement), (vocab.keywords("TRICK_KW"), q._kept_trick),
        (quick_score_words(), q._kept_score))
    return {word: read for words, read in kinds for word in words}


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
