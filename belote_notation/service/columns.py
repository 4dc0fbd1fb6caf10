"""What the store keeps of a game besides its text and report, read in the checks' own pass.

The columns the filters read (tags, each deal's contract) and the key that tells two score
sheets apart come from the reading events, as the checks see them: :class:`StoreChecker` is
the checker (its report is the report) that also keeps every tag pair as written and each
deal's contract as bid, so a ``.bel`` upload goes straight from its text to the checks, as
``validate`` reads it, without records. A game held as records (another format, a review) is
walked through the same visitor (``game.accept``), so both ways give the same columns.

>>> from belote_notation.notation.read.reader import read_game_events
>>> checker = StoreChecker(file="t.bel")
>>> text = '[Event "club"]\\n[North "Sara"]\\ndeal 1 dealer N\\nsmsara E:take\\nend\\n'
>>> report = read_game_events(text, checker)
>>> columns = checker.columns()
>>> columns.tags, columns.tag_values()["event"], columns.contracts, columns.recorded
((('Event', 'club'), ('North', 'Sara')), 'club', {1: 'take'}, '')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from belote_notation.check.checker import GameChecker
from belote_notation.check.facts import BidFact, DealFacts
from belote_notation.game.code_table import severity_of
from belote_notation.notation.fingerprint import fingerprint, recorded_text
from belote_notation.notation.issues import SyntaxIssue
from belote_notation.notation.visitor import Skip

if TYPE_CHECKING:  # records are read only for a score sheet (recorded_game)
    from belote_notation.notation.records import Game

__all__ = ["GameColumns", "StoreChecker", "contract_of", "recorded_key"]


@dataclass(frozen=True, slots=True)
class GameColumns:
    """A game's tag pairs (as written, in order), the contract of the first deal of each number
    (:func:`contract_of`), and its :func:`recorded_key`."""

    tags: tuple[tuple[str, str], ...]
    contracts: dict[int, str | None]
    recorded: str = ""

    def tag_values(self) -> dict[str, str]:
        """Each tag's value by its name in lower case: the last pair of that name, as the
        records' ``Game.header`` reads it."""
        return {name.lower(): value for name, value in self.tags}


def contract_of(bids: Sequence[BidFact]) -> str | None:
    """A deal's contract in a word, from its calls as written: the points of the last contrée
    bid, ``capot``, ``generale`` or ``take``; ``None`` when nobody took.

    >>> contract_of([BidFact(0, "bid", 1, 1, 0, 0, 90), BidFact(1, "bid", 2, 1, 0, 0, 100),
    ...              BidFact(2, "pass", None, 1, 0, 0)])
    '100'
    >>> contract_of([BidFact(0, "pass", None, 1, 0, 0)]) is None
    True
    """
    for bid in reversed(bids):
        if bid.action == "bid":
            return str(bid.value)
        if bid.action in ("capot", "generale", "take"):
            return bid.action
    return None


def recorded_key(game: Game) -> str:
    """``""`` for a game whose every deal records cards (its fingerprint tells it); else the
    fingerprint of what identifies a score sheet besides its play
    (:func:`~belote_notation.notation.fingerprint.recorded_text`: its Event, Site, Date and
    Round, its result and every claimed score), so that two club nights of the same four
    players are two games.

    >>> from belote_notation.notation.records import Deal, Game, Score
    >>> recorded_key(Game(deals=[Deal(number=1, score=Score(ns=102, ew=60))]))
    'bel1:aa0631a41211e6afb37f31ce3af2bdb0'
    """
    text = recorded_text(game)
    return fingerprint(text) if text else ""


_check_parts = GameChecker.visit_deal_parts


class StoreChecker(GameChecker):
    """:class:`~belote_notation.check.checker.GameChecker`, keeping besides its report what the
    store's columns read: :meth:`columns`, and whether reading found an error
    (:attr:`read_error`).

    An inferred deck (no ``Deck`` or ``Rules`` tag, Spanish cards) is taken as the records
    carry it, a ``Deck`` tag read from nowhere: the report is then the one the store gave when
    it checked records (its BEL912 says "no Rules tag"; ``validate``'s says the cards are
    Spanish), so the reports stored before and after this reader agree.
    """

    __slots__ = ("card_less", "contracts", "read_error", "tag_pairs")

    def begin_game(self, index: int, line: int, col: int) -> Skip | None:
        self.tag_pairs: list[tuple[str, str]] = []
        self.contracts: dict[int, str | None] = {}
        self.read_error = False
        """An error among the reading's syntax issues (the game was not read whole)."""
        self.card_less = False
        """A deal that records no card (a score sheet's)."""
        return super().begin_game(index, line, col)

    def visit_header(self, name: str, value: str, line: int, col: int) -> None:
        self.tag_pairs.append((name, value))
        super().visit_header(name, value, line, col)

    def visit_deck(self, deck: str) -> None:
        self.visit_header("Deck", deck, 0, 0)

    def visit_error(self, issue: SyntaxIssue) -> None:
        if severity_of(issue.code) == "error":
            self.read_error = True
        super().visit_error(issue)

    def end_deal(self) -> None:
        deal = self.deal
        super().end_deal()
        if deal is not None:
            self._note(deal)

    def visit_deal_parts(self, facts: DealFacts) -> None:
        _check_parts(self, facts)  # the checker's, called without super(): once a deal
        self._note(facts)

    def _note(self, deal: DealFacts) -> None:
        contracts = self.contracts
        if deal.number not in contracts:
            contracts[deal.number] = contract_of(deal.bids)
        if not deal.tricks and not (deal.five or deal.offer or deal.rest or deal.hands):
            self.card_less = True

    def columns(self, recorded: str = "") -> GameColumns:
        """The columns of the game read (``recorded``: its :func:`recorded_key`, which the
        caller works out from records when :attr:`card_less`)."""
        return GameColumns(tuple(self.tag_pairs), self.contracts, recorded)
