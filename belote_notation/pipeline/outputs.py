"""Checked games → outputs: the one loop that tells a writer of :mod:`~belote_notation.pipeline.output`
the events of a run (:mod:`~belote_notation.pipeline.pool`'s, a cluster's, or one request's), in
order, and counts the summary it ends with. ``belote-replay validate`` and ``POST /v1/validate``
both write through it, so an output says the same of the same run whoever asked.

>>> import io
>>> from belote_notation.check.report import GameReport
>>> from belote_notation.pipeline.output import InputInfo, make_writer, render_game
>>> from belote_notation.pipeline.pool import GameChecked, InputEnded, InputFailed, InputStarted
>>> out = io.StringIO()
>>> run = RunOutputs.begin(make_writer("jsonl", out, io.StringIO()), inputs=2)
>>> run.tell_all([InputStarted(InputInfo("g.bel")), GameChecked("g.bel", render_game(GameReport("g.bel", 1,
...     deal_count=1), "jsonl")), InputEnded("g.bel"), InputFailed("gone.bel", "no such file or folder")])
>>> summary = run.end()
>>> (summary.files, summary.files_read, summary.games, summary.problems), run.problems, run.nothing_read
((2, 1, 1, 1), [('gone.bel', 'no such file or folder')], False)
>>> [line[:20] for line in out.getvalue().splitlines()]
['{"type":"game","path', '{"type":"problem","p', '{"type":"summary","f']
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field

from belote_notation.check.codes import NO_GAME_IN_FILE
from belote_notation.formats.base import UNREADABLE
from belote_notation.game.lang.render import said
from belote_notation.pipeline.output.base import Summary, Writer
from belote_notation.pipeline.pool import Event, GameChecked, InputEnded, InputFailed, InputStarted

__all__ = ["RunOutputs"]


@dataclass(slots=True)
class RunOutputs:
    """A run's outputs: its writer, the summary counted as the events are told, the inputs that
    could not be read (opened, or read to their end) and whether any game was read at all.

    :meth:`begin` before the events, :meth:`tell` (or :meth:`tell_all`) each in input order,
    :meth:`end` once: the writer hears ``problem`` for the inputs known unreadable beforehand,
    ``begin``, the events, then ``end`` with the summary and every problem."""

    writer: Writer
    summary: Summary
    problems: list[tuple[str, str]] = field(default_factory=list)
    """``(path, message)`` of each input that could not be opened or whose reading stopped early."""
    games_read: bool = False
    """Some input held a game that was read (not only an input without any, nor a game that could
    not be read at all)."""
    started: float = field(default_factory=time.perf_counter)
    """When the run began (``time.perf_counter``): the summary's time counts from it."""

    @classmethod
    def begin(cls, writer: Writer, inputs: int, problems: Iterable[tuple[str, str]] = (),
              started: float | None = None) -> RunOutputs:
        """The outputs of a run over ``inputs`` inputs, ``problems`` of which could not be opened
        (found so before the run: written first), begun."""
        run = cls(writer, Summary(files=inputs), list(problems))
        if started is not None:
            run.started = started
        for path, message in run.problems:
            writer.problem(path, message)
        writer.begin()
        return run

    def tell(self, event: Event) -> None:
        """One event of the run told to the writer and counted in the summary."""
        if isinstance(event, GameChecked):
            self.summary.add(event.game)
            self.writer.game(event.game)
            self.games_read = self.games_read or _holds_a_game(event)
        elif isinstance(event, InputStarted):
            self.writer.file_start(event.info)
        elif isinstance(event, InputEnded):
            self.summary.files_read += 1
            self.writer.file_end(event.path, event.error)
            if event.error:
                self.problems.append((event.path, event.error))
        elif isinstance(event, InputFailed):  # in the language chosen (English: the message as before)
            self.problems.append((event.path, said(event.msg, event.message)))
            self.writer.problem(*self.problems[-1])

    def tell_all(self, events: Iterable[Event]) -> None:
        """Every event of ``events``, in order (:meth:`tell`)."""
        for event in events:
            self.tell(event)

    def end(self) -> Summary:
        """The summary completed and written, with every problem; returned."""
        self.summary.problems = len(self.problems)
        self.summary.seconds = time.perf_counter() - self.started
        self.writer.end(self.summary, self.problems)
        return self.summary

    @property
    def nothing_read(self) -> bool:
        """No input could be read, or none held a game that could be read (``validate`` exits 2)."""
        return self.summary.files_read == 0 or not self.games_read


def _holds_a_game(event: GameChecked) -> bool:
    """Whether ``event`` is a game that was read (not the report of an input without any, nor of
    a game that could not be read at all: no deal, and BEL708 or BEL801 says why)."""
    game = event.game
    return game.deals > 0 or all(f.code not in (NO_GAME_IN_FILE, UNREADABLE) for f in game.findings)
