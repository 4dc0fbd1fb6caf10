"""The one executor seam: work spread over any :class:`concurrent.futures.Executor` through one
ordered, bounded :class:`Window`, the executor chosen once by a :class:`Backend` value.

A :class:`Backend` says where work runs: in this process (``Backend.serial()``), over worker
processes of this machine (``Backend.processes(jobs)``), or on a Dask cluster
(:class:`belote_notation.cluster.ClusterBackend`, whose executor is
:class:`belote_notation.cluster.executor.DaskExecutor`). The command line builds it once from ``--jobs`` and
``--cluster``; the library's entry points take it and open its :meth:`Backend.window`:

>>> with Backend.serial().window() as window:
...     list(window.map(abs, [-3, 1, -2]))
[3, 1, 2]
>>> with Backend.processes(2).window() as window:
...     list(window.map(abs, range(-5, 0)))
[5, 4, 3, 2, 1]

A :class:`Window` submits tasks with at most ``limit`` of them in flight (submitted and not yet
handed back) and hands their outcomes back in the order they were submitted, interleaved with
plain values noted between them (an input's start and end). Memory stays flat however many
tasks there are: the caller makes the next task only when the window has room for it. What a
task raised comes back as the outcome's ``error`` (a dead worker too: ``BrokenProcessPool`` from
a process pool, ``KilledWorker`` from Dask, which first runs the task again on another worker);
:meth:`Window.map` raises it at its item, as ``map`` would. A window left early (an error, a
``KeyboardInterrupt``, a generator closed by its reader) cancels the tasks still waiting.

A backend with :attr:`~Backend.reads_ranges` has workers that share no memory with this
process (another machine): they are sent byte ranges of the inputs to read themselves
(:mod:`belote_notation.pipeline.ranges`), not the games.
"""

from __future__ import annotations

import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:  # imported where an executor is made: --jobs 1 never needs them (0.01 s of a start)
    from concurrent.futures import Executor, Future
    from multiprocessing.context import BaseContext

__all__ = ["IN_FLIGHT_PER_WORKER", "SERIAL", "Backend", "Done", "ProcessBackend", "Window", "forking",
           "process_context"]

T = TypeVar("T")
R = TypeVar("R")

IN_FLIGHT_PER_WORKER = 3
"""Tasks submitted and not yet handed back, per worker: every worker stays busy while this
process uses the first results, and memory stays flat."""


@dataclass(frozen=True, slots=True)
class Done:
    """A task's outcome (``tag``: what was submitted with it; ``error``: what it raised) or, when
    ``noted``, a plain value kept in order between the tasks (``tag``)."""

    tag: Any
    result: Any = None
    error: BaseException | None = None
    noted: bool = False

    def value(self) -> Any:
        """The result, or the task's exception raised."""
        if self.error is not None:
            raise self.error
        return self.result


class Window:
    """Tasks on ``executor`` and noted values, handed back in order, at most ``limit`` tasks in
    flight (submitted and not done) and at most ``buffer`` held (done ones waiting for an
    earlier one to be handed back first: default ``4 * limit``). Used as a context manager:
    leaving it cancels what is still waiting. ``workers``: the executor's workers (what the
    sizing of the work asks, :func:`belote_notation.pipeline.sizing.task_bytes`)."""

    def __init__(self, executor: Executor, limit: int, buffer: int | None = None, workers: int = 1) -> None:
        self.executor = executor
        self.limit = max(1, limit)
        self.buffer = max(self.limit, buffer or 4 * self.limit)
        self.workers = max(1, workers)
        self.items: deque[tuple[Any, Future[Any] | None]] = deque()
        self.in_flight = 0
        """Tasks held: submitted and not handed back (done or not)."""
        self.taken: deque[Done] = deque()
        """Outcomes taken to make room for a task the executor then refused: handed back first."""

    def __enter__(self) -> Window:
        return self

    def __exit__(self, *exc: object) -> None:
        self.cancel()

    def note(self, value: Any) -> None:
        """``value`` handed back after the outcomes of the tasks submitted before it."""
        self.items.append((value, None))

    def submit(self, tag: Any, function: Callable[..., Any], *args: Any) -> list[Done]:
        """``function(*args)`` on a worker, once there is room: what was handed back while
        waiting for room (the outcomes at the head that were done, and the values noted among
        them), in order. A task the executor refuses (a broken pool) raises here, as
        ``Executor.submit`` does."""
        freed = list(self._room())
        try:
            future = self.executor.submit(function, *args)
        except BaseException:
            self.taken.extend(freed)  # not lost: the caller may go on to drain the window
            raise
        self.items.append((tag, future))
        self.in_flight += 1
        return freed

    def drain(self) -> Iterator[Done]:
        """Every outcome and noted value left, in order."""
        while self.taken:
            yield self.taken.popleft()
        while self.items:
            yield self._pop()

    def map(self, function: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        """``function(item)`` for each of ``items``, in order (``map`` over the workers): the
        items are taken only as there is room; an exception comes out at the item that raised it,
        and the tasks after it are cancelled."""
        try:
            for item in items:
                for done in self.submit(None, function, item):
                    yield done.value()
                for done in self.ready():  # before the next item is taken: read no further than needed
                    yield done.value()
            for done in self.drain():
                yield done.value()
        finally:
            self.cancel()

    def ready(self) -> Iterator[Done]:
        """The outcomes at the head that are already there (and the values noted among them), in
        order, without waiting: an in-process backend's task is done when submitted, so its
        outcome is handed back before the caller's next item is read."""
        while self.taken:
            yield self.taken.popleft()
        while self.items and (self.items[0][1] is None or self.items[0][1].done()):
            yield self._pop()

    def cancel(self) -> None:
        """Cancel every task still waiting (one already running finishes on its worker)."""
        for _, future in self.items:
            if future is not None:
                future.cancel()
        self.items.clear()
        self.taken.clear()
        self.in_flight = 0

    def _room(self) -> Iterator[Done]:
        """Waits until one more task may be submitted, handing back what comes done at the head:
        the tasks are taken as they complete, whatever their order (never one at a time in
        input order: a slow task does not leave the workers idle while the ones after it are
        done), and kept until their turn, at most ``buffer`` of them."""
        from concurrent.futures import FIRST_COMPLETED, wait

        while True:
            yield from self.ready()
            if self.in_flight >= self.buffer:  # the head holds the rest back: wait for it
                yield self._pop()
                continue
            pending = [f for _, f in self.items if f is not None and not f.done()]
            if len(pending) < self.limit:
                return
            wait(pending, return_when=FIRST_COMPLETED)

    def _pop(self) -> Done:
        """The head handed back (waiting for it when it is a task not done)."""
        tag, future = self.items.popleft()
        if future is None:
            return Done(tag, noted=True)
        self.in_flight -= 1
        try:
            result = future.result()
        except Exception as exc:  # noqa: BLE001 - handed to the caller, who says what was lost
            return Done(tag, error=exc)
        return Done(tag, result)


@dataclass(frozen=True, slots=True)
class Backend:
    """Where work runs: ``Backend()`` is this process; :class:`ProcessBackend` worker processes
    of this machine; :class:`belote_notation.cluster.ClusterBackend` a Dask cluster. Each opens
    its executor in :meth:`window`.

    >>> Backend.serial(), Backend.processes(1), Backend.processes(4)
    (Backend(), Backend(), ProcessBackend(workers=4))
    """

    @classmethod
    def serial(cls) -> Backend:
        """Everything in this process."""
        return Backend()

    @classmethod
    def processes(cls, jobs: int) -> Backend:
        """``jobs`` worker processes of this machine (1: this process)."""
        return Backend() if jobs <= 1 else ProcessBackend(jobs)

    @property
    def in_process(self) -> bool:
        """The work runs in this process, without workers."""
        return True

    @property
    def reads_ranges(self) -> bool:
        """The workers read byte ranges of the inputs themselves (they share no memory with
        this process): the inputs must be files or URLs."""
        return False

    @contextmanager
    def window(self) -> Iterator[Window]:
        """A :class:`Window` over this backend's executor, the executor shut down after it
        (here: each task run when it is submitted, one at a time)."""
        from belote_notation.pipeline.in_process import InProcessExecutor

        with Window(InProcessExecutor(), 1) as window:
            yield window


@dataclass(frozen=True, slots=True)
class ProcessBackend(Backend):
    """``workers`` processes of this machine (forked on Linux: :func:`forking`)."""

    workers: int

    @property
    def in_process(self) -> bool:
        return False

    @contextmanager
    def window(self) -> Iterator[Window]:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=self.workers, mp_context=process_context()) as pool:
            # Start every worker now, before any display thread runs in this process.
            for warm in [pool.submit(_warm) for _ in range(self.workers)]:
                warm.result()
            with Window(pool, self.workers * IN_FLIGHT_PER_WORKER, workers=self.workers) as window:
                yield window


SERIAL = Backend.serial()
"""Everything in this process: the default of every entry point that takes a backend."""


def _warm() -> None:
    """Nothing: a task that makes a worker start."""


def forking() -> bool:
    """Whether the workers are forked (Linux): they inherit what this process has loaded (the
    grammar, the solver's tables) instead of importing it again; elsewhere they are spawned."""
    return sys.platform.startswith("linux")


def process_context() -> BaseContext:
    """The multiprocessing context of every process pool (see :func:`forking`)."""
    import multiprocessing

    return multiprocessing.get_context("fork" if forking() else "spawn")
