"""Scaling of ``validate``: one process, ``--jobs``, and a running Dask cluster, on one input.

    .venv/bin/python bench/bench_scale.py                  # needs the cluster extra (in test)
    .venv/bin/python bench/bench_scale.py --deals 200000 --repeat 3
    .venv/bin/python bench/bench_scale.py --workers 16     # also 16 workers (a machine with the cores)

Every figure is a fresh ``belote-replay`` process as a user runs it, on one
``belote-replay generate --rules classic --deals N --seed 1`` file, best of ``--repeat``,
alternated (A B C A B C) so that the machine's load (it moves by 2x with other tenants) falls on
every variant alike. For 1, 2 and ``--workers`` N workers, each of ``validate --jobs N`` and
``validate --cluster tcp://...`` sent to a running LocalCluster of N workers (started by this
script first, as a real cluster is running before the commands come: no start-up):

- deals/s by wall time, and the scaling efficiency, N-worker rate / (N x ``--jobs 1``'s rate);
- the CPU: of the command (``--jobs``: its worker processes included) and, on the cluster, of
  the client and of the workers apart; the efficiency by CPU, ``--jobs 1``'s CPU / the run's
  (the CPU that the same work costs spread, against one process: what the wall time shows on a
  quiet machine with the cores);
- the tasks (ranges), the client's CPU past its start-up (the same command on a 10-deal input)
  per task and per deal; the efficiencies again past the start-up (each variant's best run less
  its best run on the 10-deal input), the fixed costs apart. The timed window of every variant
  is the whole command as a user runs it: on the cluster the client's start-up (importing Dask,
  0.5-0.6 s of CPU here), its connection and its end are inside it;
- the time to the first result: the first line of ``--format jsonl`` on stdout (a run of its
  own, stopped there);
- peak memory (RSS) per process: the command's own and its largest worker's.

``validate --cluster local:2`` (start-up included) and ``dedupe`` and ``stats`` serial and on
``local:2`` follow, once each. It prints the load average, the figures and the calibration
line; it asserts nothing.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import psutil  # a dependency of distributed (the cluster extra)
from calibration import calibration_line  # bench/ is on sys.path when run as a script

from belote_notation.pipeline.survey import block_starts, task_bytes

BIN = Path(sys.executable).parent / "belote-replay"
POLL = 0.05
QUIET = ["-q", "--no-progress"]


def write_file(path: Path, deals: int) -> None:
    subprocess.run([str(BIN), "generate", "--rules", "classic", "--deals", str(deals), "--seed", "1",
                    "-o", str(path)], check=True, capture_output=True)


def cpu_of(processes: list[psutil.Process]) -> float:
    total = 0.0
    for one in processes:
        with contextlib.suppress(psutil.Error):
            times = one.cpu_times()
            total += times.user + times.system
    return total


class Measured:
    """One run of a command: wall seconds, exit code, CPU seconds, peak RSS of its own process,
    of its largest descendant and of the largest of ``watched`` (a cluster's workers), in MB."""

    def __init__(self, args: list[str], watched: list[psutil.Process] | None = None) -> None:
        watched = watched or []
        worker_cpu = cpu_of(watched)
        started = time.perf_counter()
        proc = psutil.Popen([str(BIN), *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        peaks: dict[int, int] = {}
        usage = None
        while usage is None:
            for one in [proc, *self._children(proc), *watched]:
                with contextlib.suppress(psutil.Error):
                    peaks[one.pid] = max(peaks.get(one.pid, 0), one.memory_info().rss)
            pid, status, rusage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                usage = rusage
                proc.returncode = os.waitstatus_to_exitcode(status)
            else:
                time.sleep(POLL)
        self.seconds = time.perf_counter() - started
        self.cpu = usage.ru_utime + usage.ru_stime
        """CPU seconds of the command and of the worker processes it waited for (``--jobs``);
        on a running cluster, the client's own."""
        self.worker_cpu = cpu_of(watched) - worker_cpu
        """CPU seconds of the watched processes (a running cluster's workers) meanwhile."""
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


def first_result(args: list[str]) -> float:
    """Seconds from the start of ``validate ... --format jsonl`` to its first line on stdout
    (the command is stopped there, with its worker processes)."""
    started = time.perf_counter()
    proc = subprocess.Popen([str(BIN), *args, "--format", "jsonl", "--no-progress"], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    assert proc.stdout is not None
    proc.stdout.readline()
    seconds = time.perf_counter() - started
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    proc.wait()
    time.sleep(1.0)  # a cluster's worker finishes the task it held
    return seconds


@dataclass
class Variant:
    """``validate PATH --jobs N`` or on a running cluster of N workers (``args`` after the path;
    ``watched``: the cluster's worker processes)."""

    name: str
    workers: int
    args: list[str]
    watched: list[psutil.Process]
    runs: list[Measured]
    idle: list[Measured]


@contextmanager
def running_cluster(workers: int) -> Iterator[tuple[str, list[psutil.Process]]]:
    """The address of a LocalCluster of ``workers`` processes started here, as a running cluster
    is (``tcp://``: the commands sent to it pay no start-up), and its worker processes."""
    import dask
    from distributed import Client, LocalCluster

    from belote_notation.cluster.client import QUIET_LOOPS

    with dask.config.set(QUIET_LOOPS):  # as docs/scale.md sets a running cluster's workers
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                               dashboard_address=":0", silence_logs=logging.ERROR)
    try:
        with Client(cluster) as client:
            pids = list(client.run(os.getpid).values())
        yield cluster.scheduler_address, [psutil.Process(pid) for pid in pids]
    finally:
        cluster.close()


def command_exists(name: str) -> bool:
    return subprocess.run([str(BIN), name, "--help"], capture_output=True).returncode == 0


def measure(variants: list[Variant], path: Path, tiny: Path, repeat: int) -> dict[str, float]:
    """Every variant run ``repeat`` times, alternated, and once on ``tiny`` after each run (its
    start-up); then once more to its first result."""
    for _ in range(repeat):
        for variant in variants:
            variant.runs.append(Measured(["validate", str(path), *variant.args], variant.watched))
            variant.idle.append(Measured(["validate", str(tiny), *variant.args], variant.watched))
    return {variant.name: first_result(["validate", str(path), *variant.args[:-len(QUIET)]])
            for variant in variants}


def report(variants: list[Variant], firsts: dict[str, float], deals: int, size: int) -> None:
    one = min(variants[0].runs, key=lambda run: run.seconds)
    one_rate, one_cpu = deals / one.seconds, min(run.cpu for run in variants[0].runs)
    one_past = past_start_up(variants[0])
    for variant in variants:
        run = min(variant.runs, key=lambda run: run.seconds)
        cpu = min(m.cpu + m.worker_cpu for m in variant.runs)
        rate, n = deals / run.seconds, variant.workers
        past = past_start_up(variant)
        fixed_apart = f"wall {one_past[0] / (n * past[0]):.2f}, CPU {one_past[1] / past[1]:.2f}"
        print(f"{variant.name:30} {rate:8,.0f} deals/s {run.seconds:6.2f} s  exit {run.code}  "
              f"efficiency wall {rate / (n * one_rate):.2f}, CPU {one_cpu / cpu:.2f} "
              f"(past the start-up: {fixed_apart})  "
              f"first result {firsts[variant.name]:5.2f} s")
        line = f"{'':30} CPU {cpu:6.2f} s"
        if variant.watched:
            idle = min(m.cpu for m in variant.idle)
            client = max(0.0, min(m.cpu for m in variant.runs) - idle)
            tasks = len(block_starts(size, task_bytes(size, n), n))
            line += (f" (client {min(m.cpu for m in variant.runs):5.2f} s, start-up {idle:4.2f} s; workers "
                     f"{min(m.worker_cpu for m in variant.runs):6.2f} s)  tasks {tasks}, client CPU past "
                     f"start-up {client * 1e3 / tasks:6.2f} ms/task, {client * 1e6 / deals:5.2f} us/deal")
        print(f"{line}  peak RSS: command {run.main_mb:4.0f} MB, largest worker {run.worker_mb:4.0f} MB")


def past_start_up(variant: Variant) -> tuple[float, float]:
    """The wall and CPU seconds of the best run less those of the best run on the 10-deal
    input (the command's start-up, its connection and its end, on a cluster the workers' CPU
    meanwhile): what the work itself took, for the efficiency without the fixed costs."""
    wall = min(m.seconds for m in variant.runs) - min(m.seconds for m in variant.idle)
    cpu = min(m.cpu + m.worker_cpu for m in variant.runs) - min(m.cpu + m.worker_cpu for m in variant.idle)
    return max(wall, 1e-3), max(cpu, 1e-3)


def others(path: Path, deals: int) -> None:
    """``local:2`` start-up included, and the collections serial and on ``local:2``, once each."""
    run = Measured(["validate", str(path), "--cluster", "local:2", *QUIET])
    print(f"{'validate --cluster local:2':30} {deals / run.seconds:8,.0f} deals/s {run.seconds:6.2f} s  "
          f"exit {run.code}  CPU of the command {run.cpu:6.2f} s  peak RSS: command {run.main_mb:4.0f} MB, "
          f"largest worker {run.worker_mb:4.0f} MB")
    for command in ("dedupe", "stats"):
        if not command_exists(command):
            print(f"{command}: not installed in this checkout (skipped)")
            continue
        for extra in ([], ["--cluster", "local:2"]):
            run = Measured([command, str(path), *extra])
            label = f"{command} {' '.join(extra) or '(serial)'}"
            if run.code not in (0, 1):
                print(f"{label:30} failed (exit {run.code}): {run.stderr.strip()[-200:]}")
                continue
            print(f"{label:30} {deals / run.seconds:8,.0f} deals/s {run.seconds:6.2f} s  CPU of the command "
                  f"{run.cpu:6.2f} s  peak RSS: command {run.main_mb:5.0f} MB, "
                  f"largest worker {run.worker_mb:5.0f} MB")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20000)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--input", type=Path, default=None,
                        help="an input already generated with --deals deals (generate's seed 1)")
    parser.add_argument("--workers", type=int, default=0,
                        help="also N workers: --jobs N, a running LocalCluster of N (with the cores)")
    parser.add_argument("--no-others", action="store_true", help="skip local:2, dedupe and stats")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as folder:
        path = args.input or Path(folder) / "scale.bel"
        if args.input is None:
            write_file(path, args.deals)
        size = path.stat().st_size
        print(f"input: {args.deals:,} classic deals, {size / 2**20:.1f} MB ({path.name}); "
              f"load average at the start {os.getloadavg()[0]:.1f}")
        tiny = Path(folder) / "tiny.bel"
        write_file(tiny, 10)
        counts = sorted({1, 2, *([args.workers] if args.workers > 2 else [])})
        with contextlib.ExitStack() as stack:
            variants = [Variant(f"validate --jobs {n}", n, ["--jobs", str(n), *QUIET], [], [], [])
                        for n in counts]
            for n in counts:
                address, workers = stack.enter_context(running_cluster(n))
                variants.append(Variant(f"running cluster, {n} worker(s)", n,
                                        ["--cluster", address, *QUIET], workers, [], []))
            firsts = measure(variants, path, tiny, args.repeat)
            report(variants, firsts, args.deals, size)
        print(f"load average at the end {os.getloadavg()[0]:.1f}")
        if not args.no_others:
            others(path, args.deals)
    print(calibration_line())


if __name__ == "__main__":
    main()
