"""The C search's tables, made from the engine: the rules have one owner.

The search in ``_dds.c`` decides nothing about the rules. Which card beats which, the card
points and the trumps higher than a card are the engine's own tables
(:mod:`belote_notation.game.engine.tables`); the play obligations are the engine's
:func:`~belote_notation.game.engine.legal_for`, asked once per rule set on a few probe tricks
and written down as one formula per situation (:func:`obligation_codes`). A situation is what
``legal_for`` looks at: trump led or not, the player can follow, holds trumps, the best card
is a trump, the player holds a higher trump, the partner is master. The formula is which of
five masks the engine answered: the hand, the cards following suit, the trumps, the higher
trumps, or everything but the lower trumps. A contrée strain is probed as itself: at sans-atout
no suit is trump, at tout-atout the suit led is the trump of each trick (``_dds.c`` reads the
situation the same way), so the solver plays every contract the engine knows.

>>> from belote_notation.game.rules import Ruleset
>>> codes = obligation_codes(Ruleset.preset("classic"))
>>> len(codes), codes[LEAD]
(65, 0)

The search is an optional C extension (``setup.py`` skips it where no C compiler works):
:func:`solver_for` raises :class:`SolverUnavailable` when it was not built, and nothing else
here needs it, so importing the package never fails for its absence.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from belote_notation.game.cards import LAST_TRICK_BONUS, SANS_ATOUT, SUIT_MASKS, TOUT_ATOUT
from belote_notation.game.engine import legal_for, new_deal, play_card, set_contract, set_hands
from belote_notation.game.engine.state import flags_for
from belote_notation.game.engine.tables import (
    ALL_TRUMP_INDEX,
    BEATS,
    HIGHER_TRUMP,
    NO_TRUMP_INDEX,
    POINTS,
    points_index,
)
from belote_notation.game.rules import Ruleset

if TYPE_CHECKING:
    from belote_notation.analysis._dds import Solver

__all__ = ["DISCARD_OR_HIGHER", "FOLLOW", "HAND", "HIGHER", "LEAD", "TRUMPS", "SolverUnavailable",
           "capot_value", "formula", "obligation_codes", "situation", "solver_for", "solver_limit",
           "solver_type", "trick_trump"]

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
    """The index of the situation ``legal_for`` decides on (``_dds.c`` computes the same bits);
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
    """The mask formula ``code`` gives for ``hand`` (what ``_dds.c`` computes)."""
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
    answer is none of the five formulas (a new obligation the C search cannot express yet).

    >>> classic = Ruleset.preset("classic")
    >>> obligation_codes(classic, SANS_ATOUT)[2], obligation_codes(classic, TOUT_ATOUT)[2 | 1 | 4 | 8 | 16]
    (1, 3)
    """
    if strain < SANS_ATOUT:
        strain = _PROBE_TRUMP  # every suit has the same obligations: probe hearts
    probe_rules = rules.with_options({"direction": "clockwise", "first_lead": "dealer_left"})
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
                raise ValueError(f"the play obligations of {rules.name!r} are not one of the solver's "
                                 "formulas")
            # every formula that gives the engine's answer on every probe of the situation
            fits = known[index] = known.get(index, set(found)) & set(found)
            if not fits:
                raise ValueError(f"the play obligations of {rules.name!r} differ within one situation")
            codes[index] = min(fits)
    lead_state = new_deal(probe_rules, dealer=3)
    set_contract(lead_state, taker=0, trump=strain)
    if legal_for(lead_state, 0, 0xFF00FF) != 0xFF00FF:
        raise ValueError("the solver expects any card to be legal on the lead")
    return tuple(codes)


def _mask(cards: list[int]) -> int:
    out = 0
    for card in cards:
        out |= 1 << card
    return out


_NOT_BUILT = ("the double-dummy solver was not built (no C compiler when belote-notation was installed); "
              "install a C compiler (gcc or clang) and reinstall belote-notation to use it")


class SolverUnavailable(RuntimeError):
    """The C search (``belote_notation.analysis._dds``) was not built with this install.

    Only the solver needs it: validating, showing, converting and rendering work without it.
    Its message is one line saying how to get the solver.
    """

    def __init__(self, message: str = _NOT_BUILT) -> None:
        super().__init__(message)


def solver_type() -> type[Solver]:
    """The C searcher's class; raises :class:`SolverUnavailable` when the extension was not built.

    >>> solver_type().__name__
    'Solver'
    """
    try:
        from belote_notation.analysis._dds import Solver
    except ImportError as exc:
        raise SolverUnavailable() from exc
    return Solver


def solver_limit() -> type[RuntimeError]:
    """The C search's exception for a question past its budget (``_dds.SearchLimit``)."""
    solver_type()
    from belote_notation.analysis._dds import SearchLimit
    return SearchLimit


def capot_value(rules: Ruleset) -> int:
    """What a side taking all eight tricks makes in card points (0: no capot bonus, the
    162 of the deal).

    >>> capot_value(Ruleset.preset("classic")), capot_value(Ruleset.preset("moroccan"))
    (250, 0)
    """
    return rules.capot_points or 0


def solver_for(rules: Ruleset, trump: int) -> Solver:
    """A new C searcher (with its own transposition table) for ``rules`` and ``trump``: a suit
    0-3, or the contrée strains 4 sans-atout and 5 tout-atout (their card values and
    obligations as the rule system gives them).

    >>> solver_for(Ruleset.preset("classic"), trump=0).nodes
    0

    Raises :class:`SolverUnavailable` when the C extension was not built, ``ValueError`` for
    a ``trump`` that is none of these.
    """
    if not 0 <= trump <= TOUT_ATOUT:
        raise ValueError(f"trump {trump}: the solver plays a suit 0-3, sans-atout (4) or tout-atout (5)")
    beats = BEATS[{TOUT_ATOUT: ALL_TRUMP_INDEX, SANS_ATOUT: NO_TRUMP_INDEX}.get(trump, trump)]
    points = POINTS[points_index(trump, rules.sans_atout_values, rules.tout_atout_values)]
    return solver_type()(beats=beats, points=points, higher=HIGHER_TRUMP,
                         code=obligation_codes(rules, trump), trump=trump, step=flags_for(rules).play_step,
                         capot=capot_value(rules), bonus=LAST_TRICK_BONUS)
