"""A deal in the canonical layout read line by line: one table of the kinds of its lines.

A canonical deal (as ``fmt`` writes it and programs emit it: the grammar's
``CANONICAL_DEAL``) is read by the compiled reader (:mod:`.canon`, ``_canon.c``) or, without
it, line by line by the quick line readers (:mod:`.quick`), each kind of line by the reader
:func:`canonical_lines` names for its first word; its events are kept until its last line is
read, so that a deal any reader rejects reports nothing before it is read again the general
way. ``_canon.c`` mirrors the ``_kept_*`` readers one for one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

from belote_notation.game.cards import Deck
from belote_notation.notation import vocabulary as vocab
from belote_notation.notation.fingerprint import PREFIX
from belote_notation.notation.limits import MAX_DIGITS
from belote_notation.notation.read.canon import (
    canonical_tables,
    canonical_words,
    compiled_reader,
    part_spec,
    static_tables,
)
from belote_notation.notation.read.quick import QuickReader
from belote_notation.notation.read.quick_words import quick_score_words
from belote_notation.notation.visitor import HandSection, Position, Section, Visitor

__all__ = ["CanonicalDeal", "CanonicalLine", "CanonicalReader", "KeptDeal", "canonical_lines",
           "heading_starts", "line_kinds"]

Event = tuple[Callable[..., Any], tuple[Any, ...]]
"""A visitor call kept for later: the bound method and its arguments."""
CanonicalDeal = tuple[int, "int | None", "list[Event] | None", int, int]
"""A canonical deal read: its number and dealer, its events (kept, not reported), the offset
after it and the line there. ``None`` in place of the events: the compiled reader gave the
deal at once to the visitor (:meth:`.Visitor.visit_deal_parts`), and those of the canonical
deals right after it, their items counted; the rest is said of the last one."""

_INT = "[0-9]{1,%d}" % MAX_DIGITS   # lark.common's INT, in ASCII and as long as the reader reads


@cache
def _hands() -> dict[str, HandSection]:
    """The first word of each kind of hand line (the grammar's ``C_FIVE``, ``C_REST``,
    ``C_HAND``) to its section."""
    sections: tuple[tuple[str, HandSection], ...] = (("C_FIVE", "five"), ("C_REST", "rest"),
                                                     ("C_HAND", "hand"))
    return {word: section for name, section in sections for word in canonical_words(name)}


@cache
def _hand_starts() -> frozenset[str]:
    """The first words of the hand lines (what the quick hand reader takes)."""
    return frozenset(_hands())


@cache
def _shapes() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """The canonical heading, offer and announcement lines (the grammar's ``C_HEADING`` and
    ``C_SECTION``), of the grammar's words (``C_DEAL``, ``C_SEAT``, ``C_CARD``...): the heading
    with its number and dealer as groups 1 and 2. Their numbers are ``_INT``."""
    p = vocab.pattern
    card, seat = p("C_CARD"), p("C_SEAT")
    heading = re.compile(f"{p('C_DEAL')} ({_INT})(?: {p('C_DEALER')} ({seat}))?")
    offer = re.compile(f"{p('C_OFFER')} {card}")
    announce = re.compile(f"{p('C_ANNOUNCE')} {seat} {p('C_KIND')}(?: {card})*"
                          f"(?: {p('C_WHEN_TRICK')}{_INT})?(?: {p('C_WHEN_BEFORE')}{_INT})?")
    return heading, offer, announce


@cache
def line_kinds() -> tuple[tuple[str, str], ...]:
    """The first word of each kind of canonical line, for the compiled reader (the keys of
    :func:`canonical_lines`, checked by a doctest there): the canonical layout's own words
    (``C_FIVE``, ``C_OFFER``...) and the keywords of the bidding, trick and score lines."""
    return (*((w, "hand") for w in _hands()), *((w, "offer") for w in canonical_words("C_OFFER")),
            *((w, "announce") for w in canonical_words("C_ANNOUNCE")),
            *((w, "calls") for w in vocab.keywords("SMSARA_KW")),
            *((w, "trick") for w in vocab.keywords("TRICK_KW")),
            *((w, "score") for w in quick_score_words()))


@cache
def heading_starts() -> tuple[str, ...]:
    """How a canonical deal's heading starts: a ``C_DEAL`` word and a space.

    >>> heading_starts()
    ('deal ',)
    """
    return tuple(word + " " for word in canonical_words("C_DEAL"))


@cache
def _deal_end() -> re.Pattern[str]:
    """What must follow a canonical deal (the lookahead that ends the grammar's
    ``CANONICAL_DEAL``): blanks, then a heading's keyword (``C_DEAL``) or ``end``, or the end."""
    return re.compile(r"[ \t\r\n]*(?:" + vocab.pattern("C_DEAL") + r"|end)(?![\w])|[ \t\r\n]*\Z")


class CanonicalReader(QuickReader):
    """The quick line readers, and a whole canonical deal read with them (or compiled)."""

    _tables: tuple[Deck, tuple[Any, ...]] | None = None
    """The compiled reader's tables, and the deck they were made for (:meth:`_scan_tables`)."""

    def canonical_deal(self, text: str, pos: int, line: int, col: int) -> CanonicalDeal | None:
        """The deal at ``pos`` (file line ``line``, column ``col``) in the canonical layout, its
        items counted but for the heading's second one (:class:`CanonicalDeal`; from the compiled
        reader, for a visitor that takes deals at once, the deals given to it, all their items counted);
        ``None``: not canonical, read it the general way."""
        scan = compiled_reader()
        if scan is not None:
            visitor = self.visitor
            parts = part_spec(visitor.deal_parts())
            prints = PREFIX if parts is not None and visitor.wants_deal_prints() else None  # made in the pass
            scanned = scan(text, pos, line, col, self.issues.left, self._scan_tables(), parts, prints)
            if scanned is not None:
                self.issues.left = scanned[5]
                return scanned[0], scanned[1], scanned[2], scanned[3], scanned[4]
        nl = text.find("\n", pos)
        if nl < 0 or (heading := _shapes()[0].fullmatch(text, pos, nl)) is None:
            return None
        kept = KeptDeal(self.visitor)
        lines = canonical_lines()
        left = self.issues.left - 1  # the heading: one item here, one more in begin_deal
        while True:
            pos, line = nl + 1, line + 1
            nl = text.find("\n", pos)
            if nl < 0:
                if _deal_end().match(text, pos) is None:
                    return None
                break
            row = text[pos:nl]
            left -= row.count(" ") + 1
            if left < 0:
                return None     # more words than the game may still hold: the general path says where
            read = lines.get(row[:row.find(" ")])
            if read is None:
                if _deal_end().match(text, pos) is None:
                    return None
                break
            if not read(self, row, line, kept):
                return None
        self.issues.left = left
        number, dealer = heading.group(1, 2)
        return int(number), canonical_tables(self.deck)[2][dealer] if dealer else None, kept.events, pos, line

    def _scan_tables(self) -> tuple[Any, ...]:
        """What the compiled reader reads with: the tables of this deck, the visitor's events
        (made once a reader: none of them refers to the reader, which would make a cycle of it)."""
        tables = self._tables
        if tables is None or tables[0] is not self.deck:
            visitor = self.visitor
            self._tables = tables = (self.deck, (
                *_deck_tables(self.deck), self.issues.spend, _deal_end().match, visitor.begin_section,
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
        hand = self.hand_line(row, line, 1, _hand_starts())
        if hand is None:
            return False
        section = _hands()[row[:row.find(" ")]]
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
        if kept.offered or _shapes()[1].fullmatch(row) is None:
            return False
        at = row.find(" ") + 1
        card = self.table.get(row[at:])
        if card is None:
            return False
        kept.offered = True
        kept.current = "offer"
        kept.events.extend(((kept.begin_section, ("offer", line, 1)), (self.issues.spend, (1, line, at + 1)),
                            (self.visitor.visit_offer, (card, line, at + 1))))
        return True

    def _kept_announcement(self, row: str, line: int, kept: KeptDeal) -> bool:
        """``announce SEAT KIND cards [trick=N] [before=N]``: the events of the announcement
        reader (:meth:`.DealReader.announce`), the items it spends included (a card of
        another deck: not canonical)."""
        if _shapes()[2].fullmatch(row) is None:
            return False
        words = row.split(" ")
        cards: list[int] = []
        positions: list[Position] = []
        trick = before = None
        col = len(words[0]) + len(words[1]) + len(words[2]) + 4
        tables = canonical_tables(self.deck)
        for word in words[3:]:
            if word.startswith(tables[6]):
                trick = int(word[len(tables[6]):])
            elif word.startswith(tables[7]):
                before = int(word[len(tables[7]):])
            else:
                card = self.table.get(word)
                if card is None:
                    return False
                cards.append(card)
                positions.append((line, col))
            col += len(word) + 1
        kept.current = "announce"
        seat, kind = tables[2][words[1]], tables[4][words[2]]
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


CanonicalLine = Callable[[CanonicalReader, str, int, KeptDeal], bool]
"""The reader of one kind of line of a canonical deal: its text and line, the deal's events so
far, to which it adds the line's (``False``: not canonical)."""


@cache
def _deck_tables(deck: Deck) -> tuple[Any, ...]:
    """The word tables of the compiled reader for ``deck`` (made once a deck, not once a deal)."""
    return static_tables(deck, line_kinds(), tuple(_hands().items()))


@cache
def canonical_lines() -> dict[str, CanonicalLine]:
    """The lines of a canonical deal, its sections in the order it writes them: the first word
    of each kind of line and its reader (a method of :class:`CanonicalReader`, unbound: a table of
    bound methods kept on the reader would make a reference cycle of every reader).

    >>> canonical_lines()["trick"] is CanonicalReader._kept_trick
    True
    >>> sorted(canonical_lines()) == sorted(word for word, _ in line_kinds())
    True
    """
    q = CanonicalReader
    kinds: tuple[tuple[Iterable[str], CanonicalLine], ...] = (
        (_hands(), q._kept_hand), (canonical_words("C_OFFER"), q._kept_offer),
        (vocab.keywords("SMSARA_KW"), q._kept_calls), (canonical_words("C_ANNOUNCE"), q._kept_announcement),
        (vocab.keywords("TRICK_KW"), q._kept_trick), (quick_score_words(), q._kept_score))
    return {word: read for words, read in kinds for word in words}
