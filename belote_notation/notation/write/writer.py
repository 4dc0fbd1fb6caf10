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
from collections.abc import Iterable, Iterator
from typing import Any, TextIO

from belote_notation.game.cards import SEAT_NAMES, Deck, card_name, suit_name
from belote_notation.notation.assessment import GLYPHS
from belote_notation.notation.headers import deck_from_name, game_deck
from belote_notation.notation.limits import MAX_DIGITS
from belote_notation.notation.records import Announcement, Bid, Deal, Game, Hand, Play, Trick

__all__ = ["NotationWriteError", "run_nested", "strain_name", "write_deal", "write_game", "write_games"]

_TAG_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]*\Z")


class NotationWriteError(ValueError):
    """A record holds something the notation cannot write (a bad tag name, glyph or seat)."""


def run_nested(steps: Iterator[Any]) -> None:
    """Runs ``steps`` and, depth first, every step iterator it yields, with a stack instead of
    recursion: how nested alternative lines of any depth are written (issue 13: 330 levels ended
    in RecursionError).

    >>> out = []
    >>> def line(depth):
    ...     out.append("(")
    ...     if depth:
    ...         yield line(depth - 1)
    ...     out.append(")")
    >>> run_nested(line(3)); "".join(out)
    '(((())))'
    """
    stack: list[Iterator[Any]] = [steps]
    while stack:
        inner = next(stack[-1], None)
        if inner is None:
            stack.pop()
        else:
            stack.append(inner)


def _unicode(text: str) -> str:
    """``text``, if it is Unicode text (a lone surrogate from JSON is not: it cannot be written)."""
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise NotationWriteError(f"{text[:40]!r} holds {text[exc.start]!r}, which is not a "
                                     "Unicode character (a lone surrogate)") from None
    return text


def _number(value: int, what: str, signed: bool = False) -> str:
    """``value`` as the reader reads it back: at most :data:`MAX_DIGITS` digits, no sign unless
    ``signed`` (issue 13: a negative deal number was written, then refused on reading)."""
    text = str(value) if -(10 ** MAX_DIGITS) < value < 10 ** MAX_DIGITS else ""
    if not text or (value < 0 and not signed):
        raise NotationWriteError(f"{what} {value} is not a number the notation reads (0 or more"
                                 f"{', or less than 0' if signed else ''}, at most {MAX_DIGITS} digits)")
    return text


def _esc_header(value: str) -> str:
    return (_unicode(value).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
            .replace("\r", "\\r"))


def _comment(text: str) -> str:
    if "\r" in text or not text.isascii():
        if "\r\n" in _unicode(text):
            raise NotationWriteError(f"the comment {text[:40]!r} holds CR LF, which the reader "
                                     "reads as a line break (LF): write LF")
    if "\\" in text or "{" in text or "}" in text or "[" in text:
        text = (text.replace("\\", "\\\\").replace("{", "\\{").replace("}", "\\}")
                .replace("[", "\\["))
    return "{" + text + "}"


def strain_name(suit: int, deck: Deck) -> str:
    """A trump as the notation writes it: a suit's letter, or a contrée strain (``SA`` sans
    atout, ``TA`` tout atout).

    >>> strain_name(1, Deck.FRENCH), strain_name(4, Deck.FRENCH), strain_name(5, Deck.SPANISH)
    ('H', 'SA', 'TA')
    """
    return ("SA", "TA")[suit - 4] if suit >= 4 else suit_name(suit, deck)


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
        """The review material after ``item``; variations of any depth written without
        recursion (issue 13: 330 nested lines ended in RecursionError)."""
        if not item.variations:
            return self.review(item)
        out: list[str] = []
        run_nested(self.annotation_steps(item, round_, out))
        return "".join(out)

    def review(self, item: Bid | Play | Announcement) -> str:
        """The glyph, NAGs and comments of ``item``."""
        out: list[str] = []
        if item.glyph is not None:
            if item.glyph not in GLYPHS:
                raise NotationWriteError(f"glyph {item.glyph!r} is not one of ! ? !! ?? !? ?!")
            out.append(item.glyph)
        for nag in item.nags:
            out.append(" $" + _number(nag, "NAG"))
        for text in item.comments:
            out.append(" " + _comment(text))
        return "".join(out)

    def annotation_steps(self, item: Bid | Play | Announcement, round_: int,
                         out: list[str]) -> Iterator[Iterator[Any]]:
        """Writes the review material of ``item`` to ``out``; yields the steps of each item of
        its variations, to be run before it goes on."""
        out.append(self.review(item))
        for var in item.variations:
            out.append(" (")
            parts = [_comment(c) for c in var.comments]
            current = round_
            for entry in var.items:
                if isinstance(entry, Bid):
                    if entry.round != current:
                        parts.append(f"smsara {entry.round}")
                        current = entry.round
                    parts.append(self.bid_text(entry))
                else:
                    parts.append(self.play_text(entry))
                out.append(" ".join(parts))
                parts = [""]
                yield self.annotation_steps(entry, entry.round if isinstance(entry, Bid) else 1, out)
            out.append(" ".join(parts) if parts != [""] else "")
            out.append(")")

    def bid_text(self, bid: Bid) -> str:
        """A call without its review material."""
        seat = _seat(bid.seat)
        if bid.action in ("bid", "capot", "generale"):
            return (seat + ":" if seat else "") + self.contract_bid(bid)
        text = (seat + ":" if seat else "") + bid.action
        if bid.suit is not None:
            if bid.action != "take":
                raise NotationWriteError("only a take names a suit")
            if not 0 <= bid.suit <= 3:
                raise NotationWriteError(f"suit {bid.suit} is not one of 0..3")
            text += " " + suit_name(bid.suit, self.deck)
        return text

    def bid(self, bid: Bid) -> str:
        return self.bid_text(bid) + self.annotations(bid, bid.round)

    def contract_bid(self, bid: Bid) -> str:
        """A contrée bid: ``80H``, ``110SA``, ``capot TA``, ``generale S``."""
        suit = bid.suit
        if suit is None or not 0 <= suit <= 5:
            raise NotationWriteError(f"a contrée {bid.action} needs a trump 0..5, not {suit}")
        trump = strain_name(suit, self.deck)
        if bid.action == "bid":
            if bid.value is None or not 80 <= bid.value <= 990 or bid.value % 10:
                # The grammar's POINTS_BID: 80, 90, or three digits ending in 0 (a JSON twin or a
                # program may hold another number; written, it would not read back: found by fuzz/json).
                raise NotationWriteError(f"a contrée bid of {bid.value} points: the notation writes "
                                         "a multiple of ten from 80 to 990")
            return f"{bid.value}{trump}"
        return f"{bid.action} {trump}"

    def play_text(self, play: Play) -> str:
        """A play without its review material."""
        seat = _seat(play.seat)
        text = (seat + ":" if seat else "") + self.card(play.card)
        if play.mark is not None:
            text += " " + play.mark
        return text

    def play(self, play: Play) -> str:
        return self.play_text(play) + self.annotations(play, 1)

    def hand(self, keyword: str, hand: Hand) -> str:
        return f"{keyword} {_seat(hand.seat)}{self.cards(hand.cards)}"

    def trick(self, trick: Trick) -> str:
        parts = ["trick " + _number(trick.number, "trick number")]
        parts.extend(_comment(c) for c in trick.comments)
        parts.extend(self.play(p) for p in trick.plays)
        if trick.winner is not None:
            parts.append("winner " + _seat(trick.winner))
        return " ".join(parts)

    def announcement(self, ann: Announcement) -> str:
        text = f"announce {_seat(ann.seat)} {ann.kind}{self.cards(ann.cards)}"
        if ann.trick is not None:
            text += " trick=" + _number(ann.trick, "announcement trick")
        if ann.before_card is not None:
            text += " before=" + _number(ann.before_card, "announcement before")
        return text + self.annotations(ann, 1)

    def deal(self, deal: Deal, lines: list[str]) -> None:
        head = "deal " + _number(deal.number, "deal number")
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
        for word, score in (("score", deal.score), ("match", deal.match_score)):
            if score is not None:
                lines.append(f"{word} {_number(score.ns, word, True)} {_number(score.ew, word, True)}")
        if deal.pot is not None:
            lines.append("pot " + _number(deal.pot, "pot", True))


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
    lines: list[str] = [_comment(c) for c in game.preamble]
    for header in game.headers:
        if header.name.lower() == "deck" and deck_from_name(header.value) is None:
            raise NotationWriteError(f"deck {header.value!r} is unknown (spanish or french): the "
                                     "reader would refuse it")
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
