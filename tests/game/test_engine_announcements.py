"""Announcements and belote: held, shape, deadline, ranking, ties, declaration rules."""

import random

import pytest

from belote_notation.game.engine import announce, codes, play_card, score_deal
from belote_notation.game.engine.announcements import (
    VALID_ANNOUNCEMENTS,
    announcement_shape,
    announcement_value,
    find_announcements,
)
from belote_notation.game.engine.tables import RANK_MASKS
from belote_notation.game.rules import Ruleset
from tests.support.engine import card, finished, hand, play_out, ready, suit_hand

N, E, S, W = range(4)
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
CLASSIC = Ruleset.preset("classic")
MOROCCAN = Ruleset.preset("moroccan")
GAMEDUELL = Ruleset.preset("gameduell")
HANDS = [hand("AS KS QS JS 10S 9S 8S 7S"), hand("9H 8H 7D 8D 9D 10D JD QD"),
         hand("AH 10H 7C 8C 9C 10C JC QC"), hand("7H QH KH JH KD AD KC AC")]


def _one(found):
    assert len(found) == 1
    return found[0].code


def test_valid_held_announcements():
    state = ready(CLASSIC, HANDS, E, HEARTS, dealer=W)
    assert not announce(state, N, "sequence", hand("7S 8S 9S"))
    assert not announce(state, E, "sequence", hand("7D 8D 9D 10D JD QD"))
    assert _one(announce(state, N, "sequence", hand("7S 8S 9S"))) == codes.ANNOUNCE_DUPLICATE


@pytest.mark.parametrize("kind,cards,code", [
    ("sequence", "7C 8C 9C", codes.ANNOUNCE_NOT_HELD),
    ("sequence", "7S 8S 10S", codes.ANNOUNCE_BAD_SHAPE),       # a gap
    ("sequence", "KS AS 7S", codes.ANNOUNCE_BAD_SHAPE),        # no wrapping past the ace
    ("sequence", "7S 8S", codes.ANNOUNCE_BAD_SHAPE),
    ("sequence", "7S 8H 9S", codes.ANNOUNCE_BAD_SHAPE),
    ("carre", "AS AH AD", codes.ANNOUNCE_BAD_SHAPE),
    ("carre", "KS KH KD KC", codes.ANNOUNCE_NOT_HELD),
])
def test_bad_announcements(kind, cards, code):
    state = ready(CLASSIC, HANDS, E, HEARTS, dealer=W)
    assert _one(announce(state, N, kind, hand(cards))) == code


def test_deadline_before_first_card():
    state = ready(CLASSIC, HANDS, E, HEARTS, dealer=W)
    play_card(state, N, card("AS"))
    found = announce(state, N, "sequence", hand("7S 8S 9S"))
    assert _one(found) == codes.ANNOUNCE_TOO_LATE and found[0].seat == N
    assert not announce(state, E, "sequence", hand("7D 8D 9D"))  # E has not played yet


def test_deadline_before_second_card():
    rules = MOROCCAN.with_options({"deck": "french", "first_lead": "dealer_left"})
    state = ready(rules, HANDS, E, HEARTS, dealer=E)
    assert not play_card(state, S, card("7C"))
    assert not announce(state, S, "sequence", hand("7C 8C 9C"))  # after its first card: in time
    while state.cards_played(S) < 2:
        from belote_notation.game.engine import legal_cards, to_play
        from tests.support.engine import lowest
        seat = to_play(state)
        play_card(state, seat, lowest(legal_cards(state)))
    assert _one(announce(state, S, "sequence", hand("10C JC QC"))) == codes.ANNOUNCE_TOO_LATE


def test_announcements_off():
    rules = CLASSIC.with_options({"announcements": False})
    state = ready(rules, HANDS, E, HEARTS, dealer=W)
    assert _one(announce(state, N, "sequence", hand("7S 8S 9S"))) == codes.ANNOUNCE_NOT_PLAYED


def test_worthless_carre_is_info_and_never_wins():
    hands = [hand("7S 7H 7D 7C AS AH AD AC"), hand("8S 9S 10S 8H 9H 10H 8D 9D"),
             hand("JS QS KS JH QH KH JD QD"), hand("10D KD 8C 9C 10C JC QC KC")]
    state = ready(CLASSIC, hands, E, HEARTS, dealer=W)
    found = announce(state, N, "carre", hand("7S 7H 7D 7C"))
    assert [v.code for v in found] == [codes.ANNOUNCE_WORTHLESS]
    assert not announce(state, E, "sequence", hand("8S 9S 10S"))
    from belote_notation.game.engine import best_announcements
    assert best_announcements(state)[:2] == (1, (0, 20))


def test_find_announcements():
    found = find_announcements(hand("7S 8S 9S 10S JH QH KH AH") | hand("JD JC JS"))
    assert ("sequence", hand("7S 8S 9S 10S JS")) in found
    assert ("sequence", hand("JH QH KH AH")) in found
    assert ("carre", hand("JS JH JD JC")) in found


# ------------------------------------------------------------------ which announcement counts
def test_tie_nobody_scores():
    r = finished(CLASSIC, N, HEARTS, 100, anns=[(N, "sequence", hand("7C 8C 9C")),
                                               (E, "sequence", hand("7D 8D 9D"))])
    assert r.announcements == (0, 0) and r.announcements_declared == (20, 20)
    assert r.credited == (100, 62)


def test_tie_closest_to_dealer_gameduell():
    anns = [(N, "sequence", hand("7C 8C 9C")), (E, "sequence", hand("7D 8D 9D"))]
    r = finished(GAMEDUELL, N, HEARTS, 100, anns=anns, dealer=W)
    assert r.announcements == (20, 0)   # N sits next after the dealer W
    r = finished(GAMEDUELL, N, HEARTS, 100, anns=anns, dealer=E)
    assert r.announcements == (0, 20)   # the dealer himself is closest


def test_trump_sequence_wins_equal_value():
    anns = [(N, "sequence", hand("7C 8C 9C")), (E, "sequence", hand("7H 8H 9H"))]
    for rules in (CLASSIC, MOROCCAN, GAMEDUELL):
        assert finished(rules, N, HEARTS, 100, anns=anns).announcements == (0, 20)


def test_higher_top_card_wins():
    anns = [(N, "sequence", hand("QC KC AC")), (E, "sequence", hand("7H 8H 9H"))]
    assert finished(CLASSIC, N, HEARTS, 100, anns=anns).announcements == (20, 0)
    # GameDuell compares value, then trump: the trump tierce wins
    assert finished(GAMEDUELL, N, HEARTS, 100, anns=anns).announcements == (0, 20)


def test_length_versus_value_ranking():
    # N: six cards to the queen (100); E: five cards to the ace (100), trump hearts.
    anns = [(N, "sequence", hand("7S 8S 9S 10S JS QS")), (E, "sequence", hand("10D JD QD KD AD"))]
    assert finished(MOROCCAN, N, HEARTS, 100, anns=anns).announcements == (100, 0)  # longer
    assert finished(CLASSIC, N, HEARTS, 100, anns=anns).announcements == (0, 100)   # higher top


def test_carre_against_sequence():
    anns = [(N, "sequence", hand("10D JD QD KD AD")), (E, "carre", hand("KS KH KD KC"))]
    for rules in (CLASSIC, MOROCCAN):
        r = finished(rules, N, HEARTS, 100, anns=anns)
        assert r.announcements == (0, 100)   # a carré beats a sequence of the same value
    anns = [(N, "carre", hand("JS JH JD JC")), (E, "carre", hand("9S 9H 9D 9C"))]
    assert finished(MOROCCAN, N, HEARTS, 100, anns=anns).announcements == (200, 0)


def test_winning_team_scores_all_its_announcements():
    anns = [(N, "sequence", hand("QC KC AC")), (S, "sequence", hand("7S 8S 9S")),
            (E, "sequence", hand("QH KH AH"))]
    r = finished(CLASSIC, N, HEARTS, 100, anns=anns)
    assert r.announcements == (0, 20)  # same top card, trump: N-S lose both of theirs


# ------------------------------------------------------------------ belote
CAPOT = [suit_hand(SPADES), suit_hand(HEARTS), suit_hand(DIAMONDS), suit_hand(CLUBS)]


def test_belote_requires_declaration():
    state = ready(CLASSIC, CAPOT, N, SPADES, dealer=W)
    assert not play_out(state, marks=False)
    r = score_deal(state)
    assert r.belote == (0, 0)
    assert [v.code for v in r.violations] == [codes.BELOTE_NOT_DECLARED]
    state = ready(CLASSIC, CAPOT, N, SPADES, dealer=W)
    assert not play_out(state, marks=True)
    assert score_deal(state).belote == (20, 0)


def test_belote_announcement_counts_as_declaration():
    state = ready(CLASSIC, CAPOT, N, SPADES, dealer=W)
    assert not announce(state, N, "belote", hand("KS QS"))
    assert not play_out(state, marks=False)
    assert score_deal(state).belote == (20, 0)
    state = ready(CLASSIC, CAPOT, N, SPADES, dealer=W)
    assert _one(announce(state, E, "belote", hand("KS QS"))) == codes.BELOTE_NOT_HELD


def test_belote_without_declaration_rules():
    for name in ("moroccan", "gameduell"):
        rules = Ruleset.preset(name).with_options({"deck": "french"})
        state = ready(rules, CAPOT, N, SPADES, dealer=W)
        assert not play_out(state, marks=False)
        assert score_deal(state).belote == (20, 0)


def test_belote_marks_checked():
    state = ready(CLASSIC, CAPOT, N, SPADES, dealer=W)
    found = play_card(state, N, card("JS"), "belote")
    assert _one(found) == codes.BELOTE_BAD_MARK
    state = ready(CLASSIC, CAPOT, N, SPADES, dealer=W)
    found = play_card(state, N, card("KS"), "rebelote")
    assert _one(found) == codes.BELOTE_ORDER


def _kq_order(rules, first, second):
    state = ready(rules, CAPOT, N, SPADES, dealer=W)
    order = iter([card(first), card(second)])
    pair = hand("KS QS")

    def choose(seat, legal):
        if seat == N and legal & pair:
            return next(order)
        return (legal & -legal).bit_length() - 1
    assert not play_out(state, choose=choose)
    return score_deal(state)


def test_belote_king_first_option():
    rules = Ruleset.preset("traditional").with_options({"belote_king_first": True})
    assert _kq_order(rules, "KS", "QS").belote == (20, 0)
    r = _kq_order(rules, "QS", "KS")
    assert r.belote == (0, 0) and r.violations[0].code == codes.BELOTE_ORDER
    assert _kq_order(Ruleset.preset("traditional"), "QS", "KS").belote == (20, 0)


def test_the_table_of_valid_announcements_is_what_announcement_shape_accepts() -> None:
    """Every mask of one suit, every carré and random masks: in the table exactly when
    announcement_shape finds nothing wrong, with announcement_value's points."""
    rng = random.Random(5)
    masks = [bits << (8 * suit) for suit in range(4) for bits in range(256)]
    masks += [*RANK_MASKS, *(rng.getrandbits(32) for _ in range(2000))]
    for kind in ("sequence", "carre", "belote", "quinte"):
        for mask in masks:
            valid = announcement_shape(kind, mask) is None
            assert ((kind, mask) in VALID_ANNOUNCEMENTS) == valid
            if valid:
                assert VALID_ANNOUNCEMENTS[kind, mask] == announcement_value(kind, mask)
    assert len(VALID_ANNOUNCEMENTS) == 4 * 21 + 8
