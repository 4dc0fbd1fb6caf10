"""The general path: one piece of a game (its head, a deal, its tail) parsed by Lark, with
error recovery through Lark's public API only.

On an error the issue is reported, the offending word or token is blanked out (replaced by
spaces, so every position stays where it was) and the piece is parsed again: the parser then
goes on exactly as if the word had been skipped. One mistake is one finding: a word that is
a keyword mistyped (``tafra`` for ``tafr9a``) is said so, with the keyword meant, and the rest
of its line (the mistyped section's arguments) is skipped with it; the words the parser then
trips over on a line already reported are skipped without a second finding. A piece that
cannot be recovered (it stops in the middle of a rule) gives ``None``. The parse tree is
turned into chunks (:mod:`.tokens`) without recursion, variations of any depth included.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from belote_notation.game.cards import SEAT_NAMES, Deck, card_name
from belote_notation.game.lang import Arg, Listed, Message, msg, render
from belote_notation.notation import vocabulary as vocab
from belote_notation.notation.issues import BAD_TAG_PAIR, UNCLOSED_COMMENT, UNEXPECTED_TEXT
from belote_notation.notation.read.tokens import Alternative, Chunk, Issues, Node

if TYPE_CHECKING:  # lark is imported by the functions below only: canonical text never needs it
    from lark import Token, Tree, UnexpectedInput

__all__ = ["Piece", "Rule", "did_you_mean", "end_position", "parse_piece", "unknown_word"]

MAX_RECOVERIES_PER_PIECE = 20

_FRIENDLY: dict[str, Arg] = {
    "HEADERS": msg("a tag pair like [Event \"...\"]"), "DEAL": "`deal N`", "CANONICAL_DEAL": "`deal N`",
    "SCORES": msg("`score NS EW`, `match NS EW` or `pot N`"), "FIVE": "`tafr9a SEAT cards`",
    "OFFER": "`offer CARD`", "SMSARA": "`smsara`", "REST": "`rest SEAT cards`",
    "HAND": "`hand SEAT cards`", "ANNOUNCE": "`announce SEAT KIND cards`",
    "TRICK": "`trick N`", "END": "`end`", "CARDS": msg("a card"), "PLAYS": msg("a play like N:AS"),
    "BIDS": msg("a call (pass/take)"), "WHEN": msg("trick=N or before=N"), "WINNER": "`winner SEAT`",
    "MARK": "belote/rebelote", "GLYPH": msg("a glyph"), "NAG": msg("a $n code"),
    "COMMENT": msg("a {comment}"), "LINE_COMMENT": msg("a ; comment"), "LPAR": "`(`", "RPAR": "`)`",
    "$END": msg("the end of the game"),
}
"""The grammar's terminals in a player's words: notation written as written (a str), words as
messages of the catalogue."""
_ITEM_TERMINALS = ("PLAYS", "CARDS", "BIDS", "WHEN", "MARK", "WINNER", "RPAR")
_WORD = re.compile(r"\S{1,20}")
_SKIPPED = re.compile(r"[^\s{};]*")
_NOT_NEWLINE = re.compile(r"[^\n]")
_TAG_START = re.compile(r"\[" + vocab.pattern("_HWS") + "?" + vocab.pattern("TAG_NAME"))


class Piece:
    """A piece of a game's text and where it starts in the file."""

    __slots__ = ("col", "line", "text")

    def __init__(self, text: str, line: int, col: int) -> None:
        self.text, self.line, self.col = text, line, col

    def position(self, line: int, column: int) -> tuple[int, int]:
        """File position of a (line, column) of the piece (both 1-based)."""
        return line + self.line - 1, column + (self.col - 1 if line == 1 else 0)

    def chunk(self, token: Token) -> Chunk:
        line, col = self.position(token.line or 1, token.column or 1)
        return Chunk(token.type, str(token), line, col)


def _parse(text: str, start: str, budget: int) -> tuple[Tree[Token], Token | None]:
    """Lark's parse of ``text`` and the token it was cut at (``None``: not cut). When the text
    may hold more than ``budget`` tokens (each is at least one character), it is parsed token
    by token and cut at the one past the budget, its open variations closed there, so that a
    game of millions of tokens never holds them all (issue 13)."""
    from lark import Token

    if len(text) <= budget:
        return vocab.parser().parse(text, start=start), None
    interactive = vocab.parser().parse_interactive(text, start=start)
    depth = 0
    for count, token in enumerate(interactive.iter_parse()):
        if count >= budget:
            for _ in range(depth):
                interactive.feed_token(Token("RPAR", ")"))
            return interactive.feed_eof(), token  # type: ignore[no-untyped-call]
        depth += token.type == "LPAR"
        depth -= token.type == "RPAR"
    return interactive.feed_eof(), None  # type: ignore[no-untyped-call]


def parse_piece(piece: Piece, start: str, issues: Issues,
                deck: Deck | None = None) -> list[Chunk | Rule] | None:
    """The children of rule ``start`` read from ``piece`` (errors reported, recovered from;
    ``deck``, the game's, names the cards an unknown card may have meant).

    A piece of more tokens than the game may still hold (:meth:`Issues.spend`) is read up to
    the token past the limit, its open variations closed there, and ``issues.cut_at`` says
    where the caller stops reading the game."""
    from lark import UnexpectedCharacters, UnexpectedInput

    text = piece.text
    reported: set[int] = set()
    """The lines of the piece already given a finding: what follows on them is a consequence."""
    for _ in range(MAX_RECOVERIES_PER_PIECE + 1):
        try:
            tree, cut = _parse(text, start, issues.left + 1)
            if cut is not None:
                issues.cut_at = piece.position(cut.line or 1, cut.column or 1)
        except UnexpectedInput as exc:
            mistyped = _mistyped_keyword(exc, text)
            if mistyped is not None:
                _report_keyword(exc, mistyped, piece, issues, reported)
            else:
                _report(exc, text, piece, issues, reported, deck)
            span = _blank_span(exc, text)
            if span is None:
                return None
            if mistyped is not None:  # the mistyped section's arguments go with it
                end = text.find("\n", span[1])
                span = span[0], len(text) if end < 0 else end
            rest = text[span[1]:]
            if text[span[0]] == "{" and isinstance(exc, UnexpectedCharacters):
                # An unclosed `{`: every later one is unclosed too (their scans meet this
                # one's), so all are skipped at once, not one recovery each (issue 13).
                rest = rest.replace("{", " ")
            text = text[: span[0]] + _NOT_NEWLINE.sub(" ", text[span[0]:span[1]]) + rest
            continue
        return _nodes(tree, piece)
    return None


@cache
def _keywords() -> tuple[str, ...]:
    """Every keyword of the notation (sections, their aliases), lower-case."""
    return tuple(sorted({word for name in vocab.keyword_terminals() for word in vocab.keywords(name)}))

_LETTERS = re.compile(r"[^\W\d_][\w]{2,}")


def did_you_mean(word: str) -> str | None:
    """The keyword ``word`` is a typo of, if it is close to one (and is not one itself).

    >>> did_you_mean("tafra"), did_you_mean("Smsra"), did_you_mean("trik"), did_you_mean("AS")
    ('tafr9a', 'smsara', 'trick', None)
    """
    key = word.lower()
    if _LETTERS.fullmatch(key) is None or key in _keywords():
        return None
    import difflib

    close = difflib.get_close_matches(key, _keywords(), n=1, cutoff=0.75)
    return close[0] if close else None


def _mistyped_keyword(exc: UnexpectedInput, text: str) -> tuple[str, str] | None:
    """(the word, the keyword meant) when the parser stopped on a mistyped keyword."""
    from lark import UnexpectedCharacters, UnexpectedToken

    if isinstance(exc, UnexpectedCharacters):
        pos = exc.pos_in_stream or 0
    elif isinstance(exc, UnexpectedToken) and exc.token.type != "$END":
        pos = exc.token.start_pos or 0
    else:
        return None
    found = _WORD.match(text, pos)
    if found is None:
        return None
    word = found.group()
    meant = did_you_mean(word)
    return (word, meant) if meant is not None else None


def _position(exc: UnexpectedInput, piece: Piece) -> tuple[int, int]:
    from lark import UnexpectedToken

    if isinstance(exc, UnexpectedToken):
        return piece.position(exc.token.line or 1, exc.token.column or 1)
    return piece.position(exc.line, exc.column)


def _report_keyword(exc: UnexpectedInput, mistyped: tuple[str, str], piece: Piece, issues: Issues,
                    reported: set[int]) -> None:
    line, col = _position(exc, piece)
    if line in reported:
        return
    reported.add(line)
    word, meant = mistyped
    issues.report(UNEXPECTED_TEXT, msg("unknown keyword `%(word)s`: did you mean `%(meant)s`? (the rest of "
                                       "the line is skipped)", word=word, meant=meant), line, col)


def _blank_span(exc: UnexpectedInput, text: str) -> tuple[int, int] | None:
    """The characters to skip to go on after ``exc``; ``None``: the piece cannot go on."""
    from lark import UnexpectedCharacters, UnexpectedToken

    if isinstance(exc, UnexpectedCharacters):
        pos = exc.pos_in_stream or 0
        found = _SKIPPED.match(text, pos + 1)
        return pos, found.end() if found is not None else pos + 1
    if isinstance(exc, UnexpectedToken) and exc.token.type != "$END":
        start = exc.token.start_pos or 0
        end = exc.token.end_pos or 0
        if start is not None and end is not None and end > start:
            return start, end
    return None


class Rule(NamedTuple):
    """A rule of the grammar as parsed (a section of a deal): its name and its children."""

    name: str
    nodes: list[Node]


def _nodes(tree: Tree[Token], piece: Piece) -> list[Chunk | Rule]:
    """The children of ``tree``: its tokens as chunks, its sections as rules."""
    from lark import Tree

    out: list[Chunk | Rule] = []
    for child in tree.children:
        if isinstance(child, Tree):
            out.append(Rule(str(child.data), _flatten(child, piece)))
        else:
            out.append(piece.chunk(child))
    return out


def _flatten(tree: Tree[Token], piece: Piece) -> list[Node]:
    """The children of a section, variations as alternatives, built without recursion."""
    from lark import Tree

    top: list[Node] = []
    stack: list[tuple[Iterator[Tree[Token] | Token], list[Node]]] = [(iter(tree.children), top)]
    while stack:
        children, target = stack[-1]
        child = next(children, None)
        if child is None:
            stack.pop()
        elif isinstance(child, Tree):
            paren = piece.chunk(child.children[0])  # type: ignore[arg-type]
            inner: list[Node] = []
            target.append(Alternative(paren.line, paren.column, inner))
            stack.append((iter(child.children[1:]), inner))
        elif child.type != "RPAR":
            target.append(piece.chunk(child))
    return top


def _report(exc: UnexpectedInput, text: str, piece: Piece, issues: Issues, reported: set[int],
            deck: Deck | None = None) -> None:
    from lark import UnexpectedCharacters, UnexpectedToken

    if not (isinstance(exc, UnexpectedToken) and exc.token.type == "$END"):
        line = _position(exc, piece)[0]
        if line in reported:  # a consequence of the mistake already reported on this line
            return
        reported.add(line)
    if isinstance(exc, UnexpectedCharacters):
        line, col = piece.position(exc.line, exc.column)
        pos = exc.pos_in_stream or 0
        char = text[pos] if pos < len(text) else ""
        if char == "{":
            issues.report(UNCLOSED_COMMENT, msg("this `{` opens a comment that is never closed (add `}`)"),
                          line, col)
        elif char == "[" and _TAG_START.match(text, pos) is not None:
            issues.report(BAD_TAG_PAIR, msg("malformed tag pair: write [Name \"value\"] on one line, with "
                                            "\\\" and \\\\ for quotes and backslashes inside the value"),
                          line, col)
        else:
            found = _WORD.match(text, pos)
            items = _ITEMS.intersection(exc.allowed or ())  # where a card, a play or a call may be
            unknown = unknown_word(found.group(), deck) if found is not None and items else None
            issues.report(UNEXPECTED_TEXT, unknown or msg("expected %(expected)s; found %(found)s",
                                                          expected=_expected(exc.allowed or ()),
                                                          found=_found(text, pos)), line, col)
    elif isinstance(exc, UnexpectedToken) and exc.token.type == "$END":
        line, col = end_position(text, piece)
        issues.report(UNEXPECTED_TEXT, msg("the game stops early: expected %(expected)s",
                                           expected=_expected(exc.expected)), line, col)
    elif isinstance(exc, UnexpectedToken):
        line, col = piece.position(exc.token.line or 1, exc.token.column or 1)
        issues.report(UNEXPECTED_TEXT, msg("expected %(expected)s; found %(found)s",
                                           expected=_expected(exc.expected), found=_found(str(exc.token), 0)),
                      line, col)
    else:
        line, col = end_position(text, piece)
        issues.report(UNEXPECTED_TEXT, msg("the game stops early"), line, col)


_ITEMS = frozenset({"PLAYS", "CARDS", "BIDS"})
_CARD_START = re.compile(r"(?:10|11|12|[1-9TJQKAVDR])", re.IGNORECASE)


def unknown_word(word: str, deck: Deck | None) -> Message | None:
    """What a word the grammar cannot read was likely meant to be, from the deck and the
    vocabulary: an unknown seat, call or card (``None``: none of these).

    >>> from belote_notation.game.lang import render
    >>> def said(word: str, deck: Deck) -> str | None:
    ...     found = unknown_word(word, deck)
    ...     return None if found is None else render(found)
    >>> said("N:7X", Deck.SPANISH)
    'unknown card `7X` in `N:7X` (not a card of the spanish deck): did you mean 7E, 7C, 7O or 7B?'
    >>> said("X:4E", Deck.SPANISH), said("W:pas", Deck.SPANISH)
    ('unknown seat `X` in `X:4E` (N, E, S or W)', 'unknown call `pas` in `W:pas`: did you mean `pass`?')
    >>> said("AZ", Deck.FRENCH), said("{x", Deck.FRENCH)
    ('unknown card `AZ` (not a card of the french deck): did you mean AS, AH, AD or AC?', None)
    """
    import difflib

    seat, colon, what = word.partition(":")
    if not colon:
        what = word
    elif len(seat) != 1 or not what:
        return None
    elif seat.upper() not in SEAT_NAMES:
        return msg("unknown seat `%(seat)s` in `%(word)s` (N, E, S or W)", seat=seat, word=word)
    close = difflib.get_close_matches(what.lower(), list(vocab.call_words()), n=1, cutoff=0.75)
    if close and colon:
        return msg("unknown call `%(what)s` in `%(word)s`: did you mean `%(meant)s`?", what=what, word=word,
                   meant=close[0])
    if deck is None or _CARD_START.match(what) is None or len(what) > 4:
        return None
    near = [name for name in (card_name(card, deck) for card in range(32)) if _one_edit(what.upper(), name)]
    deck_word = msg("spanish") if deck is Deck.SPANISH else msg("french")
    problem = (msg("unknown card `%(what)s` in `%(word)s` (not a card of the %(deck)s deck)", what=what,
                   word=word, deck=deck_word) if colon else
               msg("unknown card `%(what)s` (not a card of the %(deck)s deck)", what=what, deck=deck_word))
    if not near:
        return problem
    return msg("%(problem)s: did you mean %(cards)s?", problem=problem, cards=_one_of(near))


def _one_edit(a: str, b: str) -> bool:
    """Whether ``a`` becomes ``b`` by changing, adding or removing one character."""
    if abs(len(a) - len(b)) > 1 or a == b:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b, strict=True)) == 1
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return any(long[:i] + long[i + 1:] == short for i in range(len(long)))


def _one_of(names: list[str]) -> Arg:
    return names[0] if len(names) == 1 else msg("%(some)s or %(last)s", some=Listed(tuple(names[:-1])),
                                                 last=names[-1])


def end_position(text: str, piece: Piece) -> tuple[int, int]:
    """The file position just after the end of ``text`` (which starts where ``piece`` does)."""
    lines = text.count("\n")
    if lines == 0:
        return piece.position(1, len(text) + 1)
    return piece.line + lines, len(text) - text.rfind("\n")


def _expected(expected: Iterable[str]) -> Arg:
    """The expected terminals in words; the items of the current section first."""
    wanted = {e for e in expected if not e.startswith("_")}
    items = [_FRIENDLY[e] for e in _ITEM_TERMINALS if e in wanted]
    if len(wanted) > 8:
        return Listed((*items, msg("review material or a new section"))) if items else \
            msg("a new section, `deal` or `end`")
    names = sorted({_FRIENDLY.get(e, e) for e in wanted}, key=_english)
    return Listed(tuple(names)) if names else msg("something else")


def _english(name: Arg) -> str:
    return render(name) if isinstance(name, Message) else str(name)


def _found(text: str, pos: int) -> Arg:
    if pos >= len(text):
        return msg("the end of the game")
    found = _WORD.match(text, pos)
    word = found.group() if found else text[pos]
    if word.startswith("{"):
        return msg("`{` opening a comment that is never closed")
    if not word.isprintable():  # binary junk: show control characters as escapes, not raw
        word = "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii")
                       for c in word)
    return f"`{word}`"
