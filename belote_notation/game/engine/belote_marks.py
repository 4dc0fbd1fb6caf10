"""The belote: the words said with the trump king and queen, tracked and checked.

The first of the pair played is the belote, the second the rebelote (:data:`BELOTE_WORDS`);
:func:`track_belote_card` keeps the order of the pair and checks a mark said on a card, for the
fast and the checked path of :mod:`.play` alike.
"""

from __future__ import annotations

from belote_notation.game.cards import KING, QUEEN
from belote_notation.game.engine import codes as C
from belote_notation.game.engine.codes import Violation
from belote_notation.game.engine.state import FIELDS, DealState, new_deal
from belote_notation.game.engine.tables import BELOTE_PAIRS
from belote_notation.game.lang import Card, Seat, msg
from belote_notation.game.rules import Ruleset

__all__ = ["BELOTE_WORDS", "UNMARKED_ASK", "UNMARKED_NOTHING", "UNMARKED_FIRST", "belote_word_due",
           "track_belote_card", "unmarked_table"]

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


UNMARKED_NOTHING, UNMARKED_FIRST, UNMARKED_ASK = 0, 1, 2
"""What :func:`track_belote_card` does with an unmarked card, as :func:`unmarked_table` says it."""


def unmarked_table(rules: Ruleset) -> bytes:
    """What :func:`track_belote_card` does with a trump king or queen played without a mark,
    probed on fresh deals of ``rules``: the compiled play loop (``_play.c``) reads it instead of
    calling the function on each such card (some 7 k instructions a call, two a deal).

    Byte ``card * 2 + played`` (``played``: 1 when a card of the trump pair,
    ``state.belote_pair``, is already played) is :data:`UNMARKED_FIRST` when the function
    records ``card`` as the first of the pair played and changes nothing else,
    :data:`UNMARKED_NOTHING` when it changes nothing, :data:`UNMARKED_ASK` otherwise (and for
    the cards of no pair): the loop then calls it. The key is what the function reads of the
    state for an unmarked card, the trump and the pair's cards played
    (tests/speed/test_belote_table.py holds it to that on random states)."""
    table = bytearray([UNMARKED_ASK]) * 64
    for trump, pair in enumerate(BELOTE_PAIRS):
        for card in (c for c in range(trump * 8, trump * 8 + 8) if pair >> c & 1):
            for played in (0, 1):
                state = new_deal(rules, 0)
                state.trump, state.belote_pair = trump, pair
                state.played = pair & ~(1 << card) if played else 0
                table[card * 2 + played] = _unmarked_effect(state, card)
    return bytes(table)


def _unmarked_effect(state: DealState, card: int) -> int:
    """:func:`track_belote_card` run on ``state`` for an unmarked ``card``: what it did."""
    before = [(name, getattr(state, name)) for name in FIELDS]
    inside = [repr(value) if isinstance(value, (list, set)) else None for _, value in before]
    said = track_belote_card(state, 0, card, None, 1, 0)
    changed = {name for (name, value), held in zip(before, inside, strict=True)
               if getattr(state, name) is not value or (held is not None and repr(value) != held)}
    if said or not changed <= {"first_belote_card"}:
        return UNMARKED_ASK
    if not changed:
        return UNMARKED_NOTHING
    return UNMARKED_FIRST if state.first_belote_card == card else UNMARKED_ASK

