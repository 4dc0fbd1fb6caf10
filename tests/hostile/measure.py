"""Run every reproducer through every command; print time, peak memory, exit code, and whether
a traceback or BEL099 showed. Not a test: ``python -m tests.hostile.measure [DIR] [--timeout S]``
(the figures of the issue's report); :mod:`tests.hostile.test_commands` asserts the same at
smaller sizes."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.hostile.reproducers import REPRODUCERS

TOOL = str(Path(sys.executable).with_name("belote-replay"))


def commands(path: Path, json_input: bool) -> list[tuple[str, list[str]]]:
    other = "bel" if json_input else "json"
    return [
        ("validate", ["validate", str(path)]),
        ("validate -j2", ["validate", "--jobs", "2", str(path)]),
        ("show", ["show", str(path)]),
        ("fmt", ["fmt", str(path)]),
        ("fmt --check", ["fmt", "--check", str(path)]),
        (f"convert->{other}", ["convert", str(path), "-o", str(path) + "." + other]),
        ("convert back", ["convert", str(path) + "." + other, "--from", other,
                          "-o", str(path) + ".back"]),
    ]


def run(args: list[str], timeout: float) -> tuple[float, float, int, int | str, str]:
    """(wall seconds, CPU seconds, peak kB, exit code or 'timeout', output)."""
    start = time.perf_counter()
    sink = tempfile.TemporaryFile()     # not a pipe: a long output must not block the command
    proc = subprocess.Popen([TOOL, *args], stdout=sink, stderr=subprocess.STDOUT)
    deadline = start + timeout
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        if time.perf_counter() > deadline:
            proc.kill()
            _, status, usage = os.wait4(proc.pid, 0)
            cpu = usage.ru_utime + usage.ru_stime
            return time.perf_counter() - start, cpu, usage.ru_maxrss, "timeout", ""
        time.sleep(0.02)
    sink.seek(0)
    out = sink.read()
    sink.close()
    code: int | str = os.waitstatus_to_exitcode(status)
    cpu = usage.ru_utime + usage.ru_stime
    return time.perf_counter() - start, cpu, usage.ru_maxrss, code, out.decode("utf-8", "replace")


def main() -> None:
    argv = sys.argv[1:]
    timeout = 60.0
    if "--timeout" in argv:
        k = argv.index("--timeout")
        timeout = float(argv[k + 1])
        del argv[k:k + 2]
    only = set(argv)
    with tempfile.TemporaryDirectory() as tmp:
        for rep in REPRODUCERS:
            if only and rep.name not in only and str(rep.item) not in only:
                continue
            data = rep.make(rep.size)
            print(f"## {rep.item:2d} {rep.name} ({len(data):,} bytes)", flush=True)
            for label, args in commands(Path(tmp) / f"in{rep.suffix}", rep.suffix == ".json"):
                (Path(tmp) / f"in{rep.suffix}").write_bytes(data)
                seconds, cpu, peak, code, out = run(args, timeout)
                flags = []
                if "Traceback" in out:
                    flags.append("TRACEBACK")
                if "BEL099" in out:
                    flags.append("BEL099")
                first = next((ln for ln in out.splitlines() if ln.strip()), "")[:100]
                print(f"   {label:16s} {seconds:7.2f}s wall {cpu:7.2f}s cpu {peak / 1024:5.0f}MB exit={code} "
                      f"{' '.join(flags)} | {first}", flush=True)
            for p in Path(tmp).iterdir():
                if p.is_file():
                    p.unlink()
                else:
                    shutil.rmtree(p)


if __name__ == "__main__":
    main()
