"""One reading, several visitors: :class:`Tee` hands every event of a game to each of them.

The reader reports a game to one visitor; a command that wants more than one thing of the same
text (the checks and the records, say) reads it once through a :class:`Tee` of the visitors
that build them, as python-chess's ``read_game(handle, Visitor=...)`` lets its caller pick
what is built. Each visitor gets the events the reader alone would have given it:

* a visitor that answers ``SKIP`` stops getting that part's events (the game, after
  ``begin_game``; the body, after ``end_headers``, but for ``end_game``; the deal, after
  ``begin_deal``, without its ``end_deal``; the alternative line, after ``begin_variation``,
  without its ``end_variation``) while the others go on; the tee skips a part only when every
  visitor skips it;
* a syntax issue (``visit_error``) reaches every visitor still in the game, even one that
  skipped the part it is in: the text was read for the others, and the issue is about it (as
  the records' issues reach the checks when a game is checked from its records);
* ``visit_call`` gets ``value`` only when it is not ``None``, as from the reader.

:meth:`result` is the tuple of the visitors' results, in their order.

A tee takes a canonical deal at once (:meth:`Tee.deal_parts`) when one of its visitors names
:attr:`~belote_notation.notation.visitor.Visitor.DEAL_PARTS` and every other names the same
classes or takes anybody's parts (:attr:`~belote_notation.notation.visitor.Visitor.TAKES_PARTS`,
the record builder): the checks and the records of a canonical deal are then made from one set
of parts, on the compiled reader's path. Otherwise the reader gives it every deal as events.

>>> from belote_notation.notation.read.build import RecordBuilder
>>> from belote_notation.notation.read.reader import read_game_events
>>> from belote_notation.notation.visitor import HeadersVisitor
>>> headers, parsed = read_game_events('[Event "club"]\\ndeal 1\\ntrick 1 N:AS\\nend\\n',
...                                    Tee(HeadersVisitor(), RecordBuilder()))
>>> headers, [t.plays[0].card for t in parsed.game.deals[0].tricks]
([('Event', 'club')], [7])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from belote_notation.notation.issues import SyntaxIssue
from belote_notation.notation.visitor import (
    SKIP,
    Action,
    DealParts,
    HandSection,
    Kind,
    Mark,
    Position,
    ScoreKind,
    Section,
    Skip,
    Visitor,
)

__all__ = ["Tee"]

_GAME, _BODY, _DEAL = 1, 2, 3
"""What a visitor skips, outermost first (an alternative line is counted by its depth)."""


class Tee(Visitor[tuple[Any, ...]]):
    """Every event to each of ``visitors`` that has not skipped the part it belongs to."""

    __slots__ = ("_live", "_skipped", "_variations", "visitors")

    def __init__(self, *visitors: Visitor[Any]) -> None:
        self.visitors = visitors
        self._live: list[Visitor[Any]] = list(visitors)
        """The visitors that get the events of the part being read (most events go to them)."""
        self._skipped: dict[int, int] = {}
        """Visitor index -> the part it skips (:data:`_GAME`, :data:`_BODY`, :data:`_DEAL`)."""
        self._variations: dict[int, int] = {}
        """Visitor index -> how deep the reader is inside the alternative line it skips (from 1)."""

    def _refresh(self) -> None:
        skipped, variations = self._skipped, self._variations
        self._live = [v for i, v in enumerate(self.visitors) if i not in skipped and i not in variations]

    def _ask(self, answers: list[tuple[int, Skip | None]], part: int) -> Skip | None:
        """Those of ``answers`` that skip stop getting ``part``'s events; ``SKIP`` when all do."""
        skipping = [i for i, answer in answers if answer is SKIP]
        if not skipping:
            return None
        for i in skipping:
            self._skipped[i] = part
        self._refresh()
        return SKIP if len(skipping) == len(answers) else None

    def _live_indexed(self) -> list[tuple[int, Visitor[Any]]]:
        skipped, variations = self._skipped, self._variations
        return [(i, v) for i, v in enumerate(self.visitors) if i not in skipped and i not in variations]

    def _resume(self, up_to: int) -> None:
        """The visitors that skip ``up_to`` or a part inside it get the events again."""
        if self._skipped and any(part >= up_to for part in self._skipped.values()):
            self._skipped = {i: part for i, part in self._skipped.items() if part < up_to}
            self._refresh()

    # --- the game
    def begin_game(self, index: int, line: int, col: int) -> Skip | None:
        self._skipped, self._variations = {}, {}
        answers = [(i, v.begin_game(index, line, col)) for i, v in enumerate(self.visitors)]
        self._live = list(self.visitors)
        return self._ask(answers, _GAME)

    def visit_header(self, name: str, value: str, line: int, col: int) -> None:
        for visitor in self._live:
            visitor.visit_header(name, value, line, col)

    def visit_tag_pairs(self, pairs: Sequence[tuple[str, str]], line: int) -> None:
        for visitor in self._live:
            visitor.visit_tag_pairs(pairs, line)

    def visit_deck(self, deck: str) -> None:
        for visitor in self._live:
            visitor.visit_deck(deck)

    def end_headers(self) -> Skip | None:
        return self._ask([(i, v.end_headers()) for i, v in self._live_indexed()], _BODY)

    def visit_result(self, result: str | None, line: int, col: int) -> None:
        self._resume(_DEAL)
        for visitor in self._live:
            visitor.visit_result(result, line, col)

    def visit_error(self, issue: SyntaxIssue) -> None:
        for i, visitor in enumerate(self.visitors):
            if self._skipped.get(i) != _GAME:
                visitor.visit_error(issue)

    def end_game(self) -> None:
        self._variations = {}
        self._resume(_BODY)
        for visitor in self._live:
            visitor.end_game()

    def result(self) -> tuple[Any, ...]:
        return tuple(visitor.result() for visitor in self.visitors)

    # --- a deal
    def deal_parts(self) -> DealParts | None:
        """The parts the visitors share: those that one or more of them name, when every other
        takes anybody's; ``None`` (the events) when two name different ones, or one takes events."""
        named: DealParts | None = None
        for visitor in self.visitors:
            parts = visitor.deal_parts()
            if parts is None:
                if not visitor.TAKES_PARTS:
                    return None
            elif named is None:
                named = parts
            elif parts != named:
                return None
        return named

    def wants_deal_prints(self) -> bool:
        return any(visitor.wants_deal_prints() for visitor in self.visitors)

    def visit_deal_parts(self, deal: Any) -> None:
        self._resume(_DEAL)
        for visitor in self._live:
            visitor.visit_deal_parts(deal)

    def begin_deal(self, number: int, dealer: int | None, line: int, col: int) -> Skip | None:
        self._resume(_DEAL)
        return self._ask([(i, v.begin_deal(number, dealer, line, col)) for i, v in self._live_indexed()],
                         _DEAL)

    def begin_section(self, section: Section, line: int, col: int) -> None:
        for visitor in self._live:
            visitor.begin_section(section, line, col)

    def visit_hand(self, section: HandSection, seat: int, cards: Sequence[int],
                   positions: Sequence[Position], line: int, col: int) -> None:
        for visitor in self._live:
            visitor.visit_hand(section, seat, cards, positions, line, col)

    def visit_offer(self, card: int, line: int, col: int) -> None:
        for visitor in self._live:
            visitor.visit_offer(card, line, col)

    def visit_call(self, seat: int | None, action: Action, suit: int | None, round: int,
                   line: int, col: int, value: int | None = None) -> None:
        if value is None:
            for visitor in self._live:
                visitor.visit_call(seat, action, suit, round, line, col)
        else:
            for visitor in self._live:
                visitor.visit_call(seat, action, suit, round, line, col, value)

    def visit_announcement(self, seat: int, kind: Kind, cards: Sequence[int],
                           positions: Sequence[Position], trick: int | None,
                           before_card: int | None, line: int, col: int) -> None:
        for visitor in self._live:
            visitor.visit_announcement(seat, kind, cards, positions, trick, before_card, line, col)

    def begin_trick(self, number: int, line: int, col: int) -> None:
        for visitor in self._live:
            visitor.begin_trick(number, line, col)

    def visit_play(self, seat: int | None, card: int, mark: Mark | None, line: int, col: int) -> None:
        for visitor in self._live:
            visitor.visit_play(seat, card, mark, line, col)

    def visit_trick(self, number: int, line: int, col: int, seats: Sequence[int | None],
                    cards: Sequence[int], marks: Sequence[Mark | None], positions: Sequence[Position],
                    winner: int | None, winner_pos: Position | None) -> None:
        for visitor in self._live:
            visitor.visit_trick(number, line, col, seats, cards, marks, positions, winner, winner_pos)

    def visit_mark(self, mark: Mark, line: int, col: int) -> None:
        for visitor in self._live:
            visitor.visit_mark(mark, line, col)

    def visit_winner(self, seat: int, line: int, col: int) -> None:
        for visitor in self._live:
            visitor.visit_winner(seat, line, col)

    def visit_score(self, kind: ScoreKind, ns: int, ew: int | None, line: int, col: int) -> None:
        for visitor in self._live:
            visitor.visit_score(kind, ns, ew, line, col)

    def end_deal(self) -> None:
        for visitor in self._live:
            visitor.end_deal()
        self._resume(_DEAL)

    # --- review material
    def visit_comment(self, text: str, line: int, col: int) -> None:
        for visitor in self._live:
            visitor.visit_comment(text, line, col)

    def visit_glyph(self, glyph: str, line: int, col: int) -> None:
        for visitor in self._live:
            visitor.visit_glyph(glyph, line, col)

    def visit_nag(self, nag: int, line: int, col: int) -> None:
        for visitor in self._live:
            visitor.visit_nag(nag, line, col)

    def begin_variation(self, line: int, col: int) -> Skip | None:
        answers = [(i, v.begin_variation(line, col)) for i, v in self._live_indexed()]
        skipping = [i for i, answer in answers if answer is SKIP]
        if len(skipping) == len(answers):  # nobody reads the line: the reader skips it, no end comes
            return SKIP
        variations = self._variations
        for i in variations:
            variations[i] += 1
        if skipping:
            for i in skipping:
                variations[i] = 1
            self._refresh()
        return None

    def end_variation(self) -> None:
        for visitor in self._live:
            visitor.end_variation()
        variations = self._variations
        if variations:  # the end of the line a visitor skips is not its own: it reads on after it
            for i in list(variations):
                variations[i] -= 1
                if not variations[i]:
                    del variations[i]
            self._refresh()
