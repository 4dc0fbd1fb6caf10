"""Deal scoring: the worked examples of the rule texts and every scoring option."""

import pytest

from belote_notation.game.engine import score_deal
from belote_notation.game.rules import Ruleset
from tests.support.engine import finished, hand, play_out, ready, suit_hand

N, E, S, W = range(4)
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
CLASSIC = Ruleset.preset("classic")
TRAD = Ruleset.preset("traditional")
MOROCCAN = Ruleset.preset("moroccan")
GAMEDUELL = Ruleset.preset("gameduell")
TIERCE = hand("7C 8C 9C")


# ---------------------------------------------------------------- classic-bsfyi.fr.txt examples
def test_classic_contract_made_112_70():
    r = finished(CLASSIC, N, HEARTS, 92, anns=[(N, "sequence", TIERCE)])
    assert r.outcome == "made"
    assert r.credited == (112, 70)


def test_classic_dedans_182_0():
    r = finished(CLASSIC, N, HEARTS, 70, anns=[(E, "sequence", TIERCE)])
    assert r.outcome == "failed"
    assert r.credited == (0, 182)


def test_classic_litige_81_81():
    r = finished(CLASSIC, N, HEARTS, 81)
    assert r.outcome == "litige"
    assert r.credited == (0, 81) and r.pot_in == 81


def test_classic_capot_250_plus_announcements():
    hands = [suit_hand(SPADES), suit_hand(HEARTS), suit_hand(DIAMONDS), suit_hand(CLUBS)]
    state = ready(CLASSIC, hands, N, SPADES, dealer=W)
    from belote_notation.game.engine import announce
    assert not announce(state, N, "sequence", suit_hand(SPADES))  # a 'cent' (8 cards)
    assert not play_out(state, choose=lambda seat, legal: legal.bit_length() - 1)
    r = score_deal(state)
    assert r.outcome == "capot" and r.capot_team == 0
    assert r.card_points == (162, 0)
    assert r.credited == (250 + 100 + 20, 0)


# ---------------------------------------------------------------- traditional-wikipedia.fr.txt
def test_traditional_belote_turns_87_75_into_dedans():
    r = finished(TRAD, N, HEARTS, 87, belote=E)
    assert r.outcome == "failed"
    assert r.credited == (0, 182)


def test_traditional_71_plus_20_is_a_litige_20_kept_71_carried():
    r = finished(TRAD, N, HEARTS, 71, belote=N)
    assert r.outcome == "litige"
    assert r.credited == (20, 91)
    assert r.pot_in == 71


def test_traditional_litige_both_score_option():
    rules = TRAD.with_options({"litige": "both_score"})
    r = finished(rules, N, HEARTS, 71, belote=N)
    assert r.credited == (91, 91) and r.pot_in == 0


def test_litige_keeps_belote_off_puts_belote_in_pot():
    rules = TRAD.with_options({"litige_keeps_belote": False})
    r = finished(rules, N, HEARTS, 71, belote=N)
    assert r.credited == (0, 91) and r.pot_in == 91


# ---------------------------------------------------------------- contract basis
def test_contract_basis_card_points_ignores_defence_belote():
    # Moroccan: judged on card points: 82 against 80 holds even with the defence's belote.
    r = finished(MOROCCAN, N, HEARTS, 82, belote=E)
    assert r.outcome == "made" and r.credited == (82, 100)


def test_contract_basis_totals_counts_defence_belote():
    r = finished(CLASSIC, N, HEARTS, 82, belote=E)
    assert r.outcome == "failed" and r.credited == (0, 182)


def test_contract_basis_over_81():
    assert finished(GAMEDUELL, N, HEARTS, 82, belote=E).outcome == "made"
    assert finished(GAMEDUELL, N, HEARTS, 80).outcome == "failed"
    r = finished(GAMEDUELL, N, HEARTS, 81, belote=N)
    assert r.outcome == "litige"
    # GameDuell: in a litige the takers lose their points (belote kept), nothing carried.
    assert r.credited == (20, 81) and r.pot_in == 0


def test_moroccan_equal_card_points_is_a_litige_with_pot():
    r = finished(MOROCCAN, E, HEARTS, 81, anns=[(E, "sequence", TIERCE)])
    assert r.outcome == "litige"
    assert r.credited == (81, 0) and r.pot_in == 81 + 20


# ---------------------------------------------------------------- failure
def test_belote_survives_failed_contract():
    r = finished(MOROCCAN, N, HEARTS, 60, belote=N)
    assert r.outcome == "failed" and r.credited == (20, 162)
    rules = MOROCCAN.with_options({"belote_survives_failure": False})
    assert finished(rules, N, HEARTS, 60, belote=N).credited == (0, 162)


@pytest.mark.parametrize("how,expected", [
    ("counted_to_defence", 162 + 50), ("all_declared_to_defence", 162 + 50 + 20),
    ("defence_keeps_own", 162), ("lost", 162),
])
def test_failure_announcements(how, expected):
    # takers N hold a cinquante (best), defence E a tierce: the takers fail.
    rules = CLASSIC.with_options({"failure_announcements": how})
    r = finished(rules, N, HEARTS, 40, anns=[(N, "sequence", hand("7S 8S 9S 10S")),
                                            (E, "sequence", TIERCE)])
    assert r.outcome == "failed"
    assert r.credited == (0, expected)


def test_issue9_moroccan_failure_only_the_counted_announcement_goes_to_defence():
    # Issue 9's example (Moroccan, trump spades): E's 9-10-J of spades and N's 9-10-J of
    # diamonds are equal in length and top card; E's is in trump, so only E's counts. N-S
    # took and fell: E-W score 162 + 20 = 182, not 202.
    r = finished(MOROCCAN, N, SPADES, 60, anns=[(E, "sequence", hand("9S 10S JS")),
                                               (N, "sequence", hand("9D 10D JD"))])
    assert r.outcome == "failed"
    assert r.announcements == (0, 20)
    assert r.credited == (0, 182)
    legacy = MOROCCAN.with_options({"failure_announcements": "all_declared_to_defence"})
    assert finished(legacy, N, SPADES, 60, anns=[(E, "sequence", hand("9S 10S JS")),
                                                 (N, "sequence", hand("9D 10D JD"))]).credited == (0, 202)


@pytest.mark.parametrize("rules", [MOROCCAN, CLASSIC, TRAD], ids=["moroccan", "classic", "traditional"])
def test_issue9_failure_with_tied_announcements_gives_162_only(rules):
    # Equal best announcements (both plain suits, same length and top card): none count
    # (classic-bsfyi: "aucune équipe ne marque ses annonces"), so the defence scores 162.
    anns = [(E, "sequence", hand("9D 10D JD")), (N, "sequence", hand("9C 10C JC")),
            (W, "sequence", hand("7H 8H 9H"))]
    r = finished(rules, N, SPADES, 40, anns=anns)
    assert r.outcome == "failed"
    assert r.announcements == (0, 0) and r.announcements_declared == (20, 40)
    assert r.credited == (0, 162)
    legacy = rules.with_options({"failure_announcements": "all_declared_to_defence"})
    assert finished(legacy, N, SPADES, 40, anns=anns).credited == (0, 162 + 60)


def test_failure_defence_keeps_own_announcements_when_best():
    rules = GAMEDUELL
    r = finished(rules, N, HEARTS, 40, anns=[(E, "sequence", hand("7S 8S 9S 10S")),
                                            (N, "sequence", TIERCE)])
    assert r.credited == (0, 162 + 50)


def test_round_scores_to_ten():
    rules = CLASSIC.with_options({"round_scores_to_ten": True})
    r = finished(rules, N, HEARTS, 96)
    assert r.credited == (100, 70)


# ---------------------------------------------------------------- capot under each preset
CAPOT_HANDS = [suit_hand(SPADES), suit_hand(HEARTS), suit_hand(DIAMONDS), suit_hand(CLUBS)]


def _capot(rules, taker=N):
    state = ready(rules, CAPOT_HANDS, taker, SPADES, dealer=W)
    assert not play_out(state, choose=lambda seat, legal: legal.bit_length() - 1)
    return score_deal(state)


@pytest.mark.parametrize("name,expected,outcome", [
    ("moroccan", 162 + 20, "made"),       # no capot bonus in the Moroccan text
    ("classic", 250 + 20, "capot"),       # 250 instead of 162
    ("gameduell", 252 + 20, "capot"),     # last trick worth 100
    ("traditional", 252 + 20, "capot"),   # 252, 272 with belote
])
def test_capot_by_takers_each_preset(name, expected, outcome):
    r = _capot(Ruleset.preset(name))
    assert r.card_points == (162, 0)
    assert r.outcome == outcome
    assert r.credited == (expected, 0)


@pytest.mark.parametrize("name,expected", [
    ("moroccan", 162 + 20), ("classic", 250 + 20), ("gameduell", 252 + 20), ("traditional", 252 + 20),
])
def test_capot_against_takers(name, expected):
    # E takes spades but N holds every trump: the defence takes all eight tricks.
    r = _capot(Ruleset.preset(name), taker=E)
    assert r.winner_team == 0 and r.capot_team == 0
    assert r.credited == (expected, 0)


def test_capot_against_takers_is_dedans_option():
    rules = TRAD.with_options({"capot_against_takers_is_dedans": True})
    r = _capot(rules, taker=E)
    assert r.outcome == "failed" and r.credited == (162 + 20, 0)


def test_capot_points_option():
    rules = CLASSIC.with_options({"capot_points": "500"})
    assert _capot(rules).credited == (520, 0)
    rules = CLASSIC.with_options({"capot_points": "none"})
    assert _capot(rules).credited == (182, 0)


def test_dead_deal_scores_nothing():
    from belote_notation.game.engine import apply_bid, legal_bids
    from tests.support.engine import bidding, card
    state = bidding(CLASSIC, 0, card("8H"))
    for _ in range(8):
        assert not apply_bid(state, state.bid_turn, "pass", None)
    assert legal_bids(state) == []
    r = score_deal(state)
    assert r.outcome == "dead" and r.credited == (0, 0)
