"""What of a deal with a syntax error can still be checked (issue 20 item 6).

A typo in a deal (an unknown card, a misspelt keyword) is reported by the reader, which drops
what it could not read and reads on. The deal is then checked as far as its play can be
followed, instead of not at all:

* a broken line of the distribution (``tafr9a``, ``offer``, ``rest``, ``hand``): the dealt
  cards are left out, the hands are worked out from the cards played;
* a broken ``offer``: the offer is left out;
* a broken line of the bidding: the calls are left out (the trump is then unknown), and the
  dealt cards with them (who took decides who got which cards);
* a broken announcement: that announcement is left out;
* a broken trick: the tricks before it are checked, the deal is not scored;
* a broken score line: that score is left out.

A line read but broken is the section of what was read on it; a line skipped whole (an
unknown keyword) is the section of the nearest item before it. What leaving out a part causes
(a short trick, missing tricks, "no cards recorded") is not reported: one note, BEL910, says
what was left out and why.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from belote_notation.check.codes import (
    HANDS_DERIVED,
    INCOMPLETE_DEAL,
    NO_BIDDING,
    NO_DISTRIBUTION,
    SKIPPED_PLAYS,
)
from belote_notation.check.facts import DealFacts
from belote_notation.game.engine.codes import TRICKS_MISSING

__all__ = ["CAUSED_BY_LEAVING_OUT", "Followable", "followable"]

CAUSED_BY_LEAVING_OUT = frozenset({HANDS_DERIVED, INCOMPLETE_DEAL, NO_BIDDING, NO_DISTRIBUTION,
                                   SKIPPED_PLAYS, TRICKS_MISSING})
"""Codes that only say a part is missing: the note of the left-out part says it instead."""


@dataclass(slots=True)
class Followable:
    """The facts of a broken deal that can be checked, and what was left out (in words)."""

    deal: DealFacts
    left_out: list[str]


def _section_of(deal: DealFacts, line: int) -> tuple[str, int]:
    """The section (and index of the item, for bids and tricks) a broken line belongs to."""
    items: list[tuple[int, str, int]] = []
    for hand in (*deal.five, *deal.rest, *deal.hands):
        items.append((hand.line, "distribution", 0))
    if deal.offer is not None:
        items.append((deal.offer.line, "offer", 0))
    items += [(bid.line, "bidding", i) for i, bid in enumerate(deal.bids)]
    items += [(ann.line, "announce", i) for i, ann in enumerate(deal.announcements)]
    for i, trick in enumerate(deal.tricks):
        last = max([trick.line, *(ln for ln, _ in trick.positions)])
        items.append((trick.line, "trick", i))
        if last != trick.line:
            items.append((last, "trick", i))
    if deal.score is not None:
        items.append((deal.score.line, "score", 0))
    if deal.match_score is not None:
        items.append((deal.match_score.line, "match", 0))
    on_line = [item for item in items if item[0] == line]
    if on_line:
        return on_line[0][1], on_line[0][2]
    before = [item for item in items if item[0] < line]
    if not before:
        return "distribution", 0
    _, section, index = max(before, key=lambda item: item[0])
    if section == "trick":
        return "trick", index + 1  # a skipped line after trick t: the next trick is broken
    return section, index


def followable(deal: DealFacts, broken_lines: Sequence[int]) -> Followable:
    """The part of ``deal`` (read with syntax errors on ``broken_lines``) that can be checked.

    >>> from belote_notation.check.facts import HandFact, TrickFact
    >>> deal = DealFacts(1, 0, 1, 1)
    >>> deal.hands = [HandFact(0, [0, 1], [(2, 8), (2, 11)], 2, 1)]
    >>> deal.tricks = [TrickFact(1, 3, 1), TrickFact(2, 4, 1), TrickFact(3, 5, 1)]
    >>> part = followable(deal, [4])
    >>> len(part.deal.tricks), len(part.deal.hands), part.left_out
    (1, 1, ['trick 2 on (line 4)'])
    >>> followable(deal, [2]).left_out, len(followable(deal, [2]).deal.tricks)
    (['the dealt cards (line 2)'], 3)
    """
    part = DealFacts(deal.number, deal.dealer, deal.line, deal.col)
    part.five, part.offer, part.bids, part.rest = deal.five, deal.offer, deal.bids, deal.rest
    part.hands, part.announcements, part.tricks = deal.hands, deal.announcements, deal.tricks
    part.score, part.match_score = deal.score, deal.match_score
    part.pot, part.pot_pos = deal.pot, deal.pot_pos
    left_out: list[str] = []
    for line in sorted(set(broken_lines)):
        section, index = _section_of(deal, line)
        if section == "distribution" and (part.five or part.rest or part.hands):
            part.five, part.rest, part.hands = [], [], []
            left_out.append(f"the dealt cards (line {line})")
        elif section == "offer" and part.offer is not None:
            part.offer = None
            left_out.append(f"the offer (line {line})")
        elif section == "bidding" and part.bids:
            # who took decides who got which cards: the hands are worked out from the play
            part.bids, part.five, part.rest, part.hands, part.offer = [], [], [], [], None
            left_out.append(f"the bidding and the dealt cards (line {line})")
        elif section == "announce" and index < len(deal.announcements):
            dropped = deal.announcements[index]
            part.announcements = [a for a in part.announcements if a is not dropped]
            left_out.append(f"an announcement (line {line})")
        elif section == "trick" and index < len(part.tricks):
            part.tricks = part.tricks[:index]
            part.score = None  # a deal not played to its end is not scored
            left_out.append(f"trick {index + 1} on (line {line})")
        elif section == "score" and part.score is not None:
            part.score = None
            left_out.append(f"the deal score (line {line})")
        elif section == "match" and part.match_score is not None:
            part.match_score = None
            left_out.append(f"the running totals (line {line})")
    return Followable(part, left_out)
