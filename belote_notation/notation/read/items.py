"""Reading calls, plays and their review material, variations of any depth included.

Variations are read with an explicit stack of :class:`Frame` objects (one per open line), so
their depth is bounded by memory only, never by Python's recursion limit.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from belote_notation.game.cards import CardError, Deck, parse_suit
from belote_notation.game.lang import msg
from belote_notation.notation import vocabulary as vocab
from belote_notation.notation.issues import (
    NOTHING_TO_ANNOTATE,
    UNEXPECTED_TEXT,
    UNKNOWN_CARD,
    UNKNOWN_VALUE,
)
from belote_notation.notation.read.quick_words import word_tables
from belote_notation.notation.read.tokens import (
    COMMENT_TYPES,
    Alternative,
    Chunk,
    Issues,
    Node,
    Word,
    chunk_lines,
    comment_text,
    number,
    split_words,
)
from belote_notation.notation.visitor import SKIP, Position, Visitor

__all__ = ["Frame", "ItemReader"]

_ANNOTATING = {"variation": msg("a variation"), "nag": msg("a nag"), "glyph": msg("a glyph")}
"""Review material, named for the message that says it follows nothing (``a nag must follow a card``)."""
_ANNOTATED = {"call": msg("a call"), "card": msg("a card"), "call or card": msg("a call or card"),
              "announcement": msg("an announcement")}
"""What a :class:`Frame`'s review material may follow (its ``where``), named for messages."""
_BID_TYPES = frozenset({"BIDS", "SMSARA"})
_REPORTED: tuple[int | None, int] = (None, -1)
"""What :meth:`ItemReader.lenient_play` gives for an unknown card it has reported."""


class Frame:
    """The state of one line of items: the main line of a section or a variation."""

    __slots__ = (
        "current",
        "explicit",
        "glyph",
        "last",
        "marked",
        "round",
        "tricks",
        "where",
        "winner",
    )

    def __init__(self, where: str, last: str | None, tricks: bool = False,
                 parent_round: int = 1) -> None:
        self.where = where
        """What review material may follow here (for messages): call, card, announcement."""
        self.last = last
        """The kind of item the next review material annotates (``None``: nothing yet)."""
        self.glyph: str | None = None
        self.marked = True
        """The last item cannot take a belote/rebelote word (not a play, or already has one)."""
        self.round = 1
        """The round of the last call (the round a variation of it starts in)."""
        self.explicit: int | None = None
        """The round written by the last ``smsara N`` of this line."""
        self.current = parent_round
        self.tricks = tricks
        """The main line of a trick section: ``trick`` and ``winner`` words are read here."""
        self.winner = False

    def item(self, kind: str) -> None:
        self.last = kind
        self.glyph = None
        self.marked = kind != "play"


class ItemReader:
    """Calls, plays, marks, winners and review material, reported to a visitor."""

    def __init__(self, visitor: Visitor[object], issues: Issues, deck: Deck) -> None:
        self.visitor = visitor
        self.issues = issues
        self.deck = deck
        self.table, self.plays, self.marks, self.winners, self.trick_words, self.headings = word_tables(deck)
        self.calls = 0
        self.trick = 0
        self.depth = 0

    # --- words -----------------------------------------------------------------------
    def card(self, word: str, line: int, col: int) -> int | None:
        card = self.table.get(word)
        if card is None:
            card = self.table.get(word.upper())
            if card is None:
                self.issues.report(UNKNOWN_CARD, msg(
                    "unknown card `%(word)s` in the spanish deck (Spanish ranks 1 4 5 6 7 10 11 12, "
                    "suits O C E B)",
                    word=word) if self.deck is Deck.SPANISH else msg(
                    "unknown card `%(word)s` in the french deck (French ranks 7 8 9 10 J Q K A, "
                    "suits S H D C)",
                    word=word), line, col)
        return card

    def suit(self, word: str, line: int, col: int) -> int | None:
        try:
            return parse_suit(word, self.deck)
        except CardError:
            self.issues.report(UNKNOWN_VALUE, msg(
                "unknown suit `%(word)s` in the spanish deck (letters O C E B, symbols or names)", word=word)
                if self.deck is Deck.SPANISH else msg(
                "unknown suit `%(word)s` in the french deck (letters S H D C, symbols or names)", word=word),
                line, col)
            return None

    def strain(self, word: str, line: int, col: int) -> int | None:
        """A contrée contract's trump: a suit, sans-atout (4) or tout-atout (5)."""
        found = vocab.strain_word(word)
        return found if found is not None else self.suit(word, line, col)

    # --- the loop over items and variations --------------------------------------------
    def items(self, nodes: Sequence[Node], frame: Frame) -> None:
        """Read ``nodes`` (items, review material, variations) with an explicit stack."""
        stack: list[tuple[Iterator[Node], Frame]] = [(iter(nodes), frame)]
        spend = self.issues.spend
        while stack:
            nodes_left, frame = stack[-1]
            node = next(nodes_left, None)
            if node is not None:
                spend(1, node.line, node.column)
            if node is None:
                stack.pop()
                if stack:
                    self.depth -= 1
                    self.visitor.end_variation()
            elif isinstance(node, Alternative):
                inner = self.open_variation(node, frame)
                if inner is not None:
                    stack.append((iter(node.children), inner))
            else:
                self.chunk(node, frame)

    def open_variation(self, node: Alternative, frame: Frame) -> Frame | None:
        if frame.last is None:
            self.nothing_before("variation", frame, node.line, node.column)
            return None
        if self.visitor.begin_variation(node.line, node.column) is SKIP:
            return None
        self.depth += 1
        parent = frame.round if frame.last == "call" else 1
        return Frame("call or card", None, parent_round=parent)

    def nothing_before(self, what: str, frame: Frame, line: int, col: int) -> None:
        self.issues.report(NOTHING_TO_ANNOTATE, msg("%(what)s must follow %(where)s; here it follows nothing "
                                                    "it can annotate", what=_ANNOTATING[what],
                                                    where=_ANNOTATED[frame.where]), line, col)

    def chunk(self, node: Chunk, frame: Frame) -> None:
        kind = node.type
        if kind in COMMENT_TYPES:
            self.visitor.visit_comment(comment_text(node), node.line, node.column)
        elif kind == "GLYPH":
            self.glyph(node, frame)
        elif kind == "NAG":
            if frame.last is None:
                self.nothing_before("nag", frame, node.line, node.column)
            else:
                nag = number(node.value[1:], node.line, node.column + 1, self.issues)
                if nag is not None:
                    self.visitor.visit_nag(nag, node.line, node.column)
        elif kind == "MARK":
            self.mark(node.value, node.line, node.column, frame)
        elif kind == "WINNER":
            if frame.winner:
                self.issues.report(UNEXPECTED_TEXT, msg("a second winner for one trick"), node.line,
                                   node.column)
            word, line, col = split_words(node)[-1]
            self.winner(word, line, col, frame)
        elif kind in _BID_TYPES:
            self.calls_of(split_words(node), frame)
        else:
            self.plays_of(node, frame)

    def glyph(self, node: Chunk, frame: Frame) -> None:
        if frame.last is None:
            self.nothing_before("glyph", frame, node.line, node.column)
        elif frame.glyph is not None:
            self.issues.report(NOTHING_TO_ANNOTATE, msg("a second glyph `%(glyph)s` on one item (it already "
                                                        "has `%(first)s`)", glyph=node.value,
                                                        first=frame.glyph), node.line, node.column)
        else:
            frame.glyph = node.value
            self.visitor.visit_glyph(node.value, node.line, node.column)

    def mark(self, word: str, line: int, col: int, frame: Frame) -> None:
        if frame.last != "play":
            self.issues.report(NOTHING_TO_ANNOTATE, msg("`%(word)s` must follow the card it is said with",
                                                        word=word), line, col)
        elif frame.marked:
            self.issues.report(NOTHING_TO_ANNOTATE, msg("a second mark `%(word)s` on one card", word=word),
                               line, col)
        else:
            frame.marked = True
            self.visitor.visit_mark(vocab.mark_of(word), line, col)

    def winner(self, word: str, line: int, col: int, frame: Frame) -> None:
        frame.winner = True
        self.visitor.visit_winner(vocab.SEATS[word], line, col)

    # --- plays -------------------------------------------------------------------------
    def plays_of(self, chunk: Chunk, frame: Frame) -> None:
        """Plays (and on a trick line, ``trick [N]`` headings and ``winner SEAT``), word by word
        without a word list (the hottest loop): a play waits for the word after it, which may
        be its belote word; ``trick`` and ``winner`` wait for their number or seat."""
        plays, headings, visit_play = self.plays, self.headings, self.visitor.visit_play
        seat: int | None = None
        card = -1                       # the pending play's card (-1: none)
        at_line = at_col = 0
        waiting: Word | None = None     # a `trick` or `winner` word waiting for its argument
        line, col = chunk.line, chunk.column
        spend = self.issues.spend
        for text in chunk_lines(chunk):
            c = col
            words = text.split(" ")
            spend(len(words), line, col)
            for word in words:
                if not word:
                    c += 1
                    continue
                here = c
                c += len(word) + 1
                if waiting is not None:
                    done = self.argument(waiting, word, line, here, frame)
                    waiting = None
                    if done:
                        continue
                found = plays.get(word)
                if found is None and word in headings and frame.tricks:
                    if card >= 0:
                        frame.last, frame.glyph, frame.marked = "play", None, False
                        visit_play(seat, card, None, at_line, at_col)
                        card = -1
                    waiting = (word, line, here)
                    continue
                if found is None:
                    found = self.lenient_play(word, line, here)
                    if found is _REPORTED:
                        continue
                if found is not None:
                    if card >= 0:
                        frame.last, frame.glyph, frame.marked = "play", None, False
                        visit_play(seat, card, None, at_line, at_col)
                    seat, card = found
                    at_line, at_col = line, here
                    continue
                if card >= 0:
                    marked = self.end_play(seat, card, word, (at_line, at_col), frame)
                    card = -1
                    if marked:
                        continue
                waiting = self.not_a_play(word, line, here, frame)
            line += 1
            col = 1
        if card >= 0:
            frame.last, frame.glyph, frame.marked = "play", None, False
            visit_play(seat, card, None, at_line, at_col)
        if waiting is not None:
            self.argument(waiting, "", line, col, frame)

    def end_play(self, seat: int | None, card: int, word: str, at: Position, frame: Frame) -> bool:
        """The pending play at ``at``, with ``word`` after it: its belote word (then ``True``)
        or the next word, read by the caller."""
        marks = self.marks
        mark = vocab.mark_of(word) if word in marks or word.lower() in marks else None
        frame.last, frame.glyph, frame.marked = "play", None, mark is not None
        self.visitor.visit_play(seat, card, mark, *at)
        return mark is not None

    def lenient_play(self, word: str, line: int, col: int) -> tuple[int | None, int] | None:
        """A play written in the lenient form (``n:as``, ``a♠``); ``None``: not a card name;
        ``_REPORTED``: an unknown card after a seat (reported)."""
        if len(word) > 2 and word[1] == ":":
            card = self.table.get(word[2:])
            if card is None:
                card = self.card(word[2:], line, col + 2)
            return _REPORTED if card is None else (vocab.SEATS[word[0]], card)
        card = self.table.get(word)
        if card is None:
            card = self.table.get(word.upper())
        return None if card is None else (None, card)

    def not_a_play(self, word: str, line: int, col: int, frame: Frame) -> Word | None:
        """A word that is no play: a mark, ``trick``, ``winner`` or an unknown card. Returns
        the ``trick``/``winner`` word when it waits for its number or seat."""
        low = word if word in self.headings else word.lower()
        if low in self.marks:
            self.mark(word, line, col, frame)
        elif frame.tricks and (low in self.winners or low in self.trick_words):
            return low, line, col
        else:
            self.card(word, line, col)
        return None

    def argument(self, waiting: Word, word: str, line: int, col: int, frame: Frame) -> bool:
        """The word after ``trick`` (its number, if it is one) or ``winner`` (the seat).
        Returns whether ``word`` was that argument."""
        keyword, kline, kcol = waiting
        if keyword in self.winners:
            if not word:
                self.card(keyword, kline, kcol)
                return False
            self.winner(word, line, col, frame)
            return True
        written = word.isdigit()
        value = number(word, line, col, self.issues) if written else None
        self.trick = self.trick + 1 if value is None else value
        frame.last, frame.winner = None, False
        self.visitor.begin_trick(self.trick, kline, kcol)
        return written

    # --- calls -------------------------------------------------------------------------
    def calls_of(self, words: list[Word], frame: Frame) -> None:
        """Calls; a ``smsara [N]`` word sets the round of the calls after it."""
        headings, passes = vocab.keywords("SMSARA_KW"), vocab.keywords("PASS_WORD")
        suit_word = vocab.regex("SUIT").fullmatch
        i, n = 0, len(words)
        if words:
            self.issues.spend(n, words[0][1], words[0][2])
        while i < n:
            word, line, col = words[i]
            i += 1
            low = word.lower()
            if low in headings:
                frame.explicit = None
                if i < n and words[i][0].isdigit():
                    frame.explicit = self.round_number(words[i])
                    i += 1
                continue
            seat: int | None = None
            if len(word) > 2 and word[1] == ":":
                seat = vocab.SEATS[word[0]]
                low = low[2:]
            suit: int | None = None
            value: int | None = None
            action = "pass" if low in passes else vocab.call_words().get(low, "take")
            points = vocab.points_bid(low) if action == "take" else None
            if points is not None:  # contrée: a bid of points
                action, (value, rest) = "bid", points
                if rest:
                    suit = self.strain(rest, line, col + len(word) - len(rest))
                elif i < n:
                    suit = self.strain(*words[i])
                    i += 1
            elif action == "take" and i < n and suit_word(words[i][0]):
                suit = self.suit(*words[i])
                i += 1
            elif action in ("capot", "generale") and i < n:
                suit = self.strain(*words[i])
                i += 1
            frame.item("call")
            frame.round = self.round_of(frame)
            if value is None:
                self.visitor.visit_call(seat, action, suit, frame.round, line, col)
            else:
                self.visitor.visit_call(seat, "bid", suit, frame.round, line, col, value)

    def round_number(self, word: Word) -> int:
        value = number(*word, self.issues)
        if value is None:
            return 2
        if value not in (1, 2):
            self.issues.report(UNKNOWN_VALUE, msg("bidding has rounds 1 and 2, not %(round)s", round=value),
                               word[1], word[2])
            value = 1 if value < 1 else 2
        return value

    def round_of(self, frame: Frame) -> int:
        """The round of a call: as written (``smsara N``); in the main bidding, else from its
        place (the fifth call of the deal on is round 2); in a variation, the round in force."""
        if frame.where == "call":
            self.calls += 1
            if frame.explicit is not None:
                return frame.explicit
            return 1 if self.calls <= 4 else 2
        if frame.explicit is not None:
            frame.current = frame.explicit
        return frame.current
