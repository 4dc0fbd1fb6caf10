"""Reading .bel text into records, streaming, without ever raising on bad input.

>>> games = parse_text('deal 1 dealer N\\ntrick 1 N:AS E:7S S:8S W:9S\\nend *\\n')
>>> games[0].errors, games[0].game.deals[0].tricks[0].plays[0].card
([], 7)

How it works (docs/notation.md has the notation itself):

1. :func:`iter_game_texts` cuts the stream into game texts without parsing (flat memory).
2. :func:`parse_game_text` runs the LALR parser built from ``belote.lark`` with the
   transformer below applied during parsing: no parse tree, records built directly with a
   fast ``model_construct``. The grammar's terminals are coarse (a canonical deal, or all the
   trick lines of a deal, is one token); the transformer (:mod:`.notation_builder`) splits
   them into words read with the grammar's own vocabulary.
   A game made only of tag pairs, canonical deals and ``end`` skips the LALR parser: its
   tokens are found with the grammar's own terminals and fed to the same callbacks
   (:mod:`.notation_fast`; ``FAST_GAMES = False`` turns that off, tests compare both).
3. If the game has a syntax error, it is parsed again piece by piece (its tag pairs, each
   deal, its terminator), each piece with error recovery, so one broken deal does not hide
   the others. Every problem becomes a :class:`SyntaxIssue` with the file line and column.
"""

from __future__ import annotations

import gc
import re
from dataclasses import dataclass, field
from typing import Any, Iterator, Optional, Union

from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from belote_notation.game.cards import Deck
from belote_notation.notation.grammar import build_parser
from belote_notation.notation.builder import MAX_ISSUES_PER_GAME, Builder, Context as _Ctx, new_record as _new
from belote_notation.notation.builder import number_deals as _number_deals
from belote_notation.notation.fast import fast_game
from belote_notation.notation.issues import SyntaxIssue
from belote_notation.notation.stream import GameText, Source, iter_game_texts, text_source
from belote_notation.notation.records import Deal, Game, Header

__all__ = [
    "iter_games", "parse_text", "iter_game_texts", "parse_game_text", "ParsedGame",
    "SyntaxIssue", "GameText", "MAX_ISSUES_PER_GAME",
]

_MAX_RECOVERIES_PER_PIECE = 20

FAST_GAMES = True
"""Read canonical games without Lark (:mod:`.notation_fast`); tests turn it off to compare."""


@dataclass
class ParsedGame:
    """One game as read: the records (what could be read) and the syntax issues found."""

    game: Game
    errors: list[SyntaxIssue] = field(default_factory=list)
    index: int = 0
    """0-based number of the game in its file."""

    @property
    def ok(self) -> bool:
        return not self.errors


# ----------------------------------------------------------------------------- parsing
_BUILDER = Builder()
_PARSER = None

_FRIENDLY = {
    "HEADERS": "a tag pair like [Event \"...\"]", "DEAL": "`deal N`", "CANONICAL_DEAL": "`deal N`",
    "SCORES": "`score NS EW`, `match NS EW` or `pot N`", "FIVE": "`tafr9a SEAT cards`",
    "OFFER": "`offer CARD`", "SMSARA": "`smsara`", "REST": "`rest SEAT cards`",
    "HAND": "`hand SEAT cards`", "ANNOUNCE": "`announce SEAT KIND cards`",
    "TRICK": "`trick N`", "SCORE": "`score NS EW`", "MATCH": "`match NS EW`", "POT": "`pot N`",
    "END": "`end`", "CARDS": "a card", "PLAYS": "a play like N:AS", "BIDS": "a call (pass/take)",
    "WHEN": "trick=N or before=N", "WINNER": "`winner SEAT`", "MARK": "belote/rebelote",
    "GLYPH": "a glyph", "NAG": "a $n code", "COMMENT": "a {comment}", "LINE_COMMENT": "a ; comment",
    "LPAR": "`(`", "RPAR": "`)`", "$END": "the end of the game",
}


def _parser():
    global _PARSER
    if _PARSER is None:
        _PARSER = build_parser(_BUILDER)
    return _PARSER


def _describe_expected(expected: Any) -> str:
    """The expected terminals in words; the items of the current section first."""
    wanted = {e for e in expected if not e.startswith("_")}
    items = [_FRIENDLY[e] for e in ("PLAYS", "CARDS", "BIDS", "WHEN", "MARK", "WINNER", "RPAR")
             if e in wanted]
    if len(wanted) > 8:
        return ", ".join(items + ["review material or a new section"]) if items else \
            "a new section, `deal` or `end`"
    names = sorted({_FRIENDLY.get(e, e) for e in wanted})
    return ", ".join(names) if names else "something else"


def _found(text: str, pos: int) -> str:
    if pos >= len(text):
        return "the end of the game"
    m = re.compile(r"\S{1,20}").match(text, pos)
    word = m.group() if m else text[pos]
    if word.startswith("{"):
        return "`{` opening a comment that is never closed"
    if not word.isprintable():  # binary junk: show control characters as escapes, not raw
        word = "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in word)
    return f"`{word}`"


def _issue_from(exc: UnexpectedInput, text: str, ctx: _Ctx) -> None:
    if isinstance(exc, UnexpectedCharacters):
        pos = exc.pos_in_stream
        line, col = exc.line + ctx.line_off, exc.column + (ctx.col_off if exc.line == 1 else 0)
        ch = text[pos] if pos < len(text) else ""
        if ch == "{":
            ctx.issue("BEL002", "this `{` opens a comment that is never closed (add `}`)",
                      line, col)
        elif ch == "[" and _looks_like_header(text, pos):
            ctx.issue("BEL003", "malformed tag pair: write [Name \"value\"] on one line, with "
                      "\\\" and \\\\ for quotes and backslashes inside the value", line, col)
        else:
            ctx.issue("BEL001", f"expected {_describe_expected(exc.allowed or ())}; found "
                      f"{_found(text, pos)}", line, col)
    elif isinstance(exc, UnexpectedToken):
        tok = exc.token
        if tok.type == "$END":
            line, col = _end_pos(text, ctx)
            ctx.issue("BEL001", f"the game stops early: expected {_describe_expected(exc.expected)}",
                      line, col)
        else:
            line, col = ctx.pos(tok)
            ctx.issue("BEL001", f"expected {_describe_expected(exc.expected)}; found "
                      f"{_found(tok.value, 0)}", line, col)
    else:
        line, col = _end_pos(text, ctx)
        ctx.issue("BEL001", "the game stops early", line, col)


def _looks_like_header(text: str, pos: int) -> bool:
    return re.compile(r"\[[ \t]*[A-Za-z_]").match(text, pos) is not None


def _end_pos(text: str, ctx: _Ctx) -> tuple[int, int]:
    lines = text.count("\n")
    last = text.rfind("\n")
    if lines == 0:
        return 1 + ctx.line_off, len(text) + 1 + ctx.col_off
    return lines + 1 + ctx.line_off, len(text) - last


_BOUNDARY_RE = re.compile(
    r'\{(?:[^\\}]|\\[\s\S])*\}|;[^\n]*|"(?:[^"\\\n]|\\.)*"|(?<![\w:])(deal|donne|end|fin)(?![\w])',
    re.IGNORECASE)


def _pieces(text: str) -> list[tuple[str, int]]:
    """Cut a game text at its `deal` and `end` keywords: [(kind, start offset)]."""
    cuts: list[tuple[str, int]] = [("head", 0)]
    for m in _BOUNDARY_RE.finditer(text):
        word = m.group(1)
        if word is None:
            continue
        kind = "deal" if word.lower() in ("deal", "donne") else "tail"
        cuts.append((kind, m.start()))
    return cuts


def _parse_piece(text: str, start: str, ctx: _Ctx, line: int, col: int) -> Any:
    ctx.line_off = line - 1
    ctx.col_off = col - 1
    recoveries = 0

    def on_error(exc: UnexpectedInput) -> bool:
        nonlocal recoveries
        _issue_from(exc, text, ctx)
        recoveries += 1
        if recoveries > _MAX_RECOVERIES_PER_PIECE or isinstance(exc, UnexpectedEOF):
            return False
        if isinstance(exc, UnexpectedToken) and exc.token.type == "$END":
            return False
        if isinstance(exc, UnexpectedCharacters):
            state = exc.interactive_parser.lexer_thread.state
            p = state.line_ctr.char_pos
            m = re.compile(r"[^\s{};]*").match(text, p + 1)
            state.line_ctr.feed(text[p:m.end() if m else p + 1])
        return True

    try:
        return _parser().parse(text, start=start, on_error=on_error)
    except UnexpectedInput:
        return None
    except Exception as exc:  # noqa: BLE001 - the reader never raises on input
        ctx.issue("BEL099", f"internal error while reading this part: {exc!r}", line, col)
        return None


def parse_game_text(text: Union[str, GameText], name: Optional[str] = None,
                    first_line: int = 1) -> ParsedGame:
    """Parse the text of one game; positions are file positions (``first_line`` = where it starts).

    ``text`` may be a :class:`GameText` from :func:`iter_game_texts`: its own issues (bad
    UTF-8, oversized game) are kept and its ``first_line`` and ``index`` are used.
    """
    index = 0
    pre: tuple[SyntaxIssue, ...] = ()
    if isinstance(text, GameText):
        first_line, index, pre = text.first_line, text.index, text.issues
        text = text.text
    # A game's records hold no reference cycles: pausing the cyclic collector while they are
    # built saves it from rescanning every live object again and again (perf notes).
    gc_enabled = gc.isenabled()
    if gc_enabled:
        gc.disable()
    try:
        return _parse_game(text, name, first_line, index, pre)
    finally:
        if gc_enabled:
            gc.enable()


def _parse_game(text: str, name: Optional[str], first_line: int, index: int,
                pre: tuple[SyntaxIssue, ...]) -> ParsedGame:
    issues: list[SyntaxIssue] = list(pre)
    ctx = _BUILDER.ctx
    ctx.reset(name, first_line, 1, Deck.FRENCH, issues)
    if not text.strip():
        if not pre:
            ctx.issue("BEL009", "no game here: the input is empty", first_line, 1)
        return ParsedGame(_empty_game(), issues, index)
    try:
        game = fast_game(text, _BUILDER) if FAST_GAMES else None
        if game is None:
            game = _parser().parse(text, start="game")
    except UnexpectedInput:
        del issues[len(pre):]
        ctx.reset(name, first_line, 1, Deck.FRENCH, issues)
        game = _parse_by_pieces(text, ctx)
    except Exception as exc:  # noqa: BLE001 - the reader never raises on input
        ctx.issue("BEL099", f"internal error while reading this game: {exc!r}", first_line, 1)
        game = _empty_game()
    private = game.__pydantic_private__ or {}
    object.__setattr__(game, "__pydantic_private__", None)
    if not private.get("tail_seen", True):
        line, col = _end_pos(text.rstrip(), ctx) if text.strip() else (first_line, 1)
        ctx.line_off = first_line - 1
        ctx.col_off = 0
        ctx.issue("BEL006", "the game does not end with `end` (is the file truncated?)",
                  *_end_pos(text.rstrip(), ctx))
    _position_game(game, first_line)
    return ParsedGame(game, issues, index)


def _position_game(game: Game, first_line: int) -> None:
    if game.headers:
        game.line, game.col = game.headers[0].line, game.headers[0].col
    elif game.deals:
        game.line, game.col = game.deals[0].line, game.deals[0].col
    else:
        game.line, game.col = first_line, 1


def _empty_game() -> Game:
    return Game()


def _parse_by_pieces(text: str, ctx: _Ctx) -> Game:
    cuts = _pieces(text)
    base_line = ctx.line_off + 1
    headers: list[Header] = []
    comments: list[str] = []
    deals: list[Deal] = []
    result = result_pos = None
    tail_seen = False
    line, col, done = base_line, 1, 0
    for i, (kind, start) in enumerate(cuts):
        end = cuts[i + 1][1] if i + 1 < len(cuts) else len(text)
        # advance the (line, col) of this piece's start
        nl = text.count("\n", done, start)
        if nl:
            line += nl
            col = start - text.rfind("\n", 0, start)
        else:
            col += start - done
        done = start
        piece = text[start:end]
        if kind == "head":
            out = _parse_piece(piece, "head", ctx, line, col)
            if out is not None:
                headers, comments = out[1], list(out[2])
        elif kind == "deal":
            out = _parse_piece(piece, "deal", ctx, line, col)
            if out is not None:
                deals.append(out)
            else:
                deals.append(_broken_deal(piece, line, col))
        else:
            out = _parse_piece(piece, "tail", ctx, line, col)
            tail_seen = True
            if out is not None:
                result, result_pos = out[1], out[3]
                comments.extend(out[2])
    _number_deals(deals)
    game = _new(Game, {"line": 0, "col": 0, "headers": headers, "deals": deals,
                       "result": result, "comments": comments, "result_pos": result_pos})
    object.__setattr__(game, "__pydantic_private__", {"tail_seen": tail_seen})
    return game


def _broken_deal(piece: str, line: int, col: int) -> Deal:
    m = re.compile(r"\S+\s+(\d+)").match(piece)
    return Deal(line=line, col=col, number=int(m.group(1)) if m else 0)


def iter_games(source: Source, name: Optional[str] = None) -> Iterator[ParsedGame]:
    """Read games one at a time from a path or an open file (text or binary), flat memory.

    Never raises on bad content; a path that cannot be opened raises ``OSError``.
    """
    if name is None and not hasattr(source, "read"):
        import os
        name = os.fspath(source)
    for game_text in iter_game_texts(source, name):
        yield parse_game_text(game_text, name)


def parse_text(text: str, name: str = "<string>") -> list[ParsedGame]:
    """Parse every game of a string."""
    return list(iter_games(text_source(text), name))
