"""Lenient reading of the values apps write: cards of either deck or as integers, seats as
letters, numbers or words (English, French, Darija), calls and belote words of the grammar.

Each reader returns ``None`` for what it cannot read; the importer says where.

>>> card_value("AS", Deck.FRENCH), card_value("1O", Deck.FRENCH), card_value(31, Deck.FRENCH)
(7, 23, 31)
>>> seat_value("nord"), seat_value(2), seat_value("gharb"), seat_value("x")
(0, 2, 3, None)
>>> action_value("douz"), action_value("Je prends"), mark_value("rebelote")
('pass', 'take', 'rebelote')
"""

from __future__ import annotations

from functools import cache
from typing import Any

from belote_notation.game.cards import SEAT_NAMES, CardError, Deck, parse_suit
from belote_notation.notation.limits import MAX_DIGITS
from belote_notation.notation.visitor import Action, Kind, Mark
from belote_notation.notation.vocabulary import (
    call_words,
    card_table,
    kind_of,
    mark_of,
    points_bid,
    strain_word,
    words_of,
)

__all__ = ["MAX_DIGITS", "action_value", "card_value", "contract_bid_value", "int_value", "json_object",
           "kind_value", "mark_value", "seat_value", "shown", "suit_value"]

SEAT_WORDS: dict[str, int] = {
    **{letter.lower(): seat for seat, letter in enumerate(SEAT_NAMES)},
    "north": 0, "east": 1, "south": 2, "west": 3,          # English
    "nord": 0, "est": 1, "sud": 2, "ouest": 3, "o": 3,      # French
    "chamal": 0, "charq": 1, "janoub": 2, "gharb": 3,       # Darija
    "شمال": 0, "شرق": 1, "جنوب": 2, "غرب": 3,
}
"""Seat words, lower-case (the letters N E S W of the notation, O for ouest)."""


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def json_object(value: object) -> dict[str, Any]:
    """``value`` if it is a JSON object, else an empty one (for lenient reading of logs)."""
    return value if isinstance(value, dict) else {}


def int_value(value: object) -> int | None:
    """An integer, or a string of one of at most :data:`MAX_DIGITS` digits (the reader's limit,
    docs/notation.md "Limits of the reader"); ``None`` otherwise (booleans are not numbers).

    >>> int_value(" -12 "), int_value("9" * 15) == 10 ** 15 - 1, int_value("9" * 16), int_value(True)
    (-12, True, None, None)
    """
    if _is_int(value):
        return value  # type: ignore[return-value]
    if isinstance(value, str):
        digits = value.strip().lstrip("+-")
        if digits.isdigit() and len(digits) <= MAX_DIGITS:
            return int(value.strip())
    return None


def shown(text: str, limit: int = 40) -> str:
    """``text`` quoted for a message, cut to ``limit`` characters with its length said (a
    5,000-digit number must not make a 5,000-character finding).

    >>> shown("abc"), shown("9" * 5000)
    ("'abc'", "'9999999999999999999999999999999999999999'... (5,000 characters)")
    """
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}... ({len(text):,} characters)"


def seat_value(value: object) -> int | None:
    """0..3 (N E S W) from 0..3, ``"N"``, ``"north"``, ``"nord"``, ``"chamal"``..."""
    if _is_int(value):
        return value if 0 <= value <= 3 else None  # type: ignore[operator,return-value]
    if isinstance(value, str):
        key = value.strip().lower()
        if key.isdigit():
            return seat_value(int(key))
        return SEAT_WORDS.get(key)
    return None


@cache
def _cards(deck: Deck) -> dict[str, int]:
    return card_table(deck)


def card_value(value: object, deck: Deck) -> int | None:
    """A card 0..31 from its number or its name in ``deck`` (else in the other deck)."""
    if _is_int(value):
        return value if 0 <= value <= 31 else None  # type: ignore[operator,return-value]
    if not isinstance(value, str):
        return None
    key = value.strip().upper()
    if key.isdigit():
        return card_value(int(key), deck) if len(key) <= MAX_DIGITS else None
    other = Deck.SPANISH if deck is Deck.FRENCH else Deck.FRENCH
    for table in (_cards(deck), _cards(other)):
        if key in table:
            return table[key]
    return None


def suit_value(value: object, deck: Deck) -> int | None:
    """A suit 0..3 from its number, letter, symbol or word (``hearts``, ``oros``, ``coeur``);
    a contrée strain: 4 sans-atout (``SA``, ``no-trump``), 5 tout-atout (``TA``)."""
    if _is_int(value):
        return value if 0 <= value <= 5 else None  # type: ignore[operator,return-value]
    if not isinstance(value, str) or not value.strip():
        return None
    strain = strain_word(value.strip())
    if strain is not None:
        return strain
    try:
        return parse_suit(value, deck)
    except CardError:
        other = Deck.SPANISH if deck is Deck.FRENCH else Deck.FRENCH
        try:
            return parse_suit(value, other)
        except CardError:
            return None


@cache
def _action_words() -> dict[str, Action]:
    table: dict[str, Action] = dict(call_words())
    table.update({"je passe": "pass", "je prends": "take", "passo": "pass", "bid": "bid"})
    return table


def action_value(value: object) -> Action | None:
    """A call from the notation's words, any case: ``pass`` (``passe``, ``douz``), ``take``
    (``prends``, ``nakhod``) and the contrée calls (``bid``, ``capot``, ``generale``,
    ``coinche``/``contre``/``double``, ``surcoinche``/``surcontre``/``redouble``)."""
    if not isinstance(value, str):
        return None
    return _action_words().get(" ".join(value.lower().split()))


def contract_bid_value(value: object, deck: Deck) -> tuple[int, int | None] | None:
    """A contrée bid written in one word (``80H``, ``110SA``, ``90``): (points, strain or
    ``None`` when not in the word); ``None`` for anything else.

    >>> contract_bid_value("80H", Deck.FRENCH), contract_bid_value("110sa", Deck.FRENCH)
    ((80, 1), (110, 4))
    """
    if not isinstance(value, str):
        return None
    found = points_bid(value.strip())
    if found is None:
        return None
    points, rest = found
    if not rest:
        return points, None
    strain = suit_value(rest, deck)
    return (points, strain) if strain is not None else None


def mark_value(value: object) -> Mark | None:
    """``belote``/``rebelote`` from the notation's words; ``None`` for anything else."""
    if not isinstance(value, str) or value.strip().lower() not in {
            w.lower() for w in words_of("MARK_WORD")}:
        return None
    return mark_of(value.strip())


def kind_value(value: object) -> Kind | None:
    """``sequence``, ``carre`` or ``belote`` from the notation's words (``tierce``, ``carré``)."""
    if not isinstance(value, str) or value.strip().lower() not in {
            w.lower() for w in words_of("KIND")}:
        return None
    return kind_of(value.strip())
