"""Benchmark of ``belote-replay validate`` end to end: read, parse, replay, score, report.

    .venv/bin/python bench/bench_validate.py              # 100,000 deals
    .venv/bin/python bench/bench_validate.py --deals 20000 --rules moroccan
    .venv/bin/python bench/bench_validate.py --deals 20000 --formats   # JSON against text only
    .venv/bin/python bench/bench_validate.py --deals 20000 --formats --baseline ../main/.venv/bin/python

A file is generated first with the generator and the writer (not timed). Then each
measurement runs in a fresh process, the way a user runs the command, with ``--jobs 1``
and ``--jobs 2``; it prints deals per second and the peak memory of the whole process tree
(``ru_maxrss`` of the process itself and of its worker processes), and deals per CPU-second
(what one core does, even on a busy machine). A smaller file is also
measured with ``--jobs 1`` so that "memory flat in the file size" can be read off.

Targets (issue 4): >= 3,000 deals/s on one core, flat memory, ``--jobs 2`` >= 1.8x faster.
``--formats`` measures ``--format json`` against ``--format text`` (``--jobs 1``, alternated,
best of 3, CPU): what the deal reports and their fingerprints cost (issue 33: <= 1.5x).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

from calibration import calibration_line  # bench/ is on sys.path when run as a script


def generate(path: str, rules_name: str, deals: int, seed: int) -> None:
    from belote_notation.game.rules import Ruleset
    from belote_notation.generator import generate_games
    from belote_notation.notation.write.writer import write_games

    with open(path, "w", encoding="utf-8") as out:
        write_games(generate_games(Ruleset.preset(rules_name), matches=None, deals=deals, seed=seed), out)


def child(path: str, jobs: int, fmt: str = "text") -> None:
    """Run the validate command in this process and print what it measured as JSON."""
    import contextlib
    import io

    from belote_replay.validate import command

    buffer = io.StringIO()
    started = time.perf_counter()
    code = 0
    with contextlib.redirect_stdout(buffer):
        try:
            command.main(["--jobs", str(jobs), "--no-progress", "--format", fmt, path],
                         standalone_mode=False)
        except SystemExit as exc:
            code = int(exc.code or 0)
    seconds = time.perf_counter() - started
    lines = buffer.getvalue().strip().splitlines()
    summary = lines[-1] if fmt == "text" else _json_summary(lines[-1])
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    main_cpu = me.ru_utime + me.ru_stime
    cpu = main_cpu + kids.ru_utime + kids.ru_stime
    print(json.dumps({"seconds": seconds, "exit": code, "summary": summary, "cpu": cpu, "main_cpu": main_cpu,
                      "self_kb": me.ru_maxrss, "children_kb": kids.ru_maxrss}))


def _json_summary(last: str) -> str:
    """The JSON document's summary spelled as the text one's (``N deals``)."""
    at = last.rfind('"summary":')
    deals = json.loads(last[at + len('"summary":'):-1])["deals"] if at >= 0 else 0
    return f"{deals} deals"


def measure(path: str, jobs: int, repeat: int = 1, python: str = sys.executable, fmt: str = "text") -> dict:
    """The fastest of ``repeat`` runs, each in a fresh process (``python``: the interpreter
    whose installed ``belote_replay`` runs, e.g. another checkout's venv)."""
    best = None
    for _ in range(max(1, repeat)):
        out = subprocess.run([python, __file__, "--child", path, "--jobs", str(jobs), "--format", fmt],
                             capture_output=True, text=True, check=False)
        if out.returncode != 0:
            raise SystemExit(f"measurement failed:\n{out.stderr}")
        result = json.loads(out.stdout.strip().splitlines()[-1])
        if best is None or result["seconds"] < best["seconds"]:
            best = result
    return best


def _deals_in(summary: str) -> int:
    for part in summary.replace(":", ",").split(","):
        part = part.strip()
        if part.endswith(("deal", "deals")):
            return int(part.split()[0])
    return 0


def report(label: str, result: dict) -> float:
    deals = _deals_in(result["summary"])
    rate = deals / result["seconds"] if result["seconds"] else 0.0
    # The process tree's peak: this process and its largest worker (workers run side by side,
    # so with N jobs the tree holds at most self + N x worker).
    per_cpu = deals / result["cpu"] if result.get("cpu") else 0.0
    main = result.get("main_cpu", result.get("cpu", 0.0))
    print(f"{label:<26} {result['seconds']:>7.2f} s {rate:>7,.0f} deals/s ({per_cpu:>6,.0f} per CPU-s; CPU "
          f"{result.get('cpu', 0.0):.2f} s, of which main process {main:.2f} s)"
          f"  peak RSS main {result['self_kb'] / 1024:>5.1f} MB, largest worker "
          f"{result['children_kb'] / 1024:>5.1f} MB  (exit {result['exit']})")
    return rate


def versus(path: str, baseline: str, repeat: int) -> None:
    """The baseline interpreter's runs, alternated with ours, best of ``repeat`` each (the same
    number of runs on both sides, so that a busy spell of the machine hits both)."""
    base1 = base2 = one = two = None
    for _ in range(max(1, repeat)):
        a = measure(path, 1, python=baseline)
        b = measure(path, 1)
        c = measure(path, 2, python=baseline)
        d = measure(path, 2)
        base1 = a if base1 is None or a["seconds"] < base1["seconds"] else base1
        base2 = c if base2 is None or c["seconds"] < base2["seconds"] else base2
        one = b if one is None or b["seconds"] < one["seconds"] else one
        two = d if two is None or d["seconds"] < two["seconds"] else two
    assert base1 and base2 and one and two
    for label, result in (("baseline --jobs 1", base1), ("this --jobs 1", one),
                          ("baseline --jobs 2", base2), ("this --jobs 2", two)):
        report(label, result)
    print(f"this checkout vs baseline, wall: --jobs 1 {base1['seconds'] / one['seconds']:.2f}x, "
          f"--jobs 2 {base2['seconds'] / two['seconds']:.2f}x; CPU per deal, --jobs 1: "
          f"{base1['cpu'] / one['cpu']:.2f}x (target: 2x with --jobs 1)")


def formats(path: str, repeat: int, baseline: str | None = None) -> None:
    """``--format json`` against ``--format text``, ``--jobs 1``, alternated, best CPU of ``repeat``
    (``baseline``: another checkout's interpreter, its two formats alternated with ours)."""
    sides = [("this", sys.executable)] + ([("baseline", baseline)] if baseline else [])
    best: dict[tuple[str, str], dict] = {}
    for _ in range(max(1, repeat)):
        for side, python in sides:
            for fmt in ("text", "json"):
                result = measure(path, 1, python=python, fmt=fmt)
                if (side, fmt) not in best or result["cpu"] < best[side, fmt]["cpu"]:
                    best[side, fmt] = result
    for side, _ in sides:
        for fmt in ("text", "json"):
            report(f"{side} --format {fmt}", best[side, fmt])
        print(f"{side}: --format json / --format text, CPU: "
              f"{best[side, 'json']['cpu'] / best[side, 'text']['cpu']:.2f}x (target <= 1.5x, issue 33)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=100_000, help="deals in the big file")
    parser.add_argument("--small", type=int, default=None,
                        help="deals in the small file for the memory comparison (default deals/10)")
    parser.add_argument("--rules", default="classic", help="preset of the generated file")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs per measurement; the fastest counts (the machine may be busy)")
    parser.add_argument("--keep", action="store_true", help="keep the generated files")
    parser.add_argument("--files", nargs=2, metavar=("BIG", "SMALL"),
                        help="use these existing files instead of generating them")
    parser.add_argument("--baseline", metavar="PYTHON",
                        help="also run another checkout's interpreter (its venv's python), alternating "
                             "with this one, and print the speed ratios")
    parser.add_argument("--formats", action="store_true",
                        help="only --format json against --format text on the big file (--jobs 1)")
    parser.add_argument("--child", metavar="FILE", help=argparse.SUPPRESS)
    parser.add_argument("--format", default="text", help=argparse.SUPPRESS)
    parser.add_argument("--jobs", type=int, default=1, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.jobs, args.format)
        return

    small = args.small if args.small is not None else max(1, args.deals // 10)
    if args.files:
        folder = None
        big_path, small_path = args.files
        print(f"files: {big_path} ({os.path.getsize(big_path) / 1e6:.1f} MB), {small_path}")
    else:
        folder = tempfile.mkdtemp(prefix="bench-validate-")
        big_path = os.path.join(folder, f"{args.rules}-{args.deals}.bel")
        small_path = os.path.join(folder, f"{args.rules}-{small}.bel")
        t = time.perf_counter()
        generate(big_path, args.rules, args.deals, args.seed)
        generate(small_path, args.rules, small, args.seed)
        size = os.path.getsize(big_path)
        print(f"generated {args.deals:,} deals ({size / 1e6:.1f} MB) and {small:,} deals "
              f"under {args.rules} in {time.perf_counter() - t:.1f} s (not timed below)")
    print(f"cores: {os.cpu_count()}")
    try:
        if args.formats:
            formats(big_path, args.repeat, args.baseline)
            print(calibration_line())
            return
        small_one = measure(small_path, 1, args.repeat)
        small = _deals_in(small_one["summary"])
        report(f"--jobs 1, {small:,} deals", small_one)
        # Runs with 1 and 2 jobs alternate, so that a busy spell of the machine hits both.
        one = two = None
        for _ in range(max(1, args.repeat)):
            a, b = measure(big_path, 1), measure(big_path, 2)
            one = a if one is None or a["seconds"] < one["seconds"] else one
            two = b if two is None or b["seconds"] < two["seconds"] else two
        big = _deals_in(one["summary"])
        rate1 = report(f"--jobs 1, {big:,} deals", one)
        rate2 = report(f"--jobs 2, {big:,} deals", two)
        print(f"speed-up with 2 jobs: {rate2 / rate1:.2f}x (target >= 1.8x); one core: "
              f"{rate1:,.0f} deals/s (target >= 3,000)")
        print(f"peak memory, jobs 1: {small_one['self_kb'] / 1024:.1f} MB at {small:,} deals, "
              f"{one['self_kb'] / 1024:.1f} MB at {big:,} deals")
        if args.baseline:
            versus(big_path, args.baseline, args.repeat)
        print(calibration_line())
    finally:
        if folder is None:
            pass
        elif not args.keep:
            for p in (big_path, small_path):
                if os.path.exists(p):
                    os.remove(p)
            os.rmdir(folder)
        else:
            print(f"files kept in {folder}")


if __name__ == "__main__":
    main()
