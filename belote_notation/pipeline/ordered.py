"""A map over worker processes that keeps the input order and a bounded number of jobs in flight.

:func:`ordered_map` is ``map`` spread over ``jobs`` processes: results come back in the order of
the items, the items are taken from their iterable only as results are used (at most a few per
worker wait in the pool), so memory stays flat however many items there are. With ``jobs`` 1 it
is a plain ``map`` in this process, lazy too.

>>> list(ordered_map(abs, [-3, 1, -2]))
[3, 1, 2]
>>> list(ordered_map(abs, range(-5, 0), jobs=2))
[5, 4, 3, 2, 1]

An exception raised by ``function`` comes out of the iteration at the item that raised it, as
``map`` would raise it; the items after it are not waited for. On Linux the workers are forked
when the first item is taken: a program starts its threads (a progress display) after that.
"""

from __future__ import annotations

import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:  # imported where a pool is made: --jobs 1 never needs them (0.01 s of a start)
    from concurrent.futures import Future
    from multiprocessing.context import BaseContext

__all__ = ["IN_FLIGHT_PER_JOB", "forking", "ordered_map", "process_context"]

T = TypeVar("T")
R = TypeVar("R")

IN_FLIGHT_PER_JOB = 3
"""Items waiting in the pool per worker: enough to keep every worker busy while the results
of the first ones are used."""


def ordered_map(function: Callable[[T], R], items: Iterable[T], jobs: int = 1,
                in_flight: int | None = None) -> Iterator[R]:
    """``function(item)`` for each of ``items``, in order, over ``jobs`` worker processes
    (``function`` and the items must be picklable when ``jobs`` > 1); at most ``in_flight``
    items (default: ``jobs`` x :data:`IN_FLIGHT_PER_JOB`) submitted and not yet yielded."""
    if jobs <= 1:
        return map(function, items)
    return _pooled(function, items, jobs, in_flight or jobs * IN_FLIGHT_PER_JOB)


def forking() -> bool:
    """Whether the workers are forked (Linux): they inherit what this process has loaded (the
    grammar, the solver's tables) instead of importing it again; elsewhere they are spawned."""
    return sys.platform.startswith("linux")


def process_context() -> BaseContext:
    """The multiprocessing context of every pool of the pipeline (see :func:`forking`)."""
    import multiprocessing

    return multiprocessing.get_context("fork" if forking() else "spawn")


def _pooled(function: Callable[[T], R], items: Iterable[T], jobs: int, limit: int) -> Iterator[R]:
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=jobs, mp_context=process_context()) as pool:
        waiting: deque[Future[R]] = deque()
        try:
            for item in items:
                waiting.append(pool.submit(function, item))
                if len(waiting) >= limit:
                    yield waiting.popleft().result()
            while waiting:
                yield waiting.popleft().result()
        finally:
            for future in waiting:  # stopped early (an error, or the caller stopped reading)
                future.cancel()
