"""The roads through the data side by side (issue 32): what a deal costs on each, against validate's.

    .venv/bin/python bench/bench_roads.py                  # 3,000 deals, best of 3 (about 2 minutes)
    .venv/bin/python bench/bench_roads.py --deals 1000 --repeat 1

One generated file (``belote-replay generate --rules classic --deals N --seed 1``) goes down
every road, each as a user runs it (a fresh process):

- validate: ``validate --jobs 1`` (text straight into the checks, the compiled path);
- store: the service's ingest functions without HTTP, ``read_upload`` then ``store_upload``
  into an in-memory SQLite (its tables made as the service makes them; what
  ``POST /v1/games`` does to a body);
- render: ``render FILE -o page.html`` (every game on one page);
- fix: ``validate --jobs 1 --fix --diff`` (the fixes shown, nothing written);
- stats: ``stats`` (the text table);
- dedupe: ``dedupe -o unique.bel``;
- select: ``select --taker N -o picked.bel`` (a deal filter: the replay is built).

The figure is CPU per deal (user + system of the process and its workers, from ``wait4``),
with the start of the process left out: each road runs on the whole file and on its first
quarter, and a deal costs (CPU on all - CPU on the quarter) / (the deals of the other three
quarters). The roads are alternated (validate, store, ..., then again), best of ``--repeat``
for each file, and each is given as a ratio to validate's (issue 32's target: at most 2.5);
the last column is the ratio of the whole processes on the whole file (the start included,
as the figures of docs/speed.md before issue 32 were taken).

It prints figures and the calibration line; it asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from calibration import calibration_line  # bench/ is on sys.path when run as a script

BIN = Path(sys.executable).parent / "belote-replay"
ROADS = ("validate", "store", "render", "fix", "stats", "dedupe", "select")
TARGET = 2.5


def write_file(path: Path, deals: int) -> None:
    subprocess.run([str(BIN), "generate", "--rules", "classic", "--deals", str(deals), "--seed", "1",
                    "--no-progress", "-o", str(path)], check=True, capture_output=True)


def road_args(road: str, path: Path, out: Path) -> list[str]:
    """The command line of ``road`` on ``path`` (outputs under the folder ``out``)."""
    if road == "store":
        return [sys.executable, str(Path(__file__).resolve()), "--store-only", str(path)]
    tail = {
        "validate": ["validate", "--jobs", "1", "--no-progress", str(path)],
        "render": ["render", str(path), "-o", str(out / "page.html")],
        "fix": ["validate", "--jobs", "1", "--no-progress", "--fix", "--diff", str(path)],
        "stats": ["stats", str(path)],
        "dedupe": ["dedupe", str(path), "-o", str(out / "unique.bel")],
        "select": ["select", "--taker", "N", str(path), "-o", str(out / "picked.bel")],
    }[road]
    return [str(BIN), *tail]


def cpu_of(args: list[str]) -> float:
    """CPU seconds (user + system, the workers it waited for included) of one fresh process."""
    with tempfile.TemporaryFile() as errors:
        proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=errors)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = code = os.waitstatus_to_exitcode(status)
        if code not in (0, 1):  # 1: findings or games dropped, which a generated file should not have
            errors.seek(0)
            raise SystemExit(f"{args[1:3]} failed ({code}): {errors.read().decode(errors='replace')}")
    return usage.ru_utime + usage.ru_stime


def store_only(path: Path) -> None:
    """The store's road in this process: the upload read, checked and stored in SQLite."""
    from belote_notation.service.db import make_engine
    from belote_notation.service.ingest import read_upload, store_upload
    from belote_notation.service.schema import METADATA

    engine = make_engine("sqlite://")
    METADATA.create_all(engine)  # as the service does for an in-memory database
    with path.open("rb") as body:
        result = store_upload(engine, "bench", read_upload(body, path.name))
    if result.rejected:
        raise SystemExit(f"{len(result.rejected)} games rejected")


def measure(files: dict[str, Path], repeat: int, out: Path,
            report: Callable[[str], None]) -> dict[tuple[str, str], float]:
    """Best CPU of each road on each file, alternated road by road, ``repeat`` rounds."""
    best: dict[tuple[str, str], float] = {}
    for round_ in range(1, repeat + 1):
        started = time.perf_counter()
        for size, path in files.items():
            for road in ROADS:
                seconds = cpu_of(road_args(road, path, out))
                key = (road, size)
                best[key] = min(best.get(key, seconds), seconds)
        report(f"round {round_}/{repeat}: {time.perf_counter() - started:.0f} s wall")
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=3000, help="Deals in the generated file (default 3000).")
    parser.add_argument("--repeat", type=int, default=3, help="Rounds; the best CPU of each is kept "
                        "(default 3).")
    # the store's road, in a fresh process of its own
    parser.add_argument("--store-only", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.store_only is not None:
        store_only(args.store_only)
        return
    if args.deals < 8:
        parser.error("--deals: at least 8")
    print(calibration_line(), flush=True)
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        whole, quarter = out / "whole.bel", out / "quarter.bel"
        write_file(whole, args.deals)
        write_file(quarter, args.deals // 4)  # same seed, same rules: deals of the same kind
        files = {"whole": whole, "quarter": quarter}
        best = measure(files, args.repeat, out, lambda line: print(line, flush=True))
    extra = args.deals - args.deals // 4
    per_deal = {road: (best[(road, "whole")] - best[(road, "quarter")]) / extra for road in ROADS}
    base = per_deal["validate"]
    print(f"{args.deals} classic deals (seed 1), CPU per deal with the start of the process left out, "
          f"best of {args.repeat}, alternated:")
    print(f"{'road':<9} {'whole s':>8} {'quarter s':>10} {'us/deal':>8} {'deals/s':>9} {'x validate':>11} "
          f"{'x (whole runs)':>15}")
    for road in ROADS:
        cost = per_deal[road]
        rate = f"{1 / cost:,.0f}" if cost > 0 else "-"
        ratio = cost / base if base > 0 else float("nan")
        mark = "" if road == "validate" else ("  ok" if ratio <= TARGET else f"  > {TARGET}")
        whole = best[(road, "whole")] / best[("validate", "whole")]
        print(f"{road:<9} {best[(road, 'whole')]:8.2f} {best[(road, 'quarter')]:10.2f} {cost * 1e6:8.0f} "
              f"{rate:>9} {ratio:10.1f}x {whole:14.1f}x{mark}")
    print(calibration_line())


if __name__ == "__main__":
    main()
