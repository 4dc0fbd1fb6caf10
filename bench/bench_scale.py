"""Scaling of ``validate``: one process, ``--jobs 2`` and ``--cluster local:2`` on the same input.

    .venv/bin/python bench/bench_scale.py                  # needs the cluster extra (in test)
    .venv/bin/python bench/bench_scale.py --deals 40000 --repeat 3

Every figure is a fresh ``belote-replay`` process as a user runs it, on one
``belote-replay generate --rules classic --deals N --seed 1`` file, best of ``--repeat``,
alternated so that the machine's load (it moves by 2x with other tenants) falls on every
variant alike:

- deals/s of ``validate --jobs 1``, ``--jobs 2``, ``--cluster local:1`` and ``--cluster local:2``
  (wall time of the whole command);
- the cluster's start-up (the same command on a one-deal file: a scheduler and N worker
  processes started and stopped), and the cluster's rate without it;
- the scaling efficiency, 2-worker rate / (2 x 1-worker rate): of ``--jobs`` (against
  ``--jobs 1``), of the cluster (``local:2`` against ``--jobs 1``, and against ``local:1``);
  target at least 0.8, and the cluster within 10% of ``--jobs 2``;
- peak memory (RSS) per process: the command's own process and its largest worker;
- ``dedupe`` and ``stats`` deals/s, serial and on ``local:2``, when those commands exist.

It prints figures and the calibration line; it asserts nothing.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
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


def command_exists(name: str) -> bool:
    return subprocess.run([str(BIN), name, "--help"], capture_output=True).returncode == 0


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20000)
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as folder:
        path, tiny = Path(folder) / "scale.bel", Path(folder) / "tiny.bel"
        write_file(path, args.deals)
        write_file(tiny, 1)
        size = path.stat().st_size
        print(f"input: {args.deals:,} classic deals, {size / 2**20:.1f} MB ({path.name})")
        variants: dict[str, Callable[[Path], list[str]]] = {
            "validate --jobs 1": lambda p: ["validate", str(p), "--jobs", "1", "-q", "--no-progress"],
            "validate --jobs 2": lambda p: ["validate", str(p), "--jobs", "2", "-q", "--no-progress"],
            "validate --cluster local:1": lambda p: ["validate", str(p), "--cluster", "local:1", "-q",
                                                     "--no-progress"],
            "validate --cluster local:2": lambda p: ["validate", str(p), "--cluster", "local:2", "-q",
                                                     "--no-progress"],
        }
        runs: dict[str, list[Measured]] = {name: [] for name in variants}
        startup: dict[str, list[Measured]] = {name: [] for name in variants if "cluster" in name}
        for _ in range(args.repeat):
            for name, make in variants.items():
                runs[name].append(Measured(make(path)))
                if name in startup:
                    startup[name].append(Measured(make(tiny)))
        rates: dict[str, float] = {}
        steady: dict[str, float] = {}
        for name in variants:
            run = best(runs[name])
            rates[name] = args.deals / run.seconds
            line = (f"{name:28} {rates[name]:8,.0f} deals/s  {run.seconds:6.2f} s  exit {run.code}  "
                    f"peak RSS: command {run.main_mb:5.0f} MB, largest worker {run.worker_mb:5.0f} MB")
            if name in startup:
                start = best(startup[name]).seconds
                steady[name] = args.deals / max(run.seconds - start, 1e-9)
                line += f"  (start-up {start:.2f} s; {steady[name]:,.0f} deals/s without it)"
            print(line)
        one, jobs2 = rates["validate --jobs 1"], rates["validate --jobs 2"]
        local1, local2 = rates["validate --cluster local:1"], rates["validate --cluster local:2"]
        steady1, steady2 = steady["validate --cluster local:1"], steady["validate --cluster local:2"]
        print(f"scaling efficiency, --jobs 2 / (2 x --jobs 1):           {jobs2 / (2 * one):.2f}")
        print(f"scaling efficiency, local:2 / (2 x --jobs 1):            {local2 / (2 * one):.2f} "
              f"(without start-up {steady2 / (2 * one):.2f})")
        print(f"scaling efficiency, local:2 / (2 x local:1):             {local2 / (2 * local1):.2f} "
              f"(without start-up {steady2 / (2 * steady1):.2f})")
        print(f"local:2 / --jobs 2 (target within 10%: 0.90 or more):   {local2 / jobs2:.2f} "
              f"(without start-up {steady2 / jobs2:.2f})")
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
