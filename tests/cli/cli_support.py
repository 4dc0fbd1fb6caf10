"""The installed ``belote-replay`` command, run in a real process as a user runs it.

The ``belote`` fixture that runs it is in :mod:`tests.cli.cli_fixture`.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

BIN = Path(sys.executable).parent / "belote-replay"
ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"

Run = Callable[..., subprocess.CompletedProcess]


def run_belote(*args: str | Path, input: bytes | str | None = None, cwd: Path | None = None,
               env: dict[str, str] | None = None, timeout: float = 180) -> subprocess.CompletedProcess:
    """``belote-replay ARGS`` with stdout and stderr captured as text (UTF-8 unless ``env`` says)."""
    environment = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    environment.update(env or {})
    data = input.encode("utf-8") if isinstance(input, str) else input
    done = subprocess.run([str(BIN), *map(str, args)], input=data, capture_output=True, cwd=cwd,
                          env=environment, timeout=timeout)
    encoding = environment.get("PYTHONIOENCODING") or "utf-8"
    return subprocess.CompletedProcess(done.args, done.returncode,
                                       done.stdout.decode(encoding, "replace"),
                                       done.stderr.decode(encoding, "replace"))
