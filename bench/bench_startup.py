"""The start of ``belote-replay``: what a user waits for on a small file (issue 23).

    .venv/bin/python bench/bench_startup.py
    .venv/bin/python bench/bench_startup.py --baseline /tmp/before   # git worktree add /tmp/before main

``belote-replay validate --jobs 1`` on a one-deal file is mostly the start of the process:
importing the library and click, detecting the input (docs/speed.md, "The start", says what it
no longer imports and gives the figures). On a 20,000-deal file it was a fifth of the run
before, and on a small file it is all of it. Measured here, each command in
a fresh process, in CPU seconds (user + system of that process: this machine's load stretches
wall time far more than CPU time), best of ``--repeat``:

- ``validate --jobs 1 --no-progress`` on a one-deal classic file (``generate --seed 2``, a deal
  taken and played out: the reader, the engine and the checks all run once);
- ``--help`` (the group's help: it imports every command's module for its line) and
  ``--version`` (the command group alone);
- the modules imported by the validate run (``sys.modules`` after it, in process) and how
  many of them come from lark, pydantic and this project.

Each checkout (this one, and with ``--baseline`` another: e.g. a worktree of main) is run by
this interpreter with its library and CLI first on the path, in the same alternation (the
order of the sides reversed every round), so both see the same load; every command runs in a
temporary folder, where no configuration file is found. Python writes no bytecode on this
machine (``PYTHONDONTWRITEBYTECODE=1``), so every checkout measured is compiled first
(``compileall``), as an installed package would be. The C accelerators of each are reported
(build a checkout's in place with ``python setup.py build_ext --inplace``; without them its
validate runs on the pure-Python path).

It prints figures and the calibration line; it asserts nothing.
"""

from __future__ import annotations

import argparse
import compileall
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from calibration import calibration_line  # bench/ is on sys.path when run as a script

HERE = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent / "belote-replay"

_CLI = ("import sys; from belote_replay.main import cli; sys.argv[0] = 'belote-replay'; cli()")
_MODULES = """
import sys
from belote_replay.main import cli
sys.argv = ["belote-replay", *sys.argv[1:]]
try:
    cli()
except SystemExit:
    pass
names = list(sys.modules)
print(len(names), *(sum(1 for n in names if n == top or n.startswith(top + "."))
                    for top in ("lark", "pydantic", "belote_notation", "belote_replay")))
"""
_COMPILED = ("from belote_notation.notation.read.canon import compiled_reader; "
             "from belote_notation.game.engine import play_cards; "
             "print(compiled_reader() is not None and type(play_cards).__name__ != 'function')")


def checkout_env(checkout: Path) -> dict[str, str]:
    """The environment of a run of ``checkout``: its library and CLI first on the path."""
    return {**os.environ, "PYTHONPATH": os.pathsep.join((str(checkout), str(checkout / "cli")))}


def compile_checkout(checkout: Path) -> None:
    """Bytecode for the checkout's library and CLI (this machine sets PYTHONDONTWRITEBYTECODE)."""
    for folder in ("belote_notation", "cli"):
        compileall.compile_dir(str(checkout / folder), quiet=1)


def compiled_built(checkout: Path) -> bool:
    """True when the checkout's C accelerators are built (else its validate is pure Python)."""
    out = subprocess.run([sys.executable, "-c", _COMPILED], env=checkout_env(checkout), check=True,
                         capture_output=True, text=True)
    return out.stdout.strip() == "True"


def cpu(checkout: Path, folder: Path, *args: str) -> float:
    """CPU seconds (user + system) of ``belote-replay ARGS`` run from ``checkout`` in a fresh
    process, in ``folder`` (one without a configuration file: none is read)."""
    proc = subprocess.Popen([sys.executable, "-c", _CLI, *args], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, env=checkout_env(checkout), cwd=folder)
    assert proc.stderr is not None
    errors = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)  # the rusage of this process alone
    proc.returncode = code = os.waitstatus_to_exitcode(status)
    if code != 0:
        raise SystemExit(f"belote-replay {' '.join(args)} failed ({code}): {errors.decode(errors='replace')}")
    return usage.ru_utime + usage.ru_stime


def modules(checkout: Path, folder: Path, *args: str) -> str:
    """The modules in ``sys.modules`` after ``belote-replay ARGS`` in process, and per origin."""
    out = subprocess.run([sys.executable, "-c", _MODULES, *args], env=checkout_env(checkout), check=True,
                         capture_output=True, text=True, cwd=folder)
    total, lark, pydantic, library, cli = out.stdout.splitlines()[-1].split()
    return (f"{total} modules ({lark} lark, {pydantic} pydantic, {library} belote_notation, "
            f"{cli} belote_replay)")


def write_one_deal(path: Path) -> None:
    """A one-deal classic game in which the deal is taken and its eight tricks played."""
    subprocess.run([str(BIN), "generate", "--rules", "classic", "--deals", "1", "--seed", "2",
                    "-o", str(path)], check=True, capture_output=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--repeat", type=int, default=5, help="best of this many runs")
    parser.add_argument("--baseline", type=Path, default=None,
                        help="another checkout of the project (e.g. a worktree of main): measured in the "
                        "same alternation")
    args = parser.parse_args(argv)

    print(calibration_line())
    sides = [("this checkout", HERE)]
    if args.baseline is not None:
        sides.append((f"baseline {args.baseline}", args.baseline.resolve()))
    for label, checkout in sides:
        compile_checkout(checkout)
        built = "built" if compiled_built(checkout) else "NOT built (pure-Python path)"
        print(f"{label} ({checkout}): bytecode compiled (compileall); C accelerators {built}")
    with tempfile.TemporaryDirectory() as tmp:
        deal = Path(tmp, "one-deal.bel")
        write_one_deal(deal)
        commands = {"validate --jobs 1": ("validate", "--jobs", "1", "--no-progress", str(deal)),
                    "--help": ("--help",), "--version": ("--version",)}
        seconds: dict[tuple[str, str], list[float]] = {(s, c): [] for s, _ in sides for c in commands}
        for round_ in range(args.repeat):  # alternated, the order of the sides reversed every round
            for label, checkout in sides if round_ % 2 == 0 else sides[::-1]:
                for name, command in commands.items():
                    seconds[label, name].append(cpu(checkout, Path(tmp), *command))
        for name in commands:
            for label, _ in sides:
                print(f"belote-replay {name}, {label}: {min(seconds[label, name]):.3f} s cpu "
                      f"(best of {args.repeat})")
            if args.baseline is not None:
                ratio = min(seconds[sides[1][0], name]) / min(seconds[sides[0][0], name])
                print(f"  baseline / this checkout: {ratio:.2f}x")
        bare = min(cpu_of_python() for _ in range(args.repeat))
        print(f"python -c pass (the floor): {bare:.3f} s cpu (best of {args.repeat})")
        for label, checkout in sides:
            print(f"modules after validate, {label}: "
                  f"{modules(checkout, Path(tmp), *commands['validate --jobs 1'])}")
    print(calibration_line())


def cpu_of_python() -> float:
    """CPU seconds of a bare interpreter's start and exit (the site module included)."""
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    _, _, usage = os.wait4(proc.pid, 0)
    return usage.ru_utime + usage.ru_stime


if __name__ == "__main__":
    main()
