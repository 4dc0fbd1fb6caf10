"""What a game's tag pairs decide for reading: its deck, its rule system and option overrides.

Resolution (docs/notation.md, "Deck and rules of a game"):

* deck: the ``Deck`` tag if present; else the deck of the preset named by the ``Rules`` tag;
  else the deck the cards and suit words are written in (:func:`infer_deck`: Spanish when
  only Spanish cards or suits are written); else French. An unknown ``Rules`` name reads as
  French (the validator reports the name).
* rules (resolved by the checks, :mod:`belote_notation.check.setup`): the ``Rules`` tag names
  a preset; every ``Option`` tag (``[Option "target=1000"]``, one option per tag, repeatable)
  overrides one option by name; ``Target`` is a shorthand for ``[Option "target=..."]``.
  Later tags win.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from operator import itemgetter
from typing import NamedTuple, Protocol, TypeVar

from belote_notation.game.cards import Deck, deck_of_rule_system

__all__ = ["PlacedTagPair", "Tag", "TagPair", "deck_from_name", "game_deck", "head_deck", "infer_deck",
           "laid_out_tag", "names_deck", "names_in", "rule_overrides", "tag_name"]


class TagPair(Protocol):
    """What the deck resolution reads of a tag pair (a :class:`~.records.Header` or the reader's own)."""

    @property
    def name(self) -> str: ...

    @property
    def value(self) -> str: ...


class PlacedTagPair(TagPair, Protocol):
    """A tag pair and where it was read (a :class:`~.records.Header`, a :class:`Tag`): what the
    checks read of one, and where they point when it cannot be used."""

    @property
    def line(self) -> int: ...

    @property
    def col(self) -> int: ...


class Tag(NamedTuple):
    """A tag pair as read, at its line and column: what the checks keep of a game's tags
    (reading events to check them builds no record: the records' module and pydantic are not
    imported by ``validate``)."""

    name: str
    value: str
    line: int = 0
    col: int = 0


def laid_out_tag(pairs: Sequence[tuple[str, str]], line: int, index: int) -> Tag:
    """The :class:`Tag` of ``pairs[index]``, of tag pairs one a line from ``line`` on, each at its
    first column (the layout ``fmt`` writes). Made with ``tuple.__new__``: without namedtuple's
    Python ``__new__``, a frame less a tag.

    >>> laid_out_tag([("Event", "x"), ("Rules", "contree")], 3, 1)
    Tag(name='Rules', value='contree', line=4, col=1)
    """
    return tuple.__new__(Tag, (*pairs[index], line + index, 1))


P = TypeVar("P", bound=TagPair)

_DECK_NAMES = {
    "spanish": Deck.SPANISH, "espagnol": Deck.SPANISH, "espanol": Deck.SPANISH,
    "español": Deck.SPANISH, "es": Deck.SPANISH, "spain": Deck.SPANISH, "sp": Deck.SPANISH,
    "french": Deck.FRENCH, "francais": Deck.FRENCH, "français": Deck.FRENCH, "fr": Deck.FRENCH,
    "france": Deck.FRENCH,
}


def deck_from_name(value: str) -> Deck | None:
    """``spanish`` / ``french`` and their aliases, any case; ``None`` if unknown."""
    return _DECK_NAMES.get(value.strip().lower())


def _last(headers: Iterable[P], name: str) -> P | None:
    found = None
    for header in headers:
        if header.name.lower() == name:
            found = header
    return found


def game_deck(headers: Iterable[TagPair]) -> Deck:
    """The deck the cards of a game are named in."""
    headers = list(headers)
    deck_tag = _last(headers, "deck")
    if deck_tag is not None:
        deck = deck_from_name(deck_tag.value)
        if deck is not None:
            return deck
    rules_tag = _last(headers, "rules")
    if rules_tag is not None:
        return deck_of_rule_system(rules_tag.value) or Deck.FRENCH
    return Deck.FRENCH


_CARD_OR_SUIT = (
    r"(?<![\w])(?:(?P<rank>10|11|12|[1-9]|[TJQKAVDR])(?P<suit>[SHDCEOB\u2660-\u2667])"
    r"|(?P<word>espadas|copas|oros|bastos|spades|hearts|diamonds|clubs|pique|coeur|c\u0153ur|carreau"
    r"|tr[e\u00e8]fle))(?![\w])")
_SPANISH_RANKS = frozenset({"1", "4", "5", "6", "11", "12"})
_FRENCH_RANKS = frozenset({"8", "9", "T", "J", "Q", "K", "A", "V", "D", "R"})
_SPANISH_WORDS = frozenset({"espadas", "copas", "oros", "bastos"})
_NOT_PLAYED = r'\[\s*\w+\s+"(?:[^"\\\n]|\\.)*"\s*\]|\{[^}]*\}?|;[^\n]*'
"""What says nothing of the deck the cards are written in: tag pairs (``[Event "1B"]``),
comments in braces and ``;`` comments."""


@cache
def _deck_patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """:data:`_CARD_OR_SUIT` and :data:`_NOT_PLAYED` compiled, the first time a game names no
    deck (compiling them took 1 ms of every start, and most games have a ``Rules`` tag)."""
    return re.compile(_CARD_OR_SUIT, re.IGNORECASE), re.compile(_NOT_PLAYED)


def infer_deck(text: str) -> Deck | None:
    """The deck a game's text is written in when no tag says it: Spanish when every card or
    suit word that names one deck only is Spanish (a rank 1, 4, 5, 6, 11 or 12, a suit E, O or
    B, a suit word such as ``oros``), French when every one is French; ``None`` when there is
    none, or both (then French is read, as without inference).

    >>> infer_deck("trick 1 N:4c E:12b S:1o W:7e"), infer_deck("trick 1 N:7S E:KS")
    (<Deck.SPANISH: 'spanish'>, <Deck.FRENCH: 'french'>)
    >>> infer_deck("trick 1 N:10C E:7C") is None, infer_deck("N:4C E:KS") is None
    (True, True)
    >>> infer_deck('[Event "1B"] deal 1 {a 12O here} ; or 4B') is None  # tags and comments: no card
    True
    """
    spanish = french = False
    card_or_suit, not_played = _deck_patterns()
    for found in card_or_suit.finditer(not_played.sub(" ", text)):
        word = found.group("word")
        if word is not None:
            if word.lower() in _SPANISH_WORDS:
                spanish = True
            else:
                french = True
        else:
            rank, suit = found.group("rank").upper(), found.group("suit").upper()
            if suit in "EOB" or rank in _SPANISH_RANKS:
                spanish = True
            if suit in "SHD" or suit > "\u2000" or rank in _FRENCH_RANKS:
                french = True
        if spanish and french:
            return None
    return Deck.SPANISH if spanish else Deck.FRENCH if french else None


def names_deck(headers: Iterable[TagPair]) -> bool:
    """Whether a ``Deck`` or a ``Rules`` tag says the deck of a game (else it is inferred). A
    ``Rules`` tag whose value is no known rule system (``morrocan``) says nothing: the game is
    read as if it had none, its deck worked out from its cards.

    >>> names_deck([Tag("Rules", "maroc")]), names_deck([Tag("Rules", "morrocan")])
    (True, False)
    """
    for header in headers:
        name = header.name.lower()
        if name == "deck" or (name == "rules" and deck_of_rule_system(header.value) is not None):
            return True
    return False


def rule_overrides(headers: Iterable[P]) -> list[tuple[P, str, str]]:
    """Every option override the tags ask for, in order: (tag, option name, value text).

    ``[Option "name=value"]`` (also ``name: value``) and ``[Target "1000"]``. A tag whose value
    has no ``=`` is returned with an empty name so the caller can report it.
    """
    out: list[tuple[P, str, str]] = []
    for header in headers:
        key = header.name.lower()
        if key in ("option", "options"):
            text = header.value
            sep = "=" if "=" in text else (":" if ":" in text else None)
            if sep is None:
                out.append((header, "", text))
            else:
                name, _, value = text.partition(sep)
                out.append((header, name.strip(), value.strip()))
        elif key == "target":
            out.append((header, "target", header.value.strip()))
    return out


@lru_cache(maxsize=256)
def head_deck(tags: tuple[tuple[str, str], ...]) -> tuple[Deck, bool, int]:
    """What a game's ``Deck`` and ``Rules`` tags (name, value, in order) say of its cards: their
    deck (:func:`game_deck`), whether a tag names it
    (:func:`names_deck`) and the index of the last ``Deck`` tag
    when it names no deck (-1: none such). Remembered: a file's games repeat these tags.

    >>> head_deck((("Rules", "contree"), ("Deck", "french")))
    (<Deck.FRENCH: 'french'>, True, -1)
    >>> head_deck((("Deck", "tarot"),))
    (<Deck.FRENCH: 'french'>, True, 0)
    """
    pairs = [Tag(name, value) for name, value in tags]
    unknown = -1
    for index, (name, value) in enumerate(tags):
        if name.lower() == "deck":
            unknown = index if deck_from_name(value) is None else -1
    return game_deck(pairs), names_deck(pairs), unknown


tag_name = itemgetter(0)
"""A tag pair's name (``tuple(map(tag_name, pairs))``: the names of a head's pairs, in C)."""


@lru_cache(maxsize=256)
def names_in(names: tuple[str, ...], wanted: frozenset[str]) -> tuple[tuple[int, str], ...]:
    """The (index, name in lower case) of the ``names`` whose lower case is in ``wanted``.
    Remembered: a file's games repeat their heads' names, so each is lower-cased once a file,
    not once a game by each reader of the head.

    >>> names_in(("Event", "Rules", "DECK"), frozenset({"rules", "deck"}))
    ((1, 'rules'), (2, 'deck'))
    """
    return tuple((index, key) for index, key in enumerate(name.lower() for name in names) if key in wanted)
