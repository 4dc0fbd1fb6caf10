"""Play: turn order, leads, and every follow / trump / overtrump obligation option."""

import pytest

from belote_notation.game.cards import Deck
from belote_notation.game.engine import codes, legal_cards, play_card, to_play
from belote_notation.game.rules import Ruleset
from tests.support.engine import card, hand, ready

N, E, S, W = range(4)
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
CLASSIC = Ruleset.preset("classic")

# Trump hearts, N holds every spade and leads the ace of spades (dealer W, classic: left leads).
RUFF = [hand("AS KS QS JS 10S 9S 8S 7S"), hand("8H AH 7D 8D 9D 10D JD QD"),
        hand("7H 9H 7C 8C 9C 10C JC QC"), hand("10H JH QH KH KD AD KC AC")]
# Same, but the second hand trumps with the 9: the third can only undertrump.
PARTNER = [hand("AS KS QS JS 10S 9S 8S 7S"), hand("9H 7D 8D 9D 10D JD QD KD"),
           hand("AH 10H 7C 8C 9C 10C JC QC"), hand("7H 8H QH KH JH AD KC AC")]


def _codes(found):
    return [(v.code, v.seat, v.trick, v.index) for v in found]


def _start(rules, hands, first=("AS",)):
    state = ready(rules, hands, E, HEARTS, dealer=W)
    assert to_play(state) == N
    for seat, name in zip((N, E, S, W)[:len(first)], first, strict=True):
        assert not play_card(state, seat, card(name))
    return state


def test_must_follow():
    hands = [hand("AS KS QS JS 10S 9S 8S 7H"), hand("7S 8H AH 7D 8D 9D 10D JD"),
             hand("QD 9H 7C 8C 9C 10C JC QC"), hand("10H JH QH KH KD AD KC AC")]
    state = ready(CLASSIC, hands, E, HEARTS, dealer=W)
    assert not play_card(state, N, card("AS"))
    assert legal_cards(state) == hand("7S")
    found = play_card(state, E, card("7D"))
    assert _codes(found) == [(codes.NOT_FOLLOWED, E, 1, 1)]
    assert found[0].message == "E did not follow ♠: held 7♠"


def test_must_trump_when_opponent_master():
    state = _start(CLASSIC, RUFF)
    assert legal_cards(state) == hand("8H AH")
    assert _codes(play_card(state, E, card("7D"))) == [(codes.NOT_TRUMPED, E, 1, 1)]
    state = _start(CLASSIC.with_options({"must_trump_when_opponent_master": False}), RUFF)
    assert not play_card(state, E, card("7D"))


def test_overtrump_when_ruffing_option():
    state = _start(CLASSIC, RUFF, ("AS", "8H"))
    assert legal_cards(state) == hand("9H")
    found = play_card(state, S, card("7H"))
    assert _codes(found) == [(codes.NOT_OVERTRUMPED, S, 1, 2)]
    assert found[0].message == "S did not overtrump: held 9♥, higher than 8♥ on the table"
    state = _start(CLASSIC.with_options({"overtrump_when_ruffing": False}), RUFF, ("AS", "8H"))
    assert legal_cards(state) == hand("7H 9H")
    assert not play_card(state, S, card("7H"))


def test_must_undertrump_option():
    state = _start(CLASSIC, PARTNER, ("AS", "9H"))
    assert legal_cards(state) == hand("AH 10H")
    assert _codes(play_card(state, S, card("7C"))) == [(codes.NOT_UNDERTRUMPED, S, 1, 2)]
    state = _start(CLASSIC.with_options({"must_undertrump": False}), PARTNER, ("AS", "9H"))
    assert not play_card(state, S, card("7C"))


def test_partner_master_may_discard():
    state = _start(CLASSIC, PARTNER, ("AS", "9H", "10H"))
    # W's partner E wins with the 9 of trump: W may discard, but trumping means overtrumping.
    assert legal_cards(state) == hand("JH AD KC AC")
    assert not play_card(state, W, card("AD"))
    state = _start(CLASSIC.with_options({"partner_master_may_discard": False}), PARTNER, ("AS", "9H", "10H"))
    assert legal_cards(state) == hand("JH")
    assert _codes(play_card(state, W, card("AD"))) == [(codes.NOT_TRUMPED, W, 1, 3)]


def test_partner_master_trumping_must_overtrump_option():
    state = _start(CLASSIC, PARTNER, ("AS", "9H", "10H"))
    found = play_card(state, W, card("7H"))
    assert _codes(found) == [(codes.NOT_OVERTRUMPED, W, 1, 3)]
    rules = CLASSIC.with_options({"partner_master_trumping_must_overtrump": False})
    state = _start(rules, PARTNER, ("AS", "9H", "10H"))
    assert legal_cards(state) == PARTNER[W]
    assert not play_card(state, W, card("7H"))
    # the Moroccan preset has the same freedom
    assert Ruleset.preset("moroccan").partner_master_trumping_must_overtrump is False


# Trump led: overtrump even the partner.
LED = [hand("AS KS QS JS 10S 9S 8S 7S"), hand("9H 8H 7D 8D 9D 10D JD QD"),
       hand("AH 10H 7C 8C 9C 10C JC QC"), hand("7H QH KH JH KD AD KC AC")]


@pytest.mark.parametrize("name", ["moroccan", "classic", "gameduell", "traditional"])
def test_overtrump_partner_when_trump_led_each_preset(name):
    rules = Ruleset.preset(name).with_options({
        "direction": "clockwise", "first_lead": "dealer_left", "deck": "french"})
    state = ready(rules, LED, W, HEARTS, dealer=S)
    assert to_play(state) == W
    assert not play_card(state, W, card("QH"))
    assert not play_card(state, N, card("7S"))
    assert legal_cards(state) == hand("9H")
    found = play_card(state, E, card("8H"))
    assert _codes(found) == [(codes.NOT_OVERTRUMPED, E, 1, 2)]


def test_overtrump_when_trump_led_option():
    rules = CLASSIC.with_options({"overtrump_when_trump_led": False})
    state = ready(rules, LED, W, HEARTS, dealer=S)
    for seat, name in ((W, "QH"), (N, "7S")):
        play_card(state, seat, card(name))
    assert legal_cards(state) == hand("9H 8H")


def test_moroccan_message_in_spanish_names():
    # Trump bastos; E leads the 7 (a French ten), W holds the 1 (ace) and the 4.
    hands = [hand("AS KS QS JS 10S 9S 8S 7S"), hand("10C 7H 8H 9H 10H JH QH KH"),
             hand("8C 9C JC QC KC QD KD AD"), hand("AC 7C AH 7D 8D 9D 10D JD")]
    rules = Ruleset.preset("moroccan")
    state = ready(rules, hands, S, CLUBS, dealer=N)
    assert to_play(state) == E  # the player after the taker, counter-clockwise
    assert not play_card(state, E, card("10C"))
    assert to_play(state) == N
    assert not play_card(state, N, card("7S"))
    found = play_card(state, W, card("7C"))
    assert found[0].message == "W did not overtrump: held 1B, higher than 7B on the table"
    assert (found[0].seat, found[0].trick, found[0].index) == (W, 1, 2)
    assert state.deck is Deck.SPANISH


@pytest.mark.parametrize("name,dealer,taker,order", [
    ("moroccan", N, S, [E, N, W, S]),     # after the taker, counter-clockwise
    ("classic", N, S, [E, S, W, N]),      # dealer's left, clockwise
    ("gameduell", N, S, [E, S, W, N]),    # dealer's left, clockwise
    ("traditional", N, S, [W, S, E, N]),  # dealer's right, counter-clockwise
])
def test_turn_order_each_preset(name, dealer, taker, order):
    state = ready(Ruleset.preset(name), LED, taker, SPADES, dealer=dealer)
    seen = []
    for _ in range(4):
        seat = to_play(state)
        seen.append(seat)
        legal = legal_cards(state)
        play_card(state, seat, (legal & -legal).bit_length() - 1)
    assert seen == order


def test_out_of_turn_wrong_leader_and_card_not_held():
    state = ready(CLASSIC, RUFF, E, HEARTS, dealer=W)
    assert _codes(play_card(state, E, card("7D"))) == [(codes.WRONG_LEADER, E, 1, 0)]
    state = ready(CLASSIC, RUFF, E, HEARTS, dealer=W)
    play_card(state, N, card("AS"))
    assert _codes(play_card(state, S, card("9H")))[0] == (codes.PLAYED_OUT_OF_TURN, S, 1, 1)
    state = ready(CLASSIC, RUFF, E, HEARTS, dealer=W)
    found = play_card(state, N, card("AH"))
    assert _codes(found) == [(codes.CARD_NOT_HELD, N, 1, 0)]
    assert "which E holds" in found[0].message


def test_ninth_trick_is_reported_not_raised():
    state = ready(CLASSIC, RUFF, E, HEARTS, dealer=W)
    from tests.support.engine import play_out
    assert not play_out(state)
    assert [v.code for v in play_card(state, N, card("AS"))] == [codes.TOO_MANY_CARDS]


def test_must_follow_option_off():
    hands = [hand("AS KS QS JS 10S 9S 8S 7H"), hand("7S 8H AH 7D 8D 9D 10D JD"),
             hand("QD 9H 7C 8C 9C 10C JC QC"), hand("10H JH QH KH KD AD KC AC")]
    state = ready(CLASSIC.with_options({"must_follow": False}), hands, E, HEARTS, dealer=W)
    play_card(state, N, card("AS"))
    assert legal_cards(state) == hands[E]
    assert not play_card(state, E, card("7D"))
