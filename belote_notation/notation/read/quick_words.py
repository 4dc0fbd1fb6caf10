"""The words of the quick lines (:mod:`belote_notation.notation.read.quick`) as programs write
them: calls, suits and trumps, contrée bids of points, score keywords, each to its value.

>>> quick_calls()["S:pass"]
(2, 'pass')
>>> quick_points_bid("N:110SA", Deck.FRENCH)
(0, 110, 4)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache, partial

from belote_notation.game.cards import SANS_ATOUT, SEAT_NAMES, TOUT_ATOUT, CardError, Deck, parse_suit
from belote_notation.notation import vocabulary as vocab
from belote_notation.notation.visitor import Action, ScoreKind

__all__ = ["points_bid_reader", "quick_calls", "quick_points_bid", "quick_rounds", "quick_score_words",
           "quick_strains", "quick_suits", "word_tables"]


@cache
def quick_calls() -> dict[str, tuple[int | None, Action]]:
    """The calls as programs write them (``pass``, ``S:take``...) to (seat, action)."""
    table: dict[str, tuple[int | None, Action]] = {}
    for word, action in vocab.call_words().items():
        table[word] = (None, action)
        for seat, letter in enumerate(SEAT_NAMES):
            table[f"{letter}:{word}"] = (seat, action)
    return table


@cache
def quick_rounds() -> dict[str, int]:
    """The rounds of a bidding line as the canonical layout writes them (the grammar's
    ``C_ROUND``) to their numbers.

    >>> quick_rounds()
    {'1': 1, '2': 2}
    """
    return {word: int(word) for word in vocab.words_of("C_ROUND")}


@cache
def quick_suits(deck: Deck) -> dict[str, int]:
    """The one-character suit words of ``deck`` to suit numbers."""
    table: dict[str, int] = {}
    for word in vocab.words_of("SUIT_CHAR"):
        try:
            table[word] = parse_suit(word, deck)
        except CardError:
            pass
    return table


@cache
def quick_strains(deck: Deck) -> dict[str, int]:
    """The trumps of a contrée contract as the canonical form writes them: suit letters, SA, TA."""
    return {**quick_suits(deck), "SA": SANS_ATOUT, "TA": TOUT_ATOUT}


def quick_points_bid(word: str, deck: Deck) -> tuple[int | None, int, int] | None:
    """A canonical contrée bid of points (``80H``, ``N:110SA``): (seat, points, trump)."""
    seat = None
    if len(word) > 2 and word[1] == ":":
        seat = vocab.SEATS.get(word[0])
        word = word[2:]
    found = vocab.points_bid(word)
    if found is None or seat is None and ":" in word:
        return None
    strain = quick_strains(deck).get(found[1])
    return None if strain is None else (seat, found[0], strain)


@cache
def points_bid_reader(deck: Deck) -> Callable[[str], tuple[int | None, int, int] | None]:
    """:func:`quick_points_bid` for ``deck``, remembered by word: the compiled reader asks it for
    every bid of points, and a file says the same few hundred (``N:80H``, ``E:110SA``) again and
    again. It is the same pure function of the word; the memory is bounded.

    >>> points_bid_reader(Deck.FRENCH)("N:110SA")
    (0, 110, 4)
    """
    return lru_cache(maxsize=4096)(partial(quick_points_bid, deck=deck))


@cache
def quick_score_words() -> dict[str, ScoreKind]:
    """The keywords of the score lines (lower-case, as programs write them) to their kind."""
    kinds: tuple[tuple[str, ScoreKind], ...] = (
        ("SCORE_KW", "score"), ("MATCH_KW", "match"), ("POT_KW", "pot"))
    return {word: kind for name, kind in kinds for word in vocab.keywords(name)}


@cache
def word_tables(deck: Deck) -> tuple[dict[str, int], dict[str, tuple[int | None, int]], frozenset[str],
                                    frozenset[str], frozenset[str], frozenset[str]]:
    """The word tables of a reader of ``deck`` (:class:`~.items.ItemReader`), made once a deck: a
    reader is made once a game. Cards, plays, marks, winners, the trick keywords, and the words
    that head a trick's part."""
    marks, winners = vocab.keywords("MARK_WORD"), vocab.keywords("WINNER_KW")
    trick_words = vocab.keywords("TRICK_KW")
    return (vocab.card_table(deck), vocab.play_table(deck), marks, winners, trick_words,
            (trick_words | winners) - marks)
