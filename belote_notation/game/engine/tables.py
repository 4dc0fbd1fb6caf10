"""Precomputed tables for the hot loop: trick order, higher trumps, card points, runs.

Every table is indexed by small integers (cards 0..31, suits 0..3, ``NO_TRUMP_INDEX`` = 4
for "no trump yet") so that the engine never builds an object per card.
"""

from __future__ import annotations

from belote_notation.game.cards import (
    PLAIN_POINTS,
    SUIT_MASKS,
    SUIT_SYMBOLS,
    TRUMP_POINTS,
    plain_strength,
    trump_strength,
)

__all__ = [
    "BEATS",
    "CARRE_VALUE",
    "HIGHER_TRUMP",
    "NO_TRUMP_INDEX",
    "POINTS",
    "RANK_MASKS",
    "SEQUENCE_VALUE",
    "SUIT_MASKS",
    "SUIT_SYMBOLS",
    "TRUMP_STRENGTH_OF",
]

NO_TRUMP_INDEX = 4


def _beats_table(trump: int) -> bytes:
    """``table[best << 5 | card]`` is 1 when ``card`` beats ``best``, the card winning so far.

    The winning card is always of the suit led or a trump, so the suit led need not be known.
    """
    out = bytearray(1024)
    for best in range(32):
        for card in range(32):
            bs, cs = best >> 3, card >> 3
            if cs == bs:
                if cs == trump:
                    win = trump_strength(card) > trump_strength(best)
                else:
                    win = plain_strength(card) > plain_strength(best)
            else:
                win = cs == trump
            out[best << 5 | card] = 1 if win else 0
    return bytes(out)


BEATS: tuple[bytes, ...] = tuple(_beats_table(t) for t in (0, 1, 2, 3, -1))
"""``BEATS[trump][best << 5 | card]``; index 4 when there is no trump."""

HIGHER_TRUMP: tuple[int, ...] = tuple(
    sum(1 << ((c & ~7) | r) for r in range(8) if trump_strength(r) > trump_strength(c))
    for c in range(32)
)
"""Mask of the cards of ``c``'s suit that beat ``c`` when that suit is trump."""

POINTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(TRUMP_POINTS[c & 7] if (c >> 3) == t else PLAIN_POINTS[c & 7] for c in range(32))
    for t in (0, 1, 2, 3, -1)
)
"""``POINTS[trump][card]``: card points; index 4 when there is no trump."""

RANK_MASKS: tuple[int, ...] = tuple(sum(1 << (s * 8 + r) for s in range(4)) for r in range(8))
"""The four cards of a rank (a carré)."""

TRUMP_STRENGTH_OF: tuple[int, ...] = tuple(trump_strength(c) for c in range(32))

SEQUENCE_VALUE = (0, 0, 0, 20, 50, 100, 100, 100, 100)
"""Value of a sequence by its length."""

# rank index (7 8 9 10 J Q K A): carrés of jacks 200, nines 150, A 10 K Q 100, 7 and 8 nothing.
CARRE_VALUE = (0, 0, 150, 100, 200, 100, 100, 100)
