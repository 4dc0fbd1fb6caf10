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
from belote_notation.notation.limits import MAX_DIGITS
from belote_notation.notation.read.canon import compiled_reader, part_spec, static_tables
from belote_notation.notation.read.quick import QuickReader
from belote_notation.notation.read.quick_words import quick_score_words
from belote_notation.notation.visitor import HandSection, Position, Section, Visitor

__all__ = ["CanonicalDeal", "CanonicalLine", "CanonicalReader", "KeptDeal", "canonical_lines"]

Event = tuple[Callable[..., Any], tuple[Any, ...]]
"""A visitor call kept for later: the bound method and its arguments."""
CanonicalDeal = tuple[int, "int | None", "list[Event] | None", int, int]
"""A canonical deal read: its number and dealer, its events (kept, not reported), the offset
after it and the line there. ``None`` in place of the events: the compiled reader gave the
deal at once to the visitor (:meth:`.Visitor.visit_deal_parts`), and those of the canonical
deals right after it, their items counted; the rest is said of the last one."""

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


CanonicalLine = Callable[[CanonicalReader, str, int, KeptDeal], bool]
"""The reader of one kind of line of a canonical deal: its text and line, the deal's events so
far, to which it adds the line's (``False``: not canonical)."""


@cache
def _deck_tables(deck: Deck) -> tuple[Any, ...]:
    """The word tables of the compiled reader for ``deck`` (made once a deck, not once a deal)."""
    return static_tables(deck, _LINE_KINDS, tuple(_HANDS.items()))


@cache
def canonical_lines() -> dict[str, CanonicalLine]:
    """The lines of a canonical deal, its sections in the order it writes them: the first word
    of each kind of line and its reader (a method of :class:`CanonicalReader`, unbound: a table of
    bound methods kept on the reader would make a reference cycle of every reader).

    >>> canonical_lines()["trick"] is CanonicalReader._kept_trick
    True
    >>> sorted(canonical_lines()) == sorted(word for word, _ in _LINE_KINDS)
    True
    """
    q = CanonicalReader
    kinds: tuple[tuple[Iterable[str], CanonicalLine], ...] = (
        (("tafr9a",), q._kept_hand), (("offer",), q._kept_offer),
        (vocab.keywords("SMSARA_KW"), q._kept_calls), (("rest", "hand"), q._kept_hand),
        (("announce",), q._kept_announcement), (vocab.keywords("TRICK_KW"), q._kept_trick),
        (quick_score_words(), q._kept_score))
    return {word: read for words, read in kinds for word in words}
