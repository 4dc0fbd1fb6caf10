"""The distribution of the cards: five each and the offer (*tafr9a*), the rest after the
bidding, or complete hands; and a contract given directly.

Nothing here raises on bad input: wrong counts and duplicate cards come back as
:class:`~.codes.Violation` values and the distribution is applied anyway.
"""

from __future__ import annotations

from collections.abc import Sequence

from belote_notation.game.cards import FULL_DECK
from belote_notation.game.engine import codes as C
from belote_notation.game.engine.codes import NO_VIOLATIONS, Violation
from belote_notation.game.engine.state import (
    PHASE_BIDDING,
    PHASE_NEW,
    PHASE_PLAY,
    DealState,
    first_bidder,
    prepare_fast_path,
    start_play,
)
from belote_notation.game.lang import Card, Cards, Message, Seat, msg, msg_n

_FIVE = msg("the first five cards")
_REST = msg("the rest of the deal")
_HAND = msg("the hand")

__all__ = ["FIRST_CARDS", "FIRST_DEALT", "HAND_CARDS", "Holding", "TAKER_REST", "deal_five", "deal_rest",
           "set_contract", "set_hands"]

FIRST_CARDS = 5
"""Cards each seat gets in the *tafr9a*."""
FIRST_DEALT = 4 * FIRST_CARDS + 1
"""Cards dealt with the *tafr9a*: five to each seat and the offer."""
HAND_CARDS = 8
"""Cards of a full hand."""
TAKER_REST = 2
"""Cards the taker gets in the rest of the distribution (the offer makes the third)."""


Holding = int | Sequence[int]
"""One seat's cards given to a distribution function: a bit mask, or the cards in the order
they were written (then a card written twice in the same hand is reported too)."""


def _holdings(state: DealState, holdings: Sequence[Holding], what: Message, used: int
              ) -> tuple[list[int], int, list[Violation]]:
    """Masks N E S W of ``holdings`` (missing seats empty) and one ``DUPLICATE_CARD`` per card
    given again (at the seat and card of its second occurrence, seats in N E S W order)."""
    masks: list[int] = []
    dups: list[Violation] = []
    for seat in range(4):
        held = holdings[seat] if seat < len(holdings) else 0
        if isinstance(held, int):
            mask = held & FULL_DECK
            again = mask & used
            while again:
                low = again & -again
                dups.append(_duplicate(state, seat, low.bit_length() - 1, what))
                again ^= low
        else:
            mask = 0
            for card in held:
                bit = 1 << card if isinstance(card, int) and 0 <= card < 32 else 0
                if bit & (used | mask):
                    dups.append(_duplicate(state, seat, card, what))
                mask |= bit
        masks.append(mask)
        used |= mask
    return masks, used, dups


def _duplicate(state: DealState, seat: int, card: int, what: Message) -> Violation:
    return Violation(C.DUPLICATE_CARD, msg("%(card)s appears twice in the deal (%(who)s in %(what)s)",
                                           card=Card(card, state.deck), who=Seat(seat), what=what),
                     seat=seat, card=card)


def _counts(masks: Sequence[int], want: Sequence[int], code: str, what: Message) -> list[Violation]:
    # English says "cards" for any count, as before; the other catalogues have their plural forms
    return [Violation(code, msg_n("%(who)s got %(got)s cards in %(what)s, not %(want)s",
                                  "%(who)s got %(got)s cards in %(what)s, not %(want)s", "got",
                                  who=Seat(seat), got=mask.bit_count(), what=what, want=want[seat]),
                      seat=seat)
            for seat, mask in enumerate(masks) if mask.bit_count() != want[seat]]


def deal_five(state: DealState, hands: Sequence[Holding] | None, offer: int | None
              ) -> Sequence[Violation]:
    """The *tafr9a*: five cards per seat (N E S W; ``None`` when unknown) and the offer.

    Each card given twice is one ``DUPLICATE_CARD`` (``seat`` and ``card`` set), an offer also
    in a hand one ``OFFER_IN_HAND`` (``card`` the offer), then each seat without five cards one
    ``WRONG_FIVE_COUNT``.

    >>> from belote_notation.game.rules import Ruleset
    >>> from belote_notation.game.engine import new_deal
    >>> state = new_deal(Ruleset.preset("classic"), dealer=0)
    >>> [(v.code, v.seat, v.card) for v in deal_five(state, [[0, 1, 2, 3, 4], [5, 5, 6, 7, 8],
    ...     [9, 10, 11, 12, 13], [14, 15, 16, 17, 18]], offer=0)]
    [('BEL102', 1, 5), ('BEL106', None, 0), ('BEL101', 1, None)]
    """
    out: list[Violation] = []
    if offer is not None and not (isinstance(offer, int) and 0 <= offer < 32):
        out.append(Violation(C.BAD_CARD, msg("the offer %(offer)s is not a card of the 32-card deck",
                                                  offer=repr(offer))))
        offer = None
    state.offer = offer
    state.phase = PHASE_BIDDING
    state.bid_turn = first_bidder(state.rules, state.dealer)
    if hands is None:
        return out or NO_VIOLATIONS
    if len(hands) == 4 and offer is not None:
        a, b, c, d = hands
        if (type(a) is int and type(b) is int and type(c) is int and type(d) is int
                and a.bit_count() == FIRST_CARDS and b.bit_count() == FIRST_CARDS
                and c.bit_count() == FIRST_CARDS and d.bit_count() == FIRST_CARDS
                and ((a | b | c | d) & FULL_DECK | 1 << offer).bit_count() == FIRST_DEALT):
            state.five = [a, b, c, d]
            return out or NO_VIOLATIONS
    masks, used, dups = _holdings(state, hands, _FIVE, 0)
    out.extend(dups)
    if offer is not None and used >> offer & 1:
        out.append(Violation(C.OFFER_IN_HAND, msg("the offer %(offer)s is also in a hand",
                                                      offer=Card(offer, state.deck)), card=offer))
    out.extend(_counts(masks, (FIRST_CARDS,) * 4, C.WRONG_FIVE_COUNT, _FIVE))
    state.five = masks
    return out or NO_VIOLATIONS


def deal_rest(state: DealState, rest: Sequence[Holding]) -> Sequence[Violation]:
    """The rest of the distribution: 2 cards to the taker (who also gets the offer), 3 to the
    others. Needs the five cards and the offer; builds the 8-card hands."""
    taker = state.taker
    five = state.five
    offer = state.offer
    if len(rest) == 4 and five is not None and taker is not None and offer is not None:
        a, b, c, d = rest  # the fast path: four masks that make a full deck
        if type(a) is int and type(b) is int and type(c) is int and type(d) is int:
            hands = [five[0] | a, five[1] | b, five[2] | c, five[3] | d]
            hands[taker] |= 1 << offer
            if ((hands[0] | hands[1] | hands[2] | hands[3]) == FULL_DECK
                    and hands[0].bit_count() == HAND_CARDS and hands[1].bit_count() == HAND_CARDS
                    and hands[2].bit_count() == HAND_CARDS and hands[3].bit_count() == HAND_CARDS
                    and (a, b, c, d)[taker].bit_count() == TAKER_REST):
                start_play(state, hands)
                return NO_VIOLATIONS
    want = [TAKER_REST if seat == taker else HAND_CARDS - FIRST_CARDS for seat in range(4)]
    used = 0
    for mask in five or ():
        used |= mask
    if offer is not None:
        used |= 1 << offer
    masks, used, dups = _holdings(state, rest, _REST, used)
    out = dups + _counts(masks, want, C.WRONG_REST_COUNT, _REST)
    if not out and used != FULL_DECK:
        out.append(Violation(C.DECK_INCOMPLETE, msg("the deal misses %(missing)s",
                                                        missing=Cards(FULL_DECK & ~used, state.deck))))
    five = five or [0, 0, 0, 0]
    hands = [five[s] | masks[s] for s in range(4)]
    if taker is not None and offer is not None:
        hands[taker] |= 1 << offer
    start_play(state, hands)
    return out or NO_VIOLATIONS


def set_hands(state: DealState, hands: Sequence[Holding]) -> Sequence[Violation]:
    """Complete 8-card hands (N E S W), for records that give them directly (contrée deals all
    eight cards at once)."""
    if len(hands) == 4:
        a, b, c, d = hands  # the fast path: four masks of eight cards that make a full deck
        if (type(a) is int and type(b) is int and type(c) is int and type(d) is int
                and a.bit_count() == HAND_CARDS and b.bit_count() == HAND_CARDS
                and c.bit_count() == HAND_CARDS and d.bit_count() == HAND_CARDS
                and (a | b | c | d) == FULL_DECK):
            start_play(state, [a, b, c, d])
            return NO_VIOLATIONS
    masks, used, dups = _holdings(state, hands, _HAND, 0)
    out = dups + _counts(masks, (HAND_CARDS,) * 4, C.WRONG_HAND_COUNT, _HAND)
    if not out and used != FULL_DECK:
        out.append(Violation(C.DECK_INCOMPLETE, msg("the deal misses %(missing)s",
                                                        missing=Cards(FULL_DECK & ~used, state.deck))))
    start_play(state, masks)
    return out or NO_VIOLATIONS


def set_contract(state: DealState, taker: int, trump: int) -> None:
    """Set taker and trump directly (records without a bidding); play may start. ``trump`` is
    a suit 0-3, or a contrée strain: 4 sans-atout, 5 tout-atout; anything else is a
    ``ValueError`` (never another trump)."""
    if not 0 <= trump <= 5:
        raise ValueError(f"trump {trump}: expected a suit 0-3, 4 (sans-atout) or 5 (tout-atout)")
    state.taker = taker & 3
    state.trump = trump if trump < 4 else -1
    state.strain = trump
    if state.hands_known:
        state.phase = PHASE_PLAY
    elif state.phase == PHASE_NEW:
        state.phase = PHASE_BIDDING
    prepare_fast_path(state)
