"""Whose turn it is to play and which cards are legal: the play obligations.

:func:`legal_for` applies the play obligations, each governed by its own option of the
ruleset (see ``docs/rules.md``): follow suit, trump when an opponent is master, overtrump
when ruffing, overtrump when trump is led, undertrump, and the partner-master freedoms.
:func:`why_illegal` names the obligation an illegal card broke. The compiled loop and the
double-dummy search read these obligations as a table probed from :func:`legal_for`
(:mod:`.obligations`), so this module stays their one owner.
"""

from __future__ import annotations

from belote_notation.game.engine import codes as C
from belote_notation.game.engine.codes import Violation
from belote_notation.game.engine.state import DealState, first_leader
from belote_notation.game.engine.tables import HIGHER_TRUMP, SUIT_MASKS
from belote_notation.game.lang import Card, Cards, Seat, Suit, msg

__all__ = ["legal_cards", "legal_for", "to_play", "why_illegal"]


def to_play(state: DealState) -> int:
    """The seat whose turn it is to play (the first leader before any card)."""
    if state.turn < 0:
        state.turn = first_leader(state)
    return state.turn


def legal_for(state: DealState, seat: int, hand: int) -> int:
    """Mask of the cards of ``hand`` that ``seat`` may play to the current trick."""
    if not state.trick_cards:
        return hand
    f = state.flags
    led = state.led
    follow = hand & SUIT_MASKS[led]
    trump = state.trump
    best = state.best_card
    if follow:
        if not f.must_follow:
            return hand
        if (led == trump or state.all_trump) and f.overtrump_when_trump_led and (
                f.overtrump_partner_when_trump_led or state.best_seat != (seat + 2) & 3):
            return (follow & HIGHER_TRUMP[best]) or follow
        return follow
    if trump < 0:
        return hand
    tmask = SUIT_MASKS[trump]
    trumps = hand & tmask
    if not trumps:
        return hand
    best_is_trump = (best >> 3) == trump
    partner_master = state.best_seat == (seat + 2) & 3
    if partner_master and f.partner_master_may_discard:
        if best_is_trump and f.partner_master_trumping_must_overtrump:
            higher = trumps & HIGHER_TRUMP[best]
            if higher:
                return (hand & ~tmask) | higher
        return hand
    if not f.must_trump_when_opponent_master:
        return hand
    must_overtrump = (f.partner_master_trumping_must_overtrump if partner_master
                      else f.overtrump_when_ruffing)
    if best_is_trump and must_overtrump:
        higher = trumps & HIGHER_TRUMP[best]
        if higher:
            return higher
        return trumps if f.must_undertrump else hand
    return trumps


def legal_cards(state: DealState) -> int:
    """Mask of the cards the player to move may legally play (0 when the hands are unknown
    or the deal is over).

    >>> from belote_notation.game.rules import Ruleset
    >>> from belote_notation.game.engine import new_deal, play_card, set_contract, set_hands
    >>> state = new_deal(Ruleset.preset("classic"), dealer=3)
    >>> set_contract(state, taker=0, trump=1)
    >>> _ = set_hands(state, [0x0F0F, 0xF0F0, 0x0F0F0000, 0xF0F00000])
    >>> to_play(state), hex(legal_cards(state))
    (0, '0xf0f')
    >>> _ = play_card(state, 0, 0)
    >>> to_play(state), hex(legal_cards(state))  # E must follow spades
    (1, '0xf0')
    """
    if state.trick_no >= 8 or not state.hands_known:
        return 0
    seat = to_play(state)
    return legal_for(state, seat, state.hands[seat])


def why_illegal(state: DealState, seat: int, hand: int, card: int, legal: int, trick: int,
                 index: int) -> Violation:
    """Name the obligation a legal-in-hand but illegal card broke."""
    deck = state.deck
    who = Seat(seat)
    led = state.led
    trump = state.trump
    best = state.best_card
    best_card = Card(best, deck)
    if hand & SUIT_MASKS[led] and card >> 3 != led:
        return Violation(C.NOT_FOLLOWED, msg("%(who)s did not follow %(led)s: held %(held)s", who=who,
                                             led=Suit(led, deck), held=Cards(hand & SUIT_MASKS[led], deck)),
                         seat=seat, trick=trick, index=index, card=card)
    if card >> 3 == trump or (state.all_trump and card >> 3 == led):
        return Violation(C.NOT_OVERTRUMPED, msg("%(who)s did not overtrump: held %(held)s, higher than "
                                                "%(best)s on the table", who=who, held=Cards(legal, deck),
                                                best=best_card),
                         seat=seat, trick=trick, index=index, card=card)
    trumps = hand & SUIT_MASKS[trump]
    if best >> 3 == trump and not trumps & HIGHER_TRUMP[best]:
        return Violation(C.NOT_UNDERTRUMPED, msg("%(who)s did not play a trump: held %(held)s and no "
                                                 "%(led)s (%(best)s on the table)", who=who,
                                                 held=Cards(trumps, deck), led=Suit(led, deck),
                                                 best=best_card),
                         seat=seat, trick=trick, index=index, card=card)
    return Violation(C.NOT_TRUMPED, msg("%(who)s did not trump: held %(held)s, no %(led)s, and %(master)s "
                                        "was winning with %(best)s", who=who, held=Cards(trumps, deck),
                                        led=Suit(led, deck), master=Seat(state.best_seat), best=best_card),
                     seat=seat, trick=trick, index=index, card=card)
