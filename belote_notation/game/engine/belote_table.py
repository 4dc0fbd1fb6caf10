"""What :func:`~.belote_marks.track_belote_card` does with a trump king or queen, probed from
the engine for the compiled play loop (``_play.c``), which reads it instead of calling the
function with the state written back on each such card (some 7 k instructions a call, two or
three a deal).

The loop asks :func:`belote_step` once per rule set and key, and keeps the answer: the key is
what the function and :func:`~.belote_marks.belote_word_due` read of the state for a card the
loop lets through, the card (so the trump), whether a card of the trump pair
(``state.belote_pair``) is already played, and whether the word due is said with it by a seat
dealt both (a mark the loop does not let through is the function's own business, as before).
tests/speed/test_belote_table.py holds the key to the function on random states.
"""

from __future__ import annotations

import operator

from belote_notation.game.engine.belote_marks import belote_word_due, track_belote_card
from belote_notation.game.engine.state import FIELDS, DealState, new_deal
from belote_notation.game.engine.tables import BELOTE_PAIRS
from belote_notation.game.rules import Ruleset

__all__ = ["BELOTE_ASK", "BELOTE_FIRST", "BELOTE_KEPT", "belote_step"]

_FIELDS = operator.attrgetter(*FIELDS)
"""The state's fields, read at once."""
_INSIDE = (list, set)
"""The types of the state's values that a call can change in place."""

BELOTE_FIRST = 1
"""The card is recorded as the first of the pair played (``first_belote_card``)."""
BELOTE_KEPT = 2
"""The word said and the card are kept among the marks of the seat that said it (``belote_marks``)."""
BELOTE_ASK = 4
"""Anything else: the loop calls the function."""


def belote_step(rules: Ruleset, card: int, played: bool, said: bool) -> tuple[int, str | None]:
    """``(what the function does, the word due)`` with ``card`` on a deal of ``rules``: the
    :data:`BELOTE_FIRST` and :data:`BELOTE_KEPT` flags (0: it changes nothing), or
    :data:`BELOTE_ASK`; ``played``: a card of the trump pair is already played; ``said``: the
    word due is said with the card, by a seat dealt both (tried for each seat: the same flags
    for all four, else :data:`BELOTE_ASK`). The word is ``None`` for a card of no trump pair.

    >>> from belote_notation.game.rules import Ruleset
    >>> belote_step(Ruleset.preset("classic"), 6, False, True)  # the king of clubs, the first
    (3, 'belote')
    """
    if not (0 <= card < 32 and BELOTE_PAIRS[card >> 3] >> card & 1):
        return BELOTE_ASK, None
    pair = BELOTE_PAIRS[card >> 3]
    effects = set()
    word = None
    for seat in range(4) if said else (0,):
        state = new_deal(rules, 0)
        state.trump, state.belote_pair = card >> 3, pair
        state.played = pair & ~(1 << card) if played else 0
        state.hands_known = True
        state.full_hands = [pair if s == seat else 0 for s in range(4)]
        word = belote_word_due(state, card)
        effects.add(_effect(state, seat, card, word if said else None))
    return (effects.pop() if len(effects) == 1 else BELOTE_ASK), word


def _effect(state: DealState, seat: int, card: int, mark: str | None) -> int:
    """:func:`track_belote_card` run on ``state``: what it did, as :func:`belote_step` says it."""
    before = _FIELDS(state)
    inside = [(name, value, _copied(value)) for name, value in zip(FIELDS, before, strict=True)
              if type(value) in _INSIDE]  # what a call could change in place
    marks = [list(kept) for kept in state.belote_marks]
    found = track_belote_card(state, seat, card, mark, 1, 0)
    after = _FIELDS(state)
    changed = {name for name, value, now in zip(FIELDS, before, after, strict=True) if now is not value}
    changed.update(name for name, value, held in inside if value != held)
    if found or not changed <= {"first_belote_card", "belote_marks"}:
        return BELOTE_ASK
    effect = 0
    if "first_belote_card" in changed:
        if state.first_belote_card != card:
            return BELOTE_ASK
        effect |= BELOTE_FIRST
    if "belote_marks" in changed:
        if mark is None:
            return BELOTE_ASK
        marks[seat].append((mark, card))
        if state.belote_marks != marks:
            return BELOTE_ASK
        effect |= BELOTE_KEPT
    return effect


def _copied(value: object) -> object:
    """A copy of a list or set of the state, the lists and sets inside it copied too."""
    if isinstance(value, set):
        return set(value)
    assert isinstance(value, list)
    return [_copied(item) if type(item) in _INSIDE else item for item in value]
