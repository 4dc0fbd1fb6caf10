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
* a broken trick (an unknown card, a trick line skipped): the trick itself is not checked,
  but the cards that could not be read are worked out from the hands (each seat's one card
  not played elsewhere in the deal, :func:`~.play.play_tricks`) and the tricks after it are
  checked, the deal scored; when they cannot be (no hands, or not one card each), the tricks
  before it are checked and the deal is not scored. A trick whose four cards were read (a
  typo in its winner) is checked in full but for what was not read;
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
from belote_notation.check.facts import DealFacts, TrickFact, UnreadTrick
from belote_notation.game.engine.codes import TRICKS_MISSING
from belote_notation.game.lang import Listed, Message, msg

__all__ = ["CAUSED_BY_LEAVING_OUT", "Followable", "followable"]

CAUSED_BY_LEAVING_OUT = frozenset({HANDS_DERIVED, INCOMPLETE_DEAL, NO_BIDDING, NO_DISTRIBUTION,
                                   SKIPPED_PLAYS, TRICKS_MISSING})
"""Codes that only say a part is missing: the note of the left-out part says it instead."""


@dataclass(slots=True)
class Followable:
    """The facts of a broken deal that can be checked, and what was left out (as messages)."""

    deal: DealFacts
    notes: list[Message | UnreadTrick]
    unread: UnreadTrick | None = None
    """The trick with a syntax error, when the tricks after it may still be checked."""

    @property
    def left_out(self) -> list[Message]:
        """What was left out, once the deal was checked (the unread trick's outcome is known
        then): one message each, named one after the other in the finding (``Listed``)."""
        return [_unread_words(n) if isinstance(n, UnreadTrick) else n for n in self.notes]


def _unread_words(unread: UnreadTrick) -> Message:
    n = unread.index + 1
    if unread.stopped or not unread.worked_out:
        return msg("trick %(trick)s on (line %(line)s)", trick=n, line=unread.line)
    return msg("trick %(trick)s (line %(line)s; its unread cards worked out from the hands as %(cards)s, "
               "to check the tricks after it)", trick=n, line=unread.line,
               cards=Listed(tuple(unread.worked_out)))


def _section_of(deal: DealFacts, line: int) -> tuple[str, int, bool]:
    """The section (and index of the item, for bids and tricks) a broken line belongs to, and
    whether the line was read in part (else skipped whole)."""
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
        return on_line[0][1], on_line[0][2], True
    before = [item for item in items if item[0] < line]
    if not before:
        return "distribution", 0, False
    _, section, index = max(before, key=lambda item: item[0])
    if section == "trick":
        return "trick", index + 1, False  # a skipped line after trick t: the next trick is broken
    return section, index, False


def _missing_here(tricks: list[TrickFact], index: int) -> bool:
    """Whether the numbers of the tricks around ``index`` leave a gap there (a trick line
    skipped whole), not a line of something else."""
    number = tricks[index - 1].number + 1 if index else 1
    return index == len(tricks) or tricks[index].number == number + 1


def followable(deal: DealFacts, broken_lines: Sequence[int]) -> Followable:
    """The part of ``deal`` (read with syntax errors on ``broken_lines``) that can be checked.

    >>> from belote_notation.check.facts import HandFact, TrickFact
    >>> deal = DealFacts(1, 0, 1, 1)
    >>> deal.hands = [HandFact(0, [0, 1], [(2, 8), (2, 11)], 2, 1)]
    >>> deal.tricks = [TrickFact(1, 3, 1), TrickFact(2, 4, 1), TrickFact(3, 5, 1)]
    >>> part = followable(deal, [4])  # trick 2 and on, if its cards can be worked out
    >>> from belote_notation.game.lang import render
    >>> len(part.deal.tricks), len(part.deal.hands), part.unread.index, [render(m) for m in part.left_out]
    (3, 1, 1, ['trick 2 on (line 4)'])
    >>> [render(m, "fr") for m in followable(deal, [2]).left_out], len(followable(deal, [2]).deal.tricks)
    (['les cartes distribuées (ligne 2)'], 3)
    """
    part = DealFacts(deal.number, deal.dealer, deal.line, deal.col)
    part.five, part.offer, part.bids, part.rest = deal.five, deal.offer, deal.bids, deal.rest
    part.hands, part.announcements, part.tricks = deal.hands, deal.announcements, deal.tricks
    part.score, part.match_score = deal.score, deal.match_score
    part.pot, part.pot_pos = deal.pot, deal.pot_pos
    left_out: list[Message | UnreadTrick] = []
    unread: UnreadTrick | None = None
    for line in sorted(set(broken_lines)):
        section, index, read = _section_of(deal, line)
        if section == "distribution" and (part.five or part.rest or part.hands):
            part.five, part.rest, part.hands = [], [], []
            left_out.append(msg("the dealt cards (line %(line)s)", line=line))
        elif section == "offer" and part.offer is not None:
            part.offer = None
            left_out.append(msg("the offer (line %(line)s)", line=line))
        elif section == "bidding" and part.bids:
            # who took decides who got which cards: the hands are worked out from the play
            part.bids, part.five, part.rest, part.hands, part.offer = [], [], [], [], None
            left_out.append(msg("the bidding and the dealt cards (line %(line)s)", line=line))
        elif section == "announce" and index < len(deal.announcements):
            dropped = deal.announcements[index]
            part.announcements = [a for a in part.announcements if a is not dropped]
            left_out.append(msg("an announcement (line %(line)s)", line=line))
        elif section == "trick" and read and unread is None and index < len(part.tricks) \
                and len(part.tricks[index].cards) == 4:
            left_out.append(msg("what could not be read of trick %(trick)s (line %(line)s)", trick=index + 1,
                                line=line))
        elif section == "trick" and unread is None and index <= len(part.tricks) < 8 + read \
                and (read or _missing_here(part.tricks, index)):
            if not read:  # the trick's line was skipped whole: an empty trick in its place
                number = part.tricks[index - 1].number + 1 if index else 1
                part.tricks = [*part.tricks[:index], TrickFact(number, line, 1), *part.tricks[index:]]
            unread = UnreadTrick(index, line)
            left_out.append(unread)
        elif section == "trick" and index < len(part.tricks):
            part.tricks = part.tricks[:index]
            part.score = None  # a deal not played to its end is not scored
            left_out.append(msg("trick %(trick)s on (line %(line)s)", trick=index + 1, line=line))
        elif section == "score" and part.score is not None:
            part.score = None
            left_out.append(msg("the deal score (line %(line)s)", line=line))
        elif section == "match" and part.match_score is not None:
            part.match_score = None
            left_out.append(msg("the running totals (line %(line)s)", line=line))
    return Followable(part, left_out, unread)
