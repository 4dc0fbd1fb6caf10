"""The *smsara*: two bidding rounds, the forced take, round-2 suits and dead deals."""

from __future__ import annotations

from collections.abc import Sequence

from belote_notation.game.cards import JACK
from belote_notation.game.engine import codes as C
from belote_notation.game.engine.auction import apply_auction_call
from belote_notation.game.engine.codes import NO_VIOLATIONS, Violation
from belote_notation.game.engine.state import (
    PHASE_DEAD,
    PHASE_PLAY,
    DealState,
    first_bidder,
    open_call,
    prepare_fast_path,
)
from belote_notation.game.lang import Card, Seat, Suit, msg

__all__ = ["PASS", "TAKE", "Bid", "apply_bid", "bid_round", "bidding_over", "forced_take", "legal_bids",
           "take_trump"]

Bid = tuple[str, int | None]
"""A possible call: the action and the suit named (``None`` except for a round-2 take)."""

PASS, TAKE = "pass", "take"
"""The calls of a smsara."""
_PASS: Bid = (PASS, None)
_TAKE: Bid = (TAKE, None)


def bidding_over(state: DealState) -> bool:
    """True once somebody took or everybody passed twice."""
    return state.taker is not None or state.phase == PHASE_DEAD


def bid_round(state: DealState) -> int:
    """The round (1 or 2) of the next bid."""
    return 1 if len(state.bids) < 4 else 2


def forced_take(state: DealState) -> bool:
    """The next bidder is the first bidder facing a face-up top trump (10 / jack) that the
    rules force them to take."""
    return (state.flags.forced_take_on_top_trump and not state.bids and state.offer is not None
            and (state.offer & 7) == JACK)


def legal_bids(state: DealState) -> list[Bid]:
    """The calls the next bidder may make: ``("pass", None)``, ``("take", None)`` in round 1,
    ``("take", suit)`` in round 2. Empty once the bidding is over. The *smsara* only: a
    contrée auction's are :func:`~.auction.legal_auction_calls`.

    >>> from belote_notation.game.rules import Ruleset
    >>> from belote_notation.game.engine import deal_five, new_deal
    >>> state = new_deal(Ruleset.preset("classic"), dealer=0)
    >>> _ = deal_five(state, None, offer=7)
    >>> legal_bids(state)
    [('pass', None), ('take', None)]
    """
    if bidding_over(state) or len(state.bids) >= 8 or state.flags.contree:
        return []
    if len(state.bids) < 4:
        if forced_take(state):
            return [_TAKE]
        return [_PASS, _TAKE]
    offer_suit = -1 if state.offer is None else state.offer >> 3
    out = [_PASS]
    for suit in range(4):
        if suit != offer_suit or state.flags.round2_offer_suit_allowed:
            out.append((TAKE, suit))
    return out


def apply_bid(state: DealState, seat: int, action: str, suit: int | None = None,
              value: int | None = None) -> Sequence[Violation]:
    """Apply one call (``pass`` or ``take``, a suit named in round 2); returns the violations
    (the call is applied anyway where possible). Under ``bidding=contree`` the calls of the
    auction (:func:`~.auction.apply_auction_call`, ``value`` the points of a ``bid``).

    >>> from belote_notation.game.rules import Ruleset
    >>> from belote_notation.game.engine import deal_five, new_deal
    >>> state = new_deal(Ruleset.preset("classic"), dealer=0)
    >>> _ = deal_five(state, None, offer=7)
    >>> [v.code for v in apply_bid(state, 2, "pass")]
    ['BEL201']
    """
    if state.flags.contree:
        return apply_auction_call(state, seat, action, suit, value)
    out: list[Violation] = []
    index = len(state.bids)
    seat = open_call(state, seat)
    who = Seat(seat)
    if suit is not None and not (isinstance(suit, int) and 0 <= suit < 4):
        out.append(Violation(C.BAD_BID, msg("%(who)s named %(suit)s, which is not a suit", who=who,
                                            suit=repr(suit)), seat=seat, index=index))
        suit = None
    if bidding_over(state) or index >= 8:
        out.append(Violation(C.BID_AFTER_END, msg("%(who)s bid after the bidding was over", who=who),
                             seat=seat, index=index))
        state.bids.append((seat, action, suit))
        return out
    if seat != state.bid_turn:
        out.append(Violation(C.BID_OUT_OF_TURN,
                             msg("%(who)s bid out of turn: it was %(turn)s's turn", who=who,
                                 turn=Seat(state.bid_turn)),
                             seat=seat, index=index))
    if action == TAKE:
        out.extend(_take(state, seat, suit, index))
        return out or NO_VIOLATIONS
    if action == PASS:
        if index < 4 and forced_take(state) and state.offer is not None:
            out.append(Violation(C.FORCED_TAKE_PASSED,
                                 msg("%(who)s passed on the face-up %(offer)s: the first bidder must take it",
                                     who=who, offer=Card(state.offer, state.deck)), seat=seat, index=index))
    else:
        out.append(Violation(C.BAD_BID, msg("%(who)s made an unknown call %(call)s", who=who,
                                            call=repr(action)), seat=seat, index=index))
    state.bids.append((seat, action, suit))
    state.bid_turn = (seat + state.flags.bid_step) & 3
    if len(state.bids) == 4:
        state.bid_turn = first_bidder(state.rules, state.dealer)
    elif len(state.bids) >= 8:
        state.phase = PHASE_DEAD
    return out or NO_VIOLATIONS


def _take(state: DealState, seat: int, suit: int | None, index: int) -> list[Violation]:
    """A take: its trump (:func:`take_trump`); the taker and the trump are set whatever is wrong."""
    trump, out = take_trump(state, seat, suit, index)
    state.taker = seat & 3
    state.trump = trump
    state.strain = trump
    state.bids.append((seat, TAKE, suit))
    if state.hands_known:
        state.phase = PHASE_PLAY
    prepare_fast_path(state)
    return out


def take_trump(state: DealState, seat: int, suit: int | None, index: int) -> tuple[int, list[Violation]]:
    """The trump of a take by ``seat`` naming ``suit`` as call ``index``, and what is wrong with
    it; the state is not changed. Round 1 takes the offer's suit, round 2 names another suit
    (or the offer's, per ``round2_offer_suit_allowed``).

    >>> from belote_notation.game.rules import Ruleset
    >>> from belote_notation.game.engine import deal_five, new_deal
    >>> state = new_deal(Ruleset.preset("classic"), dealer=0)
    >>> _ = deal_five(state, None, offer=7)
    >>> take_trump(state, 1, None, 0), take_trump(state, 1, 2, 4)
    ((0, []), (2, []))
    """
    out: list[Violation] = []
    who = Seat(seat)
    offer = state.offer
    if index < 4:
        if suit is not None and offer is not None and suit != offer >> 3:
            out.append(Violation(C.ROUND1_OTHER_SUIT,
                                 msg("%(who)s took %(suit)s in round 1: only the offer's suit %(offer)s "
                                     "can be "
                                     "taken", who=who, suit=Suit(suit & 3, state.deck),
                                     offer=Suit(offer >> 3, state.deck)),
                                 seat=seat, index=index))
        trump = offer >> 3 if offer is not None else (suit if suit is not None else -1)
    elif suit is None:
        out.append(Violation(C.ROUND2_NO_SUIT, msg("%(who)s took in round 2 without naming a suit", who=who),
                             seat=seat,
                             index=index))
        trump = offer >> 3 if offer is not None else -1
    else:
        trump = suit & 3
        if offer is not None and trump == offer >> 3 and not state.flags.round2_offer_suit_allowed:
            out.append(Violation(C.ROUND2_OFFER_SUIT,
                                 msg("%(who)s named %(suit)s, the offer's suit, in round 2: round 2 must "
                                     "name another suit", who=who, suit=Suit(trump, state.deck)),
                                 seat=seat, index=index))
    return trump, out
