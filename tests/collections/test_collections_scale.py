"""``dedupe``'s table at 2,000,000 deals stays under its documented memory bound
(docs/collections.md: about 110 MB for the whole process): bench/bench_dedupe.py in a process
of its own, its peak RSS read back. Slow (about a minute of CPU): .ci/run runs it."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_two_million_deals_stay_under_the_memory_bound():
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "bench_dedupe.py"), "--deals", "2000000"],
                          capture_output=True, text=True, timeout=1800, check=True)
    assert "table on disk: True" in done.stdout, done.stdout
    peak = float(re.search(r"peak RSS (\d+) MB", done.stdout).group(1))
    assert peak < 120, done.stdout
