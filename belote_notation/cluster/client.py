"""The connection to a Dask cluster and the ordered window of tasks every runner uses.

An address is ``local:N`` (a :class:`distributed.LocalCluster` of N worker processes, one
thread each, started for the run and stopped after it) or ``tcp://host:port`` (the scheduler
of a running cluster: ``dask scheduler``, and ``dask worker tcp://host:port`` on each host;
``docs/scale.md``).

>>> parse_address("local:4"), parse_address("tcp://10.0.0.5:8786")
(4, 'tcp://10.0.0.5:8786')
>>> parse_address("local:0")
Traceback (most recent call last):
...
belote_notation.cluster.client.AddressError: --cluster local:N needs N >= 1 worker processes, not 'local:0'

:class:`Window` submits tasks with a bounded number in flight and hands the results back in the
order the tasks were submitted, interleaved with plain values noted between them. A task whose
worker died is run again by Dask on another worker (the scheduler's ``allowed-failures``,
3 by default, before it gives up with ``KilledWorker``); what then still fails comes back as
the exception, for the runner to report.
"""

from __future__ import annotations

import logging
import pickle
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from belote_notation.cluster.probe import CONNECT_SECONDS, probe_scheduler
from belote_notation.pipeline.cores import capped_workers

if TYPE_CHECKING:
    from belote_notation.pipeline.ranges import ByteRange

__all__ = [
    "IN_FLIGHT_PER_WORKER", "AddressError", "Done", "RangeProgress", "Window", "connect",
    "outcomes", "parse_address", "worker_count",
]

RangeProgress = Callable[["ByteRange"], None]
"""``progress(byte_range)``: told of each range once its outcome is here, in input order."""

IN_FLIGHT_PER_WORKER = 3
"""Tasks submitted and not yet used, per worker: every worker stays busy while the client
uses the first results, and the client's memory stays flat."""


class AddressError(ValueError):
    """A ``--cluster`` address that is neither ``local:N`` nor ``tcp://host:port``."""


def parse_address(address: str) -> int | str:
    """The worker count of ``local:N``, or the scheduler's address ``tcp://host:port``."""
    if address.startswith("local:"):
        count = address[len("local:"):]
        if not count.isdigit() or int(count) < 1:
            raise AddressError(f"--cluster local:N needs N >= 1 worker processes, not {address!r}")
        return int(count)
    if address.startswith("tcp://") and ":" in address[len("tcp://"):]:
        return address
    raise AddressError(f"--cluster takes local:N or tcp://host:port (a dask scheduler), not {address!r}")


@contextmanager
def connect(address: str) -> Iterator[Any]:
    """A :class:`distributed.Client` of ``address``, closed after use (a local cluster stopped).
    ``OSError`` with the reason in one line when the scheduler cannot be reached in
    :data:`CONNECT_SECONDS` or the address is not a Dask scheduler."""
    from distributed import Client, LocalCluster

    where = parse_address(address)
    if isinstance(where, int):
        # The scheduler's web server on a free port: 8787 may be taken (another cluster).
        # More worker processes than cores only costs memory (belote_notation.pipeline.cores).
        cluster = LocalCluster(n_workers=capped_workers(where)[0], threads_per_worker=1, processes=True,
                               dashboard_address=":0", silence_logs=logging.ERROR)  # type: ignore[no-untyped-call]
        try:
            with Client(cluster) as client:  # type: ignore[no-untyped-call]
                yield client
        finally:
            cluster.close()
        return
    probe_scheduler(where)  # bounded: distributed's own greeting has no deadline, no size bound
    try:
        client = Client(where, timeout=CONNECT_SECONDS)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError) as exc:
        reason = str(exc) or f"no answer in {CONNECT_SECONDS:g} s"
        raise OSError(f"cannot reach the dask scheduler at {where}: {reason}") from None
    with client:
        yield client


def worker_count(client: Any) -> int:
    """Workers connected now (at least 1, for the bound of the window)."""
    return max(1, len(client.scheduler_info().get("workers", {})))


@dataclass(frozen=True, slots=True)
class Done:
    """A task's outcome (``tag``: what was submitted with it; ``error``: what it raised) or, when
    ``noted``, a plain value kept in order between the tasks."""

    tag: Any
    result: Any = None
    error: BaseException | None = None
    noted: bool = False


class Window:
    """Tasks on the cluster and noted values, given back in order, a few tasks in flight."""

    def __init__(self, client: Any, limit: int | None = None) -> None:
        self.client = client
        self.limit = limit or worker_count(client) * IN_FLIGHT_PER_WORKER
        self.items: deque[tuple[Any, Any, bool]] = deque()

    def note(self, value: Any) -> None:
        self.items.append((value, None, True))

    def submit(self, tag: Any, function: Callable[..., Any], *args: Any) -> Iterator[Done]:
        """``function(*args)`` on a worker; the oldest outcomes when too many are in flight."""
        self.items.append((tag, self.client.submit(function, *args, pure=False), False))
        if sum(1 for item in self.items if not item[2]) > self.limit:
            yield from self._until(self.limit)
        else:
            yield from self._noted()

    def _noted(self) -> Iterator[Done]:
        while self.items and self.items[0][2]:
            yield Done(self.items.popleft()[0], noted=True)

    def _until(self, keep: int) -> Iterator[Done]:
        while sum(1 for item in self.items if not item[2]) > keep:
            tag, future, noted = self.items.popleft()
            if noted:
                yield Done(tag, noted=True)
                continue
            try:
                yield Done(tag, future.result())
            except Exception as exc:  # noqa: BLE001 - the runner says what was lost, never a traceback
                yield Done(tag, error=exc)
            finally:
                future.release()
        yield from self._noted()

    def drain(self) -> Iterator[Done]:
        """Every outcome left, in order."""
        yield from self._until(0)


@dataclass(frozen=True, slots=True)
class _Pickled:
    """A task's result pickled on the worker (``data``), or ``None`` when it nests too deep for
    pickle's recursion (alternative lines 75 deep): then this machine computes it again."""

    data: bytes | None


def _pickled_call(function: Callable[..., Any], *args: Any) -> Any:
    """``function(*args)`` pickled here, on the worker: a result too deep to pickle comes back
    as ``_Pickled(None)`` instead of a pickling traceback in the worker's log and a lost range.
    (Unpickling is not recursive: the client reads back any depth.) A result pickle cannot take
    for another reason goes back as it is, for Dask's own serialisers."""
    result = function(*args)
    try:
        return _Pickled(pickle.dumps(result, protocol=pickle.HIGHEST_PROTOCOL))
    except RecursionError:
        return _Pickled(None)
    except Exception:  # noqa: BLE001 - not picklable by pickle: Dask tries cloudpickle
        return result


def _unpickled(done: Done, function: Callable[..., Any], args: tuple[Any, ...]) -> Done:
    if not isinstance(done.result, _Pickled):
        return done
    if done.result.data is None:  # too deep to travel: read here, as a serial run does
        try:
            return Done(done.tag, function(*args))
        except Exception as exc:  # noqa: BLE001 - the runner says what was lost, never a traceback
            return Done(done.tag, error=exc)
    return Done(done.tag, pickle.loads(done.result.data))  # noqa: S301 - our own workers' pickle


def outcomes(address: str, ranges: Iterable[ByteRange], function: Callable[..., Any], *args: Any
             ) -> Iterator[Done]:
    """``function(byte_range, *args)`` for each of ``ranges`` on the cluster at ``address``, the
    outcomes in the order of the ranges (each :class:`Done` tagged with its range)."""
    with connect(address) as client:
        window = Window(client)
        for byte_range in ranges:
            for done in window.submit(byte_range, _pickled_call, function, byte_range, *args):
                yield _unpickled(done, function, (done.tag, *args))
        for done in window.drain():
            yield _unpickled(done, function, (done.tag, *args))
