"""The one window over any executor (``pipeline/executor.py``): outcomes in submission order, at
most ``limit`` tasks in flight, a task's error handed back (or raised at its item by ``map``),
and what is left cancelled when the window is left early; with threads, worker processes and an
executor that only counts."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import Any

import pytest

from belote_notation.pipeline.executor import Backend, Done, Window


def slow_when_even(item: int) -> tuple[int, int]:
    """Even items take longer: a window that kept the finishing order would reorder them."""
    time.sleep(0.02 if item % 2 == 0 else 0.0)
    return item, os.getpid()


def refuse_three(item: int) -> int:
    if item == 3:
        raise ValueError("three")
    return item


def die() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


class CountedFuture(Future[Any]):
    """A task run only when its result is asked for, telling its executor so."""

    def __init__(self, executor: CountingExecutor, fn: Callable[..., Any], args: tuple[Any, ...]) -> None:
        super().__init__()
        self.executor, self.fn, self.args = executor, fn, args

    def result(self, timeout: float | None = None) -> Any:
        self.executor.taken += 1
        if not self.done():
            try:
                self.set_result(self.fn(*self.args))
            except Exception as exc:  # noqa: BLE001 - the future carries it
                self.set_exception(exc)
        return super().result(timeout)


class CountingExecutor(Executor):
    """Counts what is submitted, taken back and cancelled (tasks run when their result is
    asked for: whatever was not asked for can be cancelled)."""

    def __init__(self) -> None:
        self.futures: list[CountedFuture] = []
        self.submitted = self.taken = self.cancelled = 0

    @property
    def in_flight(self) -> int:
        return self.submitted - self.taken - self.cancelled

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future = CountedFuture(self, fn, args)
        future.add_done_callback(self._count_cancelled)
        self.futures.append(future)
        self.submitted += 1
        return future

    def _count_cancelled(self, future: Future[Any]) -> None:
        if future.cancelled():
            self.cancelled += 1


def test_outcomes_come_in_submission_order_with_threads() -> None:
    with ThreadPoolExecutor(4) as pool, Window(pool, 6) as window:
        outcomes = []
        for item in range(30):
            outcomes += window.submit(item, slow_when_even, item)
        outcomes += window.drain()
    assert [done.tag for done in outcomes] == list(range(30))
    assert [done.result[0] for done in outcomes] == list(range(30))


def test_results_come_in_input_order_from_worker_processes() -> None:
    with Backend.processes(2).window() as window:
        results = list(window.map(slow_when_even, range(20)))
    assert [item for item, _ in results] == list(range(20))
    assert len({pid for _, pid in results}) == 2 and os.getpid() not in {pid for _, pid in results}


def test_never_more_than_the_limit_in_flight() -> None:
    executor = CountingExecutor()
    window = Window(executor, 4)
    most = 0
    for item in range(50):
        window.submit(item, abs, item)
        most = max(most, executor.in_flight)
        assert executor.in_flight <= 4
    assert list(window.drain())[-1].result == 49
    assert most == 4 and executor.submitted == 50 and executor.in_flight == 0


def test_noted_values_keep_their_place_between_the_tasks() -> None:
    with ThreadPoolExecutor(2) as pool, Window(pool, 2) as window:
        outcomes: list[Done] = []
        window.note("start")
        for item in range(5):
            outcomes += window.submit(item, slow_when_even, item)
            if item == 2:
                window.note("middle")
        window.note("end")
        outcomes += window.drain()
    told = [done.tag if done.noted else done.result[0] for done in outcomes]
    assert told == ["start", 0, 1, 2, "middle", 3, 4, "end"]


def test_items_are_taken_only_as_there_is_room() -> None:
    taken: list[int] = []

    def items() -> Iterator[int]:
        for item in range(1000):
            taken.append(item)
            yield item

    with ThreadPoolExecutor(2) as pool, Window(pool, 4) as window:
        results = window.map(abs, items())
        assert next(results) == 0 and len(taken) <= 5
        assert next(results) == 1 and len(taken) <= 6
        results.close()
    assert len(taken) < 10


@pytest.mark.parametrize("backend", [Backend.serial(), Backend.processes(2)], ids=["serial", "processes"])
def test_an_error_comes_out_at_its_item(backend: Backend) -> None:
    with backend.window() as window:
        results = window.map(refuse_three, range(10))
        assert [next(results) for _ in range(3)] == [0, 1, 2]
        with pytest.raises(ValueError, match="three"):
            next(results)


def test_a_task_error_is_its_outcome_and_the_rest_go_on() -> None:
    with ThreadPoolExecutor(2) as pool, Window(pool, 3) as window:
        outcomes = [done for item in range(6) for done in window.submit(item, refuse_three, item)]
        outcomes += window.drain()
    assert [type(done.error).__name__ if done.error else done.result for done in outcomes] == \
        [0, 1, 2, "ValueError", 4, 5]


def test_a_dead_worker_process_is_the_outcome_of_its_task() -> None:
    with Backend.processes(2).window() as window:
        outcomes = list(window.submit("dies", die)) + list(window.drain())
    assert [done.tag for done in outcomes] == ["dies"]
    assert type(outcomes[0].error).__name__ == "BrokenProcessPool"


def test_leaving_early_cancels_what_waits() -> None:
    executor = CountingExecutor()
    with Window(executor, 5) as window:
        for item in range(5):
            window.submit(item, abs, item)
        results = window.drain()
        assert next(results).result == 0
    assert executor.cancelled == 4 and executor.in_flight == 0
    assert window.in_flight == 0 and not window.items


def test_closing_map_cancels_what_waits() -> None:
    executor = CountingExecutor()
    window = Window(executor, 5)
    results = window.map(abs, range(100))
    assert next(results) == 0
    results.close()
    assert executor.submitted == 6 and executor.cancelled == 5 and not window.items  # 0 taken


def test_an_interrupt_cancels_what_waits() -> None:
    executor = CountingExecutor()

    def interrupted(item: int) -> int:
        if item == 2:
            raise KeyboardInterrupt
        return item

    window = Window(executor, 3)
    results = window.map(lambda item: item, _interrupting(interrupted, range(10)))
    with pytest.raises(KeyboardInterrupt):
        list(results)
    assert not window.items and executor.cancelled == 2 and executor.in_flight == 0


def _interrupting(check: Callable[[int], int], items: range) -> Iterator[int]:
    for item in items:
        yield check(item)


def test_a_task_the_executor_refuses_loses_no_outcome() -> None:
    class Refusing(CountingExecutor):
        def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
            if self.submitted == 3:
                raise RuntimeError("cannot schedule new futures after shutdown")
            return super().submit(fn, *args)

    window = Window(Refusing(), 2)
    outcomes = [done for item in range(3) for done in window.submit(item, abs, item)]
    with pytest.raises(RuntimeError):
        window.submit(3, abs, 3)
    outcomes += window.drain()
    assert [done.result for done in outcomes] == [0, 1, 2]
