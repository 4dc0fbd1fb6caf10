"""The CPU time of a piece of work, as the doubling tests of tests/hostile measure it: the best of
a few runs (CPU, not wall time: the machine is shared)."""

from __future__ import annotations

import time
from collections.abc import Callable


def best_cpu(work: Callable[[], object], repeat: int = 3) -> float:
    """The least CPU time (user + sys of this process, seconds) of ``repeat`` runs of ``work``."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best
