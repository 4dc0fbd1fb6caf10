"""The match: litige pot, dealer rotation, target and winner."""

import pytest

from belote_notation.game.engine import add_deal, expected_dealer, new_match, score_deal
from belote_notation.game.rules import Ruleset
from tests.support.engine import apply_bid, bidding, card, finished

N, E, S, W = range(4)
HEARTS = 1
MOROCCAN = Ruleset.preset("moroccan")
CLASSIC = Ruleset.preset("classic")


def _dead(rules, dealer):
    state = bidding(rules, dealer, card("8H"))
    for _ in range(8):
        apply_bid(state, state.bid_turn, "pass", None)
    return score_deal(state)


@pytest.mark.parametrize("name", ["moroccan", "classic", "traditional"])
def test_two_litiges_stack_and_the_defence_claims_after_a_failure(name):
    rules = Ruleset.preset(name)
    match = new_match(rules, N)
    step = add_deal(match, finished(rules, N, HEARTS, 81))
    assert step.credited == (0, 81) and step.pot == 81
    step = add_deal(match, finished(rules, E, HEARTS, 81))
    assert step.credited == (81, 0) and step.pot == 162
    step = add_deal(match, _dead(rules, expected_dealer(match)))   # a dead deal leaves the pot
    assert step.pot == 162 and step.pot_claimed == 0
    failed = finished(rules, N, HEARTS, 50)
    assert failed.outcome == "failed"
    step = add_deal(match, failed)
    assert step.pot_claimed == 162 and step.claimed_by == 1
    assert step.credited == (0, 162 + 162) and step.pot == 0
    assert step.totals == (81, 81 + 162 + 162)


def test_pot_claimed_by_takers_when_made():
    match = new_match(MOROCCAN, N)
    add_deal(match, finished(MOROCCAN, N, HEARTS, 81))
    step = add_deal(match, finished(MOROCCAN, E, HEARTS, 100))
    assert step.claimed_by == 1 and step.credited == (62, 100 + 81)


def test_takers_lose_no_pot():
    rules = Ruleset.preset("gameduell")
    match = new_match(rules, N)
    step = add_deal(match, finished(rules, N, HEARTS, 81))
    assert step.pot == 0 and step.credited == (0, 81)


@pytest.mark.parametrize("name,seq", [
    ("moroccan", [N, W, S, E, N]), ("classic", [N, E, S, W, N]),
    ("gameduell", [N, E, S, W, N]), ("traditional", [N, W, S, E, N]),
])
def test_dealer_rotation(name, seq):
    rules = Ruleset.preset(name)
    match = new_match(rules, N)
    seen = []
    for i in range(5):
        seen.append(expected_dealer(match))
        result = _dead(rules, seen[-1]) if i == 2 else finished(rules, N, HEARTS, 100)
        assert add_deal(match, result).dealer == seen[-1]
    assert seen == seq


def test_dead_deal_rotates_option():
    rules = CLASSIC.with_options({"dead_deal_rotates": False})
    match = new_match(rules, N)
    add_deal(match, _dead(rules, N))
    assert expected_dealer(match) == N


def test_target_and_winner():
    rules = CLASSIC.with_options({"target": 300})
    match = new_match(rules, N)
    assert add_deal(match, finished(rules, N, HEARTS, 150)).winner is None
    step = add_deal(match, finished(rules, N, HEARTS, 150))
    assert step.totals == (300, 24) and step.winner == 0 and match.over


def test_both_past_target_higher_total_wins():
    rules = CLASSIC.with_options({"target": 150})
    match = new_match(rules, N)
    add_deal(match, finished(rules, N, HEARTS, 100))           # 100 / 62
    step = add_deal(match, finished(rules, E, HEARTS, 100))    # 162 / 162 +... E-W take 100
    assert step.totals == (162, 162) and step.winner is None   # both past, level: match goes on
    step = add_deal(match, finished(rules, E, HEARTS, 90))
    assert step.winner == 1


def test_both_past_target_takers_win_option():
    rules = CLASSIC.with_options({"target": 150, "both_past_target": "takers_win"})
    match = new_match(rules, N)
    add_deal(match, finished(rules, E, HEARTS, 140))           # 22 / 140
    step = add_deal(match, finished(rules, N, HEARTS, 130))    # 152 / 172
    assert step.winner == 0


def test_moroccan_target_500():
    assert MOROCCAN.target == 500 and CLASSIC.target == 1000
