"""What a game's tag pairs decide for reading: its deck, its rule system and option overrides.

Resolution (docs/notation.md, "Deck and rules of a game"):

* deck: the ``Deck`` tag if present; else the deck of the preset named by the ``Rules`` tag;
  else French. An unknown ``Rules`` name reads as French (the validator reports the name).
* rules (resolved by the checks, :mod:`belote_notation.check.setup`): the ``Rules`` tag names
  a preset; every ``Option`` tag (``[Option "target=1000"]``, one option per tag, repeatable)
  overrides one option by name; ``Target`` is a shorthand for ``[Option "target=..."]``.
  Later tags win.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol, TypeVar

from belote_notation.game.cards import Deck, deck_of_rule_system
from belote_notation.notation.records import Header

__all__ = ["TagPair", "deck_from_name", "game_deck", "rule_overrides"]


class TagPair(Protocol):
    """What the deck resolution reads of a tag pair (a :class:`Header` or the reader's own)."""

    @property
    def name(self) -> str: ...

    @property
    def value(self) -> str: ...


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


def rule_overrides(headers: Iterable[Header]) -> list[tuple[Header, str, str]]:
    """Every option override the tags ask for, in order: (tag, option name, value text).

    ``[Option "name=value"]`` (also ``name: value``) and ``[Target "1000"]``. A tag whose value
    has no ``=`` is returned with an empty name so the caller can report it.
    """
    out: list[tuple[Header, str, str]] = []
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

