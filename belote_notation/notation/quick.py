"""The quick line readers: whole lines as programs write them (single spaces, exact words).

Each reader reads one line, checking every word, and returns what it found (``None``: not a
quick line, read it the general way); nothing is reported while reading. They serve both
paths: a run of lines handed over as one chunk by the general path, and a deal in the
canonical layout read line by line (:meth:`LineReader.canonical_deal`), whose events are kept
until its last line is read, so that a deal any reader rejects reports nothing before it is
read again the general way.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, TypeVar

from belote_notation.game.cards import SANS_ATOUT, SEAT_NAMES, TOUT_ATOUT, CardError, Deck, parse_suit
from belote_notation.notation import vocabulary as vocab
from belote_notation.notation.items import ItemReader
from belote_notation.notation.tokens import MAX_DIGITS, Chunk, Node
from belote_notation.notation.visitor import Action, HandSection, Mark, Position, ScoreKind, Section

__all__ = ["LineReader"]

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

_NO_MARKS: tuple[tuple[None, ...], ...] = tuple((None,) * n for n in range(9))
_HANDS: dict[str, HandSection] = {"tafr9a": "five", "rest": "rest", "hand": "hand"}
_HAND_STARTS = frozenset(_HANDS)
_SECTION_TERMINALS: dict[Section, str] = {"offer": "OFFER", "announce": "ANNOUNCE"}
# The canonical heading and the other canonical lines (the grammar's CANONICAL_DEAL), and
# what must follow a canonical deal (the lookahead that ends CANONICAL_DEAL).
_C_CARD = r"(?:10|11|12|[1-9JQKA])[SHDCEOB]"
_INT = "[0-9]{1,%d}" % MAX_DIGITS   # lark.common's INT, as long as the reader reads
_HEADING = re.compile(r"deal " + _INT + r"(?: dealer [NESW])?")
_OTHER_LINES: dict[str, tuple[Section, re.Pattern[str]]] = {
    "offer": ("offer", re.compile("offer " + _C_CARD)),
    "announce": ("announce", re.compile(
        r"announce [NESW] (?:sequence|carre|belote)(?: " + _C_CARD + r")*(?: trick="
        + _INT + r")?(?: before=" + _INT + ")?")),
}
_DEAL_END = re.compile(r"[ \t\r\n]*(?:deal|end)(?![\w])|[ \t\r\n]*\Z")


class LineReader(ItemReader):
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
        if len(words) < 2 or words[0] not in vocab.keywords("SMSARA_KW") or words[1] not in ("1", "2"):
            return None
        calls, suits = _call_words(), _suit_words(self.deck)
        found: list[Call] = []
        number = int(words[1])
        c = col + len(words[0]) + len(words[1]) + 2
        i, n = 2, len(words)
        while i < n:
            word = words[i]
            call = calls.get(word)
            if call is None:
                points = _points_bid(word, self.deck)  # contrée: 80H, N:110SA
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
                suit = _strains(self.deck).get(words[i]) if i < n else None
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
        kind = _score_words().get(words[0])
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
    def canonical_deal(self, text: str, pos: int, line: int) -> tuple[str, list[Event], int] | None:
        """The deal at ``pos`` (file line ``line``) in the canonical layout: its heading, its
        events (kept, not reported), the offset after it; ``None``: not canonical, read it the general way."""
        nl = text.find("\n", pos)
        if nl < 0 or (heading := _HEADING.fullmatch(text, pos, nl)) is None:
            return None
        events: list[Event] = []
        begin_section, visit_hand = self.visitor.begin_section, self.visitor.visit_hand
        visit_call, visit_trick = self.visitor.visit_call, self.visitor.visit_trick
        trick_words, smsara, score_words = self.trick_words, vocab.keywords("SMSARA_KW"), _score_words()
        current: Section | None = None
        left = self.issues.left - 1
        while True:
            pos, line = nl + 1, line + 1
            nl = text.find("\n", pos)
            if nl < 0:
                if _DEAL_END.match(text, pos) is None:
                    return None
                self.issues.left = left
                return heading.group(), events, pos
            row = text[pos:nl]
            left -= row.count(" ") + 1
            if left < 0:
                return None     # more words than the game may still hold: the general path says where
            word = row[:row.find(" ")]
            if word in trick_words:
                batch = self.trick_line(row, line, 1)
                if batch is None:
                    return None
                if current != "trick":
                    current = "trick"
                    events.append((begin_section, ("trick", line, 1)))
                events.append((visit_trick, batch))
            elif word in _HANDS:
                hand = self.hand_line(row, line, 1, _HAND_STARTS)
                if hand is None:
                    return None
                if current != _HANDS[word]:
                    current = _HANDS[word]
                    events.append((begin_section, (current, line, 1)))
                events.append((visit_hand, (current, *hand, line, 1)))
            elif word in smsara:
                calls = self.bid_line(row, line, 1)
                if calls is None:
                    return None
                if current != "bidding":
                    current = "bidding"
                    events.append((begin_section, ("bidding", line, 1)))
                events.extend((visit_call, call) for call in calls)
            elif word in score_words:
                score = self.score_line(row, line, 1)
                if score is None:
                    return None
                if current != "scores":
                    current = "scores"
                    events.append((begin_section, ("scores", line, 1)))
                events.append((self.visitor.visit_score, score))
            elif word in _OTHER_LINES:
                section, check = _OTHER_LINES[word]
                if check.fullmatch(row) is None:
                    return None
                current = section
                events.append((self.section, (section, [Chunk(_SECTION_TERMINALS[section], row, line, 1)])))
            elif _DEAL_END.match(text, pos) is None:
                return None
            else:
                self.issues.left = left
                return heading.group(), events, pos


@cache
def _call_words() -> dict[str, tuple[int | None, Action]]:
    """The calls as programs write them (``pass``, ``S:take``...) to (seat, action)."""
    table: dict[str, tuple[int | None, Action]] = {}
    for word, action in vocab.call_words().items():
        table[word] = (None, action)
        for seat, letter in enumerate(SEAT_NAMES):
            table[f"{letter}:{word}"] = (seat, action)
    return table


@cache
def _suit_words(deck: Deck) -> dict[str, int]:
    """The one-character suit words of ``deck`` to suit numbers."""
    table: dict[str, int] = {}
    for word in vocab.words_of("SUIT_CHAR"):
        try:
            table[word] = parse_suit(word, deck)
        except CardError:
            pass
    return table


@cache
def _strains(deck: Deck) -> dict[str, int]:
    """The trumps of a contrée contract as the canonical form writes them: suit letters, SA, TA."""
    return {**_suit_words(deck), "SA": SANS_ATOUT, "TA": TOUT_ATOUT}


def _points_bid(word: str, deck: Deck) -> tuple[int | None, int, int] | None:
    """A canonical contrée bid of points (``80H``, ``N:110SA``): (seat, points, trump)."""
    seat = None
    if len(word) > 2 and word[1] == ":":
        seat = vocab.SEATS.get(word[0])
        word = word[2:]
    found = vocab.points_bid(word)
    if found is None or seat is None and ":" in word:
        return None
    strain = _strains(deck).get(found[1])
    return None if strain is None else (seat, found[0], strain)


@cache
def _score_words() -> dict[str, ScoreKind]:
    """The keywords of the score lines (lower-case, as programs write them) to their kind."""
    kinds: tuple[tuple[str, ScoreKind], ...] = (
        ("SCORE_KW", "score"), ("MATCH_KW", "match"), ("POT_KW", "pot"))
    return {word: kind for name, kind in kinds for word in vocab.keywords(name)}



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
