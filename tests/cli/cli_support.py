"""The ``belote-replay`` command run as a user runs it: in a real process (:func:`run_belote`),
or in this process through click's ``CliRunner`` (:func:`run_in_process`: the same click command
the console script runs, without a Python start-up per call).

The ``belote`` fixture that runs it is in :mod:`tests.cli.cli_fixture`.
"""

from __future__ import annotations

import os
import subprocess
import sys
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

BIN = Path(sys.executable).parent / "belote-replay"
ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"

Run = Callable[..., subprocess.CompletedProcess]

UNCOLOURED = ("NO_COLOR", "FORCE_COLOR")
"""Left out of the command's environment: a developer's colour settings must not change the output."""
PROCESS_WIDE = ("PYTHON", "LC_", "LANG")
"""Environment variables read when a process starts (the streams' encoding, the locale): a call
that sets one runs in a real process, where they mean what they mean to a user."""


def run_belote(*args: str | Path, input: bytes | str | None = None, cwd: Path | None = None,
               env: dict[str, str] | None = None, timeout: float = 180) -> subprocess.CompletedProcess:
    """``belote-replay ARGS`` with stdout and stderr captured as text (UTF-8 unless ``env`` says)."""
    environment = {k: v for k, v in os.environ.items() if k not in UNCOLOURED}
    environment.update(env or {})
    data = input.encode("utf-8") if isinstance(input, str) else input
    done = subprocess.run([str(BIN), *map(str, args)], input=data, capture_output=True, cwd=cwd,
                          env=environment, timeout=timeout)
    encoding = environment.get("PYTHONIOENCODING") or "utf-8"
    return subprocess.CompletedProcess(done.args, done.returncode,
                                       done.stdout.decode(encoding, "replace"),
                                       done.stderr.decode(encoding, "replace"))


@contextmanager
def _inside(folder: Path | None) -> Iterator[None]:
    before = os.getcwd()
    if folder is not None:
        os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(before)


def run_in_process(*args: str | Path, input: bytes | str | None = None, cwd: Path | None = None,
                   env: dict[str, str] | None = None, timeout: float = 180) -> subprocess.CompletedProcess:
    """:func:`run_belote` in this process; an exception that escapes the command is printed to
    its stderr as the interpreter would print it (so a test that looks for ``Traceback`` sees it).
    A call whose ``env`` sets a :data:`PROCESS_WIDE` variable runs in a real process."""
    if any(name.startswith(PROCESS_WIDE) for name in env or {}):
        return run_belote(*args, input=input, cwd=cwd, env=env, timeout=timeout)
    from click.testing import CliRunner

    from belote_replay.main import cli

    environment: dict[str, str | None] = {name: None for name in UNCOLOURED}
    environment.update(env or {})
    with _inside(cwd):
        result = CliRunner(env=environment).invoke(cli, [str(a) for a in args], input=input,
                                                   prog_name="belote-replay")
    stderr = result.stderr
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        stderr += "".join(traceback.format_exception(result.exception))
    return subprocess.CompletedProcess(["belote-replay", *map(str, args)], result.exit_code,
                                       result.stdout, stderr)
