"""Bidding: turn order, the forced take, round-2 suits, dead deals."""

import pytest

from belote_notation.game.cards import Deck
from belote_notation.game.engine import apply_bid, codes, is_dead, legal_bids
from belote_notation.game.rules import Ruleset
from tests.support.engine import bidding, card

N, E, S, W = range(4)
HEARTS, DIAMONDS = 1, 2
MOROCCAN = Ruleset.preset("moroccan")
CLASSIC = Ruleset.preset("classic")


def test_forced_take_on_face_up_ten():
    # Spanish 10 of oros (the French jack of diamonds): the first bidder must take it.
    state = bidding(MOROCCAN, N, card("10O", Deck.SPANISH))
    assert state.bid_turn == W  # Moroccan: the dealer's right speaks first
    assert legal_bids(state) == [("take", None)]
    found = apply_bid(state, W, "pass", None)
    assert [(v.code, v.seat, v.index) for v in found] == [(codes.FORCED_TAKE_PASSED, W, 0)]
    assert "10O" in found[0].message  # the Spanish name, not the French "10♦"


def test_forced_take_respected_and_applied():
    state = bidding(MOROCCAN, N, card("10O", Deck.SPANISH))
    assert not apply_bid(state, W, "take", None)
    assert state.taker == W and state.trump == DIAMONDS
    assert legal_bids(state) == []


def test_no_forced_take_without_the_option():
    state = bidding(CLASSIC, N, card("JD"))
    assert legal_bids(state) == [("pass", None), ("take", None)]
    assert not apply_bid(state, E, "pass", None)
    state = bidding(MOROCCAN, N, card("1O", Deck.SPANISH))  # an ace: not forced
    assert ("pass", None) in legal_bids(state)


def _pass_round(state):
    for _ in range(4):
        assert not apply_bid(state, state.bid_turn, "pass", None)


def test_round2_offer_suit_refused():
    state = bidding(CLASSIC, N, card("8H"))
    _pass_round(state)
    assert ("take", HEARTS) not in legal_bids(state)
    assert ("take", DIAMONDS) in legal_bids(state)
    found = apply_bid(state, E, "take", HEARTS)
    assert [(v.code, v.seat, v.index) for v in found] == [(codes.ROUND2_OFFER_SUIT, E, 4)]
    assert state.taker == E and state.trump == HEARTS  # applied anyway


def test_round2_offer_suit_allowed_option():
    rules = CLASSIC.with_options({"round2_offer_suit_allowed": True})
    state = bidding(rules, N, card("8H"))
    _pass_round(state)
    assert ("take", HEARTS) in legal_bids(state)
    assert not apply_bid(state, E, "take", HEARTS)


def test_round2_take_names_trump():
    state = bidding(CLASSIC, N, card("8H"))
    _pass_round(state)
    assert not apply_bid(state, E, "pass", None)
    assert not apply_bid(state, S, "take", DIAMONDS)
    assert state.taker == S and state.trump == DIAMONDS


def test_round1_other_suit_and_round2_without_suit():
    state = bidding(CLASSIC, N, card("8H"))
    found = apply_bid(state, E, "take", DIAMONDS)
    assert [v.code for v in found] == [codes.ROUND1_OTHER_SUIT]
    state = bidding(CLASSIC, N, card("8H"))
    _pass_round(state)
    assert [v.code for v in apply_bid(state, E, "take", None)] == [codes.ROUND2_NO_SUIT]


def test_dead_deal_after_two_rounds_of_passes():
    state = bidding(CLASSIC, N, card("8H"))
    _pass_round(state)
    _pass_round(state)
    assert is_dead(state) and legal_bids(state) == []
    found = apply_bid(state, E, "take", DIAMONDS)
    assert [v.code for v in found] == [codes.BID_AFTER_END]


def test_bid_out_of_turn_and_after_take():
    state = bidding(CLASSIC, N, card("8H"))
    found = apply_bid(state, S, "pass", None)
    assert [(v.code, v.seat, v.index) for v in found] == [(codes.BID_OUT_OF_TURN, S, 0)]
    assert "it was E's turn" in found[0].message
    assert not apply_bid(state, W, "take", None)
    assert [v.code for v in apply_bid(state, N, "pass", None)] == [codes.BID_AFTER_END]


@pytest.mark.parametrize("name,order", [
    ("moroccan", [W, S, E, N]),     # counter-clockwise from the dealer's right
    ("classic", [E, S, W, N]),      # clockwise from the dealer's left
    ("gameduell", [W, S, E, N]),    # from the dealer's right, the dealer speaking last
    ("traditional", [W, S, E, N]),  # counter-clockwise from the dealer's right
])
def test_bidding_order_each_preset(name, order):
    state = bidding(Ruleset.preset(name), N, card("8H"))
    seen = []
    for _ in range(8):
        seen.append(state.bid_turn)
        apply_bid(state, state.bid_turn, "pass", None)
    assert seen == order + order


def test_first_bidder_and_bidding_direction_options():
    rules = CLASSIC.with_options({"first_bidder": "right", "bidding_direction": "counterclockwise"})
    state = bidding(rules, N, card("8H"))
    seen = []
    for _ in range(4):
        seen.append(state.bid_turn)
        apply_bid(state, state.bid_turn, "pass", None)
    assert seen == [W, S, E, N]
