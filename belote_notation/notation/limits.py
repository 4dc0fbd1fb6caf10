"""The limits of the notation (docs/notation.md, "Limits of the reader"): the readers refuse
past them with a located finding, and the writers and the JSON twin keep the same ones, so that
what one side writes the other reads.

>>> MAX_DIGITS, MAX_ITEMS_PER_GAME, MAX_DEPTH
(15, 50000, 100)
"""

from __future__ import annotations

__all__ = ["MAX_DEPTH", "MAX_DIGITS", "MAX_ISSUES_PER_GAME", "MAX_ITEMS_PER_GAME"]

MAX_ISSUES_PER_GAME = 100
"""Syntax issues reported for one game; past them, one BEL011 says that reading stopped."""
MAX_DIGITS = 15
"""Digits in a number (sign apart): every integer of JavaScript's safe range fits, so the
JSON twin is exact in any JSON reader. A longer number is a located BEL012."""
MAX_ITEMS_PER_GAME = 50_000
"""Items read in one game: tag pairs, comments, calls, plays, cards, glyphs, NAGs, variations
(the tokens of the grammar and the words of its coarse tokens). Reading stops at the item
past the limit with a located BEL013; what came before is kept. It bounds the memory of a
game (each item costs a few hundred bytes while it is read), which its length alone does not
(2.6 million NAGs fit in 8 MB and took 1.4 GB, issue 13)."""
MAX_DEPTH = 100
"""Alternative lines inside one another that the JSON twin holds (docs/notation.md, "Limits
of the reader"): four JSON levels each, well within what JSON libraries nest (Python's own
stops near 1,000). The .bel text has no such limit; a deeper game cannot be written as JSON."""
