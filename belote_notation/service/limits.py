"""The limits of the service: a rate per token and per address, CPU time per validation, and
the body read into a spool within its size.

>>> limiter = RateLimiter(per_minute=2)
>>> [limiter.wait("t", at=0.0) for _ in range(3)]
[0.0, 0.0, 30.0]
>>> limiter.wait("t", at=30.0)
0.0
"""

from __future__ import annotations

import tempfile
import threading
import time
from collections.abc import AsyncIterator
from typing import IO

from belote_notation.service.problems import ApiProblem

__all__ = ["CpuBudget", "RateLimiter", "spool_body"]

SPOOL_IN_MEMORY = 1024 * 1024
"""A body up to this size stays in memory; a larger one goes to a temporary file."""


class RateLimiter:
    """A token bucket per key (``per_minute`` requests, refilled evenly); thread-safe. Each web
    process keeps its own buckets (docs/service.md: behind several workers, a proxy's limit)."""

    def __init__(self, per_minute: int, max_keys: int = 100_000) -> None:
        self.per_minute, self.max_keys = per_minute, max_keys
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def wait(self, key: str, at: float | None = None) -> float:
        """0 when a request of ``key`` may go now (and it is counted), else the seconds to wait."""
        if self.per_minute <= 0:
            return 0.0
        moment = time.monotonic() if at is None else at
        rate = self.per_minute / 60.0
        with self._lock:
            tokens, last = self._buckets.get(key, (float(self.per_minute), moment))
            tokens = min(float(self.per_minute), tokens + (moment - last) * rate)
            if tokens >= 1.0:
                if len(self._buckets) >= self.max_keys:
                    self._buckets.clear()  # bounded memory: forgetting buckets only ever lets through
                self._buckets[key] = (tokens - 1.0, moment)
                return 0.0
            self._buckets[key] = (tokens, moment)
            return (1.0 - tokens) / rate


class CpuBudget:
    """CPU time of the calling thread since it was made, against ``seconds``.

    >>> budget = CpuBudget(60.0)
    >>> budget.exceeded()
    False
    """

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.start = time.thread_time()

    def used(self) -> float:
        return time.thread_time() - self.start

    def exceeded(self) -> bool:
        return self.seconds > 0 and self.used() > self.seconds


async def spool_body(chunks: AsyncIterator[bytes], limit: int) -> IO[bytes]:
    """The body read chunk by chunk into a spool (memory, then a temporary file), rewound;
    above ``limit`` bytes: 413, without reading the rest."""
    spool = tempfile.SpooledTemporaryFile(max_size=SPOOL_IN_MEMORY)
    size = 0
    async for chunk in chunks:
        size += len(chunk)
        if size > limit:
            spool.close()
            raise ApiProblem(413, "too-large", f"the body is larger than {limit} bytes")
        spool.write(chunk)
    spool.seek(0)
    return spool
