"""The one window over any executor (``pipeline/executor.py``): outcomes in submission order, at
most ``limit`` tasks in flight, a task's error handed back (or raised at its item by ``map``),
and what is left cancelled when the window is left early; with threads, worker processes and an
executor that only counts."""

from __future__ import annotations

import os
import signal
import threading
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


class CountingExecutor(Executor):
    """Worker threads that count what is submitted, started, done and cancelled; a task whose
    number is in ``held`` waits until :meth:`release` (so that some tasks are still running or
    waiting when the window is left)."""

    def __init__(self, threads: int = 1, held: range | set[int] = range(0), seconds: float = 0.0) -> None:
        self.pool = ThreadPoolExecutor(threads)
        self.held, self.seconds, self.gate = set(held), seconds, threading.Event()
        self.futures: list[Future[Any]] = []
        self.submitted = self.started = self.cancelled = self.most = 0
        self.lock = threading.Lock()

    @property
    def in_flight(self) -> int:
        """Tasks submitted and neither done nor cancelled."""
        return sum(not f.done() for f in self.futures)

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        number = self.submitted
        future = self.pool.submit(self._run, number, fn, args)
        future.add_done_callback(self._count_cancelled)
        self.futures.append(future)
        self.submitted += 1
        self.most = max(self.most, self.in_flight)
        return future

    def _run(self, number: int, fn: Callable[..., Any], args: tuple[Any, ...]) -> Any:
        with self.lock:
            self.started += 1
        if number in self.held:
            self.gate.wait(10)
        time.sleep(self.seconds)
        return fn(*args)

    def _count_cancelled(self, future: Future[Any]) -> None:
        if future.cancelled():
            with self.lock:
                self.cancelled += 1

    def release(self) -> None:
        self.gate.set()
        self.pool.shutdown(wait=True)


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
    executor = CountingExecutor(threads=8, seconds=0.005)
    window = Window(executor, 4)
    for item in range(50):
        window.submit(item, abs, item)
        assert executor.in_flight <= 4
    assert list(window.drain())[-1].result == 49
    executor.release()
    assert executor.most == 4 and executor.submitted == 50 and executor.in_flight == 0


def test_outcomes_are_taken_as_they_complete_not_in_order() -> None:
    """A slow head does not keep the workers idle: the tasks after it run and are kept (at most
    ``buffer``) until the head is done, then handed back in order."""
    executor = CountingExecutor(threads=2, held={0})
    window = Window(executor, 2, buffer=6)
    outcomes: list[Done] = []
    for item in range(6):
        outcomes += window.submit(item, abs, item)
    assert not outcomes and executor.submitted == 6  # 1 to 5 done while 0 runs: room for more
    assert window.in_flight == 6 and executor.in_flight <= 2  # six held, more than the limit
    executor.gate.set()
    outcomes += window.drain()
    executor.release()
    assert [done.result for done in outcomes] == list(range(6))


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
    executor = CountingExecutor(held=range(1, 5))
    with Window(executor, 5) as window:
        handed: list[Done] = []  # item 0 runs at once: a later submit may hand it back already
        for item in range(5):
            handed += window.submit(item, abs, item)
        results = window.drain()
        assert [done.result for done in handed] in ([], [0])
        if not handed:
            assert next(results).result == 0
        deadline = time.monotonic() + 10  # item 1 taken by the one thread: the others wait
        while executor.started < 2 and time.monotonic() < deadline:
            time.sleep(0.001)
    executor.release()
    assert executor.cancelled == 3 and executor.started == 2  # the one running finishes
    assert window.in_flight == 0 and not window.items


def test_closing_map_cancels_what_waits() -> None:
    executor = CountingExecutor(held=range(1, 100))
    window = Window(executor, 5)
    results = window.map(abs, range(100))
    assert next(results) == 0
    results.close()
    executor.release()
    assert executor.submitted <= 6 and not window.items
    assert executor.cancelled == executor.submitted - executor.started  # every task not started


def test_an_interrupt_cancels_what_waits() -> None:
    executor = CountingExecutor(held=range(100))

    def interrupted(item: int) -> int:
        if item == 2:  # once item 0 runs on the one thread (it may not have started yet): item 1 waits
            deadline = time.monotonic() + 10
            while executor.started < 1 and time.monotonic() < deadline:
                time.sleep(0.001)
            raise KeyboardInterrupt
        return item

    window = Window(executor, 3)
    results = window.map(lambda item: item, _interrupting(interrupted, range(10)))
    with pytest.raises(KeyboardInterrupt):
        list(results)
    executor.release()
    assert not window.items and executor.submitted == 2
    assert executor.cancelled == 1 and executor.in_flight == 0


def _interrupting(check: Callable[[int], int], items: range) -> Iterator[int]:
    for item in items:
        yield check(item)


def test_a_task_the_executor_refuses_loses_no_outcome() -> None:
    class Refusing(CountingExecutor):
        def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
            if self.submitted == 3:
                raise RuntimeError("cannot schedule new futures after shutdown")
            return super().submit(fn, *args)

    refusing = Refusing()
    window = Window(refusing, 2)
    outcomes = [done for item in range(3) for done in window.submit(item, abs, item)]
    with pytest.raises(RuntimeError):
        window.submit(3, abs, 3)
    outcomes += window.drain()
    assert [done.result for done in outcomes] == [0, 1, 2]
    refusing.release()
