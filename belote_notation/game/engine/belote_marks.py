"""The belote: the words said with the trump king and queen, tracked and checked.

The first of the pair played is the belote, the second the rebelote (:data:`BELOTE_WORDS`);
:func:`track_belote_card` keeps the order of the pair and checks a mark said on a card, for the
fast and the checked path of :mod:`.play` alike.
"""

from __future__ import annotations

from belote_notation.game.cards import KING, QUEEN
from belote_notation.game.engine import codes as C
from belote_notation.game.engine.codes import Violation
from belote_notation.game.engine.state import DealState
from belote_notation.game.lang import Card, Seat, msg

__all__ = ["BELOTE_WORDS", "belote_word_due", "track_belote_card"]

BELOTE_WORDS = ("belote", "rebelote")
"""What a player says with the first and with the second of the trump king and queen played."""


def track_belote_card(state: DealState, seat: int, card: int, mark: str | None, trick: int,
                      index: int) -> list[Violation]:
    """Track the trump king and queen (belote order) and check a belote/rebelote mark."""
    trump = state.trump
    is_belote_card = trump >= 0 and card >> 3 == trump and (card & 7) in (QUEEN, KING)
    expected = belote_word_due(state, card)
    if is_belote_card and expected == BELOTE_WORDS[0]:
        state.first_belote_card = card
    out: list[Violation] = []
    if mark is None:
        return out
    if mark not in BELOTE_WORDS:
        out.append(Violation(C.BELOTE_BAD_MARK, msg("%(who)s said %(word)s on %(card)s", who=Seat(seat),
                                                    word=repr(mark), card=Card(card, state.deck)),
                             seat=seat, trick=trick, index=index, card=card))
        return out
    if not is_belote_card:
        told = msg("%(who)s said %(word)s on %(card)s, which is not the king or queen of trump",
                   who=Seat(seat), word=mark, card=Card(card, state.deck))
        out.append(Violation(C.BELOTE_BAD_MARK, told, seat=seat, trick=trick, index=index, card=card))
        return out
    pair = (1 << card) | (1 << (card ^ (QUEEN ^ KING)))
    held = state.full_hands[seat] if state.hands_known else None
    if held is not None and held & pair != pair:
        told = msg("%(who)s said %(word)s without holding both king and queen of trump", who=Seat(seat),
                   word=mark)
        out.append(Violation(C.BELOTE_NOT_HELD, told, seat=seat, trick=trick, index=index, card=card))
    if mark != expected:
        told = msg("%(who)s said %(word)s on %(card)s: %(due)s was due", who=Seat(seat), word=mark,
                   card=Card(card, state.deck), due=expected)
        out.append(Violation(C.BELOTE_ORDER, told, seat=seat, trick=trick, index=index, card=card))
    state.belote_marks[seat].append((mark, card))
    return out


def belote_word_due(state: DealState, card: int) -> str:
    """The word due with the trump king or queen ``card``: the first of the pair played (the
    other one not played yet) is the belote, the second the rebelote."""
    return BELOTE_WORDS[state.played >> (card ^ (QUEEN ^ KING)) & 1]

