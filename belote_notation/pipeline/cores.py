"""How many worker processes this machine can use: one owner for ``--jobs``, ``jobs =`` in a
configuration file and ``--cluster local:N``.

More processes than cores only costs memory and start-up (each worker holds the parser and the
engine): ``-j 5000`` started 1,042 processes in 30 s. A count past the cores is capped to them,
and :func:`capped_workers` says so in one line for the caller to show.

>>> cores = machine_cores()
>>> capped_workers(1)
(1, None)
>>> count, note = capped_workers(cores + 5000, "--jobs")
>>> count == cores, note.startswith(f"--jobs asks for {cores + 5000} processes, more than this machine's")
(True, True)
>>> capped_workers(0)[0] == cores          # 0: one per core
True
"""

from __future__ import annotations

import os

__all__ = ["capped_workers", "machine_cores"]


def machine_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system says, as a
    container's limit does), at least 1."""
    counted = getattr(os, "process_cpu_count", None)  # Python 3.13
    if counted is not None:
        return max(1, counted() or 1)
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)  # pragma: no cover - macOS, Windows


def capped_workers(asked: int, option: str = "workers") -> tuple[int, str | None]:
    """``asked`` worker processes (0: one per core) within this machine's cores, and the note
    to show when it was capped (``option``: how the count was given)."""
    cores = machine_cores()
    if asked <= 0:
        return cores, None
    if asked <= cores:
        return asked, None
    return cores, f"{option} asks for {asked} processes, more than this machine's {cores} cores: {cores} used"
