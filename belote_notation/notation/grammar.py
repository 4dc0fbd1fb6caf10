"""The grammar of the notation (``belote.lark``) and its LALR parser.

Kept for callers of the first layout: :mod:`.vocabulary` is the one home of everything
taken from the grammar.
"""

from __future__ import annotations

from belote_notation.notation.vocabulary import START_SYMBOLS, grammar_text, parser, pattern

__all__ = ["START_SYMBOLS", "grammar_text", "parser", "pattern"]
