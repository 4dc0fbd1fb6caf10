"""Checking many inputs on any :class:`~belote_notation.pipeline.executor.Backend`, results in
input order.

:func:`run` yields small events, wherever the games are checked:

* :class:`InputStarted` before the games of an input,
* :class:`GameChecked` for each game (rendered where it was checked: a worker, with workers),
* :class:`InputEnded` after them (``error`` says why reading stopped early, if it did),
* :class:`InputFailed` for an input that could not be opened at all.

On worker processes (``Backend.processes(jobs)``) a ``.bel`` file is handed out as byte ranges
that the workers plan and read themselves, as a cluster's workers do
(:mod:`belote_notation.pipeline.range_checks`): this process reads only the start of the file
(its format) and writes the rendered reports the workers hand back, so it does not cap the run.
An input the workers cannot read by ranges (stdin, a stream, bytes given by a program, a format
read whole such as a CSV) is cut here into games to check (game texts, or records read by
the format), batched (:mod:`.batches`) and handed to the backend's window
(:class:`~belote_notation.pipeline.executor.Window`). At most a few tasks are in flight, so
memory stays flat however large the input. A worker that fails costs its task, reported as
such; a game that makes the checker fail costs that game (``BEL901``). On a backend whose
workers read byte ranges themselves (a cluster) every input is cut into ranges: the same
events, in the same order.

A web service runs ``run(...)`` in its process per request (or its games one by one through
:meth:`~belote_notation.pipeline.games.TextGame.check`) (``docs/pipeline.md``).

>>> from belote_notation.check.setup import ValidationConfig
>>> from belote_notation.pipeline.inputs import Source
>>> events = list(run([Source("t.bel", data=b"deal 1\\nend\\n")], ValidationConfig()))
>>> [type(e).__name__ for e in events]
['InputStarted', 'GameChecked', 'InputEnded']
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from belote_notation.check.report import GameReport
from belote_notation.check.setup import ValidationConfig
from belote_notation.check.validator import no_game_report
from belote_notation.formats.registry import PluginError
from belote_notation.game.lang import Message, msg
from belote_notation.pipeline.executor import SERIAL, Backend, forking
from belote_notation.pipeline.games import GameToCheck, TextGame, check_input, games_of
from belote_notation.pipeline.inputs import InputProblem, OpenInput, Source, open_input, problem_message
from belote_notation.pipeline.output.base import InputInfo, RenderedGame, render_game
from belote_notation.pipeline.select import ReportOptions

__all__ = [
    "Event",
    "GameChecked",
    "InputEnded",
    "InputFailed",
    "InputStarted",
    "Job",
    "Progress",
    "check_game",
    "info_of",
    "run",
    "stopped_message",
]

EVERYTHING = ReportOptions()

Progress = Callable[[str, int, int, int], None]
"""``progress(path, done, games, deals)``: ``done`` counts bytes (or characters) read."""


@dataclass(frozen=True, slots=True)
class InputStarted:
    """An input opened: its games follow."""

    info: InputInfo


@dataclass(frozen=True, slots=True)
class GameChecked:
    """A game of input ``path`` checked and rendered."""

    path: str
    game: RenderedGame


@dataclass(frozen=True, slots=True)
class InputEnded:
    """The games of input ``path`` are all told (``error``: why reading stopped early)."""

    path: str
    error: str | None = None


@dataclass(frozen=True, slots=True)
class InputFailed:
    """An input that could not be opened, and why (``msg``: as data, docs/languages.md;
    ``message`` is its English text, which events compare by)."""

    path: str
    message: str
    msg: Message | None = field(default=None, compare=False)


Event = InputStarted | GameChecked | InputEnded | InputFailed


FIX_FORMATS = frozenset({"json", "jsonl", "sarif"})
"""The outputs that show each finding's fix (as ruff's JSON and SARIF do)."""


@dataclass(frozen=True, slots=True)
class Job:
    """What a worker needs to check and render a game (picklable)."""

    config: ValidationConfig
    fmt: str = "text"
    options: ReportOptions = EVERYTHING

    def render(self, report: GameReport) -> RenderedGame:
        return render_game(report, self.fmt, self.options)

    @property
    def shows_fixes(self) -> bool:
        """The output shows each finding's fix (as ruff's JSON and SARIF do)."""
        return self.fmt in FIX_FORMATS

    def with_fixes(self, item: GameToCheck, report: GameReport, path: str) -> GameReport:
        """``report`` with its findings' fixes when the output shows them (a ``.bel`` game); a
        report without a fixable finding is returned without importing the fix planner, and
        the text output without the codes that have a fix either (their module's two classes:
        ~1 ms of every start)."""
        if not self.shows_fixes or not isinstance(item, TextGame):
            return report
        from belote_notation.pipeline.fixable import FIXABLE

        if not any(f.code in FIXABLE for f in report.findings):
            return report
        from belote_notation.pipeline.fix_plan import with_fixes

        return with_fixes(item.text, report, path, self.config)


def info_of(opened: OpenInput) -> InputStarted:
    """The event that starts an opened input's games."""
    return InputStarted(InputInfo(opened.name, opened.format.name, opened.own_lines))


def stopped_message(exc: BaseException) -> str:
    """Why reading an input stopped early, in plain words (a bug included: never a traceback)."""
    if isinstance(exc, OSError | MemoryError | UnicodeError):
        return problem_message(exc)
    if isinstance(exc, PluginError):  # the input is named by the caller
        return f"stopped reading: {exc.reason}"
    return f"stopped reading: internal error {type(exc).__name__}: {exc}"


# ----------------------------------------------------------------------------- one process
def _run_serial(sources: Iterable[Source], job: Job, progress: Progress | None) -> Iterator[Event]:
    for source in sources:
        opened = open_input(source)
        if isinstance(opened, InputProblem):
            yield InputFailed(opened.path, opened.message, opened.msg)
            continue
        yield info_of(opened)
        yield from _read_here(opened, job, progress)


def _read_here(opened: OpenInput, job: Job, progress: Progress | None) -> Iterator[Event]:
    """The games of one input checked in this process, then its end."""
    error = None
    games = deals = 0
    name = opened.name
    try:
        reports = (job.with_fixes(item, item.check(name, job.config), name)
                   for item in games_of(opened)) if job.shows_fixes else check_input(opened, job.config)
        for report in reports:
            rendered = job.render(report)
            games += 1
            deals += rendered.deals
            yield GameChecked(name, rendered)
            if progress is not None:
                progress(name, opened.tell(), games, deals)
    except Exception as exc:  # noqa: BLE001 - a bug must not become a traceback: say what stopped
        error = stopped_message(exc)
    finally:
        opened.close()
    yield InputEnded(opened.name, error)


# ----------------------------------------------------------------------------- worker processes
def check_game(item: GameToCheck, path: str, job: Job) -> RenderedGame:
    """One game of input ``path`` checked and rendered (in a worker: a process of the pool, or a
    cluster's); a game that makes the checker fail is a ``BEL901`` finding of that game."""
    try:
        report = job.with_fixes(item, item.check(path, job.config), path)
    except Exception as exc:  # noqa: BLE001 - never lose the rest of a batch to one game
        error = f"{type(exc).__name__}: {exc}"  # the exception's own words
        report = no_game_report(path, item.number, item.line, msg("could not check this game: %(error)s",
                                                                  error=error))
    return job.render(report)


def _run_pool(sources: Iterable[Source], job: Job, backend: Backend, progress: Progress | None,
              freeze_gc: bool) -> Iterator[Event]:
    # The grammar's parser is not built here for the workers to inherit: canonical deals never
    # need it, and a worker that does builds its own (in parallel, where building it here held
    # every worker back: 0.09 s of CPU before the first batch, a fifth of a 20,000-deal run).
    freeze = forking() and freeze_gc
    if freeze:
        # Keep the inherited objects out of the workers' garbage collections: they are never
        # freed, and scanning them would copy their memory pages into every worker.
        gc.collect()
        gc.freeze()
    from belote_notation.pipeline.range_checks import run_by_ranges

    try:
        yield from run_by_ranges(sources, job, backend, progress, batches=True)
    finally:
        if freeze:
            gc.unfreeze()


def run(sources: Iterable[Source], config: ValidationConfig, fmt: str = "text",
        options: ReportOptions = EVERYTHING, backend: Backend = SERIAL, progress: Progress | None = None,
        *, freeze_gc: bool = False) -> Iterator[Event]:
    """Check ``sources`` in order and render each game for the output ``fmt`` on ``backend``;
    see the module's documentation for the events. ``freeze_gc`` freezes the collector's objects
    before workers fork (a process-wide switch: for a program that owns its process, such as the
    command line)."""
    job = Job(config, fmt, options)
    if backend.reads_ranges:
        from belote_notation.pipeline.range_checks import run_by_ranges

        yield from run_by_ranges(sources, job, backend, progress)
    elif backend.in_process:
        yield from _run_serial(sources, job, progress)
    else:
        yield from _run_pool(sources, job, backend, progress, freeze_gc)
