"""How the collections read a game: a ``.bel`` game's text straight into the checks, as
``validate`` reads it, with what they need besides the report collected in the same pass.

The checker is :class:`~belote_notation.check.as_read.AsReadChecker`, the checks' visitor that
also keeps what a record would say of itself (every tag pair, the game's comments, the result, the
reading's issues and, per deal, its facts, glyphs and review material): the store reads an upload
with the same one. One reading, one visitor: no records are built, and the engine's state of each
deal replayed is kept by the checks' own observer.

>>> text = "[North \\"Ana\\"]\\n{club night}\\ndeal 1 dealer N\\ntrick 1 N:AS! {good} E:KS\\nend\\n"
>>> read = collect_text(text, "t.bel")
>>> read.tags, read.comments, [(sorted(d.glyphs), d.annotated) for d in read.deals]
([('North', 'Ana')], ['club night'], [(['!'], True)])
>>> read.report.deal_count, read.report.findings[0].code
(1, 'BEL912')
"""

from __future__ import annotations

from dataclasses import dataclass

from belote_notation.check.as_read import AsReadChecker, SeenDeal
from belote_notation.check.checker import DEFAULT_CONFIG
from belote_notation.check.context import TrickTrace
from belote_notation.check.findings import Finding
from belote_notation.check.replay import ReplayRecorder
from belote_notation.check.report import GameReport
from belote_notation.check.setup import ValidationConfig
from belote_notation.game.engine import DealState
from belote_notation.notation.issues import SyntaxIssue
from belote_notation.notation.read.reader import read_game_events
from belote_notation.notation.read.stream import GameText
from belote_notation.notation.records import Game
from belote_notation.notation.write.as_written import is_written_form
from belote_notation.notation.write.parts import ReadDeal, write_read_game
from belote_notation.notation.write.writer import NotationWriteError
from belote_notation.pipeline.games import GameToCheck, TextGame
from belote_notation.pipeline.records import ReadGame, read_game

__all__ = ["CollectedGame", "InputGame", "SeenDeal", "collect_text"]


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
    preamble: list[str]
    """The comments before the tag pairs (those a record's ``Game.preamble`` holds)."""
    source: str | None = None
    """The game's text as read (``None``: not kept)."""

    def canonical_text(self) -> str | None:
        """The game's canonical ``.bel`` text written from its reading (no records: the text
        :func:`~belote_notation.notation.write.writer.write_game` writes of its records);
        ``None`` when only its records can say it: a reading with issues, a deck inferred from
        the cards, a deal with review material (glyphs, NAGs, comments, alternative lines)."""
        if self.issues or self.deck_inferred or any(seen.annotated for seen in self.deals):
            return None
        if self.source is not None and is_written_form(self.source, self.tags):
            return self.source  # the writer's own text already (a program's): nothing to write
        try:
            deals = (ReadDeal(s.facts, s.seats, s.rest, s.score) for s in self.deals)
            return write_read_game(self.tags, deals, self.result, self.preamble, self.comments)
        except NotationWriteError:  # said as its records say it
            return None


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
    checker = AsReadChecker(config, file, observer=states)
    read_game_events(text, checker, file)
    return CollectedGame(checker.report, checker.tag_pairs, checker.game_comments(), checker.game_result,
                         checker.deals, checker.issues, states.deals, tricks, checker.deck_inferred,
                         checker.seen_preamble if checker.tag_pairs else [],
                         text if isinstance(text, str) else text.text)


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

    def canonical_text(self) -> str | None:
        """The game's canonical ``.bel`` text from its reading into the checks as read already
        (:meth:`CollectedGame.canonical_text`: no records); ``None``: a game of another format,
        or one only its records can say."""
        collected = self._collected if self._collected is not None else self.collected()
        return collected.canonical_text() if collected is not None else None

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
