"""The smsara as tables: who calls, which calls are legal and what a call leaves, asked of the engine.

The compiled set-up of a deal (``_play.c`` ``setup_deal``) decides nothing about the bidding: it
reads the engine's own answers, asked once per rule set by walking deals through their passes.
Who calls and what a pass leaves depend on the dealer (:func:`bidding_turns`: after ``k`` passes,
0 to 7, the bidder ``next_bidder`` names, the round ``bid_round`` counts, the bidder and the
phase after a pass as ``apply_bid`` leaves them); which calls are legal and the trump of a take
depend on the offer (:func:`bidding_calls`: the calls ``legal_bids`` allows after ``k`` passes,
the trump ``take_trump`` gives each legal take). What a call does besides is what ``apply_bid``
does to every clean call: the call is added to the state's calls; a take sets the taker, and the
trump and strain to its trump. ``tests/speed/test_setup_deal.py`` proves the two tables together
equal to the engine's walk for every dealer and offer of every preset.

>>> from belote_notation.game.rules import Ruleset
>>> classic = Ruleset.preset("classic")
>>> turns, calls = bidding_turns(classic, 0), bidding_calls(classic, 7)  # N deals, the A♠ offered
>>> turns[1 + SEAT], turns[1 + ROUND], calls[LEGAL] == PASS_LEGAL | TAKE_LEGAL, calls[TRUMP]
(1, 1, True, 0)
>>> calls[4 * CALLS_ROW + LEGAL] == PASS_LEGAL | 4 << 1 | 4 << 2 | 4 << 3  # round 2: another suit
True
"""

from __future__ import annotations

import functools

from belote_notation.game.engine.bidding import PASS, TAKE, apply_bid, bid_round, legal_bids, take_trump
from belote_notation.game.engine.distribution import deal_five
from belote_notation.game.engine.state import DealState, new_deal
from belote_notation.game.rules import Ruleset

__all__ = ["CALLS", "CALLS_ROW", "LEGAL", "NOT_LEGAL", "PASS_LEGAL", "PHASE_AFTER", "ROUND", "SEAT",
           "TAKE_LEGAL", "TRUMP", "TURNS_ROW", "TURN_AFTER", "bidding_calls", "bidding_turns"]

CALLS = 8
"""The calls of a smsara: two rounds of four."""
SEAT, ROUND, TURN_AFTER, PHASE_AFTER = range(4)
"""The bytes of a row of :func:`bidding_turns`."""
TURNS_ROW = 4
LEGAL, TRUMP = 0, 1
"""The bytes of a row of :func:`bidding_calls`: the legal calls (bits), then five trumps: of a
take naming no suit, then of a take naming suit 0-3."""
CALLS_ROW = TRUMP + 5
PASS_LEGAL, TAKE_LEGAL = 1, 2
"""Bits of ``LEGAL``: a pass, a take naming no suit; ``4 << suit``: a take naming ``suit``."""
NOT_LEGAL = 255
"""The trump byte of a take that is not legal."""


def _dealt(rules: Ruleset, dealer: int, offer: int) -> DealState | None:
    """A deal after the *tafr9a* (the cards are not asked for), or ``None`` for a contrée auction."""
    if rules.bidding != "smsara":
        return None
    state = new_deal(rules, dealer)
    deal_five(state, None, offer)
    return state


@functools.lru_cache(maxsize=64)
def bidding_turns(rules: Ruleset, dealer: int) -> bytes | None:
    """Who calls when ``dealer`` deals, as ``1 + 8 * TURNS_ROW`` bytes: the phase after the
    *tafr9a*, then a row for each number of passes. ``None`` for a contrée auction, or when
    no offer lets the eight passes be made (the walk asks for one that does)."""
    for offer in range(32):
        state = _dealt(rules, dealer, offer)
        if state is None:
            return None
        out = bytearray([state.phase])
        for _ in range(CALLS):
            seat, round_ = state.bid_turn, bid_round(state)
            if (PASS, None) not in legal_bids(state) or apply_bid(state, seat, PASS):
                break
            out += bytes((seat, round_, state.bid_turn, state.phase))
        else:
            return bytes(out)
    return None


@functools.lru_cache(maxsize=256)
def bidding_calls(rules: Ruleset, offer: int) -> bytes | None:
    """The calls allowed with ``offer`` face up, as ``8 * CALLS_ROW`` bytes: a row for each
    number of passes (a row whose pass is not legal ends the walk: the rows after it allow
    nothing). ``None`` for a contrée auction, or when an answer does not fit the table (a legal
    call the engine would find fault with, a call of another kind)."""
    state = _dealt(rules, 0, offer)
    if state is None:
        return None
    out = bytearray(bytes([0] + [NOT_LEGAL] * 5) * CALLS)
    for passes in range(CALLS):
        row = passes * CALLS_ROW
        seat = state.bid_turn
        for action, suit in legal_bids(state):
            if action == PASS and suit is None:
                out[row + LEGAL] |= PASS_LEGAL
                continue
            trump, wrong = take_trump(state, seat, suit, passes)
            if action != TAKE or wrong or not 0 <= trump < 4:
                return None
            out[row + LEGAL] |= TAKE_LEGAL if suit is None else 4 << suit
            out[row + TRUMP + (0 if suit is None else 1 + suit)] = trump
        if not out[row + LEGAL] & PASS_LEGAL:
            break
        if apply_bid(state, seat, PASS):
            return None
    return bytes(out)
