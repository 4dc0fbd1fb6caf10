"""Walking built records back through a visitor: ``game.accept(visitor)``.

The events come in the order the canonical writer prints the records (the order the reader
would report for the canonical text), with the records' own positions, so a visitor written
for the reader runs unchanged on records from the JSON twin, a converter or a program.
Nested alternative lines are walked without recursion.

>>> from belote_notation.notation.records import Deal, Game, Header, Play, Trick
>>> from belote_notation.notation.visitor import HeadersVisitor
>>> game = Game(headers=[Header(name="Event", value="club")],
...             deals=[Deal(number=1, tricks=[Trick(number=1, plays=[Play(seat=0, card=7)])])])
>>> walk_game(game, HeadersVisitor())
[('Event', 'club')]
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TypeVar

from belote_notation.notation.records import Announcement, Bid, Deal, Game, Play, Variation
from belote_notation.notation.visitor import SKIP, Visitor

__all__ = ["walk_game"]

T = TypeVar("T")
Item = Bid | Play | Announcement


def walk_game(game: Game, visitor: Visitor[T], index: int = 0) -> T:
    """Report ``game`` to ``visitor`` as the reader would, and return ``visitor.result()``."""
    if visitor.begin_game(index, game.line, game.col) is SKIP:
        return visitor.result()
    for text in game.preamble:
        visitor.visit_comment(text, game.line, game.col)
    for header in game.headers:
        visitor.visit_header(header.name, header.value, header.line, header.col)
    for text in game.comments:
        visitor.visit_comment(text, game.line, game.col)
    if visitor.end_headers() is not SKIP:
        for deal in game.deals:
            if visitor.begin_deal(deal.number, deal.dealer, deal.line, deal.col) is not SKIP:
                _walk_deal(deal, visitor)
                visitor.end_deal()
        if game.result is not None or game.result_pos is not None:
            line, col = game.result_pos or (game.line, game.col)
            visitor.visit_result(game.result, line, col)
    visitor.end_game()
    return visitor.result()


def _walk_deal(deal: Deal, visitor: Visitor[T]) -> None:
    for text in deal.comments:
        visitor.visit_comment(text, deal.line, deal.col)
    for section, hands in (("five", deal.five), ("rest", deal.rest), ("hand", deal.hands)):
        if section == "rest":  # the canonical order: tafr9a, offer, smsara, rest, hand
            _walk_offer_and_bids(deal, visitor)
        if hands:
            visitor.begin_section(section, hands[0].line, hands[0].col)  # type: ignore[arg-type]
            for hand in hands:
                visitor.visit_hand(section, hand.seat, hand.cards, hand.positions,  # type: ignore[arg-type]
                                   hand.line, hand.col)
    for ann in deal.announcements:
        visitor.begin_section("announce", ann.line, ann.col)
        visitor.visit_announcement(ann.seat, ann.kind, ann.cards, ann.positions, ann.trick,
                                   ann.before_card, ann.line, ann.col)
        _walk_annotations(ann, visitor)
    if deal.tricks:
        visitor.begin_section("trick", deal.tricks[0].line, deal.tricks[0].col)
        for trick in deal.tricks:
            visitor.begin_trick(trick.number, trick.line, trick.col)
            for text in trick.comments:
                visitor.visit_comment(text, trick.line, trick.col)
            for play in trick.plays:
                visitor.visit_play(play.seat, play.card, play.mark, play.line, play.col)
                _walk_annotations(play, visitor)
            if trick.winner is not None:
                line, col = trick.winner_pos or (trick.line, trick.col)
                visitor.visit_winner(trick.winner, line, col)
    _walk_scores(deal, visitor)


def _walk_offer_and_bids(deal: Deal, visitor: Visitor[T]) -> None:
    if deal.offer is not None:
        visitor.begin_section("offer", deal.offer.line, deal.offer.col)
        visitor.visit_offer(deal.offer.card, deal.offer.line, deal.offer.col)
    if deal.bids:
        visitor.begin_section("bidding", deal.bids[0].line, deal.bids[0].col)
        for bid in deal.bids:
            if bid.value is None:
                visitor.visit_call(bid.seat, bid.action, bid.suit, bid.round, bid.line, bid.col)
            else:
                visitor.visit_call(bid.seat, bid.action, bid.suit, bid.round, bid.line, bid.col, bid.value)
            _walk_annotations(bid, visitor)


def _walk_scores(deal: Deal, visitor: Visitor[T]) -> None:
    first = deal.score or deal.match_score
    if first is None and deal.pot is None:
        return
    line, col = (first.line, first.col) if first is not None else (deal.pot_pos or (deal.line, deal.col))
    visitor.begin_section("scores", line, col)
    if deal.score is not None:
        visitor.visit_score("score", deal.score.ns, deal.score.ew, deal.score.line, deal.score.col)
    if deal.match_score is not None:
        m = deal.match_score
        visitor.visit_score("match", m.ns, m.ew, m.line, m.col)
    if deal.pot is not None:
        line, col = deal.pot_pos or (deal.line, deal.col)
        visitor.visit_score("pot", deal.pot, None, line, col)


def _walk_annotations(item: Item, visitor: Visitor[T]) -> None:
    """The review material of ``item``, nested variations included, with an explicit stack."""
    stack: list[Iterator[Item | None]] = [_annotation_steps(item, visitor)]
    while stack:
        step = next(stack[-1], _DONE)
        if step is _DONE:
            stack.pop()
        elif isinstance(step, (Bid, Play, Announcement)):
            stack.append(_annotation_steps(step, visitor))


_DONE = object()


def _annotation_steps(item: Item, visitor: Visitor[T]) -> Iterator[Item | None]:
    """Reports ``item``'s glyph, NAGs and comments, then each variation; yields every item of a
    variation whose own review material must be walked next (``None``: nothing to walk)."""
    if item.glyph is not None:
        visitor.visit_glyph(item.glyph, item.line, item.col)
    for nag in item.nags:
        visitor.visit_nag(nag, item.line, item.col)
    for text in item.comments:
        visitor.visit_comment(text, item.line, item.col)
    for variation in item.variations:
        if visitor.begin_variation(variation.line, variation.col) is SKIP:
            continue
        yield from _variation_steps(variation, visitor)
        visitor.end_variation()


def _variation_steps(variation: Variation, visitor: Visitor[T]) -> Iterator[Item | None]:
    for text in variation.comments:
        visitor.visit_comment(text, variation.line, variation.col)
    for entry in variation.items:
        if isinstance(entry, Bid):
            visitor.visit_call(entry.seat, entry.action, entry.suit, entry.round, entry.line,
                               entry.col)
        else:
            visitor.visit_play(entry.seat, entry.card, entry.mark, entry.line, entry.col)
        yield entry
