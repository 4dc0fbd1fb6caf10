"""The engine API the checks use: duplicate cards per card, the first bidder and its inverse,
the match winner, skipping an unscored deal, hands from the plays, the checks without a trump,
the trick sizes, and the read-only views of a deal."""

from __future__ import annotations

import random

import pytest

from belote_notation.game.engine import (
    Call,
    CompletedTrick,
    Contract,
    SeatCard,
    apply_bid,
    calls,
    check_plays_without_trump,
    check_trick_size,
    completed_tricks,
    contract,
    deal_five,
    deal_rest,
    dealer_before,
    first_bidder,
    hands_dealt,
    hands_from_plays,
    hands_known,
    is_dead,
    last_trick,
    new_deal,
    new_match,
    next_bidder,
    next_player,
    play_card,
    running_points,
    set_contract,
    set_hands,
    skip_deal,
    trick_so_far,
    tricks_played,
    winner_by_totals,
)
from belote_notation.game.engine import (
    codes as C,
)
from belote_notation.game.rules import Ruleset
from belote_notation.generator import random_deal
from tests.support.engine import SMSARA_PRESETS, hand, ready, suit_hand

CLASSIC = Ruleset.preset("classic")


def _script(name: str = "classic", seed: int = 7):
    rules = Ruleset.preset(name)
    rng = random.Random(seed)
    while True:
        script = random_deal(rules, rng.randrange(4), rng)
        if script.rest is not None:
            return rules, script


def _replayed(rules, script):
    state = new_deal(rules, script.dealer)
    assert not deal_five(state, script.five, script.offer)
    for seat, action, suit in script.bids:
        assert not apply_bid(state, seat, action, suit)
    assert not deal_rest(state, script.rest)
    return state


# ------------------------------------------------------------------ duplicate cards, offer
def test_a_card_in_two_hands_is_one_violation_at_the_later_seat() -> None:
    state = new_deal(CLASSIC, 0)
    five = [hand("7S 8S 9S 10S JS"), hand("JS QS KS AS 7H"), hand("8H 9H 10H JH QH"),
            hand("KH AH 7D 8D 9D")]
    found = deal_five(state, five, offer=31)
    assert [(v.code, v.seat, v.card) for v in found] == [(C.DUPLICATE_CARD, 1, 4)]
    assert "J♠ appears twice" in found[0].message


def test_a_card_written_twice_in_one_hand_is_reported_when_given_as_cards() -> None:
    state = new_deal(CLASSIC, 0)
    found = deal_five(state, [[0, 1, 2, 3, 4], [5, 5, 6, 7, 8], [9, 10, 11, 12, 13],
                              [14, 15, 16, 17, 18]], offer=31)
    assert [(v.code, v.seat, v.card) for v in found] == [
        (C.DUPLICATE_CARD, 1, 5), (C.WRONG_FIVE_COUNT, 1, None)]


def test_two_duplicated_cards_are_two_violations() -> None:
    state = new_deal(CLASSIC, 0)
    found = set_hands(state, [suit_hand(0), suit_hand(0), suit_hand(2), suit_hand(3)])
    dups = [v for v in found if v.code == C.DUPLICATE_CARD]
    assert [(v.seat, v.card) for v in dups] == [(1, c) for c in range(8)]


def test_the_offer_in_a_hand_names_the_offer() -> None:
    state = new_deal(CLASSIC, 0)
    five = [hand("7S 8S 9S 10S JS"), hand("QS KS AS 7H 8H"), hand("9H 10H JH QH KH"),
            hand("AH 7D 8D 9D 10D")]
    found = deal_five(state, five, offer=0)
    assert [(v.code, v.card) for v in found] == [(C.OFFER_IN_HAND, 0)]


def test_the_rest_repeating_a_card_of_the_five_is_a_duplicate() -> None:
    rules, script = _script()
    state = new_deal(rules, script.dealer)
    deal_five(state, script.five, script.offer)
    for seat, action, suit in script.bids:
        apply_bid(state, seat, action, suit)
    taker = contract(state).taker
    other = (taker + 1) & 3
    some_five = script.five[taker] & -script.five[taker]
    rest = list(script.rest)
    rest[other] = (rest[other] & (rest[other] - 1)) | some_five  # swap one card for a dealt one
    found = deal_rest(state, rest)
    assert [(v.code, v.seat, v.card) for v in found if v.code == C.DUPLICATE_CARD] == [
        (C.DUPLICATE_CARD, other, some_five.bit_length() - 1)]


# ------------------------------------------------------------------ first bidder
@pytest.mark.parametrize("name", sorted(SMSARA_PRESETS))
def test_dealer_before_inverts_first_bidder(name: str) -> None:
    rules = Ruleset.preset(name)
    for dealer in range(4):
        assert dealer_before(rules, first_bidder(rules, dealer)) == dealer
        assert next_bidder(new_deal(rules, dealer)) == first_bidder(rules, dealer)


def test_first_bidder_follows_the_option() -> None:
    assert first_bidder(CLASSIC, 0) == 1
    assert first_bidder(CLASSIC.with_options({"first_bidder": "right"}), 0) == 3


# ------------------------------------------------------------------ match
def test_winner_by_totals() -> None:
    target = CLASSIC.target
    assert winner_by_totals(CLASSIC, (0, 0)) is None
    assert winner_by_totals(CLASSIC, (target, 0)) == 0
    assert winner_by_totals(CLASSIC, (0, target)) == 1
    assert winner_by_totals(CLASSIC, (target + 10, target)) == 0
    assert winner_by_totals(CLASSIC, (target, target)) is None
    takers = CLASSIC.with_options({"both_past_target": "takers_win"})
    assert winner_by_totals(takers, (target + 10, target), taker_team=1) == 1
    assert winner_by_totals(takers, (target + 10, target)) == 0


def test_skip_deal_takes_the_records_totals_and_pot() -> None:
    match = new_match(CLASSIC, 0)
    skip_deal(match, 0, dead=False, totals=(CLASSIC.target, 30), pot=0)
    assert (match.totals, match.dealer, match.deals, match.winner) == ([CLASSIC.target, 30], 1, 1, 0)
    skip_deal(match, 1, dead=False, totals=(0, 0), pot=80)
    assert match.winner == 0, "a winner once decided stays"
    assert match.pot == 80


def test_skip_deal_keeps_the_dealer_after_a_dead_deal_when_the_rules_say_so() -> None:
    keeps = CLASSIC.with_options({"dead_deal_rotates": "false"})
    match = new_match(keeps, 2)
    skip_deal(match, 2, dead=True, totals=None, pot=None)
    assert (match.dealer, match.totals, match.pot) == (2, [0, 0], 0)
    match = new_match(CLASSIC, 2)
    skip_deal(match, 2, dead=True, totals=None, pot=None)
    assert match.dealer == 3


# ------------------------------------------------------------------ partial records
@pytest.mark.parametrize("name", sorted(SMSARA_PRESETS))
def test_hands_from_plays_finds_the_dealt_hands_without_seats(name: str) -> None:
    rules, script = _script(name, seed=11)
    state = _replayed(rules, script)
    dealt = hands_dealt(state)
    fresh = new_deal(rules, script.dealer)
    taker = contract(state)
    set_contract(fresh, taker.taker, taker.trump)
    plays = [SeatCard(None, card) for _, card, _ in script.plays]
    tricks = [plays[i:i + 4] for i in range(0, 32, 4)]
    assert hands_from_plays(fresh, tricks) == dealt


def test_hands_from_plays_stops_at_a_short_trick() -> None:
    state = new_deal(CLASSIC, 0)
    set_contract(state, 0, 0)
    hands = hands_from_plays(state, [[SeatCard(1, 0), SeatCard(None, 1)], [SeatCard(0, 2)]])
    assert hands == [0, 1, 2, 0]


def test_check_plays_without_trump() -> None:
    state = new_deal(CLASSIC, 0)
    set_hands(state, [suit_hand(0), suit_hand(1), suit_hand(2), suit_hand(3)])
    found = check_plays_without_trump(state, [
        [SeatCard(0, 0), SeatCard(1, 8), SeatCard(3, 24), SeatCard(None, 16)],
        [SeatCard(1, 0), SeatCard(2, 9)],
    ])
    assert [(v.code, v.trick, v.index, v.seat, v.card) for v in found] == [
        (C.PLAYED_OUT_OF_TURN, 1, 2, 3, 24),
        (C.DUPLICATE_CARD, 2, 0, 1, 0),
        (C.CARD_NOT_HELD, 2, 1, 2, 9),
    ]


def test_check_plays_without_trump_finds_nothing_in_a_legal_deal() -> None:
    rules, script = _script()
    state = _replayed(rules, script)
    plays = [SeatCard(seat, card) for seat, card, _ in script.plays]
    assert check_plays_without_trump(state, [plays[i:i + 4] for i in range(0, 32, 4)]) == []


def test_check_trick_size() -> None:
    rules, script = _script()
    state = _replayed(rules, script)
    assert check_trick_size(state, 4) == ()
    assert [(v.code, v.index) for v in check_trick_size(state, 5)] == [(C.TOO_MANY_CARDS, 4)]
    for seat, card, mark in script.plays:
        play_card(state, seat, card, mark)
    assert [(v.code, v.trick, v.index) for v in check_trick_size(state, 5)] == [
        (C.TOO_MANY_CARDS, 9, 4), (C.TOO_MANY_CARDS, 9, 0)]


# ------------------------------------------------------------------ views
def test_views_follow_a_whole_deal() -> None:
    rules, script = _script()
    state = new_deal(rules, script.dealer)
    assert hands_dealt(state) is None and not hands_known(state)
    deal_five(state, script.five, script.offer)
    assert hands_dealt(state) == list(script.five)
    for seat, action, suit in script.bids:
        assert next_bidder(state) == seat
        apply_bid(state, seat, action, suit)
    assert calls(state) == tuple(Call(*bid) for bid in script.bids)
    assert isinstance(contract(state), Contract)
    deal_rest(state, script.rest)
    assert hands_known(state)
    assert last_trick(state) is None and tricks_played(state) == 0
    for n, (seat, card, mark) in enumerate(script.plays):
        assert next_player(state) == seat
        assert next_player(state) == seat, "asking twice changes nothing"
        play_card(state, seat, card, mark)
        so_far = trick_so_far(state)
        assert len(so_far.cards) == (n + 1) % 4
    tricks = completed_tricks(state)
    assert len(tricks) == tricks_played(state) == 8
    assert last_trick(state) == tricks[-1]
    assert isinstance(tricks[0], CompletedTrick)
    assert sum(t.points for t in tricks) == 162 == sum(running_points(state))
    assert not is_dead(state)


def test_a_dead_deal_is_dead() -> None:
    state = new_deal(CLASSIC, 0)
    deal_five(state, None, 7)
    for _ in range(8):
        apply_bid(state, next_bidder(state), "pass")
    assert is_dead(state) and contract(state) is None


def test_play_violations_name_the_card() -> None:
    state = ready(CLASSIC, [suit_hand(0), suit_hand(1), suit_hand(2), suit_hand(3)], taker=0, trump=0)
    leader = next_player(state)
    wrong = (leader + 1) & 3
    found = play_card(state, wrong, wrong * 8)
    assert [(v.code, v.card) for v in found] == [(C.WRONG_LEADER, wrong * 8)]


def test_belote_holder_from_the_plays_when_the_hands_are_unknown() -> None:
    from belote_notation.game.engine import belote_holder

    for seed in range(1, 200):
        rules, script = _script(seed=seed)
        full = _replayed(rules, script)
        holder = belote_holder(full)
        if holder is not None:
            break
    assert holder is not None
    fresh = new_deal(rules, script.dealer)
    taken = contract(full)
    set_contract(fresh, taken.taker, taken.trump)
    for seat, card, mark in script.plays:
        play_card(fresh, seat, card, mark)
    assert not hands_known(fresh)
    assert belote_holder(fresh) == holder


def test_flags_follow_each_ruleset_even_with_one_name() -> None:
    from belote_notation.game.engine.state import flags_for

    strict = CLASSIC.with_options({"must_follow": "true"})
    loose = CLASSIC.with_options({"must_follow": "false"})
    assert hash(strict) == hash(loose) and strict != loose
    assert flags_for(strict).must_follow is True
    assert flags_for(loose).must_follow is False
    assert flags_for(CLASSIC.model_copy()) is flags_for(CLASSIC)


def test_seat_views() -> None:
    from belote_notation.game.engine import cards_played, dealer, hand_now, held, offer, seat_after

    rules, script = _script()
    state = _replayed(rules, script)
    assert dealer(state) == script.dealer and offer(state) == script.offer
    seat, card, mark = script.plays[0]
    assert hand_now(state, seat) == held(state, seat) and held(state, seat) >> card & 1
    play_card(state, seat, card, mark)
    assert hand_now(state, seat) == held(state, seat) & ~(1 << card)
    assert cards_played(state, seat) == 1
    assert seat_after(state, seat) == script.plays[1][0]
    clockwise = Ruleset.preset("classic")
    assert seat_after(new_deal(clockwise, 0), 0) == (1 if clockwise.direction == "clockwise" else 3)
