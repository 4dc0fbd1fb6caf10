"""Run the fuzz targets with atheris (libFuzzer): ``python -m fuzz.run TARGET [libFuzzer args]``
or ``python -m fuzz.run all --seconds N [--seed S]`` (each target in turn, N seconds in all, on a fresh
seed corpus; what CI runs). docs/fuzzing.md has the long runs.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

TIMEOUT = 10
"""Seconds one input may take before libFuzzer calls it a hang (every stage is linear: the
largest input the fuzzer makes reads in well under a second)."""
MAX_LEN = 65536


def fuzz_one(target: str, args: list[str]) -> None:
    import atheris

    with atheris.instrument_imports(include=["belote_notation", "belote_replay"]):
        from fuzz.targets import TARGETS

    test = TARGETS[target]
    atheris.Setup([sys.argv[0], f"-timeout={TIMEOUT}", f"-max_len={MAX_LEN}", *args], test)
    atheris.Fuzz()


def fuzz_all(seconds: int, seed: int | None = None) -> int:
    """Each target for an equal share of ``seconds`` on a fresh corpus; the first failure's exit code.

    ``seed`` fixes libFuzzer's random choices (CI's short run, so that a red run can be
    repeated); long runs leave it out and explore anew each time."""
    from fuzz.corpus import write_corpus

    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    with tempfile.TemporaryDirectory() as tmp:
        corpora = write_corpus(Path(tmp) / "corpus")
        share = max(1, seconds // len(corpora))
        for target, folder in corpora.items():
            crashes = Path(tmp) / f"crash-{target}-"
            code = subprocess.call(
                [sys.executable, "-m", "fuzz.run", target, f"-max_total_time={share}",
                 *([f"-seed={seed}"] if seed is not None else []),
                 f"-artifact_prefix={crashes}", "-print_final_stats=1", str(folder)],
                cwd=root, env=env)
            if code:
                for found in Path(tmp).glob(f"crash-{target}-*"):
                    print(f"fuzz: {target} failed on {found.name}: {found.read_bytes()[:400]!r}")
                return code
    return 0


def main() -> None:
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    if sys.argv[1] == "all":
        seconds = int(sys.argv[sys.argv.index("--seconds") + 1]) if "--seconds" in sys.argv else 60
        seed = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else None
        raise SystemExit(fuzz_all(seconds, seed))
    fuzz_one(sys.argv[1], sys.argv[2:])


if __name__ == "__main__":
    main()
