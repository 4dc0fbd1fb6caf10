"""The CPU time of a piece of work, as the doubling tests of tests/hostile measure it: the best of
a few runs (CPU, not wall time: the machine is shared)."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable


def best_cpu(work: Callable[[], object], repeat: int = 3) -> float:
    """The least CPU time (user + sys of this process, seconds) of ``repeat`` runs of ``work``.

    The objects alive before (the test run's: every collected test, its modules) are frozen out
    of the garbage collector's full passes while ``work`` runs: those passes walk every object,
    so a large heap that is not the work's own made a doubled input cost 3 to 6 times as much
    (a step where the first full pass falls), where a user's process, whose heap is the work's,
    doubles (measured: 2.1x frozen, as in a fresh process)."""
    gc.collect()
    gc.freeze()
    try:
        best = float("inf")
        for _ in range(repeat):
            start = time.process_time()
            work()
            best = min(best, time.process_time() - start)
        return best
    finally:
        gc.unfreeze()


def doubling_ratio(small: Callable[[], object], large: Callable[[], object], floor: float = 1e-4,
                   rounds: int = 4) -> float:
    """The best CPU time of ``large`` (the work on a doubled input) over the best of ``small``,
    the two measured in turn, ``rounds`` times each (A B A B: a burst of another tenant's work
    falls on both sides, not on all of one side's runs)."""
    smalls, larges = [], []
    for _ in range(rounds):
        smalls.append(best_cpu(small, repeat=2))
        larges.append(best_cpu(large, repeat=2))
    return min(larges) / max(min(smalls), floor)
