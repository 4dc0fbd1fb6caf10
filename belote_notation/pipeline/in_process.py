"""An :class:`~concurrent.futures.Executor` that runs each task in this process when it is
submitted: the executor of ``Backend.serial()``, so that one window serves every backend.

>>> future = InProcessExecutor().submit(divmod, 7, 2)
>>> future.done(), future.result()
(True, (3, 1))
>>> InProcessExecutor().submit(divmod, 1, 0).exception()
ZeroDivisionError('integer division or modulo by zero')
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any, TypeVar

__all__ = ["InProcessExecutor"]

R = TypeVar("R")


class InProcessExecutor(Executor):
    """Each task run at once, in this process; its future is done when ``submit`` returns."""

    def submit(self, fn: Callable[..., R], /, *args: Any, **kwargs: Any) -> Future[R]:
        future: Future[R] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as exc:  # noqa: BLE001 - the future carries it, as a worker's would
            future.set_exception(exc)
        return future
