"""Records to canonical .bel text: the one export form, byte for byte.

>>> from belote_notation.notation.records import Game, Deal, Trick, Play
>>> game = Game(deals=[Deal(number=1, tricks=[Trick(number=1, plays=[Play(seat=0, card=7)])])])
>>> print(write_game(game), end="")
deal 1
trick 1 N:AS
<BLANKLINE>
end

Layout of the canonical form (docs/notation.md, "Canonical form"): tag pairs one per line,
a blank line, the game's comments one per line, then each deal followed by a blank line,
then ``end`` and the result. Inside a deal, one section per line in the order: heading,
deal comments, tafr9a, offer, smsara (one line per round), rest, hand, announce, trick,
score, match, pot. Games in a file are separated by one blank line.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TextIO

from belote_notation.game.cards import SEAT_NAMES, Deck, card_name, suit_name
from belote_notation.notation.headers import game_deck
from belote_notation.notation.records import Announcement, Bid, Deal, Game, Hand, Play, Trick, Variation

__all__ = ["NotationWriteError", "write_deal", "write_game", "write_games"]

_TAG_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]*\Z")
_GLYPHS = {"!", "?", "!!", "??", "!?", "?!"}


class NotationWriteError(ValueError):
    """A record holds something the notation cannot write (a bad tag name, glyph or seat)."""


def _esc_header(value: str) -> str:
    return (value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
            .replace("\r", "\\r"))


def _comment(text: str) -> str:
    if "\\" in text or "{" in text or "}" in text or "[" in text:
        text = (text.replace("\\", "\\\\").replace("{", "\\{").replace("}", "\\}")
                .replace("[", "\\["))
    return "{" + text + "}"


def _seat(seat: int | None) -> str:
    if seat is None:
        return ""
    if not 0 <= seat <= 3:
        raise NotationWriteError(f"seat {seat} is not one of 0..3 (N E S W)")
    return SEAT_NAMES[seat]


class _Writer:
    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        self.names = [card_name(c, deck) for c in range(32)]

    def card(self, card: int) -> str:
        if not 0 <= card <= 31:
            raise NotationWriteError(f"card {card} is not one of 0..31")
        return self.names[card]

    def cards(self, cards: Iterable[int]) -> str:
        return "".join(" " + self.card(c) for c in cards)

    def annotations(self, item: Bid | Play | Announcement, round_: int) -> str:
        out = []
        if item.glyph is not None:
            if item.glyph not in _GLYPHS:
                raise NotationWriteError(f"glyph {item.glyph!r} is not one of ! ? !! ?? !? ?!")
            out.append(item.glyph)
        for nag in item.nags:
            if nag < 0:
                raise NotationWriteError(f"NAG ${nag} must not be negative")
            out.append(f" ${nag}")
        for text in item.comments:
            out.append(" " + _comment(text))
        for var in item.variations:
            out.append(" " + self.variation(var, round_))
        return "".join(out)

    def bid(self, bid: Bid) -> str:
        seat = _seat(bid.seat)
        if bid.action in ("bid", "capot", "generale"):
            return (seat + ":" if seat else "") + self.contract_bid(bid) + self.annotations(bid, bid.round)
        text = (seat + ":" if seat else "") + bid.action
        if bid.suit is not None:
            if bid.action != "take":
                raise NotationWriteError("only a take names a suit")
            if not 0 <= bid.suit <= 3:
                raise NotationWriteError(f"suit {bid.suit} is not one of 0..3")
            text += " " + suit_name(bid.suit, self.deck)
        return text + self.annotations(bid, bid.round)

    def contract_bid(self, bid: Bid) -> str:
        """A contrée bid: ``80H``, ``110SA``, ``capot TA``, ``generale S``."""
        suit = bid.suit
        if suit is None or not 0 <= suit <= 5:
            raise NotationWriteError(f"a contrée {bid.action} needs a trump 0..5, not {suit}")
        trump = ("SA", "TA")[suit - 4] if suit >= 4 else suit_name(suit, self.deck)
        if bid.action == "bid":
            if bid.value is None:
                raise NotationWriteError("a contrée bid needs its points")
            return f"{bid.value}{trump}"
        return f"{bid.action} {trump}"

    def play(self, play: Play) -> str:
        seat = _seat(play.seat)
        text = (seat + ":" if seat else "") + self.card(play.card)
        if play.mark is not None:
            text += " " + play.mark
        return text + self.annotations(play, 1)

    def variation(self, var: Variation, parent_round: int) -> str:
        parts = [_comment(c) for c in var.comments]
        current = parent_round
        for item in var.items:
            if isinstance(item, Bid):
                if item.round != current:
                    parts.append(f"smsara {item.round}")
                    current = item.round
                parts.append(self.bid(item))
            else:
                parts.append(self.play(item))
        return "(" + " ".join(parts) + ")"

    def hand(self, keyword: str, hand: Hand) -> str:
        return f"{keyword} {_seat(hand.seat)}{self.cards(hand.cards)}"

    def trick(self, trick: Trick) -> str:
        parts = [f"trick {trick.number}"]
        parts.extend(_comment(c) for c in trick.comments)
        parts.extend(self.play(p) for p in trick.plays)
        if trick.winner is not None:
            parts.append("winner " + _seat(trick.winner))
        return " ".join(parts)

    def announcement(self, ann: Announcement) -> str:
        text = f"announce {_seat(ann.seat)} {ann.kind}{self.cards(ann.cards)}"
        if ann.trick is not None:
            text += f" trick={ann.trick}"
        if ann.before_card is not None:
            text += f" before={ann.before_card}"
        return text + self.annotations(ann, 1)

    def deal(self, deal: Deal, lines: list[str]) -> None:
        head = f"deal {deal.number}"
        if deal.dealer is not None:
            head += " dealer " + _seat(deal.dealer)
        lines.append(head)
        lines.extend(_comment(c) for c in deal.comments)
        for hand in deal.five:
            lines.append(self.hand("tafr9a", hand))
        if deal.offer is not None:
            lines.append("offer " + self.card(deal.offer.card))
        group: list[str] = []
        current = None
        for bid in deal.bids:
            if bid.round != current:
                if group:
                    lines.append(" ".join(group))
                group = [f"smsara {bid.round}"]
                current = bid.round
            group.append(self.bid(bid))
        if group:
            lines.append(" ".join(group))
        for hand in deal.rest:
            lines.append(self.hand("rest", hand))
        for hand in deal.hands:
            lines.append(self.hand("hand", hand))
        for ann in deal.announcements:
            lines.append(self.announcement(ann))
        for trick in deal.tricks:
            lines.append(self.trick(trick))
        if deal.score is not None:
            lines.append(f"score {deal.score.ns} {deal.score.ew}")
        if deal.match_score is not None:
            lines.append(f"match {deal.match_score.ns} {deal.match_score.ew}")
        if deal.pot is not None:
            lines.append(f"pot {deal.pot}")


def write_deal(deal: Deal, deck: Deck = Deck.FRENCH) -> str:
    """One deal in canonical form (no trailing blank line)."""
    lines: list[str] = []
    _Writer(deck).deal(deal, lines)
    return "\n".join(lines) + "\n"


def write_game(game: Game) -> str:
    """The canonical text of one game, ending with ``end`` and a newline.

    Raises :class:`NotationWriteError` if a record holds a value the notation cannot write.
    """
    writer = _Writer(game_deck(game.headers))
    lines: list[str] = []
    for header in game.headers:
        if not _TAG_NAME.match(header.name):
            raise NotationWriteError(f"tag name {header.name!r} must be letters, digits, _ . -")
        lines.append(f'[{header.name} "{_esc_header(header.value)}"]')
    if game.headers:
        lines.append("")
    lines.extend(_comment(c) for c in game.comments)
    for deal in game.deals:
        writer.deal(deal, lines)
        lines.append("")
    result = game.result
    if result is None:
        lines.append("end")
    elif result in ("NS", "EW", "*"):
        lines.append("end " + result)
    else:
        lines.append(f'end "{_esc_header(result)}"')
    return "\n".join(lines) + "\n"


def write_games(games: Iterable[Game], out: TextIO) -> int:
    """Write games canonically to ``out``, one blank line between games; returns the count."""
    count = 0
    for game in games:
        if count:
            out.write("\n")
        out.write(write_game(game))
        count += 1
    return count
