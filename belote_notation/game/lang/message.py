"""A finding's message as data: a catalogue id (gettext's msgid, the English text with
``%(name)s`` places) and typed parameters, rendered in a language only at the edge.

The engine and the checks build a :class:`Message`; :mod:`belote_notation.game.lang.render`
renders it from the catalogues (English, French, Arabic). A parameter is a seat, a card, a
set of cards, a suit (each named per deck and language), a nested message, a number, or a
verbatim token of the record (a contract ``80♥``, a word the record wrote), never translated.

>>> m = msg("%(who)s did not follow %(suit)s", who=Seat(1), suit=Suit(0, Deck.FRENCH))
>>> m.args_json()
{'who': {'seat': 'E'}, 'suit': {'suit': 'S', 'deck': 'french'}}
>>> Message.from_json(m.id, m.args_json()) == m
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

from belote_notation.game.cards import (
    FRENCH_SUITS,
    SEAT_NAMES,
    SPANISH_SUITS,
    CardError,
    Deck,
    card_name,
    parse_card,
)

__all__ = ["Arg", "Card", "Cards", "Listed", "Message", "Number", "Seat", "Suit", "msg", "msg_n", "msg_p"]


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat, 0..3 (N E S W)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Card:
    """A card, 0..31, of ``deck``."""

    card: int
    deck: Deck


@dataclass(frozen=True, slots=True)
class Cards:
    """A set of cards (a 32-bit mask) of ``deck``, named weakest first."""

    mask: int
    deck: Deck


@dataclass(frozen=True, slots=True)
class Suit:
    """A suit, 0..3 (♠ ♥ ♦ ♣ / espadas copas oros bastos), of ``deck``."""

    suit: int
    deck: Deck


@dataclass(frozen=True, slots=True)
class Number:
    """A large number written with the language's digit grouping (``4,301`` / ``4\u202f301``);
    a plain ``int`` parameter is written without grouping."""

    value: int


@dataclass(frozen=True, slots=True)
class Listed:
    """Parameters named one after the other with the language's list separator (``a, b``)."""

    items: tuple[Arg, ...]


Arg = Union[Seat, Card, Cards, Suit, Number, Listed, "Message", int, str]
"""A message's parameter; a ``str`` is a verbatim token of the record, never translated."""


@dataclass(frozen=True, slots=True)
class Message:
    """The catalogue's ``id`` (the English msgid), its plural msgid and counting parameter when
    it has plural forms, the parameters by name (in the order they were given) and the context
    (gettext's ``msgctxt``) of a word that needs one to be translated."""

    id: str
    args: tuple[tuple[str, Arg], ...] = ()
    plural: str | None = None
    count: str | None = None
    context: str | None = None

    def arg(self, name: str) -> Arg:
        """The parameter ``name``."""
        return dict(self.args)[name]

    def args_json(self) -> dict[str, Any]:
        """The parameters as JSON values, each typed: ``{"seat": "W"}``, ``{"card": "6O",
        "deck": "spanish"}``, ``{"cards": [...], "deck": ...}``, ``{"suit": "O", "deck": ...}``,
        ``{"message": id, "args": {...}}``, or the number or token itself."""
        return {name: _to_json(value) for name, value in self.args}

    @classmethod
    def from_json(cls, id: str, args: dict[str, Any], plural: str | None = None,
                  count: str | None = None, context: str | None = None) -> Message:
        """The message :meth:`args_json` wrote (``ValueError`` for a parameter it cannot read)."""
        return cls(id, tuple((name, _from_json(value)) for name, value in args.items()), plural, count,
                   context)


def msg(id: str, **args: Arg) -> Message:
    """A message of the catalogue with its parameters.

    >>> msg("trick %(trick)s: a deal has only eight tricks", trick=9).args
    (('trick', 9),)
    """
    return Message(id, tuple(args.items()))


def msg_n(singular: str, plural: str, count: str, **args: Arg) -> Message:
    """A message with plural forms, chosen by the catalogue's rule on the parameter ``count``."""
    return Message(singular, tuple(args.items()), plural, count)


def msg_p(context: str, id: str, **args: Arg) -> Message:
    """A message whose words need a context to be translated (gettext's ``pgettext``): the same
    English in two places that a language says in two ways (``cards`` heading a column, not
    ``cards`` read from a file).

    >>> msg_p("column", "cards").context
    'column'
    """
    return Message(id, tuple(args.items()), context=context)


def _letters(deck: Deck) -> str:
    return SPANISH_SUITS if deck is Deck.SPANISH else FRENCH_SUITS


def _to_json(value: Arg) -> Any:
    if isinstance(value, Seat):
        return {"seat": SEAT_NAMES[value.seat & 3]}
    if isinstance(value, Card):
        return {"card": card_name(value.card, value.deck), "deck": value.deck.value}
    if isinstance(value, Cards):
        names = [card_name(c, value.deck) for c in range(32) if value.mask >> c & 1]
        return {"cards": names, "deck": value.deck.value}
    if isinstance(value, Suit):
        return {"suit": _letters(value.deck)[value.suit & 3], "deck": value.deck.value}
    if isinstance(value, Number):
        return {"number": value.value}
    if isinstance(value, Listed):
        return {"list": [_to_json(item) for item in value.items]}
    if isinstance(value, Message):
        out: dict[str, Any] = {"message": value.id, "args": value.args_json()}
        if value.plural is not None:
            out["plural"], out["count"] = value.plural, value.count
        if value.context is not None:
            out["context"] = value.context
        return out
    return value


def _from_json(value: Any) -> Arg:
    if isinstance(value, (int, str)):
        return value
    if not isinstance(value, dict):
        raise ValueError(f"not a message parameter: {value!r}")
    deck = Deck(value.get("deck", "french"))
    if "seat" in value:
        return Seat(SEAT_NAMES.index(value["seat"]))
    if "card" in value:
        return Card(_card(value["card"], deck), deck)
    if "cards" in value:
        return Cards(sum(1 << _card(name, deck) for name in value["cards"]), deck)
    if "suit" in value:
        return Suit(_letters(deck).index(value["suit"]), deck)
    if "number" in value and isinstance(value["number"], int):
        return Number(value["number"])
    if "list" in value and isinstance(value["list"], list):
        return Listed(tuple(_from_json(item) for item in value["list"]))
    if "message" in value:
        return Message.from_json(value["message"], value.get("args", {}), value.get("plural"),
                                 value.get("count"), value.get("context"))
    raise ValueError(f"not a message parameter: {value!r}")


def _card(name: str, deck: Deck) -> int:
    try:
        return parse_card(name, deck)
    except CardError as exc:
        raise ValueError(str(exc)) from None
