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
    word due is said with the card, by a seat dealt both. The word is ``None`` for a card of no
    trump pair. The function is run on a fresh deal set up for the key, its fields then compared
    with those of its twin, set up alike and left alone.

    >>> from belote_notation.game.rules import Ruleset
    >>> belote_step(Ruleset.preset("classic"), 6, False, True)  # the king of clubs, the first
    (3, 'belote')
    """
    if not (0 <= card < 32 and BELOTE_PAIRS[card >> 3] >> card & 1):
        return BELOTE_ASK, None
    probe, twin = _deal(rules, card, played), _deal(rules, card, played)
    word = belote_word_due(probe, card)
    mark = word if said else None
    found = track_belote_card(probe, _SEAT, card, mark, 1, 0)
    changed = {name for name, now, was in zip(FIELDS, _FIELDS(probe), _FIELDS(twin), strict=True)
               if now is not was and now != was}
    if found or not changed <= {"first_belote_card", "belote_marks"}:
        return BELOTE_ASK, word
    effect = 0
    if "first_belote_card" in changed:
        if probe.first_belote_card != card:
            return BELOTE_ASK, word
        effect |= BELOTE_FIRST
    if "belote_marks" in changed:
        if mark is None:
            return BELOTE_ASK, word
        twin.belote_marks[_SEAT].append((mark, card))
        if probe.belote_marks != twin.belote_marks:
            return BELOTE_ASK, word
        effect |= BELOTE_KEPT
    return effect, word


_SEAT = 1
"""The seat that plays the card in the probe (the seat, like the rest, is a value of the key the
tests hold the probe to on random states)."""


def _deal(rules: Ruleset, card: int, played: bool) -> DealState:
    """A fresh deal of ``rules`` where ``card`` is a trump king or queen that :data:`_SEAT`,
    dealt both, is about to play, the other one played or not."""
    state = new_deal(rules, 0)
    pair = BELOTE_PAIRS[card >> 3]
    state.trump, state.belote_pair = card >> 3, pair
    state.played = pair & ~(1 << card) if played else 0
    state.hands_known = True
    state.full_hands = [pair if seat == _SEAT else 0 for seat in range(4)]
    return state
