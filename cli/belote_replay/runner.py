"""Running the validation over many inputs, in this process or spread over worker processes.

:func:`run` yields events in input order, whatever the number of jobs:

* ``("start", path)`` before the games of an input,
* ``("game", RenderedGame)`` for each game,
* ``("end", path, error)`` after them (``error`` is a message when reading stopped early),
* ``("problem", path, message)`` for an input that could not be opened at all.

With ``jobs > 1`` the main process only splits each file into game texts with the
parser's :func:`iter_game_texts` (no parsing), batches them, and hands the batches to a
pool; at most a few batches are in flight, so memory stays flat however large the file.

An input in the JSON twin (by extension or content) is read with
:func:`~belote_notation.notation.jsonio.read_json_games` and its games validated from their
records, in this process: the same checks, so the same findings as its ``.bel``.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import sys
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, BinaryIO

from belote_notation.check.report import CodeSelection, GameReport
from belote_notation.check.setup import ValidationConfig
from belote_notation.check.validator import no_game_report, validate_game_text
from belote_notation.pipeline.games import check_input
from belote_notation.pipeline.inputs import InputProblem, OpenInput, Source, open_input
from belote_replay.output import EVERY_CODE, RenderedGame, render_game

__all__ = ["BATCH_CHARS", "Progress", "run"]

BATCH_CHARS = 256 * 1024
"""Game texts are sent to workers in batches of about this many characters."""
BATCH_GAMES = 400
IN_FLIGHT_PER_JOB = 3

Event = tuple[Any, ...]
Progress = Callable[[str, int, int, int], None]
"""``progress(path, done, games, deals)``: ``done`` counts bytes (or characters) read."""


@dataclass(frozen=True, slots=True)
class Job:
    config: ValidationConfig
    fmt: str
    strict: bool
    selection: CodeSelection = EVERY_CODE

    def render(self, report: GameReport) -> RenderedGame:
        return render_game(report, self.fmt, self.strict, self.selection)


def _reason(exc: BaseException) -> str:
    if isinstance(exc, IsADirectoryError):
        return "is a folder, not a file"
    if isinstance(exc, FileNotFoundError):
        return "no such file or folder"
    if isinstance(exc, PermissionError):
        return "permission denied"
    if isinstance(exc, OSError):
        return f"cannot read: {exc.strerror or exc}"
    if isinstance(exc, MemoryError):
        return "cannot read: out of memory"
    return f"cannot read: {exc}"


# ----------------------------------------------------------------------------- one process
def _run_serial(sources: list[Source], job: Job, progress: Progress | None) -> Iterator[Event]:
    for source in sources:
        opened = open_input(source)
        if isinstance(opened, InputProblem):
            yield ("problem", opened.path, opened.message)
            continue
        yield ("start", source.display)
        yield from _read_here(opened, job, progress)


def _read_here(opened: OpenInput, job: Job, progress: Progress | None) -> Iterator[Event]:
    """The ``game`` events of one input read and checked in this process, then its ``end``."""
    error = None
    games = deals = 0
    source = opened.source
    try:
        for report in check_input(opened, job.config):
            rendered = job.render(report)
            games += 1
            deals += rendered.deals
            yield ("game", rendered)
            if progress is not None:
                progress(source.display, opened.tell(), games, deals)
    except (OSError, MemoryError, UnicodeError) as exc:
        error = _reason(exc)
    except Exception as exc:  # noqa: BLE001 - a bug must not become a traceback: say what stopped
        error = f"stopped reading: internal error {type(exc).__name__}: {exc}"
    finally:
        opened.close()
    yield ("end", source.display, error)


# ----------------------------------------------------------------------------- worker processes
def _work(path: str, batch: list[Any], job: Job) -> list[RenderedGame]:
    """Read, validate and render a batch of games (``GameText``) of one file (in a worker)."""
    out = []
    for item in batch:
        try:
            report = validate_game_text(item, path, job.config)
        except Exception as exc:  # noqa: BLE001 - never lose the rest of the batch to one game
            report = no_game_report(path, item.index + 1, item.first_line,
                                    f"could not check this game: {type(exc).__name__}: {exc}")
        out.append(job.render(report))
    return out


def _warm() -> int:
    return os.getpid()


def _batches(source: Source, handle: BinaryIO) -> Iterator[tuple[list[Any], int]]:
    """Batches of ``GameText`` and the characters they hold."""
    from belote_notation.notation.stream import iter_game_texts

    batch: list[Any] = []
    size = 0
    for item in iter_game_texts(handle, name=source.display):
        batch.append(item)
        size += len(item.text)
        if size >= BATCH_CHARS or len(batch) >= BATCH_GAMES:
            yield batch, size
            batch, size = [], 0
    if batch:
        yield batch, size


class _Window:
    """Batches sent to the pool and plain events, kept in input order; a few batches in flight."""

    def __init__(self, pool: ProcessPoolExecutor, job: Job, limit: int, progress: Progress | None) -> None:
        self.pool, self.job, self.limit, self.progress = pool, job, limit, progress
        self.items: deque[Any] = deque()  # futures and plain events
        self.games = self.deals = self.done = 0

    def event(self, event: Event) -> None:
        self.items.append(event)

    def submit(self, path: str, batch: list[Any], size: int) -> Iterator[Event]:
        future = self.pool.submit(_work, path, batch, self.job)
        future.path, future.size = path, size  # type: ignore[attr-defined]
        self.items.append(future)
        if len(self.items) > self.limit:
            yield from self.drain(self.limit)

    def drain(self, keep: int) -> Iterator[Event]:
        while len(self.items) > keep:
            item = self.items.popleft()
            if isinstance(item, Future):
                yield from self._results(item)
            else:
                if item[0] == "start":
                    self.done = 0
                yield item

    def _results(self, future: Future[list[RenderedGame]]) -> Iterator[Event]:
        path, size = future.path, future.size  # type: ignore[attr-defined]
        job = self.job
        try:
            rendered_list = future.result()
        except Exception as exc:  # noqa: BLE001 - a worker died: say so, keep going
            report = no_game_report(path, 0, 0, f"could not check {size} characters of "
                                    f"games: worker failed ({type(exc).__name__})")
            rendered_list = [job.render(report)]
        for rendered in rendered_list:
            self.games += 1
            self.deals += rendered.deals
            yield ("game", rendered)
        self.done += size
        if self.progress is not None:
            self.progress(path, self.done, self.games, self.deals)


def _send(source: Source, window: _Window) -> Iterator[Event]:
    """One input's games, in batches, to the pool."""
    opened = open_input(source)
    if isinstance(opened, InputProblem):
        window.event(("problem", opened.path, opened.message))
        return
    window.event(("start", source.display))
    if opened.format.name != "bel":  # read as records and checked here
        for event in _read_here(opened, window.job, None):
            window.event(event)
        return
    handle = opened.stream
    error = None
    count = 0
    try:
        for batch, size in _batches(source, handle):
            yield from window.submit(source.display, batch, size)
            count += len(batch)
        if count == 0:
            job = window.job
            window.event(("game", job.render(no_game_report(source.display))))
    except (OSError, MemoryError, UnicodeError) as exc:
        error = _reason(exc)
    except Exception as exc:  # noqa: BLE001 - a bug must not become a traceback
        error = f"stopped reading: internal error {type(exc).__name__}: {exc}"
    finally:
        opened.close()
    window.event(("end", source.display, error))


def _run_pool(sources: list[Source], job: Job, jobs: int, progress: Progress | None) -> Iterator[Event]:
    fork = sys.platform.startswith("linux")
    context = multiprocessing.get_context("fork" if fork else "spawn")
    if fork:
        # Build the grammar's parser once here: forked workers inherit it ready to use.
        from belote_notation.notation.reader import parse_text

        parse_text("deal 1\nend\n", "<warm-up>")
        # Keep the inherited objects out of the workers' garbage collections: they are never
        # freed, and scanning them would copy their memory pages into every worker.
        gc.collect()
        gc.freeze()
    try:
        with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
            # Start every worker now, before any display thread runs in this process.
            for warm in [pool.submit(_warm) for _ in range(jobs)]:
                warm.result()
            window = _Window(pool, job, jobs * IN_FLIGHT_PER_JOB, progress)
            for source in sources:
                yield from _send(source, window)
            yield from window.drain(0)
    finally:
        if fork:
            gc.unfreeze()


def run(sources: list[Source], config: ValidationConfig, fmt: str = "text", strict: bool = False,
        jobs: int = 1, progress: Progress | None = None,
        selection: CodeSelection = EVERY_CODE) -> Iterator[Event]:
    """Validate ``sources`` in order; see the module docs for the events yielded."""
    job = Job(config, fmt, strict, selection)
    if jobs <= 1:
        yield from _run_serial(sources, job, progress)
    else:
        yield from _run_pool(sources, job, jobs, progress)
