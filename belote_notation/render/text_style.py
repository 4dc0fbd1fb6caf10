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

from belote_notation.game.cards import (
    FRENCH_RANKS,
    SPANISH_RANKS,
    Deck,
    card_name,
    card_symbol_name,
    suit_display,
)

__all__ = ["SEATS", "Style"]

SEATS = "NESW"
_RANK_ORDER = (7, 6, 5, 4, 3, 2, 1, 0)  # A K Q J 10 9 8 7 (sequence order, high first)


class Style:
    """Card and suit names: French cards with suit symbols, Spanish cards by their own letters
    (``10O``) and suits by their words (``oros``); with ``ascii_only`` the canonical card names
    and the suits' words (a lone suit letter would read as a seat: ``E``, ``S``)."""

    def __init__(self, deck: Deck, ascii_only: bool) -> None:
        self.deck = deck
        self.ascii = ascii_only
        self.ranks = FRENCH_RANKS if deck is Deck.FRENCH else SPANISH_RANKS
        self.width = max(len(self.suit(s)) for s in range(4))

    def card(self, card: int) -> str:
        return card_name(card, self.deck) if self.ascii else card_symbol_name(card, self.deck)

    def suit(self, suit: int | None) -> str:
        return "?" if suit is None else suit_display(suit, self.deck, self.ascii)

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
            mark = " (dealer)" if seat == dealer else ""
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
