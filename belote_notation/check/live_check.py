"""The checks of a game in progress, one act at a time, with ``validate``'s checker.

:class:`GameChecker` checks a deal when its text is over, with what the deals before it left
(the match's totals, the next dealer, the pot). A :class:`LiveCheck` keeps a checker that has
read the tag pairs and the closed deals (``base``), and checks the deal in progress on a copy
of it: the deal's canonical text (as ``fmt`` writes it) is read by the reader at its place in
the whole record (its line numbers are the record's), its events go to the copy, and the copy
ends the game. So each act costs the check of one deal, whatever the length of the game, and
gives what ``validate`` of the whole record would give (``tests/check/test_live.py`` compares
them on every act).

>>> from belote_notation.notation import records as R
>>> check = LiveCheck([R.Header(name="Rules", value="classic")])
>>> deal = R.Deal(number=1, dealer=0, bids=[R.Bid(seat=1, action="take", suit=0)])
>>> report, replay = check.check(deal)
>>> [f.code for f in report.findings], replay.deal.number, check.next_line
(['BEL903', 'BEL902'], 1, 3)
"""

from __future__ import annotations

import copy
from typing import Any

from belote_notation.check.checker import GameChecker
from belote_notation.check.replay import DealReplay, ReplayRecorder
from belote_notation.check.report import GameReport
from belote_notation.check.setup import ValidationConfig
from belote_notation.notation import records as R
from belote_notation.notation.headers import game_deck
from belote_notation.notation.read.reader import read_game_events
from belote_notation.notation.visitor import Visitor
from belote_notation.notation.write.writer import write_deal, write_game

__all__ = ["LIVE_FILE", "LiveCheck", "LiveChecker"]

LIVE_FILE = "<live>"
"""The file name the findings of a live game carry (``validate`` of its text names its file)."""

_DEAL_EVENTS = ("begin_deal", "visit_deal_parts", "begin_section", "visit_hand", "visit_offer",
                "visit_call", "visit_announcement", "begin_trick", "visit_play", "visit_trick", "visit_mark",
                "visit_winner", "visit_score", "end_deal", "visit_comment", "visit_glyph", "visit_nag",
                "begin_variation", "end_variation", "visit_error")
_HEAD_EVENTS = ("begin_game", "visit_header", "visit_deck", "end_headers")


class LiveChecker(GameChecker):
    """The checker of a game in progress (``live``): the match is judged against its result at
    ``end`` only (``Result`` is ``*`` until then). :meth:`in_progress` makes the deal checked
    next a position (``[Termination "unterminated"]``: stopping there is no fault); the deals
    before it are checked as over."""

    __slots__ = ("live",)

    def __init__(self, live: bool, observer: ReplayRecorder) -> None:
        super().__init__(ValidationConfig(), LIVE_FILE, 1, observer)
        self.live = live

    def in_progress(self) -> None:
        assert self.ctx is not None, "after the tag pairs"
        self.ctx.unterminated = True

    def _finish(self) -> None:
        if not self.live:
            super()._finish()


class _Forward(Visitor[None]):
    """Hands the reader's events of the deals (and, with ``head``, of the tag pairs) to
    ``target``: the text read holds the tag pairs for its deck, and an ``end`` the copy does
    not take (the game goes on)."""

    DEAL_PARTS = GameChecker.DEAL_PARTS

    def __init__(self, target: GameChecker, head: bool = False) -> None:
        for name in _DEAL_EVENTS + (_HEAD_EVENTS if head else ()):
            setattr(self, name, getattr(target, name))

    def result(self) -> None:
        return None


class LiveCheck:
    """The tag pairs and the closed deals checked once; :meth:`check` checks the deal in progress."""

    def __init__(self, headers: list[R.Header]) -> None:
        self.deck = game_deck(headers)
        head = write_game(R.Game(headers=headers))
        self.head = head[:-len("end\n")] if headers else ""
        """The tag pairs and the blank line after them, as the whole record starts."""
        self.head_lines = self.head.count("\n")
        self.next_line = self.head_lines + 1
        """Where the deal in progress starts in the record."""
        self.base = LiveChecker(True, ReplayRecorder())
        """The checker that has read the tag pairs and the deals over (each checked as over)."""
        read_game_events(self.head + "end\n", _Forward(self.base, head=True), LIVE_FILE)

    def _read(self, checker: GameChecker, deal: R.Deal, line: int) -> int:
        """Reads ``deal`` into ``checker`` at ``line`` of the record; the lines it takes, the
        blank one after it included."""
        text = write_deal(deal, self.deck)
        read_game_events(self.head + text + "end\n", _Forward(checker), LIVE_FILE, line - self.head_lines)
        return text.count("\n") + 1

    def close(self, deal: R.Deal) -> None:
        """``deal`` is over (the next one starts): the base checks it, once."""
        self.next_line += self._read(self.base, deal, self.next_line)
        self.base._flush(self.next_line)

    def check(self, deal: R.Deal, closing: R.Deal | None = None) -> tuple[GameReport, DealReplay]:
        """The report of the record with ``deal`` in progress (after ``closing``, when a deal
        closes with this act: checked as over), and the replay of ``deal``."""
        recorder = ReplayRecorder()
        checker = _fork(self.base, recorder)
        line = self.next_line
        if closing is not None:
            line += self._read(checker, closing, line)
            checker._flush(line)
        checker.in_progress()
        self._read(checker, deal, line)
        checker.end_game()
        state, traces = recorder.deals.get(checker.position - 1, (None, []))
        report = checker.report
        return report, DealReplay(deal.model_copy(update={"line": line}), None, state, traces)


def _fork(base: LiveChecker, recorder: ReplayRecorder) -> LiveChecker:
    """A copy of ``base`` that the checks of one more deal do not share with it: what they
    only read (the rules, the config) and the reports of the deals before are shared."""
    ctx = base.ctx
    memo: dict[int, Any] = {id(base.observer): recorder, id(base.config): base.config}
    if ctx is not None:
        memo[id(ctx.rules)] = ctx.rules
    for report in base.report.deals:
        memo[id(report)] = report
    return copy.deepcopy(base, memo)
