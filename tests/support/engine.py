"""Helpers shared by the engine tests (no tests here): build hands, deals and finished states."""

from __future__ import annotations

from belote_notation.game.cards import KING, QUEEN, Deck, parse_card
from belote_notation.game.engine import (
    apply_bid,
    deal_five,
    legal_cards,
    new_deal,
    play_card,
    score_deal,
    set_contract,
    set_hands,
    to_play,
)
from belote_notation.game.engine.announcements import announce
from belote_notation.game.rules import PRESETS, Ruleset

SMSARA_PRESETS = [name for name, preset in PRESETS.items() if preset.bidding == "smsara"]
"""The presets with the smsara (five cards and an offer); contrée has tests/game/test_contree.py."""


def card(text: str, deck: Deck = Deck.FRENCH) -> int:
    return parse_card(text, deck)


def hand(text: str, deck: Deck = Deck.FRENCH) -> int:
    mask = 0
    for name in text.split():
        mask |= 1 << parse_card(name, deck)
    return mask


def suit_hand(suit: int) -> int:
    return 0xFF << (8 * suit)


def finished(rules: Ruleset, taker: int, trump: int, taker_points: int, *, anns=(), belote=None,
             declared: bool = True, tricks=(4, 4), dealer: int = 0):
    """A deal whose eight tricks are over, with the takers holding ``taker_points`` card points
    (the 10 of the last trick included) and the defence the rest of 162. ``anns`` are
    ``(seat, kind, mask)`` declared before the first card; ``belote`` is the holder's seat."""
    state = new_deal(rules, dealer)
    set_contract(state, taker, trump)
    for seat, kind, mask in anns:
        assert not announce(state, seat, kind, mask)
    return finish(state, taker_points, belote=belote, declared=declared, tricks=tricks)


def finish(state, taker_points: int, *, belote=None, declared: bool = True, tricks=(4, 4)):
    """Score ``state`` (taker and trump known) as if its eight tricks were over, the takers with
    ``taker_points`` card points and the defence the rest of 162 (see :func:`finished`)."""
    team = state.taker & 1
    trump = state.trump
    state.points[team] = taker_points
    state.points[1 - team] = 162 - taker_points
    state.tricks_won[0], state.tricks_won[1] = tricks
    state.trick_no = 8
    state.last_trick_team = 0
    if belote is not None:
        pair = (1 << (trump * 8 + QUEEN)) | (1 << (trump * 8 + KING))
        state.hands_known = True
        state.full_hands[belote] = pair
        if declared:
            state.belote_marks[belote] = [("belote", trump * 8 + KING), ("rebelote", trump * 8 + QUEEN)]
    return score_deal(state)


def lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def highest(mask: int) -> int:
    return mask.bit_length() - 1


def play_out(state, choose=None, marks: bool = True):
    """Play the deal to the end with legal cards (``choose(seat, legal_mask)``; lowest by
    default), saying belote/rebelote for the holder when ``marks``. Returns all violations."""
    found = []
    trump = state.trump
    pair = (1 << (trump * 8 + QUEEN)) | (1 << (trump * 8 + KING))
    while state.trick_no < 8:
        seat = to_play(state)
        legal = legal_cards(state)
        c = choose(seat, legal) if choose else lowest(legal)
        mark = None
        if marks and (1 << c) & pair and state.full_hands[seat] & pair == pair:
            mark = "rebelote" if state.played & pair else "belote"
        found.extend(play_card(state, seat, c, mark))
    return found


def ready(rules: Ruleset, hands, taker: int, trump: int, dealer: int = 0):
    """A deal with complete hands and a contract, ready to play."""
    state = new_deal(rules, dealer)
    set_contract(state, taker, trump)
    assert not set_hands(state, hands)
    return state


def bidding(rules: Ruleset, dealer: int, offer: int, five=None):
    state = new_deal(rules, dealer)
    deal_five(state, five, offer)
    return state


__all__ = [
    "apply_bid",
    "bidding",
    "card",
    "finished",
    "hand",
    "highest",
    "lowest",
    "play_out",
    "ready",
    "suit_hand",
]
