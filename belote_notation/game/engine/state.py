"""The state of one deal and the distribution of the cards (five each, offer, the rest).

A :class:`DealState` is a mutable bag of small integers and bit masks; the functions of
:mod:`.bidding`, :mod:`.play`, :mod:`.announcements` and :mod:`.scoring` move it on. Nothing
here raises on bad input: wrong counts and duplicate cards come back as
:class:`~.codes.Violation` values and the distribution is applied anyway.
"""

from __future__ import annotations

from typing import NamedTuple, Optional, Sequence, Union

from belote_notation.game.cards import FULL_DECK, SEAT_NAMES, Deck, card_symbol_name
from belote_notation.game.rules import Ruleset
from belote_notation.game.engine import codes as C
from belote_notation.game.engine.tables import BEATS, NO_TRUMP_INDEX, POINTS
from belote_notation.game.engine.codes import NO_VIOLATIONS, Violation

__all__ = [
    "DealState", "Call", "Flags", "flags_for", "new_deal", "deal_five", "deal_rest", "set_hands",
    "set_contract", "first_bidder", "dealer_before", "first_leader", "Holding", "next_seat", "names",
]

class Call(NamedTuple):
    """One call of the bidding: ``pass`` or ``take`` (``suit`` named in round 2)."""

    seat: int
    action: str
    suit: Optional[int] = None


PHASE_NEW, PHASE_BIDDING, PHASE_PLAY, PHASE_DONE, PHASE_DEAD = range(5)


class Flags:
    """The options of a :class:`Ruleset` copied to plain attributes (fast in the hot loop)."""

    __slots__ = (
        "rules", "step", "bid_step", "must_follow", "must_trump", "over_ruff", "over_led",
        "undertrump", "partner_discard", "partner_over", "forced_take", "round2_offer",
    )

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        self.step = 1 if rules.direction == "clockwise" else 3
        bid_dir = rules.bidding_direction or rules.direction
        self.bid_step = 1 if bid_dir == "clockwise" else 3
        self.must_follow = rules.must_follow
        self.must_trump = rules.must_trump_when_opponent_master
        self.over_ruff = rules.overtrump_when_ruffing
        self.over_led = rules.overtrump_when_trump_led
        self.undertrump = rules.must_undertrump
        self.partner_discard = rules.partner_master_may_discard
        self.partner_over = rules.partner_master_trumping_must_overtrump
        self.forced_take = rules.forced_take_on_top_trump
        self.round2_offer = rules.round2_offer_suit_allowed


_FLAGS: dict[int, Flags] = {}


def flags_for(rules: Ruleset) -> Flags:
    """The cached :class:`Flags` of a ruleset."""
    flags = _FLAGS.get(id(rules))
    if flags is None or flags.rules is not rules:
        if len(_FLAGS) > 256:
            _FLAGS.clear()
        flags = _FLAGS[id(rules)] = Flags(rules)
    return flags


class DealState:
    """Everything known about a deal so far. Read it; change it only through the functions."""

    __slots__ = (
        "rules", "flags", "deck", "dealer", "phase", "five", "offer", "bids", "bid_turn",
        "taker", "trump", "hands", "full_hands", "hands_known", "played", "trick_no",
        "trick_seats", "trick_cards", "led", "best_card", "best_seat", "turn", "points",
        "tricks_won", "last_trick_team", "tricks", "seat_played", "announcements",
        "belote_marks", "belote_announced", "kq_first", "reported", "n_announce", "kq", "beats",
        "points_of", "fast", "step",
    )

    def __init__(self, rules: Ruleset, dealer: int, deck: Deck) -> None:
        self.rules = rules
        self.flags = flags_for(rules)
        self.deck = deck
        self.dealer = dealer & 3 if isinstance(dealer, int) else 0
        self.phase = PHASE_NEW
        self.five: Optional[list[int]] = None
        self.offer: Optional[int] = None
        self.bids: list[Call] = []
        self.bid_turn = first_bidder(rules, self.dealer)
        self.taker: Optional[int] = None
        self.trump = -1
        self.hands = [0, 0, 0, 0]
        self.full_hands = [0, 0, 0, 0]
        self.hands_known = False
        self.played = 0
        self.trick_no = 0
        self.trick_seats: list[int] = []
        self.trick_cards: list[int] = []
        self.led = -1
        self.best_card = -1
        self.best_seat = -1
        self.turn = -1
        self.points = [0, 0]
        self.tricks_won = [0, 0]
        """Tricks won per team so far."""
        self.last_trick_team: Optional[int] = None
        self.tricks: list[tuple[list[int], list[int], int]] = []
        """Completed tricks: (seats in order, cards in order, winner)."""
        self.seat_played = [0, 0, 0, 0]
        """Cards each seat played that it did not hold (slow path only; see cards_played)."""
        self.announcements: list[tuple[int, str, int]] = []
        """Valid announcements: (seat, kind ``sequence``/``carre``, cards mask)."""
        self.belote_marks: list[list[tuple[str, int]]] = [[], [], [], []]
        self.belote_announced = [False, False, False, False]
        self.kq_first: Optional[int] = None
        """The first of trump king/queen played (card), for belote order rules."""
        self.n_announce = 0
        self.kq = FULL_DECK
        """Trump king and queen (every card until the first card is checked: slow path)."""
        self.beats = BEATS[NO_TRUMP_INDEX]
        self.points_of = POINTS[NO_TRUMP_INDEX]
        self.fast = False
        """The next card may take the fast path of play_card (set by its full path)."""
        self.step = self.flags.step
        self.reported: set[str] = set()
        """Codes reported once per deal (e.g. play before the bidding ended)."""

    @property
    def taker_team(self) -> Optional[int]:
        return None if self.taker is None else self.taker & 1

    def cards_played(self, seat: int) -> int:
        """How many cards ``seat`` has played so far."""
        if self.hands_known:
            return ((self.full_hands[seat] & self.played) | self.seat_played[seat]).bit_count()
        return self.seat_played[seat].bit_count()

    @property
    def dead(self) -> bool:
        return self.phase == PHASE_DEAD

    @property
    def complete(self) -> bool:
        return self.trick_no >= 8

    def __repr__(self) -> str:
        return (f"DealState(dealer={SEAT_NAMES[self.dealer]}, taker={self.taker}, trump={self.trump}, "
                f"trick={self.trick_no + 1}, played={self.played.bit_count()})")


# --------------------------------------------------------------------------- seats
def next_seat(seat: int, step: int) -> int:
    """The seat after ``seat`` in turn order (``step`` 1 clockwise, 3 counter-clockwise)."""
    return (seat + step) & 3


def first_bidder(rules: Ruleset, dealer: int) -> int:
    """Who speaks first in both bidding rounds (``first_bidder`` option: the dealer's left or
    right neighbour).

    >>> from belote_notation.game.rules import Ruleset
    >>> first_bidder(Ruleset.preset("classic"), dealer=0)
    1
    """
    return (dealer + _first_bid_offset(rules)) & 3


def dealer_before(rules: Ruleset, first_caller: int) -> int:
    """The dealer whose first bidder is ``first_caller``: the inverse of :func:`first_bidder`.

    >>> from belote_notation.game.rules import Ruleset
    >>> rules = Ruleset.preset("classic")
    >>> dealer_before(rules, 1), first_bidder(rules, dealer_before(rules, 1))
    (0, 1)
    """
    return (first_caller - _first_bid_offset(rules)) & 3


def _first_bid_offset(rules: Ruleset) -> int:
    return 1 if rules.first_bidder == "left" else 3


def first_leader(state: DealState) -> int:
    """Who leads the first trick, per ``first_lead``."""
    how = state.rules.first_lead
    if how == "after_taker" and state.taker is not None:
        return (state.taker + state.flags.step) & 3
    if how == "dealer_right":
        return (state.dealer + 3) & 3
    if how == "dealer_left":
        return (state.dealer + 1) & 3
    return (state.dealer + state.flags.step) & 3


def names(mask: int, deck: Deck) -> str:
    """``1♣, 10♣`` style list of the cards of a mask (strongest rank last)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(card_symbol_name(low.bit_length() - 1, deck))
        mask ^= low
    return ", ".join(out)


# --------------------------------------------------------------------------- distribution
def new_deal(rules: Ruleset, dealer: int, deck: Optional[Deck] = None) -> DealState:
    """A fresh deal dealt by ``dealer`` (0..3 = N E S W); ``deck`` names cards in messages."""
    return DealState(rules, dealer, deck if deck is not None else rules.deck)


Holding = Union[int, Sequence[int]]
"""One seat's cards given to a distribution function: a bit mask, or the cards in the order
they were written (then a card written twice in the same hand is reported too)."""


def _holdings(state: DealState, holdings: Sequence[Holding], what: str, used: int
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


def _duplicate(state: DealState, seat: int, card: int, what: str) -> Violation:
    return Violation(C.DUPLICATE_CARD, f"{card_symbol_name(card, state.deck)} appears twice in the deal "
                     f"({SEAT_NAMES[seat]} in {what})", seat=seat, card=card)


def _counts(masks: Sequence[int], want: Sequence[int], code: str, what: str) -> list[Violation]:
    return [Violation(code, f"{SEAT_NAMES[seat]} got {mask.bit_count()} cards in {what}, not {want[seat]}",
                      seat=seat)
            for seat, mask in enumerate(masks) if mask.bit_count() != want[seat]]


def deal_five(state: DealState, hands: Optional[Sequence[Holding]], offer: Optional[int]
              ) -> Sequence[Violation]:
    """The *tafr9a*: five cards per seat (N E S W; ``None`` when unknown) and the offer.

    Each card given twice is one ``DUPLICATE_CARD`` (``seat`` and ``card`` set), an offer also
    in a hand one ``OFFER_IN_HAND`` (``card`` the offer), then each seat without five cards one
    ``WRONG_FIVE_COUNT``.

    >>> from belote_notation.game.rules import Ruleset
    >>> state = new_deal(Ruleset.preset("classic"), dealer=0)
    >>> [(v.code, v.seat, v.card) for v in deal_five(state, [[0, 1, 2, 3, 4], [5, 5, 6, 7, 8],
    ...     [9, 10, 11, 12, 13], [14, 15, 16, 17, 18]], offer=0)]
    [('BEL102', 1, 5), ('BEL106', None, 0), ('BEL101', 1, None)]
    """
    out: list[Violation] = []
    if offer is not None and not (isinstance(offer, int) and 0 <= offer < 32):
        out.append(Violation(C.BAD_CARD, f"the offer {offer!r} is not a card of the 32-card deck"))
        offer = None
    state.offer = offer
    state.phase = PHASE_BIDDING
    state.bid_turn = first_bidder(state.rules, state.dealer)
    if hands is None:
        return out or NO_VIOLATIONS
    if len(hands) == 4 and offer is not None:
        a, b, c, d = hands
        if (type(a) is int and type(b) is int and type(c) is int and type(d) is int
                and a.bit_count() == 5 and b.bit_count() == 5 and c.bit_count() == 5 and d.bit_count() == 5
                and ((a | b | c | d) & FULL_DECK | 1 << offer).bit_count() == 21):
            state.five = [a, b, c, d]
            return out or NO_VIOLATIONS
    masks, used, dups = _holdings(state, hands, "the first five cards", 0)
    out.extend(dups)
    if offer is not None and used >> offer & 1:
        out.append(Violation(C.OFFER_IN_HAND, f"the offer {card_symbol_name(offer, state.deck)} "
                             "is also in a hand", card=offer))
    out.extend(_counts(masks, (5, 5, 5, 5), C.WRONG_FIVE_COUNT, "the first five cards"))
    state.five = masks
    return out or NO_VIOLATIONS


def arm(state: DealState) -> None:
    """Prepare the fast path of ``play_card`` once taker, trump and hands are known."""
    trump = state.trump
    index = trump if trump >= 0 else NO_TRUMP_INDEX
    state.beats = BEATS[index]
    state.points_of = POINTS[index]
    state.kq = (1 << (trump * 8 + 5)) | (1 << (trump * 8 + 6)) if trump >= 0 else 0
    state.step = state.flags.step
    if state.phase == PHASE_PLAY and state.hands_known and trump >= 0 and state.trick_no < 8:
        if state.turn < 0:
            state.turn = first_leader(state)
        state.fast = True
    else:
        state.fast = False


def _start_play(state: DealState, hands: Sequence[int]) -> None:
    state.hands = list(hands)
    state.full_hands = list(hands)
    state.hands_known = True
    if state.phase in (PHASE_NEW, PHASE_BIDDING) and state.taker is not None:
        state.phase = PHASE_PLAY
    arm(state)


def deal_rest(state: DealState, rest: Sequence[Holding]) -> Sequence[Violation]:
    """The rest of the distribution: 2 cards to the taker (who also gets the offer), 3 to the
    others. Needs the five cards and the offer; builds the 8-card hands."""
    taker = state.taker
    five = state.five
    offer = state.offer
    if len(rest) == 4 and five is not None and taker is not None and offer is not None \
            and all(type(h) is int for h in rest):
        masks = [int(h) for h in rest]  # the fast path: four masks that make a full deck
        hands = [five[0] | masks[0], five[1] | masks[1], five[2] | masks[2], five[3] | masks[3]]
        hands[taker] |= 1 << offer
        if ((hands[0] | hands[1] | hands[2] | hands[3]) == FULL_DECK and hands[0].bit_count() == 8
                and hands[1].bit_count() == 8 and hands[2].bit_count() == 8
                and hands[3].bit_count() == 8 and masks[taker].bit_count() == 2):
            _start_play(state, hands)
            return NO_VIOLATIONS
    want = [2 if seat == taker else 3 for seat in range(4)]
    used = 0
    for mask in five or ():
        used |= mask
    if offer is not None:
        used |= 1 << offer
    masks, used, dups = _holdings(state, rest, "the rest of the deal", used)
    out = dups + _counts(masks, want, C.WRONG_REST_COUNT, "the rest of the deal")
    if not out and used != FULL_DECK:
        out.append(Violation(C.DECK_INCOMPLETE, f"the deal misses {names(FULL_DECK & ~used, state.deck)}"))
    five = five or [0, 0, 0, 0]
    hands = [five[s] | masks[s] for s in range(4)]
    if taker is not None and offer is not None:
        hands[taker] |= 1 << offer
    _start_play(state, hands)
    return out or NO_VIOLATIONS


def set_hands(state: DealState, hands: Sequence[Holding]) -> Sequence[Violation]:
    """Complete 8-card hands (N E S W), for records that give them directly."""
    masks, used, dups = _holdings(state, hands, "the hand", 0)
    out = dups + _counts(masks, (8, 8, 8, 8), C.WRONG_HAND_COUNT, "the hand")
    if not out and used != FULL_DECK:
        out.append(Violation(C.DECK_INCOMPLETE, f"the deal misses {names(FULL_DECK & ~used, state.deck)}"))
    _start_play(state, masks)
    return out or NO_VIOLATIONS


def set_contract(state: DealState, taker: int, trump: int) -> None:
    """Set taker and trump directly (records without a bidding); play may start."""
    state.taker = taker & 3
    state.trump = trump & 3
    if state.phase in (PHASE_NEW, PHASE_BIDDING):
        state.phase = PHASE_PLAY if state.hands_known else PHASE_BIDDING
    if state.hands_known:
        state.phase = PHASE_PLAY
    arm(state)
