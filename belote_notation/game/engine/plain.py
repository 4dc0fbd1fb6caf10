"""The set-up of a plain deal in one step: the *tafr9a*, the smsara and the rest, compiled.

``setup_deal(state, five, offer, calls, rest, hands)`` does to a fresh deal (``new_deal``) what
``deal_five``, ``apply_bid`` (each call in turn) and ``deal_rest`` do when each takes its fast
path and finds nothing wrong: five cards a seat given as masks (``five``: hand lines, see
:class:`HandLine`), the ``offer``, each call the expected bidder's legal call in the round the
engine counts, with no alternative line (``calls``: :class:`CallLine`), then the rest that makes
eight cards a seat (``rest``; no full ``hands`` lines), or eight passes and nothing more dealt.
It returns :data:`TAKEN` or :data:`ALL_PASSED`; anything else leaves the state untouched and
returns :data:`NOT_SET_UP`, and the phases one by one say what is wrong. It is the C code of
``_play.c`` on the engine's own answers (the counts of :mod:`.distribution`, the smsara table
of :mod:`.smsara_table`, what ``start_play`` sets: ``started_fields``); ``None`` where the
extension is not built or the pure-Python path is asked for (:mod:`belote_notation.game.compiled`).
``tests/speed/test_setup_deal.py`` proves it equal to the phases, state by state.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Protocol

from belote_notation.game.compiled import compiled
from belote_notation.game.engine.bidding import PASS, TAKE
from belote_notation.game.engine.distribution import FIRST_CARDS, FIRST_DEALT, HAND_CARDS, TAKER_REST
from belote_notation.game.engine.state import FIELDS, PHASE_NEW, DealState, start_play
from belote_notation.game.rules import Ruleset

__all__ = ["ALL_PASSED", "NOT_SET_UP", "TAKEN", "CallLine", "HandLine", "setup_deal", "started_fields"]

NOT_SET_UP, TAKEN, ALL_PASSED = range(3)
"""What ``setup_deal`` did: nothing, the deal set up with a taker, or eight passes."""


class HandLine(Protocol):
    """Cards given to a seat: ``bits`` their mask (``None`` when it is not one)."""

    seat: int
    cards: Sequence[int]
    bits: int | None


class CallLine(Protocol):
    """A call as recorded: the round it says, and its alternative lines (``None``: none)."""

    seat: int | None
    action: str
    suit: int | None
    round: int
    variations: object


_STARTED_VALUES = (int, bool, bytes, str, tuple, type(None))


@functools.lru_cache(maxsize=1024)
def started_fields(rules: Ruleset, dealer: int, taker: int, trump: int, phase: int,
                   strain: int | None = None) -> tuple[tuple[str, object], ...] | None:
    """What :func:`start_play` sets, besides the hands, on a fresh deal of ``rules`` dealt by
    ``dealer`` whose bidding left ``taker``, ``trump``, ``phase`` and ``strain`` (a contrée
    contract's: 4 sans-atout, 5 tout-atout; ``None``: the trump): the pairs
    (attribute, value), or ``None`` when one is not an immutable value (it could not be shared
    between deals). It is start_play itself, run on such a deal, so the compiled set-up of a
    plain deal (``setup_deal``, :mod:`.plain`) writes what start_play would without a second
    definition of it: start_play reads nothing else of a deal that fresh (the cards dealt and
    the calls are not read).

    >>> from belote_notation.game.rules import Ruleset
    >>> dict(started_fields(Ruleset.preset("classic"), 0, 1, 2, 1))["turn"]  # phase 1: bidding
    1
    """
    state = DealState(rules, dealer, rules.deck)
    state.taker, state.trump, state.phase = taker, trump, phase
    state.strain = trump if strain is None else strain
    before = {name: getattr(state, name) for name in FIELDS}
    start_play(state, (0, 0, 0, 0))
    changed = tuple((name, getattr(state, name)) for name in FIELDS
                    if name not in ("hands", "full_hands") and getattr(state, name) is not before[name])
    if not all(type(value) in _STARTED_VALUES for _, value in changed):
        return None
    return changed


def _bidding_turns(rules: Ruleset, dealer: int) -> bytes | None:
    """The engine's table of who calls (imported on first use: it is made by bidding through the engine)."""
    from belote_notation.game.engine.smsara_table import bidding_turns

    return bidding_turns(rules, dealer)


def _bidding_calls(rules: Ruleset, offer: int) -> bytes | None:
    """The engine's table of the legal calls (likewise)."""
    from belote_notation.game.engine.smsara_table import bidding_calls

    return bidding_calls(rules, offer)


def _compiled_setup() -> Callable[..., int]:
    """The compiled set-up (``_play.c``), handed the engine's tables and answers."""
    from belote_notation.game.engine import _play

    _play.bind_setup(_bidding_turns, _bidding_calls, start_play, started_fields, PASS, TAKE, FIRST_CARDS,
                     FIRST_DEALT, HAND_CARDS, TAKER_REST, PHASE_NEW)
    return _play.setup_deal


setup_deal = compiled(_compiled_setup)
