"""Which symbol stands for an item's glyph and NAGs: the one owner of that question.

A glyph (``!`` ``?`` ``!!`` ``??`` ``!?`` ``?!``) and the NAGs ``$1`` to ``$6`` are two spellings
of the same six assessments (PGN's standard: ``$2`` is "a mistake", the glyph ``?``). ``annotate``
writes both on the cards it judges (a program reading NAGs and a person reading glyphs each find
theirs), and a coach may type both: ``N:12O? $2``. Whatever shows an item to a person (the replay
page, the SVG diagram, ``belote-replay show``) shows one symbol per meaning: the glyph, then only
the NAGs that say something the glyph (or an earlier NAG) did not.

>>> review_symbols("?", [2])          # a mistake, written twice: shown once
['?']
>>> review_symbols("??", [4, 14])     # the blunder once, then "White is slightly better"
['??', '⩲']
>>> review_symbols("?", [4])          # the coach's mistake, the engine's blunder: both kept
['?', '??']
>>> review_symbols(None, [2, 2, 99])  # a NAG with no symbol stays $n
['?', '$99']
>>> shown_nags("?!", [6, 10])         # what ``show`` writes as $n after the glyph
[10]

The written record is not changed: ``fmt`` (the canonical writer) writes the glyph and every NAG
as they were read, so parsing what it wrote gives back the same record, NAGs included, and no
program counting NAGs loses one (docs/render.md, "One symbol per meaning").
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["GLYPHS", "GLYPH_NAGS", "NAG_SYMBOLS", "nag_symbol", "review_symbols", "shown_nags"]

GLYPH_NAGS: dict[str, int] = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}
"""Each glyph and the NAG that means the same (PGN's ``$1`` to ``$6``)."""
GLYPHS = frozenset(GLYPH_NAGS)
"""The glyphs the notation reads and writes."""
NAG_SYMBOLS: dict[int, str] = {
    **{nag: glyph for glyph, nag in GLYPH_NAGS.items()},
    7: "□", 10: "=", 13: "∞", 14: "⩲", 15: "⩱", 16: "±", 17: "∓", 18: "+−", 19: "−+"}
"""The NAGs with a symbol, as PGN viewers draw them (the others stay ``$n``)."""


def nag_symbol(nag: int) -> str:
    """The symbol of ``nag`` (``$n`` when it has none).

    >>> nag_symbol(4), nag_symbol(99)
    ('??', '$99')
    """
    return NAG_SYMBOLS.get(nag, f"${nag}")


def shown_nags(glyph: str | None, nags: Iterable[int]) -> list[int]:
    """The NAGs of an item that add a meaning to its glyph, in the order written: a NAG equal to
    the glyph, or to an earlier NAG, is left out."""
    said = {GLYPH_NAGS[glyph]} if glyph in GLYPH_NAGS else set()
    out = []
    for nag in nags:
        if nag not in said:
            said.add(nag)
            out.append(nag)
    return out


def review_symbols(glyph: str | None, nags: Iterable[int]) -> list[str]:
    """The symbols a person sees after an item: one per meaning (see the module docstring)."""
    return ([glyph] if glyph else []) + [nag_symbol(nag) for nag in shown_nags(glyph, nags)]
