"""One reader per section of a deal, shared by the canonical fast path and the general path.

A section arrives as the chunks of its grammar rule (:mod:`.tokens`): its keyword token, the
runs that continue it after an interruption, its comments and review material, variations as
:class:`~.tokens.Alternative`. The readers report events to the visitor; calls, plays and
review material (variations of any depth, without recursion) are read by :mod:`.items`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import NamedTuple

from belote_notation.game.cards import Deck
from belote_notation.game.lang import msg
from belote_notation.notation import vocabulary as vocab
from belote_notation.notation.issues import UNEXPECTED_TEXT
from belote_notation.notation.read.canonical import CanonicalReader
from belote_notation.notation.read.items import Frame
from belote_notation.notation.read.tokens import (
    COMMENT_TYPES,
    Chunk,
    Issues,
    Node,
    Word,
    chunk_lines,
    comment_text,
    number,
    split_words,
)
from belote_notation.notation.visitor import HandSection, ScoreKind, Section, Visitor

__all__ = ["RULE_SECTIONS", "RUNS", "SECTION_KINDS", "SECTION_TERMINALS", "DealReader", "SectionKind",
           "section_keywords"]

class DealReader(CanonicalReader):
    """Reads the sections of one deal and reports them to a visitor."""

    def __init__(self, visitor: Visitor[object], issues: Issues, deck: Deck) -> None:
        super().__init__(visitor, issues, deck)
        self.offer_seen = False

    def new_deal(self) -> None:
        """Start reading another deal of the same game."""
        self.offer_seen = False
        self.calls = self.trick = self.depth = 0

    def section(self, section: Section, nodes: Sequence[Node]) -> None:
        """Read one section: ``nodes[0]`` is its keyword token."""
        first = nodes[0]
        self.visitor.begin_section(section, first.line, first.column)
        _KINDS[section].reader(self, section, nodes)

    def comment(self, node: Chunk) -> None:
        self.issues.spend(1, node.line, node.column)
        self.visitor.visit_comment(comment_text(node), node.line, node.column)

    # --- hands ---------------------------------------------------------------------
    def hands(self, section: Section, nodes: Sequence[Node]) -> None:
        """``tafr9a``/``rest``/``hand`` lines: a keyword and a seat start each hand; cards
        after an interruption (a comment) continue the last one."""
        hand_section: HandSection = section  # type: ignore[assignment]
        starts = vocab.keywords(_KINDS[section].keywords[0])
        if len(nodes) == 1 and self.hand_lines(hand_section, nodes[0], starts):  # type: ignore[arg-type]
            return
        seat = -1
        cards: list[int] = []
        positions: list[tuple[int, int]] = []
        where = (0, 0)
        table = self.table
        want_seat = False           # a keyword was read: the next word is its seat
        for node in nodes:
            if isinstance(node, Chunk) and node.type in COMMENT_TYPES:
                self.comment(node)
                continue
            line, col = node.line, node.column
            for text in chunk_lines(node):  # type: ignore[arg-type]
                c = col
                words = text.split(" ")
                self.issues.spend(len(words), line, col)
                for word in words:
                    if not word:
                        c += 1
                        continue
                    here = c
                    c += len(word) + 1
                    if want_seat:
                        seat, cards, positions, want_seat = vocab.SEATS[word], [], [], False
                        continue
                    card = table.get(word)
                    if card is None:
                        if word in starts or word.lower() in starts:
                            if seat >= 0:
                                self.visitor.visit_hand(hand_section, seat, cards, positions, *where)
                            want_seat, where = True, (line, here)
                            continue
                        card = self.card(word, line, here)
                        if card is None:
                            continue
                    cards.append(card)
                    positions.append((line, here))
                line += 1
                col = 1
        if seat >= 0:
            self.visitor.visit_hand(hand_section, seat, cards, positions, *where)

    # --- offer and scores ----------------------------------------------------------
    def offer(self, section: Section, nodes: Sequence[Node]) -> None:
        """``offer CARD``: the face-up card (a second one in a deal is reported, and wins)."""
        word, line, col = split_words(nodes[0])[1]  # type: ignore[arg-type]
        self.issues.spend(1, line, col)
        card = self.card(word, line, col)
        if card is not None:
            if self.offer_seen:
                self.issues.report(UNEXPECTED_TEXT, msg("a second offer card in one deal"), line, col)
            self.offer_seen = True
            self.visitor.visit_offer(card, line, col)
        self.comments(nodes[1:])

    def scores(self, section: Section, nodes: Sequence[Node]) -> None:
        """``score NS EW``, ``match NS EW``, ``pot N`` lines."""
        if len(nodes) == 1 and self.score_lines(nodes[0]):  # type: ignore[arg-type]
            return
        words = [word for node in nodes if isinstance(node, Chunk) and node.type not in COMMENT_TYPES
                 for word in split_words(node)]
        pots, matches = vocab.keywords("POT_KW"), vocab.keywords("MATCH_KW")
        self.issues.spend(len(words), nodes[0].line, nodes[0].column)
        i = 0
        while i < len(words):
            word, line, col = words[i]
            low = word.lower()
            if low in pots:
                pot = number(*words[i + 1], self.issues)
                if pot is not None:
                    self.visitor.visit_score("pot", pot, None, words[i + 1][1], words[i + 1][2])
                i += 2
                continue
            kind: ScoreKind = "match" if low in matches else "score"
            ns, ew = number(*words[i + 1], self.issues), number(*words[i + 2], self.issues)
            if ns is not None and ew is not None:
                self.visitor.visit_score(kind, ns, ew, line, col)
            i += 3
        self.comments([node for node in nodes[1:] if node.type in COMMENT_TYPES])  # type: ignore[union-attr]

    def comments(self, nodes: Sequence[Node]) -> None:
        for node in nodes:
            self.comment(node)  # type: ignore[arg-type]

    # --- items -----------------------------------------------------------------------
    def bidding(self, section: Section, nodes: Sequence[Node]) -> None:
        """``smsara [N]`` lines: calls with their review material."""
        if len(nodes) == 1 and self.bid_lines(nodes[0]):  # type: ignore[arg-type]
            return
        self.items(nodes, Frame("call", None))

    def tricks(self, section: Section, nodes: Sequence[Node]) -> None:
        """``trick [N]`` lines: plays, marks, winners, review material."""
        if len(nodes) == 1 and self.trick_lines(nodes[0]):  # type: ignore[arg-type]
            return
        self.items(nodes, Frame("card", None, tricks=True))

    def announce(self, section: Section, nodes: Sequence[Node]) -> None:
        """``announce SEAT KIND cards [trick=N] [before=N]`` and its review material; cards
        and ``trick=``/``before=`` after an interruption still belong to it."""
        words = split_words(nodes[0])  # type: ignore[arg-type]
        _, line, col = words[0]
        seat = vocab.SEATS[words[1][0]]
        kind = vocab.kind_of(words[2][0])
        shown: list[Word] = words[3:]
        rest: list[Node] = []
        for node in nodes[1:]:
            if isinstance(node, Chunk) and node.type in ("CARDS", "WHEN"):
                shown.extend(split_words(node))
            else:
                rest.append(node)
        cards: list[int] = []
        positions: list[tuple[int, int]] = []
        trick: int | None = None
        before: int | None = None
        self.issues.spend(len(shown) + 1, line, col)
        for word, wline, wcol in shown:
            if "=" in word:
                key, _, digits = word.partition("=")
                value = number(digits, wline, wcol + len(key) + 1, self.issues)
                if key.lower() == "trick":
                    trick = value
                else:
                    before = value
                continue
            card = self.card(word, wline, wcol)
            if card is not None:
                cards.append(card)
                positions.append((wline, wcol))
        self.visitor.visit_announcement(seat, kind, cards, positions, trick, before,
                                        line, col)
        self.items(rest, Frame("announcement", "announcement"))



SectionReader = Callable[[DealReader, Section, Sequence[Node]], None]


class SectionKind(NamedTuple):
    """One kind of section of a deal (a rule of ``belote.lark`` under ``_section``): a row of
    :data:`SECTION_KINDS`."""

    rule: str
    """The grammar's rule."""
    section: Section
    """The section the visitor is told of (``begin_section``)."""
    terminal: str
    """The terminal that starts it (a canonical line is a chunk of it)."""
    keywords: tuple[str, ...]
    """The keyword terminals its lines start with."""
    run: bool
    """Its terminal is a run of lines (else one line)."""
    reader: SectionReader
    """The method of :class:`DealReader` that reads it."""


SECTION_KINDS: tuple[SectionKind, ...] = (
    SectionKind("five", "five", "FIVE", ("FIVE_KW",), True, DealReader.hands),
    SectionKind("offer", "offer", "OFFER", ("OFFER_KW",), False, DealReader.offer),
    SectionKind("smsara", "bidding", "SMSARA", ("SMSARA_KW",), True, DealReader.bidding),
    SectionKind("rest", "rest", "REST", ("REST_KW",), True, DealReader.hands),
    SectionKind("hand", "hand", "HAND", ("HAND_KW",), True, DealReader.hands),
    SectionKind("announce", "announce", "ANNOUNCE", ("ANNOUNCE_KW",), False, DealReader.announce),
    SectionKind("trick", "trick", "TRICK", ("TRICK_KW",), True, DealReader.tricks),
    SectionKind("scores", "scores", "SCORES", ("SCORE_KW", "MATCH_KW", "POT_KW"), True, DealReader.scores),
)
"""The one table of the kinds of section (and so of line) of a deal: a new kind of line is a
rule of the grammar, a row here and the method reading it (docs/notation.md, "Adding a kind of
line")."""
_KINDS: dict[Section, SectionKind] = {kind.section: kind for kind in SECTION_KINDS}
RULE_SECTIONS: dict[str, Section] = {kind.rule: kind.section for kind in SECTION_KINDS}
"""The section of each rule of ``belote.lark``."""
SECTION_TERMINALS: dict[Section, str] = {kind.section: kind.terminal for kind in SECTION_KINDS}
"""The terminal that starts each section (a canonical line is a chunk of it)."""
RUNS: frozenset[Section] = frozenset(kind.section for kind in SECTION_KINDS if kind.run)
"""The sections whose terminal is a run of lines (the others are one line each)."""


@cache
def section_keywords() -> dict[str, Section]:
    """The keywords that start a section line (as written in the grammar, and lower-case).

    >>> section_keywords()["pli"], section_keywords()["pot"], "winner" in section_keywords()
    ('trick', 'scores', False)
    """
    return {word: kind.section for kind in SECTION_KINDS for name in kind.keywords
            for word in vocab.keywords(name) | set(vocab.words_of(name))}
