"""What a game's tag pairs decide for reading: its deck, its rule system and option overrides.

Resolution (docs/notation.md, "Deck and rules of a game"):

* deck: the ``Deck`` tag if present; else the deck of the preset named by the ``Rules`` tag;
  else French. An unknown ``Rules`` name reads as French (the validator reports the name).
* rules: the ``Rules`` tag names a preset; every ``Option`` tag (``[Option "target=1000"]``,
  one option per tag, repeatable) overrides one option by name; ``Target`` is a shorthand for
  ``[Option "target=..."]``. Later tags win.
"""

from __future__ import annotations

from typing import Iterable, Optional

from .cards import Deck
from .records import Header
from .rules import Ruleset, RulesError

__all__ = ["deck_from_name", "game_deck", "rule_overrides", "game_rules"]

_DECK_NAMES = {
    "spanish": Deck.SPANISH, "espagnol": Deck.SPANISH, "espanol": Deck.SPANISH,
    "español": Deck.SPANISH, "es": Deck.SPANISH, "spain": Deck.SPANISH, "sp": Deck.SPANISH,
    "french": Deck.FRENCH, "francais": Deck.FRENCH, "français": Deck.FRENCH, "fr": Deck.FRENCH,
    "france": Deck.FRENCH,
}


def deck_from_name(value: str) -> Optional[Deck]:
    """``spanish`` / ``french`` and their aliases, any case; ``None`` if unknown."""
    return _DECK_NAMES.get(value.strip().lower())


def _last(headers: Iterable[Header], name: str) -> Optional[Header]:
    found = None
    for header in headers:
        if header.name.lower() == name:
            found = header
    return found


def game_deck(headers: Iterable[Header]) -> Deck:
    """The deck the cards of a game are named in."""
    headers = list(headers)
    deck_tag = _last(headers, "deck")
    if deck_tag is not None:
        deck = deck_from_name(deck_tag.value)
        if deck is not None:
            return deck
    rules_tag = _last(headers, "rules")
    if rules_tag is not None:
        try:
            return Ruleset.preset(rules_tag.value).deck
        except RulesError:
            return Deck.FRENCH
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


def game_rules(headers: Iterable[Header], default: str = "classic") -> Ruleset:
    """The ruleset of a game: its ``Rules`` preset with the overrides applied.

    Raises :class:`~belote_notation.rules.RulesError` on an unknown preset or a bad option.
    """
    headers = list(headers)
    rules_tag = _last(headers, "rules")
    rules = Ruleset.preset(rules_tag.value if rules_tag is not None else default)
    overrides = {}
    for header, name, value in rule_overrides(headers):
        if not name:
            raise RulesError(f"option tag {header.value!r} is not of the form name=value")
        overrides[name] = value
    return rules.with_options(overrides)
