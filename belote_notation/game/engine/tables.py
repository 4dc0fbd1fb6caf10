"""Precomputed tables for the hot loop: trick order, higher trumps, card points, runs.

Every table is indexed by small integers (cards 0..31, suits 0..3, ``NO_TRUMP_INDEX`` = 4
for "no trump yet") so that the engine never builds an object per card. The trick order
(``BEATS``) is :mod:`belote_notation.game.tricks`'s, handed on here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from belote_notation.game.cards import (
    KING,
    PLAIN_POINTS,
    QUEEN,
    SUIT_MASKS,
    SUIT_SYMBOLS,
    TRUMP_POINTS,
    trump_strength,
)
from belote_notation.game.tricks import ALL_TRUMP_INDEX, BEATS, NO_TRUMP_INDEX

if TYPE_CHECKING:
    from belote_notation.game.rules import Ruleset

__all__ = [
    "ALL_TRUMP_INDEX",
    "BELOTE_PAIRS",
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
    "deal_points",
    "points_index",
]

HIGHER_TRUMP: tuple[int, ...] = tuple(
    sum(1 << ((c & ~7) | r) for r in range(8) if trump_strength(r) > trump_strength(c))
    for c in range(32)
)
"""Mask of the cards of ``c``'s suit that beat ``c`` when that suit is trump."""

_SANS_ATOUT_POINTS = (0, 0, 0, 10, 2, 3, 4, 19)
"""Sans-atout, rank order 7 8 9 10 J Q K A: the ace worth 19, so that the deal is still 152."""
_TOUT_ATOUT_POINTS = (0, 0, 9, 5, 14, 1, 3, 6)
"""Tout-atout scaled to 152: J 14, 9 9, A 6, 10 5, K 3, Q 1."""

POINTS: tuple[tuple[int, ...], ...] = (
    *(tuple(TRUMP_POINTS[c & 7] if (c >> 3) == t else PLAIN_POINTS[c & 7] for c in range(32))
      for t in (0, 1, 2, 3, -1)),
    tuple(_SANS_ATOUT_POINTS[c & 7] for c in range(32)),
    tuple(_TOUT_ATOUT_POINTS[c & 7] for c in range(32)),
    tuple(TRUMP_POINTS[c & 7] for c in range(32)),
)
"""``POINTS[index][card]``: card points; indices 0-3 a trump suit, 4 no trump (plain values),
5 sans-atout ``ace_19``, 6 tout-atout ``scaled``, 7 tout-atout ``trump`` values
(see :func:`points_index`)."""


def points_index(strain: int, sans_atout_values: str, tout_atout_values: str) -> int:
    """The ``POINTS`` row of a contract's trump (``strain`` 0-3 a suit, 4 sans-atout,
    5 tout-atout, -1 not known yet).

    >>> sum(POINTS[points_index(4, "ace_19", "scaled")]), sum(POINTS[points_index(5, "scaled", "trump")])
    (152, 248)
    """
    if 0 <= strain < 4:
        return strain
    if strain == 4:
        return 5 if sans_atout_values == "ace_19" else NO_TRUMP_INDEX
    if strain == 5:
        return 6 if tout_atout_values == "scaled" else 7
    return NO_TRUMP_INDEX

_CARD_POINTS = tuple(sum(row) for row in POINTS)
"""The card points of a deal by ``POINTS`` row, the last trick's 10 included."""


def deal_points(rules: Ruleset, strain: int) -> int:
    """The card points a deal holds, the last trick's 10 included, when played in ``strain``
    (0-3 a suit, 4 sans-atout, 5 tout-atout) under ``rules``: 162 in a suit; contrée's value
    options change it (``sans_atout_values=plain`` 130, ``tout_atout_values=trump`` 258). The
    one owner of the deal's total: the solver and its values ask here.

    >>> from belote_notation.game.rules import Ruleset
    >>> contree = Ruleset.preset("contree")
    >>> deal_points(contree, 0), deal_points(contree, 4), deal_points(contree, 5)
    (162, 162, 162)
    >>> plain = contree.with_options({"sans_atout_values": "plain", "tout_atout_values": "trump"})
    >>> deal_points(plain, 4), deal_points(plain, 5)
    (130, 258)
    """
    if not 0 <= strain <= 5:
        raise ValueError(f"strain {strain}: a deal's card points are known once its trump is")
    index = points_index(strain, rules.sans_atout_values, rules.tout_atout_values)
    return _CARD_POINTS[index] + rules.last_trick_bonus


BELOTE_PAIRS: tuple[int, ...] = tuple((1 << (s * 8 + QUEEN)) | (1 << (s * 8 + KING)) for s in range(4))
"""The trump king and queen (the belote) of each suit, as masks."""
RANK_MASKS: tuple[int, ...] = tuple(sum(1 << (s * 8 + r) for s in range(4)) for r in range(8))
"""The four cards of a rank (a carré)."""

TRUMP_STRENGTH_OF: tuple[int, ...] = tuple(trump_strength(c) for c in range(32))

SEQUENCE_VALUE = (0, 0, 0, 20, 50, 100, 100, 100, 100)
"""Value of a sequence by its length."""

# rank index (7 8 9 10 J Q K A): carrés of jacks 200, nines 150, A 10 K Q 100, 7 and 8 nothing.
CARRE_VALUE = (0, 0, 150, 100, 200, 100, 100, 100)
