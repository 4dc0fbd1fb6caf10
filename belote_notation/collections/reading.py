"""How the collections read a game: a ``.bel`` game's text straight into the checks, as
``validate`` reads it, with what they need besides the report collected in the same pass.

:class:`CollectingChecker` is the checks' visitor (:class:`~belote_notation.check.checker.GameChecker`)
that also keeps, as the events go by, what a record would say of itself and the checks do not
keep: every tag pair, the game's comments, the ``end``'s result, the reading's issues and, per
deal, its facts, its glyphs and whether it holds review material (a glyph, a NAG, a comment or
an alternative line). One reading, one visitor: no records are built (a canonical deal reaches
it as the compiled reader's facts, as it reaches ``validate``), and the engine's state of each
deal replayed is kept by the checks' own observer. Where each comment goes is the records'
rule (:class:`~belote_notation.notation.read.build.RecordBuilder`), followed here event for event.

>>> text = "[North \\"Ana\\"]\\n{club night}\\ndeal 1 dealer N\\ntrick 1 N:AS! {good} E:KS\\nend\\n"
>>> read = collect_text(text, "t.bel")
>>> read.tags, read.comments, [(sorted(d.glyphs), d.annotated) for d in read.deals]
([('North', 'Ana')], ['club night'], [(['!'], True)])
>>> read.report.deal_count, read.report.findings[0].code
(1, 'BEL912')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from belote_notation.check.checker import DEFAULT_CONFIG, GameChecker
from belote_notation.check.context import TrickTrace
from belote_notation.check.facts import DealFacts as CheckedDeal
from belote_notation.check.findings import Finding
from belote_notation.check.replay import ReplayRecorder
from belote_notation.check.report import GameReport
from belote_notation.check.setup import ValidationConfig
from belote_notation.game.engine import DealState
from belote_notation.notation.issues import SyntaxIssue
from belote_notation.notation.read.reader import read_game_events
from belote_notation.notation.read.stream import GameText
from belote_notation.notation.records import Game
from belote_notation.notation.visitor import SKIP, Skip
from belote_notation.pipeline.games import GameToCheck, TextGame
from belote_notation.pipeline.records import ReadGame, read_game

__all__ = ["CollectedGame", "CollectingChecker", "InputGame", "SeenDeal", "collect_text"]


class SeenDeal:
    """One deal as read: the checks' facts of it, its glyphs (on its calls, announcements and
    cards, not inside an alternative line) and whether it holds any review material; and what
    its record says of the parts the checks may replace as they replay it (a trick's seats left
    out, worked out from the hands; contrée's ``rest``), as read."""

    __slots__ = ("annotated", "facts", "glyphs", "rest", "score", "seats")

    def __init__(self, facts: CheckedDeal) -> None:
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


@dataclass(frozen=True, slots=True)
class CollectedGame:
    """What one reading of a game gave: the checks' report and what the records would say."""

    report: GameReport
    tags: list[tuple[str, str]]
    """Every tag pair (name, value) in order, the deck inferred from the cards as a ``Deck`` tag
    (as the records carry it)."""
    comments: list[str]
    """The game's comments (those a record's ``Game.comments`` holds)."""
    result: str | None
    """The result written after ``end``."""
    deals: list[SeenDeal]
    issues: list[SyntaxIssue]
    """The reading's issues, in order."""
    states: dict[int, tuple[DealState, list[TrickTrace]]]
    """The engine's state and the tricks of each deal replayed, by position."""
    tricks: bool
    """The tricks were traced (else their lists are empty)."""
    deck_inferred: bool
    """No tag named the deck: it was inferred from the cards."""


class CollectingChecker(GameChecker):
    """The checks, and what the collections need besides their report (see the module's text)."""

    __slots__ = ("seen_comments", "seen_deals", "seen_deck", "seen_depth", "seen_issues", "seen_open",
                 "seen_preamble", "seen_result", "seen_tags")

    def begin_game(self, index: int, line: int, col: int) -> Skip | None:
        self.seen_tags: list[tuple[str, str]] = []
        self.seen_comments: list[str] = []
        self.seen_preamble: list[str] = []
        self.seen_deals: list[SeenDeal] = []
        self.seen_issues: list[SyntaxIssue] = []
        self.seen_open: SeenDeal | None = None
        self.seen_depth = 0
        self.seen_result: str | None = None
        self.seen_deck = False
        return super().begin_game(index, line, col)

    def visit_header(self, name: str, value: str, line: int, col: int) -> None:
        super().visit_header(name, value, line, col)  # the inferred deck comes here too (visit_deck)
        self.seen_tags.append((name, value))

    def visit_deck(self, deck: str) -> None:
        self.seen_deck = True
        super().visit_deck(deck)

    def visit_error(self, issue: SyntaxIssue) -> None:
        super().visit_error(issue)
        self.seen_issues.append(issue)

    def visit_result(self, result: str | None, line: int, col: int) -> None:
        super().visit_result(result, line, col)
        self.seen_result = result

    def _before_check(self) -> None:
        """The deal read last is about to be checked (when the next one starts, or the game
        ends): its record's parts are kept as read."""
        if self.seen_deals:
            self.seen_deals[-1].keep_as_read()

    def end_game(self) -> None:
        self._before_check()
        super().end_game()

    def begin_deal(self, number: int, dealer: int | None, line: int, col: int) -> Skip | None:
        self._before_check()
        answer = super().begin_deal(number, dealer, line, col)
        assert self.deal is not None  # the checks' facts of the deal begun
        self.seen_open = seen = SeenDeal(self.deal)
        self.seen_deals.append(seen)
        self.seen_depth = 0
        return answer

    def visit_deal_parts(self, facts: CheckedDeal) -> None:
        self._before_check()
        super().visit_deal_parts(facts)
        self.seen_deals.append(SeenDeal(facts))  # a canonical deal: no review material

    def end_deal(self) -> None:
        super().end_deal()
        self.seen_open = None

    def visit_comment(self, text: str, line: int, col: int) -> None:
        super().visit_comment(text, line, col)
        if self.seen_open is not None:  # on an item, a trick, a line or the deal: all the deal's
            self.seen_open.annotated = True
        elif not self.seen_tags and not self.seen_deals:  # before the tag pairs
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

    def collected(self, states: dict[int, tuple[DealState, list[TrickTrace]]], tricks: bool) -> CollectedGame:
        """What this game's reading gave (after ``end_game``)."""
        comments = self.seen_comments
        if not self.seen_tags and self.seen_preamble:  # no tag pairs: nothing to be before
            comments = self.seen_preamble + comments
        return CollectedGame(self.report, self.seen_tags, comments, self.seen_result, self.seen_deals,
                             self.seen_issues, states, tricks, self.seen_deck)


class _States(ReplayRecorder):
    """The checks' observer of the collections: each deal's state, its tricks only when asked
    (a trace of the tricks costs the deal's compiled play: ``check/context.py``)."""

    def __init__(self, wants_tricks: bool) -> None:
        super().__init__()
        self.wants_tricks = wants_tricks


def collect_text(text: str | GameText, file: str = "<string>", config: ValidationConfig = DEFAULT_CONFIG,
                 tricks: bool = False) -> CollectedGame:
    """Read the text of one game into the checks, collecting what the collections need
    (``tricks``: the tricks each deal played too, as the checks traced them)."""
    states = _States(tricks)
    checker = CollectingChecker(config, file, observer=states)
    read_game_events(text, checker, file)
    return checker.collected(states.deals, tricks)


class InputGame:
    """One game of an input as the collections read it: a ``.bel`` game's text (read into the
    checks by :meth:`collected`, once per configuration; its records built only when asked
    for, by :attr:`game`), or a game another format read as records.

    >>> from belote_notation.pipeline.games import TextGame
    >>> from belote_notation.notation.read.stream import GameText
    >>> game = InputGame(TextGame(GameText("deal 1\\ntrick 1 N:ZZ\\nend\\n", 1, 0)), "t.bel")
    >>> game.number, game.readable, [f.code for f in game.findings], len(game.game.deals)
    (1, False, ['BEL001'], 1)
    """

    __slots__ = ("_collected", "_config", "_read", "file", "item", "tricks")

    def __init__(self, item: GameToCheck, file: str, tricks: bool = False) -> None:
        self.item, self.file, self.tricks = item, file, tricks
        """``tricks``: read with the tricks traced (what :meth:`collected` reads by default)."""
        self._collected: CollectedGame | None = None
        self._config: ValidationConfig | None = None
        self._read: ReadGame | None = None

    @property
    def number(self) -> int:
        """1-based number of the game in its input."""
        return self.item.number

    @property
    def text(self) -> GameText | None:
        """The game's text (``None``: a game of another format)."""
        return self.item.text if isinstance(self.item, TextGame) else None

    def collected(self, config: ValidationConfig = DEFAULT_CONFIG, tricks: bool | None = None
                  ) -> CollectedGame | None:
        """The game's text read into the checks, with the tricks traced when ``tricks`` (by
        default :attr:`tricks`); ``None``: a game of another format. Read once: a second call
        asks the same or less."""
        if not isinstance(self.item, TextGame):
            return None
        wanted = self.tricks if tricks is None else tricks
        done = self._collected
        other = self._config is not config and self._config != config
        if done is None or (wanted and not done.tricks) or other:
            self._collected, self._config = collect_text(self.item.text, self.file, config, wanted), config
        return self._collected

    def records(self) -> ReadGame:
        """The game as records, with its reading's findings (parsed from the text when it has
        one: what a command that writes games or reviews them needs)."""
        if self._read is None:
            self._read = read_game(self.item, self.file)
        return self._read

    @property
    def has_game(self) -> bool:
        """The input held a game here (not only findings), without reading it."""
        return isinstance(self.item, TextGame) or self.item.game is not None

    @property
    def game(self) -> Game | None:
        """The game's records (``None``: an input that held findings but no game)."""
        return self.records().game

    @property
    def findings(self) -> tuple[Finding, ...]:
        """The findings of the game's reading."""
        if self._read is None and isinstance(self.item, TextGame):
            collected = self.collected(self._config or DEFAULT_CONFIG)
            assert collected is not None
            return tuple(Finding.from_issue(i, self.file, self.number) for i in collected.issues)
        return self.records().findings

    @property
    def readable(self) -> bool:
        """Read whole: a game, and no error among the reading's findings (as
        :attr:`~belote_notation.pipeline.records.ReadGame.readable`)."""
        if isinstance(self.item, TextGame):
            return all(f.severity != "error" for f in self.findings)
        return self.records().readable
