"""The state of one deal: who dealt, the seats' turns, and the tables of the trump.

A :class:`DealState` is a mutable bag of small integers and bit masks; the functions of
:mod:`.distribution`, :mod:`.bidding`, :mod:`.play`, :mod:`.announcements` and :mod:`.scoring`
move it on, and :mod:`.view` reads it for callers outside the engine.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from belote_notation.game.cards import (
    FULL_DECK,
    SANS_ATOUT,
    SEAT_NAMES,
    TOUT_ATOUT,
    Deck,
    card_symbol_name,
)
from belote_notation.game.compiled import compiled
from belote_notation.game.engine.seats import dealer_before, first_bidder, first_leader
from belote_notation.game.engine.tables import (
    ALL_TRUMP_INDEX,
    BEATS,
    BELOTE_PAIRS,
    NO_TRUMP_INDEX,
    POINTS,
    points_index,
)
from belote_notation.game.rules import Ruleset

__all__ = [
    "FIELDS",
    "Call",
    "DealState",
    "Flags",
    "copy_deal",
    "dealer_before",
    "first_bidder",
    "first_leader",
    "flags_for",
    "names",
    "new_deal",
    "open_call",
    "prepare_fast_path",
    "python_copy_deal",
    "start_play",
]


class Call(NamedTuple):
    """One call of the bidding: ``pass`` or ``take`` (``suit`` named in round 2); in a contrée
    auction also ``bid`` (``value`` points in ``suit``: 0-3, 4 sans-atout, 5 tout-atout),
    ``capot``, ``generale``, ``coinche`` and ``surcoinche``."""

    seat: int
    action: str
    suit: int | None = None
    value: int | None = None


PHASE_NEW, PHASE_BIDDING, PHASE_PLAY, PHASE_DONE, PHASE_DEAD = range(5)


class Flags:
    """The options of a :class:`Ruleset` the hot loop reads, as plain attributes named like
    the options (plus the turn steps: 1 clockwise, 3 counter-clockwise)."""

    __slots__ = (
        "bid_step",
        "contree",
        "forced_take_on_top_trump",
        "must_follow",
        "must_trump_when_opponent_master",
        "must_undertrump",
        "overtrump_partner_when_trump_led",
        "overtrump_when_ruffing",
        "overtrump_when_trump_led",
        "partner_master_may_discard",
        "partner_master_trumping_must_overtrump",
        "play_step",
        "round2_offer_suit_allowed",
    )

    def __init__(self, rules: Ruleset) -> None:
        self.play_step = 1 if rules.direction == "clockwise" else 3
        bid_direction = rules.bidding_direction or rules.direction
        self.bid_step = 1 if bid_direction == "clockwise" else 3
        self.must_follow = rules.must_follow
        self.must_trump_when_opponent_master = rules.must_trump_when_opponent_master
        self.overtrump_when_ruffing = rules.overtrump_when_ruffing
        self.overtrump_when_trump_led = rules.overtrump_when_trump_led
        self.must_undertrump = rules.must_undertrump
        self.partner_master_may_discard = rules.partner_master_may_discard
        self.partner_master_trumping_must_overtrump = rules.partner_master_trumping_must_overtrump
        self.forced_take_on_top_trump = rules.forced_take_on_top_trump
        self.round2_offer_suit_allowed = rules.round2_offer_suit_allowed
        self.overtrump_partner_when_trump_led = rules.overtrump_partner_when_trump_led
        self.contree = rules.bidding == "contree"


@functools.lru_cache(maxsize=64)
def flags_for(rules: Ruleset) -> Flags:
    """The :class:`Flags` of a ruleset, made once per ruleset (rulesets are frozen, hashable)."""
    return Flags(rules)


FIELDS = (
    "all_trump",
    "announcements",
    "announcements_made",
    "beats",
    "belote_announced",
    "belote_marks",
    "belote_pair",
    "best_card",
    "best_seat",
    "bid_turn",
    "bid_values",
    "bids",
    "card_points",
    "contract_kind",
    "contract_value",
    "dealer",
    "deck",
    "doubled",
    "fast_path_ready",
    "first_belote_card",
    "five",
    "flags",
    "full_hands",
    "hands",
    "hands_known",
    "high_bid",
    "last_trick_team",
    "led",
    "offer",
    "passes_run",
    "phase",
    "play_step",
    "played",
    "played_checked",
    "points",
    "reported_once",
    "rules",
    "strain",
    "taker",
    "trick_cards",
    "trick_no",
    "trick_seats",
    "tricks",
    "tricks_won",
    "trump",
    "turn",
)
"""The fields of a :class:`DealState`, its slots (or, compiled, the members of its base type)."""


def _state_base() -> type:
    """The compiled engine's type of the state's fields (``_play.c``): the C loops read and
    write a state there, in a type of their own (a subclass of ``object`` otherwise)."""
    from belote_notation.game.engine import _play

    return _play.state_base(FIELDS)


if TYPE_CHECKING:
    _StateBase = object
else:
    _StateBase = compiled(_state_base) or object


class DealState(_StateBase):
    """Everything known about a deal so far. Read it; change it only through the functions."""

    __slots__ = () if _StateBase is not object else FIELDS

    def __init__(self, rules: Ruleset, dealer: int, deck: Deck) -> None:
        self.rules = rules
        self.flags = flags_for(rules)
        self.deck = deck
        self.dealer = dealer & 3 if isinstance(dealer, int) else 0
        self.phase = PHASE_NEW
        self.five: list[int] | None = None
        self.offer: int | None = None
        self.bids: list[tuple[int, str, int | None]] = []
        """The calls so far as plain tuples: a NamedTuple costs 0.26 µs more per call (timeit), ~1 µs
        a deal; view.calls gives them as Call values."""
        self._auction_state()
        self._play_state()
        self._announcement_state()

    # The state in three groups: a DealState is made per deal, and the three calls cost 0.2 µs
    # of its 2 µs (timeit), nothing next to the checks of a deal.
    def _auction_state(self) -> None:
        self.bid_turn = first_bidder(self.rules, self.dealer)
        self.taker: int | None = None
        self.trump = -1
        self.strain = -1
        """The contract's trump: a suit 0-3, 4 sans-atout, 5 tout-atout (-1: not known)."""
        self.all_trump = False
        """Tout-atout: every suit led must be overtrumped, as trump is."""
        self.bid_values: list[int | None] = []
        """Contrée: the points of each call of ``bids`` (``None`` but for a ``bid``)."""
        self.high_bid: tuple[int, str, int, int] | None = None
        """Contrée: the bid in force (seat, ``bid``/``capot``/``generale``, trump, value)."""
        self.passes_run = 0
        """Contrée: passes in a row since the last bid, double or redouble (or the start)."""
        self.doubled = 0
        """Contrée: 0, 1 after a coinche, 2 after a surcoinche."""
        self.contract_kind: str | None = None
        """Contrée: ``points``, ``capot`` or ``generale`` once the auction is over."""
        self.contract_value = 0
        """Contrée: the contract's value (points bid, or the capot / générale value)."""

    def _play_state(self) -> None:
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
        self.last_trick_team: int | None = None
        self.tricks: list[tuple[list[int], list[int], int]] = []
        """Completed tricks: (seats in order, cards in order, winner)."""
        self.played_checked = [0, 0, 0, 0]
        """Cards each seat played through the checked path of play_card (cards_played adds the
        cards of its hand played through the fast path, which only plays held cards)."""

    def _announcement_state(self) -> None:
        self.announcements: list[tuple[int, str, int]] = []
        """Valid announcements: (seat, kind ``sequence``/``carre``, cards mask)."""
        self.belote_marks: list[list[tuple[str, int]]] = [[], [], [], []]
        self.belote_announced = [False, False, False, False]
        self.first_belote_card: int | None = None
        """The first of trump king/queen played (card), for belote order rules."""
        self.announcements_made = 0
        """Calls of ``announce`` so far, valid or not (the index of the next one)."""
        self.belote_pair = FULL_DECK
        """Mask of the trump king and queen (every card until the trump is known: slow path)."""
        self.beats = BEATS[NO_TRUMP_INDEX]
        """``beats[best << 5 | card]``: ``card`` beats ``best`` under this trump."""
        self.card_points = POINTS[NO_TRUMP_INDEX]
        """Points of each card under this trump."""
        self.fast_path_ready = False
        """The next card may take the fast path of play_card (set by its full path)."""
        self.play_step = self.flags.play_step
        self.reported_once: set[str] = set()
        """Codes reported once per deal (e.g. play before the bidding ended)."""

    def cards_played(self, seat: int) -> int:
        """How many cards ``seat`` has played so far."""
        if self.hands_known:
            return ((self.full_hands[seat] & self.played) | self.played_checked[seat]).bit_count()
        return self.played_checked[seat].bit_count()

    def __repr__(self) -> str:
        return (f"DealState(dealer={SEAT_NAMES[self.dealer]}, taker={self.taker}, trump={self.trump}, "
                f"trick={self.trick_no + 1}, played={self.played.bit_count()})")


# --------------------------------------------------------------------------- seats
def open_call(state: DealState, seat: int) -> int:
    """The seat of a call about to be applied (the bidder whose turn it is when ``seat`` is not
    a seat); the bidding has started."""
    if state.phase == PHASE_NEW:
        state.phase = PHASE_BIDDING
    if not isinstance(seat, int) or not 0 <= seat < 4:
        return state.bid_turn
    return seat


def names(mask: int, deck: Deck) -> str:
    """``1♣, 10♣`` style list of the cards of a mask (strongest rank last)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(card_symbol_name(low.bit_length() - 1, deck))
        mask ^= low
    return ", ".join(out)


def new_deal(rules: Ruleset, dealer: int, deck: Deck | None = None) -> DealState:
    """A fresh deal dealt by ``dealer`` (0..3 = N E S W); ``deck`` names cards in messages.

    >>> from belote_notation.game.rules import Ruleset
    >>> new_deal(Ruleset.preset("classic"), dealer=2)
    DealState(dealer=S, taker=None, trump=-1, trick=1, played=0)
    """
    if deck is None:
        deck = rules.deck
    if _compiled_copy is None or type(dealer) is not int:
        return DealState(rules, dealer, deck)
    key = (id(rules), dealer, id(deck))  # the first deal made holds the ruleset and the deck: no id reused
    first = _FIRST_DEALS.get(key)
    if first is None:
        if len(_FIRST_DEALS) >= 256:
            _FIRST_DEALS.clear()
        first = _FIRST_DEALS[key] = DealState(rules, dealer, deck)
    return _compiled_copy(first)


def prepare_fast_path(state: DealState) -> None:
    """Set the trump's tables and, once taker, trump and hands are known, let the next card
    take the fast path of ``play_card``."""
    trump = state.trump
    strain = state.strain
    if strain >= SANS_ATOUT:
        rules = state.rules
        state.beats = BEATS[ALL_TRUMP_INDEX if strain == TOUT_ATOUT else NO_TRUMP_INDEX]
        state.card_points = POINTS[points_index(strain, rules.sans_atout_values, rules.tout_atout_values)]
        state.all_trump = strain == TOUT_ATOUT
    else:
        index = trump if trump >= 0 else NO_TRUMP_INDEX
        state.beats = BEATS[index]
        state.card_points = POINTS[index]
        state.all_trump = False
    state.belote_pair = BELOTE_PAIRS[trump] if trump >= 0 else 0
    state.play_step = state.flags.play_step
    if (state.phase == PHASE_PLAY and state.hands_known and (trump >= 0 or strain >= SANS_ATOUT)
            and state.trick_no < 8):
        if state.turn < 0:
            state.turn = first_leader(state)
        state.fast_path_ready = True
    else:
        state.fast_path_ready = False


def start_play(state: DealState, hands: Sequence[int]) -> None:
    """The 8-card hands are known: play may start once there is a taker."""
    state.hands = list(hands)
    state.full_hands = list(hands)
    state.hands_known = True
    if state.phase in (PHASE_NEW, PHASE_BIDDING) and state.taker is not None:
        state.phase = PHASE_PLAY
    prepare_fast_path(state)


def copy_deal(state: DealState) -> DealState:
    """An independent copy of ``state`` (to replay an alternative line from it); the ruleset,
    its flags and the immutable tables are shared.

    >>> from belote_notation.game.rules import Ruleset
    >>> state = new_deal(Ruleset.preset("classic"), dealer=0)
    >>> branch = copy_deal(state)
    >>> branch.bids.append((1, "pass", None))
    >>> len(state.bids), len(branch.bids)
    (0, 1)
    """
    if _compiled_copy is not None:
        return _compiled_copy(state)
    return python_copy_deal(state)


def python_copy_deal(state: DealState) -> DealState:
    """:func:`copy_deal` in Python (``_play.c`` has it compiled: new_deal copies a first deal)."""
    twin = DealState.__new__(DealState)
    for name in FIELDS:
        value = getattr(state, name)
        if type(value) is list:
            value = [list(v) if type(v) is list else v for v in value]
        elif type(value) is set:
            value = set(value)
        setattr(twin, name, value)
    return twin


def _compiled() -> Callable[[DealState], DealState]:
    """The compiled copy_deal (``_play.c``), handed the state's attribute names."""
    from belote_notation.game.engine import _play

    _play.bind_copy(DealState)
    return _play.copy_deal


_compiled_copy = compiled(_compiled)
_FIRST_DEALS: dict[tuple[int, int, int], DealState] = {}
"""A deal as DealState makes it, by ruleset, dealer and deck (their ids): new_deal copies it."""
