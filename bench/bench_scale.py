"""Scaling of ``validate``: one process, ``--jobs 2`` and ``--cluster local:2`` on the same input.

    .venv/bin/python bench/bench_scale.py                  # needs the cluster extra (in test)
    .venv/bin/python bench/bench_scale.py --deals 40000 --repeat 3

Every figure is a fresh ``belote-replay`` process as a user runs it, on one
``belote-replay generate --rules classic --deals N --seed 1`` file, best of ``--repeat``,
alternated so that the machine's load (it moves by 2x with other tenants) falls on every
variant alike:

- deals/s of ``validate --jobs 1``, ``--jobs 2``, ``--cluster local:1`` and ``--cluster local:2``
  (wall time of the whole command: ``local:N`` starts a scheduler and N worker processes and
  stops them, seconds of start-up), and of ``--cluster tcp://...`` sent to a running cluster
  of 1 and of 2 workers (started by this script first, as a real cluster is running before
  the commands come: no start-up);
- the scaling efficiency, 2-worker rate / (2 x 1-worker rate): of ``--jobs``, of the running
  cluster, of ``local:N`` start-up included; target at least 0.8, and the running cluster's 2
  workers within 10% of ``--jobs 2``;
- peak memory (RSS) per process: the command's own process and its largest worker;
- ``dedupe`` and ``stats`` deals/s, serial and on ``local:2``, when those commands exist.

It prints figures and the calibration line; it asserts nothing.
"""

from __future__ import annotations

import argparse
import logging
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import psutil  # a dependency of distributed (the cluster extra)
from calibration import calibration_line  # bench/ is on sys.path when run as a script

BIN = Path(sys.executable).parent / "belote-replay"
POLL = 0.05


def write_file(path: Path, deals: int) -> None:
    subprocess.run([str(BIN), "generate", "--rules", "classic", "--deals", str(deals), "--seed", "1",
                    "-o", str(path)], check=True, capture_output=True)


class Measured:
    """One run of a command: wall seconds, exit code, peak RSS of its own process and of its
    largest descendant (a worker), in MB."""

    def __init__(self, args: list[str]) -> None:
        started = time.perf_counter()
        proc = psutil.Popen([str(BIN), *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        peaks: dict[int, int] = {}
        while proc.poll() is None:
            for one in [proc, *self._children(proc)]:
                try:
                    peaks[one.pid] = max(peaks.get(one.pid, 0), one.memory_info().rss)
                except psutil.Error:
                    pass
            time.sleep(POLL)
        self.seconds = time.perf_counter() - started
        self.code = proc.returncode
        self.stderr = proc.stderr.read().decode("utf-8", "replace") if proc.stderr else ""
        self.main_mb = peaks.pop(proc.pid, 0) / 2**20
        self.worker_mb = max(peaks.values(), default=0) / 2**20

    @staticmethod
    def _children(proc: psutil.Process) -> list[psutil.Process]:
        try:
            return proc.children(recursive=True)
        except psutil.Error:
            return []


def best(runs: list[Measured]) -> Measured:
    return min(runs, key=lambda run: run.seconds)


@contextmanager
def running_cluster(workers: int) -> Iterator[str]:
    """The address of a LocalCluster of ``workers`` processes started here, as a running cluster
    is (``tcp://``): the commands sent to it pay no start-up."""
    from distributed import LocalCluster

    cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0",
                           silence_logs=logging.ERROR)
    try:
        yield cluster.scheduler_address
    finally:
        cluster.close()


def command_exists(name: str) -> bool:
    return subprocess.run([str(BIN), name, "--help"], capture_output=True).returncode == 0


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20000)
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "scale.bel"
        write_file(path, args.deals)
        size = path.stat().st_size
        print(f"input: {args.deals:,} classic deals, {size / 2**20:.1f} MB ({path.name})")
        quiet = ["-q", "--no-progress"]
        with running_cluster(1) as one_worker, running_cluster(2) as two_workers:
            variants: dict[str, Callable[[Path], list[str]]] = {
                "validate --jobs 1": lambda p: ["validate", str(p), "--jobs", "1", *quiet],
                "validate --jobs 2": lambda p: ["validate", str(p), "--jobs", "2", *quiet],
                "validate --cluster local:1": lambda p: ["validate", str(p), "--cluster", "local:1", *quiet],
                "validate --cluster local:2": lambda p: ["validate", str(p), "--cluster", "local:2", *quiet],
                "running cluster, 1 worker": lambda p: ["validate", str(p), "--cluster", one_worker, *quiet],
                "running cluster, 2 workers": lambda p: ["validate", str(p), "--cluster", two_workers,
                                                         *quiet],
            }
            runs: dict[str, list[Measured]] = {name: [] for name in variants}
            for _ in range(args.repeat):
                for name, make in variants.items():
                    runs[name].append(Measured(make(path)))
        rates: dict[str, float] = {}
        for name in variants:
            run = best(runs[name])
            rates[name] = args.deals / run.seconds
            workers = f", largest worker {run.worker_mb:5.0f} MB" if "running" not in name else ""
            print(f"{name:28} {rates[name]:8,.0f} deals/s  {run.seconds:6.2f} s  exit {run.code}  "
                  f"peak RSS: command {run.main_mb:5.0f} MB{workers}")
        one, jobs2 = rates["validate --jobs 1"], rates["validate --jobs 2"]
        local1, local2 = rates["validate --cluster local:1"], rates["validate --cluster local:2"]
        steady1, steady2 = rates["running cluster, 1 worker"], rates["running cluster, 2 workers"]
        print(f"scaling efficiency, --jobs 2 / (2 x --jobs 1):                  {jobs2 / (2 * one):.2f}")
        print(f"scaling efficiency, running 2 workers / (2 x running 1 worker): "
              f"{steady2 / (2 * steady1):.2f}")
        print(f"scaling efficiency, running 2 workers / (2 x --jobs 1):         {steady2 / (2 * one):.2f}")
        print(f"scaling efficiency, local:2 / (2 x local:1), start-up included: {local2 / (2 * local1):.2f}")
        print(f"running 2 workers / --jobs 2 (target 0.90 or more):             {steady2 / jobs2:.2f}")
        print(f"local:2 / --jobs 2, start-up included:                          {local2 / jobs2:.2f}")
        for command in ("dedupe", "stats"):
            if not command_exists(command):
                print(f"{command}: not installed in this checkout (skipped)")
                continue
            for extra in ([], ["--cluster", "local:2"]):
                run = Measured([command, str(path), *extra])
                label = f"{command} {' '.join(extra) or '(serial)'}"
                if run.code not in (0, 1):
                    print(f"{label:28} failed (exit {run.code}): {run.stderr.strip()[-200:]}")
                    continue
                print(f"{label:28} {args.deals / run.seconds:8,.0f} deals/s  {run.seconds:6.2f} s  "
                      f"peak RSS: command {run.main_mb:5.0f} MB, largest worker {run.worker_mb:5.0f} MB")
    print(calibration_line())


if __name__ == "__main__":
    main()
