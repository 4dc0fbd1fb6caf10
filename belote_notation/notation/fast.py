"""The fast path for a whole game written in the canonical layout: Lark's lexing, without Lark.

A program-written game is its tag pairs (one HEADERS token), its deals (one CANONICAL_DEAL
token each) and its ``end`` line (one END token), with white space between them. This module
finds those tokens with the grammar's own compiled terminals, in the order Lark's contextual
lexer would (CANONICAL_DEAL has the highest priority, so where it matches Lark takes it too),
and hands them to the same rule callbacks Lark calls. Anything else at a token boundary (a
comment, a deal in the spread-out form, a second run of tag pairs, text after ``end``) makes
:func:`fast_game` give up with ``None`` before any callback has run, and the game is parsed
by Lark instead. So both paths accept the same texts and build the same records
(tests/test_parser_reading.py compares them).
"""

from __future__ import annotations

import re
from typing import Any, Optional

from belote_notation.notation.grammar import terminal_patterns

__all__ = ["fast_game"]

_PATTERNS = terminal_patterns()
_HEADERS = re.compile(_PATTERNS["HEADERS"])
_DEAL = re.compile(_PATTERNS["CANONICAL_DEAL"])
_END = re.compile(_PATTERNS["END"])
_WS = re.compile("(?:" + _PATTERNS["WS"] + ")?")   # the grammar's %ignore'd white space


class _Token:
    """What the rule callbacks read of a Lark token (cheaper to make than ``lark.Token``)."""

    __slots__ = ("type", "value", "line", "column")

    def __init__(self, kind: str, value: str, line: int, column: int) -> None:
        self.type, self.value, self.line, self.column = kind, value, line, column


def fast_game(text: str, builder: Any) -> Optional[Any]:
    """The :class:`~belote_notation.notation.records.Game` of a canonical game text, or ``None``.

    ``None`` means "not this simple layout": nothing has been built or reported then.
    """
    ws = _WS.match
    n = len(text)
    pos = ws(text, 0).end()
    head_tok = None
    m = _HEADERS.match(text, pos)
    if m is not None:
        head_tok = m
        pos = ws(text, m.end()).end()
    deal_matches = []
    match_deal = _DEAL.match
    while pos < n:
        m = match_deal(text, pos)
        if m is None:
            break
        deal_matches.append(m)
        pos = ws(text, m.end()).end()
    end_tok = None
    if pos < n:
        m = _END.match(text, pos)
        if m is None or ws(text, m.end()).end() != n:
            return None
        end_tok = m
    # The layout is simple: run the callbacks Lark would run, in the same order.
    line, last_nl, done = 1, -1, 0

    def token(kind: str, found: "re.Match[str]") -> _Token:
        nonlocal line, last_nl, done
        start = found.start()
        count = text.count("\n", done, start)
        if count:
            line += count
            last_nl = text.rfind("\n", done, start)
        done = start
        return _Token(kind, found.group(), line, start - last_nl)

    children: list = [builder.head([token("HEADERS", head_tok)] if head_tok is not None else [])]
    deal = builder.canonical_deal
    for found in deal_matches:
        children.append(deal(token("CANONICAL_DEAL", found)))
    if end_tok is not None:
        children.append(builder.tail([token("END", end_tok)]))
    return builder.game(children)
