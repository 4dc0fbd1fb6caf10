"""Cards: names in both decks, the isomorphism, points and trick order."""

import pytest

from belote_notation.game.cards import (
    ACE,
    DEAL_POINTS,
    JACK,
    NINE,
    TEN,
    TOTAL_CARD_POINTS,
    CardError,
    Deck,
    card_name,
    card_points,
    make_card,
    parse_card,
)
from belote_notation.game.tricks import beats


def test_isomorphism_of_ranks():
    pairs = {"1": "A", "4": "7", "5": "8", "6": "9", "7": "10", "10": "J", "11": "Q", "12": "K"}
    for spanish, french in pairs.items():
        card = parse_card(spanish + "O", Deck.SPANISH)
        assert card_name(card, Deck.FRENCH) == french + "D"


@pytest.mark.parametrize("text", ["1o", "1O", "1♦", "01O"[1:]])
def test_lenient_spanish(text):
    assert parse_card(text, Deck.SPANISH) == make_card(2, ACE)


@pytest.mark.parametrize("text", ["TH", "10h", "10♥", "th"])
def test_lenient_french_ten(text):
    assert parse_card(text, Deck.FRENCH) == make_card(1, TEN)


def test_letter_c_depends_on_deck():
    assert card_name(parse_card("10C", Deck.SPANISH), Deck.FRENCH) == "JH"
    assert card_name(parse_card("10C", Deck.FRENCH), Deck.FRENCH) == "10C"


@pytest.mark.parametrize("text", ["2S", "13O", "X", "", "1Z", "9O"])
def test_unknown_cards(text):
    deck = Deck.SPANISH if text.endswith("O") else Deck.FRENCH
    with pytest.raises(CardError):
        parse_card(text, deck)


def test_deck_holds_152_card_points_whatever_the_trump():
    for trump in range(4):
        assert sum(card_points(c, trump) for c in range(32)) == TOTAL_CARD_POINTS
    assert DEAL_POINTS == 162


def test_trump_order_jack_nine_ace():
    trump = 3
    jack, nine, ace, ten = (make_card(trump, r) for r in (JACK, NINE, ACE, TEN))
    assert beats(jack, nine, trump) and beats(nine, ace, trump) and beats(ace, ten, trump)
    assert card_points(jack, trump) == 20 and card_points(nine, trump) == 14


def test_plain_order_ten_below_ace_and_trump_beats_plain():
    ace, ten, king = (make_card(0, r) for r in (ACE, TEN, 6))
    assert beats(ace, ten, trump=1) and beats(ten, king, trump=1)
    seven_of_trump = make_card(1, 0)
    assert beats(seven_of_trump, ace, trump=1)
    assert not beats(make_card(2, ACE), make_card(0, 0), trump=1)  # off-suit discard never wins


def test_who_beats_whom_is_the_rule_for_every_pair_of_cards_and_every_trump() -> None:
    """The tables built at import (each card's order in its suit read once) say the rule: a
    higher card of the same suit in its order (trump's for the trump suit, and for every suit at
    tout-atout), else a trump."""
    from belote_notation.game.cards import plain_strength, trump_strength
    from belote_notation.game.tricks import beats

    for trump in (0, 1, 2, 3, -1, 4, 5):
        for best in range(32):
            for card in range(32):
                ranked_as_trump = trump == 5 or card >> 3 == trump
                order = trump_strength if ranked_as_trump else plain_strength
                if card >> 3 == best >> 3:
                    expected = order(card) > order(best)
                else:
                    expected = card >> 3 == trump
                assert beats(card, best, trump) is expected, (trump, best, card)


def test_card_list_reads_every_mask_as_cards_of_does() -> None:
    """The byte tables built at import (the higher bytes shifted from the lowest's)."""
    from belote_notation.game.cards import card_list, cards_of

    for shift in (0, 8, 16, 24):
        for byte in range(256):
            mask = byte << shift | (1 << 31 if shift < 24 else 0) | 1
            assert card_list(mask) == list(cards_of(mask))
