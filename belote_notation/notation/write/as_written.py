"""Whether a game's text is already the writer's own: then its canonical text is that text, and
nothing need be written (what ``dedupe`` and ``select`` write of a game that a program emitted).

:func:`is_written_form` answers with one regular expression over the whole game (in C: about
1 µs a deal, against ~25 µs to write the deal again), a pattern of the writer's layout
(:mod:`.writer`: the tag pairs one a line and a blank line, each deal's sections one a line in the
writer's order, a blank line after each deal, ``end`` and a result the writer writes) with only
the spellings the writer gives: the deck's card and suit names, every call and card with its
seat, numbers without a leading zero, one space between words. It is stricter than the
writer: a text it refuses is written as before. A game with anything else (comments, review
material, another order or spelling, CRs) does not match. It says nothing of whether the game
reads without issues: the caller asks only of a game read whole, in the canonical layout, whose
records would be written (:meth:`~belote_notation.collections.reading.CollectedGame.canonical_text`).

>>> text = '[Rules "classic"]\\n\\ndeal 1 dealer N\\ntrick 1 N:AS E:7S S:8S W:9S\\nscore 13 0\\n\\nend NS\\n'
>>> is_written_form(text, [("Rules", "classic")])
True
>>> is_written_form(text.replace("E:7S", "7S"), [("Rules", "classic")])  # a seat left out
False
>>> is_written_form(text.replace("trick 1", "trick 01"), [("Rules", "classic")])
False
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from belote_notation.game.cards import SEAT_NAMES, Deck, card_name, suit_name
from belote_notation.notation.headers import Tag, deck_from_name, game_deck
from belote_notation.notation.limits import MAX_DIGITS

__all__ = ["is_written_form"]

_NUMBER = r"(?:0|[1-9][0-9]{0,%d})" % (MAX_DIGITS - 1)
"""A number as ``writer._number`` writes it (no sign, no leading zero, at most MAX_DIGITS digits)."""
_SIGNED = r"-?" + _NUMBER
_SEAT = "[" + "".join(SEAT_NAMES) + "]"
_TAG = r'\[[A-Za-z_][A-Za-z0-9_.-]* "[^"\\\x00-\x1f\x7f]*"\]\n'
"""A tag pair the writer writes as read: a name it accepts, a value it need not escape."""


@cache
def _pattern(deck: Deck) -> re.Pattern[str]:
    """The writer's layout of a game of ``deck`` (see the module's text)."""
    names = {card_name(card, deck) for card in range(32)}
    ranks = sorted({name[:-1] for name in names}, key=len, reverse=True)
    suits = sorted({name[-1] for name in names})
    assert {r + s for r in ranks for s in suits} == names  # every rank of every suit: one class
    card = "(?:" + "|".join(ranks) + ")[" + "".join(suits) + "]"
    suit = "[" + "".join(suit_name(s, deck) for s in range(4)) + "]"
    strain = f"(?:{suit}|SA|TA)"
    call = (f"{_SEAT}:(?:pass|coinche|surcoinche|take(?: {suit})?|(?:capot|generale) {strain}"
            f"|(?:[89]0|[1-9][0-9]0){strain})")
    cards = f"(?: {card})*+"
    deal = (
        f"deal {_NUMBER}(?: dealer {_SEAT})?\n"
        f"(?:tafr9a {_SEAT}{cards}\n)*+"
        f"(?:offer {card}\n)?+"
        f"(?:smsara 1(?: {call})++\n)?+"
        f"(?:smsara 2(?: {call})++\n)?+"
        f"(?:rest {_SEAT}{cards}\n)*+"
        f"(?:hand {_SEAT}{cards}\n)*+"
        f"(?:announce {_SEAT} (?:sequence|carre|belote){cards}"
        f"(?: trick={_NUMBER})?+(?: before={_NUMBER})?\n)*+"
        f"(?:trick {_NUMBER}(?: {_SEAT}:{card}(?: belote| rebelote)?)*+(?: winner {_SEAT})?\n)*+"
        f"(?:score {_SIGNED} {_SIGNED}\n)?+"
        f"(?:match {_SIGNED} {_SIGNED}\n)?+"
        f"(?:pot {_SIGNED}\n)?+"
        "\n"
    )
    return re.compile(f"(?:(?:{_TAG})++\n)?+(?:{deal})*end(?: NS| EW| \\*)?\n")


def is_written_form(text: str, tags: Sequence[tuple[str, str]]) -> bool:
    """``text`` (one game, as read) is what the writer writes of it, its tag pairs ``tags`` as
    read (they name the deck; a ``Deck`` tag the reader does not know is written by nobody)."""
    pairs = [Tag(name, value) for name, value in tags]
    if any(p.name.lower() == "deck" and deck_from_name(p.value) is None for p in pairs):
        return False
    return _pattern(game_deck(pairs)).fullmatch(text) is not None
