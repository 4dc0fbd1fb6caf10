"""Reading one game's text as events: its head, its deals and its tail, piece by piece.

A game is cut at its ``deal`` and ``end`` keywords (outside comments and quoted strings) into
pieces, each read on its own, so a visitor that skips a deal or the body costs nothing for
them, and one broken deal does not hide the others. A deal written in the canonical layout
(the grammar's ``CANONICAL_DEAL`` terminal) is read without Lark, line by line by the quick
line readers that the general path uses too (:mod:`.quick`); a deal one of them rejects is
read the general way, with nothing reported for it before.
"""

from __future__ import annotations

import re
from functools import cache
from operator import itemgetter

from belote_notation.game.cards import Deck
from belote_notation.game.lang import msg
from belote_notation.notation import vocabulary as vocab
from belote_notation.notation.headers import Tag, head_deck, infer_deck, laid_out_tag, names_in, tag_name
from belote_notation.notation.issues import MISSING_END, UNKNOWN_VALUE
from belote_notation.notation.read.canon import compiled_tags
from belote_notation.notation.read.canonical import heading_starts
from belote_notation.notation.read.recovery import Piece, Rule, end_position, parse_piece
from belote_notation.notation.read.sections import (
    RULE_SECTIONS,
    RUNS,
    SECTION_TERMINALS,
    DealReader,
    section_keywords,
)
from belote_notation.notation.read.tokens import (
    COMMENT_TYPES,
    Chunk,
    ChunkLocator,
    Issues,
    comment_text,
    number,
    position_in,
    unescape,
)
from belote_notation.notation.visitor import SKIP, Visitor

__all__ = ["GameReader", "Tag"]

_WS = re.compile(vocab.pattern("WS") + "?")
_HEADERS = vocab.regex("HEADERS")
_END = vocab.regex("END")
_END_KW = vocab.regex("END_KW")
_DEAL = vocab.regex("DEAL")
_LAST_END = re.compile("(" + vocab.pattern("END") + ")" + vocab.pattern("WS") + r"?\Z")
"""``end`` and its result, then only blanks: the tail :meth:`GameReader.tail` reads as one token."""
_HEADER = re.compile(r"\[" + vocab.pattern("_HWS") + "?(" + vocab.pattern("TAG_NAME") + ")"
                     + vocab.pattern("_HWS") + "(" + vocab.pattern("STRING") + ")")
# Where a game is cut into pieces: a `deal` or `end` keyword that is a word of its own, outside
# comments, quoted strings and tag names (those alternatives are matched to be skipped). A `{`
# or `"` that opens nothing (no `}`, no closing quote on its line) is matched alone; every later
# one fails the same way (the scans meet at the next character), so from there on the pattern
# without that alternative is used: each unclosed opener is scanned once, not once per opener
# (issue 13: 32,000 unclosed `{` took 12.7 s).
_CUT_PARTS = {
    "comment": vocab.pattern("COMMENT") + r"|(?P<open_comment>\{)",
    "line": vocab.pattern("LINE_COMMENT"),
    "string": vocab.pattern("STRING") + r'|(?P<open_string>")',
    "tag": r"\[" + vocab.pattern("_HWS") + "?" + vocab.pattern("TAG_NAME"),
    "keyword": r"(?<![\w:])(?P<keyword>" + vocab.pattern("DEAL_KW") + "|" + vocab.pattern("END_KW") + ")",
}


@cache
def _cuts(comments: bool, strings: bool) -> re.Pattern[str]:
    """The pattern that cuts, with or without the comment and string alternatives (compiled when
    first used: a game needs one or two of the four; compiling all was 1 ms of every start)."""
    return re.compile("|".join(part for name, part in _CUT_PARTS.items()
                               if (comments or name != "comment") and (strings or name != "string")))


_KEYWORD = re.compile(vocab.pattern("DEAL_KW") + "|" + vocab.pattern("END_KW"))
_DECK_TAGS = frozenset({"deck", "rules"})
"""The tags :func:`~belote_notation.notation.headers.game_deck` and ``names_deck`` read."""
_INDEX = itemgetter(0)  # the index of an (index, name) of names_in
_LAST_HEAD: list[tuple[list[tuple[str, str]], int, tuple[str, ...]] | None] = [None]
"""The compiled reader's last answer, handed to it with the next head: a file's heads repeat their
names and values, so those are the same strings (hashed once a file). A hint: a race costs a miss."""


def _blanks_end(text: str, pos: int) -> int:
    """The offset after the blanks (``WS``) at ``pos``, the expression asked only where
    ``str.isspace`` (true of every ``WS`` character) says a blank is: most heads have none.

    >>> _blanks_end("  deal", 0), _blanks_end("deal", 0), _blanks_end("a   b", 1)
    (2, 0, 4)"""
    return _WS.match(text, pos).end() if text[pos:pos + 1].isspace() else pos  # type: ignore[union-attr]


class GameReader:
    """Reads the text of one game and reports it to a visitor (one instance per game)."""

    def __init__(self, text: str, visitor: Visitor[object], issues: Issues, first_line: int) -> None:
        self.text = text
        self.visitor = visitor
        self.issues = issues
        self.first_line = first_line
        self.deck = Deck.FRENCH
        self.number = 0
        self.tail_seen = False
        self.deal: DealReader | None = None
        self.sections: DealReader | None = None
        self._done, self._line, self._newline = 0, first_line, -1
        self.comments_close = True
        """No unclosed ``{`` met yet by :meth:`next_cut` (after one, none closes)."""

    def where(self, pos: int) -> tuple[int, int]:
        """File position of offset ``pos`` (offsets asked in increasing order)."""
        text = self.text
        count = text.count("\n", self._done, pos)
        if count:
            self._line += count
            self._newline = text.rfind("\n", self._done, pos)
        self._done = pos
        return self._line, pos - self._newline

    def next_cut(self, pos: int) -> int:
        """Offset of the next ``deal``/``end`` keyword at or after ``pos`` (the length if none)."""
        text = self.text
        no_string_before = -1   # a quote before this offset opens no string (see _cuts)
        while True:
            restart = -1
            end = pos
            for found in _cuts(self.comments_close, no_string_before < 0).finditer(text, pos):
                if 0 <= no_string_before <= found.start():
                    restart, no_string_before = max(no_string_before, end), -1
                    break
                kind = found.lastgroup
                if kind == "keyword":
                    return found.start()
                end = found.end()
                if kind == "open_comment":
                    self.comments_close, restart = False, end
                    break
                if kind == "open_string":
                    newline = text.find("\n", end)
                    no_string_before = newline if newline >= 0 else len(text)
                    restart = end
                    break
            if restart < 0:
                return len(text)
            pos = restart

    # --- the head ----------------------------------------------------------------------
    def head(self) -> int:
        """Report the tag pairs and the comments before the first deal; the offset after them."""
        text = self.text
        pos = _blanks_end(text, 0)
        nodes: list[Chunk | Rule] = []
        read_tags = compiled_tags()
        at_line_start = pos == 0 or text[pos - 1] == "\n"
        laid_out = read_tags(text, pos, _LAST_HEAD[0]) if read_tags is not None and at_line_start else None
        if laid_out is not None:  # one a line, from its first column (the compiled reader)
            pairs, end, names = laid_out
            _LAST_HEAD[0] = laid_out
            after = _blanks_end(text, end)
            ends = (after == len(text) or text.startswith(heading_starts(), after)  # a `deal` keyword
                    or _KEYWORD.match(text, after) is not None)
            if ends and self.issues.afford(len(pairs)):
                self.compiled_head(pairs, self.where(pos)[0] if pos else self.first_line, names)
                return after
        found = _HEADERS.match(text, pos)
        if found is not None:
            after = _WS.match(text, found.end()).end()  # type: ignore[union-attr]
            if after == len(text) or _KEYWORD.match(text, after):
                line, col = self.where(pos)
                self.read_head([Chunk("HEADERS", found.group(), line, col)])
                return after
        elif pos == len(text) or _KEYWORD.match(text, pos):
            self.read_head([])
            return pos
        cut = self.next_cut(0)
        parsed = parse_piece(Piece(text[:cut], self.first_line, 1), "head", self.issues)
        nodes = parsed if parsed is not None else []
        self.read_head([node for node in nodes if isinstance(node, Chunk)])
        self.issues.stop_if_cut()
        return cut

    def read_head(self, chunks: list[Chunk]) -> None:
        """Report the head's tokens and resolve the deck."""
        deck_tags: list[Tag] = []
        """The ``Deck`` and ``Rules`` tags: all the deck of the cards depends on."""
        spend = self.issues.spend
        for chunk in chunks:
            if chunk.type in COMMENT_TYPES:
                spend(1, chunk.line, chunk.column)
                self.visitor.visit_comment(comment_text(chunk), chunk.line, chunk.column)
                continue
            value = chunk.value
            pairs = _HEADER.findall(value)
            if (chunk.type == "HEADERS" and chunk.column == 1 and value.startswith("[")
                    and "\\" not in value and value.count("\n") == value.count("\n[") == len(pairs) - 1
                    and self.issues.afford(len(pairs))):
                # tag pairs (and white space: the HEADERS terminal) one a line, each at its first
                # column (the layout fmt writes)
                self.laid_out(pairs, chunk.line, deck_tags)
                continue
            visit_header = self.visitor.visit_header
            locator = ChunkLocator(chunk)
            for found in _HEADER.finditer(value):
                line, col = locator.where(found.start())
                spend(1, line, col)
                name, raw = found.group(1, 2)
                raw = raw[1:-1]
                if "\\" in raw:
                    raw = unescape(raw, locator, found.start(2) + 1, self.issues)
                if name.lower() in _DECK_TAGS:
                    deck_tags.append(Tag(name, raw, line, col))
                visit_header(name, raw, line, col)
        self.set_deck(*head_deck(tuple([(tag[0], tag[1]) for tag in deck_tags])), deck_tags)

    def compiled_head(self, pairs: list[tuple[str, str]], line: int, names: tuple[str, ...]) -> None:
        """Report the tag pairs the compiled reader read (their ``names``), one a line from ``line``
        on, their items counted; resolve the deck as :meth:`read_head` does (its tags by index)."""
        found = names_in(names, _DECK_TAGS)
        self.visitor.visit_tag_pairs(pairs, line)
        deck, named, unknown = head_deck(tuple(map(pairs.__getitem__, map(_INDEX, found))))
        if named and unknown < 0:  # the common head: a Deck or Rules tag says the deck
            self.deck = deck
            return
        self.set_deck(deck, named, unknown, [laid_out_tag(pairs, line, k) for k, _ in found])

    def set_deck(self, deck: Deck, named: bool, unknown: int, deck_tags: list[Tag]) -> None:
        """The deck of the cards: ``head_deck``'s answer for ``deck_tags`` (the head's ``Deck`` and
        ``Rules`` tags), an unknown deck's finding said, else the deck the cards are written in."""
        if unknown >= 0:
            deck_tag = deck_tags[unknown]
            self.issues.report(UNKNOWN_VALUE, msg("unknown deck `%(word)s` (write spanish or french); the "
                                                  "cards are read by the Rules tag's deck, else French",
                                                  word=deck_tag.value), deck_tag.line, deck_tag.col)
        self.deck = deck
        if not named and infer_deck(self.text) is Deck.SPANISH:
            self.deck = Deck.SPANISH  # no tag says it: the cards do (French is read by default)
            self.visitor.visit_deck(Deck.SPANISH.value)

    def laid_out(self, pairs: list[tuple[str, str]], line: int, deck_tags: list[Tag]) -> None:
        """Tag pairs one a line from ``line`` on, each at its first column, with no escape (the
        layout fmt writes), their values quoted: their positions are known without counting, and
        no escape is to be undone."""
        pairs = [(name, raw[1:-1]) for name, raw in pairs]
        deck_tags += [laid_out_tag(pairs, line, k) for k, _ in names_in(tuple(map(tag_name, pairs)),
                                                                        _DECK_TAGS)]
        self.visitor.visit_tag_pairs(pairs, line)

    # --- the body ----------------------------------------------------------------------
    def body(self, pos: int) -> None:
        """Report every deal and the tail, from offset ``pos``."""
        text, n = self.text, len(self.text)
        while True:
            pos = _blanks_end(text, pos)
            if pos >= n:
                return
            line, col = self.where(pos)
            if text.startswith(heading_starts(), pos):
                end = self.canonical_deal(pos, line, col)
                if end is not None:
                    pos = end
                    continue
            last = _LAST_END.match(text, pos)
            if last is not None:  # the common tail, as tail() reads it
                self.tail_seen = True
                self.issues.spend(1, line, col)
                self.result(tuple.__new__(Chunk, ("END", last.group(1), line, col)))  # no Python __new__
                return
            keyword = _KEYWORD.match(text, pos)
            end = self.next_cut(keyword.end() if keyword is not None else pos + 1)
            piece = Piece(text[pos:end], line, col)
            if _END_KW.match(text, pos):
                self.tail(piece)
            else:
                self.general_deal(piece)
            self.issues.stop_if_cut()
            pos = end

    def begin_deal(self, heading: str, line: int, col: int) -> DealReader | None:
        """Report ``deal [N] [dealer SEAT]``; the reader of its sections (``None``: skipped)."""
        words = heading.split()
        self.issues.spend(1, line, col)
        written = None
        if len(words) > 1:
            at = heading.find(words[1], len(words[0]))
            newline = heading.rfind("\n", 0, at)
            where = (line, col + at) if newline < 0 else (line + heading.count("\n", 0, at), at - newline)
            written = number(words[1], *where, self.issues)
        return self.open_deal(written, vocab.SEATS[words[3]] if len(words) > 3 else None, line, col)

    def open_deal(self, written: int | None, dealer: int | None, line: int, col: int) -> DealReader | None:
        """Report a deal's heading, its items counted (``written``: its number, if written); the
        reader of its sections (``None``: skipped)."""
        self.number = self.number + 1 if written is None else written
        if self.visitor.begin_deal(self.number, dealer, line, col) is SKIP:
            return None
        if self.sections is None:
            self.sections = DealReader(self.visitor, self.issues, self.deck)
        self.deal = self.sections
        self.deal.new_deal()
        return self.deal

    def end_deal(self) -> None:
        self.deal = None
        self.visitor.end_deal()

    def canonical_deal(self, pos: int, line: int, col: int) -> int | None:
        """A deal in the canonical layout, read line by line by the quick line readers and
        reported once its last line is read (with the compiled reader and a visitor that takes
        deals at once, the canonical deals right after it too); the offset after it (``None``: not
        canonical, nothing reported)."""
        if self.sections is None:
            self.sections = DealReader(self.visitor, self.issues, self.deck)
        read = self.sections.canonical_deal(self.text, pos, line, col)
        if read is None:
            return None
        written, dealer, events, end, end_line = read
        if events is None:  # the deals given at once to the visitor (visit_deal_parts), their items counted
            self.number = written
        else:
            self.issues.spend(1, line, col)
            if self.open_deal(written, dealer, line, col) is not None:
                for event, args in events:
                    event(*args)
                self.end_deal()
        self._done, self._line, self._newline = end, end_line, end - 1  # where(): no line counted again
        return end

    def canonical_sections(self, reader: DealReader, lines: list[str], line: int) -> None:
        """Each run of lines of one section is read as one chunk of its terminal, as Lark's
        coarse terminals would give it."""
        sections = section_keywords()
        start, current, keyword = 1, None, ""
        for i in range(1, len(lines) + 1):
            text = lines[i] if i < len(lines) else ""
            word = text[: text.find(" ")]
            if word == keyword and current in RUNS:
                continue            # the next line of a run: same keyword, same section
            section = sections.get(word) if text else None
            keyword = word
            if section is current and section in RUNS:
                continue
            if current is not None:
                chunk = Chunk(SECTION_TERMINALS[current], "\n".join(lines[start:i]), line + start, 1)
                reader.section(current, (chunk,))
            start, current = i, section

    def general_deal(self, piece: Piece) -> None:
        heading = _DEAL.match(piece.text)
        reader = self.begin_deal(heading.group() if heading else "deal", piece.line, piece.col)
        if reader is None:
            return
        nodes = parse_piece(piece, "deal", self.issues, self.deck)
        for node in nodes[1:] if nodes else ():
            if isinstance(node, Rule):
                reader.section(RULE_SECTIONS[node.name], node.nodes)
            else:
                reader.comment(node)
        if nodes and nodes[0].type == "CANONICAL_DEAL":  # type: ignore[union-attr]
            self.canonical_sections(reader, nodes[0].value.split("\n"), piece.line)  # type: ignore[union-attr]
        self.end_deal()

    def tail(self, piece: Piece) -> None:
        """``end [RESULT]`` and the comments after it."""
        self.tail_seen = True
        found = _END.match(piece.text)
        if found is not None and _WS.match(piece.text, found.end()).end() == len(piece.text):  # type: ignore[union-attr]
            nodes: list[Chunk | Rule] | None = [Chunk("END", found.group(), piece.line, piece.col)]
        else:
            nodes = parse_piece(piece, "tail", self.issues)
        for node in nodes or ():
            if isinstance(node, Rule):
                continue
            self.issues.spend(1, node.line, node.column)
            if node.type == "END":
                self.result(node)
            else:
                self.visitor.visit_comment(comment_text(node), node.line, node.column)

    def result(self, chunk: Chunk) -> None:
        value = chunk.value
        words = value.split(None, 1)
        if len(words) < 2:
            self.visitor.visit_result(None, chunk.line, chunk.column)
            return
        text, offset = words[1].strip(), len(value) - len(words[1])
        line, col = (chunk.line, chunk.column + offset) if "\n" not in value else position_in(chunk, offset)
        if text.startswith('"'):
            result = unescape(text[1:-1], chunk, value.index('"') + 1, self.issues)
        else:
            result = text.upper()
        self.visitor.visit_result(result, line, col)

    def missing_end(self) -> None:
        if not self.tail_seen:
            line, col = end_position(self.text.rstrip(), Piece("", self.first_line, 1))
            self.issues.report(MISSING_END, msg("the game does not end with `end` (is the file truncated?)"),
                               line, col)
