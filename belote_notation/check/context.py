"""Where the checks of one game put their findings, and what ``show`` may observe of a replay."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from belote_notation.check.contract_tag import ContractTag
from belote_notation.check.findings import Finding
from belote_notation.game.cards import Deck
from belote_notation.game.engine import DealState, Violation
from belote_notation.game.lang import Message
from belote_notation.game.rules import Ruleset

__all__ = ["Context", "DealObserver", "TrickTrace"]


class TrickTrace:
    """What ``show`` needs about one trick: who played what, who won, the points."""

    __slots__ = ("cards", "marks", "number", "points", "running", "seats", "winner")

    def __init__(self, number: int, seats: list[int], cards: list[int], marks: list[str | None],
                 winner: int, points: int, running: tuple[int, int]) -> None:
        self.number, self.seats, self.cards, self.marks = number, seats, cards, marks
        self.winner, self.points, self.running = winner, points, running


class DealObserver(Protocol):
    """Told about every deal the checks replay, by its 0-based POSITION in the game (two deals
    may be written with the same number).

    An observer with a ``wants_tricks`` attribute set to ``False`` is given the state only (the
    ``tricks`` list stays empty): the checks then keep no trace of the tricks, and the play of
    a plain deal runs in one compiled call, as when nobody observes (measured: 30 of 80 us a
    deal for the trace).

    An observer with a ``traces_on_demand`` attribute set to ``True`` is told of a deal whose
    eight tricks the engine played in one call (:meth:`played_plain`, its ``tricks`` list
    then left empty) instead of being given their traces: they follow from the state and the
    tricks' belote words, and :func:`~belote_notation.check.traces.plain_rows` makes them when
    asked (the page asks for their numbers, not for trace objects)."""

    def deal_started(self, position: int, state: DealState, tricks: list[TrickTrace]) -> None:
        """The replay of the deal starts: ``state`` moves on and ``tricks`` fills as it goes."""


class Context:
    """Per-game context: the rules, the deck, where findings go and how they are labelled."""

    __slots__ = ("contract_tag", "contract_tag_at", "deal_no", "deck", "file", "findings", "number",
                 "observer", "position", "rules", "unterminated")

    def __init__(self, file: str, number: int, rules: Ruleset, deck: Deck,
                 observer: DealObserver | None) -> None:
        self.file = file
        self.number = number
        self.rules = rules
        self.deck = deck
        self.observer = observer
        self.findings: list[Finding] = []
        self.deal_no: int | None = None
        self.position = 0
        """0-based position of the current deal in the game."""
        self.contract_tag: ContractTag | None = None
        """The contract of the ``Contract`` tag (check/contract_tag.py), for a first deal
        recorded without its auction."""
        self.contract_tag_at = (0, 0)
        """Where the ``Contract`` tag is written."""
        self.unterminated = False
        """The game says it stops before its end (``[Termination "unterminated"]``, PGN's tag):
        a deal whose record stops in mid-play is a position, not a deal with missing tricks."""

    def add(self, code: str, message: Message, line: int = 0, col: int = 0, trick: int | None = None,
            seat: int | None = None) -> None:
        """A finding of the checks at ``line:col``."""
        self.findings.append(Finding.of(code, message, self.file, line, col, self.number, self.deal_no,
                                        trick, seat))

    def violation(self, v: Violation, line: int, col: int) -> None:
        """An engine violation placed on the token that caused it."""
        self.findings.append(Finding.of(v.code, v.msg, self.file, line, col, self.number, self.deal_no,
                                        v.trick, v.seat))

    def violations(self, vs: Sequence[Violation], line: int, col: int) -> None:
        """Every violation of ``vs`` at the same token."""
        for v in vs:
            self.violation(v, line, col)
