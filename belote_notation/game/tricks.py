"""Who wins a trick: the one owner of the rule, below the rules and the engine.

A trump beats any card of another suit; otherwise only a higher card of the suit led wins, in
the trump order when that suit is trump (or at tout-atout, where every suit ranks as trump) and
in the plain order else. The engine's hot loop reads it as tables (:data:`BEATS`, one per trump)
and :func:`trick_winner` is the rule for a whole trick. It decides nothing else (no legality, no
points), so a layer that may not use the engine or the rule systems, the readers of other formats,
asks here who won a trick (tests/test_layers.py ranks this module between ``game.cards`` and
``game.rules``).

>>> trick_winner([0, 7, 8, 1], trump=1)  # 7♠ led, A♠, 7♥ (trump) wins, 8♠
2
>>> beats(7, 0, trump=-1), beats(8, 7, trump=-1)  # A♠ over 7♠; 7♥ does not follow: no trump
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence

from belote_notation.game.cards import plain_strength, trump_strength

__all__ = ["ALL_TRUMP_INDEX", "BEATS", "NO_TRUMP_INDEX", "beats", "beats_table", "trick_winner"]

NO_TRUMP_INDEX = 4
"""Tables of no trump: before the trump is known, and for a sans-atout contract."""
ALL_TRUMP_INDEX = 5
"""``BEATS`` of a tout-atout contract: every suit ranks as trump, only the suit led wins."""


def _beats_table(trump: int, every_suit_trump: bool = False) -> bytes:
    """``table[best << 5 | card]`` is 1 when ``card`` beats ``best``, the card winning so far.

    The winning card is always of the suit led or a trump, so the suit led need not be known.
    ``every_suit_trump``: tout-atout's table, where each suit ranks as trump and none cuts.
    """
    # each card's order within its own suit, read once (the table is 1,024 comparisons)
    order = [trump_strength(card) if every_suit_trump or card >> 3 == trump else plain_strength(card)
             for card in range(32)]
    return bytes(order[card] > order[best] if card >> 3 == best >> 3 else card >> 3 == trump
                 for best in range(32) for card in range(32))


BEATS: tuple[bytes, ...] = (*(_beats_table(t) for t in (0, 1, 2, 3, -1)),
                            _beats_table(-1, every_suit_trump=True))
"""``BEATS[trump][best << 5 | card]``; index 4 when there is no trump (or sans-atout), 5 at
tout-atout."""


def beats_table(trump: int) -> bytes:
    """The :data:`BEATS` table of ``trump``: a suit 0-3, -1 (none) or a contrée contract's
    4 sans-atout, 5 tout-atout."""
    return BEATS[trump if trump >= 0 else NO_TRUMP_INDEX]


def beats(challenger: int, best: int, trump: int) -> bool:
    """True if ``challenger`` beats ``best``, the card currently winning a trick, under ``trump``
    (as :func:`beats_table`)."""
    return bool(beats_table(trump)[best << 5 | challenger])


def trick_winner(cards: Sequence[int], trump: int) -> int:
    """Index (0..3) of the winning card of a trick given in play order.

    ``trump`` is a suit 0-3, -1 (none) or a contrée contract's: 4 sans-atout, 5 tout-atout.

    >>> trick_winner([0, 7, 8, 1], trump=1)  # 7♠ led, A♠, 7♥ (trump) wins, 8♠
    2
    >>> trick_winner([7, 2, 1, 4], trump=5)  # tout-atout: A♠ led, the 9♠ beats it, J♠ wins
    3
    """
    table = beats_table(trump)
    best, at = cards[0], 0
    for i in range(1, len(cards)):
        card = cards[i]
        if table[best << 5 | card]:
            best, at = card, i
    return at
