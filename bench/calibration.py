"""A CPU yardstick printed by every benchmark, so figures from different moments compare.

This machine's speed moves a lot with load from other tenants: the same plain loop has been
measured between 0.38 s and 1.03 s. Read a benchmark's figure together with this line.
"""

from __future__ import annotations

import time


def calibrate() -> float:
    """CPU seconds of a plain 10M-iteration loop: compare machines and load with it."""
    start = time.process_time()
    total = 0
    for i in range(10_000_000):
        total += i
    return time.process_time() - start


def calibration_line() -> str:
    return f"CPU calibration: a 10M-iteration Python loop takes {calibrate():.2f} s cpu here"
