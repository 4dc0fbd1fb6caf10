"""The play obligations as a table: one formula per situation, asked of :func:`.play.legal_for`.

The compiled ``play_cards`` (``_play.c``) and the double-dummy search (``analysis/_dds.c``)
decide nothing about the rules: they read the engine's :func:`~.play.legal_for`, asked once per
rule set on a few probe tricks and written down as one formula per situation
(:func:`obligation_codes`). A situation is what ``legal_for`` looks at: trump led or not, the
player can follow, holds trumps, the best card is a trump, the player holds a higher trump, the
partner is master. The formula is which of five masks the engine answered: the hand, the cards
following suit, the trumps, the higher trumps, or everything but the lower trumps. A contrée
strain is probed as itself: at sans-atout no suit is trump, at tout-atout the suit led is the
trump of each trick (the C code reads the situation the same way).

>>> from belote_notation.game.rules import Ruleset
>>> codes = obligation_codes(Ruleset.preset("classic"))
>>> len(codes), codes[LEAD]
(65, 0)
"""

from __future__ import annotations

import functools

from belote_notation.game.cards import SANS_ATOUT, SUIT_MASKS, TOUT_ATOUT
from belote_notation.game.engine.distribution import set_contract, set_hands
from belote_notation.game.engine.play import legal_for, play_card
from belote_notation.game.engine.state import new_deal
from belote_notation.game.engine.tables import HIGHER_TRUMP
from belote_notation.game.rules import Ruleset

__all__ = ["DISCARD_OR_HIGHER", "FOLLOW", "HAND", "HIGHER", "LEAD", "TRUMPS", "formula", "obligation_codes",
           "obligation_table", "situation", "trick_trump"]

HAND, FOLLOW, TRUMPS, HIGHER, DISCARD_OR_HIGHER = range(5)
"""The formulas: which mask of the hand is legal (see :func:`formula`)."""
LEAD = 64
"""The situation index of the lead (an empty trick)."""

_PROBE_TRUMP = 1
_S = 0  # spades, the plain suit led in the probes
_H = 8  # hearts, trump in the probes
_SEVEN, _EIGHT, _NINE, _TEN, _JACK, _QUEEN, _KING, _ACE = range(8)
# The probe tricks: three cards before the fourth player (seat 3; partner seat 1).
_TRICKS = (
    (_S + _KING, _S + _SEVEN, _S + _EIGHT),   # plain led, an opponent master with a plain card
    (_S + _SEVEN, _S + _KING, _S + _EIGHT),   # plain led, partner master with a plain card
    (_S + _SEVEN, _S + _EIGHT, _H + _TEN),    # plain led, an opponent master with a trump
    (_S + _SEVEN, _H + _TEN, _S + _EIGHT),    # plain led, partner master with a trump
    (_H + _TEN, _H + _SEVEN, _H + _EIGHT),    # trump led, an opponent master
    (_H + _SEVEN, _H + _TEN, _H + _EIGHT),    # trump led, partner master
)
_FOLLOW_CARDS = (1 << (_S + _NINE)) | (1 << (_S + _JACK))
_LOW_TRUMP = 1 << (_H + _QUEEN)   # below the 10 of trump
_HIGH_TRUMP = 1 << (_H + _ACE)    # above it
_OTHER = 1 << (16 + _ACE)         # a diamond: neither led nor trump


def trick_trump(strain: int, led: int) -> int:
    """The suit that ranks as trump in a trick: the trump suit, none (-1) at sans-atout, the
    suit led at tout-atout.

    >>> trick_trump(2, led=0), trick_trump(SANS_ATOUT, led=0), trick_trump(TOUT_ATOUT, led=3)
    (2, -1, 3)
    """
    return -1 if strain == SANS_ATOUT else led if strain == TOUT_ATOUT else strain


def situation(hand: int, led: int, best: int, partner_master: bool, trump: int) -> int:
    """The index of the situation ``legal_for`` decides on (the C code computes the same bits);
    ``trump`` is the contract's strain (0-3, or 4 sans-atout, 5 tout-atout).

    >>> situation(0b1, led=0, best=7, partner_master=False, trump=1)  # follows, no trump
    2
    >>> situation(0b1, led=0, best=7, partner_master=False, trump=TOUT_ATOUT)  # follows a trump
    15
    """
    trump = trick_trump(trump, led)
    tmask = SUIT_MASKS[trump] if trump >= 0 else 0
    follow = hand & SUIT_MASKS[led]
    trumps = hand & tmask
    best_trump = trump >= 0 and best >> 3 == trump
    higher = trumps & HIGHER_TRUMP[best] if best_trump else 0
    return ((led == trump) | (2 if follow else 0) | (4 if trumps else 0) | (8 if best_trump else 0)
            | (16 if higher else 0) | (32 if partner_master else 0))


def formula(code: int, hand: int, led: int, best: int, trump: int) -> int:
    """The mask formula ``code`` gives for ``hand`` (what the C code computes)."""
    trump = trick_trump(trump, led)
    tmask = SUIT_MASKS[trump] if trump >= 0 else 0
    trumps = hand & tmask
    higher = trumps & HIGHER_TRUMP[best] if trump >= 0 and best >> 3 == trump else 0
    return (hand, hand & SUIT_MASKS[led], trumps, higher, (hand & ~tmask) | higher)[code]


def _probe_hands() -> list[int]:
    hands = []
    for follow in (0, _FOLLOW_CARDS):
        for trumps in (0, _LOW_TRUMP, _LOW_TRUMP | _HIGH_TRUMP, _HIGH_TRUMP):
            hands.append(_OTHER | follow | trumps)
    return hands


@functools.lru_cache(maxsize=64)
def obligation_codes(rules: Ruleset, strain: int = _PROBE_TRUMP) -> tuple[int, ...]:
    """The formula of every situation under ``rules``' play obligations, asked of the engine's
    ``legal_for`` (index :data:`LEAD` for the lead), for a suit contract or for the contrée
    strain ``strain`` (4 sans-atout, 5 tout-atout). Raises ``ValueError`` when the engine's
    answer is none of the five formulas (a new obligation the C code cannot express yet).

    >>> classic = Ruleset.preset("classic")
    >>> obligation_codes(classic, SANS_ATOUT)[2], obligation_codes(classic, TOUT_ATOUT)[2 | 1 | 4 | 8 | 16]
    (1, 3)
    """
    if strain < SANS_ATOUT:
        strain = _PROBE_TRUMP  # every suit has the same obligations: probe hearts
    probe_rules = rules.model_copy(update={"direction": "clockwise", "first_lead": "dealer_left"})
    codes = [HAND] * 65
    known: dict[int, set[int]] = {}
    for trick in _TRICKS:
        state = new_deal(probe_rules, dealer=3)
        set_contract(state, taker=0, trump=strain)
        rest = [c for c in range(32) if c not in trick]
        set_hands(state, [(1 << trick[0]) | _mask(rest[0:7]), (1 << trick[1]) | _mask(rest[7:14]),
                          (1 << trick[2]) | _mask(rest[14:21]), _mask(rest[21:29])])
        for seat, card in enumerate(trick):
            play_card(state, seat, card)
        led, best, partner = trick[0] >> 3, state.best_card, state.best_seat == 1
        for hand in _probe_hands():
            answer = legal_for(state, 3, hand)
            index = situation(hand, led, best, partner, strain)
            found = [c for c in range(5) if formula(c, hand, led, best, strain) == answer]
            if not found:
                raise ValueError(f"the play obligations of {rules.name!r} are not one of the table's "
                                 "formulas")
            # every formula that gives the engine's answer on every probe of the situation
            fits = known[index] = known.get(index, set(found)) & set(found)
            if not fits:
                raise ValueError(f"the play obligations of {rules.name!r} differ within one situation")
            codes[index] = min(fits)
    lead_state = new_deal(probe_rules, dealer=3)
    set_contract(lead_state, taker=0, trump=strain)
    if legal_for(lead_state, 0, 0xFF00FF) != 0xFF00FF:
        raise ValueError("the table expects any card to be legal on the lead")
    return tuple(codes)


@functools.lru_cache(maxsize=64)
def obligation_table(rules: Ruleset, strain: int) -> bytes | None:
    """:func:`obligation_codes` as the 65 bytes the compiled ``play_cards`` reads (``strain``
    a suit 0-3, 4 sans-atout, 5 tout-atout), or ``None`` when the engine's obligations are not
    of the table's formulas, or a strain does not set the trump the table reads it with: the
    compiled loop then asks ``legal_for`` for every card, as the Python loop does (refused,
    never guessed).

    >>> classic = Ruleset.preset("classic")
    >>> obligation_table(classic, 0) == bytes(obligation_codes(classic)), len(obligation_table(classic, 5))
    (True, 65)
    """
    try:
        codes = obligation_codes(rules, strain)
    except ValueError:
        return None
    # the C loop tells the strains apart by the state's trump and all_trump, as legal_for does
    state = new_deal(rules, dealer=3)
    set_contract(state, taker=0, trump=strain)
    if (state.trump, state.all_trump) != (strain if strain < SANS_ATOUT else -1, strain == TOUT_ATOUT):
        return None
    return bytes(codes)


def _mask(cards: list[int]) -> int:
    out = 0
    for card in cards:
        out |= 1 << card
    return out
