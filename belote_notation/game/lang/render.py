"""A :class:`~belote_notation.game.lang.message.Message` rendered in a language: the one place
where a finding's text is made (``tests/check/test_messages.py`` greps the library for others).

The catalogues are gettext's: ``locale/<lang>/LC_MESSAGES/belote.po``, compiled to ``.mo``
(``tools/i18n.py``: Babel's extract, update and compile) and read at run time by the standard
library's :mod:`gettext` (no dependency at run time). English is the catalogue's source, the
msgids themselves, so an English text is byte for byte what the code names; a message missing
from a catalogue falls back to English. Plurals follow each catalogue's ``Plural-Forms`` (Arabic
has six).

>>> from belote_notation.game.cards import Deck
>>> from belote_notation.game.lang.message import Cards, Seat, Suit, msg
>>> m = msg("%(who)s did not follow %(led)s: held %(held)s", who=Seat(3), led=Suit(2, Deck.SPANISH),
...         held=Cards(0x30000, Deck.SPANISH))
>>> render(m, "en")
'W did not follow oros: held 4O, 5O'
>>> render(m, "fr")
"W n'a pas fourni à oros : il avait 4O, 5O"
"""

from __future__ import annotations

import gettext
import os
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path
from typing import Literal

from belote_notation.game.cards import (
    SEAT_NAMES,
    SPANISH_SUIT_WORDS,
    SUIT_SYMBOLS,
    Deck,
    card_name,
    card_symbol_name,
    suit_display,
)
from belote_notation.game.lang.message import Arg, Card, Cards, Listed, Message, Number, Seat, Suit

__all__ = ["DEFAULT_LANG", "LANGS", "Lang", "chosen_lang", "lang_of", "message_key", "positional",
           "render_args", "using_lang", "name_card", "name_suit", "render", "said", "say", "listed",
           "translations"]

Lang = Literal["en", "fr", "ar"]
LANGS: tuple[Lang, ...] = ("en", "fr", "ar")
DEFAULT_LANG: Lang = "en"
DOMAIN = "belote"

_FRENCH_RANKS_FR = ("7", "8", "9", "10", "V", "D", "R", "A")
"""valet, dame, roi: the letters of a French player's score sheet (as ``render --lang fr`` draws)."""
_SUIT_WORDS_AR = {
    Deck.SPANISH: ("السبادا", "الكوبا", "الذهب", "الباستوس"),
    Deck.FRENCH: ("♠", "♥", "♦", "♣"),
}
"""The Spanish suits as Moroccan players say them (docs/languages.md): espadas, copas, oros,
bastos; the French suits keep their symbols."""
_LIST_SEPARATOR = {"en": ", ", "fr": ", ", "ar": "، "}
_THOUSANDS = {"en": ",", "fr": "\u202f", "ar": ","}
"""Digit grouping: French typography's narrow no-break space; Arabic as written in Morocco with
Western digits."""


def lang_of(text: str | None) -> Lang:
    """A language of :data:`LANGS` from ``fr``, ``fr-FR``, ``ar_MA`` or an ``Accept-Language``
    header (the first known tag, weights ignored when equal order); English otherwise.

    >>> lang_of("ar-MA,fr;q=0.8"), lang_of("de, fr;q=0.5"), lang_of(None)
    ('ar', 'fr', 'en')
    """
    if not text:
        return DEFAULT_LANG
    ranked = []
    for position, part in enumerate(text.split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        ranked.append((-weight, position, tag.strip().replace("_", "-").split("-")[0].lower()))
    for _weight, _position, primary in sorted(ranked):
        if primary in LANGS:
            return primary
    return DEFAULT_LANG


_ASKED: ContextVar[Lang | None] = ContextVar("belote_lang", default=None)


def chosen_lang() -> Lang:
    """The language of :func:`using_lang` around the caller (a request of the service), else
    the one asked for by ``BELOTE_LANG`` (set by ``--lang``, the config file or the user, and
    inherited by worker processes); English when unset or unknown."""
    asked = _ASKED.get()
    return asked if asked is not None else lang_of(os.environ.get("BELOTE_LANG"))


@contextmanager
def using_lang(lang: str) -> Iterator[None]:
    """Render in ``lang`` inside the block, in this thread or task only.

    >>> from belote_notation.game.lang.message import Seat, msg
    >>> with using_lang("fr"):
    ...     chosen_lang()
    'fr'
    """
    token = _ASKED.set(lang_of(lang))
    try:
        yield
    finally:
        _ASKED.reset(token)


_PLACE = re.compile(r"%\((\w+)\)s")


def message_key(message: Message) -> str:
    """A short stable id of a message's text (SARIF's ``message.id``): ``m`` and 10 hex digits of
    its msgid's SHA-1, the same for every language."""
    import hashlib

    key = message.id if message.context is None else message.context + "\x04" + message.id
    return "m" + hashlib.sha1(key.encode("utf-8")).hexdigest()[:10]


def positional(message: Message, lang: str = DEFAULT_LANG) -> tuple[str, list[str]]:
    """SARIF's form: the template in ``lang`` with ``{0}``, ``{1}`` places (in order of first
    use) and the names they stand for.

    >>> from belote_notation.game.lang.message import Seat, msg
    >>> positional(msg("%(who)s bid out of turn: it was %(turn)s's turn", who=Seat(0), turn=Seat(1)))
    ("{0} bid out of turn: it was {1}'s turn", ['who', 'turn'])
    """
    text = _template(message, lang, 2)
    names: list[str] = []

    def place(match: re.Match[str]) -> str:
        if match.group(1) not in names:
            names.append(match.group(1))
        return "{" + str(names.index(match.group(1))) + "}"

    return _PLACE.sub(place, text.replace("{", "{{").replace("}", "}}")).replace("%%", "%"), names


def render_args(message: Message, lang: str = DEFAULT_LANG) -> dict[str, str]:
    """Each parameter of ``message`` named in ``lang``."""
    return {name: str(_name(value, lang)) for name, value in message.args}


@lru_cache(maxsize=None)
def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``lang`` (English, or a language without one: the msgids)."""
    if lang == DEFAULT_LANG or lang not in LANGS:
        return gettext.NullTranslations()
    path = Path(__file__).with_name("locale") / lang / "LC_MESSAGES" / (DOMAIN + ".mo")
    try:
        with path.open("rb") as handle:
            return gettext.GNUTranslations(handle)
    except OSError:
        return gettext.NullTranslations()


def name_card(card: int, deck: Deck, lang: str) -> str:
    """A card as players of ``lang`` write it: ``J♥`` / ``V♥``; Spanish cards by their own
    letters in every language (``10O``)."""
    if lang == "fr" and deck is Deck.FRENCH:
        return _FRENCH_RANKS_FR[card & 7] + SUIT_SYMBOLS[card >> 3]
    if lang == "ar" and deck is Deck.SPANISH:
        return card_name(card, deck)
    return card_symbol_name(card, deck)


def name_suit(suit: int, deck: Deck, lang: str) -> str:
    """A suit in ``lang``: a French suit by its symbol, a Spanish one by its word."""
    if lang == "ar" and 0 <= suit < 4:
        return _SUIT_WORDS_AR[deck][suit]
    if lang == "fr" and deck is Deck.SPANISH and 0 <= suit < 4:
        return SPANISH_SUIT_WORDS[suit]
    return suit_display(suit, deck)


def _name(value: Arg, lang: str) -> str | int:
    if isinstance(value, Seat):
        return SEAT_NAMES[value.seat & 3]
    if isinstance(value, Card):
        return name_card(value.card, value.deck, lang)
    if isinstance(value, Cards):
        names = [name_card(c, value.deck, lang) for c in range(32) if value.mask >> c & 1]
        return _LIST_SEPARATOR.get(lang, ", ").join(names)
    if isinstance(value, Suit):
        return name_suit(value.suit, value.deck, lang)
    if isinstance(value, Listed):
        return _LIST_SEPARATOR.get(lang, ", ").join(str(_name(item, lang)) for item in value.items)
    if isinstance(value, Number):
        return f"{value.value:,}".replace(",", _THOUSANDS.get(lang, ","))
    if isinstance(value, Message):
        return render(value, lang)
    return value


def said(message: Message | None, english: str) -> str:
    """``message`` in the language chosen (:func:`chosen_lang`), or ``english``, its English text
    rendered before, when there is no message (a text not in the catalogues).

    >>> from belote_notation.game.lang.message import msg
    >>> with using_lang("fr"):
    ...     said(msg("no dealer"), "no dealer"), said(None, "no dealer")
    ('pas de donneur', 'no dealer')
    """
    return english if message is None else render(message, chosen_lang())


def say(message: Message) -> str:
    """``message`` in the language chosen (:func:`chosen_lang`): a command's own words
    (``show``'s headings, ``stats``' labels), English byte for byte as the msgid.

    >>> from belote_notation.game.lang.message import msg
    >>> say(msg("Findings:"))
    'Findings:'
    """
    return render(message, chosen_lang())


def listed(items: Sequence[Message | str], lang: str | None = None) -> str:
    """Words (a message in ``lang``, by default the language chosen; a token as written) one
    after the other with the language's list separator (``a, b``; in Arabic ``a، b``).

    >>> from belote_notation.game.lang.message import msg
    >>> listed([msg("no dealer"), "N take"]), listed(["7O", "1E"], "ar")
    ('no dealer, N take', '7O، 1E')
    """
    items_arg = Message("", (("items", Listed(tuple(items))),))
    return render_args(items_arg, chosen_lang() if lang is None else lang)["items"]


def render(message: Message, lang: str = DEFAULT_LANG) -> str:
    """``message`` in ``lang`` (English for a language without a catalogue)."""
    count: Arg | None = 2
    if message.plural is not None and message.count is not None:
        count = message.arg(message.count)
        if isinstance(count, Number):
            count = count.value
    text = _template(message, lang, count if isinstance(count, int) else 2)
    return text % {name: _name(value, lang) for name, value in message.args}


def _template(message: Message, lang: str, count: int) -> str:
    """The catalogue's text of ``message`` in ``lang``: its plural form for ``count`` when it has
    plural forms, in its context when it has one."""
    catalogue = translations(lang)
    if message.context is not None:
        return (catalogue.npgettext(message.context, message.id, message.plural, count)
                if message.plural is not None else catalogue.pgettext(message.context, message.id))
    return (catalogue.ngettext(message.id, message.plural, count) if message.plural is not None
            else catalogue.gettext(message.id))

