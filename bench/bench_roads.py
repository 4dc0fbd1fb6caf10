"""The roads through the data side by side (issue 32): what a deal costs on each, against validate's.

    .venv/bin/python bench/bench_roads.py                  # 12,000 deals, median of 5 (about 3 minutes)
    .venv/bin/python bench/bench_roads.py --deals 2000 --rounds 1
    .venv/bin/python bench/bench_roads.py --against /work/main/.venv/bin/python   # two trees

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

Each road runs on the whole file and on its first quarter (the same seed, so deals of the same
kind), road after road, then again, ``--rounds`` times: every figure of a round is taken
within seconds of validate's. The CPU is user + system of the process and its workers (from
``wait4``). Two figures per road:

- **per deal** (the marginal cost, the start of the process left out): in each round,
  (CPU on the whole - CPU on the quarter) / (the deals of the other three quarters), divided by
  validate's of the same round; the median over the rounds is printed, with the lowest and
  highest beside it. **Issue 32's target (each road at most 2.5x validate's) is judged by this
  median**: it is the cost of the road's own work on a deal, which is what the issue compares
  ("CPU per deal"), and it does not depend on the file's size, where the whole-run ratio does
  (a process's start, 0.2-0.5 s of imports, weighs less the larger the file). Pairing the two
  runs of a round and taking the median, not the best of each run apart, keeps one lucky
  short run from making a road look cheap or dear.
- **whole runs**: the ratio of the median CPU of the whole process on the whole file, the start
  included, what a user feels on a file this size (the figures of docs/speed.md before
  issue 32 were of this kind).

With ``--against PYTHON`` the same roads of a second tree (another virtual environment, its
``belote-replay`` beside it) are run alternated with this one's, round by round, and both
tables printed: a before and after in one run.

It prints figures and the calibration line (before and after); it asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from calibration import calibration_line  # bench/ is on sys.path when run as a script

ROADS = ("validate", "store", "render", "fix", "stats", "dedupe", "select")
TARGET = 2.5


def write_file(python: Path, path: Path, deals: int) -> None:
    subprocess.run([str(python.parent / "belote-replay"), "generate", "--rules", "classic", "--deals",
                    str(deals), "--seed", "1", "--no-progress", "-o", str(path)],
                   check=True, capture_output=True)


def road_args(python: Path, road: str, path: Path, out: Path) -> list[str]:
    """The command line of ``road`` of the tree of ``python`` on ``path`` (outputs under ``out``)."""
    if road == "store":
        return [str(python), str(Path(__file__).resolve()), "--store-only", str(path)]
    tail = {
        "validate": ["validate", "--jobs", "1", "--no-progress", str(path)],
        "render": ["render", str(path), "-o", str(out / "page.html")],
        "fix": ["validate", "--jobs", "1", "--no-progress", "--fix", "--diff", str(path)],
        "stats": ["stats", str(path)],
        "dedupe": ["dedupe", str(path), "-o", str(out / "unique.bel")],
        "select": ["select", "--taker", "N", str(path), "-o", str(out / "picked.bel")],
    }[road]
    return [str(python.parent / "belote-replay"), *tail]


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


Runs = dict[tuple[str, str, str], list[float]]  # (tree, road, size) -> CPU seconds of each round


def measure(trees: dict[str, Path], files: dict[str, Path], rounds: int, out: Path,
            report: Callable[[str], None]) -> Runs:
    """CPU of each road of each tree on each file, alternated tree by tree and road by road."""
    runs: Runs = {}
    for round_ in range(1, rounds + 1):
        started = time.perf_counter()
        for road in ROADS:
            for tree, python in trees.items():
                for size, path in files.items():
                    seconds = cpu_of(road_args(python, road, path, out))
                    runs.setdefault((tree, road, size), []).append(seconds)
        report(f"round {round_}/{rounds}: {time.perf_counter() - started:.0f} s wall, "
               f"load average {os.getloadavg()[0]:.1f}")
    return runs


def table(runs: Runs, tree: str, deals: int) -> list[str]:
    """The lines of one tree's table: per deal and whole-run figures, each road against validate's."""
    extra = deals - deals // 4
    per_deal = {road: [(whole - quarter) / extra for whole, quarter in
                       zip(runs[(tree, road, "whole")], runs[(tree, road, "quarter")], strict=True)]
                for road in ROADS}
    whole = {road: statistics.median(runs[(tree, road, "whole")]) for road in ROADS}
    lines = [f"{'road':<9} {'whole s':>8} {'us/deal':>8} {'deals/s':>9} {'x validate':>11} "
             f"{'(low-high)':>12} {'x whole runs':>13}"]
    for road in ROADS:
        cost = statistics.median(per_deal[road])
        ratios = [mine / base if base > 0 else float("nan")
                  for mine, base in zip(per_deal[road], per_deal["validate"], strict=True)]
        ratio = statistics.median(ratios)
        rate = f"{1 / cost:,.0f}" if cost > 0 else "-"
        mark = "" if road == "validate" else ("  ok" if ratio <= TARGET else f"  > {TARGET}")
        spread = f"{min(ratios):.1f}-{max(ratios):.1f}"
        lines.append(f"{road:<9} {whole[road]:8.2f} {cost * 1e6:8.0f} {rate:>9} {ratio:10.2f}x "
                     f"{spread:>12} {whole[road] / whole['validate']:12.2f}x{mark}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=12000, help="Deals in the generated file "
                        "(default 12000).")
    parser.add_argument("--rounds", type=int, default=5, help="Alternated rounds; the median of each "
                        "figure is kept (default 5).")
    parser.add_argument("--against", type=Path, metavar="PYTHON", help="The Python of a second tree "
                        "(its belote-replay beside it), run alternated with this one's.")
    # the store's road, in a fresh process of its own
    parser.add_argument("--store-only", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.store_only is not None:
        store_only(args.store_only)
        return
    if args.deals < 8 or args.rounds < 1:
        parser.error("--deals: at least 8; --rounds: at least 1")
    trees = {"this tree": Path(sys.executable)}
    if args.against is not None:
        if not (args.against.parent / "belote-replay").is_file():
            parser.error(f"--against: no belote-replay beside {args.against}")
        trees = {"against": args.against, **trees}
    print(calibration_line(), flush=True)
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        files = {"whole": out / "whole.bel", "quarter": out / "quarter.bel"}
        write_file(Path(sys.executable), files["whole"], args.deals)
        write_file(Path(sys.executable), files["quarter"], args.deals // 4)
        runs = measure(trees, files, args.rounds, out, lambda line: print(line, flush=True))
    for tree, python in trees.items():
        print(f"\n{tree} ({python}): {args.deals} classic deals (seed 1), CPU per deal with the start "
              f"of the process left out, median of {args.rounds} alternated rounds:")
        print("\n".join(table(runs, tree, args.deals)))
    print(calibration_line())


if __name__ == "__main__":
    main()
