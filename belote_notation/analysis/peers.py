"""The contrée solver the values are checked against (colver), in this library's terms.

colver (a test and benchmark dependency only, never imported here) numbers a card
``suit * 8 + rank`` with its ranks in plain strength order (7 8 9 J Q K 10 A); this library in
sequence order (7 8 9 10 J Q K A); the suits agree. Its play obligations are this engine's
with ``must_undertrump`` and ``partner_master_trumping_must_overtrump`` off (measured on
9,600 positions of random play: every legal set equal, tests/analysis/test_solver_against_colver.py), and
its capot is worth 252.

>>> [to_colver_card(c) for c in (3, 4, 7)], from_colver_card(6)  # 10♠ J♠ A♠; colver's 10♠
([6, 3, 7], 3)
"""

from __future__ import annotations

from belote_notation.game.rules import Ruleset

__all__ = ["COLVER_RULES", "from_colver_card", "to_colver_card"]

_FROM_COLVER_RANK = (0, 1, 2, 4, 5, 6, 3, 7)
_TO_COLVER_RANK = tuple(_FROM_COLVER_RANK.index(r) for r in range(8))

COLVER_RULES = Ruleset.preset("classic").with_options({
    "must_undertrump": False,
    "partner_master_trumping_must_overtrump": False,
    "capot_points": 252,
})
"""A rule set whose play obligations, card values and capot are colver's (clockwise, the
dealer's left leads)."""


def from_colver_card(card: int) -> int:
    """This library's number of colver's card ``card``."""
    return (card & ~7) | _FROM_COLVER_RANK[card & 7]


def to_colver_card(card: int) -> int:
    """colver's number of this library's card ``card``."""
    return (card & ~7) | _TO_COLVER_RANK[card & 7]
