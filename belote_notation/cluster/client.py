"""The connection to a Dask cluster and its backend: where the pipeline's one window finds its
executor on a cluster.

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

:class:`ClusterBackend` is the :class:`~belote_notation.pipeline.executor.Backend` of a cluster:
the pipeline's one window over :class:`~.executor.DaskExecutor`. A task whose worker died is run again
by Dask on another worker (the scheduler's ``allowed-failures``, 3 by default, before it gives
up with ``KilledWorker``); what then still fails comes back as the task's error, for the runner
to report.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from belote_notation.cluster.probe import CONNECT_SECONDS, probe_scheduler
from belote_notation.pipeline.cores import capped_workers
from belote_notation.pipeline.executor import IN_FLIGHT_PER_WORKER, Backend, Window

__all__ = ["QUIET_LOOPS", "AddressError", "ClusterBackend", "connect", "parse_address", "worker_count"]


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


QUIET_LOOPS = {"distributed.worker.profile.enabled": False, "distributed.admin.tick.interval": "1s",
               "distributed.admin.system-monitor.interval": "10s",
               "distributed.worker.memory.monitor-interval": "1s",
               "distributed.client.scheduler-info-interval": "10s"}
"""Dask settings for the processes this command starts (a ``local:N`` cluster's scheduler and
workers, and the client): no statistical profiler on the workers (it samples the running task's
stack every 10 ms), the event loop's health check once a second, not every 20 ms, the system
monitor (CPU, memory, disk and network counters for the dashboard's graphs) every 10 s, not
every 0.5 s, the memory limits checked once a second, not 10 times (and whenever a result is
stored), and the client's refresh of the scheduler's identity every 10 s, not 2. Measured on a
1-worker cluster (a 0.8 s task of checking, best of 3): the worker's other threads took 5-8%
of the task's CPU with Dask's defaults, 1-2% with the first two; an idle worker 0.018-0.019
CPU-s a second with Dask's defaults, 0.004-0.005 with the first two; on the loaded 2-core
machine, 0.0073 with the first two against 0.0031 with the monitors slowed too, and the process of the
scheduler and the nannies 0.0165 against 0.0063 (40 s side by side): a run's wall time is
5-10 times its CPU under load, and the idle burn of the workers counts over all of it. A
running cluster's workers take them from their environment (``docs/scale.md``)."""


@contextmanager
def connect(address: str) -> Iterator[Any]:
    """A :class:`distributed.Client` of ``address``, closed after use (a local cluster stopped).
    ``OSError`` with the reason in one line when the scheduler cannot be reached in
    :data:`CONNECT_SECONDS` or the address is not a Dask scheduler."""
    import dask
    import distributed  # noqa: F401 - its settings loaded first: leaving ours puts them back, not away

    with dask.config.set(QUIET_LOOPS), _only_errors_logged():
        with _connected(address) as client:
            yield client


@contextmanager
def _only_errors_logged() -> Iterator[None]:
    """Distributed's loggers of this process at ``ERROR`` for the run, as a ``local:N``
    cluster's own processes are (``silence_logs``). Distributed logs to stderr at ``INFO`` by
    default: a run that ends while tasks are in flight (a refused ``convert``, Ctrl-C) made the
    client print its connection's closing, a traceback included, after the command's own words."""
    names = [name for name in logging.root.manager.loggerDict
             if name == "distributed" or name.startswith("distributed.")]
    loggers = [logger for logger in map(logging.getLogger, names) if logger.level != logging.NOTSET]
    levels = [logger.level for logger in loggers]  # distributed sets some below its own (client, gc)
    for logger in loggers:
        logger.setLevel(max(logger.level, logging.ERROR))
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)


@contextmanager
def _connected(address: str) -> Iterator[Any]:
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
class ClusterBackend(Backend):
    """Work run on the Dask cluster at ``address`` (``local:N`` or ``tcp://host:port``), through
    the one window over :class:`~.executor.DaskExecutor`; its workers read byte ranges of
    the inputs themselves (by path or URL).

    >>> backend = ClusterBackend("local:2")
    >>> backend, backend.in_process, backend.reads_ranges
    (ClusterBackend(address='local:2'), False, True)
    """

    address: str

    @property
    def in_process(self) -> bool:
        return False

    @property
    def reads_ranges(self) -> bool:
        return True

    @contextmanager
    def window(self) -> Iterator[Window]:
        """The window over the cluster (:class:`~.executor.DaskExecutor`:
        every task runs, none is taken for another with the same arguments), a few tasks per
        connected worker in flight, the results taken as they complete."""
        from belote_notation.cluster.executor import DaskExecutor

        with connect(self.address) as client:
            executor = DaskExecutor(client)
            workers = worker_count(client)
            try:
                with Window(executor, workers * IN_FLIGHT_PER_WORKER, workers=workers) as window:
                    yield window
            finally:
                executor.shutdown(wait=False)  # what is left is cancelled, not waited for
