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
from collections import OrderedDict
from collections.abc import AsyncIterator
from typing import IO

from belote_notation.game.lang import Message, msg
from belote_notation.service.problems import ApiProblem

__all__ = ["CpuBudget", "RateLimiter", "spool_body"]

SPOOL_IN_MEMORY = 1024 * 1024
"""A body up to this size stays in memory; a larger one goes to a temporary file."""


class RateLimiter:
    """A token bucket per key (``per_minute`` requests, refilled evenly); thread-safe. Each web
    process keeps its own buckets (docs/service.md: behind several workers, a proxy's limit).

    Memory is bounded by age: a bucket untouched for a minute is full again, as good as none,
    and is dropped; past ``max_keys`` buckets the least recently used goes first (a flood of
    new keys forgets the oldest, never everyone's at once).

    >>> limiter = RateLimiter(per_minute=60, max_keys=2)
    >>> [limiter.take(key, at=0.0)[0] for key in ("a", "b", "c")]
    [0.0, 0.0, 0.0]
    >>> sorted(limiter._buckets)
    ['b', 'c']
    """

    def __init__(self, per_minute: int, max_keys: int = 100_000) -> None:
        self.per_minute, self.max_keys = per_minute, max_keys
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        self._lock = threading.Lock()

    def wait(self, key: str, at: float | None = None) -> float:
        """0 when a request of ``key`` may go now (and it is counted), else the seconds to wait."""
        return self.take(key, at)[0]

    def take(self, key: str, at: float | None = None) -> tuple[float, int, float]:
        """``(wait, remaining, reset)``: the seconds to wait (0: the request goes and is
        counted), the requests left now, the seconds until the bucket is full again."""
        if self.per_minute <= 0:
            return 0.0, 0, 0.0
        moment = time.monotonic() if at is None else at
        rate = self.per_minute / 60.0
        full = float(self.per_minute)
        with self._lock:
            tokens, last = self._buckets.pop(key, (full, moment))
            tokens = min(full, tokens + (moment - last) * rate)
            wait = 0.0 if tokens >= 1.0 else (1.0 - tokens) / rate
            if not wait:
                tokens -= 1.0
            self._buckets[key] = (tokens, moment)
            self._forget(moment)
        return wait, int(tokens), (full - tokens) / rate

    def _forget(self, moment: float) -> None:
        """Drop the buckets full again (untouched for a minute), then the oldest beyond ``max_keys``."""
        buckets = self._buckets
        while buckets:
            oldest = next(iter(buckets))
            if moment - buckets[oldest][1] < 60.0 and len(buckets) <= self.max_keys:
                return
            buckets.popitem(last=False)


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

    def message(self, name: str, game: int, line: int) -> Message:
        """Where the checks stopped, and what to send instead (the same body always stops there)."""
        seconds = f"{self.seconds:g}"
        return msg("%(name)s: stopped at game %(game)s (line %(line)s) after %(seconds)s s of CPU time, the "
                   "limit of one request: send games 1 to %(last)s in one request and the rest in others",
                   name=name, game=game, line=line, seconds=seconds, last=max(1, game - 1))


async def spool_body(chunks: AsyncIterator[bytes], limit: int) -> IO[bytes]:
    """The body read chunk by chunk into a spool (memory, then a temporary file), rewound;
    above ``limit`` bytes: 413, without reading the rest."""
    spool = tempfile.SpooledTemporaryFile(max_size=SPOOL_IN_MEMORY)
    size = 0
    async for chunk in chunks:
        size += len(chunk)
        if size > limit:
            spool.close()
            raise ApiProblem(413, "too-large", msg("the body is larger than %(limit)s bytes", limit=limit))
        spool.write(chunk)
    spool.seek(0)
    return spool
