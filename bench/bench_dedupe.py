"""The memory bound of ``dedupe``'s table at scale, without reading a file: synthetic game
entries (random fingerprints, ten deals a game, the prefix keys a real game has) through
``DedupeWork.streamed``, then every decision read back as the command does.

    python bench/bench_dedupe.py --deals 2000000

prints the peak RSS of the process (``resource.getrusage``), where the table went (memory or
disk) and the entries per second. Reading and fingerprinting the games is left out: it is
the pipeline's reading (docs/collections.md gives the whole command's figures).
"""

from __future__ import annotations

import argparse
import os
import resource
import time
from collections.abc import Iterator

from belote_notation.collections.dedupe import DedupeWork, GameEntry
from belote_notation.collections.table import MEMORY_ROWS


def entries(deals: int, per_game: int = 10) -> Iterator[GameEntry]:
    for number in range(1, deals // per_game + 1):
        keys = [os.urandom(16) for _ in range(2 * per_game)]
        deals_of_game = tuple(os.urandom(16) for _ in range(per_game))
        prefixes = tuple((("cut", "whole")[i % 2], k) for i, k in enumerate(keys[1:]))
        yield GameEntry("synthetic.bel", number, os.urandom(16), deals_of_game, ("whole", os.urandom(16)),
                        64 * per_game + 32, prefixes, os.urandom(64 * per_game))  # each deal's trick digests


def _peak_mb() -> float:
    """This process's peak resident memory in MB: ``VmHWM`` of /proc (this program's own, from its
    ``exec``), else ``ru_maxrss``, which Linux carries over ``fork`` and ``exec`` from a large
    parent (a test runner that started this bench after other tests)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200_000)
    parser.add_argument("--memory-rows", type=int, default=MEMORY_ROWS)
    args = parser.parse_args()
    start = time.process_time()
    work = DedupeWork(memory_rows=args.memory_rows)
    with work.streamed([entries(args.deals)]) as result:
        kept = sum(result.kept_flags())
        dropped = sum(1 for _ in result.dropped())
        on_disk = result.on_disk
    seconds = time.process_time() - start
    peak = _peak_mb()
    print(f"{args.deals} deals, {kept} games kept, {dropped} dropped; table on disk: {on_disk}; "
          f"{seconds:.1f} s CPU, {args.deals / seconds:,.0f} deals/s; peak RSS {peak:.0f} MB")


if __name__ == "__main__":
    main()
