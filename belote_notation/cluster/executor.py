"""A :class:`concurrent.futures.Executor` over a :class:`distributed.Client`: what the pipeline's
one window runs on a cluster.

``Client.get_executor()`` would do, but for two things: a task cancelled by the window (a
command stopped early) races the result coming back and Dask logs an ``InvalidStateError``
traceback on stderr; and its ``shutdown(wait=False)`` cancels every task it ever ran. Here a
task's result is taken off the cluster as soon as it is done (its Dask future dropped: the
worker frees it), a result that comes for a task already cancelled is dropped quietly, and
shutting down cancels only what still runs.
"""

from __future__ import annotations

import concurrent.futures as cf
import threading
from collections.abc import Callable
from typing import Any

__all__ = ["DaskExecutor"]


class DaskExecutor(cf.Executor):
    """Tasks submitted to ``client`` (``pure=False``: every task runs), each as a plain
    :class:`concurrent.futures.Future` whose cancelling cancels the Dask task."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.live: dict[int, Any] = {}
        self.lock = threading.Lock()
        self.closed = False

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> cf.Future[Any]:
        if self.closed:
            raise RuntimeError("cannot schedule new futures after shutdown")
        task = self.client.submit(fn, *args, pure=False, **kwargs)
        outcome: cf.Future[Any] = cf.Future()
        with self.lock:
            self.live[id(outcome)] = task
        outcome.add_done_callback(self._cancelled)
        task.add_done_callback(lambda done: self._settle(outcome, done))
        return outcome

    def _cancelled(self, outcome: cf.Future[Any]) -> None:
        with self.lock:
            task = self.live.pop(id(outcome), None)
        if outcome.cancelled() and task is not None and not task.done():
            task.cancel()  # a task already done is only let go: cancelling it races its gathering

    def _settle(self, outcome: cf.Future[Any], task: Any) -> None:
        """The Dask task's outcome handed to ``outcome`` (in Dask's callback thread)."""
        if outcome.done():
            return  # cancelled here meanwhile
        if task.status == "cancelled":
            if outcome.cancel():
                outcome.set_running_or_notify_cancel()
            return
        try:
            result = task.result()  # a result lost with its worker: waits for it to be computed again
        except BaseException as exc:  # noqa: BLE001 - the task's error (or a lost task's), for the window
            self._set(outcome, exc)
        else:
            self._set(outcome, result, ok=True)

    @staticmethod
    def _set(outcome: cf.Future[Any], value: Any, ok: bool = False) -> None:
        try:
            if ok:
                outcome.set_result(value)
            else:
                outcome.set_exception(value)
        except cf.InvalidStateError:
            pass  # cancelled by the window while the result came

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """No more tasks; those still running are cancelled unless ``wait``."""
        self.closed = True
        with self.lock:
            tasks = list(self.live.values())
            self.live.clear()
        if tasks and not wait:
            self.client.cancel([task for task in tasks if not task.done()])
        elif tasks:
            from distributed import wait as wait_for

            wait_for(tasks)  # type: ignore[no-untyped-call]
