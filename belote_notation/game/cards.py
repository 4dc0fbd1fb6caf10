"""Cards, suits, ranks and seats for both decks, as small integers.

A card is an ``int`` from 0 to 31: ``suit * 8 + rank``. Ranks are numbered in
*sequence order* (the order of runs for announcements), which is the same in
both decks thanks to the isomorphism of the product brief::

    rank index   0  1  2  3   4   5   6   7
    French       7  8  9  10  J   Q   K   A
    Spanish      4  5  6  7   10  11  12  1

Suits are numbered 0..3 and correspond across decks the usual way::

    suit index   0         1         2         3
    French       S ♠       H ♥       D ♦       C ♣
    Spanish      E espadas C copas   O oros    B bastos

A hand is an ``int`` bit mask with bit ``card`` set for every card held, so
"the clubs in this hand" is ``hand & SUIT_MASKS[CLUBS]``. Nothing in the hot
loop of the engine creates an object per card.

>>> card = parse_card("1O", Deck.SPANISH)
>>> card_name(card, Deck.SPANISH), card_name(card, Deck.FRENCH)
('1O', 'AD')
>>> card_points(card, trump=suit_of(card))
11
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from enum import Enum
from typing import Protocol

__all__ = [
    "TrickPlays",
    "ACE",
    "DEAL_POINTS",
    "FULL_DECK",
    "JACK",
    "KING",
    "LAST_TRICK_BONUS",
    "NINE",
    "NO_TRUMP",
    "PLAIN_ORDER",
    "PLAIN_POINTS",
    "QUEEN",
    "RANKS",
    "RULE_SYSTEM_ALIASES",
    "RULE_SYSTEM_DECKS",
    "SANS_ATOUT",
    "SEATS",
    "SEAT_NAMES",
    "SUITS",
    "SUIT_MASKS",
    "TEN",
    "TOTAL_CARD_POINTS",
    "TOUT_ATOUT",
    "TRUMP_ORDER",
    "TRUMP_POINTS",
    "CardError",
    "Deck",
    "Seat",
    "card_name",
    "card_points",
    "card_symbol_name",
    "card_words",
    "card_list",
    "cards_of",
    "deck_of_rule_system",
    "make_card",
    "mask_of",
    "parse_card",
    "parse_suit",
    "partner_of",
    "plain_strength",
    "rank_of",
    "rule_system_key",
    "suit_display",
    "suit_name",
    "suit_of",
    "team_of",
    "trump_strength",
]


class Deck(str, Enum):
    """The card names in use: Spanish (1 4 5 6 7 10 11 12) or French (7 8 9 10 J Q K A)."""

    SPANISH = "spanish"
    FRENCH = "french"


# The deck each rule system names its cards in. It lives with the cards (not with the rules)
# so that the notation can name the cards of a game from its ``Rules`` tag alone.
RULE_SYSTEM_DECKS: dict[str, Deck] = {
    "moroccan": Deck.SPANISH,
    "classic": Deck.FRENCH,
    "gameduell": Deck.FRENCH,
    "traditional": Deck.FRENCH,
    "contree": Deck.FRENCH,
    "coinche": Deck.FRENCH,
}
RULE_SYSTEM_ALIASES: dict[str, str] = {
    "morocco": "moroccan", "balote": "moroccan", "maroc": "moroccan", "marocaine": "moroccan",
    "marocain": "moroccan", "belote marocaine": "moroccan", "moroccan belote": "moroccan",
    "bs.fyi": "classic", "bsfyi": "classic", "classique": "classic", "belote classique": "classic",
    "game duell": "gameduell",
    "wikipedia": "traditional", "traditionnelle": "traditional", "belote traditionnelle": "traditional",
    "contrée": "contree", "belote contrée": "contree", "belote contree": "contree",
    "coinchée": "coinche", "coinchee": "coinche", "belote coinchée": "coinche", "belote coinchee": "coinche",
}
"""Every other name a rule system is written by (any case; ``-`` and ``_`` read as spaces),
listed in docs/notation.md."""


def rule_system_key(name: str) -> str:
    """The canonical name of a rule system written any way people write it.

    >>> rule_system_key(" Balote "), rule_system_key("Classique"), rule_system_key("other")
    ('moroccan', 'classic', 'other')
    >>> rule_system_key("Belote-Marocaine"), rule_system_key("game_duell")
    ('moroccan', 'gameduell')
    """
    key = name.strip().lower()
    spaced = " ".join(key.replace("-", " ").replace("_", " ").split())
    return RULE_SYSTEM_ALIASES.get(key) or RULE_SYSTEM_ALIASES.get(spaced) or key


def deck_of_rule_system(name: str) -> Deck | None:
    """The deck a rule system names its cards in; ``None`` for an unknown name.

    >>> deck_of_rule_system("maroc")
    <Deck.SPANISH: 'spanish'>
    """
    return RULE_SYSTEM_DECKS.get(rule_system_key(name))


# ----------------------------------------------------------------------------- seats
class Seat(int, Enum):
    """The four seats, numbered clockwise seen from above: N, E, S, W.

    Partners sit opposite: N-S is team 0, E-W is team 1. "Left" of a player is the
    next seat clockwise (N's left is E), "right" is the next seat counter-clockwise.
    """

    N = 0
    E = 1
    S = 2
    W = 3

    def __str__(self) -> str:
        return self.name


SEATS: tuple[Seat, ...] = (Seat.N, Seat.E, Seat.S, Seat.W)
SEAT_NAMES = "NESW"


def team_of(seat: int) -> int:
    """0 for N-S, 1 for E-W.

    >>> team_of(Seat.E), partner_of(Seat.E), rank_of(make_card(1, 4)) == 4
    (1, 3, True)
    """
    return seat & 1


def partner_of(seat: int) -> int:
    """The seat across the table."""
    return (seat + 2) & 3


# ----------------------------------------------------------------------------- suits and ranks
SUITS = (0, 1, 2, 3)
RANKS = tuple(range(8))
NO_TRUMP = -1
SANS_ATOUT = 4
"""The trump of a contrée contract with no trump suit (a bid's ``suit`` 4)."""
TOUT_ATOUT = 5
"""The trump of a contrée contract where every suit is trump (a bid's ``suit`` 5)."""

# Rank indices by their French names (sequence order).
SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(8)

FRENCH_RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")
SPANISH_RANKS = ("4", "5", "6", "7", "10", "11", "12", "1")
FRENCH_SUITS = "SHDC"
SPANISH_SUITS = "ECOB"
SUIT_SYMBOLS = "♠♥♦♣"
SPANISH_SUIT_WORDS = ("espadas", "copas", "oros", "bastos")
FRENCH_SUIT_WORDS = ("spades", "hearts", "diamonds", "clubs")

SUIT_MASKS: tuple[int, ...] = tuple(0xFF << (8 * s) for s in SUITS)
FULL_DECK = (1 << 32) - 1

# Points by rank index (sequence order 7 8 9 10 J Q K A).
PLAIN_POINTS = (0, 0, 0, 10, 2, 3, 4, 11)
TRUMP_POINTS = (0, 0, 14, 10, 20, 3, 4, 11)
TOTAL_CARD_POINTS = 152
LAST_TRICK_BONUS = 10
DEAL_POINTS = TOTAL_CARD_POINTS + LAST_TRICK_BONUS  # 162

# Strength of a rank, higher wins. Plain: 7 8 9 J Q K 10 A; trump: 7 8 Q K 10 A 9 J.
PLAIN_ORDER = (SEVEN, EIGHT, NINE, JACK, QUEEN, KING, TEN, ACE)
TRUMP_ORDER = (SEVEN, EIGHT, QUEEN, KING, TEN, ACE, NINE, JACK)
_PLAIN_STRENGTH = tuple(PLAIN_ORDER.index(r) for r in RANKS)
_TRUMP_STRENGTH = tuple(TRUMP_ORDER.index(r) for r in RANKS)


def suit_of(card: int) -> int:
    return card >> 3


def rank_of(card: int) -> int:
    return card & 7


def make_card(suit: int, rank: int) -> int:
    return suit * 8 + rank


def card_points(card: int, trump: int) -> int:
    """Points of ``card`` when ``trump`` is the trump suit (``NO_TRUMP`` for none)."""
    rank = card & 7
    return TRUMP_POINTS[rank] if card >> 3 == trump else PLAIN_POINTS[rank]


def trump_strength(card: int) -> int:
    """Order of a card within the trump suit, 0 (7/4) to 7 (J/10)."""
    return _TRUMP_STRENGTH[card & 7]


def plain_strength(card: int) -> int:
    """Order of a card within a plain suit, 0 (7/4) to 7 (A/1)."""
    return _PLAIN_STRENGTH[card & 7]


# ----------------------------------------------------------------------------- masks
def cards_of(mask: int) -> Iterator[int]:
    """The cards of a bit mask, lowest first.

    >>> list(cards_of(0b1010)), mask_of([1, 3])
    ([1, 3], 10)
    """
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


_LOW_BYTE_CARDS = [tuple(cards_of(byte)) for byte in range(256)]
_BYTE_CARDS = [_LOW_BYTE_CARDS, *([tuple([card + shift for card in cards]) for cards in _LOW_BYTE_CARDS]
                                  for shift in (8, 16, 24))]
"""``_BYTE_CARDS[k][byte]``: the cards of ``byte << 8 * k``, each higher byte's the lowest's
shifted (a quarter of the generators at import)."""


def card_list(mask: int) -> list[int]:
    """``list(cards_of(mask))`` of a mask of the deck's 32 cards, a byte at a time from a table.

    >>> card_list(0b1010 | 1 << 31) == list(cards_of(0b1010 | 1 << 31))
    True
    """
    low, b1, b2, high = _BYTE_CARDS
    return [*low[mask & 255], *b1[mask >> 8 & 255], *b2[mask >> 16 & 255], *high[mask >> 24 & 255]]


def mask_of(cards: Iterable[int]) -> int:
    """The bit mask of some cards (see :func:`cards_of`)."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


# ----------------------------------------------------------------------------- names
class CardError(ValueError):
    """A card or suit name that cannot be read in the given deck."""


def suit_name(suit: int, deck: Deck) -> str:
    """The canonical letter of a suit: S H D C (French) or E C O B (Spanish)."""
    return (FRENCH_SUITS if deck is Deck.FRENCH else SPANISH_SUITS)[suit]


def card_name(card: int, deck: Deck) -> str:
    """Canonical name: rank then suit letter, e.g. ``10D``, ``AS`` or ``1O``, ``12E``."""
    if deck is Deck.FRENCH:
        return FRENCH_RANKS[card & 7] + FRENCH_SUITS[card >> 3]
    return SPANISH_RANKS[card & 7] + SPANISH_SUITS[card >> 3]


def card_symbol_name(card: int, deck: Deck, ascii_only: bool = False) -> str:
    """Display name: French cards with a suit symbol (``A♠``, ``10♦``), Spanish cards by their
    own letters (``10O``, ``1B``: the French symbols would make the Spanish 10 of oros read as a
    ten of diamonds, while it is the jack's rank); the canonical name when ``ascii_only``.

    >>> card_symbol_name(12, Deck.SPANISH), card_symbol_name(12, Deck.FRENCH)
    ('10C', 'J♥')
    """
    if ascii_only or deck is Deck.SPANISH:
        return card_name(card, deck)
    return FRENCH_RANKS[card & 7] + SUIT_SYMBOLS[card >> 3]


def suit_display(suit: int, deck: Deck, ascii_only: bool = False) -> str:
    """A suit for people: its symbol for a French deck, its word for a Spanish one (``oros``),
    and its word in ASCII (``spades``): a lone suit letter would read as a seat (``E``, ``S``).

    >>> suit_display(2, Deck.FRENCH), suit_display(2, Deck.SPANISH), suit_display(0, Deck.FRENCH, True)
    ('♦', 'oros', 'spades')
    """
    if not 0 <= suit < 4:
        return "?"
    if deck is Deck.SPANISH:
        return SPANISH_SUIT_WORDS[suit]
    return FRENCH_SUIT_WORDS[suit] if ascii_only else SUIT_SYMBOLS[suit]


def card_words(card: int, deck: Deck) -> str:
    """A card in words: ``10 de oros``, ``jack of diamonds``.

    >>> card_words(12, Deck.SPANISH), card_words(12, Deck.FRENCH)
    ('10 de copas', 'jack of hearts')
    """
    suit = card >> 3
    if deck is Deck.SPANISH:
        return f"{SPANISH_RANKS[card & 7]} de {SPANISH_SUIT_WORDS[suit]}"
    return f"{_RANK_WORDS[card & 7]} of {FRENCH_SUIT_WORDS[suit]}"


_RANK_WORDS = ("seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")


# Lenient reading: ranks and suits per deck, case-insensitive, unicode symbols allowed.
_RANK_ALIASES = {
    Deck.FRENCH: {"7": SEVEN, "8": EIGHT, "9": NINE, "10": TEN, "T": TEN, "J": JACK, "V": JACK,
                  "Q": QUEEN, "D": QUEEN, "K": KING, "R": KING, "A": ACE, "1": ACE},
    Deck.SPANISH: {"4": SEVEN, "5": EIGHT, "6": NINE, "7": TEN, "10": JACK, "11": QUEEN,
                   "12": KING, "1": ACE},
}
_SUIT_ALIASES = {
    Deck.FRENCH: {"S": 0, "H": 1, "D": 2, "C": 3},
    Deck.SPANISH: {"E": 0, "C": 1, "O": 2, "B": 3},
}
_SYMBOLS = {"♠": 0, "♤": 0, "♥": 1, "♡": 1, "♦": 2, "♢": 2, "♣": 3, "♧": 3}
_SUIT_WORDS = {
    **{w: i for i, w in enumerate(SPANISH_SUIT_WORDS)},
    **{w: i for i, w in enumerate(FRENCH_SUIT_WORDS)},
    "pique": 0, "coeur": 1, "cœur": 1, "carreau": 2, "trefle": 3, "trèfle": 3,
}


def parse_suit(text: str, deck: Deck) -> int:
    """Read a suit: a letter of the deck, a unicode symbol, or a word (``oros``, ``hearts``)."""
    key = text.strip()
    if key in _SYMBOLS:
        return _SYMBOLS[key]
    upper = key.upper()
    aliases = _SUIT_ALIASES[deck]
    if upper in aliases:
        return aliases[upper]
    lower = key.lower()
    if lower in _SUIT_WORDS:
        return _SUIT_WORDS[lower]
    raise CardError(f"unknown suit {text!r} in the {deck.value} deck")


def parse_card(text: str, deck: Deck) -> int:
    """Read a card in the lenient form: rank then suit letter or symbol, any case.

    French ranks ``7 8 9 10 T J Q K A`` (and French letters ``V D R``), Spanish ranks
    ``1 4 5 6 7 10 11 12``; suits ``SHDC``/``♠♥♦♣`` or ``ECOB`` (espadas, copas, oros, bastos).
    """
    key = text.strip()
    if len(key) < 2:
        raise CardError(f"unknown card {text!r}")
    rank_text, suit_text = key[:-1].upper(), key[-1]
    rank = _RANK_ALIASES[deck].get(rank_text)
    if rank is None:
        raise CardError(f"unknown card {text!r}: no rank {key[:-1]!r} in the {deck.value} deck")
    try:
        suit = parse_suit(suit_text, deck)
    except CardError:
        raise CardError(f"unknown card {text!r}: no suit {suit_text!r} in the {deck.value} deck") from None
    return suit * 8 + rank


class TrickPlays(Protocol):
    """A trick's plays as parallel sequences, in the order played: ``seats[i]`` plays
    ``cards[i]`` saying ``marks[i]`` (what the engine plays and a deal's fingerprint reads)."""

    @property
    def seats(self) -> Sequence[int | None]: ...

    @property
    def cards(self) -> Sequence[int]: ...

    @property
    def marks(self) -> Sequence[str | None]: ...
