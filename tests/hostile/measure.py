"""Run every reproducer through every command; print time, peak memory, exit code, and whether
a traceback or BEL099 showed. Not a test: ``python -m tests.hostile.measure [DIR] [--timeout S]``
(the figures of the issue's report); :mod:`tests.hostile.test_commands` asserts the same at
smaller sizes."""

from __future__ import annotations

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
    """(wall seconds, CPU seconds, peak kB, exit code or 'timeout', output).

    The peak and CPU are those of the command alone, reported by ``/usr/bin/time``: a child's
    own ``ru_maxrss`` starts from the size of the process it was forked from (a test runner's
    hundreds of MB), so it is measured one process further."""
    start = time.perf_counter()
    with tempfile.TemporaryFile() as sink, tempfile.NamedTemporaryFile("r") as usage:
        # not a pipe: a long output must not block the command
        proc = subprocess.Popen(["/usr/bin/time", "-o", usage.name, "-f", "%M %U %S", TOOL, *args],
                                stdout=sink, stderr=subprocess.STDOUT)
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            return time.perf_counter() - start, float("nan"), 0, "timeout", ""
        wall = time.perf_counter() - start
        fields = usage.read().split()[-3:]
        sink.seek(0)
        out = sink.read().decode("utf-8", "replace")
    peak, user, system = int(fields[0]), float(fields[1]), float(fields[2])
    return wall, user + system, peak, proc.returncode, out


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
