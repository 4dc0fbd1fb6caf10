"""How the text replay writes cards, suits and hands (:mod:`belote_notation.render.text`).

>>> from belote_notation.game.cards import Deck, parse_card
>>> style = Style(Deck.FRENCH, ascii_only=False)
>>> ace, seven = parse_card("AS", Deck.FRENCH), parse_card("7S", Deck.FRENCH)
>>> style.card(ace), style.hand_lines(1 << ace | 1 << seven)
('A♠', ['♠ A 7', '♥ -', '♦ -', '♣ -'])
>>> Style(Deck.SPANISH, ascii_only=True).suit(0)
'espadas'
"""

from __future__ import annotations

from collections.abc import Sequence

from belote_notation.game.cards import Deck, card_name, card_words, suit_display
from belote_notation.game.lang import Message, msg
from belote_notation.game.lang.render import chosen_lang, name_card, name_suit, say
from belote_notation.render.labels import RANK_LETTERS, card_label

__all__ = ["SEATS", "Style", "columns"]

SEATS = "NESW"
_RANK_ORDER = (7, 6, 5, 4, 3, 2, 1, 0)  # A K Q J 10 9 8 7 (sequence order, high first)


class Style:
    """Card and suit names: French cards with suit symbols, Spanish cards by their own letters
    (``10O``) and suits by their words (``oros``), as players of ``lang`` (default: the language
    asked) write them (``V♥`` in French, ``الكوبا`` in Arabic); with ``ascii_only`` the canonical
    card names and the suits' English words (a lone suit letter would read as a seat: ``E``, ``S``)."""

    def __init__(self, deck: Deck, ascii_only: bool, lang: str | None = None) -> None:
        self.deck = deck
        self.ascii = ascii_only
        self.lang = "en" if ascii_only else lang or chosen_lang()
        self.ranks = RANK_LETTERS[(deck.value, self.lang)]
        self.width = max(len(self.suit(s)) for s in range(4))

    def card(self, card: int) -> str:
        return card_name(card, self.deck) if self.ascii else name_card(card, self.deck, self.lang)

    def suit(self, suit: int | None) -> str:
        if suit is None:
            return "?"
        return suit_display(suit, self.deck, True) if self.ascii else name_suit(suit, self.deck, self.lang)

    def words(self, card: int) -> str:
        """A card in words (``10 de oros``; in Arabic as Moroccan players say it)."""
        return card_label(card, self.deck.value, "ar") if self.lang == "ar" else card_words(card, self.deck)

    def hand_lines(self, mask: int) -> list[str]:
        """One line per suit: ``♠ A K 10 7`` (``♠ -`` when void)."""
        out = []
        for suit in range(4):
            ranks = [self.ranks[r] for r in _RANK_ORDER if mask >> (suit * 8 + r) & 1]
            out.append(f"{self.suit(suit):<{self.width}} {' '.join(ranks) if ranks else '-'}")
        return out

    def diagram(self, hands: Sequence[int], names: list[str], dealer: int | None) -> list[str]:
        """The four hands (masks N E S W) as a table: N top, W left, E right, S bottom, each
        titled with its seat, its player's name and the dealer's mark."""
        def title(seat: int) -> str:
            mark = " " + say(msg("(dealer)")) if seat == dealer else ""
            name = f" {names[seat]}" if names[seat] else ""
            return f"{SEATS[seat]}{name}{mark}"

        north, east, south, west = (self.hand_lines(hands[s]) for s in range(4))
        left = max([len(title(3))] + [len(x) for x in west]) + 4
        indent = " " * left
        lines = [indent + title(0)] + [indent + x for x in north]
        lines.append(f"{title(3):<{left}}{'':<{left - 4}}    {title(1)}")
        centre = " " * (left - 4)
        for w, e in zip(west, east, strict=True):
            lines.append(f"{w:<{left}}{centre}    {e}".rstrip())
        lines.append(indent + title(2))
        lines += [indent + x for x in south]
        return lines


def columns(heads: Sequence[tuple[Message | str, int, str]], gap: str = " ") -> tuple[str, list[int]]:
    """A table's heading line and its columns' widths: each head (a word, or a token shown as
    it is) in the language asked, its column as wide as its English width or its word, ``<``
    or ``>`` as its cells are aligned.

    >>> columns([(msg("lead"), 5, "<"), ("N-S", 5, ">")])
    ('lead    N-S', [5, 5])
    """
    words = [say(head) if isinstance(head, Message) else head for head, _, _ in heads]
    widths = [max(width, len(word)) for word, (_, width, _) in zip(words, heads, strict=True)]
    aligns = [align for _, _, align in heads]
    cells = [f"{word:{align}{width}}" for word, width, align in zip(words, widths, aligns, strict=True)]
    return gap.join(cells), widths
