"""A static SVG diagram of a deal: the four hands round the table, and a trick in the middle.

What python-chess's ``chess.svg.board`` is for chess: a picture for documents and web pages.
The hands are shown as dealt, or, with a trick, as they stood before it, with the trick's
cards in the middle, its winner (the engine's) framed in gold, a card a finding is about
framed in red as the page marks it (its codes in the card's title), and each card's review
symbols (one per meaning, :mod:`belote_notation.notation.assessment`). The SVG is plain XML
with no external reference (no font, no image, no link).

>>> from belote_notation.check.replay import replay_game
>>> from belote_notation.game.rules import Ruleset
>>> from belote_notation.generator import generate_games
>>> replay = replay_game(next(generate_games(Ruleset.preset("classic"), matches=1, deals=1, seed=3)))
>>> svg = deal_svg(replay, 0, trick=1)
>>> svg.startswith("<svg"), svg.count('class="trick-card"')
(True, 4)
"""

from __future__ import annotations

from html import escape

from belote_notation.check.replay import DealReplay, GameReplay
from belote_notation.game.cards import (
    SPANISH_SUIT_WORDS,
    SUIT_SYMBOLS,
    cards_of,
    rank_of,
    suit_of,
)
from belote_notation.game.lang import Message, msg, render
from belote_notation.game.lang.render import listed
from belote_notation.notation.assessment import review_symbols
from belote_notation.notation.xml_text import xml_chars
from belote_notation.render.labels import (
    FRENCH_COLOURS,
    RANK_LETTERS,
    SPANISH_COLOURS,
    SPANISH_ICONS,
    Lang,
    card_label,
    texts,
)
from belote_notation.render.view import card_findings

__all__ = ["DiagramError", "deal_svg"]

WIDTH, HEIGHT = 560, 410
LINE = 19
_HAND_ORDER = (7, 3, 6, 5, 4, 2, 1, 0)  # A 10 K Q J 9 8 7, as the viewer sorts a hand
_SPOTS = {0: (280, 8), 1: (410, 150), 2: (280, 300), 3: (14, 150)}
"""Top-left corner of each seat's hand block (N E S W)."""
_TRICK_SPOTS = {0: (261, 118), 1: (310, 173), 2: (261, 228), 3: (212, 173)}


def _xml(text: str) -> str:
    """``text`` as XML character data: :func:`xml_chars`, escaped.

    >>> _xml("<B>")
    '&lt;B&gt;'
    """
    return escape(xml_chars(text))


class DiagramError(ValueError):
    """The deal or trick asked for is not in the game: ``reason`` says which as a message of the
    catalogues, ``str()`` in English."""

    def __init__(self, reason: Message) -> None:
        super().__init__(render(reason))
        self.reason = reason


def deal_svg(replay: GameReplay, position: int, trick: int | None = None, lang: Lang = "en") -> str:
    """The SVG of the deal at ``position`` (0-based) of ``replay``; with ``trick`` (1-based in
    the deal's tricks), the hands before that trick and the trick in the middle."""
    if not 0 <= position < len(replay.deals):
        raise DiagramError(msg("the game has no deal at position %(position)s", position=position + 1))
    deal = replay.deals[position]
    spanish = replay.deck.value == "spanish"
    words = texts(lang)
    seats = words["seats"].split()
    names = [replay.game.header(word) or "" for word in ("North", "East", "South", "West")]
    hands = deal.start_hands
    trick_cards: list[tuple[int, int]] = []
    winner = None
    marked = card_findings(deal, trick) if trick is not None else {}
    plays = deal.deal.tricks[trick - 1].plays if trick is not None and trick <= len(deal.deal.tricks) else []
    if trick is not None:
        if not 1 <= trick <= len(deal.tricks):
            raise DiagramError(msg("deal %(deal)s has no trick %(trick)s (it has %(tricks)s)",
                                       deal=deal.deal.number, trick=trick, tricks=len(deal.tricks)))
        traced = deal.tricks[trick - 1]
        trick_cards = list(zip(traced.seats, traced.cards, strict=True))
        winner = traced.winner
        gone = {card for t in deal.tricks[:trick - 1] for card in t.cards}
        if hands is not None:
            hands = [mask & ~sum(1 << c for c in gone) for mask in hands]
    title = f"{words['deal']} {deal.deal.number}" + (f", {words['trick'].lower()} {trick}" if trick else "")
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" '
        f'height="{HEIGHT}" role="img" aria-labelledby="title" font-family="sans-serif" font-size="15">',
        f"<title id=\"title\">{_xml(title)}</title>",
        _defs(spanish),
        f'<rect width="{WIDTH}" height="{HEIGHT}" rx="14" fill="#1f6b43"/>',
        '<rect x="200" y="110" width="160" height="180" rx="10" fill="#17553a"/>',
    ]
    for seat in range(4):
        parts.append(_hand(seat, seats[seat], names[seat], hands[seat] if hands is not None else None,
                           deal, spanish, lang, words))
    for index, (seat, card) in enumerate(trick_cards, start=1):
        play = plays[index - 1] if index <= len(plays) and plays[index - 1].card == card else None
        symbols = review_symbols(play.glyph, play.nags) if play is not None else []
        parts.append(_trick_card(seat, card, seat == winner, spanish, lang,
                                 [f"{f.code} {f.text(lang)}" for f in marked.get(index, [])], symbols))
    if trick is None and deal.deal.offer is not None:
        parts.append(_trick_card(None, deal.deal.offer.card, False, spanish, lang))
        parts.append(f'<text x="280" y="250" text-anchor="middle" fill="#ffffff">'
                     f'{_xml(words["offer"])}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _defs(spanish: bool) -> str:
    if not spanish:
        return ""
    symbols = "".join(f'<symbol id="{name}" viewBox="0 0 16 16">{shape}</symbol>'
                      for name, shape in SPANISH_ICONS.items())
    return f"<defs>{symbols}</defs>"


def _suit(suit: int, spanish: bool, x: float, y: float, size: int = 14) -> str:
    """A suit sign whose baseline-left is at (x, y)."""
    if spanish:
        name = SPANISH_SUIT_WORDS[suit]
        return (f'<use href="#{name}" x="{x}" y="{y - size + 2}" width="{size}" height="{size}" '
                f'color="{SPANISH_COLOURS[name]}"/>')
    return f'<text x="{x}" y="{y}" fill="{FRENCH_COLOURS[suit]}">{SUIT_SYMBOLS[suit]}</text>'




def _hand(seat: int, seat_word: str, name: str, mask: int | None, deal: DealReplay, spanish: bool,
          lang: Lang, words: dict[str, str]) -> str:
    x, y = _SPOTS[seat]
    if seat in (0, 2):
        x -= 60
    ranks = RANK_LETTERS["spanish" if spanish else "french", lang]
    dealer = deal.report.dealer if deal.report is not None else deal.deal.dealer
    head = seat_word + (f" · {name}" if name else "") + (f" ({words['dealer']})" if seat == dealer else "")
    out = [f'<g class="hand" data-seat="{seat}">',
           f'<text x="{x}" y="{y + 14}" fill="#ffffff" font-weight="bold">{_xml(head)}</text>']
    if mask is None:
        out.append(f'<text x="{x}" y="{y + 14 + LINE}" fill="#ffffff" font-style="italic">'
                   f'{_xml(words["handsUnknown"])}</text>')
    else:
        for suit in range(4):
            line_y = y + 14 + LINE * (suit + 1)
            held = [c for c in cards_of(mask) if suit_of(c) == suit]
            held.sort(key=lambda c: _HAND_ORDER.index(rank_of(c)))
            text = " ".join(ranks[rank_of(c)] for c in held) or "–"
            labels = listed([card_label(c, "spanish" if spanish else "french", lang) for c in held], lang)
            out.append(f'<rect x="{x - 2}" y="{line_y - 14}" width="122" height="{LINE - 2}" rx="3" '
                       f'fill="#ffffff"><title>{_xml(labels)}</title></rect>')
            out.append(_suit(suit, spanish, x + 1, line_y))
            out.append(f'<text x="{x + 20}" y="{line_y}" fill="#111111">{_xml(text)}</text>')
    out.append("</g>")
    return "".join(out)


def _trick_card(seat: int | None, card: int, won: bool, spanish: bool, lang: Lang,
                findings: list[str] | None = None, symbols: list[str] | None = None) -> str:
    """A card in the middle: framed gold when it wins the trick, red (class ``illegal``) when a
    finding is about it; its review symbols beside it."""
    x, y = _TRICK_SPOTS[seat] if seat is not None else (261, 173)
    ranks = RANK_LETTERS["spanish" if spanish else "french", lang]
    label = card_label(card, "spanish" if spanish else "french", lang)
    if findings:
        label += ": " + "; ".join(findings)
        stroke, fill, kind = '#b00020" stroke-width="4', "#ffe9ec", "trick-card illegal"
    else:
        stroke = '#ffd54a" stroke-width="4' if won else '#777777" stroke-width="1'
        fill, kind = "#ffffff", "trick-card"
    note = (f'<text class="symbols" x="{x + 40}" y="{y + 12}" font-size="12" font-weight="bold" '
            f'fill="#ffffff">{_xml(" ".join(symbols))}</text>') if symbols else ""
    return (f'<g class="{kind}" data-card="{card}"><title>{_xml(label)}</title>'
            f'<rect x="{x}" y="{y}" width="38" height="54" rx="4" fill="{fill}" stroke="{stroke}"/>'
            f'<text x="{x + 19}" y="{y + 22}" text-anchor="middle" font-weight="bold" fill="#111111">'
            f'{ranks[rank_of(card)]}</text>{_suit(suit_of(card), spanish, x + 12, y + 44)}{note}</g>')
