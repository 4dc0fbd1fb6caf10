"""What a game's text says of itself, kept in the checks' own reading pass: the one owner of that
question for every door that reads a ``.bel`` game straight into the checks (the store's upload,
the collections' reading).

:class:`AsReadChecker` is the checks' visitor (:class:`~belote_notation.check.checker.GameChecker`:
its report is the report) that also keeps, as the events go by, what a record would say of itself
and the checks do not keep: every tag pair as written, the game's comments, the ``end``'s result,
the reading's issues (and so whether reading found an error) and, per deal, its facts
(:class:`SeenDeal`: its glyphs, whether it holds review material, the parts the checks may replace
as read), its contract from its bids (:func:`contract_of`) and whether a deal records no card. No
records are built: a canonical deal reaches it as the compiled reader's facts, as it reaches
``validate``. Where each comment goes is the records' rule
(:class:`~belote_notation.notation.read.build.RecordBuilder`), followed here event for event.

The deck inferred from the cards (no ``Deck`` or ``Rules`` tag) is taken **as the records carry
it**: a ``Deck`` tag read from nowhere, kept among the tag pairs and checked as a tag (the report's
BEL912 is the one the checks of records give: "no Rules tag"), and said by :attr:`deck_inferred`.
So the report stored from a text is the one stored from its records (the store's reports stay as
they were when it read records); ``validate``, render, show and ``--fix`` word that BEL912 from
the cards instead ("the cards are Spanish"), and a caller that keeps the records' wording for such
a game (the collections, whose export's messages stay as they were) knows it by
:attr:`deck_inferred`.

>>> from belote_notation.notation.read.reader import read_game_events
>>> checker = AsReadChecker(file="t.bel")
>>> text = '[Event "club"]\\n{night}\\ndeal 1 dealer N\\nsmsara E:take\\ntrick 1 N:AS! {good} E:KS\\nend\\n'
>>> report = read_game_events(text, checker)
>>> checker.tag_pairs, checker.game_comments(), checker.contracts, checker.card_less, checker.read_error
([('Event', 'club')], ['night'], {1: 'take'}, False, False)
>>> [(sorted(d.glyphs), d.annotated) for d in checker.deals], checker.deck_inferred
([(['!'], True)], False)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from belote_notation.check.checker import DEFAULT_CONFIG, GameChecker
from belote_notation.check.context import DealObserver
from belote_notation.check.facts import BidFact, DealFacts
from belote_notation.check.findings import Finding
from belote_notation.check.setup import ValidationConfig
from belote_notation.game.code_table import severity_of
from belote_notation.notation.issues import SyntaxIssue
from belote_notation.notation.visitor import SKIP, Skip

__all__ = ["AsReadChecker", "SeenDeal", "contract_of"]


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


class SeenDeal:
    """One deal as read: the checks' facts of it, its glyphs (on its calls, announcements and
    cards, not inside an alternative line) and whether it holds any review material; and what
    its record says of the parts the checks may replace as they replay it (a trick's seats left
    out, worked out from the hands; contrée's ``rest``), as read."""

    __slots__ = ("annotated", "facts", "glyphs", "rest", "score", "seats")

    def __init__(self, facts: DealFacts) -> None:
        self.facts = facts
        self.glyphs: set[str] = set()
        self.annotated = False
        self.seats: list[Sequence[int | None]] = []
        self.rest: Sequence[object] = ()
        self.score: object = None

    def keep_as_read(self) -> None:
        """Keep the parts the checks may replace (references: they replace, never change them)."""
        facts = self.facts
        self.seats = [t.seats for t in facts.tricks]
        self.rest, self.score = facts.rest, facts.score


_check_parts = GameChecker.visit_deal_parts


class AsReadChecker(GameChecker):
    """The checks, and what the game's text says of itself (see the module's text).

    ``keeps_deals``: keep each deal as read (:attr:`deals`, what the collections read of a deal);
    a caller that reads only the game's tags, contracts and card-less deals (the store) asks for
    none, as holding every deal's facts to the game's end costs the garbage collector about a
    fifth of the store's reading."""

    __slots__ = ("card_less", "contracts", "deals", "deck_inferred", "game_result", "in_deals", "issues",
                 "keeps_deals", "seen_comments", "seen_depth", "seen_open", "seen_preamble", "tag_pairs")

    def __init__(self, config: ValidationConfig = DEFAULT_CONFIG, file: str = "<string>", number: int = 1,
                 observer: DealObserver | None = None, syntax: Iterable[Finding] = (),
                 keeps_deals: bool = True) -> None:
        super().__init__(config, file, number, observer, syntax)
        self.keeps_deals = keeps_deals

    def begin_game(self, index: int, line: int, col: int) -> Skip | None:
        self.tag_pairs: list[tuple[str, str]] = []
        """Every tag pair (name, value) in order, the inferred deck as a ``Deck`` tag."""
        self.seen_comments: list[str] = []
        self.seen_preamble: list[str] = []
        self.deals: list[SeenDeal] = []
        """Each deal as read (none unless :attr:`keeps_deals`)."""
        self.in_deals = False
        self.issues: list[SyntaxIssue] = []
        """The reading's issues, in order."""
        self.seen_open: SeenDeal | None = None
        self.seen_depth = 0
        self.game_result: str | None = None
        """The result written after ``end``."""
        self.deck_inferred = False
        """No tag named the deck: it was inferred from the cards."""
        self.contracts: dict[int, str | None] = {}
        """The contract of the first deal of each number (:func:`contract_of`)."""
        self.card_less = False
        """A deal records no card (a score sheet's)."""
        return super().begin_game(index, line, col)

    @property
    def read_error(self) -> bool:
        """An error among the reading's issues (the game was not read whole)."""
        return any(severity_of(issue.code) == "error" for issue in self.issues)

    def game_comments(self) -> list[str]:
        """The game's comments (those a record's ``Game.comments`` holds; after ``end_game``)."""
        if not self.tag_pairs and self.seen_preamble:  # no tag pairs: nothing to be before
            return self.seen_preamble + self.seen_comments
        return self.seen_comments

    def visit_header(self, name: str, value: str, line: int, col: int) -> None:
        super().visit_header(name, value, line, col)
        self.tag_pairs.append((name, value))

    def visit_tag_pairs(self, pairs: Sequence[tuple[str, str]], line: int) -> None:
        super().visit_tag_pairs(pairs, line)
        self.tag_pairs += pairs

    def visit_deck(self, deck: str) -> None:
        self.deck_inferred = True
        self.visit_header("Deck", deck, 0, 0)  # as the records carry it (the module's text)

    def visit_error(self, issue: SyntaxIssue) -> None:
        super().visit_error(issue)
        self.issues.append(issue)

    def visit_result(self, result: str | None, line: int, col: int) -> None:
        super().visit_result(result, line, col)
        self.game_result = result

    def _before_check(self) -> None:
        """The deal read last is about to be checked (when the next one starts, or the game
        ends): its record's parts are kept as read."""
        if self.deals:
            self.deals[-1].keep_as_read()

    def end_game(self) -> None:
        self._before_check()
        super().end_game()

    def begin_deal(self, number: int, dealer: int | None, line: int, col: int) -> Skip | None:
        self._before_check()
        answer = super().begin_deal(number, dealer, line, col)
        self.in_deals = True
        assert self.deal is not None  # the checks' facts of the deal begun
        self.seen_open = seen = SeenDeal(self.deal)  # where the deal's comments go, kept or not
        if self.keeps_deals:
            self.deals.append(seen)
        self.seen_depth = 0
        return answer

    def end_deal(self) -> None:
        deal = self.deal
        super().end_deal()
        self.seen_open = None
        if deal is not None:
            self._note(deal)

    def visit_deal_parts(self, facts: DealFacts) -> None:
        deals = self.deals
        if deals:  # _before_check, inline: the fast path's one call a deal
            deals[-1].keep_as_read()
        _check_parts(self, facts)  # the checker's, called without super(): once a deal
        self.in_deals = True
        if self.keeps_deals:
            deals.append(SeenDeal(facts))  # a canonical deal: no review material
        self._note(facts)

    def _note(self, deal: DealFacts) -> None:
        contracts = self.contracts
        if deal.number not in contracts:
            contracts[deal.number] = contract_of(deal.bids)
        if not deal.tricks and not (deal.five or deal.offer or deal.rest or deal.hands):
            self.card_less = True

    def visit_comment(self, text: str, line: int, col: int) -> None:
        super().visit_comment(text, line, col)
        if self.seen_open is not None:  # on an item, a trick, a line or the deal: all the deal's
            self.seen_open.annotated = True
        elif not self.tag_pairs and not self.in_deals:  # before the tag pairs
            self.seen_preamble.append(text)
        else:
            self.seen_comments.append(text)

    def visit_glyph(self, glyph: str, line: int, col: int) -> None:
        super().visit_glyph(glyph, line, col)
        if self.seen_open is not None:
            self.seen_open.annotated = True
            if not self.seen_depth:
                self.seen_open.glyphs.add(glyph)

    def visit_nag(self, nag: int, line: int, col: int) -> None:
        super().visit_nag(nag, line, col)
        if self.seen_open is not None:
            self.seen_open.annotated = True

    def begin_variation(self, line: int, col: int) -> Skip | None:
        answer = super().begin_variation(line, col)
        if self.seen_open is not None:
            self.seen_open.annotated = True
        if answer is not SKIP:
            self.seen_depth += 1
        return answer

    def end_variation(self) -> None:
        super().end_variation()
        self.seen_depth -= 1
