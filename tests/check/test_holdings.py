"""deal.holdings: masks when every card is written once, the written lists otherwise."""

from __future__ import annotations

from belote_notation.check.deal import holdings
from belote_notation.check.facts import HandFact


def _hand(seat: int, cards: list[int]) -> HandFact:
    return HandFact(seat, cards, [(1, i) for i in range(len(cards))], 1, 1)


def test_masks_when_no_card_is_written_twice() -> None:
    hands = [_hand(0, [0, 1, 2]), _hand(2, [31, 8]), _hand(0, [5])]
    assert holdings(hands) == [0b100111, 0, (1 << 31) | (1 << 8), 0]


def test_lists_when_a_card_is_written_twice_in_a_hand_or_across_seats() -> None:
    assert holdings([_hand(0, [3, 3]), _hand(1, [4])]) == [[3, 3], [4], [], []]
    assert holdings([_hand(0, [3, 4]), _hand(1, [4])]) == [[3, 4], [4], [], []]
    # bits that carry into a card held elsewhere: 2 + 2 = 4
    assert holdings([_hand(0, [1, 1]), _hand(1, [3, 0])]) == [[1, 1], [3, 0], [], []]
